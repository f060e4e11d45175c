//! `querycell mcp` against a real MCP client: PyPI's `mcp`, the official Python SDK
//! (`tests/mcp/client.py`; `just test` installs it). The client starts the server over
//! stdio, or connects to one serving the streamable HTTP transport, lists the tools and
//! calls each, with an answer and with a refusal, and verifies a receipt it got: as it is
//! (same), edited (tampered), without its request (cannot verify).

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Command, Stdio};

use querycell_tests::{incidents_index, querycell_bin, workspace};

use super::http_server::{HttpServer, RawResponse};
use serde_json::{json, Value};

/// What the Python client saw, as its JSON report.
fn session(index: &Path, allow_sql: bool) -> Value {
    let mut command = Command::new("python3");
    command.arg(workspace().join("tests/mcp/client.py")).arg(querycell_bin()).arg(index).arg(if allow_sql {
        "1"
    } else {
        "0"
    });
    client_report(command)
}

/// What the Python client saw over HTTP, connected to `server`.
fn http_session(server: &HttpServer, allow_sql: bool) -> Value {
    let mut command = Command::new("python3");
    command.arg(workspace().join("tests/mcp/client.py")).arg("--http").arg(&server.url).arg(if allow_sql {
        "1"
    } else {
        "0"
    });
    client_report(command)
}

fn client_report(mut command: Command) -> Value {
    let output = command.output().expect("python3 runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success(),
        "{command:?} failed ({}).\nstdout:\n{}\nstderr:\n{stderr}\n(`pip install mcp==2.3.0` if the module is missing; `just test` does)",
        output.status,
        String::from_utf8_lossy(&output.stdout)
    );
    serde_json::from_slice(&output.stdout)
        .unwrap_or_else(|e| panic!("the client's report is not JSON ({e}); stderr:\n{stderr}"))
}

#[test]
fn an_mcp_client_lists_describes_and_queries() {
    let dir = tempfile::tempdir().unwrap();
    let index = incidents_index(dir.path());
    let seen = session(&index, false);
    assert_eq!(seen["server"], "querycell");
    assert!(seen["instructions"].as_str().unwrap().contains("group_by"), "{}", seen["instructions"]);

    let tools: Vec<&str> = seen["tools"].as_object().unwrap().keys().map(String::as_str).collect();
    assert_eq!(
        tools,
        ["check_summary", "describe_table", "list_tables", "query", "verify_receipt"],
        "no sql tool unless SQL mode is on"
    );
    assert_eq!(
        seen["tools"]["query"],
        querycell::catalog::plan_schema::plan_json_schema(),
        "the query tool's input is the plan language"
    );

    let tables = &seen["list_tables"];
    assert_eq!(tables["is_error"], false);
    assert_eq!(
        tables["structured"]["tables"],
        json!([{"name": "incidents", "row_count": 4, "columns": 4, "description": null}])
    );

    let described = &seen["describe_table"];
    assert_eq!(described["structured"]["name"], "incidents");
    assert!(described["text"][0].as_str().unwrap().contains("`ack_minutes`"), "{described}");

    let missing = &seen["describe_missing"];
    assert_eq!(missing["is_error"], true);
    assert_eq!(missing["structured"]["error"]["code"], "unknown_table");

    assert_eq!(
        seen["query_p1"]["structured"]["rows"],
        json!([["Platform", 15.0], ["Payments", 12.0]]),
        "{}",
        seen["query_p1"]
    );
    let answer = &seen["query"];
    assert_eq!(answer["is_error"], false, "{answer}");
    assert_eq!(answer["structured"]["rows"], json!([["Payments", 2], ["Platform", 2]]));
    assert!(answer["structured"]["sql"].as_str().unwrap().starts_with("SELECT"));
    assert!(answer["text"][0].as_str().unwrap().contains("Payments"));

    // check_summary, on the receipt the client was given: the swapped teams are found.
    let swapped = &seen["check_swapped"];
    assert_eq!(swapped["is_error"], false, "a check that flags something still succeeded: {swapped}");
    assert_eq!(swapped["structured"]["flagged"], 2, "{swapped}");
    let kinds: Vec<&str> =
        swapped["structured"]["findings"].as_array().unwrap().iter().map(|f| f["kind"].as_str().unwrap()).collect();
    assert_eq!(kinds, ["swap", "swap"]);
    assert_eq!(swapped["structured"]["findings"][0]["cell"]["group"], "Payments");
    assert!(swapped["text"][0].as_str().unwrap().contains("FLAG swap"), "{swapped}");
    assert_eq!(seen["check_correct"]["structured"]["flagged"], 0, "{}", seen["check_correct"]);
    assert_eq!(seen["check_refused"]["is_error"], true);
    assert_eq!(seen["check_refused"]["structured"]["error"]["code"], "missing_argument");
    assert_eq!(seen["check_refused"]["structured"]["error"]["path"], "receipt");
    assert_verified(&seen);

    let refused = &seen["query_refused"];
    assert_eq!(refused["is_error"], true, "a refusal is a tool error");
    assert_eq!(refused["structured"]["error"]["code"], "unknown_column");
    assert_eq!(refused["structured"]["error"]["path"], "group_by[0]");
    assert_eq!(refused["structured"]["error"]["hint"], "did you mean 'team'?");
}

