//! Budgets beyond the daily ones (those are in `policies`): request limits per
//! caller from the policy (`[requests]`), which only ever tighten the deployment's; the
//! deployment's concurrent queries (`[budget] max_concurrent_queries`), counted across
//! processes, over which a request is `busy` (exit 3) and not charged; and a budget state
//! file that stays whole when the processes writing it are killed at any moment.

use std::collections::BTreeMap;
use std::fs::File;
use std::os::unix::io::AsRawFd;
use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use querycell::policy::Policy;
use querycell::{ErrorClass, Limits, QueryCell};
use querycell_tests::{querycell_bin, querycell_with_stdin, stdout_json, write_file};
use serde_json::{json, Value};

use super::policies::{build_index, POLICY};
use super::query_args;

/// Every ticket of the caller's tenant, one per row: tenant a has 40, tenant b 20.
const LISTING: &str = r#"{"table": "tickets", "columns": ["ticket_id"], "order_by": ["ticket_id"]}"#;

/// Per-caller limits: everyone is held to 50 rows (and a timeout above any deployment's),
/// tenant a to 3 rows and 4 s.
const REQUESTS: &str = r#"
[requests]
caller_context = "tenant"
max_rows = 50
timeout_ms = 600000

[requests.callers."a"]
max_rows = 3
timeout_ms = 4000
"#;

