//! The token-level half of SQL mode's checks: which kinds of raw text a statement may carry.
//!
//! Printing from sqlparser's tree is only trustworthy for text whose meaning sqlparser and
//! DuckDB agree on. So the request, and again the re-emitted statement, may contain only:
//! unquoted or double-quoted identifiers, 'single-quoted' strings, plain numbers, operators
//! and punctuation (and, in the re-emitted statement, the `$n` placeholders the compiler
//! introduced). Other literal forms (E'', N'', X'', B'', $$…$$, backquoted or bracketed
//! names) are refused, and so is a number written against a word or string (`1_000`,
//! `0x1F`, `1e`): DuckDB reads `1_000` as one thousand, sqlparser as `1 AS _000`.
//!
//! It is also the depth guard that runs before the parser (docs/security.md, invariant 10), for two shapes the
//! parser's recursion limit does not bound well:
//! - a long chain of operators (`1+1+…+1` parses iteratively into a tree thousands of levels
//!   deep, which printing and visiting then walk recursively): at most
//!   [`MAX_OPERATOR_CHAIN`] per parenthesis level;
//! - nested function calls: sqlparser tries special forms first (`position(a IN b)`,
//!   `overlay`, `try_cast`, `convert`, `case(`…) and re-parses the whole argument when the
//!   attempt fails, so parse time doubles with each level (found by fuzzing: 20 nested
//!   `position(` took minutes). At most [`MAX_CALL_NESTING`] calls may nest.

use sqlparser::tokenizer::{Token, TokenWithSpan, Tokenizer};

use super::dialect::SqlModeDialect;
use super::position::position;
use super::MAX_NESTING;
use crate::error::{Code, CompileError, Result};
use crate::plan::clip;

/// Binary operators one parenthesis level may chain. Each one is a level of the tree, in
/// sqlparser's and in DuckDB's, and the host reads DuckDB's tree as JSON only 128 levels
/// deep; a longer chain would be a statement the guest accepts and the host must refuse
/// (found by replaying the fuzz corpus through the host's check).
/// `tests/all/executor/host_check.rs` fails if the deepest chain accepted here stops passing
/// the host's check.
pub const MAX_OPERATOR_CHAIN: usize = 32;

/// Function calls (a name followed by `(`) that may nest inside one another. Real queries
/// nest four or five (`round(avg(coalesce(CAST(x AS DOUBLE), 0)), 2)`); the parser's
/// worst case grows as 2^depth.
pub const MAX_CALL_NESTING: usize = 10;

/// One open parenthesis.
struct Level {
    /// Opened by a name: a function call (or a keyword form that looks like one).
    call: bool,
    /// Operators chained so far at this level.
    chain: usize,
}

/// Whose text is being checked: the caller's request, or the compiler's own output.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    Request,
    /// The re-emitted statement: `$n` placeholders are the compiler's and are allowed.
    Emitted,
}

/// The statement's tokens, refused at the first one outside the allowed kinds.
pub fn check(text: &str, source: Source) -> Result<()> {
    check_tokens(&tokenize(text)?, source)
}

/// `text`'s tokens as every SQL-mode parse reads them (the parser takes them as they are,
/// see [`super::parse_tokens`], so one tokenizing serves this check and the parse): from
/// [`super::scan`] where the text is plain enough for it, from sqlparser's tokenizer
/// otherwise, the same tokens either way.
pub fn tokenize(text: &str) -> Result<Vec<TokenWithSpan>> {
    if let Some(tokens) = super::scan::tokens(text) {
        return Ok(tokens);
    }
    Tokenizer::new(&SqlModeDialect, text).tokenize_with_location().map_err(|e| {
        let message = e.to_string();
        let message = message.split(" at Line: ").next().unwrap_or(&message).to_string();
        CompileError::new(
            Code::SqlSyntax,
            position(sqlparser::tokenizer::Span::new(e.location, e.location)),
            format!("the SQL does not parse: {message}"),
        )
        .with_hint("send one DuckDB SELECT statement")
    })
}

