//! What must hold for any text sent to SQL mode, checked without trusting the compiler's own
//! proof: it never panics; an accepted statement (main and count query) parses again to
//! exactly one query that prints back to the same text (the count statement being the main
//! statement's own tree in a fixed frame); that text passes the token rules;
//! and every relation it reads is a catalog table or a CTE it defines (and no CTE carries a
//! `FROM` of its own, which DuckDB would read as one more relation), every function it
//! calls is on the contract's allowlist. [`check_plan`] holds plan text to the same kind of
//! oracles (see its doc). Both also compile the text a second time under a deployment policy
//! ([`policed_view`]) and require every read of the policed table to be exactly the policy's
//! source with the context's value bound ([`policy_holds`]). Plans are compiled for Spark as
//! well and must mean the same there ([`check_plan_spark`]). Callers add DuckDB's parser as
//! a further oracle where they can link DuckDB (`tests/all/fuzz/fuzz_regressions.rs`).

// Each fuzz target uses one half (SQL or plan); the stable replay uses both.
#![allow(dead_code)]

use std::collections::BTreeSet;
use std::ops::ControlFlow;

use querycell_guest::model::{Column, Metric, Param, Relationship, RequestLimits, RowFilter, Table, TablePolicy};
use querycell_guest::sqlmode::dialect::SqlModeDialect;
use querycell_guest::{compile_sql, CatalogView, Compiled, ValueKind};
use serde_json::{Map, Value};
use sqlparser::ast::{
    visit_expressions, visit_relations, BinaryOperator, Expr, FunctionArg, FunctionArgExpr, FunctionArguments, Join,
    JoinConstraint, JoinOperator, ObjectName, ObjectNamePart, Query, SetExpr, Statement, TableFactor, TableWithJoins,
    Visit, Visitor,
};
use sqlparser::parser::Parser;

