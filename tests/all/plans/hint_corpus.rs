//! Wrong plans a model writes over related tables (a related column named without its path,
//! a missing hop, a question asked from the table on the wrong side of a relationship, a
//! typo, an existence test or `"of"` that names the wrong table or key, two relationships
//! to one table that need a role or `via`), each refused with a hint that names the way. The test applies the hint
//! as a model would, by fixed rules that read only the hint's text and the refusal's `path`
//! (replace the value there with the path the hint gives, add the `via` it names, ask from
//! the table it names), and asks again: every fixed plan must answer.

use querycell::QueryCell;
use serde_json::{json, Value};

use super::joined_plans::{declared_as, ingest_and_open, open};

/// How many times a plan may be fixed: a fix can uncover a second mistake.
const ROUNDS: usize = 2;

/// The text in `hint` that follows `lead` up to `end`.
fn after<'h>(hint: &'h str, lead: &str, end: char) -> Option<&'h str> {
    let start = hint.find(lead)? + lead.len();
    let rest = &hint[start..];
    Some(&rest[..rest.find(end)?])
}

/// A refusal's `path` (`filters[0].exists.table`) as a JSON pointer.
fn pointer(path: &str) -> String {
    path.split('.')
        .map(|part| match part.split_once('[') {
            Some((name, index)) => format!("/{name}/{}", index.trim_end_matches(']')),
            None => format!("/{part}"),
        })
        .collect()
}

/// `plan` fixed as `hint` says for the value at `path`, or `None` when the hint names no fix.
fn apply(plan: &Value, path: &str, hint: &str) -> Option<Value> {
    let mut fixed = plan.clone();
    let at = pointer(path);
    let old = plan.pointer(&at).and_then(Value::as_str).unwrap_or_default().to_string();
    let replace = |fixed: &mut Value, new: &str| -> Option<()> {
        *fixed.pointer_mut(&at)? = json!(new);
        Some(())
    };
    for lead in ["by the path \"", "related tables have it: \"", "did you mean the path \""] {
        if let Some(new) = after(hint, lead, '"') {
            replace(&mut fixed, new)?;
            return Some(fixed);
        }
    }
    if let Some(via) = after(hint, "to follow, \"", '"') {
        let parent = at.rsplit_once('/')?.0;
        fixed.pointer_mut(parent)?["via"] = json!(via);
        return Some(fixed);
    }
    for lead in ["names the role or the key column of ", "tables whose rows lead to "] {
        if let Some(listed) = after(hint, lead, '(') {
            let first = listed.split(": ").nth(1)?.trim().trim_matches('"');
            replace(&mut fixed, first)?;
            return Some(fixed);
        }
    }
    if let Some(table) = after(hint, "ask a plan with \"table\": \"", '"') {
        fixed["table"] = json!(table);
        replace(&mut fixed, old.strip_prefix(&format!("{table}.")).unwrap_or(&old))?;
        return Some(fixed);
    }
    let close = after(hint, "did you mean '", '\'')?;
    let new = match old.rsplit_once('.') {
        Some((prefix, _)) if !close.contains('.') => format!("{prefix}.{close}"),
        _ => close.to_string(),
    };
    replace(&mut fixed, &new)?;
    Some(fixed)
}

/// `plan` asked, refused, fixed by its hint and asked again until it answers: the plans it
/// went through, or what went wrong.
fn fixed_until_it_answers(cell: &QueryCell, plan: Value) -> Result<Vec<Value>, String> {
    let mut plans = vec![plan];
    for _ in 0..=ROUNDS {
        let current = plans.last().expect("one plan at least").clone();
        let error = match cell.query_plan(&current.to_string()) {
            Ok(_) if plans.len() == 1 => return Err(format!("{current} answered: it is not a wrong plan")),
            Ok(_) => return Ok(plans),
            Err(error) => error,
        };
        let hint = error.hint.clone().unwrap_or_default();
        let fixed = apply(&current, &error.path, &hint)
            .ok_or_else(|| format!("{current}\n  {} at {}: no fix in the hint: {hint}", error.code, error.path))?;
        plans.push(fixed);
    }
    Err(format!("{plans:?}: still refused after {ROUNDS} fixes"))
}

/// A plan on `table` that names `column` where a plan can: as a group key, in a filter, or
/// as an aggregation's column.
fn naming(table: &str, column: &str, place: usize) -> Value {
    let count = json!([{"function": "count"}]);
    match place {
        0 => json!({"table": table, "group_by": [column], "aggregations": count}),
        1 => json!({"table": table, "filters": [{"column": column, "op": "is_not_null"}], "aggregations": count}),
        _ => json!({"table": table, "aggregations": [{"function": "count_distinct", "column": column}]}),
    }
}

