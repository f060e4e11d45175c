//! SQL mode's allowlist, checked on the sqlparser AST with two `Visitor` passes.
//!
//! Pass one collects the names the statement can legitimately use: columns of the catalog
//! tables it reads, and every alias it defines. Pass two refuses anything not allowed: a
//! relation that is neither a catalog table nor a CTE in scope, any table function, any
//! function off the allowlist, any operator, cast type or expression or clause form not
//! listed here, placeholders, and identifiers that name nothing the statement can see. The
//! function, operator and type lists are [`querycell_contract::sql`], shared with the host.

use std::collections::BTreeSet;
use std::ops::ControlFlow;

use querycell_contract::sql as allowlist;
use sqlparser::ast::{
    visit_relations, BinaryOperator, Cte, DataType, Expr, Function, FunctionArguments, GroupByExpr, Ident, LimitClause,
    ObjectName, ObjectNamePart, Query, Select, SelectItem, SelectItemQualifiedWildcardKind, SetExpr, Spanned,
    TableFactor, TypedString, UnaryOperator, Value, Visit, Visitor, With,
};
use sqlparser::tokenizer::Span;

use super::position::position;
use super::{agreement, clock, types, window_scope};
use crate::error::{Code, CompileError, Result};
use crate::model::CatalogView;
use crate::plan::clip;
use crate::suggest;

/// The catalog tables a statement reads (catalog spelling), once validated.
pub fn validate(query: &Query, view: &CatalogView) -> Result<Vec<String>> {
    let mut names = Names::default();
    let _ = query.visit(&mut Collector { view, names: &mut names });
    // Relations first: a statement about a table that does not exist is refused for the
    // table, not for the first of its columns.
    for pass in [Pass::Relations, Pass::Everything] {
        let mut checker = Checker { view, names: &names, cte_scopes: Vec::new(), pass, rows: Vec::new() };
        if let ControlFlow::Break(error) = query.visit(&mut checker) {
            return Err(error);
        }
    }
    Ok(names.tables.into_iter().collect())
}

/// What a walk of the [`Checker`] looks at.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Pass {
    /// Relations and table sources only.
    Relations,
    Everything,
}

#[derive(Default)]
struct Names {
    /// Catalog tables the statement reads.
    tables: BTreeSet<String>,
    /// Lowercased names an identifier may refer to as a column.
    columns: BTreeSet<String>,
    /// Lowercased names that may qualify a column (`t.col`): tables, aliases, CTEs.
    qualifiers: BTreeSet<String>,
}

struct Collector<'a> {
    view: &'a CatalogView,
    names: &'a mut Names,
}

impl Visitor for Collector<'_> {
    type Break = ();

    fn pre_visit_query(&mut self, query: &Query) -> ControlFlow<()> {
        if let Some(with) = &query.with {
            for cte in &with.cte_tables {
                self.names.qualifiers.insert(cte.alias.name.value.to_lowercase());
                self.names.columns.extend(cte.alias.columns.iter().map(|c| c.name.value.to_lowercase()));
            }
        }
        for select in selects(&query.body) {
            for item in &select.projection {
                if let SelectItem::ExprWithAlias { alias, .. } = item {
                    self.names.columns.insert(alias.value.to_lowercase());
                }
            }
        }
        ControlFlow::Continue(())
    }

    fn pre_visit_table_factor(&mut self, factor: &TableFactor) -> ControlFlow<()> {
        let alias = match factor {
            TableFactor::Table { alias, .. }
            | TableFactor::Derived { alias, .. }
            | TableFactor::NestedJoin { alias, .. } => alias.as_ref(),
            _ => None,
        };
        if let Some(alias) = alias {
            self.names.qualifiers.insert(alias.name.value.to_lowercase());
            self.names.columns.extend(alias.columns.iter().map(|c| c.name.value.to_lowercase()));
        }
        ControlFlow::Continue(())
    }

    fn pre_visit_relation(&mut self, relation: &ObjectName) -> ControlFlow<()> {
        if let Some(table) = single_name(relation).and_then(|n| catalog_table(self.view, &n.value)) {
            self.names.tables.insert(table.name.clone());
            self.names.qualifiers.insert(table.name.to_lowercase());
            self.names.columns.extend(table.columns.iter().map(|c| c.name.to_lowercase()));
        }
        ControlFlow::Continue(())
    }
}