/// The catalog the fuzzer compiles against: four small tables with every value kind,
/// related many-to-one (`incidents.team → teams.team`, `incidents.service →
/// services.service`, `services.team → teams.team`, so paths of one and two steps exist:
/// `teams.region`, `services.teams.region`; and `handoffs.incident → incidents.incident_id`,
/// `handoffs.from_team → teams.team`, `handoffs.to_team → teams.team`, two roles of one
/// table: `from_team.region`, and `via` for existence tests and `"of"` from teams), and
/// metrics on two of them, one of which reads a related table's rows (`team_headcount`,
/// with a grain of its own).
pub fn view() -> CatalogView {
    let column = |name: &str, sql_type: &str, kind| Column {
        name: name.into(),
        display_name: name.into(),
        sql_type: sql_type.into(),
        kind,
    };
    let table =
        |name: &str, columns: Vec<Column>| Table { name: name.into(), relation: Vec::new(), columns, policy: None };
    CatalogView {
        tables: vec![
            table(
                "incidents",
                vec![
                    column("incident_id", "VARCHAR", ValueKind::Text),
                    column("team", "VARCHAR", ValueKind::Text),
                    column("severity", "VARCHAR", ValueKind::Text),
                    column("ack_minutes", "BIGINT", ValueKind::Integer),
                    column("cost", "DOUBLE", ValueKind::Float),
                    column("resolved", "BOOLEAN", ValueKind::Boolean),
                    column("opened_at", "DATE", ValueKind::Date),
                    column("closed_at", "TIMESTAMP", ValueKind::Timestamp),
                    column("service", "VARCHAR", ValueKind::Text),
                ],
            ),
            table(
                "teams",
                vec![
                    // Unique in spirit: the host verifies it at ingest; the guest sees no data.
                    column("team", "VARCHAR", ValueKind::Text),
                    column("region", "VARCHAR", ValueKind::Text),
                    column("headcount", "BIGINT", ValueKind::Integer),
                ],
            ),
            table(
                "services",
                vec![
                    column("service", "VARCHAR", ValueKind::Text),
                    column("team", "VARCHAR", ValueKind::Text),
                    column("tier", "VARCHAR", ValueKind::Text),
                    column("uptime", "DOUBLE", ValueKind::Float),
                    column("launched_at", "DATE", ValueKind::Date),
                ],
            ),
            // Two relationships lead from it to teams, named `sender` and `receiver`: steps
            // from it name the role by name or key column (`sender.region`,
            // `from_team.region`), and tests and `"of"` from teams need `via`.
            table(
                "handoffs",
                vec![
                    column("handoff_id", "VARCHAR", ValueKind::Text),
                    column("incident", "VARCHAR", ValueKind::Text),
                    column("from_team", "VARCHAR", ValueKind::Text),
                    column("to_team", "VARCHAR", ValueKind::Text),
                    column("handed_at", "TIMESTAMP", ValueKind::Timestamp),
                    column("wait_minutes", "BIGINT", ValueKind::Integer),
                ],
            ),
        ],
        limits: RequestLimits { max_rows: 1000, max_in_list: 100, max_request_bytes: 64 << 10 },
        // 2026-03-15: `current_date` is bound to it.
        today: 20527,
        relationships: vec![
            relationship("incidents.team", "teams.team"),
            relationship("incidents.service", "services.service"),
            relationship("services.team", "teams.team"),
            relationship("handoffs.incident", "incidents.incident_id"),
            named("sender", relationship("handoffs.from_team", "teams.team")),
            named("receiver", relationship("handoffs.to_team", "teams.team")),
        ],
        metrics: vec![
            metric(
                "mtta",
                "incidents",
                r#"{"function": "avg", "column": "ack_minutes", "where": [{"column": "severity", "op": "in", "value": ["P1", "P2"]}]}"#,
            ),
            metric("p95_ack", "incidents", r#"{"function": "percentile", "column": "ack_minutes", "p": 0.95}"#),
            metric("team_headcount", "incidents", r#"{"function": "sum", "column": "teams.headcount"}"#),
            metric(
                "eu_share",
                "incidents",
                r#"{"function": "share", "where": [{"column": "services.teams.region", "op": "eq", "value": "EU"}]}"#,
            ),
            metric("total_headcount", "teams", r#"{"function": "sum", "column": "headcount"}"#),
        ],
        dialect: Default::default(),
    }
}

/// `relationship` with a name (a role), which steps and `via` may use.
fn named(name: &str, relationship: Relationship) -> Relationship {
    Relationship { name: Some(name.into()), ..relationship }
}

/// `from` (`table.column`) → `to`.
fn relationship(from: &str, to: &str) -> Relationship {
    let (from_table, from_column) = from.split_once('.').expect("table.column");
    let (to_table, to_column) = to.split_once('.').expect("table.column");
    Relationship {
        name: None,
        from_table: from_table.into(),
        from_column: from_column.into(),
        to_table: to_table.into(),
        to_column: to_column.into(),
    }
}

fn metric(name: &str, table: &str, aggregation: &str) -> Metric {
    Metric {
        name: name.into(),
        table: table.into(),
        aggregation: aggregation.into(),
        description: format!("the fuzz catalog's {name}"),
        unit: None,
    }
}

/// The context value the policed view's row filters bind.
const TENANT: &str = "acme";

/// [`view`] under a policy: `incidents` and `teams` keep the rows of one tenant (a column
/// the caller cannot see), and `incidents` hides `cost`; `services` is not policed, so
/// paths cross from policed to unpoliced tables and back (`services.teams.region`).
pub fn policed_view() -> CatalogView {
    let mut view = view();
    let tenant =
        || Some(TablePolicy { row_filters: vec![RowFilter { column: "tenant".into(), values: vec![TENANT.into()] }] });
    let incidents = &mut view.tables[0];
    incidents.columns.retain(|c| c.name != "cost");
    incidents.policy = tenant();
    view.tables[1].policy = tenant();
    view
}

/// Every read of a policed table of [`policed_view`] in `query` (outside statements that
/// define a CTE of its name) must be the whole of a derived table whose query is exactly
/// the policy's source, its placeholder bound to the context's value in `params`.
fn policy_holds(query: &Query, params: &[Param], text: &str, sql: &str) {
    let view = policed_view();
    let ctes = cte_names(query);
    for table in view.tables.iter().filter(|t| t.policy.is_some() && !ctes.contains(&t.name)) {
        table_policy_holds(table, query, params, text, sql);
    }
}

fn table_policy_holds(table: &Table, query: &Query, params: &[Param], text: &str, sql: &str) {
    struct Sources<'a> {
        table: &'a Table,
        columns: Vec<String>,
        params: &'a [Param],
        sql: &'a str,
        /// The relations inside a verified source, by address.
        verified: Vec<*const ObjectName>,
        unverified: Option<String>,
    }
    impl Visitor for Sources<'_> {
        type Break = ();
        fn pre_visit_table_factor(&mut self, factor: &TableFactor) -> ControlFlow<()> {
            if let TableFactor::Derived { subquery, .. } = factor {
                if let Some(name) = self.source_relation(subquery) {
                    self.verified.push(name);
                }
            }
            ControlFlow::Continue(())
        }
        fn pre_visit_relation(&mut self, relation: &ObjectName) -> ControlFlow<()> {
            let policed = relation.to_string().trim_matches('"').eq_ignore_ascii_case(&self.table.name);
            if policed && !self.verified.contains(&(relation as *const ObjectName)) {
                self.unverified = Some(relation.to_string());
                return ControlFlow::Break(());
            }
            ControlFlow::Continue(())
        }
    }
    impl Sources<'_> {
        /// The source's relation, when `query` is exactly `SELECT <visible> FROM "<table>"
        /// WHERE CAST("tenant" AS VARCHAR) = $n` with `$n` bound to the tenant.
        fn source_relation(&self, query: &Query) -> Option<*const ObjectName> {
            let sqlparser::ast::SetExpr::Select(select) = query.body.as_ref() else { return None };
            let plain = query.with.is_none()
                && query.order_by.is_none()
                && query.limit_clause.is_none()
                && select.having.is_none()
                && select.distinct.is_none();
            let grouped = !matches!(&select.group_by, sqlparser::ast::GroupByExpr::Expressions(e, m) if e.is_empty() && m.is_empty());
            let columns: Vec<String> = select
                .projection
                .iter()
                .map(|item| match item {
                    sqlparser::ast::SelectItem::UnnamedExpr(Expr::Identifier(ident)) => ident.value.clone(),
                    other => format!("<{other}>"),
                })
                .collect();
            let [from] = select.from.as_slice() else { return None };
            let TableFactor::Table { name, alias: None, args: None, .. } = &from.relation else { return None };
            let selection = select.selection.as_ref()?;
            let placeholder = selection.to_string().strip_prefix("CAST(\"tenant\" AS VARCHAR) = ")?.to_string();
            // `$n` in SQL mode; a plan's `?` binds by position: count the `?` before this
            // one (a plan's statement may hold several sources, of one table or more).
            let n: usize = match placeholder.as_str() {
                "?" => self.sql[..self.offset_of(selection)?].matches('?').count() + 1,
                numbered => numbered.strip_prefix('$')?.parse().ok()?,
            };
            let bound = matches!(self.params.get(n.checked_sub(1)?), Some(Param::Text(t)) if t == TENANT);
            (plain
                && !grouped
                && from.joins.is_empty()
                && columns == self.columns
                && name.to_string() == format!("\"{}\"", self.table.name)
                && bound)
                .then_some(name as *const ObjectName)
        }

        /// The byte offset in the statement of the placeholder `selection` compares with,
        /// from the span sqlparser gave it.
        fn offset_of(&self, selection: &Expr) -> Option<usize> {
            let Expr::BinaryOp { right, .. } = selection else { return None };
            let Expr::Value(value) = right.as_ref() else { return None };
            let start = value.span.start;
            let line_start: usize =
                self.sql.split_inclusive('\n').take(start.line.checked_sub(1)? as usize).map(str::len).sum();
            let line = &self.sql[line_start..];
            let column = line.char_indices().nth(start.column.checked_sub(1)? as usize)?.0;
            let offset = line_start + column;
            (self.sql.as_bytes().get(offset) == Some(&b'?')).then_some(offset)
        }
    }
    let mut sources = Sources {
        table,
        columns: table.columns.iter().map(|c| c.name.clone()).collect(),
        params,
        sql,
        verified: Vec::new(),
        unverified: None,
    };
    let _ = query.visit(&mut sources);
    if let Some(relation) = sources.unverified {
        panic!("under the policy, '{relation}' is read outside the policy's source\ninput: {text:?}\noutput: {sql}");
    }
}

/// Compile `text` again under [`policed_view`]: whatever is accepted reads the policed table
/// only through its source.
fn check_policed(
    text: &str,
    compile: fn(&str, &CatalogView) -> querycell_guest::error::Result<querycell_guest::Compiled>,
    plan: bool,
) {
    let outcome = compile(text, &policed_view());
    if plan {
        fan_out_holds(text, &policed_view(), &outcome);
    }
    let Ok(compiled) = outcome else { return };
    let mut queries = vec![&compiled.main, &compiled.count];
    if let Some(probe) = &compiled.null_probe {
        queries.push(&probe.query);
    }
    for emitted in queries {
        let query = one_query(&emitted.sql, text);
        policy_holds(&query, &emitted.params, text, &emitted.sql);
        if plan {
            names_are_allowed(&query, text, &emitted.sql, true);
            let followed = joins_follow_relationships(&query, &policed_view(), text, &emitted.sql);
            if std::ptr::eq(emitted, &compiled.main) {
                follows_what_the_plan_asks(text, &policed_view(), &followed, &emitted.sql);
            }
        }
    }
}

/// [`view`] as a Spark catalog: the same tables, read from the database `lake`.
pub fn spark_view() -> CatalogView {
    for_spark(view())
}

/// [`policed_view`] as a Spark catalog.
pub fn policed_spark_view() -> CatalogView {
    for_spark(policed_view())
}

