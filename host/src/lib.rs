//! querycell: answer aggregate questions over a user's tables without running untrusted code.
//!
//! Request text (a plan, or SQL where the deployment enables it) is compiled by a WebAssembly guest that has no
//! capabilities ([`sandbox`]); the host checks the guest's SQL again with DuckDB's own parser
//! and runs it on a read-only, locked connection ([`executor`]); every answer is a receipt
//! ([`answer`]). Data gets in only through the trusted, confined [`ingest`].
//!
//! Module map, one job each:
//! - [`limits`]: every bound querycell promises, with what it protects.
//! - [`sandbox`]: component loading, one fresh store and instance per call.
//! - [`sandbox_engine`]: the wasmtime engine and its policy (pool, fuel, epoch tick), chosen
//!   by the embedder.
//! - [`catalog`]: the index's description of its tables (what the guest may see).
//! - [`config`]: the operator's configuration file (SQL mode switch, limits).
//! - [`policy`]: the operator's policy file: hidden tables and columns, tenant row filters,
//!   enforced on the query connection.
//! - [`budget`]: daily budgets per caller and concurrent queries per deployment, counted in
//!   a state file outside the index.
//! - [`request_limits`]: the policy's per-caller request limits, which only tighten the
//!   deployment's.
//! - [`ingest`]: files under a root (cap-std) into a new DuckDB index, swapped in atomically.
//! - [`schema`]: the catalog as prompt-ready Markdown, the plan language as JSON Schema.
//! - [`duck`]: the small unsafe layer over DuckDB's C API, safe at its surface: results are
//!   read chunk by chunk into owned values, up to a row cap the host sets.
//! - [`check`]: the host's re-checks of guest SQL, on DuckDB's own parse tree.
//! - [`policy`]: deployment policies (hidden tables and columns, row filters, budgets) and
//!   the views that enforce them on the query connection; [`policy_check`]: the parse-tree
//!   check that every read of a policed table has the policy's form and values.
//! - [`executor`]: an answer's statements (main, count, null probe) and their receipt
//!   figures, run in-process or in query workers.
//! - [`runner`]: one statement on the locked connection: re-checks, binding, deadline,
//!   row cap, the classification of failures.
//! - [`worker`]: query worker processes: pool, protocol, confinement.
//! - `watchdog`: the one thread per connection that interrupts a query past its deadline.
//! - [`spark`]: answers from a Spark cluster over Spark Connect: the session that sends
//!   only checked SELECTs, the lexical gate for Spark SQL, `ingest --spark`.
//! - [`mcp`]: the MCP server (`querycell mcp`) over stdio or streamable HTTP.
//! - [`answer`]: the receipt and its table / JSON / CSV renderings.
//! - [`calendar`]: dates as ISO text, and the day an answer is computed for.
//! - [`error`]: the typed error every path returns.
//! - [`engine`]: the library entry point tying these together.
//!
//! # Security model
//!
//! - Request text (plans, SQL) is parsed only inside the compiler guest: a WebAssembly
//!   component with no capabilities, held to an epoch deadline, a memory limit and (unless the
//!   [`EnginePolicy`] turns it off) fuel, in a fresh instance for every call.
//! - The host re-checks the guest's SQL with DuckDB's own parser ([`check`]): exactly one
//!   SELECT, allowlisted functions only, catalog tables (or the statement's CTEs) as the only
//!   relations. Values are bound as parameters, never spliced into the text.
//! - The query connection is read-only, with external access off and its configuration locked
//!   ([`runner::connection_settings`]); the host enforces the row cap, the statement size, the
//!   timeout and DuckDB's memory limit ([`Limits`]).
//! - [`QueryIsolation::Workers`] adds a process around DuckDB that the host kills at the
//!   deadline or a memory ceiling, confined by rlimits and Landlock where the kernel has it.
//!   [`QueryIsolation::InProcess`], the default of [`QueryCell::open`], has no such boundary.
//! - [`ingest`] is the only writer, and opens input files only under the roots it is given.
//! - Every failure is the one typed [`Error`]: code, message, path, hint, and an [`ErrorClass`]
//!   that sets the CLI's exit code.

// Every unsafe block says why it is sound (`cargo clippy` enforces it).
#![deny(clippy::undocumented_unsafe_blocks)]
#![warn(missing_docs)]

#[cfg(feature = "duckdb")]
pub mod answer;
#[cfg(feature = "duckdb")]
pub mod budget;
pub mod calendar;
pub mod catalog;
#[cfg(feature = "duckdb")]
pub mod check;
pub mod config;
#[cfg(feature = "duckdb")]
pub mod duck;
#[cfg(feature = "duckdb")]
pub mod engine;
pub mod error;
#[cfg(feature = "duckdb")]
pub mod executor;
#[cfg(feature = "duckdb")]
pub mod ingest;
pub mod limits;
#[cfg(feature = "duckdb")]
pub mod mcp;
#[cfg(feature = "duckdb")]
pub mod runner;
pub mod sandbox;
pub mod sandbox_engine;
pub mod schema;
#[cfg(feature = "duckdb")]
pub mod policy;
pub mod request_limits;
#[cfg(feature = "duckdb")]
pub mod policy_check;
#[cfg(feature = "duckdb")]
pub mod spark;
#[cfg(feature = "duckdb")]
pub mod trace;
#[cfg(feature = "duckdb")]
mod watchdog;
#[cfg(feature = "duckdb")]
pub mod worker;

#[cfg(feature = "duckdb")]
pub use answer::Answer;
pub use calendar::Date;
#[cfg(feature = "duckdb")]
pub use engine::{QueryCell, QueryIsolation};
pub use error::{Error, ErrorClass};
pub use limits::Limits;
pub use sandbox_engine::{EnginePolicy, SandboxEngine};
#[cfg(feature = "duckdb")]
pub use worker::WorkerPolicy;
