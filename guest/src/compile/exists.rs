//! Existence tests (`{"exists": …}`, `{"not_exists": …}`): whether a row of the plan's table
//! has related rows, the rows of another table whose declared relationship leads to it.
//! Each compiles to a correlated `EXISTS (SELECT 1 FROM … WHERE <key> = <outer key> AND …)`,
//! a semi (or anti) join that keeps or drops the outer row as a whole and so can never repeat
//! it, whatever the number of related rows. The related table is read through its policy's
//! source like every other read, so its row filters apply inside the subquery.

use super::paths::{self, Frame};
use super::{CompiledCondition, Scope};
use crate::error::{Code, CompileError, Result};
use crate::model::{CatalogView, Relationship, Table};
use crate::plan::{clip, Existence, RelatedRows};
use crate::suggest;

/// The alias of the related table inside its subquery. Subqueries never nest (an existence
/// test's `where` holds only column conditions), so one name serves them all; it starts
/// with the prefix no table of the outer query is named by.
pub(super) const ALIAS: &str = "__querycell_related";

impl<'a> Scope<'a> {
    /// The existence tests, compiled in the plan's order.
    pub(super) fn existence_conditions(&self, tests: &[Existence]) -> Result<Vec<CompiledCondition>> {
        tests.iter().map(|test| self.existence(test)).collect()
    }

    fn existence(&self, test: &Existence) -> Result<CompiledCondition> {
        let related = &test.related;
        let (inner, relationship) = self.related_table(related)?;
        let dialect = self.view.dialect;
        let reaches = related
            .where_
            .iter()
            .map(|condition| paths::resolve(self.view, inner, &condition.column))
            .collect::<Result<Vec<_>>>()?;
        let frame = Frame::new(self.view, inner, Vec::new(), &reaches.iter().collect::<Vec<_>>()).named(ALIAS);
        let inner_scope = Scope { view: self.view, table: inner, frame: &frame };
        let conditions = inner_scope.column_conditions(&related.where_)?;
        let (from, mut params) = frame.sources_sql();
        let correlation = format!(
            "{}.{} = {}.{}",
            dialect.quote(ALIAS),
            dialect.quote(&relationship.from_column),
            dialect.quote(self.frame.root_alias()),
            dialect.quote(&relationship.to_column),
        );
        let mut sql =
            format!("{}EXISTS (SELECT 1 FROM {from} WHERE {correlation}", if test.negated { "NOT " } else { "" });
        for condition in &conditions {
            sql.push_str(&format!(" AND {}", condition.sql));
            params.extend(condition.params.iter().cloned());
        }
        sql.push(')');
        Ok(CompiledCondition {
            sql,
            params,
            phrase: phrase(test, inner, relationship, &conditions),
            column: related.table.value.clone(),
            expression: String::new(),
            path: test.path.clone(),
            drops_nulls_silently: false,
            resolved: conditions.iter().flat_map(|c| c.resolved.iter().cloned()).collect(),
        })
    }

    /// The related table and the one relationship from it to the plan's table that `via`
    /// names (or the only one).
    fn related_table(&self, related: &RelatedRows) -> Result<(&'a Table, &'a Relationship)> {
        if self.frame.root().name != self.table.name {
            // The grain check refuses an existence test beside an aggregation of another
            // table's rows before anything is compiled; this stays a refusal, not a guess.
            return Err(CompileError::new(
                Code::FanOut,
                &related.path,
                "an existence test is about rows of the plan's table, and this query reads another table's rows",
            ));
        }
        let (inner, index) = related_table(self.view, self.table, related)?;
        Ok((inner, &self.view.relationships[index]))
    }
}