/// `args` run with `stdin`, and everything to say about the run when an assertion fails.
fn run(args: &[impl AsRef<str>], stdin: &str) -> (Output, String) {
    let args: Vec<&str> = args.iter().map(AsRef::as_ref).collect();
    let output = querycell_with_stdin(&args, stdin);
    let shown = format!(
        "querycell {}\nexit: {:?}\nstdout:\n{}\nstderr:\n{}",
        args.join(" "),
        output.status,
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    (output, shown)
}

/// `querycell query` of `plan` (stdin) as `tenant` under `policy`, JSON out, with `extra` flags.
fn query(index: &Path, policy: &Path, tenant: &str, extra: &[&str], plan: &str) -> (Output, String) {
    run(&query_args(index, policy, &format!("tenant={tenant}"), &[extra, &["--plan", "-"]].concat()), plan)
}

/// The receipt's rows, truncation, total and limits.
fn shape(answer: &Value) -> (usize, bool, u64, Value) {
    (
        answer["rows"].as_array().map_or(0, Vec::len),
        answer["truncated"] == true,
        answer["total_rows"].as_u64().unwrap_or(0),
        answer["limits"].clone(),
    )
}

#[test]
fn a_callers_request_limits_come_from_the_policy_and_never_raise_the_deployments() {
    let dir = tempfile::tempdir().unwrap();
    let index = build_index(dir.path(), "both", &["a", "b"]);
    let policy = write_file(dir.path(), "policy.toml", &format!("{POLICY}\n{REQUESTS}"));
    let deployment = ["--max-rows", "10", "--timeout-ms", "20000"];

    let (output, shown) = query(&index, &policy, "a", &deployment, LISTING);
    assert!(output.status.success(), "{shown}");
    assert_eq!(
        shape(&stdout_json(&output)),
        (3, true, 40, json!({"max_rows": 3, "timeout_ms": 4000})),
        "a's own limits: {shown}"
    );

    // b is held to the deployment's: the policy's 50 rows and 600 s are above it.
    let (output, shown) = query(&index, &policy, "b", &deployment, LISTING);
    assert!(output.status.success(), "{shown}");
    assert_eq!(
        shape(&stdout_json(&output)),
        (10, true, 20, json!({"max_rows": 10, "timeout_ms": 20000})),
        "clamped to the deployment's: {shown}"
    );

    // Under the default deployment (1000 rows, 10 s) the policy's 50 rows are the tighter.
    let (output, shown) = query(&index, &policy, "b", &[], LISTING);
    assert!(output.status.success(), "{shown}");
    assert_eq!(
        shape(&stdout_json(&output)),
        (20, false, 20, json!({"max_rows": 50, "timeout_ms": Limits::default().query_timeout.as_millis() as u64})),
        "{shown}"
    );

    // SQL mode is held to the same limits.
    let args = [
        "sql",
        "--allow-sql",
        "--index",
        index.to_str().unwrap(),
        "--policy",
        policy.to_str().unwrap(),
        "--context",
        "tenant=a",
        "--format",
        "json",
        "-",
    ];
    let (output, shown) = run(&args, "SELECT ticket_id FROM tickets ORDER BY ticket_id");
    assert!(output.status.success(), "{shown}");
    assert_eq!(shape(&stdout_json(&output)), (3, true, 40, json!({"max_rows": 3, "timeout_ms": 4000})), "{shown}");

    // Callers listed, but no context names the caller: every query is refused, none runs
    // with everyone's limits in place of the caller's own. (This policy has no row filter,
    // so only `[requests]` needs the caller.)
    let limits_only = write_file(dir.path(), "limits-only.toml", REQUESTS);
    let (output, shown) = run(&query_args(&index, &limits_only, "region=eu", &["--plan", "-"]), LISTING);
    assert_eq!(output.status.code(), Some(2), "{shown}");
    let error = stdout_json(&output);
    assert_eq!(error["error"]["code"], "missing_context", "{shown}");
    assert!(error["error"]["message"].as_str().unwrap_or_default().contains("tenant"), "{shown}");
}

/// The row cap is the host's: a compiler that ignores the caller's limit in its catalog view
/// (here the malicious fixture, asking for 1000 rows) still gets 3 rows back.
#[test]
fn the_host_holds_a_caller_to_its_row_cap_whatever_the_compiler_asks_for() {
    let dir = tempfile::tempdir().unwrap();
    let index = build_index(dir.path(), "both", &["a", "b"]);
    let open_as = |tenant: &str| {
        QueryCell::builder(&index)
            .sandbox(querycell_tests::malicious_sandbox(Limits::default()))
            .open()
            .unwrap()
            .with_policy(
                Policy::parse(&format!("{POLICY}\n{REQUESTS}")).unwrap(),
                [("tenant".to_string(), tenant.to_string())].into(),
            )
            .unwrap()
    };
    // The policy's own source form (anything else is policy_violation), the caller's value bound.
    let request = |tenant: &str| {
        let sql = r#"SELECT ticket_id FROM (SELECT "ticket_id" FROM "tickets" WHERE CAST("tenant" AS VARCHAR) = ?) AS tickets"#;
        json!({"sql": sql, "params": [tenant], "columns": [{"name": "ticket_id", "kind": "text"}], "limit": 1000})
            .to_string()
    };
    let answer = open_as("a").query_plan(&request("a")).unwrap();
    assert_eq!((answer.rows.len(), answer.truncated, answer.total_rows), (3, true, 40));
    let answer = open_as("b").query_plan(&request("b")).unwrap();
    assert_eq!((answer.rows.len(), answer.truncated, answer.total_rows), (20, false, 20), "b's cap is 50");
}

#[test]
fn a_callers_timeout_from_the_policy_stops_its_heavy_query_and_not_anothers_answer() {
    let dir = tempfile::tempdir().unwrap();
    let index = build_index(dir.path(), "both", &["a", "b"]);
    let policy =
        format!("{POLICY}\n[requests]\ncaller_context = \"tenant\"\n[requests.callers.\"a\"]\ntimeout_ms = 20\n");
    let open_as = |tenant: &str| {
        let context: BTreeMap<String, String> = [("tenant".to_string(), tenant.to_string())].into();
        querycell_tests::sql_cell(&index, Limits::default())
            .with_policy(Policy::parse(&policy).unwrap(), context)
            .unwrap()
    };
    let (a, b) = (open_as("a"), open_as("b"));
    assert_eq!(a.limits().query_timeout, Duration::from_millis(20));
    assert_eq!(b.limits().query_timeout, Limits::default().query_timeout);
    // 40⁶ ≈ 4·10⁹ rows of tenant a's tickets: seconds of work at the least, never 20 ms.
    let heavy = "SELECT count(*) AS n FROM tickets t1, tickets t2, tickets t3, tickets t4, tickets t5, tickets t6";
    let started = Instant::now();
    let error = a.query_sql(heavy).expect_err("a's heavy query ends at its 20 ms");
    assert_eq!((error.code.as_str(), error.class), ("query_timeout", ErrorClass::Limit), "{error}");
    assert!(error.message.contains("20 ms"), "{error}");
    assert!(started.elapsed() < Duration::from_secs(5), "took {:?}", started.elapsed());
    let answer = b.query_sql("SELECT count(*) AS n FROM tickets").unwrap();
    assert_eq!(
        (answer.rows[0][0].as_i64(), answer.limits.timeout_ms),
        (Some(20), Limits::default().query_timeout.as_millis() as u64)
    );
}

#[test]
fn request_and_slot_keys_are_checked_like_every_policy_key() {
    for (text, line) in [
        ("[requests]\nmax_row = 3\n", "line 2: "),
        ("[requests]\ncaller_context = \"tenant\"\n\n[requests.callers.\"a\"]\nqueries_per_day = 3\n", "line 5: "),
        ("[budget]\ncaller_context = \"tenant\"\nstate_file = \"b.json\"\nmax_concurrent_queries = 0\n", "line 4: "),
    ] {
        let error = Policy::parse(text).expect_err(text);
        assert_eq!(error.code, "policy_invalid", "{text}: {error}");
        assert!(error.message.starts_with(line), "{text}: {error}");
    }
    // Callers that no context key could ever name are refused when the policy is applied.
    let dir = tempfile::tempdir().unwrap();
    let index = build_index(dir.path(), "both", &["a", "b"]);
    let policy = write_file(dir.path(), "policy.toml", &format!("{POLICY}\n[requests.callers.\"a\"]\nmax_rows = 3\n"));
    let (output, shown) = query(&index, &policy, "a", &[], LISTING);
    assert_eq!(output.status.code(), Some(2), "{shown}");
    let error = stdout_json(&output);
    assert_eq!(error["error"]["code"], "policy_invalid", "{shown}");
    assert!(error["error"]["hint"].as_str().unwrap_or_default().contains("caller_context"), "{shown}");
}

/// A count of the caller's tickets.
const COUNT: &str = r#"{"table": "tickets", "aggregations": [{"function": "count"}]}"#;

/// The two-tenant index and a budgeted policy (with `extra` in its `[budget]`) whose state
/// file is in `dir/state/`: `(index, policy, state)`.
fn budgeted(dir: &Path, extra: &str) -> (PathBuf, PathBuf, PathBuf) {
    let index = build_index(dir, "both", &["a", "b"]);
    let state = dir.join("state/budget.json");
    std::fs::create_dir_all(state.parent().unwrap()).unwrap();
    let policy = write_file(
        dir,
        "budget-policy.toml",
        &format!(
            "{POLICY}\n[budget]\ncaller_context = \"tenant\"\nqueries_per_day = 1000\nstate_file = {:?}\n{extra}",
            state.to_str().unwrap()
        ),
    );
    (index, policy, state)
}

/// Ask [`COUNT`] as tenant a, which must answer.
fn answered(index: &Path, policy: &Path, why: &str) {
    let (output, shown) = query(index, policy, "a", &[], COUNT);
    assert!(output.status.success(), "{why}: {shown}");
}

/// Tenant a's queries today in the state file, which must be whole JSON.
fn counted(state: &Path) -> u64 {
    let text = std::fs::read_to_string(state).unwrap_or_else(|e| panic!("{}: {e}", state.display()));
    let parsed: Value =
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("the state file is not JSON ({e}):\n{text}"));
    parsed["callers"]["a"]["queries"].as_u64().unwrap_or_else(|| panic!("no count for a:\n{text}"))
}