fn for_spark(mut view: CatalogView) -> CatalogView {
    view.dialect = querycell_guest::model::Dialect::Spark;
    for table in &mut view.tables {
        table.relation = vec!["lake".into(), table.name.clone()];
    }
    view
}

/// Each table of [`spark_view`] by its relation's parts.
pub fn spark_relations() -> Vec<Vec<String>> {
    spark_view().tables.into_iter().map(|t| t.relation).collect()
}

/// A statement the compiler wrote for Spark, for the host's checks in the stable replay.
pub struct SparkStatement {
    pub sql: String,
    pub params: Vec<Param>,
    /// Written for [`policed_spark_view`]: the host must find the policy's source in it.
    pub policed: bool,
}

/// The plan `text` compiled for Spark ([`spark_view`], then [`policed_spark_view`]), held to
/// the DuckDB compile's outcome: a plan's meaning does not depend on the engine, so both
/// accept it or both refuse it with the same code, and an accepted plan has the same
/// columns and statements (main, count, null probe), each with as many bound values as
/// placeholders. The Spark statements, when accepted; the stable replay holds them to the
/// host's lexical gate, parse-tree check and policy check, which the fuzz build cannot link.
pub fn check_plan_spark(
    text: &str,
    duckdb: &querycell_guest::error::Result<querycell_guest::Compiled>,
) -> Vec<SparkStatement> {
    let mut statements = same_meaning(text, duckdb, querycell_guest::compile_plan(text, &spark_view()), false);
    let policed_duckdb = querycell_guest::compile_plan(text, &policed_view());
    statements.extend(same_meaning(
        text,
        &policed_duckdb,
        querycell_guest::compile_plan(text, &policed_spark_view()),
        true,
    ));
    statements
}

fn same_meaning(
    text: &str,
    duckdb: &querycell_guest::error::Result<querycell_guest::Compiled>,
    spark: querycell_guest::error::Result<querycell_guest::Compiled>,
    policed: bool,
) -> Vec<SparkStatement> {
    let (duckdb, spark) = match (duckdb, spark) {
        (Err(a), Err(b)) => {
            assert_eq!(a.code, b.code, "DuckDB and Spark compiles refuse with different codes (policed: {policed})\ninput: {text:?}\nduckdb: {a:?}\nspark: {b:?}");
            return Vec::new();
        }
        (Ok(duckdb), Ok(spark)) => (duckdb, spark),
        (a, b) => panic!("one dialect accepts what the other refuses (policed: {policed})\ninput: {text:?}\nduckdb: {a:?}\nspark: {b:?}"),
    };
    assert_eq!(
        duckdb.null_probe.is_some(),
        spark.null_probe.is_some(),
        "the null probe differs by dialect\ninput: {text:?}"
    );
    assert_eq!(duckdb.columns, spark.columns, "the answer's columns differ by dialect\ninput: {text:?}");
    assert_eq!(
        duckdb.main_counts.len(),
        spark.main_counts.len(),
        "the counts riding in the main query differ by dialect\ninput: {text:?}"
    );
    let mut statements = vec![spark.main, spark.count];
    statements.extend(spark.null_probe.map(|probe| probe.query));
    statements
        .into_iter()
        .map(|emitted| {
            assert_eq!(
                emitted.sql.matches('?').count(),
                emitted.params.len(),
                "placeholders and bound values differ on Spark\ninput: {text:?}\noutput: {}",
                emitted.sql
            );
            SparkStatement { sql: emitted.sql, params: emitted.params, policed }
        })
        .collect()
}

/// The catalog's table names, lowercased.
pub fn tables() -> Vec<String> {
    view().tables.into_iter().map(|t| t.name.to_lowercase()).collect()
}

/// Run every oracle on `text`; the statements compile_sql emitted, when it accepted.
pub fn check(text: &str) -> Option<[String; 2]> {
    fast_tokens_agree(text);
    plain_parse_agrees(text);
    check_policed(text, compile_sql, false);
    let compiled = match compile_sql(text, &view()) {
        Ok(compiled) => compiled,
        Err(error) => {
            assert!(
                !error.code.is_empty() && !error.message.is_empty(),
                "a refusal without code or message: {error:?}"
            );
            return None;
        }
    };
    for sql in [&compiled.main.sql, &compiled.count.sql] {
        let query = one_query(sql, text);
        let query = &query;
        assert_eq!(&query.to_string(), sql, "accepted output does not print back to itself\ninput: {text:?}");
        querycell_guest::sqlmode::lexical::check(sql, querycell_guest::sqlmode::lexical::Source::Emitted)
            .unwrap_or_else(|e| panic!("accepted output breaks the token rules: {e}\ninput: {text:?}\noutput: {sql}"));
        names_are_allowed(query, text, sql, false);
        fast_tokens_agree(sql);
        plain_parse_agrees(sql);
    }
    count_frames_main(&compiled, text);
    Some([compiled.main.sql, compiled.count.sql])
}

/// Where the compiler's fast tokenizer reads `text`, sqlparser's tokenizer reads it to the
/// same tokens with the same spans.
fn fast_tokens_agree(text: &str) {
    let Some(fast) = querycell_guest::sqlmode::scan::tokens(text) else { return };
    let slow = sqlparser::tokenizer::Tokenizer::new(&SqlModeDialect, text)
        .tokenize_with_location()
        .unwrap_or_else(|e| panic!("sqlparser refuses what the fast tokenizer read ({e})\ninput: {text:?}"));
    let pairs = |tokens: Vec<sqlparser::tokenizer::TokenWithSpan>| -> Vec<_> {
        tokens.into_iter().map(|t| (t.token, t.span)).collect()
    };
    assert_eq!(pairs(fast), pairs(slow), "the fast tokenizer and sqlparser disagree\ninput: {text:?}");
}

/// Where the compiler's plain-statement parser reads `text`'s tokens, sqlparser parses them
/// to the same tree, every span included.
fn plain_parse_agrees(text: &str) {
    let Ok(tokens) = sqlparser::tokenizer::Tokenizer::new(&SqlModeDialect, text).tokenize_with_location() else {
        return;
    };
    let Some(fast) = querycell_guest::sqlmode::plain_parse::statement(&tokens) else { return };
    let slow = Parser::new(&SqlModeDialect)
        .with_recursion_limit(querycell_guest::sqlmode::MAX_NESTING)
        .with_tokens_with_locations(tokens)
        .parse_statements()
        .unwrap_or_else(|e| panic!("sqlparser refuses what the plain parser read ({e})\ninput: {text:?}"));
    assert_eq!(
        format!("{:#?}", [fast]),
        format!("{slow:#?}"),
        "the plain parser and sqlparser disagree\ninput: {text:?}"
    );
}

