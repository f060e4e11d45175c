//! The differential target's input: SQL written or mutated to find where sqlparser and
//! DuckDB read one text two ways. The first byte chooses:
//!
//! - below 0x80 (every input that starts with ASCII text: the seeds, `tests/sql/analyst.sql`'s
//!   statements and the known reading differences): the input itself is the text, mutated by
//!   libFuzzer with `fuzz/differential.dict` (DuckDB's keyword list, postfix operators,
//!   productions);
//! - otherwise a statement `sql_gen.rs` writes over the differential catalog from the bytes
//!   in the middle, then up to two mutations, four bytes each from the input's end, at
//!   the token the bytes pick: a postfix operator after it (`ISNULL`, `NOTNULL`,
//!   `EXPORT_STATE`, `COLLATE`, `::type`, a subscript, a method call), one of DuckDB's
//!   keywords after it as an alias without AS (`x top`) or with one, a keyword in its place
//!   or before it, the token wrapped in a production both parsers know (`BETWEEN`, `IS [NOT]
//!   DISTINCT FROM`, `EXTRACT`, `CASE`, a list, a row, a scalar subquery, …), a binary
//!   operator and an operand after it, the token dropped or doubled, or parentheses from it
//!   to a later one.
//!
//! Shared by `fuzz_targets/sql_differential.rs` and the stable replay
//! (`tests/all/fuzz/differential_replay.rs`), so a kept input decodes to the same text in both.
//! Add choices at the end of lists rather than reorder them.

#![allow(dead_code)]

use querycell_guest::CatalogView;

use super::duckdb_keywords::DUCKDB_KEYWORDS;
use super::sql_gen;

/// Bytes each mutation reads: its kind, the token, and two for its choice.
const MUTATION_BYTES: usize = 4;

/// The SQL text `data` decodes to (see the module's doc).
pub fn diff_text(data: &[u8], view: &CatalogView) -> String {
    let Some((&first, rest)) = data.split_first() else { return String::new() };
    if first < 0x80 {
        return String::from_utf8_lossy(data).into_owned();
    }
    // None, one (half the time) or two: each one breaks most statements it touches.
    let mutations = [0, 1, 1, 2][usize::from(first & 0x03)];
    let tail = (mutations * MUTATION_BYTES).min(rest.len() / MUTATION_BYTES * MUTATION_BYTES);
    let (generated, mutation_bytes) = rest.split_at(rest.len() - tail);
    let mut text = sql_gen::sql_text(generated, view);
    for m in mutation_bytes.chunks_exact(MUTATION_BYTES) {
        text = mutate(&text, [m[0], m[1], m[2], m[3]]);
    }
    text
}

/// A token of the text: where it lies, and whether it is a word (name, keyword, number).
#[derive(Debug, Clone, Copy)]
struct Token {
    start: usize,
    end: usize,
    word: bool,
}

/// The tokens of `text`, roughly as both SQL grammars split it: words, quoted strings and
/// names, `::`, single punctuation; white space and comments between them are skipped.
fn tokens(text: &str) -> Vec<Token> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        let start = i;
        let rest = &text[i..];
        if c.is_ascii_whitespace() {
            i += 1;
            continue;
        }
        if rest.starts_with("--") {
            i += rest.find('\n').unwrap_or(rest.len());
            continue;
        }
        if rest.starts_with("/*") {
            i += rest.find("*/").map_or(rest.len(), |end| end + 2);
            continue;
        }
        let first = rest.chars().next().unwrap_or(' ');
        let word = first.is_alphanumeric() || first == '_';
        if word {
            i += rest.find(|ch: char| !(ch.is_alphanumeric() || ch == '_' || ch == '.')).unwrap_or(rest.len());
        } else if first.is_whitespace() {
            i += first.len_utf8();
            continue;
        } else if c == b'\'' || c == b'"' {
            i += 1;
            while i < bytes.len() {
                if bytes[i] == c && bytes.get(i + 1) == Some(&c) {
                    i += 2;
                } else if bytes[i] == c {
                    i += 1;
                    break;
                } else {
                    i += 1;
                }
            }
        } else if rest.starts_with("::") {
            i += 2;
        } else {
            i += rest.chars().next().map_or(1, char::len_utf8);
        }
        // Stay on character boundaries whatever the scan did.
        while !text.is_char_boundary(i) {
            i += 1;
        }
        out.push(Token { start, end: i, word: word || c == b'"' || c == b'\'' });
    }
    out
}