struct Checker<'a> {
    view: &'a CatalogView,
    names: &'a Names,
    /// CTE names visible at the current point, one frame per enclosing query.
    cte_scopes: Vec<Vec<String>>,
    pass: Pass,
    /// The tuples that may stand where they are, met before the walk reaches them: a row
    /// value on the left of `IN (subquery)`, and `()` as a GROUP BY item (the empty
    /// grouping set). Any other tuple is refused.
    rows: Vec<*const Expr>,
}

fn refuse(code: Code, span: Span, message: impl Into<String>, hint: impl Into<String>) -> ControlFlow<CompileError> {
    ControlFlow::Break(CompileError::new(code, position(span), message).with_hint(hint))
}

impl Visitor for Checker<'_> {
    type Break = CompileError;

    fn pre_visit_query(&mut self, query: &Query) -> ControlFlow<CompileError> {
        // Refusals name the query's position; its span covers the whole subtree, so each
        // check computes it only when it refuses.
        if let Some(with) = &query.with {
            check_with_clause(with, query)?;
        }
        check_query_clauses(query)?;
        if let Some(limit) = &query.limit_clause {
            check_limit(limit, query)?;
        }
        if let Some(error) = check_body(&query.body) {
            return ControlFlow::Break(error);
        }
        for select in selects(&query.body) {
            self.check_qualified_wildcards(select, query)?;
            if let GroupByExpr::Expressions(items, _) = &select.group_by {
                let empty_sets = items.iter().filter(|item| matches!(item, Expr::Tuple(parts) if parts.is_empty()));
                self.rows.extend(empty_sets.map(|item| item as *const Expr));
            }
        }
        if self.pass == Pass::Everything {
            window_scope::check_query(query)?;
            agreement::check_query(query)?;
        }
        self.cte_scopes.push(cte_frame(query));
        ControlFlow::Continue(())
    }

    fn post_visit_query(&mut self, _query: &Query) -> ControlFlow<CompileError> {
        self.cte_scopes.pop();
        ControlFlow::Continue(())
    }

    fn pre_visit_table_factor(&mut self, factor: &TableFactor) -> ControlFlow<CompileError> {
        let allowed = match factor {
            TableFactor::Table {
                name,
                alias,
                args,
                with_hints,
                version,
                with_ordinality,
                partitions,
                json_path,
                index_hints,
                ..
            } => {
                if args.is_some() {
                    let shown = name.to_string();
                    return refuse(
                        Code::TableFunctionRefused,
                        factor.span(),
                        format!("'{}(…)' is a table function; table functions are not allowed", clip(&shown)),
                        "read only the catalog's tables, by name",
                    );
                }
                if alias.as_ref().is_some_and(|a| a.columns.iter().any(|c| c.data_type.is_some())) {
                    return refuse(
                        Code::UnsupportedSyntax,
                        factor.span(),
                        "a table alias's columns take names only, not types",
                        "write FROM t AS a (c1, c2)",
                    );
                }
                if !with_hints.is_empty()
                    || version.is_some()
                    || *with_ordinality
                    || !partitions.is_empty()
                    || json_path.is_some()
                    || !index_hints.is_empty()
                {
                    return refuse(
                        Code::UnsupportedSyntax,
                        factor.span(),
                        "table hints, versions and partitions are not allowed",
                        "name the table alone",
                    );
                }
                ControlFlow::Continue(())
            }
            TableFactor::Derived { .. } | TableFactor::NestedJoin { .. } => ControlFlow::Continue(()),
            other => refuse(
                Code::TableFunctionRefused,
                other.span(),
                "only catalog tables, CTEs and subqueries may appear in FROM",
                "table functions, UNNEST, PIVOT and similar sources are not allowed",
            ),
        };
        allowed?;
        if self.pass == Pass::Everything {
            agreement::check_table_factor(factor)?;
        }
        ControlFlow::Continue(())
    }

    fn pre_visit_relation(&mut self, relation: &ObjectName) -> ControlFlow<CompileError> {
        let span = relation.span();
        let Some(name) = single_name(relation) else {
            let shown = relation.to_string();
            let hint = if is_system_catalog(&shown) {
                format!(
                    "the tables and columns are given in the schema, not in system views: {}",
                    suggest::schema_listing(self.view)
                )
            } else {
                "name catalog tables without a schema or database prefix".to_string()
            };
            return refuse(Code::UnknownTable, span, format!("'{}' is not a table of this index", clip(&shown)), hint);
        };
        if name.quote_style == Some('\'') {
            return refuse(
                Code::StringAsTable,
                span,
                "a string cannot be used as a table (DuckDB would read it as a file)",
                "name a catalog table",
            );
        }
        let lower = name.value.to_lowercase();
        let is_cte = self.cte_scopes.iter().any(|frame| frame.contains(&lower));
        if is_cte || catalog_table(self.view, &name.value).is_some() {
            return ControlFlow::Continue(());
        }
        let candidates: Vec<String> =
            self.view.tables.iter().map(|t| t.name.clone()).chain(self.cte_scopes.iter().flatten().cloned()).collect();
        let hint = if is_system_catalog(&name.value) {
            format!(
                "the tables and columns are given in the schema, not in system views: {}",
                suggest::schema_listing(self.view)
            )
        } else {
            suggest::hint(&name.value, candidates.iter().map(String::as_str))
        };
        refuse(Code::UnknownTable, span, format!("there is no table '{}'", clip(&name.value)), hint)
    }

    fn pre_visit_expr(&mut self, expr: &Expr) -> ControlFlow<CompileError> {
        if self.pass == Pass::Relations {
            return ControlFlow::Continue(());
        }
        // A span covers its whole subtree, so it is computed only where a refusal needs it.
        let allowed = match expr {
            Expr::Identifier(ident) => self.check_column(ident),
            Expr::CompoundIdentifier(parts) => self.check_qualified_column(parts),
            Expr::Function(function) => self.check_function_call(function, expr),
            Expr::Value(value) => check_literal(expr, &value.value),
            // DuckDB reads `x COLLATE nocase::T` as a collation named by a cast, which it
            // refuses, where sqlparser casts the collated value (a sql_differential finding).
            Expr::Cast { kind: sqlparser::ast::CastKind::DoubleColon, expr: inner, .. }
                if matches!(inner.as_ref(), Expr::Collate { .. }) =>
            {
                refuse(
                    Code::UnsupportedSyntax,
                    expr.span(),
                    "`::` right after a COLLATE is not read as a cast by DuckDB",
                    "put the collated value in parentheses, (x COLLATE nocase)::VARCHAR, or CAST it",
                )
            }
            Expr::Cast { data_type, format, .. } => check_cast(expr, data_type, format.is_some()),
            Expr::TypedString(typed) => check_typed_literal(expr, typed),
            Expr::BinaryOp { op, left, right } => check_binary_operator(expr, op, left, right),
            Expr::UnaryOp { op, .. } => check_unary_operator(expr, op),
            Expr::InSubquery { expr: operand, .. } => {
                if matches!(operand.as_ref(), Expr::Tuple(parts) if parts.len() > 1) {
                    self.rows.push(operand.as_ref() as *const Expr);
                }
                ControlFlow::Continue(())
            }
            Expr::Tuple(_) => self.check_row(expr),
            Expr::AnyOp { left, compare_op, right, .. } | Expr::AllOp { left, compare_op, right, .. } => {
                check_quantified(expr, left, compare_op, right)
            }
            Expr::Collate { collation, .. } => check_collation(expr, collation),
            Expr::Like { any, escape_char, expr: operand, pattern, .. }
            | Expr::ILike { any, escape_char, expr: operand, pattern, .. } => {
                check_like(expr, *any, escape_char.as_ref(), operand, pattern)
            }
            other if is_plain_form(other) => ControlFlow::Continue(()),
            other => refuse(
                Code::UnsupportedSyntax,
                other.span(),
                format!("this expression form is not allowed: {}", clip(&other.to_string())),
                "use columns, literals, operators, CASE, CAST and the allowed functions",
            ),
        };
        allowed?;
        // Allowed, and then written as DuckDB reads it.
        agreement::check_expr(expr)
    }
}

