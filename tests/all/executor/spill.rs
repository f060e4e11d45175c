//! Spilling inside a disk budget: a question that outgrows the query memory answers exactly
//! by writing DuckDB's temporary files to its worker's own folder, a question past the
//! budget is `query_disk`, and no folder outlives its worker, its pool, or a killed host.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use querycell::catalog::Catalog;
use querycell::sandbox::wit;
use querycell::testing::{Executor, Readable};
use querycell::{ErrorClass, Limits, WorkerPolicy};
use querycell_tests::{
    compiled, expression_columns, incidents_index, querycell_bin, snapshot_folder, write_file, INCIDENTS_CSV,
};

/// Groups of `x % groups` over `rows` numbers: a hash table of about 40 bytes a group, so
/// four million groups need far more than [`SMALL_MEMORY`].
fn group_count_sql(rows: u64, groups: u64) -> String {
    format!(
        "SELECT count(*) AS groups, sum(n) AS counted, min(n) AS fewest, max(n) AS most FROM \
         (SELECT x % {groups} AS g, count(*) AS n FROM range({rows}) AS t(x) GROUP BY g) AS per_group"
    )
}

const SMALL_MEMORY: u64 = 64 << 20;

fn spilling_limits(disk_bytes: u64) -> Limits {
    Limits {
        query_memory_bytes: SMALL_MEMORY,
        query_disk_bytes: disk_bytes,
        query_threads: 1,
        query_timeout: Duration::from_secs(120),
        ..Limits::default()
    }
}

fn executor(index: &Path, limits: &Limits, spill_root: &Path) -> Executor {
    let catalog = Catalog::load(index).expect("catalog");
    let tables = catalog.tables.iter().map(|t| t.name.clone());
    let data = std::fs::File::open(Catalog::data_path(index)).expect("data file");
    let policy = WorkerPolicy { spill_root: Some(spill_root.to_path_buf()), ..WorkerPolicy::new(querycell_bin()) };
    Executor::open_in_workers(data, limits, Readable::tables(tables), &policy).expect("worker executor")
}

/// Past the parse-tree allowlist (`range` is no catalog table), one statement.
fn run(executor: &Executor, sql: &str) -> Result<querycell::testing::Execution, querycell::Error> {
    let main = wit::Query { sql: sql.into(), params: vec![] };
    let count = wit::Query { sql: "SELECT 1".into(), params: vec![] };
    executor.run_without_parse_tree_check(&compiled(main, count, expression_columns(4), 10))
}

/// The worker folders under `root`, and the bytes their files hold.
fn folders(root: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(root) else { return vec![] };
    let mut found: Vec<PathBuf> = entries.map(|e| e.unwrap().path()).collect();
    found.sort();
    found
}

fn bytes_under(root: &Path) -> u64 {
    folders(root)
        .iter()
        .filter_map(|folder| std::fs::read_dir(folder).ok())
        .flatten()
        .filter_map(|entry| entry.ok()?.metadata().ok())
        .map(|meta| std::os::unix::fs::MetadataExt::blocks(&meta) * 512)
        .sum()
}

/// Run `work` while a thread samples the bytes under `root`; the work's result and the most
/// bytes seen.
fn sampling_spill<T>(root: &Path, work: impl FnOnce() -> T) -> (T, u64) {
    let (done, peak) = (AtomicBool::new(false), AtomicU64::new(0));
    let result = std::thread::scope(|scope| {
        scope.spawn(|| {
            while !done.load(Ordering::Relaxed) {
                peak.fetch_max(bytes_under(root), Ordering::Relaxed);
                std::thread::sleep(Duration::from_millis(5));
            }
        });
        let result = work();
        done.store(true, Ordering::Relaxed);
        result
    });
    (result, peak.load(Ordering::Relaxed))
}

