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
    /// The steps from the plan's table to the table whose rows it reads.
    pub grain: Vec<usize>,
}

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
            let column = agg.column.as_ref().map(|c| resolve(view, base, c)).transpose()?;
            let wheres = all(agg.where_.iter().map(|c| &c.column).collect())?;
            let grain = grain_of(agg, column.as_ref());
            aggregations.push(AggregationReach { column, wheres, grain });
        }
        let filters = all(plan.filters.iter().map(|f| &f.column).collect())?;
        let reaches = Reaches { columns, keys, filters, aggregations };
        reaches.check_fan_out(plan, view, base)?;
        Ok(reaches)
    }

    /// The distinct grains of the aggregations, in the order they first appear (the plan's
    /// table alone when it has none).
    pub fn grains(&self) -> Vec<Vec<usize>> {
        let mut grains: Vec<Vec<usize>> = Vec::new();
        for agg in &self.aggregations {
            if !grains.contains(&agg.grain) {
                grains.push(agg.grain.clone());
            }
        }
        if grains.is_empty() {
            grains.push(Vec::new());
        }
        grains
    }

    /// What a query at `grain` reads: the group keys, the filters, and the columns of the
    /// aggregations computed there.
    pub fn at(&self, grain: &[usize]) -> Vec<&Reach<'a>> {
        let own = self.aggregations.iter().filter(|a| a.grain == grain);
        self.columns
            .iter()
            .chain(&self.keys)
            .chain(&self.filters)
            .chain(own.flat_map(|a| a.column.iter().chain(&a.wheres)))
            .collect()
    }

    fn check_fan_out(&self, plan: &Plan, view: &CatalogView, base: &Table) -> Result<()> {
        for (agg, reach) in plan.aggregations.iter().zip(&self.aggregations) {
            if reach.grain.is_empty() {
                continue;
            }
            let keys = plan.group_by.iter().enumerate().map(|(i, _)| format!("group_by[{i}]")).zip(&self.keys);
            let filters = plan.filters.iter().map(|f| f.path.clone()).zip(&self.filters);
            let wheres = agg.where_.iter().map(|c| c.path.clone()).zip(&reach.wheres);
            for (at, other) in keys.chain(filters).chain(wheres) {
                if !other.steps.starts_with(&reach.grain) {
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
    let message = format!(
        "'{}' of '{}' reads each row of {grain_table} once, but {at} ('{}') is a column of {}, which {grain_table} does not reach through many-to-one relationships: one {grain_table} row can stand in many {} rows, and would count once for each",
        agg.function.value.name(),
        column.written,
        other.written,
        other.table.name,
        base.name,
    );
    let prefix = column.written.rsplit_once('.').map(|(p, _)| p).unwrap_or_default();
    let reachable: Vec<String> = column
        .table
        .columns
        .iter()
        .take(3)
        .map(|c| format!("\"{prefix}.{}\"", c.name))
        .chain(view.relationships.iter().filter(|r| &r.from_table == grain_table).take(1).map(|r| {
            let first = view.table(&r.to_table).and_then(|t| t.columns.first()).map(|c| c.name.as_str());
            format!("\"{prefix}.{}.{}\"", r.to_table, first.unwrap_or("…"))
        }))
        .collect();
    let hint = format!(
        "group and filter '{}' only by columns {grain_table} reaches, such as {}; or ask for it in a plan of its own with \"table\": \"{grain_table}\"; a count of {} rows (\"function\": \"count\") or count_distinct can be grouped by anything",
        column.written,
        reachable.join(", "),
        base.name,
    );
    CompileError::new(Code::FanOut, &agg.path, message).with_hint(hint)
}
