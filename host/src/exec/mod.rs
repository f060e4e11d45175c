//! Runs what the compiler guest returned, and nothing else, on a read-only connection, and
//! turns it into an answer's rows and counts.
//!
//! An answer holds one session for all its statements (main query, total count, null
//! probe) and one deadline. Where statements run is a [`Backend`]: DuckDB, through
//! [`crate::statement`] (the host's re-checks, DuckDB's one-SELECT prepare, binding, the
//! deadline, the row cap) on this process's own connection or in a query worker process
//! ([`crate::exec::worker`]) the host can kill, as the embedder chooses ([`crate::QueryIsolation`]);
//! or a Spark cluster over Spark Connect ([`crate::exec::spark`]). Everything above the backend
//! (the row cap, truncation and totals, the counts behind warnings, the checks of what the
//! compiler promised) is this module's, the same for both.

use std::path::Path;
use std::sync::Mutex;
use std::time::Instant;

use querycell_contract::sql::COUNT_COLUMN_PREFIX;
use serde_json::Value;

use crate::catalog::ValueKind;
use crate::duck::{Cell, Rows};
use crate::error::{Code, Error, Result};
use crate::limits::Limits;
use crate::sandbox::wit;
pub(crate) mod backend;
pub mod roles;
pub(crate) mod runner;
pub(crate) mod spark;
mod watchdog;
pub(crate) mod worker;

use crate::statement::{CallerReading, Param, Readable, TreeCheck};
pub(crate) use backend::in_process_sql_mode;
use backend::DuckBackend;
pub use backend::{Backend, BackendSession};
use runner::StatementRunner;
use worker::{WorkerPolicy, WorkerPool};

/// A column of an answer as DuckDB typed it.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct ResultColumn {
    /// The column's name as the statement gave it.
    pub name: String,
    /// DuckDB's type name, e.g. `BIGINT`, `DECIMAL(18,3)` (`type` in JSON): a `DECIMAL`'s
    /// values are exact: JSON numbers of at most [`EXACT_JSON_DIGITS`] significant digits, or
    /// their digits in a string.
    #[serde(rename = "type")]
    pub sql_type: String,
    /// What the compiler says the column is (and the host re-checked, [`roles`]); none
    /// where it does not say (SQL mode with `*`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub role: Option<querycell_contract::roles::ColumnRole>,
}

/// What running a compiled query produced.
#[derive(Debug, Clone)]
pub struct Execution {
    /// The answer's columns (the compiler's trailing count columns removed).
    pub columns: Vec<ResultColumn>,
    /// The rows kept, as JSON values: at most the answer's limit.
    pub rows: Vec<Vec<Value>>,
    /// More rows matched than the limit let through.
    pub truncated: bool,
    /// Rows the question matched in all: `rows.len()` unless truncated.
    pub total_rows: u64,
    /// Each null-probe count above zero, with what it counts: nulls an aggregate skipped,
    /// or rows a `ne` / `not_in` filter left out for being null.
    pub null_counts: Vec<(wit::ProbeCount, u64)>,
    /// The answer columns the rows are sorted by, first key first.
    pub order: Vec<roles::SortKey>,
    /// What each statement took.
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

/// Runs compiled answers against one index version, on a [`Backend`], under one set of
/// [`Limits`].
pub struct Executor {
    backend: Box<dyn Backend>,
    limits: Limits,
}

/// The session of one answer, which binds each statement's parameters.
struct Session<'e>(Box<dyn BackendSession + 'e>);

impl Session<'_> {
    fn execute(
        &mut self,
        query: &wit::Query,
        deadline: Instant,
        tree_check: TreeCheck,
        max_rows: usize,
    ) -> Result<Rows> {
        self.execute_read(query, None, deadline, tree_check, max_rows)
    }

    /// [`Session::execute`], proving first that DuckDB reads `reading` as `query` (SQL mode).
    fn execute_read(
        &mut self,
        query: &wit::Query,
        reading: Option<&CallerReading>,
        deadline: Instant,
        tree_check: TreeCheck,
        max_rows: usize,
    ) -> Result<Rows> {
        let params: Vec<Param> = query.params.iter().map(param_of).collect();
        self.0.execute(query, &params, reading, deadline, tree_check, max_rows)
    }
}

