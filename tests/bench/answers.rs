//! Whole answers through the library against the same SQL on a plain DuckDB connection.

use std::time::{Duration, Instant};

use querycell::catalog::Catalog;
use querycell::sandbox::Sandbox;
use querycell::testing::{Access, Bind, Database};
use querycell::{ingest, Limits, QueryCell};

use crate::{Timing, PLAN};

/// A whole answer through the library (compile in the sandbox, host checks, query, null
/// counts) against the same SQL parsed, bound and run on a plain read-only DuckDB connection.
/// Returns the answer asked again's timing, for the caller's own comparisons.
pub(crate) fn answer_bench(
    label: &str,
    cell: &QueryCell,
    index: &std::path::Path,
    plan: &str,
    warmup: u32,
    runs: u32,
) -> Timing {
    let answer = cell.query_plan(plan).expect("answers");
    let mut costs = Vec::with_capacity(runs as usize);
    let through_querycell = Timing::measure(warmup, runs, || {
        costs.push(cell.query_plan(plan).expect("answers").cost);
    });
    // A first sight of the question each time: the same plan with another run of trailing
    // spaces, so the compile cache misses and the sandbox compiles.
    let mut variant = 0usize;
    let first_sight = Timing::measure(warmup, runs, || {
        variant += 1;
        let answer = cell.query_plan(&format!("{plan}{}", " ".repeat(variant))).expect("answers");
        assert!(!answer.cost.compile_cached);
    });
    let millis = |pick: fn(&querycell::answer::AnswerCost) -> f64| {
        Timing::from_samples(
            costs.iter().rev().take(runs as usize).map(|c| Duration::from_secs_f64(pick(c) / 1e3)).collect(),
        )
    };
    let (compile, main) = (millis(|c| c.compile_ms), millis(|c| c.main_ms));
    let plain = crate::plain_duckdb(index, cell.limits());
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
    // The same SQL parsed, bound and run on a plain connection (planned once, as querycell
    // runs it), every row read.
    let run_plain = |database: &Database| {
        let mut statement = database.single_select(&answer.sql).expect("one SELECT");
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
    println!("  querycell, the question asked again       {}", through_querycell.micros());
    println!("  querycell, a first sight of the question  {}", first_sight.micros());
    println!("  plain DuckDB, the same SQL bound and run  {}", direct.micros());
    for (which, timing) in [("asked again", &through_querycell), ("first sight", &first_sight)] {
        println!(
            "  {which}: p50 {:.3} ms vs {:.3} ms: ratio {:.2}x, {:+.3} ms",
            ms(timing.p50()),
            ms(direct.p50()),
            timing.p50().as_secs_f64() / direct.p50().as_secs_f64(),
            ms(timing.p50()) - ms(direct.p50())
        );
    }
    println!(
        "  querycell's receipt, p50 (10 µs resolution): compile {:.2} ms, main query (checks, plan, run, read) {:.2} ms",
        ms(compile.p50()),
        ms(main.p50())
    );
    through_querycell
}

/// The same plan over a generated table of `QUERYCELL_BENCH_ANSWER_ROWS` rows (10 M by
/// default; 0 skips), loaded from Parquet so the table is ready in seconds.
pub(crate) fn big_answer_bench(dir: &std::path::Path, limits: &Limits) {
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
