//! Policies (`--policy`, `QueryCell::with_policy`): hidden tables and columns and tenant row
//! filters that neither plans nor SQL can get around. The differential test answers a few
//! hundred requests under `tenant=a` and over a copy of the data that holds only tenant a's
//! rows: every answer (or refusal) must be the same.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use querycell::policy::Policy;
use querycell::{ingest, Answer, Error, Limits, QueryCell};
use querycell_tests::{querycell_with_stdin, snapshot_folder, stdout_json, write_file};
use serde_json::Value;

use super::query_as;

const TEAMS: [&str; 4] = ["Platform", "Payments", "Search", "Mobile"];

/// Tickets of two tenants. Tenant b's rows are deliberately unlike a's (other teams' values,
/// larger minutes, other e-mail domains), so a leak changes an answer.
fn tickets(tenants: &[&str]) -> String {
    let mut csv = String::from("ticket_id,tenant,team,severity,minutes,reporter_email,squad\n");
    for i in 0..60 {
        let tenant = if i % 3 == 0 { "b" } else { "a" };
        if !tenants.contains(&tenant) {
            continue;
        }
        let team = TEAMS[(i * 7 + usize::from(tenant == "b")) % TEAMS.len()];
        let severity = ["P1", "P2", "P3"][i % 3];
        let minutes =
            if i % 11 == 5 { String::new() } else { ((i * 13) % 97 + if tenant == "b" { 500 } else { 1 }).to_string() };
        csv.push_str(&format!(
            "T-{i:03},{tenant},{team},{severity},{minutes},person{i}@{tenant}.example,{tenant}:{team}\n"
        ));
    }
    csv
}

fn teams(tenants: &[&str]) -> String {
    let mut csv = String::from("tenant,team,lead\n");
    for (tenant, lead) in [("a", "Ada"), ("b", "Bob")] {
        if tenants.contains(&tenant) {
            for team in TEAMS.iter().take(if tenant == "a" { 3 } else { 4 }) {
                csv.push_str(&format!("{tenant},{team},{lead} of {team}\n"));
            }
        }
    }
    csv
}

/// Each tenant's squads, keyed `tenant:team` (unique across tenants, so `tickets.squad`
/// may be declared a relationship to them). Tenant a has no Mobile squad (its Mobile tickets
/// are orphans) and a squad with no tickets; one size is missing.
fn squads(tenants: &[&str]) -> String {
    let mut csv = String::from("squad,tenant,region,size\n");
    for tenant in tenants {
        for (i, team) in TEAMS.iter().chain(&["Ghost"]).enumerate() {
            if *tenant == "a" && *team == "Mobile" {
                continue;
            }
            let region = ["EMEA", "AMER"][(i + usize::from(*tenant == "b")) % 2];
            let size = if *tenant == "a" && i == 1 {
                String::new()
            } else {
                (i * 3 + if *tenant == "b" { 40 } else { 2 }).to_string()
            };
            csv.push_str(&format!("{tenant}:{team},{tenant},{region},{size}\n"));
        }
    }
    csv
}

const RELATIONSHIPS: &str = "[[relationships]]\nfrom = \"tickets.squad\"\nto = \"squads.squad\"\n";

pub(crate) const POLICY: &str = r#"
[tables.tickets]
hidden_columns = ["reporter_email"]
row_filters = [{ column = "tenant", equals_context = "tenant" }]

[tables.teams]
row_filters = [{ column = "tenant", equals_context = "tenant" }]

[tables.squads]
row_filters = [{ column = "tenant", equals_context = "tenant" }]

[tables.salaries]
visible = false
"#;

/// The copy's policy: the same columns and tables out of sight, no row filter (its data
/// holds one tenant already).
const COPY_POLICY: &str = r#"
[tables.tickets]
hidden_columns = ["reporter_email"]

[tables.salaries]
visible = false
"#;

pub(crate) fn build_index(dir: &Path, name: &str, tenants: &[&str]) -> PathBuf {
    let data = dir.join(format!("{name}-data"));
    write_file(&data, "tickets.csv", &tickets(tenants));
    write_file(&data, "teams.csv", &teams(tenants));
    write_file(&data, "squads.csv", &squads(tenants));
    write_file(&data, "querycell.toml", RELATIONSHIPS);
    write_file(&data, "salaries.csv", "person,salary\nAda,100\nBob,200\n");
    let index = dir.join(name);
    ingest::ingest(&index, &[data]).expect("ingest");
    index
}

fn open(index: &Path, policy: &str, context: &[(&str, &str)]) -> QueryCell {
    let context: BTreeMap<String, String> = context.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    querycell_tests::sql_cell(index, Limits::default())
        .with_policy(Policy::parse(policy).expect("policy parses"), context)
        .expect("policy applies")
}