/// [`check`] on tokens already read.
pub fn check_tokens(tokens: &[TokenWithSpan], source: Source) -> Result<()> {
    let mut previous: Option<&TokenWithSpan> = None;
    // The last token that is not white space or a comment.
    let mut significant: Option<&Token> = None;
    let mut levels = vec![Level { call: false, chain: 0 }];
    // How far into `FILTER (WHERE` the last tokens are (see `check_filter`).
    let mut filter = 0;
    let too_deep = |token: &TokenWithSpan, message: String| {
        CompileError::new(Code::TooDeeplyNested, position(token.span), message)
            .with_hint(format!("split the expression, e.g. with CTEs; parentheses may nest {MAX_NESTING} levels, function calls {MAX_CALL_NESTING}"))
    };
    for token in tokens {
        check_token(token, source)?;
        check_differential(token, significant)?;
        filter = check_filter(token, filter)?;
        if matches!(token.token, Token::SingleQuotedString(_)) && significant.is_some_and(ends_operand) {
            // sqlparser reads `x 'b'` as x under the alias 'b'; DuckDB as a literal of type x
            // (`'a' 'b'`, `count(*) 'n'`: not at all). Found by the `sql_differential` target.
            return Err(CompileError::new(
                Code::UnsupportedSyntax,
                position(token.span),
                "a string right after a value is read as an alias by one SQL grammar and as a typed literal by another",
            )
            .with_hint("write AS \"name\" for an alias, or CAST('…' AS type) for a typed value"));
        }
        if let Some(before) = previous {
            check_adjacent(before, token)?;
        }
        match &token.token {
            Token::LParen => {
                let call = matches!(significant, Some(Token::Word(word)) if !opens_clause(word));
                levels.push(Level { call, chain: 0 });
                // The compiler's own count query wraps the statement in one more call, and
                // `current_date` comes back as `CAST($n AS DATE)`, one more again.
                let allowed = MAX_CALL_NESTING + 2 * usize::from(source == Source::Emitted);
                if call && levels.iter().filter(|l| l.call).count() > allowed {
                    return Err(too_deep(token, format!("more than {MAX_CALL_NESTING} function calls are nested")));
                }
            }
            Token::RParen if levels.len() > 1 => {
                // DuckDB reads `(x,)` as a row of one value, sqlparser as `(x)`.
                if matches!(significant, Some(Token::Comma)) && !levels.last().is_some_and(|l| l.call) {
                    return Err(CompileError::new(
                        Code::UnsupportedSyntax,
                        position(token.span),
                        "a comma before a closing parenthesis makes a row to DuckDB and nothing to another SQL grammar",
                    )
                    .with_hint("leave out the comma before ), or write row(x) for a row"));
                }
                levels.pop();
            }
            Token::Comma => levels.last_mut().expect("one level is always open").chain = 0,
            other if is_chaining_operator(other) => {
                let level = levels.last_mut().expect("one level is always open");
                level.chain += 1;
                if level.chain > MAX_OPERATOR_CHAIN {
                    return Err(too_deep(
                        token,
                        format!("more than {MAX_OPERATOR_CHAIN} operators are chained in one expression"),
                    ));
                }
            }
            _ => {}
        }
        if !matches!(token.token, Token::Whitespace(_)) {
            significant = Some(&token.token);
        }
        previous = Some(token);
    }
    if filter > 0 {
        return Err(filter_refused(tokens.last().map_or(sqlparser::tokenizer::Span::empty(), |t| t.span)));
    }
    Ok(())
}

/// sqlparser reads `FILTER` after a call only as `FILTER (WHERE …)`, and where the words that
/// follow are not that, it drops what it read of them (`count(x) filter FROM t` lost its
/// `filter`, which DuckDB refuses: found by the `sql_differential` target). An unquoted
/// `FILTER` must be followed by `(` and `WHERE`; `state` counts how much of that has been
/// seen (white space and comments do not count).
fn check_filter(token: &TokenWithSpan, state: u8) -> Result<u8> {
    use sqlparser::keywords::Keyword;
    let keyword = |k: Keyword| matches!(&token.token, Token::Word(w) if w.quote_style.is_none() && w.keyword == k);
    match (state, &token.token) {
        (_, Token::Whitespace(_)) => Ok(state),
        (0, _) if keyword(Keyword::FILTER) => Ok(1),
        (0, _) => Ok(0),
        (1, Token::LParen) => Ok(2),
        (2, _) if keyword(Keyword::WHERE) => Ok(0),
        _ => Err(filter_refused(token.span)),
    }
}

fn filter_refused(span: sqlparser::tokenizer::Span) -> CompileError {
    CompileError::new(Code::UnsupportedSyntax, position(span), "FILTER is read here only as FILTER (WHERE condition)")
        .with_hint("write FILTER (WHERE …) after an aggregate, or put a name that is FILTER in double quotes")
}

