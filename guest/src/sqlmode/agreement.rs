//! Forms sqlparser accepts (and prints back) that DuckDB's parser refuses or reads
//! otherwise, refused here with a hint, so the statement the host checks and runs is the one
//! this compiler validated, and a model that wrote one learns what to write instead (exit 2)
//! rather than meeting the host's refusal (`statement_refused`, which blames the compiler).
//!
//! Each rule was found by replaying the grammar fuzzer's statements through the host's check
//! on DuckDB's parse tree (`fuzz/regressions/compile_sql/host-disagrees-*` keeps each one).

use std::ops::ControlFlow;

use sqlparser::ast::{
    visit_expressions, CastKind, CeilFloorKind, DateTimeField, Expr, Function, FunctionArgumentClause,
    FunctionArguments, Ident, Interval, Join, JoinConstraint, JoinOperator, NamedWindowDefinition, NamedWindowExpr,
    Query, Select, SetExpr, SetOperator, Spanned, TableAlias, TableFactor, TableWithJoins, UnaryOperator, Value,
    ValueWithSpan, WindowSpec, WindowType,
};
use sqlparser::tokenizer::Span;

use super::position::position;
use crate::error::{Code, CompileError};
use crate::plan::clip;

fn refuse(span: Span, message: impl Into<String>, hint: impl Into<String>) -> ControlFlow<CompileError> {
    ControlFlow::Break(CompileError::new(Code::UnsupportedSyntax, position(span), message).with_hint(hint))
}

/// A query's own clauses: its set operations, CTE names, VALUES rows, and each SELECT's
/// joins and WINDOW clause (nested queries get their own visit).
pub fn check_query(query: &Query) -> ControlFlow<CompileError> {
    if let Some(with) = &query.with {
        for (i, cte) in with.cte_tables.iter().enumerate() {
            check_alias(&cte.alias)?;
            let name = &cte.alias.name;
            // sqlparser reads `WITH c (k INTEGER) AS (…)`; DuckDB's grammar takes names only.
            if cte.alias.columns.iter().any(|c| c.data_type.is_some()) {
                return refuse(
                    name.span,
                    format!("the CTE '{}' gives its columns types; a CTE's columns take names only", clip(&name.value)),
                    "write WITH c (c1, c2) AS (…), and CAST inside the CTE's query",
                );
            }
            if with.cte_tables[..i].iter().any(|earlier| same_name(&earlier.alias.name, name)) {
                return refuse(
                    name.span,
                    format!("the CTE name '{}' is defined twice", clip(&name.value)),
                    "give each CTE of a WITH clause its own name",
                );
            }
        }
    }
    check_body(&query.body, query)
}

/// `at` is the query whose position a refusal names (its span is computed only then).
fn check_body(body: &SetExpr, at: &dyn Spanned) -> ControlFlow<CompileError> {
    match body {
        SetExpr::SetOperation { op: SetOperator::Minus, .. } => refuse(
            at.span(),
            "MINUS is not a set operation in DuckDB (it would read it as an alias)",
            "write EXCEPT to keep the rows of the first query that the second lacks",
        ),
        // DuckDB reads BY NAME after UNION only (`INTERSECT BY NAME` came back unparsable:
        // found by the `sql_differential` target).
        SetExpr::SetOperation { op, set_quantifier, .. }
            if *op != SetOperator::Union
                && matches!(
                    set_quantifier,
                    sqlparser::ast::SetQuantifier::ByName
                        | sqlparser::ast::SetQuantifier::AllByName
                        | sqlparser::ast::SetQuantifier::DistinctByName
                ) =>
        {
            refuse(
                at.span(),
                format!("DuckDB reads BY NAME after UNION only, not after {op}"),
                "write UNION BY NAME, or list the columns in the same order",
            )
        }
        SetExpr::SetOperation { left, right, .. } => {
            check_body(left, at)?;
            check_body(right, at)
        }
        SetExpr::Values(values) => {
            let width = values.rows.first().map_or(0, Vec::len);
            if values.rows.iter().any(|row| row.len() != width) {
                return refuse(
                    at.span(),
                    "the rows of a VALUES list have different numbers of values",
                    "give every row of VALUES the same number of values",
                );
            }
            ControlFlow::Continue(())
        }
        SetExpr::Select(select) => check_select(select),
        _ => ControlFlow::Continue(()),
    }
}