/// SQL mode's count statement parses to the main statement's own tree inside
/// `SELECT count(*) AS total_rows FROM (…) AS answer`, with the main statement's values bound
/// and its row cap (the last value) NULL: the compiler builds it around the proved main text
/// rather than proving it by a parse of its own, and this holds it to that.
fn count_frames_main(compiled: &Compiled, text: &str) {
    let main = one_query(&compiled.main.sql, text);
    let mut count = one_query(&compiled.count.sql, text);
    let framed = match count.body.as_mut() {
        SetExpr::Select(select) => match select.from.first_mut().map(|from| &mut from.relation) {
            Some(TableFactor::Derived { subquery, .. }) => {
                Some(std::mem::replace(subquery, one_query("SELECT 1", text)))
            }
            _ => None,
        },
        _ => None,
    };
    assert_eq!(
        framed,
        Some(main),
        "the count statement does not frame the main statement\ninput: {text:?}\ncount: {}",
        compiled.count.sql
    );
    assert_eq!(
        count,
        one_query("SELECT count(*) AS total_rows FROM (SELECT 1) AS answer", text),
        "the count statement's frame differs\ninput: {text:?}\ncount: {}",
        compiled.count.sql
    );
    let (cap, bound) = compiled.count.params.split_last().expect("the count binds the row cap");
    assert_eq!(*cap, Param::Null, "the count keeps a row cap\ninput: {text:?}");
    assert_eq!(
        bound,
        &compiled.main.params[..compiled.main.params.len() - 1],
        "the count binds other values\ninput: {text:?}"
    );
}

/// `sql`, which the compiler accepted from `text`, parsed again: it must be exactly one query.
/// SQL mode's dialect groups `IS [NOT] DISTINCT FROM` as DuckDB does, so the tree checked
/// here is the one DuckDB runs.
fn one_query(sql: &str, text: &str) -> Box<Query> {
    let statements = Parser::new(&SqlModeDialect)
        .with_recursion_limit(64)
        .try_with_sql(sql)
        .and_then(|mut p| p.parse_statements())
        .unwrap_or_else(|e| panic!("accepted output does not parse: {e}\ninput: {text:?}\noutput: {sql}"));
    match <[Statement; 1]>::try_from(statements) {
        Ok([Statement::Query(query)]) => query,
        _ => panic!("accepted output is not one query\ninput: {text:?}\noutput: {sql}"),
    }
}

/// Every relation `query` reads is a catalog table or its own CTE, and every function it
/// calls is on SQL mode's allowlist; a plan's statement (`plan`) may also call
/// `percentile_cont(…) WITHIN GROUP (ORDER BY …)`, which DuckDB reads as `quantile_cont`
/// (on the allowlist, and what the host's parse-tree check sees).
fn names_are_allowed(query: &Query, text: &str, sql: &str, plan: bool) {
    let tables = tables();
    let ctes = cte_names(query);
    // sqlparser reads `WITH c AS (…) FROM x SELECT …` as a CTE with a `FROM x` of its own
    // (`Cte::from`, a name no relation visitor sees); printed back, DuckDB reads the same text
    // as a FROM-first query over `x`, which may be a file ('/etc/passwd'). Found by the
    // `sql_grammar` corpus replayed through the host's check.
    if let Some(from) = cte_from_clauses(query).first() {
        panic!("accepted output carries a CTE followed by FROM '{from}', which DuckDB reads as a relation\ninput: {text:?}\noutput: {sql}");
    }
    let _ = visit_relations(query, |relation| {
        let name = match relation.0.as_slice() {
            [ObjectNamePart::Identifier(ident)] => ident.value.to_lowercase(),
            _ => panic!("accepted output reads a qualified relation '{relation}'\ninput: {text:?}\noutput: {sql}"),
        };
        assert!(
            tables.contains(&name) || ctes.contains(&name),
            "accepted output reads '{name}'\ninput: {text:?}\noutput: {sql}"
        );
        ControlFlow::<()>::Continue(())
    });
    let _ = visit_expressions(query, |expr| {
        if let Expr::Function(function) = expr {
            let name = function.name.to_string();
            let ordered_set = plan && name == "percentile_cont" && !function.within_group.is_empty();
            assert!(
                querycell_contract::sql::is_allowed_function(&name) || ordered_set,
                "accepted output calls '{name}'\ninput: {text:?}\noutput: {sql}"
            );
        }
        ControlFlow::<()>::Continue(())
    });
}

/// The names that follow a CTE as `FROM name` (see [`names_are_allowed`]).
fn cte_from_clauses(query: &Query) -> Vec<String> {
    struct From(Vec<String>);
    impl Visitor for From {
        type Break = ();
        fn pre_visit_query(&mut self, query: &Query) -> ControlFlow<()> {
            if let Some(with) = &query.with {
                self.0.extend(with.cte_tables.iter().filter_map(|c| c.from.as_ref()).map(|f| f.value.clone()));
            }
            ControlFlow::Continue(())
        }
    }
    let mut from = From(Vec::new());
    let _ = query.visit(&mut from);
    from.0
}

fn cte_names(query: &Query) -> BTreeSet<String> {
    struct Ctes(BTreeSet<String>);
    impl Visitor for Ctes {
        type Break = ();
        fn pre_visit_query(&mut self, query: &Query) -> ControlFlow<()> {
            if let Some(with) = &query.with {
                self.0.extend(with.cte_tables.iter().map(|c| c.alias.name.value.to_lowercase()));
            }
            ControlFlow::Continue(())
        }
    }
    let mut ctes = Ctes(BTreeSet::new());
    let _ = query.visit(&mut ctes);
    ctes.0
}

/// Run the plan oracles on `text`: no panic; a refusal has a code and a message; every
/// accepted statement (main, count, null probe) parses again to exactly one query that
/// reads only catalog tables and calls only allowlisted functions, has as many placeholders
/// as bound values, and carries no text of the caller's: its only string literals are the
/// compiler's own words (date parts such as 'month').
pub fn check_plan(text: &str) -> Option<String> {
    check_plan_both(text).0
}

/// [`check_plan`], plus the statements of the same plan compiled for Spark
/// ([`check_plan_spark`]).
pub fn check_plan_both(text: &str) -> (Option<String>, Vec<SparkStatement>) {
    check_policed(text, querycell_guest::compile_plan, true);
    let outcome = querycell_guest::compile_plan(text, &view());
    fan_out_holds(text, &view(), &outcome);
    let spark = check_plan_spark(text, &outcome);
    let compiled = match outcome {
        Ok(compiled) => compiled,
        Err(error) => {
            assert!(
                !error.code.is_empty() && !error.message.is_empty(),
                "a refusal without code or message: {error:?}"
            );
            return (None, spark);
        }
    };
    let mut queries = vec![&compiled.main, &compiled.count];
    if let Some(probe) = &compiled.null_probe {
        queries.push(&probe.query);
    }
    for emitted in queries {
        let sql = &emitted.sql;
        let query = one_query(sql, text);
        let query = &query;
        names_are_allowed(query, text, sql, true);
        let followed = joins_follow_relationships(query, &view(), text, sql);
        if std::ptr::eq(emitted, &compiled.main) {
            follows_what_the_plan_asks(text, &view(), &followed, sql);
        }
        let placeholders = sql.matches('?').count();
        assert_eq!(
            placeholders,
            emitted.params.len(),
            "placeholders and bound values differ\ninput: {text:?}\noutput: {sql}"
        );
        let _ = visit_expressions(query, |expr| {
            if let Expr::Value(value) = expr {
                if let sqlparser::ast::Value::SingleQuotedString(literal) = &value.value {
                    assert!(
                        literal.len() <= 16 && literal.bytes().all(|b| b.is_ascii_lowercase()),
                        "accepted plan output carries the literal '{literal}'\ninput: {text:?}\noutput: {sql}"
                    );
                }
            }
            ControlFlow::<()>::Continue(())
        });
    }
    (Some(compiled.main.sql), spark)
}