#[test]
fn a_question_that_outgrows_memory_spills_and_answers_exactly_then_leaves_no_file() {
    let dir = tempfile::tempdir().unwrap();
    let index = incidents_index(dir.path());
    let before = snapshot_folder(&index);
    let root = dir.path().join("spill");
    let sql = group_count_sql(8_000_000, 4_000_000);

    let roomy = Limits { query_memory_bytes: 4 << 30, query_timeout: Duration::from_secs(120), ..Limits::default() };
    let catalog = Catalog::load(&index).unwrap();
    let tables = catalog.tables.iter().map(|t| t.name.clone());
    let plain = Executor::open(&Catalog::data_path(&index), &roomy, Readable::tables(tables)).unwrap();
    let expected = run(&plain, &sql).expect("DuckDB answers with room to spare").rows;
    assert_eq!(expected, vec![vec![serde_json::json!(4_000_000), 8_000_000.into(), 2.into(), 2.into()]]);

    let tight = executor(&index, &spilling_limits(1 << 30), &root);
    let (answer, peak) = sampling_spill(&root, || run(&tight, &sql));
    let answer = answer.expect("spilled, within the budget");
    assert_eq!(answer.rows, expected, "the spilled answer is DuckDB's own");
    assert!(peak > 1 << 20, "the answer spilled (peak {peak} bytes in the worker's folder)");
    eprintln!("spilled at most {} KiB", peak >> 10);

    // Without a disk budget the same question is refused for memory, as before.
    let no_disk = executor(&index, &spilling_limits(0), &dir.path().join("unused"));
    let refused = run(&no_disk, &sql).expect_err("no spill without a budget");
    assert_eq!(refused.code.as_str(), "query_memory", "{refused}");
    assert!(!dir.path().join("unused").exists(), "no budget, no folder");

    drop(tight);
    assert_eq!(folders(&root), Vec::<PathBuf>::new(), "the worker's folder went with its pool");
    assert_eq!(snapshot_folder(&index), before, "the index is unchanged");
}

#[test]
fn a_question_past_the_disk_budget_is_query_disk_and_leaves_no_file() {
    let dir = tempfile::tempdir().unwrap();
    let index = incidents_index(dir.path());
    let before = snapshot_folder(&index);
    let root = dir.path().join("spill");
    let budget = 8 << 20;
    let executor = executor(&index, &spilling_limits(budget), &root);
    let (refused, peak) = sampling_spill(&root, || run(&executor, &group_count_sql(40_000_000, 20_000_000)));
    let error = refused.expect_err("twenty million groups spill far more than 8 MiB");
    assert_eq!((error.code.as_str(), error.class), ("query_disk", ErrorClass::Limit), "{error}");
    assert!(error.message.contains("8 MiB of temporary disk space"), "{error}");
    eprintln!("{error}; peak {} KiB", peak >> 10);
    assert!(
        error.message.contains("max_temp_directory_size") || error.message.contains("failed to offload"),
        "DuckDB stopped at its budget, before the host's ceiling: {error}"
    );
    assert!(peak <= budget + (1 << 20), "the folder stayed within the budget: {peak} bytes");
    // The worker answers on after a refusal.
    let small = run(&executor, "SELECT count(*), 1, 2, 3 FROM incidents").expect("answers");
    assert_eq!(small.rows[0][0], serde_json::json!(INCIDENTS_CSV.lines().count() - 1));
    drop(executor);
    assert_eq!(folders(&root), Vec::<PathBuf>::new());
    assert_eq!(snapshot_folder(&index), before);
}

#[test]
fn a_killed_workers_folder_is_removed_and_the_next_worker_gets_a_new_one() {
    let dir = tempfile::tempdir().unwrap();
    let index = incidents_index(dir.path());
    let root = dir.path().join("spill");
    let executor = executor(&index, &spilling_limits(4 << 30), &root);
    let sql = group_count_sql(200_000_000, 50_000_000);
    let outcome = std::thread::scope(|scope| {
        let asking = scope.spawn(|| run(&executor, &sql));
        let give_up = Instant::now() + Duration::from_secs(60);
        while bytes_under(&root) == 0 && Instant::now() < give_up {
            std::thread::sleep(Duration::from_millis(5));
        }
        let [pid] = executor.worker_pids()[..] else { panic!("one worker") };
        let first = folders(&root);
        assert_eq!(first.len(), 1, "{first:?}");
        // SAFETY: kill sends SIGKILL to the worker process this test's executor started.
        assert_eq!(unsafe { libc::kill(pid as i32, libc::SIGKILL) }, 0);
        (asking.join().unwrap(), first)
    });
    let (error, first) = (outcome.0.expect_err("its worker was killed"), outcome.1);
    assert_eq!(error.code.as_str(), "query_worker_failed", "{error}");
    assert!(!first[0].exists(), "the dead worker's folder is gone as soon as the host knows");
    run(&executor, "SELECT 1, 2, 3, 4").expect("a new worker answers");
    let second = folders(&root);
    assert!(second.len() == 1 && second != first, "the new worker has a folder of its own: {second:?}");
}

