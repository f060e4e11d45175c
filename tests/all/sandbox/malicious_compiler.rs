//! A malicious compiler (docs/security.md, invariants 2 and 9). The fixture component
//! (`tests/malicious-guest`) exports the same WIT world as the real compiler and returns
//! whatever the test describes, so each hostile output below travels the real path: lifted out
//! of the sandbox, re-checked by the host, run (or not) on the locked connection. Every case
//! must end in a typed refusal or a capped answer; the index's bytes never change and the next
//! call answers.

use std::path::Path;

use querycell::sandbox::Sandbox;
use querycell::{EnginePolicy, ErrorClass, Limits, QueryCell, SandboxEngine};
use querycell_tests::{incidents_index, malicious_sandbox, snapshot_folder, MALICIOUS_GUEST};
use serde_json::json;

fn malicious(index: &Path, limits: Limits) -> QueryCell {
    QueryCell::builder(index).sandbox(malicious_sandbox(limits)).open().unwrap()
}

/// The honest request that must answer after every hostile one.
fn assert_next_call_answers(cell: &QueryCell) {
    let answer = cell
        .query_plan(
            &json!({"sql": "SELECT count(*) AS n FROM incidents", "columns": [{"name": "n", "kind": "integer"}]})
                .to_string(),
        )
        .unwrap();
    assert_eq!(answer.rows, vec![vec![json!(4)]]);
}

/// Ask the fixture for `output` and expect the refusal `code` of `class`.
fn refused(cell: &QueryCell, output: serde_json::Value, code: &str, class: ErrorClass) {
    let error = cell.query_plan(&output.to_string()).expect_err(&output.to_string());
    assert_eq!((error.code.as_str(), error.class), (code, class), "{output}: {error}");
    assert_next_call_answers(cell);
}

#[test]
fn hostile_statements_are_refused_and_touch_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let index = incidents_index(dir.path());
    let before = snapshot_folder(&index);
    let cell = malicious(&index, Limits::default());
    let written = dir.path().join("written");
    let refused_statement =
        |sql: String| refused(&cell, json!({ "sql": sql }), "statement_refused", ErrorClass::Internal);
    refused_statement("SELECT 1 AS a; SELECT 2 AS b".into());
    refused_statement("SELECT team FROM incidents; DROP TABLE incidents".into());
    refused_statement("PRAGMA database_list".into());
    refused_statement("PRAGMA enable_external_access=true".into());
    refused_statement(format!("COPY incidents TO '{}'", written.display()));
    refused_statement(format!("COPY (SELECT * FROM incidents) TO '{}' (FORMAT csv)", written.display()));
    refused_statement("SELECT * FROM read_text('/etc/passwd')".into());
    refused_statement("SELECT content FROM read_text('/etc/passwd')".into());
    refused_statement(format!("ATTACH '{}' AS evil", written.display()));
    refused_statement("SET enable_external_access = true".into());
    refused_statement("INSTALL httpfs".into());
    assert!(!written.exists(), "nothing may be written");
    assert_eq!(snapshot_folder(&index), before);
}

#[test]
fn parameters_that_do_not_match_their_placeholders_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let index = incidents_index(dir.path());
    let cell = malicious(&index, Limits::default());
    let sql = "SELECT team FROM incidents WHERE ack_minutes > ? AND team = ?";
    refused(&cell, json!({ "sql": sql, "params": [1] }), "statement_refused", ErrorClass::Internal);
    refused(&cell, json!({ "sql": sql, "params": [1, "Platform", 3] }), "statement_refused", ErrorClass::Internal);
    // Fifty thousand values for no placeholder: refused when binding.
    refused(
        &cell,
        json!({ "sql": "SELECT team FROM incidents", "param_count": 50_000 }),
        "statement_refused",
        ErrorClass::Internal,
    );
    // A million (16 MB of parameters, twice): not even lifted out of the sandbox.
    refused(
        &cell,
        json!({ "sql": "SELECT team FROM incidents", "param_count": 1_000_000 }),
        "guest_output_too_large",
        ErrorClass::Internal,
    );
}

