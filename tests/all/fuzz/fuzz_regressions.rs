//! The SQL-mode fuzz target's oracles on stable, over the seed corpus, every regression the
//! fuzzer ever found (`fuzz/regressions/compile_sql/`, kept forever) and, when
//! `QUERYCELL_FUZZ_CORPUS` names a folder (`just fuzz` does), the whole corpus of a run.
//! Here the oracles get one more that the fuzz build cannot link: every statement the
//! compiler accepts must also pass the host's check on DuckDB's own parse tree.
//!
//! The structured targets (`plan_structured`, `sql_grammar`) keep raw bytes, not text: their
//! inputs are decoded here with the very generators the fuzz targets use (`plan_gen.rs`,
//! `sql_gen.rs`), so a kept regression means the same request on stable as under libFuzzer.

use querycell::testing::duckdb_spelling;
use querycell::testing::Param;
use querycell::testing::{relation_key, ParseTreeCheck};
use querycell::testing::{PolicyCheck, SourceRule};
use querycell_tests::differential::host_param;
use querycell_tests::{fuzz_corpus, fuzz_inputs};

use super::{kept_inputs, pseudo_random_inputs, read_inputs};

// One copy of the oracles for the whole test binary; sandbox_boundary uses it too.
#[path = "../../../fuzz/oracle.rs"]
pub(crate) mod oracle;
#[path = "../../../fuzz/plan_gen.rs"]
mod plan_gen;
// The differential replay decodes with it too.
#[path = "../../../fuzz/sql_gen.rs"]
pub(crate) mod sql_gen;

/// The host's checks of a statement the compiler wrote for Spark ([`oracle::spark_view`]):
/// the lexical gate, then DuckDB's parse-tree check of the text as the gate spells it, with
/// the Spark catalog's relations as the only tables and, for a statement written under
/// [`oracle::policed_spark_view`], the policy check keyed by relation, as `host/src/exec/spark`
/// runs them.
struct SparkChecks {
    plain: ParseTreeCheck,
    policed: ParseTreeCheck,
}

impl SparkChecks {
    fn open() -> Self {
        let relations = || oracle::spark_relations().into_iter().map(|r| relation_key(&r));
        let view = oracle::policed_spark_view();
        // Every policed table (incidents, and teams, which plans reach by path), each read
        // only through its source.
        let sources = view
            .tables
            .iter()
            .filter_map(|table| {
                let filters = table
                    .policy
                    .as_ref()?
                    .row_filters
                    .iter()
                    .map(|f| (f.column.to_lowercase(), f.values.clone()))
                    .collect();
                let columns = table.columns.iter().map(|c| c.name.to_lowercase()).collect();
                Some((relation_key(&table.relation), SourceRule { columns, filters }))
            })
            .collect();
        let policy = PolicyCheck { hidden_tables: Default::default(), sources };
        SparkChecks {
            plain: ParseTreeCheck::open(relations()),
            policed: ParseTreeCheck::open_policed(relations(), policy),
        }
    }

    /// Why the host would refuse `statement`, if it would.
    fn refusal(&mut self, statement: &oracle::SparkStatement) -> Option<String> {
        let spelled = match duckdb_spelling(&statement.sql) {
            Err(why) => return Some(format!("the lexical gate refuses it: {why}")),
            Ok(spelled) => spelled,
        };
        let params: Vec<Param> = statement.params.iter().map(host_param).collect();
        let tree = if statement.policed { &mut self.policed } else { &mut self.plain };
        tree.check(&spelled, &params).err().map(|error| error.to_string())
    }
}

