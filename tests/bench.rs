//! `just bench`: what safety costs, measured side by side in one run.
//!
//! Prints, for the same plan: native compile time vs the sandboxed call split into its
//! phases (store creation, instantiate, the export, store drop) for pooled and on-demand
//! instances, with and without fuel; component load cold vs from the on-disk cache; a whole
//! answer through querycell vs the same SQL on a plain DuckDB connection, on the demo table
//! (the README's plan, the demo's share + percentile + filtered-count plan, a plan over two tables
//! joined by a relationship and one whose aggregations read two tables' rows)
//! and on a generated 10 M-row table (`QUERYCELL_BENCH_ANSWER_ROWS`, 0 to skip); an answer
//! through a warm query worker vs in-process, and the CLI's whole run; SQL mode's
//! answer with and without the host's parse-tree check; and ingest of a large CSV (5 M rows;
//! `QUERYCELL_BENCH_ROWS` to change, 0 to skip) vs DuckDB's own `read_csv` into a table.
//! Timings are percentiles over many runs after a warm-up, never means: the machines are
//! noisy, and a tail is part of the cost.

use std::time::{Duration, Instant};

use querycell::catalog::Catalog;
use querycell::sandbox::{Sandbox, BUNDLED_GUEST};
use querycell::testing::Executor;
use querycell::testing::Readable;
use querycell::testing::{Access, Bind, Database};
use querycell::{ingest, EnginePolicy, Limits, QueryCell, QueryIsolation, SandboxEngine, WorkerPolicy};

const SQL: &str = "SELECT team, avg(ack_minutes) AS average_minutes FROM incidents WHERE severity = 'P1' GROUP BY team ORDER BY average_minutes DESC LIMIT 5";

/// min / p50 / p99 / max of `runs` timed calls after `warmup` untimed ones.
struct Timing {
    sorted: Vec<Duration>,
}

impl Timing {
    fn measure<F: FnMut()>(warmup: u32, runs: u32, mut f: F) -> Timing {
        for _ in 0..warmup {
            f();
        }
        let mut sorted: Vec<Duration> = (0..runs)
            .map(|_| {
                let started = Instant::now();
                f();
                started.elapsed()
            })
            .collect();
        sorted.sort();
        Timing { sorted }
    }

    fn from_samples(mut sorted: Vec<Duration>) -> Timing {
        sorted.sort();
        Timing { sorted }
    }

    fn percentile(&self, p: f64) -> Duration {
        let index = ((self.sorted.len() - 1) as f64 * p).round() as usize;
        self.sorted[index]
    }

    fn p50(&self) -> Duration {
        self.percentile(0.5)
    }

    /// `min / p50 / p99 / max` in microseconds.
    fn micros(&self) -> String {
        let us = |d: Duration| d.as_secs_f64() * 1e6;
        format!(
            "min {:.1} / p50 {:.1} / p99 {:.1} / max {:.1} µs",
            us(self.sorted[0]),
            us(self.p50()),
            us(self.percentile(0.99)),
            us(*self.sorted.last().expect("runs > 0"))
        )
    }
}

const PLAN: &str = r#"{"table": "incidents", "filters": [{"column": "severity", "op": "eq", "value": "P1"}],
  "group_by": ["team"], "aggregations": [{"function": "avg", "column": "ack_minutes", "alias": "average_minutes"}],
  "order_by": [{"column": "average_minutes", "direction": "desc"}], "limit": 5}"#;

fn micros(d: Duration) -> f64 {
    d.as_secs_f64() * 1e6
}

