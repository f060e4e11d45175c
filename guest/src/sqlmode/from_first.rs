//! DuckDB's FROM-first form (`FROM t SELECT count(*)`, or `FROM t` alone for `SELECT *`),
//! rewritten on the tree into the standard form before validation, so that what is
//! validated, emitted and run is plain `SELECT … FROM …` (which the host's shape check
//! expects to start the statement).

use std::ops::ControlFlow;

use sqlparser::ast::{Query, SelectFlavor, SelectItem, SetExpr, VisitMut, VisitorMut, WildcardAdditionalOptions};

/// Rewrite every FROM-first SELECT in `query`; whether there was one.
pub fn to_standard(query: &mut Query) -> bool {
    let mut rewriter = Rewriter { rewrote: false };
    let _ = query.visit(&mut rewriter);
    rewriter.rewrote
}

struct Rewriter {
    rewrote: bool,
}

impl VisitorMut for Rewriter {
    type Break = ();

    fn pre_visit_query(&mut self, query: &mut Query) -> ControlFlow<()> {
        self.body(&mut query.body);
        ControlFlow::Continue(())
    }
}

impl Rewriter {
    /// The SELECTs of one query body (nested queries are reached by the visitor).
    fn body(&mut self, body: &mut SetExpr) {
        match body {
            SetExpr::Select(select) => match select.flavor {
                SelectFlavor::Standard => {}
                SelectFlavor::FromFirst => {
                    select.flavor = SelectFlavor::Standard;
                    self.rewrote = true;
                }
                SelectFlavor::FromFirstNoSelect => {
                    select.flavor = SelectFlavor::Standard;
                    if select.projection.is_empty() {
                        select.projection = vec![SelectItem::Wildcard(WildcardAdditionalOptions::default())];
                    }
                    self.rewrote = true;
                }
            },
            SetExpr::SetOperation { left, right, .. } => {
                self.body(left);
                self.body(right);
            }
            _ => {}
        }
    }
}
