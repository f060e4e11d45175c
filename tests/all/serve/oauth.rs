//! `querycell mcp --http` with `[identity]`: an OAuth resource server in front of the
//! tools, against a test authorization server on loopback (`querycell_tests::oauth`). Every
//! refusal is checked for its HTTP status, its `WWW-Authenticate` challenge, its audit line,
//! and for nothing having run; two tenants' tokens interleaved each see their own rows only.

use std::path::Path;
use std::process::{Child, Command};
use std::time::Duration;

use querycell_tests::oauth::{b64url, free_port, http, now, write, Response, TestIssuer};
use querycell_tests::{ingest_table, querycell_bin};
use serde_json::{json, Value};

const ORDERS: &str = "tenant_id,team,amount\nacme,Platform,10\nacme,Search,20\nglobex,Platform,300\nglobex,Ops,400\n";
const READ: &str = "querycell:read";
const READ_AND_SQL: &str = "querycell:read querycell:sql";

/// `querycell mcp --http` on the orders index, with a policy filtering rows by the `tenant`
/// context and `[identity]` naming `issuer`; killed when dropped.
pub(super) struct Server {
    child: Child,
    pub(super) addr: String,
    pub(super) resource: String,
    pub(super) trace: std::path::PathBuf,
}

impl Server {
    pub(super) fn start(dir: &Path, issuer: &str) -> Server {
        Self::start_with(dir, issuer, "")
    }

    /// [`Server::start`] with `identity` added to the `[identity]` table.
    pub(super) fn start_with(dir: &Path, issuer: &str, identity: &str) -> Server {
        let index = ingest_table(dir, "orders", ORDERS);
        let policy = write(
            dir,
            "policy.toml",
            "[tables.orders]\nrow_filters = [{ column = \"tenant_id\", equals_context = \"tenant\" }]\n",
        );
        let port = free_port();
        let resource = format!("http://127.0.0.1:{port}/mcp");
        let trace = dir.join("trace.jsonl");
        let config = write(
            dir,
            "querycell.toml",
            &format!(
                "allow_sql = true\ntrace = {trace:?}\npolicy = {policy:?}\n\n[identity]\nresource = {resource:?}\nissuer = {issuer:?}\nleeway_s = 30\njwks_max_age_s = 2\njwks_refetch_min_s = 1\n{identity}\n[identity.claims]\ntenant = \"org_id\"\n"
            ),
        );
        let mut command = Command::new(querycell_bin());
        command.args([
            "mcp",
            "--index",
            &index,
            "--config",
            config.to_str().unwrap(),
            "--http",
            &format!("127.0.0.1:{port}"),
        ]);
        let child = spawn_until_listening(&mut command);
        Server { child, addr: format!("127.0.0.1:{port}"), resource, trace }
    }

    pub(super) fn post(&self, target: &str, token: Option<&str>, session: Option<&str>, body: &Value) -> Response {
        let mut headers = vec![
            ("Content-Type", "application/json".to_string()),
            ("Accept", "application/json, text/event-stream".to_string()),
        ];
        if let Some(token) = token {
            headers.push(("Authorization", format!("Bearer {token}")));
        }
        if let Some(session) = session {
            headers.push(("Mcp-Session-Id", session.to_string()));
        }
        http(&self.addr, "POST", target, &headers, &body.to_string())
    }

