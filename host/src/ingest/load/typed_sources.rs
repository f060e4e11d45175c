//! Typed sources (Parquet, JSON, NDJSON): the reader's types kept where querycell can answer
//! with them, and decided where it cannot, so that no cell of the table is unreadable (see
//! `load_typed_table`). A JSON reader types every record, not a sample; an API page saved
//! as one object is read as its list of records; numbers some records write as strings are
//! numbers.

use std::os::fd::AsRawFd;

use querycell_contract::quote;

use super::catalog_entry::{clip, column_entry, finish_table, Statistics};
use super::statements::{create_table, describe};
use crate::catalog::{ColumnEntry, LeftOutColumn, TableEntry, ValueKind};
use crate::duck::{cell_integer, cell_text, first_row, Cell, Database as Connection};
use crate::error::{Code, Error, ErrorClass, Result};
use crate::ingest::column_types::decision::ZONED_DECISION;
use crate::ingest::failure::failed;
use crate::ingest::names::{normalize_identifier, unique};
use crate::ingest::sidecar::TableOverride;
use crate::ingest::sources::{Format, Source};

/// DuckDB's JSON reader types each field from a sample of the first records (20 480 by
/// default) and then casts every record to those types: a price of 19.99 after 25 000 whole
/// ones was stored as 20, a field missing from the first records became a column of nulls
/// (its later values lost), and a field first seen later failed the ingest. Typed from every
/// record instead, at the cost of reading the file once more.
///
/// Dates are read as DATE only when written year first (`2025-02-01`): from its own list of
/// formats the reader took `01-02-2025` as the 1st of February (and `03-04-2025` as the 3rd
/// of April in one file, the 4th of March in another, by the other values), where a CSV's
/// column stays text until its `date_format` says which order the file uses.
const JSON_TYPING: &str = ", sample_size = -1, dateformat = '%Y-%m-%d'";

/// The reader of the typed `source` (`read_parquet(…)` or `read_json(…)` of its descriptor),
/// the origin its decisions name, and for an API page saved as one object ([`envelope`]) the
/// decision that its list of records is read instead.
pub(crate) fn reader(connection: &Connection, source: &Source) -> Result<(String, &'static str, Option<String>)> {
    let descriptor = format!("/proc/self/fd/{}", source.file.as_raw_fd());
    let (reader, origin) = match source.format {
        Format::Parquet => (format!("read_parquet({})", quote::literal(&descriptor)), "type from the Parquet schema"),
        Format::Json => (
            format!("read_json({}, format = 'auto'{JSON_TYPING})", quote::literal(&descriptor)),
            "type detected by DuckDB's JSON reader",
        ),
        _ => (
            format!("read_json({}, format = 'newline_delimited'{JSON_TYPING})", quote::literal(&descriptor)),
            "type detected by DuckDB's JSON reader",
        ),
    };
    let unwrapped = if source.format == Format::Json { envelope(connection, &reader, source)? } else { None };
    Ok(match unwrapped {
        Some((records, decision)) => (records, origin, Some(decision)),
        None => (reader, origin, None),
    })
}

/// Whether a JSON or NDJSON file holds nothing but white space (a byte order mark aside):
/// no records, so no table, as for an empty CSV. DuckDB's reader made it a table of no rows
/// with an invented `json` column. Read until the first other byte.
pub(crate) fn only_white_space(source: &Source) -> Result<bool> {
    use std::os::unix::fs::FileExt;
    let file = source.file.try_clone().map_err(|e| Error::io(&format!("reading {}", source.shown), &e))?.into_std();
    let mut chunk = vec![0u8; 64 << 10];
    let mut at = 0u64;
    loop {
        let read = file.read_at(&mut chunk, at).map_err(|e| Error::io(&format!("reading {}", source.shown), &e))?;
        if read == 0 {
            return Ok(true);
        }
        let bytes = if at == 0 {
            chunk[..read].strip_prefix(b"\xEF\xBB\xBF").unwrap_or(&chunk[..read])
        } else {
            &chunk[..read]
        };
        if bytes.iter().any(|b| !b.is_ascii_whitespace()) {
            return Ok(false);
        }
        at += read as u64;
    }
}

