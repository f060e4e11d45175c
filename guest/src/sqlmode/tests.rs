//! Unit tests of SQL mode: each rule refuses what it should, benign SQL is re-emitted with
//! bound parameters and a row cap.

use super::*;
use crate::model::{Column, Param, RequestLimits, Table, ValueKind};

fn column(name: &str, kind: ValueKind) -> Column {
    Column { name: name.into(), display_name: name.into(), sql_type: "VARCHAR".into(), kind }
}

fn view() -> CatalogView {
    CatalogView {
        tables: vec![
            Table {
                name: "incidents".into(),
                columns: vec![
                    column("incident_id", ValueKind::Text),
                    column("team", ValueKind::Text),
                    column("severity", ValueKind::Text),
                    column("ack_minutes", ValueKind::Integer),
                    column("opened_at", ValueKind::Date),
                ],
            },
            Table { name: "teams".into(), columns: vec![column("team", ValueKind::Text), column("manager", ValueKind::Text)] },
        ],
        limits: RequestLimits { max_rows: 100, max_in_list: 100, max_request_bytes: 8192 },
    }
}

fn refusal(sql: &str) -> CompileError {
    compile_sql(sql, &view()).expect_err(sql)
}

#[test]
fn literals_become_numbered_parameters_and_the_row_cap_is_added() {
    let compiled = compile_sql("SELECT team, avg(ack_minutes) FROM incidents WHERE severity = 'P1' AND ack_minutes BETWEEN 1 AND 90 GROUP BY team", &view()).unwrap();
    assert_eq!(
        compiled.main.sql,
        "SELECT team, avg(ack_minutes) FROM incidents WHERE severity = $1 AND ack_minutes BETWEEN $2 AND $3 GROUP BY team LIMIT $4"
    );
    assert_eq!(compiled.main.params, vec![Param::Text("P1".into()), Param::Integer(1), Param::Integer(90), Param::Integer(101)]);
    assert_eq!(compiled.limit, 100);
    assert_eq!(
        compiled.count.sql,
        "SELECT count(*) AS total_rows FROM (SELECT team, avg(ack_minutes) FROM incidents WHERE severity = $1 AND ack_minutes BETWEEN $2 AND $3 GROUP BY team) AS answer"
    );
    assert_eq!(compiled.count.params.len(), 3);
}

#[test]
fn comments_are_gone_and_limits_are_clamped() {
    let compiled = compile_sql("SELECT team /* hidden; DROP TABLE x */ FROM incidents -- trailing\nLIMIT 5000", &view()).unwrap();
    assert_eq!(compiled.main.sql, "SELECT team FROM incidents LIMIT $1");
    assert_eq!(compiled.warnings, vec!["LIMIT 5000 was lowered to the maximum of 100 rows"]);
    let compiled = compile_sql("SELECT team FROM incidents ORDER BY team LIMIT 3 OFFSET 2", &view()).unwrap();
    assert_eq!(compiled.main.sql, "SELECT team FROM incidents ORDER BY team LIMIT $1 OFFSET 2");
    assert_eq!((compiled.limit, compiled.main.params.clone()), (3, vec![Param::Integer(4)]));
}

#[test]
fn benign_shapes_compile() {
    for sql in [
        "WITH p1 AS (SELECT * FROM incidents WHERE severity = 'P1') SELECT team, count(*) AS n FROM p1 GROUP BY team",
        "SELECT i.team, t.manager, count(*) FROM incidents AS i JOIN teams AS t ON i.team = t.team GROUP BY ALL",
        "SELECT team, ack_minutes, rank() OVER (PARTITION BY team ORDER BY ack_minutes DESC) AS r FROM incidents",
        "SELECT CASE WHEN ack_minutes > 30 THEN 'slow' ELSE 'fast' END AS speed, count(*) FROM incidents GROUP BY 1",
        "SELECT date_trunc('month', opened_at) AS m, count(*) FROM incidents GROUP BY ROLLUP (m)",
        "SELECT team FROM incidents WHERE team IN (SELECT team FROM teams WHERE manager LIKE 'A%')",
        "SELECT team FROM incidents UNION SELECT team FROM teams",
        "SELECT EXTRACT(year FROM opened_at) AS y, CAST(ack_minutes AS DOUBLE) / 60 AS hours FROM incidents",
        "SELECT * FROM (SELECT team, max(ack_minutes) AS worst FROM incidents GROUP BY team) AS w WHERE worst > 10",
        "SELECT quantile_cont(ack_minutes, 0.9) FROM incidents",
    ] {
        compile_sql(sql, &view()).unwrap_or_else(|e| panic!("{sql}: {e}"));
    }
}

