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
pub(crate) mod plan_gen;
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
    let (plans, read) = plans_the_compiler_accepts();
    let mut failures = Vec::new();
    for (name, text, _) in &plans {
        let value: serde_json::Value = serde_json::from_str(text).expect("the parser read it as JSON");
        let errors = check.errors(&value);
        if !errors.is_empty() {
            failures.push(format!("{name}: it compiles, the schema refuses it: {}\n  plan: {text}", errors.join("; ")));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    println!("{} of {read} plans compiled, all valid against the schema", plans.len());
    assert!(plans.len() >= 200, "only {} of {read} plans compiled", plans.len());
}

/// Every plan the compiler accepts (as above) declares each answer column's role as the plan
/// asked for it, in the plan's order: a listed column per `columns` entry, else a group key
/// per `group_by` entry (with its grain) and an aggregate per aggregation (its function,
/// column path, the table of its related rows exactly when it has `"of"`, `p`, metric, and a
/// filter exactly when it has `where` or is a `share`). The
/// expectation is read from the plan's JSON here, not from the compiler's model.
#[test]
fn every_plan_the_compiler_accepts_declares_the_roles_the_plan_asks_for() {
    let (plans, _) = plans_the_compiler_accepts();
    let mut failures = Vec::new();
    for (name, text, compiled) in &plans {
        let plan: serde_json::Value = serde_json::from_str(text).expect("the parser read it as JSON");
        let declared: Vec<serde_json::Value> =
            compiled.columns.iter().map(|c| serde_json::to_value(&c.role).unwrap()).collect();
        if let Err(why) = roles_match_the_plan(&plan, &declared) {
            failures.push(format!("{name}: {why}\n  plan: {text}\n  roles: {declared:?}"));
        }
    }
    assert!(failures.is_empty(), "{} plans:\n{}", failures.len(), failures.join("\n"));
    let roles: Vec<serde_json::Value> =
        plans.iter().flat_map(|(_, _, c)| &c.columns).map(|c| serde_json::to_value(&c.role).unwrap()).collect();
    let shapes: [(&str, &RoleTest); 8] = [
        ("a key on a path", &|r| r["kind"] == "group_key" && text(r, "by").is_some_and(|by| by.contains('.'))),
        ("a grain", &|r| r.get("grain").is_some()),
        ("a metric", &|r| r.get("metric").is_some()),
        ("a share", &|r| r["function"] == "share"),
        ("a percentile", &|r| r.get("p").is_some()),
        ("a filter", &|r| r.get("filter").is_some()),
        ("an aggregate on a path", &|r| text(r, "column").is_some_and(|c| c.contains('.')) && r["kind"] == "aggregate"),
        ("a listed column", &|r| r["kind"] == "listed"),
    ];
    for (shape, has) in shapes {
        let seen = roles.iter().filter(|role| has(role)).count();
        println!("  {shape}: {seen} columns");
        assert!(seen > 0, "no compiled plan has {shape}: the corpus no longer tests it");
    }
    println!("{} compiled plans, every column's role as the plan asks", plans.len());
}

/// Whether a role (as receipt JSON) has a shape.
type RoleTest = dyn Fn(&serde_json::Value) -> bool;

/// A text field of a role, if it has one.
fn text(role: &serde_json::Value, field: &str) -> Option<String> {
    role.get(field).and_then(|v| v.as_str()).map(str::to_owned)
}

/// Why `declared` (the roles, as receipt JSON) is not what `plan` asks for.
fn roles_match_the_plan(plan: &serde_json::Value, declared: &[serde_json::Value]) -> Result<(), String> {
    let list = |key: &str| plan.get(key).and_then(|v| v.as_array()).cloned().unwrap_or_default();
    let listed = list("columns");
    let expected: Vec<serde_json::Value> = if !listed.is_empty() {
        listed.iter().map(|c| serde_json::json!({"kind": "listed", "column": c})).collect()
    } else {
        let keys = list("group_by").into_iter().map(|key| {
            let mut want = serde_json::json!({"kind": "group_key", "by": key.get("column").unwrap_or(&key)});
            if let Some(grain) = key.get("granularity") {
                want["grain"] = grain.clone();
            }
            want
        });
        keys.chain(list("aggregations").iter().map(expected_aggregate)).collect()
    };
    if expected.len() != declared.len() {
        return Err(format!("{} roles declared, the plan asks for {}", declared.len(), expected.len()));
    }
    for (i, (want, got)) in expected.iter().zip(declared).enumerate() {
        let matches = want.as_object().unwrap().iter().all(|(field, value)| match (field.as_str(), value) {
            ("filter", serde_json::Value::Bool(present)) => got.get("filter").is_some() == *present,
            ("p", p) => got.get("p").and_then(|v| v.as_f64()) == p.as_f64(),
            ("of", serde_json::Value::Null) => got.get("of").is_none(),
            (_, value) => got.get(field) == Some(value),
        });
        if !matches {
            return Err(format!("column {i}: declared {got}, the plan asks for {want}"));
        }
    }
    Ok(())
}

/// What an aggregation's role must hold; `filter` is `true`/`false` for present or absent
/// (its words are the compiler's phrase, checked by `plans::column_roles`).
fn expected_aggregate(agg: &serde_json::Value) -> serde_json::Value {
    let mut want = serde_json::json!({"kind": "aggregate"});
    let has_where = agg.get("where").and_then(|w| w.as_array()).is_some_and(|w| !w.is_empty());
    if let Some(metric) = agg.get("metric") {
        want["metric"] = metric.clone();
        return want;
    }
    let function = agg["function"].clone();
    want["filter"] = serde_json::Value::Bool(has_where || function == "share");
    if let Some(column) = agg.get("column").filter(|_| function != "share") {
        want["column"] = column.clone();
    }
    if let Some(p) = agg.get("p").filter(|_| function == "percentile") {
        want["p"] = p.clone();
    }
    // The table whose related rows it reads, exactly when it has "of" (null: absent).
    want["of"] = agg.get("of").and_then(|of| of.get("table")).cloned().unwrap_or_default();
    want["function"] = function;
    want
}

/// The plans of `compile_plan`'s seeds and kept inputs and `plan_structured`'s inputs decoded
/// by `plan_gen.rs` that the compiler accepts (through every plan oracle), with what it
/// returned; and how many plans were read.
fn plans_the_compiler_accepts() -> (Vec<(String, String, querycell_guest::Compiled)>, usize) {
    let view = oracle::view();
    let mut texts: Vec<(String, String)> = read_inputs(kept_inputs("compile_plan", "QUERYCELL_FUZZ_PLAN_CORPUS", 15))
        .into_iter()
        .filter_map(|(name, bytes)| Some((name, String::from_utf8(bytes).ok()?)))
        .collect();
    for (name, bytes) in structured_inputs("plan_structured", "QUERYCELL_FUZZ_PLAN_STRUCTURED_CORPUS", 2048) {
        texts.extend(plan_gen::plan_text(&bytes, &view).map(|text| (name, text)));
    }
    let read = texts.len();
    let accepted = texts
        .into_iter()
        .filter(|(_, text)| oracle::check_plan_both(text).0.is_some())
        .filter_map(|(name, text)| {
            let compiled = querycell_guest::compile_plan(&text, &view).ok()?;
            Some((name, text, compiled))
        })
        .collect();
    (accepted, read)
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