/// An API page saved as a `.json` file (`{"page": 1, "results": [{...}, ...]}`): one object
/// (the file starts with `{`) with exactly one list of objects, which holds the records.
/// Loaded as it is, it would be one row with the records as JSON text, and a count would
/// answer 1; so the records become the rows, and the decision names the list and the
/// object's fields that are not loaded. `None` for every other shape (a top-level array,
/// two lists of objects: which one is the table is not guessed).
fn envelope(connection: &Connection, reader: &str, source: &Source) -> Result<Option<(String, String)>> {
    let mut head = [0u8; 64];
    let read = {
        use std::os::unix::fs::FileExt;
        let file = source.file.try_clone().map_err(|e| Error::io(&format!("reading {}", source.shown), &e))?;
        file.into_std().read_at(&mut head, 0).map_err(|e| Error::io(&format!("reading {}", source.shown), &e))?
    };
    let text = head[..read].strip_prefix(b"\xEF\xBB\xBF").unwrap_or(&head[..read]);
    if text.iter().find(|b| !b.is_ascii_whitespace()) != Some(&b'{') {
        return Ok(None);
    }
    let fields = describe(connection, &format!("SELECT * FROM {reader}"), source)?;
    let lists: Vec<&String> =
        fields.iter().filter(|(_, t)| t.starts_with("STRUCT(") && t.ends_with(")[]")).map(|(n, _)| n).collect();
    let [list] = lists.as_slice() else { return Ok(None) };
    let objects = cell_integer(
        &first_row(connection.query(&format!("SELECT count(*) FROM {reader}")).map_err(failed(source))?),
        0,
    );
    if objects != 1 {
        return Ok(None);
    }
    let records = format!(
        "(SELECT unnest(\"__querycell_record\") FROM (SELECT unnest({}) AS \"__querycell_record\" FROM {reader}))",
        quote::identifier(list)
    );
    let count = cell_integer(
        &first_row(connection.query(&format!("SELECT count(*) FROM {records}")).map_err(failed(source))?),
        0,
    );
    let others: Vec<&str> = fields.iter().map(|(n, _)| n.as_str()).filter(|n| n != list).collect();
    let left = if others.is_empty() {
        String::new()
    } else {
        format!("; its other fields ({}) are not loaded", others.join(", "))
    };
    Ok(Some((
        records,
        format!("the file is one object whose list \"{list}\" holds the records: each of its {count} records is a row{left}"),
    )))
}

/// A typed source (Parquet, JSON): keep the file's types where querycell can answer with
/// them, and decide the rest, so that no cell of the table is unreadable:
/// - zoned timestamps become TIMESTAMP in UTC;
/// - nested objects (STRUCT) become one column per field (`customer_name`), down to
///   [`STRUCT_DEPTH`] levels; deeper objects, lists, maps and unions become JSON text;
/// - binary data is left out (recorded in the catalog);
/// - any other type DuckDB knows but querycell does not compare (UUID, INTERVAL, TIME, …)
///   becomes its text form.
pub(crate) fn load_typed_table(
    connection: &Connection,
    name: &str,
    reader: &str,
    origin: &str,
    source: &Source,
    over: &TableOverride,
) -> Result<TableEntry> {
    let mut columns = Vec::new();
    let mut select = Vec::new();
    let mut left_out = Vec::new();
    let mut fields = Vec::new();
    // Each record as JSON, to tell a field's numbers from its strings where DuckDB typed it
    // text; not for an API page's records, which are a list inside one object.
    let objects = reader
        .strip_prefix("read_json(")
        .map(|arguments| format!("read_json_objects({}", arguments.replace(JSON_TYPING, "")));
    for (header, sql_type) in describe(connection, &format!("SELECT * FROM {reader}"), source)? {
        flatten(
            connection,
            reader,
            source,
            Field { display: header.clone(), expression: quote::identifier(&header), sql_type, depth: 0 },
            &mut fields,
        )?;
    }
    let mixed = mixed_json_numbers(connection, objects.as_deref(), &fields, source)?;
    let not_finite = not_finite_floats(connection, reader, &fields, source)?;
    for ((field, mixed), not_finite) in fields.into_iter().zip(mixed).zip(not_finite) {
        let column_name = unique(
            normalize_identifier(&field.display.replace('.', "_"), "column"),
            columns.iter().map(|c: &ColumnEntry| c.name.as_str()),
        );
        let column_over = over.columns.get(&column_name);
        if column_over.is_some_and(|c| c.hidden) {
            continue;
        }
        let (expression, sql_type, reason) = match column_over.and_then(|c| c.sql_type.clone()) {
            Some(wanted) => {
                let wanted = wanted.to_ascii_uppercase();
                (
                    format!("CAST({} AS {wanted})", field.expression),
                    wanted.clone(),
                    format!("{wanted}, set in querycell.toml (the file says {})", field.sql_type),
                )
            }
            None => match mixed.unwrap_or_else(|| field.decide(origin)).without_not_finite(not_finite) {
                Stored::As { expression, sql_type, reason } => (expression, sql_type, reason),
                Stored::LeftOut(reason) => {
                    left_out.push(LeftOutColumn { name: field.display, reason });
                    continue;
                }
            },
        };
        select.push(format!("{expression} AS {}", quote::identifier(&column_name)));
        columns.push(column_entry(column_name, field.display, &sql_type, reason, over));
    }
    if select.is_empty() {
        return Err(Error::classed(
            ErrorClass::Refused,
            Code::IngestFailed,
            format!("{} has no column querycell can load", source.shown),
        )
        .at(&source.shown)
        .hint(left_out.iter().map(|l| format!("{}: {}", l.name, l.reason)).collect::<Vec<_>>().join("; ")));
    }
    create_table(connection, name, &format!("SELECT {} FROM {reader}", select.join(", ")), source)?;
    let statistics = vec![Statistics::Scan; columns.len()];
    let mut entry = finish_table(connection, name, source, over, columns, &statistics)?;
    entry.left_out = left_out;
    Ok(entry)
}

