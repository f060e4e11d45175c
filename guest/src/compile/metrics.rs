//! Metrics the operator defined (`[metrics.<name>]`): a plan's `{"metric": "<name>"}` is
//! replaced by the definition, parsed as a plan's own aggregation, before anything else is
//! compiled, so a metric is grouped, filtered and checked like any aggregation.

use crate::error::{Code, CompileError, Result};
use crate::model::{AggregateRole, CatalogView};
use crate::plan::{self, Aggregation, At, Plan};

/// `plan` with every metric replaced by its definition. The answer column keeps the
/// metric's name unless the plan gave an `alias`.
pub(super) fn expand(mut plan: Plan, view: &CatalogView) -> Result<Plan> {
    for agg in &mut plan.aggregations {
        let Some(name) = agg.metric.clone() else { continue };
        let metric = view.metrics.iter().find(|m| m.name == name.value && m.table == plan.table.value);
        let Some(metric) = metric else {
            return Err(unknown(&name, &plan.table.value, view));
        };
        let mut definition = plan::parse_metric_definition(&metric.aggregation, &name.path)?;
        definition.alias =
            Some(agg.alias.clone().unwrap_or_else(|| At { value: metric.name.clone(), path: name.path.clone() }));
        definition.path = agg.path.clone();
        definition.metric = Some(name);
        *agg = definition;
    }
    Ok(plan)
}

fn unknown(name: &At<String>, table: &str, view: &CatalogView) -> CompileError {
    let clipped = plan::clip(&name.value);
    let elsewhere = view.metrics.iter().find(|m| m.name == name.value);
    let own: Vec<&str> = view.metrics.iter().filter(|m| m.table == table).map(|m| m.name.as_str()).collect();
    let message = match elsewhere {
        Some(metric) => {
            format!("the metric '{clipped}' is defined on {}, and this plan's table is {table}", metric.table)
        }
        None => format!("there is no metric '{clipped}'"),
    };
    let hint = match (elsewhere, own.as_slice()) {
        (Some(metric), _) => format!("ask for it in a plan with \"table\": \"{}\"", metric.table),
        (None, []) => format!(
            "no metric is defined on {table}; write the aggregation itself (\"function\", \"column\"), or ask the operator to define one in querycell.toml ([metrics.<name>])"
        ),
        (None, some) => format!("metrics of {table}: {}", some.join(", ")),
    };
    CompileError::new(Code::UnknownMetric, &name.path, message).with_hint(hint)
}

/// The explanation's words for an aggregation: a metric's name and definition, its unit and
/// the operator's description, so the receipt says what the number means.
pub(super) fn phrase(view: &CatalogView, agg: &Aggregation, name: &str, computed: String) -> String {
    let Some(metric) = agg.metric.as_ref().and_then(|m| view.metrics.iter().find(|d| d.name == m.value)) else {
        return computed;
    };
    let unit = metric.unit.as_ref().map(|u| format!(", in {u}")).unwrap_or_default();
    let description = if metric.description.is_empty() { String::new() } else { format!(": {}", metric.description) };
    format!("{name} (the metric {}{description}; {computed}{unit})", metric.name)
}

/// The parts of an aggregation's role its metric gives: the metric's name and unit (the
/// rest is filled in by the aggregation itself).
pub(super) fn role(view: &CatalogView, agg: &Aggregation) -> AggregateRole {
    let metric = agg.metric.as_ref().and_then(|m| view.metrics.iter().find(|d| d.name == m.value));
    AggregateRole {
        function: String::new(),
        column: None,
        of: None,
        filter: None,
        p: None,
        metric: metric.map(|m| m.name.clone()),
        unit: metric.and_then(|m| m.unit.clone()),
    }
}
