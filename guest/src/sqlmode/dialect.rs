//! The dialect every SQL-mode tokenize and parse uses: sqlparser's `DuckDbDialect`, except
//! that the right side of `IS [NOT] DISTINCT FROM` ends where DuckDB ends it, and that a word
//! DuckDB does not read as a select item's alias without AS is not one here either
//! (`is_select_item_alias`).
//!
//! sqlparser 0.59 reads that right side as a whole expression (`parse_expr`), so
//! `a IS DISTINCT FROM b AND c` is `a IS DISTINCT FROM (b AND c)` to it, while DuckDB (and
//! standard SQL) read `(a IS DISTINCT FROM b) AND c`; the same for `OR`, a trailing
//! `IS NULL` and an outer `AND` the tail belongs to. SQL mode validates, binds and explains
//! the tree it parsed, and the host runs the text with DuckDB's grouping, so the two must be
//! one tree. Here the right side is parsed at the precedence of `IS`, the binding sqlparser
//! already gives the left side: operators that bind tighter (`=`, `LIKE`, `||`, `+`, …) stay
//! inside it, `AND`, `OR` and the `IS` tests take the comparison as their operand. Each
//! grouping was read off DuckDB 2.0's `json_serialize_sql` (the tests below hold them).
//!
//! Two readings of DuckDB's that `DuckDbDialect` lacks are switched on as well: a window
//! function's `IGNORE NULLS` / `RESPECT NULLS` inside its parentheses
//! (`last_value(x IGNORE NULLS) OVER (…)`, the only place DuckDB's grammar reads it), and
//! `top` as a select item's alias without `AS` (`SELECT count(*) top`, which DuckDB reads as
//! the alias; sqlparser reserves `TOP` there for SQL Server's `SELECT TOP n`) and as a name
//! after a select list's comma (`SELECT a, top.n`, not a trailing comma).
//!
//! Everything else is forwarded to `DuckDbDialect`, and `dialect()` answers as
//! `DuckDbDialect`, so the parser's and tokenizer's own DuckDB checks take the same paths.
//! The forwarded methods are the ones `DuckDbDialect` overrides in
//! [`SQLPARSER_VERSION`]; a test fails when Cargo.lock holds another version, so an upgrade
//! reads that list again.

use std::any::TypeId;

use sqlparser::ast::Expr;
use sqlparser::dialect::{Dialect, DuckDbDialect, Precedence};
use sqlparser::keywords::Keyword;
use sqlparser::parser::{Parser, ParserError};

/// The sqlparser release whose `DuckDbDialect` overrides [`SqlModeDialect`] forwards.
pub const SQLPARSER_VERSION: &str = "0.59.0";

/// sqlparser's DuckDB dialect with DuckDB's reading of `IS [NOT] DISTINCT FROM`.
#[derive(Debug, Default, Clone, Copy)]
pub struct SqlModeDialect;

impl Dialect for SqlModeDialect {
    fn dialect(&self) -> TypeId {
        TypeId::of::<DuckDbDialect>()
    }

    fn parse_infix(&self, parser: &mut Parser, expr: &Expr, _precedence: u8) -> Option<Result<Expr, ParserError>> {
        let negated = if parser.parse_keywords(&[Keyword::IS, Keyword::DISTINCT, Keyword::FROM]) {
            false
        } else if parser.parse_keywords(&[Keyword::IS, Keyword::NOT, Keyword::DISTINCT, Keyword::FROM]) {
            true
        } else {
            return None;
        };
        // `parse_subexpr` counts against the parser's recursion limit like every other
        // operand, so the depth guard holds here too.
        let right = match parser.parse_subexpr(self.prec_value(Precedence::Is)) {
            Ok(right) => Box::new(right),
            Err(error) => return Some(Err(error)),
        };
        let left = Box::new(expr.clone());
        Some(Ok(if negated { Expr::IsNotDistinctFrom(left, right) } else { Expr::IsDistinctFrom(left, right) }))
    }

    fn supports_window_function_null_treatment_arg(&self) -> bool {
        true
    }

    /// `top` may name a column: also where the parser asks whether a select list's comma is
    /// a trailing one (`SELECT a, top.n FROM …` is not `SELECT a, FROM …`).
    fn is_column_alias(&self, keyword: &Keyword, parser: &mut Parser) -> bool {
        *keyword == Keyword::TOP || DuckDbDialect.is_column_alias(keyword, parser)
    }

    fn supports_trailing_commas(&self) -> bool {
        DuckDbDialect.supports_trailing_commas()
    }

    fn is_identifier_start(&self, ch: char) -> bool {
        DuckDbDialect.is_identifier_start(ch)
    }

    fn is_identifier_part(&self, ch: char) -> bool {
        DuckDbDialect.is_identifier_part(ch)
    }

    fn supports_filter_during_aggregation(&self) -> bool {
        DuckDbDialect.supports_filter_during_aggregation()
    }

    fn supports_group_by_expr(&self) -> bool {
        DuckDbDialect.supports_group_by_expr()
    }

    fn supports_named_fn_args_with_eq_operator(&self) -> bool {
        DuckDbDialect.supports_named_fn_args_with_eq_operator()
    }

