//! Query workers (docs/architecture.md): DuckDB runs in a child process that the host kills
//! when it ignores the deadline or passes its memory ceiling, that a signal can take down
//! without taking the host with it, that is confined, and that never outlives its host.
//! Statements that the host's allowlist would refuse reach the worker through
//! `run_without_parse_tree_check`, as a compromised compiler's output would if the allowlist
//! had a hole.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use querycell::catalog::Catalog;
use querycell::sandbox::{wit, Sandbox};
use querycell::testing::Readable;
use querycell::testing::{Execution, Executor};
use querycell::{ingest, Error, ErrorClass, Limits, QueryCell, QueryIsolation, WorkerPolicy};
use querycell_tests::{compiled, expression_columns, incidents_index, querycell_bin, write_file, INCIDENTS_CSV};

fn workers(index: &Path, limits: &Limits, policy: WorkerPolicy) -> Executor {
    let catalog = Catalog::load(index).expect("catalog");
    let data = std::fs::File::open(Catalog::data_path(index)).expect("data file");
    Executor::open_in_workers(data, limits, Readable::tables(catalog.tables.iter().map(|t| t.name.clone())), &policy)
        .expect("worker executor")
}

/// An executor on `index` whose one worker has answered, and that worker's pid.
fn one_answered_worker(index: &Path, limits: &Limits) -> (Executor, u32) {
    let executor = workers(index, limits, policy());
    answers(&executor);
    let [pid] = executor.worker_pids()[..] else { panic!("one worker: {:?}", executor.worker_pids()) };
    (executor, pid)
}

fn policy() -> WorkerPolicy {
    WorkerPolicy::new(querycell_bin())
}

/// `sql` as a compiled answer of one column, run past the parse-tree allowlist.
fn run_unchecked(executor: &Executor, sql: &str) -> Result<Execution, Error> {
    let query = |sql: &str| wit::Query { sql: sql.into(), params: Vec::new() };
    executor.run_without_parse_tree_check(&compiled(query(sql), query("SELECT 1"), expression_columns(1), 10))
}

fn answers(executor: &Executor) {
    let execution = run_unchecked(executor, "SELECT count(*) FROM incidents").expect("the next query answers");
    assert_eq!(execution.rows, vec![vec![serde_json::json!(INCIDENTS_CSV.lines().count() - 1)]]);
}

/// Whether process `pid` exists (a reaped process does not; a zombie still would).
fn process_exists(pid: u32) -> bool {
    Path::new(&format!("/proc/{pid}")).exists()
}

/// The `key:` line of /proc/<pid>/status, in KiB.
fn status_kib(pid: &str, key: &str) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).expect("status");
    let line = status.lines().find(|l| l.starts_with(key)).unwrap_or_else(|| panic!("no {key}"));
    line.split_whitespace().nth(1).unwrap().parse().unwrap()
}

fn kill(pid: u32, signal: &str) {
    let status = Command::new("kill").args([signal, &pid.to_string()]).status().expect("kill");
    assert!(status.success(), "kill {signal} {pid}");
}

/// One `regexp_matches` call whose pattern needs a few hundred states, over a 9.6 million
/// character text of hex digits that never matches, is billions of steps inside one
/// function, where DuckDB checks no interrupt: in-process, the caller would wait for the
/// whole call (seven seconds or more here). Only functions the query side registers serve:
/// DuckDB's own, and the allowlisted ones of its core functions.
#[test]
fn a_query_that_ignores_the_interrupt_is_killed_at_the_deadline_plus_grace() {
    let dir = tempfile::tempdir().unwrap();
    let index = incidents_index(dir.path());
    let limits = Limits { query_timeout: Duration::from_millis(500), query_threads: 1, ..Limits::default() };
    let executor = workers(&index, &limits, policy());
    answers(&executor);
    let before = executor.worker_pids();
    let started = Instant::now();
    let hex_digit = "(0|1|2|3|4|5|6|7|8|9|a|b|c|d|e|f)";
    let sql = format!(
        "SELECT regexp_matches(s, '{hex_digit}*a{hex_digit}{{300}}x') \
         FROM (SELECT string_agg(md5(x::VARCHAR), '') AS s FROM range(300000) AS t(x)) AS text"
    );
    let error = run_unchecked(&executor, &sql).expect_err("runs for seconds otherwise");
    let elapsed = started.elapsed();
    assert_eq!((error.code.as_str(), error.class), ("query_timeout", ErrorClass::Limit), "{error}");
    assert!(elapsed < limits.query_timeout + Duration::from_secs(1), "stopped after {elapsed:?}");
    assert!(before.iter().all(|&pid| !process_exists(pid)), "the killed worker {before:?} was reaped");
    answers(&executor);
}

