//! SQL mode against DuckDB itself, over a corpus of analyst-style statements
//! (`tests/sql/analyst.sql`: aggregates and statistics, grouping sets, windows, subqueries,
//! joins): every statement must be answered, and answered exactly as a plain DuckDB
//! connection answers the same text over the same index (rows compared as multisets, each
//! value by what it is: a number by its value, anything else by its text).

use std::path::{Path, PathBuf};

use querycell::testing::{Access, Cell, Database};
use querycell::{ingest, Limits};
use querycell_tests::{sql_cell, workspace, write_file};
use serde_json::Value;

/// The corpus's statements: each ends with `;` at the end of a line; `--` lines are comments.
pub fn corpus() -> Vec<String> {
    let text = std::fs::read_to_string(workspace().join("tests/sql/analyst.sql")).expect("the corpus");
    let mut statements = Vec::new();
    let mut current = String::new();
    for line in text.lines().filter(|line| !line.trim_start().starts_with("--")) {
        current.push_str(line);
        current.push('\n');
        if line.trim_end().ends_with(';') {
            statements.push(current.trim().trim_end_matches(';').to_string());
            current.clear();
        }
    }
    assert!(current.trim().is_empty(), "a statement of the corpus does not end with ';': {current}");
    statements
}

/// The day `offset` days after 2025-01-01, as `YYYY-MM-DD` (2025 is not a leap year).
fn day(offset: u32) -> String {
    const MONTHS: [u32; 12] = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
    let (mut month, mut left) = (0, offset % 365);
    while left >= MONTHS[month] {
        left -= MONTHS[month];
        month += 1;
    }
    format!("2025-{:02}-{:02}", month + 1, left + 1)
}

/// `sales` (240 orders, some without a region, a discount or a note) and `targets` (a
/// region per quarter, one region with no sales).
pub fn fixture(dir: &Path) -> PathBuf {
    let regions = ["North", "South", "East", "West", ""];
    let notes = ["", "rush", "RUSH order", "12", "", "gift"];
    let mut sales = String::from("order_id,region,product,channel,day,amount,qty,discount,note\n");
    for i in 1u32..=240 {
        let discount = if i % 4 == 0 { String::new() } else { format!("0.{:02}", (i * 17) % 40) };
        sales.push_str(&format!(
            "{i},{},P{},{},{},{}.{:02},{},{discount},{}\n",
            regions[(i as usize * 7) % 5],
            1 + (i * 5) % 6,
            if i % 3 == 0 { "online" } else { "store" },
            day((i * 3) % 150),
            10 + (i * 37) % 900,
            (i * 13) % 100,
            1 + (i * 11) % 9,
            notes[(i as usize * 5) % 6],
        ));
    }
    let mut targets = String::from("region,quarter,target\n");
    for (r, region) in ["North", "South", "East", "West", "Central"].iter().enumerate() {
        for quarter in 1..=2 {
            targets.push_str(&format!("{region},{quarter},{}\n", 20_000 + 1_500 * r + 700 * quarter));
        }
    }
    let data = dir.join("data");
    write_file(&data, "sales.csv", &sales);
    write_file(&data, "targets.csv", &targets);
    let index = dir.join("index");
    ingest::ingest(&index, &[data]).expect("ingest the fixture");
    index
}

/// A value as the comparison sees it: a number by its value (to 12 significant digits),
/// anything else by its text.
#[derive(Debug, Clone, PartialEq, PartialOrd)]
enum Seen {
    Null,
    Number(f64),
    Text(String),
}

fn seen(text: Option<String>) -> Seen {
    match text {
        None => Seen::Null,
        Some(text) => match text.parse::<f64>() {
            // To 12 significant digits: a DOUBLE sum's last bits depend on the order DuckDB
            // adds its rows in, which threads and grouping sets change between two runs.
            Ok(number) if !text.trim().is_empty() => Seen::Number(format!("{number:.11e}").parse().unwrap_or(number)),
            _ => Seen::Text(text),
        },
    }
}

fn answer_value(value: &Value) -> Seen {
    seen(match value {
        Value::Null => None,
        Value::String(text) => Some(text.clone()),
        other => Some(other.to_string()),
    })
}

fn sorted(mut rows: Vec<Vec<Seen>>) -> Vec<Vec<Seen>> {
    rows.sort_by(|a, b| format!("{a:?}").cmp(&format!("{b:?}")));
    rows
}

/// DuckDB's own rows for `sql`: each value as its text.
fn duckdb_rows(plain: &Database, sql: &str) -> Result<Vec<Vec<Seen>>, String> {
    let rows = plain
        .query(&format!("SELECT CAST(COLUMNS(*) AS VARCHAR) FROM ({sql}) AS reference"))
        .map_err(|failure| failure.message)?;
    Ok(rows.iter().map(|row| row.iter().map(|cell| seen(Cell::text(cell))).collect()).collect())
}

#[test]
fn every_analyst_statement_answers_exactly_as_duckdb_does() {
    let dir = tempfile::tempdir().unwrap();
    let index = fixture(dir.path());
    let cell = sql_cell(&index, Limits::default());
    let plain = Database::open(&querycell::catalog::Catalog::data_path(&index), Access::ReadOnly, &[]).unwrap();
    let statements = corpus();
    assert!(statements.len() >= 90, "the corpus has {} statements", statements.len());
    let (mut refused, mut differed, mut answered) = (Vec::new(), Vec::new(), 0);
    for sql in &statements {
        let reference = duckdb_rows(&plain, sql).unwrap_or_else(|e| panic!("DuckDB itself fails {sql}: {e}"));
        match cell.query_sql(sql) {
            Ok(answer) => {
                // Only a statement's own LIMIT cuts rows here: the fixture is below the row cap.
                assert!(!answer.truncated || sql.contains("LIMIT"), "{sql}: cut by the row cap");
                let ours: Vec<Vec<Seen>> =
                    answer.rows.iter().map(|row| row.iter().map(answer_value).collect()).collect();
                if sorted(ours.clone()) == sorted(reference.clone()) {
                    answered += 1;
                } else {
                    differed.push(format!("{sql}\n  querycell: {ours:?}\n  DuckDB:    {reference:?}"));
                }
            }
            Err(error) => {
                refused.push(format!("{sql}\n  {}: {} ({})", error.code, error.message, error.hint.unwrap_or_default()))
            }
        }
    }
    println!("{answered} of {} statements answered exactly as DuckDB answers them", statements.len());
    assert!(differed.is_empty(), "answered otherwise than DuckDB:\n{}", differed.join("\n"));
    assert!(refused.is_empty(), "refused:\n{}", refused.join("\n"));
}