/// The checks one accepted plan statement `sql` (compiled from `text`, binding `params`)
/// is held to: one query over catalog tables and allowlisted functions whose joins and
/// existence tests follow declared relationships and, written for [`policed_view`]
/// (`policed`), which reads every policed table through its source. Panics on a failure;
/// for tests that plant one in a statement the compiler wrote, to show each check can fail.
pub fn check_plan_statement(text: &str, sql: &str, params: &[Param], policed: bool) {
    let view = if policed { policed_view() } else { view() };
    let query = one_query(sql, text);
    names_are_allowed(&query, text, sql, true);
    let followed = joins_follow_relationships(&query, &view, text, sql);
    follows_what_the_plan_asks(text, &view, &followed, sql);
    if policed {
        policy_holds(&query, params, text, sql);
    }
}

/// Every JOIN in an accepted plan's statement follows a declared relationship, or puts the
/// grains' queries side by side, checked on the parse tree (sqlparser's [`Visitor`]) without
/// trusting the compiler's frames: in each SELECT's FROM (never a comma list), either
///
/// - the first relation is a catalog table (or, under a policy, its source) under its own
///   name, and every join is `LEFT JOIN <table> AS "<parent>.<table>" ON
///   "<parent>"."<from_column>" = "<parent>.<table>"."<to_column>"`, where `<parent>` is an
///   alias this FROM already introduced, ends in the name of a table `T`, and `T.<from_column>
///   → <table>.<to_column>` is declared (the alias scheme of `guest/src/compile/paths.rs`);
///   the alias's last part may instead be `<from_column>` itself or the relationship's name,
///   the role a step names where two relationships lead from `T` to `<table>`; the root may also be a catalog table under
///   the alias `__querycell_related` in an existence test's subquery, and nowhere else
///   (each such subquery held to [`existence_follows_a_relationship`]); and one join may be
///   `JOIN <table> AS "__querycell_related" ON "__querycell_related"."<from_column>" =
///   "<root>"."<to_column>"` where `<table>.<from_column> → <root table>.<to_column>` is
///   declared (an aggregation from the one side, `one_side.rs`);
/// - or the first relation is the derived table `g0` and join i is `CROSS JOIN (…) AS gi` or
///   `FULL OUTER JOIN (…) AS gi ON (coalesce(g0.kK, …, g(i-1).kK) IS NOT DISTINCT FROM gi.kK)
///   AND …` (`grains.rs`), whose own FROMs are held to the same rule.
fn joins_follow_relationships(query: &Query, view: &CatalogView, text: &str, sql: &str) -> BTreeSet<usize> {
    struct Joins<'a> {
        view: &'a CatalogView,
        problem: Option<String>,
        /// The root (alias, table) of each enclosing SELECT's FROM, innermost last.
        roots: Vec<Option<(String, String)>>,
        /// The subqueries of `EXISTS (…)` already checked, by address.
        existence: Vec<*const Query>,
        /// The relationships followed, by index into the view's.
        followed: BTreeSet<usize>,
    }
    impl Joins<'_> {
        fn outcome(&mut self, outcome: Result<Vec<usize>, String>) -> ControlFlow<()> {
            match outcome {
                Ok(followed) => {
                    self.followed.extend(followed);
                    ControlFlow::Continue(())
                }
                Err(why) => {
                    self.problem = Some(why);
                    ControlFlow::Break(())
                }
            }
        }
    }
    impl Visitor for Joins<'_> {
        type Break = ();
        fn pre_visit_query(&mut self, query: &Query) -> ControlFlow<()> {
            let root = match query.body.as_ref() {
                SetExpr::Select(select) => select
                    .from
                    .first()
                    .and_then(|from| Some((factor_alias(&from.relation)?, factor_table(&from.relation, self.view)?))),
                _ => None,
            };
            let in_existence = self.existence.contains(&(query as *const Query));
            self.roots.push(root.clone());
            if root.is_some_and(|(alias, _)| alias == RELATED) && !in_existence {
                return self.outcome(Err(format!("'{RELATED}' stands first in a FROM outside an existence test")));
            }
            let outcome = match query.body.as_ref() {
                SetExpr::Select(select) => match select.from.as_slice() {
                    [] => Ok(Vec::new()),
                    [from] => from_follows_relationships(from, self.view),
                    _ => Err("a FROM of several relations (a comma join)".to_string()),
                },
                SetExpr::Query(_) => Ok(Vec::new()),
                other => Err(format!("a query that is not one SELECT: {other}")),
            };
            self.outcome(outcome)
        }
        fn post_visit_query(&mut self, _: &Query) -> ControlFlow<()> {
            self.roots.pop();
            ControlFlow::Continue(())
        }
        fn pre_visit_expr(&mut self, expr: &Expr) -> ControlFlow<()> {
            let Expr::Exists { subquery, .. } = expr else { return ControlFlow::Continue(()) };
            self.existence.push(subquery.as_ref() as *const Query);
            let outer = self.roots.last().cloned().flatten();
            let outcome = existence_follows_a_relationship(subquery, outer, self.view).map(|index| vec![index]);
            self.outcome(outcome)
        }
    }
    let mut joins = Joins { view, problem: None, roots: Vec::new(), existence: Vec::new(), followed: BTreeSet::new() };
    let _ = query.visit(&mut joins);
    if let Some(why) = joins.problem {
        panic!("accepted plan output joins outside the declared relationships: {why}\ninput: {text:?}\noutput: {sql}");
    }
    joins.followed
}