/// The memory part runs in a process of its own (this test binary, one test), so the host's
/// peak resident memory is its own and not that of other tests running alongside.
#[test]
fn a_query_past_the_memory_ceiling_ends_typed_and_the_host_stays_small() {
    // The probe's test path: this module's, less the binary's name (`all::`).
    let probe = format!("{}::memory_ceiling_probe", module_path!().split_once("::").unwrap().1);
    let output = Command::new(std::env::current_exe().unwrap())
        .args(["--exact", &probe, "--ignored", "--nocapture", "--test-threads", "1"])
        .env("QUERYCELL_MEMORY_PROBE", "1")
        .stdin(Stdio::null())
        .output()
        .expect("running the probe");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let report = format!("probe stdout:\n{stdout}\nprobe stderr:\n{}", String::from_utf8_lossy(&output.stderr));
    assert!(output.status.success(), "{report}");
    let peak_kib: u64 = stdout
        .lines()
        .find_map(|l| l.strip_prefix("host peak KiB: "))
        .unwrap_or_else(|| panic!("no peak reported\n{report}"))
        .parse()
        .unwrap();
    let limits = probe_limits();
    assert!(peak_kib * 1024 < limits.query_memory_bytes + (256 << 20), "host peak {peak_kib} KiB\n{report}");
}

fn probe_limits() -> Limits {
    Limits {
        query_memory_bytes: 256 << 20,
        query_threads: 1,
        query_timeout: Duration::from_secs(20),
        ..Limits::default()
    }
}

#[test]
#[ignore = "run by a_query_past_the_memory_ceiling_ends_typed_and_the_host_stays_small in a process of its own"]
fn memory_ceiling_probe() {
    if std::env::var_os("QUERYCELL_MEMORY_PROBE").is_none() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let index = incidents_index(dir.path());
    let limits = probe_limits();
    let executor = workers(&index, &limits, policy());
    answers(&executor);
    let started = Instant::now();
    // 1.5 GB in one string (each of 100 000 letters replaced by 15 000): DuckDB's
    // memory_limit does not stop it, the ceiling does.
    let sql = format!(
        "SELECT length(replace(s, 'a', '{}')) FROM (SELECT string_agg('a', '') AS s FROM range(100000)) AS letters",
        "x".repeat(15_000)
    );
    let error = run_unchecked(&executor, &sql).expect_err("over the ceiling");
    let elapsed = started.elapsed();
    assert_eq!((error.code.as_str(), error.class), ("query_memory", ErrorClass::Limit), "{error}");
    assert!(elapsed < limits.query_timeout + Duration::from_secs(1), "stopped after {elapsed:?}");
    answers(&executor);
    println!("error: {error}");
    println!("host peak KiB: {}", status_kib("self", "VmHWM:"));
}

#[test]
fn a_worker_killed_mid_query_is_a_typed_error_and_the_next_query_answers() {
    let dir = tempfile::tempdir().unwrap();
    let index = incidents_index(dir.path());
    let limits = Limits { query_timeout: Duration::from_secs(60), query_threads: 1, ..Limits::default() };
    let (executor, pid) = one_answered_worker(&index, &limits);
    let outcome = std::thread::scope(|scope| {
        let running =
            scope.spawn(|| run_unchecked(&executor, "SELECT count(*) FROM range(1000000000000) t(x) WHERE x % 7 = 3"));
        std::thread::sleep(Duration::from_millis(300));
        kill(pid, "-KILL");
        running.join().unwrap()
    });
    let error = outcome.expect_err("its worker was killed");
    assert_eq!((error.code.as_str(), error.class), ("query_worker_failed", ErrorClass::Internal), "{error}");
    assert!(error.message.contains("signal 9"), "{error}");
    assert!(!process_exists(pid), "reaped");
    answers(&executor);
    assert!(!executor.worker_pids().contains(&pid));
}

#[test]
fn a_worker_killed_while_idle_is_replaced() {
    let dir = tempfile::tempdir().unwrap();
    let index = incidents_index(dir.path());
    let (executor, pid) = one_answered_worker(&index, &Limits::default());
    kill(pid, "-TERM");
    let gone = Instant::now();
    while !reapable(pid) {
        assert!(gone.elapsed() < Duration::from_secs(5), "{pid} did not end");
        std::thread::sleep(Duration::from_millis(10));
    }
    answers(&executor);
    assert!(!executor.worker_pids().contains(&pid));
}

