//! Unit tests of existence tests (`exists` / `not_exists`): the correlated subquery they
//! compile to, its bound values, the policy source inside it, and their refusals.

use super::joined_tests::{compile, refusal, view};
use super::*;
use crate::model::{RowFilter, TablePolicy};

const P1_INCIDENT: &str =
    r#"{"exists": {"table": "incidents", "where": [{"column": "severity", "op": "eq", "value": "P1"}]}}"#;

#[test]
fn exists_compiles_to_a_correlated_semi_join_with_its_values_bound() {
    let plan = format!(
        r#"{{"table": "teams", "filters": [{{"column": "region", "op": "eq", "value": "eu"}}, {P1_INCIDENT}],
            "group_by": ["region"], "aggregations": [{{"function": "count"}}]}}"#
    );
    let compiled = compile(&plan);
    let sql = &compiled.main.sql;
    assert!(
        sql.contains(r#"WHERE "region" = ? AND EXISTS (SELECT 1 FROM "incidents" AS "__querycell_related" WHERE "__querycell_related"."team_id" = "teams"."team_id" AND "__querycell_related"."severity" = ?)"#),
        "{sql}"
    );
    assert_eq!(compiled.main.params[..2], [Param::Text("eu".into()), Param::Text("P1".into())]);
    assert!(compiled.explanation.contains("at least one incidents row leads to it"), "{}", compiled.explanation);
    let negated =
        compile(r#"{"table": "teams", "filters": [{"not_exists": {"table": "services"}}], "columns": ["name"]}"#);
    assert!(
        negated.main.sql.contains(r#"NOT EXISTS (SELECT 1 FROM "services" AS "__querycell_related" WHERE "__querycell_related"."team_id" = "teams"."team_id")"#),
        "{}",
        negated.main.sql
    );
}

#[test]
fn a_related_rows_where_may_follow_paths_from_the_related_table() {
    let compiled = compile(
        r#"{"table": "teams", "filters": [{"exists": {"table": "incidents", "where": [{"column": "services.tier", "op": "eq", "value": "gold"}]}}],
            "aggregations": [{"function": "count"}]}"#,
    );
    let sql = &compiled.main.sql;
    assert!(sql.contains(r#"LEFT JOIN "services" AS "__querycell_related.services" ON "__querycell_related"."service_id" = "__querycell_related.services"."service_id""#), "{sql}");
    assert!(sql.contains(r#""__querycell_related.services"."tier" = ?"#), "{sql}");
}

#[test]
fn exists_in_an_aggregations_where_filters_that_aggregation_only() {
    let compiled = compile(&format!(
        r#"{{"table": "teams", "aggregations": [{{"function": "count", "where": [{P1_INCIDENT}], "alias": "with_p1"}}, {{"function": "count"}}]}}"#
    ));
    assert!(
        compiled.main.sql.starts_with(r#"SELECT count(*) FILTER (WHERE EXISTS (SELECT 1 FROM "incidents""#),
        "{}",
        compiled.main.sql
    );
    let share = compile(&format!(
        r#"{{"table": "teams", "aggregations": [{{"function": "share", "where": [{P1_INCIDENT}]}}]}}"#
    ));
    assert!(share.main.sql.contains("avg(CASE WHEN EXISTS"), "{}", share.main.sql);
}

#[test]
fn the_related_tables_policy_source_stands_inside_the_subquery() {
    let mut view = view();
    view.tables[0].policy =
        Some(TablePolicy { row_filters: vec![RowFilter { column: "severity".into(), values: vec!["P1".into()] }] });
    let compiled = compile_plan(
        r#"{"table": "teams", "filters": [{"exists": {"table": "incidents", "where": [{"column": "ack_minutes", "op": "gt", "value": 5}]}}], "aggregations": [{"function": "count"}]}"#,
        &view,
    )
    .unwrap();
    let sql = &compiled.main.sql;
    assert!(
        sql.contains(r#"EXISTS (SELECT 1 FROM (SELECT "team_id", "service_id", "severity", "ack_minutes", "reopened" FROM "incidents" WHERE CAST("severity" AS VARCHAR) = ?) AS "__querycell_related" WHERE"#),
        "{sql}"
    );
    // The policy's value first, then the condition's, in the order their `?`s stand.
    assert_eq!(compiled.main.params[..2], [Param::Text("P1".into()), Param::Integer(5)]);
    assert!(compiled.explanation.contains("among the rows of incidents the policy allows"), "{}", compiled.explanation);
}

#[test]
fn existence_refusals_name_the_way() {
    let cases = [
        // No relationship leads from teams to incidents: the hint names who leads to incidents.
        (
            r#"{"table": "incidents", "filters": [{"exists": {"table": "teams"}}], "aggregations": [{"function": "count"}]}"#,
            "unknown_relationship",
            "filters[0].exists.table",
            "no declared relationship leads to incidents",
        ),
        (
            r#"{"table": "teams", "filters": [{"exists": {"table": "incident"}}], "aggregations": [{"function": "count"}]}"#,
            "unknown_table",
            "filters[0].exists.table",
            "incidents (\"via\": \"team_id\")",
        ),
        (
            r#"{"table": "teams", "filters": [{"exists": {"table": "incidents", "via": "owner_id"}}], "aggregations": [{"function": "count"}]}"#,
            "unknown_relationship",
            "filters[0].exists.via",
            "\"team_id\"",
        ),
        (
            r#"{"table": "teams", "filters": [{"exists": {"table": "incidents", "where": [{"column": "sev", "op": "eq", "value": "P1"}]}}], "aggregations": [{"function": "count"}]}"#,
            "unknown_column",
            "filters[0].exists.where[0].column",
            "severity",
        ),
        (
            r#"{"table": "teams", "filters": [{"exists": {"table": "incidents", "where": [{"exists": {"table": "incidents"}}]}}], "aggregations": [{"function": "count"}]}"#,
            "unknown_field",
            "filters[0].exists.where[0].exists",
            "filters",
        ),
        (
            r#"{"table": "teams", "filters": [{"exists": {"table": "incidents"}, "column": "x"}], "aggregations": [{"function": "count"}]}"#,
            "unknown_field",
            "filters[0].column",
            "",
        ),
        // Headcount summed at teams' grain from incidents: an existence test about incidents
        // rows would count each team once per incident.
        (
            r#"{"table": "services", "filters": [{"exists": {"table": "incidents"}}], "aggregations": [{"function": "sum", "column": "teams.headcount"}]}"#,
            "fan_out",
            "aggregations[0]",
            "plan of its own",
        ),
    ];
    for (plan, code, path, hint) in cases {
        let error = refusal(plan);
        assert_eq!((error.code, error.path.as_str()), (code, path), "{plan}: {error:?}");
        assert!(error.hint.as_deref().unwrap_or_default().contains(hint), "{plan}: {error:?}");
    }
}

#[test]
fn two_relationships_to_the_plans_table_need_via() {
    let mut view = view();
    view.tables[0].columns.push(crate::model::Column {
        name: "reporter_team_id".into(),
        display_name: "reporter_team_id".into(),
        sql_type: "BIGINT".into(),
        kind: ValueKind::Integer,
    });
    view.relationships.push(crate::model::Relationship {
        name: None,
        from_table: "incidents".into(),
        from_column: "reporter_team_id".into(),
        to_table: "teams".into(),
        to_column: "team_id".into(),
    });
    let plan = r#"{"table": "teams", "filters": [{"exists": {"table": "incidents"}}], "aggregations": [{"function": "count"}]}"#;
    let error = compile_plan(plan, &view).unwrap_err();
    assert_eq!(error.code, "ambiguous_relationship", "{error:?}");
    assert!(error.hint.as_deref().unwrap_or_default().contains("\"reporter_team_id\""), "{error:?}");
    let chosen = compile_plan(
        r#"{"table": "teams", "filters": [{"exists": {"table": "incidents", "via": "reporter_team_id"}}], "aggregations": [{"function": "count"}]}"#,
        &view,
    )
    .unwrap();
    assert!(
        chosen.main.sql.contains(r#""__querycell_related"."reporter_team_id" = "teams"."team_id""#),
        "{}",
        chosen.main.sql
    );
}

#[test]
fn an_aggregation_of_related_rows_joins_them_at_a_grain_of_their_own() {
    let compiled = compile(
        r#"{"table": "teams", "group_by": ["region"], "filters": [{"column": "headcount", "op": "gt", "value": 3}],
            "aggregations": [{"function": "count", "of": {"table": "incidents"}},
                             {"function": "avg", "column": "ack_minutes", "of": {"table": "incidents"}, "where": [{"column": "severity", "op": "eq", "value": "P1"}]}]}"#,
    );
    let sql = &compiled.main.sql;
    assert!(
        sql.contains(r#"FROM "teams" JOIN "incidents" AS "__querycell_related" ON "__querycell_related"."team_id" = "teams"."team_id" WHERE "teams"."headcount" > ? GROUP BY "teams"."region""#),
        "{sql}"
    );
    assert!(sql.contains("FULL OUTER JOIN"), "the teams' own query supplies every group: {sql}");
    assert!(sql.contains(r#"coalesce("g1"."a0", 0) AS "count_incidents""#), "{sql}");
    let names: Vec<&str> = compiled.columns.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(names, ["region", "count_incidents", "avg_incidents_ack_minutes"]);
    assert!(compiled.explanation.contains("number of incidents rows that lead to each"), "{}", compiled.explanation);
    for (plan, code, path) in [
        (
            r#"{"table": "teams", "aggregations": [{"function": "avg", "column": "services.teir", "of": {"table": "incidents"}}]}"#,
            "unknown_column",
            "aggregations[0].column",
        ),
        (
            r#"{"table": "teams", "aggregations": [{"function": "count", "of": {"table": "incidents", "where": []}}]}"#,
            "unknown_field",
            "aggregations[0].of.where",
        ),
        (
            r#"{"table": "incidents", "aggregations": [{"function": "count", "of": {"table": "teams"}}]}"#,
            "unknown_relationship",
            "aggregations[0].of.table",
        ),
    ] {
        let error = refusal(plan);
        assert_eq!((error.code, error.path.as_str()), (code, path), "{plan}: {error:?}");
    }
}
