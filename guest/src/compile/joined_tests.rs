//! Unit tests of plans that follow relationships: paths, grains, the fan-out refusal,
//! aggregations of several grains side by side, metrics, and policed tables on either side
//! of a join.

use super::*;
use crate::model::{Column, Metric, Relationship, RequestLimits, RowFilter, TablePolicy};

fn column(name: &str, kind: ValueKind) -> Column {
    let sql_type = match kind {
        ValueKind::Integer => "BIGINT",
        ValueKind::Boolean => "BOOLEAN",
        _ => "VARCHAR",
    };
    Column { name: name.into(), display_name: name.into(), sql_type: sql_type.into(), kind }
}

pub(super) fn table(name: &str, columns: &[(&str, ValueKind)]) -> Table {
    Table {
        name: name.into(),
        relation: Vec::new(),
        columns: columns.iter().map(|(n, k)| column(n, *k)).collect(),
        policy: None,
    }
}

fn relationship(from: &str, to: &str) -> Relationship {
    let (from_table, from_column) = from.split_once('.').unwrap();
    let (to_table, to_column) = to.split_once('.').unwrap();
    Relationship {
        name: None,
        from_table: from_table.into(),
        from_column: from_column.into(),
        to_table: to_table.into(),
        to_column: to_column.into(),
    }
}

/// incidents → teams, incidents → services → teams; a metric on incidents.
pub(super) fn view() -> CatalogView {
    use ValueKind::*;
    CatalogView {
        tables: vec![
            table(
                "incidents",
                &[("team_id", Integer), ("service_id", Integer), ("severity", Text), ("ack_minutes", Integer), ("reopened", Boolean)],
            ),
            table("teams", &[("team_id", Integer), ("name", Text), ("region", Text), ("headcount", Integer)]),
            table("services", &[("service_id", Integer), ("name", Text), ("team_id", Integer), ("tier", Text)]),
        ],
        limits: RequestLimits { max_rows: 1000, max_in_list: 10, max_request_bytes: 4096 },
        today: 20527,
        relationships: vec![
            relationship("incidents.team_id", "teams.team_id"),
            relationship("incidents.service_id", "services.service_id"),
            relationship("services.team_id", "teams.team_id"),
        ],
        metrics: vec![Metric {
            name: "mtta".into(),
            table: "incidents".into(),
            aggregation: r#"{"function": "avg", "column": "ack_minutes", "where": [{"column": "severity", "op": "in", "value": ["P1", "P2"]}, {"column": "reopened", "op": "eq", "value": false}]}"#.into(),
            description: "mean time to acknowledge".into(),
            unit: Some("minutes".into()),
        }],
        dialect: Dialect::DuckDb,
    }
}

pub(super) fn compile(plan: &str) -> Compiled {
    compile_plan(plan, &view()).unwrap_or_else(|e| panic!("{plan}: {e:?}"))
}

pub(super) fn refusal(plan: &str) -> CompileError {
    compile_plan(plan, &view()).expect_err(plan)
}

#[test]
fn a_path_joins_the_related_table_and_counts_its_orphans() {
    let compiled = compile(
        r#"{"table": "incidents", "group_by": ["teams.region"], "aggregations": [{"function": "avg", "column": "ack_minutes"}]}"#,
    );
    assert_eq!(
        compiled.main.sql,
        "SELECT \"incidents.teams\".\"region\" AS \"teams_region\", avg(\"incidents\".\"ack_minutes\") AS \"avg_ack_minutes\", \
         sum(count(*) FILTER (WHERE \"incidents\".\"ack_minutes\" IS NULL)) OVER () AS \"__querycell_nulls_0\", \
         sum(count(*) FILTER (WHERE \"incidents\".\"team_id\" IS NOT NULL AND \"incidents.teams\".\"team_id\" IS NULL)) OVER () AS \"__querycell_unmatched_0\", \
         count(*) OVER () AS \"__querycell_rows\" \
         FROM \"incidents\" LEFT JOIN \"teams\" AS \"incidents.teams\" ON \"incidents\".\"team_id\" = \"incidents.teams\".\"team_id\" \
         GROUP BY \"incidents.teams\".\"region\" ORDER BY \"teams_region\" ASC NULLS LAST LIMIT ?"
    );
    assert_eq!(
        compiled.main_counts,
        vec![
            ProbeCount::AggregateSkipped("avg_ack_minutes".into()),
            ProbeCount::Unmatched("incidents".into(), relationship("incidents.team_id", "teams.team_id")),
            ProbeCount::AnswerRows,
        ]
    );
    assert!(compiled.explanation.contains("following incidents.team_id → teams.team_id"), "{}", compiled.explanation);
}

