//! Loading one source into one or more tables of the new index, on the trusted read-write
//! ingest connection: DuckDB reads the descriptor the host opened (`/proc/self/fd/<n>`) or a
//! file the host wrote into its private staging folder, never a path of its own choosing.

use std::os::fd::AsRawFd;
use std::path::Path;

use crate::duck::{Cell, Database as Connection, Failure};

use super::layout::{self, TextLayout};
use super::names::{normalize_identifier, unique};
use super::numbers::FileEvidence;
use super::sidecar::{Sidecar, TableOverride};
use super::sources::{Format, Root, Source};
use super::types::{
    self, quote, sql_string, DecimalMarkBasis, Decision, Groups, NumberSettings, Sample, DISTINCT_SAMPLE,
};
use crate::catalog::{ColumnEntry, ColumnStats, LeftOutColumn, Skipped, TableEntry, ValueKind};
use crate::error::{Code, Error, ErrorClass, Result};

mod checked;

/// Text cells longer than this are cut in the catalog's value lists.
const VALUE_TEXT_CAP: usize = 64;
/// Columns with at most this many distinct values list them in the catalog.
const VALUE_LIST_CAP: i64 = 20;

/// Load `source` into its tables. `taken` holds the table names given so far, each with the
/// file (or sheet) it came from; the new tables are added to it. Empty sheets and empty
/// files go to `skipped`.
pub fn load_source(
    connection: &Connection,
    source: &Source,
    root: &Root,
    staging: &Path,
    taken: &mut Vec<(String, String)>,
    skipped: &mut Vec<Skipped>,
) -> Result<Vec<TableEntry>> {
    let stem = {
        let file = source.relative.rsplit('/').next().unwrap_or(&source.relative);
        file.rsplit_once('.').map(|(s, _)| s).unwrap_or(file).to_string()
    };
    let sidecar = &root.sidecar;
    let mut tables = Vec::new();
    match source.format {
        Format::Csv | Format::Tsv => tables.extend(load_csv(connection, source, root, &stem, staging, taken, skipped)?),
        Format::Xlsx => {
            let file =
                source.file.try_clone().map_err(|e| Error::io(&format!("reading {}", source.shown), &e))?.into_std();
            let mut workbook = super::excel::Workbook::open(file, &source.shown)?;
            for (i, sheet_name) in workbook.sheet_names().into_iter().enumerate() {
                let from = format!("{} (sheet {sheet_name})", source.shown);
                let Some(sheet) = workbook.sheet(&sheet_name)? else {
                    skipped.push(Skipped { path: from, reason: "the sheet is empty".into() });
                    continue;
                };
                let (name, note) = name_table(&format!("{stem}_{sheet_name}"), from, taken);
                let over = sidecar.table(&name);
                layout::check_keys_apply(&over, &name, source, &root.sidecar_path)?;
                let layout = layout::sheet(&sheet, &over, &source.shown, &staging.join(format!("sheet-{i}.csv")))?;
                let mut entry = load_text_table(connection, &name, &layout, source, sidecar, &over)?;
                entry.source = format!("{} (sheet {sheet_name})", source.relative);
                entry.decisions.splice(0..0, note.into_iter().chain(workbook.date_system_decision()));
                tables.push(entry);
            }
        }
        Format::Json | Format::Ndjson if only_white_space(source)? => {
            skipped.push(Skipped { path: source.shown.clone(), reason: "the file is empty (no records)".into() });
        }
        Format::Parquet | Format::Json | Format::Ndjson => {
            // A JSON file with a byte-order mark is loaded from its UTF-8 copy without one.
            let prepared = match source.format {
                Format::Parquet => None,
                _ => super::encoding::prepare_json(source, staging)?,
            };
            let (source, encoding_note) = match &prepared {
                Some(copy) => (&copy.source, Some(copy.note.clone())),
                None => (source, None),
            };
            let descriptor = format!("/proc/self/fd/{}", source.file.as_raw_fd());
            let (name, note) = name_table(&stem, source.shown.clone(), taken);
            let over = sidecar.table(&name);
            layout::check_keys_apply(&over, &name, source, &root.sidecar_path)?;
            let (reader, origin) = match source.format {
                Format::Parquet => {
                    (format!("read_parquet({})", sql_string(&descriptor)), "type from the Parquet schema")
                }
                Format::Json => (
                    format!("read_json({}, format = 'auto'{JSON_TYPING})", sql_string(&descriptor)),
                    "type detected by DuckDB's JSON reader",
                ),
                _ => (
                    format!("read_json({}, format = 'newline_delimited'{JSON_TYPING})", sql_string(&descriptor)),
                    "type detected by DuckDB's JSON reader",
                ),
            };
            let unwrapped = if source.format == Format::Json { envelope(connection, &reader, source)? } else { None };
            let (reader, unwrap_note) = match unwrapped {
                Some((records, decision)) => (records, Some(decision)),
                None => (reader, None),
            };
            let mut entry = load_typed_table(connection, &name, &reader, origin, source, &over)?;
            entry.decisions.splice(0..0, note.into_iter().chain(encoding_note).chain(unwrap_note));
            tables.push(entry);
        }
    }
    Ok(tables)
}

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