/// Nested objects are flattened this many levels deep; deeper ones are kept as JSON text,
/// so a hostile file cannot make a table of unbounded width from one column.
const STRUCT_DEPTH: usize = 3;

/// A column or a field of a nested object in a typed source.
struct Field {
    /// `customer.address.city`: the path as the file has it.
    display: String,
    /// SQL reading the value from the reader's row.
    expression: String,
    sql_type: String,
    depth: usize,
}

/// What a field becomes in the table.
#[derive(Clone)]
enum Stored {
    As { expression: String, sql_type: String, reason: String },
    LeftOut(String),
}

impl Stored {
    /// A float column's NaN and infinite values (JSON's `NaN` and `Infinity`, as Python's
    /// `json` writes them, or a Parquet double) stored as missing when there are `count`
    /// of them, and said in the decision: never a NaN in an average, as in a CSV.
    fn without_not_finite(self, count: i64) -> Stored {
        match self {
            Stored::As { expression, sql_type, reason } if count > 0 => Stored::As {
                expression: format!("CASE WHEN isfinite({expression}) THEN {expression} END"),
                sql_type,
                reason: format!("{reason}; {count} value(s) NaN or infinite read as missing, so no average is NaN"),
            },
            stored => stored,
        }
    }
}

/// For each field, how many of its values are NaN or infinite (0 for fields that are not
/// floats), from one scan of the source.
fn not_finite_floats(connection: &Connection, reader: &str, fields: &[Field], source: &Source) -> Result<Vec<i64>> {
    let floats: Vec<usize> =
        (0..fields.len()).filter(|&i| matches!(fields[i].sql_type.as_str(), "DOUBLE" | "FLOAT")).collect();
    let mut counts = vec![0; fields.len()];
    if floats.is_empty() {
        return Ok(counts);
    }
    let aggregates: Vec<String> =
        floats.iter().map(|&i| format!("count(*) FILTER (WHERE NOT isfinite({}))", fields[i].expression)).collect();
    let row = first_row(
        connection.query(&format!("SELECT {} FROM {reader}", aggregates.join(", "))).map_err(failed(source))?,
    );
    for (at, &i) in floats.iter().enumerate() {
        counts[i] = cell_integer(&row, at);
    }
    Ok(counts)
}

/// An object (not a list of objects, whose type ends in `[]`).
fn is_struct(sql_type: &str) -> bool {
    sql_type.starts_with("STRUCT(") && !sql_type.ends_with(']')
}

