//! The host side of relationships and metrics (`docs/relationships.md`): what ingest does
//! with `[[relationships]]` and `[metrics.<name>]` in `querycell.toml` (verification with its
//! exact refusals, orphan and missing-key counts, suggestions, metrics compiled), and where
//! they show: the catalog, `schema` Markdown and MCP `list_tables` / `describe_table`.

use std::path::{Path, PathBuf};

use querycell::catalog::schema::markdown;
use querycell::catalog::{Catalog, RelationshipEntry};
use querycell::serve::mcp::McpServer;
use querycell::{ingest, Error, Limits, QueryCell};
use querycell_tests::{snapshot_folder, write_file};
use serde_json::{json, Value};

const TEAMS: &str = "team_id,name,region,headcount\n1,Platform,EU,10\n2,Search,US,5\n3,Data,EU,7\n";

/// Team 9 exists nowhere (an orphan); incident 5 has no team (a missing key).
const INCIDENTS: &str = "incident_id,team_id,severity,ack_minutes\n1,1,P1,5\n2,1,P2,10\n3,2,P1,3\n4,9,P3,20\n5,,P2,8\n";

const RELATED: &str = "[[relationships]]\nfrom = \"incidents.team_id\"\nto = \"teams.team_id\"\n";

/// A data folder of `teams` and `incidents` (with the given teams CSV) and `settings` as
/// its querycell.toml.
fn data(dir: &Path, teams: &str, settings: &str) -> PathBuf {
    write_file(dir, "data/teams.csv", teams);
    write_file(dir, "data/incidents.csv", INCIDENTS);
    write_file(dir, "data/querycell.toml", settings);
    dir.join("data")
}

fn refused(teams: &str, settings: &str) -> Error {
    let dir = tempfile::tempdir().unwrap();
    let data = data(dir.path(), teams, settings);
    ingest::ingest(&dir.path().join("index"), &[data]).expect_err("the ingest is refused")
}

#[test]
fn a_declared_relationship_is_recorded_with_its_orphans_and_missing_keys() {
    let dir = tempfile::tempdir().unwrap();
    let data = data(dir.path(), TEAMS, RELATED);
    let index = dir.path().join("index");
    let catalog = ingest::ingest(&index, std::slice::from_ref(&data)).unwrap();
    assert_eq!(
        catalog.relationships,
        [RelationshipEntry {
            name: None,
            from_table: "incidents".into(),
            from_column: "team_id".into(),
            to_table: "teams".into(),
            to_column: "team_id".into(),
            orphans: 1,
            missing_keys: 1,
            counts_withheld: false,
        }]
    );
    assert_eq!(Catalog::load(&index).unwrap(), catalog, "the catalog file holds what ingest returned");
    let text = markdown(&catalog);
    assert!(text.contains("# Relationships"), "{text}");
    assert!(text.contains("| `incidents.team_id` | `teams.team_id` | 1 | 1 |"), "{text}");

    // The same data without the declaration: the same tables, another snapshot id (a plan
    // may mean something else), and a catalog without the field at all.
    std::fs::remove_file(data.join("querycell.toml")).unwrap();
    let plain = ingest::ingest(&dir.path().join("plain"), &[data]).unwrap();
    assert!(plain.relationships.is_empty());
    assert_eq!(plain.snapshot, Catalog::snapshot_of(&plain.tables), "no declaration, the id it always had");
    assert_ne!(plain.snapshot, catalog.snapshot);
    let file = std::fs::read_to_string(dir.path().join("plain/catalog.json")).unwrap();
    assert!(!file.contains("relationships") && !file.contains("metrics"), "{file}");
}

#[test]
fn describe_table_shows_a_tables_relationships_both_ways() {
    let dir = tempfile::tempdir().unwrap();
    let data = data(dir.path(), TEAMS, RELATED);
    let index = dir.path().join("index");
    ingest::ingest(&index, &[data]).unwrap();
    let server = McpServer::new(QueryCell::open(&index, Limits::default()).unwrap());
    for table in ["incidents", "teams"] {
        let arguments = json!({"table": table}).as_object().unwrap().clone();
        let described = server.call("describe_table", arguments).unwrap();
        let structured = described.structured_content.expect("structured content");
        assert_eq!(structured["relationships"][0]["from_table"], "incidents", "{table}: {structured}");
        assert_eq!(
            (&structured["relationships"][0]["orphans"], &structured["relationships"][0]["missing_keys"]),
            (&json!(1), &json!(1))
        );
        let text = serde_json::to_string(&described.content).unwrap();
        assert!(text.contains("| `incidents.team_id` | `teams.team_id` | 1 | 1 |"), "{table}: {text}");
    }
}