fn check_select(select: &Select) -> ControlFlow<CompileError> {
    for from in &select.from {
        check_joins(from)?;
    }
    // sqlparser reads `DISTINCT ON ()`; DuckDB's grammar needs an expression there (found by
    // the `sql_differential` target).
    if matches!(&select.distinct, Some(sqlparser::ast::Distinct::On(exprs)) if exprs.is_empty()) {
        return refuse(
            select.span(),
            "DISTINCT ON () names no expression",
            "name what to keep one row of, e.g. DISTINCT ON (team), or write DISTINCT",
        );
    }
    // `select.*`: a reserved word qualifies a wildcard only in double quotes, as anywhere
    // else (found by the `sql_differential` target).
    for item in &select.projection {
        if let sqlparser::ast::SelectItem::QualifiedWildcard(
            sqlparser::ast::SelectItemQualifiedWildcardKind::ObjectName(name),
            _,
        ) = item
        {
            for part in &name.0 {
                if let sqlparser::ast::ObjectNamePart::Identifier(ident) = part {
                    check_name(ident)?;
                }
            }
        }
    }
    // DuckDB reads a bare `current_date` as a column first, so an alias of that name takes
    // its place, where the compiler binds today's date (found by the `sql_differential`
    // target: `SELECT current_date current_date` is a binder error in DuckDB).
    for item in &select.projection {
        if let sqlparser::ast::SelectItem::ExprWithAlias { alias, .. } = item {
            if alias.value.eq_ignore_ascii_case("current_date") {
                return refuse(
                    alias.span,
                    "an alias named current_date takes the place of today's date in DuckDB",
                    "choose another alias, e.g. today",
                );
            }
        }
    }
    check_window_clause(&select.named_window)?;
    check_window_copies(select)
}

fn same_name(a: &Ident, b: &Ident) -> bool {
    a.value.eq_ignore_ascii_case(&b.value)
}

/// Joins DuckDB reads as sqlparser does: `[INNER | LEFT | RIGHT | FULL] JOIN … ON/USING`,
/// NATURAL joins and `CROSS JOIN`.
fn check_joins(from: &TableWithJoins) -> ControlFlow<CompileError> {
    for join in &from.joins {
        check_join(join)?;
    }
    ControlFlow::Continue(())
}

fn check_join(join: &Join) -> ControlFlow<CompileError> {
    let span = join.relation.span();
    let constraint = match &join.join_operator {
        JoinOperator::Join(c)
        | JoinOperator::Inner(c)
        | JoinOperator::Left(c)
        | JoinOperator::LeftOuter(c)
        | JoinOperator::Right(c)
        | JoinOperator::RightOuter(c)
        | JoinOperator::FullOuter(c) => c,
        JoinOperator::CrossJoin(JoinConstraint::None) => return ControlFlow::Continue(()),
        JoinOperator::CrossJoin(_) => {
            return refuse(span, "CROSS JOIN takes no ON or USING", "write CROSS JOIN t, or JOIN t ON …")
        }
        other => {
            let written = join_kind(other);
            return refuse(
                span,
                format!("{written} is not a join DuckDB reads the same way"),
                "use [INNER | LEFT | RIGHT | FULL] JOIN … ON …, or CROSS JOIN",
            );
        }
    };
    if matches!(constraint, JoinConstraint::None) {
        return refuse(
            span,
            "this JOIN has no ON or USING clause",
            "add ON <condition> (or USING (column)), or write CROSS JOIN for every pair of rows",
        );
    }
    // A USING column is a name like any other: a reserved word only quoted (`USING (foreign)`
    // came back unparsable: found by the `sql_differential` target).
    if let JoinConstraint::Using(columns) = constraint {
        for part in columns.iter().flat_map(|c| c.0.iter()) {
            if let sqlparser::ast::ObjectNamePart::Identifier(name) = part {
                check_name(name)?;
            }
        }
    }
    ControlFlow::Continue(())
}

fn join_kind(operator: &JoinOperator) -> &'static str {
    match operator {
        JoinOperator::StraightJoin(_) => "STRAIGHT_JOIN",
        JoinOperator::CrossApply => "CROSS APPLY",
        JoinOperator::OuterApply => "OUTER APPLY",
        JoinOperator::AsOf { .. } => "ASOF JOIN … MATCH_CONDITION",
        _ => "this join",
    }
}

