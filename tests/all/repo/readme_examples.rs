//! The README's questions over the demo tables (`host/demo/data`: incidents, teams, handoffs,
//! and the `querycell.toml` that relates them and defines `mtta`), each asked exactly as the README
//! prints it and each number compared with the same statistic computed here, in Rust, from
//! the CSV files' own text: no SQL of querycell's is on the expected side.
//!
//! The plans are found in the README by what they ask (a block that stops matching fails
//! here), so the README cannot drift from what this file proves.

use std::collections::BTreeMap;

use querycell::{ingest, Limits, QueryCell};
use querycell_tests::workspace;
use serde_json::Value;

/// One incident of `host/demo/data/incidents.csv`.
#[derive(Debug)]
struct Incident {
    team: String,
    severity: String,
    ack_minutes: Option<f64>,
    service: String,
    reopened: bool,
}

/// `(region, headcount)` of each team of `host/demo/data/teams.csv`, by team.
type Teams = BTreeMap<String, (String, i64)>;

/// The demo's rows, read from the files with a plain split (the demo CSVs hold no quotes).
fn demo_rows() -> (Vec<Incident>, Teams) {
    let read = |name: &str| std::fs::read_to_string(workspace().join("host/demo/data").join(name)).unwrap();
    let incidents_csv = read("incidents.csv");
    let mut lines = incidents_csv.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    let at = |name: &str| header.iter().position(|h| *h == name).unwrap();
    let incidents = lines
        .map(|line| {
            let cells: Vec<&str> = line.split(',').collect();
            Incident {
                team: cells[at("team")].to_string(),
                severity: cells[at("severity")].to_string(),
                ack_minutes: cells[at("ack_minutes")].parse().ok(),
                service: cells[at("service")].to_string(),
                reopened: cells[at("reopened")] == "true",
            }
        })
        .collect();
    let teams = read("teams.csv")
        .lines()
        .skip(1)
        .map(|line| {
            let cells: Vec<&str> = line.split(',').collect();
            (cells[0].to_string(), (cells[1].to_string(), cells[2].parse().unwrap()))
        })
        .collect();
    (incidents, teams)
}

/// The README's ```json blocks that are plans, parsed.
fn readme_plans() -> Vec<Value> {
    let readme = std::fs::read_to_string(workspace().join("README.md")).unwrap();
    readme
        .split("```json\n")
        .skip(1)
        .filter_map(|block| block.split("```").next())
        .filter_map(|text| serde_json::from_str::<Value>(text).ok())
        .filter(|plan| plan.get("table").is_some())
        .collect()
}

/// The README's plan that `wanted` picks out; fails when there is not exactly one.
fn readme_plan(what: &str, wanted: impl Fn(&Value) -> bool) -> String {
    let found: Vec<Value> = readme_plans().into_iter().filter(|p| wanted(p)).collect();
    assert_eq!(found.len(), 1, "the README should show exactly one plan that asks {what}: {found:?}");
    found[0].to_string()
}

fn demo() -> (tempfile::TempDir, QueryCell) {
    let dir = tempfile::tempdir().unwrap();
    let index = dir.path().join("idx");
    ingest::ingest(&index, &[workspace().join("host/demo/data")]).unwrap_or_else(|e| panic!("{e}"));
    let cell = QueryCell::open(&index, Limits::default()).unwrap();
    (dir, cell)
}

fn answer(cell: &QueryCell, plan: &str) -> querycell::Answer {
    cell.query_plan(plan).unwrap_or_else(|e| panic!("{plan}: {e}"))
}

/// Rows keyed by the first column (missing keys as `null`).
fn keyed(answer: &querycell::Answer) -> BTreeMap<String, Vec<Value>> {
    answer.rows.iter().map(|row| (row[0].as_str().unwrap_or("null").to_string(), row[1..].to_vec())).collect()
}

fn mean(values: &[f64]) -> Option<f64> {
    (!values.is_empty()).then(|| values.iter().sum::<f64>() / values.len() as f64)
}

/// Continuous percentile: linear interpolation between the nearest ranks.
fn percentile(values: &[f64], p: f64) -> Option<f64> {
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    let position = p * (sorted.len().checked_sub(1)? as f64);
    let (lower, upper) = (position.floor() as usize, position.ceil() as usize);
    Some(sorted[lower] + (sorted[upper] - sorted[lower]) * (position - lower as f64))
}

fn assert_number(actual: &Value, expected: Option<f64>, what: &str) {
    match expected {
        None => assert!(actual.is_null(), "{what}: {actual}, expected missing"),
        Some(expected) => {
            let actual = actual.as_f64().unwrap_or_else(|| panic!("{what}: {actual} is not a number"));
            assert!((actual - expected).abs() <= 1e-9 * expected.abs().max(1.0), "{what}: {actual} against {expected}");
        }
    }
}

