//! querycell: answer aggregate questions over a user's tables without running untrusted code.
//!
//! Request text (a plan, or SQL where the deployment enables it) is compiled by a WebAssembly guest that has no
//! capabilities ([`sandbox`]); the host checks the guest's SQL again with DuckDB's own parser
//! and runs it on a read-only, locked connection ([`executor`]); every answer is a receipt
//! ([`answer`]). Data gets in only through the trusted, confined [`ingest`].
//!
//! # Module map, by layer
//!
//! Each layer imports only from the layers above it in this list; `tests/all/repo/layers.rs`
//! fails on an import that goes the other way, and on any cycle between these modules.
//!
//! 1. Leaves: [`error`] (the one typed error), [`limits`] (every bound querycell promises),
//!    [`machine`] (the cores, memory and disk a deployment's limits are sized from),
//!    [`calendar`] (dates), `operator_file` (reading a file the operator wrote), [`summary`]
//!    (checking a model's summary against a receipt: it reads a receipt's JSON and prose, and
//!    runs nothing).
//! 2. `duck`: the small unsafe layer over DuckDB's C API, safe at its surface.
//! 3. `statement`: the words of a statement run: bound values, what a connection may read,
//!    its locked settings, the deadline's and memory limit's errors.
//! 4. [`sandbox`]: the compiler component, one fresh store and instance per call, and the
//!    engine policy the embedder chooses ([`sandbox::engine`]).
//! 5. [`catalog`]: what the index holds and what the guest may see, and its prompt-ready
//!    rendering ([`catalog::schema`]).
//! 6. `check`: the host's re-checks of guest output on DuckDB's own parse tree (statement
//!    shape, the allowlist, the policy's source form, the lexical gate for Spark SQL).
//! 7. [`policy`]: the operator's policy file (hidden tables and columns, row filters),
//!    budgets, per-caller request limits.
//! 8. `exec`: running checked statements: the executor, the backend seam, the statement
//!    runner and its watchdog, query workers, the Spark backend.
//! 9. [`ingest`]: trusted loading of files under a root (and of a Spark catalog) into a new
//!    index, swapped in atomically.
//! 10. [`answer`]: the receipt and its renderings, its warnings in words
//!     ([`answer::warnings`]), and the audit trace ([`answer::trace`]).
//! 11. [`engine`]: [`QueryCell`], tying the layers together for one index: opening a
//!     version (`engine/open.rs`), the receipt of an answer (`engine/receipt.rs`), DuckDB's
//!     failures reworded for SQL mode (`engine/sql_errors.rs`).
//! 12. [`verify`]: whether a receipt still holds: its digest checked, its request asked
//!     again, the rows compared.
//! 13. [`serve`]: the configuration file, the MCP server, the query worker's entry point.
//!
//! `duck`, `statement`, `check` and `exec` are private: nothing outside the crate runs SQL on
//! the index except through [`QueryCell`]. The `testing` feature re-exports what the
//! cross-crate tests need of them ([`testing`]).
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
//!   (`statement::connection_config`, then `connection_lockdown`); the host enforces the
//!   row cap, the statement size, the timeout and DuckDB's memory limit ([`Limits`]).
//! - [`QueryIsolation::Workers`] adds a process around DuckDB that the host kills at the
//!   deadline or a memory ceiling, confined by rlimits and Landlock where the kernel has it.
//!   [`QueryIsolation::InProcess`], the default of [`QueryCell::open`], has no such boundary.
//! - [`ingest`] is the only writer, and opens input files only under the roots it is given.
//! - Every failure is the one typed [`Error`]: code, message, path, hint, and an [`ErrorClass`]
//!   that sets the CLI's exit code.

// Every unsafe block says why it is sound (`cargo clippy` runs in `just lint`).
#![deny(clippy::undocumented_unsafe_blocks)]
#![warn(missing_docs)]

// 1. Leaves.
pub mod calendar;
pub mod error;
pub mod limits;
pub mod machine;
#[cfg(feature = "duckdb")]
mod operator_file;
pub mod summary;
// 2-3. DuckDB, and the statement vocabulary.
#[cfg(feature = "duckdb")]
mod duck;
#[cfg(feature = "duckdb")]
mod statement;
// 4-5. The sandbox and the catalog.
pub mod catalog;
pub mod sandbox;
// 6-8. Checks, policy, execution.
#[cfg(feature = "duckdb")]
mod check;
#[cfg(feature = "duckdb")]
mod exec;
#[cfg(feature = "duckdb")]
pub mod policy;
// 9-13. Ingest, answers, the engine, verifying receipts, interfaces.
#[cfg(feature = "duckdb")]
pub mod answer;
#[cfg(feature = "duckdb")]
pub mod engine;
#[cfg(feature = "duckdb")]
pub mod ingest;
#[cfg(feature = "duckdb")]
pub mod serve;
#[cfg(all(feature = "duckdb", feature = "testing"))]
pub mod testing;
#[cfg(feature = "duckdb")]
pub mod verify;

#[cfg(feature = "duckdb")]
pub use answer::Answer;
pub use calendar::Date;
pub use catalog::Catalog;
#[cfg(feature = "duckdb")]
pub use engine::{Opening, QueryCell, QueryIsolation};
pub use error::{Error, ErrorClass};
#[cfg(feature = "duckdb")]
pub use exec::spark::{SparkEndpoint, TOKEN_VARIABLE as SPARK_TOKEN_VARIABLE};
#[cfg(feature = "duckdb")]
pub use exec::worker::{ForkedAtStart, ForkedWorker, SpillRoot, WorkerPolicy, WorkerStartup};
pub use limits::Limits;
#[cfg(feature = "duckdb")]
pub use policy::Policy;
pub use sandbox::engine::{EnginePolicy, SandboxEngine};
