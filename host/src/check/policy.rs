//! The host's check that a compiled statement reads what a deployment policy restricts only
//! in the form the policy allows, on DuckDB's own parse tree (`json_serialize_sql`).
//!
//! The compiler reads a policed table only through its source query (see the WIT contract's
//! `table-policy` and the guest's `policy` module):
//! `(SELECT <visible columns> FROM t WHERE CAST(<column> AS VARCHAR) = <param> AND …)`, with
//! `IN (<param>, …)` for a filter of several values.
//! This module accepts a statement only if every reference to a policed table that is not a
//! CTE in scope is the sole source of a query node of exactly that form, and returns the
//! parameters whose bound values must equal the trusted context's (checked by
//! [`PolicyCheck::check_params`] on every run, since the same text may come back with other
//! values). Anything else is `policy_violation`: a hidden table, a qualified name of a
//! policed table, a policed table read in another form. (Hidden columns need no check of
//! their own: every policed table is read only through a source that selects visible
//! columns, and a name alone, such as an output alias that happens to match, reads nothing.)
//!
//! This is one of two guards. The query connection also shadows every policed table with a
//! temporary view that applies the filters again ([`crate::policy`]), so a statement this
//! check wrongly let through still reads only the caller's rows.

use std::collections::{BTreeMap, BTreeSet};

use crate::check::relation::{base_table_key, RELATION_SEPARATOR};
use crate::check::tree::{text, Node, Object};
use crate::check::walk::{walk_in_scope, Descend};
use crate::statement::Param;

/// The keys a policy source's query node may carry, with the values that say "unused"
/// checked by [`source_params`]. A DuckDB release that adds a key makes every source fail
/// the check (refused, never widened).
const SOURCE_NODE_KEYS: &[&str] = &[
    "type",
    "modifiers",
    "cte_map",
    "select_list",
    "from_table",
    "where_clause",
    "group_expressions",
    "group_sets",
    "aggregate_handling",
    "having",
    "sample",
    "qualify",
];

/// What a policy lets a statement read, by [`crate::check::relation::relation_key`] (lowercased for
/// DuckDB's and Spark's case-insensitive names).
#[derive(Debug, Clone, Default)]
pub struct PolicyCheck {
    /// Tables the caller may not see at all.
    pub hidden_tables: BTreeSet<String>,
    /// Policed tables and the only form in which they may be read.
    pub sources: BTreeMap<String, SourceRule>,
}

/// The last part of a relation key: the table's own name.
fn own_name(key: &str) -> &str {
    key.rsplit(RELATION_SEPARATOR).next().unwrap_or(key)
}

/// The one form a policed table may be read in.
#[derive(Debug, Clone, Default)]
pub struct SourceRule {
    /// The visible columns: a source may select these and no others.
    pub columns: BTreeSet<String>,
    /// `(column, values)`: the source's WHERE compares each column, cast to VARCHAR, with
    /// parameters bound to exactly these values (`=` for one, `IN` for several), and does
    /// nothing else.
    pub filters: Vec<(String, Vec<String>)>,
}

/// A parameter whose bound value the policy fixes: `$index` (1-based) must be `value`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PinnedParam {
    /// The placeholder's number, 1-based (`?`s are numbered in order of appearance).
    pub index: usize,
    /// The context value it must be bound to, as text.
    pub value: String,
}

impl PolicyCheck {
    /// Whether there is anything to check.
    pub fn is_empty(&self) -> bool {
        self.hidden_tables.is_empty() && self.sources.is_empty()
    }

    /// Check the statement `tree`; on success, the parameters the policy pins.
    pub(crate) fn check_tree(&self, tree: &Node<'_>) -> Result<Vec<PinnedParam>, String> {
        let mut pinned = Vec::new();
        walk_in_scope(tree, &mut |map, ctes| {
            if let Some((name, rule)) = self.policed_source_of(map, ctes) {
                pinned.extend(
                    source_params(map, rule)
                        .map_err(|why| format!("the table '{name}' is read without the policy's form: {why}"))?,
                );
                return Ok(Descend::No);
            }
            self.refuse_names(map, ctes)?;
            Ok(Descend::Yes)
        })?;
        Ok(pinned)
    }

    /// Refuse unless every pinned parameter is bound to the policy's value.
    pub fn check_params(pinned: &[PinnedParam], params: &[Param]) -> Result<(), String> {
        for pin in pinned {
            match pin.index.checked_sub(1).and_then(|i| params.get(i)) {
                Some(Param::Text(value)) if *value == pin.value => {}
                _ => {
                    return Err(format!(
                        "parameter ${} of a policy filter is not bound to the trusted context's value",
                        pin.index
                    ))
                }
            }
        }
        Ok(())
    }

