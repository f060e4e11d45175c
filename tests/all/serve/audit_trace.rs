//! The audit trace (`--trace FILE`, or `trace` in the configuration file) through the
//! binary: one line per request, answered or refused, that says what ran and never repeats
//! the request or its values; and the configuration file's refusal of credentials.

use querycell_tests::{querycell, querycell_with_stdin, write_file};
use serde_json::Value;

/// An index of the incidents table in a fresh folder: the folder and the index.
fn incidents_index() -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let index = querycell_tests::incidents_index(dir.path());
    (dir, index)
}

fn lines(path: &std::path::Path) -> Vec<Value> {
    std::fs::read_to_string(path)
        .expect("the trace exists")
        .lines()
        .map(|line| serde_json::from_str(line).expect("each line is JSON"))
        .collect()
}

#[test]
fn every_request_leaves_one_line_that_names_what_ran_but_not_what_was_asked() {
    let (dir, index) = incidents_index();
    let trace = dir.path().join("audit/trace.jsonl");
    std::fs::create_dir(dir.path().join("audit")).unwrap();
    let (index_arg, trace_arg) = (index.to_str().unwrap(), trace.to_str().unwrap());

    let plan = r#"{"table": "incidents", "filters": [{"column": "team", "op": "eq", "value": "Payments"}], "aggregations": [{"function": "count"}]}"#;
    let answered = querycell_with_stdin(&["query", "--index", index_arg, "--trace", trace_arg, "--plan", "-"], plan);
    assert!(answered.status.success(), "{}", String::from_utf8_lossy(&answered.stderr));
    let refused = querycell_with_stdin(
        &["query", "--index", index_arg, "--trace", trace_arg, "--plan", "-"],
        r#"{"table": "incidents", "group_by": ["tema"]}"#,
    );
    assert_eq!(refused.status.code(), Some(2));
    // From the configuration file instead of the flag, and SQL mode.
    let config = write_file(dir.path(), "querycell.toml", &format!("allow_sql = true\ntrace = {trace_arg:?}\n"));
    let sql = querycell(&[
        "sql",
        "--index",
        index_arg,
        "--config",
        config.to_str().unwrap(),
        "SELECT team FROM incidents WHERE team = 'Payments'",
    ]);
    assert!(sql.status.success(), "{}", String::from_utf8_lossy(&sql.stderr));

    let seen = lines(&trace);
    assert_eq!(seen.len(), 3, "{seen:?}");
    let text = std::fs::read_to_string(&trace).unwrap();
    assert!(!text.contains("Payments") && !text.contains("tema"), "request text or values in the trace: {text}");

    assert_eq!(
        (seen[0]["kind"].as_str(), seen[0]["rows"].as_u64(), seen[0]["error"].as_str()),
        (Some("plan"), Some(1), None)
    );
    assert!(seen[0]["sql"].as_str().unwrap().starts_with("SELECT count(*)"), "{}", seen[0]);
    assert_eq!(seen[0]["params"], 2, "the filter value and the limit: counted, not shown");
    assert_eq!(seen[0]["request_bytes"], plan.len());
    assert_eq!(seen[0]["truncated"], false);
    assert!(seen[0]["snapshot"].as_str().unwrap().starts_with("sha256:"));

    assert_eq!(
        (seen[1]["error"].as_str(), seen[1]["sql"].as_str()),
        (Some("unknown_column"), None),
        "a refusal before compiling has no SQL"
    );
    assert_ne!(seen[1]["request_sha256"], seen[0]["request_sha256"]);

    assert_eq!((seen[2]["kind"].as_str(), seen[2]["rows"].as_u64()), (Some("sql"), Some(2)));
    // SQL mode binds the statement's literals too: the executed text has placeholders.
    assert_eq!(seen[2]["sql"], "SELECT team FROM incidents WHERE team = $1 LIMIT $2", "{}", seen[2]);
}

#[test]
fn an_unwritable_trace_stops_the_answer_and_credentials_stop_the_config() {
    let (dir, index) = incidents_index();
    let index_arg = index.to_str().unwrap();
    let plan = r#"{"table": "incidents", "aggregations": [{"function": "count"}]}"#;

    // A link planted where the trace goes: refused, and nothing is answered.
    let link = dir.path().join("trace.jsonl");
    std::os::unix::fs::symlink(dir.path().join("elsewhere"), &link).unwrap();
    let output = querycell_with_stdin(
        &["query", "--index", index_arg, "--trace", link.to_str().unwrap(), "--format", "json", "--plan", "-"],
        plan,
    );
    assert_eq!(output.status.code(), Some(1), "{}", String::from_utf8_lossy(&output.stderr));
    assert!(String::from_utf8_lossy(&output.stdout).contains("trace_unwritable"));
    assert!(!dir.path().join("elsewhere").exists(), "the link was followed");

    let config = write_file(dir.path(), "querycell.toml", "max_rows = 10\nduckdb_token = \"hunter2\"\n");
    let output = querycell_with_stdin(
        &["query", "--index", index_arg, "--config", config.to_str().unwrap(), "--format", "json", "--plan", "-"],
        plan,
    );
    assert_eq!(output.status.code(), Some(2));
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(stdout.contains("config_credential") && stdout.contains("line 2"), "{stdout}");
    assert!(!stdout.contains("hunter2"), "the value is never repeated: {stdout}");
}
