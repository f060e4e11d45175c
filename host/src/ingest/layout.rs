//! Where the table sits inside a text source (a CSV/TSV file or an Excel sheet), decided
//! before anything is typed and recorded in the catalog, so the table is never silently
//! different from what the file means:
//!
//! - **Delimiter** (CSV): querycell.toml's `delimiter`, else an Excel `sep=;` first line,
//!   else tab for `.tsv`, else whichever of `,` `;` TAB `|` splits the first lines most
//!   consistently into more than one field. DuckDB is then told the delimiter and the quote
//!   and reads in strict mode, so a ragged line is an error rather than a different shape.
//! - **Header**: querycell.toml's `header_row` / `skip_rows`, else the first row with two or
//!   more filled cells. Rows above it with at most one filled cell (a report title, an
//!   export date, empty lines) are a title block: skipped, and the decision recorded. In a
//!   CSV the skip is kept only when DuckDB then sees a header below it; a first row that
//!   reads as data stays data.
//! - **Below the data**: rows whose every cell is empty are dropped (in tables of two or
//!   more columns), and a last row that reads as totals (`Total`, `Sum`, `Gesamt`, … then
//!   only numbers) is dropped, each recorded. A totals row with other rows under it is
//!   refused with a hint (`footer_rows`), as is nothing else guessed: `footer_rows = N`
//!   drops exactly N rows, `footer_rows = 0` keeps every row.
//! - **Ragged lines**: when DuckDB refuses a CSV, the file is scanned here to name the first
//!   line whose field count differs from the header's (or whose quotes do not close) in
//!   words, with the line's start, instead of DuckDB's message and its reader options.

use std::ops::ControlFlow;
use std::os::unix::fs::FileExt;
use std::path::Path;

use crate::duck::{Cell, Database as Connection, Failure};

use super::load::{failed, first_row};
use super::numbers::FileEvidence;
use super::sidecar::{TableOverride, CSV_ONLY_KEYS, TEXT_LAYOUT_KEYS};
use super::sources::{Format, Source};
use super::types::{blank, quote, sql_string};
use crate::error::{Code, Error, ErrorClass, Result};

/// Rows looked at to find the delimiter, the quote and the header.
const HEAD_RECORDS: usize = 200;
/// The head read from a CSV stops here even when its lines are longer.
const HEAD_BYTES: usize = 64 << 20;
/// At most this many title rows above a header are skipped without being told to.
const MAX_TITLE_ROWS: usize = 10;
/// How far from the bottom a totals row is looked for.
const TOTALS_WINDOW: usize = 3;
/// Cell text quoted in decisions and messages is cut to this many characters.
const QUOTED_CAP: usize = 64;
/// Delimiters tried when the file does not say, in order of preference on a tie.
const DELIMITERS: [u8; 4] = [b',', b';', b'\t', b'|'];
const BOM: &[u8] = b"\xEF\xBB\xBF";
/// First cells that mark a totals row (compared lowercased, without a trailing colon), in the
/// languages exports are written in: English, German, Dutch, French, Italian, Scandinavian,
/// Russian, Japanese and Chinese.
const TOTAL_WORDS: &[&str] = &[
    "total",
    "totals",
    "sum",
    "subtotal",
    "sub-total",
    "sub total",
    "grand total",
    "grand totals",
    "gesamt",
    "summe",
    "gesamtsumme",
    "totaal",
    "total général",
    "total general",
    "totale",
    "totalt",
    "summa",
    "итого",
    "всего",
    "合計",
    "总计",
    "合计",
];

/// DuckDB's read buffer for a table's first rows. DuckDB refuses a line longer than its
/// buffer, so this is twice its default longest line (`max_line_size`, 2 000 000 bytes):
/// every line the whole read accepts fits.
const FIRST_ROWS_BUFFER: usize = 4 << 20;

/// How a text source is read, and what was decided about its rows on the way.
pub struct TextLayout {
    /// The `read_csv(...)` call DuckDB runs (every column as text).
    pub reader: String,
    /// The same call made to read only a table's first rows: one thread and a small buffer,
    /// so DuckDB does not read ahead tens of megabytes it will not use.
    pub first_rows_reader: String,
    /// Decisions about rows and the header, in words, for the catalog.
    pub notes: Vec<String>,
    /// Excel: the sheet row number of the first data row, so a dropped row can be named.
    /// CSV rows are not numbered this way (quoted line breaks make lines and rows differ).
    first_data_row: Option<u64>,
    /// CSV: how the file was read, to explain a refusal in words.
    dialect: Option<Dialect>,
    /// The header's cells as the file has them (`None` without a header).
    header_texts: Option<Vec<String>>,
    /// Excel: for each column read, whether it holds number cells with a fraction (empty
    /// for a CSV, whose values are all text).
    dotted_numbers: Vec<bool>,
    /// Excel: for each column read, whether it holds duration cells (`[h]:mm:ss`), written
    /// out as seconds (empty for a CSV).
    duration_columns: Vec<bool>,
}

impl TextLayout {
    /// The delimiter a CSV was read with (none for a sheet), evidence for number readings.
    pub fn delimiter(&self) -> Option<char> {
        self.dialect.map(|d| d.delimiter as char)
    }

    /// What the file says of how column `at` writes numbers: a `;` delimiter is how
    /// spreadsheet programs write CSV where ',' is the decimal mark; a sheet's number cells
    /// with a fraction are written out with a dot.
    pub fn number_evidence(&self, at: usize) -> FileEvidence {
        FileEvidence {
            decimal_comma: (self.delimiter() == Some(';')).then(|| "the file is ';'-delimited".to_string()),
            decimal_dot: self
                .dotted_numbers
                .get(at)
                .copied()
                .unwrap_or(false)
                .then(|| "its number cells are stored as numbers, with a decimal dot".to_string()),
            durations: self
                .duration_columns
                .get(at)
                .copied()
                .unwrap_or(false)
                .then(|| "its cells are Excel durations ([h]:mm:ss), read as seconds".to_string()),
        }
    }

    /// The header of column `at`, which DuckDB read as `read`: the file's own text where
    /// DuckDB renamed a repeated header (`amount`, `amount_1`), so that querycell numbers
    /// repeats its own way (`amount`, `amount_2`, `amount_3`), as spreadsheet users count.
    pub fn header_text(&self, at: usize, read: &str) -> String {
        let renamed = |text: &String| {
            !text.is_empty()
                && read
                    .strip_prefix(text.as_str())
                    .and_then(|rest| rest.strip_prefix('_'))
                    .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
        };
        match self.header_texts.as_ref().and_then(|texts| texts.get(at)) {
            Some(text) if renamed(text) => text.clone(),
            _ => read.to_string(),
        }
    }

    /// The header's cell above column `at` as the file has it; `None` without a header.
    pub fn header_cell(&self, at: usize) -> Option<&str> {
        self.header_texts.as_ref().and_then(|texts| texts.get(at)).map(String::as_str)
    }
}

/// The CSV dialect querycell decided on.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Dialect {
    delimiter: u8,
    quote: Option<u8>,
    /// Lines before the header (or before the data without one).
    skip: u64,
    header: bool,
}

impl Dialect {
    fn reader(&self, path: &str) -> String {
        self.reader_with(path, "")
    }

    /// [`Self::reader`] reading the file from one thread with a buffer of
    /// [`FIRST_ROWS_BUFFER`]: the rows are the same, only how far DuckDB reads ahead changes.
    fn first_rows_reader(&self, path: &str) -> String {
        self.reader_with(path, &format!(", parallel = false, buffer_size = {FIRST_ROWS_BUFFER}"))
    }

