//! `check-summary` on summaries written the way language models write them, over receipts
//! shaped unlike the demo (currency amounts with missing values, tickets with missing
//! priorities, answers cut by their limit, shares by region): `summary_corpus/receipts/`.
//!
//! Three tests, kept apart on purpose: the held-in corpus (`summary_corpus/held_in/`) is
//! measured, not tuned on, and reports precision and recall per kind of error; the issue's
//! regressions (`summary_corpus/regressions.txt`) must each hold exactly; and the scaled-cell
//! probe states every cell scaled by 0.8, 0.9, 1.1 and 1.25 as its own group's figure and
//! counts how many the checker excuses as derived.
//!
//! Each case lists the findings it must get flagged (`flag: kind "text"`) and may list
//! findings that must be there unflagged (`ok: kind "text"`); every other finding must be
//! unflagged. `QUERYCELL_SUMMARY_CHECKER=<path of a querycell binary>` runs the corpus
//! through that binary's `check-summary` instead of the library (to measure another build).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use querycell::limits::SummaryLimits;
use querycell_tests::workspace;
use serde_json::Value;

/// One summary.
struct Case {
    name: String,
    receipt: String,
    flags: Vec<(String, String)>,
    oks: Vec<(String, String)>,
    text: String,
}

fn folder() -> PathBuf {
    workspace().join("tests/all/serve/summary_corpus")
}

/// `kind "text"` → (kind, text).
fn expectation(value: &str, name: &str) -> (String, String) {
    let (kind, quoted) = value.split_once(' ').unwrap_or_else(|| panic!("{name}: `{value}` is not `kind \"text\"`"));
    let text = quoted
        .strip_prefix('"')
        .and_then(|q| q.strip_suffix('"'))
        .unwrap_or_else(|| panic!("{name}: unquoted {quoted}"));
    (kind.to_string(), text.to_string())
}

/// The cases of one file: each starts with `=== name`, then `receipt:`, `flag:` and `ok:`
/// lines, a `---` line, and the summary up to the next `=== `.
fn read_cases(path: &Path) -> Vec<Case> {
    let content = std::fs::read_to_string(path).unwrap();
    let mut cases = Vec::new();
    for chunk in content.split("\n=== ").skip(1) {
        let (head, text) = chunk.split_once("\n---\n").unwrap_or_else(|| panic!("{path:?}: no `---` in {chunk}"));
        let mut lines = head.lines();
        let name = lines.next().unwrap().trim().to_string();
        let mut case = Case {
            name: name.clone(),
            receipt: String::new(),
            flags: Vec::new(),
            oks: Vec::new(),
            text: String::new(),
        };
        for line in lines {
            match line.split_once(": ") {
                Some(("receipt", receipt)) => case.receipt = receipt.to_string(),
                Some(("flag", value)) => case.flags.push(expectation(value, &name)),
                Some(("ok", value)) => case.oks.push(expectation(value, &name)),
                _ => panic!("{name}: unknown line {line:?}"),
            }
        }
        case.text = text.trim_end().to_string();
        cases.push(case);
    }
    cases
}

fn receipts() -> BTreeMap<String, String> {
    let dir = folder().join("receipts");
    let mut out = BTreeMap::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        out.insert(name, std::fs::read_to_string(&path).unwrap());
    }
    out
}

