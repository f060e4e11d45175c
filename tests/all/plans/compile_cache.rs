//! The compile cache (`host/src/sandbox/cache.rs`): a question asked again skips the sandbox,
//! and a remembered compile never serves another policy context, another day or another data
//! snapshot. Each test keeps one `QueryCell` (one cache) and changes one input under it.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use querycell::policy::Policy;
use querycell::{ingest, Answer, Limits, QueryCell};
use querycell_tests::write_file;

const POLICY: &str = r#"
[tables.tickets]
row_filters = [{ column = "tenant", equals_context = "tenant" }]
"#;

const PLAN: &str = r#"{"table": "tickets", "group_by": ["team"], "aggregations": [{"function": "sum", "column": "minutes", "alias": "minutes"}], "order_by": [{"column": "team"}]}"#;

const SQL: &str = "SELECT team, sum(minutes) AS minutes FROM tickets GROUP BY team ORDER BY team";

/// Tenant a's minutes are single digits, b's are hundreds, so an answer from the wrong
/// context cannot pass for the right one.
fn tickets(minutes_of_b: u32) -> String {
    let mut csv = String::from("ticket_id,tenant,team,minutes,opened_on\n");
    for i in 0..20u32 {
        let (tenant, minutes) = if i % 2 == 0 { ("a", i % 7) } else { ("b", minutes_of_b + i) };
        let team = ["Platform", "Search"][(i % 4 / 2) as usize];
        csv.push_str(&format!("T{i},{tenant},{team},{minutes},2026-03-{:02}\n", 1 + i));
    }
    csv
}

fn build(dir: &Path, minutes_of_b: u32) -> PathBuf {
    let data = dir.join(format!("data-{minutes_of_b}"));
    write_file(&data, "tickets.csv", &tickets(minutes_of_b));
    let index = dir.join("index");
    ingest::ingest(&index, &[data]).expect("ingest");
    index
}

fn context(tenant: &str) -> BTreeMap<String, String> {
    [("tenant".to_string(), tenant.to_string())].into()
}

fn rows(answer: &Answer) -> Vec<String> {
    answer.rows.iter().map(|row| serde_json::Value::Array(row.clone()).to_string()).collect()
}

#[test]
fn a_repeated_question_skips_the_compiler_and_answers_the_same() {
    let dir = tempfile::tempdir().unwrap();
    let index = build(dir.path(), 100);
    let cell = querycell_tests::sql_cell(&index, Limits::default());
    for (request, ask) in [
        (PLAN, QueryCell::query_plan as fn(&QueryCell, &str) -> Result<Answer, querycell::Error>),
        (SQL, QueryCell::query_sql),
    ] {
        let first = ask(&cell, request).unwrap();
        let again = ask(&cell, request).unwrap();
        assert!(!first.cost.compile_cached && again.cost.compile_cached, "{request}");
        assert_eq!((rows(&first), &first.sql, &first.params), (rows(&again), &again.sql, &again.params));
    }
    let stats = cell.compile_cache_stats();
    assert_eq!((stats.hits, stats.misses, stats.entries), (2, 2, 2));
    // Another text is another request, even when it means the same.
    assert!(!cell.query_sql(&format!("{SQL} ")).unwrap().cost.compile_cached);
}

#[test]
fn another_policy_context_is_never_served_a_remembered_compile() {
    let dir = tempfile::tempdir().unwrap();
    let index = build(dir.path(), 100);
    let policy = || Policy::parse(POLICY).unwrap();
    let cell = querycell_tests::sql_cell(&index, Limits::default()).with_policy(policy(), context("a")).unwrap();
    let as_a: Vec<Answer> = [PLAN, SQL].into_iter().map(|request| ask(&cell, request)).collect();
    assert!(as_a.iter().all(|answer| !answer.cost.compile_cached && answer.params.contains(&"a".into())));
    // The same cell, and so the same cache, under tenant b.
    let cell = cell.with_policy(policy(), context("b")).unwrap();
    for (request, a) in [PLAN, SQL].into_iter().zip(&as_a) {
        let b = ask(&cell, request);
        assert!(!b.cost.compile_cached, "{request}: tenant b was served tenant a's compile");
        assert!(b.params.contains(&"b".into()) && !b.params.contains(&"a".into()), "{:?}", b.params);
        assert_ne!(rows(&b), rows(a), "{request}");
        assert!(ask(&cell, request).cost.compile_cached, "b's own compile is remembered");
    }
}

