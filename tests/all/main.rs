//! Every cross-crate test in one binary, so DuckDB and Cranelift are linked once (the way
//! wasmtime keeps `tests/all/`). One module per area.

mod component_jco;
mod depth_limits;
mod end_to_end;
mod executor_limits;
mod fuzz_regressions;
mod host_check;
mod hostile_guests;
mod hygiene;
mod layers;
mod ingest_formats;
mod ingest_layouts;
mod malicious_compiler;
mod mcp_server;
mod messy_files;
mod plan_language_drift;
mod model_requests;
mod query_workers;
mod doc_examples;
mod relative_dates;
mod result_values;
mod sandbox_boundary;
mod shared_words;
mod release_duckdb;
mod snapshots;
mod sql_mode;
mod audit_trace;
mod budgets;
mod policies;
mod spark;
