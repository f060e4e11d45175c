//! Requests as models actually write them, right and wrong. None may end as an
//! internal fault (exit 1); every refusal carries a hint, and where a name was wrong the
//! hint names a right one.

use std::path::Path;

use querycell::{ingest, ErrorClass, Limits, QueryCell};
use querycell_tests::write_file;

fn fixture(dir: &Path) -> QueryCell {
    let mut incidents = String::from("incident_id,team,severity,ack_minutes,opened_at\n");
    for i in 0..40u32 {
        let ack = if i % 9 == 0 { String::new() } else { (i * 7 % 120).to_string() };
        incidents.push_str(&format!(
            "I-{i:03},{},P{},{ack},2026-0{}-{:02}\n",
            ["Platform", "Payments", "Search"][i as usize % 3],
            1 + i % 3,
            1 + i % 6,
            1 + i % 27
        ));
    }
    let data = dir.join("data");
    write_file(&data, "incidents.csv", &incidents);
    write_file(&data, "teams.csv", "team,manager\nPlatform,Ada\nPayments,Grace\nSearch,Edsger\n");
    let index = dir.join("index");
    ingest::ingest(&index, &[data]).unwrap();
    querycell_tests::sql_cell(&index, Limits::default())
}

/// Plans: (request, a name the hint must contain when it is refused, or "").
const PLANS: &[(&str, &str)] = &[
    (
        r#"{"table": "incidents", "filters": [{"column": "severity", "op": "=", "value": "P1"}], "aggregations": [{"function": "count"}]}"#,
        "eq",
    ),
    (
        r#"{"table": "incidents", "filters": [{"column": "ack_minutes", "op": ">", "value": 10}], "aggregations": [{"function": "count"}]}"#,
        "gt",
    ),
    (
        r#"{"table": "incidents", "filters": [{"column": "ack_minutes", "op": ">=", "value": 10}], "aggregations": [{"function": "count"}]}"#,
        "gte",
    ),
    (
        r#"{"table": "incidents", "filters": [{"column": "ack_minutes", "op": "<", "value": 10}], "aggregations": [{"function": "count"}]}"#,
        "lt",
    ),
    (
        r#"{"table": "incidents", "filters": [{"column": "ack_minutes", "op": "<=", "value": 10}], "aggregations": [{"function": "count"}]}"#,
        "lte",
    ),
    (
        r#"{"table": "incidents", "filters": [{"column": "severity", "op": "!=", "value": "P1"}], "aggregations": [{"function": "count"}]}"#,
        "ne",
    ),
    (
        r#"{"table": "incidents", "filters": [{"column": "severity", "op": "<>", "value": "P1"}], "aggregations": [{"function": "count"}]}"#,
        "ne",
    ),
    (
        r#"{"table": "incidents", "filters": [{"column": "severity", "op": "==", "value": "P1"}], "aggregations": [{"function": "count"}]}"#,
        "eq",
    ),
    (r#"{"table": "incidents", "filters": [{"column": "severity", "op": "equals", "value": "P1"}]}"#, ""),
    (r#"{"table": "incident", "aggregations": [{"function": "count"}]}"#, "incidents"),
    (r#"{"table": "Incidents", "aggregations": [{"function": "count"}]}"#, "incidents"),
    (r#"{"table": "incidents", "group_by": ["teams"], "aggregations": [{"function": "count"}]}"#, "team"),
    (
        r#"{"table": "incidents", "group_by": ["team"], "aggregations": [{"function": "average", "column": "ack_minutes"}]}"#,
        "avg",
    ),
    (
        r#"{"table": "incidents", "group_by": ["team"], "aggregations": [{"function": "avg", "column": "ack_minute"}]}"#,
        "ack_minutes",
    ),
    (r#"{"table": "incidents", "group_by": ["team"], "aggregations": [{"function": "avg", "column": "team"}]}"#, ""),
    (
        r#"{"table": "incidents", "group_by": ["team"], "aggregations": [{"function": "sum", "column": "severity"}]}"#,
        "",
    ),
    (r#"{"table": "incidents", "filters": [{"column": "ack_minutes", "op": "gt", "value": "ten"}]}"#, ""),
    (r#"{"table": "incidents", "filters": [{"column": "opened_at", "op": "gt", "value": "yesterday"}]}"#, ""),
    (r#"{"table": "incidents", "filters": [{"column": "opened_at", "op": "gt", "value": "01/02/2026"}]}"#, ""),
    (r#"{"table": "incidents", "filters": [{"column": "severity", "op": "in", "value": "P1"}]}"#, ""),
    (r#"{"table": "incidents", "filters": [{"column": "severity", "op": "in", "value": []}]}"#, ""),
    (r#"{"table": "incidents", "filters": [{"column": "ack_minutes", "op": "between", "value": [1, 2, 3]}]}"#, ""),
    (r#"{"table": "incidents", "filters": [{"column": "severity", "op": "eq", "value": null}]}"#, ""),
    (r#"{"table": "incidents", "filters": [{"column": "severity", "op": "is_null", "value": "x"}]}"#, ""),
    (r#"{"table": "incidents", "filters": [{"column": "severity", "op": "eq"}]}"#, ""),
    (r#"{"table": "incidents", "filters": {"column": "severity", "op": "eq", "value": "P1"}}"#, ""),
    (r#"{"table": "incidents", "where": [{"column": "severity", "op": "eq", "value": "P1"}]}"#, "filters"),
    (r#"{"table": "incidents", "group_by": ["team"], "aggregation": [{"function": "count"}]}"#, "aggregations"),
    (r#"{"table": "incidents", "limit": "ten"}"#, ""),
    (r#"{"table": "incidents", "columns": ["team"], "limit": -5}"#, ""),
    (r#"{"table": "incidents", "columns": ["team"], "limit": 100000}"#, ""),
    (r#"{"table": "incidents", "columns": ["team"], "aggregations": [{"function": "count"}]}"#, ""),
    (r#"{"table": "incidents"}"#, ""),
    (r#"{}"#, ""),
    (r#"[]"#, ""),
    (r#"not json"#, ""),
    (r#"{"table": "incidents", "columns": ["team"],}"#, ""),
    (r#"{'table': 'incidents'}"#, ""),
    ("```json\n{\"table\": \"incidents\", \"aggregations\": [{\"function\": \"count\"}]}\n```", ""),
    (
        r#"{"table": "incidents", "group_by": [{"column": "opened_at", "granularity": "decade"}], "aggregations": [{"function": "count"}]}"#,
        "day",
    ),
    (
        r#"{"table": "incidents", "group_by": [{"column": "team", "granularity": "month"}], "aggregations": [{"function": "count"}]}"#,
        "",
    ),
    (
        r#"{"table": "incidents", "group_by": ["team"], "aggregations": [{"function": "count", "alias": "number of incidents"}]}"#,
        "",
    ),
    (r#"{"table": "incidents", "group_by": ["team"], "aggregations": [{"function": "count", "alias": "team"}]}"#, ""),
    (
        r#"{"table": "incidents", "group_by": ["team"], "aggregations": [{"function": "count"}], "having": [{"column": "cnt", "op": "gt", "value": 1}]}"#,
        "count",
    ),
    (r#"{"table": "incidents", "columns": ["team"], "having": [{"column": "team", "op": "eq", "value": "x"}]}"#, ""),
    (
        r#"{"table": "incidents", "group_by": ["team"], "aggregations": [{"function": "count"}], "order_by": ["counts"]}"#,
        "count",
    ),
    (
        r#"{"table": "incidents", "group_by": ["team"], "aggregations": [{"function": "count"}], "order_by": [{"column": "count", "direction": "descending"}]}"#,
        "desc",
    ),
    (r#"{"table": "incidents", "columns": ["team", "severity"], "order_by": ["ack_minutes"]}"#, ""),
    (
        r#"{"table": "incidents", "filters": [{"column": "severity", "op": "in", "value": ["P1", "P2"]}], "group_by": ["team"], "aggregations": [{"function": "count"}]}"#,
        "",
    ),
    (
        r#"{"table": "incidents", "group_by": [{"column": "opened_at", "granularity": "month"}], "aggregations": [{"function": "median", "column": "ack_minutes"}]}"#,
        "",
    ),
    (
        r#"{"table": "incidents", "filters": [{"column": "team", "op": "contains", "value": "Pay"}], "aggregations": [{"function": "count_distinct", "column": "severity"}]}"#,
        "",
    ),
    (
        r#"{"table": "teams", "columns": ["manager"], "filters": [{"column": "team", "op": "starts_with", "value": "P"}]}"#,
        "",
    ),
    (
        r#"{"table": "incidents", "filters": [{"column": "opened_at", "op": "between", "value": ["2026-01-01", "2026-03-31"]}], "aggregations": [{"function": "max", "column": "ack_minutes"}]}"#,
        "",
    ),
    (
        r#"{"table": "incidents", "filters": [{"column": "opened_at", "op": "eq", "value": {"this": "month"}}], "aggregations": [{"function": "count"}]}"#,
        "",
    ),
    (
        r#"{"table": "incidents", "filters": [{"column": "opened_at", "op": "gte", "value": {"last": 30, "unit": "days"}}], "aggregations": [{"function": "count"}]}"#,
        "'day'",
    ),
    (
        r#"{"table": "incidents", "filters": [{"column": "opened_at", "op": "gte", "value": {"last": "30 days"}}], "aggregations": [{"function": "count"}]}"#,
        "",
    ),
    (
        r#"{"table": "incidents", "filters": [{"column": "opened_at", "op": "gt", "value": {"relative": "last", "count": 7, "unit": "day"}}]}"#,
        "\"last\"",
    ),
    (
        r#"{"table": "incidents", "filters": [{"column": "opened_at", "op": "between", "value": {"previous": "quarter"}}], "aggregations": [{"function": "count"}]}"#,
        "\"eq\"",
    ),
    (
        r#"{"table": "incidents", "filters": [{"column": "team", "op": "eq", "value": {"this": "week"}}], "aggregations": [{"function": "count"}]}"#,
        "opened_at",
    ),
];

/// SQL: (request, a name the hint must contain when it is refused, or "").
const SQL: &[(&str, &str)] = &[
    ("Here is the SQL: SELECT team, count(*) FROM incidents GROUP BY team", ""),
    ("Sure! The query is:\n```sql\nSELECT team, avg(ack_minutes) FROM incidents GROUP BY team;\n```\nThis averages per team.", ""),
    ("<think>group by team</think>SELECT team FROM incidents GROUP BY team", ""),
    ("<think>I need to count the incidents per team SELECT team", ""),
    ("FROM incidents SELECT count(*)", ""),
    ("FROM incidents", ""),
    ("SELECT table_name FROM information_schema.tables", "incidents"),
    ("SELECT column_name FROM information_schema.columns WHERE table_name = 'incidents'", "incidents"),
    ("DESCRIBE incidents", "incidents"),
    ("SHOW TABLES", "incidents"),
    ("SELECT * FROM duckdb_tables()", ""),
    ("SELECT * FROM sqlite_master", "incidents"),
    ("SELECT severty, count(*) FROM incidents GROUP BY severty", "severity"),
    ("SELECT team, count(*) FROM incident GROUP BY team", "incidents"),
    ("SELECT sum(team) FROM incidents", ""),
    ("SELECT team, ack_minutes FROM incidents GROUP BY team", ""),
    ("SELECT team FROM incidents JOIN teams ON incidents.team = teams.team", ""),
    ("SELECT CAST(team AS INTEGER) FROM incidents", ""),
    ("SELECT count(*) FROM incidents WHERE ack_minutes > 'ten'", ""),
    ("SELECT count(*) FROM incidents WHERE opened_at > 'yesterday'", ""),
    ("SELECT count(*) FROM incidents WHERE opened_at > now() - INTERVAL 30 DAY", ""),
    ("SELECT count(*) FROM incidents WHERE opened_at > current_date - 30", ""),
    ("SELECT count(*) FROM incidents WHERE opened_at >= today() - INTERVAL 7 DAY", ""),
    ("SELECT count(*) FROM incidents WHERE opened_at >= get_current_time()", "current_date"),
    ("SELECT count(*) FROM incidents WHERE opened_at >= CURRENT_TIMESTAMP - INTERVAL 1 DAY", "current_date"),
    ("SELECT count(*) FROM incidents WHERE opened_at >= DATE '2026-02-01'", ""),
    ("SELECT avg(ack_minutes) FROM incidents WHERE severity = \"P1\"", ""),
    ("SELECT `team`, count(*) FROM incidents GROUP BY `team`", ""),
    ("SELECT team, count(*) FROM incidents GROUP BY team ORDER BY count(*) DESC LIMIT 3;", ""),
    ("SELECT team, count(*) AS n FROM incidents GROUP BY 1 HAVING n > 5", ""),
    ("SELECT TOP 5 team FROM incidents", ""),
    ("SELECT team FROM incidents LIMIT 5 OFFSET 'a'", ""),
    ("SELECT * FROM incidents; DROP TABLE incidents", ""),
    ("DELETE FROM incidents", ""),
    ("UPDATE incidents SET team = 'x'", ""),
    ("SELECT * FROM read_csv('/etc/passwd')", ""),
    ("SELECT 1_000 FROM incidents", ""),
    ("SELECT team, ack_minutes / 0 FROM incidents", ""),
    ("SELECT team, count(*) FILTER (WHERE severity = 'P1') FROM incidents GROUP BY team", ""),
    ("SELECT team, percentile_cont(0.5) WITHIN GROUP (ORDER BY ack_minutes) FROM incidents GROUP BY team", ""),
    ("SELECT team, median(ack_minutes) FROM incidents GROUP BY team", ""),
    ("SELECT team, string_agg(incident_id, ', ') FROM incidents GROUP BY team", ""),
    ("SELECT date_trunc('month', opened_at) AS month, count(*) FROM incidents GROUP BY month ORDER BY month", ""),
    ("SELECT strftime(opened_at, '%Y-%m'), count(*) FROM incidents GROUP BY 1", ""),
    ("SELECT team, count(*) FROM incidents WHERE severity IN ('P1','P2') GROUP BY ALL", ""),
    ("SELECT i.team, t.manager, count(*) FROM incidents i JOIN teams t USING (team) GROUP BY ALL", ""),
    ("SELECT team, count(*) FROM incidents GROUP BY team WITH ROLLUP", ""),
    ("select team, COUNT(*) from incidents group by team order by 2 desc", ""),
    ("SELECT", ""),
    ("", ""),
    ("   ;  ", ""),
    ("SELECT team FROM incidents WHERE team = ?", ""),
    ("SELECT team FROM incidents WHERE team = :team", ""),
    ("SELECT ifnull(ack_minutes, 0), coalesce(team, 'none') FROM incidents", ""),
    ("SELECT team, count(*) AS \"number of incidents\" FROM incidents GROUP BY team", ""),
    ("WITH p1 AS (SELECT * FROM incidents WHERE severity = 'P1') SELECT team, count(*) FROM p1 GROUP BY team", ""),
    ("SELECT team, RANK() OVER (ORDER BY count(*) DESC) FROM incidents GROUP BY team", ""),
    ("SELECT * FROM incidents ORDER BY random() LIMIT 5", ""),
    ("SELECT version()", ""),
    ("SELECT current_user", ""),
];

#[test]
fn model_style_requests_never_fault_and_refusals_say_what_to_do() {
    assert!(PLANS.len() + SQL.len() >= 100, "{} requests", PLANS.len() + SQL.len());
    let dir = tempfile::tempdir().unwrap();
    let cell = fixture(dir.path());
    let (mut answered, mut refused) = (0, 0);
    let requests = PLANS.iter().map(|(r, n)| (true, *r, *n)).chain(SQL.iter().map(|(r, n)| (false, *r, *n)));
    for (is_plan, request, name) in requests {
        let outcome = if is_plan { cell.query_plan(request) } else { cell.query_sql(request) };
        match outcome {
            Ok(_) => answered += 1,
            Err(error) => {
                refused += 1;
                assert_ne!(
                    error.class,
                    ErrorClass::Internal,
                    "{request}\n  ended as an internal fault (exit 1): {error}"
                );
                let hint = error.hint.clone().unwrap_or_default();
                assert!(!hint.trim().is_empty(), "{request}\n  refused without a hint: {error}");
                assert!(hint.contains(name), "{request}\n  the hint should name '{name}': {error}");
            }
        }
    }
    println!("{answered} answered, {refused} refused with a hint");
    assert!(answered >= 25 && refused >= 50, "{answered} answered, {refused} refused");
}