/// A WINDOW clause: each name once, and a definition builds only on a window defined before
/// it (DuckDB refuses a window named twice and one built on itself), in parentheses.
fn check_window_clause(windows: &[NamedWindowDefinition]) -> ControlFlow<CompileError> {
    for (i, NamedWindowDefinition(name, definition)) in windows.iter().enumerate() {
        check_name(name)?;
        let earlier = &windows[..i];
        if earlier.iter().any(|w| same_name(&w.0, name)) {
            return refuse(
                name.span,
                format!("the window '{}' is defined twice", clip(&name.value)),
                "give each window of a WINDOW clause its own name",
            );
        }
        let base = match definition {
            NamedWindowExpr::NamedWindow(base) => {
                return refuse(
                    base.span,
                    format!("WINDOW {} AS {} needs parentheses", clip(&name.value), clip(&base.value)),
                    format!("write WINDOW {} AS ({} …)", clip(&name.value), clip(&base.value)),
                )
            }
            NamedWindowExpr::WindowSpec(spec) => {
                check_no_window_function_in(spec)?;
                spec.window_name.as_ref()
            }
        };
        if let Some(base) = base {
            if !earlier.iter().any(|w| same_name(&w.0, base)) {
                return refuse(
                    base.span,
                    format!(
                        "the window '{}' builds on '{}', which is not defined before it",
                        clip(&name.value),
                        clip(&base.value)
                    ),
                    "define a window before the windows that build on it, or write each window in full",
                );
            }
        }
    }
    ControlFlow::Continue(())
}

/// `(w …)`, in a WINDOW definition or an OVER clause, copies the window `w` of the same
/// SELECT: as in DuckDB (and PostgreSQL), it may not copy a window with a frame, nor add
/// PARTITION BY, nor add ORDER BY to a window that has one.
fn check_window_copies(select: &Select) -> ControlFlow<CompileError> {
    let definitions = &select.named_window;
    if definitions.is_empty() {
        // Nothing to copy: an OVER (w …) naming no window of this SELECT is `unknown_window`.
        return ControlFlow::Continue(());
    }
    let spec_of = |name: &Ident| {
        definitions.iter().find(|w| same_name(&w.0, name)).and_then(|w| match &w.1 {
            NamedWindowExpr::WindowSpec(spec) => Some(spec),
            NamedWindowExpr::NamedWindow(_) => None,
        })
    };
    let check = |copy: &WindowSpec| -> ControlFlow<CompileError> {
        let Some(name) = &copy.window_name else { return ControlFlow::Continue(()) };
        let Some(base) = spec_of(name) else { return ControlFlow::Continue(()) };
        let problem = if base.window_frame.is_some() {
            Some("it has a frame clause")
        } else if !copy.partition_by.is_empty() {
            Some("PARTITION BY cannot be added to a copied window")
        } else if !copy.order_by.is_empty() && !base.order_by.is_empty() {
            Some("its ORDER BY cannot be replaced")
        } else {
            None
        };
        match problem {
            Some(why) => refuse(
                name.span,
                format!("the window '{}' cannot be copied here: {why}", clip(&name.value)),
                "write the window in full instead of building on a named one",
            ),
            None => ControlFlow::Continue(()),
        }
    };
    for definition in definitions {
        if let NamedWindowExpr::WindowSpec(spec) = &definition.1 {
            check(spec)?;
        }
    }
    // The OVER clauses of the SELECT's list and QUALIFY (a nested query's refer to that
    // query's windows, and are checked when its SELECT is).
    let over = |expr: &Expr| match expr {
        Expr::Function(Function { over: Some(WindowType::WindowSpec(spec)), .. }) => check(spec),
        _ => ControlFlow::Continue(()),
    };
    visit_expressions(&select.projection, over)?;
    visit_expressions(&select.qualify, over)
}

