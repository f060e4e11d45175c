//! `querycell verify`: a receipt checked against the index that answered it, with the real
//! binary. The same index gives `same` (exit 0); a re-ingest with a changed value, an added
//! and a removed group gives `data_changed` (exit 4) naming each group; a receipt from
//! another policy context, other limits or another index, or without its request, gives
//! `cannot_verify` (exit 5); an edit to any field (a cell, the SQL, the request) gives
//! `tampered` (exit 6), and so does an edited cell or claim whose digest was computed again,
//! caught by the re-run; an edited SQL sealed again is never `same`. Expected rows are
//! computed here from the CSV text itself.

use std::collections::BTreeMap;
use std::path::Path;

use querycell_tests::{ingest_table, querycell, querycell_with_stdin, stdout_json, write_file, INCIDENTS_CSV};
use serde_json::{json, Value};

use super::end_to_end::ingest;

/// Average time to acknowledge and count of P1 incidents by team, teams in order.
const P1_BY_TEAM: &str = r#"{"table": "incidents", "filters": [{"column": "severity", "op": "eq", "value": "P1"}],
 "group_by": ["team"],
 "aggregations": [{"function": "avg", "column": "ack_minutes", "alias": "average_minutes"}, {"function": "count", "alias": "incidents"}],
 "order_by": ["team"]}"#;

/// The receipt of `plan` over `index`, with `extra` arguments.
fn receipt(index: &str, plan: &str, extra: &[&str]) -> Value {
    let mut args = vec!["query", "--index", index, "--plan", "-", "--format", "json"];
    args.extend_from_slice(extra);
    let output = querycell_with_stdin(&args, plan);
    assert_eq!(output.status.code(), Some(0), "{}", String::from_utf8_lossy(&output.stderr));
    stdout_json(&output)
}

/// `querycell verify --format json` of `receipt` (written to a file) over `index`: the exit
/// status and the verification.
fn verify(dir: &Path, index: &str, receipt: &Value, extra: &[&str]) -> (i32, Value) {
    let file = write_file(dir, "receipt.json", &serde_json::to_string_pretty(receipt).unwrap());
    let mut args = vec!["verify", "--index", index, "--format", "json", file.to_str().unwrap()];
    args.extend_from_slice(extra);
    let output = querycell(&args);
    let code = output.status.code().unwrap_or(-1);
    (code, stdout_json(&output))
}

/// The reason codes of a verification, in order.
fn reasons(verification: &Value) -> Vec<String> {
    verification["reasons"].as_array().unwrap().iter().map(|r| r["code"].as_str().unwrap().to_string()).collect()
}

/// P1 incidents by team, computed from the CSV text: team → (average ack_minutes, count).
fn p1_by_team(csv: &str) -> BTreeMap<String, (f64, i64)> {
    let mut acks: BTreeMap<String, Vec<f64>> = BTreeMap::new();
    for line in csv.lines().skip(1) {
        let cells: Vec<&str> = line.split(',').collect();
        if cells[2] == "P1" {
            acks.entry(cells[1].to_string()).or_default().push(cells[3].parse().unwrap());
        }
    }
    acks.into_iter().map(|(team, a)| (team, (a.iter().sum::<f64>() / a.len() as f64, a.len() as i64))).collect()
}

/// A sealed copy of `receipt` with `edit` applied and the digest computed again, as someone
/// who knows the canonical form would.
fn resealed(receipt: &Value, edit: impl FnOnce(&mut Value)) -> Value {
    let mut edited = receipt.clone();
    edit(&mut edited);
    querycell::answer::seal::seal(&mut edited);
    edited
}