/// The report's findings as (kind, text, flagged).
fn findings(receipt_name: &str, receipt: &str, text: &str) -> Vec<(String, String, bool)> {
    let report: Value = match std::env::var_os("QUERYCELL_SUMMARY_CHECKER") {
        Some(binary) => {
            let dir = tempfile::tempdir().unwrap();
            let (r, t) = (dir.path().join(format!("{receipt_name}.json")), dir.path().join("summary.txt"));
            std::fs::write(&r, receipt).unwrap();
            std::fs::write(&t, text).unwrap();
            let output = std::process::Command::new(binary)
                .args(["check-summary", "--receipt", r.to_str().unwrap(), "--text", t.to_str().unwrap()])
                .args(["--format", "json"])
                .output()
                .unwrap();
            serde_json::from_slice(&output.stdout).unwrap_or_else(|e| {
                panic!("not a report ({e}): {}", String::from_utf8_lossy(&output.stderr));
            })
        }
        None => {
            let report = querycell::summary::check(receipt, text, &SummaryLimits::default()).expect("checks");
            serde_json::to_value(&report).unwrap()
        }
    };
    report["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| (f["kind"].as_str().unwrap().into(), f["text"].as_str().unwrap().into(), f["flagged"] == true))
        .collect()
}

/// Takes one `(kind, text)` out of `pool`, if it is there.
fn take(pool: &mut Vec<(String, String)>, wanted: &(String, String)) -> bool {
    pool.iter().position(|found| found == wanted).map(|at| pool.remove(at)).is_some()
}

/// What a run over cases found.
#[derive(Default)]
struct Tally {
    /// Per kind: planted, found, flagged wrongly.
    by_kind: BTreeMap<String, (usize, usize, usize)>,
    correct: usize,
    correct_flagged: usize,
    problems: Vec<String>,
}

fn run(cases: &[Case]) -> Tally {
    let receipts = receipts();
    let mut tally = Tally::default();
    for case in cases {
        let receipt =
            receipts.get(&case.receipt).unwrap_or_else(|| panic!("{}: no receipt {}", case.name, case.receipt));
        let found = findings(&case.receipt, receipt, &case.text);
        let mut flagged: Vec<(String, String)> =
            found.iter().filter(|f| f.2).map(|f| (f.0.clone(), f.1.clone())).collect();
        let mut unflagged: Vec<(String, String)> =
            found.iter().filter(|f| !f.2).map(|f| (f.0.clone(), f.1.clone())).collect();
        let before = tally.problems.len();
        for planted in &case.flags {
            let entry = tally.by_kind.entry(planted.0.clone()).or_default();
            entry.0 += 1;
            if take(&mut flagged, planted) {
                entry.1 += 1;
            } else {
                tally.problems.push(format!("{}: missed {planted:?}", case.name));
            }
        }
        for extra in &flagged {
            tally.by_kind.entry(extra.0.clone()).or_default().2 += 1;
            tally.problems.push(format!("{}: flagged {extra:?}, which is not planted", case.name));
        }
        for ok in &case.oks {
            if !take(&mut unflagged, ok) {
                tally.problems.push(format!("{}: expected the unflagged finding {ok:?}", case.name));
            }
        }
        if case.flags.is_empty() {
            tally.correct += 1;
            tally.correct_flagged += usize::from(!flagged.is_empty());
        }
        if tally.problems.len() > before {
            tally.problems.push(format!("  text: {}\n  findings: {found:?}", case.text));
        }
    }
    tally
}

fn print(what: &str, cases: usize, tally: &Tally) {
    let planted: usize = tally.by_kind.values().map(|k| k.0).sum();
    let hit: usize = tally.by_kind.values().map(|k| k.1).sum();
    println!(
        "{what}: {cases} summaries, {} correct ({} flagged wrongly: {:.1} %), {planted} planted errors, {hit} found",
        tally.correct,
        tally.correct_flagged,
        100.0 * tally.correct_flagged as f64 / tally.correct.max(1) as f64
    );
    for (kind, (planted, hit, wrong)) in &tally.by_kind {
        let recall = *hit as f64 / (*planted).max(1) as f64;
        let precision = *hit as f64 / (hit + wrong).max(1) as f64;
        println!("  {kind:<20} planted {planted:>3}  found {hit:>3}  flagged wrongly {wrong:>2}  recall {recall:.3}  precision {precision:.3}");
    }
}

#[test]
fn the_held_in_corpus_is_found_per_kind_with_few_false_alarms() {
    let mut paths: Vec<PathBuf> =
        std::fs::read_dir(folder().join("held_in")).unwrap().map(|e| e.unwrap().path()).collect();
    paths.sort();
    let cases: Vec<Case> = paths.iter().flat_map(|p| read_cases(p)).collect();
    let tally = run(&cases);
    print("held-in corpus", cases.len(), &tally);
    for problem in &tally.problems {
        println!("{problem}");
    }
    assert!(cases.len() >= 172 && tally.correct >= 60, "the corpus is at least 172 summaries, 60 of them correct");
    for (kind, (planted, hit, _)) in &tally.by_kind {
        assert!(*planted == 0 || *hit as f64 >= 0.97 * *planted as f64, "recall of {kind} under 97 %");
    }
    assert!(
        tally.correct_flagged as f64 <= 0.01 * tally.correct as f64,
        "{} of {} correct summaries flagged",
        tally.correct_flagged,
        tally.correct
    );
}

#[test]
fn every_false_alarm_and_miss_of_the_issue_is_settled() {
    let cases = read_cases(&folder().join("regressions.txt"));
    let tally = run(&cases);
    print("regressions", cases.len(), &tally);
    assert!(cases.len() >= 13);
    assert!(tally.problems.is_empty(), "{}", tally.problems.join("\n"));
}

/// How a probe writes a label: a month `2026-03-01` as `March 2026`, else as it is.
fn label_text(cell: &str) -> String {
    const MONTHS: [&str; 12] = [
        "January",
        "February",
        "March",
        "April",
        "May",
        "June",
        "July",
        "August",
        "September",
        "October",
        "November",
        "December",
    ];
    let month =
        cell.get(5..7).and_then(|m| m.parse::<usize>().ok()).filter(|_| cell.len() == 10 && cell.ends_with("-01"));
    match month {
        Some(m) if (1..=12).contains(&m) => format!("{} {}", MONTHS[m - 1], &cell[..4]),
        _ => cell.to_string(),
    }
}

/// A wrong value as a model would write it: a share as a percent with one decimal (two under
/// 10 %), a large number whole with separators, anything else with one decimal.
fn written(value: f64, share: bool) -> String {
    if share {
        // Two decimals under 10 %, so that a small share scaled is another number as written.
        let decimals = if value < 0.1 { 2 } else { 1 };
        return format!("{:.*}%", decimals, value * 100.0);
    }
    if value.abs() >= 100.0 {
        let whole = format!("{}", value.round() as i64);
        let mut out = String::new();
        for (k, c) in whole.chars().enumerate() {
            if k > 0 && (whole.len() - k) % 3 == 0 && c.is_ascii_digit() {
                out.push(',');
            }
            out.push(c);
        }
        return out;
    }
    format!("{value:.1}")
}

/// Every numeric cell of every receipt scaled by 0.8, 0.9, 1.1 and 1.25, stated as its own
/// group's figure ("North America's online share was 38.6%."): each is wrong, so the checker
/// may excuse at most 1 % of them as derived from other cells.
#[test]
fn a_scaled_cell_attributed_to_its_own_group_is_rarely_excused_as_derived() {
    let (mut stated, mut derived, mut unflagged) = (0usize, 0usize, 0usize);
    let mut excused = Vec::new();
    for (name, receipt) in receipts() {
        let value: Value = serde_json::from_str(&receipt).unwrap();
        let columns = value["columns"].as_array().unwrap();
        for row in value["rows"].as_array().unwrap() {
            let row = row.as_array().unwrap();
            let label = label_text(row[0].as_str().unwrap());
            for (c, column) in columns.iter().enumerate().skip(1) {
                let Some(cell) = row[c].as_f64() else { continue };
                let share = column["role"]["function"] == "share";
                let words = column["name"].as_str().unwrap().replace('_', " ");
                for factor in [0.8, 0.9, 1.1, 1.25] {
                    let scaled = cell * factor;
                    if scaled == cell {
                        continue;
                    }
                    let text = format!("{label}'s {words} was {}.", written(scaled, share));
                    let found = findings(&name, &receipt, &text);
                    stated += 1;
                    if found.iter().any(|f| f.0 == "derived") {
                        derived += 1;
                        excused.push(format!("{name}: {text} {found:?}"));
                    }
                    if !found.iter().any(|f| f.2) {
                        unflagged += 1;
                        excused.push(format!("not flagged: {name}: {text} {found:?}"));
                    }
                }
            }
        }
    }
    println!(
        "scaled-cell probe: {stated} wrong figures stated, {derived} excused as derived ({:.2} %), {unflagged} not flagged at all",
        100.0 * derived as f64 / stated.max(1) as f64
    );
    for line in &excused {
        println!("  {line}");
    }
    assert!(stated >= 230, "only {stated} figures probed");
    assert!(derived as f64 <= 0.01 * stated as f64, "{derived} of {stated} excused as derived");
}
