//! The built `querycell` binary as a user runs it: end to end over real DuckDB files, the
//! MCP server against a real client (its conventions too) and the official conformance
//! suite, `verify` and `check-summary` on receipts, the audit trace, and the same plans
//! answered by a Spark cluster (`serve::spark`, `just spark-test`).

mod audit_trace;
mod conformance;
mod end_to_end;
mod http_server;
mod mcp_conventions;
mod mcp_server;
mod oauth;
mod oauth_provider;
mod spark;
mod summary_check;
mod summary_corpus;
mod verify_receipts;
