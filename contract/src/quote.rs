//! Quoting names and text into SQL, defined once for every statement querycell writes: the
//! compiler's (DuckDB and Spark), the host's policy views and the ingest's DuckDB statements.
//!
//! Each form is total: whatever the input, the output is one token that ends where the
//! quoting says, because every quote character inside is doubled. Nothing else is escaped:
//! DuckDB reads a doubled quote as the character itself and gives no other character a
//! meaning inside quotes, and so does Spark inside a backquoted name. Spark's string
//! literals differ (a backslash escapes there), which is why there is no Spark literal form:
//! values reach Spark as bound parameters, never as text.
//!
//! A NUL character is kept as it is. DuckDB's C API takes NUL-terminated text, and the
//! host's DuckDB layer refuses a statement holding a NUL rather than cut it short there.

/// `name` as a DuckDB identifier: `"a""b"` for `a"b`.
pub fn identifier(name: &str) -> String {
    enclosed(name, '"')
}

/// `text` as a DuckDB string literal: `'it''s'` for `it's`.
pub fn literal(text: &str) -> String {
    enclosed(text, '\'')
}

/// `name` as a Spark SQL identifier: `` `a``b` `` for `` a`b ``.
pub fn spark_identifier(name: &str) -> String {
    enclosed(name, '`')
}

/// `text` between two `quote` characters, each `quote` inside doubled.
fn enclosed(text: &str, quote: char) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push(quote);
    for c in text.chars() {
        if c == quote {
            out.push(quote);
        }
        out.push(c);
    }
    out.push(quote);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The text of the quoted token that starts `sql`, read as an SQL lexer reads it, and the
    /// rest of `sql` after the token; `None` if `sql` does not start with a closed token.
    fn read_quoted(sql: &str, quote: char) -> Option<(String, &str)> {
        let mut chars = sql.char_indices();
        if chars.next()?.1 != quote {
            return None;
        }
        let mut text = String::new();
        while let Some((at, c)) = chars.next() {
            if c != quote {
                text.push(c);
                continue;
            }
            match chars.clone().next() {
                Some((_, next)) if next == quote => {
                    chars.next();
                    text.push(quote);
                }
                _ => return Some((text, &sql[at + c.len_utf8()..])),
            }
        }
        None
    }

    const ADVERSARIAL: &[&str] = &[
        "",
        "team",
        "a\"b",
        "\"",
        "\"\"",
        "\" OR 1=1 --",
        "'; DROP TABLE t; --",
        "it's",
        "''",
        "`",
        "a`b``c",
        "x\0y",
        "\0",
        "ends with a quote\"",
        "ends with a quote'",
        "ends with a backtick`",
        "back\\slash\\",
        "line\nbreak\r\n",
        "é\"ü'ß`",
        "名前\"",
        "🦆'🦆`🦆\"",
        "\u{202e}rtl\u{2066}",
    ];

    /// Whatever the input, the quoted form reads back as exactly the input, and the token
    /// ends exactly where the quoted form ends: no input closes the quotes early.
    #[test]
    fn every_form_reads_back_whole_and_ends_where_it_ends() {
        type Form = (fn(&str) -> String, char);
        let forms: [Form; 3] = [(identifier, '"'), (literal, '\''), (spark_identifier, '`')];
        for (quote, mark) in forms {
            for input in ADVERSARIAL {
                let quoted = quote(input);
                let followed = format!("{quoted} AND x");
                let (text, rest) =
                    read_quoted(&followed, mark).unwrap_or_else(|| panic!("{quoted:?} is not a closed token"));
                assert_eq!((text.as_str(), rest), (*input, " AND x"), "{input:?} quoted as {quoted:?}");
            }
        }
    }

    #[test]
    fn quotes_are_doubled_and_nothing_else_changes() {
        assert_eq!(identifier("team"), "\"team\"");
        assert_eq!(identifier("a\"b"), "\"a\"\"b\"");
        assert_eq!(identifier("it's `x`"), "\"it's `x`\"");
        assert_eq!(literal("it's"), "'it''s'");
        assert_eq!(literal("a\"b\\"), "'a\"b\\'");
        assert_eq!(spark_identifier("inci`dents"), "`inci``dents`");
        assert_eq!(spark_identifier("a\"b'c"), "`a\"b'c`");
        assert_eq!(identifier("x\0y"), "\"x\0y\"", "a NUL is kept, for the C API boundary to refuse");
        assert_eq!(literal("名前'"), "'名前'''");
    }
}
