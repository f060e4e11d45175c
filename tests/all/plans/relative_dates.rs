//! Relative dates (docs/plan-language.md) resolved against a trusted, pinnable today, and
//! the rows `ne` / `not_in` leave out because their column is null.
//!
//! Every expected answer here is computed by the test itself from the generated rows, with a
//! calendar of its own (day-by-day stepping and Sakamoto's weekday rule), not with the
//! compiler's or the host's date arithmetic.

use std::path::{Path, PathBuf};

use querycell::{ingest, Date, Limits, QueryCell};
use querycell_tests::{querycell, querycell_with_stdin, stdout_json, write_file};
use serde_json::{json, Value};

/// The day every pinned test answers for: a Sunday in the first quarter.
const TODAY: &str = "2026-03-15";

/// A civil date, compared as (year, month, day).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct Ymd(i32, u32, u32);

impl Ymd {
    fn parse(text: &str) -> Ymd {
        let parts: Vec<&str> = text.split('-').collect();
        Ymd(parts[0].parse().unwrap(), parts[1].parse().unwrap(), parts[2].parse().unwrap())
    }

    fn days_in_month(year: i32, month: u32) -> u32 {
        let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
        [31, if leap { 29 } else { 28 }, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month as usize - 1]
    }

    fn next(self) -> Ymd {
        let Ymd(y, m, d) = self;
        if d < Ymd::days_in_month(y, m) {
            Ymd(y, m, d + 1)
        } else if m < 12 {
            Ymd(y, m + 1, 1)
        } else {
            Ymd(y + 1, 1, 1)
        }
    }

    fn back(self, days: u32) -> Ymd {
        let mut day = self;
        for _ in 0..days {
            let Ymd(y, m, d) = day;
            day = if d > 1 {
                Ymd(y, m, d - 1)
            } else if m > 1 {
                Ymd(y, m - 1, Ymd::days_in_month(y, m - 1))
            } else {
                Ymd(y - 1, 12, 31)
            };
        }
        day
    }

    /// The same day `months` months earlier, or that month's last day when it is shorter.
    fn months_back(self, months: i32) -> Ymd {
        let index = self.0 * 12 + self.1 as i32 - 1 - months;
        let (y, m) = (index.div_euclid(12), index.rem_euclid(12) as u32 + 1);
        Ymd(y, m, self.2.min(Ymd::days_in_month(y, m)))
    }

    fn month_end(y: i32, m: u32) -> Ymd {
        Ymd(y, m, Ymd::days_in_month(y, m))
    }

    /// 0 = Sunday … 6 = Saturday (Sakamoto).
    fn weekday(self) -> u32 {
        let t = [0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4];
        let y = if self.1 < 3 { self.0 - 1 } else { self.0 };
        ((y + y / 4 - y / 100 + y / 400 + t[self.1 as usize - 1] + self.2 as i32).rem_euclid(7)) as u32
    }

    fn text(self) -> String {
        format!("{:04}-{:02}-{:02}", self.0, self.1, self.2)
    }
}

/// The first and last day (inclusive) a relative date means on `today`, from the
/// definitions in `docs/plan-language.md`.
fn expected_range(relative: &Value, today: Ymd) -> (Ymd, Ymd) {
    let quarter_start = |Ymd(y, m, _): Ymd| Ymd(y, (m - 1) / 3 * 3 + 1, 1);
    let monday = |day: Ymd| day.back((day.weekday() + 6) % 7);
    let this = |unit: &str, day: Ymd| -> (Ymd, Ymd) {
        let Ymd(y, m, _) = day;
        match unit {
            "day" => (day, day),
            "week" => (monday(day), monday(day).next().next().next().next().next().next()),
            "month" => (Ymd(y, m, 1), Ymd::month_end(y, m)),
            "quarter" => {
                let start = quarter_start(day);
                (start, Ymd::month_end(y, start.1 + 2))
            }
            "year" => (Ymd(y, 1, 1), Ymd(y, 12, 31)),
            other => panic!("{other}"),
        }
    };
    if let Some(unit) = relative.get("this").and_then(Value::as_str) {
        return this(unit, today);
    }
    if let Some(unit) = relative.get("previous").and_then(Value::as_str) {
        // The period containing the day before this period starts.
        let (start, _) = this(unit, today);
        return this(unit, start.back(1));
    }
    let count = relative["last"].as_i64().unwrap() as i32;
    let first = match relative["unit"].as_str().unwrap() {
        "day" => today.back(count as u32 - 1),
        "week" => today.back(7 * count as u32 - 1),
        "month" => today.months_back(count).next(),
        "quarter" => today.months_back(3 * count).next(),
        "year" => today.months_back(12 * count).next(),
        other => panic!("{other}"),
    };
    (first, today)
}