/// One expression node (its children are visited on their own).
pub fn check_expr(expr: &Expr) -> ControlFlow<CompileError> {
    check_operands(expr)?;
    match expr {
        Expr::UnaryOp { op: UnaryOperator::Minus | UnaryOperator::Plus, expr: operand }
            if matches!(operand.as_ref(), Expr::UnaryOp { op: UnaryOperator::Not, .. }) =>
        {
            refuse(
                expr.span(),
                "a sign cannot apply to NOT without parentheses",
                "add parentheses, e.g. -(NOT x), or leave out the sign",
            )
        }
        // A column, or the table a column is read from: DuckDB's grammar takes a keyword
        // there only quoted (after the dot any word is a column's name).
        Expr::Identifier(name) => check_name(name),
        Expr::CompoundIdentifier(parts) if parts.len() <= 2 => parts.first().map_or(ControlFlow::Continue(()), check_name),
        Expr::CompoundIdentifier(parts) if parts.len() > 2 => refuse(
            expr.span(),
            format!("'{}' has more than two parts", clip(&expr.to_string())),
            "write table.column, with the table's name or alias",
        ),
        Expr::Floor { field, .. } | Expr::Ceil { field, .. }
            if !matches!(field, CeilFloorKind::DateTimeField(DateTimeField::NoDateTime)) =>
        {
            refuse(
                expr.span(),
                "floor and ceil take one number here",
                "write floor(x) or ceil(x); round(x, n) keeps n digits; date_trunc('day', t) truncates a date",
            )
        }
        // sqlparser reads `x IN (1)::REAL + y` as a cast of the whole IN and prints it so;
        // DuckDB's grammar casts the list's last operand: `x IN ((1)::REAL + y)`.
        Expr::Cast { kind: CastKind::DoubleColon, expr: operand, .. } if is_comparison_like(operand) => refuse(
            expr.span(),
            "a :: cast right after BETWEEN, IN, LIKE, IS or a comparison is read by DuckDB as a cast of its last operand",
            "put the condition in parentheses before casting it, e.g. (x IN (1, 2))::INTEGER",
        ),
        // DuckDB's grammar takes no IN directly before a comparison with ANY or ALL.
        Expr::AnyOp { left, .. } | Expr::AllOp { left, .. }
            if matches!(left.as_ref(), Expr::InList { .. } | Expr::InSubquery { .. }) =>
        {
            refuse(
                expr.span(),
                "IN directly before a comparison with ANY or ALL does not parse in DuckDB",
                "put the IN in parentheses: (x IN (…)) = ANY (SELECT …)",
            )
        }
        Expr::Interval(interval) => check_interval(expr, interval),
        Expr::Function(function) => check_call(expr, function),
        // sqlparser reads `x IN (1, 2) + 1` as `(x IN (1, 2)) + 1`; DuckDB's grammar takes no
        // operator but AND, OR and the comparisons right after an IN list or subquery (found
        // by the `sql_differential` target).
        Expr::BinaryOp { left, op, .. }
            if matches!(left.as_ref(), Expr::InList { .. } | Expr::InSubquery { .. })
                && !matches!(
                    op,
                    sqlparser::ast::BinaryOperator::And
                        | sqlparser::ast::BinaryOperator::Or
                        | sqlparser::ast::BinaryOperator::Eq
                        | sqlparser::ast::BinaryOperator::NotEq
                        | sqlparser::ast::BinaryOperator::Lt
                        | sqlparser::ast::BinaryOperator::LtEq
                        | sqlparser::ast::BinaryOperator::Gt
                        | sqlparser::ast::BinaryOperator::GtEq
                ) =>
        {
            refuse(
                expr.span(),
                format!("DuckDB does not read '{op}' right after an IN list or subquery"),
                "put the IN condition in parentheses, e.g. (x IN (1, 2)) + 1",
            )
        }
        _ => ControlFlow::Continue(()),
    }
}

/// An operator's operands where DuckDB's grammar does not take them unparenthesised, or
/// binds them otherwise than sqlparser: `NOT` as an operand (`a + NOT b`, `x LIKE NOT y`),
/// and comparisons inside BETWEEN, IN, LIKE and IS DISTINCT FROM (sqlparser reads
/// `a = b IN (1)` as `(a = b) IN (1)`, DuckDB as `a = (b IN (1))`).
fn check_operands(expr: &Expr) -> ControlFlow<CompileError> {
    use sqlparser::ast::BinaryOperator as Op;
    let (operands, comparisons_chain): (Vec<&Expr>, bool) = match expr {
        Expr::BinaryOp { op: Op::And | Op::Or, .. } => return ControlFlow::Continue(()),
        Expr::BinaryOp { left, right, .. } => (vec![left, right], false),
        Expr::Between { expr: operand, low, high, .. } => (vec![operand, low, high], true),
        Expr::IsDistinctFrom(left, right) | Expr::IsNotDistinctFrom(left, right) => (vec![left, right], true),
        Expr::Like { expr: operand, pattern, .. } | Expr::ILike { expr: operand, pattern, .. } => {
            (vec![operand, pattern], true)
        }
        Expr::InList { expr: operand, .. } | Expr::InSubquery { expr: operand, .. } => (vec![operand], true),
        _ => return ControlFlow::Continue(()),
    };
    if operands.iter().any(|e| matches!(e, Expr::UnaryOp { op: UnaryOperator::Not, .. })) {
        return refuse(
            expr.span(),
            "NOT cannot be an operand here without parentheses",
            "write the operand in parentheses, e.g. a = (NOT b), or put NOT before the whole condition",
        );
    }
    // `a IS NULL - a LIKE 'x'`: sqlparser reads `((a IS NULL) - a) LIKE 'x'`, DuckDB's
    // grammar does not parse an IS test at the head of LIKE's, IN's or BETWEEN's operand
    // (found by the `sql_differential` target).
    let ranged = matches!(
        expr,
        Expr::Like { .. } | Expr::ILike { .. } | Expr::InList { .. } | Expr::InSubquery { .. } | Expr::Between { .. }
    );
    if ranged && matches!(operands.first(), Some(first) if starts_with_is_test(first)) {
        return refuse(
            expr.span(),
            "an IS test cannot begin the operand of LIKE, IN or BETWEEN without parentheses",
            "add parentheses around the IS test, e.g. (a IS NULL) - a, or around the whole operand",
        );
    }
    if comparisons_chain && operands.iter().any(|e| is_comparison_like(e)) {
        return refuse(
            expr.span(),
            "BETWEEN, IN, LIKE and IS [NOT] DISTINCT FROM cannot be chained with another comparison",
            "add parentheses around each comparison, or combine them with AND",
        );
    }
    ControlFlow::Continue(())
}