#[test]
fn a_receipt_checked_against_its_own_index_is_the_same() {
    let dir = tempfile::tempdir().unwrap();
    let index = ingest(dir.path(), INCIDENTS_CSV);
    let receipt = receipt(&index, P1_BY_TEAM, &[]);
    let expected: Vec<Value> =
        p1_by_team(INCIDENTS_CSV).into_iter().map(|(team, (avg, n))| json!([team, avg, n])).collect();
    assert_eq!(receipt["rows"], json!(expected));
    assert_eq!(receipt["request"], json!({"kind": "plan", "text": P1_BY_TEAM}), "the request, byte for byte");
    assert!(receipt["digest"].as_str().unwrap().starts_with("sha256:"));

    let (code, verification) = verify(dir.path(), &index, &receipt, &[]);
    assert_eq!((code, verification["outcome"].as_str()), (0, Some("same")), "{verification:#}");
    assert_eq!(reasons(&verification), Vec::<String>::new());
    assert_eq!(verification["same_sql"], true);
    assert_eq!(verification["receipt_digest"], receipt["digest"]);
    assert_eq!(verification["computed_digest"], receipt["digest"]);
    assert_eq!(verification["rerun"]["rows"], receipt["rows"]);
    assert_eq!(verification["diff"]["key"], json!(["team"]));

    // Layout and key order are not content: a compact, reordered copy is the same receipt.
    let compact = serde_json::to_string(&receipt).unwrap();
    let output = querycell_with_stdin(&["verify", "--index", &index, "-"], &compact);
    let table = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{table}{}", String::from_utf8_lossy(&output.stderr));
    assert!(table.starts_with("outcome: same\n"), "{table}");
    assert!(table.contains("sql: as the receipt's"), "{table}");
}

#[test]
fn a_reingest_shows_each_changed_added_and_removed_group() {
    let dir = tempfile::tempdir().unwrap();
    let index = ingest(dir.path(), INCIDENTS_CSV);
    let before = receipt(&index, P1_BY_TEAM, &[]);
    // Platform's second P1 took 40 minutes, not 20; Payments' P1 is now a P2 (the group is
    // gone); Search has its first P1.
    let changed = INCIDENTS_CSV
        .replace("I-102,Platform,P1,20", "I-102,Platform,P1,40")
        .replace("I-103,Payments,P1,12", "I-103,Payments,P2,12")
        + "I-105,Search,P1,30\n";
    ingest(dir.path(), &changed);
    let (old, new) = (p1_by_team(INCIDENTS_CSV), p1_by_team(&changed));

    let (code, verification) = verify(dir.path(), &index, &before, &[]);
    assert_eq!((code, verification["outcome"].as_str()), (4, Some("data_changed")), "{verification:#}");
    assert_eq!(reasons(&verification), ["snapshot_changed"]);
    assert_ne!(verification["receipt_snapshot"], verification["index_snapshot"]);
    let diff = &verification["diff"];
    assert_eq!(diff["key"], json!(["team"]));
    let row = |team: &str, (avg, n): (f64, i64)| json!([team, avg, n]);
    let added: Vec<Value> = new.iter().filter(|(t, _)| !old.contains_key(*t)).map(|(t, v)| row(t, *v)).collect();
    let removed: Vec<Value> = old.iter().filter(|(t, _)| !new.contains_key(*t)).map(|(t, v)| row(t, *v)).collect();
    assert_eq!((added.len(), removed.len()), (1, 1), "the fixture adds one group and removes one");
    assert_eq!(diff["added"], json!(added));
    assert_eq!(diff["removed"], json!(removed));
    let changed_rows: Vec<Value> = old
        .iter()
        .filter_map(|(team, (avg, n))| {
            let (now_avg, now_n) = new.get(team)?;
            let mut cells = Vec::new();
            if avg != now_avg {
                cells.push(json!({"column": "average_minutes", "receipt": avg, "now": now_avg}));
            }
            if n != now_n {
                cells.push(json!({"column": "incidents", "receipt": n, "now": now_n}));
            }
            (!cells.is_empty()).then(|| json!({"key": [team], "cells": cells}))
        })
        .collect();
    assert_eq!(changed_rows.len(), 1, "the fixture changes one group's value");
    assert_eq!(diff["changed"], json!(changed_rows));
    assert_eq!(verification["rerun"]["snapshot"], verification["index_snapshot"]);

    let file = write_file(dir.path(), "before.json", &before.to_string());
    let output = querycell(&["verify", "--index", &index, file.to_str().unwrap()]);
    let table = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(4), "{table}");
    assert!(table.contains("changed  team=\"Platform\"  average_minutes: 15.0 -> 25.0"), "{table}");
    assert!(table.contains("added    \"Search\", 30.0, 1"), "{table}");
    assert!(table.contains("removed  \"Payments\", 12.0, 1"), "{table}");
}