impl Checker<'_> {
    /// A tuple is allowed only where [`Checker::rows`] says.
    fn check_row(&self, expr: &Expr) -> ControlFlow<CompileError> {
        if self.rows.iter().any(|row| std::ptr::eq(*row, expr)) {
            return ControlFlow::Continue(());
        }
        refuse(
            Code::UnsupportedSyntax,
            expr.span(),
            format!("a row value is not allowed here: {}", clip(&expr.to_string())),
            "a row value may stand only on the left of IN over a subquery: (a, b) IN (SELECT x, y …)",
        )
    }

    fn check_column(&self, ident: &sqlparser::ast::Ident) -> ControlFlow<CompileError> {
        let lower = ident.value.to_lowercase();
        if self.names.columns.contains(&lower) || self.names.qualifiers.contains(&lower) {
            return ControlFlow::Continue(());
        }
        if ident.quote_style == Some('\'') {
            return ControlFlow::Continue(());
        }
        let hint = if self.names.columns.is_empty() {
            format!("name a table in FROM; {}", suggest::schema_listing(self.view))
        } else {
            suggest::hint(&ident.value, self.names.columns.iter().map(String::as_str))
        };
        refuse(
            Code::UnknownColumn,
            ident.span,
            format!("no table in this statement has a column '{}'", clip(&ident.value)),
            hint,
        )
    }

    /// `t.col`: every qualifier must name a table, alias or CTE before the column is looked up.
    fn check_qualified_column(&self, parts: &[Ident]) -> ControlFlow<CompileError> {
        let (column, qualifiers) = parts.split_last().expect("compound identifiers have parts");
        if let Some(unknown) = qualifiers.iter().find(|q| !self.names.qualifiers.contains(&q.value.to_lowercase())) {
            return refuse(
                Code::UnknownTable,
                unknown.span,
                format!("'{}' is not a table or alias of this statement", clip(&unknown.value)),
                suggest::hint(&unknown.value, self.names.qualifiers.iter().map(String::as_str)),
            );
        }
        self.check_column(column)
    }

    /// A function call: the clock, the allowlist, then the forms DuckDB would read otherwise
    /// than sqlparser did, in that order (the first refusal is the one reported).
    fn check_function_call(&self, function: &Function, at: &dyn Spanned) -> ControlFlow<CompileError> {
        // Rewritten to a bound date before anything is emitted (see `clock`).
        if clock::todays_date(function).is_some() {
            return ControlFlow::Continue(());
        }
        check_function_name(&function.name, at)?;
        if single_name(&function.name).is_some_and(|n| n.value.eq_ignore_ascii_case("position")) {
            // POSITION is a keyword of DuckDB's grammar, read only as `position(a IN b)`
            // (sqlparser's `Expr::Position`); as a call with a list it does not parse.
            return refuse(
                Code::UnsupportedSyntax,
                at.span(),
                "position takes `needle IN text`, not a list of arguments",
                "write position(needle IN text), or strpos(text, needle)",
            );
        }
        // `f(a = b)` is a named argument to sqlparser and a comparison to DuckDB, so `a`
        // must be a column the statement can see.
        if let FunctionArguments::List(list) = &function.args {
            for arg in &list.args {
                if let sqlparser::ast::FunctionArg::Named {
                    name,
                    operator: sqlparser::ast::FunctionArgOperator::Equals,
                    ..
                } = arg
                {
                    self.check_column(name)?;
                }
            }
        }
        check_call_form(function, at)
    }

    /// `t.*` must name a table, alias or CTE of the statement.
    fn check_qualified_wildcards(&self, select: &Select, at: &dyn Spanned) -> ControlFlow<CompileError> {
        for item in &select.projection {
            if let SelectItem::QualifiedWildcard(kind, _) = item {
                let known = match kind {
                    SelectItemQualifiedWildcardKind::ObjectName(name) => {
                        single_name(name).is_some_and(|n| self.names.qualifiers.contains(&n.value.to_lowercase()))
                    }
                    SelectItemQualifiedWildcardKind::Expr(_) => false,
                };
                if !known {
                    return refuse(
                        Code::UnknownTable,
                        at.span(),
                        format!("'{}' does not name a table or alias of this statement", clip(&item.to_string())),
                        "write t.* with t a table, alias or CTE of the FROM clause",
                    );
                }
            }
        }
        ControlFlow::Continue(())
    }
}

