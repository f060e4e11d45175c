//! The sandbox-boundary fuzz target's oracles on stable (`fuzz/sandbox/boundary.rs`): its
//! seeds, every regression it found (`fuzz/sandbox/regressions/sandbox_boundary/`) and, when
//! `QUERYCELL_FUZZ_SANDBOX_CORPUS` names a folder (`just fuzz` does), the run's corpus. Here
//! the native compiler and the component are built by the same Rust, so the comparison
//! covers non-ASCII text too.

use querycell_tests::{fuzz_corpus, fuzz_inputs};

use super::fuzz_regressions::oracle;

#[path = "../../../fuzz/sandbox/boundary.rs"]
mod boundary;

#[test]
fn sandbox_boundary_seeds_regressions_and_corpus_hold() {
    let fuzz = querycell_tests::workspace().join("fuzz/sandbox");
    let seeds = fuzz_inputs(&fuzz.join("seeds/sandbox_boundary"));
    assert!(seeds.len() >= 20, "{} seeds", seeds.len());
    let regressions = fuzz_inputs(&fuzz.join("regressions/sandbox_boundary"));
    assert!(!regressions.is_empty(), "the kept regressions are missing");
    let mut inputs = seeds;
    inputs.extend(regressions);
    inputs.extend(fuzz_corpus("QUERYCELL_FUZZ_SANDBOX_CORPUS"));
    let view = oracle::view();
    for input in &inputs {
        let data = std::fs::read(input).unwrap();
        let outcome = std::panic::catch_unwind(|| boundary::check(&data, &view, true));
        assert!(outcome.is_ok(), "{} failed the oracles", input.display());
    }
    eprintln!("{} sandbox-boundary inputs held", inputs.len());
}

/// The component allocates from a fixed region and, once it is full, from the system
/// allocator (`guest/src/arena.rs`). A request near the size limit goes well past the region:
/// under the default limits its compile answers exactly as the native compiler does, and the
/// next request starts clean.
#[test]
fn a_compile_that_outgrows_the_allocators_region_answers_like_the_native_compiler() {
    let view = oracle::view();
    let values: Vec<String> = (0..9_000).map(|i| (100_000 + i).to_string()).collect();
    let sql = format!("SELECT team FROM incidents WHERE ack_minutes IN ({})", values.join(","));
    assert!(sql.len() <= querycell_contract::limits::MAX_REQUEST_BYTES as usize, "{} bytes", sql.len());
    // The tokens alone, read twice (the request and the round-trip proof), fill the region.
    let tokens = sqlparser::tokenizer::Tokenizer::new(&sqlparser::dialect::DuckDbDialect {}, &sql)
        .tokenize_with_location()
        .unwrap();
    let token_bytes = tokens.len() * std::mem::size_of::<sqlparser::tokenizer::TokenWithSpan>();
    assert!(
        token_bytes > querycell_guest::arena::COMPONENT_ARENA_BYTES,
        "{token_bytes} bytes of tokens no longer outgrow the region: grow the request"
    );
    let sandbox = querycell::sandbox::Sandbox::bundled(querycell::Limits::default()).expect("loads");
    let wit_view = boundary::wit_view(&view);
    let (inside, stats) = sandbox.compile_sql_measured(&sql, &wit_view);
    let inside = inside.expect("compiles in the sandbox");
    let outside = querycell_guest::compile_sql(&sql, &view).expect("compiles natively");
    assert_eq!(boundary::wit_summary(&inside), boundary::native_summary(&outside));
    assert_eq!(inside.main.params.len(), values.len() + 1, "each value bound, and the row cap");
    eprintln!("{} bytes of SQL compiled with {} instructions", sql.len(), stats.fuel_used);
    let small = "SELECT team FROM incidents WHERE ack_minutes IN (1, 2)";
    let (inside, outside) = (sandbox.compile_sql(small, &wit_view), querycell_guest::compile_sql(small, &view));
    assert_eq!(boundary::wit_summary(&inside.unwrap()), boundary::native_summary(&outside.unwrap()));
}

/// The allocator's region is zero-initialised data the linker leaves out of the module: a
/// component carrying it would be a mebibyte larger, all of it zeros, for nothing.
#[test]
fn the_component_carries_no_bytes_for_the_allocators_region() {
    let component = querycell::sandbox::BUNDLED_GUEST;
    let mut longest_zero_run = 0;
    let mut run = 0;
    for &byte in component {
        run = if byte == 0 { run + 1 } else { 0 };
        longest_zero_run = longest_zero_run.max(run);
    }
    assert!(
        longest_zero_run < querycell_guest::arena::COMPONENT_ARENA_BYTES / 4,
        "{longest_zero_run} zero bytes in a row in the {}-byte component: the region became a data segment",
        component.len()
    );
}

/// A number in a plan reaches the statement as the double nearest to what was written, in
/// the component as natively (the sandbox-boundary fuzzer's finding: the component's JSON
/// parser had no correctly rounded path, and read this number one ulp off).
#[test]
fn a_plan_number_is_read_correctly_rounded_in_the_component() {
    let view = oracle::view();
    let written = "77777777177777777777777777777777";
    let plan = format!(
        r#"{{"table": "incidents", "filters": [{{"column": "cost", "op": "gt", "value": {written}}}],
            "aggregations": [{{"function": "count"}}]}}"#
    );
    let compiled = boundary::sandbox().compile_plan(&plan, &boundary::wit_view(&view)).expect("compiles");
    let nearest: f64 = written.parse().unwrap();
    let bound: Vec<f64> = compiled
        .main
        .params
        .iter()
        .filter_map(|p| match p {
            querycell::sandbox::wit::Param::Float(f) => Some(*f),
            _ => None,
        })
        .collect();
    assert_eq!(bound, [nearest], "{:?}", compiled.main.params);
    boundary::check(&[&[0u8][..], plan.as_bytes()].concat(), &view, true);
}