#[test]
fn a_to_column_with_a_repeated_key_is_relationship_not_unique() {
    let error = refused("team_id,name\n7,A\n7,B\n8,C\n", RELATED);
    assert_eq!(error.code, "relationship_not_unique", "{error}");
    assert_eq!(
        error.message,
        "teams.team_id has the value 7 in 2 rows: a relationship's \"to\" column must be unique and present, so that each incidents row reaches at most one teams row"
    );
    assert!(error.path.ends_with("querycell.toml"), "{error:?}");
    let hint = error.hint.unwrap();
    assert!(hint.contains("from = \"incidents.team_id\" to = \"teams.team_id\""), "{hint}");
}

#[test]
fn a_to_column_with_a_missing_key_is_relationship_not_unique() {
    let error = refused("team_id,name\n7,A\n,B\n8,C\n,D\n", RELATED);
    assert_eq!(error.code, "relationship_not_unique", "{error}");
    assert_eq!(
        error.message,
        "teams.team_id is missing in 2 rows: a relationship's \"to\" column must be unique and present, so that each incidents row reaches at most one teams row"
    );
    let text = refused(
        "team_id,name\n\"a\",A\n\"a\",B\n",
        RELATED.replace("incidents.team_id", "incidents.severity").as_str(),
    );
    assert!(text.message.starts_with("teams.team_id has the value \"a\" in 2 rows"), "text keys are quoted: {text}");
}

#[test]
fn a_relationship_naming_what_was_not_loaded_or_joining_two_kinds_is_relationship_invalid() {
    let unknown_column = refused(TEAMS, &RELATED.replace("teams.team_id", "teams.team_key"));
    assert_eq!(unknown_column.code, "relationship_invalid", "{unknown_column}");
    assert!(unknown_column.message.contains("names teams.team_key, which does not exist"), "{unknown_column}");
    assert_eq!(unknown_column.hint.as_deref(), Some("columns of teams: team_id, name, region, headcount"));

    let unknown_table = refused(TEAMS, &RELATED.replace("teams.team_id", "squads.team_id"));
    assert_eq!(unknown_table.code, "relationship_invalid");
    assert!(unknown_table.message.contains("names the table squads, which was not loaded"), "{unknown_table}");
    assert!(unknown_table.hint.as_deref().unwrap().starts_with("tables loaded: "), "{unknown_table:?}");

    let kinds = refused(TEAMS, &RELATED.replace("teams.team_id", "teams.name"));
    assert_eq!(kinds.code, "relationship_invalid");
    assert!(kinds.message.contains("incidents.team_id (integer, BIGINT) to teams.name (text, VARCHAR)"), "{kinds}");
    assert!(kinds.message.contains("a relationship's two columns must have the same kind"), "{kinds}");
}

/// Two relationships from one table to another need a name each (a path could not say which
/// to follow); a name is unique among its table's relationships, not a table's name, not
/// another relationship's key column, and an identifier. Named, both are recorded with their
/// names, and the schema shows the step a path takes for each.
#[test]
fn relationships_from_one_table_to_another_are_told_apart_by_their_names() {
    let second =
        |name: &str| format!("[[relationships]]\n{name}from = \"incidents.incident_id\"\nto = \"teams.team_id\"\n");
    let unnamed = refused(TEAMS, &(RELATED.to_string() + &second("")));
    assert_eq!(unnamed.code, "relationship_invalid", "{unnamed}");
    assert!(unnamed.message.contains("both lead from incidents to teams"), "{unnamed}");
    assert!(unnamed.hint.as_deref().unwrap_or_default().contains("name = \"owner\""), "{unnamed:?}");
    let owner = RELATED.replace("[[relationships]]\n", "[[relationships]]\nname = \"owner\"\n");
    let one_named = refused(TEAMS, &(owner.clone() + &second("")));
    assert!(one_named.message.contains("both lead from incidents to teams"), "{one_named}");
    for (name, says) in [
        ("owner", "has the name 'owner', which"),
        ("teams", "which is a table's name"),
        ("team_id", "the key column of incidents.team_id -> teams.team_id"),
    ] {
        let error = refused(TEAMS, &(owner.clone() + &second(&format!("name = \"{name}\"\n"))));
        assert_eq!(error.code, "relationship_invalid", "{name}: {error}");
        assert!(error.message.contains(says), "{name}: {error}");
    }
    let bad = refused(TEAMS, &(owner.clone() + &second("name = \"9lives\"\n")));
    assert_eq!(bad.code, "sidecar_invalid", "{bad}");
    let dir = tempfile::tempdir().unwrap();
    let data = data(dir.path(), TEAMS, &(owner + &second("name = \"opener\"\n")));
    let catalog = ingest::ingest(&dir.path().join("index"), &[data]).unwrap();
    let names: Vec<Option<&str>> = catalog.relationships.iter().map(|r| r.name.as_deref()).collect();
    assert_eq!(names, [Some("owner"), Some("opener")]);
    // A renamed role changes what a path means: another snapshot id.
    let mut renamed = catalog.relationships.clone();
    renamed[1].name = Some("closer".into());
    assert_ne!(
        Catalog::snapshot_with(&catalog.tables, &renamed, &[]),
        Catalog::snapshot_with(&catalog.tables, &catalog.relationships, &[])
    );
    let text = markdown(&catalog);
    assert!(text.contains("| `opener` | `incidents.incident_id` | `teams.team_id` |"), "{text}");
    let server = McpServer::new(QueryCell::open(&dir.path().join("index"), Limits::default()).unwrap());
    let arguments = json!({"table": "incidents"}).as_object().unwrap().clone();
    let described = server.call("describe_table", arguments).unwrap().structured_content.unwrap();
    let names: Vec<&Value> = described["relationships"].as_array().unwrap().iter().map(|r| &r["name"]).collect();
    assert_eq!(names, [&json!("owner"), &json!("opener")], "{described}");
}

