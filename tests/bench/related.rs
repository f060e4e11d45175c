//! The plan language's related-table forms at size (`related`): roles (two relationships to
//! one table, followed by name), existence tests (`exists`, `not_exists`) and aggregates from
//! the one side (`"of"`), each a whole answer through querycell against the same SQL on plain
//! DuckDB, and against the SQL a person would write for the question (joins, `IN`,
//! `NOT IN`), whose rows must be the answer's. Generated tickets (`QUERYCELL_BENCH_RELATED_ROWS`,
//! 1 M by default; 0 skips) point at 500 teams as owner and as reporter, with missing and
//! orphan keys.

use querycell::testing::Database;
use querycell::{ingest, Limits, QueryCell};
use serde_json::Value;

use crate::answers::answer_bench;
use crate::Timing;

/// A question as a plan for querycell and as the SQL a person would write for DuckDB.
struct Question {
    label: &'static str,
    plan: &'static str,
    by_hand: &'static str,
}

const QUESTIONS: &[Question] = &[
    Question {
        label: "roles: tickets by owner.region and reporter.region (two joins to teams)",
        plan: r#"{"table": "tickets", "group_by": ["owner.region", "reporter.region"], "aggregations": [{"function": "count", "alias": "tickets"}, {"function": "avg", "column": "minutes", "alias": "minutes"}]}"#,
        by_hand: "SELECT o.region, r.region, count(*), avg(t.minutes) FROM tickets t LEFT JOIN teams o ON t.owner_team_id = o.team_id LEFT JOIN teams r ON t.reporter_team_id = r.team_id GROUP BY ALL",
    },
    Question {
        label: "exists: teams that reported a P1 ticket, by region",
        plan: r#"{"table": "teams", "group_by": ["region"], "filters": [{"exists": {"table": "tickets", "via": "reporter", "where": [{"column": "severity", "op": "eq", "value": "P1"}]}}], "aggregations": [{"function": "count", "alias": "teams"}]}"#,
        by_hand: "SELECT region, count(*) FROM teams WHERE team_id IN (SELECT reporter_team_id FROM tickets WHERE severity = 'P1') GROUP BY region",
    },
    Question {
        label: "not_exists: teams that own no P1 ticket, by region",
        plan: r#"{"table": "teams", "group_by": ["region"], "filters": [{"not_exists": {"table": "tickets", "via": "owner", "where": [{"column": "severity", "op": "eq", "value": "P1"}]}}], "aggregations": [{"function": "count", "alias": "teams"}]}"#,
        by_hand: "SELECT region, count(*) FROM teams WHERE team_id NOT IN (SELECT owner_team_id FROM tickets WHERE severity = 'P1' AND owner_team_id IS NOT NULL) GROUP BY region",
    },
    Question {
        label: "of: tickets owned and their average minutes per team, teams with none included",
        plan: r#"{"table": "teams", "group_by": ["team_id"], "aggregations": [{"function": "count", "of": {"table": "tickets", "via": "owner"}, "alias": "tickets"}, {"function": "avg", "column": "minutes", "of": {"table": "tickets", "via": "owner"}, "alias": "minutes"}]}"#,
        by_hand: "SELECT teams.team_id, count(t.owner_team_id), avg(t.minutes) FROM teams LEFT JOIN tickets t ON t.owner_team_id = teams.team_id GROUP BY teams.team_id",
    },
];

const TEAMS: u64 = 500;

