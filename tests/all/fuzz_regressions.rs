//! The SQL-mode fuzz target's oracles on stable, over the seed corpus, every regression the
//! fuzzer ever found (`fuzz/regressions/compile_sql/`, kept forever) and, when
//! `QUERYCELL_FUZZ_CORPUS` names a folder (`just fuzz` does), the whole corpus of a run.
//! Here the oracles get one more that the fuzz build cannot link: every statement the
//! compiler accepts must also pass the host's check on DuckDB's own parse tree.

use std::path::{Path, PathBuf};

use querycell::check::ParseTreeCheck;

#[path = "../../fuzz/oracle.rs"]
mod oracle;

fn inputs(folder: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(folder) else { return Vec::new() };
    let mut files: Vec<PathBuf> = entries.flatten().map(|e| e.path()).filter(|p| p.is_file()).collect();
    files.sort();
    files
}

/// A target's seeds (at least `min_seeds` of them), its kept regressions, and the corpus
/// folder `corpus_var` names, if set.
fn kept_inputs(target: &str, corpus_var: &str, min_seeds: usize) -> Vec<PathBuf> {
    let fuzz = querycell_tests::workspace().join("fuzz");
    let mut files = inputs(&fuzz.join("seeds").join(target));
    let seeds = files.len();
    assert!(seeds >= min_seeds, "the {target} seed corpus has {seeds} inputs");
    files.extend(inputs(&fuzz.join("regressions").join(target)));
    if let Some(corpus) = std::env::var_os(corpus_var) {
        // Relative to the workspace (where `just fuzz` names it), not to tests/, where
        // cargo runs this binary.
        let corpus = querycell_tests::workspace().join(corpus);
        let found = inputs(&corpus);
        assert!(!found.is_empty(), "{corpus_var} names {}, which holds no inputs", corpus.display());
        files.extend(found);
    }
    files
}

#[test]
fn every_kept_fuzz_input_holds_the_oracles_and_the_host_check() {
    let files = kept_inputs("compile_sql", "QUERYCELL_FUZZ_CORPUS", 30);

    // The compiler recurses on the parsed tree; give it the stack the guest's limits assume.
    let (accepted, total, failures) = std::thread::Builder::new()
        .stack_size(64 << 20)
        .spawn(move || {
            let mut check = ParseTreeCheck::open(oracle::tables(), &[]).expect("DuckDB's parser");
            let (mut accepted, mut failures) = (0, Vec::new());
            for file in &files {
                let bytes = std::fs::read(file).expect("reading a fuzz input");
                let Ok(text) = std::str::from_utf8(&bytes) else { continue };
                if let Some(statements) = oracle::check(text) {
                    accepted += 1;
                    for sql in statements {
                        if let Err(error) = check.check(&sql) {
                            failures.push(format!("{}: the compiler accepted it but the host refuses its output: {error}\n  output: {sql}", file.display()));
                        }
                    }
                }
            }
            (accepted, files.len(), failures)
        })
        .unwrap()
        .join()
        .unwrap();
    assert!(failures.is_empty(), "{} disagreements, the first ones:\n{}", failures.len(), failures.iter().take(15).cloned().collect::<Vec<_>>().join("\n"));
    println!("{accepted} of {total} inputs accepted");
    assert!(accepted >= 15, "only {accepted} inputs compiled; the seeds should exercise the accepting path");
}

/// The plan target's oracles on stable over its seeds, its kept regressions and (when
/// `QUERYCELL_FUZZ_PLAN_CORPUS` names a folder) a run's corpus, plus the host's check of
/// every accepted statement on DuckDB's parse tree.
#[test]
fn every_kept_plan_fuzz_input_holds_the_oracles_and_the_host_check() {
    let files = kept_inputs("compile_plan", "QUERYCELL_FUZZ_PLAN_CORPUS", 15);
    let mut check = ParseTreeCheck::open(oracle::tables(), &[]).expect("DuckDB's parser");
    let (mut accepted, mut failures) = (0, Vec::new());
    for file in &files {
        let bytes = std::fs::read(file).expect("reading a fuzz input");
        let Ok(text) = std::str::from_utf8(&bytes) else { continue };
        if let Some(sql) = oracle::check_plan(text) {
            accepted += 1;
            if let Err(error) = check.check(&sql) {
                failures.push(format!("{}: the compiler accepted it but the host refuses its output: {error}\n  output: {sql}", file.display()));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    println!("{accepted} of {} plan inputs accepted", files.len());
    assert!(accepted >= 12, "only {accepted} of {} plan inputs compiled; the seeds should exercise the accepting path", files.len());
}
