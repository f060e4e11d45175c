//! Ingest of a large CSV against DuckDB's own `read_csv` into a table.

use std::time::Instant;

use querycell::ingest;
use querycell::testing::{Access, Database};

/// Ingest of a large CSV (careful typing, statistics, atomic swap) vs DuckDB's own
/// `CREATE TABLE AS SELECT * FROM read_csv(...)` on the same file, in the same run.
pub(crate) fn ingest_bench(dir: &std::path::Path) {
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
