//! Reading DuckDB results into owned Rust values, one data chunk at a time.
//!
//! A result is read with `duckdb_fetch_chunk` (on a streaming result, that is what drives
//! the query) and reading stops at the caller's row cap whatever the SQL says: the host
//! never holds more than the rows it keeps plus the one chunk it is reading. Values are
//! copied out while their chunk is alive, so nothing returned points into DuckDB. Every
//! scalar type is spelled the way DuckDB's own `CAST(x AS VARCHAR)` spells it (a test
//! compares the two over `test_all_types()`); a type querycell cannot read back (nested
//! types, bit strings, …) is refused by name before any row is read.

use std::ffi::c_void;
use std::marker::PhantomData;

use libduckdb_sys as ffi;

use super::{borrowed_string, result_failure, Cell, DuckResult, Failure, FailureKind};

/// A column of a result: its name and DuckDB's name for its type.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Column {
    /// The column's name as the statement gave it (its alias, or DuckDB's name for the
    /// expression).
    pub name: String,
    /// e.g. `BIGINT`, `DECIMAL(18,3)`, `TIMESTAMP`.
    pub type_name: String,
}

/// A result read into Rust: owned, holding nothing of DuckDB's.
#[derive(Debug, Clone, PartialEq, Default, serde::Serialize, serde::Deserialize)]
pub struct Rows {
    /// The result's columns, in order.
    pub columns: Vec<Column>,
    /// At most the `max_rows` the reader was given.
    pub rows: Vec<Vec<Cell>>,
}

/// A successful `duckdb_result`, destroyed when dropped.
pub(super) struct OwnedResult {
    result: ffi::duckdb_result,
}

impl OwnedResult {
    /// Run `call`, a DuckDB call that fills the result it is handed and reports its state:
    /// the result, owned, when it succeeded; its classified error (the result destroyed)
    /// when it failed.
    ///
    /// # Safety
    /// `call` must fill the result it is given (or leave it zeroed), and the connection it
    /// runs on must outlive the returned value.
    pub(super) unsafe fn fill(
        call: impl FnOnce(*mut ffi::duckdb_result) -> ffi::duckdb_state,
    ) -> DuckResult<OwnedResult> {
        // SAFETY: a zeroed result is what the C API expects to be handed; a failed one is
        // read for its error and destroyed once; a successful one is owned from here on.
        unsafe {
            let mut result: ffi::duckdb_result = std::mem::zeroed();
            if call(&mut result) != ffi::DuckDBSuccess {
                let failure = result_failure(&mut result);
                ffi::duckdb_destroy_result(&mut result);
                return Err(failure);
            }
            Ok(OwnedResult { result })
        }
    }

    /// Read the columns and at most `max_rows` rows, then destroy the result (a streaming
    /// query that still had rows to give is cancelled with it).
    pub(super) fn read(mut self, max_rows: usize) -> DuckResult<Rows> {
        let readers = self.readers()?;
        let columns = readers.iter().map(|(column, _)| column.clone()).collect();
        let mut rows: Vec<Vec<Cell>> = Vec::new();
        while rows.len() < max_rows {
            // SAFETY: `self.result` is live and owned; the chunk is destroyed by `Chunk`.
            let handle = unsafe { ffi::duckdb_fetch_chunk(self.result) };
            if handle.is_null() {
                // The end of the rows, or a failure while producing them.
                // SAFETY: live result; the error string is owned by it.
                let failed = unsafe { !ffi::duckdb_result_error(&mut self.result).is_null() };
                if failed {
                    // SAFETY: live result that reports an error.
                    return Err(unsafe { result_failure(&mut self.result) });
                }
                break;
            }
            let chunk = Chunk::new(handle);
            let take = chunk.size.min(max_rows - rows.len());
            let vectors: Vec<Vector<'_>> = (0..readers.len()).map(|c| chunk.vector(c)).collect();
            for row in 0..take {
                rows.push(readers.iter().zip(&vectors).map(|((_, reader), vector)| reader.cell(vector, row)).collect());
            }
        }
        Ok(Rows { columns, rows })
    }

    fn column_count(&mut self) -> usize {
        // SAFETY: live result.
        unsafe { ffi::duckdb_column_count(&mut self.result) as usize }
    }

