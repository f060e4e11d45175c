//! `querycell mcp --http` under concurrent sessions: calls per second and p50/p99 latency at
//! 1, 16 and 64 sessions, with no token and as an OAuth resource server checking a bearer
//! token on every call (against a loopback test issuer), against DuckDB alone answering the
//! same mix on one connection in the same run.
//!
//! The mix alternates SQL over a generated table of `QUERYCELL_BENCH_SERVED_ROWS` rows (1 M by
//! default, 0 skips the section) with small plans over the demo tables. The load generator is
//! this process: one thread per session, each on its own keep-alive HTTP/1.1 connection,
//! reading every answer whole. It does no JSON work beyond finding the result's `isError`, so
//! on two cores it takes little of what the server needs; `QUERYCELL_BENCH_SERVED_SECONDS`
//! (5 by default) is each level's window after a warm-up round per session.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Barrier};
use std::time::{Duration, Instant};

use querycell::testing::Database;
use querycell::{ingest, QueryCell, QueryIsolation, WorkerPolicy};
use serde_json::{json, Value};

use querycell::serve::auth::claims::TokenChecker;
use querycell::serve::auth::settings::IdentitySettings;
use querycell_tests::oauth::TestIssuer;

use crate::{cpu_time, Timing};

/// The SQL calls of the mix, over the generated `events` table.
const SQL: [&str; 3] = [
    "SELECT team, avg(ack_minutes) AS avg_ack, count(*) AS n FROM events WHERE severity = 'P1' GROUP BY team ORDER BY avg_ack DESC LIMIT 5",
    "SELECT severity, count(DISTINCT team) AS teams, sum(ack_minutes) AS total FROM events GROUP BY severity ORDER BY severity",
    "SELECT count(*) AS slow FROM events WHERE ack_minutes > 400",
];

/// The plan calls of the mix, over the demo's `incidents` table.
const PLANS: [&str; 3] = [
    crate::PLAN,
    r#"{"table": "incidents", "group_by": ["severity"], "aggregations": [{"function": "count", "alias": "n"}]}"#,
    r#"{"table": "incidents", "aggregations": [{"function": "median", "column": "ack_minutes"}]}"#,
];

/// Concurrent sessions measured.
const LEVELS: [usize; 3] = [1, 16, 64];

/// The whole section.
pub(crate) fn served_bench(dir: &Path) {
    let rows: u64 = env_number("QUERYCELL_BENCH_SERVED_ROWS", 1_000_000);
    if rows == 0 {
        return;
    }
    let window = Duration::from_secs(env_number("QUERYCELL_BENCH_SERVED_SECONDS", 5));
    let index = served_index(dir, rows);
    let calls = mix_calls();
    let (alone, alone_cpu) = duckdb_alone(&index, window);
    println!("served, the mix (SQL over {rows} rows, small plans), {} s a level:", window.as_secs());
    println!("  DuckDB alone, one connection, the same SQL in turn: {alone:.0} calls/s, CPU {alone_cpu:.2} ms a call");
    let issuer = TestIssuer::start();
    token_check_cost(&issuer);
    let open = Server::start(&index, None);
    let identity = Server::start(&index, Some(&issuer));
    for sessions in LEVELS {
        for (server, with) in [(&open, "no token"), (&identity, "a token checked every call")] {
            let level = drive(server, &calls, sessions, window);
            let per_call = |used: Duration| used.as_secs_f64() * 1e3 / level.calls.max(1) as f64;
            println!(
                "  querycell mcp --http, {sessions:>2} sessions, {with:<26}: {:.0} calls/s ({:.2}x DuckDB alone), p50 {:.1} ms, p99 {:.1} ms, {} errors; CPU a call: server {:.2} ms, query workers {:.2} ms, load generator {:.2} ms",
                level.calls_per_second,
                level.calls_per_second / alone,
                level.latency.p50().as_secs_f64() * 1e3,
                level.latency.percentile(0.99).as_secs_f64() * 1e3,
                level.errors,
                per_call(level.cpu.server),
                per_call(level.cpu.workers),
                per_call(level.cpu.load_generator),
            );
        }
    }
}

