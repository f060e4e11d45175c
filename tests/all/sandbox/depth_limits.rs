//! Depth limits (docs/security.md, invariant 10) that hold in the sandbox as well as natively.
//! Requests as deep as the request-size limit lets them be (an operator chain, nested JSON) are
//! refused as `too_deeply_nested` by the guest's guards before any recursive walk, never a
//! guest stack overflow (`guest_fault`), and the next call answers.

use querycell::{ingest, ErrorClass, Limits, QueryCell};
use querycell_tests::write_file;

fn cell(dir: &std::path::Path) -> QueryCell {
    let data = dir.join("data");
    write_file(&data, "incidents.csv", "team,ack_minutes\nPlatform,3\nSearch,5\n");
    let index = dir.join("index");
    ingest::ingest(&index, &[data]).unwrap();
    querycell_tests::sql_cell(&index, Limits::default())
}

/// `text` repeated to fill `budget` bytes after `head` and before `tail`.
fn fill(head: &str, unit: &str, tail: &str, budget: usize) -> String {
    let room = budget - head.len() - tail.len();
    format!("{head}{}{tail}", unit.repeat(room / unit.len()))
}

#[test]
fn an_operator_chain_filling_the_request_limit_is_too_deeply_nested() {
    let dir = tempfile::tempdir().unwrap();
    let cell = cell(dir.path());
    let limit = Limits::default().max_request_bytes as usize;
    for operator in ["+1", "*1", " AND 1=1", " OR ack_minutes > 1", "||'x'", "::INT", " IN (1)", "&1", " LIKE 'x'"] {
        let sql = fill("SELECT 1", operator, " FROM incidents", limit);
        assert!(sql.len() <= limit && sql.len() > limit - 16);
        let error = cell.query_sql(&sql).unwrap_err();
        assert_eq!(
            (error.code.as_str(), error.class),
            ("too_deeply_nested", ErrorClass::Refused),
            "{operator}: {error}"
        );
    }
    assert_eq!(cell.query_sql("SELECT count(*) AS n FROM incidents").unwrap().rows[0][0], serde_json::json!(2));
}

#[test]
fn json_nested_to_the_request_limit_is_too_deeply_nested() {
    let dir = tempfile::tempdir().unwrap();
    let cell = cell(dir.path());
    let limit = Limits::default().max_request_bytes as usize;
    let depth = (limit - 1) / 2;
    for plan in [
        format!("{}1{}", "[".repeat(depth), "]".repeat(depth)),
        format!("{}1{}", "{\"a\":".repeat(limit / 6), "}".repeat(limit / 6)),
        format!(
            r#"{{"table": "incidents", "filters": [{{"column": "team", "op": "eq", "value": {}"x"{}}}]}}"#,
            "[".repeat(300),
            "]".repeat(300)
        ),
    ] {
        assert!(plan.len() <= limit);
        let error = cell.query_plan(&plan).unwrap_err();
        assert_eq!((error.code.as_str(), error.class), ("too_deeply_nested", ErrorClass::Refused), "{error}");
    }
    let answer = cell.query_plan(r#"{"table": "incidents", "aggregations": [{"function": "count"}]}"#).unwrap();
    assert_eq!(answer.rows[0][0], serde_json::json!(2));
}