/// An existence test's subquery, `EXISTS (SELECT 1 FROM <table> AS "__querycell_related" …
/// WHERE "__querycell_related"."<from_column>" = "<outer>"."<to_column>" AND …)`: its FROM
/// starts from a catalog table (or its policy's source) under the related alias, the first
/// condition correlates it with the enclosing SELECT's root `<outer>` by a declared
/// relationship `<table>.<from_column> → <outer table>.<to_column>`, and nothing else in it
/// names a relation outside the subquery (no second, undeclared correlation).
fn existence_follows_a_relationship(
    subquery: &Query,
    outer: Option<(String, String)>,
    view: &CatalogView,
) -> Result<usize, String> {
    let SetExpr::Select(select) = subquery.body.as_ref() else {
        return Err(format!("an EXISTS whose query is not one SELECT: {subquery}"));
    };
    let Some((outer_alias, outer_table)) = outer else {
        return Err(format!("an EXISTS in a SELECT that reads no catalog table: {subquery}"));
    };
    let table = match select.from.as_slice() {
        [from] if factor_alias(&from.relation).as_deref() == Some(RELATED) => factor_table(&from.relation, view),
        _ => None,
    }
    .ok_or_else(|| format!("an EXISTS that does not read one catalog table as '{RELATED}': {subquery}"))?;
    let mut first = select.selection.as_ref().ok_or_else(|| format!("an EXISTS without correlation: {subquery}"))?;
    while let Expr::BinaryOp { left, op: BinaryOperator::And, .. } = first {
        first = left;
    }
    let declared = match column_equality(first) {
        Some(((inner, from_column), (outer, to_column))) if inner == RELATED && outer == outer_alias => {
            declared_index(view, (&table, &from_column), (&outer_table, &to_column))
        }
        _ => None,
    };
    let Some(index) = declared else {
        return Err(format!(
            "an EXISTS correlated by '{first}', not a declared relationship from {table} to {outer_table} ({outer_alias})"
        ));
    };
    let mut outside = Vec::new();
    let _ = visit_expressions(subquery, |expr| {
        if let Expr::CompoundIdentifier(parts) = expr {
            if !parts[0].value.starts_with(RELATED) {
                outside.push(expr.to_string());
            }
        }
        ControlFlow::<()>::Continue(())
    });
    match outside.as_slice() {
        [_] => Ok(index),
        _ => Err(format!("an EXISTS that names the outer query other than by its one correlation: {outside:?}")),
    }
}

/// The relationships (indices into the view's) `from`'s joins follow, or why one follows none.
fn from_follows_relationships(from: &TableWithJoins, view: &CatalogView) -> Result<Vec<usize>, String> {
    if from.joins.is_empty() {
        return Ok(Vec::new());
    }
    let root = factor_alias(&from.relation).ok_or_else(|| format!("a joined FROM starts with '{}'", from.relation))?;
    if root == "g0" && matches!(from.relation, TableFactor::Derived { .. }) {
        return grains_side_by_side(&from.joins).map(|()| Vec::new());
    }
    let root_table =
        factor_table(&from.relation, view).filter(|table| *table == root || root == RELATED).ok_or_else(|| {
            format!("joins start from '{}', which is not a catalog table under its own name", from.relation)
        })?;
    let mut tables = vec![(root.clone(), root_table)];
    let mut known = vec![root];
    let mut followed = Vec::new();
    for join in &from.joins {
        let on = match &join.join_operator {
            JoinOperator::Left(JoinConstraint::On(on)) | JoinOperator::LeftOuter(JoinConstraint::On(on)) => on,
            JoinOperator::Join(JoinConstraint::On(on)) | JoinOperator::Inner(JoinConstraint::On(on)) => {
                let index = one_side_join(join, on, &tables[0], view)?;
                followed.push(index);
                // Paths from the related rows hang from it (`"of"` along a path).
                tables.push((RELATED.to_string(), view.relationships[index].from_table.clone()));
                known.push(RELATED.to_string());
                continue;
            }
            _ => return Err(format!("a join that is not LEFT JOIN … ON: '{join}'")),
        };
        let alias = factor_alias(&join.relation).ok_or_else(|| format!("a join without alias: '{join}'"))?;
        let Some((parent, step)) = alias.rsplit_once('.') else {
            return Err(format!("the join alias '{alias}' is not <parent>.<table>"));
        };
        let table = factor_table(&join.relation, view).ok_or_else(|| format!("'{join}' reads no catalog table"))?;
        if !known.iter().any(|k| k == parent) || known.contains(&alias) {
            return Err(format!("the join '{alias}' hangs from no earlier relation, or repeats one: '{join}'"));
        }
        let parent_table = tables.iter().find(|(a, _)| a == parent).map(|(_, t)| t.clone()).unwrap_or_default();
        let declared = match column_equality(on) {
            Some(((p, from_column), (a, to_column))) if p == parent && a == alias => {
                declared_index(view, (&parent_table, &from_column), (&table, &to_column)).filter(|&index| {
                    let r = &view.relationships[index];
                    step == table || step == from_column || r.name.as_deref() == Some(step)
                })
            }
            _ => None,
        };
        let Some(index) = declared else {
            return Err(format!("'{join}' is not a declared relationship from {parent_table} to {table}"));
        };
        followed.push(index);
        tables.push((alias.clone(), table));
        known.push(alias);
    }
    Ok(followed)
}

/// The index of the declared relationship `from` (table, column) → `to` (table, column).
fn declared_index(view: &CatalogView, from: (&str, &str), to: (&str, &str)) -> Option<usize> {
    view.relationships
        .iter()
        .position(|r| r.from_table == from.0 && r.from_column == from.1 && r.to_table == to.0 && r.to_column == to.1)
}

/// The alias of the related table in an existence test's subquery and in the join of an
/// aggregation from the one side.
const RELATED: &str = "__querycell_related";

/// `JOIN <table> AS "__querycell_related" ON "__querycell_related"."<from_column>" =
/// "<root>"."<to_column>"`, where the relationship leads from `<table>` to the root's table.
fn one_side_join(
    join: &Join,
    on: &Expr,
    (root, root_table): &(String, String),
    view: &CatalogView,
) -> Result<usize, String> {
    let alias = factor_alias(&join.relation);
    let table = factor_table(&join.relation, view);
    let declared = match (alias.as_deref(), table, column_equality(on)) {
        (Some(RELATED), Some(table), Some(((a, from_column), (r, to_column)))) if a == RELATED && r == *root => {
            declared_index(view, (&table, &from_column), (root_table, &to_column))
        }
        _ => None,
    };
    declared.ok_or_else(|| {
        format!("'{join}' is neither a LEFT JOIN nor the join of related rows by a declared relationship")
    })
}

/// The joins after `g0`: `g1`, `g2`, … in order, each a CROSS JOIN or a FULL OUTER JOIN on
/// the group keys.
fn grains_side_by_side(joins: &[Join]) -> Result<(), String> {
    for (i, join) in joins.iter().enumerate() {
        let n = i + 1;
        let named =
            matches!(&join.relation, TableFactor::Derived { alias: Some(a), .. } if a.name.value == format!("g{n}"));
        let joined = match &join.join_operator {
            JoinOperator::CrossJoin(JoinConstraint::None) => true,
            JoinOperator::FullOuter(JoinConstraint::On(on)) => keys_match(on, n),
            _ => false,
        };
        if !named || !joined {
            return Err(format!("grain {n} is not joined as (…) AS g{n} on the group keys: '{join}'"));
        }
    }
    Ok(())
}

