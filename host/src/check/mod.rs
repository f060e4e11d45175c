//! The host's own re-checks of what the compiler guest returned (docs/security.md, invariant 2), run before
//! anything executes. The guest is not trusted to have validated anything:
//!
//! 1. The text must start with SELECT or WITH (PRAGMA-, SHOW- and DESCRIBE-shaped text is
//!    refused even where DuckDB would call it a SELECT).
//! 2. DuckDB's own parser gives the statement's tree ([`crate::duck::parse_tree`]: the
//!    `json_serialize_sql` tree, parsed without a database, never bound or run), and every node must be on an
//!    allowlist: expression classes and operators DuckDB has, functions from
//!    [`querycell_contract::sql`] (the list the guest checks too), cast types from the same
//!    list with numeric modifiers only, relations that are catalog relations (by their whole
//!    name: `incidents` in a DuckDB index, `lake.incidents` on Spark) or CTEs of the
//!    statement, never a table function, and no other schema- or catalog-qualified name. A node
//!    kind this module has never heard of is refused, so a DuckDB release that adds syntax
//!    cannot widen what runs.
//! 3. The executor then runs the statement of that same parse, and only if DuckDB's parser
//!    split exactly one statement and calls it a SELECT
//!    ([`crate::duck::Parsed::into_single_select`]).
//!
//! Approved statement texts are remembered (bounded), so a plan asked again costs a lookup:
//! the tree is a function of the text alone, and the catalog is fixed for the executor's
//! life.

use std::collections::{BTreeSet, HashMap, HashSet};

use querycell_contract::sql as allowlist;

use crate::check::policy::{PinnedParam, PolicyCheck};
use crate::check::relation::{base_table_key, RELATION_SEPARATOR};
use crate::check::tree::{text, Node, Object};
use crate::check::walk::{walk_in_scope, Descend};
use crate::duck::parse_tree;
use crate::error::{Code, Error, Result};
use crate::statement::{CallerReading, Param};

pub(crate) mod policy;
mod reading;
pub(crate) mod relation;
pub(crate) mod spark;
pub(crate) mod sql_mode;
mod tree;
mod walk;

/// Approved statements remembered before the memory is cleared.
const APPROVED_CAPACITY: usize = 1024;

/// Operator nodes (DuckDB's `OPERATOR` class) a statement may contain.
const OPERATORS: &[&str] = &[
    "OPERATOR_NOT",
    "OPERATOR_IS_NULL",
    "OPERATOR_IS_NOT_NULL",
    "COMPARE_IN",
    "COMPARE_NOT_IN",
    "OPERATOR_COALESCE",
    "OPERATOR_NULLIF",
    // `grouping(a, …)` beside GROUP BY ROLLUP/CUBE/GROUPING SETS: which of the columns a
    // row's group rolled up. Its children are expressions, walked like any other.
    "GROUPING_FUNCTION",
];

/// Expression classes that carry no name needing a further check.
const PLAIN_EXPRESSIONS: &[&str] =
    &["CONSTANT", "COMPARISON", "CONJUNCTION", "CASE", "CAST", "BETWEEN", "SUBQUERY", "PARAMETER", "STAR"];

/// Class-less nodes (query nodes, modifiers, order terms, table references) by `type`.
const CLAUSES: &[&str] = &[
    "SELECT_NODE",
    "SET_OPERATION_NODE",
    "ORDER_MODIFIER",
    "LIMIT_MODIFIER",
    "DISTINCT_MODIFIER",
    "ORDER_DEFAULT",
    "ASCENDING",
    "DESCENDING",
    "BASE_TABLE",
    "JOIN",
    "SUBQUERY",
    "EMPTY",
    "EXPRESSION_LIST",
];

/// The text-level check: only SELECT or WITH may start the statement.
pub fn check_statement_shape(sql: &str) -> Result<()> {
    let first_word: String =
        sql.trim_start().chars().take_while(|c| c.is_ascii_alphabetic()).collect::<String>().to_ascii_uppercase();
    if querycell_contract::sql::QUERY_FIRST_WORDS.contains(&first_word.as_str()) {
        Ok(())
    } else {
        Err(refused(format!("the compiled statement starts with '{first_word}', not SELECT or WITH")))
    }
}

