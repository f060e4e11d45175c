//! Unit tests of plan compilation against a small fixed catalog.

use super::*;
use crate::model::{Column, RequestLimits};
use crate::model::{ExcludedNulls, ProbeCount, ResolvedDate};
use serde_json::json;

fn column(name: &str, sql_type: &str, kind: ValueKind) -> Column {
    Column { name: name.into(), display_name: name.into(), sql_type: sql_type.into(), kind }
}

fn view() -> CatalogView {
    CatalogView {
        tables: vec![Table {
            name: "incidents".into(),
            relation: Vec::new(),
            columns: vec![
                column("incident_id", "VARCHAR", ValueKind::Text),
                column("team", "VARCHAR", ValueKind::Text),
                column("severity", "VARCHAR", ValueKind::Text),
                column("ack_minutes", "BIGINT", ValueKind::Integer),
                // A header the SQL name was shortened from.
                Column { display_name: "Incident cost in euros".into(), ..column("cost", "DOUBLE", ValueKind::Float) },
                column("opened_at", "DATE", ValueKind::Date),
                column("closed_at", "TIMESTAMP", ValueKind::Timestamp),
                column("resolved", "BOOLEAN", ValueKind::Boolean),
                column("tags", "VARCHAR[]", ValueKind::Other),
            ],
            policy: None,
        }],
        limits: RequestLimits { max_rows: 1000, max_in_list: 3, max_request_bytes: 4096 },
        today: crate::values::parse_date(TODAY).expect("a date"),
        relationships: Vec::new(),
        metrics: Vec::new(),
        dialect: Default::default(),
    }
}

/// The day the host says it is, for every test here: a Sunday in the first quarter.
const TODAY: &str = "2026-03-15";

fn day(text: &str) -> i32 {
    crate::values::parse_date(text).expect("a date")
}

fn compile(plan: &str) -> Result<Compiled> {
    compile_plan(plan, &view())
}

fn refusal(plan: &str) -> CompileError {
    compile(plan).expect_err(plan)
}

