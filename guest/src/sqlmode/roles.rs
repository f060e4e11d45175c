//! What each column of a SQL-mode answer is, as far as the validated tree proves it: a
//! group key (a select item that is one of the statement's `GROUP BY` expressions), an
//! aggregate (`count`, `count(DISTINCT …)`, `sum`, `avg`, `min`, `max`, `median` of one
//! column or `*`, with its `FILTER`), a listed column (a plain column of a statement that
//! neither groups nor aggregates), and `expression` for everything else. And the answer
//! columns the rows are sorted by. A statement whose columns the compiler cannot count
//! (`*`, `COLUMNS(…)`, a set operation) gets no columns at all: DuckDB's result is then the
//! only description, as before.

use sqlparser::ast::{
    DuplicateTreatment, Expr, Function, FunctionArg, FunctionArgExpr, FunctionArguments, GroupByExpr, ObjectNamePart,
    OrderByKind, Query, Select, SelectItem, SetExpr, Value, Visit, Visitor,
};
use std::ops::ControlFlow;

use querycell_contract::sql::AGGREGATE;

use crate::model::{AggregateRole, ColumnRole, OrderKey, OutputColumn, ValueKind};

/// The answer's columns and order keys, or nothing when the columns cannot be counted.
pub fn of(query: &Query) -> (Vec<OutputColumn>, Vec<OrderKey>) {
    let SetExpr::Select(select) = query.body.as_ref() else { return (Vec::new(), Vec::new()) };
    let mut items = Vec::with_capacity(select.projection.len());
    for item in &select.projection {
        match item {
            SelectItem::UnnamedExpr(expr) if !expands(expr) => items.push((expr, expr.to_string())),
            SelectItem::ExprWithAlias { expr, alias } if !expands(expr) => items.push((expr, alias.value.clone())),
            _ => return (Vec::new(), Vec::new()),
        }
    }
    let grouping = Grouping::of(select, &items);
    let aggregating = grouping.groups || items.iter().any(|(expr, _)| has_aggregate(expr));
    let columns = items
        .iter()
        .enumerate()
        .map(|(i, (expr, name))| OutputColumn {
            name: name.clone(),
            kind: ValueKind::Other,
            role: role(expr, i, &grouping, aggregating),
        })
        .collect();
    (columns, order_keys(query, &items))
}

/// `COLUMNS(*)` and its kin stand for several columns.
fn expands(expr: &Expr) -> bool {
    let mut finder = CallFinder { names: &["columns", "unpack"], found: false };
    let _ = expr.visit(&mut finder);
    finder.found
}

/// How the statement groups: by which select items (their positions), and whether it
/// groups at all. Grouping sets, `ROLLUP` and `CUBE` repeat a key's value across rows
/// (and null stands for "all"), so their keys are not declared keys.
struct Grouping {
    groups: bool,
    keys: Vec<usize>,
}

impl Grouping {
    /// Keys are declared only where they are all of the grouping: a `GROUP BY` expression
    /// the select list does not show would make the shown keys repeat, and the host checks
    /// that declared keys tell the rows apart.
    fn of(select: &Select, items: &[(&Expr, String)]) -> Grouping {
        match &select.group_by {
            GroupByExpr::All(_) => {
                let (keys, rest): (Vec<usize>, Vec<usize>) =
                    (0..items.len()).partition(|&i| !has_aggregate(items[i].0) && !has_window(items[i].0));
                let simple =
                    rest.iter().all(|&i| matches!(items[i].0, Expr::Function(f) if aggregate_role(f).is_some()));
                Grouping { groups: true, keys: if simple { keys } else { Vec::new() } }
            }
            GroupByExpr::Expressions(exprs, modifiers) if !exprs.is_empty() => {
                let plain = modifiers.is_empty()
                    && exprs.iter().all(|e| !matches!(e, Expr::Rollup(_) | Expr::Cube(_) | Expr::GroupingSets(_)));
                let all_shown = exprs.iter().all(|e| (0..items.len()).any(|i| groups_item(e, i, items)));
                let keys = if plain && all_shown {
                    (0..items.len()).filter(|&i| exprs.iter().any(|e| groups_item(e, i, items))).collect()
                } else {
                    Vec::new()
                };
                Grouping { groups: true, keys }
            }
            GroupByExpr::Expressions(..) => Grouping { groups: false, keys: Vec::new() },
        }
    }
}

/// Whether the `GROUP BY` expression `by` is select item `i`: the same expression, or its
/// position. Not its alias: where an alias is also a column's name, DuckDB groups by the
/// column (`SELECT upper(s) AS team … GROUP BY team` groups by the column `team`).
fn groups_item(by: &Expr, i: usize, items: &[(&Expr, String)]) -> bool {
    by == items[i].0 || matches!(by, Expr::Value(value) if position(&value.value) == Some(i))
}

