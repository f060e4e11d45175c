//! The plain-statement parser against sqlparser: the same tree, every span included,
//! wherever it answers, on statements as requests and the compiler's output look, on
//! generated statements of the shape it reads, and on those statements with a token changed,
//! added or removed, so that every edge of the shape is crossed.

use sqlparser::parser::Parser;
use sqlparser::tokenizer::Span;

use super::*;
use crate::sqlmode::dialect::SqlModeDialect;
use crate::sqlmode::{lexical, MAX_NESTING};

/// sqlparser's statements for `tokens`, printed with every field and span (`None` where it
/// refuses them).
fn sqlparser_tree(tokens: &[TokenWithSpan]) -> Option<String> {
    Parser::new(&SqlModeDialect)
        .with_recursion_limit(MAX_NESTING)
        .with_tokens_with_locations(tokens.to_vec())
        .parse_statements()
        .ok()
        .map(|statements| format!("{statements:#?}"))
}

/// Where the plain parser answers for `tokens`, sqlparser gives the same tree; whether it
/// answered.
fn agrees_on(tokens: &[TokenWithSpan], text: &str) -> bool {
    let Some(fast) = statement(tokens) else { return false };
    let slow = sqlparser_tree(tokens).unwrap_or_else(|| panic!("sqlparser refuses {text:?}, the plain parser did not"));
    assert_eq!(format!("{:#?}", vec![fast]), slow, "tree of {text:?}");
    true
}

/// [`agrees_on`] for `text`'s tokens, with their spans (a request) and without (the proof's
/// parse); whether it answered, which must not depend on the spans.
fn agrees(text: &str) -> bool {
    let Ok(mut tokens) = lexical::tokenize(text) else { return false };
    let answered = agrees_on(&tokens, text);
    for token in &mut tokens {
        token.span = Span::empty();
    }
    assert_eq!(agrees_on(&tokens, text), answered, "{text:?} read with spans and not without, or the reverse");
    answered
}

#[test]
fn plain_statements_are_read_here_and_as_sqlparser_reads_them() {
    for text in [
        "SELECT team, avg(ack_minutes) AS average_minutes FROM incidents WHERE severity = 'P1' GROUP BY team ORDER BY average_minutes DESC LIMIT 5",
        "SELECT team, avg(ack_minutes) AS average_minutes FROM incidents WHERE severity = $1 GROUP BY team ORDER BY average_minutes DESC LIMIT $2",
        "select count(*) from incidents;",
        "SELECT count(DISTINCT team) AS teams, min(a), max(b), sum(c * 2 + 1) FROM t;;",
        "SELECT \"Team\", \"sum\"(\"x y\") AS \"Total\" FROM \"My Table\" WHERE \"a\" IS NOT NULL OR b IS NULL",
        "SELECT -a, +b, - -c, NOT d = 1, NOT NOT e FROM t WHERE (a + b) * c / 2 % 3 >= 4 AND a || 'x' <> 'y'",
        "SELECT a FROM t WHERE a < 1 OR b <= 2 AND c > 3 OR d != 4 ORDER BY a, b ASC, c DESC LIMIT 10",
        "SELECT f(), g(1, 'x', $3, 2.5) FROM t GROUP BY a, b HAVING count(*) > 1",
        "SELECT\n\ta\nFROM\n\tt\nWHERE\n\ta = 1\n",
        "SELECT a AS from_x, b AS \"b\" FROM t",
    ] {
        assert!(agrees(text), "left to sqlparser: {text:?}");
    }
}

/// Each keyword read as a plain name is one sqlparser reads as a name too: as a column, as a
/// function, as a function's argument and after `NOT`.
#[test]
fn keywords_read_as_names_are_names_to_sqlparser() {
    for keyword in NAME_KEYWORDS {
        let name = format!("{keyword:?}").to_lowercase();
        for text in [
            format!("SELECT {name} FROM t"),
            format!("SELECT {name}(x), {name}(*), {name}(DISTINCT x), {name}() FROM t WHERE {name} = 1"),
            format!("SELECT f({name}), NOT {name}, -{name} FROM t ORDER BY {name} DESC"),
        ] {
            assert!(agrees(&text), "left to sqlparser: {text:?}");
        }
    }
}

