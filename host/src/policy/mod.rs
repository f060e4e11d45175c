//! Deployment policies: tables and columns a caller may not see, and row filters that
//! neither plans nor SQL can get around.
//!
//! The policy file is the operator's (TOML, trusted, `--policy FILE` or `policy` in the
//! configuration file); the values its row filters compare with come from the trusted
//! context (`--context tenant=acme`), never from a request:
//!
//! ```toml
//! [tables.incidents]
//! hidden_columns = ["reporter_email"]
//! row_filters = [
//!   { column = "tenant_id", equals_context = "tenant" },   # --context tenant=acme
//!   { column = "team", in_context = "teams" },             # --context teams=Platform,Search
//! ]
//!
//! [tables.salaries]
//! visible = false
//!
//! [budget]
//! caller_context = "tenant"
//! queries_per_day = 1000
//! query_ms_per_day = 600000
//! max_concurrent_queries = 4
//! state_file = "/var/lib/querycell/budget.json"
//!
//! [requests]                 # per request, only ever below the deployment's limits
//! max_rows = 200
//! timeout_ms = 5000
//!
//! [requests.callers."acme"]  # the caller named by [budget]'s caller_context
//! max_rows = 20
//! ```
//!
//! Three layers apply it:
//!
//! 1. **The compiler** receives the catalog without hidden tables and columns, and each
//!    policed table with its row filters ([`BoundPolicy::annotate`]). It reads such a table
//!    only through one source query, `(SELECT <visible columns> FROM t WHERE
//!    CAST(<column> AS VARCHAR) = <param> …) AS t`, in plans and in place of every SQL-mode
//!    reference (alias, join, subquery, `*`, `t.*`, `COLUMNS(*)`, `SELECT t FROM t`).
//! 2. **The host's parse-tree check** ([`crate::check::policy`]) refuses, as
//!    `policy_violation`, a statement that reads a policed table in any other form, binds a
//!    filter parameter to anything but the context's value, or names a hidden table or
//!    column: a compiler that dropped a filter is caught, not trusted.
//! 3. **The query connection** shadows every policed table with a temporary view of the same
//!    name that keeps the visible (and filtered) columns under the row filters
//!    ([`PolicedTable::view_sql`]). The base tables keep their names only qualified by
//!    database or schema, which the parse-tree check refuses, so even a statement that got
//!    past layer 2 reads only the caller's rows.
//!
//! Schema output shows the caller's view, and leaves out value lists and statistics of
//! row-filtered tables, which were computed over every row.

use std::collections::BTreeMap;
use std::path::Path;

use serde::Deserialize;
use sha2::{Digest, Sha256};

use crate::catalog::{Catalog, MetricEntry};
use crate::error::{Code, Error, Result};
use crate::operator_file::{load_operator_file, toml_error_line};
use crate::policy::budget::{Budget, BudgetRules};
use crate::policy::request_limits::{RequestLimits, RequestRules};
use crate::sandbox::wit;
use crate::statement::PolicedTable;

pub mod budget;
pub mod request_limits;

/// A policy file as written.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
struct PolicyFile {
    #[serde(default)]
    tables: BTreeMap<String, TableRules>,
    #[serde(default)]
    budget: Option<BudgetRules>,
    #[serde(default)]
    requests: Option<RequestRules>,
}

#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
struct TableRules {
    #[serde(default = "visible_by_default")]
    visible: bool,
    #[serde(default)]
    hidden_columns: Vec<String>,
    #[serde(default)]
    row_filters: Vec<RowFilterRule>,
}

fn visible_by_default() -> bool {
    true
}

/// A row filter as written: the column, and exactly one of `equals_context` (the row's
/// value, as text, equals the context value) or `in_context` (it is one of the context
/// value's comma-separated items).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
struct RowFilterRule {
    column: String,
    equals_context: Option<String>,
    in_context: Option<String>,
}

impl RowFilterRule {
    /// `(context key, whether the value is a list)`.
    fn context(&self) -> std::result::Result<(&str, bool), String> {
        match (&self.equals_context, &self.in_context) {
            (Some(key), None) => Ok((key, false)),
            (None, Some(key)) => Ok((key, true)),
            _ => Err(format!("the row filter on `{}` needs exactly one of equals_context or in_context", self.column)),
        }
    }

    /// The values rows may have under `context`, or `None` when the context lacks them (a
    /// list with no items counts as lacking: a caller in no team is not a caller in every team).
    fn values(&self, context: &BTreeMap<String, String>) -> Option<Vec<String>> {
        let (key, list) = self.context().ok()?;
        let value = context.get(key)?;
        let values: Vec<String> = if list {
            value.split(',').map(str::trim).filter(|v| !v.is_empty()).map(String::from).collect()
        } else {
            vec![value.clone()]
        };
        (!values.is_empty()).then_some(values)
    }
}

