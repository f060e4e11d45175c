//! The checker's rules one by one, on small receipts built here; the limits and the bound on
//! work per byte, on adversarial text. The corpus of real receipts and summaries is
//! `tests/all/serve/summary_check.rs`.

use super::report::{Finding, FindingKind};
use super::scan::{scan, Kind};
use super::{check, Report};
use crate::limits::SummaryLimits;

/// The role a compiler gives the column computed by the SQL `item`.
fn role_of_item(item: &str) -> serde_json::Value {
    let function = [
        ("avg(CASE", "share"),
        ("count(", "count"),
        ("avg(", "avg"),
        ("sum(", "sum"),
        ("median(", "median"),
        ("max(", "max"),
        ("min(", "min"),
        ("percentile_cont(", "percentile"),
    ]
    .iter()
    .find(|(start, _)| item.starts_with(start))
    .map(|(_, function)| *function);
    match function {
        Some(function) => serde_json::json!({"kind": "aggregate", "function": function}),
        None => serde_json::json!({"kind": "expression"}),
    }
}

/// A receipt of `team` and the given numeric columns (`name`, `type`, the SQL item that
/// computes it, which gives its role), one row per `(team, values…)`, sorted by the first
/// numeric column, highest first.
fn receipt(columns: &[(&str, &str, &str)], rows: &[(&str, &[f64])], truncated: bool, warnings: &[&str]) -> String {
    let mut cols =
        vec![serde_json::json!({"name": "team", "type": "VARCHAR", "role": {"kind": "group_key", "by": "team"}})];
    cols.extend(
        columns
            .iter()
            .map(|(name, kind, item)| serde_json::json!({"name": name, "type": kind, "role": role_of_item(item)})),
    );
    let items: Vec<String> = columns.iter().map(|(name, _, item)| format!("{item} AS \"{name}\"")).collect();
    let rows: Vec<serde_json::Value> = rows
        .iter()
        .map(|(team, values)| {
            let mut row = vec![serde_json::json!(team)];
            row.extend(values.iter().map(|v| serde_json::json!(v)));
            serde_json::Value::Array(row)
        })
        .collect();
    let count = rows.len();
    serde_json::json!({
        "receipt_version": 2,
        "columns": cols,
        "order": [{"column": columns[0].0, "descending": true}],
        "rows": rows,
        "row_count": count,
        "truncated": truncated,
        "total_rows": if truncated { count + 1 } else { count },
        "sql": format!("SELECT \"team\", {} FROM \"incidents\" WHERE \"severity\" = ? GROUP BY \"team\" ORDER BY \"{}\" DESC LIMIT ?", items.join(", "), columns[0].0),
        "params": ["P1", 6],
        "explanation": "by team",
        "warnings": warnings,
        "a_field_from_a_newer_receipt": {"ignored": true},
    })
    .to_string()
}

/// The demo's P1 answer: average minutes and incidents by team.
fn p1() -> String {
    receipt(
        &[("average_minutes", "DOUBLE", "avg(\"ack_minutes\")"), ("incidents", "BIGINT", "count(*)")],
        &[("Search", &[31.0, 2.0]), ("Platform", &[44.0 / 3.0, 3.0]), ("Payments", &[10.0, 2.0])],
        false,
        &[],
    )
}

fn run(receipt: &str, text: &str) -> Report {
    check(receipt, text, &SummaryLimits::default()).expect("checks")
}

/// The findings of `kind` as (text, flagged).
fn of_kind(report: &Report, kind: FindingKind) -> Vec<&str> {
    report.findings.iter().filter(|f| f.kind == kind).map(|f| f.text.as_str()).collect()
}

fn flagged(report: &Report) -> Vec<(FindingKind, &str)> {
    report.findings.iter().filter(|f| f.flagged).map(|f| (f.kind, f.text.as_str())).collect()
}