/// Whether the `ORDER BY` expression `by` is select item `i`: as for `GROUP BY`, or its
/// alias, which DuckDB's `ORDER BY` prefers to a column of the same name.
fn orders_item(by: &Expr, i: usize, items: &[(&Expr, String)]) -> bool {
    let name = &items[i].1;
    groups_item(by, i, items)
        || matches!(by, Expr::Identifier(ident)
            if ident.quote_style.is_none() && ident.value.eq_ignore_ascii_case(name)
                || ident.quote_style.is_some() && ident.value == *name)
}

/// A 1-based position written as a number, as an index.
fn position(value: &Value) -> Option<usize> {
    match value {
        Value::Number(text, _) => text.parse::<usize>().ok().filter(|&n| n >= 1).map(|n| n - 1),
        _ => None,
    }
}

fn role(expr: &Expr, i: usize, grouping: &Grouping, aggregating: bool) -> ColumnRole {
    if grouping.keys.contains(&i) {
        return ColumnRole::GroupKey { by: expr.to_string(), grain: None };
    }
    if let Expr::Function(function) = expr {
        if let Some(aggregate) = aggregate_role(function) {
            return ColumnRole::Aggregate(aggregate);
        }
    }
    match expr {
        Expr::Identifier(_) | Expr::CompoundIdentifier(_) if !aggregating => {
            ColumnRole::Listed { column: expr.to_string() }
        }
        _ => ColumnRole::Expression,
    }
}

/// `count(*)`, `count(x)`, `count(DISTINCT x)`, `sum(x)`, `avg(x)`, `min(x)`, `max(x)`,
/// `median(x)` of one column, with an optional `FILTER (WHERE …)`; anything more is an
/// expression.
fn aggregate_role(function: &Function) -> Option<AggregateRole> {
    let [ObjectNamePart::Identifier(name)] = function.name.0.as_slice() else { return None };
    let name = name.value.to_ascii_lowercase();
    if function.over.is_some() || function.null_treatment.is_some() || !function.within_group.is_empty() {
        return None;
    }
    let FunctionArguments::List(list) = &function.args else { return None };
    if !list.clauses.is_empty() {
        return None;
    }
    let distinct = matches!(list.duplicate_treatment, Some(DuplicateTreatment::Distinct));
    let [FunctionArg::Unnamed(argument)] = list.args.as_slice() else { return None };
    let column = match argument {
        FunctionArgExpr::Wildcard if name == "count" && !distinct => None,
        FunctionArgExpr::Expr(e @ (Expr::Identifier(_) | Expr::CompoundIdentifier(_))) => Some(e.to_string()),
        _ => return None,
    };
    let function_word = match (name.as_str(), distinct) {
        ("count", true) => "count_distinct",
        (plain @ ("count" | "sum" | "avg" | "min" | "max" | "median"), false) => plain,
        _ => return None,
    };
    Some(AggregateRole {
        function: function_word.to_string(),
        column,
        of: None,
        filter: function.filter.as_ref().map(|f| f.to_string()),
        p: None,
        metric: None,
        unit: None,
    })
}

/// The answer columns the statement's `ORDER BY` sorts by, first key first, up to the
/// first key that is not an answer column.
fn order_keys(query: &Query, items: &[(&Expr, String)]) -> Vec<OrderKey> {
    let Some(order_by) = &query.order_by else { return Vec::new() };
    let OrderByKind::Expressions(exprs) = &order_by.kind else { return Vec::new() };
    let mut keys = Vec::new();
    for key in exprs {
        let column = (0..items.len()).find(|&i| orders_item(&key.expr, i, items));
        match column {
            Some(column) => keys.push(OrderKey { column: column as u32, descending: key.options.asc == Some(false) }),
            None => break,
        }
    }
    keys
}

/// Whether a call of one of the allowlist's aggregates (outside any window) appears in
/// `expr`: the validator has refused every other function.
fn has_aggregate(expr: &Expr) -> bool {
    let mut finder = CallFinder { names: AGGREGATE, found: false };
    let _ = expr.visit(&mut finder);
    finder.found
}

fn has_window(expr: &Expr) -> bool {
    let mut finder = WindowFinder(false);
    let _ = expr.visit(&mut finder);
    finder.0
}

struct CallFinder<'n> {
    names: &'n [&'n str],
    found: bool,
}

impl Visitor for CallFinder<'_> {
    type Break = ();

    fn pre_visit_expr(&mut self, expr: &Expr) -> ControlFlow<()> {
        if let Expr::Function(function) = expr {
            let named = matches!(function.name.0.as_slice(), [ObjectNamePart::Identifier(n)]
                if self.names.iter().any(|w| n.value.eq_ignore_ascii_case(w)));
            if named && function.over.is_none() {
                self.found = true;
                return ControlFlow::Break(());
            }
        }
        ControlFlow::Continue(())
    }
}

struct WindowFinder(bool);

impl Visitor for WindowFinder {
    type Break = ();

    fn pre_visit_expr(&mut self, expr: &Expr) -> ControlFlow<()> {
        if matches!(expr, Expr::Function(Function { over: Some(_), .. })) {
            self.0 = true;
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    }
}
