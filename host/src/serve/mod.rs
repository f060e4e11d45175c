//! The interfaces beyond the library: the operator's configuration file the CLI and the MCP
//! server read ([`config`]), the MCP server ([`mcp`]) and its OAuth resource server ([`auth`]),
//! and the entry point of a query worker
//! process ([`query_worker`]), which the `querycell` binary runs when the host starts one.

pub mod auth;
pub mod config;
pub mod mcp;

pub use crate::exec::worker::serve as query_worker;