#[test]
fn numbers_are_read_with_separators_suffixes_and_percents() {
    let scanned =
        scan("1,234.5 ran 12k, 3M and 67% (or 67 percent); P1, I-101, 2026-01-04 and 10:30 are not; the 3rd; -4.");
    let numbers: Vec<(f64, bool, bool)> = scanned
        .tokens
        .iter()
        .filter_map(|t| match &t.kind {
            Kind::Number(n) => Some((n.value, n.percent, n.ordinal)),
            _ => None,
        })
        .collect();
    assert_eq!(
        numbers,
        [
            (1234.5, false, false),
            (12000.0, false, false),
            (3e6, false, false),
            (67.0, true, false),
            (67.0, true, false),
            (3.0, false, true),
            (-4.0, false, false)
        ]
    );
    assert_eq!(scanned.sentences.len(), 1, "decimal points and 'e.g.' do not end sentences");
    assert_eq!(scan("It took 14.7 minutes, e.g. for Platform. Then 10.").sentences.len(), 2);
    assert_eq!(scan("12,34 is two numbers").tokens.iter().filter(|t| matches!(t.kind, Kind::Number(_))).count(), 2);
}

#[test]
fn exact_and_stated_roundings_pass_an_unhedged_whole_number_does_not() {
    let report = run(&p1(), "Platform averaged 14.7 minutes (14.67 in full). Payments averaged 10. Platform's average is about 15 minutes. Platform's average is 15 minutes. Platform's average is 14.6 minutes.");
    assert_eq!(of_kind(&report, FindingKind::Rounded), ["14.7", "14.67"]);
    assert_eq!(of_kind(&report, FindingKind::Match), ["10"]);
    assert_eq!(of_kind(&report, FindingKind::Approximate), ["15"]);
    assert_eq!(flagged(&report), [(FindingKind::UnadmittedRounding, "15"), (FindingKind::Misrounded, "14.6")]);
    let rounding = report.findings.iter().find(|f| f.kind == FindingKind::Misrounded).unwrap();
    assert_eq!(rounding.expected.as_deref(), Some("14.7"));
    assert_eq!(rounding.cell.as_ref().unwrap().group, "Platform");
}

#[test]
fn a_number_given_to_the_wrong_group_is_a_swap() {
    let report = run(
        &p1(),
        "Payments averaged 14.7 minutes and Platform 10. Search, Platform and Payments had 2, 3 and 2 incidents.",
    );
    let swaps: Vec<&Finding> = report.findings.iter().filter(|f| f.kind == FindingKind::Swap).collect();
    assert_eq!(swaps.len(), 2, "{report:#?}");
    assert_eq!(swaps[0].cell.as_ref().unwrap().group, "Platform");
    assert_eq!(swaps[0].expected.as_deref(), Some("10.0 (average_minutes of Payments)"));
    assert_eq!(of_kind(&report, FindingKind::Match), ["2", "3", "2"], "parallel lists pair in order");
    let swapped = run(&p1(), "Search, Platform and Payments had 3, 2 and 2 incidents.");
    assert_eq!(flagged(&swapped), [(FindingKind::Swap, "3"), (FindingKind::Swap, "2")]);
}

#[test]
fn derived_numbers_name_their_derivation_and_the_rest_are_unsupported() {
    let report = run(
        &p1(),
        "Platform is 4.7 minutes slower than Payments. The teams had 7 incidents in all. Search took 42 minutes.",
    );
    let derived: Vec<&Finding> = report.findings.iter().filter(|f| f.kind == FindingKind::Derived).collect();
    assert_eq!(derived.len(), 2);
    assert!(
        derived[0].expected.as_deref().unwrap().starts_with("4.666667 = 14.666667 − 10 (average_minutes of Platform"),
        "{derived:?}"
    );
    assert_eq!(derived[1].expected.as_deref(), Some("7 = the total of incidents over the answer's 3 rows"));
    assert_eq!(flagged(&report), [(FindingKind::Unsupported, "42")]);
}