/// The table `related` names and the one relationship (an index into the view's) from it to
/// `here` that its `via` names, or the only one.
pub(super) fn related_table<'a>(
    view: &'a CatalogView,
    here: &Table,
    related: &RelatedRows,
) -> Result<(&'a Table, usize)> {
    let Some(inner) = view.table(&related.table.value) else {
        return Err(CompileError::new(
            Code::UnknownTable,
            format!("{}.table", related.path),
            format!("there is no table '{}'", clip(&related.table.value)),
        )
        .with_hint(match inbound_tables(view, here).as_slice() {
            [] => suggest::hint(&related.table.value, view.tables.iter().map(|t| t.name.as_str())),
            some => format!("tables whose rows lead to {}: {}", here.name, some.join(", ")),
        }));
    };
    let leading: Vec<(usize, &Relationship)> = view
        .relationships
        .iter()
        .enumerate()
        .filter(|(_, r)| r.from_table == inner.name && r.to_table == here.name)
        .collect();
    let chosen: Vec<(usize, &Relationship)> = match &related.via {
        Some(via) => leading
            .iter()
            .copied()
            .filter(|(_, r)| r.name.as_deref() == Some(via.value.as_str()) || r.from_column == via.value)
            .collect(),
        None => leading.clone(),
    };
    let words = |list: &[(usize, &Relationship)]| via_words(&list.iter().map(|(_, r)| *r).collect::<Vec<_>>());
    match (chosen.as_slice(), &related.via) {
        ([(index, _)], _) => Ok((inner, *index)),
        ([], Some(via)) if !leading.is_empty() => Err(CompileError::new(
            Code::UnknownRelationship,
            &via.path,
            format!("no declared relationship leads from {}.{} to {}", inner.name, clip(&via.value), here.name),
        )
        .with_hint(format!("\"via\" names the role or the key column of {}: {}", inner.name, words(&leading)))),
        ([], _) => Err(CompileError::new(
            Code::UnknownRelationship,
            format!("{}.table", related.path),
            format!("no declared relationship leads from {} to {}", inner.name, here.name),
        )
        .with_hint(match inbound_tables(view, here).as_slice() {
            [] => format!(
                "no declared relationship leads to {}, so no table's rows can be related to its rows; a relationship is declared in querycell.toml",
                here.name
            ),
            some => format!(
                "name a table whose declared relationship leads to {} (the plan's table): {}",
                here.name,
                some.join(", ")
            ),
        })),
        (several, _) => Err(CompileError::new(
            Code::AmbiguousRelationship,
            format!("{}.table", related.path),
            format!("{} relationships lead from {} to {}", several.len(), inner.name, here.name),
        )
        .with_hint(format!("add \"via\": the role or key column of {} to follow, {}", inner.name, words(several)))),
    }
}

/// `"team_id" (incidents.team_id → teams.team_id) or "reporter" (reporter: …)`: each
/// relationship by the word `via` takes for it, its role where it has one.
fn via_words(relationships: &[&Relationship]) -> String {
    relationships.iter().map(|r| format!("\"{}\" ({})", via_word(r), r.describe())).collect::<Vec<_>>().join(" or ")
}

/// What `"via"` names a relationship by: its role, or its key column.
fn via_word(relationship: &Relationship) -> &str {
    relationship.name.as_deref().unwrap_or(&relationship.from_column)
}

/// The tables with a declared relationship to `table`, each with its key column:
/// `incidents (via team_id)`.
pub(super) fn inbound_tables(view: &CatalogView, table: &Table) -> Vec<String> {
    view.relationships
        .iter()
        .filter(|r| r.to_table == table.name && view.table(&r.from_table).is_some())
        .map(|r| format!("{} (\"via\": \"{}\")", r.from_table, via_word(r)))
        .collect()
}

/// The test in the explanation's words: `at least one incidents row leads to it (by
/// incidents.team_id → teams.team_id) where severity = 'P1'`.
fn phrase(test: &Existence, inner: &Table, relationship: &Relationship, conditions: &[CompiledCondition]) -> String {
    let mut words = format!(
        "{} {} row leads to it (by {})",
        if test.negated { "no" } else { "at least one" },
        inner.name,
        relationship.describe()
    );
    if !conditions.is_empty() {
        let each: Vec<&str> = conditions.iter().map(|c| c.phrase.as_str()).collect();
        words.push_str(&format!(" where {}", each.join(" and ")));
    }
    if let Some(policy) = crate::policy::described(inner) {
        words.push_str(&format!(", among {policy}"));
    }
    words
}
