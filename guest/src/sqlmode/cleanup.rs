//! Model-output cleanup: what language models wrap around a SQL statement, removed before
//! parsing, with a warning naming each thing removed. Only framing is removed here; the
//! statement itself is never edited as text (that is the AST rewrite's job).

/// The statement text with framing removed, and a warning per removal.
pub fn clean(text: &str) -> (String, Vec<String>) {
    let mut warnings = Vec::new();
    let mut current = text.to_string();

    // <think> … </think> reasoning blocks (an unclosed one swallows everything after it).
    loop {
        let lower = current.to_ascii_lowercase();
        let Some(start) = lower.find("<think>") else { break };
        let end = match lower[start..].find("</think>") {
            Some(e) => start + e + "</think>".len(),
            None => {
                push_once(&mut warnings, UNCLOSED_THINK);
                current.len()
            }
        };
        current.replace_range(start..end, " ");
        push_once(&mut warnings, "removed a <think> block");
    }

    // A markdown code fence: keep the first fenced block's body.
    if let Some(open) = current.find("```") {
        let after_ticks = &current[open + 3..];
        let body_start = after_ticks.find('\n').map(|n| n + 1).unwrap_or(after_ticks.len());
        let body = &after_ticks[body_start..];
        let body = match body.find("```") {
            Some(close) => &body[..close],
            None => body,
        };
        current = body.to_string();
        warnings.push("removed a markdown code fence".into());
    }

    // Prose before the statement: everything before the first line that starts with
    // SELECT, WITH or FROM (or a parenthesis), when there is such a line after some text.
    let trimmed = current.trim_start();
    if !starts_statement(trimmed) {
        let mut offset = 0;
        for line in current.split_inclusive('\n') {
            if starts_statement(line.trim_start()) {
                if current[..offset].trim().is_empty() || current[..offset].lines().any(begins_with_sql) {
                    break;
                }
                current = current[offset..].to_string();
                warnings.push("removed text before the statement".into());
                break;
            }
            offset += line.len();
        }
    }

    // Prose on the statement's own line ("Here is the SQL: SELECT …"): start at the first
    // SELECT, or at a WITH that opens a CTE list.
    if !starts_statement(current.trim_start()) && !begins_with_sql(&current) {
        if let Some(start) =
            statement_start_within(&current).filter(|&start| current[..start].trim_end().ends_with(':'))
        {
            current = current[start..].to_string();
            push_once(&mut warnings, "removed text before the statement");
        }
    }

    let mut statement = current.trim().to_string();
    if let Some(stripped) = statement.strip_suffix(';') {
        statement = stripped.trim_end().to_string();
        warnings.push("removed a trailing ';'".into());
    }
    (statement, warnings)
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

    #[test]
    fn only_one_trailing_semicolon_goes() {
        let (statement, _) = clean("SELECT 1;;");
        assert_eq!(statement, "SELECT 1;");
    }
}
