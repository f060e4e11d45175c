//! The aggregates real questions need (`where` on an aggregation, `share`, `percentile`),
//! answered through the whole library over generated data with missing values, and each
//! number compared with the same statistic computed here, in Rust, from the rows the test
//! wrote: no SQL of querycell's is involved in the expected side.

use std::collections::BTreeMap;
use std::path::Path;

use querycell::{ingest, Limits, QueryCell};
use querycell_tests::write_file;
use serde_json::Value;

/// One generated incident: its team, severity, and time to acknowledge (missing for some).
#[derive(Debug, Clone)]
struct Incident {
    team: &'static str,
    severity: &'static str,
    ack_minutes: Option<i64>,
}

const TEAMS: [&str; 3] = ["Platform", "Payments", "Search"];
const SEVERITIES: [&str; 3] = ["P1", "P2", "P3"];

/// 600 incidents from a fixed linear congruential sequence: every team has every severity,
/// about one in nine acknowledgement times is missing, and times spread over 0..120 with
/// repeats, so percentiles fall between values as often as on them.
fn incidents() -> Vec<Incident> {
    let mut state: u64 = 0x2545_f491_4f6c_dd1d;
    let mut next = move |bound: u64| {
        state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        (state >> 33) % bound
    };
    (0..600)
        .map(|_| Incident {
            team: TEAMS[next(3) as usize],
            severity: SEVERITIES[next(3) as usize],
            ack_minutes: if next(9) == 0 { None } else { Some(next(120) as i64) },
        })
        .collect()
}

fn open(dir: &Path, rows: &[Incident]) -> QueryCell {
    let mut csv = String::from("team,severity,ack_minutes\n");
    for row in rows {
        let ack = row.ack_minutes.map(|m| m.to_string()).unwrap_or_default();
        csv.push_str(&format!("{},{},{ack}\n", row.team, row.severity));
    }
    let data = dir.join("data");
    write_file(&data, "incidents.csv", &csv);
    let index = dir.join("idx");
    ingest::ingest(&index, &[data]).expect("ingest");
    QueryCell::open(&index, Limits::default()).expect("open")
}

/// The continuous percentile `p` of `values` (linear interpolation between the two nearest
/// ranks, the definition the plan language documents), or `None` for no values.
fn percentile(values: &[i64], p: f64) -> Option<f64> {
    let mut sorted = values.to_vec();
    sorted.sort_unstable();
    let position = p * (sorted.len().checked_sub(1)? as f64);
    let (lower, upper) = (position.floor() as usize, position.ceil() as usize);
    let fraction = position - lower as f64;
    Some(sorted[lower] as f64 + (sorted[upper] - sorted[lower]) as f64 * fraction)
}

/// The answer's rows keyed by their first column (the team).
fn by_team(answer: &querycell::Answer) -> BTreeMap<String, Vec<Value>> {
    answer.rows.iter().map(|row| (row[0].as_str().expect("a team").to_string(), row[1..].to_vec())).collect()
}

fn number(value: &Value) -> f64 {
    value.as_f64().unwrap_or_else(|| panic!("a number, not {value}"))
}

fn assert_close(actual: f64, expected: f64, what: &str) {
    assert!((actual - expected).abs() <= 1e-9 * expected.abs().max(1.0), "{what}: {actual} against {expected}");
}

/// "What share of P1 incidents were acknowledged within 15 minutes, by team", next to the
/// P1 count and the P1 count whose time is known: a share's denominator is every row the
/// filters keep, and a row with a missing time does not meet `ack_minutes <= 15`.
#[test]
fn share_by_team_matches_the_fraction_counted_from_the_rows() {
    let rows = incidents();
    let dir = tempfile::tempdir().unwrap();
    let cell = open(dir.path(), &rows);
    let answer = cell
        .query_plan(
            r#"{"table": "incidents", "filters": [{"column": "severity", "op": "eq", "value": "P1"}], "group_by": ["team"],
                "aggregations": [{"function": "share", "where": [{"column": "ack_minutes", "op": "lte", "value": 15}], "alias": "within_15"},
                                 {"function": "count"}]}"#,
        )
        .unwrap_or_else(|e| panic!("{e}"));
    let answered = by_team(&answer);
    assert_eq!(answered.len(), TEAMS.len(), "{answered:?}");
    for team in TEAMS {
        let p1: Vec<&Incident> = rows.iter().filter(|r| r.team == team && r.severity == "P1").collect();
        let within = p1.iter().filter(|r| r.ack_minutes.is_some_and(|m| m <= 15)).count();
        let row = &answered[team];
        assert_close(number(&row[0]), within as f64 / p1.len() as f64, &format!("{team}'s share"));
        assert_eq!(row[1].as_i64(), Some(p1.len() as i64), "{team}'s count");
    }
    assert!(answer.explanation.contains("of the rows the filters keep"), "{}", answer.explanation);
    assert_eq!(answer.columns[1].name, "within_15");
}

