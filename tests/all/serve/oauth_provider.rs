//! `querycell mcp --http` with `[identity]` against a real authorization server: npm's
//! `oidc-provider` (pinned in tests/oidc/package-lock.json, installed by `just test-deps`),
//! started on loopback by `tests/oidc/server.mjs`. A client-credentials token for querycell's
//! resource (RFC 8707 resource indicator) lists the tools and answers a query from its
//! tenant's rows; a token the same server issued for another resource is refused. querycell
//! finds the keys itself, from the issuer's OpenID metadata. And the official Python MCP
//! SDK's OAuth client (`tests/mcp/oauth_client.py`) goes the whole way a remote agent would:
//! 401, protected resource metadata, authorization code with PKCE, then tools and a query.

use std::process::Command;

use querycell_tests::oauth::{free_port, http};
use querycell_tests::workspace;
use serde_json::Value;

use super::oauth::{plan, spawn_until_listening, team_totals, KillOnDrop, Server};

/// A client-credentials access token from the provider at `issuer_addr` for `resource`.
fn client_credentials_token(issuer_addr: &str, resource: &str) -> String {
    let encode = |text: &str| text.replace('%', "%25").replace(':', "%3A").replace('/', "%2F").replace(' ', "%20");
    let form = format!(
        "grant_type=client_credentials&client_id=agent-app&client_secret=test-only-client-secret&resource={}&scope={}",
        encode(resource),
        encode("querycell:read querycell:sql")
    );
    let headers = [("Content-Type", "application/x-www-form-urlencoded".to_string())];
    let response = http(issuer_addr, "POST", "/token", &headers, &form);
    assert_eq!(response.status, 200, "the token request: {response:?}");
    let body: Value = serde_json::from_str(&response.body).unwrap();
    body["access_token"].as_str().unwrap_or_else(|| panic!("no access token: {body}")).to_string()
}

#[test]
fn a_real_authorization_servers_token_is_taken_for_this_resource_only() {
    let installed = workspace().join("tests/oidc/node_modules/oidc-provider");
    assert!(installed.is_dir(), "oidc-provider is not installed at {}: run `just test-deps`", installed.display());
    let port = free_port();
    let issuer_addr = format!("127.0.0.1:{port}");
    let mut command = Command::new("node");
    command.arg(workspace().join("tests/oidc/server.mjs")).arg(port.to_string()).arg("acme");
    let _provider = KillOnDrop(spawn_until_listening(&mut command));

    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(dir.path(), &format!("http://{issuer_addr}"));
    let token = client_credentials_token(&issuer_addr, &server.resource);
    let session = server.session(&token);
    let tools = server.tools(&token, &session);
    assert_eq!(tools, ["check_summary", "describe_table", "list_tables", "query", "sql", "verify_receipt"]);
    let answer = server.call(&token, &session, "query", plan());
    assert_eq!(
        team_totals(&answer),
        [("Platform".to_string(), 10.0), ("Search".to_string(), 20.0)],
        "acme's rows only"
    );
    let traced: Vec<Value> = server.trace_lines().into_iter().filter(|line| line["kind"] == "plan").collect();
    assert_eq!(traced.len(), 1, "{traced:?}");
    assert_eq!(traced[0]["client"], "agent-app", "{}", traced[0]);

    let elsewhere = client_credentials_token(&issuer_addr, &format!("http://127.0.0.1:{}/mcp", free_port()));
    let refused = server.call(&elsewhere, &session, "query", plan());
    assert_eq!(refused.status, 401, "a token for another resource of the same issuer: {refused:?}");
    assert!(refused.header("www-authenticate").is_some_and(|h| h.contains("error=\"invalid_token\"")), "{refused:?}");
}

#[test]
fn the_python_sdks_oauth_client_gets_a_token_with_pkce_and_queries() {
    let installed = workspace().join("tests/oidc/node_modules/oidc-provider");
    assert!(installed.is_dir(), "oidc-provider is not installed at {}: run `just test-deps`", installed.display());
    let port = free_port();
    let mut command = Command::new("node");
    command.arg(workspace().join("tests/oidc/server.mjs")).arg(port.to_string()).arg("globex");
    let _provider = KillOnDrop(spawn_until_listening(&mut command));
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(dir.path(), &format!("http://127.0.0.1:{port}"));

    let mut client = Command::new("python3");
    client.arg(workspace().join("tests/mcp/oauth_client.py")).arg(&server.resource).arg("user-pkce");
    let output = client.output().expect("python3 runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success(),
        "{client:?} failed ({}).\nstdout:\n{}\nstderr:\n{stderr}",
        output.status,
        String::from_utf8_lossy(&output.stdout)
    );
    let seen: Value = serde_json::from_slice(&output.stdout).unwrap_or_else(|e| panic!("not JSON ({e}): {stderr}"));
    assert_eq!(
        seen["tools"],
        serde_json::json!(["check_summary", "describe_table", "list_tables", "query", "sql", "verify_receipt"])
    );
    assert_eq!(seen["query"]["is_error"], false, "{seen}");
    let mut rows: Vec<(String, f64)> = seen["query"]["structured"]["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| (row[0].as_str().unwrap().to_string(), row[1].as_f64().unwrap()))
        .collect();
    rows.sort_by(|a, b| a.0.cmp(&b.0));
    assert_eq!(rows, [("Ops".to_string(), 400.0), ("Platform".to_string(), 300.0)], "globex's rows only");
    let traced: Vec<Value> = server.trace_lines().into_iter().filter(|line| line["kind"] == "plan").collect();
    assert_eq!((traced.len(), traced[0]["subject"].as_str()), (1, Some("user-pkce")), "{traced:?}");
}