#[test]
fn a_refused_ingest_leaves_the_previous_index_byte_for_byte() {
    let dir = tempfile::tempdir().unwrap();
    let data = data(dir.path(), TEAMS, RELATED);
    let index = dir.path().join("index");
    ingest::ingest(&index, std::slice::from_ref(&data)).unwrap();
    let before = snapshot_folder(&index);
    write_file(&data, "teams.csv", "team_id,name\n1,A\n1,B\n");
    let error = ingest::ingest(&index, &[data]).unwrap_err();
    assert_eq!(error.code, "relationship_not_unique");
    assert_eq!(snapshot_folder(&index), before);
}

#[test]
fn a_relationship_the_data_shows_is_suggested_as_a_decision() {
    let dir = tempfile::tempdir().unwrap();
    let data = data(dir.path(), TEAMS, RELATED);
    write_file(&data, "oncall.csv", "person,team_id\nada,1\nbob,2\ncy,2\n");
    let catalog = ingest::ingest(&dir.path().join("index"), &[data]).unwrap();
    let decisions = |name: &str| catalog.tables.iter().find(|t| t.name == name).unwrap().decisions.clone();
    assert!(decisions("oncall").contains(&"team_id: every value is found in teams.team_id, which is unique; to let plans follow it, declare [[relationships]] from = \"oncall.team_id\" to = \"teams.team_id\" in querycell.toml".to_string()), "{:?}", decisions("oncall"));
    assert!(
        !decisions("incidents").iter().any(|d| d.contains("declare")),
        "team 9 is nowhere, and the declared one is not suggested: {:?}",
        decisions("incidents")
    );
    assert_eq!(catalog.relationships.len(), 1, "a suggestion is never followed");
}

/// A key of many rows has an estimated distinct count (ingest does not count it exactly):
/// a relationship to it is suggested only once a query shows it unique, and that count is
/// then exact in the catalog; a key the estimate cannot tell from unique, repeated in a
/// hundredth of its rows, is not suggested.
#[test]
fn a_key_with_an_estimated_distinct_count_is_counted_before_it_is_suggested() {
    let rows = querycell::ingest::column_types::groups::DISTINCT_SAMPLE + 20_000;
    let accounts = |repeat_every: usize| {
        let mut text = String::from("account_id,name\n");
        for i in 0..rows {
            let id = if repeat_every > 0 && i % repeat_every == 1 { i - 1 } else { i };
            text.push_str(&format!("{},account {i}\n", 100_000 + id));
        }
        text
    };
    for (repeat_every, suggested) in [(0, true), (100, false)] {
        let dir = tempfile::tempdir().unwrap();
        write_file(dir.path(), "data/accounts.csv", &accounts(repeat_every));
        write_file(dir.path(), "data/logins.csv", "login,account_id\n1,100003\n2,100007\n3,100007\n");
        let catalog = ingest::ingest(&dir.path().join("index"), &[dir.path().join("data")]).unwrap();
        let table = |name: &str| catalog.tables.iter().find(|t| t.name == name).unwrap();
        let key = table("accounts").columns.iter().find(|c| c.name == "account_id").unwrap();
        let decisions = &table("logins").decisions;
        let suggestion = decisions.iter().any(|d| d.contains("every value is found in accounts.account_id"));
        assert_eq!(suggestion, suggested, "repeated every {repeat_every}: {decisions:?}");
        // Exact once counted: all rows when unique, fewer by the repeats when not.
        let distinct = (rows - rows.checked_div(repeat_every).unwrap_or(0)) as u64;
        assert!(!key.stats.distinct_estimated, "{:?}", key.stats);
        assert_eq!(key.stats.distinct_count, distinct);
        let name = table("accounts").columns.iter().find(|c| c.name == "name").unwrap();
        assert!(name.stats.distinct_estimated, "no pair needs the names counted: {:?}", name.stats);
    }
}

