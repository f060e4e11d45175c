//! `querycell check-summary` on a corpus of summaries of real receipts (`tests/summaries/`):
//! the receipts are made here, by the built binary answering the README's plans (and a few
//! more) over the demo data, and every summary is checked by the binary against its
//! receipt. Each summary lists the findings it must get flagged (`flag: kind "text"`); every
//! other finding must be unflagged. The test prints precision and recall over the corpus and
//! fails unless every planted error is found and nothing else is flagged.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Output;

use querycell_tests::{fuzz_inputs, querycell, querycell_with_stdin, workspace};
use serde_json::Value;

// The summary_check fuzz target's oracles and input decoding, replayed here on stable.
#[path = "../../../fuzz/summary/oracle.rs"]
mod oracle;

/// One summary of the corpus.
struct Case {
    file: String,
    receipt: String,
    /// Findings that must be flagged: (kind, the text of their span).
    flags: Vec<(String, String)>,
    /// Findings that must be there, unflagged.
    oks: Vec<(String, String)>,
    text: String,
}

/// `kind "text"` → (kind, text).
fn expectation(value: &str, file: &str) -> (String, String) {
    let (kind, quoted) = value.split_once(' ').unwrap_or_else(|| panic!("{file}: `{value}` is not `kind \"text\"`"));
    let text = quoted
        .strip_prefix('"')
        .and_then(|q| q.strip_suffix('"'))
        .unwrap_or_else(|| panic!("{file}: unquoted {quoted}"));
    (kind.to_string(), text.to_string())
}

fn read_case(path: &Path) -> Case {
    let file = path.file_name().unwrap().to_string_lossy().into_owned();
    let content = std::fs::read_to_string(path).unwrap();
    let (head, text) = content.split_once("\n---\n").unwrap_or_else(|| panic!("{file}: no `---` line"));
    let mut case =
        Case { file: file.clone(), receipt: String::new(), flags: Vec::new(), oks: Vec::new(), text: text.to_string() };
    for line in head.lines() {
        match line.split_once(": ") {
            Some(("receipt", name)) => case.receipt = name.to_string(),
            Some(("flag", value)) => case.flags.push(expectation(value, &file)),
            Some(("ok", value)) => case.oks.push(expectation(value, &file)),
            _ => panic!("{file}: unknown line {line:?}"),
        }
    }
    case
}

fn corpus() -> Vec<Case> {
    let dir = workspace().join("tests/summaries/cases");
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
    paths.sort();
    paths.iter().map(|p| read_case(p)).collect()
}