    /// The policed table a query node reads directly, when it does (not a CTE in scope).
    fn policed_source_of<'r>(&'r self, map: &Object<'_>, ctes: &[String]) -> Option<(String, &'r SourceRule)> {
        if map.get("type").and_then(Node::as_str) != Some("SELECT_NODE") {
            return None;
        }
        let from = map.get("from_table")?.as_object()?;
        if from.get("type").and_then(Node::as_str) != Some("BASE_TABLE") {
            return None;
        }
        let key = base_table_key(from).ok()?;
        if !self.sources.contains_key(&key) {
            return None;
        }
        // A table read by its name alone may be a CTE of that name; a qualified one never is.
        let name = text(from, "table_name").to_lowercase();
        if key != name {
            return self.sources.get(&key).map(|rule| (key.replace(RELATION_SEPARATOR, "."), rule));
        }
        // The node's own CTEs are in scope for its FROM too.
        let own_ctes = map
            .get("cte_map")
            .and_then(|c| c.get("map"))
            .and_then(Node::as_array)
            .map(Vec::as_slice)
            .unwrap_or_default();
        let own = own_ctes
            .iter()
            .any(|entry| entry.get("key").and_then(Node::as_str).is_some_and(|key| key.eq_ignore_ascii_case(&name)));
        if own || ctes.contains(&name) {
            return None;
        }
        self.sources.get(&name).map(|rule| (name, rule))
    }

    fn refuse_names(&self, map: &Object<'_>, ctes: &[String]) -> Result<(), String> {
        if map.get("type").and_then(Node::as_str) == Some("BASE_TABLE") {
            let name = text(map, "table_name").to_lowercase();
            let qualified = !unqualified(map);
            let is_cte = !qualified && ctes.contains(&name);
            if is_cte {
                return Ok(());
            }
            // By the table's own name too: a statement must not reach a policed or hidden
            // table through another qualification of it.
            if self.hidden_tables.iter().any(|key| own_name(key) == name) {
                return Err(format!("the statement names the table '{name}', which the policy keeps out of sight"));
            }
            if let Some(key) = self.sources.keys().find(|key| own_name(key) == name) {
                let exact = base_table_key(map).is_ok_and(|read| read == *key);
                return Err(format!(
                    "the table '{name}' is read {}without the policy's filter",
                    if qualified && !exact { "by a qualified name, " } else { "" }
                ));
            }
        }
        Ok(())
    }
}

/// Check that `node` is exactly a policy source under `rule` and return the parameters its
/// filters bind.
fn source_params(node: &Object<'_>, rule: &SourceRule) -> Result<Vec<PinnedParam>, String> {
    if let Some(key) = node.keys().find(|key| !SOURCE_NODE_KEYS.contains(key)) {
        return Err(format!("its query carries '{key}'"));
    }
    let empty = |key: &str| node.get(key).is_none_or(|v| v.is_null() || v.as_array().is_some_and(Vec::is_empty));
    for key in ["modifiers", "group_expressions", "group_sets", "having", "sample", "qualify"] {
        if !empty(key) {
            return Err(format!("its query has {key}"));
        }
    }
    if node.get("cte_map").and_then(|c| c.get("map")).and_then(Node::as_array).is_some_and(|m| !m.is_empty()) {
        return Err("its query defines CTEs".into());
    }
    if node.get("aggregate_handling").and_then(Node::as_str).is_some_and(|h| h != "STANDARD_HANDLING") {
        return Err("its query groups".into());
    }
    let from = node.get("from_table").and_then(Node::as_object).ok_or("it has no table")?;
    let plain_from = ["sample", "at_clause"].iter().all(|key| from.get(key).is_none_or(Node::is_null))
        && text(from, "alias").is_empty()
        && from.get("column_name_alias").and_then(Node::as_array).is_none_or(Vec::is_empty);
    if !plain_from {
        return Err("its table carries an alias, a sample or a version".into());
    }
    let select = node.get("select_list").and_then(Node::as_array).ok_or("it selects nothing")?;
    for item in select {
        let column = plain_column(item).filter(|_| item.get("alias").and_then(Node::as_str).unwrap_or("").is_empty());
        match column {
            Some(name) if rule.columns.contains(&name) => {}
            _ => return Err(format!("it selects {}, which is not a visible column", clip(item))),
        }
    }
    let comparisons: Vec<&Node<'_>> = match node.get("where_clause") {
        None | Some(Node::Null) => Vec::new(),
        Some(clause) if clause.get("type").and_then(Node::as_str) == Some("CONJUNCTION_AND") => {
            clause.get("children").and_then(Node::as_array).map(|c| c.iter().collect()).unwrap_or_default()
        }
        Some(clause) => vec![clause],
    };
    let mut pinned = Vec::new();
    let mut covered = BTreeSet::new();
    for comparison in comparisons {
        let (column, indexes) = filter_comparison(comparison)
            .ok_or_else(|| format!("its WHERE holds {}, which is not a policy filter", clip(comparison)))?;
        let Some((_, values)) = rule.filters.iter().find(|(filtered, _)| *filtered == column) else {
            return Err(format!("its WHERE compares '{column}', which no policy filter names"));
        };
        if indexes.len() != values.len() {
            return Err(format!(
                "its filter on '{column}' binds {} values; the policy gives {}",
                indexes.len(),
                values.len()
            ));
        }
        covered.insert(column);
        pinned
            .extend(indexes.into_iter().zip(values).map(|(index, value)| PinnedParam { index, value: value.clone() }));
    }
    if let Some((missing, _)) = rule.filters.iter().find(|(column, _)| !covered.contains(column)) {
        return Err(format!("its WHERE lacks the filter on '{missing}'"));
    }
    Ok(pinned)
}

