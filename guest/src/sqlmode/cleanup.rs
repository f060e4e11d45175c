//! Model-output cleanup: what language models wrap around a SQL statement, removed before
//! parsing, with a warning naming each thing removed. Only framing is removed here; the
//! statement itself is never edited as text (that is the AST rewrite's job).
//!
//! What is kept is also said as ranges of the request's bytes ([`Cleaned::spans`]), so the
//! host can hand DuckDB the very bytes the caller sent and prove that DuckDB reads them as
//! the compiler did (docs/sql-mode.md, "What runs is DuckDB's reading of your text").

use std::ops::Range;

/// What [`clean`] kept of a request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cleaned {
    /// The statement: [`Cleaned::spans`] of the request, joined by one space each.
    pub statement: String,
    /// Ranges of the request's bytes, in order, not touching one another.
    pub spans: Vec<Range<usize>>,
    /// One per kind of framing removed.
    pub warnings: Vec<String>,
}

/// The statement text with framing removed, and a warning per removal.
pub fn clean(text: &str) -> (String, Vec<String>) {
    let cleaned = clean_spans(text);
    (cleaned.statement, cleaned.warnings)
}

/// [`clean`], with the ranges of `text` the statement is made of.
pub fn clean_spans(text: &str) -> Cleaned {
    let mut warnings = Vec::new();
    let mut current = Tracked::new(text);

    // <think> … </think> reasoning blocks (an unclosed one swallows everything after it).
    loop {
        let lower = current.text.to_ascii_lowercase();
        let Some(start) = lower.find("<think>") else { break };
        let end = match lower[start..].find("</think>") {
            Some(e) => start + e + "</think>".len(),
            None => {
                push_once(&mut warnings, UNCLOSED_THINK);
                current.text.len()
            }
        };
        current.replace_with_space(start..end);
        push_once(&mut warnings, "removed a <think> block");
    }

    // A markdown code fence: keep the first fenced block's body.
    if let Some(open) = current.text.find("```") {
        let after_ticks = &current.text[open + 3..];
        let body_start = after_ticks.find('\n').map(|n| n + 1).unwrap_or(after_ticks.len());
        let body = &after_ticks[body_start..];
        let body_len = body.find("```").unwrap_or(body.len());
        let body_at = open + 3 + body_start;
        current.keep(body_at..body_at + body_len);
        warnings.push("removed a markdown code fence".into());
    }

    // Prose before the statement: everything before the first line that starts with
    // SELECT, WITH or FROM (or a parenthesis), when there is such a line after some text.
    let trimmed = current.text.trim_start();
    if !starts_statement(trimmed) {
        let mut offset = 0;
        let mut cut = None;
        for line in current.text.split_inclusive('\n') {
            if starts_statement(line.trim_start()) {
                let before = &current.text[..offset];
                if !(before.trim().is_empty() || before.lines().any(begins_with_sql)) {
                    cut = Some(offset);
                }
                break;
            }
            offset += line.len();
        }
        if let Some(offset) = cut {
            current.keep(offset..current.text.len());
            warnings.push("removed text before the statement".into());
        }
    }

    // Prose on the statement's own line ("Here is the SQL: SELECT …"): start at the first
    // SELECT, or at a WITH that opens a CTE list.
    if !starts_statement(current.text.trim_start()) && !begins_with_sql(&current.text) {
        if let Some(start) =
            statement_start_within(&current.text).filter(|&start| current.text[..start].trim_end().ends_with(':'))
        {
            current.keep(start..current.text.len());
            push_once(&mut warnings, "removed text before the statement");
        }
    }

    current.trim();
    if current.text.ends_with(';') {
        current.keep(0..current.text.len() - 1);
        current.trim();
        warnings.push("removed a trailing ';'".into());
    }
    let spans = current.spans();
    let statement = spans.iter().map(|span| &text[span.clone()]).collect::<Vec<_>>().join(" ");
    Cleaned { statement, spans, warnings }
}

/// Text cut from the request, each byte with the request offset it came from (`None` for
/// the space that stands for a removed `<think>` block).
struct Tracked {
    text: String,
    origin: Vec<Option<usize>>,
}

impl Tracked {
    fn new(text: &str) -> Self {
        Tracked { text: text.to_string(), origin: (0..text.len()).map(Some).collect() }
    }

    fn replace_with_space(&mut self, range: Range<usize>) {
        self.text.replace_range(range.clone(), " ");
        self.origin.splice(range, [None]);
    }

