//! Runs what the compiler guest returned, and nothing else, on a read-only connection.
//!
//! Before any statement runs, the connection is configured and locked (invariant 4). Each
//! statement passes the host's re-checks ([`crate::check`]: SELECT or WITH first, DuckDB's
//! parse tree on the allowlist) and must be exactly one statement of type SELECT according
//! to DuckDB's own parser (invariant 2); that prepared handle is then bound and executed. A
//! watchdog thread interrupts the query at the deadline and keeps interrupting until it
//! returns.

use std::path::Path;
use std::sync::Mutex;
use std::time::Instant;

use querycell_contract::sql::COUNT_COLUMN_PREFIX;
use serde_json::Value;

use crate::check::{check_statement_shape, ParseTreeCheck};
use crate::duck::{Access, Bind, Cell, Database, FailureKind, Rows};
use crate::error::{Error, Result};
use crate::limits::Limits;
use crate::sandbox::wit;
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

/// A column of an answer as DuckDB typed it.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct ResultColumn {
    pub name: String,
    #[serde(rename = "type")]
    pub sql_type: String,
}

/// What running a compiled query produced.
#[derive(Debug, Clone)]
pub struct Execution {
    pub columns: Vec<ResultColumn>,
    pub rows: Vec<Vec<Value>>,
    pub truncated: bool,
    pub total_rows: u64,
    /// Each null-probe count above zero, with what it counts: nulls an aggregate skipped,
    /// or rows a `ne` / `not_in` filter left out for being null.
    pub null_counts: Vec<(wit::ProbeCount, u64)>,
    pub cost: QueryCost,
}

/// What each statement of an answer cost, in milliseconds, for the receipt.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct QueryCost {
    /// The main query (rows and the counts it carries).
    pub main_ms: f64,
    /// The total-rows count, run only when the answer was truncated.
    pub count_ms: Option<f64>,
    /// The separate null probe, run only for counts the main query cannot see.
    pub null_probe_ms: Option<f64>,
}

fn millis(since: Instant) -> f64 {
    since.elapsed().as_secs_f64() * 1e3
}

pub struct Executor {
    database: Database,
    /// Interrupts a statement past the answer's deadline; one thread for the connection's life.
    watchdog: Watchdog,
    parse_tree_check: Mutex<ParseTreeCheck>,
    limits: Limits,
}

/// Whether a statement's DuckDB parse tree is checked against the allowlist.
#[derive(Clone, Copy, PartialEq, Eq)]
enum TreeCheck {
    On,
    Off,
}

impl Executor {
    /// Open the DuckDB file read-only, apply [`connection_settings`] and lock them.
    /// `tables` are the catalog's tables: the only relations a statement may read.
    pub fn open(data_file: &Path, limits: &Limits, tables: impl IntoIterator<Item = String>) -> Result<Self> {
        let settings = connection_settings(limits);
        let database = Database::open(data_file, Access::ReadOnly, &settings).map_err(|f| {
            Error::internal("index_unreadable", format!("{} could not be opened read-only: {}", data_file.display(), f.message))
        })?;
        // The parser database holds no data: one thread and a small memory limit are
        // plenty, and one thread keeps a parse from waking a pool of workers.
        let parser_limits = Limits { query_threads: 1, query_memory_bytes: 64 << 20, ..limits.clone() };
        let parse_tree_check = Mutex::new(ParseTreeCheck::open(tables, &connection_settings(&parser_limits))?);
        let watchdog = Watchdog::start(database.interrupter()).map_err(|e| Error::internal("executor_unavailable", format!("the query deadline thread cannot start: {e}")))?;
        Ok(Executor { database, watchdog, parse_tree_check, limits: limits.clone() })
    }

    /// Run the compiled answer: the main query (at most `limit + 1` rows are read), the
    /// total count when rows were cut, and the null probe. All share one deadline.
    pub fn run(&self, compiled: &wit::Compiled) -> Result<Execution> {
        self.run_with(compiled, TreeCheck::On)
    }

    /// [`Executor::run`] without the parse-tree allowlist (every other check stays), so
    /// tests can show that the locked connection holds on its own when a statement gets
    /// past the checks. querycell itself never calls this.
    #[doc(hidden)]
    pub fn run_without_parse_tree_check(&self, compiled: &wit::Compiled) -> Result<Execution> {
        self.run_with(compiled, TreeCheck::Off)
    }

