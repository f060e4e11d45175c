//! Plans whose aggregations read different tables (a count of incidents beside the headcount
//! of teams, by region). Each grain's aggregations are computed by a query of their own over
//! their table's rows, each row once, grouped by the plan's keys and filtered by its filters;
//! the groups of all grains are then put side by side by a full join on the keys, where a
//! missing key matches a missing key. A group a grain lacks shows 0 for its counts and a
//! missing value for its other aggregations.
//!
//! The outer query takes the place of the single query's GROUP BY: its rows are the groups,
//! so `having` becomes its WHERE, and the counts the host reads (nulls skipped, orphans,
//! groups) are window sums over the per-group counts each grain's query carries.

use querycell_contract::sql::COUNT_COLUMN_PREFIX;

use super::grain::{Grain, Reaches};
use super::one_side;
use super::paths::Frame;
use super::{
    aggregate_output, count_query, group_output, joined_with_and, null_probe, resolved_dates, select_list, Compilation,
    CompiledCondition, Ordering, Output, Scope, Shape,
};
use crate::error::Result;
use crate::model::{CatalogView, Compiled, OutputColumn, Param, ProbeCount, Query, Table};
use crate::plan::{Function, Plan};
use crate::sql::Params;

/// One grain's query, compiled.
struct Part<'a> {
    frame: &'a Frame<'a>,
    /// For aggregations from the one side: the join of their related table, and the
    /// values its source binds.
    related: Option<(String, Vec<Param>)>,
    keys: Vec<Output>,
    /// The aggregations computed here, with their index in the plan.
    aggregates: Vec<(usize, Output)>,
    filters: Vec<CompiledCondition>,
}

/// Compile `plan`, whose aggregations have the distinct `grains`.
pub(super) fn compile(
    plan: &Plan,
    view: &CatalogView,
    table: &Table,
    reaches: &Reaches<'_>,
    grains: &[Grain],
) -> Result<Compiled> {
    let frames: Vec<Frame<'_>> = grains
        .iter()
        .map(|g| {
            let frame = Frame::at(view, table, g.0.clone(), &reaches.at(g));
            // Beside a joined related table, no column of the plan's may go unqualified.
            if g.1.is_some() {
                frame.named(&table.name)
            } else {
                frame
            }
        })
        .collect();
    let related_frames: Vec<Option<Frame<'_>>> = grains
        .iter()
        .map(|g| g.1.and_then(|index| one_side::related_frame(view, index, &reaches.related_at(g))))
        .collect();
    let mut parts = Vec::new();
    for ((grain, frame), related) in grains.iter().zip(&frames).zip(&related_frames) {
        let scope = Scope { view, table, frame };
        let keys = plan.group_by.iter().map(|key| group_output(scope, key)).collect::<Result<Vec<_>>>()?;
        let mut aggregates = Vec::new();
        for (i, agg) in plan.aggregations.iter().enumerate() {
            if &reaches.aggregations[i].grain != grain {
                continue;
            }
            let output = match (related, grain.1) {
                (Some(related), Some(index)) => {
                    let inner = Scope { view, table: related.root(), frame: related };
                    one_side::output(inner, agg, &view.relationships[index])?
                }
                _ => aggregate_output(scope, agg)?,
            };
            aggregates.push((i, output));
        }
        let filters = scope.row_filters(plan)?;
        let related = related.as_ref().zip(grain.1).map(|(related, index)| one_side::join(view, frame, related, index));
        parts.push(Part { frame, related, keys, aggregates, filters });
    }
    let shape = outer_shape(plan, &parts, view);
    let shallowest = (0..parts.len()).min_by_key(|i| (grains[*i].0.len(), grains[*i].1.is_some())).unwrap_or_default();
    let compilation = Compilation {
        view,
        table,
        frame: parts[shallowest].frame,
        shape,
        params: Params::default(),
        warnings: Vec::new(),
    };
    compilation.run_grains(plan, &parts, shallowest)
}