/// The WITH clause: no recursion, no FROM after a CTE, and each CTE reads only the CTEs
/// defined before it.
fn check_with_clause(with: &With, at: &dyn Spanned) -> ControlFlow<CompileError> {
    if with.recursive {
        return refuse(
            Code::RecursiveCte,
            at.span(),
            "WITH RECURSIVE is not allowed",
            "rewrite the query without recursion",
        );
    }
    for (i, cte) in with.cte_tables.iter().enumerate() {
        // sqlparser keeps `WITH c AS (…) FROM x` as a field of the CTE; DuckDB reads
        // it as a FROM-first query over `x`, which may be a file ('/etc/passwd').
        if let Some(from) = &cte.from {
            return refuse(
                Code::UnsupportedSyntax,
                from.span,
                "FROM after a CTE is not allowed",
                "write the query as SELECT … FROM …, after the WITH clause",
            );
        }
        if let Some(name) = cte_used_early(cte, &with.cte_tables[i..]) {
            return refuse(
                Code::CteOrder,
                name.span,
                format!("CTE '{}' is used before (or inside) its own definition", clip(&name.value)),
                "define each CTE before the ones that use it",
            );
        }
    }
    ControlFlow::Continue(())
}

/// The first relation of `cte` that names `cte` itself or one of the CTEs after it.
fn cte_used_early(cte: &Cte, itself_and_later: &[Cte]) -> Option<Ident> {
    let later: Vec<String> = itself_and_later.iter().map(|c| c.alias.name.value.to_lowercase()).collect();
    let mut used_early = None;
    let _ = visit_relations(&cte.query, |relation| {
        if let Some(name) = single_name(relation) {
            if later.contains(&name.value.to_lowercase()) {
                used_early = Some(name.clone());
                return ControlFlow::Break(());
            }
        }
        ControlFlow::Continue(())
    });
    used_early
}

