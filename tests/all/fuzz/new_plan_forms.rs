//! The plan fuzz oracles and generator on the plan language's related-rows forms (existence
//! tests, aggregations from the one side with `"of"`, role steps named by key column):
//! `plan_gen.rs` writes each form often enough, the compiler accepts a fair share of them
//! (a generator whose new forms are all refused would fuzz nothing), and each oracle that
//! holds those forms to the relationships and to the policy fails when a fault is planted in
//! a statement the compiler wrote.

use querycell_guest::model::Param;
use serde_json::Value;

use super::fuzz_regressions::{oracle, plan_gen};
use super::pseudo_random_inputs;

/// Whether `value` holds an object with `key`, at any depth.
fn has_key(value: &Value, key: &str) -> bool {
    match value {
        Value::Array(items) => items.iter().any(|v| has_key(v, key)),
        Value::Object(fields) => fields.contains_key(key) || fields.values().any(|v| has_key(v, key)),
        _ => false,
    }
}

/// Every name the plan writes (outside condition values).
fn names(value: &Value, out: &mut Vec<String>) {
    match value {
        Value::String(s) => out.push(s.clone()),
        Value::Array(items) => items.iter().for_each(|v| names(v, out)),
        Value::Object(fields) => fields.iter().filter(|(k, _)| *k != "value").for_each(|(_, v)| names(v, out)),
        _ => {}
    }
}

/// The new forms `plan` uses, by name.
fn forms(plan: &Value) -> Vec<&'static str> {
    let mut found = Vec::new();
    let test = |v: &Value| has_key(v, "exists") || has_key(v, "not_exists");
    let aggregations = plan.get("aggregations").and_then(Value::as_array).cloned().unwrap_or_default();
    if plan.get("filters").is_some_and(test) {
        found.push("an existence test in filters");
    }
    if aggregations.iter().any(|a| a.get("where").is_some_and(test)) {
        found.push("an existence test in an aggregation's where");
    }
    if has_key(plan, "not_exists") {
        found.push("not_exists");
    }
    if test(plan) && has_key(plan, "via") {
        found.push("an existence test or of with via");
    }
    for agg in aggregations.iter().filter(|a| a.get("of").is_some()) {
        found.push(match agg.get("function").and_then(Value::as_str) {
            Some("count") => "of: count",
            Some("sum" | "avg") => "of: sum or avg",
            _ => "of: another function",
        });
        if agg.get("where").is_some() {
            found.push("of with where");
        }
    }
    let mut written = Vec::new();
    names(plan, &mut written);
    let keys = ["team", "service", "incident", "from_team", "to_team"];
    let steps = |name: &String| -> Vec<String> {
        let parts: Vec<&str> = name.split('.').collect();
        parts[..parts.len() - 1].iter().map(|s| s.to_string()).collect()
    };
    if written.iter().any(|n| steps(n).iter().any(|s| keys.contains(&s.as_str()))) {
        found.push("a role step (by key column)");
    }
    if written.iter().any(|n| n.starts_with("from_team.") || n.starts_with("to_team.")) {
        found.push("a role step of two to one table");
    }
    found.sort_unstable();
    found.dedup();
    found
}

/// Of 10 000 generated plans, each new form is in at least 1 %, and the compiler accepts at
/// least a tenth of the plans with it. Prints the table docs/fuzzing.md quotes.
#[test]
fn plan_gen_writes_each_related_rows_form_and_the_compiler_accepts_a_share() {
    let view = oracle::view();
    let mut seen: std::collections::BTreeMap<&str, (usize, usize)> = Default::default();
    let (mut plans, mut accepted) = (0, 0);
    for bytes in pseudo_random_inputs(0x5eed_2020_0000_0001, 10_000, 0) {
        let Some(text) = plan_gen::plan_text(&bytes, &view) else { continue };
        plans += 1;
        let ok = querycell_guest::compile_plan(&text, &view).is_ok();
        accepted += usize::from(ok);
        let Ok(plan) = serde_json::from_str::<Value>(&text) else { continue };
        for form in forms(&plan) {
            let counts = seen.entry(form).or_default();
            counts.0 += 1;
            counts.1 += usize::from(ok);
        }
    }
    println!("{plans} plans, {accepted} accepted");
    let mut failures = Vec::new();
    for form in [
        "an existence test in filters",
        "an existence test in an aggregation's where",
        "not_exists",
        "an existence test or of with via",
        "of: count",
        "of: sum or avg",
        "of with where",
        "a role step (by key column)",
        "a role step of two to one table",
    ] {
        let (n, ok) = seen.get(form).copied().unwrap_or_default();
        println!("  {form}: {n} plans ({:.1} %), {ok} accepted ({:.1} %)", pct(n, plans), pct(ok, n));
        if n * 100 < plans || ok * 10 < n {
            failures.push(form);
        }
    }
    assert!(failures.is_empty(), "too rare, or too rarely accepted: {failures:?}");
}

fn pct(part: usize, whole: usize) -> f64 {
    100.0 * part as f64 / whole.max(1) as f64
}

/// `plan` compiled (under the policy when `policed`): its main statement and values.
fn compiled(plan: &str, policed: bool) -> (String, Vec<Param>) {
    let view = if policed { oracle::policed_view() } else { oracle::view() };
    let compiled = querycell_guest::compile_plan(plan, &view).unwrap_or_else(|e| panic!("{plan}: {e:?}"));
    (compiled.main.sql, compiled.main.params)
}