#[test]
fn output_columns_that_lie_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let index = incidents_index(dir.path());
    let cell = malicious(&index, Limits::default());
    // More (or fewer) columns than the statement returns.
    refused(
        &cell,
        json!({ "sql": "SELECT team, ack_minutes FROM incidents", "columns": 5 }),
        "guest_output_mismatch",
        ErrorClass::Internal,
    );
    refused(
        &cell,
        json!({ "sql": "SELECT team, ack_minutes FROM incidents", "columns": 1 }),
        "guest_output_mismatch",
        ErrorClass::Internal,
    );
    // An answer column passed off as the trailing row count.
    refused(
        &cell,
        json!({ "sql": "SELECT team, ack_minutes FROM incidents", "columns": 1, "answer_rows": true }),
        "guest_output_mismatch",
        ErrorClass::Internal,
    );
    // As many columns as the statement returns, but of another kind than DuckDB's type.
    let sql = "SELECT team, ack_minutes FROM incidents";
    let team = json!({"name": "team", "kind": "text"});
    for second in [
        json!({"name": "ack_minutes", "kind": "text"}),
        json!({"name": "ack_minutes", "kind": "float"}),
        json!({"name": "ack_minutes", "kind": "date"}),
    ] {
        refused(&cell, json!({ "sql": sql, "columns": [team, second] }), "guest_output_mismatch", ErrorClass::Internal);
    }
    // The kinds promised answer; `other` promises no kind.
    for second in [json!({"name": "ack_minutes", "kind": "integer"}), json!({"name": "ack_minutes", "kind": "other"})] {
        let answer = cell.query_plan(&json!({ "sql": sql, "columns": [team, second] }).to_string()).unwrap();
        assert_eq!(answer.rows.len(), 4);
    }
}

/// No LIMIT over 4^12 = 16.7 M rows: the host stops reading at the compiled limit + 1.
#[test]
fn a_statement_without_a_limit_gets_a_capped_answer() {
    let dir = tempfile::tempdir().unwrap();
    let index = incidents_index(dir.path());
    let before = snapshot_folder(&index);
    let cell = malicious(&index, Limits { query_memory_bytes: 64 << 20, ..Limits::default() });
    let from: Vec<String> = (0..12).map(|i| format!("incidents AS t{i}")).collect();
    let sql = format!("SELECT t0.team, t11.ack_minutes FROM {}", from.join(", "));
    let answer = cell.query_plan(&json!({ "sql": sql, "columns": 2, "limit": 7 }).to_string()).unwrap();
    assert_eq!(answer.rows.len(), 7);
    assert!(answer.truncated);
    assert_eq!(answer.total_rows, 4u64.pow(12));
    // A limit above the host's cap is the host's cap.
    let answer = cell.query_plan(&json!({ "sql": sql, "columns": 2, "limit": 4_000_000_000u64 }).to_string()).unwrap();
    assert_eq!(answer.rows.len(), Limits::default().max_rows as usize);
    assert_eq!(snapshot_folder(&index), before);
    assert_next_call_answers(&cell);
}

/// A 100 MB statement: inside the default pool slot the compiler cannot even build it
/// (`guest_memory`); given room to build it, lifting it out of the sandbox is stopped at the
/// host's bound (`guest_output_too_large`); a statement that fits that bound but not
/// `max_statement_bytes` is refused by length before DuckDB parses it.
#[test]
fn a_100_mb_statement_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let index = incidents_index(dir.path());
    let clause = "SELECT team FROM incidents WHERE team = 'x' OR ";
    let huge = json!({ "sql": clause, "repeat_sql": 100_000_000 / clause.len() });
    let cell = malicious(&index, Limits::default());
    refused(&cell, huge.clone(), "guest_memory", ErrorClass::Limit);

    let roomy = SandboxEngine::new(EnginePolicy { pool_slots: None, ..EnginePolicy::default() }).unwrap();
    let limits = Limits { guest_memory_bytes: 512 << 20, ..Limits::default() };
    let cell = QueryCell::builder(&index)
        .sandbox(Sandbox::from_component_bytes_on(&roomy, MALICIOUS_GUEST, limits.clone(), None).unwrap())
        .open()
        .unwrap();
    refused(&cell, huge, "guest_output_too_large", ErrorClass::Internal);
    let over_the_statement_cap = json!({ "sql": clause, "repeat_sql": 2 * limits.max_statement_bytes / clause.len() });
    refused(&cell, over_the_statement_cap, "guest_output_too_large", ErrorClass::Internal);
}