    /// An initialized MCP session for `token`; its id.
    pub(super) fn session(&self, token: &str) -> String {
        let initialize = json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "oauth-test", "version": "0"}}});
        let response = self.post("/mcp", Some(token), None, &initialize);
        assert_eq!(response.status, 200, "initialize: {response:?}");
        let session = response.header("mcp-session-id").expect("a session id").to_string();
        let initialized = json!({"jsonrpc": "2.0", "method": "notifications/initialized"});
        let response = self.post("/mcp", Some(token), Some(&session), &initialized);
        assert!(response.status < 300, "initialized: {response:?}");
        session
    }

    pub(super) fn call(&self, token: &str, session: &str, tool: &str, arguments: Value) -> Response {
        let call = json!({"jsonrpc": "2.0", "id": 7, "method": "tools/call", "params": {"name": tool, "arguments": arguments}});
        self.post("/mcp", Some(token), Some(session), &call)
    }

    pub(super) fn tools(&self, token: &str, session: &str) -> Vec<String> {
        let list = json!({"jsonrpc": "2.0", "id": 3, "method": "tools/list"});
        let response = self.post("/mcp", Some(token), Some(session), &list);
        assert_eq!(response.status, 200, "{response:?}");
        let mut names: Vec<String> = response.message()["result"]["tools"]
            .as_array()
            .unwrap()
            .iter()
            .map(|tool| tool["name"].as_str().unwrap().to_string())
            .collect();
        names.sort();
        names
    }

    pub(super) fn trace_lines(&self) -> Vec<Value> {
        let text = std::fs::read_to_string(&self.trace).unwrap_or_default();
        text.lines().map(|line| serde_json::from_str(line).unwrap()).collect()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Start `command` and wait for it to say where it listens; stderr is drained afterwards.
pub(super) fn spawn_until_listening(command: &mut Command) -> Child {
    querycell_tests::listening::spawn_until_listening(command).0
}

pub(super) fn plan() -> Value {
    json!({"table": "orders", "group_by": ["team"], "aggregations": [{"function": "sum", "column": "amount", "alias": "total"}]})
}

/// `(team, total)` pairs of an answer, sorted.
pub(super) fn team_totals(response: &Response) -> Vec<(String, f64)> {
    let message = response.message();
    let structured = &message["result"]["structuredContent"];
    assert_eq!(message["result"]["isError"], false, "{message}");
    let mut rows: Vec<(String, f64)> = structured["rows"]
        .as_array()
        .unwrap_or_else(|| panic!("no rows: {message}"))
        .iter()
        .map(|row| (row[0].as_str().unwrap().to_string(), row[1].as_f64().unwrap()))
        .collect();
    rows.sort_by(|a, b| a.0.cmp(&b.0));
    rows
}

#[test]
fn the_metadata_is_served_and_a_request_without_a_token_is_sent_to_it() {
    let dir = tempfile::tempdir().unwrap();
    let issuer = TestIssuer::start();
    let server = Server::start(dir.path(), &issuer.url);
    for path in ["/.well-known/oauth-protected-resource", "/.well-known/oauth-protected-resource/mcp"] {
        let response = http(&server.addr, "GET", path, &[], "");
        assert_eq!(response.status, 200, "{path}: {response:?}");
        let document: Value = serde_json::from_str(&response.body).unwrap();
        assert_eq!(document["resource"], server.resource);
        assert_eq!(document["authorization_servers"], json!([issuer.url]));
        assert_eq!(document["scopes_supported"], json!(["querycell:read", "querycell:sql"]));
        assert_eq!(document["bearer_methods_supported"], json!(["header"]));
    }
    let response = server.post("/mcp", None, None, &json!({"jsonrpc": "2.0", "id": 1, "method": "ping"}));
    assert_eq!(response.status, 401, "{response:?}");
    let expected =
        format!("Bearer resource_metadata=\"http://{}/.well-known/oauth-protected-resource/mcp\"", server.addr);
    assert_eq!(response.header("www-authenticate"), Some(expected.as_str()), "no error attribute without a token");
}

/// One refused request: what it is, its token (`None`: no `Authorization` header), the tool
/// it calls, and the status, error code and `WWW-Authenticate` text it must get.
struct Refusal {
    name: &'static str,
    token: Option<String>,
    /// Whether the valid token goes in the URL (`?access_token=`) instead.
    in_url: bool,
    tool: &'static str,
    status: u16,
    code: &'static str,
    challenge: &'static str,
}

/// The refusal table's rows, with tokens made by `issuer` for `resource`; `valid` is a good
/// token with the read scope alone.
fn refusals(issuer: &TestIssuer, resource: &str, valid: &str) -> Vec<Refusal> {
    let good = |extra: Value| issuer.claims(resource, extra);
    let acme = |more: Value| {
        let mut claims = json!({"org_id": "acme", "scope": READ});
        claims.as_object_mut().unwrap().extend(more.as_object().unwrap().clone());
        good(claims)
    };
    let now = now();
    let header_of = |header: Value| b64url(header.to_string().as_bytes());
    let payload = b64url(acme(json!({})).to_string().as_bytes());
    let alg_none = format!("{}.{payload}.", header_of(json!({"alg": "none", "kid": "rsa-1", "typ": "JWT"})));
    let hs256_header =
        jsonwebtoken::Header { kid: Some("rsa-1".into()), ..jsonwebtoken::Header::new(jsonwebtoken::Algorithm::HS256) };
    let public_key_as_secret = jsonwebtoken::EncodingKey::from_secret(&issuer.key("rsa-1").public_pem).unwrap();
    let hs256 = jsonwebtoken::encode(&hs256_header, &acme(json!({})), &public_key_as_secret).unwrap();
    let parts: Vec<&str> = valid.split('.').collect();
    let other_tenant = b64url(acme(json!({"org_id": "globex"})).to_string().as_bytes());
    let tampered = format!("{}.{other_tenant}.{}", parts[0], parts[2]);
    let invalid = |name, token: String| Refusal {
        name,
        token: Some(token),
        in_url: false,
        tool: "query",
        status: 401,
        code: "invalid_token",
        challenge: "error=\"invalid_token\"",
    };
    vec![
        Refusal { token: None, challenge: "Bearer resource_metadata=", ..invalid("no token", String::new()) },
        invalid(
            "expired",
            issuer.sign("rsa-1", &acme(json!({"nbf": now - 7200, "iat": now - 7200, "exp": now - 600}))),
        ),
        invalid("not yet valid", issuer.sign("rsa-1", &acme(json!({"nbf": now + 600})))),
        invalid("wrong issuer", issuer.sign("rsa-1", &acme(json!({"iss": "http://127.0.0.1:9/other"})))),
        invalid("wrong audience", issuer.sign("ec-1", &acme(json!({"aud": format!("{resource}-other")})))),
        invalid("alg none", alg_none),
        invalid("HS256 with the public key", hs256),
        invalid("unknown kid", issuer.sign("rsa-2", &acme(json!({})))),
        invalid("tampered payload", tampered),
        Refusal { token: None, in_url: true, ..invalid("token in the URL", String::new()) },
        invalid("oversized", issuer.sign("rsa-1", &acme(json!({"pad": "x".repeat(9000)})))),
        Refusal {
            tool: "sql",
            status: 403,
            code: "insufficient_scope",
            challenge: "error=\"insufficient_scope\", scope=\"querycell:sql\"",
            ..invalid("no sql scope", valid.to_string())
        },
        Refusal {
            status: 403,
            code: "missing_context",
            challenge: "",
            ..invalid("no tenant claim", issuer.sign("ed-1", &good(json!({"scope": READ_AND_SQL}))))
        },
    ]
}

#[test]
fn every_refusal_has_its_status_its_audit_line_and_runs_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let issuer = TestIssuer::start();
    let server = Server::start(dir.path(), &issuer.url);
    let valid = issuer.sign("rsa-1", &issuer.claims(&server.resource, json!({"org_id": "acme", "scope": READ})));
    for case in refusals(&issuer, &server.resource, &valid) {
        let (name, target) =
            (case.name, if case.in_url { format!("/mcp?access_token={valid}") } else { "/mcp".into() });
        let arguments = if case.tool == "sql" { json!({"sql": "SELECT sum(amount) FROM orders"}) } else { plan() };
        let call = json!({"jsonrpc": "2.0", "id": 5, "method": "tools/call", "params": {"name": case.tool, "arguments": arguments}});
        let before = server.trace_lines().len();
        let response = server.post(&target, case.token.as_deref(), None, &call);
        assert_eq!(response.status, case.status, "{name}: {response:?}");
        let body: Value = serde_json::from_str(&response.body).unwrap_or_else(|_| panic!("{name}: {response:?}"));
        assert_eq!(body["error"]["code"], case.code, "{name}: {response:?}");
        if !case.challenge.is_empty() {
            let header = response.header("www-authenticate").unwrap_or_else(|| panic!("{name}: no challenge"));
            assert!(header.contains(case.challenge), "{name}: {header}");
            assert!(
                header.contains(&format!("resource_metadata=\"http://{}/.well-known/", server.addr)),
                "{name}: {header}"
            );
        }
        let lines = server.trace_lines();
        assert_eq!(lines.len(), before + 1, "{name}: one audit line per refusal: {lines:?}");
        let line = &lines[before];
        assert_eq!((line["kind"].as_str(), line["error"].as_str()), (Some("http"), Some(case.code)), "{name}: {line}");
        if case.status == 403 {
            let caller = (line["subject"].as_str(), line["client"].as_str());
            assert_eq!(caller, (Some("user-1"), Some("agent-app")), "{name}: a verified caller is named: {line}");
        }
    }
    let text = std::fs::read_to_string(&server.trace).unwrap();
    assert!(
        server.trace_lines().iter().all(|line| line["kind"] == "http" && line["sql"].is_null()),
        "nothing ran: {text}"
    );
    for secret in [valid.as_str(), "acme", "globex"] {
        assert!(!text.contains(secret), "the trace holds {secret:?}: {text}");
    }
}

