//! SQL mode: the whole answer through `QueryCell::query_sql` (its query in a query worker,
//! where SQL mode runs, with the reading proof) against the same statement on a plain
//! read-only DuckDB connection in the bench's own process, for a statement text seen for the
//! first time and for one seen before; then its pieces: the compile (native and sandboxed), the host's
//! parse-tree check (DuckDB's parse tree alone, then the whole check), and the executor with
//! and without that check.
//!
//! A "first sight" uses a new statement text on every call (the bench statement with its
//! alias renamed: the same tree shape and the same rows), so no memory keyed by text, in
//! the compiler's caller or in the host's check, can answer it. A first sight of new values
//! only (another `LIMIT`) is new to the compiler and to plain DuckDB, while the statement the
//! compiler returns is not new to the host. The figures that are
//! compared are measured interleaved, call by call, so a busy machine slows them alike.

use std::time::{Duration, Instant};

use querycell::catalog::Catalog;
use querycell::sandbox::{wit, Sandbox};
use querycell::testing::{parse_tree, Bind, CallerReading, Cell, Database, Executor, Param, ParseTreeCheck, Readable};
use querycell::Limits;

use crate::{Fresh, Timing, SQL};

const RUNS: u32 = 300;
const WARMUP: u32 = 50;

/// Run `calls` in turn, `warmup + runs` times, timing each call after the warm-up.
fn interleaved<const N: usize>(warmup: u32, runs: u32, mut calls: [&mut dyn FnMut(); N]) -> [Timing; N] {
    let mut samples: [Vec<Duration>; N] = std::array::from_fn(|_| Vec::with_capacity(runs as usize));
    for i in 0..warmup + runs {
        for (call, samples) in calls.iter_mut().zip(samples.iter_mut()) {
            let started = Instant::now();
            call();
            if i >= warmup {
                samples.push(started.elapsed());
            }
        }
    }
    samples.map(Timing::from_samples)
}

fn us(d: Duration) -> f64 {
    d.as_secs_f64() * 1e6
}

/// SQL mode on the demo table, whole and in pieces (see the module doc).
pub(crate) fn sql_mode_bench(
    index: &std::path::Path,
    sandbox: &Sandbox,
    views: (&querycell_guest::CatalogView, &wit::CatalogView),
    catalog: &Catalog,
    limits: &Limits,
) {
    let mut fresh = Fresh(0);
    whole_answers(index, limits, &mut fresh);
    new_values_answers(index, limits);
    compile_pieces(sandbox, views, &mut fresh);
    host_check_pieces(sandbox, views.1, catalog, &mut fresh);
    executor_pieces(index, sandbox, views.1, catalog, limits);
}

/// `QueryCell::query_sql` against the same statement bound and run on plain DuckDB.
fn whole_answers(index: &std::path::Path, limits: &Limits, fresh: &mut Fresh) {
    let cell = querycell_tests::sql_cell(index, limits.clone());
    let plain = crate::plain_duckdb(index, limits);
    let rows = cell.query_sql(SQL).expect("answers").row_count;
    let run_plain = |sql: &str| {
        let statement = plain.single_select(sql).expect("one SELECT");
        assert_eq!(statement.run(usize::MAX).expect("run").rows.len(), rows);
    };
    // The new text of this round, for the SQL-mode call and then for plain DuckDB.
    let text = std::cell::RefCell::new(String::new());
    // Each answer's receipt split (compile, main query), to say where a first sight's extra
    // time goes; the warm-up's are dropped below.
    let (mut receipts_first, mut receipts_seen) = (Vec::new(), Vec::new());
    let [answer_first, direct_first, answer_seen, direct_seen] = interleaved(
        WARMUP,
        RUNS,
        [
            &mut || {
                *text.borrow_mut() = fresh.next();
                let answer = cell.query_sql(&text.borrow()).expect("answers");
                assert_eq!(answer.row_count, rows);
                receipts_first.push(answer.cost);
            },
            &mut || run_plain(&text.borrow()),
            &mut || {
                receipts_seen.push(cell.query_sql(SQL).expect("answers").cost);
            },
            &mut || run_plain(SQL),
        ],
    );
    println!("SQL mode on the demo table ({RUNS} runs each after {WARMUP}, interleaved):");
    println!("  SQL-mode answer, first sight   {}", answer_first.micros());
    println!("  plain DuckDB, first sight      {}", direct_first.micros());
    println!("  SQL-mode answer, seen before   {}", answer_seen.micros());
    println!("  plain DuckDB, seen before      {}", direct_seen.micros());
    let over = |answer: &Timing, direct: &Timing| {
        format!(
            "{:+.1} µs ({:.2}x)",
            us(answer.p50()) - us(direct.p50()),
            answer.p50().as_secs_f64() / direct.p50().as_secs_f64()
        )
    };
    println!(
        "  SQL-mode answer p50 over plain DuckDB: first sight {}, seen before {}",
        over(&answer_first, &direct_first),
        over(&answer_seen, &direct_seen)
    );
    for (which, receipts) in [("first sight", &receipts_first), ("seen before", &receipts_seen)] {
        let p50 = |value: fn(&querycell::answer::AnswerCost) -> f64| {
            let mut values: Vec<f64> = receipts[WARMUP as usize..].iter().map(value).collect();
            values.sort_by(f64::total_cmp);
            values[values.len() / 2]
        };
        println!(
            "  receipt p50, {which} (10 µs resolution): compile {:.2} ms (sandboxed, or remembered), main query {:.2} ms (DuckDB's parse, the tree check, plan, run, read)",
            p50(|cost| cost.compile_ms),
            p50(|cost| cost.main_ms)
        );
    }
}