/// An answer's rows in a canonical order (requests without ORDER BY may list groups in any
/// order), or the refusal's code.
fn outcome(result: Result<Answer, Error>) -> Result<Vec<String>, String> {
    match result {
        Ok(answer) => {
            let mut rows: Vec<String> = answer.rows.iter().map(|row| Value::Array(row.clone()).to_string()).collect();
            rows.sort();
            Ok(rows)
        }
        Err(error) => Err(error.code),
    }
}

fn plans() -> Vec<String> {
    let group_bys = [vec![], vec!["team"], vec!["severity"], vec!["team", "severity"]];
    let aggregations = [
        r#"{"function": "count", "alias": "n"}"#,
        r#"{"function": "sum", "column": "minutes", "alias": "x"}"#,
        r#"{"function": "avg", "column": "minutes", "alias": "x"}"#,
        r#"{"function": "min", "column": "minutes", "alias": "x"}"#,
        r#"{"function": "max", "column": "ticket_id", "alias": "x"}"#,
        r#"{"function": "count_distinct", "column": "team", "alias": "x"}"#,
        r#"{"function": "median", "column": "minutes", "alias": "x"}"#,
    ];
    let filters = [
        "",
        r#", "filters": [{"column": "severity", "op": "eq", "value": "P1"}]"#,
        r#", "filters": [{"column": "minutes", "op": "gt", "value": 20}]"#,
        r#", "filters": [{"column": "team", "op": "in", "value": ["Platform", "Mobile"]}]"#,
        r#", "filters": [{"column": "minutes", "op": "is_null"}]"#,
        r#", "filters": [{"column": "tenant", "op": "eq", "value": "b"}]"#,
        r#", "filters": [{"column": "severity", "op": "ne", "value": "P2"}]"#,
        r#", "filters": [{"column": "team", "op": "not_in", "value": ["Search"]}, {"column": "minutes", "op": "lte", "value": 60}]"#,
        r#", "filters": [{"column": "minutes", "op": "between", "value": [10, 500]}]"#,
        r#", "filters": [{"column": "ticket_id", "op": "starts_with", "value": "T-0"}, {"column": "minutes", "op": "is_not_null"}]"#,
    ];
    let mut plans = Vec::new();
    for group_by in &group_bys {
        for aggregation in &aggregations {
            for filter in &filters {
                let keys = group_by.iter().map(|k| format!("\"{k}\"")).collect::<Vec<_>>().join(", ");
                let group_by = if group_by.is_empty() { String::new() } else { format!(r#", "group_by": [{keys}]"#) };
                plans.push(format!(r#"{{"table": "tickets"{group_by}, "aggregations": [{aggregation}]{filter}}}"#));
            }
        }
    }
    plans.extend(joined_plans());
    plans
        .push(r#"{"table": "tickets", "columns": ["ticket_id", "team", "minutes"], "order_by": ["ticket_id"]}"#.into());
    plans.push(
        r#"{"table": "tickets", "group_by": ["reporter_email"], "aggregations": [{"function": "count"}]}"#.into(),
    );
    plans.push(r#"{"table": "salaries", "aggregations": [{"function": "sum", "column": "salary"}]}"#.into());
    plans.push(r#"{"table": "teams", "group_by": ["lead"], "aggregations": [{"function": "count"}]}"#.into());
    plans
}

/// Plans that follow `tickets.squad → squads.squad`: the policed squads table is read through
/// its source on the joined side too, so tenant b's squads never reach a group, a sum or a
/// count, whether the aggregation reads tickets (grouped by a squad's column) or squads.
fn joined_plans() -> Vec<String> {
    let group_bys = ["", r#", "group_by": ["squads.region"]"#, r#", "group_by": ["squads.region", "severity"]"#];
    let aggregations = [
        r#"{"function": "count", "alias": "n"}"#,
        r#"{"function": "avg", "column": "minutes", "alias": "x"}"#,
        r#"{"function": "count_distinct", "column": "squads.squad", "alias": "x"}"#,
        r#"{"function": "share", "where": [{"column": "squads.size", "op": "gt", "value": 5}], "alias": "x"}"#,
        r#"{"function": "count", "alias": "n"}, {"function": "sum", "column": "squads.size", "alias": "people"}"#,
        r#"{"function": "max", "column": "squads.size", "alias": "x"}"#,
    ];
    let filters = [
        "",
        r#", "filters": [{"column": "squads.region", "op": "eq", "value": "EMEA"}]"#,
        r#", "filters": [{"column": "squads.tenant", "op": "eq", "value": "b"}]"#,
        r#", "filters": [{"column": "squads.size", "op": "ne", "value": 8}]"#,
    ];
    let mut plans = Vec::new();
    for group_by in group_bys {
        for aggregation in aggregations {
            for filter in filters {
                plans.push(format!(r#"{{"table": "tickets"{group_by}, "aggregations": [{aggregation}]{filter}}}"#));
            }
        }
    }
    plans.push(
        r#"{"table": "tickets", "columns": ["ticket_id", "squads.region", "squads.size"], "order_by": ["ticket_id"]}"#
            .into(),
    );
    plans
}

/// SQL, including every known way of reaching a table's other rows or columns.
const STATEMENTS: &[&str] = &[
    "SELECT * FROM tickets",
    "SELECT t.* FROM tickets t",
    "SELECT tickets FROM tickets",
    "SELECT t FROM tickets t",
    "SELECT COLUMNS(*) FROM tickets",
    "SELECT * EXCLUDE (team) FROM tickets",
    "SELECT team, count(*) FROM tickets GROUP BY ALL",
    "SELECT count(*) FROM tickets WHERE tenant = 'b'",
    "SELECT count(*), sum(minutes) FROM tickets",
    "SELECT reporter_email FROM tickets",
    "SELECT * FROM salaries",
    "SELECT k.team, m.lead, count(*) FROM tickets k JOIN teams m ON k.team = m.team GROUP BY ALL",
    "SELECT k.team, m.lead FROM tickets k LEFT JOIN teams m ON k.team = m.team AND k.tenant = m.tenant",
    "SELECT * FROM tickets k, teams m WHERE k.team = m.team",
    "WITH x AS (SELECT * FROM tickets) SELECT count(*), max(minutes) FROM x",
    "WITH tickets AS (SELECT * FROM teams) SELECT * FROM tickets",
    "SELECT count(*) FROM (SELECT * FROM tickets) AS s",
    "SELECT team, (SELECT count(*) FROM tickets k2 WHERE k2.team = k.team) AS n FROM tickets k GROUP BY team",
    "SELECT team FROM tickets UNION SELECT team FROM teams",
    "SELECT team FROM tickets EXCEPT SELECT team FROM teams",
    "SELECT team FROM teams INTERSECT SELECT team FROM tickets",
    "SELECT tenant, count(*) FROM tickets GROUP BY tenant",
    "SELECT DISTINCT tenant FROM teams",
    "SELECT * FROM tickets WHERE ticket_id IN (SELECT max(ticket_id) FROM tickets)",
    "SELECT EXISTS (SELECT 1 FROM tickets WHERE tenant = 'b')",
    "SELECT severity, avg(minutes) FROM tickets GROUP BY ROLLUP (severity)",
    "SELECT team, row_number() OVER (ORDER BY ticket_id) FROM tickets",
];

#[test]
fn answers_under_a_tenant_equal_answers_over_that_tenants_rows_alone() {
    let dir = tempfile::tempdir().unwrap();
    let both = build_index(dir.path(), "both", &["a", "b"]);
    let only_a = build_index(dir.path(), "only-a", &["a"]);
    let policed = open(&both, POLICY, &[("tenant", "a")]);
    let reference = open(&only_a, COPY_POLICY, &[]);

    let plans = plans();
    let mut answered = 0;
    let mut differences = Vec::new();
    for plan in &plans {
        let (got, want) = (outcome(policed.query_plan(plan)), outcome(reference.query_plan(plan)));
        answered += usize::from(want.is_ok());
        if got != want {
            differences.push(format!("plan {plan}\n  under tenant=a: {got:?}\n  over a's rows: {want:?}"));
        }
    }
    for sql in STATEMENTS {
        let (got, want) = (outcome(policed.query_sql(sql)), outcome(reference.query_sql(sql)));
        answered += usize::from(want.is_ok());
        println!(
            "{sql}: {}",
            match &want {
                Ok(rows) => format!("{} rows", rows.len()),
                Err(code) => format!("refused: {code}"),
            }
        );
        if got != want {
            differences.push(format!("sql {sql}\n  under tenant=a: {got:?}\n  over a's rows: {want:?}"));
        }
    }
    assert!(
        differences.is_empty(),
        "{} of {} requests differ:\n{}",
        differences.len(),
        plans.len() + STATEMENTS.len(),
        differences.join("\n")
    );
    println!("{answered} of {} requests answered", plans.len() + STATEMENTS.len());
    // Most requests must answer, or the comparison proves little.
    assert!(answered * 10 >= (plans.len() + STATEMENTS.len()) * 8, "only {answered} answered");

    // Nothing of tenant b's, or of the hidden column, in what the caller can see.
    let everything = format!("{:?}", policed.query_sql("SELECT * FROM tickets").unwrap().rows);
    assert!(!everything.contains("b.example") && !everything.contains("\"b\""), "{everything}");
    let visible = policed.catalog();
    assert!(visible.tables.iter().all(|t| t.name != "salaries"));
    let tickets = visible.tables.iter().find(|t| t.name == "tickets").unwrap();
    assert!(tickets.columns.iter().all(|c| c.name != "reporter_email"));
    assert!(
        tickets.columns.iter().all(|c| c.stats.values.is_none() && c.stats.max.is_none()),
        "statistics over every tenant's rows are left out"
    );
    assert!(tickets.row_count_withheld, "and so is the row count");
    assert!(querycell::catalog::schema::markdown(visible)
        .contains("## `tickets`\n\nrow count not shown (a policy filters this table's rows)"));
}

#[test]
fn a_missing_context_value_refuses_every_query_instead_of_running_unfiltered() {
    let dir = tempfile::tempdir().unwrap();
    let both = build_index(dir.path(), "both", &["a", "b"]);
    let cell = open(&both, POLICY, &[("region", "eu")]);
    let plan = r#"{"table": "teams", "aggregations": [{"function": "count"}]}"#;
    for error in [cell.query_plan(plan).unwrap_err(), cell.query_sql("SELECT count(*) FROM teams").unwrap_err()] {
        assert_eq!(error.code, "missing_context", "{error}");
        assert!(error.message.contains("tenant"), "{error}");
    }
}

#[test]
fn the_cli_applies_a_policy_file_and_says_so_in_the_receipt() {
    let dir = tempfile::tempdir().unwrap();
    let both = build_index(dir.path(), "both", &["a", "b"]);
    let policy = write_file(dir.path(), "policy.toml", POLICY);
    let plan = r#"{"table": "tickets", "aggregations": [{"function": "count", "alias": "n"}]}"#;
    let a = stdout_json(&query_as(&both, &policy, "a", plan));
    let b = stdout_json(&query_as(&both, &policy, "b", plan));
    assert_eq!((a["rows"][0][0].as_i64(), b["rows"][0][0].as_i64()), (Some(40), Some(20)), "{a}\n{b}");
    assert!(a["policy"]["id"].as_str().unwrap().starts_with("sha256:"));
    assert_eq!(
        a["policy"]["row_filters"],
        serde_json::json!([
            "squads.tenant = context tenant",
            "teams.tenant = context tenant",
            "tickets.tenant = context tenant"
        ])
    );
    // The filter is the compiler's, bound as a parameter: the caller's own value, never
    // another tenant's.
    assert!(a["sql"].as_str().unwrap().contains(r#"WHERE CAST("tenant" AS VARCHAR) = ?"#), "{a}");
    assert_eq!(
        (a["params"][0].as_str(), a["params"].as_array().unwrap().len()),
        (Some("a"), 2),
        "the filter value, then the row cap: {a}"
    );
    assert!(!a.to_string().contains("\"b\""), "{a}");

    // A policy that names a column the index lacks is refused at start, with a hint.
    let typo = write_file(dir.path(), "typo.toml", "[tables.tickets]\nhidden_columns = [\"reporter_mail\"]\n");
    let output = querycell_with_stdin(
        &[
            "query",
            "--index",
            both.to_str().unwrap(),
            "--policy",
            typo.to_str().unwrap(),
            "--format",
            "json",
            "--plan",
            "-",
        ],
        plan,
    );
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(stdout_json(&output)["error"]["code"], "policy_invalid");
}

#[test]
fn a_callers_daily_budget_is_counted_outside_the_index_and_refuses_when_spent() {
    let dir = tempfile::tempdir().unwrap();
    let both = build_index(dir.path(), "both", &["a", "b"]);
    let state = dir.path().join("state/budget.json");
    std::fs::create_dir(dir.path().join("state")).unwrap();
    let policy = write_file(
        dir.path(),
        "policy.toml",
        &format!(
            "{POLICY}\n[budget]\ncaller_context = \"tenant\"\nqueries_per_day = 8\nstate_file = {:?}\n",
            state.to_str().unwrap()
        ),
    );
    let index_before = snapshot_folder(&both);
    let plan = r#"{"table": "tickets", "aggregations": [{"function": "count"}]}"#;
    let ask_as = |index: &Path, policy: &Path, tenant: &str| query_as(index, policy, tenant, plan);
    let ask = |tenant: &str| ask_as(&both, &policy, tenant);
    // Six at once: each reserves its query under the state file's lock, none is lost.
    let threads: Vec<_> = (0..6)
        .map(|_| {
            let (index, policy) = (both.clone(), policy.clone());
            std::thread::spawn(move || ask_as(&index, &policy, "a").status.code())
        })
        .collect();
    for thread in threads {
        assert_eq!(thread.join().unwrap(), Some(0));
    }
    let counted: Value = serde_json::from_str(&std::fs::read_to_string(&state).unwrap()).unwrap();
    assert_eq!(counted["callers"]["a"]["queries"], 6, "{counted}");
    assert!(ask("a").status.success());
    assert!(ask("a").status.success());
    let spent = ask("a");
    assert_eq!(spent.status.code(), Some(3), "a spent budget is a limit: {}", String::from_utf8_lossy(&spent.stdout));
    let error = stdout_json(&spent);
    assert_eq!(error["error"]["code"], "budget_exhausted");
    assert!(error["error"]["hint"].as_str().unwrap().starts_with("the budget resets at "), "{error}");
    assert!(ask("b").status.success(), "another caller has its own budget");
    assert_eq!(snapshot_folder(&both), index_before, "queries and budgets never write the index");
}

/// Defence in depth, layer 2: a compiler that drops a row filter, binds another tenant's
/// value, widens the source or names what the policy hides (it can only be a compiler bug,
/// since the compiler never sees those names) gets `policy_violation` from the host's
/// parse-tree check, and nothing runs.
#[test]
fn the_host_refuses_a_compiled_statement_that_drops_or_bends_the_policy() {
    let dir = tempfile::tempdir().unwrap();
    let both = build_index(dir.path(), "both", &["a", "b"]);
    let cell = QueryCell::builder(&both)
        .sandbox(querycell_tests::malicious_sandbox(Limits::default()))
        .open()
        .unwrap()
        .with_policy(Policy::parse(POLICY).unwrap(), [("tenant".to_string(), "a".to_string())].into())
        .unwrap();
    let ask = |sql: &str, params: Value| {
        cell.query_plan(&serde_json::json!({"sql": sql, "params": params, "count_sql": "SELECT 1", "columns": [{"name": "n", "kind": "integer"}]}).to_string())
    };
    const SOURCE: &str = r#"(SELECT "ticket_id", "tenant", "team", "severity", "minutes" FROM "tickets" WHERE CAST("tenant" AS VARCHAR) = ?) AS tickets"#;
    let refused = [
        // The filter dropped: the compiler's one job under a policy.
        ("SELECT count(*) AS n FROM tickets", serde_json::json!([])),
        ("SELECT count(*) AS n FROM (SELECT ticket_id FROM tickets) AS tickets", serde_json::json!([])),
        // Another tenant's value, or the filter made harmless.
        (&*format!("SELECT count(*) AS n FROM {SOURCE}"), serde_json::json!(["b"])),
        ("SELECT count(*) AS n FROM (SELECT ticket_id FROM tickets WHERE CAST(tenant AS VARCHAR) = ? OR true) AS tickets", serde_json::json!(["a"])),
        ("SELECT count(*) AS n FROM (SELECT ticket_id FROM tickets WHERE CAST(tenant AS VARCHAR) <> ?) AS tickets", serde_json::json!(["a"])),
        // The source right, a second read beside it wrong.
        (&*format!("SELECT count(*) AS n FROM {SOURCE}, teams"), serde_json::json!(["a"])),
        // Hidden columns and tables, and the base table by a qualified name.
        ("SELECT count(*) AS n FROM (SELECT reporter_email FROM tickets WHERE CAST(tenant AS VARCHAR) = ?) AS t", serde_json::json!(["a"])),
        ("SELECT reporter_email AS n FROM tickets", serde_json::json!([])),
        ("SELECT sum(salary) AS n FROM salaries", serde_json::json!([])),
        ("SELECT count(*) AS n FROM main.tickets", serde_json::json!([])),
        ("SELECT count(*) AS n FROM db.main.tickets", serde_json::json!([])),
    ];
    for (sql, params) in refused {
        let error = ask(sql, params).expect_err(sql);
        assert_eq!(error.code, "policy_violation", "{sql}: {error}");
    }
    // The policy's own form, with the context's value, is answered: tenant a's rows only.
    let answer = ask(&format!("SELECT count(*) AS n FROM {SOURCE}"), serde_json::json!(["a"])).unwrap();
    assert_eq!(answer.rows, vec![vec![serde_json::json!(40)]]);
}

/// Defence in depth, layer 3: with the parse-tree check switched off, a statement that reads
/// a policed table without its filter still reads the connection's view: tenant a's rows and
/// the visible columns only.
#[test]
fn without_the_parse_tree_check_the_connections_views_still_filter() {
    use querycell::catalog::Catalog;
    use querycell::sandbox::wit;
    use querycell::testing::Executor;
    use querycell::testing::Readable;
    let dir = tempfile::tempdir().unwrap();
    let both = build_index(dir.path(), "both", &["a", "b"]);
    let catalog = Catalog::load(&both).unwrap();
    let bound =
        Policy::parse(POLICY).unwrap().bind(&catalog, &[("tenant".to_string(), "a".to_string())].into()).unwrap();
    let readable = Readable {
        tables: bound.visible_catalog(&catalog).tables.iter().map(|t| t.name.clone()).collect(),
        policed: bound.policed.clone(),
        hidden_tables: bound.hidden_tables.clone(),
    };
    let executor = Executor::open(&Catalog::data_path(&both), &Limits::default(), readable).unwrap();
    let query = |sql: &str| wit::Query { sql: sql.into(), params: vec![] };
    let compiled = |sql: &str| querycell_tests::compiled(query(sql), query("SELECT 1"), Vec::new(), 100);
    let checked = executor.run(&compiled("SELECT count(*) FROM tickets")).unwrap_err();
    assert_eq!(checked.code, "policy_violation", "{checked}");
    let unchecked = executor
        .run_without_parse_tree_check(&compiled("SELECT count(*), count(DISTINCT tenant), min(tenant) FROM tickets"))
        .unwrap();
    assert_eq!(unchecked.rows, vec![vec![serde_json::json!(40), serde_json::json!(1), serde_json::json!("a")]]);
    let hidden = executor.run_without_parse_tree_check(&compiled("SELECT reporter_email FROM tickets")).unwrap_err();
    assert!(hidden.message.contains("reporter_email"), "the view has no hidden column: {hidden}");
}

/// The hostile corpus: a policy that also hides the filter column, and statements that try
/// every known way of reaching another tenant's rows or a hidden column. Each is
/// refused, or answered exactly as over a copy holding only tenant a's rows.
const HOSTILE_POLICY: &str = r#"
[tables.tickets]
hidden_columns = ["reporter_email", "tenant"]
row_filters = [{ column = "tenant", equals_context = "tenant" }]

[tables.teams]
hidden_columns = ["tenant"]
row_filters = [{ column = "tenant", equals_context = "tenant" }]

[tables.salaries]
visible = false
"#;

const HOSTILE_COPY_POLICY: &str = r#"
[tables.tickets]
hidden_columns = ["reporter_email", "tenant"]

[tables.teams]
hidden_columns = ["tenant"]

[tables.salaries]
visible = false
"#;

/// `(what it tries, statement)`.
const HOSTILE: &[(&str, &str)] = &[
    ("hidden column by name", "SELECT reporter_email FROM tickets"),
    ("hidden column quoted", r#"SELECT "reporter_email" FROM tickets"#),
    ("hidden column in other case", r#"SELECT "REPORTER_EMAIL" FROM tickets"#),
    ("hidden column qualified", "SELECT t.reporter_email FROM tickets t"),
    ("hidden column in an aggregate", "SELECT count(DISTINCT reporter_email) FROM tickets"),
    ("hidden column in WHERE", "SELECT count(*) FROM tickets WHERE reporter_email LIKE '%b.example'"),
    ("hidden filter column", "SELECT tenant FROM tickets"),
    ("hidden filter column in WHERE", "SELECT count(*) FROM tickets WHERE tenant = 'b'"),
    ("hidden filter column in FILTER", "SELECT sum(minutes) FILTER (WHERE tenant = 'b') FROM tickets"),
    ("*", "SELECT * FROM tickets"),
    ("t.*", "SELECT t.* FROM tickets t"),
    ("COLUMNS(*)", "SELECT COLUMNS(*) FROM tickets"),
    ("COLUMNS regex", "SELECT COLUMNS('.*mail.*') FROM tickets"),
    ("EXCLUDE", "SELECT * EXCLUDE (team) FROM tickets"),
    ("REPLACE", "SELECT * REPLACE (upper(team) AS team) FROM tickets"),
    ("GROUP BY ALL", "SELECT team, severity, count(*) FROM tickets GROUP BY ALL"),
    ("ORDER BY ALL", "SELECT * FROM tickets ORDER BY ALL"),
    ("table as a row value", "SELECT tickets FROM tickets"),
    ("alias as a row value", "SELECT t FROM tickets t"),
    ("row value distinct", "SELECT count(DISTINCT tickets) FROM tickets"),
    ("row value as JSON", "SELECT to_json(tickets) FROM tickets"),
    ("CTE named like the table", "WITH tickets AS (SELECT * FROM teams) SELECT * FROM tickets"),
    ("CTE over the table", "WITH x AS (SELECT * FROM tickets) SELECT count(*), max(minutes) FROM x"),
    ("CTE named like another table", "WITH teams AS (SELECT * FROM tickets) SELECT count(*) FROM teams"),
    ("CTE chain renaming the table", "WITH a AS (SELECT * FROM tickets), tickets AS (SELECT * FROM a) SELECT count(*) FROM tickets"),
    ("subquery alias like the table", "SELECT count(*) FROM (SELECT * FROM tickets) AS tickets"),
    ("subquery alias like another table", "SELECT * FROM (SELECT * FROM tickets) AS teams"),
    ("subquery with a true filter", "SELECT s.* FROM (SELECT * FROM tickets WHERE 1 = 1) s"),
    ("self-join", "SELECT count(*) FROM tickets a JOIN tickets b ON a.team = b.team"),
    ("cross self-join", "SELECT count(*) FROM tickets a, tickets b"),
    ("left self-join", "SELECT a.ticket_id, b.ticket_id FROM tickets a LEFT JOIN tickets b ON a.minutes < b.minutes"),
    ("NATURAL JOIN", "SELECT count(*) FROM tickets NATURAL JOIN teams"),
    ("UNION with another table", "SELECT team FROM tickets UNION ALL SELECT team FROM teams"),
    ("UNION of other columns", "SELECT ticket_id FROM tickets UNION ALL SELECT lead FROM teams"),
    ("UNION of the table with itself", "SELECT count(*) FROM (SELECT * FROM tickets UNION ALL SELECT * FROM tickets) u"),
    ("UNION BY NAME", "SELECT * FROM tickets UNION ALL BY NAME SELECT * FROM teams"),
    ("correlated subquery", "SELECT team, (SELECT count(*) FROM tickets k2 WHERE k2.team = k.team) AS n FROM tickets k GROUP BY team"),
    ("correlated EXISTS", "SELECT count(*) FROM teams m WHERE EXISTS (SELECT 1 FROM tickets k WHERE k.team = m.team)"),
    ("scalar subquery", "SELECT count(*) FROM tickets WHERE minutes > (SELECT avg(minutes) FROM tickets)"),
    ("correlated by table name", "SELECT lead, (SELECT max(minutes) FROM tickets WHERE tickets.team = teams.team) AS m FROM teams"),
    ("window over everything", "SELECT ticket_id, count(*) OVER () FROM tickets"),
    ("window frame over everything", "SELECT ticket_id, sum(minutes) OVER (ORDER BY ticket_id ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING) FROM tickets"),
    ("rank over everything", "SELECT ticket_id, rank() OVER (ORDER BY minutes DESC) FROM tickets"),
    ("count(*) of the table", "SELECT count(*) FROM tickets"),
    ("count(*) of the joined table", "SELECT count(*) FROM teams"),
    ("count in FROM-first form", "FROM tickets SELECT count(*)"),
    ("another tenant's lead", "SELECT count(*) FROM tickets WHERE team IN (SELECT team FROM teams WHERE lead LIKE 'Bob%')"),
    ("min and max of ids", "SELECT min(ticket_id), max(ticket_id) FROM tickets"),
    ("qualified base table", "SELECT * FROM main.tickets"),
    ("catalog-qualified base table", "SELECT * FROM both.main.tickets"),
    ("system view", "SELECT * FROM information_schema.columns"),
    ("hidden table", "SELECT * FROM salaries"),
    ("hidden table quoted", r#"SELECT * FROM "salaries""#),
    ("table function", "SELECT * FROM duckdb_tables()"),
    ("file read", "SELECT * FROM read_csv('tickets.csv')"),
    ("sample", "SELECT * FROM tickets USING SAMPLE 100 PERCENT"),
];

#[test]
fn a_hostile_sql_corpus_is_refused_or_answered_within_the_tenants_rows() {
    assert!(HOSTILE.len() >= 40, "the corpus has {} statements", HOSTILE.len());
    let dir = tempfile::tempdir().unwrap();
    let both = build_index(dir.path(), "both", &["a", "b"]);
    let only_a = build_index(dir.path(), "only-a", &["a"]);
    let policed = open(&both, HOSTILE_POLICY, &[("tenant", "a")]);
    let reference = open(&only_a, HOSTILE_COPY_POLICY, &[]);
    let (mut answered, mut refused, mut leaks) = (0, 0, Vec::new());
    for (what, sql) in HOSTILE {
        let got = outcome(policed.query_sql(sql));
        println!(
            "{what}: {sql}\n  -> {}",
            match &got {
                Ok(rows) => format!("{} rows", rows.len()),
                Err(code) => format!("refused: {code}"),
            }
        );
        match &got {
            Err(_) => refused += 1,
            Ok(rows) => {
                answered += 1;
                let want = outcome(reference.query_sql(sql));
                if Ok(rows) != want.as_ref() {
                    leaks.push(format!("{what}: {sql}\n  under tenant=a: {got:?}\n  over a's rows: {want:?}"));
                }
                let text = rows.join(" ");
                if text.contains("b.example") || text.contains("Bob") {
                    leaks.push(format!("{what}: {sql} shows tenant b's values: {text}"));
                }
            }
        }
    }
    assert!(leaks.is_empty(), "{} answers reach beyond tenant a's rows:\n{}", leaks.len(), leaks.join("\n"));
    println!("{answered} answered within tenant a's rows, {refused} refused");
    // The corpus must exercise both outcomes: ways in that DuckDB would answer (read through
    // the policy) and names that do not exist for the caller.
    assert!(answered >= 25 && refused >= 15, "{answered} answered, {refused} refused");
    for (what, sql) in HOSTILE.iter().filter(|(what, _)| what.starts_with("hidden")) {
        assert!(policed.query_sql(sql).is_err(), "{what}: {sql} must be refused");
    }
}

/// The policy's source form is written by the compiler (`querycell_guest::policy`) and
/// recognised by the host (`querycell::check::policy`): the host accepts exactly what the
/// compiler writes, in both placeholder styles, and nothing the compiler does not.
#[test]
fn the_host_recognises_the_source_the_compiler_writes() {
    use querycell::testing::Param;
    use querycell::testing::ParseTreeCheck;
    use querycell::testing::{PolicyCheck, SourceRule};
    use querycell_guest::model::{Column, RowFilter, Table, TablePolicy, ValueKind};
    let column = |name: &str| Column {
        name: name.into(),
        display_name: name.into(),
        sql_type: "VARCHAR".into(),
        kind: ValueKind::Text,
    };
    let policy = TablePolicy {
        row_filters: vec![
            RowFilter { column: "Tenant".into(), values: vec!["a'1".into()] },
            RowFilter { column: "region".into(), values: vec!["eu".into()] },
        ],
    };
    let table = Table {
        name: "Tickets".into(),
        relation: Vec::new(),
        columns: vec![column("id"), column("the \"team\"")],
        policy: Some(policy.clone()),
    };
    let rule = SourceRule {
        columns: ["id", "the \"team\""].map(String::from).into(),
        filters: vec![("tenant".into(), vec!["a'1".into()]), ("region".into(), vec!["eu".into()])],
    };
    let mut check = ParseTreeCheck::open_policed(
        ["tickets".to_string()],
        PolicyCheck { sources: [("tickets".to_string(), rule)].into(), ..PolicyCheck::default() },
    );
    let context = [Param::Text("a'1".into()), Param::Text("eu".into())];

    let positional =
        querycell_guest::policy::source_query(&table, &policy, querycell_guest::model::Dialect::DuckDb, |_| {
            "?".to_string()
        });
    let mut n = 0;
    let numbered =
        querycell_guest::policy::source_query(&table, &policy, querycell_guest::model::Dialect::DuckDb, |_| {
            n += 1;
            format!("${n}")
        });
    for source in [&positional, &numbered] {
        let sql = format!("SELECT count(*) FROM ({source}) AS t");
        check.check(&sql, &context).unwrap_or_else(|e| panic!("{sql}: {e}"));
        let error = check
            .check(&sql, &[Param::Text("b".into()), Param::Text("eu".into())])
            .expect_err("another tenant's value");
        assert_eq!(error.code, "policy_violation");
        // One filter fewer, or one column more, is not the policy's source.
        let fewer = sql
            .replace(" AND CAST(\"region\" AS VARCHAR) = ?", "")
            .replace(" AND CAST(\"region\" AS VARCHAR) = $2", "");
        assert_ne!(fewer, sql);
        assert_eq!(check.check(&fewer, &context).unwrap_err().code, "policy_violation", "{fewer}");
        let wider = sql.replace("SELECT \"id\",", "SELECT \"id\", \"secret\",");
        assert_eq!(check.check(&wider, &context).unwrap_err().code, "policy_violation", "{wider}");
    }
}

/// `in_context`: a caller who may see several values (a manager of two teams) gets exactly
/// the rows of those values, in plans and SQL alike, and an empty list refuses every query.
#[test]
fn a_list_filter_keeps_the_rows_of_each_listed_value() {
    let dir = tempfile::tempdir().unwrap();
    let both = build_index(dir.path(), "both", &["a", "b"]);
    let policy = "[tables.tickets]\nrow_filters = [{ column = \"team\", in_context = \"teams\" }]\n";
    let unpoliced = querycell_tests::sql_cell(&both, Limits::default());
    let per_team = "SELECT team, count(*) AS n, sum(minutes) AS m FROM tickets GROUP BY team";
    let all: Vec<String> = outcome(unpoliced.query_sql(per_team)).unwrap();
    let expected: Vec<String> =
        all.iter().filter(|row| row.contains("\"Platform\"") || row.contains("\"Search\"")).cloned().collect();
    assert_eq!(expected.len(), 2, "{all:?}");
    let cell = open(&both, policy, &[("teams", "Platform, Search")]);
    assert_eq!(outcome(cell.query_sql(per_team)), Ok(expected.clone()));
    let plan = r#"{"table": "tickets", "group_by": ["team"], "aggregations": [{"function": "count", "alias": "n"}, {"function": "sum", "column": "minutes", "alias": "m"}]}"#;
    assert_eq!(outcome(cell.query_plan(plan)), Ok(expected));
    let answer = cell.query_sql("SELECT count(*) FROM tickets").unwrap();
    assert!(answer.sql.contains("IN ($1, $2)"), "{}", answer.sql);

    for empty in ["", " , "] {
        let cell = open(&both, policy, &[("teams", empty)]);
        assert_eq!(
            cell.query_sql("SELECT count(*) FROM tickets").unwrap_err().code,
            "missing_context",
            "teams={empty:?}"
        );
    }
}
