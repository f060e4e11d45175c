//! SQL mode under a deployment policy: every reference to a table the policy restricts
//! becomes the policy's source query ([`crate::policy::source_query`]) as a derived table
//! under the reference's own name or alias, so nothing the statement does with the name
//! (`*`, `t.*`, `COLUMNS(*)`, `SELECT t FROM t`, joins, subqueries, set operations,
//! windows) can see a hidden column or another tenant's row.
//!
//! Only references that resolve to the catalog table are replaced: a CTE of the same name
//! in scope is left alone, with the same scoping the validator uses (a CTE is visible in
//! its query and every query nested in it; the validator has already refused a CTE used in
//! its own or an earlier definition).

use std::collections::BTreeMap;
use std::ops::ControlFlow;

use sqlparser::ast::{ObjectNamePart, Query, Statement, TableAlias, TableFactor, VisitMut, VisitorMut};

use crate::error::{Code, CompileError, Result};
use crate::model::{CatalogView, Param};

/// Replace every read of a policed table in `query` by its source query, binding the
/// filter values after the `params` already bound (`$n` numbering). Returns the
/// explanations of the policies applied, one per table, in name order.
pub fn apply(query: &mut Query, view: &CatalogView, params: &mut Vec<Param>) -> Result<Vec<String>> {
    if view.tables.iter().all(|t| t.policy.is_none()) {
        return Ok(Vec::new());
    }
    let mut rewriter = Rewriter { view, params, cte_scopes: Vec::new(), sources: BTreeMap::new() };
    if let ControlFlow::Break(error) = query.visit(&mut rewriter) {
        return Err(*error);
    }
    Ok(rewriter
        .sources
        .keys()
        .filter_map(|name| view.tables.iter().find(|t| &t.name == name))
        .filter_map(crate::policy::described)
        .collect())
}

struct Rewriter<'a> {
    view: &'a CatalogView,
    params: &'a mut Vec<Param>,
    /// CTE names visible at the current point (lowercased), one frame per enclosing query.
    cte_scopes: Vec<Vec<String>>,
    /// Each policed table's source query, built once so every reference shares its
    /// parameters.
    sources: BTreeMap<String, Query>,
}

impl Rewriter<'_> {
    fn source(&mut self, table_name: &str) -> Result<Query> {
        if let Some(source) = self.sources.get(table_name) {
            return Ok(source.clone());
        }
        let table = self.view.tables.iter().find(|t| t.name == table_name).expect("called for catalog tables");
        let policy = table.policy.as_ref().expect("called for policed tables");
        let params = &mut *self.params;
        let text = crate::policy::source_query(table, policy, crate::model::Dialect::DuckDb, |value| {
            params.push(value);
            format!("${}", params.len())
        });
        let source = match super::parse(&text).map(|mut statements| statements.pop()) {
            Ok(Some(Statement::Query(source))) => *source,
            _ => {
                return Err(CompileError::new(
                    Code::UnsupportedSyntax,
                    "sql",
                    format!("the policy's view of '{table_name}' cannot be written as SQL"),
                )
                .with_hint("ask the operator to check the policy's table and column names"))
            }
        };
        self.sources.insert(table_name.to_string(), source.clone());
        Ok(source)
    }
}

impl VisitorMut for Rewriter<'_> {
    type Break = Box<CompileError>;

    fn pre_visit_query(&mut self, query: &mut Query) -> ControlFlow<Self::Break> {
        self.cte_scopes.push(super::validate::cte_frame(query));
        ControlFlow::Continue(())
    }

    fn post_visit_query(&mut self, _query: &mut Query) -> ControlFlow<Self::Break> {
        self.cte_scopes.pop();
        ControlFlow::Continue(())
    }

    /// After the children: the derived table put in place is not visited again.
    fn post_visit_table_factor(&mut self, factor: &mut TableFactor) -> ControlFlow<Self::Break> {
        let TableFactor::Table { name, alias, args: None, sample, .. } = factor else {
            return ControlFlow::Continue(());
        };
        let [ObjectNamePart::Identifier(ident)] = name.0.as_slice() else { return ControlFlow::Continue(()) };
        let lower = ident.value.to_lowercase();
        if self.cte_scopes.iter().any(|frame| frame.contains(&lower)) {
            return ControlFlow::Continue(());
        }
        let Some(table) =
            self.view.tables.iter().find(|t| t.name.eq_ignore_ascii_case(&ident.value) && t.policy.is_some())
        else {
            return ControlFlow::Continue(());
        };
        if sample.is_some() {
            // A derived table carries no sample clause: dropping it would change the answer.
            let error = CompileError::new(
                Code::UnsupportedSyntax,
                "sql",
                format!("'{}' cannot be sampled under this deployment's policy", table.name),
            )
            .with_hint("remove TABLESAMPLE; ask for an aggregate or a LIMIT instead");
            return ControlFlow::Break(Box::new(error));
        }
        let table_name = table.name.clone();
        let alias = alias.clone().unwrap_or_else(|| TableAlias { name: ident.clone(), columns: Vec::new() });
        match self.source(&table_name) {
            Ok(source) => {
                *factor = TableFactor::Derived { lateral: false, subquery: Box::new(source), alias: Some(alias) };
                ControlFlow::Continue(())
            }
            Err(error) => ControlFlow::Break(Box::new(error)),
        }
    }
}