/// Tokens found by the `sql_differential` target where DuckDB and sqlparser part: a NUL
/// character in a string or name (the host's executor hands DuckDB the statement as a C
/// string, which ends there), `NOTNULL`, and `GLOBAL` after a table or value (sqlparser's join parser
/// takes it as the start of ClickHouse's `GLOBAL JOIN` and drops it when no join follows:
/// `FROM sales global` loses the alias DuckDB reads).
fn check_differential(token: &TokenWithSpan, before: Option<&Token>) -> Result<()> {
    let (message, hint) = match &token.token {
        Token::SingleQuotedString(text) if text.contains('\0') => {
            ("a string holds a NUL character", "leave the NUL character out")
        }
        Token::Word(word) if word.value.contains('\0') => {
            ("a name holds a NUL character", "leave the NUL character out")
        }
        Token::Word(word)
            if word.quote_style.is_none()
                && word.keyword == sqlparser::keywords::Keyword::GLOBAL
                && before.is_some_and(ends_operand) =>
        {
            (
                "GLOBAL is read as the start of a join by one SQL grammar and as an alias by another",
                "write AS \"global\" for an alias",
            )
        }
        // sqlparser reads `x NOTNULL` as `x IS NOT NULL` and prints it so, but the two bind
        // differently in DuckDB: `0 NOTNULL + a ILIKE b` parses there, its `IS NOT NULL` form
        // does not.
        Token::Word(word) if word.quote_style.is_none() && word.keyword == sqlparser::keywords::Keyword::NOTNULL => (
            "NOTNULL binds otherwise than IS NOT NULL in DuckDB",
            "write IS NOT NULL, in parentheses where it is an operand",
        ),
        _ => return Ok(()),
    };
    Err(CompileError::new(Code::UnsupportedSyntax, position(token.span), message).with_hint(hint))
}

/// Whether `token` may end an operand: a string, a number, a closing bracket, or a word
/// that is quoted or no keyword a string may follow ([`precedes_a_string`]).
fn ends_operand(token: &Token) -> bool {
    match token {
        Token::SingleQuotedString(_) | Token::Number(..) | Token::RParen | Token::RBracket => true,
        Token::Word(word) => word.quote_style.is_some() || !precedes_a_string(word.keyword),
        _ => false,
    }
}

/// Keywords a string literal may follow: clause and operator words, and the types of the
/// typed literals both grammars read alike. After any other word (a name, `NULL`, a CASE's
/// `END`, `MONTH`, …) a string is an alias to sqlparser and a typed literal, or nothing, to
/// DuckDB.
fn precedes_a_string(keyword: sqlparser::keywords::Keyword) -> bool {
    use sqlparser::keywords::Keyword as K;
    matches!(
        keyword,
        K::AS
            | K::SELECT
            | K::DISTINCT
            | K::ALL
            | K::WHERE
            | K::HAVING
            | K::QUALIFY
            | K::ON
            | K::BY
            | K::THEN
            | K::ELSE
            | K::WHEN
            | K::CASE
            | K::AND
            | K::OR
            | K::NOT
            | K::LIKE
            | K::ILIKE
            | K::SIMILAR
            | K::TO
            | K::BETWEEN
            | K::IN
            | K::IS
            | K::ESCAPE
            | K::ANY
            | K::SOME
            | K::LIMIT
            | K::OFFSET
            | K::BOTH
            | K::LEADING
            | K::TRAILING
            | K::PLACING
            | K::FOR
            | K::FROM
            | K::ZONE
            | K::DATE
            | K::TIME
            | K::TIMESTAMP
            | K::INTERVAL
            | K::RETURN
            | K::USING
            | K::OVER
            | K::PARTITION
            | K::FILTER
            // Statements that are no query, refused as such once parsed (`ATTACH 'x.db'`).
            | K::ATTACH
            | K::DATABASE
            | K::INSTALL
            | K::LOAD
            | K::PRAGMA
            | K::COPY
            | K::CALL
            | K::SET
    )
}

