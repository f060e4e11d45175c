//! A role-playing dimension: every ticket has an owning and a reporting team, two declared
//! relationships to one `teams` table, named `owner` and `reporter`. A path names the role by
//! its name or by the key column it follows (`owner.region`, `reporter_team_id.region`),
//! answer columns keep it (`owner_region`), and from teams an existence test or an
//! aggregation of tickets names it with `via`. Seeded plans over generated rows (missing and
//! orphan keys, missing values) are compared with a computation in Rust that never joins.

use std::collections::BTreeMap;

use serde_json::{json, Value};

use super::joined_plans::{declared_as, ingest_and_open};

/// `(team_id, region, headcount)`: region and headcount sometimes missing.
type Team = (i64, Option<&'static str>, Option<i64>);
/// `(owner_team_id, reporter_team_id, severity, minutes)`.
type Ticket = (Option<i64>, Option<i64>, Option<&'static str>, Option<i64>);

const ROLES: [&str; 2] = ["owner_team_id", "reporter_team_id"];
/// The relationships' names, which a plan may use in place of the key columns.
const NAMES: [&str; 2] = ["owner", "reporter"];
const REGIONS: [&str; 3] = ["eu", "us", "apac"];
const SEVERITIES: [&str; 3] = ["P1", "P2", "P3"];

struct Lcg(u64);

impl Lcg {
    fn below(&mut self, bound: usize) -> usize {
        self.0 = self.0.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) % bound as u64) as usize
    }

    /// The word a plan uses for role `i`: its name or its key column, at random.
    fn role(&mut self, i: usize) -> &'static str {
        if self.below(2) == 0 {
            NAMES[i]
        } else {
            ROLES[i]
        }
    }
}

fn data(rng: &mut Lcg) -> (Vec<Team>, Vec<Ticket>) {
    let teams: Vec<Team> = (1..=8)
        .map(|id| {
            let region = if rng.below(6) == 0 { None } else { Some(REGIONS[rng.below(3)]) };
            (id, region, if id == 5 { None } else { Some(3 + rng.below(20) as i64) })
        })
        .collect();
    // Team 8 owns nothing and reports nothing: keys 1 to 7, now and then missing or an orphan.
    let key = |rng: &mut Lcg| match rng.below(10) {
        0 => None,
        1 => Some(42),
        _ => Some(1 + rng.below(7) as i64),
    };
    let tickets = (0..200)
        .map(|_| {
            let severity = if rng.below(15) == 0 { None } else { Some(SEVERITIES[rng.below(3)]) };
            let minutes = if rng.below(8) == 0 { None } else { Some(rng.below(90) as i64) };
            (key(rng), key(rng), severity, minutes)
        })
        .collect();
    (teams, tickets)
}

fn csv<T>(header: &str, rows: &[T], row: impl Fn(&T) -> Vec<String>) -> String {
    let mut text = format!("{header}\n");
    for r in rows {
        text.push_str(&(row(r).join(",") + "\n"));
    }
    text
}

fn cell<T: ToString>(value: Option<T>) -> String {
    value.map(|v| v.to_string()).unwrap_or_default()
}

/// A value of a ticket's row: its own columns, or a role's team's.
fn read(teams: &[Team], ticket: &Ticket, column: &str) -> Value {
    let team = |key: Option<i64>| key.and_then(|k| teams.iter().find(|t| t.0 == k));
    match column {
        "severity" => json!(ticket.2),
        "minutes" => json!(ticket.3),
        path => {
            let (role, column) = path.split_once('.').expect("a role's path");
            let owner = role == ROLES[0] || role == NAMES[0];
            let reached = team(if owner { ticket.0 } else { ticket.1 });
            match (reached, column) {
                (Some(t), "region") => json!(t.1),
                (Some(t), "headcount") => json!(t.2),
                _ => Value::Null,
            }
        }
    }
}