/// Whether a JSON or NDJSON file holds nothing but white space (a byte order mark aside):
/// no records, so no table, as for an empty CSV. DuckDB's reader made it a table of no rows
/// with an invented `json` column. Read until the first other byte.
fn only_white_space(source: &Source) -> Result<bool> {
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
        quote(list)
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

/// Load the CSV/TSV `source` as table `stem` (or the name it gets); `None` when the file
/// is empty, which goes to `skipped`.
fn load_csv(
    connection: &Connection,
    source: &Source,
    root: &Root,
    stem: &str,
    staging: &Path,
    taken: &mut Vec<(String, String)>,
    skipped: &mut Vec<Skipped>,
) -> Result<Option<TableEntry>> {
    let sidecar = &root.sidecar;
    let (name, note) = name_table(stem, source.shown.clone(), taken);
    let over = sidecar.table(&name);
    // A file in another encoding is loaded from its UTF-8 copy in the staging folder.
    let setting = sidecar.encoding(&over, &name, &root.sidecar_path);
    let transcoded = super::encoding::prepare(source, setting.as_ref(), staging)?;
    let (source, encoding_note) = match &transcoded {
        Some(copy) => (&copy.source, Some(copy.note.clone())),
        None => (source, None),
    };
    let descriptor = format!("/proc/self/fd/{}", source.file.as_raw_fd());
    let Some(layout) = layout::csv(connection, &descriptor, source, &over, &name)? else {
        taken.pop();
        skipped.push(Skipped { path: source.shown.clone(), reason: "the file is empty (no header, no data)".into() });
        return Ok(None);
    };
    let mut entry = load_text_table(connection, &name, &layout, source, sidecar, &over)?;
    entry.decisions.splice(0..0, note.into_iter().chain(encoding_note));
    Ok(Some(entry))
}

/// The table's name for `base` (a file stem, or stem and sheet), unique among `taken`, to
/// which it is added with `from`; and when the name `base` suggests was taken, the decision
/// saying which table has it: two files with one stem must both be findable by a person.
fn name_table(base: &str, from: String, taken: &mut Vec<(String, String)>) -> (String, Option<String>) {
    let wanted = normalize_identifier(base, "table");
    let name = unique(wanted.clone(), taken.iter().map(|t| t.0.as_str()));
    let note = (name != wanted).then(|| {
        let owner = taken.iter().find(|t| t.0 == wanted).map(|t| t.1.clone()).unwrap_or_default();
        format!("named {name} because {wanted} is the table from {owner}; its querycell.toml settings go under [tables.{name}]")
    });
    taken.push((name.clone(), from));
    (name, note)
}

/// DuckDB's message without querycell's own SQL: no `LINE 1: …` echo of the statement and
/// its caret, and the file named by its path rather than the descriptor DuckDB was given.
fn plain_words(message: &str, source: &Source) -> String {
    let mut kept: Vec<String> = Vec::new();
    for line in message.lines() {
        let trimmed = line.trim_start();
        // DuckDB's "Possible fixes" / "Possible Solution" name its own reader options, which
        // a person cannot set here, and the option dump after them names the descriptor.
        if trimmed.starts_with("LINE ")
            || trimmed.starts_with("Possible ")
            || (!trimmed.is_empty() && trimmed.chars().all(|c| c == '^' || c == ' '))
        {
            break;
        }
        if !trimmed.is_empty() {
            kept.push(replace_descriptors(trimmed, &source.shown));
        }
    }
    kept.join("; ")
}

/// Past this many bytes of an NDJSON file, or of one line, the malformed line is not looked
/// for, and DuckDB's message stands.
const MALFORMED_SCAN_BYTES: u64 = 256 << 20;

/// The line of an NDJSON file that DuckDB's reader refused as malformed, and why, read from
/// the file itself: DuckDB counts records, not lines, from one past the first ("in line 4"
/// for a bad third line), so its number misplaced the line. The first line that is not one
/// JSON value (serde_json, whose own depth limit bounds the parse) is named only when it is
/// the record DuckDB means (DuckDB's number is one past its record number, or is its line);
/// otherwise, or for any other failure, `None`, and DuckDB's words stand.
fn malformed_ndjson_line(source: &Source, message: &str) -> Option<(u64, String)> {
    use std::os::unix::fs::FileExt;
    if source.format != Format::Ndjson || !message.contains("Malformed JSON") {
        return None;
    }
    let (_, after) = message.split_once(" in line ")?;
    let duckdb_line: u64 = after.chars().take_while(char::is_ascii_digit).collect::<String>().parse().ok()?;
    let file = source.file.try_clone().ok()?.into_std();
    let (mut line, mut records, mut current, mut at) = (0u64, 0u64, Vec::new(), 0u64);
    let mut chunk = vec![0u8; 64 << 10];
    loop {
        let read = file.read_at(&mut chunk, at).ok()?;
        let ended = read == 0;
        let bytes: &[u8] = if ended { b"\n" } else { &chunk[..read] };
        for piece in bytes.split_inclusive(|b| *b == b'\n') {
            current.extend_from_slice(piece);
            if !current.ends_with(b"\n") {
                continue;
            }
            line += 1;
            let text = if line == 1 { current.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(&current) } else { &current };
            if !text.iter().all(u8::is_ascii_whitespace) {
                records += 1;
                if let Err(why) = serde_json::from_slice::<serde::de::IgnoredAny>(text) {
                    // serde_json says "at line 1 column 15" of the one line it was given.
                    let what = why.to_string().split(" at line ").next().unwrap_or_default().to_string();
                    let why = format!("{what} at column {}", why.column());
                    return (duckdb_line == records + 1 || duckdb_line == line).then_some((line, why));
                }
            }
            current.clear();
        }
        at += read as u64;
        if ended || at > MALFORMED_SCAN_BYTES || current.len() as u64 > MALFORMED_SCAN_BYTES {
            return None;
        }
    }
}

/// `/proc/self/fd/<n>` (how DuckDB was handed the file) replaced by the file's own path.
fn replace_descriptors(text: &str, shown: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find("/proc/self/fd/") {
        out.push_str(&rest[..at]);
        let after = &rest[at + "/proc/self/fd/".len()..];
        let digits = after.chars().take_while(char::is_ascii_digit).count();
        out.push_str(shown);
        rest = &after[digits..];
    }
    out.push_str(rest);
    out
}

pub(super) fn failed(source: &Source) -> impl Fn(Failure) -> Error + '_ {
    move |e| {
        if let Some((line, why)) = malformed_ndjson_line(source, &e.message) {
            return Error::classed(
                ErrorClass::Refused,
                Code::IngestFailed,
                format!("{} could not be loaded: line {line} is not one JSON value ({why})", source.shown),
            )
            .at(format!("{}:{line}", source.shown))
            .hint("fix or remove that line: each line of an NDJSON file holds one JSON object");
        }
        Error::classed(
            ErrorClass::Refused,
            Code::IngestFailed,
            format!("{} could not be loaded: {}", source.shown, plain_words(&e.message, source)),
        )
        .at(&source.shown)
    }
}

