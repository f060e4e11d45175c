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
        let end = lower[start..].find("</think>").map(|e| start + e + "</think>".len()).unwrap_or(current.len());
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
                if current[..offset].trim().is_empty() {
                    break;
                }
                current = current[offset..].to_string();
                warnings.push("removed text before the statement".into());
                break;
            }
            offset += line.len();
        }
    }

    let mut statement = current.trim().to_string();
    if let Some(stripped) = statement.strip_suffix(';') {
        statement = stripped.trim_end().to_string();
        warnings.push("removed a trailing ';'".into());
    }
    (statement, warnings)
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
        assert_eq!(warnings, vec!["removed a <think> block", "removed a markdown code fence", "removed a trailing ';'"]);
    }

    #[test]
    fn leading_prose_is_removed() {
        let (statement, warnings) = clean("Sure! The answer needs:\nWITH x AS (SELECT 1) SELECT * FROM x;");
        assert_eq!(statement, "WITH x AS (SELECT 1) SELECT * FROM x");
        assert_eq!(warnings, vec!["removed text before the statement", "removed a trailing ';'"]);
    }

    #[test]
    fn only_one_trailing_semicolon_goes() {
        let (statement, _) = clean("SELECT 1;;");
        assert_eq!(statement, "SELECT 1;");
    }
}