#[test]
fn paths_walk_several_steps() {
    let compiled = compile(
        r#"{"table": "incidents", "filters": [{"column": "services.teams.region", "op": "eq", "value": "EU"}], "columns": ["severity", "services.tier"]}"#,
    );
    let sql = &compiled.main.sql;
    assert!(sql.contains("LEFT JOIN \"services\" AS \"incidents.services\" ON \"incidents\".\"service_id\" = \"incidents.services\".\"service_id\" LEFT JOIN \"teams\" AS \"incidents.services.teams\" ON \"incidents.services\".\"team_id\" = \"incidents.services.teams\".\"team_id\""), "{sql}");
    assert!(sql.contains("WHERE \"incidents.services.teams\".\"region\" = ?"), "{sql}");
    assert_eq!(compiled.columns.iter().map(|c| c.name.as_str()).collect::<Vec<_>>(), ["severity", "services_tier"]);
}

#[test]
fn an_aggregation_of_a_related_column_reads_its_own_table() {
    let compiled = compile(
        r#"{"table": "incidents", "group_by": ["teams.region"], "aggregations": [{"function": "sum", "column": "teams.headcount"}]}"#,
    );
    assert!(
        compiled
            .main
            .sql
            .starts_with("SELECT \"region\" AS \"teams_region\", sum(\"headcount\") AS \"sum_teams_headcount\""),
        "{}",
        compiled.main.sql
    );
    assert!(compiled.main.sql.contains(" FROM \"teams\" GROUP BY \"region\""), "{}", compiled.main.sql);
}

#[test]
fn fan_out_is_refused_with_what_can_be_asked_instead() {
    let error = refusal(
        r#"{"table": "incidents", "group_by": ["severity"], "aggregations": [{"function": "count"}, {"function": "sum", "column": "teams.headcount"}]}"#,
    );
    assert_eq!(error.code, Code::FanOut.as_str());
    assert_eq!(error.path, "aggregations[1]");
    assert_eq!(
        error.message,
        "'sum' of 'teams.headcount' reads each row of teams once, but group_by[0] ('severity') is a column of incidents, which teams does not reach through many-to-one relationships: one teams row can stand in many incidents rows, and would count once for each"
    );
    assert!(error.hint.as_deref().unwrap().contains("\"table\": \"teams\""), "{:?}", error.hint);
    // A filter on the plan's table fans out the same way; so does a sibling's column.
    let error = refusal(
        r#"{"table": "incidents", "filters": [{"column": "severity", "op": "eq", "value": "P1"}], "aggregations": [{"function": "max", "column": "teams.headcount"}]}"#,
    );
    assert_eq!((error.code, error.path.as_str()), (Code::FanOut.as_str(), "aggregations[0]"));
    let error = refusal(
        r#"{"table": "incidents", "group_by": ["services.tier"], "aggregations": [{"function": "avg", "column": "teams.headcount"}]}"#,
    );
    assert_eq!(error.code, Code::FanOut.as_str());
    // count_distinct reads the plan's rows: a value reached many times is one value.
    compile(
        r#"{"table": "incidents", "group_by": ["severity"], "aggregations": [{"function": "count_distinct", "column": "teams.name"}]}"#,
    );
}