/// A first sight that differs from an earlier question only in a value (`LIMIT 5`, then
/// `LIMIT 6`, ...): new text for the compiler and for plain DuckDB, but the compiler binds the
/// value as a parameter, so the statement it returns is one the host has checked and DuckDB
/// has parsed before. What agents often ask; the worst case stays [`whole_answers`]' first
/// sight, where the compiled text is new too.
fn new_values_answers(index: &std::path::Path, limits: &Limits) {
    let cell = querycell_tests::sql_cell(index, limits.clone());
    let plain = crate::plain_duckdb(index, limits);
    let rows = cell.query_sql(SQL).expect("answers").row_count;
    let (base, last_value) = SQL.rsplit_once(' ').expect("the bench statement ends with its LIMIT");
    assert_eq!(last_value, "5", "the bench statement ends with LIMIT 5");
    // Any LIMIT from 5 up keeps the same rows, so every text answers alike.
    let mut value = 5usize;
    let text = std::cell::RefCell::new(String::new());
    let [answer, direct] = interleaved(
        WARMUP,
        RUNS,
        [
            &mut || {
                value += 1;
                *text.borrow_mut() = format!("{base} {value}");
                let answer = cell.query_sql(&text.borrow()).expect("answers");
                assert_eq!(answer.row_count, rows);
                assert!(!answer.cost.compile_cached, "a new text is compiled in the sandbox");
            },
            &mut || {
                let statement = plain.single_select(&text.borrow()).expect("one SELECT");
                assert_eq!(statement.run(usize::MAX).expect("run").rows.len(), rows);
            },
        ],
    );
    println!("  SQL-mode answer, first sight of new values only {}", answer.micros());
    println!("  plain DuckDB, the same texts                     {}", direct.micros());
    println!(
        "  new values only, p50 over plain DuckDB: {:+.1} µs ({:.2}x)",
        us(answer.p50()) - us(direct.p50()),
        answer.p50().as_secs_f64() / direct.p50().as_secs_f64()
    );
}

/// The compile alone: the native compiler and the sandboxed call, each on a new text.
fn compile_pieces(
    sandbox: &Sandbox,
    (native_view, wit_view): (&querycell_guest::CatalogView, &wit::CatalogView),
    fresh: &mut Fresh,
) {
    let texts: Vec<String> = (0..2 * (WARMUP + RUNS)).map(|_| fresh.next()).collect();
    let (mut native_texts, mut sandbox_texts) = (texts.iter().step_by(2), texts.iter().skip(1).step_by(2));
    let [native, sandboxed] = interleaved(
        WARMUP,
        RUNS,
        [
            &mut || {
                querycell_guest::compile_sql(native_texts.next().expect("a text per call"), native_view)
                    .expect("compiles natively");
            },
            &mut || {
                sandbox.compile_sql(sandbox_texts.next().expect("a text per call"), wit_view).expect("compiles");
            },
        ],
    );
    println!("  compile_sql, native            {}", native.micros());
    println!("  compile_sql, sandboxed         {}", sandboxed.micros());
    // Instructions, the same on every run of the same component: the guest's work without
    // the machine's noise.
    let (compiled, stats) = sandbox.compile_sql_measured(&fresh.next(), wit_view);
    compiled.expect("compiles");
    println!("  compile_sql, fuel used         {} instructions", stats.fuel_used);
}