#[test]
fn a_receipt_from_another_policy_context_or_limits_is_not_compared() {
    let dir = tempfile::tempdir().unwrap();
    let index = &ingest_table(
        dir.path(),
        "tickets",
        "ticket,tenant,team,minutes\nT-1,a,Platform,10\nT-2,a,Payments,20\nT-3,b,Platform,99\n",
    );
    let policy = write_file(
        dir.path(),
        "policy.toml",
        "[tables.tickets]\nrow_filters = [{ column = \"tenant\", equals_context = \"tenant\" }]\n",
    );
    let policy = policy.to_str().unwrap();
    let plan = r#"{"table": "tickets", "group_by": ["team"], "aggregations": [{"function": "sum", "column": "minutes"}], "order_by": ["team"]}"#;
    let receipt = receipt(index, plan, &["--policy", policy, "--context", "tenant=a"]);
    assert_eq!(receipt["rows"], json!([["Payments", 20], ["Platform", 10]]));
    let context_id = receipt["policy_context"].as_str().unwrap();
    assert!(context_id.starts_with("sha256:"), "the context's values are hashed: {context_id}");

    let (code, same) = verify(dir.path(), index, &receipt, &["--policy", policy, "--context", "tenant=a"]);
    assert_eq!((code, same["outcome"].as_str()), (0, Some("same")), "{same:#}");
    for (extra, refused) in [
        (vec!["--policy", policy, "--context", "tenant=b"], "policy_context_differs"),
        (vec![], "policy_context_differs"),
        (vec!["--policy", policy, "--context", "tenant=a", "--max-rows", "10"], "limits_differ"),
        (vec!["--policy", policy, "--context", "tenant=a", "--timeout-ms", "500"], "limits_differ"),
    ] {
        let (code, verification) = verify(dir.path(), index, &receipt, &extra);
        assert_eq!((code, verification["outcome"].as_str()), (5, Some("cannot_verify")), "{extra:?}: {verification:#}");
        assert_eq!(reasons(&verification), [refused], "{extra:?}");
        assert_eq!(verification["rerun"], Value::Null, "{extra:?}: nothing is asked again");
    }
}

#[test]
fn a_receipt_from_another_index_is_not_compared_and_a_reingest_keeps_the_id() {
    let dir = tempfile::tempdir().unwrap();
    let index = ingest(dir.path(), INCIDENTS_CSV);
    let receipt = receipt(&index, P1_BY_TEAM, &[]);
    let catalog = |index: &str| -> Value {
        serde_json::from_str(&std::fs::read_to_string(Path::new(index).join("catalog.json")).unwrap()).unwrap()
    };
    let id = catalog(&index)["index_id"].clone();
    assert!(id.as_str().is_some_and(|id| id.starts_with("idx-")), "{id}");
    assert_eq!(receipt["index_id"], id);

    let other_dir = tempfile::tempdir().unwrap();
    let other = ingest(other_dir.path(), INCIDENTS_CSV);
    assert_eq!(catalog(&other)["snapshot"], catalog(&index)["snapshot"], "the same data");
    assert_ne!(catalog(&other)["index_id"], id, "another index");
    let (code, verification) = verify(dir.path(), &other, &receipt, &[]);
    assert_eq!((code, verification["outcome"].as_str()), (5, Some("cannot_verify")), "{verification:#}");
    assert_eq!(reasons(&verification), ["other_index"]);

    ingest(dir.path(), &INCIDENTS_CSV.replace(",10\n", ",11\n"));
    assert_eq!(catalog(&index)["index_id"], id, "an ingest into the folder keeps its id");
}

