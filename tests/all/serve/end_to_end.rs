//! End-to-end: the real `querycell` binary against real DuckDB files, as a user runs it.

use std::path::Path;

use querycell_tests::{
    ingest_table, querycell, querycell_with_stdin, snapshot_folder, stdout_json, write_file, INCIDENTS_CSV,
};
use serde_json::json;

const P1_BY_TEAM: &str = r#"{
  "table": "incidents",
  "filters": [{"column": "severity", "op": "eq", "value": "P1"}],
  "group_by": ["team"],
  "aggregations": [{"function": "avg", "column": "ack_minutes", "alias": "average_minutes"}],
  "order_by": [{"column": "average_minutes", "direction": "desc"}],
  "limit": 5
}"#;

/// Ingest `csv` as the incidents table into `dir/index` (again, when it is there) with the
/// binary; the index's path.
pub(crate) fn ingest(dir: &Path, csv: &str) -> String {
    ingest_table(dir, "incidents", csv)
}

fn query_json(index: &str, plan: &str) -> (i32, serde_json::Value) {
    let output = querycell_with_stdin(&["query", "--index", index, "--plan", "-", "--format", "json"], plan);
    (output.status.code().unwrap_or(-1), stdout_json(&output))
}

#[test]
fn average_ack_minutes_by_team_for_p1() {
    let dir = tempfile::tempdir().unwrap();
    let index = ingest(dir.path(), INCIDENTS_CSV);
    let plan = write_file(dir.path(), "plan.json", P1_BY_TEAM);
    let output = querycell(&["query", "--index", &index, "--plan", plan.to_str().unwrap(), "--format", "json"]);
    assert_eq!(output.status.code(), Some(0), "{}", String::from_utf8_lossy(&output.stderr));
    let answer = stdout_json(&output);
    assert_eq!(answer["rows"], json!([["Platform", 15.0], ["Payments", 12.0]]));
    assert_eq!(
        answer["columns"],
        json!([
            {"name": "team", "type": "VARCHAR", "role": {"kind": "group_key", "by": "team"}},
            {"name": "average_minutes", "type": "DOUBLE", "role": {"kind": "aggregate", "function": "avg", "column": "ack_minutes"}}
        ])
    );
    assert_eq!(answer["row_count"], json!(2));
    assert_eq!(answer["total_rows"], json!(2));
    assert_eq!(answer["truncated"], json!(false));
    assert_eq!(answer["params"][0], json!("P1"));
    let sql = answer["sql"].as_str().unwrap();
    assert!(!sql.contains("P1"), "a value leaked into the SQL: {sql}");
    assert!(sql.contains("\"severity\" = ?"), "{sql}");
    assert!(answer["snapshot"].as_str().unwrap().starts_with("sha256:"));
    assert_eq!(answer["limits"]["max_rows"], json!(1000));
    assert!(answer["explanation"].as_str().unwrap().contains("average ack_minutes by team"));
    assert!(answer["elapsed_ms"].as_f64().unwrap() > 0.0);
}

#[test]
fn an_unknown_column_is_refused_with_a_hint_and_nothing_changes() {
    let dir = tempfile::tempdir().unwrap();
    let index = ingest(dir.path(), INCIDENTS_CSV);
    let before = snapshot_folder(Path::new(&index));
    let (code, body) = query_json(&index, &P1_BY_TEAM.replace("\"column\": \"severity\"", "\"column\": \"severty\""));
    assert_eq!(code, 2);
    assert_eq!(body["error"]["code"], json!("unknown_column"));
    assert_eq!(body["error"]["path"], json!("filters[0].column"));
    assert_eq!(body["error"]["hint"], json!("did you mean 'severity'?"));
    assert!(body.get("sql").is_none());
    assert_eq!(snapshot_folder(Path::new(&index)), before);
}

#[test]
fn queries_leave_the_index_bytes_unchanged() {
    let dir = tempfile::tempdir().unwrap();
    let index = ingest(dir.path(), INCIDENTS_CSV);
    let before = snapshot_folder(Path::new(&index));
    for _ in 0..3 {
        let (code, _) = query_json(&index, P1_BY_TEAM);
        assert_eq!(code, 0);
    }
    assert_eq!(snapshot_folder(Path::new(&index)), before);
}