/// One generated row; `None` is a missing value.
#[derive(Debug, Clone)]
struct Event {
    team: &'static str,
    severity: Option<&'static str>,
    minutes: Option<i64>,
    opened_on: Option<Ymd>,
    /// `opened_on` at `hour`:17:00.
    closed_hour: u32,
}

fn events() -> Vec<Event> {
    let mut days = vec![Ymd(2023, 11, 20)];
    while *days.last().unwrap() < Ymd(2026, 7, 10) {
        days.push(days.last().unwrap().next());
    }
    (0..900usize)
        .map(|i| Event {
            team: ["Platform", "Payments", "Search"][i % 3],
            severity: if i % 13 == 0 { None } else { Some(["P1", "P2", "P3"][(i * 7) % 3]) },
            minutes: if i % 11 == 0 { None } else { Some(((i * 37) % 240) as i64) },
            opened_on: if i % 37 == 0 { None } else { Some(days[(i * 7919) % days.len()]) },
            closed_hour: (i * 5 % 24) as u32,
        })
        .collect()
}

fn fixture(dir: &Path) -> PathBuf {
    let mut csv = String::from("event_id,team,severity,minutes,opened_on,closed_at\n");
    for (i, e) in events().iter().enumerate() {
        let opened = e.opened_on.map(Ymd::text).unwrap_or_default();
        let closed = e.opened_on.map(|d| format!("{} {:02}:17:00", d.text(), e.closed_hour)).unwrap_or_default();
        csv.push_str(&format!(
            "E-{i:04},{},{},{},{opened},{closed}\n",
            e.team,
            e.severity.unwrap_or_default(),
            e.minutes.map(|m| m.to_string()).unwrap_or_default()
        ));
    }
    let data = write_file(dir, "data/events.csv", &csv);
    let index = dir.join("index");
    ingest::ingest(&index, &[data]).expect("ingest events");
    index
}

fn pinned(index: &Path) -> QueryCell {
    querycell_tests::sql_cell(index, Limits::default()).with_today(TODAY.parse().unwrap())
}

fn count_of(answer: &querycell::Answer) -> i64 {
    answer.rows[0][0].as_i64().unwrap_or_else(|| panic!("a count: {:?}", answer.rows))
}

const RELATIVE_FORMS: &[&str] = &[
    r#"{"last": 1, "unit": "day"}"#,
    r#"{"last": 30, "unit": "day"}"#,
    r#"{"last": 2, "unit": "week"}"#,
    r#"{"last": 1, "unit": "month"}"#,
    r#"{"last": 3, "unit": "month"}"#,
    r#"{"last": 1, "unit": "quarter"}"#,
    r#"{"last": 2, "unit": "year"}"#,
    r#"{"this": "day"}"#,
    r#"{"this": "week"}"#,
    r#"{"this": "month"}"#,
    r#"{"this": "quarter"}"#,
    r#"{"this": "year"}"#,
    r#"{"previous": "day"}"#,
    r#"{"previous": "week"}"#,
    r#"{"previous": "month"}"#,
    r#"{"previous": "quarter"}"#,
    r#"{"previous": "year"}"#,
];

/// Whether a day passes `op` against the inclusive range `[first, last]`.
fn passes(op: &str, day: Ymd, (first, last): (Ymd, Ymd)) -> bool {
    match op {
        "eq" => first <= day && day <= last,
        "ne" => day < first || day > last,
        "lt" => day < first,
        "lte" => day <= last,
        "gt" => day > last,
        "gte" => day >= first,
        other => panic!("{other}"),
    }
}

