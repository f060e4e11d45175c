//! `scale`: querycell's whole CLI run against a plain open-and-query process on the same
//! data file, at 10 M, 30 M and 100 M generated orders (`QUERYCELL_BENCH_SCALE_ROWS`, a
//! comma-separated list; 0 skips), for the shapes a larger table is asked: four groups, a
//! distinct count, top customers, top orders (a group per order), a median by region; and one
//! question that must spill (top orders under a 256 MiB memory limit on both sides).
//!
//! Both sides are whole processes meeting the file with a warm page cache, alternated run by
//! run; each figure is the median of [`RUNS`]. querycell's run is split into what its receipt
//! says (the main statement, the null probe, the total count) so a ratio can be explained;
//! peak memory is the process tree's largest resident total sampled every 10 ms (the CLI and
//! its worker; the plain process), and temporary bytes the spill folder's largest size.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use querycell::catalog::Catalog;
use querycell::ingest;
use querycell::testing::Database;

/// Timed runs per side and shape, after one untimed.
const RUNS: usize = 3;

/// The questions, as a plan for querycell and the SQL a person would write for DuckDB.
const SHAPES: &[(&str, &str, &str)] = &[
    (
        "4 groups: sum by region",
        r#"{"table": "orders", "group_by": ["region"], "aggregations": [{"function": "sum", "column": "amount", "alias": "total"}], "order_by": [{"column": "region"}]}"#,
        "SELECT region, sum(amount) AS total FROM orders GROUP BY region ORDER BY region",
    ),
    (
        "distinct customers",
        r#"{"table": "orders", "aggregations": [{"function": "count_distinct", "column": "customer", "alias": "customers"}]}"#,
        "SELECT count(DISTINCT customer) AS customers FROM orders",
    ),
    (
        "top 10 customers by amount",
        r#"{"table": "orders", "group_by": ["customer"], "aggregations": [{"function": "sum", "column": "amount", "alias": "total"}], "order_by": [{"column": "total", "direction": "desc"}], "limit": 10}"#,
        "SELECT customer, sum(amount) AS total FROM orders GROUP BY customer ORDER BY total DESC LIMIT 10",
    ),
    (
        "top 10 orders by amount",
        r#"{"table": "orders", "group_by": ["order_id"], "aggregations": [{"function": "sum", "column": "amount", "alias": "total"}], "order_by": [{"column": "total", "direction": "desc"}], "limit": 10}"#,
        "SELECT order_id, sum(amount) AS total FROM orders GROUP BY order_id ORDER BY total DESC LIMIT 10",
    ),
    (
        "median amount by region",
        r#"{"table": "orders", "group_by": ["region"], "aggregations": [{"function": "median", "column": "amount", "alias": "median"}], "order_by": [{"column": "region"}]}"#,
        "SELECT region, median(amount) AS median FROM orders GROUP BY region ORDER BY region",
    ),
];

/// The shape that must spill, and the memory both sides get for it.
const SPILLING_SHAPE: usize = 3;
const SPILL_MEMORY_MB: u64 = 256;

pub(crate) fn scale_bench(dir: &Path) {
    let sizes = std::env::var("QUERYCELL_BENCH_SCALE_ROWS").unwrap_or_else(|_| "10000000,30000000,100000000".into());
    for rows in sizes.split(',').filter_map(|n| n.trim().parse::<u64>().ok()).filter(|&n| n > 0) {
        scale_at(dir, rows);
    }
}