/// A text source: load as text, drop what is not data (see [`layout`]), decide each
/// column's type, create the typed table.
fn load_text_table(
    connection: &Connection,
    name: &str,
    layout: &TextLayout,
    source: &Source,
    sidecar: &Sidecar,
    over: &TableOverride,
) -> Result<TableEntry> {
    let staging_table = format!("__querycell_raw_{name}");
    let first_rows = format!("__querycell_first_{name}");
    let ruled = |table, judging| Ruled { layout, source, sidecar, over, staging_table: table, judging };
    // Where the first rows keep every column as written, the text is loaded into the index
    // itself, to become the table: copying it there from a temp table cost more than DuckDB's
    // whole load of a file of free text. Where they decide every column in a way the load
    // can check, the file is loaded once, checked as it is converted. Anything else (or a
    // check that fails) is staged in a temp table and profiled.
    let said = first_rows_say(connection, name, &ruled(&first_rows, Judging::AllText));
    let straight = matches!(said, FirstRows::AllText);
    let sample_table = format!("__querycell_sample_{name}");
    if matches!(said, FirstRows::Typed) {
        if let Some(entry) = checked::load(connection, name, &ruled(&sample_table, Judging::Predicting))? {
            return Ok(entry);
        }
    }
    let created = if straight { "OR REPLACE TABLE" } else { "OR REPLACE TEMP TABLE" };
    connection
        .execute_batch(&format!("CREATE {created} {} AS SELECT * FROM {}", quote(&staging_table), layout.reader))
        .map_err(|e| layout.explain(e, source, name))?;
    let decided = decide_columns(connection, &ruled(&staging_table, Judging::Whole))?;
    let in_place = straight && decided.all_text();
    let Decided { notes: decisions, columns, .. } = decided;
    if in_place {
        write_in_place(connection, &staging_table, name, &columns, source)?;
    } else {
        let select_list = columns
            .iter()
            .map(|c| format!("{} AS {}", c.decision.expression, quote(&c.entry.name)))
            .collect::<Vec<_>>()
            .join(", ");
        // Written in parallel, in whatever order the rows come: kept in the file's order, the
        // table inherits the partial row groups of the raw load, which the checkpoint then
        // rewrites (most of the write again). Nothing depends on the order: the content hash
        // is independent of it, and a plan that needs an order says so.
        connection.execute_batch("SET preserve_insertion_order = false").map_err(failed(source))?;
        create_table(connection, name, &format!("SELECT {select_list} FROM {}", quote(&staging_table)), source)?;
        connection.execute_batch("RESET preserve_insertion_order").map_err(failed(source))?;
    }
    // The table holds exactly the decided values of the grouped texts, so their statistics
    // come from the groups: a pass over each column's distinct texts, not over its rows. A
    // column not worth grouping is read where it was written, in the table's own scan.
    let mut entries = Vec::with_capacity(columns.len());
    let mut statistics = Vec::with_capacity(columns.len());
    for DecidedColumn { mut entry, decision, groups, .. } in columns {
        statistics.push(text_statistics(connection, &mut entry, &decision, &groups, source)?);
        groups.remove(connection)?;
        entries.push(entry);
    }
    if !in_place {
        connection.execute_batch(&format!("DROP TABLE {}", quote(&staging_table))).map_err(failed(source))?;
    }
    let mut entry = finish_table(connection, name, source, over, entries, &statistics)?;
    entry.decisions = decisions;
    Ok(entry)
}