#[test]
fn other_forms_are_left_to_sqlparser() {
    for text in [
        "SELECT * FROM t",
        "SELECT a b FROM t",
        "SELECT a, FROM t",
        "SELECT DISTINCT a FROM t",
        "SELECT a FROM t AS u",
        "SELECT a FROM t u",
        "SELECT a FROM s.t",
        "SELECT t.a FROM t",
        "SELECT a FROM t JOIN u ON a = b",
        "SELECT a FROM t, u",
        "SELECT a FROM t WHERE a IN (1, 2)",
        "SELECT a FROM t WHERE a LIKE 'x%'",
        "SELECT a FROM t WHERE a BETWEEN 1 AND 2",
        "SELECT a FROM t WHERE a NOT IN (1)",
        "SELECT a FROM t WHERE a IS DISTINCT FROM b",
        "SELECT a FROM t WHERE a IS TRUE",
        "SELECT a FROM t WHERE a = ANY (SELECT 1)",
        "SELECT a FROM t WHERE EXISTS (SELECT 1)",
        "SELECT a FROM t WHERE NOT EXISTS (SELECT 1)",
        "SELECT a::INT FROM t",
        "SELECT CAST(a AS INT) FROM t",
        "SELECT DATE '2025-01-01' FROM t",
        "SELECT date FROM t",
        "SELECT interval FROM t",
        "SELECT TRUE, NULL FROM t",
        "SELECT a[1] FROM t",
        "SELECT f(a = 1) FROM t",
        "SELECT f(a VALUE 1) FROM t",
        "SELECT f(ALL a) FROM t",
        "SELECT f(a ORDER BY b) FROM t",
        "SELECT count(*) FILTER (WHERE a) FROM t",
        "SELECT sum(a) OVER () FROM t",
        "SELECT (a, b) FROM t",
        "SELECT (SELECT 1) FROM t",
        "SELECT a FROM t GROUP BY ALL",
        "SELECT a FROM t GROUP BY ROLLUP (a)",
        "SELECT a FROM t GROUP BY (a)",
        "SELECT a FROM t ORDER BY ALL",
        "SELECT a FROM t ORDER BY a NULLS FIRST",
        "SELECT a FROM t LIMIT 1 OFFSET 2",
        "SELECT a FROM t LIMIT ALL",
        "SELECT a FROM t UNION SELECT b FROM u",
        "WITH c AS (SELECT 1) SELECT a FROM c",
        "FROM t SELECT a",
        "SELECT a",
        "SELECT a FROM t; SELECT b FROM u",
        "; SELECT a FROM t",
        "SELECT a FROM t WHERE a = 'x' 'y'",
        "SELECT a -> a + 1 FROM t",
        "SELECT a // 2, a << 1, a & b FROM t",
    ] {
        let tokens = lexical::tokenize(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert!(statement(&tokens).is_none(), "read here: {text:?}");
    }
}

/// Nesting past [`MAX_DEPTH`] is sqlparser's to read (and, past [`MAX_NESTING`], to refuse);
/// up to it the plain parser answers, and sqlparser agrees at every depth, for every form
/// that nests (parentheses, `NOT`, unary minus, a call's argument, and all four mixed).
#[test]
fn deep_nesting_is_left_to_sqlparser() {
    // Each form, and the levels of the plain parser's count one repetition adds.
    let forms = [("(", ")", 1), ("NOT ", "", 1), ("- ", "", 1), ("f(", ")", 1), ("NOT -f((", "))", 4)];
    for (open, close, levels) in forms {
        for depth in 1..=MAX_NESTING + 2 {
            let text = format!("SELECT {}a{} FROM t", open.repeat(depth), close.repeat(depth));
            // The select item itself is the first level, so `depth * levels` more must stay
            // below the limit.
            assert_eq!(agrees(&text), depth * levels < MAX_DEPTH, "{text}");
        }
    }
}

/// xorshift64*: deterministic, so a failure names a statement that fails again.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 16) as usize
    }

    fn pick<'a>(&mut self, from: &[&'a str]) -> &'a str {
        from[self.next() % from.len()]
    }

    fn chance(&mut self, percent: usize) -> bool {
        self.next() % 100 < percent
    }
}

#[rustfmt::skip]
const NAMES: &[&str] = &["a", "team", "X1", "_y", "\"Q r\"", "\"select\"", "count", "AVG", "sum", "min", "max"];
#[rustfmt::skip]
const LITERALS: &[&str] = &["1", "0", "42", "2.5", "'s'", "''", "'P1'", "$1", "$2"];
#[rustfmt::skip]
const OPERATORS: &[&str] = &[
    "=", "<>", "!=", "<", "<=", ">", ">=", "+", "-", "*", "/", "%", "||", "AND", "OR", "and", "or",
];
/// Every token either parser might meet at an edge of the shape.
#[rustfmt::skip]
const AWKWARD: &[&str] = &[
    "SELECT", "FROM", "WHERE", "GROUP BY", "HAVING", "ORDER BY", "LIMIT", "AS", "ASC", "DESC", "DISTINCT",
    "ALL", "NOT", "IS", "NULL", "TRUE", "IN", "LIKE", "BETWEEN", "EXISTS", "ANY", "VALUE", "FILTER", "OVER",
    "NULLS", "OFFSET", "UNION", "JOIN", "ON", "date", "interval", "name", "first", "left", "(", ")", ",",
    ";", "*", ".", "::", "[", "]", "=>", ":=", "->", "//", "a", "'x'", "1", "$1", "\"q\"",
];

