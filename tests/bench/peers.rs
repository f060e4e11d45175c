//! Peers: querycell beside what a user would run without it, measured in the same run.
//!
//! Three comparisons on the demo index, each printed as min / p50 / p99:
//! - SQL mode's answer (`QueryCell::query_sql`) against the same statement bound and run
//!   on a plain DuckDB connection in Rust, the Python guardrail pipeline querycell replaces
//!   (sqlglot + duckdb-python, `python_guardrails.py`) and plain duckdb-python; each for a
//!   statement repeated verbatim and for one seen for the first time (a new statement each
//!   run, its alias renamed: `Fresh`).
//! - The CLI's whole run (`querycell query`) against a plain open-and-query process with the
//!   same libduckdb: this binary re-executed as `bench plain-query <db> <sql> <params>`, the
//!   `duckdb -c` of this comparison.
//! - MCP tool-call latency through the official Python client over stdio
//!   (`mcp_latency.py`): querycell's `list_tables`, `sql` and `query` against a plain DuckDB
//!   server written with the SDK (`plain_duckdb_mcp.py`) and mcp-server-motherduck, the server
//!   users pick today, where `just bench-deps` installed it.
//!
//! The Python peers need the packages `just bench-deps` installs; without them the section
//! says "skipped: ..." instead of failing.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use querycell::catalog::Catalog;
use querycell::testing::{Access, Bind, Database};
use querycell::{Limits, QueryCell};
use serde_json::{json, Value};

use crate::{Fresh, Timing, CLI_RUNS, SQL, VARIED_ALIAS};

/// The argument that makes this binary a plain open-and-query process.
pub(crate) const PLAIN_QUERY: &str = "plain-query";

/// Settings the plain process applies after it opens the file (the scale section's spilling
/// question: the same memory limit as querycell's), `;`-separated `SET` statements.
pub(crate) const PLAIN_SETTINGS: &str = "QUERYCELL_BENCH_PLAIN_SETTINGS";

/// A 4-row question over the demo's `teams` table, as a plan and as SQL.
const TEAMS_PLAN: &str = r#"{"table": "teams", "group_by": ["team"], "aggregations": [{"function": "sum", "column": "headcount", "alias": "headcount"}], "order_by": [{"column": "headcount", "direction": "desc"}]}"#;
const TEAMS_SQL: &str = "SELECT team, sum(headcount) AS headcount FROM teams GROUP BY team ORDER BY headcount DESC";

/// Runs and warm-up calls per figure of the SQL-mode and MCP comparisons.
const RUNS: u32 = 300;
const WARMUP: u32 = 50;
const MCP_RUNS: u32 = 200;
const MCP_WARMUP: u32 = 20;

/// `bench plain-query <data.duckdb> <sql> <params as a JSON array>`: open the file read-only,
/// parse, bind, run, print every row, exit. Called first thing in `main`, so the process
/// does nothing else a plain `duckdb -c` would not.
pub(crate) fn plain_query_if_asked() {
    let args: Vec<String> = std::env::args().collect();
    if args.get(1).map(String::as_str) != Some(PLAIN_QUERY) {
        return;
    }
    let [_, _, db, sql, params] = args.as_slice() else {
        eprintln!("usage: bench {PLAIN_QUERY} <data.duckdb> <sql> <params as JSON>");
        std::process::exit(2);
    };
    let params: Vec<Value> = serde_json::from_str(params).expect("parameters as a JSON array");
    let settings: Vec<String> = std::env::var(PLAIN_SETTINGS)
        .unwrap_or_default()
        .split(';')
        .filter(|s| !s.trim().is_empty())
        .map(String::from)
        .collect();
    let database = Database::open(Path::new(db), Access::ReadOnly, &settings).expect("open read-only");
    let mut statement = database.single_select(sql).expect("one SELECT");
    statement.bind_all(&binds(&params)).expect("bind");
    let rows = statement.run(usize::MAX).expect("run");
    let mut out = String::new();
    for row in &rows.rows {
        let cells: Vec<String> = row.iter().map(|c| c.text().unwrap_or_else(|| "NULL".into())).collect();
        out.push_str(&cells.join("\t"));
        out.push('\n');
    }
    print!("{out}");
    std::process::exit(0);
}

