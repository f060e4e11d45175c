//! One compiled statement on the locked read-only connection: the host's re-checks, DuckDB's
//! single-SELECT prepare, binding, the deadline, and the classification of what went wrong.
//!
//! This is the only code that runs a statement against the data. The [`crate::exec`]
//! uses it in-process, or a query worker ([`crate::exec::worker`]) runs it in a child process, so
//! both modes check, cap and classify exactly alike.

use std::path::Path;
use std::time::Instant;

use crate::check::policy::{PolicyCheck, SourceRule};
use crate::check::{check_statement_shape, ParseTreeCheck};
use crate::duck::{Access, Bind, Database, FailureKind, Opening, Parsed, Rows, Statement};
use crate::error::{Code, Error, ErrorClass, Result};
use crate::exec::watchdog::Watchdog;
use crate::limits::Limits;
use crate::statement::{
    connection_config, connection_lockdown, disk_error, memory_error, timeout_error, CallerReading, Param, Readable,
    TreeCheck,
};

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
    /// Open the DuckDB file read-only with [`connection_config`], then [`connection_lockdown`], then
    /// shadow every policed table by its view (see [`crate::policy`]).
    /// `readable.tables` are the only relations a statement may read. `spill_directory`: the
    /// query worker's own folder for temporary files (none in-process: no spill).
    pub fn open(data_file: &Path, limits: &Limits, readable: Readable, spill_directory: Option<&Path>) -> Result<Self> {
        // The check parses without a database (crate::duck::parse_tree): only the data's
        // instance opens.
        let database = open_data(data_file, limits, &readable, spill_directory)?;
        let parse_tree_check = open_parse_tree_check(&readable);
        let watchdog = Watchdog::start(database.interrupter()).map_err(|e| {
            Error::new(Code::ExecutorUnavailable, format!("the query deadline thread cannot start: {e}"))
        })?;
        Ok(StatementRunner { database, watchdog, parse_tree_check, limits: limits.clone() })
    }

    /// Re-check, prepare, bind and execute one statement from the guest, reading at most
    /// `max_rows` rows of it, interrupted at `deadline`; in SQL mode, only once DuckDB has
    /// read the caller's text (`reading`) as this statement ([`ParseTreeCheck::prove_reading`]).
    pub fn execute(
        &mut self,
        sql: &str,
        params: &[Param],
        reading: Option<&CallerReading>,
        deadline: Instant,
        tree_check: TreeCheck,
        max_rows: usize,
    ) -> Result<Rows> {
        if sql.len() > self.limits.max_statement_bytes {
            return Err(Error::new(
                Code::GuestOutputTooLarge,
                format!(
                    "the compiler returned a statement of {} bytes; the host accepts at most {}",
                    sql.len(),
                    self.limits.max_statement_bytes
                ),
            )
            .hint("the compiler returned SQL the host will not run; nothing was executed"));
        }
        let checking = Checking { sql, params, reading, tree_check, rows_read: max_rows };
        let mut statement = checked_statement(&self.database, &mut self.parse_tree_check, &checking)?;
        let binds: Vec<Bind<'_>> = params.iter().map(Param::bind).collect();
        statement.bind_all(&binds).map_err(|f| {
            Error::new(Code::StatementRefused, format!("the host refused the compiled parameters: {}", f.message))
        })?;

        let watch = self.watchdog.arm(deadline);
        let outcome = statement.run(max_rows);
        let timed_out = watch.disarm();
        outcome.map_err(|failure| {
            if timed_out {
                timeout_error(&self.limits)
            } else {
                match failure.kind {
                    _ if spilled_past_budget(&failure.message) => disk_error(&self.limits, &failure.message),
                    FailureKind::OutOfMemory => memory_error(&self.limits, &failure.message),
                    // DuckDB parsed it and could not bind it (a type or name it cannot resolve).
                    FailureKind::Binding => Error::classed(ErrorClass::Internal, Code::QueryInvalid, failure.message),
                    FailureKind::UntypedNull => Error::new(
                        Code::UntypedNullColumn,
                        "a column of the answer is an untyped NULL, which cannot be read back",
                    )
                    .at("sql")
                    .hint("give the NULL a type: CAST(NULL AS VARCHAR), or another type"),
                    FailureKind::UnsupportedType => Error::new(Code::UnsupportedResultType, failure.message)
                        .at("sql")
                        .hint("cast the column to a type querycell reads, for example CAST(x AS VARCHAR)"),
                    // An exact sum that no longer fits its type is an error, never a
                    // rounded or wrapped number.
                    FailureKind::OutOfRange => Error::new(
                        Code::NumericOverflow,
                        format!("a number in the answer does not fit its type: {}", failure.message),
                    )
                    .hint("narrow the question with filters or group it, so that each sum covers fewer rows"),
                    _ => Error::classed(ErrorClass::Internal, Code::QueryFailed, failure.message),
                }
            }
        })
    }
}

