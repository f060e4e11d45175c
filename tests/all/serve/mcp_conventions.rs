//! The MCP conventions of `querycell mcp --http`, seen by the official Python SDK
//! (`tests/mcp/conventions.py`) and by raw HTTP where a client hides the detail: tool
//! annotations, `logging/setLevel` and log notifications, the tables as resources paged
//! through every page of a catalog larger than one, completions, nothing a policy hides in
//! either, the session's `DELETE`, allowed and refused origins, and stateless mode across
//! connections.

use std::path::{Path, PathBuf};
use std::process::Command;

use querycell::serve::resources::PAGE_SIZE;
use querycell_tests::{incidents_index, querycell_bin, workspace, write_file, INCIDENTS_CSV};
use serde_json::{json, Value};

use super::http_server::{initialize, HttpServer};

/// An index of `incidents` and enough small tables (each with columns of its own names, so
/// ingest finds nothing to relate) that the resources take two pages.
fn many_tables_index(dir: &Path) -> (PathBuf, usize) {
    let tables = PAGE_SIZE + 30;
    write_file(dir, "data/incidents.csv", INCIDENTS_CSV);
    for i in 1..tables {
        write_file(dir, &format!("data/t{i:03}.csv"), &format!("k{i},v{i}\n{i},{}\n", i * 2));
    }
    let index = dir.join("index");
    querycell::ingest::ingest(&index, &[dir.join("data")]).expect("ingest");
    (index, tables)
}

fn python_report(script: &str, args: &[&str]) -> Value {
    let mut command = Command::new("python3");
    command.arg(workspace().join(script)).args(args);
    let output = command.output().expect("python3 runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success(),
        "{command:?} failed ({}).\nstdout:\n{}\nstderr:\n{stderr}\n(`just test-deps` installs the mcp package)",
        output.status,
        String::from_utf8_lossy(&output.stdout)
    );
    serde_json::from_slice(&output.stdout)
        .unwrap_or_else(|e| panic!("the client's report is not JSON ({e}); stderr:\n{stderr}"))
}

#[test]
fn the_python_sdk_sees_annotations_logging_paged_resources_and_completions() {
    let dir = tempfile::tempdir().unwrap();
    let (index, tables) = many_tables_index(dir.path());
    let server = HttpServer::start(&index, None);
    let seen = python_report("tests/mcp/conventions.py", &[&server.url, "incidents", "ack_minutes"]);

    assert_eq!(seen["capabilities"], json!({"logging": true, "completions": true, "resources": true}));
    for (tool, annotations) in seen["annotations"].as_object().unwrap() {
        assert_eq!(annotations["read_only_hint"], true, "{tool}: {annotations}");
        assert_eq!(annotations["destructive_hint"], false, "{tool}: {annotations}");
        assert_eq!(annotations["open_world_hint"], false, "{tool}: {annotations}");
    }

    // Nothing until a level is set; then at or above it only.
    assert_eq!(seen["log_before_set_level"], json!([]));
    assert_eq!(seen["log_warning_answered"], json!([]), "an answer is info: below warning");
    let refused = seen["log_warning_refused"].as_array().unwrap();
    assert_eq!(refused.len(), 1, "{refused:?}");
    assert_eq!((&refused[0]["level"], &refused[0]["logger"]), (&json!("warning"), &json!("querycell")));
    assert_eq!(refused[0]["data"]["code"], "unknown_column");
    let levels: Vec<&Value> = seen["log_debug_answered"].as_array().unwrap().iter().map(|n| &n["level"]).collect();
    assert_eq!(levels, [&json!("debug"), &json!("info")], "{}", seen["log_debug_answered"]);
    let unknown = seen["log_debug_unknown_tool"].as_array().unwrap();
    let levels: Vec<&Value> = unknown.iter().map(|n| &n["level"]).collect();
    assert_eq!(levels, [&json!("debug"), &json!("error")], "a call the protocol refuses is an error: {unknown:?}");

    // Every table once, a bounded page at a time.
    let pages = &seen["pages"];
    assert_eq!(pages["sizes"], json!([PAGE_SIZE, tables - PAGE_SIZE]), "{pages}");
    let mut names: Vec<&str> = pages["names"].as_array().unwrap().iter().map(|n| n.as_str().unwrap()).collect();
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), tables, "each table once");
    assert!(names.contains(&"incidents") && names.contains(&"t129"));
    assert_eq!(pages["first"]["mime"], "text/markdown");
    assert_eq!(seen["bad_cursor"]["code"], -32602, "{}", seen["bad_cursor"]);

    let table = &seen["read_table"][0];
    assert_eq!((&table["uri"], &table["mime"]), (&json!("querycell://tables/incidents"), &json!("text/markdown")));
    assert!(table["text"].as_str().unwrap().contains("`ack_minutes`"), "as describe_table: {table}");
    let column: Value = serde_json::from_str(seen["read_column"][0]["text"].as_str().unwrap()).unwrap();
    assert_eq!(column["name"], "ack_minutes");
    assert_eq!(seen["read_missing"]["code"], -32002, "{}", seen["read_missing"]);
    assert_eq!(seen["templates"], json!(["querycell://tables/{table}", "querycell://tables/{table}/columns/{column}"]));

    assert_eq!(seen["complete_table"], json!({"values": ["incidents"], "total": 1, "has_more": false}));
    let all = &seen["complete_all_tables"];
    assert_eq!(
        (all["values"].as_array().unwrap().len(), &all["total"], &all["has_more"]),
        (100, &json!(tables), &json!(true))
    );
    assert_eq!(seen["complete_column"], json!({"values": ["ack_minutes"], "total": 1, "has_more": false}));

    let warnings = seen["client_warnings"].as_array().unwrap();
    assert!(
        !warnings.iter().any(|w| w.as_str().unwrap().contains("termination")),
        "the session ended cleanly: {warnings:?}"
    );
}