    fn keep(&mut self, range: Range<usize>) {
        self.text = self.text[range.clone()].to_string();
        self.origin = self.origin[range].to_vec();
    }

    fn trim(&mut self) {
        let start = self.text.len() - self.text.trim_start().len();
        let end = self.text.trim_end().len().max(start);
        self.keep(start..end);
    }

    /// Runs of bytes that came from consecutive request offsets: the spaces standing for
    /// removed blocks, and the jumps they leave, separate them.
    fn spans(&self) -> Vec<Range<usize>> {
        let mut spans: Vec<Range<usize>> = Vec::new();
        for at in self.origin.iter().flatten().copied() {
            match spans.last_mut() {
                Some(span) if span.end == at => span.end = at + 1,
                _ => spans.push(at..at + 1),
            }
        }
        spans
    }
}

/// Whether `text` opens with a SQL statement word: then what precedes a SELECT is part of
/// the statement (`CREATE TABLE t AS SELECT …`, `COPY (SELECT …) TO …`), never prose, and
/// removing it would answer a different statement than the one sent.
fn begins_with_sql(text: &str) -> bool {
    const STATEMENT_WORDS: &[&str] = &[
        "CREATE",
        "INSERT",
        "UPDATE",
        "DELETE",
        "DROP",
        "ALTER",
        "COPY",
        "ATTACH",
        "DETACH",
        "PRAGMA",
        "SET",
        "RESET",
        "INSTALL",
        "LOAD",
        "CALL",
        "EXPORT",
        "IMPORT",
        "EXPLAIN",
        "DESCRIBE",
        "SHOW",
        "SUMMARIZE",
        "USE",
        "VACUUM",
        "CHECKPOINT",
        "BEGIN",
        "COMMIT",
        "ROLLBACK",
        "TRUNCATE",
        "MERGE",
        "REPLACE",
        "UPSERT",
        "GRANT",
        "REVOKE",
        "PREPARE",
        "EXECUTE",
        "DEALLOCATE",
        "WITH",
        "VALUES",
        "TABLE",
        "PIVOT",
        "UNPIVOT",
        "ANALYZE",
        "COMMENT",
        "DECLARE",
    ];
    let word: String =
        text.trim_start().chars().take_while(|c| c.is_ascii_alphabetic()).collect::<String>().to_ascii_uppercase();
    STATEMENT_WORDS.contains(&word.as_str())
}

/// The warning that says a `<think>` block had no end (so nothing after it was kept).
pub const UNCLOSED_THINK: &str =
    "a <think> block was never closed with </think>; everything after it was treated as reasoning";

/// Where a statement starts inside a line of prose: the first `SELECT` word, or a `WITH`
/// word followed by `name AS (` or `RECURSIVE`, whichever comes first.
fn statement_start_within(text: &str) -> Option<usize> {
    let upper = text.to_ascii_uppercase();
    let is_word_at = |at: usize, word: &str| {
        let before = upper[..at].chars().next_back();
        let after = upper[at + word.len()..].chars().next();
        !before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
            && !after.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
    };
    let select = upper.match_indices("SELECT").map(|(at, _)| at).find(|&at| is_word_at(at, "SELECT"));
    let with = upper.match_indices("WITH").map(|(at, _)| at).find(|&at| {
        if !is_word_at(at, "WITH") {
            return false;
        }
        let words: Vec<&str> = upper[at + 4..].split_whitespace().take(3).collect();
        matches!(words.as_slice(), ["RECURSIVE", ..])
            || matches!(words.as_slice(), [_, "AS", next, ..] if next.starts_with('('))
    });
    match (select, with) {
        (Some(s), Some(w)) => Some(s.min(w)),
        (one, other) => one.or(other),
    }
}

fn starts_statement(line: &str) -> bool {
    let word: String = line.chars().take_while(|c| c.is_ascii_alphabetic()).collect::<String>().to_ascii_uppercase();
    matches!(word.as_str(), "SELECT" | "WITH" | "FROM") || line.starts_with('(')
}