#[test]
fn a_rotated_key_is_taken_after_a_refetch_and_a_removed_one_refused() {
    let dir = tempfile::tempdir().unwrap();
    let issuer = TestIssuer::start();
    let server = Server::start(dir.path(), &issuer.url);
    let claims = issuer.claims(&server.resource, json!({"org_id": "acme", "scope": READ}));
    let (old, new) = (issuer.sign("rsa-1", &claims), issuer.sign("rsa-2", &claims));
    let initialize = json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "oauth-test", "version": "0"}}});
    let status = |token: &str| server.post("/mcp", Some(token), None, &initialize).status;
    assert_eq!(status(&old), 200);
    assert_eq!(status(&new), 401, "rsa-2 is not published yet");

    // Made-up key ids fetch the keys at most once per jwks_refetch_min_s (1 s here).
    std::thread::sleep(Duration::from_millis(1100));
    let fetches = issuer.jwks_fetches.load(std::sync::atomic::Ordering::SeqCst);
    for n in 0..5 {
        let mut header = jsonwebtoken::Header::new(jsonwebtoken::Algorithm::RS256);
        header.kid = Some(format!("made-up-{n}"));
        let token = jsonwebtoken::encode(&header, &claims, &issuer.key("rsa-1").encoding).unwrap();
        assert_eq!(status(&token), 401);
    }
    let extra = issuer.jwks_fetches.load(std::sync::atomic::Ordering::SeqCst) - fetches;
    assert!(extra <= 1, "{extra} fetches for 5 unknown key ids");

    issuer.publish(&["rsa-1", "rsa-2"]);
    std::thread::sleep(Duration::from_millis(1100));
    assert_eq!(status(&new), 200, "rsa-2 is taken once published");
    issuer.publish(&["rsa-2"]);
    std::thread::sleep(Duration::from_millis(2100));
    assert_eq!(status(&old), 401, "rsa-1 is refused once removed");
    assert_eq!(status(&new), 200);
}