#[test]
fn every_relative_form_and_operator_counts_what_the_calendar_says() {
    let dir = tempfile::tempdir().unwrap();
    let cell = pinned(&fixture(dir.path()));
    let rows = events();
    let today = Ymd::parse(TODAY);
    for form in RELATIVE_FORMS {
        let relative: Value = serde_json::from_str(form).unwrap();
        let range = expected_range(&relative, today);
        for op in ["eq", "ne", "lt", "lte", "gt", "gte"] {
            let expected = rows.iter().filter(|e| e.opened_on.is_some_and(|d| passes(op, d, range))).count() as i64;
            let plan = json!({"table": "events", "aggregations": [{"function": "count"}], "filters": [{"column": "opened_on", "op": op, "value": relative}]});
            let answer = cell.query_plan(&plan.to_string()).unwrap_or_else(|e| panic!("{form} {op}: {e}"));
            assert_eq!(count_of(&answer), expected, "{op} {form}: {}", answer.explanation);
            let resolved = &answer.resolved_dates[0];
            assert_eq!(
                (resolved.start.as_str(), resolved.last_day.as_str()),
                (range.0.text().as_str(), range.1.text().as_str()),
                "{form}"
            );
            assert_eq!(resolved.end, range.1.next().text(), "{form}");
        }
        // The same days on a timestamp column: whole days, midnight to midnight.
        let expected = rows.iter().filter(|e| e.opened_on.is_some_and(|d| passes("eq", d, range))).count() as i64;
        let plan = json!({"table": "events", "aggregations": [{"function": "count"}], "filters": [{"column": "closed_at", "op": "eq", "value": relative}]});
        assert_eq!(count_of(&cell.query_plan(&plan.to_string()).unwrap()), expected, "closed_at {form}");
    }
}