/// Hold a query slot from this process, as another request would.
fn hold(slot: &Path) -> File {
    let file = File::options().create(true).truncate(false).write(true).open(slot).unwrap();
    // SAFETY: flock on a descriptor `file` owns; the lock ends when the file is dropped.
    let taken = unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) };
    assert_eq!(taken, 0, "{} is free: {}", slot.display(), std::io::Error::last_os_error());
    file
}

#[test]
fn busy_when_every_query_slot_of_the_deployment_is_held_and_the_budget_is_not_charged() {
    let dir = tempfile::tempdir().unwrap();
    let (index, policy, state) = budgeted(dir.path(), "max_concurrent_queries = 2\n");
    answered(&index, &policy, "a free slot");
    assert_eq!(counted(&state), 1);

    let slot = |n: usize| PathBuf::from(format!("{}.slot-{n}.lock", state.display()));
    let held = [hold(&slot(0)), hold(&slot(1))];
    for tenant in ["a", "b"] {
        let (output, shown) = query(&index, &policy, tenant, &[], COUNT);
        assert_eq!(output.status.code(), Some(3), "busy is a limit: {shown}");
        let error = stdout_json(&output);
        assert_eq!(error["error"]["code"], "busy", "{shown}");
        assert!(error["error"]["hint"].as_str().unwrap_or_default().contains("try again"), "{shown}");
    }
    assert_eq!(counted(&state), 1, "a busy request is not charged");

    let [_first, second] = held;
    drop(second);
    answered(&index, &policy, "a freed slot answers");
    assert_eq!(counted(&state), 2);
}

