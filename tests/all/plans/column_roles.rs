//! The receipt knows its columns (WIT 0.8.0 `column-role`, receipt format 2): each answer
//! column says whether it is a group key, which aggregate, a listed column or an expression,
//! and `order` says how the rows are sorted. The host re-checks the compiler's word on the
//! rows (a lying compiler gets `guest_output_mismatch`); `verify` keys rows by the declared
//! group keys, so a number-valued group column beside a text one is part of the key.

use std::path::Path;

use querycell::{ErrorClass, Limits, QueryCell};
use querycell_tests::{
    incidents_index, ingest_table, malicious_sandbox, querycell, sql_cell, stdout_json, write_file, INCIDENTS_CSV,
};
use serde_json::{json, Value};

fn roles(answer: &Value) -> Vec<Value> {
    answer["columns"].as_array().unwrap().iter().map(|c| c["role"].clone()).collect()
}

#[test]
fn a_plans_receipt_says_what_each_column_is_and_how_rows_are_sorted() {
    let dir = tempfile::tempdir().unwrap();
    let index = ingest_table(dir.path(), "incidents", INCIDENTS_CSV);
    let cell = QueryCell::open(Path::new(&index), Limits::default()).unwrap();
    let plan = json!({"table": "incidents", "group_by": ["team"],
        "aggregations": [{"function": "avg", "column": "ack_minutes", "where": [{"column": "severity", "op": "eq", "value": "P1"}], "alias": "p1_ack"},
                         {"function": "percentile", "column": "ack_minutes", "p": 0.5}, {"function": "count", "alias": "n"}],
        "order_by": [{"column": "n", "direction": "desc"}]});
    let answer = cell.query_plan(&plan.to_string()).unwrap().to_json();
    assert_eq!(answer["receipt_version"], json!(2));
    assert_eq!(
        roles(&answer),
        vec![
            json!({"kind": "group_key", "by": "team"}),
            json!({"kind": "aggregate", "function": "avg", "column": "ack_minutes", "filter": "severity = 'P1'"}),
            json!({"kind": "aggregate", "function": "percentile", "column": "ack_minutes", "p": 0.5}),
            json!({"kind": "aggregate", "function": "count"}),
        ]
    );
    assert_eq!(answer["order"], json!([{"column": "n", "descending": true}, {"column": "team", "descending": false}]));
    let listing = cell.query_plan(r#"{"table": "incidents", "columns": ["team", "ack_minutes"]}"#).unwrap().to_json();
    assert_eq!(
        roles(&listing),
        vec![json!({"kind": "listed", "column": "team"}), json!({"kind": "listed", "column": "ack_minutes"})]
    );
}

#[test]
fn a_sql_receipt_says_what_the_compiler_can_prove() {
    let dir = tempfile::tempdir().unwrap();
    let index = ingest_table(dir.path(), "incidents", INCIDENTS_CSV);
    let cell = sql_cell(Path::new(&index), Limits::default());
    let answer = cell
        .query_sql("SELECT team, count(*) AS n, max(ack_minutes) - min(ack_minutes) AS spread FROM incidents GROUP BY team ORDER BY n DESC")
        .unwrap()
        .to_json();
    assert_eq!(
        roles(&answer),
        vec![
            json!({"kind": "group_key", "by": "team"}),
            json!({"kind": "aggregate", "function": "count"}),
            json!({"kind": "expression"}),
        ]
    );
    assert_eq!(answer["order"][0], json!({"column": "n", "descending": true}));
    // With `*` the compiler cannot count the columns: DuckDB's result describes them alone.
    let star = cell.query_sql("SELECT * FROM incidents").unwrap().to_json();
    assert!(star["columns"].as_array().unwrap().iter().all(|c| c.get("role").is_none()), "{star}");
}

/// A compiler that says a column groups the answer when its values repeat, that the rows
/// are sorted when they are not, or that a column is an aggregate no language has: nothing
/// is returned.
#[test]
fn roles_a_compiler_lies_about_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let index = incidents_index(dir.path());
    let cell = QueryCell::builder(&index).sandbox(malicious_sandbox(Limits::default())).open().unwrap();
    let team = |role: &str| json!({"name": "team", "kind": "text", "role": role});
    let minutes = |role: &str| json!({"name": "ack_minutes", "kind": "integer", "role": role});
    let sql = "SELECT team, ack_minutes FROM incidents ORDER BY ack_minutes";
    for lie in [
        json!({"sql": sql, "columns": [team("group_key"), minutes("listed")]}),
        json!({"sql": sql, "columns": [team("listed"), minutes("listed")], "order": [{"column": 1, "descending": true}]}),
        json!({"sql": sql, "columns": [team("listed"), minutes("aggregate:exfiltrate")]}),
        json!({"sql": sql, "columns": [team("listed"), minutes("listed")], "order": [{"column": 7}]}),
    ] {
        let error = cell.query_plan(&lie.to_string()).expect_err(&lie.to_string());
        assert_eq!(
            (error.code.as_str(), error.class),
            ("guest_output_mismatch", ErrorClass::Internal),
            "{lie}: {error}"
        );
    }
    // The same statement, described truthfully, answers.
    let truth = json!({"sql": sql, "columns": [team("listed"), minutes("listed")], "order": [{"column": 1}]});
    assert_eq!(cell.query_plan(&truth.to_string()).unwrap().rows.len(), 4);
}