#[test]
fn two_tenants_interleaved_each_see_their_own_rows_only() {
    let dir = tempfile::tempdir().unwrap();
    let issuer = TestIssuer::start();
    let server = Server::start(dir.path(), &issuer.url);
    let token = |tenant: &str, subject: &str, scope: &str| {
        issuer.sign("ec-1", &issuer.claims(&server.resource, json!({"org_id": tenant, "sub": subject, "scope": scope})))
    };
    let (acme, globex) = (token("acme", "user-a", READ_AND_SQL), token("globex", "user-b", READ_AND_SQL));
    let (acme_session, globex_session) = (server.session(&acme), server.session(&globex));
    let read_only = token("acme", "user-c", READ);
    let read_only_session = server.session(&read_only);
    assert_eq!(
        server.tools(&read_only, &read_only_session),
        ["check_summary", "describe_table", "list_tables", "query", "verify_receipt"]
    );
    assert!(server.tools(&acme, &acme_session).contains(&"sql".to_string()));

    let resources = json!({"jsonrpc": "2.0", "id": 4, "method": "resources/list"});
    let listed = server.post("/mcp", Some(&read_only), Some(&read_only_session), &resources).message();
    assert_eq!(listed["result"]["resources"][0]["uri"], "querycell://tables/orders", "{listed}");
    let no_read = token("acme", "user-d", "querycell:sql");
    let no_read_session = server.session(&no_read);
    let refused = server.post("/mcp", Some(&no_read), Some(&no_read_session), &resources).message();
    assert!(refused["error"]["message"].as_str().is_some_and(|m| m.contains("insufficient_scope")), "{refused}");
    assert_eq!(server.tools(&no_read, &no_read_session), ["sql"]);

    let sql = json!({"sql": "SELECT team, sum(amount) AS total FROM orders GROUP BY team"});
    for round in 0..3 {
        let a = server.call(&acme, &acme_session, "query", plan());
        let b = server.call(&globex, &globex_session, "query", plan());
        assert_eq!(team_totals(&a), [("Platform".to_string(), 10.0), ("Search".to_string(), 20.0)], "round {round}");
        assert_eq!(team_totals(&b), [("Ops".to_string(), 400.0), ("Platform".to_string(), 300.0)], "round {round}");
        let a_sql = server.call(&acme, &acme_session, "sql", sql.clone());
        let b_sql = server.call(&globex, &globex_session, "sql", sql.clone());
        assert_eq!(team_totals(&a_sql), team_totals(&a), "round {round}");
        assert_eq!(team_totals(&b_sql), team_totals(&b), "round {round}");
        for (answer, others) in [
            (&a, ["Ops", "300", "400"]),
            (&b, ["Search", "\"10", "20"]),
            (&a_sql, ["Ops", "300", "400"]),
            (&b_sql, ["Search", "\"10", "20"]),
        ] {
            let rows = answer.message()["result"]["structuredContent"]["rows"].to_string();
            for other in others {
                assert!(!rows.contains(other), "another tenant's {other:?} in {rows}");
            }
        }
    }
    let queried: Vec<Value> = server.trace_lines().into_iter().filter(|line| line["kind"] != "http").collect();
    assert_eq!(queried.len(), 12, "{queried:?}");
    for line in &queried {
        assert!(["user-a", "user-b"].contains(&line["subject"].as_str().unwrap()), "{line}");
        assert_eq!(line["client"], "agent-app", "{line}");
    }
    let text = std::fs::read_to_string(&server.trace).unwrap();
    assert!(!text.contains("acme") && !text.contains("globex"), "no row-filter value in the trace: {text}");
}