/// Whether `expr` is an arithmetic (or other non-logical) chain whose leftmost operand is an
/// `IS [NOT] NULL / TRUE / FALSE / UNKNOWN` test written without parentheses.
fn starts_with_is_test(expr: &Expr) -> bool {
    use sqlparser::ast::BinaryOperator as Op;
    let mut at = expr;
    let mut chained = false;
    while let Expr::BinaryOp { op, left, .. } = at {
        if matches!(op, Op::And | Op::Or) {
            return false;
        }
        chained = true;
        at = left;
    }
    chained
        && matches!(
            at,
            Expr::IsNull(_)
                | Expr::IsNotNull(_)
                | Expr::IsTrue(_)
                | Expr::IsNotTrue(_)
                | Expr::IsFalse(_)
                | Expr::IsNotFalse(_)
                | Expr::IsUnknown(_)
                | Expr::IsNotUnknown(_)
        )
}

/// Comparisons DuckDB's grammar does not chain without parentheses.
fn is_comparison_like(expr: &Expr) -> bool {
    use sqlparser::ast::BinaryOperator as Op;
    matches!(
        expr,
        Expr::Between { .. }
            | Expr::IsDistinctFrom(..)
            | Expr::IsNotDistinctFrom(..)
            | Expr::Like { .. }
            | Expr::ILike { .. }
            | Expr::InList { .. }
            | Expr::InSubquery { .. }
            // DuckDB's IS tests bind looser than BETWEEN, IN and LIKE.
            | Expr::IsNull(_)
            | Expr::IsNotNull(_)
            | Expr::IsTrue(_)
            | Expr::IsNotTrue(_)
            | Expr::IsFalse(_)
            | Expr::IsNotFalse(_)
            | Expr::IsUnknown(_)
            | Expr::IsNotUnknown(_)
            | Expr::BinaryOp { op: Op::Eq | Op::NotEq | Op::Lt | Op::LtEq | Op::Gt | Op::GtEq, .. }
    )
}

/// `INTERVAL <number | 'text' | (expression)> [unit]`, with one of the units DuckDB reads
/// as an interval (it turns `INTERVAL 3 WEEK` into `to_weeks(3)`): no ranges
/// (`DAY TO SECOND`), precisions, or units that are date parts only (`DOW`, `EPOCH`).
fn check_interval(expr: &Expr, interval: &Interval) -> ControlFlow<CompileError> {
    let value_ok = matches!(
        interval.value.as_ref(),
        Expr::Nested(_) | Expr::Value(ValueWithSpan { value: Value::Number(..) | Value::SingleQuotedString(_), .. })
    );
    if !value_ok {
        return refuse(
            expr.span(),
            "INTERVAL takes a plain number, a 'string' or a (parenthesised expression)",
            "write INTERVAL 3 DAY, INTERVAL '3 days', INTERVAL (n) DAY, or -INTERVAL 3 DAY for a negative one",
        );
    }
    let unit_ok = interval.leading_field.as_ref().is_none_or(is_interval_unit);
    if !unit_ok
        || interval.leading_precision.is_some()
        || interval.last_field.is_some()
        || interval.fractional_seconds_precision.is_some()
    {
        return refuse(
            expr.span(),
            format!("the interval form '{}' is not supported", clip(&expr.to_string())),
            "write INTERVAL n followed by one unit (YEAR, QUARTER, MONTH, WEEK, DAY, HOUR, MINUTE, SECOND, \
             MILLISECOND, MICROSECOND), and add intervals for mixed units",
        );
    }
    ControlFlow::Continue(())
}