/// JSON parameters as DuckDB binds (text, integers and floats: what the bench's plans bind).
pub(crate) fn binds(params: &[Value]) -> Vec<Bind<'_>> {
    params
        .iter()
        .map(|p| match p {
            Value::String(text) => Bind::Text(text),
            Value::Number(n) => match n.as_i64() {
                Some(integer) => Bind::Integer(integer),
                None => Bind::Float(n.as_f64().expect("numeric parameters")),
            },
            other => panic!("the bench binds text and numbers only, not {other}"),
        })
        .collect()
}

/// The whole section.
pub(crate) fn peers_bench(index: &Path, limits: &Limits) {
    let python = find_python();
    sql_mode_peers(index, limits, python.as_deref());
    cli_peers(index, limits);
    match &python {
        Some(python) => mcp_peers(index, python),
        None => println!("peers, MCP tool calls: skipped: no Python with mcp (`just bench-deps` installs it)"),
    }
}

/// The Python environment `just` puts first on PATH: `$QUERYCELL_PYTHON_ENV`, else
/// `~/.cache/querycell/python` (the justfile's `python_env`).
fn python_env() -> PathBuf {
    match std::env::var_os("QUERYCELL_PYTHON_ENV") {
        Some(env) => PathBuf::from(env),
        None => PathBuf::from(std::env::var_os("HOME").unwrap_or_default()).join(".cache/querycell/python"),
    }
}

/// A Python that imports what the peers need: the one on PATH (`just` puts the project's
/// environment first), else the project's environment itself (a run without `just`).
fn find_python() -> Option<PathBuf> {
    let candidates = [PathBuf::from("python3"), python_env().join("bin/python3")];
    let found = candidates.into_iter().find(|python| {
        Command::new(python)
            .args(["-c", "import sqlglot, duckdb, mcp"])
            .output()
            .is_ok_and(|output| output.status.success())
    });
    if found.is_none() {
        println!(
            "peers: skipped: the Python peers need sqlglot, duckdb and mcp in {} or on PATH (`just bench-deps` installs them)",
            python_env().display()
        );
    }
    found
}

fn script(name: &str) -> PathBuf {
    querycell_tests::workspace().join("tests/bench").join(name)
}

/// Run `command` and parse its stdout as JSON; `None` (with why) if it failed.
fn json_from(mut command: Command) -> Result<Value, String> {
    let output = command.output().map_err(|e| format!("{command:?}: {e}"))?;
    if !output.status.success() {
        return Err(format!("{command:?} failed ({}): {}", output.status, String::from_utf8_lossy(&output.stderr)));
    }
    serde_json::from_slice(&output.stdout)
        .map_err(|e| format!("not JSON ({e}): {}", String::from_utf8_lossy(&output.stderr)))
}

/// Nanosecond samples from a Python report, as a [`Timing`].
fn samples(value: &Value) -> Timing {
    let nanos = value.as_array().expect("an array of samples");
    Timing::from_samples(nanos.iter().map(|n| Duration::from_nanos(n.as_u64().expect("nanoseconds"))).collect())
}

/// `runs` timed calls of each of `calls` after `warmup` untimed ones, taken in turn (one of
/// each per round), so a busy spell on a shared machine falls on all of them alike.
fn interleaved<const N: usize>(warmup: u32, runs: u32, mut calls: [&mut dyn FnMut(); N]) -> [Timing; N] {
    let mut samples: [Vec<Duration>; N] = std::array::from_fn(|_| Vec::with_capacity(runs as usize));
    for round in 0..warmup + runs {
        for (call, samples) in calls.iter_mut().zip(samples.iter_mut()) {
            let started = Instant::now();
            call();
            if round >= warmup {
                samples.push(started.elapsed());
            }
        }
    }
    samples.map(Timing::from_samples)
}