/// `on` is `(coalesce(g0.kK, …, g(n-1).kK) IS NOT DISTINCT FROM gn.kK)`, ANDed over keys.
fn keys_match(on: &Expr, n: usize) -> bool {
    let mut pending = vec![on];
    // No recursion: a stack, and a bound on the work (the parser's own depth limit is 64).
    let mut budget = 1024;
    while let Some(expr) = pending.pop() {
        budget -= 1;
        if budget == 0 {
            return false;
        }
        match expr {
            Expr::BinaryOp { left, op: BinaryOperator::And, right } => pending.extend([right.as_ref(), left.as_ref()]),
            // Each comparison is written in parentheses (`grains.rs`), so sqlparser reads it
            // as DuckDB does.
            Expr::Nested(inner) => pending.push(inner.as_ref()),
            Expr::IsNotDistinctFrom(earlier, own) => {
                let Some((grain, key)) = two_parts(own) else { return false };
                let Expr::Function(coalesce) = earlier.as_ref() else { return false };
                let FunctionArguments::List(list) = &coalesce.args else { return false };
                let args: Vec<Option<(String, String)>> = list
                    .args
                    .iter()
                    .map(|arg| match arg {
                        FunctionArg::Unnamed(FunctionArgExpr::Expr(e)) => two_parts(e),
                        _ => None,
                    })
                    .collect();
                let expected: Vec<Option<(String, String)>> =
                    (0..n).map(|e| Some((format!("g{e}"), key.clone()))).collect();
                let ok = coalesce.name.to_string() == "coalesce"
                    && grain == format!("g{n}")
                    && key.starts_with('k')
                    && args == expected;
                if !ok {
                    return false;
                }
            }
            _ => return false,
        }
    }
    true
}

/// `"a"."b"` as `(a, b)`.
fn two_parts(expr: &Expr) -> Option<(String, String)> {
    match expr {
        Expr::CompoundIdentifier(parts) if parts.len() == 2 => Some((parts[0].value.clone(), parts[1].value.clone())),
        _ => None,
    }
}

/// `"p"."c" = "a"."d"` as `((p, c), (a, d))`.
fn column_equality(on: &Expr) -> Option<((String, String), (String, String))> {
    let Expr::BinaryOp { left, op: BinaryOperator::Eq, right } = on else { return None };
    Some((two_parts(left)?, two_parts(right)?))
}

/// The name a FROM item goes by: its alias, else a table's own name.
fn factor_alias(factor: &TableFactor) -> Option<String> {
    match factor {
        TableFactor::Table { alias: Some(alias), .. } | TableFactor::Derived { alias: Some(alias), .. } => {
            Some(alias.name.value.clone())
        }
        TableFactor::Table { name, alias: None, .. } => single_name(name),
        _ => None,
    }
}

/// The catalog table a FROM item reads: a table by its one-part name, or (only for a policed
/// table, whose source [`policy_holds`] checks) a derived table reading just that table.
fn factor_table(factor: &TableFactor, view: &CatalogView) -> Option<String> {
    let name = match factor {
        TableFactor::Table { name, args: None, .. } => single_name(name)?,
        TableFactor::Derived { subquery, .. } => {
            let SetExpr::Select(select) = subquery.body.as_ref() else { return None };
            let [from] = select.from.as_slice() else { return None };
            let TableFactor::Table { name, alias: None, args: None, .. } = &from.relation else { return None };
            let name = single_name(name)?;
            view.table(&name)?.policy.as_ref()?;
            (from.joins.is_empty()).then_some(name)?
        }
        _ => return None,
    };
    view.table(&name).map(|t| t.name.clone())
}

fn single_name(name: &ObjectName) -> Option<String> {
    match name.0.as_slice() {
        [ObjectNamePart::Identifier(ident)] => Some(ident.value.clone()),
        _ => None,
    }
}

/// The fan-out rule, held to the plan's own JSON (walked here, independently of
/// `guest/src/compile/grain.rs`): an aggregation's grain is the plan's table for `count`
/// without a column, `share` and `count_distinct`, else the table its column's path ends at;
/// it fans out when a group key, a filter or its own `where` names a path that does not start
/// with the grain's. An accepted plan names only paths that follow declared relationships
/// and has no aggregation that fans out; a plan refused with `fan_out` at `aggregations[i]`
/// has one there. Metrics are expanded from the view's definitions first.
fn fan_out_holds(text: &str, view: &CatalogView, outcome: &querycell_guest::error::Result<Compiled>) {
    let refused_at = match outcome {
        Ok(_) => None,
        Err(error) if error.code == "fan_out" => Some(error.path.clone()),
        Err(_) => return,
    };
    let Ok(Value::Object(plan)) = serde_json::from_str::<Value>(text) else { return };
    let Some(base) = plan.get("table").and_then(Value::as_str).and_then(|t| view.table(t)) else { return };
    let fanning = match aggregations_fanning_out(&plan, base, view) {
        Ok(fanning) => fanning,
        Err(name) => panic!(
            "the compiler {} a plan naming '{name}', a path that follows no declared relationship\ninput: {text:?}",
            if refused_at.is_some() { "refused with fan_out" } else { "accepted" }
        ),
    };
    match refused_at {
        None => assert!(fanning.is_empty(), "accepted, but aggregations {fanning:?} fan out\ninput: {text:?}"),
        Some(at) => {
            let index = at.strip_prefix("aggregations[").and_then(|i| i.strip_suffix(']')?.parse::<usize>().ok());
            assert!(
                index.is_some_and(|i| fanning.contains(&i)),
                "refused with fan_out at {at}, but the aggregations that fan out are {fanning:?}\ninput: {text:?}"
            );
        }
    }
}

/// The indices of `plan`'s aggregations that fan out, or the first name that does not
/// resolve (metrics that do not exist are skipped: the compiler refuses them).
fn aggregations_fanning_out(plan: &Map<String, Value>, base: &Table, view: &CatalogView) -> Result<Vec<usize>, String> {
    // An existence test (`{"exists": …}`) is about a row of the plan's table: it stands for
    // the empty path, which only the plan's own grain starts with.
    let column_of = |v: &Value| -> Option<String> {
        match v {
            Value::String(s) => Some(s.clone()),
            Value::Object(o) if o.contains_key("exists") || o.contains_key("not_exists") => Some(String::new()),
            Value::Object(o) => o.get("column").and_then(Value::as_str).map(str::to_string),
            _ => None,
        }
    };
    let list = |v: Option<&Value>| -> Vec<String> {
        v.and_then(Value::as_array).map(|a| a.iter().filter_map(column_of).collect()).unwrap_or_default()
    };
    let steps = |name: &str| match name {
        "" => Ok(Vec::new()),
        _ => path_steps(name, base, view).ok_or_else(|| name.to_string()),
    };
    let keys_and_filters: Vec<Vec<String>> = list(plan.get("group_by"))
        .into_iter()
        .chain(list(plan.get("filters")))
        .map(|name| steps(&name))
        .collect::<Result<_, _>>()?;
    for name in list(plan.get("columns")) {
        steps(&name)?;
    }
    let mut fanning = Vec::new();
    let aggregations = plan.get("aggregations").and_then(Value::as_array).cloned().unwrap_or_default();
    for (i, agg) in aggregations.iter().enumerate() {
        let Some(agg) = expand_metric(agg, base, view) else { continue };
        // `"of"`: the related table's rows, each in the group of the one row it leads to;
        // its column and `where` are that table's, and nothing of the plan repeats them.
        if agg.contains_key("of") {
            continue;
        }
        let function = agg.get("function").and_then(Value::as_str).unwrap_or_default();
        let column = agg.get("column").and_then(Value::as_str).map(steps).transpose()?;
        let wheres: Vec<Vec<String>> = list(agg.get("where")).iter().map(|n| steps(n)).collect::<Result<_, _>>()?;
        let grain = match (function, column) {
            ("share" | "count_distinct", _) | (_, None) => continue,
            (_, Some(grain)) => grain,
        };
        if keys_and_filters.iter().chain(&wheres).any(|path| !path.starts_with(&grain)) {
            fanning.push(i);
        }
    }
    Ok(fanning)
}