/// The corpus over the generated teams, services and incidents (incidents → teams,
/// incidents → services → teams).
fn corpus() -> Vec<Value> {
    let mut plans = Vec::new();
    // A related table's column without its path, and a path that misses a hop.
    let unprefixed = [
        ("incidents", "region"),
        ("incidents", "headcount"),
        ("incidents", "tier"),
        ("services", "region"),
        ("services", "headcount"),
        ("incidents", "services.region"),
        ("incidents", "services.headcount"),
    ];
    // Asked from the one side about the many side's columns.
    let wrong_side = [
        ("teams", "severity"),
        ("teams", "ack_minutes"),
        ("teams", "tier"),
        ("services", "severity"),
        ("services", "reopened"),
        ("teams", "incidents.severity"),
        ("services", "incidents.ack_minutes"),
    ];
    for (table, column) in unprefixed.iter().chain(&wrong_side) {
        plans.extend((0..3).map(|place| naming(table, column, place)));
    }
    for (table, column) in [
        ("incidents", "severty"),
        ("incidents", "ack_minuts"),
        ("incidents", "teams.regoin"),
        ("incidents", "service.tier"),
        ("incidents", "services.teams.regon"),
        ("teams", "regoin"),
        ("services", "teir"),
    ] {
        plans.push(naming(table, column, 0));
    }
    let count = json!([{"function": "count"}]);
    plans.extend([
        json!({"table": "teams", "filters": [{"exists": {"table": "incident"}}], "aggregations": count}),
        json!({"table": "teams", "filters": [{"not_exists": {"table": "incidents", "via": "owner_id"}}], "aggregations": count}),
        json!({"table": "teams", "aggregations": [{"function": "count", "of": {"table": "incident"}}]}),
        json!({"table": "services", "aggregations": [{"function": "avg", "column": "ack_minutes", "of": {"table": "incidents", "via": "team_id"}}]}),
    ]);
    plans
}

/// Every wrong plan of the corpus is refused with a hint, and the plan its hint makes answers.
#[test]
fn every_wrong_plan_answers_once_its_hint_is_applied() {
    let (_dir, _db, cell) = open();
    let mut failures = Vec::new();
    let mut fixed = 0;
    let plans = corpus();
    for plan in &plans {
        match fixed_until_it_answers(&cell, plan.clone()) {
            Ok(steps) => {
                fixed += 1;
                eprintln!("{}", steps.iter().map(Value::to_string).collect::<Vec<_>>().join("\n  -> "));
            }
            Err(failure) => failures.push(failure),
        }
    }
    let (two_dir, two) = two_relationships_to_teams();
    let ambiguous = [
        json!({"table": "teams", "filters": [{"exists": {"table": "incidents"}}], "aggregations": [{"function": "count"}]}),
        json!({"table": "teams", "group_by": ["region"], "aggregations": [{"function": "count", "of": {"table": "incidents"}}]}),
        json!({"table": "incidents", "group_by": ["teams.region"], "aggregations": [{"function": "count"}]}),
        json!({"table": "incidents", "filters": [{"column": "teams.region", "op": "eq", "value": "eu"}], "aggregations": [{"function": "count"}]}),
        json!({"table": "incidents", "group_by": ["region"], "aggregations": [{"function": "count"}]}),
    ];
    for plan in &ambiguous {
        match fixed_until_it_answers(&two, plan.clone()) {
            Ok(_) => fixed += 1,
            Err(failure) => failures.push(failure),
        }
    }
    drop(two_dir);
    let total = plans.len() + ambiguous.len();
    eprintln!("hint corpus: {total} wrong plans, {fixed} answer once their hint is applied");
    assert!(total >= 40, "the corpus holds only {total} plans");
    assert!(failures.is_empty(), "{} of {total} plans:\n{}", failures.len(), failures.join("\n"));
}

/// Incidents with an owning and a reporting team, both declared relationships to teams,
/// named by those roles.
fn two_relationships_to_teams() -> (tempfile::TempDir, QueryCell) {
    let dir = tempfile::tempdir().unwrap();
    let tables = [
        ("incidents", "incident_id,team_id,reporter_team_id\n1,1,2\n2,2,1\n3,1,\n".to_string()),
        ("teams", "team_id,region\n1,eu\n2,us\n3,apac\n".to_string()),
    ];
    let settings = declared_as("owner", "incidents.team_id", "teams.team_id")
        + &declared_as("reporter", "incidents.reporter_team_id", "teams.team_id");
    let cell = ingest_and_open(dir.path(), &tables, &settings);
    (dir, cell)
}