/// Tenants under load: 64 sessions at once, their tokens alternating between two tenants
/// (a subject each), every session asking the same plan and the same SQL text. Every answer
/// is its own tenant's rows alone (the compile cache is shared by text, so a compile served
/// across contexts would show here), and the audit trace charges each call to the subject
/// that made it.
#[test]
fn sixty_four_sessions_of_two_tenants_at_once_each_see_their_own_rows_only() {
    const SESSIONS: usize = 64;
    const ROUNDS: usize = 2;
    let dir = tempfile::tempdir().unwrap();
    let issuer = TestIssuer::start();
    let server = Server::start(dir.path(), &issuer.url);
    let acme = [("Platform".to_string(), 10.0), ("Search".to_string(), 20.0)];
    let globex = [("Ops".to_string(), 400.0), ("Platform".to_string(), 300.0)];
    let sql = json!({"sql": "SELECT team, sum(amount) AS total FROM orders GROUP BY team"});
    let tokens: Vec<(String, String)> = (0..SESSIONS)
        .map(|i| {
            let (tenant, subject) = (if i % 2 == 0 { "acme" } else { "globex" }, format!("user-{i}"));
            let claims =
                issuer.claims(&server.resource, json!({"org_id": tenant, "sub": subject, "scope": READ_AND_SQL}));
            (subject, issuer.sign(if i % 3 == 0 { "rsa-1" } else { "ec-1" }, &claims))
        })
        .collect();
    let failures: Vec<String> = std::thread::scope(|scope| {
        let sessions: Vec<_> = tokens
            .iter()
            .enumerate()
            .map(|(i, (subject, token))| {
                let (server, sql) = (&server, &sql);
                let (mine, theirs) = if i % 2 == 0 { (&acme, &globex) } else { (&globex, &acme) };
                scope.spawn(move || {
                    let session = server.session(token);
                    let mut wrong = Vec::new();
                    for round in 0..ROUNDS {
                        for (tool, arguments) in [("query", plan()), ("sql", sql.clone())] {
                            let answer = server.call(token, &session, tool, arguments);
                            let totals = team_totals(&answer);
                            // Their own team anywhere in the message (rows, warnings,
                            // receipt), or their totals among the rows.
                            let (message, rows) =
                                (answer.message(), answer.message()["result"]["structuredContent"]["rows"].to_string());
                            let leaked = theirs.iter().any(|(team, total)| {
                                let theirs_alone = !mine.iter().any(|(t, _)| t == team);
                                theirs_alone && message.to_string().contains(team.as_str())
                                    || rows.contains(&total.to_string())
                            });
                            if totals != *mine || leaked {
                                wrong.push(format!("{subject} round {round} {tool}: {totals:?} (leaked: {leaked})"));
                            }
                        }
                    }
                    wrong
                })
            })
            .collect();
        sessions.into_iter().flat_map(|s| s.join().unwrap()).collect()
    });
    assert!(failures.is_empty(), "{} wrong answers:\n{}", failures.len(), failures.join("\n"));
    let lines: Vec<Value> = server.trace_lines().into_iter().filter(|line| line["kind"] != "http").collect();
    assert_eq!(lines.len(), SESSIONS * ROUNDS * 2, "one audit line per call");
    for (subject, _) in &tokens {
        let charged = lines.iter().filter(|line| line["subject"] == subject.as_str()).count();
        assert_eq!(charged, ROUNDS * 2, "{subject}'s calls in the trace");
    }
}