/// Generate the tables, ingest them with the two named relationships, and time each question.
pub(crate) fn related_bench(dir: &std::path::Path, limits: &Limits) {
    let rows: u64 =
        std::env::var("QUERYCELL_BENCH_RELATED_ROWS").ok().and_then(|v| v.parse().ok()).unwrap_or(1_000_000);
    if rows == 0 {
        return;
    }
    let data = dir.join("related");
    std::fs::create_dir_all(&data).expect("folder");
    let maker = Database::in_memory(&[]).expect("maker");
    // Keys 1..=500 exist; every 50th ticket has no owner, every 97th reports a team that
    // does not exist (an orphan); team 500 owns and reports nothing.
    maker
        .execute_batch(&format!(
            "COPY (SELECT i AS team_id, ['eu', 'us', 'apac'][1 + i % 3] AS region FROM range(1, {TEAMS} + 1) AS r(i)) TO '{teams}' (FORMAT parquet);
             COPY (SELECT i AS ticket_id,
                          CASE WHEN i % 50 = 0 THEN NULL ELSE (1 + hash(i) % {owned})::BIGINT END AS owner_team_id,
                          CASE WHEN i % 97 = 0 THEN 5000 ELSE (1 + hash(i * 7) % {owned})::BIGINT END AS reporter_team_id,
                          ['P1', 'P2', 'P3'][(1 + hash(i * 13) % 3)::BIGINT] AS severity,
                          CASE WHEN i % 11 = 0 THEN NULL ELSE (hash(i * 17) % 600)::BIGINT END AS minutes
                   FROM range({rows}) AS r(i)) TO '{tickets}' (FORMAT parquet)",
            owned = TEAMS - 1,
            teams = data.join("teams.parquet").display(),
            tickets = data.join("tickets.parquet").display(),
        ))
        .expect("generate");
    std::fs::write(
        data.join("querycell.toml"),
        "[[relationships]]\nname = \"owner\"\nfrom = \"tickets.owner_team_id\"\nto = \"teams.team_id\"\n\n\
         [[relationships]]\nname = \"reporter\"\nfrom = \"tickets.reporter_team_id\"\nto = \"teams.team_id\"\n",
    )
    .expect("settings");
    let index = dir.join("related-index");
    ingest::ingest(&index, &[data]).expect("ingest");
    let cell = QueryCell::open(&index, limits.clone()).expect("open");
    let plain = crate::plain_duckdb(&index, limits);
    println!("related-table forms over {rows} tickets and {TEAMS} teams:");
    for question in QUESTIONS {
        let answered = answer_bench(question.label, &cell, &index, question.plan, 3, 20);
        let answer = cell.query_plan(question.plan).expect("answers");
        let by_hand = |database: &Database| {
            let statement = database.single_select(question.by_hand).expect("one SELECT");
            statement.run(usize::MAX).expect("run")
        };
        let hand_rows = by_hand(&plain).rows.into_iter().map(|row| row.iter().map(|c| c.text()).collect());
        let answer_rows = answer.rows.iter().map(|row| row.iter().map(json_text).collect());
        assert_eq!(sorted(hand_rows), sorted(answer_rows), "{}: the SQL by hand disagrees", question.label);
        let hand = Timing::measure(3, 20, || {
            by_hand(&plain);
        });
        println!("  the SQL a person would write, on plain DuckDB  {}", hand.micros());
        println!(
            "  querycell (asked again) / that SQL: p50 {:.3} ms vs {:.3} ms: ratio {:.2}x",
            answered.p50().as_secs_f64() * 1e3,
            hand.p50().as_secs_f64() * 1e3,
            answered.p50().as_secs_f64() / hand.p50().as_secs_f64()
        );
    }
}

/// Rows as text, sorted, numbers to 9 significant digits: the two sides' rows in any order,
/// averages summed in any order.
fn sorted(rows: impl Iterator<Item = Vec<Option<String>>>) -> Vec<String> {
    let cell = |text: &Option<String>| match text.as_deref().map(str::parse::<f64>) {
        Some(Ok(number)) => format!("{number:.9e}"),
        _ => format!("{text:?}"),
    };
    let mut text: Vec<String> = rows.map(|row| row.iter().map(cell).collect::<Vec<_>>().join("|")).collect();
    text.sort();
    text
}

/// A JSON cell as text, as [`sorted`] reads it.
fn json_text(value: &Value) -> Option<String> {
    match value {
        Value::Null => None,
        Value::String(text) => Some(text.clone()),
        other => Some(other.to_string()),
    }
}
