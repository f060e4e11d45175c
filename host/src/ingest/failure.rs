//! A DuckDB failure while loading a source, told in the operator's words: the file named by
//! its path (not the descriptor DuckDB was handed), no echo of querycell's own SQL, and for
//! an NDJSON file the line that is not one JSON value, read from the file itself.

use super::sources::{Format, Source};
use crate::duck::Failure;
use crate::error::{Code, Error, ErrorClass};

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

/// DuckDB's message without querycell's own SQL: no `LINE 1: …` echo of the statement and
/// its caret, and the file named by its path rather than the descriptor DuckDB was given.
pub(crate) fn plain_words(message: &str, source: &Source) -> String {
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
