//! The differential fuzz target (`fuzz/fuzz_targets/sql_differential.rs`) on stable, with
//! DuckDB in this process: its seeds (`fuzz/seeds/sql_differential/`: the statements of
//! `tests/sql/analyst.sql` and the reading differences found so far), every input it ever
//! found (`fuzz/regressions/sql_differential/`, kept forever), a run's corpus when
//! `QUERYCELL_FUZZ_DIFFERENTIAL_CORPUS` names its folder (`just fuzz` does), and fixed
//! pseudo-random inputs for the generator (`QUERYCELL_DIFFERENTIAL_SAMPLES`, 256 unless
//! set), each decoded by `sql_diff_gen.rs` as the target decodes it, compiled, and judged by
//! the same oracle the target's `sql-oracle` process runs
//! ([`querycell_tests::differential::Oracle`]). A statement the compiler accepts must be
//! read by DuckDB as the compiler read it, pass the host's checks, and answer as the
//! caller's own text answers.

use querycell_tests::differential::{case, Oracle};

use super::{kept_inputs, pseudo_random_inputs, read_inputs};

#[path = "../../../fuzz/duckdb_keywords.rs"]
mod duckdb_keywords;
#[path = "../../../fuzz/sql_diff_gen.rs"]
mod sql_diff_gen;
// One copy of the grammar generator for the test binary (clippy's `duplicate_mod`).
use super::fuzz_regressions::sql_gen;

/// The seeds (at least 100), the kept regressions, a run's corpus if named, and `samples`
/// generator inputs (first byte at least 0x80: `sql_diff_gen.rs` writes them), by name.
fn all_inputs(samples: usize) -> Vec<(String, Vec<u8>)> {
    let mut all = read_inputs(kept_inputs("sql_differential", "QUERYCELL_FUZZ_DIFFERENTIAL_CORPUS", 100));
    for (i, mut bytes) in pseudo_random_inputs(0x2545_f491_4f6c_dd1d, samples, 1).into_iter().enumerate() {
        bytes[0] |= 0x80;
        all.push((format!("generated sample {i}"), bytes));
    }
    all
}

#[test]
fn every_kept_differential_input_is_read_and_answered_alike() {
    let samples = std::env::var("QUERYCELL_DIFFERENTIAL_SAMPLES").ok().and_then(|n| n.parse().ok()).unwrap_or(256);
    let inputs = all_inputs(samples);
    // The compiler recurses on the parsed tree; give it the stack the guest's limits assume.
    let (failures, accepted, report) = std::thread::Builder::new()
        .stack_size(64 << 20)
        .spawn(move || {
            let view = case::view();
            let mut oracle = Oracle::open();
            let (mut failures, mut accepted) = (Vec::new(), 0);
            for (name, bytes) in &inputs {
                let text = sql_diff_gen::diff_text(bytes, &view);
                let Some(request) = case::compile(&text, &view) else { continue };
                accepted += 1;
                let verdict = oracle.judge(&request);
                if let Some(failure) = verdict.failure() {
                    failures.push(format!(
                        "{name}: {failure}\n  input: {text:?}\n  caller's text: {}\n  compiled: {}\n  params: {:?}",
                        request.caller, request.sql, request.params
                    ));
                }
            }
            (failures, accepted, oracle.tally.report())
        })
        .unwrap()
        .join()
        .unwrap();
    println!("{report}");
    assert!(
        failures.is_empty(),
        "{} of {accepted} accepted statements fail the differential oracle, the first ones:\n{}",
        failures.len(),
        failures.iter().take(15).cloned().collect::<Vec<_>>().join("\n")
    );
    assert!(accepted >= 100, "only {accepted} inputs compiled; the seeds should exercise the accepting path");
}