/// Each region's value of `f` over the incidents of its teams that `keep` keeps.
fn by_region<T>(
    incidents: &[Incident],
    teams: &Teams,
    keep: impl Fn(&Incident) -> bool,
    f: impl Fn(&[&Incident]) -> T,
) -> BTreeMap<String, T> {
    let mut groups: BTreeMap<String, Vec<&Incident>> = BTreeMap::new();
    for incident in incidents.iter().filter(|i| keep(i)) {
        let region = teams.get(&incident.team).map(|(region, _)| region.clone()).unwrap_or_else(|| "null".into());
        groups.entry(region).or_default().push(incident);
    }
    groups.into_iter().map(|(region, rows)| (region, f(&rows))).collect()
}

fn acks(rows: &[&Incident]) -> Vec<f64> {
    rows.iter().filter_map(|i| i.ack_minutes).collect()
}

/// "Average ack time by region for P1 incidents": region lives in teams.
#[test]
fn average_ack_by_region_for_p1_follows_the_team() {
    let (incidents, teams) = demo_rows();
    let plan = readme_plan("the P1 average by region", |p| {
        p["group_by"][0] == "teams.region" && p["filters"][0]["value"] == "P1"
    });
    let (_dir, cell) = demo();
    let answer = answer(&cell, &plan);
    let expected = by_region(&incidents, &teams, |i| i.severity == "P1", |rows| (mean(&acks(rows)), rows.len()));
    let answered = keyed(&answer);
    assert_eq!(answered.keys().collect::<Vec<_>>(), expected.keys().collect::<Vec<_>>(), "{answered:?}");
    for (region, (average, count)) in &expected {
        assert_number(&answered[region][0], *average, &format!("{region}'s average"));
        assert_eq!(answered[region][1].as_i64(), Some(*count as i64), "{region}'s count");
    }
    assert!(answer.explanation.contains("incidents.team → teams.team"), "{}", answer.explanation);
}

/// "p95 ack time by service".
#[test]
fn p95_ack_by_service_interpolates() {
    let (incidents, _) = demo_rows();
    let plan = readme_plan("the p95 by service", |p| p["aggregations"][0]["p"] == 0.95);
    let (_dir, cell) = demo();
    let answered = keyed(&answer(&cell, &plan));
    let mut services: BTreeMap<&str, Vec<f64>> = BTreeMap::new();
    for incident in &incidents {
        services.entry(&incident.service).or_default().extend(incident.ack_minutes);
    }
    assert_eq!(answered.len(), services.len(), "{answered:?}");
    for (service, values) in services {
        assert_number(&answered[service][0], percentile(&values, 0.95), &format!("{service}'s p95"));
    }
}

/// "MTTA as the operator defines it": P1 and P2, reopened excluded, defined once.
#[test]
fn mtta_is_the_operators_definition() {
    let (incidents, teams) = demo_rows();
    let plan = readme_plan("mtta", |p| p["aggregations"][0]["metric"] == "mtta");
    let (_dir, cell) = demo();
    let answer = answer(&cell, &plan);
    let counted = |i: &Incident| matches!(i.severity.as_str(), "P1" | "P2") && !i.reopened;
    // The metric's `where` is an aggregation filter: every region with incidents keeps its
    // group, with a missing value where no incident counts.
    let expected = by_region(
        &incidents,
        &teams,
        |_| true,
        |rows| mean(&rows.iter().filter(|i| counted(i)).filter_map(|i| i.ack_minutes).collect::<Vec<_>>()),
    );
    let answered = keyed(&answer);
    assert_eq!(answered.len(), expected.len(), "{answered:?}");
    for (region, value) in &expected {
        assert_number(&answered[region][0], *value, &format!("{region}'s mtta"));
    }
    assert_eq!(answer.columns[1].name, "mtta");
    assert!(answer.explanation.contains("the metric mtta"), "{}", answer.explanation);
}

/// "Teams with no P1 incident": an existence test from teams, which keeps the teams no P1
/// incident points to (a team with no incident at all among them), each once.
#[test]
fn teams_with_no_p1_incident_are_those_no_p1_incident_names() {
    let (incidents, teams) = demo_rows();
    let plan = readme_plan("teams with no P1 incident", |p| p["filters"][0].get("not_exists").is_some());
    let (_dir, cell) = demo();
    let answer = answer(&cell, &plan);
    let mut answered: Vec<&str> = answer.rows.iter().map(|row| row[0].as_str().unwrap()).collect();
    answered.sort_unstable();
    let with_p1: Vec<&str> = incidents.iter().filter(|i| i.severity == "P1").map(|i| i.team.as_str()).collect();
    let expected: Vec<&str> = teams.keys().map(String::as_str).filter(|team| !with_p1.contains(team)).collect();
    assert!(!expected.is_empty(), "the demo has a team with no P1 incident");
    assert_eq!(answered, expected, "{}", answer.explanation);
}