fn scale_at(dir: &Path, rows: u64) {
    let (parquet, index) = (dir.join(format!("orders-{rows}.parquet")), dir.join(format!("scale-{rows}")));
    let maker = Database::in_memory(&[]).expect("maker");
    maker
        .execute_batch(&format!(
            "COPY (SELECT i AS order_id, 'C' || (hash(i) % {customers}) AS customer, \
             ['north', 'south', 'east', 'west'][1 + (i % 4)::INTEGER] AS region, \
             ((hash(i * 31) % 100000) / 100.0)::DECIMAL(10, 2) AS amount FROM range({rows}) AS r(i)) \
             TO '{}' (FORMAT parquet)",
            parquet.display(),
            customers = (rows / 8).max(1)
        ))
        .expect("generate the orders");
    let folder = dir.join(format!("orders-{rows}"));
    std::fs::create_dir_all(&folder).unwrap();
    let source = folder.join("orders.parquet");
    std::fs::rename(&parquet, &source).unwrap();
    let started = Instant::now();
    ingest::ingest(&index, &[folder]).expect("ingest the orders");
    let ingest_s = started.elapsed().as_secs_f64();
    let plain_table = dir.join(format!("plain-{rows}.duckdb"));
    let started = Instant::now();
    let plain = Database::open(&plain_table, querycell::testing::Access::ReadWrite, &[]).expect("plain file");
    plain
        .execute_batch(&format!("CREATE TABLE orders AS SELECT * FROM read_parquet('{}')", source.display()))
        .expect("plain CREATE TABLE AS");
    drop(plain);
    let plain_ingest_s = started.elapsed().as_secs_f64();
    let _ = std::fs::remove_file(&plain_table);
    println!(
        "\nscale: {rows} orders ({} customers, 4 regions); ingest {ingest_s:.1} s vs CREATE TABLE AS read_parquet {plain_ingest_s:.1} s: {:.2}x",
        (rows / 8).max(1),
        ingest_s / plain_ingest_s
    );
    println!(
        "  {:<28} {:>9} {:>9} {:>6} {:>9} {:>6}  {:>9} {:>8} {:>8}  querycell's receipt",
        "shape", "querycell", "DuckDB", "ratio", "its SQL", "ratio", "peak MiB", "DuckDB", "temp MiB"
    );
    let data = Catalog::data_path(&index);
    let spill_root = dir.join(format!("spill-{rows}"));
    for (n, (name, plan, sql)) in SHAPES.iter().enumerate() {
        measure(&Side::new(&index, &data, plan, sql, None, &spill_root), name);
        if n == SPILLING_SHAPE {
            let spilling = Side::new(&index, &data, plan, sql, Some(SPILL_MEMORY_MB), &spill_root);
            measure(&spilling, &format!("{name}, {SPILL_MEMORY_MB} MiB"));
        }
    }
    let _ = std::fs::remove_dir_all(&index);
    let _ = std::fs::remove_dir_all(dir.join(format!("orders-{rows}")));
}

/// One shape's two commands.
struct Side {
    querycell: Vec<String>,
    plain: Vec<String>,
    plain_settings: String,
    spill_root: PathBuf,
}

impl Side {
    fn new(index: &Path, data: &Path, plan: &str, sql: &str, memory_mb: Option<u64>, spill_root: &Path) -> Side {
        let config = index.with_extension(format!("{}.toml", memory_mb.unwrap_or(0)));
        let mut text = format!("spill_dir = \"{}\"\ntimeout_ms = 600000\n", spill_root.display());
        if let Some(mb) = memory_mb {
            text.push_str(&format!("query_memory_mb = {mb}\n"));
        }
        std::fs::write(&config, text).unwrap();
        let plan_file = index.with_extension("plan.json");
        std::fs::write(&plan_file, plan).unwrap();
        let querycell = ["query", "--index", &index.display().to_string(), "--config", &config.display().to_string()]
            .into_iter()
            .chain(["--plan", &plan_file.display().to_string(), "--format", "json"])
            .map(String::from)
            .collect();
        let plain =
            vec![crate::peers::PLAIN_QUERY.to_string(), data.display().to_string(), sql.to_string(), "[]".to_string()];
        let plain_settings = memory_mb.map_or(String::new(), |mb| format!("SET memory_limit = '{mb}MiB'"));
        Side { querycell, plain, plain_settings, spill_root: spill_root.to_path_buf() }
    }
}

/// One run: wall time, the process tree's peak resident bytes, the spill folders' peak
/// bytes, and what the process printed.
struct Run {
    seconds: f64,
    peak_bytes: u64,
    temp_bytes: u64,
    stdout: String,
}

fn run(mut command: Command, spill_root: &Path) -> Run {
    let started = Instant::now();
    let child = command.stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().expect("start");
    let pid = child.id();
    let (done, peak, temp) = (AtomicBool::new(false), AtomicU64::new(0), AtomicU64::new(0));
    let output = std::thread::scope(|scope| {
        scope.spawn(|| {
            while !done.load(Ordering::Relaxed) {
                peak.fetch_max(tree_resident_bytes(pid), Ordering::Relaxed);
                temp.fetch_max(folder_bytes(spill_root), Ordering::Relaxed);
                std::thread::sleep(Duration::from_millis(10));
            }
        });
        let output = child.wait_with_output().expect("wait");
        done.store(true, Ordering::Relaxed);
        output
    });
    let seconds = started.elapsed().as_secs_f64();
    assert!(
        output.status.success(),
        "{command:?}\nstdout:\n{}\nstderr:\n{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    Run {
        seconds,
        peak_bytes: peak.load(Ordering::Relaxed),
        temp_bytes: temp.load(Ordering::Relaxed),
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
    }
}

