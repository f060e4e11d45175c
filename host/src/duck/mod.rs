//! The small unsafe layer over DuckDB's C API: the only module that talks to DuckDB.
//!
//! The query path must split a statement with DuckDB's own parser, refuse unless there is
//! exactly one statement of type SELECT, and run *that* parsed statement (the `duckdb`
//! crate's `Connection::prepare` instead runs every statement but the last of a
//! multi-statement string, and cannot report a statement's type). Ingest needs only to run
//! querycell's own statements and read small results. Both fit in this one module, so the
//! crate links DuckDB through `libduckdb-sys` alone.

use std::ffi::{CStr, CString};
use std::fmt;
use std::marker::PhantomData;
use std::os::raw::c_char;
use std::path::Path;
use std::ptr;
use std::sync::Arc;

use libduckdb_sys as ffi;

pub mod conversions;
mod kept;
mod parser;
mod shapes;
mod statement;
mod values;

pub use parser::parse_tree;
pub(crate) use shapes::TRIMMED_BY_DUCKDB;
pub use statement::Statement;

use kept::{Extracted, KeptParses};
use values::OwnedResult;
pub(crate) use values::{date_text, decimal_text, timestamp_text, TimeUnit};
pub use values::{Column, Rows};

/// Why a DuckDB call failed, coarsely, so the executor can classify it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FailureKind {
    /// DuckDB's interrupt stopped the statement (the watchdog, at the deadline).
    Interrupted,
    /// DuckDB ran out of memory: past the connection's `memory_limit`, or an allocation
    /// that failed.
    OutOfMemory,
    /// One statement of type SELECT that DuckDB could not bind (a name or type it cannot
    /// resolve), when it was prepared or run.
    Binding,
    /// A result column of a type querycell cannot read back (nested types and the like).
    UnsupportedType,
    /// A result column of untyped NULL (`SELECT NULL`).
    UntypedNull,
    /// A value past what its type holds: a sum beyond `DECIMAL(38,s)` or `HUGEINT`.
    OutOfRange,
    /// Anything else (a parse error, a refusal by this module, a runtime error); the
    /// message says which.
    Other,
}

/// A failed DuckDB call: its kind, and the message DuckDB (or this module) gave.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failure {
    /// What kind of failure, for the caller to classify.
    pub kind: FailureKind,
    /// What went wrong, in DuckDB's words (or this module's, for a refusal).
    pub message: String,
}