fn expression(rng: &mut Rng, depth: usize, out: &mut Vec<String>) {
    if rng.chance(2) {
        out.push(rng.pick(AWKWARD).into());
    }
    let choice = if depth > 4 { rng.next() % 2 } else { rng.next() % 9 };
    match choice {
        0 => out.push(rng.pick(NAMES).into()),
        1 => out.push(rng.pick(LITERALS).into()),
        2 | 3 => {
            expression(rng, depth + 1, out);
            out.push(rng.pick(OPERATORS).into());
            expression(rng, depth + 1, out);
        }
        4 => {
            out.push(rng.pick(&["-", "+", "NOT", "not"]).into());
            expression(rng, depth + 1, out);
        }
        5 => {
            out.push("(".into());
            expression(rng, depth + 1, out);
            out.push(")".into());
        }
        6 => {
            expression(rng, depth + 1, out);
            out.push(rng.pick(&["IS NULL", "IS NOT NULL", "is null"]).into());
        }
        _ => {
            out.push(rng.pick(NAMES).into());
            out.push("(".into());
            match rng.next() % 5 {
                0 => {}
                1 => out.push("*".into()),
                2 => {
                    out.push("DISTINCT".into());
                    expression(rng, depth + 1, out);
                }
                _ => {
                    for i in 0..1 + rng.next() % 3 {
                        if i > 0 {
                            out.push(",".into());
                        }
                        expression(rng, depth + 1, out);
                    }
                }
            }
            out.push(")".into());
        }
    }
}

fn list(rng: &mut Rng, out: &mut Vec<String>, mut item: impl FnMut(&mut Rng, &mut Vec<String>)) {
    for i in 0..1 + rng.next() % 3 {
        if i > 0 {
            out.push(",".into());
        }
        item(rng, out);
    }
}

/// A statement of the shape the plain parser reads, as its words.
fn statement_words(rng: &mut Rng) -> Vec<String> {
    let mut out = vec![rng.pick(&["SELECT", "select"]).to_string()];
    list(rng, &mut out, |rng, out| {
        expression(rng, 0, out);
        if rng.chance(40) {
            out.push(rng.pick(&["AS", "as"]).into());
            out.push(rng.pick(NAMES).into());
        }
    });
    out.push("FROM".into());
    out.push(rng.pick(&["t", "incidents", "\"My T\""]).into());
    if rng.chance(60) {
        out.push("WHERE".into());
        expression(rng, 0, &mut out);
    }
    if rng.chance(40) {
        out.push("GROUP BY".into());
        list(rng, &mut out, |rng, out| expression(rng, 2, out));
    }
    if rng.chance(20) {
        out.push("HAVING".into());
        expression(rng, 0, &mut out);
    }
    if rng.chance(40) {
        out.push("ORDER BY".into());
        list(rng, &mut out, |rng, out| {
            expression(rng, 2, out);
            if rng.chance(50) {
                out.push(rng.pick(&["ASC", "DESC", "desc"]).into());
            }
        });
    }
    if rng.chance(50) {
        out.push("LIMIT".into());
        expression(rng, 3, &mut out);
    }
    if rng.chance(20) {
        out.push(";".into());
    }
    out
}

/// Generated statements, each also with one word changed, added or removed: wherever the
/// plain parser answers, sqlparser gives the same tree; and it answers for most of the
/// unchanged ones (so the comparison is not empty).
#[test]
fn agrees_with_sqlparser_on_generated_statements() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let (mut answered, total) = (0, 20_000);
    for _ in 0..total {
        let words = statement_words(&mut rng);
        let separator = if rng.chance(10) { "\n  " } else { " " };
        if agrees(&words.join(separator)) {
            answered += 1;
        }
        let mut changed = words.clone();
        let at = rng.next() % changed.len();
        match rng.next() % 3 {
            0 => changed[at] = rng.pick(AWKWARD).into(),
            1 => changed.insert(at, rng.pick(AWKWARD).into()),
            _ => {
                changed.remove(at);
            }
        }
        agrees(&changed.join(" "));
    }
    assert!(answered * 2 > total, "the plain parser answered only {answered} of {total}");
}