/// What checking a bearer token costs the server, timed on its checker alone: the same token
/// again (remembered, as an agent's session sends it with every call) and a new token each
/// time (the signature checked), for each algorithm the checker takes.
fn token_check_cost(issuer: &TestIssuer) {
    let resource = "http://127.0.0.1:9/mcp";
    let settings: IdentitySettings =
        serde_json::from_value(json!({"resource": resource, "issuer": issuer.url})).unwrap();
    let checker = TokenChecker::new(&settings);
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().expect("runtime");
    let verify = |token: &str| runtime.block_on(checker.verify(token)).expect("the token verifies");
    println!("served, checking a bearer token (the checker alone, keys fetched):");
    for (algorithm, kid) in [("ES256", "ec-1"), ("RS256", "rsa-1"), ("EdDSA", "ed-1")] {
        let same = issuer.sign(kid, &issuer.claims(resource, json!({})));
        verify(&same);
        let remembered = Timing::measure(100, 5_000, || {
            verify(&same);
        });
        let fresh: Vec<String> =
            (0..320).map(|i| issuer.sign(kid, &issuer.claims(resource, json!({"jti": i.to_string()})))).collect();
        let mut next = fresh.iter();
        let first = Timing::measure(20, 300, || {
            verify(next.next().unwrap());
        });
        println!("  {algorithm}: the same token again {}; a new token {}", remembered.micros(), first.micros());
    }
}