fn check_query_clauses(query: &Query) -> ControlFlow<CompileError> {
    if !query.locks.is_empty()
        || query.for_clause.is_some()
        || query.settings.is_some()
        || query.format_clause.is_some()
        || !query.pipe_operators.is_empty()
        || query.fetch.is_some()
    {
        return refuse(
            Code::UnsupportedSyntax,
            query.span(),
            "this query clause is not allowed (FOR, SETTINGS, FORMAT, FETCH, pipe operators)",
            "use LIMIT for row counts",
        );
    }
    ControlFlow::Continue(())
}

fn check_limit(limit: &LimitClause, at: &dyn Spanned) -> ControlFlow<CompileError> {
    let numeric = |e: &Expr| matches!(e, Expr::Value(v) if matches!(v.value, Value::Number(..)));
    let ok = match limit {
        LimitClause::LimitOffset { limit, offset, limit_by } => {
            limit.as_ref().is_none_or(numeric)
                && offset.as_ref().is_none_or(|o| numeric(&o.value))
                && limit_by.is_empty()
        }
        LimitClause::OffsetCommaLimit { .. } => false,
    };
    if !ok {
        return refuse(
            Code::UnsupportedSyntax,
            at.span(),
            "LIMIT and OFFSET take plain numbers here",
            "write LIMIT 10 OFFSET 20",
        );
    }
    ControlFlow::Continue(())
}

/// A function that reads the clock has a refusal of its own, ahead of the allowlist's.
fn check_function_name(name: &ObjectName, at: &dyn Spanned) -> ControlFlow<CompileError> {
    // Printed only for a refusal: most calls are allowed, and printing allocates.
    if clock::reads_time_of_day(name) {
        let shown = name.to_string();
        return refuse(
            Code::FunctionNotAllowed,
            at.span(),
            format!("function '{}' reads the clock, which is not allowed", clip(&shown)),
            clock::CLOCK_HINT,
        );
    }
    let allowed =
        single_name(name).is_some_and(|n| n.quote_style.is_none() && allowlist::is_allowed_function(&n.value));
    if !allowed {
        let shown = name.to_string();
        return refuse(
            Code::FunctionNotAllowed,
            at.span(),
            format!("function '{}' is not on the allowlist", clip(&shown)),
            match suggest::closest(&shown.to_lowercase(), allowlist::functions()) {
                Some(close) => format!("did you mean '{close}'? docs/sql-mode.md lists the allowed functions"),
                None => "docs/sql-mode.md lists the allowed functions".to_string(),
            },
        );
    }
    ControlFlow::Continue(())
}

