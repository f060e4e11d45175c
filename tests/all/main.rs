//! Every cross-crate test in one binary, so DuckDB and Cranelift are linked once (the way
//! wasmtime keeps `tests/all/`). One module per area.

mod aggregates;
mod audit_trace;
mod budgets;
mod compile_cache;
mod component_jco;
mod depth_limits;
mod doc_examples;
mod end_to_end;
mod executor_limits;
mod fuzz_regressions;
mod host_check;
mod hostile_guests;
mod hygiene;
mod ingest_formats;
mod ingest_layouts;
mod joined_plans;
mod layers;
mod malicious_compiler;
mod mcp_server;
mod messy_files;
mod model_requests;
mod plan_language_drift;
mod policies;
mod query_workers;
mod readme_examples;
mod relationships_ingest;
mod relative_dates;
mod release_duckdb;
mod result_values;
mod sandbox_boundary;
mod shared_words;
mod snapshots;
mod spark;
mod sql_mode;
mod verify_receipts;
