//! The differential target's shared half (`fuzz_targets/sql_differential.rs`, the oracle
//! process `tests/oracle/main.rs` and the stable replay `tests/all/fuzz/differential_replay.rs`
//! all include it): the catalog the statements are compiled against ([`view`]) and the very
//! rows DuckDB holds for it ([`fixture_sql`]), defined once so both sides agree; what the
//! fuzz target asks the oracle about a statement the compiler accepted ([`Request`]: the
//! caller's text as the host rebuilds it from the compile's reading spans, the compiled
//! statement, its parameters and row cap), and what the oracle answers ([`Verdict`]), each
//! one JSON line.
//!
//! The catalog is the fuzz oracle's three tables (`incidents`, `teams`, `services`, named and
//! typed as `fuzz/oracle.rs`'s `view()` names them, so `sql_gen.rs` writes statements over
//! them) plus the differential corpus's `sales` and `targets` (`tests/sql/analyst.sql`,
//! whose statements are seeds), with DECIMAL columns; at most 30 rows each, with NULLs,
//! duplicates (ties), empty and non-ASCII text, dates and timestamps.

#![allow(dead_code)]

use querycell_guest::model::{Column, Param, RequestLimits, Table};
use querycell_guest::{compile_sql, CatalogView, ValueKind};
use serde_json::{json, Value};

/// The row cap the statements are compiled for: below some answers' size, so the caller's
/// LIMIT is clamped and the cap's truncation is exercised.
pub const MAX_ROWS: u32 = 100;

/// 2026-03-15, the day `current_date` and `today()` are bound to.
pub const TODAY: i32 = 20527;

/// A fixture table: its name, its columns (name, DuckDB type) and its rows as SQL tuples.
pub struct FixtureTable {
    pub name: &'static str,
    pub columns: &'static [(&'static str, &'static str)],
    pub rows: Vec<String>,
}

/// `items[i % len]`, for writing rows that repeat (ties) and mix NULLs in.
fn cycle<'a>(items: &[&'a str], i: usize) -> &'a str {
    items[i % items.len()]
}

/// The five tables and their rows.
pub fn fixture() -> Vec<FixtureTable> {
    let incidents = (0..30)
        .map(|i| {
            let opened = format!("DATE '2026-{:02}-{:02}'", 1 + i % 3, 1 + (i * 7) % 28);
            format!(
                "('INC-{i:03}', {}, {}, {}, {}, {}, {opened}, {}, {})",
                cycle(&["'platform'", "'payments'", "'search'", "NULL", "'data'", "'platform'"], i),
                cycle(&["'P1'", "'P2'", "'P3'", "'P2'", "NULL", "'P4'", "'P1'"], i),
                cycle(&["5", "12", "NULL", "0", "45", "12", "-1", "240"], i),
                cycle(&["10.5", "0.0", "NULL", "1e6", "-2.25", "99.99", "10.5", "0.1"], i),
                cycle(&["true", "false", "NULL", "true"], i),
                cycle(&["TIMESTAMP '2026-02-01 10:30:00'", "NULL", "TIMESTAMP '2026-03-14 23:59:59.5'"], i),
                cycle(&["'api'", "'db'", "'web'", "NULL", "'queue'", "'api'", "'cache'"], i),
            )
        })
        .collect();
    let teams = [
        "('platform', 'EU', 12)",
        "('payments', 'US', 8)",
        "('search', 'EU', NULL)",
        "('data', 'APAC', 5)",
        "('ops', NULL, 3)",
        "('é''t', '', 0)",
    ];
    let services = [
        "('api', 'platform', 'gold', 99.95, DATE '2024-01-10')",
        "('db', 'platform', 'gold', 99.99, DATE '2023-06-01')",
        "('web', 'search', 'silver', 99.5, NULL)",
        "('queue', 'payments', NULL, 98.0, DATE '2025-11-30')",
        "('cache', 'data', 'bronze', NULL, DATE '2026-03-15')",
        "('legacy', NULL, 'bronze', 90.25, DATE '2019-02-28')",
    ];
    let sales = (1..=30)
        .map(|i: usize| {
            format!(
                "({i}, {}, 'P{}', {}, DATE '2025-{:02}-{:02}', {}.{:02}, {}, {}, {})",
                cycle(&["'North'", "'South'", "'East'", "'West'", "NULL"], i * 7),
                1 + (i * 5) % 6,
                if i.is_multiple_of(3) { "'online'" } else { "'store'" },
                1 + i % 4,
                1 + (i * 3) % 28,
                10 + (i * 37) % 900,
                (i * 13) % 100,
                1 + (i * 11) % 9,
                if i.is_multiple_of(4) { "NULL".to_string() } else { format!("0.{:02}", (i * 17) % 40) },
                cycle(&["NULL", "'rush'", "'RUSH order'", "'12'", "''", "'gift'", "'it''s'"], i * 5),
            )
        })
        .collect();
    let targets = ["North", "South", "East", "West", "Central"]
        .iter()
        .enumerate()
        .flat_map(|(r, region)| (1..=2).map(move |q| format!("('{region}', {q}, {})", 20_000 + 1_500 * r + 700 * q)))
        .collect();
    vec![
        FixtureTable {
            name: "incidents",
            columns: &[
                ("incident_id", "VARCHAR"),
                ("team", "VARCHAR"),
                ("severity", "VARCHAR"),
                ("ack_minutes", "BIGINT"),
                ("cost", "DOUBLE"),
                ("resolved", "BOOLEAN"),
                ("opened_at", "DATE"),
                ("closed_at", "TIMESTAMP"),
                ("service", "VARCHAR"),
            ],
            rows: incidents,
        },
        FixtureTable {
            name: "teams",
            columns: &[("team", "VARCHAR"), ("region", "VARCHAR"), ("headcount", "BIGINT")],
            rows: teams.iter().map(|r| r.to_string()).collect(),
        },
        FixtureTable {
            name: "services",
            columns: &[
                ("service", "VARCHAR"),
                ("team", "VARCHAR"),
                ("tier", "VARCHAR"),
                ("uptime", "DOUBLE"),
                ("launched_at", "DATE"),
            ],
            rows: services.iter().map(|r| r.to_string()).collect(),
        },
        FixtureTable {
            name: "sales",
            columns: &[
                ("order_id", "BIGINT"),
                ("region", "VARCHAR"),
                ("product", "VARCHAR"),
                ("channel", "VARCHAR"),
                ("day", "DATE"),
                ("amount", "DECIMAL(10,2)"),
                ("qty", "INTEGER"),
                ("discount", "DECIMAL(3,2)"),
                ("note", "VARCHAR"),
            ],
            rows: sales,
        },
        FixtureTable {
            name: "targets",
            columns: &[("region", "VARCHAR"), ("quarter", "INTEGER"), ("target", "BIGINT")],
            rows: targets,
        },
    ]
}