/// A CLI about to exit kills its idle worker without waiting for the kernel to take it
/// down: the worker is killed all the same, and left for someone else to reap (here the
/// test, its parent, which reads how it ended).
#[test]
fn a_worker_ended_before_exit_is_killed_and_not_waited_for() {
    let dir = tempfile::tempdir().unwrap();
    let index = incidents_index(dir.path());
    let (executor, pid) = one_answered_worker(&index, &Limits::default());
    executor.kill_workers_before_exit();
    assert!(executor.worker_pids().is_empty(), "{:?}", executor.worker_pids());
    let pid = i32::try_from(pid).expect("a pid");
    let (mut status, asked) = (0, Instant::now());
    let reaped = loop {
        // SAFETY: waitpid writes only `status`; `pid` is this process's child, which the
        // pool killed and did not wait for, so it reaps nothing another owner still holds.
        let reaped = unsafe { libc::waitpid(pid, &mut status, libc::WNOHANG) };
        if reaped != 0 || asked.elapsed() > Duration::from_secs(5) {
            break reaped;
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    assert_eq!(reaped, pid, "the worker ended (killed) and nobody had reaped it yet");
    assert!(libc::WIFSIGNALED(status) && libc::WTERMSIG(status) == libc::SIGKILL, "killed: status {status:#x}");
    answers(&executor);
}

/// Whether `pid` has ended with all its threads, so a wait would reap it (a zombie whose
/// threads are gone). A multi-threaded process's main thread turns zombie first.
fn reapable(pid: u32) -> bool {
    let Ok(status) = std::fs::read_to_string(format!("/proc/{pid}/status")) else { return true };
    let field = |key: &str| {
        status.lines().find(|l| l.starts_with(key)).map(|l| l[key.len()..].trim().to_string()).unwrap_or_default()
    };
    field("State:").starts_with('Z') && field("Threads:").parse::<u32>().is_ok_and(|n| n <= 1)
}

/// A process that has exited but was not reaped yet is a zombie ("Z" in its stat).
fn process_exists_unreaped(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .is_ok_and(|stat| !stat.rsplit(')').next().unwrap_or("").trim_start().starts_with('Z'))
}

#[test]
fn workers_are_confined() {
    let dir = tempfile::tempdir().unwrap();
    let index = incidents_index(dir.path());
    let executor = workers(&index, &Limits::default(), policy());
    answers(&executor);
    let confinement = executor.worker_confinement();
    let ceiling =
        format!("rlimit_data:{}MiB", (Limits::default().query_memory_bytes + policy().memory_headroom_bytes) >> 20);
    assert!(confinement.contains(&ceiling), "{confinement:?}");
    // This kernel's Landlock ABI: 6 and later hold everything the worker asks for.
    // SAFETY: landlock_create_ruleset with a null attribute and the VERSION flag only
    // returns the ABI version; it reads and writes no memory.
    let abi = unsafe { libc::syscall(libc::SYS_landlock_create_ruleset, std::ptr::null::<u8>(), 0usize, 1u32) };
    let expected = match abi {
        abi if abi >= 6 => "landlock:fully_enforced",
        abi if abi >= 1 => "landlock:partially_enforced",
        _ => "landlock:not_enforced",
    };
    assert!(confinement.iter().any(|c| c == expected), "ABI {abi}: {confinement:?}");
    // What a worker can see of the machine: its own data file, and nothing of ours.
    let [pid] = executor.worker_pids()[..] else { panic!("one worker") };
    assert_eq!(status_kib(&pid.to_string(), "NoNewPrivs:"), 1, "no_new_privs is set");
    assert!(
        std::fs::read_to_string(format!("/proc/{pid}/environ")).unwrap().is_empty(),
        "the worker gets no environment"
    );
}

/// 1 000 answers asked from 16 threads at once over a pool of 4 workers, first
/// waiting for a free worker (all are answered), then refused at once (most are busy).
#[test]
fn a_thousand_answers_from_sixteen_threads_are_answered_or_busy() {
    for queue_wait in [Duration::from_secs(30), Duration::ZERO] {
        let (answered, busy) = sixteen_threads(queue_wait);
        if queue_wait > Duration::ZERO {
            assert_eq!((answered, busy), (1000, 0), "with time to wait for a worker, every answer comes");
        }
    }
}

/// Ask 1 000 answers from 16 threads; how many were answered and how many were `busy`.
fn sixteen_threads(queue_wait: Duration) -> (usize, usize) {
    let dir = tempfile::tempdir().unwrap();
    let index = incidents_index(dir.path());
    let limits = Limits::default();
    let sandbox = Sandbox::bundled(limits.clone()).expect("sandbox");
    let workers = WorkerPolicy { max_workers: 4, queue_wait, ..policy() };
    let cell =
        QueryCell::builder(&index).sandbox(sandbox).isolation(QueryIsolation::Workers(workers)).open().expect("open");
    let plan = r#"{"table": "incidents", "group_by": ["team"], "aggregations": [{"function": "count", "alias": "n"}]}"#;
    let expected = cell.query_plan(plan).expect("answers").rows;
    let asked = AtomicUsize::new(0);
    let (answered, busy) = (AtomicUsize::new(0), AtomicUsize::new(0));
    let seen = Mutex::new(BTreeSet::new());
    std::thread::scope(|scope| {
        for _ in 0..16 {
            scope.spawn(|| {
                while asked.fetch_add(1, Ordering::SeqCst) < 1000 {
                    match cell.query_plan(plan) {
                        Ok(answer) => {
                            assert_eq!(answer.rows, expected);
                            answered.fetch_add(1, Ordering::SeqCst);
                        }
                        Err(error) if error.code == "busy" => {
                            assert_eq!(error.class, ErrorClass::Limit);
                            busy.fetch_add(1, Ordering::SeqCst);
                        }
                        Err(error) => panic!("neither answered nor busy: {error}"),
                    }
                    seen.lock().unwrap().extend(cell.worker_pids());
                }
            });
        }
    });
    let (answered, busy) = (answered.into_inner(), busy.into_inner());
    eprintln!("queue wait {queue_wait:?}: {answered} answered, {busy} busy");
    assert_eq!(answered + busy, 1000, "none lost");
    assert!(answered > 0);
    let seen = seen.into_inner().unwrap();
    assert!(!seen.is_empty() && seen.len() <= 4, "at most 4 workers, none replaced: {seen:?}");
    drop(cell);
    let left: Vec<_> = seen.iter().filter(|&&pid| process_exists(pid)).collect();
    assert!(left.is_empty(), "workers left behind: {left:?}");
    (answered, busy)
}

/// A CLI killed with SIGKILL cannot clean up: its worker notices it is gone and ends.
#[test]
fn a_worker_does_not_outlive_a_killed_cli() {
    let dir = tempfile::tempdir().unwrap();
    let rows: String = (0..2000).map(|i| format!("{i},t{}\n", i % 7)).collect();
    let csv = write_file(dir.path(), "data/wide.csv", &format!("id,team\n{rows}"));
    let index = dir.path().join("index");
    ingest::ingest(&index, &[csv]).expect("ingest");
    let mut cli = Command::new(querycell_bin())
        .args(["sql", "--allow-sql", "--index", index.to_str().unwrap(), "--timeout-ms", "60000"])
        .arg("SELECT count(*) AS n FROM wide AS a, wide AS b, wide AS c WHERE a.id + b.id + c.id = 1")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("querycell");
    let cli_pid = cli.id();
    let worker = await_child(cli_pid, Duration::from_secs(10), "a worker", |_| true);
    std::thread::sleep(Duration::from_millis(300));
    cli.kill().unwrap();
    cli.wait().unwrap();
    let killed = Instant::now();
    while process_exists_unreaped(worker) {
        assert!(killed.elapsed() < Duration::from_secs(2), "worker {worker} outlived its CLI");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// The first child of `parent` for which `ready` holds, waited for up to `within`.
fn await_child(parent: u32, within: Duration, what: &str, ready: impl Fn(u32) -> bool) -> u32 {
    let started = Instant::now();
    loop {
        if let Some(pid) = children_of(parent).into_iter().find(|&pid| ready(pid)) {
            return pid;
        }
        assert!(started.elapsed() < within, "no {what} under process {parent} within {within:?}");
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// The processes whose parent is `parent`.
fn children_of(parent: u32) -> Vec<u32> {
    processes_whose_stat_field(1, parent)
}

/// The processes whose `nth` field of /proc/<pid>/stat after the name (0: state, 1: parent,
/// 2: process group) is `value`.
fn processes_whose_stat_field(nth: usize, value: u32) -> Vec<u32> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Some(pid) = entry.file_name().to_str().and_then(|n| n.parse::<u32>().ok()) else { continue };
        let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else { continue };
        let after_name = stat.rsplit(')').next().unwrap_or("");
        if after_name.split_whitespace().nth(nth).and_then(|p| p.parse::<u32>().ok()) == Some(value) {
            found.push(pid);
        }
    }
    found
}

/// A stand-in worker program that speaks the frame protocol and then misbehaves as
/// `behaviour` says: what a worker whose DuckDB was subverted could send back.
fn hostile_worker(dir: &Path, behaviour: &str) -> PathBuf {
    let python = Command::new("python3")
        .args(["-c", "import sys; print(sys.executable)"])
        .output()
        .expect("python3 is installed");
    let python = String::from_utf8(python.stdout).unwrap().trim().to_string();
    let script = format!(
        r#"#!{python}
import json, struct, sys, time
def read():
    header = sys.stdin.buffer.read(4)
    if len(header) < 4: sys.exit(0)
    return json.loads(sys.stdin.buffer.read(struct.unpack('<I', header)[0]))
def send(message):
    body = json.dumps(message).encode()
    sys.stdout.buffer.write(struct.pack('<I', len(body)) + body); sys.stdout.buffer.flush()
read()
send({{"Ready": {{"confinement": []}}}})
request = read()
behaviour = {behaviour:?}
if behaviour == "too_many_rows":
    send({{"Rows": {{"columns": [{{"name": "c0", "type_name": "BIGINT"}}], "rows": [[{{"Integer": 1}}]] * (request["max_rows"] + 5)}}}})
elif behaviour == "huge_frame":
    sys.stdout.buffer.write(struct.pack('<I', 0xFFFFFFF0)); sys.stdout.buffer.flush(); time.sleep(30)
elif behaviour == "garbage":
    sys.stdout.buffer.write(struct.pack('<I', 8) + b'not json'); sys.stdout.buffer.flush(); time.sleep(30)
elif behaviour == "silent":
    time.sleep(60)
"#
    );
    let path = dir.join(format!("hostile-worker-{behaviour}"));
    std::fs::write(&path, script).unwrap();
    let mut permissions = std::fs::metadata(&path).unwrap().permissions();
    std::os::unix::fs::PermissionsExt::set_mode(&mut permissions, 0o700);
    std::fs::set_permissions(&path, permissions).unwrap();
    path
}

/// The host holds a worker to the protocol and to its own row cap, and ends one that
/// breaks either; one that goes silent is killed at the deadline plus the grace.
#[test]
fn a_worker_that_lies_or_stalls_is_ended_with_a_typed_error() {
    let dir = tempfile::tempdir().unwrap();
    let index = incidents_index(dir.path());
    let limits = Limits { query_timeout: Duration::from_millis(300), ..Limits::default() };
    for (behaviour, code) in [
        ("too_many_rows", "query_worker_failed"),
        ("huge_frame", "query_worker_failed"),
        ("garbage", "query_worker_failed"),
        ("silent", "query_timeout"),
    ] {
        let executor = workers(
            &index,
            &limits,
            WorkerPolicy { prestart: 0, ..WorkerPolicy::new(hostile_worker(dir.path(), behaviour)) },
        );
        let started = Instant::now();
        let error = run_unchecked(&executor, "SELECT count(*) FROM incidents").expect_err(behaviour);
        assert_eq!(error.code, code, "{behaviour}: {error}");
        assert!(
            started.elapsed() < limits.query_timeout + Duration::from_secs(1),
            "{behaviour}: {:?}",
            started.elapsed()
        );
        assert!(executor.worker_pids().is_empty(), "{behaviour}: the worker was ended and forgotten");
    }
}

/// Workers start from the running binary itself, never by its path: a long-lived
/// `querycell mcp` whose binary is replaced in place after it started (an upgrade; here a
/// script that fails) still starts workers of its own version when it needs a new one, and
/// answers. Started by the path, the new worker would be the script.
#[test]
fn workers_start_from_the_running_binary_not_its_path() {
    use std::io::{BufRead, BufReader, Write};
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let index = incidents_index(dir.path());
    let bin = dir.path().join("bin").join("querycell");
    std::fs::create_dir_all(bin.parent().unwrap()).unwrap();
    std::fs::copy(querycell_bin(), &bin).expect("a copy of querycell");
    // A process another test forks while the copy is open for writing holds that descriptor
    // until it execs, and until then the kernel refuses to run the copy (ETXTBSY).
    let mut attempts = 0;
    let mut server = loop {
        let spawned = Command::new(&bin)
            .args(["mcp", "--index", index.to_str().unwrap()])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn();
        match spawned {
            Err(e) if e.kind() == std::io::ErrorKind::ExecutableFileBusy && attempts < 50 => {
                attempts += 1;
                std::thread::sleep(Duration::from_millis(20));
            }
            spawned => break spawned.expect("querycell mcp"),
        }
    };
    let pid = server.id();
    std::thread::spawn(move || {
        std::thread::sleep(Duration::from_secs(60));
        let _ = Command::new("kill").args(["-KILL", &pid.to_string()]).status();
    });
    let mut stdin = server.stdin.take().unwrap();
    let mut replies = BufReader::new(server.stdout.take().unwrap()).lines();
    let mut ask = |id: u64, messages: &[serde_json::Value]| -> serde_json::Value {
        for message in messages {
            writeln!(stdin, "{message}").unwrap();
        }
        loop {
            let line = replies.next().expect("the server answers").unwrap();
            let reply: serde_json::Value = serde_json::from_str(&line).unwrap();
            if reply["id"] == id {
                return reply;
            }
        }
    };
    let count = |id: u64| {
        serde_json::json!({"jsonrpc": "2.0", "id": id, "method": "tools/call", "params": {"name": "query",
            "arguments": {"table": "incidents", "aggregations": [{"function": "count"}]}}})
    };
    let rows = serde_json::json!([[INCIDENTS_CSV.lines().count() - 1]]);
    let initialize = serde_json::json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "raw", "version": "0"}}});
    ask(1, &[initialize]);
    let initialized = serde_json::json!({"jsonrpc": "2.0", "method": "notifications/initialized"});
    assert_eq!(ask(2, &[initialized, count(2)])["result"]["structuredContent"]["rows"], rows);

    // The upgrade: the path now names another program.
    std::fs::remove_file(&bin).unwrap();
    std::fs::write(&bin, "#!/bin/sh\nexit 1\n").unwrap();
    std::fs::set_permissions(&bin, std::fs::Permissions::from_mode(0o755)).unwrap();
    // Its worker ends, so the next answer needs a new one.
    let workers = children_of(pid);
    assert!(!workers.is_empty(), "the server has a worker");
    for worker in &workers {
        kill(*worker, "-KILL");
    }
    let killed = Instant::now();
    while !workers.iter().all(|&worker| reapable(worker)) {
        assert!(killed.elapsed() < Duration::from_secs(10), "the killed worker did not end");
        std::thread::sleep(Duration::from_millis(10));
    }
    let reply = ask(3, &[count(3)]);
    assert_eq!(
        reply["result"]["structuredContent"]["rows"], rows,
        "a new worker of the running binary answers: {reply}"
    );
    let new_workers = children_of(pid);
    assert!(new_workers.iter().all(|w| !workers.contains(w)), "the answer came from a new worker");
    drop(stdin);
    let _ = server.wait();
}