impl Executor {
    /// Run statements in this process: open the DuckDB file read-only, apply
    /// [`connection_config`](crate::statement::connection_config), then lock them. `tables`
    /// are the catalog's tables: the only relations a statement may read. It never spills,
    /// whatever `limits.query_disk_bytes` says: nothing would confine its writes to a folder
    /// of its own in the caller's process (docs/limits.md).
    pub fn open(data_file: &Path, limits: &Limits, readable: Readable) -> Result<Self> {
        let runner = StatementRunner::open(data_file, limits, readable, None)?;
        Ok(Executor { backend: Box::new(DuckBackend::InProcess(Mutex::new(runner))), limits: limits.clone() })
    }

    /// Run statements in query worker processes (see [`crate::exec::worker`]), each of which opens
    /// `data_file` read-only under the same settings, inside its own confinement.
    pub fn open_in_workers(
        data_file: std::fs::File,
        limits: &Limits,
        readable: Readable,
        policy: &WorkerPolicy,
    ) -> Result<Self> {
        let pool = WorkerPool::start(data_file, limits, readable, policy)?;
        Ok(Executor { backend: Box::new(DuckBackend::Workers(pool)), limits: limits.clone() })
    }

    /// Run statements on `backend` (a Spark cluster: [`crate::exec::spark::SparkBackend`]).
    pub fn on(backend: Box<dyn Backend>, limits: &Limits) -> Self {
        Executor { backend, limits: limits.clone() }
    }

    /// Run the compiled answer: the main query (at most `limit + 1` rows are read), the
    /// total count when rows were cut, and the null probe. All share one deadline and one
    /// connection.
    pub fn run(&self, compiled: &wit::Compiled) -> Result<Execution> {
        self.run_with(compiled, TreeCheck::On, None)
    }

    /// [`Executor::run`] for a SQL-mode statement: the main statement runs only once DuckDB
    /// has read the caller's text (`reading`) as it ([`crate::check`]'s reading proof), in a
    /// query worker; in-process executors refuse (`sql_mode_unavailable`).
    pub fn run_read(&self, compiled: &wit::Compiled, reading: &CallerReading) -> Result<Execution> {
        self.run_with(compiled, TreeCheck::On, Some(reading))
    }

    /// [`Executor::run`] without the parse-tree allowlist (every other check stays), so
    /// tests can show that the locked connection holds on its own when a statement gets
    /// past the checks. querycell itself never calls this.
    #[doc(hidden)]
    #[cfg(any(test, feature = "testing"))]
    pub fn run_without_parse_tree_check(&self, compiled: &wit::Compiled) -> Result<Execution> {
        self.run_with(compiled, TreeCheck::Off, None)
    }

    /// The process ids of the query workers alive now, idle or answering (none
    /// in-process), for operators and tests.
    pub fn worker_pids(&self) -> Vec<u32> {
        self.backend.worker_pids()
    }

    /// What holds in the query workers (see [`crate::exec::worker`]); empty in-process, or
    /// before the first worker has answered.
    pub fn worker_confinement(&self) -> Vec<String> {
        self.backend.worker_confinement()
    }

    /// How the most recently ready query worker came up (`None` in-process, or before the
    /// first worker has answered).
    pub fn worker_startup(&self) -> Option<crate::exec::worker::WorkerStartup> {
        self.backend.worker_startup()
    }

    /// Kill the idle query workers without waiting for them to be gone, in a process about
    /// to exit (see [`crate::exec::worker::WorkerPool::kill_idle_before_exit`]).
    pub fn kill_workers_before_exit(&self) {
        self.backend.kill_workers_before_exit();
    }

