//! The words every layer that runs a statement shares, and nothing else: a bound value
//! ([`Param`]), what a query connection may read ([`Readable`], [`PolicedTable`]), whether
//! the parse-tree check runs ([`TreeCheck`]), the caller's text a SQL-mode statement is
//! proved against ([`CallerReading`]), the connection's locked settings, and the
//! errors a statement's deadline, memory limit and disk budget end in.
//!
//! It sits just above the DuckDB layer and below the checks, the executor, the query
//! workers and the Spark backend, which all speak it; it imports nothing above
//! [`crate::duck`].

use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::duck::Bind;
use querycell_contract::quote::{identifier as quote_identifier, literal as quote_literal};

use crate::error::{Code, Error};
use crate::limits::Limits;

/// The query connection's configuration, given to DuckDB as it opens the data
/// ([`crate::duck::Database::open_configured`]), so no statement runs before it holds; then
/// [`connection_lockdown`] runs. `spill_directory` is the query worker's own directory for
/// temporary files, used when `limits.query_disk_bytes` allows any; without one (in-process,
/// or no budget) there is no temporary directory and no spill.
pub fn connection_config(limits: &Limits, spill_directory: Option<&Path>) -> Vec<(&'static str, String)> {
    let spill = spill_directory.filter(|_| limits.query_disk_bytes > 0);
    vec![
        ("autoinstall_known_extensions", "false".into()),
        ("autoload_known_extensions", "false".into()),
        ("allow_persistent_secrets", "false".into()),
        ("allow_community_extensions", "false".into()),
        // The worker's own directory, which Landlock lets it write and nothing else; or no
        // spill target, and a query that outgrows memory_limit fails instead of writing.
        ("temp_directory", spill.map_or(String::new(), |dir| dir.to_string_lossy().into_owned())),
        ("memory_limit", format!("{}MiB", (limits.query_memory_bytes >> 20).max(16))),
        ("threads", limits.query_threads.max(1).to_string()),
        // No threads for asynchronous I/O: the data file is local and is read by the
        // query's own threads. DuckDB otherwise starts four per core at every open, most
        // of a worker's threads, before the first question.
        ("async_threads", "0".into()),
    ]
}

/// Run, in this order, right after the data opens with [`connection_config`]. Not part of
/// it: DuckDB applies open-time options in an order of its own, and with external access
/// off it refuses to set `temp_directory`; locking must come last.
///
/// The disk budget is set here too, when the connection spills: DuckDB 2.0 keeps a
/// `max_temp_directory_size` given at open in its configuration but never hands it to the
/// buffer manager, which then allows 90 % of the free disk
/// (`executor::spill::a_question_past_the_disk_budget_is_query_disk_and_leaves_no_file`
/// fails without this). Past it DuckDB refuses to write a block (an out-of-memory error
/// naming the setting, reported as `query_disk`).
pub fn connection_lockdown(limits: &Limits, spill_directory: Option<&Path>) -> Vec<String> {
    let mut statements = Vec::new();
    if spill_directory.is_some() && limits.query_disk_bytes > 0 {
        let budget_mib = (limits.query_disk_bytes >> 20).max(1);
        statements.push(format!("SET max_temp_directory_size = '{budget_mib}MiB'"));
    }
    statements.push("SET enable_external_access = false".into());
    statements.push("SET lock_configuration = true".into());
    statements
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
    Float(#[serde(with = "crate::duck::float_bits")] f64),
    /// A `VARCHAR`.
    Text(String),
    /// Days since 1970-01-01.
    Date(i32),
    /// Microseconds since 1970-01-01T00:00:00.
    Timestamp(i64),
}

impl Param {
    pub(crate) fn bind(&self) -> Bind<'_> {
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

/// SQL mode: the caller's own statement, which DuckDB must read as the statement that runs
/// ([`crate::check::reading`]). It travels with the main statement to wherever that runs: a
/// query worker, since the caller's text is parsed only there (docs/security.md, invariant 1).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CallerReading {
    /// The request's bytes the compiler read (its `reading` spans, joined by one space).
    pub text: String,
    /// The most rows this answer may carry: the row cap the caller's LIMIT is clamped to.
    pub max_rows: u32,
    /// The day `current_date` and `today()` resolve to, days since 1970-01-01.
    pub today: i32,
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
    /// Tables shadowed by a view of the same name ([`PolicedTable`]).
    pub policed: Vec<PolicedTable>,
    /// Tables a policy hides: a statement naming one is `policy_violation`.
    #[serde(default)]
    pub hidden_tables: Vec<String>,
}

impl Readable {
    /// These tables, no policy.
    #[cfg(any(test, feature = "testing"))]
    pub fn tables(tables: impl IntoIterator<Item = String>) -> Readable {
        Readable { tables: tables.into_iter().collect(), ..Readable::default() }
    }
}

/// What a policy does to one table on the query connection: the view that replaces it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PolicedTable {
    /// The table's name (and its view's).
    pub name: String,
    /// The columns the view keeps, in the table's order.
    pub columns: Vec<String>,
    /// `(column, values)`: rows where the column, as text, is one of the values, for every
    /// filter.
    pub filters: Vec<(String, Vec<String>)>,
}