    /// Each column with the reader for its type; a type that cannot be read is refused here,
    /// before any row is fetched.
    fn readers(&mut self) -> DuckResult<Vec<(Column, Reader)>> {
        let count = self.column_count();
        let mut readers = Vec::with_capacity(count);
        for c in 0..count {
            let index = c as ffi::idx_t;
            // SAFETY: live result, `c` below its column count; the name is owned by the
            // result and copied at once; the logical type is owned by `LogicalType`.
            let (name, logical) = unsafe {
                let name = borrowed_string(ffi::duckdb_column_name(&mut self.result, index)).unwrap_or_default();
                (name, LogicalType(ffi::duckdb_column_logical_type(&mut self.result, index)))
            };
            let reader = Reader::for_type(logical, &name)?;
            let type_name = reader.type_name();
            readers.push((Column { name, type_name }, reader));
        }
        Ok(readers)
    }
}

impl Drop for OwnedResult {
    fn drop(&mut self) {
        // SAFETY: owned since `new`; not used after this.
        unsafe { ffi::duckdb_destroy_result(&mut self.result) };
    }
}

/// A logical type handle, destroyed when dropped.
struct LogicalType(ffi::duckdb_logical_type);

impl LogicalType {
    fn id(&self) -> ffi::duckdb_type {
        // SAFETY: live logical type.
        unsafe { ffi::duckdb_get_type_id(self.0) }
    }
}

impl Drop for LogicalType {
    fn drop(&mut self) {
        // SAFETY: created by DuckDB for us; destroyed once.
        unsafe { ffi::duckdb_destroy_logical_type(&mut self.0) };
    }
}

/// A fetched data chunk, destroyed when dropped; its vectors borrow it.
struct Chunk {
    handle: ffi::duckdb_data_chunk,
    size: usize,
    columns: usize,
}

impl Chunk {
    fn new(handle: ffi::duckdb_data_chunk) -> Chunk {
        // SAFETY: a live chunk from duckdb_fetch_chunk.
        let (size, columns) = unsafe {
            (ffi::duckdb_data_chunk_get_size(handle) as usize, ffi::duckdb_data_chunk_get_column_count(handle) as usize)
        };
        Chunk { handle, size, columns }
    }

    fn vector(&self, column: usize) -> Vector<'_> {
        assert!(column < self.columns, "column {column} of a chunk with {} columns", self.columns);
        // SAFETY: live chunk, column in range; the vector and its buffers live as long as
        // the chunk, which the returned lifetime ties them to.
        unsafe {
            let vector = ffi::duckdb_data_chunk_get_vector(self.handle, column as ffi::idx_t);
            Vector {
                data: ffi::duckdb_vector_get_data(vector),
                validity: ffi::duckdb_vector_get_validity(vector),
                size: self.size,
                _chunk: PhantomData,
            }
        }
    }
}

impl Drop for Chunk {
    fn drop(&mut self) {
        // SAFETY: owned since `new`; its vectors (which borrow it) are gone.
        unsafe { ffi::duckdb_destroy_data_chunk(&mut self.handle) };
    }
}

/// One column of a chunk: `size` values of the column's physical type and a validity mask
/// (null when every value is valid).
struct Vector<'chunk> {
    data: *mut c_void,
    validity: *mut u64,
    size: usize,
    _chunk: PhantomData<&'chunk Chunk>,
}

impl Vector<'_> {
    fn is_null(&self, row: usize) -> bool {
        assert!(row < self.size, "row {row} of a chunk of {}", self.size);
        // SAFETY: the mask covers `size` rows and lives with the chunk.
        !self.validity.is_null() && unsafe { !ffi::duckdb_validity_row_is_valid(self.validity, row as ffi::idx_t) }
    }

    /// The value at `row` as its physical type `T`.
    ///
    /// # Safety
    /// `T` must be the vector's physical type (the [`Reader`] chose it from the column's
    /// logical type).
    unsafe fn get<T: Copy>(&self, row: usize) -> T {
        assert!(row < self.size, "row {row} of a chunk of {}", self.size);
        // SAFETY: by the caller's contract, the data holds `size` values of type `T`, aligned for it.
        unsafe { (self.data as *const T).add(row).read() }
    }

    /// The bytes of a VARCHAR or BLOB value.
    ///
    /// # Safety
    /// The vector must hold `duckdb_string_t` values (VARCHAR or BLOB).
    unsafe fn bytes(&self, row: usize) -> &[u8] {
        assert!(row < self.size, "row {row} of a chunk of {}", self.size);
        // SAFETY: by the caller's contract, `duckdb_string_t` values; a string's bytes (inlined in the
        // value, or in the chunk's string heap) live as long as the chunk.
        unsafe {
            let value = (self.data as *mut ffi::duckdb_string_t).add(row);
            let length = ffi::duckdb_string_t_length(*value) as usize;
            let data = ffi::duckdb_string_t_data(value);
            if length == 0 || data.is_null() {
                &[]
            } else {
                std::slice::from_raw_parts(data as *const u8, length)
            }
        }
    }
}