#[test]
fn beyond_loopback_only_with_tokens_and_tls_in_front() {
    let dir = tempfile::tempdir().unwrap();
    let index = ingest_table(dir.path(), "orders", ORDERS);
    let identity = "[identity]\nresource = \"https://q.example.com/mcp\"\nissuer = \"https://login.example.com\"\n";
    for (config, listens) in
        [("", false), (identity, false), (&format!("{identity}behind_tls_proxy = true\n") as &str, true)]
    {
        let config = write(dir.path(), "querycell.toml", config);
        let mut command = Command::new(querycell_bin());
        command.args(["mcp", "--index", &index, "--config", config.to_str().unwrap(), "--http", "0.0.0.0:0"]);
        if listens {
            drop(KillOnDrop(spawn_until_listening(&mut command)));
            continue;
        }
        let output = command.output().unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{command:?}: {stderr}");
        assert!(stderr.contains("http_not_loopback"), "{stderr}");
    }
}

pub(super) struct KillOnDrop(pub(super) Child);

impl Drop for KillOnDrop {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// `curl` over TLS trusting `ca`; status line and headers, then the body.
fn curl(ca: &Path, url: &str, extra: &[&str]) -> (bool, String) {
    let output = Command::new("curl")
        .args(["-s", "-i", "--max-time", "20", "--cacert"])
        .arg(ca)
        .args(extra)
        .arg(url)
        .output()
        .unwrap();
    (output.status.success(), String::from_utf8_lossy(&output.stdout).to_string())
}

#[test]
fn tls_in_the_process_serves_beyond_loopback() {
    let dir = tempfile::tempdir().unwrap();
    let issuer = TestIssuer::start();
    let index = ingest_table(dir.path(), "orders", ORDERS);
    let (cert, key) = (dir.path().join("test-only-cert.pem"), dir.path().join("test-only-key.pem"));
    let made = Command::new("openssl")
        .args(["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-days", "1"])
        .args(["-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost"])
        .arg("-keyout")
        .arg(&key)
        .arg("-out")
        .arg(&cert)
        .output()
        .unwrap();
    assert!(made.status.success(), "openssl: {}", String::from_utf8_lossy(&made.stderr));
    let port = free_port();
    let resource = format!("https://localhost:{port}/mcp");
    let config = write(
        dir.path(),
        "querycell.toml",
        &format!(
            "[identity]\nresource = {resource:?}\nissuer = {:?}\ntls_cert_file = {cert:?}\ntls_key_file = {key:?}\n",
            issuer.url
        ),
    );
    let mut command = Command::new(querycell_bin());
    command.args([
        "mcp",
        "--index",
        &index,
        "--config",
        config.to_str().unwrap(),
        "--http",
        &format!("0.0.0.0:{port}"),
    ]);
    let _server = KillOnDrop(spawn_until_listening(&mut command));

    let (ok, metadata) =
        curl(&cert, &format!("https://localhost:{port}/.well-known/oauth-protected-resource/mcp"), &[]);
    assert!(ok && metadata.starts_with("HTTP/1.1 200"), "{metadata}");
    assert!(metadata.contains(&format!("\"resource\":\"{resource}\"")), "{metadata}");
    let ping = json!({"jsonrpc": "2.0", "id": 1, "method": "ping"}).to_string();
    let post = [
        "-X",
        "POST",
        "-H",
        "Content-Type: application/json",
        "-H",
        "Accept: application/json, text/event-stream",
        "--data",
        &ping,
    ];
    let (ok, refused) = curl(&cert, &resource, &post);
    assert!(ok && refused.starts_with("HTTP/1.1 401"), "{refused}");
    let challenge = format!("resource_metadata=\"https://localhost:{port}/.well-known/oauth-protected-resource/mcp\"");
    assert!(refused.contains(&challenge), "{refused}");
    let token = issuer.sign("ec-1", &issuer.claims(&resource, json!({"scope": READ})));
    let initialize = json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "curl", "version": "0"}}}).to_string();
    let bearer = format!("Authorization: Bearer {token}");
    let with_token = [
        "-X",
        "POST",
        "-H",
        "Content-Type: application/json",
        "-H",
        "Accept: application/json, text/event-stream",
        "-H",
        &bearer,
        "--data",
        &initialize,
    ];
    let (ok, answered) = curl(&cert, &resource, &with_token);
    assert!(ok && answered.starts_with("HTTP/1.1 200") && answered.contains("querycell"), "{answered}");
    let plain = Command::new("curl")
        .args(["-s", "--max-time", "5"])
        .arg(format!("http://127.0.0.1:{port}/mcp"))
        .output()
        .unwrap();
    assert!(!plain.status.success() || plain.stdout.is_empty(), "plain HTTP is not served on the TLS port");
}