fn is_interval_unit(field: &DateTimeField) -> bool {
    use DateTimeField as F;
    matches!(
        field,
        F::Year
            | F::Years
            | F::Month
            | F::Months
            | F::Week(None)
            | F::Weeks
            | F::Day
            | F::Days
            | F::Hour
            | F::Hours
            | F::Minute
            | F::Minutes
            | F::Second
            | F::Seconds
            | F::Millisecond
            | F::Milliseconds
            | F::Microsecond
            | F::Microseconds
            | F::Quarter
            | F::Decade
            | F::Century
            | F::Millennium
    )
}

/// Functions DuckDB's grammar reads as forms of their own, not calls: they take a plain list
/// of values (no DISTINCT, ORDER BY, FILTER, OVER or WITHIN GROUP), and some a fixed number.
/// `ifnull` is a call that DuckDB's parser turns into a two-value COALESCE.
const GRAMMAR_FORMS: &[(&str, usize, Option<usize>, &str)] = &[
    ("coalesce", 1, None, "coalesce(a, b, …) takes one or more values"),
    ("nullif", 2, Some(2), "nullif(a, b) takes exactly two values"),
    ("grouping", 1, None, "grouping(column, …) names GROUP BY columns"),
    ("substring", 1, None, "substring(text, start[, length]) takes plain values"),
    ("ifnull", 2, Some(2), "ifnull(a, b) takes exactly two values; coalesce(a, b, c, …) takes more"),
    ("grouping_id", 1, None, "grouping_id(column, …) names GROUP BY columns"),
    // Macros: DuckDB refuses DISTINCT, FILTER, ORDER BY and OVER on them.
    ("weighted_avg", 2, Some(2), "weighted_avg(value, weight) takes exactly two values"),
    ("wavg", 2, Some(2), "wavg(value, weight) takes exactly two values"),
];

/// The window functions DuckDB reads `IGNORE NULLS` / `RESPECT NULLS` on.
const NULL_TREATMENT_FUNCTIONS: &[&str] = &["first_value", "last_value", "lag", "lead", "nth_value"];

/// A call's form, where DuckDB would read it otherwise or refuse it while parsing.
fn check_call(expr: &Expr, function: &Function) -> ControlFlow<CompileError> {
    let name = match function.name.0.as_slice() {
        [sqlparser::ast::ObjectNamePart::Identifier(ident)] => ident.value.to_lowercase(),
        _ => return ControlFlow::Continue(()),
    };
    let list = match &function.args {
        FunctionArguments::List(list) => Some(list),
        _ => None,
    };
    check_argument_clauses(expr, list)?;
    if let Some((_, min, max, usage)) = GRAMMAR_FORMS.iter().find(|(n, ..)| *n == name) {
        let plain = function.over.is_none()
            && function.filter.is_none()
            && function.within_group.is_empty()
            && list.is_some_and(|l| l.duplicate_treatment.is_none() && l.clauses.is_empty());
        let count = list.map_or(0, |l| l.args.len());
        let unnamed = list.is_none_or(|l| l.args.iter().all(|a| matches!(a, sqlparser::ast::FunctionArg::Unnamed(_))));
        if !plain || !unnamed || count < *min || max.is_some_and(|max| count > max) {
            return refuse(
                expr.span(),
                format!("{name}(…) is not written as DuckDB reads it"),
                format!("{usage}, with nothing after the parentheses"),
            );
        }
        return ControlFlow::Continue(());
    }
    // sqlparser reads `f(a = b)` as a named argument `a`; DuckDB reads the comparison
    // `a = b`, so the value may not be a comparison itself (`f(a = b < c)` is chained there).
    let named_comparison = list.is_some_and(|l| {
        l.args.iter().any(|arg| match arg {
            sqlparser::ast::FunctionArg::Named {
                arg: sqlparser::ast::FunctionArgExpr::Expr(value),
                operator: sqlparser::ast::FunctionArgOperator::Equals,
                ..
            } => is_comparison_like(value) || matches!(value, Expr::UnaryOp { op: UnaryOperator::Not, .. }),
            _ => false,
        })
    });
    if named_comparison {
        return refuse(
            expr.span(),
            "comparisons cannot be chained (a = b < c)",
            "add parentheses around each comparison, or combine them with AND",
        );
    }
    check_null_treatment(expr, function, &name, list)?;
    if !function.within_group.is_empty() {
        return check_within_group(expr, function, &name, list);
    }
    if let Some(over) = &function.over {
        let windowed = querycell_contract::sql::WINDOW.contains(&name.as_str())
            || querycell_contract::sql::AGGREGATE.contains(&name.as_str());
        if !windowed {
            return refuse(
                expr.span(),
                format!("OVER applies to window and aggregate functions; '{name}' is neither"),
                format!("apply {name}(…) to the window function's result, e.g. {name}(sum(x) OVER (…), …)"),
            );
        }
        if let WindowType::WindowSpec(spec) = over {
            return check_no_window_function_in(spec);
        }
    }
    ControlFlow::Continue(())
}