#[test]
fn universal_words_beside_an_average_are_flagged_unless_they_quantify_groups() {
    let report = run(&p1(), "Every P1 incident at Payments was acknowledged in 10 minutes on average. Each team averaged under 32 minutes. All of the teams had 2 or more incidents.");
    assert_eq!(flagged(&report), [(FindingKind::UniversalClaim, "Every")]);
    let shares = receipt(
        &[("acked_within_15", "DOUBLE", "avg(CASE WHEN \"ack_minutes\" <= ? THEN 1.0 ELSE 0.0 END)")],
        &[("Payments", &[1.0]), ("Platform", &[2.0 / 3.0])],
        false,
        &[],
    );
    let report = run(&shares, "Every incident at Payments was acknowledged within 15 minutes. All of Platform's incidents were acknowledged within 15 minutes.");
    assert_eq!(flagged(&report), [(FindingKind::UniversalClaim, "All")], "a share of 1 supports 'every'");
}

#[test]
fn trends_need_a_time_grouping_and_ranks_need_the_whole_answer() {
    let report = run(&p1(), "Search's average increased to 31 minutes. Platform's went up.");
    assert_eq!(
        flagged(&report),
        [(FindingKind::TrendWithoutTime, "increased"), (FindingKind::TrendWithoutTime, "went")]
    );
    let cut = receipt(
        &[("average_minutes", "DOUBLE", "avg(\"ack_minutes\")")],
        &[("Search", &[31.0]), ("Platform", &[44.0 / 3.0])],
        true,
        &["the answer shows 2 of 3 rows"],
    );
    let report = run(&cut, "Search has the highest average, 31 minutes. Platform has the lowest. These are the top 3 teams. Only 2 of 3 teams are shown.");
    assert_eq!(flagged(&report), [(FindingKind::TopNTruncated, "lowest"), (FindingKind::TopNTruncated, "top")]);
}

#[test]
fn a_warning_the_summary_drops_is_flagged_at_the_figure_it_affects() {
    let nulls = receipt(
        &[("average_minutes", "DOUBLE", "avg(\"ack_minutes\")"), ("incidents", "BIGINT", "count(*)")],
        &[("Search", &[31.0, 2.0])],
        false,
        &["average_minutes: 1 null value was skipped in the matching rows"],
    );
    let report = run(&nulls, "Search had 2 incidents and averaged 31 minutes.");
    assert_eq!(flagged(&report), [(FindingKind::DroppedWarning, "31")]);
    let admitted =
        run(&nulls, "Search averaged 31 minutes; one incident has no acknowledgement time and is not counted.");
    assert_eq!(flagged(&admitted), []);
    let cut = receipt(&[("incidents", "BIGINT", "count(*)")], &[("Search", &[2.0]), ("Platform", &[3.0])], true, &[]);
    assert_eq!(flagged(&run(&cut, "There were 5 incidents in total.")), [(FindingKind::DroppedWarning, "5")]);
}

#[test]
fn spans_are_byte_offsets_with_character_offsets_beside_them() {
    let text = "Équipe — Platform averaged 14.7 minutes.";
    let report = run(&p1(), text);
    let finding = &report.findings[0];
    assert_eq!(&text[finding.span.start..finding.span.end], "14.7");
    let chars: String = text.chars().skip(finding.chars.start).take(finding.chars.end - finding.chars.start).collect();
    assert_eq!(chars, "14.7");
    assert_ne!(finding.span.start, finding.chars.start);
    assert_eq!(report.to_json()["offsets"], "utf8_bytes");
}

