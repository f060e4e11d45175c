//! Aggregations from the one side (`"of"`): a plan on teams counts or averages the rows of
//! incidents that point to each team. The query of that grain reads the plan's table as
//! usual (its keys, filters and existence tests) and joins the related table on the
//! declared key: each related row matches at most one row of the plan's table (the key it
//! leads to is unique), so it counts once, in that row's group, and a related row that
//! leads nowhere (a missing or orphan key) counts nowhere. The plan's table's own query
//! supplies every group, so a team no incident points to still has its row: 0 for counts,
//! a missing value otherwise (the full join of [`super::grains`]).

use super::exists::ALIAS;
use super::paths::{Frame, Reach};
use super::{aggregate_output, percent_label, Output, Scope};
use crate::error::Result;
use crate::model::{CatalogView, ColumnRole, Param, Relationship, Table};
use crate::plan::{Aggregation, Function};

/// The related table of the relationship `index`, as the grain's query names it, with the
/// left joins its aggregations' paths need (`services.tier` of an incident): many-to-one from
/// the related table, so no related row is repeated.
pub(super) fn related_frame<'a>(view: &'a CatalogView, index: usize, reaches: &[&Reach<'a>]) -> Option<Frame<'a>> {
    let table = view.table(&view.relationships[index].from_table)?;
    Some(Frame::new(view, table, Vec::new(), reaches).named(ALIAS))
}

/// ` JOIN <related source> ON <related key> = <plan table's key>`, then the related frame's
/// own left joins, and the values they bind in that order. `outer` is the plan's table's
/// frame, whose columns are all qualified.
pub(super) fn join(view: &CatalogView, outer: &Frame<'_>, related: &Frame<'_>, index: usize) -> (String, Vec<Param>) {
    let dialect = view.dialect;
    let relationship: &Relationship = &view.relationships[index];
    let (source, joins, params) = related.sources_apart();
    let sql = format!(
        " JOIN {source} ON {}.{} = {}.{}{joins}",
        dialect.quote(related.root_alias()),
        dialect.quote(&relationship.from_column),
        dialect.quote(outer.root_alias()),
        dialect.quote(&relationship.to_column),
    );
    (sql, params)
}

/// The aggregation over the related rows: compiled on the related table's columns, named
/// after that table unless the plan gave an alias (`count_incidents`,
/// `avg_incidents_ack_minutes`), and said as such.
pub(super) fn output(scope: Scope<'_>, agg: &Aggregation, relationship: &Relationship) -> Result<Output> {
    let mut output = aggregate_output(scope, agg)?;
    let related: &Table = scope.table;
    if let ColumnRole::Aggregate(role) = &mut output.role {
        role.of = Some(related.name.clone());
    }
    if agg.alias.is_none() {
        let function = agg.function.value.name();
        output.name = match (&agg.column, agg.p.as_ref()) {
            (Some(column), Some(p)) => {
                format!("p{}_{}_{}", percent_label(p.value), related.name, column.value.replace('.', "_"))
            }
            (Some(column), None) => format!("{function}_{}_{}", related.name, column.value.replace('.', "_")),
            (None, _) => format!("{function}_{}", related.name),
        };
    }
    let rows = match (agg.function.value, &agg.column) {
        (Function::Count, None) => format!("number of {} rows", related.name),
        _ => format!("{} of the {} rows", output.phrase, related.name),
    };
    output.phrase = format!("{rows} that lead to each (by {})", relationship.describe());
    Ok(output)
}