/// One random plan on tickets: group keys and filters through either role, and
/// aggregations at the tickets' grain. Returns the plan and its expected rows.
fn ticket_plan(rng: &mut Lcg, teams: &[Team], tickets: &[Ticket]) -> (Value, BTreeMap<String, Vec<Value>>) {
    let keys_all = ["severity".to_string(), format!("{}.region", rng.role(0)), format!("{}.region", rng.role(1))];
    let keys: Vec<&str> = keys_all.iter().map(String::as_str).filter(|_| rng.below(2) == 0).collect();
    let headcount = format!("{}.headcount", rng.role(0));
    let which = rng.below(2);
    let role = rng.role(which);
    let region = REGIONS[rng.below(3)];
    let filter_column = format!("{role}.region");
    let op = ["eq", "ne"][rng.below(2)];
    let filtered = rng.below(2) == 0;
    let kept: Vec<&Ticket> = tickets
        .iter()
        .filter(|t| {
            !filtered || {
                let value = read(teams, t, &filter_column);
                !value.is_null() && ((value == json!(region)) == (op == "eq"))
            }
        })
        .collect();
    let mut groups: BTreeMap<String, Vec<&Ticket>> = BTreeMap::new();
    if keys.is_empty() {
        groups.insert("[]".into(), Vec::new());
    }
    for t in &kept {
        let key: Vec<Value> = keys.iter().map(|k| read(teams, t, k)).collect();
        groups.entry(Value::from(key).to_string()).or_default().push(t);
    }
    let expected = groups
        .into_iter()
        .map(|(key, rows)| {
            let minutes: Vec<i64> = rows.iter().filter_map(|t| t.3).collect();
            let headcounts: std::collections::BTreeSet<String> = rows
                .iter()
                .map(|t| read(teams, t, &headcount))
                .filter(|v| !v.is_null())
                .map(|v| v.to_string())
                .collect();
            let sum = if minutes.is_empty() { Value::Null } else { json!(minutes.iter().sum::<i64>()) };
            (key, vec![json!(rows.len()), sum, json!(headcounts.len())])
        })
        .collect();
    let mut plan = json!({"table": "tickets", "aggregations": [
        {"function": "count", "alias": "n"},
        {"function": "sum", "column": "minutes", "alias": "minutes"},
        {"function": "count_distinct", "column": headcount, "alias": "headcounts"}]});
    if !keys.is_empty() {
        plan["group_by"] = json!(keys);
    }
    if filtered {
        plan["filters"] = json!([{"column": filter_column, "op": op, "value": region}]);
    }
    (plan, expected)
}

/// One random plan on teams: an existence test of tickets through one role, and a count
/// and average of the tickets of another, by region.
fn team_plan(rng: &mut Lcg, teams: &[Team], tickets: &[Ticket]) -> (Value, BTreeMap<String, Vec<Value>>) {
    let (tested, counted) = (rng.below(2), rng.below(2));
    let negated = rng.below(2) == 0;
    let severity = SEVERITIES[rng.below(3)];
    let key_of = |t: &Ticket, role: usize| if role == 0 { t.0 } else { t.1 };
    let kept: Vec<&Team> = teams
        .iter()
        .filter(|team| {
            let found = tickets.iter().any(|t| key_of(t, tested) == Some(team.0) && t.2 == Some(severity));
            found != negated
        })
        .collect();
    let mut groups: BTreeMap<String, Vec<&Team>> = BTreeMap::new();
    for team in &kept {
        groups.entry(json!([team.1]).to_string()).or_default().push(team);
    }
    let expected = groups
        .into_iter()
        .map(|(key, members)| {
            let theirs: Vec<&Ticket> =
                tickets.iter().filter(|t| members.iter().any(|m| key_of(t, counted) == Some(m.0))).collect();
            let minutes: Vec<i64> = theirs.iter().filter_map(|t| t.3).collect();
            let avg = if minutes.is_empty() {
                Value::Null
            } else {
                json!(minutes.iter().sum::<i64>() as f64 / minutes.len() as f64)
            };
            (key, vec![json!(members.len()), json!(theirs.len()), avg])
        })
        .collect();
    let test = json!({"table": "tickets", "via": rng.role(tested), "where": [{"column": "severity", "op": "eq", "value": severity}]});
    let of = json!({"table": "tickets", "via": rng.role(counted)});
    let plan = json!({"table": "teams", "group_by": ["region"],
        "filters": [{(if negated { "not_exists" } else { "exists" }): test}],
        "aggregations": [{"function": "count", "alias": "n"}, {"function": "count", "of": of, "alias": "tickets"},
                         {"function": "avg", "column": "minutes", "of": of, "alias": "minutes"}]});
    (plan, expected)
}

