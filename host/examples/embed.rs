//! Embedding querycell in an application: ingest files into an index, choose the sandbox's
//! engine policy and where queries run, answer a plan, and handle a typed refusal.
//!
//! `cargo run --release --example embed` (the tests run the built example too).

use std::path::Path;
use std::process::ExitCode;

use querycell::sandbox::Sandbox;
use querycell::{ingest, EnginePolicy, Error, ErrorClass, Limits, QueryCell, QueryIsolation, SandboxEngine};

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("{error}");
            ExitCode::from(error.class.exit_code() as u8)
        }
    }
}

fn run() -> Result<(), Error> {
    // The index is the application's: here a temporary folder, built from the demo data.
    let workdir = tempfile::tempdir().map_err(|e| Error::io("creating a temporary folder", &e))?;
    let index = workdir.path().join("index");
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("demo/data");
    let catalog = ingest::ingest(&index, &[data])?;
    println!("ingested {} table(s), snapshot {}", catalog.tables.len(), catalog.snapshot);

    // The engine policy is the embedder's: at most 8 compiles at once, each in a warm pool
    // slot; the engine and its epoch ticker live as long as this value and its sandboxes.
    let engine = SandboxEngine::new(EnginePolicy { pool_slots: Some(8), ..EnginePolicy::default() })?;
    let limits = Limits { max_rows: 100, ..Limits::default() };
    let sandbox = Sandbox::bundled_on(&engine, limits)?;
    // In-process: the cheapest answer. A long-lived service answering untrusted requests
    // would use QueryIsolation::Workers(WorkerPolicy::new(<querycell binary>)) instead.
    let cell = QueryCell::builder(&index).sandbox(sandbox).isolation(QueryIsolation::InProcess).open()?;

    let plan = r#"{"table": "incidents", "group_by": ["team"],
                   "aggregations": [{"function": "count", "alias": "incidents"}],
                   "order_by": [{"column": "incidents", "direction": "desc"}]}"#;
    let answer = cell.query_plan(plan)?;
    print!("{}", answer.render_table());

    // A refusal is a value to act on, not a crash: its code says what, its path where, its
    // hint how to fix it. A model can be shown exactly this and asked again.
    let typo = r#"{"table": "incidents", "filters": [{"column": "severty", "op": "eq", "value": "P1"}],
                   "aggregations": [{"function": "count"}]}"#;
    match cell.query_plan(typo) {
        Err(error) if error.class == ErrorClass::Refused => {
            println!("refused: code {} at {}; hint: {}", error.code, error.path, error.hint.as_deref().unwrap_or("-"));
            Ok(())
        }
        Err(error) => Err(error),
        // Every error code is querycell's own (docs/errors.md): an embedder does not make up
        // codes, and an answer to a plan naming no real column would be querycell's bug.
        Ok(_) => panic!("the misspelt column was answered"),
    }
}