/// SQL mode's answer against plain DuckDB in Rust, the Python guardrail pipeline and plain
/// duckdb-python: the bench's `SQL`, on the same file, repeated and first seen.
fn sql_mode_peers(index: &Path, limits: &Limits, python: Option<&Path>) {
    let cell = querycell_tests::sql_cell(index, limits.clone());
    let rows = cell.query_sql(SQL).expect("SQL mode answers").row_count;
    let plain = crate::plain_duckdb(index, limits);
    let run_plain = |sql: &str| {
        let read = plain.single_select(sql).expect("one SELECT").run(usize::MAX).expect("run");
        assert_eq!(read.rows.len(), rows, "plain DuckDB answers as many rows as querycell");
    };
    let (mut querycell_fresh, mut plain_fresh) = (Fresh(0), Fresh(0));
    let [querycell_repeated, querycell_first, plain_repeated, plain_first] = interleaved(
        WARMUP,
        RUNS,
        [
            &mut || drop(cell.query_sql(SQL).expect("answers")),
            &mut || drop(cell.query_sql(&querycell_fresh.next()).expect("answers")),
            &mut || run_plain(SQL),
            &mut || run_plain(&plain_fresh.next()),
        ],
    );

    println!("peers: SQL mode on the demo table, one statement ({rows} rows), {RUNS} runs each after {WARMUP}, taken in turn:");
    println!("  {SQL}");
    let line = |label: &str, repeated: &Timing, first: &Timing| {
        println!("  {label:<38} repeated    {}", repeated.micros());
        println!("  {:<38} first sight {}", "", first.micros());
    };
    line("querycell query_sql (SQL mode)", &querycell_repeated, &querycell_first);
    line("plain DuckDB, Rust (bind + run)", &plain_repeated, &plain_first);
    let ratio = |a: &Timing, b: &Timing| a.p50().as_secs_f64() / b.p50().as_secs_f64();
    let Some(python) = python else { return };
    let tables: Vec<String> = cell.catalog().tables.iter().map(|t| t.name.clone()).collect();
    let mut command = Command::new(python);
    command.arg(script("python_guardrails.py")).arg(Catalog::data_path(index)).arg(SQL);
    command.args([RUNS.to_string(), WARMUP.to_string(), tables.join(","), VARIED_ALIAS.to_string()]);
    let report = match json_from(command) {
        Ok(report) => report,
        Err(why) => return println!("  Python pipeline: skipped: {why}"),
    };
    assert_eq!(report["rows"], json!(rows), "the Python pipeline answers the same rows");
    let (guarded, python_plain) = (&report["guarded"], &report["plain"]);
    let (guarded_repeated, guarded_first) = (samples(&guarded["repeated"]), samples(&guarded["first_sight"]));
    line("Python pipeline (sqlglot + duckdb)", &guarded_repeated, &guarded_first);
    line("plain duckdb-python", &samples(&python_plain["repeated"]), &samples(&python_plain["first_sight"]));
    println!("  (Python: duckdb {}, sqlglot {})", report["versions"]["duckdb"], report["versions"]["sqlglot"]);
    println!(
        "  p50, repeated: querycell {:.2}x plain DuckDB, the Python pipeline {:.2}x; querycell / Python pipeline {:.2}",
        ratio(&querycell_repeated, &plain_repeated),
        ratio(&guarded_repeated, &plain_repeated),
        ratio(&querycell_repeated, &guarded_repeated)
    );
    println!(
        "  p50, first sight: querycell {:.2}x plain DuckDB, the Python pipeline {:.2}x; querycell / Python pipeline {:.2}",
        ratio(&querycell_first, &plain_first),
        ratio(&guarded_first, &plain_first),
        ratio(&querycell_first, &guarded_first)
    );
}