/// `CAST(column AS VARCHAR) = $n` as `(column, [n])`, and `CAST(column AS VARCHAR) IN ($n,
/// $m, …)` as `(column, [n, m, …])`.
fn filter_comparison(node: &Node<'_>) -> Option<(String, Vec<usize>)> {
    let (cast, parameters): (&Node<'_>, Vec<&Node<'_>>) =
        match (node.get("class")?.as_str()?, node.get("type")?.as_str()?) {
            ("COMPARISON", "COMPARE_EQUAL") => (node.get("left")?, vec![node.get("right")?]),
            ("OPERATOR", "COMPARE_IN") => {
                let (first, rest) = node.get("children")?.as_array()?.split_first()?;
                (first, rest.iter().collect())
            }
            _ => return None,
        };
    let to_varchar = cast.get("class")?.as_str()? == "CAST"
        && !cast.get("try_cast")?.as_bool()?
        && cast.pointer("/type_expr/type_name")?.as_str()?.eq_ignore_ascii_case("VARCHAR")
        && cast.pointer("/type_expr/children").and_then(Node::as_array).is_none_or(Vec::is_empty);
    if !to_varchar || parameters.is_empty() {
        return None;
    }
    let indexes =
        parameters
            .iter()
            .map(|p| {
                if p.get("class")?.as_str()? == "PARAMETER" {
                    p.get("identifier")?.as_str()?.parse().ok()
                } else {
                    None
                }
            })
            .collect::<Option<Vec<usize>>>()?;
    Some((plain_column(cast.get("child")?)?, indexes))
}

/// A one-part column reference's name, lowercased.
fn plain_column(node: &Node<'_>) -> Option<String> {
    if node.get("class")?.as_str()? != "COLUMN_REF" {
        return None;
    }
    match node.get("column_names")?.as_array()?.as_slice() {
        [Node::String(name)] => Some(name.to_lowercase()),
        _ => None,
    }
}

/// No schema or catalog before the name, in the fields DuckDB has for them (DuckDB 2 also
/// writes the whole name as `qualified_name.path`).
fn unqualified(map: &Object<'_>) -> bool {
    let path_len = map.get("qualified_name").and_then(|q| q.get("path")).and_then(Node::as_array).map_or(1, Vec::len);
    text(map, "schema_name").is_empty() && text(map, "catalog_name").is_empty() && path_len <= 1
}