/// Two grains joined on two keys: each key's comparison reads the same to DuckDB and to
/// sqlparser, which takes `x IS NOT DISTINCT FROM y AND …` as `x IS NOT DISTINCT FROM (y
/// AND …)` (a `plan_structured` fuzz finding): every comparison compares two columns.
#[test]
fn grains_joined_on_two_keys_read_the_same_to_every_parser() {
    use sqlparser::ast::{Expr, Visit, Visitor};
    use std::ops::ControlFlow;
    let compiled = compile(
        r#"{"table": "incidents", "group_by": ["teams.name", "teams.region"], "aggregations": [{"function": "count"}, {"function": "sum", "column": "teams.headcount"}]}"#,
    );
    let sql = &compiled.main.sql;
    let statements = sqlparser::parser::Parser::parse_sql(&sqlparser::dialect::DuckDbDialect {}, sql).expect("parses");
    struct Comparisons {
        seen: usize,
        misread: Vec<String>,
    }
    impl Visitor for Comparisons {
        type Break = ();
        fn pre_visit_expr(&mut self, expr: &Expr) -> ControlFlow<()> {
            if let Expr::IsNotDistinctFrom(left, right) = expr {
                self.seen += 1;
                if !matches!(left.as_ref(), Expr::Function(_)) || !matches!(right.as_ref(), Expr::CompoundIdentifier(_))
                {
                    self.misread.push(expr.to_string());
                }
            }
            ControlFlow::Continue(())
        }
    }
    let mut comparisons = Comparisons { seen: 0, misread: Vec::new() };
    let _ = statements.visit(&mut comparisons);
    assert_eq!(comparisons.seen, 2, "one comparison per key: {sql}");
    assert!(comparisons.misread.is_empty(), "read otherwise by sqlparser: {:?}\n{sql}", comparisons.misread);
}

#[test]
fn aggregations_of_two_grains_stand_side_by_side() {
    let compiled = compile(
        r#"{"table": "incidents", "group_by": ["teams.region"], "aggregations": [{"function": "count"}, {"function": "sum", "column": "teams.headcount"}]}"#,
    );
    let sql = &compiled.main.sql;
    assert!(sql.starts_with("SELECT coalesce(\"g0\".\"k0\", \"g1\".\"k0\") AS \"teams_region\", coalesce(\"g0\".\"a0\", 0) AS \"count\", \"g1\".\"a1\" AS \"sum_teams_headcount\""), "{sql}");
    assert!(
        sql.contains(") AS \"g0\" FULL OUTER JOIN (SELECT \"region\" AS \"k0\", sum(\"headcount\") AS \"a1\""),
        "{sql}"
    );
    assert!(sql.contains("ON (coalesce(\"g0\".\"k0\") IS NOT DISTINCT FROM \"g1\".\"k0\")"), "{sql}");
    assert_eq!(compiled.main_counts.len(), 3, "{:?}", compiled.main_counts);
    assert_eq!(compiled.main_counts.last(), Some(&ProbeCount::AnswerRows));
}