/// A policy file, read and checked against nothing yet.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Policy {
    rules: PolicyFile,
    /// `sha256:` of the file's bytes: which policy a receipt was answered under.
    id: String,
}

/// A policy applied to a catalog with the trusted context's values.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoundPolicy {
    /// The policy file's id.
    pub id: String,
    /// Tables the caller may not see at all.
    pub hidden_tables: Vec<String>,
    /// Tables that are replaced by a view.
    pub policed: Vec<PolicedTable>,
    /// Tables with row filters: their catalog statistics describe every tenant's rows.
    pub row_filtered: Vec<String>,
    /// The row filters by name, for receipts: `incidents.tenant_id = context tenant`.
    pub filters_described: Vec<String>,
    /// Context keys the policy needs and the deployment did not give: every query is then
    /// refused (`missing_context`) rather than run unfiltered.
    pub missing_context: Vec<String>,
    /// The caller's daily budget, when the policy sets one.
    pub budget: Option<Budget>,
    /// The caller's request limits (`[requests]`), to tighten the deployment's with.
    pub request_limits: RequestLimits,
    /// The policy context's id, as receipts carry it ([`context_id`]): the policy file and
    /// the context values its row filters read.
    pub context_id: String,
}

/// The id of a policy context: `sha256:` over the policy file's id (none without a policy)
/// and the trusted context values its row filters read, by key. Two answers with the same
/// id were computed over the same rows of the same tables and columns; a receipt carries it
/// so `querycell verify` refuses to compare answers given to another caller. The values are
/// hashed rather than listed; a hash of a short value (a tenant name) can be found by trying
/// candidates, so it tells "the same context or not", and keeps no secret.
pub fn context_id(policy_id: Option<&str>, read: &BTreeMap<String, String>) -> String {
    let described = serde_json::json!(["querycell policy context", policy_id, read]);
    format!("sha256:{}", hex::encode(Sha256::digest(described.to_string().as_bytes())))
}

impl Policy {
    /// Read the policy file; errors name its line (`policy_invalid`).
    pub fn load(path: &Path) -> Result<Policy> {
        load_operator_file(path, "--policy", Code::PolicyUnreadable, Self::parse)
    }

    /// Parse a policy file's text.
    pub fn parse(text: &str) -> Result<Policy> {
        let rules: PolicyFile = toml::from_str(text).map_err(|e| {
            Error::new(Code::PolicyInvalid, format!("{}{}", toml_error_line(text, &e), e.message()))
                .at("--policy")
                .hint("per table: visible = false, hidden_columns = [\"c\"], row_filters = [{ column = \"c\", equals_context = \"key\" }] (or in_context = \"key\"); [budget]: caller_context, queries_per_day, query_ms_per_day, max_concurrent_queries (1 or more), state_file; [requests]: caller_context, max_rows, timeout_ms; [requests.callers.\"caller\"]: max_rows, timeout_ms")
        })?;
        for (name, table) in &rules.tables {
            for filter in &table.row_filters {
                filter.context().map_err(|why| {
                    let header = format!("[tables.{name}]");
                    let line = text.lines().position(|l| l.trim() == header).map(|i| format!("line {}: ", i + 1)).unwrap_or_default();
                    Error::new(Code::PolicyInvalid, format!("{line}{why}"))
                        .at("--policy")
                        .hint("write { column = \"c\", equals_context = \"key\" } for one value, or { column = \"c\", in_context = \"key\" } for a comma-separated list")
                })?;
            }
        }
        Ok(Policy { rules, id: format!("sha256:{}", hex::encode(Sha256::digest(text.as_bytes()))) })
    }

    /// The policy's id: `sha256:` of its file.
    pub fn id(&self) -> &str {
        &self.id
    }

