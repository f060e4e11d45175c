//! When DuckDB refuses a CSV: the file scanned for the first line that does not fit its
//! dialect (a field count other than the header's, a quote misplaced or never closed, bytes
//! that are not UTF-8), named in words with the line's start, instead of DuckDB's message and
//! its reader options.

use std::ops::ControlFlow;
use std::os::unix::fs::FileExt;

use super::csv_scanner::{Problem, Row, Scanner};
use super::dialect::{Dialect, BOM};
use super::wording::{clip, plural};
use crate::duck::Failure;
use crate::error::{Code, Error};
use crate::ingest::failure::failed;
use crate::ingest::sources::Source;

/// A DuckDB failure reading a CSV as `dialect`, explained by the first misfit line if any.
pub(crate) fn explain(dialect: &Dialect, failure: Failure, source: &Source, table: &str) -> Error {
    match find_misfit(source, dialect, table) {
        Ok(Some(misfit)) => misfit,
        _ => failed(source)(failure),
    }
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