fn env_number(name: &str, default: u64) -> u64 {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

/// An index of the demo tables and a generated `events` table of `rows` rows.
fn served_index(dir: &Path, rows: u64) -> std::path::PathBuf {
    let data = dir.join("served-data");
    std::fs::create_dir_all(&data).expect("folder");
    let maker = Database::in_memory(&[]).expect("maker");
    maker
        .execute_batch(&format!(
            "COPY (SELECT 'E-' || i AS event_id, 'T' || (i % 50) AS team, 'P' || (1 + i % 3) AS severity, (i * 7) % 500 AS ack_minutes FROM range({rows}) AS r(i)) TO '{}' (FORMAT parquet)",
            data.join("events.parquet").display()
        ))
        .expect("generate");
    let index = dir.join("served-index");
    let demo = querycell_tests::workspace().join("host/demo/data");
    ingest::ingest(&index, &[demo, data]).expect("ingest");
    index
}

/// The `tools/call` bodies of the mix, SQL and plans taking turns.
fn mix_calls() -> Vec<String> {
    let mut calls = Vec::new();
    for (sql, plan) in SQL.iter().zip(PLANS) {
        calls.push(json!({"name": "sql", "arguments": {"sql": sql}}));
        calls.push(json!({"name": "query", "arguments": serde_json::from_str::<Value>(plan).unwrap()}));
    }
    calls
        .into_iter()
        .map(|params| json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": params}).to_string())
        .collect()
}

/// Calls per second of DuckDB alone on one read-only connection: each call of the mix as the
/// SQL querycell ran for it (the plans' compiled SQL with their bound values), every row read;
/// and the CPU this process spent a call (ms) meanwhile.
fn duckdb_alone(index: &Path, window: Duration) -> (f64, f64) {
    let isolation = QueryIsolation::Workers(WorkerPolicy::new(querycell_tests::querycell_bin()));
    let cell = QueryCell::builder(index).isolation(isolation).open().expect("open").with_sql_enabled(true);
    let mut answers: Vec<_> = SQL.iter().map(|sql| cell.query_sql(sql).expect("answers")).collect();
    answers.extend(PLANS.iter().map(|plan| cell.query_plan(plan).expect("answers")));
    let plain = crate::plain_duckdb(index, cell.limits());
    let run = |i: usize| {
        let answer = &answers[i % answers.len()];
        let binds = crate::peers::binds(&answer.params);
        let mut statement = plain.single_select(&answer.sql).expect("one SELECT");
        statement.bind_all(&binds).expect("bind");
        statement.run(usize::MAX).expect("run").rows.len()
    };
    for i in 0..answers.len() {
        run(i);
    }
    let (started, cpu_before, mut done) = (Instant::now(), cpu_time::own(std::process::id()), 0);
    while started.elapsed() < window {
        run(done);
        done += 1;
    }
    let cpu = cpu_time::own(std::process::id()) - cpu_before;
    (done as f64 / started.elapsed().as_secs_f64(), cpu.as_secs_f64() * 1e3 / done.max(1) as f64)
}

/// What one level of concurrency measured.
struct Level {
    calls: usize,
    cpu: CpuUsed,
    calls_per_second: f64,
    latency: Timing,
    errors: usize,
}

/// CPU time spent while a level ran.
struct CpuUsed {
    /// The server process, all its threads.
    server: Duration,
    /// Its query workers (the processes it started).
    workers: Duration,
    /// This process: the load generator's threads.
    load_generator: Duration,
}

/// CPU used so far: the server's own, its descendants', this process's.
fn cpu_now(server: u32) -> (Duration, Duration, Duration) {
    let own = cpu_time::own(server);
    (own, cpu_time::tree(server).saturating_sub(own), cpu_time::own(std::process::id()))
}

/// `sessions` sessions calling the mix in turn on `server` for `window` after one warm-up
/// round each.
fn drive(server: &Server, calls: &[String], sessions: usize, window: Duration) -> Level {
    let (addr, token) = (server.addr.as_str(), server.token.as_deref());
    let stop = Arc::new(AtomicBool::new(false));
    let warm = Arc::new(Barrier::new(sessions + 1));
    let clients: Vec<_> = (0..sessions)
        .map(|s| {
            let (addr, calls, stop, warm) = (addr.to_string(), calls.to_vec(), Arc::clone(&stop), Arc::clone(&warm));
            let token = token.map(str::to_string);
            std::thread::spawn(move || {
                let mut session = Session::open(&addr, token);
                for call in &calls {
                    session.call(call);
                }
                warm.wait();
                let (mut latencies, mut errors, mut i) = (Vec::new(), 0, s);
                while !stop.load(Ordering::Relaxed) {
                    let started = Instant::now();
                    errors += usize::from(!session.call(&calls[i % calls.len()]));
                    latencies.push(started.elapsed());
                    i += 1;
                }
                (latencies, errors)
            })
        })
        .collect();
    warm.wait();
    let (started, cpu_before) = (Instant::now(), cpu_now(server.child.id()));
    std::thread::sleep(window);
    stop.store(true, Ordering::Relaxed);
    let (mut latencies, mut errors) = (Vec::new(), 0);
    for client in clients {
        let (mine, wrong) = client.join().expect("client");
        latencies.extend(mine);
        errors += wrong;
    }
    // The calls in flight at the stop count, so the time runs until the last of them ended.
    let calls_per_second = latencies.len() as f64 / started.elapsed().as_secs_f64();
    let cpu_after = cpu_now(server.child.id());
    let cpu = CpuUsed {
        server: cpu_after.0.saturating_sub(cpu_before.0),
        workers: cpu_after.1.saturating_sub(cpu_before.1),
        load_generator: cpu_after.2.saturating_sub(cpu_before.2),
    };
    Level { calls: latencies.len(), cpu, calls_per_second, latency: Timing::from_samples(latencies), errors }
}

/// One MCP session on one keep-alive connection.
struct Session {
    reader: BufReader<TcpStream>,
    addr: String,
    id: Option<String>,
    /// The bearer token every request carries, where the server checks one.
    token: Option<String>,
}

impl Session {
    fn open(addr: &str, token: Option<String>) -> Session {
        let stream = TcpStream::connect(addr).expect("connect");
        stream.set_nodelay(true).unwrap();
        let mut session = Session { reader: BufReader::new(stream), addr: addr.to_string(), id: None, token };
        let initialize = json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "bench", "version": "0"}}});
        let (status, headers, _) = session.post(&initialize.to_string());
        assert_eq!(status, 200, "initialize");
        session.id = headers.iter().find(|(n, _)| n == "mcp-session-id").map(|(_, v)| v.clone());
        let (status, _, _) = session.post(r#"{"jsonrpc": "2.0", "method": "notifications/initialized"}"#);
        assert_eq!(status, 202, "initialized");
        session
    }

    /// One tool call; whether it answered (not an error, not a refusal).
    fn call(&mut self, body: &str) -> bool {
        let (status, _, body) = self.post(body);
        status == 200 && body.contains(r#""isError":false"#)
    }

    /// One POST to /mcp and its whole response: status, headers (names lowercased), body.
    fn post(&mut self, body: &str) -> (u16, Vec<(String, String)>, String) {
        let mut session = self.id.as_ref().map(|id| format!("Mcp-Session-Id: {id}\r\n")).unwrap_or_default();
        if let Some(token) = &self.token {
            session.push_str(&format!("Authorization: Bearer {token}\r\n"));
        }
        let request = format!(
            "POST /mcp HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\n{session}Content-Length: {}\r\n\r\n{body}",
            self.addr,
            body.len()
        );
        self.reader.get_mut().write_all(request.as_bytes()).expect("send");
        let mut line = String::new();
        self.reader.read_line(&mut line).expect("status line");
        let status = line.split_whitespace().nth(1).and_then(|c| c.parse().ok()).expect("a status");
        let mut headers = Vec::new();
        loop {
            line.clear();
            self.reader.read_line(&mut line).expect("header");
            match line.trim_end().split_once(':') {
                Some((name, value)) => headers.push((name.to_ascii_lowercase(), value.trim().to_string())),
                None => break,
            }
        }
        let header = |name: &str| headers.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str());
        let body = match (header("content-length"), header("transfer-encoding")) {
            (Some(length), _) => self.exact(length.parse().expect("a length")),
            (None, Some(encoding)) if encoding.contains("chunked") => self.chunked(),
            _ => String::new(),
        };
        (status, headers, body)
    }

    fn exact(&mut self, length: usize) -> String {
        let mut bytes = vec![0; length];
        self.reader.read_exact(&mut bytes).expect("body");
        String::from_utf8_lossy(&bytes).into_owned()
    }

    fn chunked(&mut self) -> String {
        let mut body = String::new();
        loop {
            let mut size = String::new();
            self.reader.read_line(&mut size).expect("chunk size");
            let size = usize::from_str_radix(size.trim().split(';').next().unwrap_or("0"), 16).expect("hex size");
            let chunk = self.exact(size + 2);
            if size == 0 {
                return body;
            }
            body.push_str(&chunk[..size]);
        }
    }
}