impl Failure {
    fn other(message: impl Into<String>) -> Self {
        Failure { kind: FailureKind::Other, message: message.into() }
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Failure {}

type DuckResult<T> = std::result::Result<T, Failure>;

/// How DuckDB opens a database: as it does by itself, or as the query side needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Opening {
    /// DuckDB's own open, loading every extension linked into the binary (its core
    /// functions, parquet, json): ingest reads CSV, Parquet and JSON files. The text shapes
    /// ingest's type decisions call are registered too (`shapes`).
    Plain,
    /// The query side's (`cpp/open.cpp`): of DuckDB's core functions extension only the
    /// functions statements may call (`query_side_functions`), and no other extension,
    /// since it reads one DuckDB file and a function that is not registered cannot be
    /// called, whatever a check misses; and the file opened by exactly the path given, never
    /// by the name DuckDB would resolve it to, which an ingest may have given to another
    /// version meanwhile.
    QuerySide,
}

/// The functions of DuckDB's core functions extension that querycell's own statements on the
/// query side call, beside any statement's: the catalog name the policy views are qualified
/// by (`exec::runner`). The parse-tree check still refuses them in a statement.
const HOST_QUERY_SIDE_FUNCTIONS: &[&str] = &["current_database"];

/// Functions of the core functions extension that DuckDB's binder and optimizer call in place
/// of what a statement wrote: `first(x ORDER BY y)`, `last(...)` and `DISTINCT ON` run as
/// `arg_min_null` and `arg_max_null`, a top row per group as `arg_min_nulls_last` and
/// `arg_max_nulls_last`. Without them such a statement passed every check and then failed
/// as the caller's error. No statement may name them (the parse-tree check refuses them).
const REWRITE_TARGETS: &[&str] = &["arg_min_null", "arg_max_null", "arg_min_nulls_last", "arg_max_nulls_last"];

/// The names of the functions of DuckDB's core functions extension that a query-side
/// database registers (those of them the extension has): the ones the parse-tree check lets a
/// statement name (`querycell_contract::sql`), which are every one the compilers write,
/// [`HOST_QUERY_SIDE_FUNCTIONS`] and [`REWRITE_TARGETS`].
fn query_side_functions() -> Vec<CString> {
    let names = querycell_contract::sql::functions()
        .chain(querycell_contract::sql::OPERATOR_FUNCTIONS.iter().copied())
        .chain(HOST_QUERY_SIDE_FUNCTIONS.iter().copied())
        .chain(REWRITE_TARGETS.iter().copied());
    // A name with a NUL byte could not be registered, nor named by a statement.
    names.filter_map(|name| CString::new(name).ok()).collect()
}

extern "C" {
    /// `duckdb_open_ext` as [`Opening::QuerySide`] says (`cpp/open.cpp`).
    fn querycell_open_query_side(
        path: *const c_char,
        out: *mut ffi::duckdb_database,
        config: ffi::duckdb_config,
        functions: *const *const c_char,
        function_count: usize,
        out_error: *mut *mut c_char,
    ) -> ffi::duckdb_state;
}

/// A DuckDB database opened as `opening` says, at `path` (in memory when `None`) with
/// `config` set; the caller owns the handle and closes it.
fn open_database_handle(
    path: Option<(&CStr, Access)>,
    opening: Opening,
    config: &[(&'static str, String)],
) -> DuckResult<ffi::duckdb_database> {
    let options = config
        .iter()
        .map(|(name, value)| Ok((CString::new(*name)?, CString::new(value.as_str())?)))
        .collect::<Result<Vec<_>, std::ffi::NulError>>()
        .map_err(|_| Failure::other("a configuration option contains a NUL byte"))?;
    let functions = match opening {
        Opening::QuerySide => query_side_functions(),
        Opening::Plain => Vec::new(),
    };
    let function_pointers: Vec<*const c_char> = functions.iter().map(|f| f.as_ptr()).collect();
    let mut handle: ffi::duckdb_config = ptr::null_mut();
    let mut db: ffi::duckdb_database = ptr::null_mut();
    let mut error: *mut c_char = ptr::null_mut();
    // SAFETY: out-pointers are valid; the config is destroyed on every path; the error
    // string is freed with duckdb_free as the API requires; a null path opens an
    // in-memory database; the function names are NUL-terminated strings `functions` keeps
    // alive past the call, which copies them.
    unsafe {
        if ffi::duckdb_create_config(&mut handle) != ffi::DuckDBSuccess {
            return Err(Failure::other("could not create a DuckDB configuration"));
        }
        let mut set = match path {
            Some((_, Access::ReadOnly)) => {
                ffi::duckdb_set_config(handle, c"access_mode".as_ptr(), c"READ_ONLY".as_ptr())
            }
            Some((_, Access::ReadWrite)) | None => ffi::DuckDBSuccess,
        };
        for (name, value) in &options {
            if set == ffi::DuckDBSuccess {
                set = ffi::duckdb_set_config(handle, name.as_ptr(), value.as_ptr());
            }
        }
        let c_path = path.map_or(ptr::null(), |(p, _)| p.as_ptr());
        let state = match (set, opening) {
            (ffi::DuckDBSuccess, Opening::Plain) => ffi::duckdb_open_ext(c_path, &mut db, handle, &mut error),
            (ffi::DuckDBSuccess, Opening::QuerySide) => querycell_open_query_side(
                c_path,
                &mut db,
                handle,
                function_pointers.as_ptr(),
                function_pointers.len(),
                &mut error,
            ),
            (failed, _) => failed,
        };
        ffi::duckdb_destroy_config(&mut handle);
        if state != ffi::DuckDBSuccess {
            let message = take_error_string(error).unwrap_or_else(|| "could not open the database".into());
            return Err(Failure::other(message));
        }
        Ok(db)
    }
}

/// How a database file is opened.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Access {
    /// DuckDB's `access_mode = READ_ONLY`: how the query side opens the index.
    ReadOnly,
    /// Created if missing; only the trusted ingest opens a file this way.
    ReadWrite,
}

/// A database with one connection: a file (read-only for queries, read-write for ingest) or
/// a private in-memory database.
pub struct Database {
    /// The parses [`Database::parse_kept`] keeps (declared first: dropped before the
    /// connection closes).
    kept: std::cell::RefCell<KeptParses>,
    handles: Arc<Handles>,
    /// Not `Sync`: one call at a time on the connection; other threads only interrupt.
    _one_caller: PhantomData<std::cell::Cell<()>>,
}

/// The C handles, closed when their last owner (the [`Database`], or an [`Interrupter`]
/// that outlives it) is dropped: an interrupt can never reach a closed connection.
struct Handles {
    db: ffi::duckdb_database,
    con: ffi::duckdb_connection,
}

// SAFETY: DuckDB databases and connections may be used from any thread. Calls other than
// duckdb_interrupt go through `Database`, which is not Sync (one caller at a time);
// duckdb_interrupt is documented as safe to call concurrently with a running query.
unsafe impl Send for Handles {}
// SAFETY: as above; shared references are only used for duckdb_interrupt by other threads.
unsafe impl Sync for Handles {}

impl Drop for Handles {
    fn drop(&mut self) {
        // SAFETY: handles were created in `open_raw`, and this is their last owner.
        unsafe {
            ffi::duckdb_disconnect(&mut self.con);
            ffi::duckdb_close(&mut self.db);
        }
    }
}

impl Database {
    /// Open `path` with `access`, then run each `setup` statement (querycell's own settings)
    /// in order.
    pub fn open(path: &Path, access: Access, setup: &[String]) -> DuckResult<Self> {
        let c_path = CString::new(path.to_string_lossy().as_bytes())
            .map_err(|_| Failure::other("the database path contains a NUL byte"))?;
        Self::open_raw(Some((&c_path, access)), Opening::Plain, &[], setup)
    }

    /// [`Database::open`] with `config` (DuckDB option names and values) given to DuckDB as
    /// the database opens, before `setup` runs: no statement ever runs without them; and
    /// opened as `opening` says.
    pub fn open_configured(
        path: &Path,
        access: Access,
        opening: Opening,
        config: &[(&'static str, String)],
        setup: &[String],
    ) -> DuckResult<Self> {
        let c_path = CString::new(path.to_string_lossy().as_bytes())
            .map_err(|_| Failure::other("the database path contains a NUL byte"))?;
        Self::open_raw(Some((&c_path, access)), opening, config, setup)
    }

    /// A new in-memory database holding nothing, then `setup`.
    pub fn in_memory(setup: &[String]) -> DuckResult<Self> {
        Self::open_raw(None, Opening::Plain, &[], setup)
    }

    fn open_raw(
        path: Option<(&CStr, Access)>,
        opening: Opening,
        config: &[(&'static str, String)],
        setup: &[String],
    ) -> DuckResult<Self> {
        // Held to the end of the open and its setup statements, which it runs beside.
        let _grammar = parser::GrammarCompile::start_once();
        let opened = open_database_handle(path, opening, config)?;
        let mut con: ffi::duckdb_connection = ptr::null_mut();
        // SAFETY: `opened` is a live database handle.
        if unsafe { ffi::duckdb_connect(opened, &mut con) } != ffi::DuckDBSuccess {
            let mut db = opened;
            // SAFETY: `db` was opened above, has no connection, and is not used again.
            unsafe { ffi::duckdb_close(&mut db) };
            return Err(Failure::other("could not connect to the database"));
        }
        let database = Database {
            kept: Default::default(),
            handles: Arc::new(Handles { db: opened, con }),
            _one_caller: PhantomData,
        };
        if opening == Opening::Plain {
            // SAFETY: the connection was opened above and is live.
            unsafe { shapes::register(database.con()) }?;
            // SAFETY: as above.
            unsafe { conversions::register(database.con()) }?;
        }
        for statement in setup {
            database
                .execute_batch(statement)
                .map_err(|f| Failure { message: format!("{statement}: {}", f.message), ..f })?;
        }
        Ok(database)
    }

    /// Run querycell's own statements (settings, ingest steps; several may be separated by
    /// `;`), discarding their results. Never called with request text.
    pub fn execute_batch(&self, sql: &str) -> DuckResult<()> {
        let c_sql = CString::new(sql).map_err(|_| Failure::other("NUL byte in SQL"))?;
        // SAFETY: the connection is live and outlives the result, which is dropped at once.
        unsafe { OwnedResult::fill(|out| ffi::duckdb_query(self.con(), c_sql.as_ptr(), out)) }.map(drop)
    }

    /// Run one of querycell's own queries and read its (small) result whole. Never called
    /// with request text.
    pub fn query(&self, sql: &str) -> DuckResult<Vec<Vec<Cell>>> {
        let c_sql = CString::new(sql).map_err(|_| Failure::other("NUL byte in SQL"))?;
        // SAFETY: the connection is live and outlives the result, read and dropped here.
        let result = unsafe { OwnedResult::fill(|out| ffi::duckdb_query(self.con(), c_sql.as_ptr(), out)) }?;
        Ok(result.read(usize::MAX)?.rows)
    }

    /// Split `sql` with DuckDB's parser and prepare it, if and only if it is exactly one
    /// statement whose type DuckDB reports as SELECT.
    pub fn prepare_single_select(&self, sql: &str) -> DuckResult<Prepared<'_>> {
        self.parse(sql)?.prepare_single_select()
    }

    /// Split `sql` with DuckDB's parser, if and only if it is exactly one statement that the
    /// parser calls a SELECT, to bind values to and run once (planned once, when it runs).
    pub fn single_select(&self, sql: &str) -> DuckResult<Statement<'_>> {
        self.parse(sql)?.into_single_select()
    }

    /// Split `sql` with this connection's parser, binding nothing: the statements can be
    /// checked ([`Parsed::tree`]) and then run from this very parse.
    pub fn parse(&self, sql: &str) -> DuckResult<Parsed<'_>> {
        let c_sql = CString::new(sql).map_err(|_| Failure::other("the SQL contains a NUL byte"))?;
        let mut handle: ffi::duckdb_extracted_statements = ptr::null_mut();
        // SAFETY: the connection is live; `handle` is an out-pointer, owned by `Extracted`
        // from here (destroyed on every path, also when the split failed).
        let count = unsafe { ffi::duckdb_extract_statements(self.con(), c_sql.as_ptr(), &mut handle) };
        let extracted = Extracted { handle, count };
        if count == 0 {
            // SAFETY: `handle` is live; the message is copied before it is destroyed.
            let message = unsafe { borrowed_string(ffi::duckdb_extract_statements_error(extracted.handle)) }
                .unwrap_or_else(|| "no statement found".into());
            return Err(Failure::other(format!("DuckDB could not parse the statement: {message}")));
        }
        Ok(Parsed { extracted: Arc::new(extracted), database: self })
    }

    /// [`Database::parse`], from the parse kept for exactly this text when there is one; a
    /// text that parses is kept (the last [`kept::KEPT_PARSES`] of them). The
    /// statement runs as a copy, so the kept parse is never changed.
    pub fn parse_kept(&self, sql: &str) -> DuckResult<Parsed<'_>> {
        if let Some(extracted) = self.kept.borrow().get(sql) {
            return Ok(Parsed { extracted, database: self });
        }
        let parsed = self.parse(sql)?;
        self.kept.borrow_mut().keep(sql, Arc::clone(&parsed.extracted));
        Ok(parsed)
    }

    /// How many parses [`Database::parse_kept`] holds now, and their texts' length added up.
    #[cfg(test)]
    pub fn kept_parses(&self) -> (usize, usize) {
        self.kept.borrow().size()
    }

    /// A handle another thread may keep to interrupt whatever query runs on this
    /// connection; it keeps the connection open for as long as it lives.
    pub fn interrupter(&self) -> Interrupter {
        Interrupter { handles: Arc::clone(&self.handles) }
    }

    fn con(&self) -> ffi::duckdb_connection {
        self.handles.con
    }
}

/// The statements a connection's parser split from one text, nothing bound yet; shared with
/// the connection's kept parses when it came from [`Database::parse_kept`].
pub struct Parsed<'db> {
    extracted: Arc<Extracted>,
    database: &'db Database,
}

impl<'db> Parsed<'db> {
    /// The statements' tree, as [`parse_tree`] writes it for the same text, from this parse.
    pub fn tree(&self) -> DuckResult<String> {
        // SAFETY: `extracted` is live for `self`'s life, split at least one statement (else
        // `Database::parse` failed), and `Parsed` is not shared across threads (`Database`
        // is not Sync: `_one_caller`).
        unsafe { parser::extracted_tree(self.extracted.handle) }
    }