#[test]
fn receipts_that_are_not_receipts_are_refused() {
    let limits = SummaryLimits::default();
    let code = |receipt: &str| check(receipt, "Platform averaged 14.7.", &limits).unwrap_err().code;
    assert_eq!(code("not json"), "receipt_invalid");
    assert_eq!(code("[1, 2]"), "receipt_invalid");
    assert_eq!(code(r#"{"rows": []}"#), "receipt_invalid");
    // Deeper than serde_json's recursion limit (128): an error, not a stack overflow.
    let deep = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
    assert_eq!(code(&deep), "receipt_invalid");
    let large = format!("{{\"columns\": [], \"rows\": [], \"pad\": \"{}\"}}", "x".repeat(limits.max_receipt_bytes));
    assert_eq!(code(&large), "summary_too_large");
    // Read leniently, a short row's cells would meet the wrong columns, and warnings that
    // are not a list would switch the dropped-warning check off.
    let team = r#"{"name": "team", "type": "VARCHAR"}, {"name": "average", "type": "DOUBLE"}"#;
    assert_eq!(code(&format!(r#"{{"columns": [{team}], "rows": [["Platform"]]}}"#)), "receipt_invalid");
    assert_eq!(code(&format!(r#"{{"columns": [{team}], "rows": [["Platform", 14.7, 1]]}}"#)), "receipt_invalid");
    let warnings = format!(
        r#"{{"columns": [{team}], "rows": [["Platform", 14.7]], "warnings": "average: 1 null value was skipped"}}"#
    );
    assert_eq!(code(&warnings), "receipt_invalid");
}

#[test]
fn a_summary_over_the_limits_is_refused_before_it_is_read() {
    let limits = SummaryLimits::default();
    let mebibyte = "Platform averaged 14.7 minutes. ".repeat((1 << 20) / 32);
    let error = check(&p1(), &mebibyte, &limits).unwrap_err();
    assert_eq!((error.code.as_str(), error.path.as_str()), ("summary_too_large", "text"));
    let many_numbers = "1 ".repeat(limits.max_numbers + 1);
    assert_eq!(check(&p1(), &many_numbers, &limits).unwrap_err().code, "summary_too_large");
}

/// Adversarial text as long as the limits allow costs work linear in its bytes, and its
/// findings are bounded by its numbers and sentences.
#[test]
fn adversarial_text_costs_bounded_work_per_byte() {
    let limits = SummaryLimits::default();
    // A receipt as large as an answer usually gets: 1000 rows, eight labels shared by many.
    let rows: Vec<(String, Vec<f64>)> =
        (0..1000).map(|i| (format!("T{}", i % 8), vec![i as f64 + 0.5, i as f64])).collect();
    let borrowed: Vec<(&str, &[f64])> = rows.iter().map(|(t, v)| (t.as_str(), v.as_slice())).collect();
    let receipt = receipt(
        &[("average_minutes", "DOUBLE", "avg(\"x\")"), ("incidents", "BIGINT", "count(*)")],
        &borrowed,
        true,
        &["average_minutes: 3 null values were skipped in the matching rows", "the answer shows 1000 of 2000 rows"],
    );
    let patterns = [
        "1,",
        "1.5 ",
        "T1 ",
        "T1 and T2, 3 and 4. ",
        "every average increased to the top 3; ",
        "(((((",
        "1,000,000,000,000",
        "about 12.5% ",
        "9",
        "T7's 7.5 ",
        "é€😀",
        "T1, T2, T3, T4, T5 averaged 1, 2, 3, 4, 5 ",
        ". ",
        "\n\n- ",
        "T1 T2 T3 T4 T5 T6 T7 ",
        "over 3 than 4 ",
        "3 of the 1000 T1 incidents above 5% ",
        "T1 had 25% more average minutes than T2, 1.5 percentage points higher; ",
        "from T1 to T2 ",
    ];
    for pattern in patterns {
        // As many repetitions as the limits take (bytes, numbers, sentences).
        let mut repeats = limits.max_text_bytes / pattern.len();
        let mut text = pattern.repeat(repeats);
        while check(&receipt, &text, &limits).is_err_and(|e| e.code == "summary_too_large") {
            repeats = repeats * 9 / 10;
            text = pattern.repeat(repeats);
        }
        let report = check(&receipt, &text, &limits).unwrap();
        assert!(
            report.work <= 64 * text.len() as u64 + 100_000,
            "{pattern:?}: {} units of work for {} bytes",
            report.work,
            text.len()
        );
        assert!(report.findings.len() <= 2 * report.numbers + 3 * report.sentences.len(), "{pattern:?}");
        assert!(
            text.len() * 2 > limits.max_text_bytes
                || report.numbers * 2 > limits.max_numbers
                || report.sentences.len() * 2 > limits.max_sentences,
            "{pattern:?} stopped short of every limit"
        );
    }
}

/// Text that is not ASCII, in cells and in the SQL, is sliced only on character boundaries.
#[test]
fn receipts_with_text_that_is_not_ascii_are_read_without_a_panic() {
    let receipt = serde_json::json!({
        "columns": [{"name": "équipe", "type": "VARCHAR"}, {"name": "mois", "type": "DATE"}, {"name": "durée", "type": "DOUBLE"}],
        "rows": [["Ωmega", "Ωé€x€y€z", 1.5], ["Δ", "2026-01-01", 2.5]],
        "sql": "SELECT é(\"x\") AS \"durée\", ü€(1) AS \"équipe\"",
    });
    let report = run(&receipt.to_string(), "Ωmega a 1.5 et Δ 2.5 en January.");
    assert_eq!(flagged(&report), []);
}

#[test]
fn percentage_points_are_a_difference_and_a_share_is_read_only_times_100() {
    let scanned = scan("25.8 percentage points, 3pp, 4 percent points and 5 percent");
    let points: Vec<(f64, bool, bool)> = scanned
        .tokens
        .iter()
        .filter_map(|t| match &t.kind {
            Kind::Number(n) => Some((n.value, n.percent, n.points)),
            _ => None,
        })
        .collect();
    assert_eq!(points, [(25.8, true, true), (3.0, true, true), (4.0, true, true), (5.0, true, false)]);
    let shares = receipt(
        &[("acked_share", "DOUBLE", "avg(CASE WHEN x THEN 1 ELSE 0 END)"), ("incidents", "BIGINT", "count(*)")],
        &[("Search", &[0.534, 2.0]), ("Platform", &[0.276, 3.0])],
        false,
        &[],
    );
    // 53.4 % is Search's share; "0.53 %" is not the share as written.
    assert!(flagged(&run(&shares, "Search acknowledged 53.4% in time.")).is_empty());
    assert_eq!(flagged(&run(&shares, "Search acknowledged 0.53 % in time.")), [(FindingKind::Unsupported, "0.53 %")]);
    // 25.8 points is the difference of the two shares, times 100.
    let report = run(&shares, "Search's share was 25.8 percentage points higher than Platform's.");
    assert_eq!(of_kind(&report, FindingKind::Derived), ["25.8 percentage points"]);
}

#[test]
fn a_warning_count_is_the_receipts_own_number_and_a_bound_is_not_a_rounding() {
    let nulls = receipt(
        &[("average_minutes", "DOUBLE", "avg(\"ack_minutes\")"), ("incidents", "BIGINT", "count(*)")],
        &[("Search", &[31.0, 2.0]), ("Platform", &[44.0 / 3.0, 3.0]), ("Payments", &[10.0, 2.0])],
        false,
        &["average_minutes: 4 null values were skipped in the matching rows"],
    );
    let report = run(&nulls, "Platform averaged under 15 minutes; 4 incidents had no time and were skipped.");
    assert!(flagged(&report).is_empty(), "{:?}", report.findings);
    assert_eq!(of_kind(&report, FindingKind::Bound), ["15"]);
    assert_eq!(of_kind(&report, FindingKind::ReceiptValue), ["4"]);
    // Given to a group, a number another group's cell holds is still a swap.
    assert_eq!(flagged(&run(&nulls, "Search had 3 incidents, skipping 4 with no time.")), [(FindingKind::Swap, "3")]);
}
