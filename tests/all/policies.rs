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

const TEAMS: [&str; 4] = ["Platform", "Payments", "Search", "Mobile"];

/// Tickets of two tenants. Tenant b's rows are deliberately unlike a's (other teams' values,
/// larger minutes, other e-mail domains), so a leak changes an answer.
fn tickets(tenants: &[&str]) -> String {
    let mut csv = String::from("ticket_id,tenant,team,severity,minutes,reporter_email\n");
    for i in 0..60 {
        let tenant = if i % 3 == 0 { "b" } else { "a" };
        if !tenants.contains(&tenant) {
            continue;
        }
        let team = TEAMS[(i * 7 + usize::from(tenant == "b")) % TEAMS.len()];
        let severity = ["P1", "P2", "P3"][i % 3];
        let minutes = if i % 11 == 5 { String::new() } else { ((i * 13) % 97 + if tenant == "b" { 500 } else { 1 }).to_string() };
        csv.push_str(&format!("T-{i:03},{tenant},{team},{severity},{minutes},person{i}@{tenant}.example\n"));
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

pub(crate) const POLICY: &str = r#"
[tables.tickets]
hidden_columns = ["reporter_email"]
row_filters = [{ column = "tenant", equals_context = "tenant" }]

[tables.teams]
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
    write_file(&data, "salaries.csv", "person,salary\nAda,100\nBob,200\n");
    let index = dir.join(name);
    ingest::ingest(&index, &[data]).expect("ingest");
    index
}

fn open(index: &Path, policy: &str, context: &[(&str, &str)]) -> QueryCell {
    let context: BTreeMap<String, String> = context.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    QueryCell::open(index, Limits::default())
        .expect("open")
        .with_sql_enabled(true)
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
    plans.push(r#"{"table": "tickets", "columns": ["ticket_id", "team", "minutes"], "order_by": ["ticket_id"]}"#.into());
    plans.push(r#"{"table": "tickets", "group_by": ["reporter_email"], "aggregations": [{"function": "count"}]}"#.into());
    plans.push(r#"{"table": "salaries", "aggregations": [{"function": "sum", "column": "salary"}]}"#.into());
    plans.push(r#"{"table": "teams", "group_by": ["lead"], "aggregations": [{"function": "count"}]}"#.into());
    plans
}

/// SQL, including every way the issue names of reaching a table's other rows or columns.
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
        println!("{sql}: {}", match &want { Ok(rows) => format!("{} rows", rows.len()), Err(code) => format!("refused: {code}") });
        if got != want {
            differences.push(format!("sql {sql}\n  under tenant=a: {got:?}\n  over a's rows: {want:?}"));
        }
    }
    assert!(differences.is_empty(), "{} of {} requests differ:\n{}", differences.len(), plans.len() + STATEMENTS.len(), differences.join("\n"));
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
    assert!(tickets.columns.iter().all(|c| c.stats.values.is_none() && c.stats.max.is_none()), "statistics over every tenant's rows are left out");
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
    let args = |tenant: &'static str| -> Vec<String> {
        ["query", "--index", both.to_str().unwrap(), "--policy", policy.to_str().unwrap(), "--context", &format!("tenant={tenant}"), "--format", "json", "--plan", "-"]
            .iter()
            .map(|s| s.to_string())
            .collect()
    };
    let plan = r#"{"table": "tickets", "aggregations": [{"function": "count", "alias": "n"}]}"#;
    let a = stdout_json(&querycell_with_stdin(&args("a").iter().map(String::as_str).collect::<Vec<_>>(), plan));
    let b = stdout_json(&querycell_with_stdin(&args("b").iter().map(String::as_str).collect::<Vec<_>>(), plan));
    assert_eq!((a["rows"][0][0].as_i64(), b["rows"][0][0].as_i64()), (Some(40), Some(20)), "{a}\n{b}");
    assert!(a["policy"]["id"].as_str().unwrap().starts_with("sha256:"));
    assert_eq!(a["policy"]["row_filters"], serde_json::json!(["teams.tenant = context tenant", "tickets.tenant = context tenant"]));
    assert!(!a.to_string().contains("\"a\""), "the receipt names the context key, not its value: {a}");

    // A policy that names a column the index lacks is refused at start, with a hint.
    let typo = write_file(dir.path(), "typo.toml", "[tables.tickets]\nhidden_columns = [\"reporter_mail\"]\n");
    let output = querycell_with_stdin(&["query", "--index", both.to_str().unwrap(), "--policy", typo.to_str().unwrap(), "--format", "json", "--plan", "-"], plan);
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
        &format!("{POLICY}\n[budget]\ncaller_context = \"tenant\"\nqueries_per_day = 8\nstate_file = {:?}\n", state.to_str().unwrap()),
    );
    let index_before = snapshot_folder(&both);
    let plan = r#"{"table": "tickets", "aggregations": [{"function": "count"}]}"#;
    let ask_as = |index: &Path, policy: &Path, tenant: &str| {
        let context = format!("tenant={tenant}");
        querycell_with_stdin(
            &["query", "--index", index.to_str().unwrap(), "--policy", policy.to_str().unwrap(), "--context", &context, "--format", "json", "--plan", "-"],
            plan,
        )
    };
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

/// Defence in depth: a compiler that names what the policy hides (it can only be a compiler
/// bug, since the compiler never sees those names) gets `policy_violation`, and a statement
/// that sneaks past by other means still reads only the view.
#[test]
fn the_host_refuses_a_compiled_statement_that_names_what_the_policy_hides() {
    let dir = tempfile::tempdir().unwrap();
    let both = build_index(dir.path(), "both", &["a", "b"]);
    let sandbox = querycell::sandbox::Sandbox::from_component_bytes(include_bytes!(env!("QUERYCELL_MALICIOUS_GUEST_WASM_PATH")), Limits::default(), None).unwrap();
    let cell = QueryCell::open_with_sandbox(&both, sandbox)
        .unwrap()
        .with_policy(Policy::parse(POLICY).unwrap(), [("tenant".to_string(), "a".to_string())].into())
        .unwrap();
    let ask = |sql: &str| cell.query_plan(&serde_json::json!({ "sql": sql }).to_string());
    for sql in [
        "SELECT reporter_email FROM tickets",
        "SELECT t.reporter_email FROM tickets t",
        "SELECT sum(salary) AS s FROM salaries",
        "SELECT count(*) AS n FROM main.tickets",
        "SELECT count(*) AS n FROM db.main.tickets",
    ] {
        let error = ask(sql).expect_err(sql);
        assert_eq!(error.code, "policy_violation", "{sql}: {error}");
    }
    // What the compiler may name reads the view: tenant a's rows only.
    let answer = cell.query_plan(&serde_json::json!({"sql": "SELECT count(*) AS n FROM tickets", "columns": [{"name": "n", "kind": "integer"}]}).to_string()).unwrap();
    assert_eq!(answer.rows, vec![vec![serde_json::json!(40)]]);
}
