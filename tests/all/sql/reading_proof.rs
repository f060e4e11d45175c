//! SQL mode's reading proof (docs/sql-mode.md, "What runs is DuckDB's reading of your
//! text"): a compiler that reads the caller's SQL otherwise than DuckDB does gets nothing
//! run. The malicious fixture compiler plays a compiler without the guest's list of forms
//! sqlparser reads otherwise: it returns sqlparser's reading of `team ISNULL` (an alias) and
//! claims the caller's text, and the host, having DuckDB read that text in the query worker,
//! refuses. The real compiler refuses the same statements, and answers them as DuckDB reads
//! them where it can.

use std::path::Path;

use querycell::{Limits, QueryCell, QueryIsolation, WorkerPolicy};
use querycell_tests::{incidents_index, malicious_sandbox, querycell_bin, snapshot_folder, sql_cell};
use serde_json::json;

fn malicious(index: &Path, isolation: QueryIsolation) -> QueryCell {
    let sandbox = malicious_sandbox(Limits::default());
    QueryCell::builder(index).sandbox(sandbox).isolation(isolation).open().unwrap().with_sql_enabled(true)
}

fn workers() -> QueryIsolation {
    QueryIsolation::Workers(WorkerPolicy::new(querycell_bin()))
}

/// The fixture's request for a compile of `caller` to `sql` (its row cap `$n` the last
/// parameter, the rows it lets through the compile's `limit`), claiming the caller's text as
/// its reading, with SQL mode's count frame around it. The request's keys are in order, so
/// the caller's text starts at byte 11, after `{"caller":"`.
fn request(caller: &str, sql: &str, params: serde_json::Value) -> String {
    let mut count_params = params.as_array().unwrap().clone();
    let cap = count_params.last().and_then(serde_json::Value::as_u64).expect("the row cap is the last parameter");
    *count_params.last_mut().unwrap() = serde_json::Value::Null;
    let spec = json!({
        "limit": cap - 1,
        "caller": caller,
        "sql": sql,
        "params": params,
        "count_sql": format!("SELECT count(*) AS total_rows FROM ({sql}) AS answer"),
        "count_params": count_params,
        "reading": [[11, 11 + caller.len()]],
    })
    .to_string();
    assert_eq!(&spec[11..11 + caller.len()], caller, "the caller's text stands in the request as written");
    spec
}

#[test]
fn a_compiler_that_reads_an_operator_as_an_alias_gets_nothing_run() {
    let dir = tempfile::tempdir().unwrap();
    let index = incidents_index(dir.path());
    let before = snapshot_folder(&index);
    let cell = malicious(&index, workers());
    // The faithful compile answers: the path itself works.
    let honest = request(
        "SELECT team FROM incidents ORDER BY team",
        "SELECT team FROM incidents ORDER BY team LIMIT $1",
        json!([1001]),
    );
    assert_eq!(cell.query_sql(&honest).unwrap().row_count, 4);
    for (caller, sqlparsers_reading, position) in [
        ("SELECT team, team ISNULL FROM incidents", "SELECT team, team AS ISNULL FROM incidents LIMIT $1", "sql:1:19"),
        (
            "SELECT avg(ack_minutes) EXPORT_STATE FROM incidents",
            "SELECT avg(ack_minutes) AS EXPORT_STATE FROM incidents LIMIT $1",
            "sql:1:8",
        ),
        // A compiler that reads the operator backwards.
        (
            "SELECT team FROM incidents WHERE ack_minutes ISNULL",
            "SELECT team FROM incidents WHERE ack_minutes IS NOT NULL LIMIT $1",
            "sql:1:46",
        ),
    ] {
        let error = cell.query_sql(&request(caller, sqlparsers_reading, json!([1001]))).expect_err(caller);
        assert_eq!(error.code, "reading_differs", "{caller}: {error}");
        assert_eq!(error.path, position, "{caller}: {error}");
        assert!(error.hint.as_deref().unwrap_or("").contains("IS NULL"), "{caller}: {error:?}");
    }
    // A literal bound to another value, and a row cap other than the caller's LIMIT.
    let caller = "SELECT team FROM incidents WHERE severity = 'P1' LIMIT 2";
    let sql = "SELECT team FROM incidents WHERE severity = $1 LIMIT $2";
    assert_eq!(cell.query_sql(&request(caller, sql, json!(["P1", 3]))).unwrap().row_count, 2);
    for params in [json!(["P2", 3]), json!(["P1", 1001])] {
        let error = cell.query_sql(&request(caller, sql, params.clone())).expect_err(&params.to_string());
        assert_eq!(error.code, "reading_differs", "{params}: {error}");
    }
    assert_eq!(snapshot_folder(&index), before, "a refused reading changes nothing");
}

