//! Metrics at ingest: the `[metrics.<name>]` of every root's `querycell.toml`, gathered into
//! the catalog's list, and each compiled by the bundled compiler before the index is
//! published, so a metric that plans could never use is refused at ingest (`metric_invalid`)
//! rather than at the first question that asks for it.

use std::collections::BTreeMap;

use crate::calendar::Date;
use crate::catalog::{Catalog, MetricEntry};
use crate::error::{Code, Error, ErrorClass, Result};
use crate::limits::Limits;
use crate::sandbox::Sandbox;

use super::sources::Root;

/// A metric as `querycell.toml` defined it, with the file that defined it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Defined {
    /// What the catalog records.
    pub entry: MetricEntry,
    /// The `querycell.toml` it came from, for messages.
    pub source: String,
}

/// Every root's metrics, by name. The same definition in two files is one metric; two
/// different definitions under one name are `sidecar_invalid`, since a plan could not say
/// which it means.
pub fn gather(roots: &[Root]) -> Result<Vec<Defined>> {
    let mut defined: BTreeMap<String, Defined> = BTreeMap::new();
    for root in roots {
        for (name, setting) in &root.sidecar.metrics {
            let entry = MetricEntry {
                name: name.clone(),
                table: setting.table.clone(),
                aggregation: setting.aggregation_json(),
                description: setting.description.clone(),
                unit: setting.unit.clone(),
            };
            match defined.get(name) {
                Some(first) if first.entry != entry => {
                    return Err(Error::new(
                        Code::SidecarInvalid,
                        format!(
                            "metrics.{name} is defined in {} and differently in {}",
                            first.source, root.sidecar_path
                        ),
                    )
                    .at(&root.sidecar_path)
                    .hint(
                        "a metric's name means one aggregation: define it once, or give the other a name of its own",
                    ));
                }
                Some(_) => {}
                None => {
                    defined.insert(name.clone(), Defined { entry, source: root.sidecar_path.clone() });
                }
            }
        }
    }
    Ok(defined.into_values().collect())
}

/// Compile `{"table": T, "aggregations": [{"metric": NAME}]}` for each metric with the
/// bundled compiler, against every table, relationship and metric of `catalog` (no policy:
/// the operator defines metrics for the whole index). The compiler's refusal becomes
/// `metric_invalid`, quoting it; any other failure is returned as it is.
pub fn check(catalog: &Catalog, metrics: &[Defined]) -> Result<()> {
    if metrics.is_empty() {
        return Ok(());
    }
    let limits = Limits::default();
    let sandbox = Sandbox::bundled(limits.clone())?;
    let view = catalog.view(&limits, Date::today_utc());
    for metric in metrics {
        let name = &metric.entry.name;
        let plan = serde_json::json!({"table": metric.entry.table, "aggregations": [{"metric": name}]}).to_string();
        match sandbox.compile_plan(&plan, &view) {
            Ok(_) => {}
            Err(refusal) if refusal.class == ErrorClass::Refused => {
                let at = if refusal.path.is_empty() || refusal.path == "$" {
                    String::new()
                } else {
                    format!(" (at {})", refusal.path)
                };
                return Err(Error::new(
                    Code::MetricInvalid,
                    format!(
                        "{}: metrics.{name} ({} on {}) does not compile: {} [{}]{at}",
                        metric.source, metric.entry.aggregation, metric.entry.table, refusal.message, refusal.code
                    ),
                )
                .at(&metric.source)
                .hint(refusal.hint.unwrap_or_else(|| {
                    "a metric is one plan aggregation on its table: function, column, where, p (docs/relationships.md)"
                        .to_string()
                })));
            }
            Err(failure) => return Err(failure),
        }
    }
    Ok(())
}
