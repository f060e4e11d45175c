//! The interfaces beyond the library: the operator's configuration file the CLI and the MCP
//! server read ([`config`]), the MCP server ([`mcp`]) with its HTTP transport's settings
//! ([`http`]), its OAuth resource server ([`auth`]), its log notifications ([`logging`]) and
//! the tables as MCP resources ([`resources`]), and the entry point of a query worker
//! process ([`query_worker`]), which the `querycell` binary runs when the host starts one.

pub mod auth;
pub mod config;
pub mod http;
pub mod logging;
pub mod mcp;
pub mod resources;

pub use crate::exec::worker::serve as query_worker;