/// The CLI's whole run against a plain open-and-query process, [`CLI_RUNS`] runs each.
fn cli_peers(index: &Path, limits: &Limits) {
    let cell = QueryCell::open(index, limits.clone()).expect("open index");
    let answer = cell.query_plan(TEAMS_PLAN).expect("the teams plan answers");
    let plan_file = std::env::temp_dir().join(format!("querycell-bench-peers-plan-{}.json", std::process::id()));
    std::fs::write(&plan_file, TEAMS_PLAN).expect("plan file");
    let run = |command: &mut Command| {
        let output = command.output().expect("runs");
        assert!(output.status.success(), "{command:?}: {}", String::from_utf8_lossy(&output.stderr));
        output.stdout
    };
    let path = |p: &Path| p.to_str().expect("UTF-8 path").to_string();
    let mut querycell_cli = Command::new(querycell_tests::querycell_bin());
    querycell_cli.args(["query", "--index", &path(index), "--plan", &path(&plan_file), "--format", "csv"]);
    let mut plain = Command::new(std::env::current_exe().expect("this binary"));
    let params = serde_json::to_string(&answer.params).expect("JSON");
    plain.args([PLAIN_QUERY, &path(&Catalog::data_path(index)), &answer.sql, &params]);
    let printed = String::from_utf8(run(&mut plain)).expect("UTF-8");
    assert_eq!(printed.lines().count(), answer.row_count, "the plain process answers the same rows:\n{printed}");
    let [cli, direct] =
        interleaved(3, CLI_RUNS, [&mut || drop(run(&mut querycell_cli)), &mut || drop(run(&mut plain))]);
    let _ = std::fs::remove_file(&plan_file);
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    println!(
        "peers: a whole process answering a {}-row question, {CLI_RUNS} runs each after 3, taken in turn:",
        answer.row_count
    );
    println!("  querycell query --plan (the CLI's whole run)       {}", cli.micros());
    println!("  plain open-and-query (same libduckdb, same SQL)    {}", direct.micros());
    println!(
        "  p50 {:.1} ms vs {:.1} ms: {:+.1} ms for the CLI ({:.2}x)",
        ms(cli.p50()),
        ms(direct.p50()),
        ms(cli.p50()) - ms(direct.p50()),
        cli.p50().as_secs_f64() / direct.p50().as_secs_f64()
    );
}

/// One server for `mcp_latency.py`: its command and the calls to time.
fn server(name: &str, command: &Path, args: &[&str], calls: Value) -> Value {
    json!({"name": name, "command": command, "args": args, "calls": calls,
           "env": {"FASTMCP_CHECK_FOR_UPDATES": "off", "FASTMCP_SHOW_SERVER_BANNER": "false"}})
}

/// A call to time, and text its answer must hold: the `teams` table for `list_tables`, the
/// largest team for the question.
fn call(label: &str, tool: &str, arguments: Value) -> Value {
    let expect = if tool == "list_tables" { "teams" } else { "Platform" };
    json!({"label": label, "tool": tool, "arguments": arguments, "expect": expect})
}

