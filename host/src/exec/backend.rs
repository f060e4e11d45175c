//! Where an answer's statements run: the [`Backend`] seam, and its DuckDB implementation on
//! this process's own connection ([`StatementRunner`]) or in query worker processes
//! ([`WorkerPool`]). The Spark backend ([`crate::exec::spark`]) implements the same traits.

use std::sync::{Mutex, MutexGuard};
use std::time::Instant;

use crate::duck::Rows;
use crate::error::Result;
use crate::error::{Code, Error};
use crate::exec::runner::StatementRunner;
use crate::exec::worker::{Lease, WorkerPool};
use crate::sandbox::wit;
use crate::statement::{CallerReading, Param, TreeCheck};

/// An engine that runs the compiler's statements: the seam between the answer logic
/// ([`Executor::run`]) and where the data is. A backend re-checks every statement before it
/// runs it (docs/security.md, invariant 2), holds it to the deadline it is given, and reads at most the rows
/// it is asked for.
pub trait Backend: Send + Sync {
    /// A session for one answer's statements.
    fn session(&self) -> Result<Box<dyn BackendSession + '_>>;

    /// The process ids of query workers alive now (none unless the backend has them).
    fn worker_pids(&self) -> Vec<u32> {
        Vec::new()
    }

    /// What holds in the query workers (see [`crate::exec::worker`]); empty without them.
    fn worker_confinement(&self) -> Vec<String> {
        Vec::new()
    }

    /// How the most recently ready query worker came up; `None` without workers.
    fn worker_startup(&self) -> Option<crate::exec::worker::WorkerStartup> {
        None
    }

    /// Kill the idle query workers without waiting for them to be gone, in a process about
    /// to exit (see [`WorkerPool::kill_idle_before_exit`]); nothing without workers.
    fn kill_workers_before_exit(&self) {}
}

/// One answer's hold on a backend.
pub trait BackendSession {
    /// Check and run one statement, reading at most `max_rows` rows, stopped at `deadline`;
    /// in SQL mode (`reading`), only once DuckDB has read the caller's text as this statement,
    /// which it parses only in a query worker (docs/security.md, invariant 1).
    fn execute(
        &mut self,
        query: &wit::Query,
        params: &[Param],
        reading: Option<&CallerReading>,
        deadline: Instant,
        tree_check: TreeCheck,
        max_rows: usize,
    ) -> Result<Rows>;
}

/// DuckDB: on this process's own connection, or in query worker processes.
pub(crate) enum DuckBackend {
    /// One connection; callers on other threads wait for it.
    InProcess(Mutex<StatementRunner>),
    Workers(WorkerPool),
}

/// The DuckDB connection one answer holds for all its statements.
enum DuckSession<'e> {
    InProcess(MutexGuard<'e, StatementRunner>),
    Worker(Lease<'e>),
}

impl BackendSession for DuckSession<'_> {
    fn execute(
        &mut self,
        query: &wit::Query,
        params: &[Param],
        reading: Option<&CallerReading>,
        deadline: Instant,
        tree_check: TreeCheck,
        max_rows: usize,
    ) -> Result<Rows> {
        match self {
            // The caller's text is never parsed in the host's own process.
            DuckSession::InProcess(_) if reading.is_some() => Err(in_process_sql_mode()),
            DuckSession::InProcess(runner) => runner.execute(&query.sql, params, None, deadline, tree_check, max_rows),
            DuckSession::Worker(lease) => lease.execute(&query.sql, params, reading, deadline, tree_check, max_rows),
        }
    }
}

impl Backend for DuckBackend {
    fn session(&self) -> Result<Box<dyn BackendSession + '_>> {
        Ok(match self {
            DuckBackend::InProcess(runner) => {
                Box::new(DuckSession::InProcess(runner.lock().unwrap_or_else(|poisoned| poisoned.into_inner())))
            }
            DuckBackend::Workers(pool) => Box::new(DuckSession::Worker(pool.lease()?)),
        })
    }

    fn worker_pids(&self) -> Vec<u32> {
        match self {
            DuckBackend::InProcess(_) => Vec::new(),
            DuckBackend::Workers(pool) => pool.pids(),
        }
    }

    fn worker_confinement(&self) -> Vec<String> {
        match self {
            DuckBackend::InProcess(_) => Vec::new(),
            DuckBackend::Workers(pool) => pool.confinement(),
        }
    }

    fn worker_startup(&self) -> Option<crate::exec::worker::WorkerStartup> {
        match self {
            DuckBackend::InProcess(_) => None,
            DuckBackend::Workers(pool) => pool.startup(),
        }
    }

    fn kill_workers_before_exit(&self) {
        if let DuckBackend::Workers(pool) = self {
            pool.kill_idle_before_exit();
        }
    }
}

/// The refusal of SQL mode where queries run in the calling process: proving that DuckDB
/// reads the caller's text as the compiler did means DuckDB parsing that text, which happens
/// only in a confined query worker.
pub(crate) fn in_process_sql_mode() -> Error {
    Error::new(
        Code::SqlModeUnavailable,
        "SQL mode needs query workers: DuckDB must read the caller's text to prove it runs what the caller wrote, \
         and it reads untrusted text only in a confined query worker",
    )
    .at("sql")
    .hint("open the index with QueryIsolation::Workers (the CLI and the MCP server always do), or send a plan")
}