/// A host killed outright removes nothing; the next querycell to start on the same spill
/// root removes what it left.
#[test]
fn folders_a_killed_host_left_are_removed_when_the_next_starts() {
    let dir = tempfile::tempdir().unwrap();
    let index = incidents_index(dir.path());
    let root = dir.path().join("spill");
    let config =
        write_file(dir.path(), "querycell.toml", &format!("query_disk_mb = 64\nspill_dir = \"{}\"\n", root.display()));
    let mut server = Command::new(querycell_bin())
        .args(["mcp", "--index"])
        .arg(&index)
        .arg("--config")
        .arg(&config)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("querycell mcp starts");
    let give_up = Instant::now() + Duration::from_secs(30);
    while folders(&root).is_empty() && Instant::now() < give_up {
        std::thread::sleep(Duration::from_millis(10));
    }
    let left = folders(&root);
    server.kill().unwrap();
    let status = server.wait().unwrap();
    assert_eq!(left.len(), 1, "the server's prestarted worker has a folder: {left:?} ({status})");
    std::thread::sleep(Duration::from_millis(600));
    assert!(left[0].exists(), "nobody removed it: its host was killed");

    let plan = r#"{"table": "incidents", "aggregations": [{"function": "count", "alias": "n"}]}"#;
    let output = Command::new(querycell_bin())
        .args(["query", "--index"])
        .arg(&index)
        .arg("--config")
        .arg(&config)
        .args(["--plan", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write;
            child.stdin.take().unwrap().write_all(plan.as_bytes())?;
            child.wait_with_output()
        })
        .unwrap();
    let (stdout, stderr) = (String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr));
    assert!(
        output.status.success(),
        "querycell query --config {}\nstdout:\n{stdout}\nstderr:\n{stderr}",
        config.display()
    );
    assert!(!left[0].exists(), "the next start removed the killed host's folder");
    assert_eq!(folders(&root), Vec::<PathBuf>::new(), "and its own went with it");
}

/// The host's own watch, for bytes DuckDB does not count: a worker whose folder passes the
/// budget plus `disk_headroom_bytes` is killed, whatever DuckDB says. The bytes are planted
/// from outside while a long query runs, as a DuckDB bug could write them.
#[test]
fn a_folder_past_the_hosts_ceiling_stops_its_worker() {
    let dir = tempfile::tempdir().unwrap();
    let index = incidents_index(dir.path());
    let root = dir.path().join("spill");
    let catalog = Catalog::load(&index).expect("catalog");
    let tables = catalog.tables.iter().map(|t| t.name.clone());
    let data = std::fs::File::open(Catalog::data_path(&index)).expect("data file");
    let policy = WorkerPolicy {
        spill_root: Some(root.clone()),
        disk_headroom_bytes: 1 << 20,
        ..WorkerPolicy::new(querycell_bin())
    };
    let executor = Executor::open_in_workers(data, &spilling_limits(8 << 20), Readable::tables(tables), &policy)
        .expect("worker executor");
    let started = Instant::now();
    let error = std::thread::scope(|scope| {
        let asking = scope.spawn(|| run(&executor, "SELECT count(*), 1, 2, 3 FROM range(100000000000) AS t(x)"));
        let give_up = Instant::now() + Duration::from_secs(30);
        while folders(&root).is_empty() && Instant::now() < give_up {
            std::thread::sleep(Duration::from_millis(5));
        }
        std::thread::sleep(Duration::from_millis(200));
        let [folder] = &folders(&root)[..] else { panic!("one worker folder: {:?}", folders(&root)) };
        std::fs::write(folder.join("planted.block"), vec![7u8; 12 << 20]).unwrap();
        asking.join().unwrap().expect_err("the worker is stopped")
    });
    assert_eq!((error.code.as_str(), error.class), ("query_disk", ErrorClass::Limit), "{error}");
    assert!(error.message.contains("over the 9 MiB ceiling"), "{error}");
    assert!(started.elapsed() < Duration::from_secs(60), "stopped by the watch, not the query's deadline");
    assert_eq!(folders(&root), Vec::<PathBuf>::new(), "the stopped worker's folder went with it");
}
