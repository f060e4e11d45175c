//! `just bench`: what safety costs, measured side by side in one run.
//!
//! Prints, for the same plan: native compile time vs the sandboxed call split into its
//! phases (store creation, instantiate, the export, store drop) for pooled and on-demand
//! instances, with and without fuel; component load cold vs from the on-disk cache; a whole
//! answer through querycell (the question asked again, its compile remembered, and a first
//! sight) vs the same SQL on a plain DuckDB connection, on the demo table
//! (the README's plan, the demo's share + percentile + filtered-count plan, a plan over two tables
//! joined by a relationship and one whose aggregations read two tables' rows), and the
//! related-table forms (`related`: roles, `exists`, `not_exists`, `"of"`) over generated
//! tickets against the same SQL and the SQL a person would write
//! and on a generated 10 M-row table (`QUERYCELL_BENCH_ANSWER_ROWS`, 0 to skip); an answer
//! through a warm query worker vs in-process, and the CLI's whole run; the compile cache's
//! hit rate on a repeated-question workload; its peers (`peers`: SQL mode against plain
//! DuckDB, duckdb-python and a sqlglot guardrail pipeline; the CLI against a plain
//! open-and-query process; MCP tool calls against plain DuckDB MCP servers); SQL mode's
//! answer with and without the host's parse-tree check; and ingest of four CSV shapes (the
//! events file, padded ids with dates and decimals, wide quoted text, timestamps; sized from
//! `QUERYCELL_BENCH_ROWS`, 5 M by default, 0 to skip) vs DuckDB's own `read_csv` into a table;
//! and at scale (`scale`: 10 M, 30 M and 100 M generated orders, `QUERYCELL_BENCH_SCALE_ROWS`)
//! the CLI's whole run against a plain process, with peak memory and spilled bytes.
//! Timings are percentiles over many runs after a warm-up, never means: the machines are
//! noisy, and a tail is part of the cost. `QUERYCELL_BENCH_ONLY=sql_mode,workers` runs only
//! the named sections (see [`SECTIONS`]).

mod answers;
mod cache;
mod cpu_time;
mod ingest_csv;
mod peers;
mod related;
mod sandbox;
mod scale;
mod served;
mod sql_mode;
mod workers;

use std::time::{Duration, Instant};

use querycell::catalog::Catalog;
use querycell::sandbox::{Sandbox, BUNDLED_GUEST};
use querycell::{ingest, Limits, QueryCell};

/// The bench's sections, in the order they run.
const SECTIONS: &[&str] = &[
    "sandbox",
    "answers",
    "related",
    "cache",
    "workers",
    "sql_mode",
    "peers",
    "big_answer",
    "served",
    "ingest",
    "scale",
];

/// Whether `section` runs: every section, unless `QUERYCELL_BENCH_ONLY` names some.
fn wanted(section: &str) -> bool {
    assert!(SECTIONS.contains(&section), "{section} is not in SECTIONS");
    match std::env::var("QUERYCELL_BENCH_ONLY") {
        Ok(only) if !only.trim().is_empty() => only.split(',').any(|name| name.trim() == section),
        _ => true,
    }
}

const SQL: &str = "SELECT team, avg(ack_minutes) AS average_minutes FROM incidents WHERE severity = 'P1' GROUP BY team ORDER BY average_minutes DESC LIMIT 5";

/// Whole CLI processes timed per figure (after 3 untimed), in `workers` and in `peers`: a
/// run is tens of milliseconds, and with 30 one slow half-minute of the machine moved the
/// median by a third.
const CLI_RUNS: u32 = 60;

/// The name in [`SQL`] that a first sight renames.
const VARIED_ALIAS: &str = "average_minutes";

/// [`SQL`] as a statement never seen before, variant `n`: its alias renamed, so the same
/// tree shape and the same rows, but a new text for the compiler *and* for the statement it
/// emits, so no memory keyed by text (the compile cache, the host's check, the worker's
/// kept parses, DuckDB's) can answer it. Trailing spaces would not do: the compiler drops
/// them, and querycell's executed statement would be one seen before.
fn first_sight_sql(n: usize) -> String {
    SQL.replace(VARIED_ALIAS, &format!("{VARIED_ALIAS}_{n}"))
}