/// The host's parse-tree check of a new compiled statement, whole; DuckDB's tree of it as
/// the check gets it (the parser called directly, no database); the same tree as a query
/// would get it (`json_serialize_sql`, prepared once, on an in-memory database with one
/// thread), which is how the check asked for it before; and SQL mode's reading proof of a new
/// text (both parsed, the trees compared), which a first sight pays in the query worker.
fn host_check_pieces(sandbox: &Sandbox, wit_view: &wit::CatalogView, catalog: &Catalog, fresh: &mut Fresh) {
    let texts: Vec<String> = (0..4 * (WARMUP + RUNS) + 1).map(|_| fresh.next()).collect();
    let compiled: Vec<_> =
        texts.iter().map(|text| sandbox.compile_sql(text, wit_view).expect("compiles").main).collect();
    let params_of = |query: &wit::Query| -> Vec<Param> {
        query
            .params
            .iter()
            .map(|p| match p {
                wit::Param::Text(text) => Param::Text(text.clone()),
                wit::Param::Integer(integer) => Param::Integer(*integer),
                other => panic!("the bench statement binds text and integers only, not {other:?}"),
            })
            .collect()
    };
    let params = params_of(&compiled[0]);
    let rows_read = match compiled[0].params.last() {
        Some(wit::Param::Integer(cap)) => *cap as usize,
        other => panic!("the row cap is the last parameter, not {other:?}"),
    };
    let mut check = ParseTreeCheck::open(catalog.tables.iter().map(|t| t.name.clone()));
    let parser = Database::in_memory(&["SET threads = 1".to_string()]).expect("in-memory database");
    let mut serialize =
        parser.prepare_single_select("SELECT json_serialize_sql(CAST(? AS VARCHAR))").expect("prepared");
    let mut tree_by_query = |sql: &str| {
        serialize.bind_all(&[Bind::Text(sql)]).expect("bound");
        match serialize.run(2).expect("a tree").rows.pop().and_then(|mut row| row.pop()) {
            Some(Cell::Text(json)) => json,
            other => panic!("DuckDB's tree is text, not {other:?}"),
        }
    };
    let json = parse_tree(&compiled[0].sql).expect("a tree");
    let mut for_direct = compiled[1..].iter().step_by(4);
    let mut for_query = compiled[2..].iter().step_by(4);
    let mut for_check = compiled[3..].iter().step_by(4);
    let mut for_proof = texts[4..].iter().zip(&compiled[4..]).step_by(4);
    let mut proving = ParseTreeCheck::open(catalog.tables.iter().map(|t| t.name.clone()));
    let [direct, by_query, whole, proof] = interleaved(
        WARMUP,
        RUNS,
        [
            &mut || {
                parse_tree(&for_direct.next().expect("a statement per call").sql).expect("a tree");
            },
            &mut || {
                tree_by_query(&for_query.next().expect("a statement per call").sql);
            },
            &mut || {
                check.check(&for_check.next().expect("a statement per call").sql, &params).expect("allowed");
            },
            &mut || {
                let (text, query) = for_proof.next().expect("a statement per call");
                let reading =
                    CallerReading { text: text.clone(), max_rows: wit_view.limits.max_rows, today: wit_view.today };
                proving
                    .prove_reading(&query.sql, &params_of(query), &reading, rows_read, || parse_tree(&query.sql))
                    .expect("DuckDB reads the text as the compiled statement");
            },
        ],
    );
    println!("  host check, whole, first sight {}", whole.micros());
    println!("    of which DuckDB's tree       {} ({} bytes of JSON)", direct.micros(), json.len());
    println!("    the tree by a query (before) {}", by_query.micros());
    println!(
        "  reading proof, first sight     {} (the caller's text and the statement parsed, both trees compared)",
        proof.micros()
    );
}

/// The executor on one compiled statement, without the parse-tree check and with it (the
/// statement seen before, and a new text of it each time).
fn executor_pieces(
    index: &std::path::Path,
    sandbox: &Sandbox,
    wit_view: &wit::CatalogView,
    catalog: &Catalog,
    limits: &Limits,
) {
    let compiled = sandbox.compile_sql(SQL, wit_view).expect("compiles");
    let tables = || catalog.tables.iter().map(|t| t.name.clone());
    let executor = Executor::open(&Catalog::data_path(index), limits, Readable::tables(tables())).expect("executor");
    // Another text each time, the same tree: a different run of trailing spaces.
    let mut variant = 0usize;
    let [unchecked, checked_seen, checked_first] = interleaved(
        WARMUP,
        RUNS,
        [
            &mut || {
                executor.run_without_parse_tree_check(&compiled).expect("answers");
            },
            &mut || {
                executor.run(&compiled).expect("answers");
            },
            &mut || {
                variant += 1;
                let mut new_text = compiled.clone();
                new_text.main.sql = format!("{}{}", compiled.main.sql, " ".repeat(variant));
                executor.run(&new_text).expect("answers");
            },
        ],
    );
    println!("  execute without the parse-tree check   {}", unchecked.micros());
    println!("  execute with it, statement seen before {}", checked_seen.micros());
    println!("  execute with it, first sight           {}", checked_first.micros());
}
