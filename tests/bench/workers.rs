//! Query workers: an answer through a warm worker, and the CLI's whole run.

use std::time::Duration;

use querycell::sandbox::Sandbox;
use querycell::{Limits, QueryCell, QueryIsolation, WorkerPolicy};

use crate::{Timing, PLAN};

/// Query workers on the demo table: a whole answer through a warm worker against the same
/// answer in-process (same run), and the CLI's whole run, whose worker starts with it.
pub(crate) fn worker_bench(in_process: &QueryCell, index: &std::path::Path, limits: &Limits) {
    const RUNS: u32 = 2_000;
    const WARMUP: u32 = 200;
    let isolation = QueryIsolation::Workers(WorkerPolicy::new(querycell_tests::querycell_bin()));
    let sandbox = Sandbox::bundled(limits.clone()).expect("load");
    let in_worker = QueryCell::open_isolated(index, sandbox, isolation).expect("open with workers");
    let local = Timing::measure(WARMUP, RUNS, || {
        in_process.query_plan(PLAN).expect("answers");
    });
    let worker = Timing::measure(WARMUP, RUNS, || {
        in_worker.query_plan(PLAN).expect("answers");
    });
    let plan_file = std::env::temp_dir().join(format!("querycell-bench-plan-{}.json", std::process::id()));
    std::fs::write(&plan_file, PLAN).expect("plan file");
    let cli = Timing::measure(3, 30, || {
        let output = std::process::Command::new(querycell_tests::querycell_bin())
            .args([
                "query",
                "--index",
                index.to_str().expect("UTF-8 path"),
                "--plan",
                plan_file.to_str().expect("UTF-8 path"),
            ])
            .output()
            .expect("querycell");
        assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    });
    let _ = std::fs::remove_file(&plan_file);
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    println!("query workers, demo table ({RUNS} answers each after {WARMUP}):");
    println!("  answer in-process                         {}", local.micros());
    println!("  answer through a warm worker              {}", worker.micros());
    println!("  p50 +{:.3} ms for the worker's round trip", ms(worker.p50().saturating_sub(local.p50())));
    println!("  the CLI's whole run (process, worker start, answer), 30 runs: {}", cli.micros());
}
