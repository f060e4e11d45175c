//! A small CSV scanner with DuckDB's reading of the format (RFC 4180 quoting, empty lines
//! skipped, `\n`, `\r\n` or `\r` line ends), which counts lines and notices quote problems:
//! what the dialect, header and misfit rooms read a file's lines with.

use std::ops::ControlFlow;

/// A quoting problem on a line.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Problem {
    /// A quote inside a value that did not start with one.
    StrayQuote,
    /// Text after the closing quote of a quoted value.
    TextAfterQuote,
    /// A quoted value still open at the end of the file.
    Unterminated,
}

/// One record as the scanner saw it.
#[derive(Clone, Copy)]
pub(crate) struct Row<'a> {
    /// The line the record starts on (1-based).
    pub(crate) line: u64,
    pub(crate) field_count: usize,
    pub(crate) last_field_empty: bool,
    /// The fields, when the scanner collects them.
    pub(crate) fields: &'a [Vec<u8>],
    /// The record's first bytes, for messages.
    pub(crate) raw: &'a [u8],
    pub(crate) problem: Option<&'a (u64, Problem)>,
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

pub(crate) struct Scanner {
    delimiter: u8,
    quote: Option<u8>,
    collect: bool,
    state: State,
    pub(crate) line: u64,
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
    pub(crate) quoted_fields: usize,
}

impl Scanner {
    pub(crate) fn new(delimiter: u8, quote: Option<u8>, collect: bool) -> Scanner {
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

    pub(crate) fn feed(&mut self, bytes: &[u8], on_row: &mut dyn FnMut(Row<'_>) -> ControlFlow<()>) -> ControlFlow<()> {
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
    pub(crate) fn finish(&mut self, on_row: &mut dyn FnMut(Row<'_>) -> ControlFlow<()>) -> ControlFlow<()> {
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
}