    fn supports_named_fn_args_with_assignment_operator(&self) -> bool {
        DuckDbDialect.supports_named_fn_args_with_assignment_operator()
    }

    fn supports_dictionary_syntax(&self) -> bool {
        DuckDbDialect.supports_dictionary_syntax()
    }

    fn support_map_literal_syntax(&self) -> bool {
        DuckDbDialect.support_map_literal_syntax()
    }

    fn supports_lambda_functions(&self) -> bool {
        DuckDbDialect.supports_lambda_functions()
    }

    fn allow_extract_single_quotes(&self) -> bool {
        DuckDbDialect.allow_extract_single_quotes()
    }

    fn supports_explain_with_utility_options(&self) -> bool {
        DuckDbDialect.supports_explain_with_utility_options()
    }

    fn supports_load_extension(&self) -> bool {
        DuckDbDialect.supports_load_extension()
    }

    fn supports_array_typedef_with_brackets(&self) -> bool {
        DuckDbDialect.supports_array_typedef_with_brackets()
    }

    fn supports_from_first_select(&self) -> bool {
        DuckDbDialect.supports_from_first_select()
    }

    fn supports_order_by_all(&self) -> bool {
        DuckDbDialect.supports_order_by_all()
    }

    fn supports_select_wildcard_exclude(&self) -> bool {
        DuckDbDialect.supports_select_wildcard_exclude()
    }

    fn supports_notnull_operator(&self) -> bool {
        DuckDbDialect.supports_notnull_operator()
    }

    /// A word after a select item is its alias without AS only where DuckDB reads it so too
    /// ([`super::agreement::is_bare_alias`]); otherwise the statement does not parse here,
    /// as it does not in DuckDB (`x year`), or reads otherwise there (`d ISNULL`).
    fn is_select_item_alias(&self, explicit: bool, kw: &Keyword, parser: &mut Parser) -> bool {
        let bare = match &parser.get_current_token().token {
            sqlparser::tokenizer::Token::Word(word) => {
                explicit || word.quote_style.is_some() || super::agreement::is_bare_alias(&word.value)
            }
            _ => true,
        };
        // `top` too, which sqlparser reserves for SQL Server's `SELECT TOP n`.
        bare && (*kw == Keyword::TOP || DuckDbDialect.is_select_item_alias(explicit, kw, parser))
    }
}

#[cfg(test)]
mod tests {
    use sqlparser::ast::{SelectItem, SetExpr, Statement};

    use super::*;

    fn parse(dialect: &dyn Dialect, sql: &str) -> Result<Vec<Statement>, ParserError> {
        Parser::new(dialect).with_recursion_limit(super::super::MAX_NESTING).try_with_sql(sql)?.parse_statements()
    }

    /// The first select item of `SELECT <expr>`, printed with every operator's operands in
    /// parentheses, so the grouping shows.
    fn grouping(sql: &str) -> String {
        let statements = parse(&SqlModeDialect, sql).unwrap_or_else(|e| panic!("{sql}: {e}"));
        let Statement::Query(query) = &statements[0] else { panic!("{sql}") };
        let SetExpr::Select(select) = &*query.body else { panic!("{sql}") };
        let SelectItem::UnnamedExpr(expr) = &select.projection[0] else { panic!("{sql}") };
        grouped(expr)
    }

    fn grouped(expr: &Expr) -> String {
        match expr {
            Expr::BinaryOp { left, op, right } => format!("({} {op} {})", grouped(left), grouped(right)),
            Expr::IsDistinctFrom(left, right) => format!("({} DF {})", grouped(left), grouped(right)),
            Expr::IsNotDistinctFrom(left, right) => format!("({} NDF {})", grouped(left), grouped(right)),
            Expr::IsNull(operand) => format!("({} IS NULL)", grouped(operand)),
            Expr::UnaryOp { op, expr } => format!("({op} {})", grouped(expr)),
            Expr::Like { expr, pattern, .. } => format!("({} LIKE {})", grouped(expr), grouped(pattern)),
            other => other.to_string(),
        }
    }

    /// Each grouping as DuckDB 2.0's `json_serialize_sql` gives it.
    #[test]
    fn distinct_from_groups_as_duckdb_groups_it() {
        for (sql, duckdb) in [
            ("SELECT a IS DISTINCT FROM b AND c", "((a DF b) AND c)"),
            ("SELECT a IS NOT DISTINCT FROM b OR c", "((a NDF b) OR c)"),
            ("SELECT x AND a IS DISTINCT FROM b OR c", "((x AND (a DF b)) OR c)"),
            ("SELECT a IS DISTINCT FROM b = c", "(a DF (b = c))"),
            ("SELECT a = b IS DISTINCT FROM c", "((a = b) DF c)"),
            ("SELECT a IS DISTINCT FROM b IS NULL", "((a DF b) IS NULL)"),
            ("SELECT NOT a IS DISTINCT FROM b", "(NOT (a DF b))"),
            ("SELECT a IS DISTINCT FROM b + c", "(a DF (b + c))"),
            ("SELECT a IS DISTINCT FROM b || c", "(a DF (b || c))"),
            ("SELECT a IS DISTINCT FROM b LIKE c", "(a DF (b LIKE c))"),
            ("SELECT a IS NOT DISTINCT FROM (b AND c)", "(a NDF (b AND c))"),
        ] {
            assert_eq!(grouping(sql), duckdb, "{sql}");
        }
    }

