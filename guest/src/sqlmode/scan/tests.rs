//! The fast tokenizer against sqlparser's: the same tokens and spans wherever it answers,
//! on statements as requests and the compiler's output look, and on generated text built
//! from every token start either tokenizer knows, the awkward ones included.

use sqlparser::tokenizer::Tokenizer;

use super::*;
use crate::sqlmode::dialect::SqlModeDialect;

/// sqlparser's tokens and spans for `text` (`None` where it refuses the text).
fn sqlparser_tokens(text: &str) -> Option<Vec<(Token, Span)>> {
    let tokens = Tokenizer::new(&SqlModeDialect, text).tokenize_with_location().ok()?;
    Some(tokens.into_iter().map(|t| (t.token, t.span)).collect())
}

/// Where the fast tokenizer answers, sqlparser gives the same tokens and spans; whether it
/// answered.
fn agrees(text: &str) -> bool {
    let Some(fast) = tokens(text) else { return false };
    let fast: Vec<(Token, Span)> = fast.into_iter().map(|t| (t.token, t.span)).collect();
    let slow =
        sqlparser_tokens(text).unwrap_or_else(|| panic!("sqlparser refuses {text:?}, the fast tokenizer did not"));
    assert_eq!(fast, slow, "tokens of {text:?}");
    true
}

#[test]
fn keywords_are_found_as_sqlparser_finds_them() {
    assert!(KEYWORD_PREFIXES.windows(2).all(|pair| pair[0] <= pair[1]), "prefixes in keyword order");
    for (index, keyword_text) in ALL_KEYWORDS.iter().enumerate() {
        for spelling in [
            keyword_text.to_string(),
            keyword_text.to_lowercase(),
            keyword_text[..1].to_string() + &keyword_text[1..].to_lowercase(),
        ] {
            assert_eq!(keyword(&spelling), ALL_KEYWORDS_INDEX[index], "{spelling}");
        }
        for near in
            [format!("{keyword_text}X"), format!("{keyword_text}_"), keyword_text[..keyword_text.len() - 1].to_string()]
        {
            let Token::Word(expected) = Token::make_word(&near, None) else { unreachable!() };
            assert_eq!(keyword(&near), expected.keyword, "{near}");
        }
    }
}

#[test]
fn plain_statements_are_read_here_and_as_sqlparser_reads_them() {
    for text in [
        "SELECT team, avg(ack_minutes) AS average_minutes FROM incidents WHERE severity = 'P1' GROUP BY team ORDER BY average_minutes DESC LIMIT 5",
        "SELECT team, avg(ack_minutes) AS average_minutes FROM incidents WHERE severity = $1 GROUP BY team ORDER BY average_minutes DESC LIMIT $2",
        "SELECT count(*) AS total_rows FROM (SELECT \"team\" FROM \"incidents\" WHERE \"sev\" <> $1) AS answer",
        "with t as (\n\tselect a::DOUBLE / 2 AS x, b // 3, c % 4 from s where d >= 1.5 and e <= 2 or f != 'x y'\n)\nselect * from t;",
        "SELECT a || b, [1, 2][1], CAST(x AS DECIMAL(10,2)), -1, t.* FROM t WHERE a < b AND b > c",
        "SELECT \"\" , '' FROM t",
        "",
    ] {
        assert!(agrees(text), "left to sqlparser: {text:?}");
    }
}

#[test]
fn rarer_forms_are_left_to_sqlparser() {
    for text in [
        "SELECT 1 -- a comment",
        "SELECT /* c */ 1",
        "SELECT 1e3",
        "SELECT 1.",
        "SELECT .5",
        "SELECT 0x1F",
        "SELECT 5L",
        "SELECT 1_000",
        "SELECT 'it''s'",
        "SELECT 'a\\b'",
        "SELECT \"a\"\"b\"",
        "SELECT 'open",
        "SELECT \"open",
        "SELECT N'x', X'1F', e'x'",
        "SELECT $$x$$",
        "SELECT $a",
        "SELECT $1a",
        "SELECT a -> 'b'",
        "SELECT a ->> 'b'",
        "SELECT a => 1",
        "SELECT a == 1",
        "SELECT a <=> b",
        "SELECT a << 1, a >> 1",
        "SELECT a <@ b",
        "SELECT ||/ 8, |/ 4, a | b",
        "SELECT !a",
        "SELECT a:b",
        "SELECT a & b, a ^ b, ~a, a # b, @a, ?, `a`, {'a': 1}",
        "SELECT t._x",
        "SELECT 'é'",
        "SELECT 1\r\n",
    ] {
        assert!(tokens(text).is_none(), "read here: {text:?}");
    }
}

/// Texts of up to twelve fragments, half of them drawn from the forms the fast tokenizer
/// reads and half from every token start of either tokenizer, many thousands of them:
/// wherever the fast tokenizer answers, it answers as sqlparser does, and it answers for a
/// good share of them (so the comparison is not empty).
#[test]
fn agrees_with_sqlparser_on_generated_texts() {
    #[rustfmt::skip]
    const PLAIN: &[&str] = &[
        "SELECT", "select", "From", "AS", "as", "where", "Group", "by", "a", "team", "t1", "_x", "x$y", "n",
        "x", "e", "u", "b", "r", " ", " ", " ", "\n", "\t", "\"q\"", "\"\"", "\"SELECT\"", "'s'", "''",
        "'a\nb'", "\"a\nb\"", "1", "12", "0", "1.5", "$1", "$12", "(", ")", "[", "]", ",", ";", "+", "-", "*",
        "/", "//", "%", "||", "=", "!=", "<", "<=", "<>", ">", ">=", "::", ".",
    ];
    #[rustfmt::skip]
    const AWKWARD: &[&str] = &[
        "\r", "\r\n", "\"a\"\"b\"", "'it''s'", "'\\n'", "1.", ".5", "1e3", "1E+3", "0x1F", "5L", "1_0", "$$",
        "$a", "$", "{", "}", "--", "->", "->>", "/*", "*/", "|", "||/", "|/", "==", "=>", "!", "!!", "!~",
        "<=>", "<<", "<@", "<-", ">>", ":", ":=", "._", "&", "^", "~", "#", "@", "?", "`", "\\", "\u{e9}",
        "N'x'", "x'1'", "e'x'", "u&'x'", "'", "\"", "\u{c}",
    ];
    let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = move || {
        // xorshift64*: deterministic, so a failure names a text that fails again.
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        state.wrapping_mul(0x2545_f491_4f6c_dd1d)
    };
    let (mut answered, total) = (0, 100_000);
    for round in 0..total {
        let fragments = 1 + next() % 12;
        let text: String = (0..fragments)
            .map(|_| {
                let pick = next() as usize;
                if round % 2 == 0 || !pick.is_multiple_of(3) {
                    PLAIN[pick / 3 % PLAIN.len()]
                } else {
                    AWKWARD[pick / 3 % AWKWARD.len()]
                }
            })
            .collect();
        if agrees(&text) {
            answered += 1;
        }
    }
    assert!(answered * 3 > total, "the fast tokenizer answered only {answered} of {total}");
}
