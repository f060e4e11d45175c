//! One compiled statement on the locked read-only connection: the host's re-checks, DuckDB's
//! single-SELECT prepare, binding, the deadline, and the classification of what went wrong.
//!
//! This is the only code that runs a statement against the data. The [`crate::executor`]
//! uses it in-process, or a query worker ([`crate::worker`]) runs it in a child process, so
//! both modes check, cap and classify exactly alike.

use std::path::Path;
use std::time::Instant;

use serde::{Deserialize, Serialize};

use crate::check::{check_statement_shape, ParseTreeCheck};
use crate::policy_check::{PolicyCheck, SourceRule};
use crate::duck::{Access, Bind, Database, FailureKind, Rows};
use crate::error::{Error, Result};
use crate::limits::Limits;
use crate::watchdog::Watchdog;

/// The settings applied, in this order, before the configuration is locked.
pub fn connection_settings(limits: &Limits) -> Vec<String> {
    vec![
        "SET autoinstall_known_extensions = false".into(),
        "SET autoload_known_extensions = false".into(),
        "SET allow_persistent_secrets = false".into(),
        "SET allow_community_extensions = false".into(),
        // No spill target: a query that outgrows memory_limit fails instead of writing files.
        "SET temp_directory = ''".into(),
        "SET enable_external_access = false".into(),
        format!("SET memory_limit = '{}MiB'", (limits.query_memory_bytes >> 20).max(16)),
        format!("SET threads = {}", limits.query_threads.max(1)),
        "SET lock_configuration = true".into(),
    ]
}

/// A value bound to a placeholder: an owned copy of what the compiler returned, so it can
/// also travel to a query worker.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Param {
    /// SQL NULL.
    Null,
    /// A `BOOLEAN`.
    Boolean(bool),
    /// A `BIGINT`.
    Integer(i64),
    /// Carried as its bits: JSON has no NaN or infinity, and a bound value must arrive
    /// exactly as the compiler returned it.
    Float(#[serde(with = "crate::runner::float_bits")] f64),
    /// A `VARCHAR`.
    Text(String),
    /// Days since 1970-01-01.
    Date(i32),
    /// Microseconds since 1970-01-01T00:00:00.
    Timestamp(i64),
}

impl Param {
    fn bind(&self) -> Bind<'_> {
        match self {
            Param::Null => Bind::Null,
            Param::Boolean(b) => Bind::Boolean(*b),
            Param::Integer(i) => Bind::Integer(*i),
            Param::Float(f) => Bind::Float(*f),
            Param::Text(t) => Bind::Text(t),
            Param::Date(d) => Bind::Date(*d),
            Param::Timestamp(t) => Bind::Timestamp(*t),
        }
    }
}

/// `f64` as its IEEE bits, for serde.
pub(crate) mod float_bits {
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(value: &f64, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_u64(value.to_bits())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<f64, D::Error> {
        u64::deserialize(deserializer).map(f64::from_bits)
    }
}

/// Whether a statement's DuckDB parse tree is checked against the allowlist.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum TreeCheck {
    /// Check the tree: what querycell itself always does.
    On,
    /// Every other check stays; only tests turn this off, to show the locked connection
    /// holding on its own.
    Off,
}

/// What a query connection may read: the catalog's visible tables, and the views that
/// replace the tables a policy touches.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Readable {
    /// The only relations a statement may name.
    pub tables: Vec<String>,
    /// Tables shadowed by a view of the same name ([`crate::policy::PolicedTable`]).
    pub policed: Vec<crate::policy::PolicedTable>,
    /// Tables a policy hides: a statement naming one is `policy_violation`.
    #[serde(default)]
    pub hidden_tables: Vec<String>,
}

impl Readable {
    /// These tables, no policy.
    pub fn tables(tables: impl IntoIterator<Item = String>) -> Readable {
        Readable { tables: tables.into_iter().collect(), ..Readable::default() }
    }
}

/// The read-only connection, its deadline thread and the parse-tree check, for one caller
/// at a time.
pub struct StatementRunner {
    database: Database,
    /// Interrupts a statement past its deadline; one thread for the connection's life.
    watchdog: Watchdog,
    parse_tree_check: ParseTreeCheck,
    limits: Limits,
}