/// Push `field`, or its fields when it is an object within the depth bound.
fn flatten(connection: &Connection, reader: &str, source: &Source, field: Field, out: &mut Vec<Field>) -> Result<()> {
    if !(is_struct(&field.sql_type) && field.depth < STRUCT_DEPTH) {
        out.push(field);
        return Ok(());
    }
    for (name, sql_type) in describe(connection, &format!("SELECT unnest({}) FROM {reader}", field.expression), source)?
    {
        let child = Field {
            display: format!("{}.{name}", field.display),
            expression: format!("struct_extract({}, {})", field.expression, quote::literal(&name)),
            sql_type,
            depth: field.depth + 1,
        };
        flatten(connection, reader, source, child, out)?;
    }
    Ok(())
}

impl Field {
    fn decide(&self, origin: &str) -> Stored {
        let sql_type = self.sql_type.as_str();
        let nested = sql_type.ends_with(']') || ["STRUCT(", "MAP(", "UNION("].iter().any(|p| sql_type.starts_with(p));
        let as_text = |reason: String| Stored::As {
            expression: format!("CAST({} AS VARCHAR)", self.expression),
            sql_type: "VARCHAR".into(),
            reason,
        };
        if nested {
            let what = if sql_type.ends_with(']') {
                "a list"
            } else if is_struct(sql_type) {
                "an object nested deeper than querycell flattens"
            } else {
                "a map or union"
            };
            return Stored::As {
                expression: format!("CAST(to_json({}) AS VARCHAR)", self.expression),
                sql_type: "VARCHAR".into(),
                reason: format!("{what} in the file ({}), stored as JSON text", clip(sql_type)),
            };
        }
        match sql_type {
            "TIMESTAMP WITH TIME ZONE" => Stored::As {
                // epoch_us is the instant itself; the session time zone never enters.
                expression: format!("make_timestamp(epoch_us({}))", self.expression),
                sql_type: "TIMESTAMP".into(),
                reason: ZONED_DECISION.into(),
            },
            // DuckDB's C API renders no text for these; microseconds are what querycell binds.
            "TIMESTAMP_S" | "TIMESTAMP_MS" | "TIMESTAMP_NS" => Stored::As {
                expression: format!("CAST({} AS TIMESTAMP)", self.expression),
                sql_type: "TIMESTAMP".into(),
                reason: format!("{sql_type} in the file, stored as TIMESTAMP (microseconds)"),
            },
            "TIMESTAMPTZ_NS" => Stored::As {
                expression: format!("make_timestamp(epoch_us(CAST({} AS TIMESTAMP WITH TIME ZONE)))", self.expression),
                sql_type: "TIMESTAMP".into(),
                reason: format!("{} (microseconds)", ZONED_DECISION),
            },
            "BLOB" => {
                Stored::LeftOut("binary data (BLOB): there is nothing to count, compare or group by in it".into())
            }
            _ if ValueKind::of_sql_type(sql_type) == ValueKind::Other => {
                as_text(format!("{sql_type} in the file, stored as its text form"))
            }
            // Money is stored exactly in Parquet; it stays exact here and in answers.
            _ if sql_type.starts_with("DECIMAL") => Stored::As {
                expression: self.expression.clone(),
                sql_type: sql_type.to_string(),
                reason: format!(
                    "{origin}: exact decimals, answered exactly (a sum is DECIMAL(38,s), min and max keep {sql_type}; an average is a DOUBLE)"
                ),
            },
            _ => Stored::As {
                expression: self.expression.clone(),
                sql_type: sql_type.to_string(),
                reason: origin.to_string(),
            },
        }
    }
}

/// A plain number written as a JSON string: no grouping, no leading zeros (`"00123"` is an
/// identifier), a dot as decimal mark.
const PLAIN_JSON_NUMBER: &str = "[+-]?(0|[1-9][0-9]*)([.][0-9]+)?([eE][+-]?[0-9]+)?";

