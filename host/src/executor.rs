//! Runs what the compiler guest returned, and nothing else, on a read-only connection.
//!
//! Before any statement runs, the connection is configured and locked (invariant 4). Each
//! statement must start with SELECT or WITH (PRAGMA-, SHOW- and DESCRIBE-shaped text is
//! refused even where DuckDB would call it a SELECT) and must be exactly one statement of
//! type SELECT according to DuckDB's own parser (invariant 2); that prepared handle is then
//! bound and executed. A watchdog thread interrupts the query at the deadline and keeps
//! interrupting until it returns.

use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::duck::{Bind, Cell, FailureKind, Materialized, ReadOnlyDatabase};
use crate::error::{Error, Result};
use crate::limits::Limits;
use crate::sandbox::wit;

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

/// A column of an answer as DuckDB typed it.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct ResultColumn {
    pub name: String,
    #[serde(rename = "type")]
    pub sql_type: String,
}

/// What running a compiled query produced.
#[derive(Debug, Clone, PartialEq)]
pub struct Execution {
    pub columns: Vec<ResultColumn>,
    pub rows: Vec<Vec<Value>>,
    pub truncated: bool,
    pub total_rows: u64,
    /// `(label, nulls skipped)` for each aggregate that skipped at least one null.
    pub skipped_nulls: Vec<(String, u64)>,
}

pub struct Executor {
    database: ReadOnlyDatabase,
    limits: Limits,
}

impl Executor {
    /// Open the DuckDB file read-only, apply [`connection_settings`] and lock them.
    pub fn open(data_file: &Path, limits: &Limits) -> Result<Self> {
        let database = ReadOnlyDatabase::open(data_file, &connection_settings(limits)).map_err(|f| {
            Error::internal("index_unreadable", format!("{} could not be opened read-only: {}", data_file.display(), f.message))
        })?;
        Ok(Executor { database, limits: limits.clone() })
    }

    /// Run the compiled answer: the main query (at most `limit + 1` rows are read), the
    /// total count when rows were cut, and the null probe. All share one deadline.
    pub fn run(&self, compiled: &wit::Compiled) -> Result<Execution> {
        let deadline = Instant::now() + self.limits.query_timeout;
        let limit = compiled.limit.clamp(1, self.limits.max_rows.max(1)) as usize;

        let mut main = self.execute(&compiled.main, deadline)?;
        let column_count = main.column_count();
        if !compiled.columns.is_empty() && column_count != compiled.columns.len() {
            return Err(Error::internal(
                "guest_output_mismatch",
                format!("the compiler promised {} columns but the query returned {column_count}", compiled.columns.len()),
            ));
        }
        let columns = (0..column_count).map(|c| ResultColumn { name: main.column_name(c), sql_type: main.column_type_name(c) }).collect();
        let available = main.row_count();
        let kept = available.min(limit);
        let rows = (0..kept).map(|r| (0..column_count).map(|c| json_cell(main.cell(r, c))).collect()).collect();
        drop(main);
        let truncated = available > limit;

        let total_rows = if truncated { self.single_count(&compiled.count, deadline)? } else { kept as u64 };
        let mut skipped_nulls = Vec::new();
        if let Some(probe) = &compiled.null_probe {
            let mut counts = self.execute(&probe.query, deadline)?;
            if counts.row_count() == 1 && counts.column_count() == probe.labels.len() {
                for (c, label) in probe.labels.iter().enumerate() {
                    if let Cell::Integer(n) = counts.cell(0, c) {
                        if n > 0 {
                            skipped_nulls.push((label.clone(), n as u64));
                        }
                    }
                }
            }
        }
        Ok(Execution { columns, rows, truncated, total_rows, skipped_nulls })
    }

    fn single_count(&self, query: &wit::Query, deadline: Instant) -> Result<u64> {
        let mut result = self.execute(query, deadline)?;
        match (result.row_count(), result.column_count()) {
            (1, 1) => match result.cell(0, 0) {
                Cell::Integer(n) => Ok(n.max(0) as u64),
                _ => Err(Error::internal("guest_output_mismatch", "the count query did not return a number")),
            },
            _ => Err(Error::internal("guest_output_mismatch", "the count query did not return one value")),
        }
    }