/// What follows an operand: postfix operators and the like, which one grammar may read as
/// an alias or another clause.
const POSTFIX: &[&str] = &[
    " ISNULL",
    " NOTNULL",
    " EXPORT_STATE",
    " COLLATE nocase",
    " COLLATE \"C\"",
    "::INTEGER",
    "::VARCHAR",
    "::DOUBLE",
    "::DATE",
    "::BIGINT",
    "::DECIMAL(10,2)",
    "::TIMESTAMP",
    "::BOOLEAN",
    "::INTEGER[]",
    "[1]",
    "[1:2]",
    ".lower()",
    ".upper()",
    ".length()",
    " IS NULL",
    " IS NOT NULL",
    " IS TRUE",
    " IS NOT FALSE",
    " IS UNKNOWN",
    " NOT NULL",
    " NULLS FIRST",
    " DESC",
    " ASC",
    "!",
    " AT TIME ZONE 'UTC'",
    " ESCAPE '!'",
    " COLLATE NOCASE",
    " COLLATE de",
    "::TEXT",
    "::REAL",
    "::HUGEINT",
    "::INTERVAL",
    " IS NOT DISTINCT FROM NULL",
    " FILTER (WHERE true)",
    " OVER ()",
    " IGNORE NULLS",
    " RESPECT NULLS",
    " WITHIN GROUP (ORDER BY 1)",
    " UESCAPE '!'",
    " %",
    " PERCENT",
    " ROWS",
    " ONLY",
];

/// A binary operator and an operand, after an operand.
const INFIX: &[&str] = &[
    " + 1",
    " - 1",
    " * 2",
    " / 2",
    " // 2",
    " % 2",
    " ^ 2",
    " ** 2",
    " || 'x'",
    " = 1",
    " <> 'a'",
    " != 1",
    " == 1",
    " < 1",
    " >= 2.5",
    " AND true",
    " OR false",
    " IS DISTINCT FROM NULL",
    " LIKE 'a%'",
    " NOT LIKE 'a%'",
    " ILIKE 'A%'",
    " NOT ILIKE 'a'",
    " GLOB 'a*'",
    " SIMILAR TO 'a.*'",
    " NOT SIMILAR TO 'b'",
    " BETWEEN 1 AND 2",
    " NOT BETWEEN 1 AND 2",
    " IN (1, 2)",
    " NOT IN ('a')",
    " ^@ 'a'",
    " @> [1]",
    " <@ [1]",
    " && [1]",
    " -> 'a'",
    " ->> 'a'",
    " << 1",
    " >> 1",
    " & 1",
    " | 1",
    " # 1",
    " ~~ 'a'",
    " !~~ 'a'",
    " ~~* 'a'",
    " ~ 'a'",
    " <=> 1",
    " = ANY (SELECT 1)",
    " > ALL (SELECT 2)",
    " < SOME (SELECT 3)",
    " IN (SELECT 1)",
    " = 'P1' 'x'",
    " + INTERVAL 1 DAY",
    " - INTERVAL '2' MONTH",
    " + 1.50",
    " * 99999999999999999999",
    " = 1e3",
    " = -0.0",
    " = DATE '2026-01-01'",
    " IS NOT TRUE",
    " COLLATE nocase = 'A'",
    " :: VARCHAR",
    " = current_date",
    " < today()",
    " > current_date()",
    " = CURRENT_DATE",
];