/// The statements that create [`fixture`] in an empty DuckDB database.
pub fn fixture_sql() -> Vec<String> {
    fixture()
        .iter()
        .flat_map(|table| {
            let columns: Vec<String> = table.columns.iter().map(|(name, kind)| format!("{name} {kind}")).collect();
            [
                format!("CREATE TABLE {} ({})", table.name, columns.join(", ")),
                format!("INSERT INTO {} VALUES {}", table.name, table.rows.join(", ")),
            ]
        })
        .collect()
}

/// The value kind the host gives a DuckDB type (`host/src/catalog`'s `of_sql_type`).
fn kind_of(sql_type: &str) -> ValueKind {
    match sql_type.split('(').next().unwrap_or(sql_type) {
        "VARCHAR" => ValueKind::Text,
        "BIGINT" | "INTEGER" => ValueKind::Integer,
        "DOUBLE" | "DECIMAL" => ValueKind::Float,
        "BOOLEAN" => ValueKind::Boolean,
        "DATE" => ValueKind::Date,
        "TIMESTAMP" => ValueKind::Timestamp,
        _ => ValueKind::Other,
    }
}

/// The catalog of [`fixture`], as the host would describe it to the compiler.
pub fn view() -> CatalogView {
    let tables = fixture()
        .iter()
        .map(|table| Table {
            name: table.name.into(),
            relation: Vec::new(),
            columns: table
                .columns
                .iter()
                .map(|(name, sql_type)| Column {
                    name: (*name).into(),
                    display_name: (*name).into(),
                    sql_type: (*sql_type).into(),
                    kind: kind_of(sql_type),
                })
                .collect(),
            policy: None,
        })
        .collect();
    CatalogView {
        tables,
        limits: RequestLimits { max_rows: MAX_ROWS, max_in_list: 100, max_request_bytes: 64 << 10 },
        today: TODAY,
        relationships: Vec::new(),
        metrics: Vec::new(),
        dialect: Default::default(),
    }
}

/// What the oracle is asked about one accepted statement.
#[derive(Debug, Clone, PartialEq)]
pub struct Request {
    /// The request as sent (for reports).
    pub text: String,
    /// The caller's statement as the host rebuilds it: the request's bytes at the compile's
    /// reading spans, joined by one space each (`host/src/check/sql_mode.rs`).
    pub caller: String,
    /// The compiled main statement and its parameters.
    pub sql: String,
    pub params: Vec<Param>,
    /// The compile's row cap (the caller's LIMIT, or the deployment's).
    pub limit: u32,
    pub max_rows: u32,
    pub today: i32,
}

/// Compile `text` in SQL mode against `view`: the oracle's request when it is accepted.
/// `None` when the compiler refuses it, and when its reading spans are not ranges of the
/// text in order (the host refuses those before anything else, `guest_output_mismatch`).
pub fn compile(text: &str, view: &CatalogView) -> Option<Request> {
    let compiled = compile_sql(text, view).ok()?;
    let mut parts = Vec::with_capacity(compiled.reading.len());
    let mut after = 0;
    for span in &compiled.reading {
        let part = (span.start >= after && span.start < span.end).then(|| text.get(span.clone())).flatten();
        parts.push(part.unwrap_or_else(|| panic!("reading span {span:?} is not in the request\ninput: {text:?}")));
        after = span.end + 1;
    }
    Some(Request {
        text: text.to_string(),
        caller: parts.join(" "),
        sql: compiled.main.sql,
        params: compiled.main.params,
        limit: compiled.limit,
        max_rows: view.limits.max_rows,
        today: view.today,
    })
}

