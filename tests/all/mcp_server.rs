//! `querycell mcp` against a real MCP client: PyPI's `mcp`, the official Python SDK
//! (`tests/mcp/client.py`; `just test` installs it). The client starts the server over
//! stdio, lists the tools and calls each, with an answer and with a refusal.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Command, Stdio};

use querycell::ingest;
use querycell_tests::{querycell_bin, workspace, write_file, INCIDENTS_CSV};
use serde_json::{json, Value};

fn index(dir: &Path) -> std::path::PathBuf {
    let csv = write_file(dir, "data/incidents.csv", INCIDENTS_CSV);
    let index = dir.join("index");
    ingest::ingest(&index, &[csv]).expect("ingest");
    index
}

/// What the Python client saw, as its JSON report.
fn session(index: &Path, allow_sql: bool) -> Value {
    let script = workspace().join("tests/mcp/client.py");
    let mut command = Command::new("python3");
    command.arg(&script).arg(querycell_bin()).arg(index).arg(if allow_sql { "1" } else { "0" });
    let output = command.output().expect("python3 runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success(),
        "{command:?} failed ({}).\nstdout:\n{}\nstderr:\n{stderr}\n(`pip install mcp==2.3.0` if the module is missing; `just test` does)",
        output.status,
        String::from_utf8_lossy(&output.stdout)
    );
    serde_json::from_slice(&output.stdout).unwrap_or_else(|e| panic!("the client's report is not JSON ({e}); stderr:\n{stderr}"))
}

#[test]
fn an_mcp_client_lists_describes_and_queries() {
    let dir = tempfile::tempdir().unwrap();
    let index = index(dir.path());
    let seen = session(&index, false);
    assert_eq!(seen["server"], "querycell");
    assert!(seen["instructions"].as_str().unwrap().contains("group_by"), "{}", seen["instructions"]);

    let tools: Vec<&str> = seen["tools"].as_object().unwrap().keys().map(String::as_str).collect();
    assert_eq!(tools, ["describe_table", "list_tables", "query"], "no sql tool unless SQL mode is on");
    assert_eq!(seen["tools"]["query"], querycell::schema::plan_json_schema(), "the query tool's input is the plan language");

    let tables = &seen["list_tables"];
    assert_eq!(tables["is_error"], false);
    assert_eq!(tables["structured"]["tables"], json!([{"name": "incidents", "row_count": 4, "columns": 4, "description": null}]));

    let described = &seen["describe_table"];
    assert_eq!(described["structured"]["name"], "incidents");
    assert!(described["text"][0].as_str().unwrap().contains("`ack_minutes`"), "{described}");

    let missing = &seen["describe_missing"];
    assert_eq!(missing["is_error"], true);
    assert_eq!(missing["structured"]["error"]["code"], "unknown_table");

    let answer = &seen["query"];
    assert_eq!(answer["is_error"], false, "{answer}");
    assert_eq!(answer["structured"]["rows"], json!([["Payments", 2], ["Platform", 2]]));
    assert!(answer["structured"]["sql"].as_str().unwrap().starts_with("SELECT"));
    assert!(answer["text"][0].as_str().unwrap().contains("Payments"));

    let refused = &seen["query_refused"];
    assert_eq!(refused["is_error"], true, "a refusal is a tool error");
    assert_eq!(refused["structured"]["error"]["code"], "unknown_column");
    assert_eq!(refused["structured"]["error"]["path"], "group_by[0]");
    assert_eq!(refused["structured"]["error"]["hint"], "did you mean 'team'?");
}

#[test]
fn the_sql_tool_is_offered_only_where_sql_mode_is_enabled() {
    let dir = tempfile::tempdir().unwrap();
    let index = index(dir.path());
    let seen = session(&index, true);
    assert!(seen["tools"].get("sql").is_some());
    assert_eq!(seen["sql"]["structured"]["rows"], json!([["Payments", 2], ["Platform", 2]]));
    assert_eq!(seen["sql_refused"]["is_error"], true);
    assert_eq!(seen["sql_refused"]["structured"]["error"]["code"], "table_function_refused");
}

/// stdout carries protocol messages only: a raw session's every line is one JSON-RPC message.
#[test]
fn stdout_carries_protocol_messages_only() {
    let dir = tempfile::tempdir().unwrap();
    let index = index(dir.path());
    let mut server = Command::new(querycell_bin())
        .args(["mcp", "--index", index.to_str().unwrap()])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("querycell mcp");
    let messages = [
        json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "raw", "version": "0"}}}),
        json!({"jsonrpc": "2.0", "method": "notifications/initialized"}),
        json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "query", "arguments": {"table": "incidents", "aggregations": [{"function": "count"}]}}}),
        json!({"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {"name": "no_such_tool", "arguments": {}}}),
    ];
    let mut stdin = server.stdin.take().unwrap();
    for message in &messages {
        writeln!(stdin, "{message}").unwrap();
    }
    // Read until both calls are answered, then end the session; a server that never
    // answers is killed, and the assertions below say what was missing.
    let pid = server.id();
    std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_secs(60));
        let _ = Command::new("kill").args(["-KILL", &pid.to_string()]).status();
    });
    let mut replies: Vec<Value> = Vec::new();
    let mut stdout_text = String::new();
    for line in BufReader::new(server.stdout.take().unwrap()).lines() {
        let line = line.unwrap();
        stdout_text.push_str(&line);
        stdout_text.push('\n');
        replies.push(serde_json::from_str(&line).unwrap_or_else(|e| panic!("not a protocol message ({e}): {line}")));
        if [2, 3].iter().all(|id| replies.iter().any(|r| r["id"] == *id)) {
            break;
        }
    }
    drop(stdin);
    let output = server.wait_with_output().unwrap();
    let stdout = stdout_text;
    assert!(replies.iter().all(|r| r["jsonrpc"] == "2.0"), "{stdout}");
    let by_id = |id: u64| replies.iter().find(|r| r["id"] == id).unwrap_or_else(|| panic!("no reply {id}: {stdout}"));
    assert_eq!(by_id(2)["result"]["structuredContent"]["rows"], json!([[4]]));
    assert!(by_id(3)["error"]["code"].is_i64(), "an unknown tool is a protocol error: {}", by_id(3));
    assert!(String::from_utf8_lossy(&output.stderr).contains("serving"), "logs go to stderr");
}
