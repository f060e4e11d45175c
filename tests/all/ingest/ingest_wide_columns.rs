//! Columns whose texts are nearly all distinct (ids, timestamps, amounts, free text) are
//! profiled row by row rather than grouped by text, once a table is larger than the
//! distinct sample (`ingest::column_types::groups::DISTINCT_SAMPLE`). Their types, decisions and statistics
//! must be what grouping gives, but for the distinct count, which is an estimate there (and
//! flagged so): each is checked here against figures computed from the rows the test
//! writes, with tokens (`NA`, `-`) and values padded with spaces among them.

use std::collections::BTreeSet;
use std::fmt::Write;

use querycell::catalog::ColumnStats;
use querycell::ingest::{self, column_types::groups::DISTINCT_SAMPLE};
use querycell_tests::write_file;
use serde_json::json;

use super::catalog_lookup::{answer, column, table};

/// One row of the file: `(id, taken_at, amount, note)` as written, `None` where a token or
/// nothing is written instead.
fn row(i: usize) -> (String, Option<String>, Option<f64>, String) {
    let id = format!("{i:07}");
    let seconds = i * 7;
    let taken = (i % 1000 != 3).then(|| {
        format!(
            "2026-01-{:02} {:02}:{:02}:{:02}",
            1 + seconds / 86_400,
            seconds / 3600 % 24,
            seconds / 60 % 60,
            seconds % 60
        )
    });
    let amount = (i % 500 != 7).then_some(i as f64 + 0.25);
    (id, taken, amount, format!("note {i}: lorem ipsum"))
}

/// A distinct count flagged as an estimate, within a tenth of the `truth` and never more
/// than the values present.
fn assert_estimate(stats: &ColumnStats, truth: usize, present: usize) {
    assert!(stats.distinct_estimated, "{stats:?}");
    let (estimate, truth) = (stats.distinct_count as f64, truth as f64);
    assert!((estimate - truth).abs() <= truth / 10.0, "estimate {estimate} against {truth}");
    assert!(stats.distinct_count as usize <= present, "{stats:?} over {present} values present");
}

#[test]
fn nearly_distinct_columns_are_typed_and_counted_as_grouped_ones_are() {
    let rows = DISTINCT_SAMPLE + 10_000;
    let mut text = String::from("id,taken_at,amount,note\n");
    for i in 0..rows {
        let (id, taken, amount, note) = row(i);
        // Padding and tokens on a few rows: the values are trimmed, the tokens are missing.
        let taken = match taken {
            Some(t) if i % 97 == 0 => format!("  {t} "),
            Some(t) => t,
            None => "NA".into(),
        };
        let amount = amount.map_or_else(|| " - ".to_string(), |a| a.to_string());
        let note = if i % 300 == 1 { "NA".to_string() } else { note };
        writeln!(text, "{id},{taken},{amount},{note}").unwrap();
    }
    let dir = tempfile::tempdir().unwrap();
    write_file(dir.path(), "data/readings.csv", &text);
    let index = dir.path().join("index");
    let catalog = ingest::ingest(&index, &[dir.path().join("data")]).unwrap();
    let readings = table(&catalog, "readings");

    let written: Vec<_> = (0..rows).map(row).collect();
    let id = column(readings, "id");
    assert_eq!(id.sql_type, "VARCHAR", "{}", id.decision);
    assert_eq!(id.stats.null_count, 0);
    assert_estimate(&id.stats, rows, rows);
    assert_eq!(id.stats.min.as_deref(), Some(written[0].0.as_str()));

    let taken = column(readings, "taken_at");
    let missing = written.iter().filter(|r| r.1.is_none()).count();
    let distinct: BTreeSet<&String> = written.iter().filter_map(|r| r.1.as_ref()).collect();
    assert_eq!(taken.sql_type, "TIMESTAMP", "{}", taken.decision);
    assert!(taken.decision.contains(&format!("{missing} value(s) like NA")), "{}", taken.decision);
    assert_eq!(taken.stats.null_count, missing as u64);
    assert_estimate(&taken.stats, distinct.len(), rows - missing);
    assert_eq!(taken.stats.max.as_deref(), distinct.last().map(|t| t.as_str()));

    let amount = column(readings, "amount");
    let amounts: Vec<f64> = written.iter().filter_map(|r| r.2).collect();
    assert_eq!(amount.sql_type, "DOUBLE", "{}", amount.decision);
    assert_eq!(amount.stats.null_count as usize, rows - amounts.len());
    let total = answer(&index, r#"{"table": "readings", "aggregations": [{"function": "sum", "column": "amount"}]}"#);
    assert_eq!(total["rows"], json!([[amounts.iter().sum::<f64>()]]));

    // In a text column `NA` is a value like any other (North America).
    let note = column(readings, "note");
    let notes: BTreeSet<String> = (0..rows).map(|i| if i % 300 == 1 { "NA".to_string() } else { row(i).3 }).collect();
    assert_eq!(note.sql_type, "VARCHAR");
    assert_eq!(note.stats.null_count, 0);
    assert_estimate(&note.stats, notes.len(), rows);
    let shown = querycell::catalog::schema::markdown(&catalog);
    let line = shown.lines().find(|l| l.starts_with("| `note` |")).unwrap_or_default();
    // Shown to two significant digits: `about 59000 distinct`.
    let about = line.rsplit("| about ").next().and_then(|l| l.strip_suffix(" distinct |"));
    let about: u64 = about.and_then(|n| n.parse().ok()).unwrap_or_else(|| panic!("{line}"));
    assert!(about.is_multiple_of(1000) && about.abs_diff(notes.len() as u64) <= 6000, "{line}");
}