/// DuckDB's tree of a compiled statement that the host cannot read. Too deep to read is the
/// statement's nesting, which the caller wrote (a chain of thirty `*` inside an `IN` list
/// inside a CTE is deeper in DuckDB's tree than the compiler's count of levels): refused
/// with what to do, as the compiler refuses nesting (a `sql_differential` finding). Any
/// other unreadable tree is the host refusing what it cannot check.
fn unreadable_tree(error: serde_json::Error) -> Error {
    if error.to_string().starts_with("recursion limit exceeded") {
        Error::new(Code::TooDeeplyNested, format!("DuckDB's tree of the statement is too deep to check: {error}"))
            .at("sql")
            .hint("flatten nested subqueries, parentheses and long chains of operators, e.g. with CTEs")
    } else {
        refused(format!("DuckDB's parse tree is unreadable: {error}"))
    }
}

fn refused(message: String) -> Error {
    Error::new(Code::StatementRefused, message)
        .hint("the compiler returned SQL the host will not run; nothing was executed")
}

/// The parse-tree allowlist check, with DuckDB's parser and the catalog's table names.
pub struct ParseTreeCheck {
    /// The catalog's relations as [`relation_key`](relation::relation_key)s: the only relations besides CTEs.
    tables: BTreeSet<String>,
    /// What a policy restricts, and the only form a statement may read it in.
    policy: PolicyCheck,
    /// Approved statement texts, with the parameters their policy sources pin.
    approved: HashMap<String, Vec<PinnedParam>>,
    /// Readings proved ([`reading_key`]): a SQL-mode question asked again is not parsed again.
    proved: HashSet<[u8; 32]>,
}

impl ParseTreeCheck {
    /// `tables` are [`relation_key`](relation::relation_key)s (for a table known by its name alone, the name).
    #[cfg(any(test, feature = "testing"))]
    pub fn open(tables: impl IntoIterator<Item = String>) -> Self {
        Self::open_policed(tables, PolicyCheck::default())
    }

    /// [`ParseTreeCheck::open`] under a policy (see [`crate::check::policy`]).
    pub fn open_policed(tables: impl IntoIterator<Item = String>, policy: PolicyCheck) -> Self {
        ParseTreeCheck {
            tables: tables.into_iter().map(|t| t.to_lowercase()).collect(),
            policy,
            approved: HashMap::new(),
            proved: HashSet::new(),
        }
    }

    /// SQL mode: refuse unless DuckDB reads the caller's text (`reading`) as `sql`, bound to
    /// `params` and read to `rows_read` rows, up to the compiler's documented rewrites
    /// ([`reading`]); `tree` gives DuckDB's tree of `sql` (the parse that runs). Call it
    /// after [`ParseTreeCheck::check_tree_of`] approved `sql`. The caller's text is parsed
    /// by DuckDB's parser here, so this runs where statements run: in a query worker.
    /// A proved reading is remembered, so the same question asked again costs a lookup.
    pub fn prove_reading(
        &mut self,
        sql: &str,
        params: &[Param],
        caller: &CallerReading,
        rows_read: usize,
        tree: impl FnOnce() -> std::result::Result<String, crate::duck::Failure>,
    ) -> Result<()> {
        let key = reading_key(sql, params, caller, rows_read);
        if self.proved.contains(&key) {
            return Ok(());
        }
        let unavailable = |f: crate::duck::Failure| Error::new(Code::ParserUnavailable, f.message);
        let caller_json = parse_tree(&caller.text).map_err(unavailable)?;
        let compiled_json = tree().map_err(unavailable)?;
        let caller_tree = Node::parse(&caller_json).map_err(|e| {
            Error::new(Code::TooDeeplyNested, format!("DuckDB's tree of the SQL cannot be compared: {e}"))
                .at("sql")
                .hint("flatten nested subqueries and parentheses, e.g. with CTEs")
        })?;
        let compiled_tree = Node::parse(&compiled_json).map_err(unreadable_tree)?;
        let policed =
            |table: &str| self.policy.sources.keys().any(|key| key.rsplit(RELATION_SEPARATOR).next() == Some(table));
        reading::prove(&caller_tree, &compiled_tree, params, caller, rows_read, &policed)?;
        if self.proved.len() >= APPROVED_CAPACITY {
            self.proved.clear();
        }
        self.proved.insert(key);
        Ok(())
    }

