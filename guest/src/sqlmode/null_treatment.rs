//! `lag(x) IGNORE NULLS OVER (…)`, the standard placement of a window function's null
//! treatment, rewritten on the tree into DuckDB's, `lag(x IGNORE NULLS) OVER (…)`, before
//! validation: DuckDB's grammar reads `IGNORE NULLS` / `RESPECT NULLS` only as the last
//! thing inside the call's parentheses, and refuses it after them. Both mean the same
//! (SQL:2011), so what is validated, emitted and run is DuckDB's form; the agreement check
//! then holds it to the calls DuckDB reads it on.

use std::ops::ControlFlow;

use sqlparser::ast::{visit_expressions_mut, Expr, FunctionArgumentClause, FunctionArguments, Query};

/// Move every null treatment written after a call's parentheses into them; whether there
/// was one. A call whose parentheses already hold another clause (`ORDER BY`) keeps it
/// where it is, for the agreement check to refuse.
pub fn move_inside(query: &mut Query) -> bool {
    let mut moved = false;
    let _ = visit_expressions_mut(query, |expr| {
        if let Expr::Function(function) = expr {
            if let FunctionArguments::List(list) = &mut function.args {
                if list.clauses.is_empty() {
                    if let Some(treatment) = function.null_treatment.take() {
                        list.clauses.push(FunctionArgumentClause::IgnoreOrRespectNulls(treatment));
                        moved = true;
                    }
                }
            }
        }
        ControlFlow::<()>::Continue(())
    });
    moved
}