/// How a decimal or enum is stored.
#[derive(Debug, Clone, Copy)]
enum Storage {
    U8,
    U16,
    U32,
    I16,
    I32,
    I64,
    I128,
}

impl Storage {
    fn of(id: ffi::duckdb_type) -> Option<Storage> {
        Some(match id {
            ffi::DUCKDB_TYPE_DUCKDB_TYPE_UTINYINT => Storage::U8,
            ffi::DUCKDB_TYPE_DUCKDB_TYPE_USMALLINT => Storage::U16,
            ffi::DUCKDB_TYPE_DUCKDB_TYPE_UINTEGER => Storage::U32,
            ffi::DUCKDB_TYPE_DUCKDB_TYPE_SMALLINT => Storage::I16,
            ffi::DUCKDB_TYPE_DUCKDB_TYPE_INTEGER => Storage::I32,
            ffi::DUCKDB_TYPE_DUCKDB_TYPE_BIGINT => Storage::I64,
            ffi::DUCKDB_TYPE_DUCKDB_TYPE_HUGEINT => Storage::I128,
            _ => return None,
        })
    }

    /// # Safety
    /// The vector must be stored as `self`.
    unsafe fn get(self, vector: &Vector<'_>, row: usize) -> i128 {
        // SAFETY: by the caller's contract, the storage type is the vector's physical type.
        unsafe {
            match self {
                Storage::U8 => i128::from(vector.get::<u8>(row)),
                Storage::U16 => i128::from(vector.get::<u16>(row)),
                Storage::U32 => i128::from(vector.get::<u32>(row)),
                Storage::I16 => i128::from(vector.get::<i16>(row)),
                Storage::I32 => i128::from(vector.get::<i32>(row)),
                Storage::I64 => i128::from(vector.get::<i64>(row)),
                Storage::I128 => hugeint(vector.get::<ffi::duckdb_hugeint>(row)),
            }
        }
    }
}

/// Units of the timestamp variants, as fractions of a second.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum TimeUnit {
    Seconds,
    Millis,
    Micros,
    Nanos,
}

/// How one column's values become [`Cell`]s. Chosen once per result from the column's
/// logical type, which also fixes the physical type every `get` reads.
enum Reader {
    Boolean,
    Int8,
    Int16,
    Int32,
    Int64,
    UInt8,
    UInt16,
    UInt32,
    UInt64,
    HugeInt,
    UHugeInt,
    Float,
    Double,
    Decimal { storage: Storage, width: u8, scale: u8 },
    Varchar,
    Blob,
    Date,
    Timestamp(TimeUnit),
    TimestampTz(TimeUnit),
    Time,
    Interval,
    Uuid,
    Enum { storage: Storage, logical: LogicalType },
}