/// Grouped by a text column and a number column: `verify` keys the rows by both, as the
/// receipt declares. When EU's only level moves from 1 to 2, the group (EU, 1) is gone and
/// (EU, 2) is new; a key found from the rows alone (region, unique in both answers) would
/// call it one group whose level changed.
#[test]
fn verify_keys_rows_by_the_declared_group_keys() {
    let dir = tempfile::tempdir().unwrap();
    let index = ingest_table(dir.path(), "costs", "region,level,cost\nEU,1,10\nUS,2,5\n");
    let plan = r#"{"table": "costs", "group_by": ["region", "level"], "aggregations": [{"function": "sum", "column": "cost", "alias": "total"}]}"#;
    let plan_file = write_file(dir.path(), "plan.json", plan);
    let output = querycell(&["query", "--index", &index, "--plan", plan_file.to_str().unwrap(), "--format", "json"]);
    let receipt = stdout_json(&output);
    ingest_table(dir.path(), "costs", "region,level,cost\nEU,2,10\nUS,2,5\n");
    let file = write_file(dir.path(), "receipt.json", &receipt.to_string());
    let output = querycell(&["verify", "--index", &index, "--format", "json", file.to_str().unwrap()]);
    let verification = stdout_json(&output);
    assert_eq!(verification["outcome"], json!("data_changed"), "{verification:#}");
    let diff = &verification["diff"];
    assert_eq!(diff["key"], json!(["region", "level"]), "{diff:#}");
    assert_eq!(diff["removed"], json!([["EU", 1, 10]]), "{diff:#}");
    assert_eq!(diff["added"], json!([["EU", 2, 10]]), "{diff:#}");
    assert_eq!(diff["changed"], json!([]), "{diff:#}");
}

/// A receipt of format 1 (no `receipt_version`, no roles, no `order`), as a compiler before
/// WIT 0.8.0 wrote it: asked again at its snapshot it cannot be verified (another compiler
/// writes other fields, so what it says ran is vouched for by nothing here), never `same`
/// and never `tampered`; after a change of data it is `data_changed`, keyed from the rows.
#[test]
fn a_receipt_of_format_1_is_cannot_verify_or_keyed_from_its_rows() {
    let dir = tempfile::tempdir().unwrap();
    let index = ingest_table(dir.path(), "incidents", INCIDENTS_CSV);
    let plan = r#"{"table": "incidents", "group_by": ["team"], "aggregations": [{"function": "count", "alias": "n"}]}"#;
    let plan_file = write_file(dir.path(), "plan.json", plan);
    let output = querycell(&["query", "--index", &index, "--plan", plan_file.to_str().unwrap(), "--format", "json"]);
    let mut old = stdout_json(&output);
    let fields = old.as_object_mut().unwrap();
    fields.remove("receipt_version");
    fields.remove("order");
    for column in fields["columns"].as_array_mut().unwrap() {
        column.as_object_mut().unwrap().remove("role");
    }
    fields.insert("compiler".into(), json!("0123456789abcdef0123456789abcdef"));
    querycell::answer::seal::seal(&mut old);
    let verify = |receipt: &Value| {
        let file = write_file(dir.path(), "old.json", &receipt.to_string());
        stdout_json(&querycell(&["verify", "--index", &index, "--format", "json", file.to_str().unwrap()]))
    };
    let verification = verify(&old);
    assert_eq!(verification["outcome"], json!("cannot_verify"), "{verification:#}");
    assert!(verification["reasons"].to_string().contains("compiler_changed"), "{verification:#}");
    ingest_table(dir.path(), "incidents", &format!("{INCIDENTS_CSV}I-105,Search,P1,30\n"));
    let verification = verify(&old);
    assert_eq!(verification["outcome"], json!("data_changed"), "{verification:#}");
    assert_eq!(verification["diff"]["key"], json!(["team"]));
    assert_eq!(verification["diff"]["added"], json!([["Search", 1]]));
}
