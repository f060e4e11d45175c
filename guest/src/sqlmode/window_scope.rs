//! Where a window name can be used: only in the SELECT whose WINDOW clause defines it.
//!
//! DuckDB (like PostgreSQL) scopes `WINDOW w AS (…)` to one SELECT: `OVER w` in another
//! SELECT of a set operation, in a subquery, in the query's ORDER BY or LIMIT, or in a
//! SELECT around the one that defines it does not parse ("window "w" does not exist").
//! A statement-wide list of names passed such a statement and left the refusal to the host
//! (a `sql_differential` finding); here each reference is checked against its own SELECT,
//! so the refusal is the compiler's, with a position and a hint.

use std::ops::ControlFlow;

use sqlparser::ast::{Expr, Ident, NamedWindowExpr, Query, Select, SetExpr, Visit, Visitor, WindowType};
use sqlparser::tokenizer::Span;

use super::position::position;
use crate::error::{Code, CompileError};
use crate::plan::clip;

/// Every window name `query` uses at its own level resolves in the SELECT that uses it.
/// Nested queries are checked when the validator reaches them.
pub fn check_query(query: &Query) -> ControlFlow<CompileError> {
    check_body(&query.body)?;
    // The query's ORDER BY, LIMIT and OFFSET are outside every SELECT: no window is in scope.
    let mut outside = References { defined: Vec::new(), depth: 0 };
    query.order_by.visit(&mut outside)?;
    query.limit_clause.visit(&mut outside)?;
    query.fetch.visit(&mut outside)
}

/// Each SELECT of a set operation against its own windows; a `VALUES` list (or any other
/// body) has none in scope. A body that is a query in parentheses is a nested query.
fn check_body(body: &SetExpr) -> ControlFlow<CompileError> {
    match body {
        SetExpr::Select(select) => check_select(select),
        SetExpr::SetOperation { left, right, .. } => {
            check_body(left)?;
            check_body(right)
        }
        SetExpr::Query(_) => ControlFlow::Continue(()),
        other => other.visit(&mut References { defined: Vec::new(), depth: 0 }),
    }
}

/// The SELECT's WINDOW clause builds only on its own windows, and its OVER clauses name them.
fn check_select(select: &Select) -> ControlFlow<CompileError> {
    let defined: Vec<String> = select.named_window.iter().map(|w| w.0.value.to_lowercase()).collect();
    for definition in &select.named_window {
        let base = match &definition.1 {
            NamedWindowExpr::NamedWindow(name) => Some(name),
            NamedWindowExpr::WindowSpec(spec) => spec.window_name.as_ref(),
        };
        if let Some(name) = base.filter(|n| !defined.contains(&n.value.to_lowercase())) {
            return unknown(name, "define the windows a WINDOW clause refers to, or write the window in full");
        }
    }
    select.visit(&mut References { defined, depth: 0 })
}

/// Checks `OVER name` at the level it starts from, skipping nested queries (depth > 0).
struct References {
    /// Lowercased names of the windows in scope.
    defined: Vec<String>,
    /// How many queries deep the walk is below where it started.
    depth: usize,
}

impl Visitor for References {
    type Break = CompileError;

    fn pre_visit_query(&mut self, _query: &Query) -> ControlFlow<CompileError> {
        self.depth += 1;
        ControlFlow::Continue(())
    }

    fn post_visit_query(&mut self, _query: &Query) -> ControlFlow<CompileError> {
        self.depth -= 1;
        ControlFlow::Continue(())
    }

    fn pre_visit_expr(&mut self, expr: &Expr) -> ControlFlow<CompileError> {
        let Expr::Function(function) = expr else { return ControlFlow::Continue(()) };
        if self.depth > 0 {
            return ControlFlow::Continue(());
        }
        let name = match &function.over {
            Some(WindowType::NamedWindow(name)) => Some(name),
            Some(WindowType::WindowSpec(spec)) => spec.window_name.as_ref(),
            None => None,
        };
        match name.filter(|n| !self.defined.contains(&n.value.to_lowercase())) {
            Some(name) => unknown(
                name,
                "define it with WINDOW name AS (…) in the same SELECT, after its FROM/WHERE/GROUP BY clauses, \
                 or write OVER (…) in place",
            ),
            None => ControlFlow::Continue(()),
        }
    }
}

fn unknown(name: &Ident, hint: &str) -> ControlFlow<CompileError> {
    let at: Span = name.span;
    ControlFlow::Break(
        CompileError::new(Code::UnknownWindow, position(at), format!("there is no window '{}'", clip(&name.value)))
            .with_hint(hint),
    )
}