#[test]
fn month_ends_and_leap_days_resolve_as_documented() {
    let dir = tempfile::tempdir().unwrap();
    let index = fixture(dir.path());
    let cases = [
        ("2024-03-31", r#"{"last": 1, "unit": "month"}"#, "2024-03-01", "2024-03-31"),
        ("2024-03-31", r#"{"previous": "month"}"#, "2024-02-01", "2024-02-29"),
        ("2026-03-31", r#"{"previous": "month"}"#, "2026-02-01", "2026-02-28"),
        ("2026-03-28", r#"{"last": 1, "unit": "month"}"#, "2026-03-01", "2026-03-28"),
        ("2026-03-27", r#"{"last": 1, "unit": "month"}"#, "2026-02-28", "2026-03-27"),
        ("2024-02-29", r#"{"last": 1, "unit": "year"}"#, "2023-03-01", "2024-02-29"),
        ("2026-01-01", r#"{"previous": "quarter"}"#, "2025-10-01", "2025-12-31"),
        ("2026-01-01", r#"{"previous": "week"}"#, "2025-12-22", "2025-12-28"),
    ];
    for (today, form, start, last) in cases {
        let cell = QueryCell::open(&index, Limits::default()).unwrap().with_today(today.parse().unwrap());
        let relative: Value = serde_json::from_str(form).unwrap();
        assert_eq!(
            expected_range(&relative, Ymd::parse(today)),
            (Ymd::parse(start), Ymd::parse(last)),
            "the test's own calendar: {form} on {today}"
        );
        let plan = json!({"table": "events", "columns": ["event_id"], "filters": [{"column": "opened_on", "op": "eq", "value": relative}]});
        let answer = cell.query_plan(&plan.to_string()).unwrap();
        let resolved = &answer.resolved_dates[0];
        assert_eq!((resolved.start.as_str(), resolved.last_day.as_str()), (start, last), "{form} on {today}");
        assert!(answer.explanation.contains(&format!("({start} through {last})")), "{}", answer.explanation);
    }
}

#[test]
fn the_binary_pins_today_and_the_receipt_records_the_range() {
    let dir = tempfile::tempdir().unwrap();
    let index = fixture(dir.path());
    let index = index.to_str().unwrap();
    let plan = r#"{"table": "events", "group_by": ["team"], "aggregations": [{"function": "count", "alias": "events"}],
                   "filters": [{"column": "opened_on", "op": "eq", "value": {"last": 30, "unit": "day"}}]}"#;
    let output =
        querycell_with_stdin(&["query", "--index", index, "--plan", "-", "--format", "json", "--today", TODAY], plan);
    assert_eq!(output.status.code(), Some(0), "{}", String::from_utf8_lossy(&output.stderr));
    let answer = stdout_json(&output);
    assert_eq!(
        answer["resolved_dates"],
        json!([{"column": "opened_on", "path": "filters[0].value", "phrase": "last 30 days", "start": "2026-02-14", "end": "2026-03-16", "last_day": "2026-03-15"}])
    );
    assert_eq!(answer["params"], json!(["2026-02-14", "2026-03-16", 1001]));
    assert!(!answer["sql"].as_str().unwrap().contains("2026"), "dates are bound, never spliced: {}", answer["sql"]);
    let explanation = answer["explanation"].as_str().unwrap();
    assert!(
        explanation.contains("where opened_on is in the last 30 days (2026-02-14 through 2026-03-15)"),
        "{explanation}"
    );
    let (first, last) = (Ymd::parse("2026-02-14"), Ymd::parse(TODAY));
    for row in answer["rows"].as_array().unwrap() {
        let team = row[0].as_str().unwrap();
        let expected =
            events().iter().filter(|e| e.team == team && e.opened_on.is_some_and(|d| first <= d && d <= last)).count();
        assert_eq!(row[1], json!(expected), "{team}");
    }

    let table = querycell_with_stdin(&["query", "--index", index, "--plan", "-", "--today", TODAY], plan);
    let text = String::from_utf8(table.stdout).unwrap();
    assert!(text.contains("\ndate: last 30 days on opened_on = 2026-02-14 through 2026-03-15\n"), "{text}");

    let csv =
        querycell_with_stdin(&["query", "--index", index, "--plan", "-", "--format", "csv", "--today", TODAY], plan);
    assert_eq!(
        String::from_utf8(csv.stderr).unwrap(),
        "querycell: date: last 30 days on opened_on = 2026-02-14 through 2026-03-15\n"
    );

    let bad = querycell_with_stdin(&["query", "--index", index, "--plan", "-", "--today", "2026-02-30"], plan);
    assert_eq!(bad.status.code(), Some(2), "an impossible --today is a usage error");
    assert!(String::from_utf8_lossy(&bad.stderr).contains("2026-02-30"));

    let refused = querycell_with_stdin(
        &["query", "--index", index, "--plan", "-", "--format", "json", "--today", TODAY],
        r#"{"table": "events", "columns": ["event_id"], "filters": [{"column": "minutes", "op": "eq", "value": {"this": "month"}}]}"#,
    );
    assert_eq!(refused.status.code(), Some(2));
    let error = &stdout_json(&refused)["error"];
    assert_eq!((error["code"].as_str(), error["path"].as_str()), (Some("invalid_value"), Some("filters[0].value")));
    assert!(error["hint"].as_str().unwrap().contains("'opened_on', 'closed_at'"), "{error}");
}

#[test]
fn without_a_pin_today_is_the_system_clock_in_utc() {
    let dir = tempfile::tempdir().unwrap();
    let index = fixture(dir.path());
    let before = utc_today();
    let output = querycell(&[
        "sql",
        "--index",
        index.to_str().unwrap(),
        "--allow-sql",
        "--format",
        "json",
        "SELECT current_date AS d",
    ]);
    let after = utc_today();
    assert_eq!(output.status.code(), Some(0), "{}", String::from_utf8_lossy(&output.stderr));
    let day = stdout_json(&output)["rows"][0][0].as_str().unwrap().to_string();
    assert!(day == before || day == after, "{day} is not today ({before})");
    assert_eq!(QueryCell::open(&index, Limits::default()).unwrap().today().to_string(), utc_today());
}

/// Today in UTC, by the test's own calendar.
fn utc_today() -> String {
    let days = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs() / 86_400;
    let mut day = Ymd(1970, 1, 1);
    for _ in 0..days {
        day = day.next();
    }
    day.text()
}

#[test]
fn sql_mode_binds_current_date_to_the_pinned_day() {
    let dir = tempfile::tempdir().unwrap();
    let index = fixture(dir.path());
    let cell = pinned(&index);
    let answer = cell
        .query_sql("SELECT count(*) AS n FROM events WHERE opened_on > current_date - INTERVAL 30 DAY AND opened_on <= current_date")
        .unwrap();
    let (first, last) = (Ymd::parse(TODAY).back(29), Ymd::parse(TODAY));
    let expected = events().iter().filter(|e| e.opened_on.is_some_and(|d| first <= d && d <= last)).count() as i64;
    assert_eq!(count_of(&answer), expected);
    assert_eq!(answer.params[0], json!(TODAY));
    assert!(answer.sql.contains("CAST($1 AS DATE)") && !answer.sql.contains("current_date"), "{}", answer.sql);
    assert_eq!(answer.resolved_dates.len(), 1);
    assert_eq!(
        (answer.resolved_dates[0].phrase.as_str(), answer.resolved_dates[0].start.as_str()),
        ("current_date", TODAY)
    );
    assert!(answer.explanation.contains(&format!("current_date is {TODAY}")), "{}", answer.explanation);

    let answer = cell
        .query_sql("SELECT current_date AS d, today() AS t, CAST(date_trunc('month', current_date) AS DATE) AS m")
        .unwrap();
    assert_eq!(answer.rows, vec![vec![json!(TODAY), json!(TODAY), json!("2026-03-01")]]);

    let expected = events().iter().filter(|e| e.opened_on.is_some_and(|d| (d.0, d.1) == (2026, 3))).count() as i64;
    let answer = cell
        .query_sql("SELECT count(*) FROM events WHERE date_trunc('month', opened_on) = date_trunc('month', today())")
        .unwrap();
    assert_eq!(count_of(&answer), expected);

    for sql in [
        "SELECT count(*) FROM events WHERE opened_on > now() - INTERVAL 30 DAY",
        "SELECT current_timestamp",
        "SELECT get_current_time()",
    ] {
        let error = cell.query_sql(sql).expect_err(sql);
        assert_eq!(error.code, "function_not_allowed", "{sql}");
        assert!(error.hint.as_deref().unwrap_or_default().contains("current_date"), "{sql}: {error}");
    }

    let output = querycell(&[
        "sql",
        "--index",
        index.to_str().unwrap(),
        "--allow-sql",
        "--format",
        "json",
        "--today",
        "2024-02-29",
        "SELECT current_date + 1 AS d",
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", String::from_utf8_lossy(&output.stderr));
    let answer = stdout_json(&output);
    assert_eq!(answer["rows"], json!([["2024-03-01"]]));
    assert_eq!(
        answer["resolved_dates"][0],
        json!({"column": null, "path": "sql", "phrase": "current_date", "start": "2024-02-29", "end": "2024-03-01", "last_day": "2024-02-29"})
    );
}

/// The warning a `ne` / `not_in` filter at `path` gets for `count` null rows.
fn excluded_warning(path: &str, filter: &str, column: &str, count: usize) -> String {
    format!(
        "{path} ({filter}) also left out {count} row{} where {column} is missing, because SQL compares nothing with a missing value; \
         to count those rows, ask again with {{\"column\":\"{column}\",\"op\":\"is_null\"}} in place of this filter",
        if count == 1 { "" } else { "s" }
    )
}

#[test]
fn ne_and_not_in_say_how_many_null_rows_they_left_out() {
    let dir = tempfile::tempdir().unwrap();
    let cell = pinned(&fixture(dir.path()));
    let rows = events();

    // severity ne 'P1' among Platform's events: the nulls counted are Platform's only.
    let plan = r#"{"table": "events", "aggregations": [{"function": "count"}],
                   "filters": [{"column": "severity", "op": "ne", "value": "P1"}, {"column": "team", "op": "eq", "value": "Platform"}]}"#;
    let answer = cell.query_plan(plan).unwrap();
    let platform = || rows.iter().filter(|e| e.team == "Platform");
    assert_eq!(count_of(&answer), platform().filter(|e| e.severity.is_some_and(|s| s != "P1")).count() as i64);
    let nulls = platform().filter(|e| e.severity.is_none()).count();
    assert!(nulls > 0);
    assert_eq!(answer.warnings, vec![excluded_warning("filters[0]", "severity <> 'P1'", "severity", nulls)]);
    assert!(answer.cost.null_probe_ms.is_some(), "severity has nulls: the probe ran");
    // The suggested question finds exactly those rows.
    let suggested = r#"{"table": "events", "aggregations": [{"function": "count"}],
                        "filters": [{"column": "severity", "op": "is_null"}, {"column": "team", "op": "eq", "value": "Platform"}]}"#;
    assert_eq!(count_of(&cell.query_plan(suggested).unwrap()), nulls as i64);

    // not_in with a relative date among the other filters, and an aggregate skipping nulls.
    let plan = r#"{"table": "events", "group_by": ["team"], "aggregations": [{"function": "avg", "column": "minutes"}],
                   "filters": [{"column": "opened_on", "op": "eq", "value": {"this": "year"}},
                               {"column": "severity", "op": "not_in", "value": ["P1", "P2"]}]}"#;
    let answer = cell.query_plan(plan).unwrap();
    let this_year = || rows.iter().filter(|e| e.opened_on.is_some_and(|d| d.0 == 2026));
    let kept = || this_year().filter(|e| e.severity == Some("P3"));
    let skipped = kept().filter(|e| e.minutes.is_none()).count();
    let excluded = this_year().filter(|e| e.severity.is_none()).count();
    assert!(skipped > 0 && excluded > 0, "the fixture exercises both counts");
    assert_eq!(
        answer.warnings,
        vec![
            format!(
                "avg_minutes: {skipped} null value{} skipped in the matching rows",
                if skipped == 1 { " was" } else { "s were" }
            ),
            excluded_warning("filters[1]", "severity is none of \"P1\", \"P2\"", "severity", excluded),
        ]
    );
    for row in &answer.rows {
        let team = row[0].as_str().unwrap();
        let minutes: Vec<i64> = kept().filter(|e| e.team == team).filter_map(|e| e.minutes).collect();
        let average = minutes.iter().sum::<i64>() as f64 / minutes.len() as f64;
        assert!((row[1].as_f64().unwrap() - average).abs() < 1e-9, "{team}");
    }

    // A ne on a relative date leaves out the rows without a date.
    let plan = r#"{"table": "events", "aggregations": [{"function": "count"}], "filters": [{"column": "opened_on", "op": "ne", "value": {"this": "month"}}]}"#;
    let answer = cell.query_plan(plan).unwrap();
    let undated = rows.iter().filter(|e| e.opened_on.is_none()).count();
    assert_eq!(
        answer.warnings,
        vec![excluded_warning(
            "filters[0]",
            "opened_on is outside this month (2026-03-01 through 2026-03-31)",
            "opened_on",
            undated
        )]
    );

    // No nulls left out, no warning.
    let answer = cell.query_plan(r#"{"table": "events", "aggregations": [{"function": "count"}], "filters": [{"column": "team", "op": "ne", "value": "Search"}]}"#).unwrap();
    assert_eq!(count_of(&answer), rows.iter().filter(|e| e.team != "Search").count() as i64);
    assert!(answer.warnings.is_empty(), "{:?}", answer.warnings);
    assert!(answer.cost.null_probe_ms.is_none(), "team has no nulls in this snapshot: no probe scan");
}

#[test]
fn the_null_warning_reaches_the_binary_outputs() {
    let dir = tempfile::tempdir().unwrap();
    let index = fixture(dir.path());
    let plan = r#"{"table": "events", "columns": ["event_id"], "filters": [{"column": "severity", "op": "ne", "value": "P3"}], "limit": 2}"#;
    let nulls = events().iter().filter(|e| e.severity.is_none()).count();
    let output =
        querycell_with_stdin(&["query", "--index", index.to_str().unwrap(), "--plan", "-", "--format", "csv"], plan);
    assert_eq!(output.status.code(), Some(0));
    let notes = String::from_utf8(output.stderr).unwrap();
    let warning = excluded_warning("filters[0]", "severity <> 'P3'", "severity", nulls);
    assert!(notes.contains(&format!("querycell: warning: {warning}\n")), "{notes}");
}

/// The host's calendar (the `--today` parser, receipts) and the compiler's agree on every
/// day from 1900 to 2200.
#[test]
fn host_and_guest_calendars_agree() {
    let start = querycell_guest::values::parse_date("1900-01-01").unwrap();
    let end = querycell_guest::values::parse_date("2200-12-31").unwrap();
    for days in start..=end {
        let text = querycell_guest::values::format_date(days);
        assert_eq!(querycell::calendar::format_date(i64::from(days)), text);
        assert_eq!(text.parse::<Date>().unwrap().days_since_epoch(), days, "{text}");
    }
}

/// The JSON Schema models call with documents every word the compiler accepts, the relative
/// date forms included.
#[test]
fn the_plan_json_schema_names_every_plan_word() {
    let schema = serde_json::to_string(&querycell::catalog::plan_schema::plan_json_schema()).unwrap();
    let words = schema.split('"').collect::<std::collections::BTreeSet<_>>();
    use querycell_guest::plan::{Function, Granularity, Op};
    let expected = Op::ALL
        .iter()
        .map(|(w, _)| *w)
        .chain(Function::ALL.iter().map(|(w, _)| *w))
        .chain(Granularity::ALL.iter().map(|(w, _)| *w))
        .chain(["last", "unit", "this", "previous", "asc", "desc"]);
    for word in expected {
        assert!(words.contains(word), "the plan JSON Schema never says '{word}'");
    }
}