    /// Refuse `sql` unless DuckDB parses it to one statement whose every node is allowed,
    /// and unless it reads what the policy restricts only in the policy's form, with
    /// `params` binding the trusted context's values there.
    pub fn check(&mut self, sql: &str, params: &[Param]) -> Result<()> {
        self.check_tree_of(sql, params, || parse_tree(sql))
    }

    /// [`ParseTreeCheck::check`], with the tree of `sql` from `tree` when the text was not
    /// approved before: an executor passes the tree of the parse it then runs
    /// (`crate::duck::Parsed`), so the statement is parsed once and the tree checked is the
    /// one that runs.
    pub fn check_tree_of(
        &mut self,
        sql: &str,
        params: &[Param],
        tree: impl FnOnce() -> std::result::Result<String, crate::duck::Failure>,
    ) -> Result<()> {
        check_statement_shape(sql)?;
        if let Some(pinned) = self.approved.get(sql) {
            return PolicyCheck::check_params(pinned, params).map_err(policy_violation);
        }
        let json = tree().map_err(|f| Error::new(Code::ParserUnavailable, f.message))?;
        let tree = Node::parse(&json).map_err(unreadable_tree)?;
        if tree.get("error_type").and_then(Node::as_str) == Some("parser") {
            // Nothing ran. The statement is one DuckDB's grammar rejects although the
            // compiler's accepted it; SQL mode tells the caller (see `engine`).
            let message = tree.get("error_message").and_then(Node::as_str).unwrap_or("not a single SELECT");
            return Err(Error::new(
                Code::StatementUnparsable,
                format!("DuckDB's parser refused the statement: {message}"),
            )
            .hint("the compiler returned SQL the host will not run; nothing was executed"));
        }
        let pinned = if self.policy.is_empty() {
            Vec::new()
        } else {
            self.policy.check_tree(&tree).map_err(policy_violation)?
        };
        check_tree(&tree, &self.tables).map_err(refused)?;
        PolicyCheck::check_params(&pinned, params).map_err(policy_violation)?;
        if self.approved.len() >= APPROVED_CAPACITY {
            self.approved.clear();
        }
        self.approved.insert(sql.to_string(), pinned);
        Ok(())
    }
}

/// What a proved reading is remembered by: a digest of everything the proof read.
fn reading_key(sql: &str, params: &[Param], caller: &CallerReading, rows_read: usize) -> [u8; 32] {
    use sha2::{Digest, Sha256};
    let mut hasher = Sha256::new();
    for part in [caller.text.as_str(), sql] {
        hasher.update((part.len() as u64).to_le_bytes());
        hasher.update(part.as_bytes());
    }
    hasher.update(format!("{params:?}|{}|{}|{rows_read}", caller.max_rows, caller.today).as_bytes());
    hasher.finalize().into()
}

fn policy_violation(why: String) -> Error {
    Error::new(Code::PolicyViolation, format!("the compiled statement breaks the deployment's policy: {why}"))
        .hint("the compiler returned SQL the host will not run; nothing was executed")
}

/// Check the whole `json_serialize_sql` document against the allowlists.
pub(crate) fn check_tree(tree: &Node<'_>, tables: &BTreeSet<String>) -> std::result::Result<(), String> {
    if tree.get("error").and_then(Node::as_bool) != Some(false) {
        let message = tree.get("error_message").and_then(Node::as_str).unwrap_or("not a single SELECT");
        return Err(format!("DuckDB's parser refused the statement: {message}"));
    }
    match tree.get("statements").and_then(Node::as_array).map(Vec::len) {
        Some(1) => {}
        other => {
            return Err(format!("DuckDB's parser found {} statements; exactly one is allowed", other.unwrap_or(0)))
        }
    }
    let mut walk = Walk { tables, rows: Vec::new() };
    walk_in_scope(tree, &mut |map, ctes| {
        if let Some(class) = map.get("class").and_then(Node::as_str) {
            walk.expression(class, map)?;
        } else if let Some(kind) = map.get("type").and_then(Node::as_str) {
            walk.clause(kind, map, ctes)?;
        }
        Ok(Descend::Yes)
    })
}

struct Walk<'a> {
    tables: &'a BTreeSet<String>,
    /// The row values met so far as the compared side of `IN (subquery)` or a quantified
    /// comparison (DuckDB's `SUBQUERY` node of type `ANY`, whose `child` is the function
    /// `row`): the only place a row (`(a, b)`) may stand. Each is visited after its subquery
    /// node, so the walk knows it by then.
    rows: Vec<*const ()>,
}