/// What `verify_receipt` said of the receipt the client got from `query` (client.py's
/// `verify_receipts`): the verdict of each, as structured content, never a tool error.
fn assert_verified(seen: &Value) {
    let receipt = &seen["query_p1"]["structured"];
    for (call, outcome, reasons) in [
        ("verify_same", "same", json!([])),
        ("verify_text", "same", json!([])),
        ("verify_edited", "tampered", json!(["digest_mismatch"])),
        ("verify_no_request", "cannot_verify", json!(["no_digest", "no_request"])),
    ] {
        let result = &seen[call];
        assert_eq!(result["is_error"], false, "a verdict is an answer: {call}: {result}");
        assert_eq!(result["structured"]["outcome"], outcome, "{call}: {result}");
        let codes: Vec<&Value> =
            result["structured"]["reasons"].as_array().unwrap().iter().map(|r| &r["code"]).collect();
        assert_eq!(json!(codes), reasons, "{call}: {result}");
        assert!(
            result["text"][0].as_str().unwrap().starts_with(&format!("outcome: {}", outcome.replace('_', " "))),
            "{call}: {result}"
        );
    }
    assert_eq!(seen["verify_same"]["structured"]["rerun"]["rows"], receipt["rows"]);
    assert_eq!(seen["verify_same"]["structured"]["receipt_digest"], receipt["digest"]);
    let not_a_receipt = &seen["verify_not_a_receipt"];
    assert_eq!(not_a_receipt["is_error"], true, "{not_a_receipt}");
    assert_eq!(not_a_receipt["structured"]["error"]["code"], "receipt_invalid");
}

#[test]
fn the_sql_tool_is_offered_only_where_sql_mode_is_enabled() {
    let dir = tempfile::tempdir().unwrap();
    let index = incidents_index(dir.path());
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
    let index = incidents_index(dir.path());
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

#[test]
fn an_mcp_client_over_http_answers_the_incidents_example() {
    let dir = tempfile::tempdir().unwrap();
    let index = incidents_index(dir.path());
    let server = HttpServer::start(&index, None);
    assert!(server.url.starts_with("http://127.0.0.1:") && server.url.ends_with("/mcp"), "{}", server.url);
    let seen = http_session(&server, false);
    assert_eq!(seen["server"], "querycell");
    let tools: Vec<&str> = seen["tools"].as_object().unwrap().keys().map(String::as_str).collect();
    assert_eq!(
        tools,
        ["check_summary", "describe_table", "list_tables", "query", "verify_receipt"],
        "no sql tool unless SQL mode is on"
    );
    assert_eq!(seen["list_tables"]["is_error"], false);
    assert!(seen["list_tables"]["structured"]["tables"].as_array().unwrap().iter().any(|t| t["name"] == "incidents"));
    assert!(
        seen["describe_table"]["text"][0].as_str().unwrap().contains("`ack_minutes`"),
        "{}",
        seen["describe_table"]
    );
    let p1 = &seen["query_p1"];
    assert_eq!(p1["is_error"], false, "{p1}");
    assert_eq!(p1["structured"]["rows"], json!([["Platform", 15.0], ["Payments", 12.0]]), "{p1}");
    assert_verified(&seen);
    let refused = &seen["query_refused"];
    assert_eq!(refused["is_error"], true, "a refusal is a tool error");
    assert_eq!(refused["structured"]["error"]["code"], "unknown_column");
    assert_eq!(refused["structured"]["error"]["hint"], "did you mean 'team'?");

    let with_sql = HttpServer::start(&index, Some("allow_sql = true\n"));
    let seen = http_session(&with_sql, true);
    assert!(seen["tools"].get("sql").is_some());
    assert_eq!(seen["sql_refused"]["structured"]["error"]["code"], "table_function_refused");
}

#[test]
fn the_http_transport_serves_loopback_only_and_refuses_web_pages() {
    let dir = tempfile::tempdir().unwrap();
    let index = incidents_index(dir.path());

    let mut command = Command::new(querycell_bin());
    command.args(["mcp", "--index", index.to_str().unwrap(), "--http", "0.0.0.0:0"]);
    let output = command.output().expect("querycell mcp");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{command:?}: {stderr}");
    assert!(stderr.contains("http_not_loopback"), "{stderr}");

    let server = HttpServer::start(&index, None);
    let initialize = json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "raw", "version": "0"}}}).to_string();
    let post = |host: &str, extra: &str, body: &str| {
        format!(
            "POST /mcp HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\n{extra}Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        )
    };
    let RawResponse { status, text: response, .. } = server.raw(&post(&server.addr, "", &initialize));
    assert_eq!(status, 200, "a plain client on loopback is served: {response}");
    let RawResponse { status, text: response, .. } =
        server.raw(&post(&server.addr, "Origin: http://evil.example\r\n", &initialize));
    assert_eq!(status, 403, "a request from a web page (it carries an Origin) is refused: {response}");
    let RawResponse { status, text: response, .. } = server.raw(&post("evil.example", "", &initialize));
    assert!((400..500).contains(&status), "a foreign Host (DNS rebinding) is refused: {response}");
    let huge = format!(
        "{{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"ping\", \"params\": {{\"pad\": \"{}\"}}}}",
        "x".repeat(2 << 20)
    );
    let RawResponse { status, text: response, .. } = server.raw(&post(&server.addr, "", &huge));
    assert_eq!(status, 413, "a body over the request limit is refused: {}", &response[..response.len().min(300)]);
    let RawResponse { status, .. } =
        server.raw(&format!("GET /other HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n", server.addr));
    assert_eq!(status, 404);
}