/// Where the statistics of a text table's column come from: a text column grouped gives
/// them from its groups; one read row by row is estimated in the table's scan. A typed
/// column's are always the scan's, exact below [`ESTIMATED_FROM`], so they are the same
/// whether the column was profiled or checked as it was loaded ([`checked`]).
fn text_statistics(
    connection: &Connection,
    entry: &mut ColumnEntry,
    decision: &Decision,
    groups: &Groups,
    source: &Source,
) -> Result<Statistics> {
    Ok(match (decision.keeps_text, groups.grouped) {
        (true, true) => {
            entry.stats = grouped_stats(connection, groups, decision, entry.kind, source)?;
            Statistics::Given
        }
        (true, false) => Statistics::Estimated,
        (false, _) => Statistics::Scan,
    })
}

/// What decides a text table's columns: how its file was read, the rules of `querycell.toml`,
/// and the staging table its text was loaded into.
struct Ruled<'a> {
    layout: &'a TextLayout,
    source: &'a Source,
    sidecar: &'a Sidecar,
    over: &'a TableOverride,
    staging_table: &'a str,
    judging: Judging,
}

/// What deciding a table's columns is for.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Judging {
    /// The table as it is written.
    Whole,
    /// Only whether every column of its first rows stays text as written: deciding stops
    /// at the first column that does not (or at a hidden one).
    AllText,
    /// Every column of its first rows, as a prediction the load checks
    /// ([`checked`]); stops at a hidden column. A text column's reason is left empty.
    Predicting,
}

/// One column of a text table, decided: its catalog entry, the decision, its groups, its
/// name in the staging table and what the file says of how its numbers are written.
struct DecidedColumn {
    entry: ColumnEntry,
    decision: Decision,
    groups: Groups,
    raw: String,
    evidence: FileEvidence,
}

/// A text table's rows and columns, decided.
struct Decided {
    /// The decisions about its rows (and header), in words.
    notes: Vec<String>,
    /// Its columns, but those `querycell.toml` hides.
    columns: Vec<DecidedColumn>,
    /// Whether a column was left out (hidden): then the staging table holds more than the
    /// table may.
    any_hidden: bool,
}

impl Decided {
    /// Whether the staging table can become the table: every column is kept, as text (a
    /// text column's values are its texts, or missing for a token).
    fn all_text(&self) -> bool {
        !self.any_hidden && self.columns.iter().all(|c| c.decision.keeps_text)
    }
}

/// Drop what is not data from the staging table and decide each kept column (named, and not
/// hidden by `querycell.toml`).
fn decide_columns(connection: &Connection, ruled: &Ruled<'_>) -> Result<Decided> {
    let (layout, source, over, staging_table) = (ruled.layout, ruled.source, ruled.over, ruled.staging_table);
    let null_tokens = ruled.sidecar.null_tokens(over);
    let headers = describe(connection, &format!("SELECT * FROM {}", quote(staging_table)), source)?;
    let raw_names: Vec<String> = headers.iter().map(|h| h.0.clone()).collect();
    let mut decisions = layout.notes.clone();
    decisions.extend(layout::trim_rows(connection, staging_table, &raw_names, over, layout, source)?);
    // The columns kept: (raw name, header text, name, what the file and its cells say of how
    // its numbers are written).
    let mut kept: Vec<(String, String, String, FileEvidence)> = Vec::new();
    let read = headers.len();
    for (at, header) in headers.into_iter().enumerate() {
        let text = layout.header_text(at, &header.0);
        let column_name = unique(normalize_identifier(&text, "column"), kept.iter().map(|c| c.2.as_str()));
        if over.columns.get(&column_name).is_some_and(|c| c.hidden) {
            if ruled.judging != Judging::Whole {
                return Ok(Decided { notes: decisions, columns: Vec::new(), any_hidden: true });
            }
            continue;
        }
        kept.push((header.0, text, column_name, layout.number_evidence(at)));
    }
    let at_source = |e: Error| if e.path == "$" { e.at(&source.shown) } else { e };
    let raw_kept: Vec<&str> = kept.iter().map(|c| c.0.as_str()).collect();
    // The first rows judged are at most a sample: every column is grouped, nothing to count.
    let judging = ruled.judging != Judging::Whole;
    let samples = match judging {
        true => vec![Sample::SHORT_TABLE; raw_kept.len()],
        false => types::samples(connection, staging_table, &raw_kept).map_err(at_source)?,
    };
    let mut columns: Vec<(ColumnEntry, Decision, Groups)> = Vec::new();
    let mut decided_raw = Vec::new();
    for ((raw, text, column_name, evidence), sample) in kept.into_iter().zip(samples) {
        let column_over = over.columns.get(&column_name);
        let numbers = NumberSettings { evidence, configured: Sidecar::number_reading(over, column_over) };
        let groups =
            Groups::create(connection, staging_table, &raw, sample, columns.len(), staging_table).map_err(at_source)?;
        let decision = types::decide(connection, &groups, &raw, &null_tokens, column_over, &numbers, judging)
            .map_err(at_source)?;
        let stop = ruled.judging == Judging::AllText && !decision.keeps_as_written(&raw);
        columns.push((decided_entry(column_name, text, &decision, over), decision, groups));
        decided_raw.push((raw, numbers.evidence));
        if stop {
            break;
        }
    }
    // Judging, no decision is final: none to decide again.
    if !judging {
        decide_again_with_a_proven_dot(connection, &mut columns, &decided_raw, over, &null_tokens)
            .map_err(at_source)?;
    }
    let columns: Vec<DecidedColumn> = columns
        .into_iter()
        .zip(decided_raw)
        .map(|((entry, decision, groups), (raw, evidence))| DecidedColumn { entry, decision, groups, raw, evidence })
        .collect();
    Ok(Decided { notes: decisions, any_hidden: columns.len() < read, columns })
}