    /// Apply the policy to `catalog` with the trusted `context`. A table or column the
    /// policy names that the catalog lacks is `policy_invalid`: a misspelt hidden column
    /// would otherwise leave the real one visible.
    pub fn bind(&self, catalog: &Catalog, context: &BTreeMap<String, String>) -> Result<BoundPolicy> {
        let mut bound = BoundPolicy {
            id: self.id.clone(),
            hidden_tables: Vec::new(),
            policed: Vec::new(),
            row_filtered: Vec::new(),
            filters_described: Vec::new(),
            missing_context: Vec::new(),
            budget: None,
            request_limits: RequestLimits::default(),
            context_id: String::new(),
        };
        if let Some(rules) = &self.rules.budget {
            match context.get(&rules.caller_context) {
                Some(caller) => bound.budget = Some(Budget::new(rules.clone(), caller.clone())),
                None => bound.missing_context.push(rules.caller_context.clone()),
            }
        }
        if let Some(rules) = &self.rules.requests {
            let budget_context = self.rules.budget.as_ref().map(|budget| budget.caller_context.as_str());
            bound.request_limits = rules.bind(budget_context, context, &mut bound.missing_context)?;
        }
        for (name, rules) in &self.rules.tables {
            let Some(table) = catalog.tables.iter().find(|t| &t.name == name) else {
                return Err(invalid(format!("the policy names the table `{name}`, which the index does not have")));
            };
            let known = |column: &str| table.columns.iter().any(|c| c.name == column);
            for column in rules.hidden_columns.iter().chain(rules.row_filters.iter().map(|f| &f.column)) {
                if !known(column) {
                    return Err(invalid(format!(
                        "the policy names the column `{name}.{column}`, which the table does not have"
                    )));
                }
            }
            if !rules.visible {
                bound.hidden_tables.push(name.clone());
                continue;
            }
            let columns: Vec<String> =
                table.columns.iter().map(|c| c.name.clone()).filter(|c| !rules.hidden_columns.contains(c)).collect();
            if columns.is_empty() {
                return Err(invalid(format!(
                    "the policy hides every column of `{name}`; hide the table instead (visible = false)"
                )));
            }
            let mut filters = Vec::new();
            if !rules.row_filters.is_empty() {
                bound.row_filtered.push(name.clone());
            }
            for filter in &rules.row_filters {
                let (key, list) = filter.context().map_err(invalid)?;
                bound.filters_described.push(format!(
                    "{name}.{} {} context {key}",
                    filter.column,
                    if list { "in" } else { "=" }
                ));
                match filter.values(context) {
                    Some(values) => filters.push((filter.column.clone(), values)),
                    None if !bound.missing_context.iter().any(|k| k == key) => {
                        bound.missing_context.push(key.to_string())
                    }
                    None => {}
                }
            }
            if columns.len() < table.columns.len() || !rules.row_filters.is_empty() {
                bound.policed.push(PolicedTable { name: name.clone(), columns, filters });
            }
        }
        let read: BTreeMap<String, String> = (self.rules.tables.values().flat_map(|t| &t.row_filters))
            .filter_map(|filter| filter.context().ok())
            .filter_map(|(key, _)| Some((key.to_string(), context.get(key)?.clone())))
            .collect();
        bound.context_id = context_id(Some(&self.id), &read);
        Ok(bound)
    }
}

impl BoundPolicy {
    /// The catalog as the caller may see it: hidden tables and columns gone, and the value
    /// lists and statistics of row-filtered tables left out (they were computed over every
    /// row, other tenants' included).
    pub fn visible_catalog(&self, catalog: &Catalog) -> Catalog {
        let mut visible = catalog.clone();
        visible.tables.retain(|t| !self.hidden_tables.contains(&t.name));
        for table in &mut visible.tables {
            let Some(policed) = self.policed.iter().find(|p| p.name == table.name) else { continue };
            table.columns.retain(|c| policed.columns.contains(&c.name));
            if !self.row_filtered.contains(&table.name) {
                continue;
            }
            table.row_count = 0;
            table.row_count_withheld = true;
            for column in &mut table.columns {
                column.stats = Default::default();
            }
        }
        self.restrict_links(&mut visible);
        visible
    }

    /// Relationships and metrics under the policy: a relationship only when the caller may
    /// see both tables and both columns (a plan must not reach, or join on, what it cannot
    /// see), its counts withheld when either table's rows are filtered (they were counted
    /// over every row); a metric only when its table, and every column it names there, is
    /// visible.
    fn restrict_links(&self, visible: &mut Catalog) {
        let tables = visible.tables.clone();
        let sees = |table: &str, column: &str| {
            tables.iter().any(|t| t.name == table && t.columns.iter().any(|c| c.name == column))
        };
        visible.relationships.retain(|r| sees(&r.from_table, &r.from_column) && sees(&r.to_table, &r.to_column));
        for relationship in &mut visible.relationships {
            if self.row_filtered.contains(&relationship.from_table)
                || self.row_filtered.contains(&relationship.to_table)
            {
                relationship.orphans = 0;
                relationship.missing_keys = 0;
                relationship.counts_withheld = true;
            }
        }
        visible.metrics.retain(|m| {
            metric_columns(m).iter().all(|(table, column)| match column {
                Some(column) => sees(table, column),
                None => tables.iter().any(|t| &t.name == table),
            })
        });
    }