/// Whether DuckDB failed writing temporary files: past `max_temp_directory_size` (an
/// out-of-memory error naming the setting) or on a full file system.
fn spilled_past_budget(message: &str) -> bool {
    message.contains("max_temp_directory_size") || message.contains("No space left on device")
}

/// What [`checked_statement`] checks: a statement, its parameters, the caller's text it must
/// be DuckDB's reading of (SQL mode), whether the parse-tree check runs, and how many rows
/// the statement will be read to.
struct Checking<'s> {
    sql: &'s str,
    params: &'s [Param],
    reading: Option<&'s CallerReading>,
    tree_check: TreeCheck,
    rows_read: usize,
}

/// `sql` checked (with `tree_check`, the parse-tree allowlist), as the statement of the
/// connection's own parse that then runs: the tree checked is the one run, and nothing is
/// bound or planned before the check has passed. The parse is the one the connection kept
/// for this text when it has one ([`Database::parse_kept`]): every check still runs on it. A
/// text the connection cannot split is checked with the parser alone, which says why it is
/// refused.
fn checked_statement<'db>(
    database: &'db Database,
    check: &mut ParseTreeCheck,
    checking: &Checking<'_>,
) -> Result<Statement<'db>> {
    let &Checking { sql, params, reading, tree_check, rows_read } = checking;
    check_statement_shape(sql)?;
    let parsed = match (database.parse_kept(sql), tree_check) {
        (Ok(parsed), tree_check) => {
            // The tree the allowlist check asked for, kept for the reading proof of a first
            // sight, so DuckDB serializes it once.
            let mut serialized = None;
            if tree_check == TreeCheck::On {
                check.check_tree_of(sql, params, || {
                    let tree = parsed.tree()?;
                    serialized = reading.is_some().then(|| tree.clone());
                    Ok(tree)
                })?;
            }
            if let Some(reading) = reading {
                check.prove_reading(sql, params, reading, rows_read, || match serialized.take() {
                    Some(tree) => Ok(tree),
                    None => parsed.tree(),
                })?;
            }
            Ok(parsed)
        }
        (Err(failure), TreeCheck::On) => {
            check.check(sql, params)?;
            Err(failure)
        }
        (Err(failure), TreeCheck::Off) => Err(failure),
    };
    parsed.and_then(Parsed::into_single_select).map_err(|f| {
        Error::new(Code::StatementRefused, format!("the host refused the compiled statement: {}", f.message))
            .hint("the compiler returned SQL the host will not run; nothing was executed")
    })
}

/// The data file, read-only under the locked settings, with every policed table shadowed by
/// its view.
fn open_data(data_file: &Path, limits: &Limits, readable: &Readable, spill: Option<&Path>) -> Result<Database> {
    let lockdown = connection_lockdown(limits, spill);
    let database = Database::open_configured(
        data_file,
        Access::ReadOnly,
        Opening::QuerySide,
        &connection_config(limits, spill),
        &lockdown,
    )
    .map_err(|f| {
        Error::new(
            Code::IndexUnreadable,
            format!("{} could not be opened read-only: {}", data_file.display(), f.message),
        )
    })?;
    if !readable.policed.is_empty() {
        let policy_failed =
            |message: String| Error::new(Code::PolicyUnenforceable, message).hint("no query runs without its policy");
        let name = database.query("SELECT current_database()").map_err(|f| policy_failed(f.message))?;
        let Some(database_name) = name.first().and_then(|row| row.first()).and_then(|cell| cell.text()) else {
            return Err(policy_failed("the data file's catalog name could not be read".into()));
        };
        for table in &readable.policed {
            database
                .execute_batch(&table.view_sql(&database_name))
                .map_err(|f| policy_failed(format!("the view for {}: {}", table.name, f.message)))?;
        }
    }
    Ok(database)
}

/// The parse-tree allowlist over `readable`'s tables and its policy.
fn open_parse_tree_check(readable: &Readable) -> ParseTreeCheck {
    let policy = PolicyCheck {
        hidden_tables: readable.hidden_tables.iter().map(|t| t.to_lowercase()).collect(),
        sources: readable
            .policed
            .iter()
            .map(|t| {
                let columns = t.columns.iter().map(|c| c.to_lowercase()).collect();
                let filters =
                    t.filters.iter().map(|(column, values)| (column.to_lowercase(), values.clone())).collect();
                (t.name.to_lowercase(), SourceRule { columns, filters })
            })
            .collect(),
    };
    ParseTreeCheck::open_policed(readable.tables.clone(), policy)
}