    /// The statement, to bind values to and run once, if and only if there is exactly one
    /// and DuckDB's parser calls it a SELECT. Nothing is bound or planned before
    /// [`Statement::run`], so whatever checks the tree comes first.
    pub fn into_single_select(self) -> DuckResult<Statement<'db>> {
        self.check_single()?;
        Statement::select(self)
    }

    /// Prepare the statement, if and only if there is exactly one and DuckDB reports its
    /// type as SELECT, for a caller that runs it many times. Binding happens here, so
    /// whatever checks the tree comes first. (DuckDB 2.0 binds a statement that reads a
    /// table again at every execution: one that runs once is cheaper as a [`Statement`].)
    pub fn prepare_single_select(self) -> DuckResult<Prepared<'db>> {
        self.check_single()?;
        // Preparing moves the statement out of the parse: a kept parse must stay whole.
        let extracted = Arc::try_unwrap(self.extracted)
            .map_err(|_| Failure::other("a kept parse runs as a copy and is never prepared"))?;
        let mut statement: ffi::duckdb_prepared_statement = ptr::null_mut();
        // SAFETY: connection and handle are live, and the handle is this call's alone; the
        // prepared statement is owned by `Prepared` from here, which destroys it (also on
        // refusal).
        let state = unsafe {
            ffi::duckdb_prepare_extracted_statement(self.database.con(), extracted.handle, 0, &mut statement)
        };
        let prepared = Prepared { statement, _database: PhantomData };
        if state != ffi::DuckDBSuccess {
            // SAFETY: the failed statement holds its error until `prepared` drops.
            let message = unsafe { borrowed_string(ffi::duckdb_prepare_error(statement)) }
                .unwrap_or_else(|| "prepare failed".into());
            return Err(Failure { kind: FailureKind::Binding, message });
        }
        // SAFETY: a statement that prepared.
        let kind = unsafe { ffi::duckdb_prepared_statement_type(statement) };
        if kind == ffi::duckdb_statement_type_DUCKDB_STATEMENT_TYPE_SELECT {
            Ok(prepared)
        } else {
            Err(Failure::other(format!("DuckDB reports statement type {kind}, not SELECT")))
        }
    }

    fn check_single(&self) -> DuckResult<()> {
        match self.extracted.count {
            1 => Ok(()),
            count => Err(Failure::other(format!("DuckDB's parser found {count} statements; exactly one is allowed"))),
        }
    }
}