#[test]
fn unknown_and_ambiguous_paths_name_the_declared_relationships() {
    let error =
        refusal(r#"{"table": "incidents", "group_by": ["regions.name"], "aggregations": [{"function": "count"}]}"#);
    assert_eq!((error.code, error.path.as_str()), (Code::UnknownRelationship.as_str(), "group_by[0]"));
    assert_eq!(error.message, "no declared relationship leads from incidents to 'regions'");
    assert!(error
        .hint
        .as_deref()
        .unwrap()
        .contains("incidents.team_id → teams.team_id, incidents.service_id → services.service_id"));
    let mut view = view();
    view.tables[0].columns.push(column("reporter_team_id", ValueKind::Integer));
    view.relationships.push(relationship("incidents.reporter_team_id", "teams.team_id"));
    let plan = r#"{"table": "incidents", "group_by": ["teams.region"], "aggregations": [{"function": "count"}]}"#;
    let error = compile_plan(plan, &view).expect_err(plan);
    assert_eq!((error.code, error.path.as_str()), (Code::AmbiguousRelationship.as_str(), "group_by[0]"));
    assert_eq!(error.message, "'teams.region' could mean 2 relationships from incidents to teams");
    assert_eq!(
        error.hint.as_deref(),
        Some("2 relationships lead from incidents to teams: name the one to follow by its role, by the path \"team_id.region\" or \"reporter_team_id.region\" (each answer column keeps the name it was asked by)")
    );
    // Each role by its key column, side by side: two joins to teams, told apart by alias.
    let plan = r#"{"table": "incidents", "group_by": ["team_id.region", "reporter_team_id.region"], "aggregations": [{"function": "count"}]}"#;
    let compiled = compile_plan(plan, &view).unwrap();
    let sql = &compiled.main.sql;
    assert!(
        sql.contains(
            r#"LEFT JOIN "teams" AS "incidents.team_id" ON "incidents"."team_id" = "incidents.team_id"."team_id""#
        ),
        "{sql}"
    );
    assert!(sql.contains(r#"LEFT JOIN "teams" AS "incidents.reporter_team_id" ON "incidents"."reporter_team_id" = "incidents.reporter_team_id"."team_id""#), "{sql}");
    let names: Vec<&str> = compiled.columns.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(names, ["team_id_region", "reporter_team_id_region", "count"]);
    // Where one relationship leads to a table, its key column names the same step.
    let one =
        compile(r#"{"table": "incidents", "group_by": ["service_id.tier"], "aggregations": [{"function": "count"}]}"#);
    assert!(one.main.sql.contains(r#"AS "incidents.services""#), "{}", one.main.sql);
}

/// Named relationships (roles): a step by name follows that relationship, the hint names the
/// roles' paths, `via` takes the name, and the key column still names the same step.
#[test]
fn a_named_relationship_is_followed_by_its_role() {
    let mut view = view();
    view.tables[0].columns.push(column("reporter_team_id", ValueKind::Integer));
    view.relationships[0].name = Some("owner".into());
    let mut reporter = relationship("incidents.reporter_team_id", "teams.team_id");
    reporter.name = Some("reporter".into());
    view.relationships.push(reporter);
    let plan = r#"{"table": "incidents", "group_by": ["teams.region"], "aggregations": [{"function": "count"}]}"#;
    let error = compile_plan(plan, &view).expect_err(plan);
    assert_eq!(error.code, Code::AmbiguousRelationship.as_str());
    assert!(error.hint.as_deref().unwrap().contains("\"owner.region\" or \"reporter.region\""), "{error:?}");
    let plan = r#"{"table": "incidents", "group_by": ["owner.region", "reporter_team_id.region"], "aggregations": [{"function": "count"}]}"#;
    let compiled = compile_plan(plan, &view).unwrap();
    let names: Vec<&str> = compiled.columns.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(names, ["owner_region", "reporter_team_id_region", "count"]);
    let sql = &compiled.main.sql;
    assert!(
        sql.contains(r#"ON "incidents"."team_id" = "#) && sql.contains(r#"ON "incidents"."reporter_team_id" = "#),
        "{sql}"
    );
    // The same plan with the name in place of the key column is the same statement.
    let by_name = compile_plan(&plan.replace("reporter_team_id.region", "reporter.region"), &view).unwrap();
    assert_eq!(by_name.main.sql, compiled.main.sql.replace("reporter_team_id_region", "reporter_region"));
    let exists = r#"{"table": "teams", "filters": [{"exists": {"table": "incidents", "via": "reporter"}}], "aggregations": [{"function": "count"}]}"#;
    let compiled = compile_plan(exists, &view).unwrap();
    assert!(compiled.main.sql.contains(r#""reporter_team_id" = "#), "{}", compiled.main.sql);
    // One table in two roles is two sets of rows: a reporter's headcount cannot be grouped by
    // the owner's region, and the refusal names each by its way.
    let fan = r#"{"table": "incidents", "group_by": ["owner.region"], "aggregations": [{"function": "sum", "column": "reporter.headcount"}]}"#;
    let error = compile_plan(fan, &view).expect_err(fan);
    assert_eq!(error.code, Code::FanOut.as_str());
    assert!(error.message.contains("reads each row of teams (by 'reporter') once, but group_by[0] ('owner.region') is a column of teams (by 'owner')"), "{error:?}");
    let ambiguous = compile_plan(&exists.replace(r#", "via": "reporter""#, ""), &view).expect_err(exists);
    assert!(
        ambiguous.hint.as_deref().unwrap().contains("\"owner\" (owner: incidents.team_id → teams.team_id)"),
        "{ambiguous:?}"
    );
}

#[test]
fn a_metric_is_its_definition_under_its_name() {
    let compiled =
        compile(r#"{"table": "incidents", "group_by": ["teams.region"], "aggregations": [{"metric": "mtta"}]}"#);
    assert!(compiled.main.sql.contains("avg(\"incidents\".\"ack_minutes\") FILTER (WHERE \"incidents\".\"severity\" IN (?, ?) AND \"incidents\".\"reopened\" = ?) AS \"mtta\""), "{}", compiled.main.sql);
    assert!(compiled.explanation.contains("the metric mtta: mean time to acknowledge"), "{}", compiled.explanation);
    let error = refusal(r#"{"table": "teams", "aggregations": [{"metric": "mtta"}]}"#);
    assert_eq!((error.code, error.path.as_str()), (Code::UnknownMetric.as_str(), "aggregations[0].metric"));
    let error = refusal(r#"{"table": "incidents", "aggregations": [{"metric": "mtta", "function": "sum"}]}"#);
    assert_eq!(error.code, Code::UnknownField.as_str());
}

#[test]
fn a_policed_table_is_read_through_its_source_on_either_side_of_a_join() {
    let mut view = view();
    view.tables[1].policy =
        Some(TablePolicy { row_filters: vec![RowFilter { column: "region".into(), values: vec!["EU".into()] }] });
    let plan = r#"{"table": "incidents", "filters": [{"column": "severity", "op": "eq", "value": "P1"}], "group_by": ["teams.name"], "aggregations": [{"function": "count"}]}"#;
    let compiled = compile_plan(plan, &view).unwrap();
    assert!(compiled.main.sql.contains("LEFT JOIN (SELECT \"team_id\", \"name\", \"region\", \"headcount\" FROM \"teams\" WHERE CAST(\"region\" AS VARCHAR) = ?) AS \"incidents.teams\""), "{}", compiled.main.sql);
    assert_eq!(compiled.main.params, vec![Param::Text("EU".into()), Param::Text("P1".into()), Param::Integer(1001)]);
}

/// A plan that lists rows and aggregates at two grains is refused as one grain's is: the
/// grains' compile never read `columns`, answered without them, and joined their paths
/// from the wrong table (found by the structured plan fuzzer's oracle: a join of teams to
/// itself along incidents' relationship).
#[test]
fn listing_columns_beside_aggregations_at_two_grains_is_refused() {
    let err = refusal(
        r#"{"table": "incidents", "columns": ["severity", "teams.region"], "aggregations": [{"function": "count"}, {"function": "sum", "column": "teams.headcount"}]}"#,
    );
    assert_eq!((err.code, err.path.as_str()), ("mixed_query_kinds", "columns"), "{err}");
}

/// Every answer column says what it is, for each plan shape: a path, a time grain, a
/// metric (with its unit), an aggregation's `where`, `share`, `percentile`, aggregations at
/// two grains, and a listing; and the order keys name answer columns.
#[test]
fn every_plan_shape_says_what_each_column_is() {
    let roles = |plan: &str| -> Vec<ColumnRole> { compile(plan).columns.into_iter().map(|c| c.role).collect() };
    let key = |by: &str| ColumnRole::GroupKey { by: by.into(), grain: None };
    let aggregate = |function: &str, column: Option<&str>| {
        ColumnRole::Aggregate(AggregateRole {
            function: function.into(),
            column: column.map(String::from),
            of: None,
            filter: None,
            p: None,
            metric: None,
            unit: None,
        })
    };
    assert_eq!(
        roles(
            r#"{"table": "incidents", "group_by": ["teams.region", "severity"], "aggregations": [{"function": "count"}, {"function": "count_distinct", "column": "services.tier"}]}"#
        ),
        vec![
            key("teams.region"),
            key("severity"),
            aggregate("count", None),
            aggregate("count_distinct", Some("services.tier"))
        ]
    );
    // Two grains: each aggregation keeps its role in the outer query.
    assert_eq!(
        roles(
            r#"{"table": "incidents", "group_by": ["teams.region"], "aggregations": [{"function": "count"}, {"function": "sum", "column": "teams.headcount"}]}"#
        ),
        vec![key("teams.region"), aggregate("count", None), aggregate("sum", Some("teams.headcount"))]
    );
    let with = |role: ColumnRole, edit: &dyn Fn(&mut AggregateRole)| match role {
        ColumnRole::Aggregate(mut a) => {
            edit(&mut a);
            ColumnRole::Aggregate(a)
        }
        other => other,
    };
    assert_eq!(
        roles(
            r#"{"table": "incidents", "group_by": ["severity"], "aggregations": [{"metric": "mtta"}, {"function": "share", "where": [{"column": "ack_minutes", "op": "lte", "value": 15}]}, {"function": "percentile", "column": "ack_minutes", "p": 0.9}, {"function": "max", "column": "ack_minutes", "where": [{"column": "reopened", "op": "eq", "value": true}]}]}"#
        ),
        vec![
            key("severity"),
            with(aggregate("avg", Some("ack_minutes")), &|a| {
                a.filter = Some(r#"severity is one of "P1", "P2" and reopened = false"#.into());
                a.metric = Some("mtta".into());
                a.unit = Some("minutes".into());
            }),
            with(aggregate("share", None), &|a| a.filter = Some("ack_minutes <= 15".into())),
            with(aggregate("percentile", Some("ack_minutes")), &|a| a.p = Some(0.9)),
            with(aggregate("max", Some("ack_minutes")), &|a| a.filter = Some("reopened = true".into())),
        ]
    );
    assert_eq!(
        roles(r#"{"table": "incidents", "columns": ["severity", "teams.name"]}"#),
        vec![ColumnRole::Listed { column: "severity".into() }, ColumnRole::Listed { column: "teams.name".into() }]
    );
    let ordered = compile(
        r#"{"table": "incidents", "group_by": ["severity"], "aggregations": [{"function": "count", "alias": "n"}], "order_by": [{"column": "n", "direction": "desc"}]}"#,
    );
    assert_eq!(
        ordered.order,
        vec![OrderKey { column: 1, descending: true }, OrderKey { column: 0, descending: false }]
    );
    // A listing sorted by a column it does not show has no order keys past it.
    let listing = compile(r#"{"table": "incidents", "columns": ["severity"], "order_by": ["ack_minutes"]}"#);
    assert!(listing.order.is_empty(), "{:?}", listing.order);
}

/// `"of"` along a path from the related rows: the related table joined on its key, then its
/// own left join, named after the path.
#[test]
fn an_aggregation_of_related_rows_follows_their_paths() {
    let plan = r#"{"table": "teams", "group_by": ["team_id"], "aggregations": [{"function": "count_distinct", "column": "services.tier", "of": {"table": "incidents"}, "where": [{"column": "services.tier", "op": "ne", "value": "gold"}]}]}"#;
    let compiled = compile(plan);
    let sql = &compiled.main.sql;
    assert!(
        sql.contains(r#"JOIN "incidents" AS "__querycell_related" ON "__querycell_related"."team_id" = "teams"."team_id" LEFT JOIN "services" AS "__querycell_related.services" ON "__querycell_related"."service_id" = "__querycell_related.services"."service_id""#),
        "{sql}"
    );
    let names: Vec<&str> = compiled.columns.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(names, ["team_id", "count_distinct_incidents_services_tier"]);
    // The receipt's role says whose rows it counts: incidents', by a path from them.
    match &compiled.columns[1].role {
        ColumnRole::Aggregate(role) => {
            assert_eq!((role.of.as_deref(), role.column.as_deref()), (Some("incidents"), Some("services.tier")));
        }
        other => panic!("{other:?}"),
    }
}
