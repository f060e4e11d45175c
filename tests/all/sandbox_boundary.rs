//! The sandbox-boundary fuzz target's oracles on stable (`fuzz/sandbox/boundary.rs`): its
//! seeds, every regression it found (`fuzz/sandbox/regressions/sandbox_boundary/`) and, when
//! `QUERYCELL_FUZZ_SANDBOX_CORPUS` names a folder (`just fuzz` does), the run's corpus. Here
//! the native compiler and the component are built by the same Rust, so the comparison
//! covers non-ASCII text too.

use std::path::{Path, PathBuf};

use crate::fuzz_regressions::oracle;

#[path = "../../fuzz/sandbox/boundary.rs"]
mod boundary;

fn files(folder: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(folder) else { return Vec::new() };
    let mut files: Vec<PathBuf> = entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_file() && !p.file_name().is_some_and(|n| n.to_string_lossy().starts_with('.')))
        .collect();
    files.sort();
    files
}

#[test]
fn sandbox_boundary_seeds_regressions_and_corpus_hold() {
    let fuzz = querycell_tests::workspace().join("fuzz/sandbox");
    let seeds = files(&fuzz.join("seeds/sandbox_boundary"));
    assert!(seeds.len() >= 20, "{} seeds", seeds.len());
    let regressions = files(&fuzz.join("regressions/sandbox_boundary"));
    assert!(!regressions.is_empty(), "the kept regressions are missing");
    let mut inputs = seeds;
    inputs.extend(regressions);
    if let Some(corpus) = std::env::var_os("QUERYCELL_FUZZ_SANDBOX_CORPUS") {
        let corpus = querycell_tests::workspace().join(corpus);
        let found = files(&corpus);
        assert!(!found.is_empty(), "{} holds no inputs", corpus.display());
        inputs.extend(found);
    }
    let view = oracle::view();
    for input in &inputs {
        let data = std::fs::read(input).unwrap();
        let outcome = std::panic::catch_unwind(|| boundary::check(&data, &view, true));
        assert!(outcome.is_ok(), "{} failed the oracles", input.display());
    }
    eprintln!("{} sandbox-boundary inputs held", inputs.len());
}
