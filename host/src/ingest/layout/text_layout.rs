//! Where the table sits in one CSV/TSV file or Excel sheet, decided before anything is
//! typed ([`TextLayout`]): the dialect, then the header, put together into the `read_csv`
//! call every later phase reads the table with, with every decision in words. A sheet's table
//! is written as CSV into the staging folder first, so it is read as any CSV is.

use std::path::Path;

use super::dialect::{
    choose_quote, declared_delimiter, detect_delimiter, head_records, read_head, Dialect, BOM, HEAD_RECORDS,
};
use super::header::{found_sheet_start, no_header_note, told_sheet_start, CsvHead};
use super::misfit::explain;
use super::wording::plural;
use crate::duck::{Database as Connection, Failure};
use crate::error::{Code, Error, ErrorClass, Result};
use crate::ingest::excel::SheetRows;
use crate::ingest::failure::failed;
use crate::ingest::numbers::FileEvidence;
use crate::ingest::sidecar::{TableOverride, CSV_ONLY_KEYS, TEXT_LAYOUT_KEYS};
use crate::ingest::sources::{Format, Source};

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
    pub(crate) first_data_row: Option<u64>,
    /// CSV: how the file was read, to explain a refusal in words.
    dialect: Option<Dialect>,
    /// The header's cells as the file has them (`None` without a header).
    pub(crate) header_texts: Option<Vec<String>>,
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