/// The query workers of the server `pid` (its child processes).
fn children(pid: u32) -> usize {
    let parent_of =
        |stat: &str| stat[stat.rfind(')').unwrap() + 2..].split(' ').nth(1).unwrap().parse::<u32>().unwrap();
    std::fs::read_dir("/proc")
        .unwrap()
        .flatten()
        .filter_map(|entry| std::fs::read_to_string(entry.path().join("stat")).ok())
        .filter(|stat| stat.contains(')') && parent_of(stat) == pid)
        .count()
}

#[test]
fn contexts_past_the_cap_close_the_least_recent_one_and_answer_right() {
    let dir = tempfile::tempdir().unwrap();
    let issuer = TestIssuer::start();
    let server = Server::start_with(dir.path(), &issuer.url, "max_contexts = 1\n");
    let token =
        |tenant: &str| issuer.sign("ec-1", &issuer.claims(&server.resource, json!({"org_id": tenant, "scope": READ})));
    let (acme, globex) = (token("acme"), token("globex"));
    let (acme_session, globex_session) = (server.session(&acme), server.session(&globex));
    let before = children(server.child.id());
    for round in 0..3 {
        let a = server.call(&acme, &acme_session, "query", plan());
        assert_eq!(team_totals(&a), [("Platform".to_string(), 10.0), ("Search".to_string(), 20.0)], "round {round}");
        let b = server.call(&globex, &globex_session, "query", plan());
        assert_eq!(team_totals(&b), [("Ops".to_string(), 400.0), ("Platform".to_string(), 300.0)], "round {round}");
        // The server's own cell's worker, and the one context's: the other context's is gone.
        let workers = children(server.child.id());
        assert!(workers <= before + 1, "round {round}: {workers} workers, {before} before any context");
    }
}