/// Only a ranking highest first is a "top": an alphabetical listing or a lowest-first order
/// cut by its limit is its first rows.
#[test]
fn only_a_ranking_highest_first_is_explained_as_top() {
    let explained = |order: &str| {
        compile(&format!(
            r#"{{"table": "incidents", "group_by": ["team"], "aggregations": [{{"function": "count", "alias": "n"}}],
                "order_by": [{order}], "limit": 3}}"#
        ))
        .unwrap()
        .explanation
    };
    assert_eq!(explained(r#"{"column": "n", "direction": "desc"}"#), "number of rows by team, highest n first, top 3");
    assert_eq!(explained(r#"{"column": "team"}"#), "number of rows by team, lowest team first, first 3 rows");
    assert_eq!(explained(r#"{"column": "n"}"#), "number of rows by team, lowest n first, first 3 rows");
}

#[test]
fn design_example_compiles_to_parameterised_sql() {
    let compiled = compile(
        r#"{"table": "incidents", "filters": [{"column": "severity", "op": "eq", "value": "P1"}],
            "group_by": ["team"], "aggregations": [{"function": "avg", "column": "ack_minutes", "alias": "average_minutes"}],
            "order_by": [{"column": "average_minutes", "direction": "desc"}], "limit": 5}"#,
    )
    .unwrap();
    assert_eq!(
        compiled.main.sql,
        "SELECT \"team\", avg(\"ack_minutes\") AS \"average_minutes\", \
         sum(count(*) FILTER (WHERE \"ack_minutes\" IS NULL)) OVER () AS \"__querycell_nulls_0\", count(*) OVER () AS \"__querycell_rows\" \
         FROM \"incidents\" WHERE \"severity\" = ? \
         GROUP BY \"team\" ORDER BY \"average_minutes\" DESC NULLS LAST, \"team\" ASC NULLS LAST LIMIT ?"
    );
    // The nulls the average skips, and the number of groups, ride in the main query.
    assert_eq!(
        compiled.main_counts,
        vec![ProbeCount::AggregateSkipped("average_minutes".into()), ProbeCount::AnswerRows]
    );
    assert_eq!(compiled.null_probe, None);
    assert_eq!(compiled.main.params, vec![Param::Text("P1".into()), Param::Integer(6)]);
    assert_eq!(compiled.limit, 5);
    assert_eq!(
        compiled.count.sql,
        "SELECT count(*) AS \"total_rows\" FROM (SELECT \"team\", avg(\"ack_minutes\") AS \"average_minutes\" FROM \"incidents\" \
         WHERE \"severity\" = ? GROUP BY \"team\") AS \"answer\""
    );
    assert_eq!(compiled.count.params, vec![Param::Text("P1".into())]);
    assert_eq!(
        compiled.explanation,
        "average ack_minutes by team, where severity = 'P1', highest average_minutes first, top 5"
    );
    assert!(compiled.resolved_dates.is_empty());
    let names: Vec<_> = compiled.columns.iter().map(|c| (c.name.as_str(), c.kind)).collect();
    assert_eq!(names, vec![("team", ValueKind::Text), ("average_minutes", ValueKind::Float)]);
}

#[test]
fn every_filter_operator_binds_its_values() {
    let cases: &[(&str, &str, Vec<Param>)] = &[
        (r#"{"column": "severity", "op": "ne", "value": "P1"}"#, "\"severity\" <> ?", vec![Param::Text("P1".into())]),
        (r#"{"column": "ack_minutes", "op": "lt", "value": 5}"#, "\"ack_minutes\" < ?", vec![Param::Integer(5)]),
        (r#"{"column": "ack_minutes", "op": "lte", "value": 5}"#, "\"ack_minutes\" <= ?", vec![Param::Integer(5)]),
        (r#"{"column": "cost", "op": "gt", "value": 2.5}"#, "\"cost\" > ?", vec![Param::Float(2.5)]),
        (
            r#"{"column": "opened_at", "op": "gte", "value": "2026-01-31"}"#,
            "\"opened_at\" >= ?",
            vec![Param::Date(20484)],
        ),
        (
            r#"{"column": "team", "op": "in", "value": ["A", "B"]}"#,
            "\"team\" IN (?, ?)",
            vec![Param::Text("A".into()), Param::Text("B".into())],
        ),
        (r#"{"column": "team", "op": "not_in", "value": ["A"]}"#, "\"team\" NOT IN (?)", vec![Param::Text("A".into())]),
        (
            r#"{"column": "ack_minutes", "op": "between", "value": [1, 9]}"#,
            "\"ack_minutes\" BETWEEN ? AND ?",
            vec![Param::Integer(1), Param::Integer(9)],
        ),
        (r#"{"column": "team", "op": "is_null"}"#, "\"team\" IS NULL", vec![]),
        (r#"{"column": "tags", "op": "is_not_null"}"#, "\"tags\" IS NOT NULL", vec![]),
        (
            r#"{"column": "team", "op": "contains", "value": "50%_"}"#,
            "\"team\" LIKE ? ESCAPE '\\'",
            vec![Param::Text("%50\\%\\_%".into())],
        ),
        (
            r#"{"column": "team", "op": "starts_with", "value": "Pay"}"#,
            "\"team\" LIKE ? ESCAPE '\\'",
            vec![Param::Text("Pay%".into())],
        ),
        (r#"{"column": "resolved", "op": "eq", "value": true}"#, "\"resolved\" = ?", vec![Param::Boolean(true)]),
        (
            r#"{"column": "closed_at", "op": "lt", "value": "1970-01-01 00:00:01"}"#,
            "\"closed_at\" < ?",
            vec![Param::Timestamp(1_000_000)],
        ),
    ];
    for (filter, sql, params) in cases {
        let plan = format!(r#"{{"table": "incidents", "columns": ["incident_id"], "filters": [{filter}]}}"#);
        let compiled = compile(&plan).unwrap_or_else(|e| panic!("{filter}: {e}"));
        assert!(compiled.main.sql.contains(&format!(" WHERE {sql} ORDER BY")), "{filter}: {}", compiled.main.sql);
        let mut expected = params.clone();
        expected.push(Param::Integer(1001));
        assert_eq!(compiled.main.params, expected, "{filter}");
    }
}

#[test]
fn hostile_values_never_reach_the_sql_text() {
    let value = "x'; DROP TABLE incidents; --\"";
    let plan = serde_json::json!({
        "table": "incidents", "columns": ["team"],
        "filters": [{"column": "team", "op": "eq", "value": value}, {"column": "team", "op": "contains", "value": value}]
    });
    let compiled = compile(&plan.to_string()).unwrap();
    assert!(!compiled.main.sql.contains("DROP"));
    assert_eq!(compiled.main.params[0], Param::Text(value.into()));
}

#[test]
fn unknown_names_get_a_hint() {
    let err = refusal(
        r#"{"table": "incidents", "columns": ["team"], "filters": [{"column": "severty", "op": "eq", "value": "P1"}]}"#,
    );
    assert_eq!(
        (err.code, err.path.as_str(), err.hint.as_deref()),
        ("unknown_column", "filters[0].column", Some("did you mean 'severity'?"))
    );
    // By its header, a column the SQL name is far from.
    let err =
        refusal(r#"{"table": "incidents", "aggregations": [{"function": "sum", "column": "Incident cost in euros"}]}"#);
    assert_eq!(
        (err.code, err.path.as_str(), err.hint.as_deref()),
        (
            "unknown_column",
            "aggregations[0].column",
            Some("did you mean 'cost'? (the column headed \"Incident cost in euros\" in the source)")
        )
    );
    let err = refusal(r#"{"table": "incident", "columns": ["team"]}"#);
    assert_eq!(
        (err.code, err.path.as_str(), err.hint.as_deref()),
        ("unknown_table", "table", Some("did you mean 'incidents'?"))
    );
    let err = refusal(
        r#"{"table": "incidents", "group_by": ["team"], "aggregations": [{"function": "count"}], "order_by": ["cnt"]}"#,
    );
    assert_eq!((err.code, err.path.as_str()), ("unknown_output", "order_by[0]"));
}

#[test]
fn type_rules_are_enforced() {
    let cases = [
        (
            r#"{"table": "incidents", "aggregations": [{"function": "sum", "column": "team"}]}"#,
            "invalid_aggregation",
            "aggregations[0].column",
        ),
        (
            r#"{"table": "incidents", "aggregations": [{"function": "avg", "column": "opened_at"}]}"#,
            "invalid_aggregation",
            "aggregations[0].column",
        ),
        (
            r#"{"table": "incidents", "aggregations": [{"function": "max", "column": "resolved"}]}"#,
            "invalid_aggregation",
            "aggregations[0].column",
        ),
        (r#"{"table": "incidents", "aggregations": [{"function": "avg"}]}"#, "missing_field", "aggregations[0].column"),
        (
            r#"{"table": "incidents", "columns": ["team"], "filters": [{"column": "ack_minutes", "op": "eq", "value": "10"}]}"#,
            "invalid_value",
            "filters[0].value",
        ),
        (
            r#"{"table": "incidents", "columns": ["team"], "filters": [{"column": "opened_at", "op": "eq", "value": "03/04/2026"}]}"#,
            "invalid_value",
            "filters[0].value",
        ),
        (
            r#"{"table": "incidents", "columns": ["team"], "filters": [{"column": "ack_minutes", "op": "contains", "value": "1"}]}"#,
            "invalid_operator",
            "filters[0].op",
        ),
        (
            r#"{"table": "incidents", "columns": ["team"], "filters": [{"column": "resolved", "op": "gt", "value": true}]}"#,
            "invalid_operator",
            "filters[0].op",
        ),
        (
            r#"{"table": "incidents", "columns": ["team"], "filters": [{"column": "team", "op": "in", "value": ["a", "b", "c", "d"]}]}"#,
            "list_too_long",
            "filters[0].value",
        ),
        (
            r#"{"table": "incidents", "columns": ["team"], "filters": [{"column": "team", "op": "in", "value": []}]}"#,
            "invalid_value",
            "filters[0].value",
        ),
        (
            r#"{"table": "incidents", "columns": ["team"], "filters": [{"column": "team", "op": "in", "value": ["a", 1]}]}"#,
            "invalid_value",
            "filters[0].value[1]",
        ),
        (
            r#"{"table": "incidents", "columns": ["team"], "filters": [{"column": "ack_minutes", "op": "between", "value": [1]}]}"#,
            "invalid_value",
            "filters[0].value",
        ),
        (
            r#"{"table": "incidents", "group_by": [{"column": "team", "granularity": "month"}]}"#,
            "invalid_granularity",
            "group_by[0].granularity",
        ),
        (
            r#"{"table": "incidents", "aggregations": [{"function": "count", "alias": "a b"}]}"#,
            "invalid_alias",
            "aggregations[0].alias",
        ),
        (
            r#"{"table": "incidents", "aggregations": [{"function": "count"}, {"function": "count"}]}"#,
            "duplicate_output",
            "aggregations[1]",
        ),
        // Names that differ only in case are one name to SQL: ORDER BY "count" sorted by
        // the column aliased "Count".
        (
            r#"{"table": "incidents", "group_by": ["team"], "aggregations": [{"function": "count"}, {"function": "sum", "column": "ack_minutes", "alias": "Count"}]}"#,
            "duplicate_output",
            "aggregations[1]",
        ),
        (
            r#"{"table": "incidents", "group_by": ["team"], "aggregations": [{"function": "count", "alias": "TEAM"}]}"#,
            "duplicate_output",
            "aggregations[0]",
        ),
        // The helper columns' prefix, in any case, is no alias: ORDER BY sorted by the
        // constant helper column of that name.
        (
            r#"{"table": "incidents", "group_by": ["team"], "aggregations": [{"function": "count", "alias": "__querycell_rows"}]}"#,
            "invalid_alias",
            "aggregations[0].alias",
        ),
        (
            r#"{"table": "incidents", "group_by": ["team"], "aggregations": [{"function": "count", "alias": "__QueryCell_nulls_0"}]}"#,
            "invalid_alias",
            "aggregations[0].alias",
        ),
        (r#"{"table": "incidents", "columns": ["team"], "group_by": ["team"]}"#, "mixed_query_kinds", "columns"),
        (r#"{"table": "incidents"}"#, "empty_plan", "$"),
        (
            r#"{"table": "incidents", "columns": ["team"], "having": [{"column": "team", "op": "is_null"}]}"#,
            "having_without_aggregation",
            "having",
        ),
        (
            r#"{"table": "incidents", "group_by": ["team"], "aggregations": [{"function": "count"}], "having": [{"column": "count", "op": "gt", "value": "many"}]}"#,
            "invalid_value",
            "having[0].value",
        ),
    ];
    for (plan, code, path) in cases {
        let err = refusal(plan);
        assert_eq!((err.code, err.path.as_str()), (code, path), "{plan}: {err}");
        assert!(!err.message.is_empty());
    }
}

#[test]
fn time_granularity_truncates_dates() {
    let compiled = compile(
        r#"{"table": "incidents", "group_by": [{"column": "opened_at", "granularity": "quarter"}], "aggregations": [{"function": "count"}]}"#,
    )
    .unwrap();
    assert_eq!(
        compiled.main.sql,
        "SELECT CAST(date_trunc('quarter', \"opened_at\") AS DATE) AS \"opened_at_quarter\", count(*) AS \"count\", count(*) OVER () AS \"__querycell_rows\" FROM \"incidents\" \
         GROUP BY CAST(date_trunc('quarter', \"opened_at\") AS DATE) ORDER BY \"opened_at_quarter\" ASC NULLS LAST LIMIT ?"
    );
    assert!(compiled.null_probe.is_none());
    let compiled = compile(
        r#"{"table": "incidents", "group_by": [{"column": "closed_at", "granularity": "week"}], "aggregations": [{"function": "median", "column": "cost"}]}"#,
    )
    .unwrap();
    assert!(compiled.main.sql.starts_with(
        "SELECT date_trunc('week', \"closed_at\") AS \"closed_at_week\", median(\"cost\") AS \"median_cost\""
    ));
}

#[test]
fn having_uses_the_aggregate_expression() {
    let compiled = compile(
        r#"{"table": "incidents", "group_by": ["team"], "aggregations": [{"function": "count_distinct", "column": "severity"}],
            "having": [{"column": "count_distinct_severity", "op": "gte", "value": 2}]}"#,
    )
    .unwrap();
    assert!(
        compiled.main.sql.contains(" GROUP BY \"team\" HAVING count(DISTINCT \"severity\") >= ? ORDER BY"),
        "{}",
        compiled.main.sql
    );
    assert_eq!(compiled.main.params, vec![Param::Integer(2), Param::Integer(1001)]);
}

#[test]
fn limits_are_clamped_with_a_warning() {
    let compiled = compile(r#"{"table": "incidents", "columns": ["team"], "limit": 50000}"#).unwrap();
    assert_eq!(compiled.limit, 1000);
    assert_eq!(compiled.main.params.last(), Some(&Param::Integer(1001)));
    assert_eq!(compiled.warnings, vec!["limit 50000 was lowered to the maximum of 1000 rows"]);
    let compiled = compile(r#"{"table": "incidents", "columns": ["team"], "limit": 0}"#).unwrap();
    assert_eq!(compiled.limit, 1);
    assert_eq!(compiled.warnings.len(), 1);
}

#[test]
fn listings_order_by_every_output_as_tie_breaker() {
    let compiled = compile(r#"{"table": "incidents", "columns": ["team", "incident_id"], "order_by": [{"column": "ack_minutes", "direction": "desc"}]}"#).unwrap();
    assert!(compiled.main.sql.ends_with(
        "ORDER BY \"ack_minutes\" DESC NULLS LAST, \"team\" ASC NULLS LAST, \"incident_id\" ASC NULLS LAST LIMIT ?"
    ));
}

fn listing_with_filters(filters: serde_json::Value) -> String {
    json!({"table": "incidents", "columns": ["incident_id"], "filters": filters}).to_string()
}

#[test]
fn relative_dates_bind_the_resolved_range() {
    let compiled = compile(&listing_with_filters(
        json!([{"column": "opened_at", "op": "eq", "value": {"last": 30, "unit": "day"}}]),
    ))
    .unwrap();
    assert!(
        compiled.main.sql.contains(" WHERE (\"opened_at\" >= ? AND \"opened_at\" < ?) ORDER BY"),
        "{}",
        compiled.main.sql
    );
    assert_eq!(
        compiled.main.params,
        vec![Param::Date(day("2026-02-14")), Param::Date(day("2026-03-16")), Param::Integer(1001)]
    );
    assert_eq!(
        compiled.resolved_dates,
        vec![ResolvedDate {
            column: Some("opened_at".into()),
            path: "filters[0].value".into(),
            phrase: "last 30 days".into(),
            start: day("2026-02-14"),
            end: day("2026-03-16"),
        }]
    );
    assert!(
        compiled.explanation.contains("where opened_at is in the last 30 days (2026-02-14 through 2026-03-15)"),
        "{}",
        compiled.explanation
    );
    assert!(compiled.null_probe.is_none(), "eq drops no nulls silently");
}

#[test]
fn each_operator_reads_a_relative_date_as_a_range() {
    let (start, end) = (day("2026-01-01"), day("2026-04-01"));
    let cases = [
        (
            "eq",
            "(\"opened_at\" >= ? AND \"opened_at\" < ?)",
            vec![start, end],
            "is in this quarter (2026-01-01 through 2026-03-31)",
        ),
        (
            "ne",
            "(\"opened_at\" < ? OR \"opened_at\" >= ?)",
            vec![start, end],
            "is outside this quarter (2026-01-01 through 2026-03-31)",
        ),
        ("lt", "\"opened_at\" < ?", vec![start], "is before this quarter (before 2026-01-01)"),
        ("lte", "\"opened_at\" < ?", vec![end], "is no later than this quarter (through 2026-03-31)"),
        ("gt", "\"opened_at\" >= ?", vec![end], "is after this quarter (from 2026-04-01)"),
        ("gte", "\"opened_at\" >= ?", vec![start], "is in or after this quarter (from 2026-01-01)"),
    ];
    for (op, sql, days, words) in cases {
        let compiled =
            compile(&listing_with_filters(json!([{"column": "opened_at", "op": op, "value": {"this": "quarter"}}])))
                .unwrap();
        assert!(compiled.main.sql.contains(&format!(" WHERE {sql} ORDER BY")), "{op}: {}", compiled.main.sql);
        let mut expected: Vec<Param> = days.into_iter().map(Param::Date).collect();
        expected.push(Param::Integer(1001));
        assert_eq!(compiled.main.params, expected, "{op}");
        assert!(compiled.explanation.contains(words), "{op}: {}", compiled.explanation);
        assert_eq!((compiled.resolved_dates[0].start, compiled.resolved_dates[0].end), (start, end), "{op}");
    }
}

#[test]
fn relative_dates_on_timestamps_bind_midnights() {
    let compiled =
        compile(&listing_with_filters(json!([{"column": "closed_at", "op": "eq", "value": {"previous": "month"}}])))
            .unwrap();
    let midnight = |d: &str| Param::Timestamp(i64::from(day(d)) * 86_400_000_000);
    assert_eq!(compiled.main.params, vec![midnight("2026-02-01"), midnight("2026-03-01"), Param::Integer(1001)]);
    assert_eq!(compiled.resolved_dates[0].phrase, "previous month");
}

#[test]
fn relative_dates_work_in_having_on_date_outputs() {
    let compiled = compile(
        r#"{"table": "incidents", "group_by": ["team"], "aggregations": [{"function": "max", "column": "opened_at", "alias": "latest"}],
            "having": [{"column": "latest", "op": "lt", "value": {"this": "year"}}]}"#,
    )
    .unwrap();
    assert!(compiled.main.sql.contains(" HAVING max(\"opened_at\") < ? ORDER BY"), "{}", compiled.main.sql);
    assert_eq!(compiled.main.params[0], Param::Date(day("2026-01-01")));
    assert_eq!(compiled.resolved_dates[0].path, "having[0].value");
}

#[test]
fn relative_dates_are_refused_where_they_cannot_apply() {
    let cases = [
        (
            json!({"column": "team", "op": "eq", "value": {"last": 7, "unit": "day"}}),
            "invalid_value",
            "filters[0].value",
            "'opened_at', 'closed_at'",
        ),
        (
            json!({"column": "ack_minutes", "op": "gte", "value": {"this": "month"}}),
            "invalid_value",
            "filters[0].value",
            "'opened_at'",
        ),
        (
            json!({"column": "opened_at", "op": "in", "value": {"this": "month"}}),
            "invalid_value",
            "filters[0].value",
            "\"op\": \"eq\"",
        ),
        (
            json!({"column": "opened_at", "op": "between", "value": {"this": "month"}}),
            "invalid_value",
            "filters[0].value",
            "\"op\": \"eq\"",
        ),
        (
            json!({"column": "opened_at", "op": "between", "value": [{"previous": "month"}, "2026-03-31"]}),
            "invalid_value",
            "filters[0].value[0]",
            "\"op\": \"eq\"",
        ),
        (
            json!({"column": "opened_at", "op": "not_in", "value": [{"previous": "month"}]}),
            "invalid_value",
            "filters[0].value[0]",
            "\"op\": \"eq\"",
        ),
        (
            json!({"column": "opened_at", "op": "contains", "value": {"this": "month"}}),
            "invalid_operator",
            "filters[0].op",
            "",
        ),
        (
            json!({"column": "opened_at", "op": "eq", "value": {"last": 10000, "unit": "year"}}),
            "invalid_value",
            "filters[0].value",
            "fewer",
        ),
        (
            json!({"column": "opened_at", "op": "gt", "value": "yesterday"}),
            "invalid_value",
            "filters[0].value",
            "{\"last\": 7, \"unit\": \"day\"}",
        ),
    ];
    for (filter, code, path, hint) in cases {
        let err = refusal(&listing_with_filters(json!([filter])));
        assert_eq!((err.code, err.path.as_str()), (code, path), "{filter}: {err}");
        assert!(err.hint.as_deref().unwrap_or_default().contains(hint), "{filter}: {err}");
    }
}

#[test]
fn ne_and_not_in_probe_the_nulls_they_exclude_among_the_other_filters() {
    let compiled = compile(
        &json!({
            "table": "incidents", "group_by": ["team"],
            "aggregations": [{"function": "avg", "column": "ack_minutes"}],
            "filters": [
                {"column": "severity", "op": "ne", "value": "P1"},
                {"column": "cost", "op": "gt", "value": 5},
                {"column": "team", "op": "not_in", "value": ["A", "B"]}
            ]
        })
        .to_string(),
    )
    .unwrap();
    let probe = compiled.null_probe.expect("a probe");
    assert_eq!(
        probe.query.sql,
        "SELECT count(*) FILTER (WHERE \"team\" NOT IN (?, ?) AND \"severity\" IS NULL) AS \"nulls_0\", \
         count(*) FILTER (WHERE \"severity\" <> ? AND \"team\" IS NULL) AS \"nulls_1\" \
         FROM \"incidents\" WHERE \"cost\" > ?"
    );
    let text = |t: &str| Param::Text(t.into());
    assert_eq!(probe.query.params, vec![text("A"), text("B"), text("P1"), Param::Float(5.0)]);
    assert_eq!(
        compiled.main_counts,
        vec![ProbeCount::AggregateSkipped("avg_ack_minutes".into()), ProbeCount::AnswerRows]
    );
    assert_eq!(
        probe.counts,
        vec![
            ProbeCount::FilterExcluded(ExcludedNulls {
                column: "severity".into(),
                path: "filters[0]".into(),
                filter: "severity <> 'P1'".into()
            }),
            ProbeCount::FilterExcluded(ExcludedNulls {
                column: "team".into(),
                path: "filters[2]".into(),
                filter: "team is none of \"A\", \"B\"".into()
            }),
        ]
    );
}

#[test]
fn several_ne_filters_on_one_column_are_probed_together() {
    let compiled = compile(&listing_with_filters(json!([
        {"column": "severity", "op": "ne", "value": "P1"},
        {"column": "severity", "op": "ne", "value": "P2"},
        {"column": "opened_at", "op": "ne", "value": {"this": "month"}}
    ])))
    .unwrap();
    let probe = compiled.null_probe.expect("a probe");
    assert_eq!(
        probe.query.sql,
        "SELECT count(*) FILTER (WHERE (\"opened_at\" < ? OR \"opened_at\" >= ?) AND \"severity\" IS NULL) AS \"nulls_0\", \
         count(*) FILTER (WHERE \"severity\" <> ? AND \"severity\" <> ? AND \"opened_at\" IS NULL) AS \"nulls_1\" FROM \"incidents\""
    );
    assert_eq!(probe.query.params.len(), 4);
    let ProbeCount::FilterExcluded(severity) = &probe.counts[0] else { panic!("{:?}", probe.counts) };
    assert_eq!(
        (severity.path.as_str(), severity.filter.as_str()),
        ("filters[0], filters[1]", "severity <> 'P1' and severity <> 'P2'")
    );
}

/// A table a policy restricts is read through the policy's source query in every statement
/// of the answer, its filter value bound where its placeholder stands.
#[test]
fn a_policed_table_is_read_only_through_its_filtered_source_in_every_statement() {
    use crate::model::{RowFilter, TablePolicy};
    let mut view = view();
    view.tables[0].columns.retain(|c| c.name != "cost");
    view.tables[0].policy =
        Some(TablePolicy { row_filters: vec![RowFilter { column: "tenant".into(), values: vec!["acme".into()] }] });
    let plan = json!({
        "table": "incidents",
        "group_by": ["team"],
        "aggregations": [{"function": "avg", "column": "ack_minutes"}],
        "filters": [{"column": "severity", "op": "ne", "value": "P4"}, {"column": "resolved", "op": "eq", "value": true}]
    });
    let compiled = compile_plan(&plan.to_string(), &view).unwrap();
    let source = "(SELECT \"incident_id\", \"team\", \"severity\", \"ack_minutes\", \"opened_at\", \"closed_at\", \"resolved\", \"tags\" FROM \"incidents\" WHERE CAST(\"tenant\" AS VARCHAR) = ?) AS \"incidents\"";
    let acme = Param::Text("acme".into());
    for (what, query) in [
        ("main", &compiled.main),
        ("count", &compiled.count),
        ("null probe", &compiled.null_probe.as_ref().expect("a ne filter").query),
    ] {
        assert!(query.sql.contains(&format!("FROM {source}")), "{what}: {}", query.sql);
        assert_eq!(query.sql.matches("FROM \"incidents\"").count(), 1, "{what}: {}", query.sql);
        // Placeholders bind in order of appearance: the filter value's position is that of
        // the `?` inside the source.
        let position = query.sql[..query.sql.find(source).unwrap()].matches('?').count();
        assert_eq!(query.params[position], acme, "{what}: {:?}", query.params);
        assert_eq!(query.params.iter().filter(|p| **p == acme).count(), 1, "{what}");
        assert_eq!(query.sql.matches('?').count(), query.params.len(), "{what}");
    }
    assert!(
        compiled.explanation.ends_with("over the rows of incidents the policy allows (by tenant)"),
        "{}",
        compiled.explanation
    );
    // The hidden column does not exist for the plan.
    let hidden = json!({"table": "incidents", "aggregations": [{"function": "sum", "column": "cost"}]});
    assert_eq!(compile_plan(&hidden.to_string(), &view).unwrap_err().code, "unknown_column");
}

/// Spark SQL: backtick names, the table's qualified relation under its catalog name, `!` as
/// the LIKE escape, averages of decimals over doubles, and the values still bound.
#[test]
fn a_plan_compiles_to_spark_sql_for_a_spark_catalog() {
    let mut view = view();
    view.dialect = Dialect::Spark;
    view.tables[0].relation = vec!["lake".into(), "incidents".into()];
    let compiled = compile_plan(
        r#"{"table": "incidents", "filters": [{"column": "team", "op": "contains", "value": "50%!"}],
            "group_by": [{"column": "opened_at", "granularity": "month"}], "aggregations": [{"function": "avg", "column": "cost"}]}"#,
        &view,
    )
    .unwrap();
    assert_eq!(
        compiled.main.sql,
        "SELECT CAST(date_trunc('month', `opened_at`) AS DATE) AS `opened_at_month`, avg(CAST(`cost` AS DOUBLE)) AS `avg_cost`, \
         sum(count(*) FILTER (WHERE `cost` IS NULL)) OVER () AS `__querycell_nulls_0`, count(*) OVER () AS `__querycell_rows` \
         FROM `lake`.`incidents` AS `incidents` WHERE `team` LIKE ? ESCAPE '!' \
         GROUP BY CAST(date_trunc('month', `opened_at`) AS DATE) ORDER BY `opened_at_month` ASC NULLS LAST LIMIT ?"
    );
    assert_eq!(compiled.main.params, vec![Param::Text("%50!%!!%".into()), Param::Integer(1001)]);
    // SQL mode has no Spark dialect.
    assert_eq!(crate::compile_sql("SELECT 1", &view).unwrap_err().code, "sql_mode_unavailable");
}

/// The number of `?` placeholders in `sql`, which must equal the values bound to it.
fn placeholders(sql: &str) -> usize {
    sql.matches('?').count()
}

/// An aggregation's own `where` becomes its `FILTER`, bound where it stands: in the select
/// list, again in the count of the nulls it skips, and again where `having` repeats the
/// expression, each value in the order of the `?`s.
#[test]
fn an_aggregations_where_is_its_filter_bound_in_place() {
    let compiled = compile(
        r#"{"table": "incidents", "filters": [{"column": "team", "op": "ne", "value": "ops"}], "group_by": ["team"],
            "aggregations": [{"function": "count", "where": [{"column": "severity", "op": "eq", "value": "P1"}], "alias": "p1"},
                             {"function": "avg", "column": "ack_minutes", "where": [{"column": "severity", "op": "in", "value": ["P1", "P2"]}]}],
            "having": [{"column": "p1", "op": "gt", "value": 3}]}"#,
    )
    .unwrap();
    assert_eq!(
        compiled.main.sql,
        "SELECT \"team\", count(*) FILTER (WHERE \"severity\" = ?) AS \"p1\", \
         avg(\"ack_minutes\") FILTER (WHERE \"severity\" IN (?, ?)) AS \"avg_ack_minutes\", \
         sum(count(*) FILTER (WHERE \"ack_minutes\" IS NULL AND \"severity\" IN (?, ?))) OVER () AS \"__querycell_nulls_0\", \
         count(*) OVER () AS \"__querycell_rows\" FROM \"incidents\" WHERE \"team\" <> ? GROUP BY \"team\" \
         HAVING count(*) FILTER (WHERE \"severity\" = ?) > ? \
         ORDER BY \"team\" ASC NULLS LAST LIMIT ?"
    );
    let text = |s: &str| Param::Text(s.into());
    assert_eq!(
        compiled.main.params,
        vec![
            text("P1"),
            text("P1"),
            text("P2"),
            text("P1"),
            text("P2"),
            text("ops"),
            text("P1"),
            Param::Integer(3),
            Param::Integer(1001)
        ]
    );
    assert_eq!(placeholders(&compiled.count.sql), compiled.count.params.len());
    assert_eq!(
        compiled.count.params,
        vec![text("P1"), text("P1"), text("P2"), text("ops"), text("P1"), Param::Integer(3)]
    );
    assert!(
        compiled.explanation.starts_with(
            "number of rows where severity = 'P1', average ack_minutes where severity is one of \"P1\", \"P2\" by team"
        ),
        "{}",
        compiled.explanation
    );
}

/// `share` is the fraction of the kept rows meeting its `where`, as a double on both
/// engines, and the explanation says what it is a fraction of.
#[test]
fn share_is_the_fraction_of_kept_rows_that_meet_its_where() {
    let compiled = compile(
        r#"{"table": "incidents", "filters": [{"column": "severity", "op": "eq", "value": "P1"}], "group_by": ["team"],
            "aggregations": [{"function": "share", "where": [{"column": "ack_minutes", "op": "lte", "value": 15}], "alias": "acked_in_15"}],
            "having": [{"column": "acked_in_15", "op": "lt", "value": 0.8}]}"#,
    )
    .unwrap();
    assert!(
        compiled.main.sql.starts_with(
            "SELECT \"team\", avg(CASE WHEN \"ack_minutes\" <= ? THEN 1 ELSE 0 END) AS \"acked_in_15\", count(*) OVER ()"
        ),
        "{}",
        compiled.main.sql
    );
    assert!(compiled.main.sql.contains("HAVING avg(CASE WHEN \"ack_minutes\" <= ? THEN 1 ELSE 0 END) < ?"));
    assert_eq!(
        compiled.main.params,
        vec![Param::Integer(15), Param::Text("P1".into()), Param::Integer(15), Param::Float(0.8), Param::Integer(1001)]
    );
    assert_eq!(compiled.columns[1].kind, ValueKind::Float);
    assert!(
        compiled.explanation.contains(
            "share of rows where ack_minutes <= 15 (a fraction from 0 to 1, of the rows the filters keep) by team"
        ),
        "{}",
        compiled.explanation
    );

    let with_column = refusal(
        r#"{"table": "incidents", "aggregations": [{"function": "share", "column": "ack_minutes", "where": [{"column": "ack_minutes", "op": "lte", "value": 15}]}]}"#,
    );
    assert_eq!(
        (with_column.code, with_column.path.as_str()),
        (Code::UnexpectedField.as_str(), "aggregations[0].column")
    );
    let without_where = refusal(r#"{"table": "incidents", "aggregations": [{"function": "share"}]}"#);
    assert_eq!(
        (without_where.code, without_where.path.as_str()),
        (Code::MissingField.as_str(), "aggregations[0].where")
    );
    assert!(without_where.hint.unwrap().contains("\"where\": [{"));
}

/// Refusal hints name what the plan can do with its own columns, never the demo's: a sum of
/// a boolean points to `share` of the true rows, a `null` value to `is_null`, and `share`'s
/// hints use the column the plan named or a placeholder.
#[test]
fn refusal_hints_fit_the_plans_own_columns() {
    let hint = |plan: &str| refusal(plan).hint.unwrap_or_default();
    let boolean = hint(r#"{"table": "incidents", "aggregations": [{"function": "sum", "column": "resolved"}]}"#);
    assert!(boolean.contains("share") && boolean.contains("\"resolved\""), "{boolean}");
    assert!(!boolean.contains("min or max"), "{boolean}");
    let null = hint(
        r#"{"table": "incidents", "filters": [{"column": "team", "op": "eq", "value": null}], "aggregations": [{"function": "count"}]}"#,
    );
    assert!(null.contains("is_null") && !null.contains("P1"), "{null}");
    let with_column = hint(r#"{"table": "incidents", "aggregations": [{"function": "share", "column": "team"}]}"#);
    assert!(with_column.contains("\"team\"") && !with_column.contains("ack_minutes"), "{with_column}");
    let without_where = hint(r#"{"table": "incidents", "aggregations": [{"function": "share"}]}"#);
    assert!(!without_where.contains("ack_minutes"), "{without_where}");
}

/// A continuous percentile or median over a DECIMAL reads it as a DOUBLE: DuckDB answers in
/// the input's type, which cut the interpolated value to the column's places.
#[test]
fn percentiles_of_decimals_interpolate_as_doubles() {
    let mut view = view();
    view.tables[0].columns.push(column("price", "DECIMAL(18,2)", ValueKind::Float));
    let compiled = compile_plan(
        r#"{"table": "incidents", "aggregations": [{"function": "median", "column": "price"},
            {"function": "percentile", "column": "price", "p": 0.9}, {"function": "median", "column": "cost"}]}"#,
        &view,
    )
    .unwrap();
    assert!(
        compiled.main.sql.starts_with(
            "SELECT median(CAST(\"price\" AS DOUBLE)) AS \"median_price\", \
             percentile_cont(?) WITHIN GROUP (ORDER BY CAST(\"price\" AS DOUBLE)) AS \"p90_price\", \
             median(\"cost\") AS \"median_cost\""
        ),
        "{}",
        compiled.main.sql
    );
}

/// `percentile` is continuous at its `p`, bound like any value, named after it, and
/// refused without a `p` in (0, 1), with a `p` on another function, or on a non-number.
#[test]
fn percentile_binds_its_fraction_and_names_itself_after_it() {
    let compiled = compile(
        r#"{"table": "incidents", "group_by": ["team"], "aggregations": [{"function": "percentile", "column": "ack_minutes", "p": 0.95},
            {"function": "percentile", "column": "cost", "p": 0.999, "where": [{"column": "severity", "op": "eq", "value": "P1"}]}]}"#,
    )
    .unwrap();
    assert!(
        compiled.main.sql.starts_with(
            "SELECT \"team\", percentile_cont(?) WITHIN GROUP (ORDER BY \"ack_minutes\") AS \"p95_ack_minutes\", \
             percentile_cont(?) WITHIN GROUP (ORDER BY \"cost\") FILTER (WHERE \"severity\" = ?) AS \"p99_9_cost\", \
             sum(count(*) FILTER (WHERE \"ack_minutes\" IS NULL)) OVER () AS \"__querycell_nulls_0\", \
             sum(count(*) FILTER (WHERE \"cost\" IS NULL AND \"severity\" = ?)) OVER ()"
        ),
        "{}",
        compiled.main.sql
    );
    assert_eq!(
        &compiled.main.params[..4],
        &[Param::Float(0.95), Param::Float(0.999), Param::Text("P1".into()), Param::Text("P1".into())]
    );
    assert_eq!(placeholders(&compiled.main.sql), compiled.main.params.len());
    assert!(compiled.explanation.starts_with("95th percentile of ack_minutes (continuous"), "{}", compiled.explanation);
    assert_eq!(
        compiled.main_counts[..2],
        [ProbeCount::AggregateSkipped("p95_ack_minutes".into()), ProbeCount::AggregateSkipped("p99_9_cost".into())]
    );

    for (aggregation, code, path) in [
        (r#"{"function": "percentile", "column": "ack_minutes"}"#, Code::MissingField, "aggregations[0].p"),
        (r#"{"function": "percentile", "column": "ack_minutes", "p": 1}"#, Code::InvalidValue, "aggregations[0].p"),
        (r#"{"function": "percentile", "column": "ack_minutes", "p": 0}"#, Code::InvalidValue, "aggregations[0].p"),
        (r#"{"function": "percentile", "column": "ack_minutes", "p": -0.5}"#, Code::InvalidValue, "aggregations[0].p"),
        (r#"{"function": "percentile", "column": "ack_minutes", "p": "0.9"}"#, Code::InvalidType, "aggregations[0].p"),
        (r#"{"function": "avg", "column": "ack_minutes", "p": 0.9}"#, Code::UnexpectedField, "aggregations[0].p"),
        (
            r#"{"function": "percentile", "column": "team", "p": 0.9}"#,
            Code::InvalidAggregation,
            "aggregations[0].column",
        ),
        (r#"{"function": "percentile", "p": 0.9}"#, Code::MissingField, "aggregations[0].column"),
        (
            r#"{"function": "count", "where": [{"column": "nope", "op": "eq", "value": 1}]}"#,
            Code::UnknownColumn,
            "aggregations[0].where[0].column",
        ),
        (r#"{"function": "count", "where": {"column": "team"}}"#, Code::InvalidType, "aggregations[0].where"),
    ] {
        let error = refusal(&format!(r#"{{"table": "incidents", "aggregations": [{aggregation}]}}"#));
        assert_eq!((error.code, error.path.as_str()), (code.as_str(), path), "{aggregation}: {error}");
    }
}

/// A relative date in an aggregation's `where` resolves like a filter's, and the receipt
/// lists the days it covered.
#[test]
fn a_relative_date_in_an_aggregations_where_is_resolved_and_reported() {
    let compiled = compile(
        r#"{"table": "incidents", "aggregations": [{"function": "count", "alias": "this_month",
            "where": [{"column": "opened_at", "op": "eq", "value": {"this": "month"}}]}]}"#,
    )
    .unwrap();
    assert!(
        compiled.main.sql.contains("count(*) FILTER (WHERE (\"opened_at\" >= ? AND \"opened_at\" < ?))"),
        "{}",
        compiled.main.sql
    );
    assert_eq!(&compiled.main.params[..2], &[Param::Date(day("2026-03-01")), Param::Date(day("2026-04-01"))]);
    assert_eq!(compiled.resolved_dates.len(), 1);
}

/// Spark reads the same percentile text, with decimals as doubles as for `avg`.
#[test]
fn the_new_aggregates_compile_for_spark() {
    let mut view = view();
    view.dialect = Dialect::Spark;
    let compiled = compile_plan(
        r#"{"table": "incidents", "aggregations": [{"function": "percentile", "column": "cost", "p": 0.5},
            {"function": "share", "where": [{"column": "severity", "op": "eq", "value": "P1"}]}]}"#,
        &view,
    )
    .unwrap();
    assert!(
        compiled.main.sql.starts_with(
            "SELECT percentile_cont(?) WITHIN GROUP (ORDER BY CAST(`cost` AS DOUBLE)) AS `p50_cost`, \
             avg(CASE WHEN `severity` = ? THEN 1 ELSE 0 END) AS `share`"
        ),
        "{}",
        compiled.main.sql
    );
}

/// A time grain is a group key with its grain.
#[test]
fn a_grouped_date_says_its_grain() {
    let compiled = compile(
        r#"{"table": "incidents", "group_by": [{"column": "opened_at", "granularity": "month"}], "aggregations": [{"function": "median", "column": "cost"}]}"#,
    )
    .unwrap();
    assert_eq!(compiled.columns[0].role, ColumnRole::GroupKey { by: "opened_at".into(), grain: Some("month".into()) });
    assert!(matches!(&compiled.columns[1].role, ColumnRole::Aggregate(a) if a.function == "median"));
}