/// An edit to a receipt.
type Edit = Box<dyn Fn(&mut Value)>;

#[test]
fn an_edited_receipt_is_tampered() {
    let dir = tempfile::tempdir().unwrap();
    let index = ingest(dir.path(), INCIDENTS_CSV);
    let receipt = receipt(&index, P1_BY_TEAM, &[]);
    let edits: Vec<(&str, Edit)> = vec![
        ("a cell", Box::new(|r| r["rows"][0][1] = json!(9.5))),
        ("a count", Box::new(|r| r["rows"][1][2] = json!(7))),
        ("the SQL", Box::new(|r| r["sql"] = json!(r["sql"].as_str().unwrap().replace("avg(", "max(")))),
        ("the request", Box::new(|r| r["request"]["text"] = json!(P1_BY_TEAM.replace("P1", "P2")))),
        ("a parameter", Box::new(|r| r["params"][0] = json!("P2"))),
        ("the snapshot", Box::new(|r| r["snapshot"] = json!("sha256:0"))),
        ("the policy context", Box::new(|r| r["policy_context"] = json!("sha256:0"))),
        ("an added field", Box::new(|r| r["note"] = json!("all good"))),
        (
            "a removed field",
            Box::new(|r| {
                r.as_object_mut().unwrap().remove("warnings");
            }),
        ),
    ];
    for (what, edit) in edits {
        let mut edited = receipt.clone();
        edit(&mut edited);
        let (code, verification) = verify(dir.path(), &index, &edited, &[]);
        assert_eq!((code, verification["outcome"].as_str()), (6, Some("tampered")), "{what}: {verification:#}");
        assert_eq!(reasons(&verification), ["digest_mismatch"], "{what}");
        assert_eq!(verification["rerun"], Value::Null, "{what}: a tampered receipt is not asked again");
        assert_ne!(verification["computed_digest"], verification["receipt_digest"], "{what}");
    }
}

#[test]
fn an_edit_with_its_digest_computed_again_is_caught_by_the_rerun() {
    let dir = tempfile::tempdir().unwrap();
    let index = ingest(dir.path(), INCIDENTS_CSV);
    let receipt = receipt(&index, P1_BY_TEAM, &[]);
    let true_average = receipt["rows"][0][1].clone();
    let forged = resealed(&receipt, |r| r["rows"][0][1] = json!(5.0));
    let (code, verification) = verify(dir.path(), &index, &forged, &[]);
    assert_eq!((code, verification["outcome"].as_str()), (6, Some("tampered")), "{verification:#}");
    assert_eq!(reasons(&verification), ["rows_differ"]);
    assert_eq!(
        verification["diff"]["changed"],
        json!([{"key": [receipt["rows"][0][0]], "cells": [{"column": "average_minutes", "receipt": 5.0, "now": true_average}]}])
    );

    // Only the SQL or a parameter edited: the request still gives the receipt's rows, but
    // the compiler the receipt names writes other SQL for it. Under another compiler's
    // name (or none, as before receipts named it) an edit cannot be told from an upgrade:
    // `cannot_verify`, never `same`.
    assert_eq!(receipt["compiler"].as_str().map(str::len), Some(32), "{receipt:#}");
    for edit in [
        Box::new(|r: &mut Value| r["sql"] = json!("SELECT 1")) as Edit,
        Box::new(|r: &mut Value| r["params"][0] = json!("P2")),
    ] {
        let other_sql = resealed(&receipt, &edit);
        let (code, verification) = verify(dir.path(), &index, &other_sql, &[]);
        assert_eq!((code, verification["outcome"].as_str()), (6, Some("tampered")), "{verification:#}");
        assert_eq!(verification["same_sql"], false);
        assert_eq!(reasons(&verification), ["sql_differs"]);
        for compiler in [json!("0123456789abcdef0123456789abcdef"), Value::Null] {
            let elsewhere = resealed(&receipt, |r| {
                edit(r);
                r["compiler"] = compiler.clone();
            });
            let (code, verification) = verify(dir.path(), &index, &elsewhere, &[]);
            assert_eq!((code, verification["outcome"].as_str()), (5, Some("cannot_verify")), "{verification:#}");
            assert_eq!(reasons(&verification), ["compiler_changed"]);
        }
    }

    // Every other field the answer determines is compared too: each edit below, sealed
    // again, keeps the rows and the SQL, and is caught.
    let edits: Vec<(&str, Edit)> = vec![
        ("explanation", Box::new(|r| r["explanation"] = json!("average ack_minutes by team, where severity = 'P2'"))),
        ("row_count", Box::new(|r| r["row_count"] = json!(99))),
        ("truncated", Box::new(|r| r["truncated"] = json!(true))),
        ("resolved_dates", Box::new(|r| r["resolved_dates"] = json!([{"phrase": "last month"}]))),
        ("policy", Box::new(|r| r["policy"] = json!({"id": "sha256:0", "row_filters": []}))),
    ];
    for (field, edit) in edits {
        let forged = resealed(&receipt, edit);
        let (code, verification) = verify(dir.path(), &index, &forged, &[]);
        assert_eq!((code, verification["outcome"].as_str()), (6, Some("tampered")), "{field}: {verification:#}");
        assert_eq!(reasons(&verification), ["fields_differ"], "{field}");
        assert_eq!(verification["fields"][0]["field"], field, "{verification:#}");
        assert_eq!(verification["fields"][0]["now"], receipt.get(field).cloned().unwrap_or(Value::Null), "{field}");
    }
}