#[test]
fn every_kept_fuzz_input_holds_the_oracles_and_the_host_check() {
    let files = kept_inputs("compile_sql", "QUERYCELL_FUZZ_CORPUS", 30);

    // The compiler recurses on the parsed tree; give it the stack the guest's limits assume.
    let (accepted, total, failures) = std::thread::Builder::new()
        .stack_size(64 << 20)
        .spawn(move || {
            let mut check = ParseTreeCheck::open(oracle::tables());
            let (mut accepted, mut failures) = (0, Vec::new());
            for file in &files {
                let bytes = std::fs::read(file).expect("reading a fuzz input");
                let Ok(text) = std::str::from_utf8(&bytes) else { continue };
                if let Some(statements) = oracle::check(text) {
                    accepted += 1;
                    for sql in statements {
                        if let Err(error) = check.check(&sql, &[]) {
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
    assert!(
        failures.is_empty(),
        "{} disagreements, the first ones:\n{}",
        failures.len(),
        failures.iter().take(15).cloned().collect::<Vec<_>>().join("\n")
    );
    println!("{accepted} of {total} inputs accepted");
    assert!(accepted >= 15, "only {accepted} inputs compiled; the seeds should exercise the accepting path");
}

/// The plan target's oracles on stable over its seeds, its kept regressions and (when
/// `QUERYCELL_FUZZ_PLAN_CORPUS` names a folder) a run's corpus, plus the host's check of
/// every accepted statement on DuckDB's parse tree, and of every statement written for Spark.
#[test]
fn every_kept_plan_fuzz_input_holds_the_oracles_and_the_host_check() {
    let files = kept_inputs("compile_plan", "QUERYCELL_FUZZ_PLAN_CORPUS", 15);
    let mut check = ParseTreeCheck::open(oracle::tables());
    let mut spark_checks = SparkChecks::open();
    let (mut accepted, mut failures, mut spark_checked) = (0, Vec::new(), 0);
    for file in &files {
        let bytes = std::fs::read(file).expect("reading a fuzz input");
        let Ok(text) = std::str::from_utf8(&bytes) else { continue };
        let (duckdb, spark) = oracle::check_plan_both(text);
        if let Some(sql) = duckdb {
            accepted += 1;
            if let Err(error) = check.check(&sql, &[]) {
                failures.push(format!(
                    "{}: the compiler accepted it but the host refuses its output: {error}\n  output: {sql}",
                    file.display()
                ));
            }
        }
        spark_checked += spark.len();
        for statement in spark {
            if let Some(why) = spark_checks.refusal(&statement) {
                failures.push(format!("{}: the compiler accepted it for Spark (policed: {}) but the host refuses its output: {why}\n  output: {}", file.display(), statement.policed, statement.sql));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    println!("{accepted} of {} plan inputs accepted, {spark_checked} Spark statements checked", files.len());
    assert!(spark_checked >= 2 * accepted, "{spark_checked} Spark statements for {accepted} accepted plans");
    assert!(
        accepted >= 12,
        "only {accepted} of {} plan inputs compiled; the seeds should exercise the accepting path",
        files.len()
    );
}

/// The plan JSON Schema a model is given (written from the contract's description of the
/// language, [`querycell_contract::plan_language`]) admits every plan the compiler
/// accepts: the seeds and kept inputs of `compile_plan`, and `plan_structured`'s inputs
/// decoded by `plan_gen.rs`. A schema that forbade what compiles would steer a model away
/// from plans that work; the compiler's own rules past the schema (one relative-date form,
/// `value` by op, a metric's fields, names from the catalog) only ever refuse more.
#[test]
fn every_plan_the_compiler_accepts_fits_the_plan_json_schema() {
    let schema = querycell::catalog::plan_schema::plan_json_schema();
    let check = querycell_tests::json_schema::SchemaCheck::new(&schema);
    let view = oracle::view();
    let mut texts: Vec<(String, String)> = read_inputs(kept_inputs("compile_plan", "QUERYCELL_FUZZ_PLAN_CORPUS", 15))
        .into_iter()
        .filter_map(|(name, bytes)| Some((name, String::from_utf8(bytes).ok()?)))
        .collect();
    for (name, bytes) in structured_inputs("plan_structured", "QUERYCELL_FUZZ_PLAN_STRUCTURED_CORPUS", 2048) {
        texts.extend(plan_gen::plan_text(&bytes, &view).map(|text| (name, text)));
    }
    let (mut read, mut failures) = (0, Vec::new());
    for (name, text) in &texts {
        if oracle::check_plan_both(text).0.is_none() {
            continue;
        }
        read += 1;
        let value: serde_json::Value = serde_json::from_str(text).expect("the parser read it as JSON");
        let errors = check.errors(&value);
        if !errors.is_empty() {
            failures.push(format!("{name}: it compiles, the schema refuses it: {}\n  plan: {text}", errors.join("; ")));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    println!("{read} of {} plans compiled, all valid against the schema", texts.len());
    assert!(read >= 200, "only {read} of {} plans compiled", texts.len());
}

/// A structured target's kept regressions (`fuzz/regressions/<target>/`), the corpus folder
/// `corpus_var` names, if set, and `samples` fixed pseudo-random byte strings. The samples
/// make the test mean something while no regression is kept, and hold each generator to
/// still producing requests the compiler accepts (a generator that drifts into writing only
/// refusals would make its fuzz target test little).
fn structured_inputs(target: &str, corpus_var: &str, samples: usize) -> Vec<(String, Vec<u8>)> {
    let mut files = fuzz_inputs(&querycell_tests::workspace().join("fuzz/regressions").join(target));
    files.extend(fuzz_corpus(corpus_var));
    let mut all = read_inputs(files);
    let generated = pseudo_random_inputs(0x9e37_79b9_7f4a_7c15, samples, 0);
    all.extend(generated.into_iter().enumerate().map(|(i, bytes)| (format!("{target} sample {i}"), bytes)));
    all
}

/// `plan_structured`'s inputs, decoded by `plan_gen.rs`, through the plan oracles and the
/// host's check of every accepted statement on DuckDB's parse tree, and of every statement
/// written for Spark.
#[test]
fn every_kept_structured_plan_input_holds_the_oracles_and_the_host_check() {
    let inputs = structured_inputs("plan_structured", "QUERYCELL_FUZZ_PLAN_STRUCTURED_CORPUS", 256);
    let view = oracle::view();
    let mut check = ParseTreeCheck::open(oracle::tables());
    let mut spark_checks = SparkChecks::open();
    let (mut accepted, mut failures, mut spark_checked) = (0, Vec::new(), 0);
    for (name, bytes) in &inputs {
        let Some(text) = plan_gen::plan_text(bytes, &view) else { continue };
        let (duckdb, spark) = oracle::check_plan_both(&text);
        if let Some(sql) = duckdb {
            accepted += 1;
            if let Err(error) = check.check(&sql, &[]) {
                failures.push(format!("{name}: the compiler accepted it but the host refuses its output: {error}\n  plan: {text}\n  output: {sql}"));
            }
        }
        spark_checked += spark.len();
        for statement in spark {
            if let Some(why) = spark_checks.refusal(&statement) {
                failures.push(format!("{name}: the compiler accepted it for Spark (policed: {}) but the host refuses its output: {why}\n  plan: {text}\n  output: {}", statement.policed, statement.sql));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    println!(
        "{accepted} of {} structured plan inputs accepted, {spark_checked} Spark statements checked",
        inputs.len()
    );
    assert!(spark_checked >= 2 * accepted, "{spark_checked} Spark statements for {accepted} accepted plans");
    assert!(
        accepted * 4 >= inputs.len(),
        "only {accepted} of {} structured plans compiled; plan_gen.rs should mostly write plans that do",
        inputs.len()
    );
}

/// `sql_grammar`'s inputs, decoded by `sql_gen.rs`, through the SQL-mode oracles and the
/// host's check of every accepted statement on DuckDB's parse tree.
#[test]
fn every_kept_grammar_sql_input_holds_the_oracles_and_the_host_check() {
    // `QUERYCELL_GRAMMAR_SAMPLES` draws more samples (the first 256 are always the same), to
    // measure the generator's share of disagreements over a longer run.
    let samples = std::env::var("QUERYCELL_GRAMMAR_SAMPLES").ok().and_then(|n| n.parse().ok()).unwrap_or(256);
    let inputs = structured_inputs("sql_grammar", "QUERYCELL_FUZZ_SQL_GRAMMAR_CORPUS", samples);
    // The compiler recurses on the parsed tree; give it the stack the guest's limits assume.
    let (accepted, total, failures) = std::thread::Builder::new()
        .stack_size(64 << 20)
        .spawn(move || {
            let view = oracle::view();
            let mut check = ParseTreeCheck::open(oracle::tables());
            let (mut accepted, mut failures) = (0, Vec::new());
            for (name, bytes) in &inputs {
                let text = sql_gen::sql_text(bytes, &view);
                if let Some(statements) = oracle::check(&text) {
                    accepted += 1;
                    for sql in statements {
                        if let Err(error) = check.check(&sql, &[]) {
                            failures.push(format!("{name}: the compiler accepted it but the host refuses its output: {error}\n  input: {text}\n  output: {sql}"));
                        }
                    }
                }
            }
            (accepted, inputs.len(), failures)
        })
        .unwrap()
        .join()
        .unwrap();
    // A statement the compiler accepts and the host refuses is safe (nothing runs) but tells
    // the model the compiler was wrong; each kind the generator found is refused by the
    // compiler with a hint, or admitted by the host (fuzz/regressions/compile_sql/host-disagrees-*).
    assert!(
        failures.is_empty(),
        "{} of {accepted} accepted statements are refused by the host, the first ones:\n{}",
        failures.len(),
        failures.iter().take(15).cloned().collect::<Vec<_>>().join("\n")
    );
    println!("{accepted} of {total} grammar SQL inputs accepted");
    assert!(
        accepted * 4 >= total,
        "only {accepted} of {total} generated statements compiled; sql_gen.rs should mostly write statements that do"
    );
}