    fn session(&self) -> Result<Session<'_>> {
        Ok(Session(self.backend.session()?))
    }

    fn run_with(
        &self,
        compiled: &wit::Compiled,
        tree_check: TreeCheck,
        reading: Option<&CallerReading>,
    ) -> Result<Execution> {
        let mut session = self.session()?;
        let deadline = Instant::now() + self.limits.query_timeout;
        let limit = compiled.limit.clamp(1, self.limits.max_rows.max(1)) as usize;

        let main_started = Instant::now();
        // One row past the cap tells whether rows were cut; the host reads no more than
        // that, whatever the statement's own LIMIT says.
        let main = session.execute_read(&compiled.main, reading, deadline, tree_check, limit + 1)?;
        let column_count = check_promised_columns(compiled, &main)?;
        let Rows { columns: read_columns, rows: read_rows } = main;
        let columns: Vec<ResultColumn> = read_columns
            .into_iter()
            .take(column_count)
            .enumerate()
            .map(|(i, c)| ResultColumn {
                name: c.name,
                sql_type: c.type_name,
                role: compiled.columns.get(i).map(|promised| roles::role_of(&promised.role)),
            })
            .collect();
        let fetched = read_rows.len();
        let (answer_rows, mut null_counts) = carried_counts(compiled, &read_rows, column_count);
        let kept = fetched.min(limit);
        let rows: Vec<Vec<Value>> = read_rows
            .into_iter()
            .take(kept)
            .map(|row| row.into_iter().take(column_count).map(json_cell).collect())
            .collect();
        let names: Vec<String> = columns.iter().map(|c| c.name.clone()).collect();
        let order = roles::checked(compiled, &names, &rows)?;
        let mut cost = QueryCost { main_ms: millis(main_started), count_ms: None, null_probe_ms: None };
        let truncated = fetched > limit;

        // The main query's own total, if it is one that fits what the host saw; otherwise
        // (a listing, or a count that cannot be right) the separate count query.
        let carried_total = answer_rows.filter(|&n| truncated && n >= fetched as u64);
        let total_rows = if let Some(total) = carried_total {
            total
        } else if truncated {
            let count_started = Instant::now();
            let total = single_count(&mut session, &compiled.count, deadline, tree_check)?;
            cost.count_ms = Some(millis(count_started));
            total
        } else {
            kept as u64
        };
        if let Some(probe) = &compiled.null_probe {
            let probe_started = Instant::now();
            probe_nulls(&mut session, probe, deadline, tree_check, &mut null_counts)?;
            cost.null_probe_ms = Some(millis(probe_started));
        }
        Ok(Execution { columns, rows, truncated, total_rows, null_counts, order, cost })
    }
}

/// Check the main query's columns against what the compiler promised before any is read
/// as an answer; how many of them are the answer's (the rest are its trailing counts).
fn check_promised_columns(compiled: &wit::Compiled, main: &Rows) -> Result<usize> {
    let returned = main.columns.len();
    // The compiler's trailing count columns are not part of the answer.
    let counted = compiled.main_counts.len();
    let promised = compiled.columns.len() + counted;
    // A statement that promises nothing (SQL mode) carries no counts either.
    if (!compiled.columns.is_empty() || counted > 0) && returned != promised {
        return Err(Error::new(
            Code::GuestOutputMismatch,
            format!(
                "the compiler promised {} columns and {counted} counts but the query returned {returned} columns",
                compiled.columns.len()
            ),
        ));
    }
    let column_count = returned - counted;
    // Only columns named as count columns are stripped and read as counts: a compiler
    // cannot pass an answer column off as a total.
    if let Some(stray) = main.columns[column_count..].iter().find(|c| !c.name.starts_with(COUNT_COLUMN_PREFIX)) {
        return Err(Error::new(
            Code::GuestOutputMismatch,
            format!("the compiler promised count columns but the query's column \"{}\" is not one", stray.name),
        ));
    }
    // Each answer column must be of the kind the compiler promised: a compiler whose idea
    // of the answer differs from what DuckDB computed has a bug, and its answer is not
    // returned. A promised `other` claims no kind.
    for (promised, read) in compiled.columns.iter().zip(&main.columns) {
        let (promised_kind, read_kind) = (ValueKind::from(promised.kind), ValueKind::of_sql_type(&read.type_name));
        if promised_kind != ValueKind::Other && promised_kind != read_kind {
            return Err(Error::new(
                Code::GuestOutputMismatch,
                format!(
                    "the compiler promised \"{}\" as {} but the query's column \"{}\" is {} ({})",
                    promised.name,
                    promised_kind.word(),
                    read.name,
                    read_kind.word(),
                    read.type_name
                ),
            ));
        }
    }
    Ok(column_count)
}