/// A numeric group key written without its fraction (`45` for `45.0`, as a JavaScript
/// client rewrites a receipt, which keeps its digest) is the same key.
#[test]
fn a_number_rewritten_by_a_javascript_client_is_the_same_key() {
    let dir = tempfile::tempdir().unwrap();
    let index = ingest(dir.path(), INCIDENTS_CSV);
    let sql =
        "SELECT CAST(max(ack_minutes) AS DOUBLE) AS worst, count(*) AS n FROM incidents GROUP BY team ORDER BY worst";
    let output = querycell(&["sql", "--index", &index, "--allow-sql", "--format", "json", sql]);
    assert_eq!(output.status.code(), Some(0), "{}", String::from_utf8_lossy(&output.stderr));
    let receipt = stdout_json(&output);
    // Parsed and written again as JavaScript would: whole doubles lose their `.0`.
    let mut rewritten = receipt.clone();
    for row in rewritten["rows"].as_array_mut().unwrap() {
        let worst = row[0].as_f64().unwrap();
        assert_eq!(worst.fract(), 0.0, "the fixture's maxima are whole minutes");
        row[0] = json!(worst as i64);
    }
    assert_ne!(rewritten["rows"], receipt["rows"]);
    assert_eq!(querycell::answer::seal::digest(&rewritten), receipt["digest"].as_str().unwrap(), "the digest holds");
    let (code, verification) = verify(dir.path(), &index, &rewritten, &["--allow-sql"]);
    assert_eq!((code, verification["outcome"].as_str()), (0, Some("same")), "{verification:#}");
}

#[test]
fn a_receipt_without_its_request_or_digest_cannot_be_verified() {
    let dir = tempfile::tempdir().unwrap();
    let index = ingest(dir.path(), INCIDENTS_CSV);
    let receipt = receipt(&index, P1_BY_TEAM, &[]);
    let remove = |r: &mut Value, field: &str| {
        r.as_object_mut().unwrap().remove(field);
    };

    let no_request = resealed(&receipt, |r| remove(r, "request"));
    let (code, verification) = verify(dir.path(), &index, &no_request, &[]);
    assert_eq!((code, verification["outcome"].as_str()), (5, Some("cannot_verify")), "{verification:#}");
    assert_eq!(reasons(&verification), ["no_request"]);

    let mut unsealed = receipt.clone();
    remove(&mut unsealed, "request");
    remove(&mut unsealed, "digest");
    let (code, verification) = verify(dir.path(), &index, &unsealed, &[]);
    assert_eq!(code, 5, "{verification:#}");
    assert_eq!(reasons(&verification), ["no_digest", "no_request"]);

    let mut stripped = receipt.clone();
    remove(&mut stripped, "request");
    let (code, verification) = verify(dir.path(), &index, &stripped, &[]);
    assert_eq!((code, verification["outcome"].as_str()), (6, Some("tampered")), "removing a field is an edit");
}