fn main() {
    let dir = tempfile::tempdir().expect("temp dir");
    let data = querycell_tests::workspace().join("host/demo/data");
    let index = dir.path().join("index");
    ingest::ingest(&index, &[data]).expect("ingest demo data");
    let catalog = Catalog::load(&index).expect("catalog");
    let limits = Limits::default();
    let today = querycell::Date::today_utc();
    let wit_view = catalog.view(&limits, today);

    println!("guest component: {} bytes ({:.2} MiB)", BUNDLED_GUEST.len(), BUNDLED_GUEST.len() as f64 / 1048576.0);

    let cache = dir.path().join("cache");
    let started = Instant::now();
    let sandbox = Sandbox::from_component_bytes(BUNDLED_GUEST, limits.clone(), Some(&cache)).expect("load");
    let cold = started.elapsed();
    let started = Instant::now();
    let _cached = Sandbox::from_component_bytes(BUNDLED_GUEST, limits.clone(), Some(&cache)).expect("load");
    let warm = started.elapsed();
    println!(
        "component load: cold compile {:.1} ms, from cache {:.1} ms (ratio {:.0}x)",
        cold.as_secs_f64() * 1e3,
        warm.as_secs_f64() * 1e3,
        cold.as_secs_f64() / warm.as_secs_f64()
    );

    // The native compiler with the same catalog, for the per-call overhead.
    let native_view = querycell_guest::CatalogView {
        tables: catalog
            .tables
            .iter()
            .map(|t| querycell_guest::model::Table {
                name: t.name.clone(),
                relation: Vec::new(),
                columns: t
                    .columns
                    .iter()
                    .map(|c| querycell_guest::model::Column {
                        name: c.name.clone(),
                        display_name: c.display_name.clone(),
                        sql_type: c.sql_type.clone(),
                        kind: match c.kind {
                            querycell::catalog::ValueKind::Text => querycell_guest::ValueKind::Text,
                            querycell::catalog::ValueKind::Integer => querycell_guest::ValueKind::Integer,
                            querycell::catalog::ValueKind::Float => querycell_guest::ValueKind::Float,
                            querycell::catalog::ValueKind::Boolean => querycell_guest::ValueKind::Boolean,
                            querycell::catalog::ValueKind::Date => querycell_guest::ValueKind::Date,
                            querycell::catalog::ValueKind::Timestamp => querycell_guest::ValueKind::Timestamp,
                            querycell::catalog::ValueKind::Other => querycell_guest::ValueKind::Other,
                        },
                    })
                    .collect(),
                policy: None,
            })
            .collect(),
        limits: Default::default(),
        today: today.days_since_epoch(),
        relationships: Vec::new(),
        metrics: Vec::new(),
        dialect: Default::default(),
    };
    sandbox_bench(&native_view, &wit_view, &limits);

    let cell = QueryCell::open(&index, limits.clone()).expect("open index");
    answer_bench("demo table (4 teams, 40 rows)", &cell, &index, PLAN, 200, 2_000);
    let targets = std::fs::read_to_string(querycell_tests::workspace().join("host/demo/plans/p1-targets-by-team.json"))
        .expect("the demo's targets plan");
    answer_bench("demo table, share + percentile + filtered count", &cell, &index, &targets, 200, 2_000);
    let by_region = std::fs::read_to_string(querycell_tests::workspace().join("host/demo/plans/ack-by-region.json"))
        .expect("the demo's two-table plan");
    answer_bench("two tables: P1 average by teams.region (a left join)", &cell, &index, &by_region, 200, 2_000);
    answer_bench("two grains: incidents and teams.headcount by region", &cell, &index, TWO_GRAINS, 200, 2_000);
    worker_bench(&cell, &index, &limits);

    sql_mode_bench(&index, &sandbox, &wit_view, &catalog, &limits);

    big_answer_bench(dir.path(), &limits);

    ingest_bench(dir.path());
}

/// Aggregations over two tables' rows in one plan: each grain's query, full-joined by region.
const TWO_GRAINS: &str = r#"{"table": "incidents", "group_by": ["teams.region"], "aggregations": [{"function": "count", "alias": "incidents"}, {"function": "sum", "column": "teams.headcount", "alias": "headcount"}]}"#;

/// Calls per sandbox figure, after the warm-up.
const SANDBOX_RUNS: u32 = 10_000;
const SANDBOX_WARMUP: u32 = 200;