#[test]
fn a_sessions_delete_is_answered_no_content_and_ends_it() {
    let dir = tempfile::tempdir().unwrap();
    let index = incidents_index(dir.path());
    let server = HttpServer::start(&index, None);
    let started = server.post("", &initialize());
    assert_eq!(started.status, 200, "{}", started.text);
    let session =
        started.header("mcp-session-id").unwrap_or_else(|| panic!("a session id: {}", started.text)).to_string();
    let delete = format!(
        "DELETE /mcp HTTP/1.1\r\nHost: {}\r\nMcp-Session-Id: {session}\r\nMCP-Protocol-Version: 2025-11-25\r\nConnection: close\r\n\r\n",
        server.addr
    );
    let ended = server.raw(&delete);
    assert_eq!(ended.status, 204, "{}", ended.text);
    let ping = json!({"jsonrpc": "2.0", "id": 2, "method": "ping"}).to_string();
    let after = server.post(&format!("Mcp-Session-Id: {session}\r\nMCP-Protocol-Version: 2025-11-25\r\n"), &ping);
    assert_eq!(after.status, 404, "the session is gone: {}", after.text);
}

#[test]
fn origins_are_allowed_by_the_configuration_and_loopback_by_default() {
    let dir = tempfile::tempdir().unwrap();
    let index = incidents_index(dir.path());
    let server = HttpServer::start(&index, None);
    let port = server.addr.rsplit(':').next().unwrap().to_string();
    let other_port = if port == "9" { "10" } else { "9" };
    for (origin, status) in [
        (None, 200),
        (Some(format!("http://127.0.0.1:{port}")), 200),
        (Some(format!("http://localhost:{port}")), 200),
        (Some(format!("http://127.0.0.1:{other_port}")), 403),
        (Some("http://evil.example".to_string()), 403),
        (Some("null".to_string()), 403),
    ] {
        let header = origin.as_ref().map_or(String::new(), |o| format!("Origin: {o}\r\n"));
        let response = server.post(&header, &initialize());
        assert_eq!(response.status, status, "default origins, {origin:?}: {}", response.text);
    }
    let rebinding = server.raw(&format!("POST /mcp HTTP/1.1\r\nHost: evil.example\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nOrigin: http://127.0.0.1:{port}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{}", initialize().len(), initialize()));
    assert!(
        (400..500).contains(&rebinding.status),
        "a foreign Host is refused whatever the Origin: {}",
        rebinding.text
    );

    let configured = HttpServer::start(&index, Some("[http]\nallowed_origins = [\"https://agent.example.com\"]\n"));
    let port = configured.addr.rsplit(':').next().unwrap().to_string();
    for (origin, status) in [
        ("https://agent.example.com".to_string(), 200),
        ("https://agent.example.com:443".to_string(), 200),
        ("http://agent.example.com".to_string(), 403),
        (format!("http://127.0.0.1:{port}"), 403),
    ] {
        let response = configured.post(&format!("Origin: {origin}\r\n"), &initialize());
        assert_eq!(response.status, status, "configured origins, {origin}: {}", response.text);
    }

    let config = dir.path().join("bad.toml");
    std::fs::write(&config, "[http]\nallowed_origins = [\"*\"]\n").unwrap();
    let output = Command::new(querycell_bin())
        .args([
            "mcp",
            "--index",
            index.to_str().unwrap(),
            "--http",
            "127.0.0.1:0",
            "--config",
            config.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("config_invalid") && stderr.contains("allowed_origins"), "{stderr}");
}

#[test]
fn a_stateless_server_answers_each_request_alone_without_a_session() {
    let dir = tempfile::tempdir().unwrap();
    let index = incidents_index(dir.path());
    let server = HttpServer::start(&index, Some("[http]\nstateless = true\n"));
    let started = server.post("", &initialize());
    assert_eq!(started.status, 200, "{}", started.text);
    assert_eq!(started.header("mcp-session-id"), None, "no session: {}", started.text);
    // A second connection, no session id, no initialize on it: answered all the same.
    let call = json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "query", "arguments": {"table": "incidents", "aggregations": [{"function": "count", "alias": "n"}]}}}).to_string();
    let answered = server.post("MCP-Protocol-Version: 2025-11-25\r\n", &call);
    assert_eq!(answered.status, 200, "{}", answered.text);
    assert_eq!(answered.header("mcp-session-id"), None, "{}", answered.text);
    assert!(answered.header("content-type").unwrap_or("").starts_with("application/json"), "{}", answered.text);
    let reply: Value = serde_json::from_str(&answered.body).unwrap_or_else(|e| panic!("{e}: {}", answered.text));
    assert_eq!(reply["result"]["structuredContent"]["rows"], json!([[4]]), "{reply}");
    let delete = server.raw(&format!("DELETE /mcp HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n", server.addr));
    assert_eq!(delete.status, 405, "no session to end: {}", delete.text);

    // The official client works against it as against a server with sessions.
    let seen = python_report("tests/mcp/client.py", &["--http", &server.url, "0"]);
    assert_eq!(seen["query"]["structured"]["rows"], json!([["Payments", 2], ["Platform", 2]]), "{}", seen["query"]);
}

