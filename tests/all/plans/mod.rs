//! The plan language answered through the whole library: aggregates, joined plans over
//! declared relationships, relative dates, the roles of an answer's columns, the compile
//! cache, requests as models write them, and the JSON Schema a model is given kept to the
//! compiler's parser. Expected answers are computed in Rust from the rows the tests wrote.

mod aggregates;
mod column_roles;
mod compile_cache;
mod hint_corpus;
mod joined_plans;
mod model_requests;
mod relative_dates;
mod role_plans;