impl Reader {
    fn for_type(logical: LogicalType, column: &str) -> DuckResult<Reader> {
        let id = logical.id();
        Ok(match id {
            ffi::DUCKDB_TYPE_DUCKDB_TYPE_BOOLEAN => Reader::Boolean,
            ffi::DUCKDB_TYPE_DUCKDB_TYPE_TINYINT => Reader::Int8,
            ffi::DUCKDB_TYPE_DUCKDB_TYPE_SMALLINT => Reader::Int16,
            ffi::DUCKDB_TYPE_DUCKDB_TYPE_INTEGER => Reader::Int32,
            ffi::DUCKDB_TYPE_DUCKDB_TYPE_BIGINT => Reader::Int64,
            ffi::DUCKDB_TYPE_DUCKDB_TYPE_UTINYINT => Reader::UInt8,
            ffi::DUCKDB_TYPE_DUCKDB_TYPE_USMALLINT => Reader::UInt16,
            ffi::DUCKDB_TYPE_DUCKDB_TYPE_UINTEGER => Reader::UInt32,
            ffi::DUCKDB_TYPE_DUCKDB_TYPE_UBIGINT => Reader::UInt64,
            ffi::DUCKDB_TYPE_DUCKDB_TYPE_HUGEINT => Reader::HugeInt,
            ffi::DUCKDB_TYPE_DUCKDB_TYPE_UHUGEINT => Reader::UHugeInt,
            ffi::DUCKDB_TYPE_DUCKDB_TYPE_FLOAT => Reader::Float,
            ffi::DUCKDB_TYPE_DUCKDB_TYPE_DOUBLE => Reader::Double,
            ffi::DUCKDB_TYPE_DUCKDB_TYPE_DECIMAL => {
                // SAFETY: a live DECIMAL logical type.
                let (internal, width, scale) = unsafe {
                    (
                        ffi::duckdb_decimal_internal_type(logical.0),
                        ffi::duckdb_decimal_width(logical.0),
                        ffi::duckdb_decimal_scale(logical.0),
                    )
                };
                let storage = Storage::of(internal).ok_or_else(|| unreadable(column, "DECIMAL"))?;
                Reader::Decimal { storage, width, scale }
            }
            ffi::DUCKDB_TYPE_DUCKDB_TYPE_VARCHAR => Reader::Varchar,
            ffi::DUCKDB_TYPE_DUCKDB_TYPE_BLOB => Reader::Blob,
            ffi::DUCKDB_TYPE_DUCKDB_TYPE_DATE => Reader::Date,
            ffi::DUCKDB_TYPE_DUCKDB_TYPE_TIMESTAMP => Reader::Timestamp(TimeUnit::Micros),
            ffi::DUCKDB_TYPE_DUCKDB_TYPE_TIMESTAMP_S => Reader::Timestamp(TimeUnit::Seconds),
            ffi::DUCKDB_TYPE_DUCKDB_TYPE_TIMESTAMP_MS => Reader::Timestamp(TimeUnit::Millis),
            ffi::DUCKDB_TYPE_DUCKDB_TYPE_TIMESTAMP_NS => Reader::Timestamp(TimeUnit::Nanos),
            ffi::DUCKDB_TYPE_DUCKDB_TYPE_TIMESTAMP_TZ => Reader::TimestampTz(TimeUnit::Micros),
            ffi::DUCKDB_TYPE_DUCKDB_TYPE_TIMESTAMP_TZ_NS => Reader::TimestampTz(TimeUnit::Nanos),
            ffi::DUCKDB_TYPE_DUCKDB_TYPE_TIME => Reader::Time,
            ffi::DUCKDB_TYPE_DUCKDB_TYPE_INTERVAL => Reader::Interval,
            ffi::DUCKDB_TYPE_DUCKDB_TYPE_UUID => Reader::Uuid,
            ffi::DUCKDB_TYPE_DUCKDB_TYPE_ENUM => {
                // SAFETY: a live ENUM logical type.
                let internal = unsafe { ffi::duckdb_enum_internal_type(logical.0) };
                let storage = Storage::of(internal).ok_or_else(|| unreadable(column, "ENUM"))?;
                Reader::Enum { storage, logical }
            }
            ffi::DUCKDB_TYPE_DUCKDB_TYPE_SQLNULL => {
                return Err(Failure {
                    kind: FailureKind::UntypedNull,
                    message: format!("column \"{column}\" is an untyped NULL"),
                })
            }
            other => return Err(unreadable(column, type_name(other))),
        })
    }

    fn type_name(&self) -> String {
        match self {
            Reader::Boolean => "BOOLEAN".into(),
            Reader::Int8 => "TINYINT".into(),
            Reader::Int16 => "SMALLINT".into(),
            Reader::Int32 => "INTEGER".into(),
            Reader::Int64 => "BIGINT".into(),
            Reader::UInt8 => "UTINYINT".into(),
            Reader::UInt16 => "USMALLINT".into(),
            Reader::UInt32 => "UINTEGER".into(),
            Reader::UInt64 => "UBIGINT".into(),
            Reader::HugeInt => "HUGEINT".into(),
            Reader::UHugeInt => "UHUGEINT".into(),
            Reader::Float => "FLOAT".into(),
            Reader::Double => "DOUBLE".into(),
            Reader::Decimal { width, scale, .. } => format!("DECIMAL({width},{scale})"),
            Reader::Varchar => "VARCHAR".into(),
            Reader::Blob => "BLOB".into(),
            Reader::Date => "DATE".into(),
            Reader::Timestamp(TimeUnit::Micros) => "TIMESTAMP".into(),
            Reader::Timestamp(TimeUnit::Seconds) => "TIMESTAMP_S".into(),
            Reader::Timestamp(TimeUnit::Millis) => "TIMESTAMP_MS".into(),
            Reader::Timestamp(TimeUnit::Nanos) => "TIMESTAMP_NS".into(),
            Reader::TimestampTz(TimeUnit::Nanos) => "TIMESTAMPTZ_NS".into(),
            Reader::TimestampTz(_) => "TIMESTAMP WITH TIME ZONE".into(),
            Reader::Time => "TIME".into(),
            Reader::Interval => "INTERVAL".into(),
            Reader::Uuid => "UUID".into(),
            Reader::Enum { .. } => "ENUM".into(),
        }
    }