/// Interrupts the running query of a connection (a no-op when none runs).
#[derive(Clone)]
pub struct Interrupter {
    handles: Arc<Handles>,
}

impl Interrupter {
    /// Ask DuckDB to stop the statement running on the connection now, if any.
    pub fn interrupt(&self) {
        // SAFETY: the Arc keeps the connection open; duckdb_interrupt may be called from any
        // thread while another runs a query on it.
        unsafe { ffi::duckdb_interrupt(self.handles.con) };
    }
}

/// Refuse `given` values for a statement with `placeholders` of them: the count must match.
fn check_value_count(placeholders: usize, given: usize) -> DuckResult<()> {
    if given == placeholders {
        Ok(())
    } else {
        Err(Failure::other(format!("the statement has {placeholders} placeholders but {given} values were given")))
    }
}

/// A value to bind to a `?` placeholder.
#[derive(Debug, Clone, PartialEq)]
pub enum Bind<'a> {
    /// SQL NULL.
    Null,
    /// A `BOOLEAN`.
    Boolean(bool),
    /// A `BIGINT`.
    Integer(i64),
    /// A `DOUBLE`.
    Float(f64),
    /// A `VARCHAR` (DuckDB copies the text when it is bound).
    Text(&'a str),
    /// Days since 1970-01-01.
    Date(i32),
    /// Microseconds since 1970-01-01T00:00:00.
    Timestamp(i64),
}