impl StatementRunner {
    /// Open the DuckDB file read-only, apply [`connection_settings`] and lock them, then
    /// shadow every policed table by its view (see [`crate::policy`]).
    /// `readable.tables` are the only relations a statement may read.
    pub fn open(data_file: &Path, limits: &Limits, readable: Readable) -> Result<Self> {
        let settings = connection_settings(limits);
        let database = Database::open(data_file, Access::ReadOnly, &settings).map_err(|f| {
            Error::internal("index_unreadable", format!("{} could not be opened read-only: {}", data_file.display(), f.message))
        })?;
        if !readable.policed.is_empty() {
            let policy_failed = |message: String| Error::internal("policy_unenforceable", message).hint("no query runs without its policy");
            let name = database.query("SELECT current_database()").map_err(|f| policy_failed(f.message))?;
            let Some(database_name) = name.first().and_then(|row| row.first()).and_then(|cell| cell.text()) else {
                return Err(policy_failed("the data file's catalog name could not be read".into()));
            };
            for table in &readable.policed {
                database.execute_batch(&table.view_sql(&database_name)).map_err(|f| policy_failed(format!("the view for {}: {}", table.name, f.message)))?;
            }
        }
        let tables = readable.tables;
        // The parser database holds no data: one thread and a small memory limit are
        // plenty, and one thread keeps a parse from waking a pool of workers.
        let parser_limits = Limits { query_threads: 1, query_memory_bytes: 64 << 20, ..limits.clone() };
        let policy = PolicyCheck {
            hidden_tables: readable.hidden_tables.iter().map(|t| t.to_lowercase()).collect(),
            sources: readable
                .policed
                .iter()
                .map(|t| {
                    let columns = t.columns.iter().map(|c| c.to_lowercase()).collect();
                    let filters = t.filters.iter().map(|(column, values)| (column.to_lowercase(), values.clone())).collect();
                    (t.name.to_lowercase(), SourceRule { columns, filters })
                })
                .collect(),
        };
        let parse_tree_check = ParseTreeCheck::open_policed(tables, policy, &connection_settings(&parser_limits))?;
        let watchdog = Watchdog::start(database.interrupter())
            .map_err(|e| Error::internal("executor_unavailable", format!("the query deadline thread cannot start: {e}")))?;
        Ok(StatementRunner { database, watchdog, parse_tree_check, limits: limits.clone() })
    }

    /// Re-check, prepare, bind and execute one statement from the guest, reading at most
    /// `max_rows` rows of it, interrupted at `deadline`.
    pub fn execute(&mut self, sql: &str, params: &[Param], deadline: Instant, tree_check: TreeCheck, max_rows: usize) -> Result<Rows> {
        if sql.len() > self.limits.max_statement_bytes {
            return Err(Error::internal(
                "guest_output_too_large",
                format!("the compiler returned a statement of {} bytes; the host accepts at most {}", sql.len(), self.limits.max_statement_bytes),
            )
            .hint("the compiler returned SQL the host will not run; nothing was executed"));
        }
        match tree_check {
            TreeCheck::On => self.parse_tree_check.check(sql, params)?,
            TreeCheck::Off => check_statement_shape(sql)?,
        }
        let mut prepared = self.database.prepare_single_select(sql).map_err(|f| match f.kind {
            // DuckDB parsed it and could not bind it (a type or name it cannot resolve).
            FailureKind::Binding => Error::internal("query_invalid", f.message),
            _ => Error::internal("statement_refused", format!("the host refused the compiled statement: {}", f.message))
                .hint("the compiler returned SQL the host will not run; nothing was executed"),
        })?;
        let binds: Vec<Bind<'_>> = params.iter().map(Param::bind).collect();
        prepared
            .bind_all(&binds)
            .map_err(|f| Error::internal("statement_refused", format!("the host refused the compiled parameters: {}", f.message)))?;

        let watch = self.watchdog.arm(deadline);
        let outcome = prepared.run(max_rows);
        let timed_out = watch.disarm();
        outcome.map_err(|failure| {
            if timed_out {
                timeout_error(&self.limits)
            } else {
                match failure.kind {
                    FailureKind::OutOfMemory => memory_error(&self.limits, &failure.message),
                    FailureKind::UntypedNull => Error::refused("untyped_null_column", "a column of the answer is an untyped NULL, which cannot be read back")
                        .at("sql")
                        .hint("give the NULL a type: CAST(NULL AS VARCHAR), or another type"),
                    FailureKind::UnsupportedType => Error::refused("unsupported_result_type", failure.message)
                        .at("sql")
                        .hint("cast the column to a type querycell reads, for example CAST(x AS VARCHAR)"),
                    _ => Error::internal("query_failed", failure.message),
                }
            }
        })
    }
}

/// `query_timeout`: the answer's statements ran past `limits.query_timeout`.
pub fn timeout_error(limits: &Limits) -> Error {
    Error::limit("query_timeout", format!("the query ran past its {} ms limit and was stopped", limits.query_timeout.as_millis()))
        .hint("narrow the question with filters, or ask for fewer groups")
}

/// `query_memory`: the query needed more than `limits.query_memory_bytes`.
pub fn memory_error(limits: &Limits, detail: &str) -> Error {
    Error::limit("query_memory", format!("the query needed more than its {} MiB memory limit: {detail}", limits.query_memory_bytes >> 20))
        .hint("narrow the question with filters, or ask for fewer groups")
}