/// A JSON-RPC request's reply from a stateless server (one request, one JSON answer).
fn rpc(server: &HttpServer, method: &str, params: Value) -> Value {
    let body = json!({"jsonrpc": "2.0", "id": 7, "method": method, "params": params}).to_string();
    let response = server.post("MCP-Protocol-Version: 2025-11-25\r\n", &body);
    assert_eq!(response.status, 200, "{method}: {}", response.text);
    serde_json::from_str(&response.body).unwrap_or_else(|e| panic!("{method}: {e}: {}", response.text))
}

#[test]
fn resources_and_completions_show_only_what_the_policy_lets_the_caller_see() {
    let dir = tempfile::tempdir().unwrap();
    write_file(dir.path(), "data/incidents.csv", INCIDENTS_CSV);
    write_file(dir.path(), "data/salaries.csv", "person,salary\nAda,100\n");
    let index = dir.path().join("index");
    querycell::ingest::ingest(&index, &[dir.path().join("data")]).expect("ingest");
    let policy = write_file(
        dir.path(),
        "policy.toml",
        "[tables.incidents]\nhidden_columns = [\"severity\"]\n\n[tables.salaries]\nvisible = false\n",
    );
    let config = format!("policy = {:?}\n\n[http]\nstateless = true\n", policy.to_str().unwrap());
    let server = HttpServer::start(&index, Some(&config));

    let listed = rpc(&server, "resources/list", json!({}));
    let names: Vec<&Value> = listed["result"]["resources"].as_array().unwrap().iter().map(|r| &r["name"]).collect();
    assert_eq!(names, [&json!("incidents")], "{listed}");
    let hidden_table = rpc(&server, "resources/read", json!({"uri": "querycell://tables/salaries"}));
    assert_eq!(hidden_table["error"]["code"], -32002, "{hidden_table}");
    let hidden_column = rpc(&server, "resources/read", json!({"uri": "querycell://tables/incidents/columns/severity"}));
    assert_eq!(hidden_column["error"]["code"], -32002, "{hidden_column}");
    let table = rpc(&server, "resources/read", json!({"uri": "querycell://tables/incidents"}));
    let text = table["result"]["contents"][0]["text"].as_str().unwrap_or_else(|| panic!("{table}"));
    assert!(text.contains("`team`") && !text.contains("severity"), "{text}");

    let column_ref = json!({"type": "ref/resource", "uri": "querycell://tables/{table}/columns/{column}"});
    let columns = rpc(
        &server,
        "completion/complete",
        json!({"ref": column_ref, "argument": {"name": "column", "value": ""}, "context": {"arguments": {"table": "incidents"}}}),
    );
    assert_eq!(columns["result"]["completion"]["values"], json!(["incident_id", "team", "ack_minutes"]), "{columns}");
    let tables =
        rpc(&server, "completion/complete", json!({"ref": column_ref, "argument": {"name": "table", "value": "s"}}));
    assert_eq!(tables["result"]["completion"]["values"], json!([]), "{tables}");
}