/// Keywords whose parenthesis opens a subquery, a list or a clause, not a call.
fn opens_clause(word: &sqlparser::tokenizer::Word) -> bool {
    use sqlparser::keywords::Keyword;
    word.quote_style.is_none()
        && matches!(
            word.keyword,
            Keyword::FROM
                | Keyword::JOIN
                | Keyword::IN
                | Keyword::AS
                | Keyword::ON
                | Keyword::USING
                | Keyword::OVER
                | Keyword::SELECT
                | Keyword::WHERE
                | Keyword::AND
                | Keyword::OR
                | Keyword::NOT
                | Keyword::BY
                | Keyword::THEN
                | Keyword::ELSE
                | Keyword::WHEN
                | Keyword::UNION
                | Keyword::INTERSECT
                | Keyword::EXCEPT
                | Keyword::ALL
                | Keyword::VALUES
                | Keyword::LATERAL
                | Keyword::HAVING
                | Keyword::QUALIFY
                | Keyword::WINDOW
                | Keyword::FILTER
                | Keyword::EXCLUDE
                | Keyword::PARTITION
                | Keyword::BETWEEN
                | Keyword::IS
        )
}

/// Tokens that join two operands into a deeper tree: every operator keyword, and every
/// punctuation token that is not a bracket, a separator or a placeholder (casts with `::`,
/// bitwise and JSON operators chain as deep as arithmetic does).
fn is_chaining_operator(token: &Token) -> bool {
    use sqlparser::keywords::Keyword;
    match token {
        Token::Word(word) => {
            word.quote_style.is_none()
                && matches!(
                    word.keyword,
                    Keyword::AND
                        | Keyword::OR
                        | Keyword::NOT
                        | Keyword::IS
                        | Keyword::IN
                        | Keyword::BETWEEN
                        | Keyword::LIKE
                        | Keyword::ILIKE
                        | Keyword::SIMILAR
                        | Keyword::COLLATE
                )
        }
        Token::LParen
        | Token::RParen
        | Token::LBracket
        | Token::RBracket
        | Token::LBrace
        | Token::RBrace
        | Token::Comma
        | Token::Period
        | Token::SemiColon
        | Token::Colon
        | Token::Whitespace(_)
        | Token::Number(_, _)
        | Token::SingleQuotedString(_)
        | Token::Placeholder(_)
        | Token::EOF => false,
        _ => true,
    }
}

fn refuse(token: &TokenWithSpan, message: String, hint: &str) -> CompileError {
    CompileError::new(Code::UnsupportedSyntax, position(token.span), message).with_hint(hint)
}

fn check_token(token: &TokenWithSpan, source: Source) -> Result<()> {
    match &token.token {
        Token::Word(word) => match word.quote_style {
            Some('"') if word.value.is_empty() => {
                Err(refuse(token, "\"\" is an empty name".into(), "name a column, table or alias"))
            }
            None | Some('"') => Ok(()),
            Some(quote) => Err(refuse(
                token,
                format!("{quote}{}{quote}: only \"double quotes\" quote a name in DuckDB", clip(&word.value)),
                "quote names with double quotes, or leave them unquoted",
            )),
        },
        Token::Placeholder(text) => match source {
            Source::Emitted if is_numbered_placeholder(text) => Ok(()),
            _ => Err(CompileError::new(
                Code::PlaceholderRefused,
                position(token.span),
                "placeholders cannot be bound in SQL mode",
            )
            .with_hint("write the value itself; querycell binds it")),
        },
        // sqlparser reads `1L` as a number with a "long" mark; DuckDB as `1 AS L`.
        Token::Number(_, true) => {
            Err(refuse(token, format!("'{}' is not a plain number", token.token), "write numbers as plain digits"))
        }
        Token::DoubleQuotedString(_)
        | Token::TripleSingleQuotedString(_)
        | Token::TripleDoubleQuotedString(_)
        | Token::DollarQuotedString(_)
        | Token::SingleQuotedByteStringLiteral(_)
        | Token::DoubleQuotedByteStringLiteral(_)
        | Token::TripleSingleQuotedByteStringLiteral(_)
        | Token::TripleDoubleQuotedByteStringLiteral(_)
        | Token::SingleQuotedRawStringLiteral(_)
        | Token::DoubleQuotedRawStringLiteral(_)
        | Token::TripleSingleQuotedRawStringLiteral(_)
        | Token::TripleDoubleQuotedRawStringLiteral(_)
        | Token::NationalStringLiteral(_)
        | Token::EscapedStringLiteral(_)
        | Token::UnicodeStringLiteral(_)
        | Token::HexStringLiteral(_) => Err(refuse(
            token,
            format!("this kind of string literal is not allowed: {}", clip(&token.token.to_string())),
            "write text as a plain 'single-quoted' string",
        )),
        _ => Ok(()),
    }
}