#[test]
fn one_relationship_declared_in_two_roots_is_one_and_a_metric_defined_twice_differently_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    write_file(dir.path(), "a/teams.csv", TEAMS);
    write_file(dir.path(), "a/querycell.toml", RELATED);
    write_file(dir.path(), "b/incidents.csv", INCIDENTS);
    write_file(dir.path(), "b/querycell.toml", RELATED);
    let roots = [dir.path().join("a"), dir.path().join("b")];
    let catalog = ingest::ingest(&dir.path().join("index"), &roots).unwrap();
    assert_eq!(catalog.relationships.len(), 1);

    let metric = |function: &str| {
        format!("[metrics.worst]\ntable = \"incidents\"\nfunction = \"{function}\"\ncolumn = \"ack_minutes\"\n")
    };
    write_file(dir.path(), "a/querycell.toml", &metric("max"));
    write_file(dir.path(), "b/querycell.toml", &metric("min"));
    let error = ingest::ingest(&dir.path().join("index"), &roots).unwrap_err();
    assert_eq!(error.code, "sidecar_invalid", "{error}");
    assert!(error.message.contains("metrics.worst is defined in"), "{error}");
}

const MTTA: &str = "[metrics.mtta]\ntable = \"incidents\"\nfunction = \"avg\"\ncolumn = \"ack_minutes\"\nwhere = [{column = \"severity\", op = \"in\", value = [\"P1\", \"P2\"]}]\ndescription = \"Mean time to acknowledge P1 and P2 incidents\"\nunit = \"minutes\"\n";

/// Needs the compiler's `{"metric": ...}` (built in parallel): until then the bundled
/// compiler refuses every metric, and this fails with `metric_invalid`.
#[test]
fn a_metric_is_compiled_recorded_and_listed() {
    let dir = tempfile::tempdir().unwrap();
    let data = data(dir.path(), TEAMS, &format!("{RELATED}\n{MTTA}"));
    let index = dir.path().join("index");
    let catalog = ingest::ingest(&index, &[data]).unwrap_or_else(|e| panic!("{e:?}"));
    let mtta = &catalog.metrics[0];
    assert_eq!((mtta.name.as_str(), mtta.table.as_str(), mtta.unit.as_deref()), ("mtta", "incidents", Some("minutes")));
    assert_eq!(
        serde_json::from_str::<Value>(&mtta.aggregation).unwrap(),
        json!({"function": "avg", "column": "ack_minutes", "where": [{"column": "severity", "op": "in", "value": ["P1", "P2"]}]})
    );
    let text = markdown(&catalog);
    assert!(text.contains("# Metrics") && text.contains("| `mtta` | `incidents` |"), "{text}");
    assert!(text.contains("| minutes | Mean time to acknowledge P1 and P2 incidents |"), "{text}");

    let server = McpServer::new(QueryCell::open(&index, Limits::default()).unwrap());
    let listed = server.call("list_tables", Default::default()).unwrap().structured_content.unwrap();
    let incidents = listed["tables"].as_array().unwrap().iter().find(|t| t["name"] == "incidents").unwrap();
    assert_eq!(incidents["metrics"], json!(["mtta"]));
    let arguments = json!({"table": "incidents"}).as_object().unwrap().clone();
    let described = server.call("describe_table", arguments).unwrap().structured_content.unwrap();
    assert_eq!(described["metrics"][0]["name"], "mtta");
}

#[test]
fn a_metric_the_compiler_refuses_is_metric_invalid() {
    let error =
        refused(TEAMS, "[metrics.bad]\ntable = \"incidents\"\nfunction = \"sum\"\ncolumn = \"no_such_column\"\n");
    assert_eq!(error.code, "metric_invalid", "{error}");
    assert!(error.message.contains("metrics.bad"), "{error}");
    assert!(error.message.contains("does not compile: "), "{error}");
    assert!(error.path.ends_with("querycell.toml"), "{error:?}");
}