fn param_json(param: &Param) -> Value {
    match param {
        Param::Null => json!({"null": null}),
        Param::Boolean(b) => json!({"boolean": b}),
        Param::Integer(i) => json!({"integer": i}),
        // By its bits: the bound value must be the compiled one exactly.
        Param::Float(f) => json!({"float_bits": f.to_bits()}),
        Param::Text(t) => json!({"text": t}),
        Param::Date(d) => json!({"date": d}),
        Param::Timestamp(t) => json!({"timestamp": t}),
    }
}

fn param_from_json(value: &Value) -> Option<Param> {
    let (kind, value) = value.as_object()?.iter().next()?;
    Some(match kind.as_str() {
        "null" => Param::Null,
        "boolean" => Param::Boolean(value.as_bool()?),
        "integer" => Param::Integer(value.as_i64()?),
        "float_bits" => Param::Float(f64::from_bits(value.as_u64()?)),
        "text" => Param::Text(value.as_str()?.to_string()),
        "date" => Param::Date(i32::try_from(value.as_i64()?).ok()?),
        "timestamp" => Param::Timestamp(value.as_i64()?),
        _ => return None,
    })
}

impl Request {
    pub fn to_json(&self) -> Value {
        json!({
            "text": self.text,
            "caller": self.caller,
            "sql": self.sql,
            "params": self.params.iter().map(param_json).collect::<Vec<_>>(),
            "limit": self.limit,
            "max_rows": self.max_rows,
            "today": self.today,
        })
    }

    pub fn from_json(value: &Value) -> Option<Request> {
        let text = |key: &str| value.get(key).and_then(Value::as_str).map(str::to_string);
        let number = |key: &str| value.get(key).and_then(Value::as_i64);
        Some(Request {
            text: text("text")?,
            caller: text("caller")?,
            sql: text("sql")?,
            params: value.get("params")?.as_array()?.iter().map(param_from_json).collect::<Option<_>>()?,
            limit: u32::try_from(number("limit")?).ok()?,
            max_rows: u32::try_from(number("max_rows")?).ok()?,
            today: i32::try_from(number("today")?).ok()?,
        })
    }
}

/// What the oracle found: `reading` is `same`, `differs` (the reading proof refused:
/// `reading_differs`, or DuckDB cannot parse the caller's text at all), `refused` (the host
/// refused the compiled statement before the proof, or the proof could not run), with
/// `reading_detail` saying why; `answer` is `same`, `differs` (the caller's text and the
/// compiled statement answer otherwise over the fixture), `skipped` (an answer that cannot
/// be compared: `answer_detail` says why) or `none` (no proved reading, nothing ran).
/// `cosmetic` lists differences that are no failure (column names, column types).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Verdict {
    pub reading: String,
    pub reading_detail: String,
    pub answer: String,
    pub answer_detail: String,
    pub cosmetic: Vec<String>,
}

/// Host refusal codes that are no disagreement: limits the host keeps on purpose.
const BENIGN_REFUSALS: &[&str] = &["too_deeply_nested"];

impl Verdict {
    pub fn to_json(&self) -> Value {
        json!({
            "reading": self.reading,
            "reading_detail": self.reading_detail,
            "answer": self.answer,
            "answer_detail": self.answer_detail,
            "cosmetic": self.cosmetic,
        })
    }

    pub fn from_json(value: &Value) -> Option<Verdict> {
        let text = |key: &str| value.get(key).and_then(Value::as_str).map(str::to_string);
        Some(Verdict {
            reading: text("reading")?,
            reading_detail: text("reading_detail")?,
            answer: text("answer")?,
            answer_detail: text("answer_detail")?,
            cosmetic: value
                .get("cosmetic")?
                .as_array()?
                .iter()
                .map(|v| v.as_str().map(str::to_string))
                .collect::<Option<_>>()?,
        })
    }

    /// Why this verdict fails the target, if it does: a reading that differs, a statement
    /// the compiler accepted and the host refuses (other than for a limit it keeps on
    /// purpose), or an answer that differs.
    pub fn failure(&self) -> Option<String> {
        let benign = BENIGN_REFUSALS.iter().any(|code| self.reading_detail.starts_with(code));
        match (self.reading.as_str(), self.answer.as_str()) {
            ("same", "differs") => Some(format!("the answers differ: {}", self.answer_detail)),
            ("same", _) => None,
            ("differs", _) => Some(format!("DuckDB reads the text otherwise: {}", self.reading_detail)),
            ("refused", _) if benign => None,
            _ => Some(format!("the host refuses the accepted statement: {}", self.reading_detail)),
        }
    }
}
