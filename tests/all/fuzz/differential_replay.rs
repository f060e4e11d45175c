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

use std::path::{Path, PathBuf};

use querycell_tests::differential::{case, Oracle};

#[path = "../../../fuzz/duckdb_keywords.rs"]
mod duckdb_keywords;
#[path = "../../../fuzz/sql_diff_gen.rs"]
mod sql_diff_gen;
// One copy of the grammar generator for the test binary (clippy's `duplicate_mod`).
use super::fuzz_regressions::sql_gen;

/// The files of `folder`, sorted, without dotfiles (`.gitkeep`).
fn inputs(folder: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(folder) else { return Vec::new() };
    let mut files: Vec<PathBuf> = entries
        .flatten()
        .filter(|e| !e.file_name().to_string_lossy().starts_with('.'))
        .map(|e| e.path())
        .filter(|p| p.is_file())
        .collect();
    files.sort();
    files
}

/// The seeds, the kept regressions, a run's corpus if named, and `samples` generator inputs
/// (first byte at least 0x80: `sql_diff_gen.rs` writes them), by name.
fn all_inputs(samples: usize) -> (Vec<(String, Vec<u8>)>, usize) {
    let fuzz = querycell_tests::workspace().join("fuzz");
    let mut files = inputs(&fuzz.join("seeds/sql_differential"));
    let seeds = files.len();
    files.extend(inputs(&fuzz.join("regressions/sql_differential")));
    if let Some(corpus) = std::env::var_os("QUERYCELL_FUZZ_DIFFERENTIAL_CORPUS") {
        let corpus = querycell_tests::workspace().join(corpus);
        let found = inputs(&corpus);
        assert!(
            !found.is_empty(),
            "QUERYCELL_FUZZ_DIFFERENTIAL_CORPUS names {}, which holds no inputs",
            corpus.display()
        );
        files.extend(found);
    }
    let mut all: Vec<(String, Vec<u8>)> = files
        .into_iter()
        .map(|f| (f.display().to_string(), std::fs::read(&f).expect("reading a fuzz input")))
        .collect();
    // xorshift64: the same bytes on every run and machine.
    let mut state: u64 = 0x2545_f491_4f6c_dd1d;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    for i in 0..samples {
        let len = 1 + (next() % 600) as usize;
        let mut bytes: Vec<u8> = (0..len).map(|_| (next() >> 24) as u8).collect();
        bytes[0] |= 0x80;
        all.push((format!("generated sample {i}"), bytes));
    }
    (all, seeds)
}

#[test]
fn every_kept_differential_input_is_read_and_answered_alike() {
    let samples = std::env::var("QUERYCELL_DIFFERENTIAL_SAMPLES").ok().and_then(|n| n.parse().ok()).unwrap_or(256);
    let (inputs, seeds) = all_inputs(samples);
    assert!(seeds >= 100, "the sql_differential seed corpus has {seeds} inputs");
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