/// New statement texts, one per call ([`first_sight_sql`] with the next variant).
struct Fresh(usize);

impl Fresh {
    fn next(&mut self) -> String {
        self.0 += 1;
        first_sight_sql(self.0)
    }
}

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

/// A plain read-only DuckDB connection to `index`'s data with the threads querycell's own
/// connection to it starts under `limits` ([`Limits::query_threads_for`]), so a ratio to it
/// measures the safety machinery, not a thread setting. (The Python peers and the plain
/// process keep DuckDB's default, as their users get it.)
fn plain_duckdb(index: &std::path::Path, limits: &Limits) -> querycell::testing::Database {
    let catalog = Catalog::load(index).expect("catalog");
    let largest_table_rows = catalog.tables.iter().map(|t| t.row_count).max().unwrap_or(0);
    let threads = limits.query_threads_for(largest_table_rows);
    querycell::testing::Database::open(
        &Catalog::data_path(index),
        querycell::testing::Access::ReadOnly,
        &[format!("SET threads = {threads}")],
    )
    .expect("plain connection")
}

fn micros(d: Duration) -> f64 {
    d.as_secs_f64() * 1e6
}

fn main() {
    // A plain open-and-query process for the `peers` section: before anything else runs.
    peers::plain_query_if_asked();
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
    if wanted("sandbox") {
        sandbox::sandbox_bench(&index, &native_view, &wit_view, &limits);
    }

    let cell = QueryCell::open(&index, limits.clone()).expect("open index");
    if wanted("answers") {
        demo_answers(&cell, &index);
    }
    if wanted("related") {
        related::related_bench(dir.path(), &limits);
    }
    if wanted("cache") {
        cache::cache_bench(&index, &limits);
    }
    if wanted("workers") {
        workers::worker_bench(&cell, &index, &limits);
    }
    if wanted("sql_mode") {
        sql_mode::sql_mode_bench(&index, &sandbox, (&native_view, &wit_view), &catalog, &limits);
    }
    if wanted("peers") {
        peers::peers_bench(&index, &limits);
    }
    if wanted("big_answer") {
        answers::big_answer_bench(dir.path(), &limits);
    }
    if wanted("served") {
        served::served_bench(dir.path());
    }
    if wanted("ingest") {
        ingest_csv::ingest_bench(dir.path());
    }
    if wanted("scale") {
        scale::scale_bench(dir.path());
    }
}

/// The demo table's plans, each against the same SQL on plain DuckDB.
fn demo_answers(cell: &QueryCell, index: &std::path::Path) {
    use answers::answer_bench;
    answer_bench("demo table (4 teams, 40 rows)", cell, index, PLAN, 200, 2_000);
    let targets = std::fs::read_to_string(querycell_tests::workspace().join("host/demo/plans/p1-targets-by-team.json"))
        .expect("the demo's targets plan");
    answer_bench("demo table, share + percentile + filtered count", cell, index, &targets, 200, 2_000);
    let by_region = std::fs::read_to_string(querycell_tests::workspace().join("host/demo/plans/ack-by-region.json"))
        .expect("the demo's two-table plan");
    answer_bench("two tables: P1 average by teams.region (a left join)", cell, index, &by_region, 200, 2_000);
    answer_bench("two grains: incidents and teams.headcount by region", cell, index, TWO_GRAINS, 200, 2_000);
}

/// Aggregations over two tables' rows in one plan: each grain's query, full-joined by region.
const TWO_GRAINS: &str = r#"{"table": "incidents", "group_by": ["teams.region"], "aggregations": [{"function": "count", "alias": "incidents"}, {"function": "sum", "column": "teams.headcount", "alias": "headcount"}]}"#;

/// Calls per sandbox figure, after the warm-up.
const SANDBOX_RUNS: u32 = 10_000;
const SANDBOX_WARMUP: u32 = 200;
