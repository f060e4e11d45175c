//! One SELECT that a connection's parser split, run with its values (`cpp/submit.cpp`): a copy
//! of the parsed statement runs, so a parse the connection keeps can run again.
//!
//! DuckDB plans it once, with the values bound. A prepared statement would be planned twice:
//! DuckDB 2.0 binds and optimizes a statement when it is prepared, and again at every
//! execution when it reads a table (it is marked to be rebound, since optimizers may embed the
//! database's state in the plan), which cost a small answer about as much as running it.

use libduckdb_sys as ffi;

use super::{check_value_count, Bind, DuckResult, Failure, OwnedResult, Parsed, Rows};

extern "C" {
    fn querycell_extracted_is_select(extracted: ffi::duckdb_extracted_statements, index: ffi::idx_t) -> bool;
    fn querycell_extracted_parameter_count(
        extracted: ffi::duckdb_extracted_statements,
        index: ffi::idx_t,
    ) -> ffi::idx_t;
    fn querycell_submit_extracted(
        connection: ffi::duckdb_connection,
        extracted: ffi::duckdb_extracted_statements,
        index: ffi::idx_t,
        values: *mut ffi::duckdb_value,
        value_count: ffi::idx_t,
        out: *mut ffi::duckdb_result,
    ) -> ffi::duckdb_state;
}

/// The one statement of a parse ([`Parsed::into_single_select`]), which DuckDB's parser
/// calls a SELECT, with the values bound to its placeholders; [`Statement::run`] consumes it.
pub struct Statement<'db> {
    parsed: Parsed<'db>,
    values: Values,
}

/// DuckDB values made from [`Bind`]s, owned until dropped (DuckDB copies a value when it
/// binds or runs with it).
pub(super) struct Values(Vec<ffi::duckdb_value>);

impl Values {
    /// A DuckDB value for each of `binds`, in order.
    pub(super) fn new(binds: &[Bind<'_>]) -> DuckResult<Values> {
        let mut values = Values(Vec::with_capacity(binds.len()));
        for (i, bind) in binds.iter().enumerate() {
            let value = duckdb_value(bind);
            if value.is_null() {
                return Err(Failure::other(format!("binding parameter {} failed", i + 1)));
            }
            values.0.push(value);
        }
        Ok(values)
    }

    /// The values, for a C call that reads (and copies) them.
    pub(super) fn handles(&mut self) -> &mut [ffi::duckdb_value] {
        &mut self.0
    }
}

impl Drop for Values {
    fn drop(&mut self) {
        for value in &mut self.0 {
            // SAFETY: each was created by a duckdb_create_* call, is not null and is destroyed once.
            unsafe { ffi::duckdb_destroy_value(value) };
        }
    }
}

impl<'db> Statement<'db> {
    /// Statement 0 of `parsed`, if DuckDB's parser calls it a SELECT.
    pub(super) fn select(parsed: Parsed<'db>) -> DuckResult<Self> {
        // SAFETY: `extracted` is live for the parse's life; the check reads it and changes nothing.
        if unsafe { querycell_extracted_is_select(parsed.extracted.handle, 0) } {
            Ok(Statement { parsed, values: Values(Vec::new()) })
        } else {
            Err(Failure::other("DuckDB's parser reports a statement that is not a SELECT"))
        }
    }

    /// How many placeholders the statement has.
    pub fn parameter_count(&self) -> usize {
        // SAFETY: `extracted` is live for the parse's life and holds statement 0 (the parse
        // split exactly one); counting reads it and changes nothing.
        unsafe { querycell_extracted_parameter_count(self.parsed.extracted.handle, 0) as usize }
    }

    /// Bind `values` to placeholders 1..=n; the count must match exactly.
    pub fn bind_all(&mut self, values: &[Bind<'_>]) -> DuckResult<()> {
        check_value_count(self.parameter_count(), values.len())?;
        self.values = Values::new(values)?;
        Ok(())
    }

    /// Run the statement with the bound values, and read the columns and at most `max_rows`
    /// rows, as [`super::Prepared::run`] does: the result streams and is cancelled once
    /// `max_rows` rows are read.
    pub fn run(mut self, max_rows: usize) -> DuckResult<Rows> {
        let handles = self.values.handles();
        let count = handles.len() as ffi::idx_t;
        // SAFETY: the connection that split `extracted` is live (borrowed for 'db) and
        // outlives the result, read and dropped here; `extracted` holds statement 0, of which
        // the call submits a copy and which it leaves as it was; the values are live and
        // DuckDB copies them.
        let result = unsafe {
            OwnedResult::fill(|out| {
                querycell_submit_extracted(
                    self.parsed.database.con(),
                    self.parsed.extracted.handle,
                    0,
                    handles.as_mut_ptr(),
                    count,
                    out,
                )
            })
        }?;
        result.read(max_rows)
    }
}

/// A new DuckDB value for `value`; null when DuckDB could not make one.
fn duckdb_value(value: &Bind<'_>) -> ffi::duckdb_value {
    // SAFETY: each call copies its input into a new value the caller owns; text is passed
    // with its length (it need not end with NUL).
    unsafe {
        match value {
            Bind::Null => ffi::duckdb_create_null_value(),
            Bind::Boolean(b) => ffi::duckdb_create_bool(*b),
            Bind::Integer(n) => ffi::duckdb_create_int64(*n),
            Bind::Float(f) => ffi::duckdb_create_double(*f),
            Bind::Text(t) => ffi::duckdb_create_varchar_length(t.as_ptr().cast(), t.len() as ffi::idx_t),
            Bind::Date(days) => ffi::duckdb_create_date(ffi::duckdb_date { days: *days }),
            Bind::Timestamp(micros) => ffi::duckdb_create_timestamp(ffi::duckdb_timestamp { micros: *micros }),
        }
    }
}
