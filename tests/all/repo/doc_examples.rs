//! Every example plan in the README and in `docs/` is valid against the plan JSON Schema
//! the host publishes (`querycell schema --plan-json-schema`, the MCP `query` tool's input)
//! and answers over the bundled demo data (`host/demo/data`), so a reader who copies one
//! gets an answer rather than a refusal.
//!
//! The examples are found where a reader finds them, in `README.md` and every `docs/*.md`:
//! every ```json block that is a plan (it has `"table"`), every JSON line of a ```json block
//! that is a filter condition (the relative-date forms; each is asked as the filter of a
//! count over the demo table), and every plan in a raw string (`r#"{…}"#`) of a ```rust
//! block.
//!
//! The schema is checked by [`querycell_tests::json_schema::SchemaCheck`].

use std::path::PathBuf;

use querycell::{ingest, Limits, QueryCell};
use querycell_tests::json_schema::SchemaCheck;
use querycell_tests::workspace;
use serde_json::{json, Value};

/// The day relative-date examples resolve against: the plan language page's own example
/// day, inside the demo data's months.
const TODAY: &str = "2026-03-15";

/// The table the demo data holds and condition examples are asked about.
const DEMO_TABLE: &str = "incidents";

/// One example found in a page: where (the page and its line), and the plan asked.
#[derive(Debug)]
struct Example {
    at: String,
    plan: Value,
}

/// The README and every page of `docs/`, as paths relative to the workspace, in order.
pub(crate) fn documentation_pages() -> Vec<PathBuf> {
    let mut docs: Vec<PathBuf> = std::fs::read_dir(workspace().join("docs"))
        .expect("docs/")
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "md"))
        .map(|path| path.strip_prefix(workspace()).unwrap().to_path_buf())
        .collect();
    docs.sort();
    std::iter::once(PathBuf::from("README.md")).chain(docs).collect()
}

/// The fenced blocks of `markdown`: (the info string, the first body line's number, the body).
fn fenced_blocks(page: &str, markdown: &str) -> Vec<(String, usize, String)> {
    let mut blocks = Vec::new();
    let mut open: Option<(String, usize, Vec<&str>)> = None;
    for (index, line) in markdown.lines().enumerate() {
        let fence = line.trim_start().strip_prefix("```");
        match (&mut open, fence) {
            (None, Some(info)) => open = Some((info.trim().to_string(), index + 2, Vec::new())),
            (Some(_), Some(_)) => {
                let (info, first, body) = open.take().expect("a block is open");
                blocks.push((info, first, body.join("\n")));
            }
            (Some((_, _, body)), None) => body.push(line),
            (None, None) => {}
        }
    }
    assert!(open.is_none(), "{page} ends inside a fenced block");
    blocks
}

/// A plan asking for the rows `condition` keeps, over the demo table.
fn counting(condition: &Value) -> Value {
    json!({"table": DEMO_TABLE, "filters": [condition], "aggregations": [{"function": "count"}]})
}

/// Every example plan of `page` (relative to the workspace), in order.
fn examples_in(page: &str) -> Vec<Example> {
    let markdown = std::fs::read_to_string(workspace().join(page)).unwrap_or_else(|e| panic!("{page}: {e}"));
    let mut examples = Vec::new();
    for (info, first_line, body) in fenced_blocks(page, &markdown) {
        match info.as_str() {
            "json" => {
                if let Ok(value) = serde_json::from_str::<Value>(&body) {
                    if value.get("table").is_some() {
                        examples.push(Example { at: format!("{page}:{first_line}"), plan: value });
                    }
                    continue;
                }
                // Not one document: a block of one example per line, or not an example.
                for (offset, line) in body.lines().enumerate() {
                    let at = format!("{page}:{}", first_line + offset);
                    let Ok(value) = serde_json::from_str::<Value>(line.trim()) else {
                        assert!(!line.contains("\"table\""), "{at} looks like a plan but is not JSON: {line}");
                        continue;
                    };
                    if value.get("table").is_some() {
                        examples.push(Example { at, plan: value });
                    } else if value.get("column").is_some() && value.get("op").is_some() {
                        examples.push(Example { at, plan: counting(&value) });
                    }
                }
            }
            "rust" => {
                for (offset, line) in body.lines().enumerate() {
                    let at = format!("{page}:{}", first_line + offset);
                    let mut rest = line;
                    while let Some(start) = rest.find("r#\"") {
                        let after = &rest[start + 3..];
                        let end = after.find("\"#").unwrap_or_else(|| panic!("{at}: an unclosed raw string"));
                        let text = &after[..end];
                        if text.contains("\"table\"") {
                            let plan = serde_json::from_str(text)
                                .unwrap_or_else(|e| panic!("{at}: the plan is not JSON ({e}): {text}"));
                            examples.push(Example { at: at.clone(), plan });
                        }
                        rest = &after[end + 2..];
                    }
                }
            }
            _ => {}
        }
    }
    examples
}