fn measure(side: &Side, name: &str) {
    let querycell_command = || {
        let mut command = Command::new(querycell_tests::querycell_bin());
        command.args(&side.querycell);
        command
    };
    let plain_command = || {
        let mut command = Command::new(std::env::current_exe().expect("this binary"));
        command.args(&side.plain).env(crate::peers::PLAIN_SETTINGS, &side.plain_settings);
        command
    };
    // One untimed run each: the page cache holds the file for every side; the first
    // receipt gives the statement querycell runs.
    let first = run(querycell_command(), &side.spill_root);
    run(plain_command(), &side.spill_root);
    let receipt: serde_json::Value = serde_json::from_str(&first.stdout).expect("a receipt");
    // DuckDB alone on the statement querycell ran (its receipt's SQL and parameters): the
    // gap to the hand-written SQL is what the statement carries for the receipt (the total
    // and null counts), the gap to querycell's run the rest of its machinery.
    let (executed, params) = (receipt["sql"].as_str().expect("sql").to_string(), receipt["params"].to_string());
    let executed_command = || {
        let mut command = Command::new(std::env::current_exe().expect("this binary"));
        command
            .args([crate::peers::PLAIN_QUERY, side.plain[1].as_str(), &executed, &params])
            .env(crate::peers::PLAIN_SETTINGS, &side.plain_settings);
        command
    };
    // The three alternate run by run, so a slow minute of the machine falls on each alike.
    let (mut ours, mut theirs, mut same_sql) = (Vec::new(), Vec::new(), Vec::new());
    for _ in 0..RUNS {
        ours.push(run(querycell_command(), &side.spill_root));
        theirs.push(run(plain_command(), &side.spill_root));
        same_sql.push(run(executed_command(), &side.spill_root));
    }
    let median = |runs: &mut Vec<Run>| -> Run {
        runs.sort_by(|a, b| a.seconds.total_cmp(&b.seconds));
        runs.remove(runs.len() / 2)
    };
    let (ours, theirs, same_sql) = (median(&mut ours), median(&mut theirs), median(&mut same_sql));
    let cost = &receipt["cost"];
    let phases = format!(
        "main {} ms, null probe {} ms, count {} ms",
        cost["main_ms"].as_f64().map_or("-".into(), |v| format!("{v:.0}")),
        cost["null_probe_ms"].as_f64().map_or("-".into(), |v| format!("{v:.0}")),
        cost["count_ms"].as_f64().map_or("-".into(), |v| format!("{v:.0}")),
    );
    println!(
        "  {name:<28} {:>8.2}s {:>8.2}s {:>5.2}x {:>8.2}s {:>5.2}x  {:>9} {:>8} {:>8}  {phases}",
        ours.seconds,
        theirs.seconds,
        ours.seconds / theirs.seconds,
        same_sql.seconds,
        ours.seconds / same_sql.seconds,
        ours.peak_bytes >> 20,
        theirs.peak_bytes >> 20,
        ours.temp_bytes >> 20,
    );
}

/// The resident bytes of `pid` and every process below it.
fn tree_resident_bytes(pid: u32) -> u64 {
    let mut total = 0;
    let mut pending = vec![pid];
    while let Some(pid) = pending.pop() {
        let Ok(status) = std::fs::read_to_string(format!("/proc/{pid}/status")) else { continue };
        total += status
            .lines()
            .find(|line| line.starts_with("VmRSS:"))
            .and_then(|line| line.split_whitespace().nth(1)?.parse::<u64>().ok())
            .map_or(0, |kib| kib * 1024);
        let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else { continue };
        for task in tasks.flatten() {
            let children = std::fs::read_to_string(task.path().join("children")).unwrap_or_default();
            pending.extend(children.split_whitespace().filter_map(|child| child.parse::<u32>().ok()));
        }
    }
    total
}

/// Bytes the files under `root` (and one level of folders) take on disk.
fn folder_bytes(root: &Path) -> u64 {
    let Ok(entries) = std::fs::read_dir(root) else { return 0 };
    let mut total = 0;
    for entry in entries.flatten() {
        let Ok(meta) = entry.metadata() else { continue };
        if meta.is_dir() {
            total += folder_bytes(&entry.path());
        } else {
            total += std::os::unix::fs::MetadataExt::blocks(&meta) * 512;
        }
    }
    total
}