/// Each top-level JSON field that DuckDB typed as text because its values are sometimes
/// numbers and sometimes strings (`5`, `"5.5"`, `"12"`, as APIs and hand-edited exports
/// write them) becomes numbers when every present value is a JSON number or a string holding
/// a plain number ([`PLAIN_JSON_NUMBER`]), recorded with the counts; it stays text, naming
/// the string that is no number, when one is not. One entry per field, `None` for a field
/// that is no such mix (strings alone are strings the file meant; nested fields are not
/// looked at). One scan of `objects` (each record as JSON) answers for every field.
fn mixed_json_numbers(
    connection: &Connection,
    objects: Option<&str>,
    fields: &[Field],
    source: &Source,
) -> Result<Vec<Option<Stored>>> {
    let mut decided = vec![None; fields.len()];
    let candidates: Vec<usize> = (0..fields.len())
        .filter(|&i| fields[i].depth == 0 && matches!(fields[i].sql_type.as_str(), "VARCHAR" | "JSON"))
        .collect();
    let Some(objects) = objects.filter(|_| !candidates.is_empty()) else { return Ok(decided) };
    let (mut extracted, mut aggregates) = (Vec::new(), Vec::new());
    for (k, &i) in candidates.iter().enumerate() {
        // A JSON Pointer names the key whatever characters it has.
        let pointer = quote::literal(&format!("/{}", fields[i].display.replace('~', "~0").replace('/', "~1")));
        extracted.push(format!("json_type(json, {pointer}) AS t{k}, json_extract_string(json, {pointer}) AS s{k}"));
        aggregates.extend(json_field_aggregates(&format!("t{k}"), &format!("s{k}")));
    }
    let row = first_row(
        connection
            .query(&format!("SELECT {} FROM (SELECT {} FROM {objects})", aggregates.join(", "), extracted.join(", ")))
            .map_err(failed(source))?,
    );
    for (k, &i) in candidates.iter().enumerate() {
        decided[i] = mixed_decision(&fields[i], row.get(6 * k..6 * k + 6).unwrap_or_default());
    }
    Ok(decided)
}

/// The six aggregates [`mixed_decision`] reads for the field whose JSON type is `t` and
/// text `s`: its numbers, its strings, its other values, a string that is no plain number,
/// a string, and whether every value is whole.
fn json_field_aggregates(t: &str, s: &str) -> [String; 6] {
    let number = format!("{t} IN ('BIGINT', 'UBIGINT', 'DOUBLE')");
    let present = format!("{t} IS NOT NULL AND {t} <> 'NULL'");
    [
        format!("count(*) FILTER (WHERE {number})"),
        format!("count(*) FILTER (WHERE {t} = 'VARCHAR')"),
        format!("count(*) FILTER (WHERE {present} AND NOT ({number} OR {t} = 'VARCHAR'))"),
        format!(
            "min({s}) FILTER (WHERE {t} = 'VARCHAR' AND NOT regexp_full_match({s}, {}))",
            quote::literal(PLAIN_JSON_NUMBER)
        ),
        format!("min({s}) FILTER (WHERE {t} = 'VARCHAR')"),
        format!(
            "bool_and(TRY_CAST({s} AS BIGINT) IS NOT NULL AND ({t} IN ('BIGINT', 'UBIGINT') OR regexp_full_match({s}, '[+-]?[0-9]+'))) FILTER (WHERE {present})"
        ),
    ]
}

/// The field's decision from its [`json_field_aggregates`]; `None` unless it mixes numbers
/// and strings and nothing else.
fn mixed_decision(field: &Field, cells: &[Cell]) -> Option<Stored> {
    let (numbers, strings, others) = (cell_integer(cells, 0), cell_integer(cells, 1), cell_integer(cells, 2));
    if numbers == 0 || strings == 0 || others > 0 {
        return None;
    }
    let text = if field.sql_type == "JSON" {
        format!("json_extract_string({}, '$')", field.expression)
    } else {
        field.expression.clone()
    };
    if let Some(word) = cell_text(cells, 3) {
        return Some(Stored::As {
            expression: format!("CAST({text} AS VARCHAR)"),
            sql_type: "VARCHAR".into(),
            reason: format!(
                "numbers and text in the file: the string \"{}\" is not a plain number; kept as text",
                clip(&word)
            ),
        });
    }
    let sql_type = if cells.get(5).and_then(Cell::boolean).unwrap_or(false) { "BIGINT" } else { "DOUBLE" };
    Some(Stored::As {
        expression: format!("CAST({text} AS {sql_type})"),
        sql_type: sql_type.into(),
        reason: format!(
            "numbers in the file, some written as strings (e.g. \"{}\"): {numbers} number(s) and {strings} numeric string(s), read as {sql_type}",
            clip(&cell_text(cells, 4).unwrap_or_default())
        ),
    })
}