/// One prepared SELECT, checked by [`Database::prepare_single_select`].
pub struct Prepared<'db> {
    statement: ffi::duckdb_prepared_statement,
    _database: std::marker::PhantomData<&'db Database>,
}

impl Prepared<'_> {
    /// How many placeholders the statement has.
    pub fn parameter_count(&self) -> usize {
        // SAFETY: live prepared statement.
        unsafe { ffi::duckdb_nparams(self.statement) as usize }
    }

    /// Bind `values` to placeholders 1..=n; the count must match exactly.
    pub fn bind_all(&mut self, values: &[Bind<'_>]) -> DuckResult<()> {
        check_value_count(self.parameter_count(), values.len())?;
        let mut values = statement::Values::new(values)?;
        for (i, value) in values.handles().iter().enumerate() {
            // SAFETY: live statement, index in range; DuckDB copies the value.
            let state = unsafe { ffi::duckdb_bind_value(self.statement, (i + 1) as ffi::idx_t, *value) };
            if state != ffi::DuckDBSuccess {
                return Err(Failure::other(format!("binding parameter {} failed", i + 1)));
            }
        }
        Ok(())
    }

    /// Execute, and read the columns and at most `max_rows` rows, whatever the statement's
    /// own `LIMIT` says: the result streams, one chunk at a time, and is cancelled once
    /// `max_rows` rows are read. Reading is part of running (a streaming query does its
    /// work as chunks are fetched), so an interrupt during it stops it too.
    pub fn run(&mut self, max_rows: usize) -> DuckResult<Rows> {
        // SAFETY: live statement; its connection (borrowed for 'db) outlives the result,
        // read and dropped here.
        let result = unsafe { OwnedResult::fill(|out| ffi::duckdb_execute_prepared_streaming(self.statement, out)) }?;
        result.read(max_rows)
    }
}