/// Whether the statement oracle refuses `sql`, and with what message.
fn refusal(plan: &str, sql: &str, params: &[Param], policed: bool) -> Option<String> {
    let (plan, sql, params) = (plan.to_string(), sql.to_string(), params.to_vec());
    let outcome = std::thread::spawn(move || oracle::check_plan_statement(&plan, &sql, &params, policed)).join();
    outcome.err().map(|panic| {
        panic
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_default()
    })
}

/// `sql` with every `from` replaced by `to`.
fn planted(sql: &str, from: &str, to: &str) -> String {
    // `a|b` → `c|d` replaces a by c, then b by d (a role's key and its alias together).
    let mut faulty = sql.to_string();
    for (from, to) in from.split('|').zip(to.split('|')) {
        assert!(faulty.contains(from), "'{from}' is not in the statement: {faulty}");
        faulty = faulty.replace(from, to);
    }
    faulty
}

/// Each planted fault: the plan, whether compiled under the policy, the text replaced (every
/// time it occurs; `|` separates replacements made in turn), its replacement, the values to
/// drop (a source's placeholder), and words of the oracle's
/// message.
type Fault = (&'static str, bool, &'static str, &'static str, Option<usize>, &'static str);

const TEAMS_WITH_A_P1: &str = r#"{"table": "teams", "filters": [{"exists": {"table": "incidents", "where": [{"column": "severity", "op": "eq", "value": "P1"}]}}], "columns": ["team"]}"#;
const INCIDENTS_PER_TEAM: &str = r#"{"table": "teams", "group_by": ["region"], "aggregations": [{"function": "count", "of": {"table": "incidents"}}]}"#;
const HANDOFFS_BY_ROLE: &str = r#"{"table": "handoffs", "group_by": ["from_team.region", "to_team.region"], "aggregations": [{"function": "count"}]}"#;
const HANDED_OVER: &str =
    r#"{"table": "teams", "filters": [{"not_exists": {"table": "handoffs", "via": "to_team"}}], "columns": ["team"]}"#;

const FROM_TEAMS_REGION: &str = r#"{"table": "handoffs", "columns": ["handoff_id", "from_team.region"]}"#;

const FAULTS: [Fault; 9] = [
    // The related table read bare inside the subquery: its tenant's rows filter is gone.
    (
        TEAMS_WITH_A_P1,
        true,
        r#"(SELECT "incident_id", "team", "severity", "ack_minutes", "resolved", "opened_at", "closed_at", "service" FROM "incidents" WHERE CAST("tenant" AS VARCHAR) = ?) AS "__querycell_related""#,
        r#""incidents" AS "__querycell_related""#,
        Some(1),
        "read outside the policy's source",
    ),
    // Correlated on a column no relationship declares.
    (
        TEAMS_WITH_A_P1,
        false,
        r#""__querycell_related"."team" = "teams"."team""#,
        r#""__querycell_related"."severity" = "teams"."team""#,
        None,
        "not a declared relationship",
    ),
    // A second correlation beside the declared one.
    (
        TEAMS_WITH_A_P1,
        false,
        r#""__querycell_related"."severity" = ?"#,
        r#""__querycell_related"."severity" = "teams"."region""#,
        Some(0),
        "other than by its one correlation",
    ),
    // The join from the one side on a column no relationship declares.
    (
        INCIDENTS_PER_TEAM,
        false,
        r#""__querycell_related"."team" = "teams"."team""#,
        r#""__querycell_related"."severity" = "teams"."team""#,
        None,
        "declared relationship",
    ),
    // The related alias first in a FROM that is no existence test.
    (
        INCIDENTS_PER_TEAM,
        false,
        r#"FROM "teams" JOIN "incidents" AS "__querycell_related" ON "__querycell_related"."team" = "teams"."team""#,
        r#"FROM "incidents" AS "__querycell_related""#,
        None,
        "outside an existence test",
    ),
    // A role's join on the other role's key.
    (
        HANDOFFS_BY_ROLE,
        false,
        r#""handoffs"."from_team" = "handoffs.sender"."team""#,
        r#""handoffs"."to_team" = "handoffs.sender"."team""#,
        None,
        "not a declared relationship",
    ),
    // `via` followed the wrong way: the subquery correlated by the other role's key.
    (
        HANDED_OVER,
        false,
        r#""__querycell_related"."to_team" = "teams"."team""#,
        r#""__querycell_related"."handoff_id" = "teams"."team""#,
        None,
        "not a declared relationship",
    ),
    // The other role, declared but not the one `via` names.
    (
        HANDED_OVER,
        false,
        r#""__querycell_related"."to_team" = "teams"."team""#,
        r#""__querycell_related"."from_team" = "teams"."team""#,
        None,
        "the plan names",
    ),
    // A path's step by role joined by the other role throughout, aliases included.
    (FROM_TEAMS_REGION, false, "from_team|sender", "to_team|receiver", None, "the plan names"),
];

/// Each plan compiles to statements the oracles pass; each fault planted in them fails the
/// oracle that guards it, with its reason.
#[test]
fn the_plan_oracles_fail_on_faults_planted_in_related_rows_statements() {
    for (plan, policed, from, to, drop, why) in FAULTS {
        let (sql, mut params) = compiled(plan, policed);
        assert_eq!(refusal(plan, &sql, &params, policed), None, "the oracle refuses what the compiler wrote: {sql}");
        let faulty = planted(&sql, from, to);
        if let Some(i) = drop {
            params.remove(i);
        }
        let message = refusal(plan, &faulty, &params, policed)
            .unwrap_or_else(|| panic!("the oracle passes a planted fault ({why}): {faulty}"));
        assert!(message.contains(why), "refused, but not for '{why}': {message}");
    }
}
