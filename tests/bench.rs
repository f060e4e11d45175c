//! `just bench`: what the sandbox costs, measured side by side in one run.
//!
//! Prints, for the same plan: native compile time vs the sandboxed call (fresh store +
//! instantiate + call), component load cold vs from the on-disk cache, and a whole answer
//! through querycell vs the same SQL on a plain DuckDB connection.

use std::time::{Duration, Instant};

use querycell::catalog::Catalog;
use querycell::sandbox::{Sandbox, BUNDLED_GUEST};
use querycell::{ingest, Limits, QueryCell};

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
    let wit_view = catalog.view(&limits);

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
    let read_only = duckdb::Config::default().access_mode(duckdb::AccessMode::ReadOnly).expect("config");
    let plain = duckdb::Connection::open_with_flags(Catalog::data_path(&index), read_only).expect("plain connection");
    let sql = answer.sql.clone();
    let direct = mean(100, || {
        let mut statement = plain.prepare(&sql).expect("prepare");
        let rows: Vec<String> = statement.query_map(duckdb::params!["P1", 6], |r| r.get::<_, String>(0)).expect("query").map(|r| r.unwrap()).collect();
        assert_eq!(rows.len(), answer.row_count);
    });
    println!(
        "whole answer (100 runs each): querycell {:.2} ms (compile + checks + main query + null probe), plain DuckDB prepare+run of the same SQL {:.2} ms, ratio {:.1}x",
        through_querycell.as_secs_f64() * 1e3,
        direct.as_secs_f64() * 1e3,
        through_querycell.as_secs_f64() / direct.as_secs_f64()
    );
}