impl Drop for Prepared<'_> {
    fn drop(&mut self) {
        // SAFETY: created by duckdb_prepare_extracted_statement; not used after this.
        unsafe { ffi::duckdb_destroy_prepare(&mut self.statement) };
    }
}

/// A cell of a result, typed as JSON will show it.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub enum Cell {
    /// SQL NULL.
    Null,
    /// A `BOOLEAN`.
    Boolean(bool),
    /// Any integer type up to `HUGEINT`; a `UHUGEINT` too large for `i128` comes as text.
    Integer(i128),
    /// Carried as its bits between processes: JSON has no NaN or infinity.
    Float(#[serde(with = "float_bits")] f64),
    /// A `DECIMAL(p,s)`, written out exactly (`-123.45`, `12345678901234567988.8734567892`)
    /// as DuckDB's `CAST(x AS VARCHAR)` writes it: a double would round money.
    Decimal(String),
    /// Text, and every type read back as text (dates, timestamps, times, intervals, UUIDs,
    /// ...), spelled as DuckDB's `CAST(x AS VARCHAR)` spells it.
    Text(String),
}

impl Cell {
    /// The value as text (numbers and booleans spelled out); `None` for NULL.
    pub fn text(&self) -> Option<String> {
        match self {
            Cell::Null => None,
            Cell::Boolean(b) => Some(b.to_string()),
            Cell::Integer(i) => Some(i.to_string()),
            Cell::Float(f) => Some(f.to_string()),
            Cell::Decimal(d) | Cell::Text(d) => Some(d.clone()),
        }
    }

    /// The value as a whole number, if it is one.
    pub fn integer(&self) -> Option<i64> {
        match self {
            Cell::Integer(i) => i64::try_from(*i).ok(),
            _ => None,
        }
    }

    /// The value as a boolean, if it is one.
    pub fn boolean(&self) -> Option<bool> {
        match self {
            Cell::Boolean(b) => Some(*b),
            _ => None,
        }
    }
}

/// The first row of a result (empty when there is none).
pub(crate) fn first_row(rows: Vec<Vec<Cell>>) -> Vec<Cell> {
    rows.into_iter().next().unwrap_or_default()
}

/// The text of cell `column` of `row` (see [`Cell::text`]); `None` for NULL or no such cell.
pub(crate) fn cell_text(row: &[Cell], column: usize) -> Option<String> {
    row.get(column).and_then(Cell::text)
}

/// The whole number in cell `column` of `row`; 0 for NULL, another type or no such cell.
pub(crate) fn cell_integer(row: &[Cell], column: usize) -> i64 {
    row.get(column).and_then(Cell::integer).unwrap_or(0)
}

/// The error of a failed result, classified.
unsafe fn result_failure(result: &mut ffi::duckdb_result) -> Failure {
    // SAFETY: by the caller's contract, `result` was filled by a failed DuckDB call and is still live.
    unsafe {
        let message = borrowed_string(ffi::duckdb_result_error(result)).unwrap_or_else(|| "query failed".into());
        let kind = match ffi::duckdb_result_error_type(result) {
            ffi::duckdb_error_type_DUCKDB_ERROR_INTERRUPT => FailureKind::Interrupted,
            ffi::duckdb_error_type_DUCKDB_ERROR_OUT_OF_MEMORY => FailureKind::OutOfMemory,
            ffi::duckdb_error_type_DUCKDB_ERROR_OUT_OF_RANGE => FailureKind::OutOfRange,
            // A statement that runs without being prepared first is bound as it runs.
            ffi::duckdb_error_type_DUCKDB_ERROR_BINDER | ffi::duckdb_error_type_DUCKDB_ERROR_CATALOG => {
                FailureKind::Binding
            }
            _ => FailureKind::Other,
        };
        Failure { kind, message }
    }
}

