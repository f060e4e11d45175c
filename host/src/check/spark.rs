//! The lexical gate for Spark SQL: what the plan compiler returned for Spark is read token by
//! token and refused unless every token is one both Spark's lexer and DuckDB's read the same
//! way; the text is then spelled for DuckDB (backtick names become double-quoted ones,
//! `STRING` becomes `VARCHAR`) so the host's parse-tree check ([`crate::check`]) can run on
//! DuckDB's parser.
//!
//! Why a closed vocabulary: the host cannot parse with Spark's own parser without sending
//! the text to Spark, and where the two grammars differ (a backslash in a string, `"a"` as a
//! string or a name, `!`, `||`, `DIV`, raw and typed literals, comments, hints) one text could
//! be a harmless SELECT to the check and something else to Spark. So the text may hold only:
//! - bare words from [`querycell_contract::sql::SPARK_WORDS`] (any case): names are quoted;
//! - backtick-quoted names without control characters (`` `` `` stands for one backtick);
//! - string literals from [`querycell_contract::sql::SPARK_STRING_LITERALS`], only right
//!   after `(` or `ESCAPE`;
//! - unsigned integers of digits alone, `?` placeholders, single spaces, and `( ) , . * = < >`
//!   (`<>`, `<=`, `>=`), with `.` only between two quoted names.
//!
//! Nothing else passes: no comment, semicolon, double quote, backslash or named parameter.

use querycell_contract::sql::{SPARK_STRING_LITERALS, SPARK_WORDS};

/// Longest token the gate reads (a quoted name), in bytes.
const MAX_NAME_BYTES: usize = 256;

/// `spark_sql` spelled for DuckDB's parser, or why it is refused.
///
/// One pass, token by token, so the first token refused decides the reason: each reader
/// below takes exactly one token, appends its DuckDB spelling to `out` and returns where
/// the next token starts.
pub fn duckdb_spelling(spark_sql: &str) -> Result<String, String> {
    let bytes = spark_sql.as_bytes();
    let mut out = String::with_capacity(spark_sql.len() + 16);
    let mut i = 0;
    // The last token read, for the rules that depend on what comes before.
    let mut previous = Token::Start;
    while i < bytes.len() {
        let c = bytes[i];
        match c {
            b' ' => {
                out.push(' ');
                i += 1;
                continue;
            }
            b'`' => {
                i = quoted_name(spark_sql, i, &mut out)?;
                previous = Token::Name;
            }
            b'\'' => {
                i = string_literal(spark_sql, i, previous, &mut out)?;
                previous = Token::Other;
            }
            b'a'..=b'z' | b'A'..=b'Z' | b'_' => {
                (i, previous) = bare_word(spark_sql, i, &mut out)?;
            }
            b'0'..=b'9' => {
                i = number(spark_sql, i, &mut out)?;
                previous = Token::Other;
            }
            b'.' => {
                if previous != Token::Name || bytes.get(i + 1) != Some(&b'`') {
                    return Err("a '.' stands elsewhere than between two quoted names".into());
                }
                out.push('.');
                i += 1;
                previous = Token::Other;
            }
            b'(' => {
                out.push('(');
                i += 1;
                previous = Token::Open;
            }
            b')' | b',' | b'*' | b'=' | b'?' => {
                out.push(c as char);
                i += 1;
                previous = Token::Other;
            }
            b'<' | b'>' => {
                i = comparison(bytes, i, &mut out);
                previous = Token::Other;
            }
            _ => {
                let ch = spark_sql[i..].chars().next().expect("inside the text");
                return Err(format!("the character {ch:?} is not one the compiler writes in Spark SQL"));
            }
        }
    }
    Ok(out)
}

/// The backtick-quoted name starting at `i`, double-quoted for DuckDB; where the next token
/// starts.
fn quoted_name(spark_sql: &str, i: usize, out: &mut String) -> Result<usize, String> {
    let bytes = spark_sql.as_bytes();
    let mut name = String::new();
    let mut j = i + 1;
    loop {
        match bytes.get(j) {
            None => return Err("a quoted name is not closed".into()),
            Some(b'`') if bytes.get(j + 1) == Some(&b'`') => {
                name.push('`');
                j += 2;
            }
            Some(b'`') => break,
            Some(_) => {
                let ch = spark_sql[j..].chars().next().expect("inside the text");
                if ch.is_control() {
                    return Err("a quoted name holds a control character".into());
                }
                name.push(ch);
                j += ch.len_utf8();
            }
        }
    }
    if name.is_empty() || name.len() > MAX_NAME_BYTES {
        return Err(format!("a quoted name is empty or longer than {MAX_NAME_BYTES} bytes"));
    }
    out.push_str(&querycell_contract::quote::identifier(&name));
    Ok(j + 1)
}

/// The string literal starting at `i`, as it is: only one the compiler writes, and only
/// where it writes one (after `previous`); where the next token starts.
fn string_literal(spark_sql: &str, i: usize, previous: Token, out: &mut String) -> Result<usize, String> {
    let end = spark_sql[i + 1..].find('\'').map(|at| i + 1 + at).ok_or("a string literal is not closed")?;
    let literal = &spark_sql[i + 1..end];
    if !SPARK_STRING_LITERALS.contains(&literal) {
        return Err(format!("the string literal '{}' is not one the compiler writes", clip(literal)));
    }
    if !matches!(previous, Token::Open | Token::Escape) {
        return Err("a string literal stands where the compiler writes none".into());
    }
    out.push_str(&spark_sql[i..=end]);
    Ok(end + 1)
}

