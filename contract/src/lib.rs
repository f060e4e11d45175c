//! Words and arithmetic both sides of querycell must agree on, defined once.
//!
//! The compiler guest checks SQL against these lists on sqlparser's tree; the host checks
//! the guest's output again against the same lists on DuckDB's own parse tree. Both sides
//! depend on this crate, so a name added here is added to both checks at once. The same
//! holds for the default request limits and for civil-date arithmetic (days since
//! 1970-01-01, the contract's dates), for the error codes both sides answer with
//! ([`codes`]), for quoting names and text into SQL ([`quote`]) and for cutting echoed text
//! short ([`text`]). This crate holds data and pure functions only: the host must not link
//! the guest's parsing code.

pub mod calendar;
pub mod codes;
pub mod kinds;
pub mod limits;
pub mod plan_language;
pub mod quote;
pub mod roles;
pub mod sql;
pub mod text;