    /// The compiler's catalog view under the policy: each policed table carries the row
    /// filters the compiler applies to every read of it (WIT `table-policy`).
    pub fn annotate(&self, view: &mut wit::CatalogView) {
        for table in &mut view.tables {
            if let Some(policed) = self.policed.iter().find(|p| p.name == table.name) {
                let row_filters = policed
                    .filters
                    .iter()
                    .map(|(column, values)| wit::RowFilter { column: column.clone(), values: values.clone() })
                    .collect();
                table.policy = Some(wit::TablePolicy { row_filters });
            }
        }
    }

    /// The refusal every query gets while a context value the policy needs is missing.
    pub fn missing_context_error(&self) -> Option<Error> {
        (!self.missing_context.is_empty()).then(|| {
            Error::new(Code::MissingContext, format!("the policy needs the context value(s) {} and the deployment did not give them (or gave an empty list)", self.missing_context.join(", ")))
                .at("--context")
                .hint("start querycell with --context KEY=VALUE for each; without them no query runs")
        })
    }
}

/// What a metric's aggregation names, as `(table, column)`: its own table with no column
/// (it reads the table in any case), then each column it names. A plain column is of the
/// metric's table, a path's last step of the table before it (`teams.region` is `region` of
/// `teams`).
fn metric_columns(metric: &MetricEntry) -> Vec<(String, Option<String>)> {
    let mut named = vec![(metric.table.clone(), None)];
    let Ok(aggregation) = serde_json::from_str::<serde_json::Value>(&metric.aggregation) else {
        return named;
    };
    let conditions = aggregation["where"].as_array().cloned().unwrap_or_default();
    let columns = std::iter::once(&aggregation["column"]).chain(conditions.iter().map(|c| &c["column"]));
    for name in columns.filter_map(serde_json::Value::as_str) {
        named.push(match name.rsplit_once('.') {
            Some((path, column)) => (path.rsplit('.').next().unwrap_or(path).to_string(), Some(column.to_string())),
            None => (metric.table.clone(), Some(name.to_string())),
        });
    }
    named
}

fn invalid(message: String) -> Error {
    Error::new(Code::PolicyInvalid, message)
        .at("--policy")
        .hint("the policy must name tables and columns of this index (see `querycell schema`)")
}