/// A node for a message, cut short.
fn clip(node: &Node<'_>) -> String {
    const SHOWN_CHARS: usize = 120;
    querycell_contract::text::clip(&node.to_string(), SHOWN_CHARS)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check() -> PolicyCheck {
        let rule = SourceRule {
            columns: ["id", "title"].map(String::from).into(),
            filters: vec![("tenant".into(), vec!["a".into()])],
        };
        let listed = SourceRule {
            columns: ["team"].map(String::from).into(),
            filters: vec![("team".into(), vec!["x".into(), "y".into()])],
        };
        PolicyCheck {
            hidden_tables: ["salaries".to_string()].into(),
            sources: [("tickets".to_string(), rule), ("teams".to_string(), listed)].into(),
        }
    }

    /// `policy`'s check of DuckDB's tree of `sql`.
    fn checked(policy: &PolicyCheck, sql: &str) -> Result<Vec<PinnedParam>, String> {
        let json = crate::duck::parse_tree(sql).expect("serialised");
        policy.check_tree(&Node::parse(&json).expect("json"))
    }

    const SOURCE: &str = "(SELECT \"id\", \"title\" FROM \"tickets\" WHERE CAST(\"tenant\" AS VARCHAR) = ?) AS tickets";

    #[test]
    fn reads_through_the_source_pass_and_pin_their_parameter() {
        let policy = check();
        for (sql, index) in [
            (format!("SELECT count(*) FROM {SOURCE}"), 1),
            (format!("SELECT * FROM other WHERE x = ? AND y IN (SELECT id FROM {SOURCE})"), 2),
            ("WITH tickets AS (SELECT 1 AS id) SELECT * FROM tickets".to_string(), 0),
        ] {
            let pinned = checked(&policy, &sql).unwrap_or_else(|e| panic!("{sql}: {e}"));
            let expected: Vec<PinnedParam> =
                (index > 0).then(|| PinnedParam { index, value: "a".into() }).into_iter().collect();
            assert_eq!(pinned, expected, "{sql}");
        }
        let listed =
            checked(&policy, "SELECT * FROM (SELECT team FROM teams WHERE CAST(team AS VARCHAR) IN ($2, $1)) AS teams")
                .unwrap();
        assert_eq!(
            listed,
            vec![PinnedParam { index: 2, value: "x".into() }, PinnedParam { index: 1, value: "y".into() }]
        );
        let pinned = vec![PinnedParam { index: 2, value: "a".into() }];
        assert!(PolicyCheck::check_params(&pinned, &[Param::Integer(1), Param::Text("a".into())]).is_ok());
        assert!(PolicyCheck::check_params(&pinned, &[Param::Integer(1), Param::Text("b".into())]).is_err());
        assert!(PolicyCheck::check_params(&pinned, &[Param::Text("a".into())]).is_err());
    }

    #[test]
    fn every_other_form_is_refused() {
        let policy = check();
        for sql in [
            "SELECT * FROM tickets".to_string(),
            "SELECT * FROM main.tickets".to_string(),
            format!("SELECT * FROM {SOURCE}, tickets AS t"),
            "SELECT * FROM (SELECT id, title FROM tickets) AS tickets".to_string(),
            "SELECT * FROM (SELECT id, title, secret FROM tickets WHERE CAST(tenant AS VARCHAR) = ?) AS t".to_string(),
            "SELECT * FROM (SELECT * FROM tickets WHERE CAST(tenant AS VARCHAR) = ?) AS t".to_string(),
            "SELECT * FROM (SELECT id FROM tickets WHERE CAST(tenant AS VARCHAR) = ? OR true) AS t".to_string(),
            "SELECT * FROM (SELECT id FROM tickets WHERE CAST(tenant AS VARCHAR) = 'a') AS t".to_string(),
            "SELECT * FROM (SELECT id FROM tickets WHERE TRY_CAST(tenant AS VARCHAR) = ?) AS t".to_string(),
            "SELECT * FROM (SELECT id FROM tickets WHERE CAST(tenant AS VARCHAR) = ? AND CAST(title AS VARCHAR) = ?) AS t".to_string(),
            "SELECT * FROM (SELECT count(*) AS id FROM tickets WHERE CAST(tenant AS VARCHAR) = ?) AS t".to_string(),
            "SELECT * FROM (SELECT id FROM tickets WHERE CAST(tenant AS VARCHAR) = ? GROUP BY id) AS t".to_string(),
            "SELECT * FROM (SELECT id FROM tickets AS x WHERE CAST(tenant AS VARCHAR) = ?) AS t".to_string(),
            "SELECT * FROM (SELECT id AS title FROM tickets WHERE CAST(tenant AS VARCHAR) = ?) AS t".to_string(),
            "SELECT * FROM (SELECT id FROM tickets WHERE CAST(tenant AS VARCHAR) = ? QUALIFY true) AS t".to_string(),
            "SELECT * FROM (WITH x AS (SELECT 1) SELECT id FROM tickets WHERE CAST(tenant AS VARCHAR) = ?) AS t".to_string(),
            "SELECT * FROM (SELECT id FROM tickets WHERE CAST(tenant AS VARCHAR) = ? LIMIT 1) AS t, tickets".to_string(),
            "SELECT * FROM salaries".to_string(),
            "SELECT * FROM (SELECT team FROM teams WHERE CAST(team AS VARCHAR) IN (?)) AS teams".to_string(),
            "SELECT * FROM (SELECT team FROM teams WHERE CAST(team AS VARCHAR) IN (?, ?, ?)) AS teams".to_string(),
            "SELECT * FROM (SELECT team FROM teams WHERE CAST(team AS VARCHAR) IN (?, 'z')) AS teams".to_string(),
            "SELECT * FROM (SELECT team FROM teams WHERE CAST(team AS VARCHAR) NOT IN (?, ?)) AS teams".to_string(),
            // A CTE is in scope only after its definition.
            "WITH a AS (SELECT * FROM tickets), tickets AS (SELECT 1) SELECT * FROM a".to_string(),
        ] {
            assert!(checked(&policy, &sql).is_err(), "{sql} was let through");
        }
    }
}