#[test]
fn a_reading_that_is_not_the_callers_bytes_or_a_count_that_is_not_the_frame_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let index = incidents_index(dir.path());
    let cell = malicious(&index, workers());
    let sql = "SELECT team FROM incidents LIMIT $1";
    let honest = request("SELECT team FROM incidents", sql, json!([1001]));
    for hostile in [
        honest.replace(r#""reading":[[11,"#, r#""reading":[[99999,"#),
        honest.replace(r#""reading":[[11,"#, r#""reading":[[0,12],[11,"#),
        honest.replace(r#""reading":"#, r#""no_reading":"#),
        honest.replace("AS total_rows FROM (", "AS total_rows FROM (SELECT 1 AS x UNION ALL "),
        honest.replace(r#""count_params":[null]"#, r#""count_params":[1001]"#),
    ] {
        let error = cell.query_sql(&hostile).expect_err(&hostile);
        assert_eq!(error.code, "guest_output_mismatch", "{hostile}: {error}");
    }
    assert_eq!(cell.query_sql(&honest).unwrap().row_count, 4);
}

#[test]
fn sql_mode_needs_query_workers() {
    let dir = tempfile::tempdir().unwrap();
    let index = incidents_index(dir.path());
    let in_process = QueryCell::open(&index, Limits::default()).unwrap().with_sql_enabled(true);
    let error = in_process.query_sql("SELECT count(*) FROM incidents").unwrap_err();
    assert_eq!(error.code, "sql_mode_unavailable", "{error}");
    assert!(error.hint.unwrap().contains("QueryIsolation::Workers"));
    // Plans still answer in-process, and SQL answers in workers.
    in_process.query_plan(r#"{"table": "incidents", "aggregations": [{"function": "count"}]}"#).unwrap();
    let answer = sql_cell(&index, Limits::default()).query_sql("SELECT count(*) FROM incidents").unwrap();
    assert_eq!(answer.rows, vec![vec![json!(4)]]);
}

/// The real compiler: the statements sqlparser would read otherwise are refused, and nothing
/// it accepts is read otherwise by DuckDB.
#[test]
fn the_compiler_refuses_what_duckdb_would_read_otherwise() {
    let dir = tempfile::tempdir().unwrap();
    let index = incidents_index(dir.path());
    let cell = sql_cell(&index, Limits::default());
    for sql in [
        "SELECT team, team ISNULL FROM incidents",
        "SELECT avg(ack_minutes) EXPORT_STATE FROM incidents",
        // sqlparser reads it as IS NOT NULL, which binds otherwise in DuckDB.
        "SELECT team, ack_minutes NOTNULL FROM incidents",
    ] {
        match cell.query_sql(sql) {
            Ok(answer) => panic!("{sql}: answered {:?} with {}", answer.rows, answer.sql),
            // The compiler's own list says so first, with what to write instead.
            Err(error) => assert!(
                error.code == "unsupported_syntax" && error.hint.as_deref().is_some_and(|hint| hint.contains("IS ")),
                "{sql}: {error}"
            ),
        }
    }
    for (sql, rows) in [
        (
            "SELECT team, ack_minutes IS NULL AS missing FROM incidents ORDER BY incident_id LIMIT 1",
            json!([["Platform", false]]),
        ),
        ("SELECT team, ack_minutes AS isnull FROM incidents ORDER BY incident_id LIMIT 1", json!([["Platform", 10]])),
        ("FROM incidents SELECT count(*) AS n", json!([[4]])),
        ("SELECT count(*) AS n FROM incidents WHERE severity = 'P1' AND ack_minutes > 10.5", json!([[2]])),
    ] {
        let answer = cell.query_sql(sql).unwrap_or_else(|e| panic!("{sql}: {e}"));
        assert_eq!(json!(answer.rows), rows, "{sql}");
    }
}
