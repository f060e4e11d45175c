//! The header phase: the line (or sheet row) that holds the column names, and the title
//! block above it. `querycell.toml`'s `header_row` / `skip_rows` say where it is, else the
//! first row with two or more filled cells: rows above it with at most one (a report title,
//! an export date, empty lines) are a title block, skipped and recorded. In a CSV the skip is
//! kept only when DuckDB then sees a header below it; a first row that reads as data stays
//! data.

use querycell_contract::quote;

use super::dialect::{head_records, Dialect, HeadRecord};
use super::misfit::explain;
use super::wording::{clip, plural};
use crate::duck::{first_row, Cell, Database as Connection};
use crate::error::{Code, Error, Result};
use crate::ingest::excel::SheetRows;
use crate::ingest::sidecar::TableOverride;
use crate::ingest::sources::Source;

/// At most this many title rows above a header are skipped without being told to.
const MAX_TITLE_ROWS: usize = 10;

/// The head of a CSV being laid out, with the delimiter and quote already decided: what
/// deciding the rows above the data (and whether a header tops it) works from.
pub(crate) struct CsvHead<'a> {
    pub(crate) connection: &'a Connection,
    pub(crate) descriptor: &'a str,
    pub(crate) source: &'a Source,
    pub(crate) over: &'a TableOverride,
    pub(crate) table: &'a str,
    /// The head without its byte order mark.
    pub(crate) body: &'a [u8],
    /// The head is the whole file.
    pub(crate) complete: bool,
    pub(crate) delimiter: u8,
    pub(crate) quote: Option<u8>,
    /// Lines before the first record (a `sep=` line).
    pub(crate) lines_before: u64,
}

impl CsvHead<'_> {
    /// Does DuckDB read the line after `skip` lines as a header? Asked of DuckDB itself so
    /// that querycell's decision and DuckDB's reading can never disagree.
    fn sniff_header(&self, skip: u64) -> Result<bool> {
        let (delimiter, quote) = (self.delimiter, self.quote);
        let dialect = Dialect { delimiter, quote, skip, header: true };
        let q = quote::literal(&quote.map(|q| (q as char).to_string()).unwrap_or_default());
        let query = format!(
            "SELECT HasHeader FROM sniff_csv({}, delim = {}, quote = {q}, escape = {q}, comment = '', skip = {skip}, strict_mode = true)",
            quote::literal(self.descriptor),
            quote::literal(&(delimiter as char).to_string())
        );
        let rows = self.connection.query(&query).map_err(|e| explain(&dialect, e, self.source, self.table))?;
        Ok(first_row(rows).first().and_then(Cell::boolean).unwrap_or(true))
    }

    /// The lines to skip and the header when querycell.toml says how many lines sit above
    /// the data (`rows` of them).
    pub(crate) fn told_rows_above(&self, rows: u64, notes: &mut Vec<String>) -> Result<(u64, bool)> {
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
    pub(crate) fn found_rows_above(&self, notes: &mut Vec<String>) -> Result<(u64, bool)> {
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
pub(crate) fn no_header_note(over: &TableOverride, skip: u64) -> String {
    match over.header {
        Some(false) => "no header (header = false in querycell.toml): columns are named column0, column1, …".to_string(),
        _ => format!(
            "no header: line {} reads as data like the lines below it, so columns are named column0, column1, …; set header = true in querycell.toml if it holds column names",
            skip + 1
        ),
    }
}

/// The index in `sheet.rows` where the table starts when querycell.toml says how many rows
/// sit above it (`rows` of them), refused when that row is past the sheet's `last_row` or
/// is empty where a header should be: the setting was meant for another version of it.
pub(crate) fn told_sheet_start(
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
pub(crate) fn found_sheet_start(sheet: &SheetRows, notes: &mut Vec<String>) -> usize {
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

#[cfg(test)]
mod tests {
    use super::*;

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
}
