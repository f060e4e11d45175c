//! The grain of each aggregation (the table whose rows it reads, each once) and the fan-out
//! rule: an aggregation may be grouped and filtered only by columns its grain reaches
//! through many-to-one steps, so that no row of its table is counted twice
//! (docs/relationships.md).

use crate::error::{Code, CompileError, Result};
use crate::model::{CatalogView, Table};
use crate::plan::{Aggregation, Function, Plan};

use super::paths::{resolve, Reach};

/// Every column a plan names, resolved, and the grain of each aggregation.
pub(super) struct Reaches<'a> {
    pub columns: Vec<Reach<'a>>,
    pub keys: Vec<Reach<'a>>,
    pub filters: Vec<Reach<'a>>,
    pub aggregations: Vec<AggregationReach<'a>>,
}

/// An aggregation's column and `where` columns, resolved, and its grain.
pub(super) struct AggregationReach<'a> {
    pub column: Option<Reach<'a>>,
    pub wheres: Vec<Reach<'a>>,
    /// The steps from the plan's table to the table whose rows it reads, and for an
    /// aggregation from the one side (`"of"`), the relationship that leads from the table it
    /// reads back to the plan's.
    pub grain: Grain,
}

/// Where an aggregation reads its rows: the steps from the plan's table to a table, each of
/// whose rows it reads once; or (with a relationship) the rows of the table whose
/// relationship leads to the plan's table, each once, in the group of the row it leads to.
pub(super) type Grain = (Vec<usize>, Option<usize>);

impl<'a> Reaches<'a> {
    /// Resolve every column of `plan` (in the order the compiler reads them) and check
    /// that no aggregation fans out.
    pub fn of(plan: &Plan, view: &'a CatalogView, base: &'a Table) -> Result<Reaches<'a>> {
        let all = |names: Vec<&crate::plan::At<String>>| -> Result<Vec<Reach<'a>>> {
            names.into_iter().map(|name| resolve(view, base, name)).collect()
        };
        let columns = all(plan.columns.iter().flatten().collect())?;
        let keys = all(plan.group_by.iter().map(|k| &k.column).collect())?;
        let mut aggregations = Vec::new();
        for agg in &plan.aggregations {
            if let Some(of) = &agg.of {
                aggregations.push(one_side(view, base, agg, of)?);
                continue;
            }
            let column = agg.column.as_ref().map(|c| resolve(view, base, c)).transpose()?;
            let wheres = all(agg.where_.iter().map(|c| &c.column).collect())?;
            let grain = (grain_of(agg, column.as_ref()), None);
            aggregations.push(AggregationReach { column, wheres, grain });
        }
        let filters = all(plan.filters.iter().map(|f| &f.column).collect())?;
        let reaches = Reaches { columns, keys, filters, aggregations };
        reaches.check_fan_out(plan, view, base)?;
        Ok(reaches)
    }

    /// The distinct grains of the aggregations, in the order they first appear (the plan's
    /// table alone when it has none). An aggregation from the one side brings the plan's
    /// table first: its rows are the groups, also those no related row points to.
    pub fn grains(&self) -> Vec<Grain> {
        let mut grains: Vec<Grain> = Vec::new();
        if self.aggregations.iter().any(|a| a.grain.1.is_some()) {
            grains.push((Vec::new(), None));
        }
        for agg in &self.aggregations {
            if !grains.contains(&agg.grain) {
                grains.push(agg.grain.clone());
            }
        }
        if grains.is_empty() {
            grains.push((Vec::new(), None));
        }
        grains
    }

    /// What a query at `grain` reads: the group keys, the filters, and the columns of the
    /// aggregations computed there.
    pub fn at(&self, grain: &Grain) -> Vec<&Reach<'a>> {
        // An aggregation from the one side names the related table's columns, which its
        // query reads beside the frame, not through it.
        let own = self.aggregations.iter().filter(|a| &a.grain == grain && a.grain.1.is_none());
        self.columns
            .iter()
            .chain(&self.keys)
            .chain(&self.filters)
            .chain(own.flat_map(|a| a.column.iter().chain(&a.wheres)))
            .collect()
    }

    /// What the related table's side of a query at `grain` (an aggregation from the one side)
    /// reads: its aggregations' columns, each a path from the related table.
    pub fn related_at(&self, grain: &Grain) -> Vec<&Reach<'a>> {
        let related = self.aggregations.iter().filter(|a| &a.grain == grain && a.grain.1.is_some());
        related.flat_map(|a| a.column.iter().chain(&a.wheres)).collect()
    }

    fn check_fan_out(&self, plan: &Plan, view: &CatalogView, base: &Table) -> Result<()> {
        for (agg, reach) in plan.aggregations.iter().zip(&self.aggregations) {
            if reach.grain.0.is_empty() {
                continue;
            }
            let keys = plan.group_by.iter().enumerate().map(|(i, _)| format!("group_by[{i}]")).zip(&self.keys);
            let filters = plan.filters.iter().map(|f| f.path.clone()).zip(&self.filters);
            let wheres = agg.where_.iter().map(|c| c.path.clone()).zip(&reach.wheres);
            for (at, other) in keys.chain(filters).chain(wheres) {
                if !other.steps.starts_with(&reach.grain.0) {
                    return Err(fan_out(agg, reach, &at, other, view, base));
                }
            }
            // An existence test is about a row of the plan's table: at another grain it would
            // be read once per plan row that reaches the grain's row.
            if let Some(test) = plan.exists.iter().chain(&agg.where_exists).next() {
                return Err(existence_fan_out(agg, reach, &test.path, base));
            }
        }
        Ok(())
    }
}

