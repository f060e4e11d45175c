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
//! row_filters = [{ column = "tenant_id", equals_context = "tenant" }]
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
//! Enforcement is the host's, on the query connection itself: every table the policy
//! touches is shadowed by a temporary view of the same name that selects only the visible
//! columns under the row filters ([`PolicedTable::view_sql`]). The base tables keep their
//! names only qualified by database or schema, and the host's parse-tree check refuses every
//! qualified name, so no statement the compiler returns (a plan's, or SQL mode's alias, CTE,
//! subquery, join, `*`, `t.*`, `COLUMNS(*)`, `SELECT t FROM t`) can name them. Hidden tables
//! are left out of the relation allowlist, and out of the catalog the compiler sees, so a
//! request that names one is refused as if it did not exist. Schema output shows the same
//! view, and leaves out value lists and statistics of row-filtered tables, which were
//! computed over every row.

use std::collections::BTreeMap;
use std::path::Path;

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::budget::{Budget, BudgetRules};
use crate::catalog::Catalog;
use crate::config::{load_operator_file, toml_error_line};
use crate::error::{Error, Result};
use crate::request_limits::{RequestLimits, RequestRules};

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

/// `column = context value`: the only row filter this version knows.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
struct RowFilterRule {
    column: String,
    equals_context: String,
}

/// A policy file, read and checked against nothing yet.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Policy {
    rules: PolicyFile,
    /// `sha256:` of the file's bytes: which policy a receipt was answered under.
    id: String,
}

/// What a policy does to one table on the query connection: the view that replaces it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PolicedTable {
    /// The table's name (and its view's).
    pub name: String,
    /// The columns the view keeps, in the table's order.
    pub columns: Vec<String>,
    /// `(column, value)`: rows where the column equals the value, all of them.
    pub filters: Vec<(String, String)>,
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
    /// Columns hidden in the tables that are replaced by a view.
    pub hidden_columns: Vec<String>,
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
}

impl Policy {
    /// Read the policy file; errors name its line (`policy_invalid`).
    pub fn load(path: &Path) -> Result<Policy> {
        load_operator_file(path, "--policy", "policy_unreadable", Self::parse)
    }

    /// Parse a policy file's text.
    pub fn parse(text: &str) -> Result<Policy> {
        let rules: PolicyFile = toml::from_str(text).map_err(|e| {
            Error::refused("policy_invalid", format!("{}{}", toml_error_line(text, &e), e.message()))
                .at("--policy")
                .hint("per table: visible = false, hidden_columns = [\"c\"], row_filters = [{ column = \"c\", equals_context = \"key\" }]; [budget]: caller_context, queries_per_day, query_ms_per_day, max_concurrent_queries (1 or more), state_file; [requests]: caller_context, max_rows, timeout_ms; [requests.callers.\"caller\"]: max_rows, timeout_ms")
        })?;
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
        let mut bound =
            BoundPolicy { id: self.id.clone(), hidden_tables: Vec::new(), policed: Vec::new(), hidden_columns: Vec::new(), row_filtered: Vec::new(), filters_described: Vec::new(), missing_context: Vec::new(), budget: None, request_limits: RequestLimits::default() };
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
                    return Err(invalid(format!("the policy names the column `{name}.{column}`, which the table does not have")));
                }
            }
            if !rules.visible {
                bound.hidden_tables.push(name.clone());
                continue;
            }
            let columns: Vec<String> = table.columns.iter().map(|c| c.name.clone()).filter(|c| !rules.hidden_columns.contains(c)).collect();
            bound.hidden_columns.extend(rules.hidden_columns.iter().cloned());
            if columns.is_empty() {
                return Err(invalid(format!("the policy hides every column of `{name}`; hide the table instead (visible = false)")));
            }
            let mut filters = Vec::new();
            if !rules.row_filters.is_empty() {
                bound.row_filtered.push(name.clone());
            }
            for filter in &rules.row_filters {
                bound.filters_described.push(format!("{name}.{} = context {}", filter.column, filter.equals_context));
                match context.get(&filter.equals_context) {
                    Some(value) => filters.push((filter.column.clone(), value.clone())),
                    None if !bound.missing_context.contains(&filter.equals_context) => bound.missing_context.push(filter.equals_context.clone()),
                    None => {}
                }
            }
            if columns.len() < table.columns.len() || !rules.row_filters.is_empty() {
                bound.policed.push(PolicedTable { name: name.clone(), columns, filters });
            }
        }
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
            for column in &mut table.columns {
                column.stats = Default::default();
            }
        }
        visible
    }

    /// The refusal every query gets while a context value the policy needs is missing.
    pub fn missing_context_error(&self) -> Option<Error> {
        (!self.missing_context.is_empty()).then(|| {
            Error::refused("missing_context", format!("the policy needs the context value(s) {} and the deployment did not give them", self.missing_context.join(", ")))
                .at("--context")
                .hint("start querycell with --context KEY=VALUE for each; without them no query runs")
        })
    }
}

impl PolicedTable {
    /// `CREATE TEMP VIEW` shadowing the table in `database` (the data file's catalog name):
    /// the visible columns, under the row filters. Names are quoted identifiers, values
    /// quoted string literals: both come from the operator's policy and the deployment's
    /// context, never from a request, and are quoted anyway.
    pub fn view_sql(&self, database: &str) -> String {
        let columns = self.columns.iter().map(|c| quote_identifier(c)).collect::<Vec<_>>().join(", ");
        let mut sql = format!(
            "CREATE TEMP VIEW {} AS SELECT {columns} FROM {}.main.{}",
            quote_identifier(&self.name),
            quote_identifier(database),
            quote_identifier(&self.name)
        );
        for (i, (column, value)) in self.filters.iter().enumerate() {
            sql.push_str(if i == 0 { " WHERE " } else { " AND " });
            // Compared as text, so a number column and a text context value compare the way
            // a person reads them, and a value that is no number is no match, not an error.
            sql.push_str(&format!("CAST({} AS VARCHAR) = {}", quote_identifier(column), quote_literal(value)));
        }
        sql
    }
}

fn quote_identifier(name: &str) -> String {
    format!("\"{}\"", name.replace('"', "\"\""))
}

fn quote_literal(value: &str) -> String {
    format!("'{}'", value.replace('\'', "''"))
}

fn invalid(message: String) -> Error {
    Error::refused("policy_invalid", message).at("--policy").hint("the policy must name tables and columns of this index (see `querycell schema`)")
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
        let table = PolicedTable { name: "in\"c".into(), columns: vec!["a".into()], filters: vec![("t".into(), "o'brien".into())] };
        assert_eq!(table.view_sql("db"), "CREATE TEMP VIEW \"in\"\"c\" AS SELECT \"a\" FROM \"db\".main.\"in\"\"c\" WHERE CAST(\"t\" AS VARCHAR) = 'o''brien'");
    }

    #[test]
    fn policy_errors_name_their_line() {
        let error = Policy::parse("[tables.a]\nvisibel = false\n").unwrap_err();
        assert_eq!(error.code, "policy_invalid");
        assert!(error.message.starts_with("line 2: "), "{error}");
        let error = Policy::parse("[tables.a]\nrow_filters = [{ column = \"t\", equals = \"x\" }]\n").unwrap_err();
        assert_eq!(error.code, "policy_invalid", "a filter with a literal value is not a context filter: {error}");
    }
}