/// A prestarted worker's ready frame waits in its pipe until the first answer reads it; its
/// startup still says when the worker became ready (by the worker's own clock reading), not
/// when the frame was read, and that the answer did not wait for it.
#[test]
fn a_prestarted_workers_startup_is_timed_by_when_it_was_ready_not_when_it_was_read() {
    let dir = tempfile::tempdir().unwrap();
    let index = incidents_index(dir.path());
    let opened = Instant::now();
    let executor = workers(&index, &Limits::default(), policy());
    // Long after the worker has opened DuckDB (about 20 ms here, seconds on a loaded machine).
    let idle = Duration::from_secs(3);
    std::thread::sleep(idle);
    answers(&executor);
    let startup = executor.worker_startup().expect("the worker reported its startup");
    assert!(opened.elapsed() >= idle);
    assert!(
        startup.ready < idle - Duration::from_millis(500),
        "ready after {:?}: read time, not ready time",
        startup.ready
    );
    assert!(startup.ready >= startup.open, "{startup:?}");
    assert_eq!(startup.waited, Duration::ZERO, "the answer came after the worker was ready: {startup:?}");
}

/// The CLI forks its worker as it starts (it saves the worker the binary's own start), and
/// the worker keeps nothing of what the CLI was started with: no environment (here a secret
/// in it), none of its command line, no descriptor but its channels, stderr and the data file, none
/// of the secret anywhere in its writable memory; and it is confined as an executed one is.
#[test]
fn the_clis_worker_is_forked_as_it_starts_and_keeps_nothing_of_it() {
    use std::io::{Read, Write};
    use std::os::unix::fs::MetadataExt;
    let dir = tempfile::tempdir().unwrap();
    let index = incidents_index(dir.path());
    let secret = format!("qc-secret-{}-{:?}", std::process::id(), Instant::now());
    let mut cli = Command::new(querycell_bin())
        .args(["query", "--index", index.to_str().unwrap(), "--plan", "-", "--format", "json"])
        .env("QUERYCELL_TEST_SECRET", &secret)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("querycell");
    let cli_pid = cli.id();
    // The CLI opens the index, and hands its worker the data file, before it reads the plan.
    let started = Instant::now();
    let worker = await_child(cli_pid, Duration::from_secs(20), "a confined worker with the data file", |pid| {
        Path::new(&format!("/proc/{pid}/fd/3")).exists()
            && std::fs::read_to_string(format!("/proc/{pid}/status"))
                .is_ok_and(|s| s.lines().any(|l| l.starts_with("NoNewPrivs:") && l.ends_with('1')))
    });
    // Its descriptors once DuckDB has opened the data (again, through fd 3) and is ready.
    let index_data = std::fs::metadata(Catalog::data_path(&index)).unwrap();
    let is_data = |fd: &str| {
        std::fs::metadata(format!("/proc/{worker}/fd/{fd}"))
            .is_ok_and(|m| (m.dev(), m.ino()) == (index_data.dev(), index_data.ino()))
    };
    let fds = || -> BTreeSet<String> {
        std::fs::read_dir(format!("/proc/{worker}/fd"))
            .unwrap()
            .map(|entry| entry.unwrap().file_name().into_string().unwrap())
            .collect()
    };
    while !fds().iter().any(|fd| fd.parse::<u32>().is_ok_and(|n| n > 3) && is_data(fd)) {
        assert!(started.elapsed() < Duration::from_secs(20), "DuckDB did not open the data: {:?}", fds());
        std::thread::sleep(Duration::from_millis(5));
    }
    std::thread::sleep(Duration::from_millis(200));
    let fds = fds();
    let not_data: Vec<&String> =
        fds.iter().filter(|fd| !["0", "1", "2"].contains(&fd.as_str()) && !is_data(fd)).collect();
    let link = |fd: u32| std::fs::read_link(format!("/proc/{worker}/fd/{fd}")).unwrap().display().to_string();
    let (stdin_link, stdout_link) = (link(0), link(1));
    let data_on_3 = is_data("3");
    let cli_stdin = std::fs::read_link(format!("/proc/{cli_pid}/fd/0")).unwrap().display().to_string();
    let limits = std::fs::read_to_string(format!("/proc/{worker}/limits")).unwrap();
    let limit = |name: &str| -> Vec<String> {
        let line = limits.lines().find(|l| l.starts_with(name)).unwrap_or_else(|| panic!("no {name} in {limits}"));
        line[name.len()..].split_whitespace().take(2).map(String::from).collect()
    };
    let (data_limit, core_limit) = (limit("Max data size"), limit("Max core file size"));
    let environ = std::fs::read(format!("/proc/{worker}/environ")).unwrap();
    let cmdline = std::fs::read(format!("/proc/{worker}/cmdline")).unwrap();
    let worker_holds_secret = memory_holds(worker, secret.as_bytes());
    let cli_holds_secret = memory_holds(cli_pid, secret.as_bytes());

    cli.stdin.take().unwrap().write_all(br#"{"table": "incidents", "aggregations": [{"function": "count"}]}"#).unwrap();
    let mut stdout = String::new();
    cli.stdout.take().unwrap().read_to_string(&mut stdout).unwrap();
    let mut stderr = String::new();
    cli.stderr.take().unwrap().read_to_string(&mut stderr).unwrap();
    let status = cli.wait().unwrap();
    assert!(status.success(), "querycell query: {status}\nstdout: {stdout}\nstderr: {stderr}");
    let receipt: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(receipt["rows"], serde_json::json!([[INCIDENTS_CSV.lines().count() - 1]]), "{stdout}");
    assert_eq!(receipt["cost"]["process"]["worker"]["started_by"], "fork", "{stdout}");

    // Confined as an executed worker: its rlimits (and, above, no_new_privs from Landlock).
    // The CLI's query memory is this machine's (`Limits::for_machine`, one answer at once).
    let cli_memory = Limits::for_machine(querycell::machine::Machine::this(), 1, None).query_memory_bytes;
    let ceiling = (cli_memory + policy().memory_headroom_bytes).to_string();
    assert_eq!(data_limit, [ceiling.clone(), ceiling], "RLIMIT_DATA soft and hard");
    assert_eq!(core_limit, ["0", "0"], "RLIMIT_CORE soft and hard");
    assert!(data_on_3, "the index's data file on fd 3");
    assert!(not_data.is_empty(), "descriptors other than its channels, stderr and the data: {not_data:?} of {fds:?}");
    assert!(stdin_link.starts_with("socket:") && stdin_link != cli_stdin, "its own channel on stdin: {stdin_link}");
    assert!(stdout_link.starts_with("pipe:"), "a pipe on stdout: {stdout_link}");
    assert!(environ.iter().all(|&b| b == 0), "environment left: {}", String::from_utf8_lossy(&environ));
    // Only what `ps` shows for any worker: `querycell worker`, the rest erased.
    let shown: Vec<&[u8]> = cmdline.split(|&b| b == 0).filter(|word| !word.is_empty()).collect();
    assert_eq!(shown, [&b"querycell"[..], b"worker"], "command line: {}", String::from_utf8_lossy(&cmdline));
    // The same scan finds the secret where it is: the CLI's own environment.
    assert!(cli_holds_secret, "the memory scan finds the secret in the CLI");
    assert!(!worker_holds_secret, "the worker's memory holds the CLI's secret");
}

/// Whether `needle` is in any writable mapping of process `pid` (a descendant of this one,
/// so its memory is readable here).
fn memory_holds(pid: u32, needle: &[u8]) -> bool {
    use std::io::{Read, Seek, SeekFrom};
    let maps = std::fs::read_to_string(format!("/proc/{pid}/maps")).expect("maps");
    let mut memory = std::fs::File::open(format!("/proc/{pid}/mem")).expect("the worker's memory is readable");
    let mut scanned = 0usize;
    for line in maps.lines() {
        let mut fields = line.split_whitespace();
        let (Some(range), Some(perms)) = (fields.next(), fields.next()) else { continue };
        if !perms.starts_with("rw") {
            continue;
        }
        let (start, end) = range.split_once('-').unwrap();
        let (start, end) = (u64::from_str_radix(start, 16).unwrap(), u64::from_str_radix(end, 16).unwrap());
        let mut bytes = vec![0u8; (end - start) as usize];
        if memory.seek(SeekFrom::Start(start)).is_err() || memory.read_exact(&mut bytes).is_err() {
            // A mapping with nothing behind it yet ([vvar], a guard page): nothing to find.
            continue;
        }
        scanned += bytes.len();
        if bytes.windows(needle.len()).any(|window| window == needle) {
            return true;
        }
    }
    assert!(scanned > 0, "no memory of {pid} was readable");
    false
}

/// A process with threads (this test harness) cannot fork a worker: it is told so and its
/// pools execute theirs; the worker it is given is not forked.
#[test]
fn a_process_with_threads_executes_its_workers_instead_of_forking() {
    let dir = tempfile::tempdir().unwrap();
    let index = incidents_index(dir.path());
    let _other = std::thread::spawn(|| std::thread::sleep(Duration::from_millis(500)));
    let forked = querycell::ForkedWorker::fork_at_start().expect("the threads are counted");
    assert!(forked.is_none(), "a fork with other threads running");
    let policy = WorkerPolicy { forked_at_start: querycell::ForkedAtStart::new(forked), ..policy() };
    let executor = workers(&index, &Limits::default(), policy);
    answers(&executor);
    assert!(!executor.worker_startup().expect("started").forked);
}

/// A CLI that ends before it needs its forked worker (here: no such index) leaves no
/// process behind.
#[test]
fn a_forked_worker_the_cli_never_used_ends_with_it() {
    use std::os::unix::process::CommandExt;
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("no-index");
    // In a process group of its own, whose id is its pid: its forked worker is in it too.
    let cli = Command::new(querycell_bin())
        .args(["query", "--index", missing.to_str().unwrap(), "--plan", "-"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0)
        .spawn()
        .expect("querycell");
    let group = cli.id();
    let output = cli.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    let ended = Instant::now();
    loop {
        let left: Vec<u32> =
            processes_whose_stat_field(2, group).into_iter().filter(|&pid| process_exists_unreaped(pid)).collect();
        if left.is_empty() {
            break;
        }
        assert!(ended.elapsed() < Duration::from_secs(5), "left behind by the CLI: {left:?}");
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// A CLI under a policy opens the index once, under it: its one worker is the one forked as
/// it started, opened with the policy's views (not a worker opened without them, then
/// replaced by an executed one).
#[test]
fn a_cli_under_a_policy_answers_from_its_forked_worker() {
    let dir = tempfile::tempdir().unwrap();
    let index = incidents_index(dir.path());
    let policy = write_file(
        dir.path(),
        "policy.toml",
        "[tables.incidents]\nrow_filters = [{ column = \"team\", equals_context = \"team\" }]\n",
    );
    let plan =
        write_file(dir.path(), "plan.json", r#"{"table": "incidents", "aggregations": [{"function": "count"}]}"#);
    let output = Command::new(querycell_bin())
        .args(["query", "--index", index.to_str().unwrap(), "--format", "json", "--context", "team=Payments"])
        .arg("--policy")
        .arg(&policy)
        .arg("--plan")
        .arg(&plan)
        .output()
        .expect("querycell");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{output:?}");
    let receipt: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(receipt["rows"], serde_json::json!([[2]]), "Payments' rows only: {stdout}");
    assert_eq!(receipt["cost"]["process"]["worker"]["started_by"], "fork", "{stdout}");
}