/// `IGNORE NULLS` / `RESPECT NULLS` inside the parentheses: DuckDB reads it on a window
/// function over a window, as the call's one clause (its grammar wants it after an ORDER BY,
/// sqlparser's before).
fn check_null_treatment(
    expr: &Expr,
    function: &Function,
    name: &str,
    list: Option<&sqlparser::ast::FunctionArgumentList>,
) -> ControlFlow<CompileError> {
    let Some(list) = list else { return ControlFlow::Continue(()) };
    let treated = |c: &FunctionArgumentClause| matches!(c, FunctionArgumentClause::IgnoreOrRespectNulls(_));
    if !list.clauses.iter().any(treated) {
        return ControlFlow::Continue(());
    }
    let ok = NULL_TREATMENT_FUNCTIONS.contains(&name)
        && function.over.is_some()
        && function.filter.is_none()
        && list.duplicate_treatment.is_none()
        && list.clauses.len() == 1
        && !list.args.is_empty();
    if ok {
        return ControlFlow::Continue(());
    }
    refuse(
        expr.span(),
        format!("IGNORE/RESPECT NULLS does not apply to '{name}' written so"),
        format!(
            "write it last inside the call of a window function ({}) with OVER: last_value(x IGNORE NULLS) OVER (ORDER BY t)",
            NULL_TREATMENT_FUNCTIONS.join(", ")
        ),
    )
}

/// Of the clauses sqlparser reads inside a call's parentheses, DuckDB's grammar has ORDER BY
/// and IGNORE/RESPECT NULLS only (`f(a, b RETURNING c)` came back unparsable: found by the
/// `sql_differential` target).
fn check_argument_clauses(
    expr: &Expr,
    list: Option<&sqlparser::ast::FunctionArgumentList>,
) -> ControlFlow<CompileError> {
    let other_clause = list.and_then(|l| {
        l.clauses.iter().find(|c| {
            !matches!(
                c,
                sqlparser::ast::FunctionArgumentClause::OrderBy(_)
                    | sqlparser::ast::FunctionArgumentClause::IgnoreOrRespectNulls(_)
            )
        })
    });
    match other_clause {
        Some(clause) => refuse(
            expr.span(),
            format!("DuckDB does not read '{}' inside a call's parentheses", clip(&clause.to_string())),
            "inside a call, write only its arguments, an ORDER BY and IGNORE NULLS",
        ),
        None => ControlFlow::Continue(()),
    }
}

/// DuckDB reads `WITHIN GROUP (ORDER BY x)` on `mode()` alone of the allowed functions.
fn check_within_group(
    expr: &Expr,
    function: &Function,
    name: &str,
    list: Option<&sqlparser::ast::FunctionArgumentList>,
) -> ControlFlow<CompileError> {
    let ok = name == "mode"
        && function.within_group.len() == 1
        && function.over.is_none()
        && list.is_some_and(|l| l.args.is_empty() && l.duplicate_treatment.is_none() && l.clauses.is_empty());
    if ok {
        return ControlFlow::Continue(());
    }
    refuse(
        expr.span(),
        format!("WITHIN GROUP does not apply to '{name}' here"),
        "write mode() WITHIN GROUP (ORDER BY x), or pass the value as an argument: quantile_cont(x, 0.5), mode(x)",
    )
}

/// DuckDB refuses a window function inside a window's PARTITION BY, ORDER BY or frame.
fn check_no_window_function_in(spec: &WindowSpec) -> ControlFlow<CompileError> {
    visit_expressions(spec, |inner| match inner {
        Expr::Function(Function { over: Some(_), .. }) => refuse(
            inner.span(),
            "a window function cannot be used inside a window's definition",
            "compute it in a subquery or CTE first, then partition or order by its result",
        ),
        _ => ControlFlow::Continue(()),
    })
}