fn ask(cell: &QueryCell, request: &str) -> Answer {
    match request.starts_with('{') {
        true => cell.query_plan(request),
        false => cell.query_sql(request),
    }
    .unwrap_or_else(|e| panic!("{request}: {e}"))
}

#[test]
fn another_day_is_never_served_a_remembered_compile() {
    let dir = tempfile::tempdir().unwrap();
    let index = build(dir.path(), 100);
    let plan = r#"{"table": "tickets", "filters": [{"column": "opened_on", "op": "eq", "value": {"last": 7, "unit": "day"}}], "aggregations": [{"function": "count", "alias": "tickets"}]}"#;
    let sql = "SELECT count(*) AS tickets FROM tickets WHERE opened_on >= current_date - INTERVAL 7 DAY";
    let cell = querycell_tests::sql_cell(&index, Limits::default());
    let cell = cell.with_today("2026-03-10".parse().unwrap());
    let before = [ask(&cell, plan), ask(&cell, sql)];
    assert!(ask(&cell, plan).cost.compile_cached);
    let cell = cell.with_today("2026-03-25".parse().unwrap());
    for (request, earlier) in [plan, sql].into_iter().zip(&before) {
        let later = ask(&cell, request);
        assert!(!later.cost.compile_cached, "{request}: another day was served the earlier day's compile");
        assert_ne!(later.resolved_dates[0].start, earlier.resolved_dates[0].start, "{request}");
        assert_ne!(rows(&later), rows(earlier), "{request}");
    }
}

#[test]
fn another_snapshot_is_never_served_a_remembered_compile() {
    let dir = tempfile::tempdir().unwrap();
    let index = build(dir.path(), 100);
    let mut cell = querycell_tests::sql_cell(&index, Limits::default());
    let before = [ask(&cell, PLAN), ask(&cell, SQL)];
    // New data under the same index, and the cell moved onto it.
    build(dir.path(), 500);
    cell.reopen().unwrap();
    assert_ne!(cell.snapshot(), before[0].snapshot);
    for (request, earlier) in [PLAN, SQL].into_iter().zip(&before) {
        let later = ask(&cell, request);
        assert!(!later.cost.compile_cached, "{request}: a new snapshot was served the old one's compile");
        assert_eq!(later.snapshot, cell.snapshot());
        assert_ne!(rows(&later), rows(earlier), "{request}");
    }
}

#[test]
fn a_reopened_version_is_compiled_against_its_own_columns() {
    let dir = tempfile::tempdir().unwrap();
    let index = build(dir.path(), 100);
    let mut cell = querycell_tests::sql_cell(&index, Limits::default());
    let by_priority = "SELECT priority, count(*) AS tickets FROM tickets GROUP BY priority ORDER BY priority";
    let refused = cell.query_sql(by_priority).expect_err("the first version has no priority column");
    ask(&cell, SQL);
    // The next version adds a column; the compiler must see it on the same day.
    let data = dir.path().join("data-priority");
    let mut csv = String::from("ticket_id,tenant,team,minutes,opened_on,priority\n");
    for i in 0..10u32 {
        csv.push_str(&format!("T{i},a,Platform,{i},2026-03-{:02},P{}\n", 1 + i, 1 + i % 2));
    }
    write_file(&data, "tickets.csv", &csv);
    ingest::ingest(&index, &[data]).expect("ingest");
    cell.reopen().unwrap();
    let answer = cell
        .query_sql(by_priority)
        .unwrap_or_else(|e| panic!("after reopen, still compiled against the old columns ({refused}): {e}"));
    assert_eq!(rows(&answer), ["[\"P1\",5]", "[\"P2\",5]"]);
}