/// "p95 ack time by service" (here by team), with the 50th beside it and a 90th of P1 and
/// P2 alone (a percentile with its own `where`): each equals the interpolated percentile of
/// the known times, and the warning counts the missing times each percentile skipped among
/// the rows it read.
#[test]
fn percentiles_by_team_match_the_interpolated_ranks() {
    let rows = incidents();
    let dir = tempfile::tempdir().unwrap();
    let cell = open(dir.path(), &rows);
    let answer = cell
        .query_plan(
            r#"{"table": "incidents", "group_by": ["team"],
                "aggregations": [{"function": "percentile", "column": "ack_minutes", "p": 0.95},
                                 {"function": "percentile", "column": "ack_minutes", "p": 0.5},
                                 {"function": "percentile", "column": "ack_minutes", "p": 0.9, "alias": "p90_urgent",
                                  "where": [{"column": "severity", "op": "in", "value": ["P1", "P2"]}]}]}"#,
        )
        .unwrap_or_else(|e| panic!("{e}"));
    let names: Vec<&str> = answer.columns.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(names, ["team", "p95_ack_minutes", "p50_ack_minutes", "p90_urgent"]);
    let answered = by_team(&answer);
    for team in TEAMS {
        let known = |urgent_only: bool| -> Vec<i64> {
            rows.iter()
                .filter(|r| r.team == team && (!urgent_only || r.severity != "P3"))
                .filter_map(|r| r.ack_minutes)
                .collect()
        };
        let row = &answered[team];
        assert_close(number(&row[0]), percentile(&known(false), 0.95).unwrap(), &format!("{team}'s p95"));
        assert_close(number(&row[1]), percentile(&known(false), 0.5).unwrap(), &format!("{team}'s p50"));
        assert_close(number(&row[2]), percentile(&known(true), 0.9).unwrap(), &format!("{team}'s p90 of P1 and P2"));
    }
    let missing = rows.iter().filter(|r| r.ack_minutes.is_none()).count();
    let missing_urgent = rows.iter().filter(|r| r.ack_minutes.is_none() && r.severity != "P3").count();
    assert!(missing_urgent < missing, "the data must tell the two null counts apart");
    let warnings = answer.warnings.join("\n");
    assert!(warnings.contains(&format!("p95_ack_minutes: {missing} null values were skipped")), "{warnings}");
    assert!(warnings.contains(&format!("p90_urgent: {missing_urgent} null values were skipped")), "{warnings}");
}

/// "Count of P1 and count of P2 side by side", and a `having` on a filtered count: each
/// column counts its own rows, and the groups kept are those whose P1 count passes.
#[test]
fn counts_with_their_own_where_stand_side_by_side() {
    let rows = incidents();
    let dir = tempfile::tempdir().unwrap();
    let cell = open(dir.path(), &rows);
    let count = |team: &str, severity: &str| rows.iter().filter(|r| r.team == team && r.severity == severity).count();
    let threshold = TEAMS.iter().map(|team| count(team, "P1")).min().unwrap();
    let plan = format!(
        r#"{{"table": "incidents", "group_by": ["team"],
            "aggregations": [{{"function": "count", "where": [{{"column": "severity", "op": "eq", "value": "P1"}}], "alias": "p1"}},
                             {{"function": "count", "where": [{{"column": "severity", "op": "eq", "value": "P2"}}], "alias": "p2"}},
                             {{"function": "count"}}],
            "having": [{{"column": "p1", "op": "gt", "value": {threshold}}}]}}"#
    );
    let answer = cell.query_plan(&plan).unwrap_or_else(|e| panic!("{e}"));
    let answered = by_team(&answer);
    let expected: Vec<&str> = TEAMS.iter().copied().filter(|team| count(team, "P1") > threshold).collect();
    assert_eq!(answered.keys().map(String::as_str).collect::<Vec<_>>().len(), expected.len(), "{answered:?}");
    for team in expected {
        let row = &answered[team];
        let total = rows.iter().filter(|r| r.team == team).count();
        assert_eq!(
            (row[0].as_i64(), row[1].as_i64(), row[2].as_i64()),
            (Some(count(team, "P1") as i64), Some(count(team, "P2") as i64), Some(total as i64)),
            "{team}"
        );
    }
}

/// A share over groups with no row left is null, not an error, and the refusals a model
/// retries from name the field to fix.
#[test]
fn the_new_aggregates_refuse_with_the_field_to_fix() {
    let dir = tempfile::tempdir().unwrap();
    let cell = open(dir.path(), &incidents());
    let empty = cell
        .query_plan(
            r#"{"table": "incidents", "filters": [{"column": "team", "op": "eq", "value": "nobody"}],
                "aggregations": [{"function": "share", "where": [{"column": "severity", "op": "eq", "value": "P1"}]}]}"#,
        )
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(empty.rows, vec![vec![Value::Null]]);

    for (aggregation, code, path, hint) in [
        (
            r#"{"function": "percentile", "column": "ack_minutes", "p": 1.5}"#,
            "invalid_value",
            "aggregations[0].p",
            "0.95",
        ),
        (r#"{"function": "percentile", "column": "ack_minutes"}"#, "missing_field", "aggregations[0].p", "\"p\": 0.95"),
        (r#"{"function": "share"}"#, "missing_field", "aggregations[0].where", "\"where\": [{"),
        (
            r#"{"function": "median", "column": "ack_minutes", "p": 0.5}"#,
            "unexpected_field",
            "aggregations[0].p",
            "percentile",
        ),
    ] {
        let error = cell
            .query_plan(&format!(r#"{{"table": "incidents", "aggregations": [{aggregation}]}}"#))
            .expect_err(aggregation);
        assert_eq!((error.code.as_str(), error.path.as_str()), (code, path), "{aggregation}: {error}");
        assert!(error.hint.as_deref().unwrap_or_default().contains(hint), "{aggregation}: {error:?}");
    }
}