#[test]
fn a_half_written_temporary_state_beside_the_budget_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let (index, policy, state) = budgeted(dir.path(), "");
    answered(&index, &policy, "the first query");
    answered(&index, &policy, "the second query");
    let whole = std::fs::read_to_string(&state).unwrap();
    let half = &whole[..whole.len() / 2];
    // What a writer killed before its rename leaves: this version's temporary file, and
    // what a plain `NamedTempFile::new_in` (earlier versions) would have left.
    let ours = state.with_file_name(".budget.json.Zz9Yy8Xx.tmp");
    let plain = state.with_file_name(".tmpAb3dE9");
    for leftover in [&ours, &plain] {
        std::fs::write(leftover, half).unwrap();
    }
    answered(&index, &policy, "a query beside the leftovers");
    assert_eq!(counted(&state), 3, "the last whole state, counted on");
    assert!(!ours.exists(), "the next write removes this state's leftover");
    assert!(plain.exists(), "a file not of this state's pattern is not touched");
}

/// Twelve CLI queries on one budget, killed (SIGKILL) at moments spread over `spread`: how
/// many answered and how many were killed, with the count before and after.
fn kill_midway(index: &Path, policy: &Path, state: &Path, spread: Duration, logs: &Path) -> (usize, usize, u64, u64) {
    const PROCESSES: u32 = 12;
    let plan = write_file(logs, "plan.json", COUNT);
    let before = counted(state);
    let args = query_args(index, policy, "tenant=a", &["--plan", plan.to_str().unwrap()]);
    let started = Instant::now();
    let mut children: Vec<_> = (0..PROCESSES)
        .map(|i| {
            let log = |what: &str| File::create(logs.join(format!("{}-{i}.{what}", spread.as_millis()))).unwrap();
            let child = Command::new(querycell_bin())
                .args(&args)
                .stdin(Stdio::null())
                .stdout(log("stdout"))
                .stderr(log("stderr"))
                .spawn()
                .expect("querycell starts");
            (i, child)
        })
        .collect();
    let (mut answered, mut killed) = (0, 0);
    for (i, child) in &mut children {
        let at = spread * *i / (PROCESSES - 1);
        std::thread::sleep(at.saturating_sub(started.elapsed()));
        // One that has exited already is not killed: it keeps its own status.
        let _ = child.kill();
    }
    for (i, mut child) in children {
        let status = child.wait().unwrap();
        match (status.code(), status.signal()) {
            (Some(0), _) => answered += 1,
            (_, Some(libc::SIGKILL)) => killed += 1,
            _ => {
                let read = |what: &str| {
                    std::fs::read_to_string(logs.join(format!("{}-{i}.{what}", spread.as_millis()))).unwrap_or_default()
                };
                panic!(
                    "querycell {} exited {status:?}\nstdout:\n{}\nstderr:\n{}",
                    args.join(" "),
                    read("stdout"),
                    read("stderr")
                );
            }
        }
    }
    (answered, killed, before, counted(state))
}

#[test]
fn the_budget_state_stays_whole_when_queries_are_killed_at_any_moment() {
    let dir = tempfile::tempdir().unwrap();
    let (index, policy, state) = budgeted(dir.path(), "");
    answered(&index, &policy, "the first query");
    let logs = dir.path().join("logs");
    std::fs::create_dir(&logs).unwrap();
    // Kills spread over 300 ms first; a machine on which that kills all or none (too slow,
    // too fast) tries wider spreads, so the test never passes without both kinds of end.
    let mut both_seen = false;
    for spread_ms in [300, 900, 2700, 8100] {
        let (answered, killed, before, after) =
            kill_midway(&index, &policy, &state, Duration::from_millis(spread_ms), &logs);
        println!("spread {spread_ms} ms: {answered} answered, {killed} killed; queries counted {before} → {after}");
        assert!(
            after - before >= answered as u64,
            "every answer was counted: {answered} answered, {} counted",
            after - before
        );
        assert!(after - before <= 12, "no more than were started: {} counted", after - before);
        if answered > 0 && killed > 0 {
            both_seen = true;
            break;
        }
    }
    assert!(both_seen, "no spread of kills ended some queries and let others answer");
    let last = counted(&state);
    answered(&index, &policy, "a query after the kills");
    assert_eq!(counted(&state), last + 1);
    let leftovers: Vec<_> = std::fs::read_dir(state.parent().unwrap())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .filter(|n| n.to_string_lossy().ends_with(".tmp"))
        .collect();
    assert!(leftovers.is_empty(), "killed writers' temporary files are removed by the next write: {leftovers:?}");
}