/// An aggregation from the one side: its related table, whose columns (or paths from it) its
/// `column` and `where` name. Each related row leads to at most one row of the plan's table, so every
/// group key and filter of the plan (read from that row) is one value per related row:
/// nothing can repeat it.
fn one_side<'a>(
    view: &'a CatalogView,
    base: &'a Table,
    agg: &Aggregation,
    of: &crate::plan::RelatedRows,
) -> Result<AggregationReach<'a>> {
    let (inner, relationship) = super::exists::related_table(view, base, of)?;
    // Columns are the related table's, or paths from it: many-to-one steps, so each related
    // row still counts once.
    let own = |name: &crate::plan::At<String>| resolve(view, inner, name);
    if let Some(test) = agg.where_exists.first() {
        return Err(CompileError::new(
            Code::UnknownField,
            &test.path,
            "an aggregation with \"of\" takes conditions on the related table's columns only",
        )
        .with_hint(format!("put the existence test in the plan's \"filters\", or ask a plan on {}", inner.name)));
    }
    let column = agg.column.as_ref().map(own).transpose()?;
    let wheres = agg.where_.iter().map(|c| own(&c.column)).collect::<Result<Vec<_>>>()?;
    Ok(AggregationReach { column, wheres, grain: (Vec::new(), Some(relationship)) })
}

/// `count` of rows, `share` and `count_distinct` read the plan's table (a value reached many
/// times is still one distinct value); every other aggregation reads the rows of the table
/// its column belongs to.
fn grain_of(agg: &Aggregation, column: Option<&Reach<'_>>) -> Vec<usize> {
    match (agg.function.value, column) {
        (Function::Share | Function::CountDistinct, _) | (_, None) => Vec::new(),
        (_, Some(reach)) => reach.steps.clone(),
    }
}

fn existence_fan_out(agg: &Aggregation, reach: &AggregationReach<'_>, at: &str, base: &Table) -> CompileError {
    let column = reach.column.as_ref().expect("only an aggregation of a column has a grain of its own");
    let grain_table = &column.table.name;
    let message = format!(
        "'{}' of '{}' reads each row of {grain_table} once, but {at} tests rows of {} (the plan's table), and one {grain_table} row can stand in many of them",
        agg.function.value.name(),
        column.written,
        base.name,
    );
    let hint = format!(
        "ask for '{}' in a plan of its own with \"table\": \"{grain_table}\" (and the existence test there, if a relationship leads to {grain_table}); a count of {} rows (\"function\": \"count\") can be filtered by it",
        column.written, base.name
    );
    CompileError::new(Code::FanOut, &agg.path, message).with_hint(hint)
}

/// The rows a path's column belongs to, as a message names them: `teams` where the path is
/// `teams.<column>`, else with the way there (`teams (by 'sender')`), since one table may be
/// reached by two ways (two roles, or through another table) that are not the same rows.
fn rows_named(written: &str, table: &str) -> String {
    match written.rsplit_once('.') {
        Some((way, _)) if way != table => format!("{table} (by '{way}')"),
        _ => table.to_string(),
    }
}

fn fan_out(
    agg: &Aggregation,
    reach: &AggregationReach<'_>,
    at: &str,
    other: &Reach<'_>,
    view: &CatalogView,
    base: &Table,
) -> CompileError {
    let column = reach.column.as_ref().expect("only an aggregation of a column has a grain of its own");
    let grain_table = &column.table.name;
    let (grain_rows, other_rows) =
        (rows_named(&column.written, grain_table), rows_named(&other.written, &other.table.name));
    let message = format!(
        "'{}' of '{}' reads each row of {grain_rows} once, but {at} ('{}') is a column of {other_rows}, which {grain_rows} does not reach through many-to-one relationships: one {grain_table} row can stand in many {} rows, and would count once for each",
        agg.function.value.name(),
        column.written,
        other.written,
        base.name,
    );
    let prefix = column.written.rsplit_once('.').map(|(p, _)| p).unwrap_or_default();
    let reachable: Vec<String> = column
        .table
        .columns
        .iter()
        .take(3)
        .map(|c| format!("\"{prefix}.{}\"", c.name))
        .chain(view.relationships.iter().enumerate().filter(|(_, r)| &r.from_table == grain_table).take(1).map(
            |(index, r)| {
                let first = view.table(&r.to_table).and_then(|t| t.columns.first()).map(|c| c.name.as_str());
                format!("\"{prefix}.{}.{}\"", super::ways::step_name(view, index), first.unwrap_or("…"))
            },
        ))
        .collect();
    let hint = format!(
        "group and filter '{}' only by columns {grain_table} reaches, such as {}; or ask for it in a plan of its own with \"table\": \"{grain_table}\"; a count of {} rows (\"function\": \"count\") or count_distinct can be grouped by anything",
        column.written,
        reachable.join(", "),
        base.name,
    );
    CompileError::new(Code::FanOut, &agg.path, message).with_hint(hint)
}