/// The component runs sqlparser without its stack-growing recursion guard (which, unable to
/// see a WebAssembly stack's end, moved every compile onto a fresh 2 MiB stack from the heap):
/// its own depth guards (`guest/src/sqlmode/lexical.rs`, the parser's recursion limit) bound
/// every walk instead. So the deepest statement of each shape those guards admit must still
/// compile in the component, on its fixed stack, exactly as natively: a stack overflow there
/// is a `guest_fault`.
#[test]
fn the_deepest_statements_the_guards_admit_compile_in_the_component_as_natively() {
    use querycell_guest::sqlmode::lexical::{MAX_CALL_NESTING, MAX_OPERATOR_CHAIN};
    let chain = |unit: &str| unit.repeat(MAX_OPERATOR_CHAIN - 1);
    // Each shape at `depth`, from one level up to past what the guards take.
    type Shape = (&'static str, Box<dyn Fn(usize) -> String + Send>);
    let shapes: Vec<Shape> = vec![
        (
            "parentheses, each holding the longest chain",
            Box::new(move |depth| {
                let mut expr = "ack_minutes".to_string();
                for _ in 0..depth {
                    expr = format!("(ack_minutes{} + {expr})", chain(" + ack_minutes"));
                }
                format!("SELECT {expr} AS x FROM incidents")
            }),
        ),
        (
            "scalar subqueries",
            Box::new(|depth| {
                format!(
                    "SELECT {}ack_minutes{} AS x FROM incidents",
                    "(SELECT ".repeat(depth),
                    " FROM incidents)".repeat(depth)
                )
            }),
        ),
        (
            "CASE inside CASE",
            Box::new(|depth| {
                format!(
                    "SELECT {}ack_minutes{} AS x FROM incidents",
                    "CASE WHEN ack_minutes > 1 THEN ".repeat(depth),
                    " ELSE 0 END".repeat(depth)
                )
            }),
        ),
        (
            "NOT upon NOT",
            Box::new(|depth| format!("SELECT team FROM incidents WHERE {}resolved", "NOT ".repeat(depth))),
        ),
        (
            "calls nested, each with a chain",
            Box::new(move |depth| {
                let mut expr = "ack_minutes".to_string();
                for _ in 0..depth.min(MAX_CALL_NESTING + 1) {
                    expr = format!("abs(ack_minutes{} + {expr})", chain(" + ack_minutes"));
                }
                format!("SELECT {expr} AS x FROM incidents")
            }),
        ),
        (
            "derived tables",
            Box::new(|depth| {
                format!(
                    "SELECT ack_minutes FROM {}incidents{}",
                    "(SELECT ack_minutes FROM ".repeat(depth),
                    ") AS d".repeat(depth)
                )
            }),
        ),
        (
            "derived tables joined",
            Box::new(|depth| {
                let mut from = "incidents".to_string();
                for level in 0..depth {
                    from = format!(
                        "(SELECT i{level}.ack_minutes FROM incidents AS i{level} JOIN {from} AS d{level} \
                         ON i{level}.ack_minutes = d{level}.ack_minutes)"
                    );
                }
                format!("SELECT ack_minutes FROM {from} AS top")
            }),
        ),
        (
            "set operations",
            Box::new(|depth| {
                format!(
                    "SELECT ack_minutes FROM {}incidents{}",
                    "(SELECT ack_minutes FROM incidents UNION ALL SELECT ack_minutes FROM ".repeat(depth),
                    ") AS d".repeat(depth)
                )
            }),
        ),
        (
            "CTEs inside CTEs",
            Box::new(|depth| {
                let mut query = "SELECT ack_minutes FROM incidents".to_string();
                for level in 0..depth {
                    query = format!("WITH c{level} AS ({query}) SELECT ack_minutes FROM c{level}");
                }
                query
            }),
        ),
    ];
    let view = oracle::view();
    let wit_view = boundary::wit_view(&view);
    let sandbox = querycell::sandbox::Sandbox::bundled(querycell::Limits::default()).expect("loads");
    // The native compiler recurses on the same tree with far larger unoptimised frames.
    std::thread::Builder::new()
        .stack_size(256 << 20)
        .spawn(move || {
            for (shape, at) in &shapes {
                let (depth, deepest) = (1..=2_000)
                    .map(|depth| (depth, at(depth)))
                    .take_while(|(_, sql)| querycell_guest::compile_sql(sql, &view).is_ok())
                    .last()
                    .unwrap_or_else(|| panic!("{shape}: not even one level compiles"));
                assert!(
                    querycell_guest::compile_sql(&at(2_000), &view).is_err(),
                    "{shape}: no guard stops it, so its deepest statement was not found"
                );
                let outside = querycell_guest::compile_sql(&deepest, &view).expect("compiles natively");
                let inside = sandbox
                    .compile_sql(&deepest, &wit_view)
                    .unwrap_or_else(|e| panic!("{shape}: the component fails where the native compiler does not: {e}"));
                assert_eq!(boundary::wit_summary(&inside), boundary::native_summary(&outside), "{shape}");
                eprintln!("{shape}: {depth} levels, {} bytes, compile in the component as natively", deepest.len());
            }
        })
        .unwrap()
        .join()
        .unwrap();
}