#[test]
fn every_documented_example_plan_is_valid_against_the_schema_and_answers() {
    let mut examples = Vec::new();
    for page in documentation_pages() {
        examples.extend(examples_in(page.to_str().expect("page names are UTF-8")));
    }
    // Where the examples are known to be, at least: finding fewer means the extraction
    // broke, not that a page got shorter. The README shows the demo plan and the Rust
    // example's; the plan language page its plan and the three relative dates; the
    // embedding page the Rust example's.
    for (page, at_least) in [("README.md", 2), ("docs/plan-language.md", 4), ("docs/embedding.md", 1)] {
        let found = examples.iter().filter(|e| e.at.starts_with(&format!("{page}:"))).count();
        assert!(found >= at_least, "found only {found} example plans in {page}: {examples:?}");
    }

    let schema = querycell::catalog::plan_schema::plan_json_schema();
    let dir = tempfile::tempdir().unwrap();
    let index = dir.path().join("index");
    ingest::ingest(&index, &[workspace().join("host/demo/data")]).expect("the demo data ingests");
    let cell = QueryCell::open(&index, Limits::default()).unwrap().with_today(TODAY.parse().unwrap());

    let mut failures = Vec::new();
    for example in &examples {
        let errors = SchemaCheck::new(&schema).errors(&example.plan);
        if !errors.is_empty() {
            failures.push(format!("{}: not valid against the plan JSON Schema: {}", example.at, errors.join("; ")));
        }
        match cell.query_plan(&example.plan.to_string()) {
            Ok(answer) if answer.rows.is_empty() => failures.push(format!(
                "{}: answers with no rows over the demo data (today {TODAY}): {}",
                example.at, answer.sql
            )),
            Ok(_) => {}
            Err(error) => failures.push(format!("{}: refused over the demo data: {error}", example.at)),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The README shows the demo plan `just` answers: it must be that file, as it is.
#[test]
fn the_readme_shows_the_demo_plan_as_it_is() {
    let readme = std::fs::read_to_string(workspace().join("README.md")).expect("README.md");
    let plan = std::fs::read_to_string(workspace().join("host/demo/plans/p1-ack-by-team.json")).expect("the demo plan");
    assert!(
        readme.contains(&format!("```json\n{}\n```", plan.trim_end())),
        "the README's demo plan is not host/demo/plans/p1-ack-by-team.json as it is"
    );
}

/// The checker itself: it must refuse what the schema forbids, or the test above proves
/// nothing.
#[test]
fn the_schema_check_refuses_what_the_schema_forbids() {
    let schema = querycell::catalog::plan_schema::plan_json_schema();
    let check = SchemaCheck::new(&schema);
    let valid = json!({"table": "t", "filters": [{"column": "d", "op": "gte", "value": {"last": 3, "unit": "month"}}],
                       "group_by": ["a", {"column": "d", "granularity": "week"}],
                       "aggregations": [{"function": "avg", "column": "x", "alias": "mean_x"}],
                       "order_by": [{"column": "mean_x", "direction": "desc"}], "limit": 5});
    assert_eq!(check.errors(&valid), Vec::<String>::new());
    let invalid = [
        json!({"filters": []}),
        json!({"table": "t", "tabel": "t"}),
        json!({"table": "t", "filters": [{"column": "a", "op": "greater", "value": 1}]}),
        json!({"table": "t", "filters": [{"column": "a", "op": "eq", "value": {"last": 0, "unit": "day"}}]}),
        json!({"table": "t", "filters": [{"column": "a", "op": "eq", "value": {"this": "fortnight"}}]}),
        json!({"table": "t", "aggregations": [{"function": "count", "alias": "9lives"}]}),
        json!({"table": "t", "group_by": [{"column": "d", "granularity": "month", "as": "m"}]}),
        json!({"table": "t", "limit": 2.5}),
        json!({"table": 7}),
    ];
    for plan in invalid {
        assert!(!check.errors(&plan).is_empty(), "the check let {plan} through");
        // The schema is the parser's own description: what it forbids, the compiler refuses.
        let alias_only_checked_when_compiled = plan["aggregations"][0]["alias"] == "9lives";
        if !alias_only_checked_when_compiled {
            assert!(querycell_guest::plan::parse_plan(&plan.to_string(), 1 << 16).is_err(), "the parser reads {plan}");
        }
    }
}