/// A FROM source's alias and, for a parenthesised join, its joins.
pub fn check_table_factor(factor: &TableFactor) -> ControlFlow<CompileError> {
    // DuckDB's grammar takes a number as a sample's size, sqlparser any expression
    // (`TABLESAMPLE 5 || 'x' ROWS`, a sql_differential finding).
    if let TableFactor::Table { sample: Some(kind), .. } = factor {
        let (sqlparser::ast::TableSampleKind::BeforeTableAlias(sample)
        | sqlparser::ast::TableSampleKind::AfterTableAlias(sample)) = kind;
        let plain = sample.quantity.as_ref().is_none_or(|quantity| {
            matches!(&quantity.value, Expr::Value(ValueWithSpan { value: Value::Number(..), .. }))
        });
        if !plain {
            return refuse(
                factor.span(),
                "a sample's size is a number in DuckDB",
                "write TABLESAMPLE 10 PERCENT or TABLESAMPLE 100 ROWS",
            );
        }
    }
    let alias = match factor {
        TableFactor::Table { alias, .. } | TableFactor::Derived { alias, .. } => alias.as_ref(),
        TableFactor::NestedJoin { table_with_joins, alias } => {
            check_joins(table_with_joins)?;
            alias.as_ref()
        }
        _ => None,
    };
    let Some(alias) = alias else { return ControlFlow::Continue(()) };
    if alias.columns.iter().any(|c| c.data_type.is_some()) {
        return refuse(
            factor.span(),
            "a table alias's columns take names only, not types",
            "write FROM (…) AS a (c1, c2), and CAST in the subquery",
        );
    }
    check_alias(alias)
}

/// An alias's name and column names: a reserved word only in double quotes.
fn check_alias(alias: &TableAlias) -> ControlFlow<CompileError> {
    check_name(&alias.name)?;
    alias.columns.iter().try_for_each(|c| check_name(&c.name))
}

/// A name DuckDB reads as an identifier only when quoted: a reserved word, or a keyword
/// that may only name a function (`left`, `join`, `positional`, …).
pub fn check_name(name: &Ident) -> ControlFlow<CompileError> {
    use querycell_contract::sql::{is_keyword_on, FUNCTION_NAME_KEYWORDS, RESERVED_WORDS};
    if name.quote_style.is_some() {
        return ControlFlow::Continue(());
    }
    let kind = if is_keyword_on(RESERVED_WORDS, &name.value) {
        "a reserved word"
    } else if is_keyword_on(FUNCTION_NAME_KEYWORDS, &name.value) {
        "a keyword DuckDB reads as a name only in double quotes"
    } else {
        return ControlFlow::Continue(());
    };
    refuse(
        name.span,
        format!("'{}' is {kind} and cannot name a table, column or window unquoted", clip(&name.value)),
        format!("choose another name, or put it in double quotes: \"{}\"", clip(&name.value)),
    )
}

/// DuckDB's keywords, besides [`querycell_contract::sql::RESERVED_WORDS`] and
/// [`querycell_contract::sql::FUNCTION_NAME_KEYWORDS`], that its grammar does not read as a
/// select item's alias written without AS (read off DuckDB 2.0's `json_serialize_sql('SELECT
/// x <word> FROM t')` for every word of `duckdb_keywords()`): `x year` does not parse, and
/// `avg(d) EXPORT_STATE` is the aggregate's state. sqlparser read each as an alias (found by
/// the `sql_differential` fuzz target). Upper case and sorted, for
/// [`querycell_contract::sql::is_keyword_on`].
pub const NOT_BARE_ALIASES: &[&str] = &[
    "CENTURIES",
    "CENTURY",
    "DAY",
    "DAYS",
    "DECADE",
    "DECADES",
    "ESCAPE",
    "EXCLUDE",
    "EXPORT_STATE",
    "FILTER",
    "HOUR",
    "HOURS",
    "IGNORE",
    "MICROSECOND",
    "MICROSECONDS",
    "MILLENNIA",
    "MILLENNIUM",
    "MILLISECOND",
    "MILLISECONDS",
    "MINUTE",
    "MINUTES",
    "MONTH",
    "MONTHS",
    "OVER",
    "PRECISION",
    "QUARTER",
    "QUARTERS",
    "RENAME",
    "REPLACE",
    "RESPECT",
    "SECOND",
    "SECONDS",
    "VARYING",
    "WEEK",
    "WEEKS",
    "WITHIN",
    "WITHOUT",
    "YEAR",
    "YEARS",
];

/// Whether DuckDB reads the unquoted `word` after a select item, without AS, as the item's
/// alias, as sqlparser does: not for a reserved word, a function-name keyword (`x ISNULL` is
/// `x IS NULL`, `x left` does not parse) or [`NOT_BARE_ALIASES`]. With AS, every word is an
/// alias to both.
pub fn is_bare_alias(word: &str) -> bool {
    use querycell_contract::sql::{is_keyword_on, FUNCTION_NAME_KEYWORDS, RESERVED_WORDS};
    ![RESERVED_WORDS, FUNCTION_NAME_KEYWORDS, NOT_BARE_ALIASES].iter().any(|list| is_keyword_on(list, word))
}