/// Rows read first to judge whether a text table keeps every column as written. A value
/// that fits no type keeps its column text however many rows follow, so more rows only help
/// a column whose first values are missing; 2 000 took 40 ms less than 10 000 on the
/// bench's wide shape.
const FIRST_ROWS_JUDGED: usize = 2_000;
const _: () = assert!(FIRST_ROWS_JUDGED < DISTINCT_SAMPLE, "the first rows judged are grouped, never sampled");

/// What the first rows of a text table say of how to load it.
enum FirstRows {
    /// Every column stays text exactly as written: each has a value that fits no type, and
    /// no missing-value token. The whole table then does too, as a value that fits no type
    /// is text in any rows that hold it; where it does not (a token further down), the
    /// table is written from the loaded text as any other.
    AllText,
    /// Some column is not text as written: the load may check its type ([`checked`]).
    Typed,
    /// Nothing to go by: the first rows could not be read or decided.
    Unknown,
}

/// What the first [`FIRST_ROWS_JUDGED`] rows of the table `ruled.layout` reads say, decided
/// as the whole table is (in the temp table `ruled.staging_table`, dropped after). Any
/// failure here only means [`FirstRows::Unknown`].
fn first_rows_say(connection: &Connection, name: &str, ruled: &Ruled<'_>) -> FirstRows {
    let sample = quote(ruled.staging_table);
    let loaded = connection
        .execute_batch(&format!(
            "CREATE OR REPLACE TEMP TABLE {sample} AS SELECT * FROM {} LIMIT {FIRST_ROWS_JUDGED}",
            ruled.layout.first_rows_reader
        ))
        .map_err(|e| ruled.layout.explain(e, ruled.source, name));
    let said = loaded.and_then(|()| {
        // A column without letters is nearly always typed: the question ends there.
        if has_a_column_without_letters(connection, &sample) {
            return Ok(FirstRows::Typed);
        }
        let decided = decide_columns(connection, ruled)?;
        // Stopped early, its last column is the one not kept as written.
        let as_written = decided.all_text() && decided.columns.iter().all(|c| c.decision.keeps_as_written(&c.raw));
        remove_groups(connection, decided.columns)?;
        Ok(if as_written { FirstRows::AllText } else { FirstRows::Typed })
    });
    let dropped = connection.execute_batch(&format!("DROP TABLE IF EXISTS {sample}")).is_ok();
    match said {
        Ok(said) if dropped => said,
        _ => FirstRows::Unknown,
    }
}

/// Drop the groups of decided columns (their decisions are kept elsewhere, or not needed).
fn remove_groups(connection: &Connection, columns: Vec<DecidedColumn>) -> Result<()> {
    columns.into_iter().try_for_each(|c| c.groups.remove(connection))
}

/// Whether some column of `sample` (quoted) holds no letter in any value: numbers, dates,
/// amounts, which are nearly always typed, so the judgement ends there without deciding
/// (about forty statements, 80–150 ms on the bench's typed shapes). A text column of digits
/// (`00123`) costs an otherwise all-text table its straight load, never a wrong table.
fn has_a_column_without_letters(connection: &Connection, sample: &str) -> bool {
    let Ok(columns) = connection.query(&format!("SELECT column_name FROM (DESCRIBE SELECT * FROM {sample})")) else {
        return false;
    };
    let letterless = columns
        .iter()
        .filter_map(|row| cell_text(row, 0))
        .map(|c| format!("bool_and(NOT regexp_matches({}, '\\pL'))", quote(&c)))
        .collect::<Vec<_>>();
    if letterless.is_empty() {
        return false;
    }
    let sql = format!("SELECT greatest({}) FROM {sample}", letterless.join(", "));
    connection.query(&sql).is_ok_and(|rows| first_row(rows).first().and_then(Cell::boolean) == Some(true))
}

/// Make the staging table, whose every column is kept as text, the table `name`: a token
/// the first rows did not show is made missing where it is, and the columns take their
/// decided names. Nothing is copied: a copy would also leave the text's space in the file.
fn write_in_place(
    connection: &Connection,
    staging_table: &str,
    name: &str,
    columns: &[DecidedColumn],
    source: &Source,
) -> Result<()> {
    let mut statements = Vec::new();
    for column in columns.iter().filter(|c| c.decision.expression != quote(&c.raw)) {
        // A text column's expression is its text, or NULL for a token: only those change.
        statements.push(format!(
            "UPDATE {t} SET {c} = NULL WHERE {c} IS NOT NULL AND ({e}) IS NULL",
            t = quote(staging_table),
            c = quote(&column.raw),
            e = column.decision.expression
        ));
    }
    statements.push(format!("ALTER TABLE {} RENAME TO {}", quote(staging_table), quote(name)));
    for column in columns.iter().filter(|c| c.raw != c.entry.name) {
        statements.push(format!(
            "ALTER TABLE {} RENAME COLUMN {} TO {}",
            quote(name),
            quote(&column.raw),
            quote(&column.entry.name)
        ));
    }
    connection.execute_batch(&statements.join("; ")).map_err(failed(source))
}