/// "Handoffs between regions": a handoff's two teams are one `teams` table in two roles
/// (`sender`, `receiver`), each reached by its own relationship, each answer column named by
/// its role; counted here from the CSV text by looking up each team's region.
#[test]
fn handoffs_between_regions_follow_each_role_to_its_own_team() {
    let (_, teams) = demo_rows();
    let plan = readme_plan("handoffs between regions", |p| p["table"] == "handoffs");
    let (_dir, cell) = demo();
    let answered = answer(&cell, &plan);
    let names: Vec<&str> = answered.columns.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(names, ["sender_region", "receiver_region", "handoffs"]);
    let text = std::fs::read_to_string(workspace().join("host/demo/data/handoffs.csv")).unwrap();
    let mut expected: BTreeMap<(String, String), i64> = BTreeMap::new();
    for line in text.lines().skip(1) {
        let cells: Vec<&str> = line.split(',').collect();
        let region = |team: &str| teams.get(team).map(|(region, _)| region.clone()).unwrap_or_else(|| "null".into());
        *expected.entry((region(cells[2]), region(cells[3]))).or_default() += 1;
    }
    let got: BTreeMap<(String, String), i64> = answered
        .rows
        .iter()
        .map(|row| {
            ((row[0].as_str().unwrap().to_string(), row[1].as_str().unwrap().to_string()), row[2].as_i64().unwrap())
        })
        .collect();
    assert_eq!(got, expected, "{}", answered.explanation);
    assert!(got.keys().any(|(from, to)| from != to), "the demo has a handoff between two regions");
    let keys: Vec<_> = answered.rows.iter().map(|row| (row[0].to_string(), row[1].to_string())).collect();
    assert!(keys.windows(2).all(|pair| pair[0] <= pair[1]), "ordered by sender, then receiver: {keys:?}");
}

/// Incidents and headcount by region: each aggregation reads its own table once, so a
/// region whose teams had no incident still shows its headcount, with a count of 0.
#[test]
fn incidents_and_headcount_by_region_each_count_once() {
    let (incidents, teams) = demo_rows();
    let plan = readme_plan("incidents and headcount", |p| p["aggregations"][1]["column"] == "teams.headcount");
    let (_dir, cell) = demo();
    let answered = keyed(&answer(&cell, &plan));
    let counts = by_region(&incidents, &teams, |_| true, |rows| rows.len() as i64);
    let mut headcount: BTreeMap<String, i64> = BTreeMap::new();
    for (region, people) in teams.values() {
        *headcount.entry(region.clone()).or_default() += people;
    }
    let regions: Vec<&String> =
        counts.keys().chain(headcount.keys()).collect::<std::collections::BTreeSet<_>>().into_iter().collect();
    assert_eq!(answered.len(), regions.len(), "{answered:?}");
    for region in regions {
        assert_eq!(
            answered[region][0].as_i64(),
            Some(counts.get(region).copied().unwrap_or(0)),
            "{region}'s incidents"
        );
        assert_eq!(answered[region][1].as_i64(), headcount.get(region).copied(), "{region}'s headcount");
    }
    assert!(answered.contains_key("APAC"), "the region without incidents is missing: {answered:?}");
}

/// Summing headcount by severity would add a team's headcount once per incident.
#[test]
fn headcount_by_severity_is_refused_as_fan_out() {
    let (_dir, cell) = demo();
    let error = cell
        .query_plan(r#"{"table": "incidents", "group_by": ["severity"], "aggregations": [{"function": "sum", "column": "teams.headcount"}]}"#)
        .expect_err("a fan-out");
    assert_eq!(error.code, "fan_out", "{error}");
    assert_eq!(
        error.message,
        "'sum' of 'teams.headcount' reads each row of teams once, but group_by[0] ('severity') is a column of incidents, which teams does not reach through many-to-one relationships: one teams row can stand in many incidents rows, and would count once for each"
    );
}

/// "What share of P1 incidents were acknowledged within 15 minutes, by team", with the 90th
/// percentile and a count with its own condition beside it.
#[test]
fn share_acknowledged_within_15_by_team() {
    let (incidents, _) = demo_rows();
    let plan = readme_plan("the share within 15 minutes", |p| p["aggregations"][0]["function"] == "share");
    let (_dir, cell) = demo();
    let answered = keyed(&answer(&cell, &plan));
    let mut teams: BTreeMap<&str, Vec<&Incident>> = BTreeMap::new();
    for incident in incidents.iter().filter(|i| i.severity == "P1") {
        teams.entry(&incident.team).or_default().push(incident);
    }
    assert_eq!(answered.len(), teams.len(), "{answered:?}");
    for (team, rows) in teams {
        let within = rows.iter().filter(|i| i.ack_minutes.is_some_and(|m| m <= 15.0)).count();
        assert_number(&answered[team][0], Some(within as f64 / rows.len() as f64), &format!("{team}'s share"));
        assert_number(&answered[team][1], percentile(&acks(&rows), 0.9), &format!("{team}'s p90"));
        let api = rows.iter().filter(|i| i.service == "api").count() as i64;
        assert_eq!(answered[team][2].as_i64(), Some(api), "{team}'s api incidents");
    }
}