    fn cell(&self, vector: &Vector<'_>, row: usize) -> Cell {
        if vector.is_null(row) {
            return Cell::Null;
        }
        // SAFETY: each arm reads the physical type DuckDB stores its logical type as (the
        // C API's type table); `for_type` chose the arm from the column's logical type.
        unsafe {
            match self {
                Reader::Boolean => Cell::Boolean(vector.get::<u8>(row) != 0),
                Reader::Int8 => Cell::Integer(vector.get::<i8>(row).into()),
                Reader::Int16 => Cell::Integer(vector.get::<i16>(row).into()),
                Reader::Int32 => Cell::Integer(vector.get::<i32>(row).into()),
                Reader::Int64 => Cell::Integer(vector.get::<i64>(row).into()),
                Reader::UInt8 => Cell::Integer(vector.get::<u8>(row).into()),
                Reader::UInt16 => Cell::Integer(vector.get::<u16>(row).into()),
                Reader::UInt32 => Cell::Integer(vector.get::<u32>(row).into()),
                Reader::UInt64 => Cell::Integer(vector.get::<u64>(row).into()),
                Reader::HugeInt => Cell::Integer(hugeint(vector.get::<ffi::duckdb_hugeint>(row))),
                Reader::UHugeInt => {
                    let value = vector.get::<ffi::duckdb_uhugeint>(row);
                    let wide = (u128::from(value.upper) << 64) | u128::from(value.lower);
                    i128::try_from(wide).map(Cell::Integer).unwrap_or_else(|_| Cell::Text(wide.to_string()))
                }
                Reader::Float => Cell::Float(f64::from(vector.get::<f32>(row))),
                Reader::Double => Cell::Float(vector.get::<f64>(row)),
                Reader::Decimal { storage, scale, .. } => Cell::Decimal(decimal_text(storage.get(vector, row), *scale)),
                Reader::Varchar => Cell::Text(String::from_utf8_lossy(vector.bytes(row)).into_owned()),
                Reader::Blob => Cell::Text(blob_text(vector.bytes(row))),
                Reader::Date => Cell::Text(date_text(vector.get::<i32>(row))),
                Reader::Timestamp(unit) => Cell::Text(timestamp_text(vector.get::<i64>(row), *unit)),
                Reader::TimestampTz(unit) => {
                    let value = vector.get::<i64>(row);
                    let text = timestamp_text(value, *unit);
                    // querycell's DuckDB has no ICU: the session time zone is always UTC.
                    Cell::Text(if is_infinite_timestamp(value) { text } else { format!("{text}+00") })
                }
                Reader::Time => Cell::Text(time_text(vector.get::<i64>(row))),
                Reader::Interval => Cell::Text(interval_text(vector.get::<ffi::duckdb_interval>(row))),
                Reader::Uuid => Cell::Text(uuid_text(hugeint(vector.get::<ffi::duckdb_hugeint>(row)))),
                Reader::Enum { storage, logical } => {
                    let index = storage.get(vector, row) as ffi::idx_t;
                    let text = ffi::duckdb_enum_dictionary_value(logical.0, index);
                    let value = borrowed_string(text).unwrap_or_default();
                    if !text.is_null() {
                        ffi::duckdb_free(text as *mut c_void);
                    }
                    Cell::Text(value)
                }
            }
        }
    }
}

fn unreadable(column: &str, type_name: &str) -> Failure {
    Failure {
        kind: FailureKind::UnsupportedType,
        message: format!("column \"{column}\" has type {type_name}, which querycell does not read back"),
    }
}