#[test]
fn relative_dates_are_asked_as_of_the_receipts_day() {
    let dir = tempfile::tempdir().unwrap();
    let index = &ingest_table(
        dir.path(),
        "events",
        "event,opened_at\nE-1,2026-03-01\nE-2,2026-03-14\nE-3,2026-01-02\nE-4,2025-12-30\n",
    );
    let plan = r#"{"table": "events", "filters": [{"column": "opened_at", "op": "eq", "value": {"last": 30, "unit": "day"}}], "aggregations": [{"function": "count"}]}"#;
    let receipt = receipt(index, plan, &["--today", "2026-03-15"]);
    assert_eq!(receipt["today"], "2026-03-15");
    assert_eq!(receipt["rows"], json!([[2]]), "E-1 and E-2 fall in the 30 days up to 2026-03-15");
    let (code, verification) = verify(dir.path(), index, &receipt, &[]);
    assert_eq!((code, verification["outcome"].as_str()), (0, Some("same")), "{verification:#}");
    assert_eq!(verification["rerun"]["resolved_dates"], receipt["resolved_dates"]);

    let output = querycell(&["verify", "--index", index, "--today", "2026-03-15", "x.json"]);
    assert_eq!(output.status.code(), Some(2), "--today has no meaning for verify and is refused");
}

#[test]
fn a_sql_receipt_is_asked_again_only_where_sql_mode_is_on() {
    let dir = tempfile::tempdir().unwrap();
    let index = ingest(dir.path(), INCIDENTS_CSV);
    let sql = "SELECT team, count(*) AS n FROM incidents GROUP BY team ORDER BY team";
    let output = querycell(&["sql", "--index", &index, "--allow-sql", "--format", "json", sql]);
    assert_eq!(output.status.code(), Some(0), "{}", String::from_utf8_lossy(&output.stderr));
    let receipt = stdout_json(&output);
    assert_eq!(receipt["request"], json!({"kind": "sql", "text": sql}));
    let (code, verification) = verify(dir.path(), &index, &receipt, &["--allow-sql"]);
    assert_eq!((code, verification["outcome"].as_str()), (0, Some("same")), "{verification:#}");
    let (code, verification) = verify(dir.path(), &index, &receipt, &[]);
    assert_eq!((code, verification["outcome"].as_str()), (5, Some("cannot_verify")), "{verification:#}");
    assert_eq!(reasons(&verification), ["rerun_refused"]);
    assert_eq!(verification["rerun_error"]["error"]["code"], "sql_mode_disabled");
}

#[test]
fn what_is_not_a_receipt_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let index = ingest(dir.path(), INCIDENTS_CSV);
    let refusal = querycell_with_stdin(
        &["query", "--index", &index, "--plan", "-", "--format", "json"],
        r#"{"table": "incidents", "group_by": ["tema"], "aggregations": [{"function": "count"}]}"#,
    );
    assert_eq!(refusal.status.code(), Some(2));
    for (what, text, code) in [
        ("a refusal", String::from_utf8_lossy(&refusal.stdout).into_owned(), "receipt_invalid"),
        ("not JSON", "rows: 1".to_string(), "receipt_invalid"),
        ("not an object", "[1, 2]".to_string(), "receipt_invalid"),
    ] {
        let output = querycell_with_stdin(&["verify", "--index", &index, "--format", "json", "-"], &text);
        assert_eq!(output.status.code(), Some(2), "{what}");
        assert_eq!(stdout_json(&output)["error"]["code"], code, "{what}");
    }
    let missing = dir.path().join("missing.json");
    let output = querycell(&["verify", "--index", &index, "--format", "json", missing.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(stdout_json(&output)["error"]["code"], "receipt_unreadable");
}