    /// Re-check, prepare, bind and execute one statement from the guest.
    fn execute(&self, query: &wit::Query, deadline: Instant) -> Result<Materialized> {
        check_statement_shape(&query.sql)?;
        let mut prepared = self.database.prepare_single_select(&query.sql).map_err(|f| {
            Error::internal("statement_refused", format!("the host refused the compiled statement: {}", f.message))
                .hint("the compiler returned SQL the host will not run; nothing was executed")
        })?;
        let binds: Vec<Bind<'_>> = query.params.iter().map(bind_of).collect();
        prepared
            .bind_all(&binds)
            .map_err(|f| Error::internal("statement_refused", format!("the host refused the compiled parameters: {}", f.message)))?;

        let interrupter = self.database.interrupter();
        let timed_out = AtomicBool::new(false);
        let (done, finished) = mpsc::channel::<()>();
        let timed_out_flag = &timed_out;
        let outcome = std::thread::scope(|scope| {
            scope.spawn(move || {
                let wait = deadline.saturating_duration_since(Instant::now());
                if let Err(RecvTimeoutError::Timeout) = finished.recv_timeout(wait) {
                    timed_out_flag.store(true, Ordering::SeqCst);
                    // An interrupt that lands before execution starts is discarded by
                    // DuckDB, so keep sending until the query has returned.
                    loop {
                        interrupter.interrupt();
                        if !matches!(finished.recv_timeout(Duration::from_millis(5)), Err(RecvTimeoutError::Timeout)) {
                            break;
                        }
                    }
                }
            });
            let outcome = prepared.execute();
            drop(done);
            outcome
        });
        outcome.map_err(|failure| {
            if timed_out.load(Ordering::SeqCst) {
                Error::limit("query_timeout", format!("the query ran past its {} ms limit and was stopped", self.limits.query_timeout.as_millis()))
                    .hint("narrow the question with filters, or ask for fewer groups")
            } else if failure.kind == FailureKind::OutOfMemory {
                Error::limit("query_memory", format!("the query needed more than its {} MiB memory limit: {}", self.limits.query_memory_bytes >> 20, failure.message))
                    .hint("narrow the question with filters, or ask for fewer groups")
            } else {
                Error::internal("query_failed", failure.message)
            }
        })
    }
}

/// The text-level half of invariant 2: only SELECT or WITH may start the statement.
fn check_statement_shape(sql: &str) -> Result<()> {
    let first_word: String = sql.trim_start().chars().take_while(|c| c.is_ascii_alphabetic()).collect::<String>().to_ascii_uppercase();
    if first_word == "SELECT" || first_word == "WITH" {
        Ok(())
    } else {
        Err(Error::internal("statement_refused", format!("the compiled statement starts with '{first_word}', not SELECT or WITH"))
            .hint("the compiler returned SQL the host will not run; nothing was executed"))
    }
}

fn bind_of(param: &wit::Param) -> Bind<'_> {
    match param {
        wit::Param::Null => Bind::Null,
        wit::Param::Boolean(b) => Bind::Boolean(*b),
        wit::Param::Integer(i) => Bind::Integer(*i),
        wit::Param::Float(f) => Bind::Float(*f),
        wit::Param::Text(t) => Bind::Text(t),
        wit::Param::Date(d) => Bind::Date(*d),
        wit::Param::Timestamp(t) => Bind::Timestamp(*t),
    }
}

fn json_cell(cell: Cell) -> Value {
    match cell {
        Cell::Null => Value::Null,
        Cell::Boolean(b) => Value::Bool(b),
        Cell::Integer(i) => match i64::try_from(i) {
            Ok(small) => Value::from(small),
            // Beyond i64, JSON numbers lose precision in most readers: keep the digits.
            Err(_) => Value::String(i.to_string()),
        },
        Cell::Float(f) => serde_json::Number::from_f64(f).map(Value::Number).unwrap_or_else(|| Value::String(f.to_string())),
        Cell::Text(t) => Value::String(t),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_select_or_with_may_start_a_statement() {
        for ok in ["SELECT 1", "  with x AS (SELECT 1) SELECT * FROM x", "select\n1"] {
            assert!(check_statement_shape(ok).is_ok(), "{ok}");
        }
        for refused in ["PRAGMA version", "SHOW TABLES", "DESCRIBE t", "FROM t", "(SELECT 1)", "SUMMARIZE t", "", "SELECTED"] {
            assert!(check_statement_shape(refused).is_err(), "{refused}");
        }
    }
}