    /// Without the override, sqlparser groups the first case otherwise: the test above
    /// would pass on a dialect that changed nothing only if sqlparser had been fixed.
    #[test]
    fn plain_duckdb_dialect_groups_distinct_from_otherwise() {
        let sql = "SELECT a IS DISTINCT FROM b AND c";
        assert_ne!(parse(&DuckDbDialect, sql).unwrap(), parse(&SqlModeDialect, sql).unwrap());
    }

    /// Every DuckDB form `DuckDbDialect` switches on parses to the same tree with the
    /// forwarding dialect, and so does a statement of every other shape SQL mode answers.
    #[test]
    fn forwarded_forms_parse_as_with_duckdb_dialect() {
        for sql in [
            "SELECT a, b, FROM t",
            "SELECT ä_1$ FROM t",
            "SELECT count(*) FILTER (WHERE a > 1) FROM t",
            "SELECT a + 1 FROM t GROUP BY a + 1",
            "SELECT f(x = 1), g(y := 2), h(z => 3) FROM t",
            "SELECT {'k': 1, 'l': [1, 2]} FROM t",
            "SELECT MAP {'k': 1} FROM t",
            "SELECT list_transform(l, x -> x + 1) FROM t",
            "SELECT extract('year' FROM d) FROM t",
            "EXPLAIN (ANALYZE) SELECT 1",
            "LOAD httpfs",
            "SELECT CAST(a AS INTEGER[]) FROM t",
            "FROM t SELECT a",
            "SELECT a FROM t ORDER BY ALL",
            "SELECT * EXCLUDE (a) FROM t",
            "SELECT a NOTNULL FROM t",
            "WITH c AS (SELECT a, sum(b) AS s FROM t WHERE d BETWEEN 1 AND 2 GROUP BY ROLLUP (a)) \
             SELECT a, s FROM c WHERE a IN (SELECT a FROM u) AND a LIKE 'x%' UNION ALL SELECT 'z', 0 LIMIT 3",
        ] {
            let ours = parse(&SqlModeDialect, sql).map_err(|e| e.to_string());
            let theirs = parse(&DuckDbDialect, sql).map_err(|e| e.to_string());
            assert!(ours.is_ok(), "{sql}: {ours:?}");
            assert_eq!(ours, theirs, "{sql}");
        }
    }

    /// The two readings switched on beyond `DuckDbDialect`'s, each as DuckDB 2.0 reads it:
    /// `IGNORE NULLS` inside a window function's parentheses, and `top` as an alias without
    /// `AS`. `DuckDbDialect` refuses both.
    #[test]
    fn null_treatment_inside_the_call_and_top_as_an_alias_parse() {
        for (sql, printed) in [
            (
                "SELECT last_value(x IGNORE NULLS) OVER (ORDER BY t), lag(x, 1, 0 RESPECT NULLS) OVER () FROM s",
                "SELECT last_value(x IGNORE NULLS) OVER (ORDER BY t), lag(x, 1, 0 RESPECT NULLS) OVER () FROM s",
            ),
            ("SELECT count(*) top FROM s", "SELECT count(*) AS top FROM s"),
            ("SELECT x top, y AS top FROM s", "SELECT x AS top, y AS top FROM s"),
        ] {
            let ours = parse(&SqlModeDialect, sql).unwrap_or_else(|e| panic!("{sql}: {e}"));
            assert_eq!(ours[0].to_string(), printed, "{sql}");
            assert!(parse(&DuckDbDialect, sql).is_err(), "{sql}: DuckDbDialect reads it now");
        }
        // `top` after a comma is an item, not the end of a trailing comma.
        let item = parse(&SqlModeDialect, "SELECT s.a, top.n FROM s, (SELECT 1 AS n) AS top").unwrap();
        assert!(item[0].to_string().contains("s.a, top.n FROM"), "{}", item[0]);
        // `SELECT TOP n` is still not an alias.
        assert!(parse(&SqlModeDialect, "SELECT TOP 5 x FROM s").is_ok_and(|s| !s[0].to_string().contains("AS top")));
    }

    /// The forwarded list was read off this sqlparser release; another in Cargo.lock means
    /// `DuckDbDialect`'s overrides must be read again.
    #[test]
    fn cargo_lock_holds_the_sqlparser_release_forwarded() {
        let lock = include_str!("../../../Cargo.lock");
        let release = lock
            .split("[[package]]")
            .find(|package| package.contains("\nname = \"sqlparser\"\n"))
            .and_then(|package| package.split("\nversion = \"").nth(1))
            .and_then(|rest| rest.split('"').next())
            .expect("Cargo.lock lists sqlparser");
        assert_eq!(release, SQLPARSER_VERSION, "re-read DuckDbDialect's overrides in sqlparser {release}");
    }
}