/// The sandbox's cost per call, split into its phases, for each engine policy (pooled or
/// on-demand instances, fuel or epoch-only), against the native compiler on the same plan.
fn sandbox_bench(
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
        let whole = Timing::measure(SANDBOX_WARMUP, SANDBOX_RUNS, || {
            let (result, stats) = sandbox.compile_plan_measured(PLAN, wit_view);
            result.expect("compiles in the sandbox");
            phases.push(stats.phases);
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
}

/// A plan the compiler refuses at once: an unknown table.
const TINY_REFUSED: &str = r#"{"table": "nope"}"#;

/// A whole answer through the library (compile in the sandbox, host checks, query, null
/// counts) against the same SQL prepared and run on a plain read-only DuckDB connection.
fn answer_bench(label: &str, cell: &QueryCell, index: &std::path::Path, plan: &str, warmup: u32, runs: u32) {
    let answer = cell.query_plan(plan).expect("answers");
    let mut costs = Vec::with_capacity(runs as usize);
    let through_querycell = Timing::measure(warmup, runs, || {
        costs.push(cell.query_plan(plan).expect("answers").cost);
    });
    let millis = |pick: fn(&querycell::answer::AnswerCost) -> f64| {
        Timing::from_samples(
            costs.iter().rev().take(runs as usize).map(|c| Duration::from_secs_f64(pick(c) / 1e3)).collect(),
        )
    };
    let (compile, main) = (millis(|c| c.compile_ms), millis(|c| c.main_ms));
    let plain = Database::open(&Catalog::data_path(index), Access::ReadOnly, &[]).expect("plain connection");
    let binds: Vec<Bind<'_>> = answer
        .params
        .iter()
        .map(|p| match p {
            serde_json::Value::String(text) => Bind::Text(text),
            serde_json::Value::Number(n) => match n.as_i64() {
                Some(integer) => Bind::Integer(integer),
                None => Bind::Float(n.as_f64().expect("numeric parameters")),
            },
            other => panic!("the bench binds text and integers only, not {other}"),
        })
        .collect();
    // The same SQL prepared, bound and run on a plain connection, every row read.
    let run_plain = |database: &Database| {
        let mut statement = database.prepare_single_select(&answer.sql).expect("prepare");
        statement.bind_all(&binds).expect("bind");
        statement.run(usize::MAX).expect("run")
    };
    let direct = Timing::measure(warmup, runs, || {
        assert_eq!(run_plain(&plain).rows.len(), answer.row_count + usize::from(answer.truncated));
    });
    // The sandboxed compile alone, each call right after a plain DuckDB query: what the
    // compile costs once DuckDB has had the caches; and after a query on a one-thread
    // connection, to tell DuckDB's worker threads from the caches.
    let sandbox = Sandbox::bundled(Limits::default()).expect("load");
    let view = Catalog::load(index).expect("catalog").view(&Limits::default(), querycell::Date::today_utc());
    let one_thread = Database::open(&Catalog::data_path(index), Access::ReadOnly, &["SET threads = 1".to_string()])
        .expect("plain connection");
    let (mut interleaved, mut interleaved_one) = (Vec::with_capacity(runs as usize), Vec::with_capacity(runs as usize));
    for i in 0..warmup + runs {
        for (database, samples) in [(&one_thread, &mut interleaved_one), (&plain, &mut interleaved)] {
            run_plain(database);
            let started = Instant::now();
            sandbox.compile_plan(plan, &view).expect("compiles");
            if i >= warmup {
                samples.push(started.elapsed());
            }
        }
    }
    let interleaved = Timing::from_samples(interleaved);
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    println!("whole answer, {label} ({runs} runs each after {warmup}):");
    println!("  sandboxed compile alone, each right after a DuckDB query {}", interleaved.micros());
    println!(
        "  the same, after a query on a 1-thread connection        {}",
        Timing::from_samples(interleaved_one).micros()
    );
    println!("  querycell                                 {}", through_querycell.micros());
    println!("  plain DuckDB, prepare + run the same SQL  {}", direct.micros());
    println!(
        "  p50 {:.3} ms vs {:.3} ms: ratio {:.2}x, +{:.3} ms",
        ms(through_querycell.p50()),
        ms(direct.p50()),
        through_querycell.p50().as_secs_f64() / direct.p50().as_secs_f64(),
        ms(through_querycell.p50().saturating_sub(direct.p50()))
    );
    println!(
        "  querycell's receipt, p50 (10 µs resolution): compile {:.2} ms, main query (checks, prepare, run, read) {:.2} ms",
        ms(compile.p50()),
        ms(main.p50())
    );
}

/// Query workers on the demo table: a whole answer through a warm worker against the same
/// answer in-process (same run), and the CLI's whole run, whose worker starts with it.
fn worker_bench(in_process: &QueryCell, index: &std::path::Path, limits: &Limits) {
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

/// The same plan over a generated table of `QUERYCELL_BENCH_ANSWER_ROWS` rows (10 M by
/// default; 0 skips), loaded from Parquet so the table is ready in seconds.
fn big_answer_bench(dir: &std::path::Path, limits: &Limits) {
    let rows: u64 =
        std::env::var("QUERYCELL_BENCH_ANSWER_ROWS").ok().and_then(|v| v.parse().ok()).unwrap_or(10_000_000);
    if rows == 0 {
        return;
    }
    let data = dir.join("big-answer");
    std::fs::create_dir_all(&data).expect("folder");
    let maker = Database::in_memory(&[]).expect("maker");
    maker
        .execute_batch(&format!(
            "COPY (SELECT 'I-' || i AS incident_id, 'T' || (i % 50) AS team, 'P' || (1 + i % 3) AS severity, (i * 7) % 500 AS ack_minutes FROM range({rows}) AS r(i)) TO '{}' (FORMAT parquet)",
            data.join("incidents.parquet").display()
        ))
        .expect("generate");
    let index = dir.join("big-answer-index");
    ingest::ingest(&index, &[data]).expect("ingest");
    let cell = QueryCell::open(&index, limits.clone()).expect("open");
    answer_bench(&format!("{rows} rows"), &cell, &index, PLAN, 3, 20);
}

/// SQL mode on the demo table: the sandboxed compile, and the answer with the host's
/// parse-tree check (a first sight of a statement, and one seen before) against the same
/// compiled statement run with every other check but that one.
fn sql_mode_bench(
    index: &std::path::Path,
    sandbox: &Sandbox,
    view: &querycell::sandbox::wit::CatalogView,
    catalog: &Catalog,
    limits: &Limits,
) {
    let runs = 300;
    let compile = Timing::measure(50, runs, || {
        sandbox.compile_sql(SQL, view).expect("compiles in the sandbox");
    });
    let compiled = sandbox.compile_sql(SQL, view).expect("compiles");
    let tables = || catalog.tables.iter().map(|t| t.name.clone());
    let executor = Executor::open(&Catalog::data_path(index), limits, Readable::tables(tables())).expect("executor");
    let unchecked = Timing::measure(50, runs, || {
        executor.run_without_parse_tree_check(&compiled).expect("answers");
    });
    let checked_seen = Timing::measure(50, runs, || {
        executor.run(&compiled).expect("answers");
    });
    // Statements the check has not seen: the same statement with a different run of
    // trailing spaces each time (another text, the same tree).
    let mut variant = 0usize;
    let checked_first = Timing::measure(0, runs, || {
        variant += 1;
        let mut fresh = compiled.clone();
        fresh.main.sql = format!("{}{}", compiled.main.sql, " ".repeat(variant));
        executor.run(&fresh).expect("answers");
    });
    println!("SQL mode ({runs} runs after warm-up): sandboxed compile_sql {}", compile.micros());
    println!("  execute without the parse-tree check   {}", unchecked.micros());
    println!("  execute with it, statement seen before {}", checked_seen.micros());
    println!("  execute with it, first sight           {}", checked_first.micros());
    let us = |d: Duration| d.as_secs_f64() * 1e6;
    println!(
        "  SQL-mode answer p50 (compile + execute): {:.1} µs without the check, {:.1} µs with it (seen before), {:.1} µs with it (first sight)",
        us(compile.p50() + unchecked.p50()),
        us(compile.p50() + checked_seen.p50()),
        us(compile.p50() + checked_first.p50()),
    );
}

/// Ingest of a large CSV (careful typing, statistics, atomic swap) vs DuckDB's own
/// `CREATE TABLE AS SELECT * FROM read_csv(...)` on the same file, in the same run.
fn ingest_bench(dir: &std::path::Path) {
    use std::io::Write;
    let rows: usize = std::env::var("QUERYCELL_BENCH_ROWS").ok().and_then(|v| v.parse().ok()).unwrap_or(5_000_000);
    if rows == 0 {
        return;
    }
    let data = dir.join("big");
    std::fs::create_dir_all(&data).expect("folder");
    let csv = data.join("events.csv");
    let mut out = std::io::BufWriter::new(std::fs::File::create(&csv).expect("csv"));
    writeln!(out, "event_id,account,team,severity,minutes,cost,opened_at").unwrap();
    for i in 0..rows {
        writeln!(
            out,
            "E{i:08},{:05},T{},P{},{},{}.{:02},2026-{:02}-{:02}",
            i % 40_000,
            i % 50,
            1 + i % 3,
            i % 500,
            i % 1000,
            i % 100,
            1 + i % 12,
            1 + i % 28
        )
        .unwrap();
    }
    out.flush().unwrap();
    drop(out);
    let size = std::fs::metadata(&csv).unwrap().len();

    let started = Instant::now();
    let catalog = ingest::ingest(&dir.join("big-index"), &[data]).expect("ingest");
    let ours = started.elapsed();
    let types: Vec<String> = catalog.tables[0].columns.iter().map(|c| format!("{}={}", c.name, c.sql_type)).collect();

    let started = Instant::now();
    let plain = Database::open(&dir.join("plain.duckdb"), Access::ReadWrite, &[]).expect("plain db");
    plain
        .execute_batch(&format!("CREATE TABLE events AS SELECT * FROM read_csv('{}'); CHECKPOINT;", csv.display()))
        .expect("read_csv");
    drop(plain);
    let theirs = started.elapsed();
    println!(
        "ingest {rows} rows ({:.0} MiB CSV): querycell {:.2} s (text load, type profiling, statistics, checksum, swap), DuckDB read_csv into a table {:.2} s, ratio {:.1}x",
        size as f64 / 1048576.0,
        ours.as_secs_f64(),
        theirs.as_secs_f64(),
        ours.as_secs_f64() / theirs.as_secs_f64()
    );
    println!("  types decided: {}", types.join(", "));
}