fn hugeint(value: ffi::duckdb_hugeint) -> i128 {
    (i128::from(value.upper) << 64) | i128::from(value.lower)
}

/// DuckDB's name for a type id, for messages.
fn type_name(id: ffi::duckdb_type) -> &'static str {
    match id {
        ffi::DUCKDB_TYPE_DUCKDB_TYPE_LIST => "LIST",
        ffi::DUCKDB_TYPE_DUCKDB_TYPE_STRUCT => "STRUCT",
        ffi::DUCKDB_TYPE_DUCKDB_TYPE_MAP => "MAP",
        ffi::DUCKDB_TYPE_DUCKDB_TYPE_ARRAY => "ARRAY",
        ffi::DUCKDB_TYPE_DUCKDB_TYPE_UNION => "UNION",
        ffi::DUCKDB_TYPE_DUCKDB_TYPE_BIT => "BIT",
        ffi::DUCKDB_TYPE_DUCKDB_TYPE_TIME_TZ => "TIME WITH TIME ZONE",
        ffi::DUCKDB_TYPE_DUCKDB_TYPE_TIME_NS => "TIME_NS",
        ffi::DUCKDB_TYPE_DUCKDB_TYPE_BIGNUM => "BIGNUM",
        ffi::DUCKDB_TYPE_DUCKDB_TYPE_VARIANT => "VARIANT",
        ffi::DUCKDB_TYPE_DUCKDB_TYPE_GEOMETRY => "GEOMETRY",
        ffi::DUCKDB_TYPE_DUCKDB_TYPE_SQLNULL => "NULL",
        _ => "a type without a reader",
    }
}

/// `unscaled / 10^scale` written out exactly, e.g. `-12345, 2` → `-123.45`.
pub(crate) fn decimal_text(unscaled: i128, scale: u8) -> String {
    let digits = unscaled.unsigned_abs().to_string();
    let scale = usize::from(scale);
    let sign = if unscaled < 0 { "-" } else { "" };
    if scale == 0 {
        return format!("{sign}{digits}");
    }
    let padded = format!("{digits:0>width$}", width = scale + 1);
    let (whole, fraction) = padded.split_at(padded.len() - scale);
    format!("{sign}{whole}.{fraction}")
}

/// DuckDB's BLOB text: printable ASCII as itself, every other byte (and `\`, `'`, `"`) as
/// `\xHH`.
fn blob_text(bytes: &[u8]) -> String {
    let mut text = String::with_capacity(bytes.len());
    for &byte in bytes {
        if (32..=126).contains(&byte) && !matches!(byte, b'\\' | b'\'' | b'"') {
            text.push(char::from(byte));
        } else {
            text.push_str(&format!("\\x{byte:02X}"));
        }
    }
    text
}

/// DuckDB's infinite dates are `i32::MAX` and `-i32::MAX`.
pub(crate) fn date_text(days: i32) -> String {
    match days {
        i32::MAX => "infinity".into(),
        d if d == -i32::MAX => "-infinity".into(),
        // SAFETY: a pure conversion of a value.
        _ => ymd_text(unsafe { ffi::duckdb_from_date(ffi::duckdb_date { days }) }),
    }
}

/// `YYYY-MM-DD`, with DuckDB's ` (BC)` for years before 1 (year 0 is 1 BC).
fn ymd_text(date: ffi::duckdb_date_struct) -> String {
    let (year, era) = if date.year <= 0 { (1 - date.year, " (BC)") } else { (date.year, "") };
    format!("{year:04}-{:02}-{:02}{era}", date.month, date.day)
}

fn is_infinite_timestamp(value: i64) -> bool {
    value == i64::MAX || value == -i64::MAX
}

pub(crate) fn timestamp_text(value: i64, unit: TimeUnit) -> String {
    match value {
        i64::MAX => return "infinity".into(),
        v if v == -i64::MAX => return "-infinity".into(),
        _ => {}
    }
    // Split into whole seconds and the nanoseconds past them, then the seconds into days.
    let (seconds, nanos) = match unit {
        TimeUnit::Seconds => (value, 0),
        TimeUnit::Millis => (value.div_euclid(1_000), value.rem_euclid(1_000) * 1_000_000),
        TimeUnit::Micros => (value.div_euclid(1_000_000), value.rem_euclid(1_000_000) * 1_000),
        TimeUnit::Nanos => (value.div_euclid(1_000_000_000), value.rem_euclid(1_000_000_000)),
    };
    let days = seconds.div_euclid(86_400);
    let second_of_day = seconds.rem_euclid(86_400);
    let Ok(days) = i32::try_from(days) else { return value.to_string() };
    // SAFETY: a pure conversion of a value.
    let date = ymd_text(unsafe { ffi::duckdb_from_date(ffi::duckdb_date { days }) });
    format!("{date} {}", clock_text(second_of_day, nanos, unit == TimeUnit::Nanos))
}

