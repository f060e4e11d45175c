//! Guest calls: the native compiler against the sandboxed call, split into its phases; and
//! the same call right after other work, which is how an answer calls it.

use std::path::Path;
use std::time::Duration;

use querycell::sandbox::Sandbox;
use querycell::{EnginePolicy, Limits, SandboxEngine};

use crate::{micros, Timing, PLAN, SANDBOX_RUNS, SANDBOX_WARMUP};

/// The sandbox's cost per call, split into its phases, for each engine policy (pooled or
/// on-demand instances, fuel or epoch-only), against the native compiler on the same plan.
pub(crate) fn sandbox_bench(
    index: &Path,
    native_view: &querycell_guest::CatalogView,
    wit_view: &querycell::sandbox::wit::CatalogView,
    limits: &Limits,
) {
    let native = Timing::measure(SANDBOX_WARMUP, SANDBOX_RUNS, || {
        querycell_guest::compile_plan(PLAN, native_view).expect("compiles natively");
    });
    let native_refusal = Timing::measure(SANDBOX_WARMUP, SANDBOX_RUNS, || {
        querycell_guest::compile_plan(TINY_REFUSED, native_view).expect_err("refused natively");
    });
    println!("guest calls ({SANDBOX_RUNS} each after {SANDBOX_WARMUP} warm-up calls):");
    println!("  native compiler, real plan        {}", native.micros());
    println!("  native compiler, refused plan     {}", native_refusal.micros());
    let mut overheads = Vec::new();
    for (label, policy) in [
        ("pooled, fuel", EnginePolicy::default()),
        ("pooled, epoch only", EnginePolicy { fuel: false, ..EnginePolicy::default() }),
        ("on-demand, fuel", EnginePolicy { pool_slots: None, ..EnginePolicy::default() }),
        ("on-demand, epoch only", EnginePolicy { pool_slots: None, fuel: false, ..EnginePolicy::default() }),
    ] {
        let engine = SandboxEngine::new(policy).expect("engine");
        let sandbox = Sandbox::bundled_on(&engine, limits.clone()).expect("load");
        let refused = Timing::measure(SANDBOX_WARMUP, SANDBOX_RUNS, || {
            sandbox.compile_plan(TINY_REFUSED, wit_view).expect_err("refused");
        });
        let mut phases = Vec::with_capacity(SANDBOX_RUNS as usize);
        let mut fuel_used = 0;
        let whole = Timing::measure(SANDBOX_WARMUP, SANDBOX_RUNS, || {
            let (result, stats) = sandbox.compile_plan_measured(PLAN, wit_view);
            result.expect("compiles in the sandbox");
            phases.push(stats.phases);
            fuel_used = stats.fuel_used;
        });
        let phase = |pick: fn(&querycell::sandbox::CallPhases) -> Duration| {
            Timing::from_samples(phases.iter().map(pick).collect())
        };
        println!("  {label}:");
        println!("    refused plan, whole call        {}", refused.micros());
        println!("    real plan, whole call           {}", whole.micros());
        println!("      store creation                {}", phase(|p| p.new_store).micros());
        println!("      instantiate                   {}", phase(|p| p.instantiate).micros());
        println!("      the export (guest work)       {}", phase(|p| p.export).micros());
        if fuel_used > 0 {
            // Instructions, counted the same way every run: the guest's work without the noise.
            println!("      fuel used (instructions)      {fuel_used}");
        }
        println!("      store drop                    {}", phase(|p| p.drop_store).micros());
        overheads.push((
            label,
            whole.p50().saturating_sub(native.p50()),
            whole.percentile(0.99).saturating_sub(native.percentile(0.99)),
        ));
        phases.clear();
    }
    for (label, p50, p99) in overheads {
        println!(
            "  sandbox overhead, {label:<22} p50 {:.1} µs, p99 {:.1} µs (sandboxed minus native)",
            micros(p50),
            micros(p99)
        );
    }
    after_other_work(index, wit_view, limits);
}

/// Calls per case of [`after_other_work`], after as many again unmeasured.
const AFTER_RUNS: u32 = 1_000;

/// The pooled call with fuel, each right after some other work: inside an answer the
/// compile follows DuckDB's work on the previous question, and runs several times slower
/// than back to back. Beside a DuckDB query: a trivial one, overwriting more memory than the
/// caches hold (what a flush of the data caches alone costs), and sleeping (what a core left
/// idle costs).
fn after_other_work(index: &Path, wit_view: &querycell::sandbox::wit::CatalogView, limits: &Limits) {
    let sandbox = Sandbox::bundled_on(&SandboxEngine::new(EnginePolicy::default()).expect("engine"), limits.clone())
        .expect("load");
    let plain = crate::plain_duckdb(index, limits);
    let mut memory = vec![0u8; 32 << 20];
    let query = "SELECT team, avg(ack_minutes) FROM incidents WHERE severity = 'P1' GROUP BY team";
    let mut cases: [(&str, &mut dyn FnMut()); 5] = [
        ("back to back", &mut || {}),
        ("after a DuckDB GROUP BY", &mut || {
            plain.query(query).expect("plain DuckDB answers");
        }),
        ("after DuckDB's SELECT 1", &mut || {
            plain.query("SELECT 1").expect("plain DuckDB answers");
        }),
        ("after overwriting 32 MiB", &mut || {
            memory.iter_mut().for_each(|b| *b = b.wrapping_add(1));
            std::hint::black_box(&memory);
        }),
        ("after sleeping 1 ms", &mut || std::thread::sleep(Duration::from_millis(1))),
    ];
    println!("  pooled, fuel, real plan, each call right after other work ({AFTER_RUNS} calls each), p50:");
    for (label, before) in cases.iter_mut() {
        let mut calls = Vec::with_capacity(AFTER_RUNS as usize);
        for call in 0..2 * AFTER_RUNS {
            before();
            let (result, stats) = sandbox.compile_plan_measured(PLAN, wit_view);
            result.expect("compiles in the sandbox");
            if call >= AFTER_RUNS {
                calls.push(stats);
            }
        }
        let p50 = |pick: &dyn Fn(&querycell::sandbox::CallStats) -> Duration| {
            micros(Timing::from_samples(calls.iter().map(pick).collect()).p50())
        };
        println!(
            "    {label:<26} whole {:6.1} µs: store and instantiate {:5.1}, the export {:6.1}, store drop {:5.1}",
            p50(&|c| c.elapsed),
            p50(&|c| c.phases.new_store + c.phases.instantiate),
            p50(&|c| c.phases.export),
            p50(&|c| c.phases.drop_store)
        );
    }
}

/// A plan the compiler refuses at once: an unknown table.
const TINY_REFUSED: &str = r#"{"table": "nope"}"#;