/// MCP tool calls over stdio through the official Python client: querycell against the plain
/// SDK server and mcp-server-motherduck, the same question on the same rows.
fn mcp_peers(index: &Path, python: &Path) {
    let dir = tempfile::tempdir().expect("temp dir");
    let data = Catalog::data_path(index);
    let path = |p: &Path| p.to_str().expect("UTF-8 path").to_string();
    let plan: Value = serde_json::from_str(TEAMS_PLAN).expect("plan JSON");
    let mut servers = vec![
        server(
            "querycell",
            &querycell_tests::querycell_bin(),
            &["mcp", "--index", &path(index), "--allow-sql"],
            json!([
                call("list_tables", "list_tables", json!({})),
                call("sql", "sql", json!({"sql": TEAMS_SQL})),
                call("query (plan)", "query", plan)
            ]),
        ),
        server(
            "plain DuckDB MCP (Python SDK)",
            python,
            &[&path(&script("plain_duckdb_mcp.py")), &path(&data)],
            json!([call("list_tables", "list_tables", json!({})), call("query", "query", json!({"sql": TEAMS_SQL}))]),
        ),
    ];
    match motherduck(python, &data, dir.path()) {
        Ok((server_bin, copy)) => servers.push(server(
            "mcp-server-motherduck (read-only)",
            &server_bin,
            &["--db-path", &path(&copy)],
            json!([
                call("list_tables", "list_tables", json!({})),
                call("execute_query", "execute_query", json!({"sql": TEAMS_SQL}))
            ]),
        )),
        Err(why) => println!("peers, mcp-server-motherduck: skipped: {why}"),
    }
    let spec = dir.path().join("spec.json");
    std::fs::write(&spec, json!({"servers": servers}).to_string()).expect("spec");
    let mut command = Command::new(python);
    command.arg(script("mcp_latency.py")).args([MCP_RUNS.to_string(), MCP_WARMUP.to_string()]).arg(&spec);
    match json_from(command) {
        Ok(report) => {
            let names: Vec<&str> = servers.iter().filter_map(|s| s["name"].as_str()).collect();
            print_mcp(&report, &names);
        }
        Err(why) => println!("peers, MCP tool calls: skipped: {why}"),
    }
}

/// mcp-server-motherduck where `just bench-deps` installed it (its own environment: it pins an
/// older duckdb), and a copy of the data file in the storage format that duckdb reads.
fn motherduck(python: &Path, data: &Path, dir: &Path) -> Result<(PathBuf, PathBuf), String> {
    let mut env = python_env().into_os_string();
    env.push("-motherduck");
    let server_bin = PathBuf::from(env).join("bin/mcp-server-motherduck");
    if !server_bin.is_file() {
        return Err(format!("{} is missing (`just bench-deps` installs it)", server_bin.display()));
    }
    let copy = dir.join("older-storage.duckdb");
    let output = Command::new(python)
        .arg(script("mcp_latency.py"))
        .arg("--older-storage")
        .args([data, &copy])
        .output()
        .map_err(|e| e.to_string())?;
    if !output.status.success() {
        return Err(format!("copying the data file failed: {}", String::from_utf8_lossy(&output.stderr)));
    }
    Ok((server_bin, copy))
}

/// The report of each server in `names`' order, with querycell's MCP goal.
fn print_mcp(report: &Value, names: &[&str]) {
    println!("peers: MCP tool calls over stdio, official Python client, {MCP_RUNS} calls of each tool after {MCP_WARMUP}, taken in turn:");
    println!("  the question: {TEAMS_SQL} (4 rows; the `query` tool gets it as a plan)");
    for name in names {
        let tools = &report[*name];
        if let Some(error) = tools.get("error") {
            println!("  {name}: skipped: {error}");
            continue;
        }
        println!("  {name}:");
        let tools = tools.as_object().expect("samples per tool");
        for (tool, nanos) in tools {
            println!("    {tool:<16} {}", samples(nanos).micros());
        }
        let floor = samples(&tools["list_tables"]).p50();
        for (tool, nanos) in tools.iter().filter(|(tool, _)| *tool != "list_tables") {
            let p50 = samples(nanos).p50();
            let over = p50.as_secs_f64() * 1e3 - floor.as_secs_f64() * 1e3;
            println!("    {tool} p50 - list_tables p50: {over:+.2} ms");
        }
    }
    if let Some(querycell) = report["querycell"].get("sql") {
        let over = samples(querycell).p50().saturating_sub(samples(&report["querycell"]["list_tables"]).p50());
        let verdict = if over <= Duration::from_millis(1) { "met" } else { "not met" };
        println!("  goal: querycell `sql` p50 <= its `list_tables` p50 + 1 ms: {verdict}");
    }
}
