//! SQL mode: the sandboxed compile and the host's parse-tree check.

use std::time::Duration;

use querycell::catalog::Catalog;
use querycell::sandbox::Sandbox;
use querycell::testing::{Executor, Readable};
use querycell::Limits;

use crate::{Timing, SQL};

/// SQL mode on the demo table: the sandboxed compile, and the answer with the host's
/// parse-tree check (a first sight of a statement, and one seen before) against the same
/// compiled statement run with every other check but that one.
pub(crate) fn sql_mode_bench(
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