/// The answer's columns over the grains' queries `g0`, `g1`, …: each key the first of its
/// grains' values that is present, each aggregation its grain's column.
fn outer_shape(plan: &Plan, parts: &[Part<'_>], view: &CatalogView) -> Shape {
    let dialect = view.dialect;
    let column = |part: usize, name: &str| format!("{}.{}", dialect.quote(&format!("g{part}")), dialect.quote(name));
    let keys = parts[0]
        .keys
        .iter()
        .enumerate()
        .map(|(k, key)| {
            let each: Vec<String> = (0..parts.len()).map(|p| column(p, &format!("k{k}"))).collect();
            Output {
                expression: format!("coalesce({})", each.join(", ")),
                params: Vec::new(),
                filter: None,
                ..key.clone()
            }
        })
        .collect();
    let mut aggregates = Vec::new();
    for i in 0..plan.aggregations.len() {
        let Some((p, output)) = parts
            .iter()
            .enumerate()
            .find_map(|(p, part)| part.aggregates.iter().find(|(j, _)| *j == i).map(|(_, o)| (p, o)))
        else {
            continue;
        };
        let own = column(p, &format!("a{i}"));
        let counts = matches!(plan.aggregations[i].function.value, Function::Count | Function::CountDistinct);
        let expression = if counts { format!("coalesce({own}, 0)") } else { own };
        aggregates.push(Output { expression, params: Vec::new(), filter: None, ..output.clone() });
    }
    Shape::Aggregation { keys, aggregates }
}

impl Compilation<'_> {
    fn run_grains(mut self, plan: &Plan, parts: &[Part<'_>], shallowest: usize) -> Result<Compiled> {
        self.check_unique_outputs()?;
        let dialect = self.view.dialect;
        let outputs: Vec<Output> = self.shape.outputs().into_iter().cloned().collect();
        let select_list = select_list(&outputs, dialect);
        let (from, from_params, main_counts, count_columns) = self.grain_queries(parts);
        let having = self.having(plan, &outputs)?;
        let body = format!(" FROM {from}{}", joined_with_and(" WHERE", &having));
        let body_params: Vec<Param> =
            from_params.into_iter().chain(having.iter().flat_map(|c| c.params.iter().cloned())).collect();
        self.params.extend(body_params.iter().cloned());
        let Ordering { sql: order_sql, phrase: order_phrase, keys: order } = self.order_by(plan, &outputs)?;
        let limit = self.limit(plan);
        let limit_placeholder = self.params.bind(Param::Integer(i64::from(limit) + 1));
        let main_sql =
            format!("SELECT {select_list}{count_columns}{body} ORDER BY {order_sql} LIMIT {limit_placeholder}");

        let probe_part = &parts[shallowest];
        let (probe_from, probe_params) = probe_part.frame.sources_sql();
        let null_probe = null_probe(&probe_from, &probe_params, &probe_part.filters, dialect);
        let mut explanation = self.explanation(plan, &outputs, &probe_part.filters, &having, order_phrase, limit);
        let grains: Vec<String> = parts
            .iter()
            .map(|p| match p.aggregates.first() {
                Some((i, _)) => match &plan.aggregations[*i].of {
                    Some(of) => of.table.value.clone(),
                    None => p.frame.root().name.clone(),
                },
                None => p.frame.root().name.clone(),
            })
            .collect();
        explanation.push_str(&format!(
            "; each aggregation is computed over the rows of its own table ({}), each row once, and the groups are matched by their keys",
            grains.join(", ")
        ));
        let resolved_dates = resolved_dates(&probe_part.filters, &having, &outputs);
        Ok(Compiled {
            main: Query { sql: main_sql, params: self.params.into_vec() },
            count: count_query(&select_list, &body, body_params, dialect),
            main_counts,
            null_probe,
            columns: outputs
                .iter()
                .map(|o| OutputColumn { name: o.name.clone(), kind: o.kind, role: o.role.clone() })
                .collect(),
            order,
            limit,
            explanation,
            warnings: self.warnings,
            resolved_dates,
            reading: Vec::new(),
        })
    }

    /// The FROM over every grain's query, its values, and the counts the answer carries:
    /// what each count means, and the window columns that compute them.
    fn grain_queries(&self, parts: &[Part<'_>]) -> (String, Vec<Param>, Vec<ProbeCount>, String) {
        let dialect = self.view.dialect;
        let quote_ident = |name: &str| dialect.quote(name);
        let mut from = String::new();
        let mut params = Vec::new();
        let mut main_counts = Vec::new();
        let mut count_columns = String::new();
        for (p, part) in parts.iter().enumerate() {
            let (sql, query_params, counts) = grain_query(part, self.view);
            let alias = quote_ident(&format!("g{p}"));
            let joined = match p {
                0 => format!("({sql}) AS {alias}"),
                _ if part.keys.is_empty() => format!(" CROSS JOIN ({sql}) AS {alias}"),
                _ => {
                    let on: Vec<String> = (0..part.keys.len())
                        .map(|k| {
                            let earlier: Vec<String> = (0..p)
                                .map(|e| format!("{}.{}", quote_ident(&format!("g{e}")), quote_ident(&format!("k{k}"))))
                                .collect();
                            // In parentheses: DuckDB binds IS NOT DISTINCT FROM tighter
                            // than AND, but sqlparser (the fuzz oracle's reader, and SQL
                            // mode's) reads `x IS NOT DISTINCT FROM y AND …` as
                            // `x IS NOT DISTINCT FROM (y AND …)`. One reading for every parser.
                            format!(
                                "(coalesce({}) IS NOT DISTINCT FROM {alias}.{})",
                                earlier.join(", "),
                                quote_ident(&format!("k{k}"))
                            )
                        })
                        .collect();
                    format!(" FULL OUTER JOIN ({sql}) AS {alias} ON {}", on.join(" AND "))
                }
            };
            from.push_str(&joined);
            params.extend(query_params);
            for (count, column) in counts {
                count_columns.push_str(&format!(
                    ", coalesce(sum({alias}.{}) OVER (), 0) AS {}",
                    quote_ident(&column),
                    quote_ident(&format!("{COUNT_COLUMN_PREFIX}{}", main_counts.len()))
                ));
                main_counts.push(count);
            }
        }
        main_counts.push(ProbeCount::AnswerRows);
        count_columns
            .push_str(&format!(", count(*) OVER () AS {}", quote_ident(&format!("{COUNT_COLUMN_PREFIX}rows"))));
        (from, params, main_counts, count_columns)
    }
}

/// One grain's query: its keys as `k0…`, its aggregations as `a<plan index>`, and per group
/// the counts the answer sums (nulls each aggregation skipped, rows whose path broke at a
/// join), with what each count means and its column.
fn grain_query(part: &Part<'_>, view: &CatalogView) -> (String, Vec<Param>, Vec<(ProbeCount, String)>) {
    let dialect = view.dialect;
    let quote_ident = |name: &str| dialect.quote(name);
    let mut select = Vec::new();
    let mut params = Vec::new();
    let mut counts = Vec::new();
    for (k, key) in part.keys.iter().enumerate() {
        select.push(format!("{} AS {}", key.expression, quote_ident(&format!("k{k}"))));
        params.extend(key.params.iter().cloned());
    }
    for (i, output) in &part.aggregates {
        select.push(format!("{} AS {}", output.expression, quote_ident(&format!("a{i}"))));
        params.extend(output.params.iter().cloned());
    }
    for (i, output) in &part.aggregates {
        let Some(skipped) = &output.skips_nulls_of else { continue };
        let mut condition = format!("{skipped} IS NULL");
        if let Some(filter) = &output.filter {
            condition.push_str(&format!(" AND {}", filter.sql));
            params.extend(filter.params.iter().cloned());
        }
        let column = format!("n{i}");
        select.push(format!("count(*) FILTER (WHERE {condition}) AS {}", quote_ident(&column)));
        counts.push((ProbeCount::AggregateSkipped(output.name.clone()), column));
    }
    // A one-side query counts related rows; the plan's table's own query counts its orphans.
    let unmatched = if part.related.is_some() { Vec::new() } else { part.frame.unmatched_conditions() };
    for (j, (condition, relationship)) in unmatched.into_iter().enumerate() {
        let column = format!("u{j}");
        select.push(format!("count(*) FILTER (WHERE {condition}) AS {}", quote_ident(&column)));
        counts.push((ProbeCount::Unmatched(part.frame.root().name.clone(), relationship.clone()), column));
    }
    if select.is_empty() {
        // The plan's table's query when it only supplies the groups: a column to select.
        select.push(format!("count(*) AS {}", quote_ident("rows")));
    }
    let (mut from, from_params) = part.frame.sources_sql();
    params.extend(from_params);
    if let Some((join, join_params)) = &part.related {
        from.push_str(join);
        params.extend(join_params.iter().cloned());
    }
    params.extend(part.filters.iter().flat_map(|c| c.params.iter().cloned()));
    let group_by = if part.keys.is_empty() {
        String::new()
    } else {
        format!(" GROUP BY {}", part.keys.iter().map(|k| k.expression.as_str()).collect::<Vec<_>>().join(", "))
    };
    let sql = format!("SELECT {} FROM {from}{}{group_by}", select.join(", "), joined_with_and(" WHERE", &part.filters));
    (sql, params, counts)
}