impl Walk<'_> {
    fn expression(&mut self, class: &str, map: &Object<'_>) -> std::result::Result<(), String> {
        match class {
            "SUBQUERY" => {
                if let Some(row) = map.get("child").and_then(Node::as_object) {
                    if text(map, "subquery_type") == "ANY" && text(row, "function_name") == "row" {
                        self.rows.push(row as *const Object<'_> as *const ());
                    }
                }
                Ok(())
            }
            "FUNCTION" if text(map, "function_name") == "row" => {
                let seen = self.rows.contains(&(map as *const Object<'_> as *const ()));
                let plain = text(map, "schema").is_empty()
                    && text(map, "catalog").is_empty()
                    && map.get("export_state").and_then(Node::as_bool) != Some(true);
                if seen && plain {
                    Ok(())
                } else {
                    Err("a row value is allowed only on the left of IN (subquery)".into())
                }
            }
            "FUNCTION" | "WINDOW" => {
                let name = text(map, "function_name");
                unqualified(map, "schema", "catalog", name)?;
                // `avg(x) EXPORT_STATE` returns the aggregate's internal state, not its value.
                if map.get("export_state").and_then(Node::as_bool) == Some(true) {
                    return Err(format!("'{name}' is asked for its aggregate state (EXPORT_STATE)"));
                }
                if allowlist::is_allowed_function(name) || allowlist::OPERATOR_FUNCTIONS.contains(&name) {
                    Ok(())
                } else {
                    Err(format!("function '{name}' is not on the allowlist"))
                }
            }
            // `x COLLATE nocase`: DuckDB's own collations only (no extension's).
            "COLLATE" => {
                let name = text(map, "collation");
                if allowlist::is_allowed_collation(name) {
                    Ok(())
                } else {
                    Err(format!("the collation '{name}' is not allowed"))
                }
            }
            "COLUMN_REF" => match map.get("column_names").and_then(Node::as_array).map(Vec::len) {
                Some(1 | 2) => Ok(()),
                _ => Err("a column reference names a schema or catalog".into()),
            },
            "OPERATOR" => {
                let kind = text(map, "type");
                if OPERATORS.contains(&kind) {
                    Ok(())
                } else {
                    Err(format!("the operator {kind} is not allowed"))
                }
            }
            "TYPE" => {
                let name = text(map, "type_name");
                unqualified(map, "schema", "catalog", name)?;
                let modifiers = map.get("children").and_then(Node::as_array).map_or(0, Vec::len);
                let numeric = map.get("children").and_then(Node::as_array).is_none_or(|children| {
                    children.iter().all(|c| {
                        c.get("class").and_then(Node::as_str) == Some("CONSTANT")
                            && c.pointer("/literal/kind").and_then(Node::as_str) == Some("INTEGER")
                    })
                });
                match allowlist::cast_type_modifiers(name) {
                    Some(allowed) if modifiers <= allowed && numeric => Ok(()),
                    _ => Err(format!("the type '{name}' (with {modifiers} modifiers) is not allowed")),
                }
            }
            plain if PLAIN_EXPRESSIONS.contains(&plain) => Ok(()),
            other => Err(format!("the expression kind {other} is not allowed")),
        }
    }

    fn clause(&self, kind: &str, map: &Object<'_>, ctes: &[String]) -> std::result::Result<(), String> {
        if !CLAUSES.contains(&kind) {
            return Err(format!("the clause or source {kind} is not allowed"));
        }
        if kind == "BASE_TABLE" {
            let name = text(map, "table_name");
            if !map.get("at_clause").is_none_or(Node::is_null) {
                return Err(format!("'{name}' is read AT a version"));
            }
            let key = base_table_key(map)?;
            let cte = !key.contains(RELATION_SEPARATOR) && ctes.contains(&key);
            if !self.tables.contains(&key) && !cte {
                return Err(format!(
                    "'{}' is neither a catalog table nor a CTE in scope",
                    key.replace(RELATION_SEPARATOR, ".")
                ));
            }
        }
        Ok(())
    }
}

/// Refuse a name that carries a schema or catalog.
fn unqualified(map: &Object<'_>, schema: &str, catalog: &str, name: &str) -> std::result::Result<(), String> {
    if text(map, schema).is_empty() && text(map, catalog).is_empty() {
        Ok(())
    } else {
        Err(format!("'{name}' is qualified with a schema or catalog"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_select_or_with_may_start_a_statement() {
        for ok in ["SELECT 1", "  with x AS (SELECT 1) SELECT * FROM x", "select\n1"] {
            assert!(check_statement_shape(ok).is_ok(), "{ok}");
        }
        for refused in
            ["PRAGMA version", "SHOW TABLES", "DESCRIBE t", "FROM t", "(SELECT 1)", "SUMMARIZE t", "", "SELECTED"]
        {
            assert!(check_statement_shape(refused).is_err(), "{refused}");
        }
    }

    fn checker() -> ParseTreeCheck {
        ParseTreeCheck::open(["incidents".to_string()])
    }

    #[test]
    fn allowed_statements_pass() {
        let mut check = checker();
        for sql in [
            "SELECT team, count(*), avg(ack_minutes) FILTER (WHERE severity = $1) FROM incidents GROUP BY ALL ORDER BY 2 DESC LIMIT $2",
            "WITH p AS (SELECT * FROM incidents) SELECT CAST(a AS DECIMAL(10,2)), DATE '2025-01-01' + INTERVAL 1 DAY FROM p",
            "SELECT team FROM incidents WHERE team LIKE $1 ESCAPE '\\' AND team IN (SELECT team FROM incidents) UNION SELECT 'x'",
            "SELECT rank() OVER (PARTITION BY team ORDER BY ack_minutes), coalesce(team, 'x'), -ack_minutes FROM incidents AS i",
            "WITH a AS (SELECT 1 AS x), b AS (SELECT * FROM a) SELECT * FROM b, incidents WHERE EXISTS (SELECT * FROM a)",
        ] {
            check.check(sql, &[]).unwrap_or_else(|e| panic!("{sql}: {e}"));
        }
    }

    /// The forms of analyst SQL SQL mode accepts besides the plain ones, as the compiler
    /// emits them: DuckDB's tree of each passes.
    #[test]
    fn analyst_forms_pass() {
        let mut check = checker();
        for sql in [
            "SELECT team, severity, count(*) FROM incidents GROUP BY GROUPING SETS ((team), (team, severity), ()) LIMIT $1",
            "SELECT count(*) FROM incidents GROUP BY () LIMIT $1",
            "SELECT team, grouping_id(team, severity), count(*) FROM incidents GROUP BY ROLLUP (team, (team, severity)) LIMIT $1",
            "SELECT last_value(ack_minutes IGNORE NULLS) OVER (ORDER BY opened_at), lag(ack_minutes, 1, 0 RESPECT NULLS) OVER (ORDER BY opened_at) FROM incidents",
            "SELECT nth_value(ack_minutes, 2 IGNORE NULLS) OVER (PARTITION BY team ORDER BY opened_at) FROM incidents",
            "SELECT team FROM incidents WHERE ack_minutes > ANY (SELECT ack_minutes FROM incidents) AND ack_minutes <= ALL (SELECT 1)",
            "SELECT team FROM incidents WHERE ack_minutes <> SOME (SELECT ack_minutes FROM incidents WHERE team = $1)",
            "SELECT team FROM incidents WHERE (team, severity) IN (SELECT team, severity FROM incidents) OR (team, ack_minutes) NOT IN (SELECT team, 1 FROM incidents)",
            "SELECT i.team, s.n FROM incidents AS i, LATERAL (SELECT count(*) AS n FROM incidents AS j WHERE j.team = i.team) AS s",
            "SELECT i.team FROM incidents AS i LEFT JOIN LATERAL (SELECT max(ack_minutes) AS m FROM incidents AS j WHERE j.team = i.team) AS s ON true",
            "SELECT team COLLATE nocase, count(DISTINCT team COLLATE NOCASE.NoAccent) FROM incidents WHERE team COLLATE nfc = $1 GROUP BY 1 ORDER BY team COLLATE \"binary\"",
            "SELECT count(*) AS top FROM incidents",
            "SELECT mad(ack_minutes), sem(ack_minutes), kurtosis_pop(ack_minutes), regr_count(ack_minutes, ack_minutes), regr_avgx(ack_minutes, ack_minutes), regr_avgy(ack_minutes, ack_minutes) FROM incidents",
            "SELECT regr_sxx(ack_minutes, ack_minutes), regr_syy(ack_minutes, ack_minutes), regr_sxy(ack_minutes, ack_minutes), favg(ack_minutes), weighted_avg(ack_minutes, ack_minutes), wavg(ack_minutes, ack_minutes) FROM incidents",
            "SELECT bit_and(ack_minutes), bit_or(ack_minutes), bit_xor(ack_minutes), bit_count(ack_minutes), arbitrary(team), chr(65), unicode(team) FROM incidents",
        ] {
            check.check(sql, &[]).unwrap_or_else(|e| panic!("{sql}: {e}"));
        }
    }

    /// A statement DuckDB's tree of which is deeper than the host reads (a long chain of `*`
    /// inside an `IN` list inside a CTE, found by `sql_differential`) is refused as too deeply
    /// nested, with a hint, like nesting the compiler counts; a shallow one passes.
    #[test]
    fn a_tree_too_deep_to_read_is_too_deeply_nested() {
        let chain = |n: usize| vec!["ack_minutes"; n].join(" * ");
        let sql = |n: usize| {
            format!(
                "WITH c AS (SELECT team FROM incidents WHERE {} IN (({}) * 2, {})) SELECT team FROM c",
                chain(n),
                chain(n),
                chain(n)
            )
        };
        checker().check(&sql(3), &[]).unwrap();
        let error = checker().check(&sql(60), &[]).unwrap_err();
        assert_eq!(error.code, "too_deeply_nested", "{error}");
        assert!(error.hint.is_some());
    }

    #[test]
    fn names_off_the_allowlist_are_refused() {
        let mut check = checker();
        for sql in [
            "SELECT current_setting('memory_limit')",
            "SELECT team FROM incidents WHERE team = (SELECT current_setting('memory_limit'))",
            "SELECT CAST(team AS BPCHAR(1)) FROM incidents",
            "SELECT CAST(team AS DECIMAL('1')) FROM incidents",
            "SELECT * FROM read_csv('/etc/passwd')",
            "SELECT * FROM '/etc/passwd'",
            "SELECT * FROM secrets",
            "SELECT * FROM main.incidents",
            "SELECT * FROM memory.main.incidents",
            "SELECT main.incidents.team FROM incidents",
            "SELECT main.count(*) FROM incidents",
            "SELECT * FROM range(10)",
            "SELECT list_transform([1], x -> x + 1)",
            "SELECT team COLLATE de FROM incidents",
            "SELECT team COLLATE icu_noaccent FROM incidents",
            "SELECT team COLLATE nocase.nocase FROM incidents",
            "SELECT avg(ack_minutes) EXPORT_STATE FROM incidents",
            "SELECT grouping_id(team) FROM incidents GROUP BY team HAVING finalize(count(*) EXPORT_STATE) > 1",
            "SELECT * FROM incidents, LATERAL (SELECT * FROM range(3)) AS r",
            "SELECT team FROM incidents WHERE (team, team) IN (SELECT current_setting('threads'), team FROM incidents)",
            "SELECT (team, severity) FROM incidents",
            "SELECT team FROM incidents WHERE (team, severity) IN ((team, severity))",
            "SELECT team FROM incidents WHERE (team, severity) = ANY (SELECT (team, severity) FROM incidents)",
            "SELECT team FROM incidents WHERE ((team, severity), team) IN (SELECT 1, 2)",
            "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT * FROM r",
            "SELECT * FROM incidents PIVOT (count(*) FOR team IN ('a'))",
            "SELECT 1; SELECT 2",
            "PRAGMA version",
            "SELECT * FROM duckdb_settings()",
            "SELECT query('SELECT 1')",
            // A CTE name used outside the CTE's scope reads whatever relation has that name.
            "SELECT * FROM (WITH duckdb_settings AS (SELECT 1) SELECT * FROM duckdb_settings) AS a, duckdb_settings",
            "WITH a AS (SELECT * FROM duckdb_settings), duckdb_settings AS (SELECT 1) SELECT * FROM a",
        ] {
            let error = check.check(sql, &[]).expect_err(sql);
            assert_eq!(error.code, "statement_refused", "{sql}: {error}");
        }
    }
}