/// A TIME of day, in microseconds since midnight (24:00:00 included).
fn time_text(micros: i64) -> String {
    clock_text(micros.div_euclid(1_000_000), micros.rem_euclid(1_000_000) * 1_000, false)
}

/// `HH:MM:SS` and, when there is one, the fraction with trailing zeros dropped (up to 6
/// digits, or 9 for nanosecond types).
fn clock_text(second_of_day: i64, nanos: i64, nanosecond_digits: bool) -> String {
    let (hours, minutes, seconds) = (second_of_day / 3600, second_of_day / 60 % 60, second_of_day % 60);
    let mut text = format!("{hours:02}:{minutes:02}:{seconds:02}");
    let fraction = if nanosecond_digits { format!("{nanos:09}") } else { format!("{:06}", nanos / 1_000) };
    let fraction = fraction.trim_end_matches('0');
    if !fraction.is_empty() {
        text.push('.');
        text.push_str(fraction);
    }
    text
}

/// DuckDB's interval text: `1 year 2 months 3 days 04:05:06.5`, `-1 day -01:00:00`,
/// `00:00:00` for an empty interval.
fn interval_text(interval: ffi::duckdb_interval) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut unit = |value: i64, name: &str| {
        if value != 0 {
            let plural = if value == 1 || value == -1 { "" } else { "s" };
            parts.push(format!("{value} {name}{plural}"));
        }
    };
    let years = interval.months / 12;
    unit(i64::from(years), "year");
    unit(i64::from(interval.months - years * 12), "month");
    unit(i64::from(interval.days), "day");
    if interval.micros != 0 {
        let sign = if interval.micros < 0 { "-" } else { "" };
        let micros = interval.micros.unsigned_abs();
        let (hours, rest) = (micros / 3_600_000_000, micros % 3_600_000_000);
        let (minutes, rest) = (rest / 60_000_000, rest % 60_000_000);
        let (seconds, fraction) = (rest / 1_000_000, rest % 1_000_000);
        let mut clock = format!("{sign}{hours:02}:{minutes:02}:{seconds:02}");
        if fraction != 0 {
            clock.push('.');
            clock.push_str(format!("{fraction:06}").trim_end_matches('0'));
        }
        parts.push(clock);
    } else if parts.is_empty() {
        return "00:00:00".into();
    }
    parts.join(" ")
}

/// A UUID as DuckDB stores it (a HUGEINT with the top bit flipped, so that ordering
/// compares correctly) written as `8-4-4-4-12` hex digits.
fn uuid_text(stored: i128) -> String {
    let bits = (stored as u128) ^ (1u128 << 127);
    let hex = format!("{bits:032x}");
    format!("{}-{}-{}-{}-{}", &hex[0..8], &hex[8..12], &hex[12..16], &hex[16..20], &hex[20..32])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimals_are_written_out_exactly() {
        assert_eq!(decimal_text(-12345, 2), "-123.45");
        assert_eq!(decimal_text(5, 3), "0.005");
        assert_eq!(decimal_text(-5, 3), "-0.005");
        assert_eq!(decimal_text(120, 0), "120");
    }

    #[test]
    fn intervals_read_like_duckdb() {
        let interval = |months, days, micros| interval_text(ffi::duckdb_interval { months, days, micros });
        assert_eq!(interval(14, 3, 14_706_500_000), "1 year 2 months 3 days 04:05:06.5");
        assert_eq!(interval(0, -1, -3_600_000_000), "-1 day -01:00:00");
        assert_eq!(interval(0, 0, 0), "00:00:00");
        assert_eq!(interval(13, 0, 0), "1 year 1 month");
    }

    #[test]
    fn blobs_escape_what_is_not_plain_text() {
        assert_eq!(blob_text(&[0xAA, 0, b'a', b'\\', b'\'']), "\\xAA\\x00a\\x5C\\x27");
    }
}