/// The statement follows the relationships the plan asks for, as the plan names them: every
/// relationship the main statement joins or correlates by (`followed`) is one a path of the
/// plan names, step by step, by table or by role (`from_team.region` is `handoffs.from_team →
/// teams.team`, never the other role), or one an existence test or an `"of"` names by its
/// table and `via`; and each of the latter is followed (a test left out would change the
/// answer without a word). Read from the plan's JSON (metrics expanded), not the compiler's.
fn follows_what_the_plan_asks(text: &str, view: &CatalogView, followed: &BTreeSet<usize>, sql: &str) {
    let Some((named, required)) = relationships_asked(text, view) else { return };
    assert!(
        followed.is_subset(&named),
        "the statement follows relationships {followed:?}, the plan names {named:?}\ninput: {text:?}\noutput: {sql}"
    );
    assert!(
        required.is_subset(followed),
        "the plan's existence tests and \"of\" name relationships {required:?}, the statement follows {followed:?}\ninput: {text:?}\noutput: {sql}"
    );
}

/// The relationships `text`'s plan names (paths, existence tests and their `where`'s paths,
/// `"of"`), and those its existence tests and `"of"` name; `None` where a name does not
/// resolve (the other oracles judge those).
fn relationships_asked(text: &str, view: &CatalogView) -> Option<(BTreeSet<usize>, BTreeSet<usize>)> {
    let Ok(Value::Object(plan)) = serde_json::from_str::<Value>(text) else { return None };
    let base = view.table(plan.get("table")?.as_str()?)?;
    let (mut named, mut required) = (BTreeSet::new(), BTreeSet::new());
    let path = |name: &str, from: &Table, named: &mut BTreeSet<usize>| -> Option<()> {
        named.extend(path_steps(name, from, view)?.iter().filter_map(|i| i.parse::<usize>().ok()));
        Some(())
    };
    let items = |v: Option<&Value>| v.and_then(Value::as_array).cloned().unwrap_or_default();
    let mut conditions = items(plan.get("filters"));
    for key in items(plan.get("group_by")).iter().chain(&items(plan.get("columns"))) {
        path(key.as_str().or_else(|| key.get("column")?.as_str())?, base, &mut named)?;
    }
    for agg in items(plan.get("aggregations")) {
        let agg = expand_metric(&agg, base, view)?;
        if let Some(of) = agg.get("of") {
            let index = related_relationship(of, base, view)?;
            named.insert(index);
            required.insert(index);
            // Its column and conditions are the related table's, or paths from it.
            let inner = view.table(&view.relationships[index].from_table)?;
            if let Some(column) = agg.get("column").and_then(Value::as_str) {
                path(column, inner, &mut named)?;
            }
            for condition in items(agg.get("where")) {
                path(condition.get("column")?.as_str()?, inner, &mut named)?;
            }
            continue;
        }
        if let Some(column) = agg.get("column").and_then(Value::as_str) {
            path(column, base, &mut named)?;
        }
        conditions.extend(items(agg.get("where")));
    }
    for condition in conditions {
        let test = condition.get("exists").or_else(|| condition.get("not_exists"));
        let Some(test) = test else {
            path(condition.get("column")?.as_str()?, base, &mut named)?;
            continue;
        };
        let index = related_relationship(test, base, view)?;
        named.insert(index);
        required.insert(index);
        let inner = view.table(&view.relationships[index].from_table)?;
        for inner_condition in items(test.get("where")) {
            path(inner_condition.get("column")?.as_str()?, inner, &mut named)?;
        }
    }
    Some((named, required))
}

/// The one relationship `{"table", "via"}` names, from its table to `base`.
fn related_relationship(related: &Value, base: &Table, view: &CatalogView) -> Option<usize> {
    let table = related.get("table")?.as_str()?;
    let via = related.get("via").map(|v| v.as_str()).map(|v| v.unwrap_or("\u{0}"));
    let mut leading = view.relationships.iter().enumerate().filter(|(_, r)| {
        r.from_table == table
            && r.to_table == base.name
            && via.is_none_or(|via| r.from_column == via || r.name.as_deref() == Some(via))
    });
    match (leading.next(), leading.next()) {
        (Some((index, _)), None) => Some(index),
        _ => None,
    }
}

/// A plan's aggregation object, with `{"metric": …}` replaced by the view's definition.
fn expand_metric(agg: &Value, base: &Table, view: &CatalogView) -> Option<Map<String, Value>> {
    let agg = agg.as_object()?;
    let Some(name) = agg.get("metric") else { return Some(agg.clone()) };
    let metric = view.metrics.iter().find(|m| Some(m.name.as_str()) == name.as_str() && m.table == base.name)?;
    serde_json::from_str::<Value>(&metric.aggregation).ok()?.as_object().cloned()
}

/// The relationships `name` follows from `base` (empty for a column of `base`), each step
/// the one relationship declared from the table before to the table it names, or else the
/// one that starts from the key column it names, ending at a table with the column. Steps
/// are told apart by relationship, so a step named either way is the same step.
fn path_steps(name: &str, base: &Table, view: &CatalogView) -> Option<Vec<String>> {
    if base.column(name).is_some() {
        return Some(Vec::new());
    }
    let mut parts: Vec<&str> = name.split('.').collect();
    let column = parts.pop()?;
    let mut table = base;
    let mut steps = Vec::new();
    for part in &parts {
        let from_here = || view.relationships.iter().enumerate().filter(|(_, r)| r.from_table == table.name);
        let by_name: Vec<_> = from_here().filter(|(_, r)| r.name.as_deref() == Some(*part)).collect();
        let by_table: Vec<_> = from_here().filter(|(_, r)| r.to_table == *part).collect();
        let chosen = match (by_name.is_empty(), by_table.is_empty()) {
            (false, _) => by_name,
            (true, false) => by_table,
            (true, true) => from_here().filter(|(_, r)| r.from_column == *part).collect(),
        };
        let [(index, relationship)] = chosen.as_slice() else { return None };
        steps.push(index.to_string());
        table = view.table(&relationship.to_table)?;
    }
    table.column(column)?;
    Some(steps)
}