fn succeeded(output: &Output, what: &str) {
    assert!(
        output.status.success(),
        "{what} failed ({}):\n{}\n{}",
        output.status,
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}

/// Ingests the demo data and answers each plan of `tests/summaries/receipts.json` with the
/// binary, writing each receipt to `dir`: name → receipt file.
fn make_receipts(dir: &Path) -> BTreeMap<String, PathBuf> {
    let ws = workspace();
    let index = dir.join("index");
    let data = ws.join("host/demo/data");
    succeeded(&querycell(&["ingest", "--index", index.to_str().unwrap(), data.to_str().unwrap()]), "ingest");
    let listing: Value =
        serde_json::from_str(&std::fs::read_to_string(ws.join("tests/summaries/receipts.json")).unwrap()).unwrap();
    let mut receipts = BTreeMap::new();
    for (name, entry) in listing.as_object().unwrap() {
        let plan = ws.join(entry["plan"].as_str().unwrap());
        let mut args =
            vec!["query", "--index", index.to_str().unwrap(), "--plan", plan.to_str().unwrap(), "--format", "json"];
        let extra: Vec<&str> =
            entry.get("args").and_then(Value::as_array).into_iter().flatten().filter_map(Value::as_str).collect();
        args.extend(extra);
        let output = querycell(&args);
        succeeded(&output, name);
        let path = dir.join(format!("{name}.json"));
        std::fs::write(&path, &output.stdout).unwrap();
        receipts.insert(name.clone(), path);
    }
    receipts
}

/// `check-summary --format json` on `receipt` and `text`: the report, checked against the
/// exit status (0 nothing flagged, 4 something flagged).
fn check(receipt: &Path, text: &str, scratch: &Path) -> Value {
    let text_path = scratch.join("summary.txt");
    std::fs::write(&text_path, text).unwrap();
    let output = querycell(&[
        "check-summary",
        "--receipt",
        receipt.to_str().unwrap(),
        "--text",
        text_path.to_str().unwrap(),
        "--format",
        "json",
    ]);
    let report: Value = serde_json::from_slice(&output.stdout).unwrap_or_else(|e| {
        panic!(
            "not a report ({e}): {}\n{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        )
    });
    let flagged = report["flagged"].as_u64().unwrap();
    assert_eq!(output.status.code(), Some(if flagged == 0 { 0 } else { 4 }), "{report}");
    report
}

/// Takes one `(kind, text)` out of `pool`, if it is there.
fn take(pool: &mut Vec<(String, String)>, wanted: &(String, String)) -> bool {
    match pool.iter().position(|found| found == wanted) {
        Some(at) => {
            pool.remove(at);
            true
        }
        None => false,
    }
}

#[test]
fn the_checker_finds_every_planted_error_and_flags_nothing_else() {
    let dir = tempfile::tempdir().unwrap();
    let receipts = make_receipts(dir.path());
    let cases = corpus();
    let (mut found, mut missed, mut wrongly_flagged) = (0usize, 0usize, 0usize);
    let mut by_kind: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    let mut problems = Vec::new();
    for case in &cases {
        let receipt =
            receipts.get(&case.receipt).unwrap_or_else(|| panic!("{}: no receipt {}", case.file, case.receipt));
        let report = check(receipt, &case.text, dir.path());
        let findings = report["findings"].as_array().unwrap();
        for f in findings {
            let (start, end) =
                (f["span"]["start"].as_u64().unwrap() as usize, f["span"]["end"].as_u64().unwrap() as usize);
            assert_eq!(
                &case.text[start..end],
                f["text"].as_str().unwrap(),
                "{}: a span that is not its text",
                case.file
            );
        }
        let pair = |f: &Value| (f["kind"].as_str().unwrap().to_string(), f["text"].as_str().unwrap().to_string());
        let mut flagged: Vec<(String, String)> = findings.iter().filter(|f| f["flagged"] == true).map(pair).collect();
        let mut unflagged: Vec<(String, String)> =
            findings.iter().filter(|f| f["flagged"] == false).map(pair).collect();
        for planted in &case.flags {
            let entry = by_kind.entry(planted.0.clone()).or_default();
            entry.0 += 1;
            if take(&mut flagged, planted) {
                found += 1;
                entry.1 += 1;
            } else {
                missed += 1;
                problems.push(format!("{}: missed {planted:?}", case.file));
            }
        }
        for extra in &flagged {
            wrongly_flagged += 1;
            problems.push(format!("{}: flagged {extra:?}, which is not planted", case.file));
        }
        for ok in &case.oks {
            if !take(&mut unflagged, ok) {
                problems.push(format!("{}: expected the unflagged finding {ok:?}", case.file));
            }
        }
        if !problems.is_empty() && problems.last().is_some_and(|p| p.starts_with(&case.file)) {
            problems.push(format!("  report: {}", serde_json::to_string(&report["findings"]).unwrap()));
        }
    }
    let precision = found as f64 / (found + wrongly_flagged).max(1) as f64;
    let recall = found as f64 / (found + missed).max(1) as f64;
    let correct = cases.iter().filter(|c| c.flags.is_empty()).count();
    println!(
        "summary corpus: {} summaries ({correct} with no planted error) of {} receipts; {} planted errors, {found} found, {missed} missed, {wrongly_flagged} flagged wrongly; precision {precision:.3}, recall {recall:.3}",
        cases.len(),
        receipts.len(),
        found + missed
    );
    for (kind, (planted, hit)) in &by_kind {
        println!("  {kind}: {hit} of {planted}");
    }
    assert!(cases.len() >= 60 && correct >= 20, "the corpus is at least 60 summaries, 20 of them correct");
    for kind in [
        "unadmitted_rounding",
        "misrounded",
        "swap",
        "unsupported",
        "universal_claim",
        "trend_without_time",
        "top_n_truncated",
        "dropped_warning",
    ] {
        assert!(by_kind.get(kind).is_some_and(|(planted, _)| *planted >= 2), "plant at least two {kind} errors");
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn check_summary_prints_a_table_refuses_bad_input_and_says_so_in_its_exit_status() {
    let dir = tempfile::tempdir().unwrap();
    let receipts = make_receipts(dir.path());
    let receipt = receipts["p1-ack-by-team"].to_str().unwrap().to_string();
    let text = dir.path().join("summary.txt");
    let write = |content: &str| std::fs::write(&text, content).unwrap();
    let run = |extra: &[&str]| {
        let mut args = vec!["check-summary", "--receipt", receipt.as_str(), "--text", text.to_str().unwrap()];
        args.extend(extra);
        querycell(&args)
    };

    write("Platform's P1 average is 15 minutes.");
    let flagged = run(&[]);
    assert_eq!(flagged.status.code(), Some(4));
    let table = String::from_utf8_lossy(&flagged.stdout);
    assert!(table.contains("FLAG unadmitted_rounding") && table.contains("average_minutes of Platform"), "{table}");

    write("Platform averaged 14.7 minutes; one Search incident has no acknowledgement time.");
    assert_eq!(run(&[]).status.code(), Some(0));

    // The summary from standard input.
    let piped = querycell_with_stdin(
        &["check-summary", "--receipt", &receipt, "--text", "-", "--format", "json"],
        "Payments averaged 14.7.",
    );
    assert_eq!(piped.status.code(), Some(4));
    let report: Value = serde_json::from_slice(&piped.stdout).unwrap();
    assert_eq!(report["findings"][0]["kind"], "swap");
    assert_eq!(report["offsets"], "utf8_bytes");

    // Over the size limit: refused (2) with a typed error, nothing read past the limit.
    let limits = querycell::limits::SummaryLimits::default();
    write(&"Platform averaged 14.7 minutes. ".repeat(limits.max_text_bytes / 32 + 1));
    let large = run(&["--format", "json"]);
    assert_eq!(large.status.code(), Some(2));
    assert_eq!(serde_json::from_slice::<Value>(&large.stdout).unwrap()["error"]["code"], "summary_too_large");

    // A receipt that is not one.
    write("Platform averaged 14.7.");
    let not_a_receipt =
        querycell(&["check-summary", "--receipt", text.to_str().unwrap(), "--text", text.to_str().unwrap()]);
    assert_eq!(not_a_receipt.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&not_a_receipt.stderr).contains("receipt_invalid"));
}

/// Every seed and kept regression of the `summary_check` fuzz target (and the corpus named by
/// `QUERYCELL_FUZZ_SUMMARY_CORPUS`, after a fuzz run) holds the target's oracles.
#[test]
fn every_kept_summary_fuzz_input_holds_the_oracles() {
    let root = workspace().join("fuzz/summary");
    let mut folders = vec![root.join("seeds/summary_check"), root.join("regressions/summary_check")];
    folders.extend(std::env::var_os("QUERYCELL_FUZZ_SUMMARY_CORPUS").map(|c| workspace().join(c)));
    let mut replayed = 0;
    for input in folders.iter().flat_map(|folder| fuzz_inputs(folder)) {
        oracle::check(&std::fs::read(&input).unwrap());
        replayed += 1;
    }
    assert!(replayed >= 10, "only {replayed} inputs replayed");
}
