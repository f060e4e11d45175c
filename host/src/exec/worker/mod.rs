//! Query workers: each DuckDB query runs in a child process of querycell's own binary
//! (`querycell worker`), so a query that ignores DuckDB's interrupt, outgrows DuckDB's
//! memory accounting or crashes DuckDB ends as a typed error for its caller, and the host
//! (a CLI, an MCP server, an embedder's process) carries on.
//!
//! - [`WorkerPool`] (host side): a small pool, one read-only connection per worker, one
//!   answer per worker at a time; `busy` when all are taken. The host kills a worker that
//!   passes its deadline plus a grace, its memory ceiling or its disk ceiling, and replaces
//!   it.
//! - `spill`: each worker's private folder for DuckDB's temporary files, made and removed
//!   by the host, the only place the worker may write.
//! - [`serve`] (worker side): confines the process (`confine`: rlimits, Landlock), opens
//!   the data file the host handed it, and answers statements through the same
//!   [`StatementRunner`](crate::exec::runner::StatementRunner) the in-process mode uses.
//! - [`protocol`]: the frames between the two; `replies`: the host reading them without a
//!   thread of its own, under a deadline.

mod confine;
mod fork;
mod pool;
mod process;
pub mod protocol;
mod replies;
mod serve;
mod spill;

pub use confine::confine;
pub use fork::ForkedWorker;
pub use pool::{ForkedAtStart, Lease, WorkerPolicy, WorkerPool, WorkerStartup};
pub use serve::serve;
pub use spill::SpillRoot;