/// A typed source (Parquet, JSON): keep the file's types where querycell can answer with
/// them, and decide the rest, so that no cell of the table is unreadable:
/// - zoned timestamps become TIMESTAMP in UTC;
/// - nested objects (STRUCT) become one column per field (`customer_name`), down to
///   [`STRUCT_DEPTH`] levels; deeper objects, lists, maps and unions become JSON text;
/// - binary data is left out (recorded in the catalog);
/// - any other type DuckDB knows but querycell does not compare (UUID, INTERVAL, TIME, …)
///   becomes its text form.
fn load_typed_table(
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
            Field { display: header.clone(), expression: quote(&header), sql_type, depth: 0 },
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
        select.push(format!("{expression} AS {}", quote(&column_name)));
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
            expression: format!("struct_extract({}, {})", field.expression, sql_string(&name)),
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
                reason: types::ZONED_DECISION.into(),
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
                reason: format!("{} (microseconds)", types::ZONED_DECISION),
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
        let pointer = sql_string(&format!("/{}", fields[i].display.replace('~', "~0").replace('/', "~1")));
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
            sql_string(PLAIN_JSON_NUMBER)
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

fn describe(connection: &Connection, query: &str, source: &Source) -> Result<Vec<(String, String)>> {
    let rows = connection.query(&format!("DESCRIBE {query}")).map_err(failed(source))?;
    Ok(rows.iter().map(|row| (cell_text(row, 0).unwrap_or_default(), cell_text(row, 1).unwrap_or_default())).collect())
}

/// The first row of a result (empty when there is none).
pub(crate) fn first_row(rows: Vec<Vec<Cell>>) -> Vec<Cell> {
    rows.into_iter().next().unwrap_or_default()
}

pub(crate) fn cell_text(row: &[Cell], column: usize) -> Option<String> {
    row.get(column).and_then(Cell::text)
}

pub(crate) fn cell_integer(row: &[Cell], column: usize) -> i64 {
    row.get(column).and_then(Cell::integer).unwrap_or(0)
}

fn create_table(connection: &Connection, name: &str, select: &str, source: &Source) -> Result<()> {
    connection.execute_batch(&format!("CREATE TABLE {} AS {select}", quote(name))).map_err(|e| {
        Error::classed(
            ErrorClass::Refused,
            Code::IngestFailed,
            format!("{} could not be loaded: {}", source.shown, plain_words(&e.message, source)),
        )
        .at(&source.shown)
        .hint("a value does not fit the type chosen for its column; check the types and date formats in querycell.toml")
    })
}

/// A column whose values prove a decimal dot (`2.25`) says how the file writes numbers
/// better than its `;` delimiter does: a column either mark reads (`1.250`) that the
/// delimiter alone read with a comma, a thousand times too large, is decided again with a dot.
fn decide_again_with_a_proven_dot(
    connection: &Connection,
    columns: &mut [(ColumnEntry, Decision, Groups)],
    decided: &[(String, FileEvidence)],
    over: &TableOverride,
    null_tokens: &[String],
) -> Result<()> {
    let proven_dot = columns.iter().find_map(|(entry, decision, _)| match &decision.decimal_mark {
        Some(DecimalMarkBasis::ProvenDot(example)) => Some((entry.name.clone(), example.clone())),
        _ => None,
    });
    let Some((by, example)) = proven_dot else { return Ok(()) };
    let why = format!("column {by} of the same file writes a decimal dot (e.g. '{example}')");
    for ((entry, decision, groups), (raw, evidence)) in columns.iter_mut().zip(decided) {
        if decision.decimal_mark != Some(DecimalMarkBasis::CommaFromTheDelimiter) {
            continue;
        }
        let column_over = over.columns.get(&entry.name);
        let evidence = FileEvidence { decimal_comma: None, decimal_dot: Some(why.clone()), ..evidence.clone() };
        let numbers = NumberSettings { evidence, configured: Sidecar::number_reading(over, column_over) };
        let mut again = types::decide(connection, groups, raw, null_tokens, column_over, &numbers, false)?;
        if !again.reason.contains(&why) {
            again.reason.push_str(&format!("; read with a decimal dot, though the file is ';'-delimited: {why}"));
        }
        *entry = decided_entry(entry.name.clone(), entry.display_name.clone(), &again, over);
        *decision = again;
    }
    Ok(())
}

/// The catalog entry of a text column `name` (its header `text`) with its `decision`; the
/// unit the values were written with (`$`, `%`), unless the operator gave one.
fn decided_entry(name: String, text: String, decision: &Decision, over: &TableOverride) -> ColumnEntry {
    let mut entry = column_entry(name, text, &decision.sql_type, decision.reason.clone(), over);
    entry.unit = entry.unit.or_else(|| decision.unit.clone());
    entry
}

fn column_entry(
    name: String,
    display_name: String,
    sql_type: &str,
    decision: String,
    over: &TableOverride,
) -> ColumnEntry {
    let column_over = over.columns.get(&name).cloned().unwrap_or_default();
    ColumnEntry {
        kind: ValueKind::of_sql_type(sql_type),
        sql_type: sql_type.to_string(),
        name,
        display_name,
        decision,
        description: column_over.description,
        unit: column_over.unit,
        allowed_values: column_over.allowed_values,
        stats: ColumnStats::default(),
    }
}

/// The alias under which a whole row is one value (`hash(row)`); no column can take it, as
/// normalised column names never start with `_`.
const ROW: &str = "\"__querycell_row\"";

/// Where a new table's column's statistics come from.
#[derive(Clone, Copy, PartialEq)]
enum Statistics {
    /// Already in the column (a text source's grouped column: from its groups).
    Given,
    /// From the table's scan, its distinct count an estimate (a text source's column read
    /// row by row, nearly every text distinct in its sample).
    Estimated,
    /// From the table's scan, its distinct count exact below [`ESTIMATED_FROM`] (typed
    /// sources).
    Scan,
}

/// The statistics of the column read as `value` (null count, distinct count, and for ordered
/// kinds min and max as text), as aggregates; `nulls` counts its missing values.
fn stats_aggregates(value: &str, kind: ValueKind, nulls: String, distinct: String) -> [String; 4] {
    let ordered = !matches!(kind, ValueKind::Other | ValueKind::Boolean);
    let bound =
        |f: &str| if ordered { format!("CAST({f}({value}) AS VARCHAR)") } else { "CAST(NULL AS VARCHAR)".into() };
    [nulls, distinct, bound("min"), bound("max")]
}

/// A column's distinct count and whether it is an estimate (see [`ESTIMATED_FROM`]).
#[derive(Clone, Copy)]
struct Distinct {
    count: i64,
    estimated: bool,
}

/// Past this many distinct values (by the estimate) a column's distinct count stays an
/// estimate: DuckDB's `approx_count_distinct` (HyperLogLog, a few percent off) takes one
/// pass with the other statistics, where an exact count of a nearly distinct column of 3 M
/// rows took 120–360 ms, as long as a third of `read_csv`'s whole load. Below it the exact
/// count is cheap and lists of values depend on it. Nothing is decided on an estimate: a
/// relationship ingest suggests is checked for uniqueness by a query first.
const ESTIMATED_FROM: i64 = 50_000;

/// A column's statistics from the four aggregates of [`stats_aggregates`] at `at` in `row`
/// (its distinct count given), listing its values (from `list`, rows of `value`) when it is
/// text with few of them.
fn read_stats(
    connection: &Connection,
    (row, at): (&[Cell], usize),
    distinct: Distinct,
    kind: ValueKind,
    (value, list): (&str, &str),
    source: &Source,
) -> Result<ColumnStats> {
    let nulls = cell_integer(row, at);
    let values = if kind == ValueKind::Text && !distinct.estimated && (1..=VALUE_LIST_CAP).contains(&distinct.count) {
        let rows = connection
            .query(&format!(
                "SELECT DISTINCT {value} FROM {list} WHERE {value} IS NOT NULL ORDER BY 1 LIMIT {VALUE_LIST_CAP}"
            ))
            .map_err(failed(source))?;
        Some(rows.iter().filter_map(|row| cell_text(row, 0)).map(|v| clip(&v)).collect())
    } else {
        None
    };
    Ok(ColumnStats {
        null_count: nulls as u64,
        distinct_count: distinct.count as u64,
        distinct_estimated: distinct.estimated,
        min: cell_text(row, at + 2).map(|m| clip(&m)),
        max: cell_text(row, at + 3).map(|m| clip(&m)),
        values,
    })
}

/// A text source's grouped column's statistics, from its groups: the decided value of each
/// distinct text, weighted by its rows.
fn grouped_stats(
    connection: &Connection,
    groups: &Groups,
    decision: &Decision,
    kind: ValueKind,
    source: &Source,
) -> Result<ColumnStats> {
    let list = format!("(SELECT {} AS v, {} FROM {})", decision.expression, groups.rows, groups.table);
    // One row per text: a text column counts its rows, a typed one its distinct values.
    let distinct = if decision.keeps_text { "count(v)" } else { "count(DISTINCT v)" };
    let aggregates = stats_aggregates("v", kind, groups.rows_where("v IS NULL"), distinct.into());
    let row =
        first_row(connection.query(&format!("SELECT {} FROM {list}", aggregates.join(", "))).map_err(failed(source))?);
    let distinct = Distinct { count: cell_integer(&row, 1), estimated: false };
    read_stats(connection, (&row, 0), distinct, kind, ("v", &list), source)
}

/// Check allowed values, count rows, compute the content hash and the statistics of each
/// column whose `statistics` are not [`Statistics::Given`].
fn finish_table(
    connection: &Connection,
    name: &str,
    source: &Source,
    over: &TableOverride,
    mut columns: Vec<ColumnEntry>,
    statistics: &[Statistics],
) -> Result<TableEntry> {
    let table = quote(name);
    for column in &columns {
        if let Some(allowed) = &column.allowed_values {
            let list = allowed.iter().map(|v| sql_string(v)).collect::<Vec<_>>().join(", ");
            let outsider = cell_text(
                &first_row(
                    connection
                        .query(&format!("SELECT min(CAST({c} AS VARCHAR)) FROM {table} WHERE {c} IS NOT NULL AND CAST({c} AS VARCHAR) NOT IN ({list})", c = quote(&column.name)))
                        .map_err(failed(source))?,
                ),
                0,
            );
            if let Some(value) = outsider {
                return Err(Error::new(
                    Code::ValueNotAllowed,
                    format!(
                        "{}: column {} has the value '{}', which is not in its allowed_values",
                        source.shown,
                        column.name,
                        clip(&value)
                    ),
                )
                .at(&source.shown)
                .hint("fix the data, or extend allowed_values in querycell.toml"));
            }
        }
    }
    let row_count = cell_integer(
        &first_row(connection.query(&format!("SELECT count(*) FROM {table}")).map_err(failed(source))?),
        0,
    );
    // One scan for every column's counts and bounds that are not given.
    let scanned: Vec<usize> = (0..columns.len()).filter(|&i| statistics[i] != Statistics::Given).collect();
    let mut aggregates = Vec::new();
    for &i in &scanned {
        let c = quote(&columns[i].name);
        aggregates.extend(stats_aggregates(
            &c,
            columns[i].kind,
            format!("count(*) - count({c})"),
            // An estimate past the values present would say more than the data can hold.
            format!("least(approx_count_distinct({c}), count({c}))"),
        ));
    }
    // The row hash sum rides in the same scan: the table's content, independent of row order.
    aggregates.push(format!("CAST(coalesce(sum(hash({ROW})), 0) AS VARCHAR)"));
    let row = first_row(
        connection.query(&format!("SELECT {} FROM {table} AS {ROW}", aggregates.join(", "))).map_err(failed(source))?,
    );
    let content_hash = cell_text(&row, aggregates.len() - 1).unwrap_or_default();
    let exact: Vec<bool> = scanned.iter().map(|&i| statistics[i] == Statistics::Scan).collect();
    let names: Vec<&str> = scanned.iter().map(|&i| columns[i].name.as_str()).collect();
    let distinct = exact_below_estimates(connection, &table, &names, &exact, &row, source)?;
    for (at, &i) in scanned.iter().enumerate() {
        let c = quote(&columns[i].name);
        let kind = columns[i].kind;
        columns[i].stats = read_stats(connection, (&row, 4 * at), distinct[at], kind, (&c, &table), source)?;
    }
    Ok(TableEntry {
        relation: Vec::new(),
        name: name.to_string(),
        content_hash,
        source: source.relative.clone(),
        format: source.format.name().to_string(),
        description: over.description.clone(),
        decisions: Vec::new(),
        row_count: row_count as u64,
        row_count_withheld: false,
        columns,
        left_out: Vec::new(),
    })
}

/// The distinct counts of the columns `names` from the estimates at `4 * i + 1` in `row`:
/// exact, by one more scan of `table` for every column estimated below [`ESTIMATED_FROM`]
/// that `may_count` allows, else the estimate.
fn exact_below_estimates(
    connection: &Connection,
    table: &str,
    names: &[&str],
    may_count: &[bool],
    row: &[Cell],
    source: &Source,
) -> Result<Vec<Distinct>> {
    let mut distinct: Vec<Distinct> =
        (0..names.len()).map(|i| Distinct { count: cell_integer(row, 4 * i + 1), estimated: true }).collect();
    let counted: Vec<usize> =
        (0..names.len()).filter(|&i| may_count[i] && distinct[i].count < ESTIMATED_FROM).collect();
    if counted.is_empty() {
        return Ok(distinct);
    }
    let counts = counted.iter().map(|&i| format!("count(DISTINCT {})", quote(names[i])));
    let exact = first_row(
        connection
            .query(&format!("SELECT {} FROM {table}", counts.collect::<Vec<_>>().join(", ")))
            .map_err(failed(source))?,
    );
    for (at, &i) in counted.iter().enumerate() {
        distinct[i] = Distinct { count: cell_integer(&exact, at), estimated: false };
    }
    Ok(distinct)
}

/// Cell text in the catalog is cut to a cap, so it cannot carry long instructions into a
/// prompt that includes the schema.
fn clip(text: &str) -> String {
    querycell_contract::text::clip(text, VALUE_TEXT_CAP)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shortcut of the first-rows judgement: a column of numbers or dates ends it; a
    /// letter anywhere in a column (`T-1`, `é`) or a column with no value does not.
    #[test]
    fn a_column_without_letters_is_told_apart() {
        let connection = Connection::in_memory(&[]).unwrap();
        let answer = |columns: &str| {
            connection
                .execute_batch(&format!(
                    "CREATE OR REPLACE TEMP TABLE s AS SELECT * FROM (VALUES {columns}) AS t(a, b)"
                ))
                .unwrap();
            has_a_column_without_letters(&connection, "s")
        };
        assert!(answer("('ticket', '12'), ('note', '2026-01-05')"));
        assert!(answer("('ticket', '-1,5 €'), ('note', '00123')"));
        assert!(!answer("('ticket', 'T-1'), ('note', '12')"));
        assert!(!answer("('ticket', 'é'), ('note', 'ß 2')"));
        assert!(!answer("('ticket', CAST(NULL AS VARCHAR)), ('note', NULL)"), "no value is not no letter");
    }
}