/// Call forms other than `name(arguments)`.
fn check_call_form(function: &Function, at: &dyn Spanned) -> ControlFlow<CompileError> {
    if function.null_treatment.is_some() {
        // `lag(x) IGNORE NULLS OVER w` is sqlparser's form; DuckDB reads only the
        // clause inside the parentheses.
        return refuse(
            Code::UnsupportedSyntax,
            at.span(),
            "IGNORE/RESPECT NULLS after the call is not DuckDB syntax",
            "write it inside the call: lag(x, 1 IGNORE NULLS) OVER (…)",
        );
    }
    if !matches!(function.parameters, FunctionArguments::None)
        || matches!(function.args, FunctionArguments::Subquery(_))
    {
        return refuse(
            Code::UnsupportedSyntax,
            at.span(),
            "this function call form is not allowed",
            "call functions as name(arguments)",
        );
    }
    ControlFlow::Continue(())
}

/// `x > ANY (SELECT …)`, `x = ALL (SELECT …)`: a comparison with the rows of a subquery.
fn check_quantified(expr: &Expr, left: &Expr, op: &BinaryOperator, right: &Expr) -> ControlFlow<CompileError> {
    if is_comparison_expr(left) {
        return chained_comparison(expr);
    }
    if is_comparison(op) && matches!(right, Expr::Subquery(_)) {
        return ControlFlow::Continue(());
    }
    refuse(
        Code::UnsupportedSyntax,
        expr.span(),
        format!("ANY, SOME and ALL apply here to a comparison with a subquery: {}", clip(&expr.to_string())),
        "write x > ANY (SELECT …), with one of = <> != < <= > >=",
    )
}

/// `x COLLATE nocase`: one of DuckDB's own collations (no extension), or a combination.
fn check_collation(expr: &Expr, collation: &ObjectName) -> ControlFlow<CompileError> {
    let mut parts = Vec::with_capacity(collation.0.len());
    for part in &collation.0 {
        let ObjectNamePart::Identifier(ident) = part else { return refuse_collation(expr) };
        // `COLLATE binary` does not parse in DuckDB: `binary` is a keyword there.
        agreement::check_name(ident)?;
        parts.push(ident.value.as_str());
    }
    if allowlist::is_allowed_collation(&parts.join(".")) {
        ControlFlow::Continue(())
    } else {
        refuse_collation(expr)
    }
}

fn refuse_collation(expr: &Expr) -> ControlFlow<CompileError> {
    refuse(
        Code::UnsupportedSyntax,
        expr.span(),
        format!("this collation is not available: {}", clip(&expr.to_string())),
        "collate with nocase, noaccent or nfc, or a combination such as nocase.noaccent; other collations need \
         an extension querycell does not load",
    )
}

/// Literals: plain numbers, 'single-quoted' strings, booleans and NULL; values are bound by
/// querycell, so a placeholder has nothing to bind to.
fn check_literal(expr: &Expr, value: &Value) -> ControlFlow<CompileError> {
    match value {
        Value::Number(..) | Value::SingleQuotedString(_) | Value::Boolean(_) | Value::Null => ControlFlow::Continue(()),
        Value::Placeholder(_) => refuse(
            Code::PlaceholderRefused,
            expr.span(),
            "placeholders cannot be bound in SQL mode",
            "write the value itself; querycell binds it",
        ),
        _ => refuse(
            Code::UnsupportedSyntax,
            expr.span(),
            "this kind of literal is not allowed",
            "use 'single-quoted' strings and plain numbers",
        ),
    }
}

fn check_cast(expr: &Expr, data_type: &DataType, has_format: bool) -> ControlFlow<CompileError> {
    if has_format {
        return refuse(
            Code::UnsupportedSyntax,
            expr.span(),
            "CAST … FORMAT is not allowed",
            "use strptime or strftime",
        );
    }
    types::check(data_type, expr.span()).map_or_else(ControlFlow::Break, ControlFlow::Continue)
}

/// `DATE '2025-01-31'`: a type off the list, or a value other than a plain string, is refused.
fn check_typed_literal(expr: &Expr, typed: &TypedString) -> ControlFlow<CompileError> {
    if !matches!(typed.value.value, Value::SingleQuotedString(_)) || typed.uses_odbc_syntax {
        return refuse(
            Code::UnsupportedSyntax,
            expr.span(),
            "typed literals take a 'single-quoted' string",
            "write DATE '2025-01-31'",
        );
    }
    types::check(&typed.data_type, expr.span()).map_or_else(ControlFlow::Break, ControlFlow::Continue)
}