#[test]
fn each_rule_names_itself() {
    let cases = [
        ("SELECT 1; SELECT 2", "multiple_statements"),
        ("PRAGMA version", "not_a_query"),
        ("SET threads = 1", "not_a_query"),
        ("COPY incidents TO '/tmp/x.csv'", "not_a_query"),
        ("ATTACH 'x.db' AS x", "not_a_query"),
        ("INSTALL httpfs", "not_a_query"),
        ("LOAD httpfs", "not_a_query"),
        ("CALL pragma_version()", "not_a_query"),
        ("DROP TABLE incidents", "not_a_query"),
        ("INSERT INTO incidents VALUES (1)", "not_a_query"),
        ("SELECT * FROM read_csv('/etc/passwd')", "table_function_refused"),
        ("SELECT * FROM range(1000000000000)", "table_function_refused"),
        ("SELECT * FROM duckdb_settings()", "table_function_refused"),
        ("SELECT read_text('/etc/passwd')", "function_not_allowed"),
        ("SELECT \"read_text\"('/etc/passwd')", "function_not_allowed"),
        ("SELECT current_setting('threads')", "function_not_allowed"),
        ("SELECT repeat('x', 1000000000)", "function_not_allowed"),
        ("SELECT main.count(*) FROM incidents", "function_not_allowed"),
        ("SELECT * FROM secrets", "unknown_table"),
        ("SELECT * FROM main.incidents", "unknown_table"),
        ("SELECT * FROM information_schema.tables", "unknown_table"),
        ("SELECT * FROM duckdb_tables", "unknown_table"),
        ("WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT * FROM r", "recursive_cte"),
        ("WITH a AS (SELECT * FROM b), b AS (SELECT 1) SELECT * FROM a", "cte_order"),
        ("SELECT severty FROM incidents", "unknown_column"),
        ("SELECT * FROM incidents WHERE team = ?", "placeholder_refused"),
        ("SELECT * FROM incidents WHERE team = $1", "placeholder_refused"),
        ("SELECT team INTO copy FROM incidents", "select_into_refused"),
        ("SELECT [1, 2, 3]", "unsupported_syntax"),
        ("SELECT list_transform([1], x -> x + 1)", "function_not_allowed"),
        ("SELECT team FROM incidents LIMIT (SELECT 5)", "unsupported_syntax"),
        ("SELEC team FROM incidents", "sql_syntax"),
        ("", "empty_sql"),
    ];
    for (sql, code) in cases {
        let error = refusal(sql);
        assert_eq!(error.code, code, "{sql}: {error}");
        assert!(error.hint.is_some(), "{sql}: no hint");
    }
}

#[test]
fn unknown_names_carry_positions_and_hints() {
    let error = refusal("SELECT team,\n  severty FROM incidents");
    assert_eq!((error.path.as_str(), error.hint.as_deref()), ("sql:2:3", Some("did you mean 'severity'?")));
    let error = refusal("SELECT * FROM incident");
    assert_eq!(error.hint.as_deref(), Some("did you mean 'incidents'?"));
    let error = refusal("SELECT team FROM incidents WHERE team = = 'x'");
    assert_eq!(error.code, "sql_syntax");
    assert!(error.path.starts_with("sql:1:"), "{}", error.path);
}

#[test]
fn deep_nesting_is_refused_not_a_stack_overflow() {
    // Unoptimised builds use far bigger frames than the release component; give the
    // native test thread room so it checks the parser's limit, not the test's stack.
    std::thread::Builder::new().stack_size(256 << 20).spawn(deep_nesting).unwrap().join().unwrap();
}

fn deep_nesting() {
    let deep = format!("SELECT {}1{} FROM incidents", "(".repeat(2000), ")".repeat(2000));
    assert_eq!(refusal(&deep).code, "too_deeply_nested");
    let subqueries = format!("SELECT * FROM {}incidents{}", "(SELECT * FROM ".repeat(200), ") AS x".repeat(200));
    assert!(matches!(refusal(&subqueries).code, "too_deeply_nested" | "sql_syntax"));
}

#[test]
fn model_framing_is_stripped_with_warnings() {
    let compiled = compile_sql("<think>count them</think>\n```sql\nSELECT count(*) FROM incidents;\n```", &view()).unwrap();
    assert_eq!(compiled.main.sql, "SELECT count(*) FROM incidents LIMIT $1");
    assert_eq!(compiled.warnings, vec!["removed a <think> block", "removed a markdown code fence", "removed a trailing ';'"]);
}