fn push_once(warnings: &mut Vec<String>, warning: &str) {
    if !warnings.iter().any(|w| w == warning) {
        warnings.push(warning.to_string());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_statements_pass_unchanged() {
        assert_eq!(clean("SELECT 1"), ("SELECT 1".to_string(), vec![]));
    }

    #[test]
    fn framing_is_removed_and_reported() {
        let text = "<think>The user wants counts. SELECT nothing;</think>\nHere is the query:\n```sql\nSELECT team, count(*) FROM incidents GROUP BY team;\n```\nThis counts incidents.";
        let (statement, warnings) = clean(text);
        assert_eq!(statement, "SELECT team, count(*) FROM incidents GROUP BY team");
        assert_eq!(
            warnings,
            vec!["removed a <think> block", "removed a markdown code fence", "removed a trailing ';'"]
        );
    }

    #[test]
    fn leading_prose_is_removed() {
        let (statement, warnings) = clean("Sure! The answer needs:\nWITH x AS (SELECT 1) SELECT * FROM x;");
        assert_eq!(statement, "WITH x AS (SELECT 1) SELECT * FROM x");
        assert_eq!(warnings, vec!["removed text before the statement", "removed a trailing ';'"]);
    }

    #[test]
    fn prose_on_the_statements_own_line_is_removed() {
        let (statement, warnings) = clean("Here is the SQL: SELECT count(*) FROM incidents;");
        assert_eq!(statement, "SELECT count(*) FROM incidents");
        assert!(warnings.contains(&"removed text before the statement".to_string()));
        let (statement, _) = clean("The query with counts is: WITH c AS (SELECT 1) SELECT * FROM c");
        assert_eq!(statement, "WITH c AS (SELECT 1) SELECT * FROM c");
        let (statement, _) = clean("Selection made: SELECT 1");
        assert_eq!(statement, "SELECT 1");
    }

    #[test]
    fn statements_are_never_mistaken_for_prose() {
        for sql in [
            "CREATE TABLE x AS SELECT 1",
            "CREATE TABLE x AS\nSELECT 1",
            "COPY (SELECT 1) TO 'x.csv'",
            "INSERT INTO t\nSELECT 1",
            "EXPLAIN\nSELECT 1",
            "Here:\nCREATE TABLE x AS\nSELECT 1",
            "Here: CREATE TABLE x AS SELECT 1",
        ] {
            let (statement, warnings) = clean(sql);
            assert_eq!(statement, sql, "{sql}");
            assert!(warnings.is_empty(), "{sql}: {warnings:?}");
        }
        // Prose before the statement on its own line is still removed.
        assert_eq!(clean("Here you go:\nSELECT 1").0, "SELECT 1");
        // Without a colon, text before SELECT on the same line is not taken for prose.
        assert_eq!(clean("please run SELECT 1").0, "please run SELECT 1");
    }

    #[test]
    fn an_unclosed_think_block_says_so() {
        let (statement, warnings) = clean("<think>I should count the rows SELECT count(*) FROM incidents");
        assert_eq!(statement, "");
        assert!(warnings.contains(&UNCLOSED_THINK.to_string()), "{warnings:?}");
    }

    /// The statement is the request's own bytes: its spans, joined by one space, are it.
    #[test]
    fn the_statement_is_made_of_spans_of_the_request() {
        for text in [
            "SELECT 1",
            "  SELECT 1 ;  ",
            "<think>count</think>\nHere is the query:\n```sql\nSELECT count(*) FROM incidents;\n```\nDone.",
            "SELECT <think>a</think> team <think>b</think><think>c</think> FROM incidents",
            "Sure! The answer needs:\nWITH x AS (SELECT 1) SELECT * FROM x;",
            "Here is the SQL: SELECT 'é' FROM incidents;",
            "<think>unclosed SELECT 1",
        ] {
            let cleaned = clean_spans(text);
            let joined: Vec<&str> = cleaned.spans.iter().map(|span| &text[span.clone()]).collect();
            assert_eq!(joined.join(" "), cleaned.statement, "{text}");
            assert!(cleaned.spans.windows(2).all(|pair| pair[0].end < pair[1].start), "{text}: {:?}", cleaned.spans);
            assert!(cleaned.spans.iter().all(|span| !span.is_empty()), "{text}");
        }
        let text = "SELECT <think>a</think> team FROM incidents";
        assert_eq!(clean_spans(text).spans, vec![0..7, 23..43]);
        assert_eq!(clean_spans(text).statement, "SELECT   team FROM incidents");
    }

    #[test]
    fn only_one_trailing_semicolon_goes() {
        let (statement, _) = clean("SELECT 1;;");
        assert_eq!(statement, "SELECT 1;");
    }
}