/// Chained comparisons first, then operators off the list shared with the host.
fn check_binary_operator(expr: &Expr, op: &BinaryOperator, left: &Expr, right: &Expr) -> ControlFlow<CompileError> {
    let written = op.to_string();
    if is_comparison(op) && [left, right].iter().any(|side| is_comparison_expr(side)) {
        return chained_comparison(expr);
    }
    if allowlist::BINARY_OPERATORS.contains(&written.as_str()) && !matches!(op, BinaryOperator::Custom(_)) {
        ControlFlow::Continue(())
    } else {
        refuse(
            Code::UnsupportedSyntax,
            expr.span(),
            format!("the operator '{}' is not allowed", clip(&written)),
            format!("use {}, LIKE, IN, BETWEEN and IS [NOT] NULL", allowlist::BINARY_OPERATORS.join(" ")),
        )
    }
}

fn check_unary_operator(expr: &Expr, op: &UnaryOperator) -> ControlFlow<CompileError> {
    match op {
        UnaryOperator::Plus | UnaryOperator::Minus | UnaryOperator::Not => ControlFlow::Continue(()),
        other => refuse(
            Code::UnsupportedSyntax,
            expr.span(),
            format!("the operator '{other}' is not allowed"),
            "use +, - and NOT",
        ),
    }
}

/// `x [I]LIKE 'pattern' [ESCAPE '\']`, unchained, is the one LIKE form allowed.
fn check_like(
    expr: &Expr,
    any: bool,
    escape_char: Option<&Value>,
    operand: &Expr,
    pattern: &Expr,
) -> ControlFlow<CompileError> {
    let chained = |side: &Expr| {
        matches!(side, Expr::Like { .. } | Expr::ILike { .. })
            || matches!(side, Expr::BinaryOp { op, .. } if is_comparison(op))
    };
    if chained(operand) || chained(pattern) {
        return refuse(
            Code::UnsupportedSyntax,
            expr.span(),
            "LIKE cannot be chained with another comparison",
            "combine conditions with AND, or add parentheses",
        );
    }
    let plain_escape = escape_char.is_none_or(|v| matches!(v, Value::SingleQuotedString(_)));
    if any || !plain_escape {
        return refuse(
            Code::UnsupportedSyntax,
            expr.span(),
            "LIKE ANY and unusual ESCAPE forms are not allowed",
            "write x LIKE 'pattern' [ESCAPE '\\']",
        );
    }
    ControlFlow::Continue(())
}

/// Expression forms allowed as they stand: their parts are checked as the walk reaches them.
fn is_plain_form(expr: &Expr) -> bool {
    matches!(
        expr,
        Expr::IsFalse(_)
            | Expr::IsNotFalse(_)
            | Expr::IsTrue(_)
            | Expr::IsNotTrue(_)
            | Expr::IsNull(_)
            | Expr::IsNotNull(_)
            | Expr::IsUnknown(_)
            | Expr::IsNotUnknown(_)
            | Expr::IsDistinctFrom(..)
            | Expr::IsNotDistinctFrom(..)
            | Expr::InList { .. }
            | Expr::InSubquery { .. }
            | Expr::Between { .. }
            | Expr::Extract { .. }
            | Expr::Ceil { .. }
            | Expr::Floor { .. }
            | Expr::Position { .. }
            | Expr::Substring { .. }
            | Expr::Trim { .. }
            | Expr::Nested(_)
            | Expr::Case { .. }
            | Expr::Exists { .. }
            | Expr::Subquery(_)
            | Expr::GroupingSets(_)
            | Expr::Cube(_)
            | Expr::Rollup(_)
            | Expr::Interval(_)
    )
}

/// The CTE names `query` defines (lowercased): one frame of the scopes a walk keeps. A CTE is
/// visible in its query and every query nested in it; a CTE used in its own or an earlier
/// definition is refused (`cte_order`), so a frame needs no order.
pub fn cte_frame(query: &Query) -> Vec<String> {
    query.with.iter().flat_map(|w| w.cte_tables.iter().map(|c| c.alias.name.value.to_lowercase())).collect()
}

/// Refuse clause kinds a SELECT must not carry, and non-query bodies.
fn check_body(body: &SetExpr) -> Option<CompileError> {
    match body {
        SetExpr::Select(select) => check_select(select),
        SetExpr::SetOperation { left, right, .. } => check_body(left).or_else(|| check_body(right)),
        SetExpr::Query(_) | SetExpr::Values(_) => None,
        SetExpr::Insert(_) | SetExpr::Update(_) | SetExpr::Delete(_) | SetExpr::Merge(_) => Some(
            CompileError::new(Code::NotAQuery, "sql", "data-changing statements are not allowed")
                .with_hint("write one SELECT statement"),
        ),
        SetExpr::Table(_) => Some(
            CompileError::new(Code::UnsupportedSyntax, "sql", "TABLE t is not allowed")
                .with_hint("write SELECT * FROM t"),
        ),
    }
}