/// `KEY=VALUE` from `--context`.
pub fn parse_context_pair(text: &str) -> std::result::Result<(String, String), String> {
    match text.split_once('=') {
        Some((key, value)) if !key.is_empty() => Ok((key.to_string(), value.to_string())),
        _ => Err(format!("expected KEY=VALUE, got {text:?}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn view_sql_quotes_names_and_values() {
        let table = PolicedTable {
            name: "in\"c".into(),
            columns: vec!["a".into()],
            filters: vec![("t".into(), vec!["o'brien".into()]), ("a".into(), vec!["x".into(), "y".into()])],
        };
        assert_eq!(
            table.view_sql("db"),
            "CREATE TEMP VIEW \"in\"\"c\" AS SELECT \"a\", \"t\" FROM \"db\".main.\"in\"\"c\" WHERE CAST(\"t\" AS VARCHAR) IN ('o''brien') AND CAST(\"a\" AS VARCHAR) IN ('x', 'y')"
        );
    }

    /// A catalog of incidents and teams, related by team_id, with a metric on each table.
    fn related_catalog() -> Catalog {
        let column = |name: &str, kind: &str| {
            serde_json::json!({"name": name, "display_name": name, "sql_type": "BIGINT", "kind": kind, "decision": "",
                "stats": {"null_count": 0, "distinct_count": 2, "min": null, "max": null}})
        };
        let table = |name: &str, columns: Vec<serde_json::Value>| serde_json::json!({"name": name, "source": format!("{name}.csv"), "format": "csv", "row_count": 2, "columns": columns});
        serde_json::from_value(serde_json::json!({
            "format": crate::catalog::CATALOG_FORMAT,
            "snapshot": "sha256:0",
            "tables": [
                table("incidents", vec![column("team_id", "integer"), column("ack_minutes", "integer"), column("tenant", "integer")]),
                table("teams", vec![column("team_id", "integer"), column("headcount", "integer")]),
            ],
            "relationships": [{"from_table": "incidents", "from_column": "team_id", "to_table": "teams",
                "to_column": "team_id", "orphans": 3, "missing_keys": 1}],
            "metrics": [
                {"name": "mtta", "table": "incidents", "aggregation": "{\"function\":\"avg\",\"column\":\"ack_minutes\"}"},
                {"name": "staff", "table": "teams", "aggregation": "{\"function\":\"sum\",\"column\":\"headcount\"}"},
            ],
        }))
        .unwrap()
    }

    fn view_under(policy: &str) -> (Catalog, wit::CatalogView) {
        let catalog = related_catalog();
        let context = BTreeMap::from([("tenant".to_string(), "1".to_string())]);
        let visible = Policy::parse(policy).unwrap().bind(&catalog, &context).unwrap().visible_catalog(&catalog);
        let view = visible.view(&crate::limits::Limits::default(), crate::calendar::Date::today_utc());
        (visible, view)
    }

    #[test]
    fn a_relationship_is_in_the_view_only_when_its_tables_and_columns_are_visible() {
        let (_, view) = view_under("");
        assert_eq!(view.relationships.len(), 1);
        assert_eq!(view.metrics.iter().map(|m| m.name.as_str()).collect::<Vec<_>>(), ["mtta", "staff"]);

        let (_, view) = view_under("[tables.incidents]\nhidden_columns = [\"team_id\"]\n");
        assert!(view.relationships.is_empty(), "a hidden join column takes the relationship with it");
        assert_eq!(view.metrics.len(), 2, "the metrics read no hidden column");

        let (_, view) = view_under("[tables.teams]\nvisible = false\n");
        assert!(view.relationships.is_empty());
        assert_eq!(view.metrics.iter().map(|m| m.name.as_str()).collect::<Vec<_>>(), ["mtta"]);

        let (_, view) = view_under("[tables.incidents]\nhidden_columns = [\"ack_minutes\"]\n");
        assert_eq!(view.metrics.iter().map(|m| m.name.as_str()).collect::<Vec<_>>(), ["staff"]);
    }

    #[test]
    fn a_row_filter_on_either_table_withholds_the_relationship_counts() {
        let (visible, view) =
            view_under("[tables.incidents]\nrow_filters = [{ column = \"tenant\", equals_context = \"tenant\" }]\n");
        assert_eq!(view.relationships.len(), 1);
        let relationship = &visible.relationships[0];
        assert!(relationship.counts_withheld);
        assert_eq!((relationship.orphans, relationship.missing_keys), (0, 0));
        let (visible, _) = view_under("");
        assert_eq!((visible.relationships[0].orphans, visible.relationships[0].counts_withheld), (3, false));
    }

    #[test]
    fn policy_errors_name_their_line() {
        let error = Policy::parse("[tables.a]\nvisibel = false\n").unwrap_err();
        assert_eq!(error.code, "policy_invalid");
        assert!(error.message.starts_with("line 2: "), "{error}");
        let error = Policy::parse("[tables.a]\nrow_filters = [{ column = \"t\", equals = \"x\" }]\n").unwrap_err();
        assert_eq!(error.code, "policy_invalid", "a filter with a literal value is not a context filter: {error}");
    }

    #[test]
    fn a_filter_of_both_or_neither_form_is_refused_with_its_tables_line() {
        let error = Policy::parse(
            "# tenants\n[tables.t]\nrow_filters = [{ column = \"c\", equals_context = \"a\", in_context = \"b\" }]\n",
        )
        .unwrap_err();
        assert_eq!(error.code, "policy_invalid");
        assert!(error.message.starts_with("line 2: the row filter on `c` needs exactly one of"), "{error}");
        assert!(Policy::parse("[tables.t]\nrow_filters = [{ column = \"c\" }]\n").is_err());
    }

    #[test]
    fn a_filter_takes_one_context_value_or_a_list_and_an_empty_list_is_missing() {
        let both = RowFilterRule { column: "t".into(), equals_context: Some("a".into()), in_context: Some("b".into()) };
        assert!(both.context().is_err());
        let neither = RowFilterRule { column: "t".into(), equals_context: None, in_context: None };
        assert!(neither.context().is_err());
        let list = RowFilterRule { column: "team".into(), equals_context: None, in_context: Some("teams".into()) };
        let context = |value: &str| BTreeMap::from([("teams".to_string(), value.to_string())]);
        assert_eq!(
            list.values(&context("Platform, Search,,")),
            Some(vec!["Platform".to_string(), "Search".to_string()])
        );
        assert_eq!(list.values(&context(" , ")), None, "a caller in no team is not a caller in every team");
        assert_eq!(list.values(&BTreeMap::new()), None);
        let one = RowFilterRule { column: "tenant".into(), equals_context: Some("teams".into()), in_context: None };
        assert_eq!(one.values(&context("a,b")), Some(vec!["a,b".to_string()]), "equals_context takes the value whole");
    }
}