/// A number written directly against a word, number or string reads differently in DuckDB
/// (`1_000`, `0x1F`) than in sqlparser; so does a word written directly against a string
/// (`b'101'` is a bit string in DuckDB).
fn check_adjacent(before: &TokenWithSpan, token: &TokenWithSpan) -> Result<()> {
    let touching = before.span.end == token.span.start;
    if !touching {
        return Ok(());
    }
    let is_string = matches!(token.token, Token::SingleQuotedString(_));
    let is_word_or_number = matches!(token.token, Token::Word(_) | Token::Number(..));
    let ambiguous = match &before.token {
        Token::Number(..) => is_word_or_number || is_string,
        Token::Word(word) => word.quote_style.is_none() && is_string,
        _ => false,
    };
    if ambiguous {
        let shown = format!("{}{}", before.token, token.token);
        return Err(refuse(
            before,
            format!("'{}' is read differently by different SQL parsers", clip(&shown)),
            "write numbers as plain digits (1000, not 1_000 or 0x3E8) and put a space between a word and a string",
        ));
    }
    Ok(())
}

fn is_numbered_placeholder(text: &str) -> bool {
    text.strip_prefix('$')
        .is_some_and(|n| !n.is_empty() && n.len() <= 6 && n.bytes().all(|b| b.is_ascii_digit()) && !n.starts_with('0'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_statements_pass() {
        for sql in [
            "SELECT \"team\", count(*) FROM incidents WHERE x = 'a''b' AND y > 1.5e3",
            "SELECT DATE '2025-01-01', -1, .5, 1.",
        ] {
            check(sql, Source::Request).unwrap_or_else(|e| panic!("{sql}: {e}"));
        }
        check("SELECT a FROM t WHERE b = $1 LIMIT $2", Source::Emitted).unwrap();
    }

    #[test]
    fn long_operator_chains_are_refused_before_parsing() {
        let at_limit = format!("SELECT 1{}", "+1".repeat(MAX_OPERATOR_CHAIN));
        assert!(check(&at_limit, Source::Request).is_ok());
        for chain in [
            format!("SELECT 1{}", "+1".repeat(MAX_OPERATOR_CHAIN + 1)),
            format!("SELECT 1{}", "+1".repeat(30_000)),
            format!("SELECT true{}", " AND true".repeat(5_000)),
        ] {
            assert_eq!(check(&chain, Source::Request).unwrap_err().code, "too_deeply_nested");
        }
        // Separate expressions do not add up.
        let many = vec!["1+1+1"; 2000].join(", ");
        assert!(check(&format!("SELECT {many}"), Source::Request).is_ok());
    }

    #[test]
    fn deeply_nested_calls_are_refused_before_parsing() {
        let nest = |word: &str, depth: usize| {
            format!("SELECT {}1{} FROM t", format!("{word}(").repeat(depth), ")".repeat(depth))
        };
        assert!(check(&nest("round", MAX_CALL_NESTING), Source::Request).is_ok());
        for word in ["position", "overlay", "try_cast", "case", "convert", "position (", "position/**/("] {
            let error = check(&nest(word, MAX_CALL_NESTING + 1), Source::Request).unwrap_err();
            assert_eq!(error.code, "too_deeply_nested", "{word}");
        }
        // Plain parentheses between calls do not hide them.
        let hidden = format!(
            "SELECT {}1{} FROM t",
            "position((".repeat(MAX_CALL_NESTING + 1),
            "))".repeat(MAX_CALL_NESTING + 1)
        );
        assert_eq!(check(&hidden, Source::Request).unwrap_err().code, "too_deeply_nested");
    }

    #[test]
    fn ambiguous_and_foreign_text_is_refused() {
        for sql in [
            "SELECT 1_000",
            "SELECT 0x1F",
            "SELECT 1e",
            "SELECT 1L",
            "SELECT 1'a'",
            "SELECT b'101'",
            "SELECT E'\\x41'",
            "SELECT N'x'",
            "SELECT X'1F'",
            "SELECT $$text$$",
            "SELECT `team` FROM incidents",
            "SELECT a FROM t WHERE b = $1",
            "SELECT a FROM t WHERE b = ?",
        ] {
            assert!(check(sql, Source::Request).is_err(), "{sql}");
        }
        for sql in ["SELECT a FROM t WHERE b = ?", "SELECT a FROM t WHERE b = $01", "SELECT a FROM t WHERE b = $x"] {
            assert!(check(sql, Source::Emitted).is_err(), "{sql}");
        }
    }
}