/// Productions both grammars know, around an operand (`{}`).
const WRAPS: &[&str] = &[
    "({} IS TRUE)",
    "({} IS NOT DISTINCT FROM {})",
    "({} BETWEEN {} AND {})",
    "(NOT {})",
    "(-{})",
    "(+{})",
    "CAST({} AS VARCHAR)",
    "TRY_CAST({} AS INTEGER)",
    "coalesce({}, {})",
    "nullif({}, {})",
    "({} IN ({}, NULL))",
    "({} NOT IN ({}))",
    "({} LIKE {})",
    "({} ILIKE '%a%')",
    "({} GLOB '*')",
    "({} // 2)",
    "({} % 3)",
    "({} || 'x')",
    "[{}]",
    "({}, {})",
    "row({}, {})",
    "EXTRACT(year FROM {})",
    "date_part('month', {})",
    "CASE WHEN {} IS NULL THEN 1 ELSE 2 END",
    "CASE {} WHEN 1 THEN 'a' END",
    "(SELECT {})",
    "EXISTS (SELECT {})",
    "abs({})",
    "greatest({}, {})",
    "least({}, 0)",
    "length(CAST({} AS VARCHAR))",
    "- - {}",
    "NOT NOT {}",
    "~{}",
    "@{}",
    "{}!",
    "{}.{}",
    "{} {}",
    "({})",
    "(({}))",
    "{}::VARCHAR::INTEGER",
    "CAST({} AS DECIMAL(10,2))",
    "count({})",
    "sum({}) OVER ()",
    "max({}) FILTER (WHERE {} IS NOT NULL)",
    "string_agg({}, ',' ORDER BY {})",
    "first({} ORDER BY {})",
    "{} IS DISTINCT FROM {} IS NULL",
    "NOT {} IS NULL",
    "- {} ^ 2",
    "{} COLLATE nocase",
    "{} AT TIME ZONE 'UTC'",
    "date_trunc('month', {})",
    "{} + INTERVAL 1 DAY",
    "INTERVAL ({}) DAY",
    "IF({}, 1, 2)",
    "ifnull({}, {})",
    "{} = {} = {}",
    "{} < {} < {}",
    "position('a' IN {})",
    "substring({} FROM 1 FOR 2)",
    "trim(BOTH 'x' FROM {})",
    "{} ->> '$.a'",
    "#1",
    "COLUMNS('a.*')",
    "*COLUMNS('a.*')",
];

/// One mutation of `text` (see the module's doc), chosen by `bytes`.
fn mutate(text: &str, bytes: [u8; 4]) -> String {
    let tokens = tokens(text);
    let Some(&token) = tokens.get(usize::from(bytes[1]) % tokens.len().max(1)) else { return text.to_string() };
    let choice = usize::from(u16::from_le_bytes([bytes[2], bytes[3]]));
    let keyword = || {
        let (word, _) = DUCKDB_KEYWORDS[choice % DUCKDB_KEYWORDS.len()];
        if (choice / DUCKDB_KEYWORDS.len()).is_multiple_of(2) {
            word.to_string()
        } else {
            word.to_uppercase()
        }
    };
    let (before, this, after) = (&text[..token.start], &text[token.start..token.end], &text[token.end..]);
    match bytes[0] % 10 {
        0 => format!("{before}{this}{}{after}", POSTFIX[choice % POSTFIX.len()]),
        1 => format!("{before}{this} {}{after}", keyword()),
        2 => format!("{before}{this} AS {}{after}", keyword()),
        3 if token.word => format!("{before}{}{after}", keyword()),
        4 => format!("{before}{after}"),
        5 => format!("{before}{} {this}{after}", keyword()),
        6 if token.word => format!("{before}{}{after}", WRAPS[choice % WRAPS.len()].replace("{}", this)),
        7 => format!("{before}{this}{}{after}", INFIX[choice % INFIX.len()]),
        8 => format!("{before}{this} {this}{after}"),
        _ => {
            // Parentheses from this token to one up to eight tokens on.
            let index = usize::from(bytes[1]) % tokens.len();
            let last = tokens[(index + choice % 8).min(tokens.len() - 1)];
            format!("{before}({}){}", &text[token.start..last.end], &text[last.end..])
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_split_words_strings_and_operators() {
        let text = "SELECT \"a b\", 'it''s'::INTEGER -- c\nFROM t /* x */ WHERE x.y<=1";
        let words: Vec<&str> = tokens(text).iter().map(|t| &text[t.start..t.end]).collect();
        assert_eq!(
            words,
            ["SELECT", "\"a b\"", ",", "'it''s'", "::", "INTEGER", "FROM", "t", "WHERE", "x.y", "<", "=", "1"]
        );
    }
}
