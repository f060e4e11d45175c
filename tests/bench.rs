//! `just bench`: what safety costs, measured side by side in one run.
//!
//! Prints, for the same plan: native compile time vs the sandboxed call (fresh store +
//! instantiate + call), component load cold vs from the on-disk cache, a whole answer
//! through querycell vs the same SQL on a plain DuckDB connection, SQL mode's answer with and
//! without the host's parse-tree check, and ingest of a large CSV (5 M rows;
//! `QUERYCELL_BENCH_ROWS` to change, 0 to skip) vs DuckDB's own `read_csv` into a table.
//! Timings are percentiles over many runs after a warm-up, never means: the machines are
//! noisy, and a tail is part of the cost.

use std::time::{Duration, Instant};

use querycell::catalog::Catalog;
use querycell::duck::{Access, Bind, Database};
use querycell::executor::Executor;
use querycell::sandbox::{Sandbox, BUNDLED_GUEST};
use querycell::{ingest, Limits, QueryCell};

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

fn mean<F: FnMut()>(runs: u32, mut f: F) -> Duration {
    f(); // warm-up
    let started = Instant::now();
    for _ in 0..runs {
        f();
    }
    started.elapsed() / runs
}

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
    println!("component load: cold compile {:.1} ms, from cache {:.1} ms (ratio {:.0}x)", cold.as_secs_f64() * 1e3, warm.as_secs_f64() * 1e3, cold.as_secs_f64() / warm.as_secs_f64());

    // The native compiler with the same catalog, for the per-call overhead.
    let native_view = querycell_guest::CatalogView {
        tables: catalog
            .tables
            .iter()
            .map(|t| querycell_guest::model::Table {
                name: t.name.clone(),
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
            })
            .collect(),
        limits: Default::default(),
        today: today.days_since_epoch(),
    };
    let runs = 300;
    let native = mean(runs, || {
        querycell_guest::compile_plan(PLAN, &native_view).expect("compiles natively");
    });
    let sandboxed = mean(runs, || {
        sandbox.compile_plan(PLAN, &wit_view).expect("compiles in the sandbox");
    });
    let (_, stats) = sandbox.compile_plan_measured(PLAN, &wit_view);
    println!(
        "compile one plan ({runs} runs each): native {:.1} µs, sandboxed {:.1} µs (fresh store + instantiate + call), overhead {:.1} µs, ratio {:.1}x; fuel used {}",
        micros(native),
        micros(sandboxed),
        micros(sandboxed.saturating_sub(native)),
        sandboxed.as_secs_f64() / native.as_secs_f64(),
        stats.fuel_used
    );

    let cell = QueryCell::open(&index, limits.clone()).expect("open index");
    let answer = cell.query_plan(PLAN).expect("answers");
    let through_querycell = mean(100, || {
        cell.query_plan(PLAN).expect("answers");
    });
    let plain = Database::open(&Catalog::data_path(&index), Access::ReadOnly, &[]).expect("plain connection");
    let sql = answer.sql.clone();
    let direct = mean(100, || {
        let mut statement = plain.prepare_single_select(&sql).expect("prepare");
        statement.bind_all(&[Bind::Text("P1"), Bind::Integer(6)]).expect("bind");
        let mut result = statement.execute().expect("run");
        assert_eq!(result.row_count(), answer.row_count);
    });
    println!(
        "whole answer (100 runs each): querycell {:.2} ms (compile + checks + main query + null probe), plain DuckDB prepare+run of the same SQL {:.2} ms, ratio {:.1}x",
        through_querycell.as_secs_f64() * 1e3,
        direct.as_secs_f64() * 1e3,
        through_querycell.as_secs_f64() / direct.as_secs_f64()
    );

    sql_mode_bench(&index, &sandbox, &wit_view, &catalog, &limits);

    ingest_bench(dir.path());
}

/// SQL mode on the demo table: the sandboxed compile, and the answer with the host's
/// parse-tree check (a first sight of a statement, and one seen before) against the same
/// compiled statement run with every other check but that one.
fn sql_mode_bench(index: &std::path::Path, sandbox: &Sandbox, view: &querycell::sandbox::wit::CatalogView, catalog: &Catalog, limits: &Limits) {
    let runs = 300;
    let compile = Timing::measure(50, runs, || {
        sandbox.compile_sql(SQL, view).expect("compiles in the sandbox");
    });
    let compiled = sandbox.compile_sql(SQL, view).expect("compiles");
    let tables = || catalog.tables.iter().map(|t| t.name.clone());
    let executor = Executor::open(&Catalog::data_path(index), limits, tables()).expect("executor");
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
        writeln!(out, "E{i:08},{:05},T{},P{},{},{}.{:02},2026-{:02}-{:02}", i % 40_000, i % 50, 1 + i % 3, i % 500, i % 1000, i % 100, 1 + i % 12, 1 + i % 28).unwrap();
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
    plain.execute_batch(&format!("CREATE TABLE events AS SELECT * FROM read_csv('{}'); CHECKPOINT;", csv.display())).expect("read_csv");
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