/// Copy a C string owned by DuckDB (not freed here).
unsafe fn borrowed_string(text: *const c_char) -> Option<String> {
    if text.is_null() {
        None
    } else {
        // SAFETY: by the caller's contract, `text` is a NUL-terminated string DuckDB keeps alive for now.
        Some(unsafe { CStr::from_ptr(text) }.to_string_lossy().into_owned())
    }
}

/// Copy and free an error string DuckDB allocated for us.
unsafe fn take_error_string(text: *mut c_char) -> Option<String> {
    // SAFETY: by the caller's contract, `text` is null or a string allocated by DuckDB for the caller.
    unsafe {
        let copy = borrowed_string(text);
        if !text.is_null() {
            ffi::duckdb_free(text as *mut std::ffi::c_void);
        }
        copy
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

#[cfg(test)]
mod tests {
    use super::*;
    use kept::{KEPT_PARSES, KEPT_TEXT_BYTES, KEPT_TEXT_MAX};

    /// A statement asked again runs from the parse the connection kept, with its new values,
    /// and the kept parse stays whole; it is never prepared (which would move the statement
    /// out); the connection keeps at most [`kept::KEPT_PARSES`], of texts that add up to at
    /// most [`kept::KEPT_TEXT_BYTES`].
    #[test]
    fn a_kept_parse_runs_again_with_other_values_and_stays_whole() {
        let database = Database::in_memory(&[]).unwrap();
        let sql = "SELECT ? * 2 AS doubled";
        for n in [1i64, 5, 21] {
            let mut statement = database.parse_kept(sql).unwrap().into_single_select().unwrap();
            statement.bind_all(&[Bind::Integer(n)]).unwrap();
            assert_eq!(statement.run(10).unwrap().rows[0][0].integer(), Some(n * 2));
        }
        assert_eq!(database.kept_parses(), (1, sql.len()));
        let failure = database.parse_kept(sql).unwrap().prepare_single_select().err().expect("refused");
        assert!(failure.message.contains("never prepared"), "{}", failure.message);
        let mut statement = database.parse_kept(sql).unwrap().into_single_select().unwrap();
        statement.bind_all(&[Bind::Integer(4)]).unwrap();
        assert_eq!(statement.run(10).unwrap().rows[0][0].integer(), Some(8), "the refused prepare took the parse");

        // A text that does not parse is not kept; a text of several statements is kept and
        // still refused each time.
        assert!(database.parse_kept("SELEC 1").is_err());
        assert_eq!(database.kept_parses().0, 1);
        for _ in 0..2 {
            assert!(database.parse_kept("SELECT 1; SELECT 2").unwrap().into_single_select().is_err());
        }
        for i in 0..2 * KEPT_PARSES {
            database.parse_kept(&format!("SELECT {i}")).unwrap();
        }
        assert_eq!(database.kept_parses().0, KEPT_PARSES);
        let last = database.parse_kept(&format!("SELECT {}", 2 * KEPT_PARSES - 1)).unwrap();
        assert_eq!(
            last.into_single_select().unwrap().run(1).unwrap().rows[0][0].integer(),
            Some(2 * KEPT_PARSES as i64 - 1)
        );

        // Long texts: the kept ones add up to at most KEPT_TEXT_BYTES, and one longer than
        // KEPT_TEXT_MAX is parsed (and runs) but is not kept.
        let long = |i: usize, length: usize| {
            let head = format!("SELECT {i} AS n WHERE 1 IN (");
            let list = "1,".repeat((length - head.len() - 2) / 2);
            format!("{head}{list}1)")
        };
        for i in 0..KEPT_PARSES {
            database.parse_kept(&long(i, KEPT_TEXT_MAX)).unwrap();
            let (count, bytes) = database.kept_parses();
            assert!(bytes <= KEPT_TEXT_BYTES && count <= KEPT_PARSES, "{count} parses of {bytes} bytes kept");
        }
        let too_long = long(7, KEPT_TEXT_MAX + 64);
        let before = database.kept_parses();
        let answer = database.parse_kept(&too_long).unwrap().into_single_select().unwrap().run(1).unwrap();
        assert_eq!(answer.rows[0][0].integer(), Some(7));
        assert_eq!(database.kept_parses(), before, "a text over KEPT_TEXT_MAX was kept");
    }

    /// The path DuckDB says it opened the main database from.
    fn opened_path(database: &Database) -> String {
        let rows = database
            .query("SELECT path FROM duckdb_databases() WHERE database_name = current_database()")
            .expect("duckdb_databases() answers");
        rows[0][0].text().expect("a path")
    }

    /// The query side opens the data file through the folder descriptor it holds, the version
    /// whose catalog it read; DuckDB by itself opens the folder's name instead, which an
    /// ingest may have exchanged for another version in between (tests/all/ingest/snapshots.rs
    /// shows the race; this shows the cause without waiting for it).
    #[test]
    fn the_query_side_opens_the_path_it_is_given_not_the_name_it_resolves_to() {
        use std::os::fd::AsRawFd;
        let dir = tempfile::tempdir().unwrap();
        let version = dir.path().join("index");
        std::fs::create_dir(&version).unwrap();
        Database::open(&version.join("data.duckdb"), Access::ReadWrite, &["CREATE TABLE t AS SELECT 1 AS x".into()])
            .unwrap();
        let folder = std::fs::File::open(&version).unwrap();
        let through_descriptor = std::path::PathBuf::from(format!("/proc/self/fd/{}/data.duckdb", folder.as_raw_fd()));

        let query_side =
            Database::open_configured(&through_descriptor, Access::ReadOnly, Opening::QuerySide, &[], &[]).unwrap();
        assert_eq!(opened_path(&query_side), through_descriptor.to_str().unwrap());
        assert_eq!(query_side.query("SELECT x FROM t").unwrap()[0][0].integer(), Some(1));

        let plain = Database::open_configured(&through_descriptor, Access::ReadOnly, Opening::Plain, &[], &[]).unwrap();
        assert_eq!(
            opened_path(&plain),
            version.canonicalize().unwrap().join("data.duckdb").to_str().unwrap(),
            "DuckDB by itself resolves the descriptor's path to the folder's name: if it no longer does, \
             Opening::QuerySide's file system may no longer be needed"
        );
    }

    /// The names of the functions `database` has, from `extension` (any extension, or none,
    /// when `None`).
    fn function_names(database: &Database, extension: Option<&str>) -> std::collections::BTreeSet<String> {
        let filter = extension.map_or(String::new(), |e| format!(" WHERE extension_name = '{e}'"));
        let rows = database.query(&format!("SELECT DISTINCT function_name FROM duckdb_functions(){filter}")).unwrap();
        rows.iter().map(|row| row[0].text().expect("a name").to_lowercase()).collect()
    }

    /// Of DuckDB's core functions extension, the query side registers exactly those a
    /// statement may name, and the host's own; every allowlisted function DuckDB has is
    /// there, and nothing from any other extension.
    #[test]
    fn the_query_side_registers_only_the_core_functions_statements_may_call() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("data.duckdb");
        Database::open(&file, Access::ReadWrite, &["CREATE TABLE t AS SELECT 1 AS x".into()]).unwrap();
        let query_side = Database::open_configured(&file, Access::ReadOnly, Opening::QuerySide, &[], &[]).unwrap();
        let plain = Database::in_memory(&[]).unwrap();
        let allowed: std::collections::BTreeSet<String> =
            query_side_functions().iter().map(|name| name.to_str().unwrap().to_lowercase()).collect();

        let core = function_names(&plain, Some("core_functions"));
        let registered = function_names(&query_side, Some("core_functions"));
        assert_eq!(registered, core.intersection(&allowed).cloned().collect(), "core functions registered");
        assert!(core.len() > 2 * registered.len(), "{} of {} core functions registered", registered.len(), core.len());
        for refused in ["current_setting", "current_query", "levenshtein", "repeat", "version"] {
            assert!(core.contains(refused) && !registered.contains(refused), "{refused}");
        }

        let everywhere = function_names(&plain, None);
        let query_side_all = function_names(&query_side, None);
        let missing: Vec<_> = allowed.intersection(&everywhere).filter(|f| !query_side_all.contains(*f)).collect();
        assert!(missing.is_empty(), "allowlisted functions DuckDB has but the query side lacks: {missing:?}");
        let from_elsewhere = query_side
            .query("SELECT count(*) FROM duckdb_functions() WHERE extension_name <> 'core_functions'")
            .unwrap();
        assert_eq!(from_elsewhere[0][0].integer(), Some(0), "functions of another extension");

        // Ingest's text shapes are a plain database's only: a statement cannot reach them.
        assert!(everywhere.contains("querycell_integer") && everywhere.contains("querycell_padded"));
        let shapes: Vec<_> = query_side_all.iter().filter(|f| f.starts_with("querycell_")).collect();
        assert!(shapes.is_empty(), "text shapes on the query side: {shapes:?}");
        assert!(query_side.query("SELECT querycell_integer('1')").is_err());
    }
}