    fn reader_with(&self, path: &str, options: &str) -> String {
        let quote = self.quote.map(|q| (q as char).to_string()).unwrap_or_default();
        format!(
            "read_csv({}, all_varchar = true, header = {}, delim = {}, quote = {q}, escape = {q}, comment = '', skip = {}, strict_mode = true, null_padding = false{options})",
            sql_string(path),
            self.header,
            sql_string(&(self.delimiter as char).to_string()),
            self.skip,
            q = sql_string(&quote),
        )
    }
}

impl TextLayout {
    /// The error for a DuckDB failure reading this source: for a CSV, the first line that
    /// does not fit, in words, when the scan finds one; otherwise DuckDB's own words.
    pub fn explain(&self, failure: Failure, source: &Source, table: &str) -> Error {
        match &self.dialect {
            Some(dialect) => explain(dialect, failure, source, table),
            None => failed(source)(failure),
        }
    }
}

/// A DuckDB failure reading a CSV as `dialect`, explained by the first misfit line if any.
fn explain(dialect: &Dialect, failure: Failure, source: &Source, table: &str) -> Error {
    match find_misfit(source, dialect, table) {
        Ok(Some(misfit)) => misfit,
        _ => failed(source)(failure),
    }
}

/// Refuse querycell.toml layout keys on a table whose format has no such thing, so a
/// setting is never silently ignored.
pub fn check_keys_apply(over: &TableOverride, table: &str, source: &Source, sidecar_path: &str) -> Result<()> {
    let misplaced: Vec<&str> = match source.format {
        Format::Csv | Format::Tsv => Vec::new(),
        Format::Xlsx => over.text_layout_keys().into_iter().filter(|k| CSV_ONLY_KEYS.contains(k)).collect(),
        Format::Parquet | Format::Json | Format::Ndjson => over.text_layout_keys(),
    };
    match misplaced.first() {
        None => Ok(()),
        Some(key) => Err(Error::new(
            Code::SidecarInvalid,
            format!(
                "{sidecar_path}: tables.{table}.{key} does not apply to {table}, which is loaded from {} ({})",
                source.shown,
                source.format.name()
            ),
        )
        .at(sidecar_path)
        .hint(format!(
            "remove it: {} apply to CSV/TSV files, and {} to CSV/TSV files and Excel sheets",
            CSV_ONLY_KEYS.join(" and "),
            TEXT_LAYOUT_KEYS.trim_start_matches("delimiter, encoding, ")
        ))),
    }
}

// ---------------------------------------------------------------------------------------
// CSV/TSV

/// Decide how to read the CSV/TSV `source` (opened by the host as `descriptor`); `None`
/// when the file holds nothing but white space (no header, no data: no table).
pub fn csv(
    connection: &Connection,
    descriptor: &str,
    source: &Source,
    over: &TableOverride,
    table: &str,
) -> Result<Option<TextLayout>> {
    let file = source.file.try_clone().map_err(|e| Error::io(&format!("reading {}", source.shown), &e))?.into_std();
    let explicit_skip = over.rows_above();
    let (head, complete) = read_head(&file, explicit_skip.unwrap_or(0) + HEAD_RECORDS as u64)
        .map_err(|e| Error::io(&format!("reading {}", source.shown), &e))?;
    let body = head.strip_prefix(BOM).unwrap_or(&head);
    if complete && body.iter().all(u8::is_ascii_whitespace) {
        return Ok(None);
    }
    let mut notes = Vec::new();

    // Excel writes `sep=;` as the first line of a CSV to say its delimiter; DuckDB would take
    // that line for the header.
    let declared = declared_delimiter(body);
    let lines_before = u64::from(declared.is_some());
    let delimiter = match (&over.delimiter, declared, source.format) {
        (Some(d), _, _) => d.as_bytes()[0],
        (None, Some(d), _) => d,
        (None, None, Format::Tsv) => b'\t',
        (None, None, _) => detect_delimiter(body, lines_before),
    };
    if let (Some(d), None) = (declared, explicit_skip) {
        notes.push(format!("line 1 (\"sep={}\") declares the delimiter and is not data: skipped", d as char));
    }
    let quote = choose_quote(body, delimiter, lines_before);
    let csv = CsvHead { connection, descriptor, source, over, table, body, complete, delimiter, quote, lines_before };

    let (skip, header) = match explicit_skip {
        Some(rows) => csv.told_rows_above(rows, &mut notes)?,
        None if over.header == Some(false) => (lines_before, false),
        None => csv.found_rows_above(&mut notes)?,
    };
    if !header {
        notes.push(no_header_note(over, skip));
    }
    let dialect = Dialect { delimiter, quote, skip, header };
    let header_texts =
        if header { head_records(body, delimiter, quote, skip).into_iter().next().map(|r| r.fields) } else { None };
    Ok(Some(TextLayout {
        reader: dialect.reader(descriptor),
        first_rows_reader: dialect.first_rows_reader(descriptor),
        notes,
        first_data_row: None,
        dialect: Some(dialect),
        header_texts,
        dotted_numbers: Vec::new(),
        duration_columns: Vec::new(),
    }))
}

/// The head of a CSV being laid out, with the delimiter and quote already decided: what
/// deciding the rows above the data (and whether a header tops it) works from.
struct CsvHead<'a> {
    connection: &'a Connection,
    descriptor: &'a str,
    source: &'a Source,
    over: &'a TableOverride,
    table: &'a str,
    /// The head without its byte order mark.
    body: &'a [u8],
    /// The head is the whole file.
    complete: bool,
    delimiter: u8,
    quote: Option<u8>,
    /// Lines before the first record (a `sep=` line).
    lines_before: u64,
}

impl CsvHead<'_> {
    /// Does DuckDB read the line after `skip` lines as a header? Asked of DuckDB itself so
    /// that querycell's decision and DuckDB's reading can never disagree.
    fn sniff_header(&self, skip: u64) -> Result<bool> {
        let (delimiter, quote) = (self.delimiter, self.quote);
        let dialect = Dialect { delimiter, quote, skip, header: true };
        let q = sql_string(&quote.map(|q| (q as char).to_string()).unwrap_or_default());
        let query = format!(
            "SELECT HasHeader FROM sniff_csv({}, delim = {}, quote = {q}, escape = {q}, comment = '', skip = {skip}, strict_mode = true)",
            sql_string(self.descriptor),
            sql_string(&(delimiter as char).to_string())
        );
        let rows = self.connection.query(&query).map_err(|e| explain(&dialect, e, self.source, self.table))?;
        Ok(first_row(rows).first().and_then(Cell::boolean).unwrap_or(true))
    }

    /// The lines to skip and the header when querycell.toml says how many lines sit above
    /// the data (`rows` of them).
    fn told_rows_above(&self, rows: u64, notes: &mut Vec<String>) -> Result<(u64, bool)> {
        let over = self.over;
        let target = rows + 1;
        self.check_told_rows_above(rows)?;
        let header = over.header.map_or_else(|| self.sniff_header(rows), Ok)?;
        notes.push(if header {
            format!(
                "the header is line {target}; the {} above it skipped, as querycell.toml says ({})",
                plural(rows, "line"),
                over.rows_above_setting()
            )
        } else {
            format!(
                "the first {} skipped, as querycell.toml says ({})",
                plural(rows, "line"),
                over.rows_above_setting()
            )
        });
        Ok((rows, header))
    }

    /// Refuse a querycell.toml line count that points past the data or at an empty line
    /// where a header should be: the setting was meant for another version of the file.
    fn check_told_rows_above(&self, rows: u64) -> Result<()> {
        let (source, over) = (self.source, self.over);
        let target = rows + 1;
        let below = head_records(self.body, self.delimiter, self.quote, rows);
        match below.first() {
            None if self.complete => {
                return Err(Error::new(
                    Code::LayoutOutOfRange,
                    format!(
                        "{}: querycell.toml says {}, but the file has no data from line {target} on",
                        source.shown,
                        over.rows_above_setting()
                    ),
                )
                .at(&source.shown)
                .hint("count the lines as a text editor numbers them, from 1"));
            }
            Some(first) if first.line != target && over.header != Some(false) => {
                return Err(Error::new(
                    Code::LayoutOutOfRange,
                    format!(
                        "{}: querycell.toml says {}, but line {target} is empty",
                        source.shown,
                        over.rows_above_setting()
                    ),
                )
                .at(format!("{}:{target}", source.shown))
                .hint(format!(
                    "point header_row at the line that holds the column names (line {} is the next one with text)",
                    first.line
                )));
            }
            _ => {}
        }
        Ok(())
    }

    /// The lines to skip and the header when querycell.toml does not say: a title block
    /// above the first wide row is skipped, if a header follows it.
    fn found_rows_above(&self, notes: &mut Vec<String>) -> Result<(u64, bool)> {
        let (over, lines_before) = (self.over, self.lines_before);
        let records = head_records(self.body, self.delimiter, self.quote, lines_before);
        let filled: Vec<usize> = records.iter().map(|r| filled(&r.fields)).collect();
        let at = header_index(&filled);
        let mut skip = if at > 0 { records[at].line - 1 } else { lines_before };
        let mut header = over.header.map_or_else(|| self.sniff_header(skip), Ok)?;
        if at > 0 && !header && over.header.is_none() {
            // Rows above the first wide row are a title only if a header follows them;
            // when what follows reads as data, they were data too.
            skip = lines_before;
            header = self.sniff_header(skip)?;
        } else if at > 0 {
            notes.push(title_note(&records[..at], "line", records[at].line, ""));
        }
        if !header && over.header.is_none() && starts_with_a_row_index(&records, skip) {
            header = true;
            notes.push(format!(
                "line {} is the header: its first cell is empty over a column counting 0, 1, 2, … (a row index, as pandas writes it), which DuckDB alone reads as data",
                skip + 1
            ));
        }
        Ok((skip, header))
    }
}