/// The counts the main query carries in its trailing columns (read from its first row):
/// the answer's own total, if it carries one, and each null count above zero.
fn carried_counts(
    compiled: &wit::Compiled,
    read_rows: &[Vec<Cell>],
    column_count: usize,
) -> (Option<u64>, Vec<(wit::ProbeCount, u64)>) {
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
    (answer_rows, null_counts)
}

/// Run the separate null probe and add each of its counts above zero to `null_counts`; an
/// answer of another shape than promised adds none.
fn probe_nulls(
    session: &mut Session<'_>,
    probe: &wit::NullProbe,
    deadline: Instant,
    tree_check: TreeCheck,
    null_counts: &mut Vec<(wit::ProbeCount, u64)>,
) -> Result<()> {
    let counts = session.execute(&probe.query, deadline, tree_check, 2)?;
    if counts.rows.len() == 1 && counts.columns.len() == probe.counts.len() {
        for (cell, what) in counts.rows[0].iter().zip(&probe.counts) {
            if let Cell::Integer(n) = *cell {
                if n > 0 {
                    null_counts.push((what.clone(), n as u64));
                }
            }
        }
    }
    Ok(())
}

fn single_count(
    session: &mut Session<'_>,
    query: &wit::Query,
    deadline: Instant,
    tree_check: TreeCheck,
) -> Result<u64> {
    let result = session.execute(query, deadline, tree_check, 2)?;
    match (result.rows.len(), result.columns.len()) {
        (1, 1) => match result.rows[0][0] {
            Cell::Integer(n) => Ok(n.max(0) as u64),
            _ => Err(Error::new(Code::GuestOutputMismatch, "the count query did not return a number")),
        },
        _ => Err(Error::new(Code::GuestOutputMismatch, "the count query did not return one value")),
    }
}

fn param_of(param: &wit::Param) -> Param {
    match param {
        wit::Param::Null => Param::Null,
        wit::Param::Boolean(b) => Param::Boolean(*b),
        wit::Param::Integer(i) => Param::Integer(*i),
        wit::Param::Float(f) => Param::Float(*f),
        wit::Param::Text(t) => Param::Text(t.clone()),
        wit::Param::Date(d) => Param::Date(*d),
        wit::Param::Timestamp(t) => Param::Timestamp(*t),
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
        Cell::Float(f) => {
            serde_json::Number::from_f64(f).map(Value::Number).unwrap_or_else(|| Value::String(f.to_string()))
        }
        Cell::Decimal(d) => decimal_json(d),
        Cell::Text(t) => Value::String(t),
    }
}

/// Significant digits a DECIMAL may have and still travel as a JSON number: any decimal of
/// at most 15 significant digits is read by a JSON reader that parses numbers as doubles
/// (most do) into the double whose shortest form is those very digits.
pub const EXACT_JSON_DIGITS: usize = 15;

/// A DECIMAL as the receipt carries it: a JSON number when its digits survive a reader that
/// parses numbers as doubles ([`EXACT_JSON_DIGITS`]); otherwise its exact digits as a
/// string, as integers beyond `i64` are. Money is never rounded on its way out.
fn decimal_json(text: String) -> Value {
    let digits: String = text.chars().filter(char::is_ascii_digit).collect();
    let significant = digits.trim_start_matches('0').trim_end_matches('0').len();
    match text.parse::<f64>().ok().and_then(serde_json::Number::from_f64) {
        Some(number) if significant <= EXACT_JSON_DIGITS => Value::Number(number),
        _ => Value::String(text),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimals_leave_as_numbers_only_when_no_reader_can_round_them() {
        assert_eq!(decimal_json("-123.45".into()), serde_json::json!(-123.45));
        assert_eq!(decimal_json("1234.5000000000".into()).to_string(), "1234.5");
        assert_eq!(decimal_json("0.005".into()).to_string(), "0.005");
        assert_eq!(decimal_json("123456789012345.0".into()).to_string(), "123456789012345.0");
        assert_eq!(
            decimal_json("12345678901234567988.8734567892".into()),
            Value::String("12345678901234567988.8734567892".into())
        );
        assert_eq!(decimal_json("1234567890123456".into()), Value::String("1234567890123456".into()));
    }
}
