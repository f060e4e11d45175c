//! The dialect phase: how a CSV/TSV file's lines split into fields. The delimiter is
//! `querycell.toml`'s `delimiter`, else an Excel `sep=;` first line, else tab for `.tsv`, else
//! whichever of `,` `;` TAB `|` splits the first lines most consistently into more than one
//! field; the quote is `"` unless the file uses it only inside values. DuckDB is then told
//! both and reads in strict mode, so a ragged line is an error rather than another shape.

use std::ops::ControlFlow;
use std::os::unix::fs::FileExt;

use querycell_contract::quote;

use super::csv_scanner::{Problem, Row, Scanner};

/// Rows looked at to find the delimiter, the quote and the header.
pub(crate) const HEAD_RECORDS: usize = 200;

/// The head read from a CSV stops here even when its lines are longer.
const HEAD_BYTES: usize = 64 << 20;

/// Delimiters tried when the file does not say, in order of preference on a tie.
const DELIMITERS: [u8; 4] = [b',', b';', b'\t', b'|'];

pub(crate) const BOM: &[u8] = b"\xEF\xBB\xBF";

/// DuckDB's read buffer for a table's first rows. DuckDB refuses a line longer than its
/// buffer, so this is twice its default longest line (`max_line_size`, 2 000 000 bytes):
/// every line the whole read accepts fits.
const FIRST_ROWS_BUFFER: usize = 4 << 20;

/// The CSV dialect querycell decided on.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Dialect {
    pub(crate) delimiter: u8,
    pub(crate) quote: Option<u8>,
    /// Lines before the header (or before the data without one).
    pub(crate) skip: u64,
    pub(crate) header: bool,
}

impl Dialect {
    pub(crate) fn reader(&self, path: &str) -> String {
        self.reader_with(path, "")
    }

    /// [`Self::reader`] reading the file from one thread with a buffer of
    /// [`FIRST_ROWS_BUFFER`]: the rows are the same, only how far DuckDB reads ahead changes.
    pub(crate) fn first_rows_reader(&self, path: &str) -> String {
        self.reader_with(path, &format!(", parallel = false, buffer_size = {FIRST_ROWS_BUFFER}"))
    }

    fn reader_with(&self, path: &str, options: &str) -> String {
        let quote = self.quote.map(|q| (q as char).to_string()).unwrap_or_default();
        format!(
            "read_csv({}, all_varchar = true, header = {}, delim = {}, quote = {q}, escape = {q}, comment = '', skip = {}, strict_mode = true, null_padding = false{options})",
            quote::literal(path),
            self.header,
            quote::literal(&(self.delimiter as char).to_string()),
            self.skip,
            q = quote::literal(&quote),
        )
    }
}

/// The start of `file`: at least `lines` lines (or all of it), ending at a line break
/// unless the file ends first; `true` when that is the whole file.
pub(crate) fn read_head(file: &std::fs::File, lines: u64) -> std::io::Result<(Vec<u8>, bool)> {
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
pub(crate) fn declared_delimiter(body: &[u8]) -> Option<u8> {
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
pub(crate) fn detect_delimiter(body: &[u8], lines_before: u64) -> u8 {
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
pub(crate) fn choose_quote(body: &[u8], delimiter: u8, lines_before: u64) -> Option<u8> {
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
pub(crate) struct HeadRecord {
    pub(crate) line: u64,
    pub(crate) fields: Vec<String>,
}

/// The first [`HEAD_RECORDS`] records after the first `lines_before` lines.
pub(crate) fn head_records(body: &[u8], delimiter: u8, quote: Option<u8>, lines_before: u64) -> Vec<HeadRecord> {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::duck::Database as Connection;

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