/// `querycell mcp --http --allow-sql` on the index, killed when dropped; with `issuer`, an
/// OAuth resource server taking that issuer's tokens, and a token for it (ES256, read and SQL
/// scopes, an hour long).
struct Server {
    child: Child,
    addr: String,
    token: Option<String>,
}

impl Server {
    fn start(index: &Path, issuer: Option<&TestIssuer>) -> Server {
        let port = querycell_tests::oauth::free_port();
        let addr = format!("127.0.0.1:{port}");
        let mut command = Command::new(querycell_tests::querycell_bin());
        command.args(["mcp", "--allow-sql", "--http", &addr, "--index"]).arg(index);
        let token = issuer.map(|issuer| {
            let resource = format!("http://{addr}/mcp");
            let config = index.with_extension(format!("{port}.toml"));
            let identity = format!("[identity]\nresource = {resource:?}\nissuer = {:?}\n", issuer.url);
            std::fs::write(&config, identity).expect("config");
            command.arg("--config").arg(config);
            let claims = issuer.claims(&resource, json!({"sub": "bench", "scope": "querycell:read querycell:sql"}));
            issuer.sign("ec-1", &claims)
        });
        let (child, _) = querycell_tests::listening::spawn_until_listening(&mut command);
        Server { child, addr, token }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