/// Whether the records after `skip` lines start with a header whose first cell alone is
/// empty over a first column that counts the rows from 0: what pandas' `to_csv()` writes by
/// default (`,city,country` then `0,Berlin,DE`). Over columns of text, DuckDB's sniffer
/// finds no header there, since the empty cell fits the numbers below it and the names fit
/// the text below them, and the names would be loaded as a row of data.
fn starts_with_a_row_index(records: &[HeadRecord], skip: u64) -> bool {
    let mut after = records.iter().filter(|r| r.line > skip);
    let Some(first) = after.next() else { return false };
    let names_over_an_index = first.fields.len() >= 2
        && first.fields[0].trim().is_empty()
        && first.fields[1..].iter().all(|f| !f.trim().is_empty());
    let mut rows = after.peekable();
    names_over_an_index
        && rows.peek().is_some()
        && rows.enumerate().all(|(i, r)| r.fields.len() == first.fields.len() && r.fields[0] == i.to_string())
}

/// The note for a CSV read without a header (its first data line after `skip` lines), saying
/// how to get one, since the columns are then only numbered.
fn no_header_note(over: &TableOverride, skip: u64) -> String {
    match over.header {
        Some(false) => "no header (header = false in querycell.toml): columns are named column0, column1, …".to_string(),
        _ => format!(
            "no header: line {} reads as data like the lines below it, so columns are named column0, column1, …; set header = true in querycell.toml if it holds column names",
            skip + 1
        ),
    }
}

/// The start of `file`: at least `lines` lines (or all of it), ending at a line break
/// unless the file ends first; `true` when that is the whole file.
fn read_head(file: &std::fs::File, lines: u64) -> std::io::Result<(Vec<u8>, bool)> {
    let mut head = Vec::new();
    let mut chunk = vec![0u8; 64 * 1024];
    let mut seen_lines = 0u64;
    loop {
        let read = file.read_at(&mut chunk, head.len() as u64)?;
        if read == 0 {
            return Ok((head, true));
        }
        seen_lines += chunk[..read].iter().filter(|&&b| b == b'\n').count() as u64;
        head.extend_from_slice(&chunk[..read]);
        if seen_lines > lines || head.len() >= HEAD_BYTES {
            break;
        }
    }
    if let Some(end) = head.iter().rposition(|&b| b == b'\n') {
        head.truncate(end + 1);
    }
    Ok((head, false))
}

/// The delimiter an Excel `sep=X` first line declares.
fn declared_delimiter(body: &[u8]) -> Option<u8> {
    let line = body.split(|&b| b == b'\n').next()?;
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    match line {
        [b's' | b'S', b'e' | b'E', b'p' | b'P', b'=', d] if d.is_ascii() && !d.is_ascii_alphanumeric() => Some(*d),
        _ => None,
    }
}

/// The delimiter that splits the first lines most consistently into two or more fields:
/// the most common field count must be at least 2, and the share of lines having it decides
/// (then the larger count, then the order of [`DELIMITERS`]). When no delimiter gives any
/// line two fields the file is one column; when only the first line splits, its delimiter is
/// used, so a ragged file is refused at the first misfit rather than read as one column.
fn detect_delimiter(body: &[u8], lines_before: u64) -> u8 {
    let mut best: Option<(f64, usize, u8)> = None;
    let mut widest_first: (usize, u8) = (1, DELIMITERS[0]);
    for delimiter in DELIMITERS {
        let counts: Vec<usize> =
            head_records(body, delimiter, Some(b'"'), lines_before).iter().map(|r| r.fields.len()).collect();
        let Some(&first) = counts.first() else { return DELIMITERS[0] };
        if first > widest_first.0 {
            widest_first = (first, delimiter);
        }
        let mut tally: Vec<(usize, usize)> = Vec::new();
        for count in &counts {
            match tally.iter_mut().find(|(c, _)| c == count) {
                Some(entry) => entry.1 += 1,
                None => tally.push((*count, 1)),
            }
        }
        let (mode, times) =
            tally.into_iter().max_by_key(|&(count, times)| (times, count)).expect("counts is not empty");
        if mode < 2 {
            continue;
        }
        let share = times as f64 / counts.len() as f64;
        if best.is_none_or(|(s, m, _)| share > s || (share == s && mode > m)) {
            best = Some((share, mode, delimiter));
        }
    }
    best.map(|(_, _, d)| d).unwrap_or(widest_first.1)
}