    fn run_with(&self, compiled: &wit::Compiled, tree_check: TreeCheck) -> Result<Execution> {
        let deadline = Instant::now() + self.limits.query_timeout;
        let limit = compiled.limit.clamp(1, self.limits.max_rows.max(1)) as usize;

        let main_started = Instant::now();
        // One row past the cap tells whether rows were cut; the host reads no more than
        // that, whatever the statement's own LIMIT says.
        let main = self.execute(&compiled.main, deadline, tree_check, limit + 1)?;
        let returned = main.columns.len();
        // The compiler's trailing count columns are not part of the answer.
        let counted = compiled.main_counts.len();
        let promised = compiled.columns.len() + counted;
        // A statement that promises nothing (SQL mode) carries no counts either.
        if (!compiled.columns.is_empty() || counted > 0) && returned != promised {
            return Err(Error::internal(
                "guest_output_mismatch",
                format!("the compiler promised {} columns and {counted} counts but the query returned {returned} columns", compiled.columns.len()),
            ));
        }
        let column_count = returned - counted;
        // Only columns named as count columns are stripped and read as counts: a compiler
        // cannot pass an answer column off as a total.
        if let Some(stray) = main.columns[column_count..].iter().find(|c| !c.name.starts_with(COUNT_COLUMN_PREFIX)) {
            return Err(Error::internal(
                "guest_output_mismatch",
                format!("the compiler promised count columns but the query's column \"{}\" is not one", stray.name),
            ));
        }
        let Rows { columns: read_columns, rows: read_rows } = main;
        let columns = read_columns.into_iter().take(column_count).map(|c| ResultColumn { name: c.name, sql_type: c.type_name }).collect();
        let fetched = read_rows.len();
        let mut null_counts = Vec::new();
        let mut answer_rows = None;
        if let Some(first) = read_rows.first() {
            for (what, cell) in compiled.main_counts.iter().zip(&first[column_count..]) {
                if let Cell::Integer(n) = *cell {
                    match what {
                        wit::ProbeCount::AnswerRows => answer_rows = u64::try_from(n).ok(),
                        _ if n > 0 => null_counts.push((what.clone(), n as u64)),
                        _ => {}
                    }
                }
            }
        }
        let kept = fetched.min(limit);
        let rows = read_rows.into_iter().take(kept).map(|row| row.into_iter().take(column_count).map(json_cell).collect()).collect();
        let mut cost = QueryCost { main_ms: millis(main_started), count_ms: None, null_probe_ms: None };
        let truncated = fetched > limit;

        // The main query's own total, if it is one that fits what the host saw; otherwise
        // (a listing, or a count that cannot be right) the separate count query.
        let carried_total = answer_rows.filter(|&n| truncated && n >= fetched as u64);
        let total_rows = if let Some(total) = carried_total {
            total
        } else if truncated {
            let count_started = Instant::now();
            let total = self.single_count(&compiled.count, deadline, tree_check)?;
            cost.count_ms = Some(millis(count_started));
            total
        } else {
            kept as u64
        };
        if let Some(probe) = &compiled.null_probe {
            let probe_started = Instant::now();
            let counts = self.execute(&probe.query, deadline, tree_check, 2)?;
            if counts.rows.len() == 1 && counts.columns.len() == probe.counts.len() {
                for (cell, what) in counts.rows[0].iter().zip(&probe.counts) {
                    if let Cell::Integer(n) = *cell {
                        if n > 0 {
                            null_counts.push((what.clone(), n as u64));
                        }
                    }
                }
            }
            cost.null_probe_ms = Some(millis(probe_started));
        }
        Ok(Execution { columns, rows, truncated, total_rows, null_counts, cost })
    }

    fn single_count(&self, query: &wit::Query, deadline: Instant, tree_check: TreeCheck) -> Result<u64> {
        let result = self.execute(query, deadline, tree_check, 2)?;
        match (result.rows.len(), result.columns.len()) {
            (1, 1) => match result.rows[0][0] {
                Cell::Integer(n) => Ok(n.max(0) as u64),
                _ => Err(Error::internal("guest_output_mismatch", "the count query did not return a number")),
            },
            _ => Err(Error::internal("guest_output_mismatch", "the count query did not return one value")),
        }
    }

    /// Re-check, prepare, bind and execute one statement from the guest, reading at most
    /// `max_rows` rows of it.
    fn execute(&self, query: &wit::Query, deadline: Instant, tree_check: TreeCheck, max_rows: usize) -> Result<Rows> {
        if query.sql.len() > self.limits.max_statement_bytes {
            return Err(Error::internal(
                "guest_output_too_large",
                format!("the compiler returned a statement of {} bytes; the host accepts at most {}", query.sql.len(), self.limits.max_statement_bytes),
            )
            .hint("the compiler returned SQL the host will not run; nothing was executed"));
        }
        match tree_check {
            TreeCheck::On => self.parse_tree_check.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).check(&query.sql)?,
            TreeCheck::Off => check_statement_shape(&query.sql)?,
        }
        let mut prepared = self.database.prepare_single_select(&query.sql).map_err(|f| match f.kind {
            // DuckDB parsed it and could not bind it (a type or name it cannot resolve).
            FailureKind::Binding => Error::internal("query_invalid", f.message),
            _ => Error::internal("statement_refused", format!("the host refused the compiled statement: {}", f.message))
                .hint("the compiler returned SQL the host will not run; nothing was executed"),
        })?;
        let binds: Vec<Bind<'_>> = query.params.iter().map(bind_of).collect();
        prepared
            .bind_all(&binds)
            .map_err(|f| Error::internal("statement_refused", format!("the host refused the compiled parameters: {}", f.message)))?;

        let watch = self.watchdog.arm(deadline);
        let outcome = prepared.run(max_rows);
        let timed_out = watch.disarm();
        outcome.map_err(|failure| {
            if timed_out {
                Error::limit("query_timeout", format!("the query ran past its {} ms limit and was stopped", self.limits.query_timeout.as_millis()))
                    .hint("narrow the question with filters, or ask for fewer groups")
            } else {
                match failure.kind {
                    FailureKind::OutOfMemory => Error::limit(
                        "query_memory",
                        format!("the query needed more than its {} MiB memory limit: {}", self.limits.query_memory_bytes >> 20, failure.message),
                    )
                    .hint("narrow the question with filters, or ask for fewer groups"),
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