/// Whether `answer`'s rows are `expected` (keyed by the group keys' JSON, numbers within
/// 1e-9): the first `keys` cells of each row are its key.
fn same(answer: &querycell::Answer, keys: usize, expected: &BTreeMap<String, Vec<Value>>) -> Result<(), String> {
    let mut got: BTreeMap<String, Vec<Value>> = BTreeMap::new();
    for row in &answer.rows {
        got.insert(Value::from(row[..keys].to_vec()).to_string(), row[keys..].to_vec());
    }
    if got.keys().ne(expected.keys()) {
        return Err(format!(
            "groups {:?}, expected {:?}",
            got.keys().collect::<Vec<_>>(),
            expected.keys().collect::<Vec<_>>()
        ));
    }
    for (key, cells) in expected {
        for (a, e) in got[key].iter().zip(cells) {
            let close = match (a.as_f64(), e.as_f64()) {
                (Some(x), Some(y)) => (x - y).abs() <= 1e-9 * y.abs().max(1.0),
                _ => a == e,
            };
            if !close {
                return Err(format!("group {key}: {a} against {e} ({:?})", got[key]));
            }
        }
    }
    Ok(())
}

/// Tickets' two relationships to teams, named by the roles their teams play.
fn role_settings() -> String {
    (0..2).map(|i| declared_as(NAMES[i], &format!("tickets.{}", ROLES[i]), "teams.team_id")).collect()
}

#[test]
fn role_playing_paths_and_roles_named_by_via_match_the_computation_in_rust() {
    let mut rng = Lcg(0x1234_5678_9abc_def1);
    let (teams, tickets) = data(&mut rng);
    let dir = tempfile::tempdir().unwrap();
    let tables = [
        ("teams", csv("team_id,region,headcount", &teams, |t| vec![t.0.to_string(), cell(t.1), cell(t.2)])),
        (
            "tickets",
            csv("owner_team_id,reporter_team_id,severity,minutes", &tickets, |t| {
                vec![cell(t.0), cell(t.1), cell(t.2), cell(t.3)]
            }),
        ),
    ];
    let cell = ingest_and_open(dir.path(), &tables, &role_settings());
    let mut failures = Vec::new();
    let plans = 160;
    for i in 0..plans {
        let (plan, expected) =
            if i % 2 == 0 { ticket_plan(&mut rng, &teams, &tickets) } else { team_plan(&mut rng, &teams, &tickets) };
        let keys = plan.get("group_by").and_then(Value::as_array).map_or(0, Vec::len);
        let outcome = cell.query_plan(&plan.to_string()).map_err(|e| format!("refused: {e}")).and_then(|answer| {
            let names: Vec<&str> = answer.columns.iter().take(keys).map(|c| c.name.as_str()).collect();
            let written: Vec<String> = plan["group_by"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|k| k.as_str().unwrap().replace('.', "_"))
                .collect();
            if names != written {
                return Err(format!("answer columns {names:?}, expected {written:?}: the role is kept"));
            }
            same(&answer, keys, &expected)
        });
        if let Err(failure) = outcome {
            failures.push(format!("{plan}\n  {failure}"));
        }
    }
    eprintln!("role_plans: {plans} plans over a role-playing dimension; {} differ", failures.len());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