/// The bare word starting at `i`, which must be in Spark's vocabulary; where the next token
/// starts, and the word as the token before it.
fn bare_word(spark_sql: &str, i: usize, out: &mut String) -> Result<(usize, Token), String> {
    let bytes = spark_sql.as_bytes();
    let end = bytes[i..].iter().position(|b| !(b.is_ascii_alphanumeric() || *b == b'_')).map_or(bytes.len(), |n| i + n);
    let word = &spark_sql[i..end];
    let Some(known) = SPARK_WORDS.iter().find(|w| w.eq_ignore_ascii_case(word)) else {
        return Err(format!("the bare word '{}' is not in Spark's vocabulary here", clip(word)));
    };
    // The one spelling that differs: Spark's STRING is DuckDB's VARCHAR.
    out.push_str(if known.eq_ignore_ascii_case("STRING") { "VARCHAR" } else { word });
    Ok((end, if known.eq_ignore_ascii_case("ESCAPE") { Token::Escape } else { Token::Word }))
}

/// The unsigned integer starting at `i`; where the next token starts.
fn number(spark_sql: &str, i: usize, out: &mut String) -> Result<usize, String> {
    let bytes = spark_sql.as_bytes();
    let end = bytes[i..].iter().position(|b| !b.is_ascii_digit()).map_or(bytes.len(), |n| i + n);
    // `1L`, `1e3`, `1.5`, `1D`: Spark's number suffixes and forms are not DuckDB's.
    if bytes
        .get(end)
        .is_some_and(|b| b.is_ascii_alphanumeric() || *b == b'_' || *b == b'.' || *b == b'`' || *b == b'\'')
    {
        return Err("a number is written in a form the compiler never writes".into());
    }
    out.push_str(&spark_sql[i..end]);
    Ok(end)
}

/// The comparison starting at `i` (`<`, `>`, `<=`, `>=` or `<>`); where the next token
/// starts.
fn comparison(bytes: &[u8], i: usize, out: &mut String) -> usize {
    let c = bytes[i];
    out.push(c as char);
    let mut i = i + 1;
    if let Some(&next) = bytes.get(i) {
        if next == b'=' || (c == b'<' && next == b'>') {
            out.push(next as char);
            i += 1;
        }
    }
    i
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Token {
    Start,
    Name,
    Word,
    Escape,
    Open,
    Other,
}

/// How much of a refused text a message shows, in characters.
const SHOWN_TEXT_CHARS: usize = 40;

fn clip(text: &str) -> String {
    querycell_contract::text::clip(text, SHOWN_TEXT_CHARS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_the_compiler_writes_is_spelled_for_duckdb() {
        let spark =
            "SELECT date_trunc('month', `opened at`) AS `m`, count(*) FROM `lake`.`inci``dents` AS `incidents` \
                     WHERE `team` LIKE ? ESCAPE '!' AND CAST(`tenant` AS STRING) IN (?, ?) AND `x` <> ? AND `y` >= ? \
                     GROUP BY 1 ORDER BY `m` DESC NULLS LAST LIMIT ?";
        assert_eq!(
            duckdb_spelling(spark).unwrap(),
            "SELECT date_trunc('month', \"opened at\") AS \"m\", count(*) FROM \"lake\".\"inci`dents\" AS \"incidents\" \
             WHERE \"team\" LIKE ? ESCAPE '!' AND CAST(\"tenant\" AS VARCHAR) IN (?, ?) AND \"x\" <> ? AND \"y\" >= ? \
             GROUP BY 1 ORDER BY \"m\" DESC NULLS LAST LIMIT ?"
        );
        assert_eq!(duckdb_spelling("SELECT `a\"b` FROM `t`").unwrap(), "SELECT \"a\"\"b\" FROM \"t\"");
    }

    #[test]
    fn text_the_two_lexers_could_read_apart_is_refused() {
        for spark in [
            "SELECT \"a\" FROM `t`",                            // a string to Spark, a name to DuckDB
            "SELECT `a` FROM `t` WHERE `a` = 'x\\' OR 1=1 --'", // backslash escapes
            "SELECT `a` FROM `t` -- comment",
            "SELECT `a` FROM `t` /* hint */",
            "SELECT /*+ REPARTITION(1) */ `a` FROM `t`",
            "SELECT `a` FROM `t`; DROP TABLE `t`",
            "SELECT reflect('java.lang.Runtime', 'getRuntime') FROM `t`",
            "SELECT `a` FROM parquet.`/etc/passwd`",
            "SELECT `a` FROM `t` WHERE `a` = :name",
            "SELECT `a` FROM `t` WHERE !(`a` = ?)",
            "SELECT `a` || `b` FROM `t`",
            "SELECT `a` DIV 2 FROM `t`",
            "SELECT 1L FROM `t`",
            "SELECT 1.5 FROM `t`",
            "SELECT `a` FROM `t` WHERE `a` = 'x'", // a value spliced as a literal
            "SELECT date_trunc(r'month', `a`) FROM `t`",
            "SELECT X'00' FROM `t`",
            "SELECT `a` FROM `t` WHERE `a` LIKE ? ESCAPE '\\\\'",
            "SELECT `a\u{7}` FROM `t`",
            "SELECT `a` FROM `t",
            "SELECT `a` FROM `t`\tWHERE `a` = ?",
            "SELECT `a`.`b`.1 FROM `t`",
            "SELECT `a` FROM `t` TABLESAMPLE (1 PERCENT)",
            "SELECT `a` FROM `t` LATERAL VIEW explode(`a`) AS `x`",
            "SELECT `a` FROM `t` WHERE `a` = ${var}",
        ] {
            assert!(duckdb_spelling(spark).is_err(), "passed: {spark}");
        }
    }
}