impl PolicedTable {
    /// `CREATE TEMP VIEW` shadowing the table in `database` (the data file's catalog name):
    /// the visible columns and the filtered ones (which the compiler's source query compares
    /// and never selects), under the row filters. Names are quoted identifiers, values
    /// quoted string literals: both come from the operator's policy and the deployment's
    /// context, never from a request, and are quoted anyway.
    pub fn view_sql(&self, database: &str) -> String {
        let mut kept: Vec<&String> = self.columns.iter().collect();
        for (column, _) in &self.filters {
            if !kept.contains(&column) {
                kept.push(column);
            }
        }
        let columns = kept.iter().map(|c| quote_identifier(c)).collect::<Vec<_>>().join(", ");
        let mut sql = format!(
            "CREATE TEMP VIEW {} AS SELECT {columns} FROM {}.main.{}",
            quote_identifier(&self.name),
            quote_identifier(database),
            quote_identifier(&self.name)
        );
        for (i, (column, values)) in self.filters.iter().enumerate() {
            sql.push_str(if i == 0 { " WHERE " } else { " AND " });
            // Compared as text, so a number column and a text context value compare the way
            // a person reads them, and a value that is no number is no match, not an error.
            let values = values.iter().map(|v| quote_literal(v)).collect::<Vec<_>>().join(", ");
            sql.push_str(&format!("CAST({} AS VARCHAR) IN ({values})", quote_identifier(column)));
        }
        sql
    }
}

/// `query_timeout`: the answer's statements ran past `limits.query_timeout`.
pub fn timeout_error(limits: &Limits) -> Error {
    Error::new(
        Code::QueryTimeout,
        format!("the query ran past its {} ms limit and was stopped", limits.query_timeout.as_millis()),
    )
    .hint("narrow the question with filters, or ask for fewer groups")
}

/// `query_memory`: the query needed more than `limits.query_memory_bytes`.
pub fn memory_error(limits: &Limits, detail: &str) -> Error {
    Error::new(
        Code::QueryMemory,
        format!("the query needed more than its {} MiB memory limit: {detail}", limits.query_memory_bytes >> 20),
    )
    .hint("narrow the question with filters, or ask for fewer groups")
}

/// `query_disk`: the query's temporary files needed more than `limits.query_disk_bytes`.
/// `detail` is DuckDB's first line, or the host's own words when it stopped the worker.
pub fn disk_error(limits: &Limits, detail: &str) -> Error {
    let detail = detail.lines().next().unwrap_or_default();
    Error::new(
        Code::QueryDisk,
        format!(
            "the query needed more than its {} MiB of temporary disk space: {detail}",
            limits.query_disk_bytes >> 20
        ),
    )
    .hint("narrow the question with filters, or ask for fewer groups; the data was not changed")
}
