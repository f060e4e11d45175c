//! Tokens a column's cells may hold instead of a value: the null-like ones typed columns read
//! as missing (`NA`, `null`, `-`), the not-finite ones number columns read as missing (`NaN`,
//! `inf`), and the SQL that tells a cell is one of a list, cheaply.

use querycell_contract::quote;

use crate::ingest::padding::trimmed;

/// Extra tokens read as missing in typed (non-text) columns; `\N` is how PostgreSQL's and
/// MySQL's text dumps write a missing value.
pub const TYPED_NULL_TOKENS: &[&str] = &["NA", "N/A", "n/a", "null", "NULL", "-", "#N/A", "\\N"];

/// What numpy, pandas, R, JavaScript and spreadsheets write for a value that is not a finite
/// number: missing in a number column (counted in its decision), so that no average is NaN.
/// A column that is not numbers keeps them as text.
pub const NOT_FINITE_TOKENS: &[&str] = &[
    "NaN",
    "nan",
    "NAN",
    "-nan",
    "-NaN",
    "inf",
    "-inf",
    "+inf",
    "Inf",
    "-Inf",
    "+Inf",
    "INF",
    "-INF",
    "Infinity",
    "-Infinity",
    "+Infinity",
    "infinity",
    "-infinity",
];

/// SQL condition: `raw` is one of `tokens` (they compare after trimming); `None` for no tokens.
fn is_token(raw: &str, tokens: &[String]) -> Option<String> {
    is_trimmed_token(&trimmed(raw), tokens)
}

/// SQL condition: the text `trimmed` (already trimmed) is one of `tokens`; `None` for no
/// tokens. Tokens are short and begin with few characters, so most texts are told apart by
/// their byte length (an id, a timestamp, a sentence) or their first character (a number)
/// before any comparison with the list, which cost as much as the rest of the column's
/// counting query.
pub(crate) fn is_trimmed_token(trimmed: &str, tokens: &[String]) -> Option<String> {
    let list = tokens.iter().map(|t| quote::literal(t.trim())).collect::<Vec<_>>().join(", ");
    let longest = tokens.iter().map(|t| t.trim().len()).max()?;
    let mut firsts: Vec<u32> = tokens.iter().filter_map(|t| t.trim().chars().next()).map(u32::from).collect();
    firsts.sort_unstable();
    firsts.dedup();
    let mut starts = Vec::new();
    if !firsts.is_empty() {
        // DuckDB's `ord` is the first character's code point (-1 for the empty text).
        let codes = firsts.iter().map(u32::to_string).collect::<Vec<_>>().join(", ");
        starts.push(format!("ord({trimmed}) IN ({codes})"));
    }
    if tokens.iter().any(|t| t.trim().is_empty()) {
        starts.push(format!("{trimmed} = ''"));
    }
    Some(format!(
        "CASE WHEN strlen({trimmed}) <= {longest} AND ({}) THEN {trimmed} IN ({list}) ELSE false END",
        starts.join(" OR ")
    ))
}

/// `raw` with the given null tokens mapped to NULL.
pub(crate) fn without_tokens(raw: &str, tokens: &[String]) -> String {
    match is_token(raw, tokens) {
        Some(token) => format!("CASE WHEN {token} THEN NULL ELSE {raw} END"),
        None => raw.to_string(),
    }
}

/// `trim(raw)` with the given tokens mapped to NULL (the tokens compare trimmed).
pub(crate) fn trimmed_without_tokens(raw: &str, tokens: &[String]) -> String {
    match is_token(raw, tokens) {
        Some(token) => format!("CASE WHEN {token} THEN NULL ELSE {} END", trimmed(raw)),
        None => trimmed(raw),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::duck::{first_row, Database as Connection};

    /// The length and first-character tests in front of the token list never turn a token
    /// away, nor let a text that is none through.
    #[test]
    fn a_token_condition_is_exactly_membership_in_the_list() {
        let duck = Connection::in_memory(&[]).unwrap();
        let typed: Vec<String> = TYPED_NULL_TOKENS.iter().chain(NOT_FINITE_TOKENS).map(|t| t.to_string()).collect();
        let configured: Vec<String> = ["", "999", "—", "é", " n.a. "].iter().map(|t| t.to_string()).collect();
        let only_empty = vec![String::new()];
        let texts = [
            "",
            "NA",
            "na",
            "N/A",
            "-",
            "--",
            "-1",
            "+inf",
            "+Infinity",
            "Infinity ",
            "#N/A",
            "#",
            "999",
            "9999",
            "99",
            "—",
            "é",
            "e",
            "n.a.",
            "n.a",
            "null",
            "NULLS",
            "12.5",
            "2026-01-01",
            "a sentence of words",
            "\u{3000}",
        ];
        for tokens in [&typed, &configured, &only_empty] {
            let list = tokens.iter().map(|t| quote::literal(t.trim())).collect::<Vec<_>>().join(", ");
            for text in texts.iter().copied().chain(tokens.iter().map(|t| t.trim())) {
                let v = quote::literal(text);
                let condition = is_trimmed_token(&v, tokens).unwrap();
                let row = first_row(duck.query(&format!("SELECT {condition}, {v} IN ({list})")).unwrap());
                assert_eq!(row[0], row[1], "{text:?} among {tokens:?}");
            }
        }
        assert_eq!(is_trimmed_token("v", &[]), None);
    }
}