#[test]
fn table_and_csv_formats() {
    let dir = tempfile::tempdir().unwrap();
    let index = ingest(dir.path(), INCIDENTS_CSV);
    let table = querycell_with_stdin(&["query", "--index", &index, "--plan", "-"], P1_BY_TEAM);
    assert_eq!(table.status.code(), Some(0));
    let text = String::from_utf8(table.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "team      average_minutes");
    assert_eq!(lines[2], "Platform  15.0");
    assert_eq!(lines[3], "Payments  12.0");
    assert!(text.contains("\nsql: SELECT"), "{text}");
    assert!(text.contains("\nparams: [\"P1\",6]"), "{text}");

    let csv = querycell_with_stdin(&["query", "--index", &index, "--plan", "-", "--format", "csv"], P1_BY_TEAM);
    assert_eq!(String::from_utf8(csv.stdout).unwrap(), "team,average_minutes\nPlatform,15.0\nPayments,12.0\n");
    assert_eq!(String::from_utf8(csv.stderr).unwrap(), "", "a whole answer without warnings adds nothing to stderr");
}

/// Averages with long fractions: a table rounds them for reading and says so; CSV and JSON
/// keep every digit.
#[test]
fn tables_round_long_fractions_and_say_so_while_csv_and_json_keep_them() {
    let dir = tempfile::tempdir().unwrap();
    let index = ingest(dir.path(), "team,minutes\nA,10\nA,14\nA,20\nB,1\nB,2\n");
    let plan = r#"{"table": "incidents", "group_by": ["team"], "aggregations": [{"function": "avg", "column": "minutes", "alias": "average"}], "order_by": ["team"]}"#;
    let exact = 44.0 / 3.0;
    let table = querycell_with_stdin(&["query", "--index", &index, "--plan", "-"], plan);
    let text = String::from_utf8(table.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!((lines[2], lines[3]), ("A     14.67", "B     1.5"), "{text}");
    assert!(text.contains(querycell::answer::ROUNDED_NOTE), "{text}");
    let csv = querycell_with_stdin(&["query", "--index", &index, "--plan", "-", "--format", "csv"], plan);
    assert_eq!(String::from_utf8(csv.stdout).unwrap(), format!("team,average\nA,{exact}\nB,1.5\n"));
    let (code, json) = query_json(&index, plan);
    assert_eq!((code, json["rows"][0][1].as_f64()), (0, Some(exact)));
    // Nothing rounded, nothing said.
    let whole = querycell_with_stdin(&["query", "--index", &index, "--plan", "-"], &plan.replace("avg", "max"));
    assert!(!String::from_utf8(whole.stdout).unwrap().contains("rounded"));
}

#[test]
fn csv_output_keeps_truncation_and_warnings_on_stderr() {
    let dir = tempfile::tempdir().unwrap();
    let index = ingest(dir.path(), &format!("{INCIDENTS_CSV}I-105,Payments,P1,\n"));
    let output = querycell_with_stdin(
        &["query", "--index", &index, "--plan", "-", "--format", "csv", "--max-rows", "1"],
        r#"{"table": "incidents", "group_by": ["team"], "aggregations": [{"function": "avg", "column": "ack_minutes"}]}"#,
    );
    assert_eq!(output.status.code(), Some(0));
    let rows = String::from_utf8(output.stdout).unwrap();
    assert_eq!(rows.lines().count(), 2, "header and one row: {rows}");
    let notes = String::from_utf8(output.stderr).unwrap();
    assert!(notes.contains("querycell: truncated: 1 of 2 rows written"), "{notes}");
    assert!(notes.contains("--max-rows"), "{notes}");
    assert!(notes.contains("querycell: warning: avg_ack_minutes: 1 null value was skipped"), "{notes}");
}

#[test]
fn truncated_answers_say_so_and_count_the_rest() {
    let dir = tempfile::tempdir().unwrap();
    let index = ingest(dir.path(), INCIDENTS_CSV);
    let (code, answer) = query_json(
        &index,
        r#"{"table": "incidents", "columns": ["incident_id"], "order_by": ["incident_id"], "limit": 3}"#,
    );
    assert_eq!(code, 0);
    assert_eq!(answer["rows"], json!([["I-101"], ["I-102"], ["I-103"]]));
    assert_eq!((answer["truncated"].clone(), answer["total_rows"].clone()), (json!(true), json!(4)));
    assert!(answer["warnings"].as_array().unwrap().iter().any(|w| w == "the answer shows 3 of 4 rows"), "{answer}");

    let output = querycell_with_stdin(
        &["query", "--index", &index, "--plan", "-", "--format", "json", "--max-rows", "2"],
        r#"{"table": "incidents", "columns": ["incident_id"], "limit": 50}"#,
    );
    let answer = stdout_json(&output);
    assert_eq!(answer["row_count"], json!(2));
    assert!(
        answer["warnings"].as_array().unwrap().iter().any(|w| w == "limit 50 was lowered to the maximum of 2 rows"),
        "{answer}"
    );
}

#[test]
fn skipped_nulls_are_reported() {
    let dir = tempfile::tempdir().unwrap();
    let index = ingest(dir.path(), &format!("{INCIDENTS_CSV}I-105,Payments,P1,\nI-106,Search,P1,\n"));
    let (code, answer) = query_json(&index, P1_BY_TEAM);
    assert_eq!(code, 0);
    assert_eq!(answer["rows"], json!([["Platform", 15.0], ["Payments", 12.0], ["Search", null]]));
    assert_eq!(answer["warnings"], json!(["average_minutes: 2 null values were skipped in the matching rows"]));
    // Counted by the main query itself: no second scan, and its count columns are stripped.
    assert_eq!(answer["cost"]["null_probe_ms"], json!(null), "{answer}");
    assert_eq!(answer["cost"]["count_ms"], json!(null), "not truncated, so no total count ran: {answer}");
    assert_eq!(answer["columns"].as_array().unwrap().len(), 2, "{answer}");
    assert!(answer["sql"].as_str().unwrap().contains("OVER ()"), "{answer}");
}

#[test]
fn every_filter_operator_answers_like_duckdb() {
    let dir = tempfile::tempdir().unwrap();
    let index = ingest(dir.path(), INCIDENTS_CSV);
    let cases = [
        (r#"{"column": "severity", "op": "ne", "value": "P1"}"#, vec!["I-104"]),
        (r#"{"column": "ack_minutes", "op": "lt", "value": 12}"#, vec!["I-101"]),
        (r#"{"column": "ack_minutes", "op": "lte", "value": 12}"#, vec!["I-101", "I-103"]),
        (r#"{"column": "ack_minutes", "op": "gt", "value": 20}"#, vec!["I-104"]),
        (r#"{"column": "ack_minutes", "op": "gte", "value": 20}"#, vec!["I-102", "I-104"]),
        (r#"{"column": "team", "op": "in", "value": ["Payments", "Nobody"]}"#, vec!["I-103", "I-104"]),
        (r#"{"column": "team", "op": "not_in", "value": ["Payments"]}"#, vec!["I-101", "I-102"]),
        (r#"{"column": "ack_minutes", "op": "between", "value": [11, 20]}"#, vec!["I-102", "I-103"]),
        (r#"{"column": "team", "op": "is_null"}"#, vec![]),
        (r#"{"column": "team", "op": "is_not_null"}"#, vec!["I-101", "I-102", "I-103", "I-104"]),
        (r#"{"column": "team", "op": "contains", "value": "ay"}"#, vec!["I-103", "I-104"]),
        (r#"{"column": "team", "op": "starts_with", "value": "Plat"}"#, vec!["I-101", "I-102"]),
        (r#"{"column": "team", "op": "contains", "value": "%"}"#, vec![]),
    ];
    for (filter, expected) in cases {
        let plan = format!(r#"{{"table": "incidents", "columns": ["incident_id"], "filters": [{filter}]}}"#);
        let (code, answer) = query_json(&index, &plan);
        assert_eq!(code, 0, "{filter}: {answer}");
        let ids: Vec<&str> = answer["rows"].as_array().unwrap().iter().map(|r| r[0].as_str().unwrap()).collect();
        assert_eq!(ids, expected, "{filter}");
    }
}

#[test]
fn dates_group_by_month_with_having() {
    let dir = tempfile::tempdir().unwrap();
    let data = querycell_tests::workspace().join("host/demo/data");
    let index = dir.path().join("index");
    let output = querycell(&["ingest", "--index", index.to_str().unwrap(), data.to_str().unwrap()]);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let (code, answer) = query_json(
        index.to_str().unwrap(),
        r#"{"table": "incidents", "group_by": [{"column": "opened_at", "granularity": "month"}],
            "aggregations": [{"function": "count", "alias": "incidents"}],
            "filters": [{"column": "opened_at", "op": "gte", "value": "2026-02-01"}],
            "having": [{"column": "incidents", "op": "gte", "value": 3}]}"#,
    );
    assert_eq!(code, 0, "{answer}");
    assert_eq!(answer["rows"], json!([["2026-02-01", 3], ["2026-03-01", 5]]));
    assert_eq!(
        answer["columns"][0],
        json!({"name": "opened_at_month", "type": "DATE", "role": {"kind": "group_key", "by": "opened_at", "grain": "month"}})
    );
    assert_eq!(answer["params"], json!(["2026-02-01", 3, 1001]));
}

#[test]
fn schema_prints_the_catalog() {
    let dir = tempfile::tempdir().unwrap();
    let index = ingest(dir.path(), "Incident ID,Team Name,ack minutes\nI-1,A,3\n");
    let output = querycell(&["schema", "--index", &index]);
    assert_eq!(output.status.code(), Some(0));
    let catalog = stdout_json(&output);
    let columns = &catalog["tables"][0]["columns"];
    assert_eq!(catalog["tables"][0]["name"], json!("incidents"));
    assert_eq!(catalog["tables"][0]["row_count"], json!(1));
    assert_eq!(columns[0]["name"], json!("incident_id"));
    assert_eq!(columns[0]["display_name"], json!("Incident ID"));
    assert_eq!(columns[2]["name"], json!("ack_minutes"));
    assert_eq!(columns[2]["kind"], json!("integer"));
}

#[test]
fn a_failed_ingest_leaves_the_previous_index_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let index = ingest(dir.path(), INCIDENTS_CSV);
    let before = snapshot_folder(Path::new(&index));
    let bad = dir.path().join("bad");
    write_file(&bad, "ok.csv", "a\n1\n");
    std::os::unix::fs::symlink("/etc/passwd", bad.join("passwd.csv")).unwrap();
    let output = querycell(&["ingest", "--index", &index, bad.to_str().unwrap(), "--format", "json"]);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(stdout_json(&output)["error"]["code"], json!("symlink_refused"));
    assert_eq!(snapshot_folder(Path::new(&index)), before);
    let leftovers: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().starts_with(".querycell-ingest"))
        .collect();
    assert!(leftovers.is_empty());
}

#[test]
fn a_new_ingest_replaces_the_index_atomically() {
    let dir = tempfile::tempdir().unwrap();
    let index = ingest(dir.path(), INCIDENTS_CSV);
    let first = snapshot_folder(Path::new(&index));
    let more = write_file(dir.path(), "more/incidents.csv", "incident_id,team,severity,ack_minutes\nI-900,Data,P1,1\n");
    let output = querycell(&["ingest", "--index", &index, more.to_str().unwrap()]);
    assert!(output.status.success());
    assert_ne!(snapshot_folder(Path::new(&index)), first);
    let (_, answer) = query_json(&index, P1_BY_TEAM);
    assert_eq!(answer["rows"], json!([["Data", 1.0]]));
}

#[test]
fn refusing_to_overwrite_a_folder_that_is_not_an_index() {
    let dir = tempfile::tempdir().unwrap();
    let precious = dir.path().join("precious");
    write_file(&precious, "thesis.txt", "do not delete");
    let data = write_file(dir.path(), "data/incidents.csv", INCIDENTS_CSV);
    let output = querycell(&["ingest", "--index", precious.to_str().unwrap(), data.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(std::fs::read_to_string(precious.join("thesis.txt")).unwrap(), "do not delete");
}

#[test]
fn a_missing_index_is_a_clear_refusal() {
    let dir = tempfile::tempdir().unwrap();
    let (code, body) = query_json(dir.path().join("nope").to_str().unwrap(), P1_BY_TEAM);
    assert_eq!(code, 2);
    assert_eq!(body["error"]["code"], json!("index_not_found"));
}

#[test]
fn sql_mode_is_refused_unless_the_deployment_enables_it() {
    let dir = tempfile::tempdir().unwrap();
    let index = ingest(dir.path(), INCIDENTS_CSV);
    let sql = "SELECT team, avg(ack_minutes) AS average_minutes FROM incidents WHERE severity = 'P1' GROUP BY team ORDER BY 2 DESC";

    let refused = querycell(&["sql", "--index", &index, "--format", "json", sql]);
    assert_eq!(refused.status.code(), Some(2));
    assert_eq!(stdout_json(&refused)["error"]["code"], json!("sql_mode_disabled"));

    let allowed = querycell(&["sql", "--index", &index, "--format", "json", "--allow-sql", sql]);
    assert_eq!(allowed.status.code(), Some(0), "{}", String::from_utf8_lossy(&allowed.stderr));
    let answer = stdout_json(&allowed);
    assert_eq!(answer["rows"], json!([["Platform", 15.0], ["Payments", 12.0]]));
    assert_eq!(answer["params"], json!(["P1", 1001]));
    assert!(!answer["sql"].as_str().unwrap().contains("P1"));

    let config = write_file(dir.path(), "querycell.toml", "allow_sql = true\nmax_rows = 1\n");
    let configured = querycell_with_stdin(
        &["sql", "--index", &index, "--format", "json", "--config", config.to_str().unwrap(), "-"],
        sql,
    );
    assert_eq!(configured.status.code(), Some(0));
    let answer = stdout_json(&configured);
    assert_eq!(
        (answer["row_count"].clone(), answer["truncated"].clone(), answer["total_rows"].clone()),
        (json!(1), json!(true), json!(2))
    );

    let pragma = querycell(&["sql", "--index", &index, "--format", "json", "--allow-sql", "PRAGMA version"]);
    assert_eq!(pragma.status.code(), Some(2));
    assert_eq!(stdout_json(&pragma)["error"]["code"], json!("not_a_query"));
}

#[test]
fn a_truncated_aggregation_counts_its_groups_in_the_same_scan() {
    let dir = tempfile::tempdir().unwrap();
    let mut csv = String::from("incident_id,team,severity,ack_minutes\n");
    for i in 0..60 {
        csv.push_str(&format!("I-{i},T{},P1,{}\n", i % 12, i));
    }
    let index = ingest(dir.path(), &csv);
    let teams =
        csv.lines().skip(1).map(|l| l.split(',').nth(1).unwrap()).collect::<std::collections::BTreeSet<_>>().len();
    let (code, answer) = query_json(
        &index,
        r#"{"table": "incidents", "group_by": ["team"], "aggregations": [{"function": "count"}], "limit": 5}"#,
    );
    assert_eq!(code, 0);
    assert_eq!(
        (answer["truncated"].clone(), answer["total_rows"].clone(), answer["row_count"].clone()),
        (json!(true), json!(teams), json!(5)),
        "{answer}"
    );
    assert_eq!(answer["cost"]["count_ms"], json!(null), "the total came with the main query: {answer}");
    // A listing keeps the separate count (a window over every row would defeat top-N).
    let (_, listing) = query_json(&index, r#"{"table": "incidents", "columns": ["incident_id"], "limit": 5}"#);
    assert_eq!((listing["truncated"].clone(), listing["total_rows"].clone()), (json!(true), json!(60)), "{listing}");
    assert!(listing["cost"]["count_ms"].is_number(), "{listing}");
}

/// `host/examples/embed.rs`, built with the workspace, runs and shows the answer and the
/// typed refusal it promises.
#[test]
fn the_embedding_example_runs() {
    let example = querycell_tests::querycell_bin().parent().unwrap().join("examples/embed");
    let output = std::process::Command::new(&example).output().unwrap_or_else(|e| panic!("{}: {e}", example.display()));
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{}\nstdout:\n{stdout}\nstderr:\n{}",
        example.display(),
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(stdout.contains("ingested 3 table(s)"), "{stdout}");
    assert!(stdout.contains("Platform"), "{stdout}");
    assert!(
        stdout.contains("refused: code unknown_column at filters[0].column; hint: did you mean 'severity'?"),
        "{stdout}"
    );
}

/// CSV output tells a missing value (an empty field) from an empty text (`""`), as DuckDB's
/// own CSV writer does, and quotes what needs it: both were empty fields.
#[test]
fn csv_output_tells_missing_from_empty_text() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    querycell_tests::write_file(
        &data,
        "notes.ndjson",
        "{\"team\": \"\"}\n{\"team\": null}\n{\"team\": \"a, \\\"b\\\"\"}\n{\"team\": \"\"}\n",
    );
    let index = dir.path().join("index");
    querycell::ingest::ingest(&index, &[data]).unwrap();
    let plan =
        r#"{"table": "notes", "group_by": ["team"], "aggregations": [{"function": "count"}], "order_by": ["team"]}"#;
    let csv =
        querycell_with_stdin(&["query", "--index", index.to_str().unwrap(), "--plan", "-", "--format", "csv"], plan);
    assert_eq!(String::from_utf8(csv.stdout).unwrap(), "team,count\n\"\",2\n\"a, \"\"b\"\"\",1\n,1\n");
}