fn check_select(select: &Select) -> Option<CompileError> {
    let replace_without_as = select.projection.iter().any(|item| match item {
        SelectItem::Wildcard(options) | SelectItem::QualifiedWildcard(_, options) => {
            options.opt_replace.as_ref().is_some_and(|r| r.items.iter().any(|element| !element.as_keyword))
        }
        _ => false,
    });
    if replace_without_as {
        return Some(
            CompileError::new(
                Code::UnsupportedSyntax,
                position(select.span()),
                "* REPLACE needs AS between the expression and the column",
            )
            .with_hint("write SELECT * REPLACE (expression AS column) FROM …"),
        );
    }
    if select.into.is_some() {
        return Some(
            CompileError::new(
                Code::SelectIntoRefused,
                position(select.span()),
                "SELECT … INTO creates a table; it is not allowed",
            )
            .with_hint("remove INTO"),
        );
    }
    let unsupported = select.top.is_some()
        || !select.lateral_views.is_empty()
        || select.prewhere.is_some()
        || !select.cluster_by.is_empty()
        || !select.distribute_by.is_empty()
        || !select.sort_by.is_empty()
        || select.connect_by.is_some()
        || select.value_table_mode.is_some();
    unsupported.then(|| {
        CompileError::new(
            Code::UnsupportedSyntax,
            position(select.span()),
            "this SELECT clause is not allowed (TOP, LATERAL VIEW, PREWHERE, CLUSTER/DISTRIBUTE/SORT BY, CONNECT BY)",
        )
        .with_hint("use standard SELECT … FROM … WHERE … GROUP BY … ORDER BY … LIMIT")
    })
}

/// The SELECTs of a query body, not descending into nested queries.
fn selects(body: &SetExpr) -> Vec<&Select> {
    match body {
        SetExpr::Select(select) => vec![select],
        SetExpr::SetOperation { left, right, .. } => {
            let mut all = selects(left);
            all.extend(selects(right));
            all
        }
        _ => Vec::new(),
    }
}

/// A comparison as an operand: `a < b`, or `a > ANY (…)` / `a > ALL (…)`. DuckDB refuses
/// some chains with a quantified comparison (`a = b > ALL (…) <> a`, a `sql_differential`
/// finding) and reads others in its own way; all are refused here, and parentheses say
/// which comparison is meant.
fn is_comparison_expr(expr: &Expr) -> bool {
    matches!(expr, Expr::BinaryOp { op, .. } if is_comparison(op))
        || matches!(expr, Expr::AnyOp { .. } | Expr::AllOp { .. })
}

fn chained_comparison(expr: &Expr) -> ControlFlow<CompileError> {
    refuse(
        Code::UnsupportedSyntax,
        expr.span(),
        "comparisons cannot be chained (a < b < c)",
        "combine comparisons with AND: a < b AND b < c",
    )
}

fn is_comparison(op: &BinaryOperator) -> bool {
    matches!(
        op,
        BinaryOperator::Eq
            | BinaryOperator::NotEq
            | BinaryOperator::Lt
            | BinaryOperator::LtEq
            | BinaryOperator::Gt
            | BinaryOperator::GtEq
    )
}

/// Names models reach for to discover the schema (`information_schema.tables`,
/// `duckdb_tables`, `sqlite_master`, `pg_catalog.…`), which querycell answers from the
/// schema it already gave.
fn is_system_catalog(name: &str) -> bool {
    let lower = name.to_ascii_lowercase();
    ["information_schema", "pg_catalog", "duckdb_", "sqlite_", "pg_tables", "system."].iter().any(|p| lower.contains(p))
}

fn single_name(name: &ObjectName) -> Option<&sqlparser::ast::Ident> {
    match name.0.as_slice() {
        [ObjectNamePart::Identifier(ident)] => Some(ident),
        _ => None,
    }
}

fn catalog_table<'a>(view: &'a CatalogView, name: &str) -> Option<&'a crate::model::Table> {
    view.tables.iter().find(|t| t.name.eq_ignore_ascii_case(name))
}
