//! Query workers: an answer through a warm worker, and the CLI's whole run with its phases.

use std::time::Duration;

use querycell::sandbox::Sandbox;
use querycell::{Limits, QueryCell, QueryIsolation, WorkerPolicy};

use crate::{Timing, CLI_RUNS, PLAN};

/// Query workers on the demo table: a whole answer through a warm worker against the same
/// answer in-process (same run), and the CLI's whole run, whose worker starts with it.
pub(crate) fn worker_bench(in_process: &QueryCell, index: &std::path::Path, limits: &Limits) {
    const RUNS: u32 = 2_000;
    const WARMUP: u32 = 200;
    let isolation = QueryIsolation::Workers(WorkerPolicy::new(querycell_tests::querycell_bin()));
    let sandbox = Sandbox::bundled(limits.clone()).expect("load");
    let in_worker = QueryCell::builder(index).sandbox(sandbox).isolation(isolation).open().expect("open with workers");
    let local = Timing::measure(WARMUP, RUNS, || {
        in_process.query_plan(PLAN).expect("answers");
    });
    let worker = Timing::measure(WARMUP, RUNS, || {
        in_worker.query_plan(PLAN).expect("answers");
    });
    let plan_file = std::env::temp_dir().join(format!("querycell-bench-plan-{}.json", std::process::id()));
    std::fs::write(&plan_file, PLAN).expect("plan file");
    let mut phases: Vec<serde_json::Value> = Vec::new();
    let cli = Timing::measure(3, CLI_RUNS, || {
        let output = std::process::Command::new(querycell_tests::querycell_bin())
            .args([
                "query",
                "--index",
                index.to_str().expect("UTF-8 path"),
                "--plan",
                plan_file.to_str().expect("UTF-8 path"),
                "--format",
                "json",
            ])
            .output()
            .expect("querycell");
        assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
        let receipt: serde_json::Value = serde_json::from_slice(&output.stdout).expect("a JSON receipt");
        phases.push(receipt["cost"].clone());
    });
    let _ = std::fs::remove_file(&plan_file);
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    println!("query workers, demo table ({RUNS} answers each after {WARMUP}):");
    println!("  answer in-process                         {}", local.micros());
    println!("  answer through a warm worker              {}", worker.micros());
    println!("  p50 {:+.3} ms for the worker's round trip", ms(worker.p50()) - ms(local.p50()));
    println!("  the CLI's whole run (process, worker start, answer), {CLI_RUNS} runs: {}", cli.micros());
    print_phase_split(&phases[phases.len().saturating_sub(CLI_RUNS as usize)..]);
}

/// The median of each of the CLI's phases (`cost.process` and the answer's own `cost` in
/// its `--format json` receipt) over the measured runs. The worker's phases run in its own
/// process, beside the component load and the compile: they do not add up to the total.
fn print_phase_split(costs: &[serde_json::Value]) {
    let median = |path: &[&str]| {
        let mut values: Vec<f64> = costs
            .iter()
            .filter_map(|cost| path.iter().try_fold(cost, |value, key| value.get(key)).and_then(|v| v.as_f64()))
            .collect();
        values.sort_by(f64::total_cmp);
        values.get(values.len() / 2).map_or_else(|| "-".to_string(), |v| format!("{v:.2}"))
    };
    let forked = costs.iter().filter(|cost| cost["process"]["worker"]["started_by"] == "fork").count();
    println!("  its phases, median ms (from main; the worker's beside the host's, not added):");
    println!("    worker forked as the CLI started, not executed  {forked} of {} runs", costs.len());
    for (label, path) in [
        ("main to answer", &["process", "total_ms"][..]),
        ("open (index, worker start, component load)", &["process", "open_ms"]),
        ("  component load (its own thread)", &["process", "component_load_ms"]),
        ("  worker spawn (handing over the forked one)", &["process", "worker", "spawn_ms"]),
        ("  worker spawn to ready", &["process", "worker", "ready_ms"]),
        ("    in the worker: setup read", &["process", "worker", "setup_ms"]),
        ("    in the worker: confinement", &["process", "worker", "confine_ms"]),
        ("    in the worker: DuckDB open", &["process", "worker", "open_ms"]),
        ("answer", &["process", "answer_ms"]),
        ("  compile", &["compile_ms"]),
        ("  waited for the worker", &["process", "worker", "waited_ms"]),
        ("  main query (with the wait)", &["main_ms"]),
    ] {
        println!("    {label:<46} {}", median(path));
    }
}