/// `"` unless the head uses double quotes only inside values (`5" pipe`) and never to quote
/// one: then the file has no quoting and a quote is a character like any other.
fn choose_quote(body: &[u8], delimiter: u8, lines_before: u64) -> Option<u8> {
    let mut scanner = Scanner::new(delimiter, Some(b'"'), false);
    let mut stray = false;
    let mut records = 0usize;
    let _ = scanner.feed(body, &mut |row| {
        if row.line > lines_before {
            records += 1;
            stray |= matches!(row.problem, Some((_, Problem::StrayQuote | Problem::TextAfterQuote)));
        }
        if records >= HEAD_RECORDS {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    if stray && scanner.quoted_fields == 0 {
        None
    } else {
        Some(b'"')
    }
}

/// One record of the head, its fields as text.
struct HeadRecord {
    line: u64,
    fields: Vec<String>,
}

/// The first [`HEAD_RECORDS`] records after the first `lines_before` lines.
fn head_records(body: &[u8], delimiter: u8, quote: Option<u8>, lines_before: u64) -> Vec<HeadRecord> {
    let mut scanner = Scanner::new(delimiter, quote, true);
    let mut records = Vec::new();
    let mut collect = |row: Row<'_>| {
        if row.line > lines_before {
            records.push(HeadRecord {
                line: row.line,
                fields: row.fields.iter().map(|f| String::from_utf8_lossy(f).into_owned()).collect(),
            });
        }
        if records.len() >= HEAD_RECORDS {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    };
    if scanner.feed(body, &mut collect).is_continue() {
        let _ = scanner.finish(&mut collect);
    }
    records
}

/// Scan the whole CSV for the first line that does not fit the header (or the first data
/// line without a header): a different number of fields, a quote that is misplaced or never
/// closed, or bytes that are not UTF-8. `Ok(None)` when every line fits.
fn find_misfit(source: &Source, dialect: &Dialect, table: &str) -> std::io::Result<Option<Error>> {
    let file = source.file.try_clone()?.into_std();
    let mut scanner = Scanner::new(dialect.delimiter, dialect.quote, false);
    let mut reference: Option<(u64, usize)> = None;
    let mut misfit: Option<Error> = None;
    let mut check = |row: Row<'_>| {
        if row.line <= dialect.skip {
            return ControlFlow::Continue(());
        }
        let found = problem_in(row, reference, dialect, source, table);
        if found.is_some() {
            misfit = found;
            return ControlFlow::Break(());
        }
        reference.get_or_insert((row.line, row.field_count));
        ControlFlow::Continue(())
    };
    let mut offset = 0u64;
    let mut chunk = vec![0u8; 256 * 1024];
    // The end of the previous chunk when it stopped inside a UTF-8 sequence.
    let mut pending: Vec<u8> = Vec::new();
    let mut not_utf8: Option<(u64, u8)> = None;
    loop {
        let read = file.read_at(&mut chunk, offset)?;
        if read == 0 {
            if let Some(&byte) = pending.first() {
                not_utf8 = Some((scanner.line, byte));
            } else {
                let _ = scanner.finish(&mut check);
            }
            break;
        }
        let fresh =
            if offset == 0 { chunk[..read].strip_prefix(BOM).unwrap_or(&chunk[..read]) } else { &chunk[..read] };
        offset += read as u64;
        pending.extend_from_slice(fresh);
        let (valid, invalid_byte) = match std::str::from_utf8(&pending) {
            Ok(_) => (pending.len(), None),
            Err(e) if e.error_len().is_none() => (e.valid_up_to(), None),
            Err(e) => (e.valid_up_to(), Some(pending[e.valid_up_to()])),
        };
        if scanner.feed(&pending[..valid], &mut check).is_break() {
            break;
        }
        if let Some(byte) = invalid_byte {
            not_utf8 = Some((scanner.line, byte));
            break;
        }
        pending.drain(..valid);
    }
    if misfit.is_none() {
        if let Some((line, byte)) = not_utf8 {
            misfit = Some(
                Error::new(Code::CsvNotUtf8, format!("{}: line {line} is not UTF-8 text (it has the byte 0x{byte:02X}); querycell reads CSV files as UTF-8", source.shown))
                    .at(format!("{}:{line}", source.shown))
                    .hint(format!("if the file was saved in a legacy encoding, say which: encoding = \"windows-1252\" (or \"latin-1\") under [tables.{table}] in querycell.toml; or save it as UTF-8 (Excel: \"CSV UTF-8\")")),
            );
        }
    }
    Ok(misfit)
}

/// What is wrong with `row`, given the reference row (the header, or the first data row).
fn problem_in(
    row: Row<'_>,
    reference: Option<(u64, usize)>,
    dialect: &Dialect,
    source: &Source,
    table: &str,
) -> Option<Error> {
    let starts = clip(&String::from_utf8_lossy(row.raw));
    let at = |line: u64| format!("{}:{line}", source.shown);
    match row.problem {
        Some((line, Problem::Unterminated)) => {
            return Some(
                Error::new(Code::CsvQuoteUnclosed, format!("{}: the double quote that opens a value on line {line} is never closed, so the rest of the file would be one value", source.shown))
                    .at(at(*line))
                    .hint("close the quote; a double quote inside a quoted value is written twice (\"5\"\" pipe\")"),
            )
        }
        Some((line, Problem::StrayQuote)) => {
            return Some(
                Error::new(Code::CsvQuoteMisplaced, format!("{}: line {line} has a double quote inside a value that does not start with one; the line starts: {starts}", source.shown))
                    .at(at(*line))
                    .hint("quote the whole value and double the quote inside it (\"5\"\" pipe\"), as CSV requires"),
            )
        }
        Some((line, Problem::TextAfterQuote)) => {
            return Some(
                Error::new(Code::CsvQuoteMisplaced, format!("{}: on line {line} a quoted value is followed by more text before the next delimiter; the line starts: {starts}", source.shown))
                    .at(at(*line))
                    .hint("quote the whole value and double any quote inside it, as CSV requires"),
            )
        }
        None => {}
    }
    let (reference_line, expected) = reference?;
    // DuckDB accepts one empty field too many (a delimiter at the end of the line).
    if row.field_count == expected || (row.field_count == expected + 1 && row.last_field_empty) {
        return None;
    }
    let delimiter = match dialect.delimiter {
        b'\t' => "tab".to_string(),
        d => format!("'{}'", d as char),
    };
    let against = if dialect.header {
        format!("the header (line {reference_line})")
    } else {
        format!("line {reference_line}, the first line of data,")
    };
    let message = format!(
        "{}: line {} has {} but {against} has {expected}; the line starts: {starts}",
        source.shown,
        row.line,
        plural(row.field_count as u64, "field"),
    );
    let hint = if row.field_count > expected && expected == 1 && dialect.header {
        format!(
            "if line {reference_line} is a title above the real header, set header_row = {} under [tables.{table}] in querycell.toml; otherwise quote values that contain the delimiter",
            row.line
        )
    } else if row.field_count > expected {
        format!(
            "an unquoted {delimiter} inside a value (like Jan 5, 2025)? Put such values in double quotes (\"Jan 5, 2025\"); if the file is separated by another character, set delimiter under [tables.{table}] in querycell.toml"
        )
    } else {
        "a value is missing, or a line break inside a value is not quoted: complete the line or quote the value that holds the line break".to_string()
    };
    Some(Error::new(Code::CsvRaggedLine, message).at(at(row.line)).hint(hint))
}

// ---------------------------------------------------------------------------------------
// Excel sheets

/// A sheet's cells as text, from its first filled row and column.
pub struct SheetRows {
    /// The sheet's name in the workbook.
    pub name: String,
    /// The cells as text, row by row (an empty cell as empty text).
    pub rows: Vec<Vec<String>>,
    /// The sheet row number (1-based, as Excel shows it) of `rows[0]`.
    pub first_row: u64,
    /// What reading the cells decided (merged cells filled), for the table's decisions.
    pub notes: Vec<String>,
    /// For each column of `rows`, whether it holds a number cell with a fraction, written
    /// out with a decimal dot (see [`super::numbers::FileEvidence::decimal_dot`]).
    pub dotted_numbers: Vec<bool>,
    /// For each column of `rows`, whether it holds a duration cell, written out in seconds
    /// (see [`super::numbers::FileEvidence::durations`]).
    pub duration_columns: Vec<bool>,
}

/// Decide where the table is in `sheet`, write it (header, then data) as CSV to `staged`,
/// and return how to read that file.
pub fn sheet(sheet: &SheetRows, over: &TableOverride, shown: &str, staged: &Path) -> Result<TextLayout> {
    let place = format!("{shown} (sheet {})", sheet.name);
    let header = over.header.unwrap_or(true);
    let mut notes = sheet.notes.clone();
    let last_row = sheet.first_row + sheet.rows.len() as u64 - 1;
    let start = match over.rows_above() {
        Some(rows) => told_sheet_start(sheet, over, &place, header, rows, last_row, &mut notes)?,
        None if !header => 0,
        None => found_sheet_start(sheet, &mut notes),
    };
    if !header {
        notes.push("no header (header = false in querycell.toml): columns are named column0, column1, …".into());
    }
    let table_rows = &sheet.rows[start..];
    let kept = filled_columns(table_rows, &mut notes);
    stage_sheet(table_rows, &kept, &place, staged)?;
    let dialect = Dialect { delimiter: b',', quote: Some(b'"'), skip: 0, header };
    let first_data_row = sheet.first_row + start as u64 + u64::from(header);
    let header_texts = header.then(|| {
        let cells = table_rows.first().map(Vec::as_slice).unwrap_or_default();
        kept.iter().map(|&c| cells.get(c).cloned().unwrap_or_default()).collect()
    });
    Ok(TextLayout {
        reader: dialect.reader(&staged.to_string_lossy()),
        first_rows_reader: dialect.first_rows_reader(&staged.to_string_lossy()),
        notes,
        first_data_row: Some(first_data_row),
        dialect: None,
        header_texts,
        dotted_numbers: kept.iter().map(|&c| sheet.dotted_numbers.get(c).copied().unwrap_or(false)).collect(),
        duration_columns: kept.iter().map(|&c| sheet.duration_columns.get(c).copied().unwrap_or(false)).collect(),
    })
}

/// The index in `sheet.rows` where the table starts when querycell.toml says how many rows
/// sit above it (`rows` of them), refused when that row is past the sheet's `last_row` or
/// is empty where a header should be: the setting was meant for another version of it.
fn told_sheet_start(
    sheet: &SheetRows,
    over: &TableOverride,
    place: &str,
    header: bool,
    rows: u64,
    last_row: u64,
    notes: &mut Vec<String>,
) -> Result<usize> {
    let target = rows + 1;
    if target > last_row {
        return Err(Error::new(
            Code::LayoutOutOfRange,
            format!(
                "{place}: querycell.toml says {} but the sheet's last filled row is {last_row}",
                over.rows_above_setting()
            ),
        )
        .at(place)
        .hint("count rows as Excel numbers them, from 1"));
    }
    let index = target.saturating_sub(sheet.first_row) as usize;
    if header && (target < sheet.first_row || filled(&sheet.rows[index]) == 0) {
        return Err(Error::new(
            Code::LayoutOutOfRange,
            format!("{place}: querycell.toml says {}, but row {target} is empty", over.rows_above_setting()),
        )
        .at(place)
        .hint(format!(
            "point header_row at the row that holds the column names (the first filled row is {})",
            sheet.first_row
        )));
    }
    notes.push(if header {
        format!(
            "the header is row {target}; the {} above it skipped, as querycell.toml says ({})",
            plural(rows, "row"),
            over.rows_above_setting()
        )
    } else {
        format!("the first {} skipped, as querycell.toml says ({})", plural(rows, "row"), over.rows_above_setting())
    });
    Ok(index)
}

/// The index in `sheet.rows` of the header when querycell.toml does not say: a title block
/// above the first wide row is skipped, and noted.
fn found_sheet_start(sheet: &SheetRows, notes: &mut Vec<String>) -> usize {
    let filled: Vec<usize> = sheet.rows.iter().take(MAX_TITLE_ROWS + 1).map(|r| filled(r)).collect();
    let at = header_index(&filled);
    if at > 0 {
        let above: Vec<HeadRecord> = sheet.rows[..at]
            .iter()
            .enumerate()
            .map(|(i, r)| HeadRecord { line: sheet.first_row + i as u64, fields: r.clone() })
            .collect();
        let blank_above =
            if sheet.first_row > 1 { format!(" (rows 1–{} are empty)", sheet.first_row - 1) } else { String::new() };
        notes.push(title_note(&above, "row", sheet.first_row + at as u64, &blank_above));
    }
    at
}

/// The columns of `table_rows` with something in them, the dropped ones noted. Columns
/// empty from the header down carry nothing; a stray cell far to the right (a note) widens
/// the sheet's range with them.
fn filled_columns(table_rows: &[Vec<String>], notes: &mut Vec<String>) -> Vec<usize> {
    let width = table_rows.first().map_or(0, Vec::len);
    let kept: Vec<usize> =
        (0..width).filter(|&c| table_rows.iter().any(|r| r.get(c).is_some_and(|v| !v.trim().is_empty()))).collect();
    if kept.len() < width {
        notes.push(format!(
            "dropped {} with no header and no values",
            plural((width - kept.len()) as u64, "empty column")
        ));
    }
    kept
}

/// Write the `kept` columns of `table_rows` as CSV to `staged`, for DuckDB to read as it
/// reads any CSV.
fn stage_sheet(table_rows: &[Vec<String>], kept: &[usize], place: &str, staged: &Path) -> Result<()> {
    let failed = |e: String| {
        Error::classed(ErrorClass::Internal, Code::IngestFailed, format!("{place}: staging the sheet as CSV: {e}"))
            .at(place)
    };
    let mut writer = csv::Writer::from_path(staged).map_err(|e| failed(e.to_string()))?;
    for row in table_rows {
        writer
            .write_record(kept.iter().map(|&c| row.get(c).map(String::as_str).unwrap_or("")))
            .map_err(|e| failed(e.to_string()))?;
    }
    writer.flush().map_err(|e| failed(e.to_string()))?;
    Ok(())
}

// ---------------------------------------------------------------------------------------
// Shared: the title block, rows below the data

/// Cells with something in them.
fn filled(cells: &[String]) -> usize {
    cells.iter().filter(|c| !c.trim().is_empty()).count()
}

/// The index of the header among the first rows, given each row's filled-cell count: the
/// first row with two or more filled cells when only rows with at most one come before it
/// (a title block). 0 when the first row is already wide, or no early row is (one column).
fn header_index(filled: &[usize]) -> usize {
    filled.iter().take(MAX_TITLE_ROWS + 1).position(|&n| n >= 2).unwrap_or(0)
}

/// The decision for skipping `above` (title rows) over the header on `header_at`.
fn title_note(above: &[HeadRecord], unit: &str, header_at: u64, extra: &str) -> String {
    let texts: Vec<String> =
        above.iter().filter_map(|r| r.fields.iter().find(|f| !f.trim().is_empty()).map(|f| clip(f.trim()))).collect();
    let first = above.first().map_or(header_at, |r| r.line);
    let span =
        if first + 1 == header_at { format!("{unit} {first}") } else { format!("{unit}s {first}–{}", header_at - 1) };
    let what = if texts.is_empty() { "empty".to_string() } else { format!("a title: {}", texts.join(", ")) };
    format!("the header is {unit} {header_at}; {span} above it ({what}) skipped{extra}; set header_row in querycell.toml to choose another {unit}")
}

/// Drop what is below the data in the raw text table `raw` (columns `columns`): empty rows,
/// then `footer_rows` or a detected totals row. Returns the decisions made.
pub fn trim_rows(
    connection: &Connection,
    raw: &str,
    columns: &[String],
    over: &TableOverride,
    layout: &TextLayout,
    source: &Source,
) -> Result<Vec<String>> {
    let table = quote(raw);
    let count = |condition: &str| -> Result<i64> {
        let rows =
            connection.query(&format!("SELECT count(*) FROM {table} WHERE {condition}")).map_err(failed(source))?;
        Ok(first_row(rows).first().and_then(Cell::integer).unwrap_or(0))
    };
    let run = |sql: String| connection.execute_batch(&sql).map_err(failed(source));
    let mut notes = Vec::new();
    // In a one-column table an empty row is a missing value, not a separator.
    if columns.len() >= 2 {
        let blank = columns.iter().map(|c| blank(&quote(c))).collect::<Vec<_>>().join(" AND ");
        let empty = count(&blank)?;
        if empty > 0 {
            run(format!("DELETE FROM {table} WHERE {blank}"))?;
            notes.push(format!("dropped {} (every cell empty)", plural(empty as u64, "empty row")));
        }
    }
    notes.extend(drop_repeated_headers(connection, raw, columns, layout, source)?);
    match over.footer_rows {
        Some(0) => {}
        Some(rows) => {
            let dropped = count("true")?.min(rows);
            run(format!(
                "DELETE FROM {table} WHERE rowid IN (SELECT rowid FROM {table} ORDER BY rowid DESC LIMIT {dropped})"
            ))?;
            notes.push(format!(
                "dropped the last {}, as querycell.toml says (footer_rows = {rows})",
                plural(dropped as u64, "row")
            ));
        }
        None if columns.len() >= 2 => {
            // Only the bottom is looked at: a totals row closes an export (a subtotal, a
            // total and a grand total at most). A totals row with other rows under it is
            // refused rather than guessed around.
            for _ in 0..TOTALS_WINDOW {
                let remaining = count("true")?;
                let last = connection
                    .query(&format!("SELECT rowid, * FROM {table} ORDER BY rowid DESC LIMIT {TOTALS_WINDOW}"))
                    .map_err(failed(source))?;
                let constant = |at: usize| holds_one_text(connection, &table, &columns[at]);
                let Some(from_bottom) = last.iter().position(|row| is_totals_row(&row[1..], &constant)) else { break };
                let row = &last[from_bottom];
                let rowid = row.first().and_then(Cell::integer).unwrap_or(0) as u64;
                let cells: Vec<String> = row[1..].iter().take(8).map(|c| clip(&c.text().unwrap_or_default())).collect();
                let which = match layout.first_data_row {
                    Some(first) => format!("row {}", first + rowid),
                    None if from_bottom == 0 => "the last row".to_string(),
                    None => format!("data row {} of {remaining}", remaining - from_bottom as i64),
                };
                if from_bottom > 0 {
                    return Err(Error::new(
                        Code::TotalsRowNotLast,
                        format!("{}: {which} ({}) reads as a totals row, but {} below it", source.shown, cells.join(", "), plural(from_bottom as u64, "row")),
                    )
                    .at(&source.shown)
                    .hint(format!(
                        "set footer_rows = {} in querycell.toml to drop it and what follows, or footer_rows = 0 to keep every row as data",
                        from_bottom + 1
                    )));
                }
                run(format!("DELETE FROM {table} WHERE rowid = {rowid}"))?;
                notes.push(format!(
                    "dropped {which} ({}): a totals row, not data; set footer_rows = 0 in querycell.toml to keep it",
                    cells.join(", ")
                ));
            }
        }
        None => {}
    }
    Ok(notes)
}

/// Exports joined end to end (`cat january.csv february.csv`) repeat the header line as a
/// row: as data it made every number column text and counted the header as a row. Such
/// rows of staging table `raw` are deleted; the note says how many.
fn drop_repeated_headers(
    connection: &Connection,
    raw: &str,
    columns: &[String],
    layout: &TextLayout,
    source: &Source,
) -> Result<Option<String>> {
    let (Some(headers), true) = (&layout.header_texts, columns.len() >= 2) else { return Ok(None) };
    let table = quote(raw);
    let repeats = columns
        .iter()
        .zip(headers)
        .map(|(c, header)| match header.trim() {
            "" => format!("coalesce({}, '') = ''", quote(c)),
            text => format!("{} = {}", quote(c), sql_string(text)),
        })
        .collect::<Vec<_>>()
        .join(" AND ");
    // One scan: DuckDB's DELETE answers with the number of rows it deleted.
    let rows = connection.query(&format!("DELETE FROM {table} WHERE {repeats}")).map_err(failed(source))?;
    let repeated = first_row(rows).first().and_then(Cell::integer).unwrap_or(0);
    if repeated == 0 {
        return Ok(None);
    }
    Ok(Some(format!(
        "dropped {} that {} the header (files joined end to end): not data",
        plural(repeated as u64, "row"),
        if repeated == 1 { "repeats" } else { "repeat" }
    )))
}

/// Whether `column` of `table` holds one text in every row (a currency column's `EUR`): a
/// text cell beside a totals row's numbers is allowed there.
fn holds_one_text(connection: &Connection, table: &str, column: &str) -> bool {
    let c = quote(column);
    connection
        .query(&format!("SELECT count(DISTINCT {c}) = 1 AND count({c}) = count(*) FROM {table}"))
        .ok()
        .and_then(|rows| first_row(rows).first().and_then(Cell::boolean))
        .unwrap_or(false)
}

/// A row whose first filled cell is a totals label ([`is_totals_label`]) and whose other
/// filled cells are numbers (at least one), or texts of a `constant` column (one whose every
/// row holds that text: `EUR` beside the amounts of a bank export).
fn is_totals_row(cells: &[Cell], constant: &dyn Fn(usize) -> bool) -> bool {
    let filled: Vec<(usize, String)> = cells
        .iter()
        .enumerate()
        .filter_map(|(at, cell)| Some((at, cell.text()?.trim().to_string())))
        .filter(|(_, text)| !text.is_empty())
        .collect();
    let Some(((_, label), rest)) = filled.split_first() else { return false };
    is_totals_label(label)
        && rest.iter().any(|(_, text)| looks_numeric(text))
        && rest.iter().all(|(at, text)| looks_numeric(text) || constant(*at))
}

/// SQL condition: the text `value` may be a totals label ([`is_totals_label`]) once trimmed:
/// it starts with a totals word, in any case, after white space. It holds of every text
/// that is a label (and of some that are not, `Total Wine & More`), so it only asks too much.
pub(super) fn may_be_totals_label(value: &str) -> String {
    // The words hold no character a pattern reads otherwise (a test says so).
    let words = TOTAL_WORDS.join("|");
    // Rust's `trim` takes what is White_Space: `\s` and `\pZ`, with U+000B and U+0085.
    let pattern = format!("(?i)^[\\s\\pZ\\x{{0B}}\\x{{85}}]*({words})");
    format!("regexp_matches({value}, {})", sql_string(&pattern))
}

/// A totals word ([`TOTAL_WORDS`], any case, a trailing `:` allowed), alone or followed by a
/// note in parentheses (`Grand Totals (3 records)`, as Salesforce writes it) or a currency
/// code (`Total EUR`). A longer label (`Total Wine & More`) may be a name, and is data.
fn is_totals_label(label: &str) -> bool {
    let written = label.trim_end_matches(':').trim();
    let label = written.to_lowercase();
    // A currency code is written in capitals: `Total EUR`, not `Total net`.
    let tail: Vec<char> = written.chars().rev().take(4).collect();
    let code = tail.len() == 4 && tail[3] == ' ' && tail[..3].iter().all(char::is_ascii_uppercase);
    TOTAL_WORDS.iter().any(|word| {
        let Some(rest) = label.strip_prefix(word) else { return false };
        let rest = rest.trim_start_matches(':');
        rest.is_empty()
            || (rest.starts_with(" (") && rest.ends_with(')'))
            || (code && rest.len() == 4 && rest.starts_with(' ') && rest[1..].chars().all(|c| c.is_ascii_lowercase()))
    })
}

/// A number as exports write them: signs, parentheses for negatives, currency symbols,
/// percent, and any of `.` `,` `'` or spaces between digits.
fn looks_numeric(text: &str) -> bool {
    let t = text.trim();
    let t = t.strip_prefix('(').and_then(|t| t.strip_suffix(')')).unwrap_or(t);
    let t = t
        .trim_start_matches(['+', '-', '−'])
        .trim_matches(|c: char| matches!(c, '$' | '€' | '£' | '¥' | '%') || c.is_whitespace());
    let t = t.trim_start_matches(['+', '-', '−']);
    t.starts_with(|c: char| c.is_ascii_digit() || c == '.' || c == ',')
        && t.chars().any(|c| c.is_ascii_digit())
        && t.chars().all(|c| c.is_ascii_digit() || matches!(c, '.' | ',' | '\'' | ' ' | '\u{a0}' | '\u{202f}'))
}

fn plural(n: u64, word: &str) -> String {
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}

/// Cell text for a decision or a message: quoted, one line, cut to [`QUOTED_CAP`] characters.
fn clip(text: &str) -> String {
    let one_line: String = text.chars().map(|c| if c.is_control() { ' ' } else { c }).collect();
    format!("\"{}\"", querycell_contract::text::clip(&one_line, QUOTED_CAP))
}

// ---------------------------------------------------------------------------------------
// A small CSV scanner with DuckDB's reading of the format (RFC 4180 quoting, empty lines
// skipped, `\n`, `\r\n` or `\r` line ends), which counts lines and notices quote problems.

/// A quoting problem on a line.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Problem {
    /// A quote inside a value that did not start with one.
    StrayQuote,
    /// Text after the closing quote of a quoted value.
    TextAfterQuote,
    /// A quoted value still open at the end of the file.
    Unterminated,
}

/// One record as the scanner saw it.
#[derive(Clone, Copy)]
struct Row<'a> {
    /// The line the record starts on (1-based).
    line: u64,
    field_count: usize,
    last_field_empty: bool,
    /// The fields, when the scanner collects them.
    fields: &'a [Vec<u8>],
    /// The record's first bytes, for messages.
    raw: &'a [u8],
    problem: Option<&'a (u64, Problem)>,
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum State {
    RecordStart,
    FieldStart,
    Unquoted,
    Quoted,
    /// A quote seen inside a quoted value: either the first of a doubled quote or the close.
    QuoteInQuoted,
}

/// Bytes of a record kept for messages.
const RAW_CAP: usize = 120;

struct Scanner {
    delimiter: u8,
    quote: Option<u8>,
    collect: bool,
    state: State,
    line: u64,
    record_line: u64,
    after_cr: bool,
    fields: Vec<Vec<u8>>,
    field: Vec<u8>,
    field_len: usize,
    field_count: usize,
    last_field_empty: bool,
    raw: Vec<u8>,
    problem: Option<(u64, Problem)>,
    /// Values that were quoted and closed properly, over the whole scan.
    quoted_fields: usize,
}

impl Scanner {
    fn new(delimiter: u8, quote: Option<u8>, collect: bool) -> Scanner {
        Scanner {
            delimiter,
            quote,
            collect,
            state: State::RecordStart,
            line: 1,
            record_line: 1,
            after_cr: false,
            fields: Vec::new(),
            field: Vec::new(),
            field_len: 0,
            field_count: 0,
            last_field_empty: false,
            raw: Vec::new(),
            problem: None,
            quoted_fields: 0,
        }
    }

    fn add(&mut self, byte: u8) {
        self.field_len += 1;
        if self.collect {
            self.field.push(byte);
        }
    }

    fn end_field(&mut self) {
        self.field_count += 1;
        self.last_field_empty = self.field_len == 0;
        self.field_len = 0;
        if self.collect {
            self.fields.push(std::mem::take(&mut self.field));
        }
    }

    fn note(&mut self, problem: Problem) {
        if self.problem.is_none() {
            self.problem = Some((self.line, problem));
        }
    }

    fn emit(&mut self, on_row: &mut dyn FnMut(Row<'_>) -> ControlFlow<()>) -> ControlFlow<()> {
        let row = Row {
            line: self.record_line,
            field_count: self.field_count,
            last_field_empty: self.last_field_empty,
            fields: &self.fields,
            raw: &self.raw,
            problem: self.problem.as_ref(),
        };
        let flow = on_row(row);
        self.fields.clear();
        self.field_count = 0;
        self.raw.clear();
        self.problem = None;
        self.state = State::RecordStart;
        flow
    }

    fn feed(&mut self, bytes: &[u8], on_row: &mut dyn FnMut(Row<'_>) -> ControlFlow<()>) -> ControlFlow<()> {
        for &byte in bytes {
            let newline = byte == b'\n' || byte == b'\r';
            // The `\n` of a `\r\n` ends nothing new: the `\r` already ended the line.
            let crlf_tail = byte == b'\n' && self.after_cr;
            self.after_cr = byte == b'\r';
            if self.state == State::RecordStart && !newline {
                self.record_line = self.line;
            }
            if !newline && self.raw.len() < RAW_CAP {
                self.raw.push(byte);
            }
            match self.state {
                State::Quoted => {
                    if Some(byte) == self.quote {
                        self.state = State::QuoteInQuoted;
                    } else {
                        self.add(byte);
                    }
                }
                State::QuoteInQuoted => {
                    if Some(byte) == self.quote {
                        self.add(byte);
                        self.state = State::Quoted;
                    } else if byte == self.delimiter {
                        self.quoted_fields += 1;
                        self.end_field();
                        self.state = State::FieldStart;
                    } else if newline {
                        self.quoted_fields += 1;
                        self.end_field();
                        self.emit(on_row)?;
                    } else {
                        self.note(Problem::TextAfterQuote);
                        self.add(byte);
                        self.state = State::Unquoted;
                    }
                }
                State::RecordStart | State::FieldStart | State::Unquoted => {
                    if newline {
                        // An empty line is no record.
                        if self.state != State::RecordStart {
                            self.end_field();
                            self.emit(on_row)?;
                        }
                    } else if byte == self.delimiter {
                        self.end_field();
                        self.state = State::FieldStart;
                    } else if Some(byte) == self.quote && self.state != State::Unquoted {
                        self.state = State::Quoted;
                    } else {
                        if Some(byte) == self.quote {
                            self.note(Problem::StrayQuote);
                        }
                        self.add(byte);
                        self.state = State::Unquoted;
                    }
                }
            }
            if newline && !crlf_tail {
                self.line += 1;
            }
        }
        ControlFlow::Continue(())
    }

    /// The end of the input: the last record, if it did not end with a line break.
    fn finish(&mut self, on_row: &mut dyn FnMut(Row<'_>) -> ControlFlow<()>) -> ControlFlow<()> {
        match self.state {
            State::RecordStart => ControlFlow::Continue(()),
            State::Quoted => {
                self.problem = Some((self.record_line, Problem::Unterminated));
                self.end_field();
                self.emit(on_row)
            }
            State::QuoteInQuoted => {
                self.quoted_fields += 1;
                self.end_field();
                self.emit(on_row)
            }
            State::FieldStart | State::Unquoted => {
                self.end_field();
                self.emit(on_row)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rows(text: &str, delimiter: u8) -> Vec<(u64, Vec<String>, Option<Problem>)> {
        let mut scanner = Scanner::new(delimiter, Some(b'"'), true);
        let mut out = Vec::new();
        let mut collect = |row: Row<'_>| {
            out.push((
                row.line,
                row.fields.iter().map(|f| String::from_utf8_lossy(f).into_owned()).collect(),
                row.problem.map(|p| p.1),
            ));
            ControlFlow::Continue(())
        };
        let _ = scanner.feed(text.as_bytes(), &mut collect);
        let _ = scanner.finish(&mut collect);
        out
    }

    #[test]
    fn the_scanner_reads_quotes_line_ends_and_empty_lines_like_duckdb() {
        let read = rows("a,b\r\n\r\n1,\"x, \"\"y\"\"\nz\"\n2,3", b',');
        assert_eq!(read[0], (1, vec!["a".into(), "b".into()], None));
        assert_eq!(read[1], (3, vec!["1".into(), "x, \"y\"\nz".into()], None));
        assert_eq!(read[2], (5, vec!["2".into(), "3".into()], None));
        assert_eq!(rows("a,b\n5\" pipe,2\n", b',')[1].2, Some(Problem::StrayQuote));
        assert_eq!(rows("a,b\n\"ab\"c,2\n", b',')[1].2, Some(Problem::TextAfterQuote));
        assert_eq!(
            rows("a,b\n1,\"open\n2,3\n", b',')[1],
            (2, vec!["1".into(), "open\n2,3\n".into()], Some(Problem::Unterminated))
        );
        assert_eq!(rows("a\rb\rc", b',').iter().map(|r| r.0).collect::<Vec<_>>(), vec![1, 2, 3]);
    }

    #[test]
    fn the_delimiter_is_the_one_that_splits_lines_consistently() {
        assert_eq!(detect_delimiter(b"id;name;amount\n1;Ada;1,5\n2;Bob;2,5\n", 0), b';');
        assert_eq!(detect_delimiter(b"id\tname\n1\tAda, Lovelace\n", 0), b'\t');
        assert_eq!(detect_delimiter(b"id,when,amount\n1,2025-01-04,10\n6,Jan 5, 2025,60\n7,2025-01-09,70\n", 0), b',');
        assert_eq!(detect_delimiter(b"Quarterly report\nid|amount\n1|2\n2|3\n", 0), b'|');
        // One column, a value with a comma: the header's delimiter, so the misfit is named.
        assert_eq!(detect_delimiter(b"a,b\n1\n2\n", 0), b',');
        assert_eq!(declared_delimiter(b"sep=;\r\nid;n\n"), Some(b';'));
        assert_eq!(declared_delimiter(b"id;n\n"), None);
    }

    #[test]
    fn quotes_are_off_only_when_used_inside_values_alone() {
        assert_eq!(choose_quote(b"item,size\npipe,5\"\nbolt,3\"\n", b',', 0), None);
        assert_eq!(choose_quote(b"item,size\n\"pipe, steel\",5\"\n", b',', 0), Some(b'"'));
        assert_eq!(choose_quote(b"item,size\npipe,5\n", b',', 0), Some(b'"'));
    }

    #[test]
    fn a_title_block_is_the_narrow_rows_above_the_first_wide_one() {
        assert_eq!(header_index(&[1, 3, 3, 3]), 1);
        assert_eq!(header_index(&[1, 0, 1, 3, 3]), 3);
        assert_eq!(header_index(&[3, 3]), 0);
        assert_eq!(header_index(&[1, 1, 1]), 0, "a one-column table has no title block");
        assert_eq!(
            header_index(&[1; 20].iter().copied().chain([3]).collect::<Vec<_>>()),
            0,
            "a long narrow start is data, not a title"
        );
    }

    #[test]
    fn totals_rows_are_a_totals_word_then_numbers() {
        let row = |cells: &[Option<&str>]| {
            cells.iter().map(|c| c.map_or(Cell::Null, |t| Cell::Text(t.into()))).collect::<Vec<_>>()
        };
        let varied = |_: usize| false;
        assert!(is_totals_row(&row(&[Some("Total"), None, Some("1,234.50")]), &varied));
        assert!(is_totals_row(&row(&[None, Some("Grand total:"), Some("(12)"), Some("€ 3.000,00")]), &varied));
        assert!(is_totals_row(&row(&[Some("SUMME"), Some("12%")]), &varied));
        assert!(!is_totals_row(&row(&[Some("Total"), Some("Platform"), Some("3")]), &varied), "a team called Total");
        assert!(!is_totals_row(&row(&[Some("Total"), None]), &varied), "no number: not a totals row");
        assert!(!is_totals_row(&row(&[Some("Subtotals EU"), Some("3")]), &varied));
        // Labels exports write beyond the bare word, in several languages.
        for label in
            ["Grand Totals (3 records)", "Total EUR", "Gesamtsumme", "Totaal", "Total général", "Итого", "Subtotal:"]
        {
            assert!(is_totals_row(&row(&[Some(label), Some("60")]), &varied), "{label}");
        }
        for label in
            ["Total Wine & More", "Totals for EU teams", "Summer", "Total EU", "Total net", "Total é€É", "Итого ЕВР"]
        {
            assert!(!is_totals_row(&row(&[Some(label), Some("60")]), &varied), "{label}");
        }
        // A text beside the numbers counts only where its column holds that text in every row.
        let currency = |at: usize| at == 3;
        assert!(is_totals_row(&row(&[Some("Gesamt"), None, Some("1.700,00"), Some("EUR")]), &currency));
        assert!(!is_totals_row(&row(&[Some("Gesamt"), None, Some("1.700,00"), Some("EUR")]), &varied));
        assert!(!is_totals_row(&row(&[Some("Gesamt"), None, None, Some("EUR")]), &currency), "no number");
        assert!(looks_numeric("-1'234.5") && looks_numeric("1 234,5") && !looks_numeric("12a") && !looks_numeric("-"));
    }

    /// The label a table written in parallel is asked for holds of every text a totals row
    /// starts with, padded and in any case, in DuckDB itself; of a name too, which only
    /// costs the profiling.
    #[test]
    fn a_possible_totals_label_is_every_label_and_more() {
        let duck = Connection::in_memory(&[]).unwrap();
        assert!(TOTAL_WORDS.iter().all(|w| w.chars().all(|c| c.is_alphabetic() || c == ' ' || c == '-')));
        let labels = [
            "Total",
            " total:",
            "\u{a0}GRAND TOTAL",
            "\tSubtotal (3 records)",
            "Итого",
            "合計",
            "Total EUR",
            "Sub-Total",
        ];
        let others = ["Totally", "Net total", "Summer", "T-1", "", "Sub  total"];
        for (text, label) in labels.iter().map(|l| (l, true)).chain(others.iter().map(|o| (o, false))) {
            let asked = duck.query(&format!("SELECT {}", may_be_totals_label(&sql_string(text)))).unwrap();
            let said = first_row(asked).first().and_then(Cell::boolean);
            let is_label = is_totals_label(text.trim());
            assert!(!is_label || label, "{text:?} is listed as a label");
            match label {
                true => assert_eq!(said, Some(true), "{text:?} may be a label"),
                false => {
                    let word_first = TOTAL_WORDS.iter().any(|w| text.trim_start().to_lowercase().starts_with(w));
                    assert_eq!(said, Some(word_first), "{text:?}");
                }
            }
        }
    }

    /// The first-rows reader reads the rows the whole read does, a line nearly as long as
    /// DuckDB's longest by default included: its smaller buffer must still hold any line
    /// (DuckDB refuses a line longer than its buffer).
    #[test]
    fn the_first_rows_reader_holds_the_longest_line() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("long.csv");
        std::fs::write(&path, format!("id,text\n1,{}\n2,short\n", "x".repeat(1_990_000))).unwrap();
        let path = path.to_str().unwrap();
        let dialect = Dialect { delimiter: b',', quote: Some(b'"'), skip: 0, header: true };
        let connection = Connection::in_memory(&[]).unwrap();
        let read = |reader: String| connection.query(&format!("SELECT id, strlen(text) FROM {reader}")).unwrap();
        let first_rows = read(dialect.first_rows_reader(path));
        assert_eq!(first_rows, read(dialect.reader(path)));
        assert_eq!(first_rows.len(), 2);
    }
}
