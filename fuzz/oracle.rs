//! What must hold for any text sent to SQL mode, checked without trusting the compiler's own
//! proof: it never panics; an accepted statement (main and count query) parses again to
//! exactly one query that prints back to the same text; that text passes the token rules;
//! and every relation it reads is a catalog table or a CTE it defines (and no CTE carries a
//! `FROM` of its own, which DuckDB would read as one more relation), every function it
//! calls is on the contract's allowlist. [`check_plan`] holds plan text to the same kind of
//! oracles (see its doc). Both also compile the text a second time under a deployment policy
//! ([`policed_view`]) and require every read of the policed table to be exactly the policy's
//! source with the context's value bound ([`policy_holds`]). Plans are compiled for Spark as
//! well and must mean the same there ([`check_plan_spark`]). Callers add DuckDB's parser as
//! a further oracle where they can link DuckDB (`tests/all/fuzz_regressions.rs`).

// Each fuzz target uses one half (SQL or plan); the stable replay uses both.
#![allow(dead_code)]

use std::collections::BTreeSet;
use std::ops::ControlFlow;

use querycell_guest::model::{Column, Param, RequestLimits, RowFilter, Table, TablePolicy};
use querycell_guest::{compile_sql, CatalogView, ValueKind};
use sqlparser::ast::{
    visit_expressions, visit_relations, Expr, ObjectName, ObjectNamePart, Query, Statement, TableFactor, Visit, Visitor,
};
use sqlparser::dialect::DuckDbDialect;
use sqlparser::parser::Parser;

/// The catalog the fuzzer compiles against: two small tables with every value kind.
pub fn view() -> CatalogView {
    let column = |name: &str, sql_type: &str, kind| Column {
        name: name.into(),
        display_name: name.into(),
        sql_type: sql_type.into(),
        kind,
    };
    CatalogView {
        tables: vec![
            Table {
                name: "incidents".into(),
                relation: Vec::new(),
                columns: vec![
                    column("incident_id", "VARCHAR", ValueKind::Text),
                    column("team", "VARCHAR", ValueKind::Text),
                    column("severity", "VARCHAR", ValueKind::Text),
                    column("ack_minutes", "BIGINT", ValueKind::Integer),
                    column("cost", "DOUBLE", ValueKind::Float),
                    column("resolved", "BOOLEAN", ValueKind::Boolean),
                    column("opened_at", "DATE", ValueKind::Date),
                    column("closed_at", "TIMESTAMP", ValueKind::Timestamp),
                ],
                policy: None,
            },
            Table {
                name: "teams".into(),
                relation: Vec::new(),
                columns: vec![column("team", "VARCHAR", ValueKind::Text), column("region", "VARCHAR", ValueKind::Text)],
                policy: None,
            },
        ],
        limits: RequestLimits { max_rows: 1000, max_in_list: 100, max_request_bytes: 64 << 10 },
        // 2026-03-15: `current_date` is bound to it.
        today: 20527,
        relationships: Vec::new(),
        metrics: Vec::new(),
        dialect: Default::default(),
    }
}

/// The context value the policed view's row filter binds.
const TENANT: &str = "acme";

/// [`view`] under a policy: `incidents` keeps the rows of one tenant (a column the caller
/// cannot see) and hides `cost`.
pub fn policed_view() -> CatalogView {
    let mut view = view();
    let incidents = &mut view.tables[0];
    incidents.columns.retain(|c| c.name != "cost");
    incidents.policy =
        Some(TablePolicy { row_filters: vec![RowFilter { column: "tenant".into(), values: vec![TENANT.into()] }] });
    view
}

/// Every read of the policed table in `query` (outside statements that define a CTE of its
/// name) must be the whole of a derived table whose query is exactly the policy's source,
/// its placeholder bound to the context's value in `params`.
fn policy_holds(query: &Query, params: &[Param], text: &str, sql: &str) {
    if cte_names(query).contains("incidents") {
        return;
    }
    let view = policed_view();
    let table = &view.tables[0];
    struct Sources<'a> {
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
            let policed = relation.to_string().trim_matches('"').eq_ignore_ascii_case("incidents");
            if policed && !self.verified.contains(&(relation as *const ObjectName)) {
                self.unverified = Some(relation.to_string());
                return ControlFlow::Break(());
            }
            ControlFlow::Continue(())
        }
    }
    impl Sources<'_> {
        /// The source's relation, when `query` is exactly `SELECT <visible> FROM "incidents"
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
            let filter = select.selection.as_ref()?.to_string();
            let placeholder = filter.strip_prefix("CAST(\"tenant\" AS VARCHAR) = ")?;
            // `$n` in SQL mode; a plan's `?` binds by position (a plan reads one table, so
            // its statements hold one source).
            let n: usize = match placeholder {
                "?" => self.sql[..self.sql.find(&format!("WHERE {filter})"))?].matches('?').count() + 1,
                numbered => numbered.strip_prefix('$')?.parse().ok()?,
            };
            let bound = matches!(self.params.get(n.checked_sub(1)?), Some(Param::Text(t)) if t == TENANT);
            (plain
                && !grouped
                && from.joins.is_empty()
                && columns == self.columns
                && name.to_string() == "\"incidents\""
                && bound)
                .then_some(name as *const ObjectName)
        }
    }
    let mut sources = Sources {
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
) {
    let Ok(compiled) = compile(text, &policed_view()) else { return };
    let mut queries = vec![&compiled.main, &compiled.count];
    if let Some(probe) = &compiled.null_probe {
        queries.push(&probe.query);
    }
    for emitted in queries {
        let query = one_query(&emitted.sql, text);
        policy_holds(&query, &emitted.params, text, &emitted.sql);
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
    check_policed(text, compile_sql);
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
        names_are_allowed(query, text, sql);
    }
    Some([compiled.main.sql, compiled.count.sql])
}

/// `sql`, which the compiler accepted from `text`, parsed again: it must be exactly one query.
fn one_query(sql: &str, text: &str) -> Box<Query> {
    let statements = Parser::new(&DuckDbDialect {})
        .with_recursion_limit(64)
        .try_with_sql(sql)
        .and_then(|mut p| p.parse_statements())
        .unwrap_or_else(|e| panic!("accepted output does not parse: {e}\ninput: {text:?}\noutput: {sql}"));
    match <[Statement; 1]>::try_from(statements) {
        Ok([Statement::Query(query)]) => query,
        _ => panic!("accepted output is not one query\ninput: {text:?}\noutput: {sql}"),
    }
}

fn names_are_allowed(query: &Query, text: &str, sql: &str) {
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
            assert!(
                querycell_contract::sql::is_allowed_function(&name),
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
    check_policed(text, querycell_guest::compile_plan);
    let outcome = querycell_guest::compile_plan(text, &view());
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
        names_are_allowed(query, text, sql);
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
