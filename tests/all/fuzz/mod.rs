//! The fuzz targets on stable (`fuzz/`, docs/fuzzing.md): their seeds, every input they ever
//! found (kept forever in `fuzz/regressions/`), a run's corpus when `just fuzz` names one,
//! and fixed pseudo-random inputs, each through the target's own oracles plus the ones the
//! fuzz build cannot link: DuckDB's parse tree, the differential oracle, the native compiler
//! beside the component.

mod differential_replay;
mod fuzz_regressions;
mod new_plan_forms;
mod sandbox_boundary;

use std::path::PathBuf;

use querycell_tests::{fuzz_corpus, fuzz_inputs, workspace};

/// A target's seeds (`fuzz/seeds/<target>/`, at least `min_seeds` of them), its kept
/// regressions (`fuzz/regressions/<target>/`), and the corpus folder `corpus_var` names, if
/// set.
fn kept_inputs(target: &str, corpus_var: &str, min_seeds: usize) -> Vec<PathBuf> {
    let fuzz = workspace().join("fuzz");
    let mut files = fuzz_inputs(&fuzz.join("seeds").join(target));
    let seeds = files.len();
    assert!(seeds >= min_seeds, "the {target} seed corpus has {seeds} inputs");
    files.extend(fuzz_inputs(&fuzz.join("regressions").join(target)));
    files.extend(fuzz_corpus(corpus_var));
    files
}

/// Each of `files` by its path (how a failure names it), with its bytes.
fn read_inputs(files: Vec<PathBuf>) -> Vec<(String, Vec<u8>)> {
    files
        .into_iter()
        .map(|file| (file.display().to_string(), std::fs::read(&file).expect("reading a fuzz input")))
        .collect()
}

/// `count` byte strings of `min_len` to `min_len + 599` pseudo-random bytes, from xorshift64
/// seeded with `seed`: the same bytes on every run and machine.
fn pseudo_random_inputs(seed: u64, count: usize, min_len: usize) -> Vec<Vec<u8>> {
    let mut state = seed;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    (0..count)
        .map(|_| {
            let len = min_len + (next() % 600) as usize;
            (0..len).map(|_| (next() >> 24) as u8).collect()
        })
        .collect()
}
