//! Every cross-crate test in one binary, so DuckDB and Cranelift are linked once (the way
//! wasmtime keeps `tests/all/`). One folder per area, one module per file in it; a test's
//! path is `area::file::test`, e.g. `serve::end_to_end::average_ack_minutes_by_team_for_p1`.
//! Helpers more than one area uses are in `tests/support` (`querycell_tests`).

mod executor;
mod fuzz;
mod ingest;
mod plans;
mod policy;
mod repo;
mod sandbox;
mod serve;
mod sql;
