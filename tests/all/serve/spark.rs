//! The same plans answered by a Spark cluster over Spark Connect (`ingest --spark`): a
//! differential against DuckDB over the same data, a hostile corpus refused before anything
//! reaches Spark, the deadline interrupting a slow query, the token, the result caps, and one
//! answer on a standalone master with a worker. The servers come from
//! `tests/spark/with-spark.sh` (see `querycell_tests::spark`).

use std::path::{Path, PathBuf};
use std::sync::{OnceLock, RwLock, RwLockReadGuard, RwLockWriteGuard};
use std::time::{Duration, Instant};

use querycell::sandbox::Sandbox;
use querycell::testing::{Access, Database};
use querycell::{Answer, Date, Error, Limits, QueryCell};
use querycell_tests::spark::{not_run, run_ddl, server, try_statement, SparkServer};
use querycell_tests::{querycell, write_file};
use serde_json::Value;

/// The day every answer is computed for, so relative dates resolve alike on both engines.
const TODAY: &str = "2026-03-15";

const TEAMS: [&str; 5] = ["Platform", "Payments", "Search", "Mobile", "Data 100%_x"];
const SEVERITIES: [&str; 3] = ["P1", "P2", "P3"];

/// 400 incidents: nulls in most columns, repeated values (ties), two years of dates and
/// timestamps, text with LIKE wildcards in it.
fn events_csv() -> String {
    let mut state: u64 = 0x5eed;
    let mut next = |n: u64| {
        state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (state >> 33) % n
    };
    let mut out = String::from("event_id,team,severity,minutes,cost,resolved,opened_on,closed_at\n");
    for i in 0..400 {
        let team = if next(11) == 0 { String::new() } else { TEAMS[next(5) as usize].to_string() };
        let severity = SEVERITIES[next(3) as usize];
        let minutes = if next(9) == 0 { String::new() } else { (next(50) * 5).to_string() };
        let cost = if next(13) == 0 { String::new() } else { format!("{}.{:02}", next(900), next(100)) };
        let resolved = ["true", "false", ""][next(3) as usize];
        let day = 20089 + next(730) as i64; // 2025-01-01 onwards
        let opened = querycell::Date::from_days_since_epoch(day as i32).to_string();
        let closed = if next(7) == 0 {
            String::new()
        } else {
            format!(
                "{} {:02}:{:02}:{:02}",
                querycell::Date::from_days_since_epoch((day + next(20) as i64) as i32),
                next(24),
                next(60),
                next(60)
            )
        };
        out.push_str(&format!("E-{i:04},{team},{severity},{minutes},{cost},{resolved},{opened},{closed}\n"));
    }
    out
}

/// Each event's team, related by `events.team → owners.team`: Mobile owns no row (its events
/// are orphans), events without a team have a missing key, and Ops has no event. One
/// headcount is missing.
const OWNERS_CSV: &str =
    "team,region,headcount\nPlatform,EMEA,12\nPayments,AMER,8\nSearch,EMEA,\nData 100%_x,APAC,5\nOps,AMER,3\n";

/// The relationship and a metric, as a DuckDB root's `querycell.toml` and as the Spark
/// catalog's settings (`ingest --spark --settings`).
const SETTINGS_TOML: &str = r#"[[relationships]]
name = "owner"
from = "events.team"
to = "owners.team"

[metrics.p90_minutes]
table = "events"
function = "percentile"
column = "minutes"
p = 0.9
where = [{column = "severity", op = "ne", value = "P3"}]
unit = "minutes"
"#;

/// The tables both engines hold: the generated events, their owners and the demo's incidents.
const TABLES: [&str; 3] = ["events", "owners", "incidents"];

/// One server's copy of the test data: a DuckDB index, the same tables as Parquet registered
/// in Spark, and the index `ingest --spark` built from Spark's catalog.
struct Lake {
    _dir: tempfile::TempDir,
    duck_index: PathBuf,
    spark_index: PathBuf,
    /// The Parquet files Spark reads.
    parquet: PathBuf,
    /// The Spark database the tables are in.
    database: String,
}

/// The Spark tests share the machine's two cores, except the slow query's, the latency
/// test's and the standalone cluster's, which have them alone: the slow query's follow-up shows the slow job's tasks were
/// stopped only if nothing else keeps the server's task slots busy, and a latency taken
/// beside other tests' jobs measures them.
static CORES: RwLock<()> = RwLock::new(());

fn share_cores() -> RwLockReadGuard<'static, ()> {
    CORES.read().unwrap_or_else(|poisoned| poisoned.into_inner())
}

fn own_cores() -> RwLockWriteGuard<'static, ()> {
    CORES.write().unwrap_or_else(|poisoned| poisoned.into_inner())
}

fn lake(which: &'static str) -> Option<&'static Lake> {
    static LOCAL: OnceLock<Option<Lake>> = OnceLock::new();
    static STANDALONE: OnceLock<Option<Lake>> = OnceLock::new();
    let (cell, variable) = match which {
        "local" => (&LOCAL, "QUERYCELL_SPARK_URL"),
        _ => (&STANDALONE, "QUERYCELL_SPARK_STANDALONE_URL"),
    };
    let lake = cell.get_or_init(|| server(variable).map(|server| build_lake(&server, which))).as_ref();
    if lake.is_none() {
        not_run();
    }
    lake
}

fn build_lake(server: &SparkServer, which: &str) -> Lake {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    std::fs::create_dir(&data).unwrap();
    write_file(&data, "events.csv", &events_csv());
    write_file(&data, "owners.csv", OWNERS_CSV);
    write_file(&data, "querycell.toml", SETTINGS_TOML);
    write_file(dir.path(), "spark-settings.toml", SETTINGS_TOML);
    std::fs::copy(querycell_tests::workspace().join("host/demo/data/incidents.csv"), data.join("incidents.csv"))
        .unwrap();
    let duck_index = dir.path().join("duck-index");
    querycell::ingest::ingest(&duck_index, std::slice::from_ref(&data)).expect("ingest into DuckDB");
    // The very rows DuckDB holds, as Parquet, for Spark to read.
    let parquet = dir.path().join("parquet");
    let database = Database::open(&duck_index.join("data.duckdb"), Access::ReadOnly, &[]).unwrap();
    for table in TABLES {
        std::fs::create_dir_all(parquet.join(table)).unwrap();
        database
            .execute_batch(&format!(
                "COPY (SELECT * FROM \"{table}\") TO '{}' (FORMAT parquet)",
                parquet.join(table).join("part-0.parquet").display()
            ))
            .unwrap();
    }
    drop(database);
    // Readable by the servers' user (`nobody` under CI), writable by the tests' alone.
    for path in [dir.path().to_path_buf(), parquet.clone()] {
        std::fs::set_permissions(&path, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    }
    for table in TABLES {
        std::fs::set_permissions(parquet.join(table), std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
        std::fs::set_permissions(
            parquet.join(table).join("part-0.parquet"),
            std::os::unix::fs::PermissionsExt::from_mode(0o644),
        )
        .unwrap();
    }
    let db = format!("qc_{which}_{}", std::process::id());
    run_ddl(
        server,
        &[
            format!("CREATE DATABASE IF NOT EXISTS {db}"),
            format!("CREATE TABLE {db}.events USING parquet LOCATION '{}'", parquet.join("events").display()),
            format!("CREATE TABLE {db}.incidents USING parquet LOCATION '{}'", parquet.join("incidents").display()),
            format!("CREATE TABLE {db}.owners USING parquet LOCATION '{}'", parquet.join("owners").display()),
            // Slow on purpose: a grouped distinct count over 200 million generated rows.
            format!("CREATE VIEW {db}.slow AS SELECT id AS n, id % 100000 AS k FROM range(0, 200000000)"),
            // Two instants an hour either side of 2025-01-01T00:00Z, as Spark's zoned TIMESTAMP.
            format!("CREATE VIEW {db}.zoned AS SELECT timestamp_seconds(s) AS at FROM VALUES (1735686000), (1735693200) AS t(s)"),
            // Two BIGINTs whose sum does not fit a BIGINT.
            format!("CREATE VIEW {db}.huge AS SELECT v FROM VALUES (9223372036854775807L), (1L) AS t(v)"),
        ],
    );
    let spark_index = dir.path().join("spark-index");
    let output = querycell(&[
        "ingest",
        "--index",
        spark_index.to_str().unwrap(),
        "--spark",
        &server.url,
        "--tables",
        &format!("{db}.events,{db}.incidents,{db}.owners,{db}.slow,{db}.zoned,{db}.huge"),
        "--settings",
        dir.path().join("spark-settings.toml").to_str().unwrap(),
        "--format",
        "json",
    ]);
    assert!(output.status.success(), "ingest --spark failed: {}", String::from_utf8_lossy(&output.stderr));
    warm_up(&spark_index);
    Lake { _dir: dir, duck_index, spark_index, parquet, database: db }
}

/// How long a server's first job may take. On a freshly started standalone worker it waits for
/// an executor to start, which on a 2-core machine busy with the other tests took longer than
/// the default 10 s deadline; every answer a test times or asserts on comes after this one.
const FIRST_JOB_DEADLINE: Duration = Duration::from_secs(180);

/// Run the server's first job (a scan of both tables, as the tests' answers do) under its own
/// deadline, so that executor start-up is not charged to whichever test happens to ask first.
fn warm_up(spark_index: &Path) {
    let cell = open(spark_index, Limits { query_timeout: FIRST_JOB_DEADLINE, ..Limits::default() });
    for table in TABLES {
        let plan = format!(r#"{{"table": "{table}", "aggregations": [{{"function": "count", "alias": "n"}}]}}"#);
        let started = Instant::now();
        let answer =
            cell.query_plan(&plan).unwrap_or_else(|error| panic!("the warm-up count of {table} failed: {error}"));
        assert_eq!(answer.rows.len(), 1, "{plan}");
        eprintln!("spark warm-up: count of {table} in {:.1} s", started.elapsed().as_secs_f64());
    }
}

/// Open an index as a deployment would, passing the servers' token (the library never reads
/// it from the environment; a DuckDB index has no use for it).
fn open(index: &Path, limits: Limits) -> QueryCell {
    let token = std::env::var("QUERYCELL_SPARK_TOKEN").ok();
    let sandbox = Sandbox::bundled(limits).expect("the bundled compiler");
    QueryCell::builder(index)
        .sandbox(sandbox)
        .spark_token(token)
        .open()
        .expect("opening the index")
        .with_today(TODAY.parse::<Date>().unwrap())
}

/// What the differential compares of an answer: columns, rows, truncation, totals, warnings.
fn answer_json(outcome: &Result<Answer, Error>) -> Value {
    match outcome {
        Ok(answer) => serde_json::json!({
            "columns": answer.columns.iter().map(|c| c.name.clone()).collect::<Vec<_>>(),
            "rows": answer.rows,
            "truncated": answer.truncated,
            "total_rows": answer.total_rows,
            "warnings": answer.warnings,
            "explanation": answer.explanation,
        }),
        Err(error) => serde_json::json!({"error": error.code}),
    }
}

/// Equal, floats within 1e-9 relative.
fn same(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => match (x.as_i64(), y.as_i64()) {
            (Some(x), Some(y)) => x == y,
            _ => {
                let (x, y) = (x.as_f64().unwrap(), y.as_f64().unwrap());
                x == y || (x - y).abs() <= 1e-9 * x.abs().max(y.abs())
            }
        },
        (Value::Array(x), Value::Array(y)) => x.len() == y.len() && x.iter().zip(y).all(|(x, y)| same(x, y)),
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| same(v, w)))
        }
        _ => a == b,
    }
}

/// A few hundred plans: every filter op, nulls, ties, every time bucket on a date and a
/// timestamp, having (also on filtered aggregates), order, limits that cut (and totals),
/// listings, and the aggregates with their own `where`, `share` and `percentile`.
fn plans() -> Vec<String> {
    let filters = [
        "",
        r#"{"column": "severity", "op": "eq", "value": "P1"}"#,
        r#"{"column": "severity", "op": "ne", "value": "P2"}"#,
        r#"{"column": "minutes", "op": "gt", "value": 100}"#,
        r#"{"column": "minutes", "op": "gte", "value": 100}"#,
        r#"{"column": "minutes", "op": "lt", "value": 30}"#,
        r#"{"column": "cost", "op": "lte", "value": 450.5}"#,
        r#"{"column": "team", "op": "in", "value": ["Platform", "Data 100%_x"]}"#,
        r#"{"column": "team", "op": "not_in", "value": ["Search"]}"#,
        r#"{"column": "minutes", "op": "between", "value": [20, 120]}"#,
        r#"{"column": "team", "op": "contains", "value": "100%_"}"#,
        r#"{"column": "team", "op": "starts_with", "value": "P"}"#,
        r#"{"column": "minutes", "op": "is_null"}"#,
        r#"{"column": "team", "op": "is_not_null"}"#,
        r#"{"column": "resolved", "op": "eq", "value": true}"#,
        r#"{"column": "opened_on", "op": "gte", "value": "2025-06-01"}"#,
        r#"{"column": "closed_at", "op": "lt", "value": "2025-09-01T12:00:00"}"#,
        r#"{"column": "opened_on", "op": "eq", "value": {"last": 6, "unit": "month"}}"#,
        r#"{"column": "closed_at", "op": "gte", "value": {"this": "year"}}"#,
    ];
    let aggregations = [
        r#"{"function": "count", "alias": "n"}"#,
        r#"{"function": "count", "column": "minutes", "alias": "n"}"#,
        r#"{"function": "count_distinct", "column": "team", "alias": "n"}"#,
        r#"{"function": "sum", "column": "minutes", "alias": "n"}"#,
        r#"{"function": "avg", "column": "cost", "alias": "n"}"#,
        r#"{"function": "median", "column": "minutes", "alias": "n"}"#,
        r#"{"function": "min", "column": "opened_on", "alias": "n"}"#,
        r#"{"function": "max", "column": "closed_at", "alias": "n"}"#,
        r#"{"function": "sum", "column": "cost", "alias": "n"}"#,
        r#"{"function": "max", "column": "team", "alias": "n"}"#,
        r#"{"function": "percentile", "column": "minutes", "p": 0.9, "alias": "n"}"#,
        r#"{"function": "percentile", "column": "cost", "p": 0.25, "alias": "n"}"#,
        r#"{"function": "share", "where": [{"column": "minutes", "op": "lte", "value": 60}], "alias": "n"}"#,
        r#"{"function": "share", "where": [{"column": "severity", "op": "ne", "value": "P3"}, {"column": "opened_on", "op": "eq", "value": {"last": 6, "unit": "month"}}], "alias": "n"}"#,
        r#"{"function": "count", "where": [{"column": "severity", "op": "eq", "value": "P1"}], "alias": "n"}"#,
        r#"{"function": "avg", "column": "cost", "where": [{"column": "team", "op": "in", "value": ["Platform", "Data 100%_x"]}], "alias": "n"}"#,
        r#"{"function": "percentile", "column": "minutes", "p": 0.5, "where": [{"column": "resolved", "op": "eq", "value": true}], "alias": "n"}"#,
    ];
    let group_bys = ["", r#""team""#, r#""severity", "team""#, r#"{"column": "resolved"}"#];
    let mut plans = Vec::new();
    for (i, filter) in filters.iter().enumerate() {
        for (j, aggregation) in aggregations.iter().enumerate() {
            // Every filter with every aggregation, grouped one of four ways in turn.
            let group_by = group_bys[(i + j) % group_bys.len()];
            let filter = if filter.is_empty() { String::new() } else { format!(r#", "filters": [{filter}]"#) };
            let group_by = if group_by.is_empty() { String::new() } else { format!(r#", "group_by": [{group_by}]"#) };
            plans.push(format!(r#"{{"table": "events"{group_by}, "aggregations": [{aggregation}]{filter}}}"#));
        }
    }
    for unit in ["day", "week", "month", "quarter", "year"] {
        for column in ["opened_on", "closed_at"] {
            plans.push(format!(r#"{{"table": "events", "group_by": [{{"column": "{column}", "granularity": "{unit}"}}], "aggregations": [{{"function": "count", "alias": "n"}}, {{"function": "avg", "column": "minutes"}}], "order_by": [{{"column": "n", "direction": "desc"}}], "limit": 7}}"#));
        }
    }
    for having in [
        r#"{"column": "n", "op": "gt", "value": 10}"#,
        r#"{"column": "avg_minutes", "op": "between", "value": [100, 140]}"#,
        r#"{"column": "p1", "op": "gte", "value": 3}"#,
        r#"{"column": "fast", "op": "lt", "value": 0.5}"#,
    ] {
        plans.push(format!(r#"{{"table": "events", "group_by": ["team", "severity"], "aggregations": [{{"function": "count", "alias": "n"}}, {{"function": "avg", "column": "minutes"}}, {{"function": "count", "alias": "p1", "where": [{{"column": "severity", "op": "eq", "value": "P1"}}]}}, {{"function": "share", "alias": "fast", "where": [{{"column": "minutes", "op": "lt", "value": 45}}]}}], "having": [{having}], "order_by": [{{"column": "n", "direction": "desc"}}]}}"#));
    }
    for limit in [1, 3, 5, 400, 1000] {
        plans.push(format!(r#"{{"table": "events", "columns": ["event_id", "team", "minutes", "closed_at"], "order_by": [{{"column": "minutes", "direction": "desc"}}], "limit": {limit}}}"#));
        plans.push(format!(r#"{{"table": "events", "group_by": ["minutes"], "aggregations": [{{"function": "count", "alias": "n"}}], "order_by": [{{"column": "n", "direction": "desc"}}], "limit": {limit}}}"#));
    }
    plans.push(r#"{"table": "events", "columns": ["team", "severity", "cost", "resolved", "opened_on"], "filters": [{"column": "team", "op": "ne", "value": "Mobile"}, {"column": "resolved", "op": "ne", "value": false}], "limit": 50}"#.into());
    plans.extend(joined_plans());
    plans
}

/// Plans that follow `events.team → owners.team`: grouped and filtered by the owner's
/// columns, the owners' own aggregations beside the events' (two grains, full-joined by the
/// keys), orphans and missing keys in the missing-region group, the metric, and a listing.
fn joined_plans() -> Vec<String> {
    let group_bys = ["", r#", "group_by": ["owners.region"]"#, r#", "group_by": ["owners.region", "severity"]"#];
    let filters = [
        "",
        r#", "filters": [{"column": "owners.region", "op": "ne", "value": "AMER"}]"#,
        r#", "filters": [{"column": "owners.headcount", "op": "gte", "value": 5}]"#,
    ];
    let aggregations = [
        r#"{"function": "count", "alias": "n"}, {"function": "avg", "column": "cost", "alias": "x"}"#,
        r#"{"function": "count_distinct", "column": "owners.team", "alias": "n"}"#,
        r#"{"function": "share", "where": [{"column": "owners.headcount", "op": "gt", "value": 6}], "alias": "n"}"#,
        r#"{"metric": "p90_minutes"}, {"function": "percentile", "column": "minutes", "p": 0.5, "alias": "x"}"#,
        r#"{"function": "count", "alias": "n"}, {"function": "sum", "column": "owners.headcount", "alias": "people"}"#,
        r#"{"function": "max", "column": "owners.headcount", "alias": "n"}, {"function": "count", "column": "owners.region", "alias": "x"}"#,
    ];
    let mut plans = Vec::new();
    for group_by in group_bys {
        for filter in filters {
            for aggregation in aggregations {
                plans.push(format!(r#"{{"table": "events"{group_by}, "aggregations": [{aggregation}]{filter}}}"#));
            }
        }
    }
    plans.push(r#"{"table": "events", "group_by": ["owners.region"], "aggregations": [{"function": "count", "alias": "n"}, {"function": "sum", "column": "owners.headcount", "alias": "people"}], "having": [{"column": "people", "op": "gt", "value": 4}], "order_by": [{"column": "n", "direction": "desc"}], "limit": 2}"#.into());
    plans.push(r#"{"table": "events", "columns": ["event_id", "owners.region", "owners.headcount"], "order_by": ["event_id"], "limit": 30}"#.into());
    plans.extend(related_rows_plans());
    plans
}

/// Existence tests (`exists` / `not_exists`, with a `where`, in `filters` and in an
/// aggregation's `where`), aggregations of related rows from the one side (`"of"`: Ops has
/// no event, so 0 and missing values), and the step named by its key column (`team.region`)
/// or by the relationship's name (`owner.region`, `"via": "owner"`).
fn related_rows_plans() -> Vec<String> {
    let tests = [
        r#"{"exists": {"table": "events"}}"#,
        r#"{"not_exists": {"table": "events", "where": [{"column": "severity", "op": "eq", "value": "P1"}]}}"#,
        r#"{"exists": {"table": "events", "via": "team", "where": [{"column": "minutes", "op": "gt", "value": 200}, {"column": "resolved", "op": "eq", "value": true}]}}"#,
        r#"{"not_exists": {"table": "events", "via": "owner", "where": [{"column": "resolved", "op": "eq", "value": true}]}}"#,
    ];
    let aggregations = [
        r#"{"function": "count", "alias": "n"}, {"function": "sum", "column": "headcount", "alias": "people"}"#,
        r#"{"function": "count", "of": {"table": "events"}, "alias": "n"}, {"function": "avg", "column": "cost", "of": {"table": "events"}, "alias": "x"}"#,
        r#"{"function": "percentile", "column": "minutes", "p": 0.5, "of": {"table": "events"}, "where": [{"column": "severity", "op": "ne", "value": "P3"}], "alias": "x"}, {"function": "count", "alias": "n"}"#,
        r#"{"function": "count", "alias": "n", "where": [{"exists": {"table": "events", "where": [{"column": "severity", "op": "eq", "value": "P2"}]}}]}"#,
    ];
    let mut plans = Vec::new();
    for group_by in ["", r#", "group_by": ["region"]"#] {
        for aggregation in aggregations {
            plans.push(format!(r#"{{"table": "owners"{group_by}, "aggregations": [{aggregation}]}}"#));
            for test in tests {
                plans.push(format!(
                    r#"{{"table": "owners"{group_by}, "filters": [{test}], "aggregations": [{aggregation}]}}"#
                ));
            }
        }
    }
    plans.push(r#"{"table": "events", "group_by": ["team.region"], "aggregations": [{"function": "count", "alias": "n"}, {"function": "sum", "column": "team.headcount", "alias": "people"}]}"#.into());
    plans.push(r#"{"table": "events", "group_by": ["owner.region"], "filters": [{"column": "owner.headcount", "op": "gt", "value": 4}], "aggregations": [{"function": "count", "alias": "n"}, {"function": "avg", "column": "owner.headcount", "alias": "people"}]}"#.into());
    plans.push(r#"{"table": "owners", "group_by": ["region"], "aggregations": [{"function": "count", "of": {"table": "events", "via": "owner"}, "alias": "n"}, {"function": "max", "column": "minutes", "of": {"table": "events", "via": "owner"}, "alias": "x"}]}"#.into());
    // "of" along a path from the related rows: a left join from each event after the join of
    // events to owners.
    plans.push(r#"{"table": "owners", "group_by": ["region"], "aggregations": [{"function": "count", "of": {"table": "events"}, "where": [{"column": "owner.headcount", "op": "gt", "value": 4}], "alias": "n"}, {"function": "count_distinct", "column": "owner.region", "of": {"table": "events"}, "alias": "x"}]}"#.into());
    plans
}

#[test]
fn spark_and_duckdb_give_the_same_answers_to_a_few_hundred_plans() {
    let _cores = share_cores();
    let Some(lake) = lake("local") else { return };
    let limits = Limits { max_rows: 200, ..Limits::default() };
    let duck = open(&lake.duck_index, limits.clone());
    let spark = open(&lake.spark_index, limits);
    let plans = plans();
    let (mut answered, mut refused, mut truncated, mut warned) = (0, 0, 0, 0);
    let mut differing = Vec::new();
    for plan in &plans {
        let (from_duck, from_spark) = (duck.query_plan(plan), spark.query_plan(plan));
        let (a, b) = (answer_json(&from_duck), answer_json(&from_spark));
        if !same(&a, &b) {
            differing.push(format!(
                "{plan}\n  duckdb: {a}\n  spark:  {b}\n  spark sql: {}",
                from_spark.as_ref().map(|a| a.sql.clone()).unwrap_or_default()
            ));
        }
        match &from_duck {
            Ok(answer) => {
                answered += 1;
                truncated += usize::from(answer.truncated);
                warned += usize::from(!answer.warnings.is_empty());
            }
            Err(_) => refused += 1,
        }
    }
    eprintln!("{} plans: {answered} answered ({truncated} truncated, {warned} with warnings), {refused} refused, {} differences", plans.len(), differing.len());
    assert!(differing.is_empty(), "{} of {} plans differ:\n{}", differing.len(), plans.len(), differing.join("\n"));
    assert!(plans.len() >= 200 && answered >= plans.len() * 9 / 10, "{answered} of {} answered", plans.len());
    assert!(truncated >= 5 && warned >= 20, "the plans must cut answers ({truncated}) and warn ({warned})");
}

/// Hostile and malformed plans, each with the code it must be refused with.
const HOSTILE: &[(&str, &str)] = &[
    (r#"{"table": "events", "aggregations": [{"function": "sum", "column": "salary"}]}"#, "unknown_column"),
    (r#"{"table": "secrets", "aggregations": [{"function": "count"}]}"#, "unknown_table"),
    (r#"{"table": "events", "aggregations": [{"function": "avg", "column": "team"}]}"#, "invalid_aggregation"),
    (
        r#"{"table": "events", "aggregations": [{"function": "count"}], "filters": [{"column": "minutes", "op": "gt", "value": "ten"}]}"#,
        "invalid_value",
    ),
    (
        r#"{"table": "events", "aggregations": [{"function": "count"}], "filters": [{"column": "opened_on", "op": "eq", "value": "2025-02-30"}]}"#,
        "invalid_value",
    ),
    (
        r#"{"table": "events", "aggregations": [{"function": "count"}], "filters": [{"column": "team", "op": "contains", "value": 3}]}"#,
        "invalid_value",
    ),
    (
        r#"{"table": "events", "aggregations": [{"function": "count"}], "filters": [{"column": "minutes", "op": "contains", "value": "1"}]}"#,
        "invalid_operator",
    ),
    (
        r#"{"table": "events", "aggregations": [{"function": "count"}], "filters": [{"column": "team`) FROM x --", "op": "eq", "value": "a"}]}"#,
        "unknown_column",
    ),
    (r#"{"table": "events`; DROP TABLE events; --", "aggregations": [{"function": "count"}]}"#, "unknown_table"),
    (r#"{"table": "events", "aggregations": [{"function": "count", "alias": "n` FROM x"}]}"#, "invalid_alias"),
    (r#"{"table": "events", "aggregations": [{"function": "reflect", "column": "team"}]}"#, "unknown_word"),
    (
        r#"{"table": "events", "group_by": [{"column": "team", "granularity": "month"}], "aggregations": [{"function": "count"}]}"#,
        "invalid_granularity",
    ),
    (
        r#"{"table": "events", "group_by": [{"column": "opened_on", "granularity": "minute"}], "aggregations": [{"function": "count"}]}"#,
        "unknown_word",
    ),
    (
        r#"{"table": "events", "aggregations": [{"function": "count"}], "having": [{"column": "n", "op": "gt", "value": 1}]}"#,
        "unknown_output",
    ),
    (r#"{"table": "events", "columns": ["team"], "aggregations": [{"function": "count"}]}"#, "mixed_query_kinds"),
    (r#"{"table": "events", "aggregations": [{"function": "count"}], "sql": "SELECT 1"}"#, "unknown_field"),
    (r#"{"table": "events""#, "invalid_json"),
    (
        r#"{"table": "events", "aggregations": [{"function": "count"}], "filters": [{"column": "team", "op": "in", "value": []}]}"#,
        "invalid_value",
    ),
];

#[test]
fn hostile_plans_are_refused_before_anything_reaches_spark() {
    let _cores = share_cores();
    let Some(lake) = lake("local") else { return };
    // The same catalog, pointed at a port where no Spark listens: a plan that reached Spark
    // would fail `spark_unavailable`, so a compiler's refusal proves nothing was sent.
    let dir = tempfile::tempdir().unwrap();
    let unreachable = dir.path().join("index");
    std::fs::create_dir(&unreachable).unwrap();
    let catalog = std::fs::read_to_string(lake.spark_index.join("catalog.json")).unwrap();
    let mut catalog: Value = serde_json::from_str(&catalog).unwrap();
    catalog["spark"]["url"] = "sc://127.0.0.1:1".into();
    std::fs::write(unreachable.join("catalog.json"), catalog.to_string()).unwrap();
    let cell = open(&unreachable, Limits { max_in_list: 50, ..Limits::default() });

    let huge_list = format!(
        r#"{{"table": "events", "aggregations": [{{"function": "count"}}], "filters": [{{"column": "team", "op": "in", "value": [{}]}}]}}"#,
        (0..51).map(|i| format!("\"t{i}\"")).collect::<Vec<_>>().join(", ")
    );
    let huge_text = format!(
        r#"{{"table": "events", "aggregations": [{{"function": "count"}}], "filters": [{{"column": "team", "op": "eq", "value": "{}"}}]}}"#,
        "x".repeat(70_000)
    );
    let mut cases: Vec<(String, &str)> = HOSTILE.iter().map(|(plan, code)| (plan.to_string(), *code)).collect();
    cases.push((huge_list, "list_too_long"));
    cases.push((huge_text, "request_too_large"));
    let mut wrong = Vec::new();
    for (plan, code) in &cases {
        match cell.query_plan(plan) {
            Err(error) if error.code == *code => {}
            other => wrong.push(format!(
                "{}…: expected {code}, got {:?}",
                plan.chars().take(120).collect::<String>(),
                other.map(|a| a.sql).map_err(|e| e.code)
            )),
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    // The control: a good plan does try to reach Spark.
    let error = cell.query_plan(r#"{"table": "events", "aggregations": [{"function": "count"}]}"#).unwrap_err();
    assert_eq!(error.code, "spark_unavailable", "{error}");
    // SQL mode is DuckDB's alone: the compiler refuses it for a Spark catalog.
    let error = open(&lake.spark_index, Limits::default())
        .with_sql_enabled(true)
        .query_sql("SELECT count(*) FROM events")
        .unwrap_err();
    assert_eq!(error.code, "sql_mode_unavailable", "{error}");
}

#[test]
fn a_slow_query_is_interrupted_on_spark_at_the_deadline() {
    let _cores = own_cores();
    let Some(lake) = lake("local") else { return };
    let timeout = Duration::from_secs(5);
    let cell = open(&lake.spark_index, Limits { query_timeout: timeout, ..Limits::default() });
    let started = Instant::now();
    let error = cell
        .query_plan(r#"{"table": "slow", "group_by": ["k"], "aggregations": [{"function": "count_distinct", "column": "n"}, {"function": "median", "column": "n"}]}"#)
        .expect_err("200 million rows cannot be grouped in 5 s on this cluster");
    let took = started.elapsed();
    assert_eq!(error.code, "query_timeout", "{error}");
    assert!(
        took < timeout + Duration::from_secs(10),
        "the answer came {took:?} after the start, the deadline was {timeout:?}"
    );
    // Spark itself named the operation as interrupted: the job stopped, not only the reading.
    assert!(!error.message.contains("did not confirm"), "{error}");
    // The session is still good for the next question, and the server's two task slots are
    // free to answer it within the same deadline (it takes under a second on an idle server):
    // the slow job's tasks were stopped.
    let answer = cell
        .query_plan(r#"{"table": "events", "aggregations": [{"function": "count", "alias": "n"}]}"#)
        .expect("answered after the interrupt");
    assert_eq!(answer.rows, vec![vec![Value::from(400)]]);
}

/// The `local[2]` server's sessions default to Los Angeles time (`tests/spark/with-spark.sh`);
/// querycell's session must still bucket and compare zoned timestamps in UTC, as docs/spark.md
/// promises and as DuckDB's TIMESTAMP reads them. In Los Angeles both instants fall in 2024,
/// and neither is on or after 2025-01-01 00:00.
#[test]
fn a_cluster_in_another_time_zone_answers_in_utc() {
    let _cores = share_cores();
    let Some(lake) = lake("local") else { return };
    let cell = open(&lake.spark_index, Limits::default());
    let years = cell
        .query_plan(r#"{"table": "zoned", "group_by": [{"column": "at", "granularity": "year"}], "aggregations": [{"function": "count", "alias": "n"}]}"#)
        .unwrap();
    let buckets: Vec<String> = years.rows.iter().map(|row| row[0].as_str().unwrap_or_default().to_string()).collect();
    assert_eq!(buckets.len(), 2, "{:?}", years.rows);
    assert!(buckets[0].starts_with("2024-01-01") && buckets[1].starts_with("2025-01-01"), "{buckets:?}");
    let later = cell
        .query_plan(r#"{"table": "zoned", "filters": [{"column": "at", "op": "gte", "value": "2025-01-01T00:00:00"}], "aggregations": [{"function": "count", "alias": "n"}]}"#)
        .unwrap();
    assert_eq!(later.rows, vec![vec![Value::from(1)]]);
}

/// The `local[2]` server's sessions default to ANSI mode off (`tests/spark/with-spark.sh`),
/// where Spark's BIGINT sum wraps around on overflow and answers a wrong number; querycell's
/// session turns ANSI on, so the answer is an error and never silently wrong.
#[test]
fn an_overflowing_sum_on_spark_is_an_error_not_a_wrong_number() {
    let _cores = share_cores();
    let Some(lake) = lake("local") else { return };
    let outcome = open(&lake.spark_index, Limits::default())
        .query_plan(r#"{"table": "huge", "aggregations": [{"function": "sum", "column": "v", "alias": "total"}]}"#);
    let error = outcome.map(|answer| answer.rows).expect_err("a BIGINT sum past 2^63 - 1 must not be answered");
    assert_eq!(error.code, "query_failed", "{error}");
    assert!(error.message.contains("OVERFLOW"), "{error}");
}

#[test]
fn row_and_byte_caps_hold_on_spark() {
    let _cores = share_cores();
    let Some(lake) = lake("local") else { return };
    let listing = r#"{"table": "events", "columns": ["event_id", "team", "closed_at"], "order_by": ["event_id"]}"#;
    let capped = open(&lake.spark_index, Limits { max_rows: 7, ..Limits::default() }).query_plan(listing).unwrap();
    assert_eq!((capped.rows.len(), capped.truncated, capped.total_rows), (7, true, 400));
    assert!(capped.sql.contains("LIMIT ?") && capped.sql.contains('`'), "{}", capped.sql);
    let error = open(&lake.spark_index, Limits { max_result_bytes: 2048, ..Limits::default() })
        .query_plan(listing)
        .unwrap_err();
    assert_eq!(error.code, "result_too_large", "{error}");
}

#[test]
fn spark_answers_need_the_token_and_data_files_stay_as_they_were() {
    let _cores = share_cores();
    let Some(lake) = lake("local") else { return };
    let server = server("QUERYCELL_SPARK_URL").unwrap();
    let without = querycell::SparkEndpoint { url: server.url.clone(), token: None };
    let error = querycell::ingest::spark::build(&without, &["anything".to_string()]).unwrap_err();
    assert_eq!(error.code, "spark_unauthorized", "{error}");
    let wrong = querycell::SparkEndpoint { url: server.url.clone(), token: Some("not-the-token".into()) };
    assert_eq!(
        querycell::ingest::spark::build(&wrong, &["anything".to_string()]).unwrap_err().code,
        "spark_unauthorized"
    );
    // The catalog never holds the token, and a URL carrying one is refused.
    let catalog = std::fs::read_to_string(lake.spark_index.join("catalog.json")).unwrap();
    assert!(!server.token.is_empty() && !catalog.contains(&server.token));
    let carrying = querycell::SparkEndpoint { url: format!("{};token={}", server.url, server.token), token: None };
    assert_eq!(querycell::ingest::spark::build(&carrying, &["x".to_string()]).unwrap_err().code, "spark_url_invalid");
    // The library takes the token only from its caller: with the token in this process's
    // environment, an index opened without it is still refused.
    assert!(std::env::var("QUERYCELL_SPARK_TOKEN").is_ok_and(|t| !t.is_empty()));
    let plan = r#"{"table": "events", "aggregations": [{"function": "count"}]}"#;
    let refused = match QueryCell::open(&lake.spark_index, Limits::default()) {
        Err(error) => error,
        Ok(cell) => cell.query_plan(plan).expect_err("answered without the token"),
    };
    assert_eq!(refused.code, "spark_unauthorized", "{refused}");
    // Answering leaves the index folder byte for byte as it was.
    let before = querycell_tests::snapshot_folder(&lake.spark_index);
    open(&lake.spark_index, Limits::default())
        .query_plan(
            r#"{"table": "events", "group_by": ["team"], "aggregations": [{"function": "avg", "column": "cost"}]}"#,
        )
        .unwrap();
    assert_eq!(before, querycell_tests::snapshot_folder(&lake.spark_index));
}

/// With the cores to itself: its one executor core answers a grouped median within the
/// default deadline, but not while the `local[2]` server's jobs take both of the machine's
/// cores (seen on a fresh 2-core machine, after the warm-up).
#[test]
fn a_standalone_master_with_one_worker_answers_like_duckdb() {
    let _cores = own_cores();
    let Some(lake) = lake("standalone") else { return };
    let plan = r#"{"table": "events", "group_by": ["team", {"column": "opened_on", "granularity": "quarter"}], "aggregations": [{"function": "count", "alias": "n"}, {"function": "median", "column": "minutes"}], "filters": [{"column": "severity", "op": "ne", "value": "P3"}], "order_by": [{"column": "n", "direction": "desc"}], "limit": 10}"#;
    let duck = open(&lake.duck_index, Limits::default()).query_plan(plan).unwrap();
    let spark = open(&lake.spark_index, Limits::default()).query_plan(plan).unwrap();
    assert!(same(&answer_json(&Ok(duck)), &answer_json(&Ok(spark.clone()))), "{}", spark.sql);
    assert!(spark.truncated);
}

/// Spark has no read-only session: what keeps the data as it was, besides querycell sending
/// nothing but checked SELECTs, is that the server's user cannot write the files. Under CI the
/// test setup runs the servers as `nobody` and the files belong to the tests' user.
#[test]
fn the_spark_servers_user_cannot_write_the_data_files() {
    let _cores = share_cores();
    let Some(lake) = lake("local") else { return };
    if std::env::var("QUERYCELL_SPARK_SERVER_USER").is_err() {
        eprintln!("\n!!!!!!!! the Spark servers run as the tests' own user here (not root): their write access is not what this test checks !!!!!!!!\n");
        return;
    }
    let server = server("QUERYCELL_SPARK_URL").unwrap();
    let before = querycell_tests::snapshot_folder(&lake.parquet);
    let refused =
        try_statement(&server, &format!("INSERT INTO {}.events SELECT * FROM {}.events", lake.database, lake.database));
    assert!(refused.is_err(), "the server wrote into the data files");
    assert_eq!(before, querycell_tests::snapshot_folder(&lake.parquet), "the data files changed");
}

/// The compiler and the host's lexical gate agree without any server: every statement the
/// compiler writes for Spark from the differential's plans (with and without a policy) passes
/// the gate, and its DuckDB spelling parses to the same kind of statement.
#[test]
fn every_statement_the_compiler_writes_for_spark_passes_the_lexical_gate() {
    use querycell_guest::model::{Column, Dialect, RowFilter, Table, TablePolicy};
    use querycell_guest::ValueKind::*;
    let column = |name: &str, kind| Column { name: name.into(), display_name: name.into(), sql_type: "x".into(), kind };
    let mut view = querycell_guest::CatalogView {
        tables: vec![Table {
            name: "events".into(),
            relation: vec!["lake".into(), "events".into()],
            columns: vec![
                column("event_id", Text),
                column("team", Text),
                column("severity", Text),
                column("minutes", Integer),
                column("cost", Float),
                column("resolved", Boolean),
                column("opened_on", Date),
                column("closed_at", Timestamp),
            ],
            policy: None,
        }],
        today: TODAY.parse::<querycell::Date>().unwrap().days_since_epoch(),
        relationships: Vec::new(),
        metrics: Vec::new(),
        dialect: Dialect::Spark,
        ..Default::default()
    };
    let mut checked = 0;
    for policed in [false, true] {
        if policed {
            view.tables[0].policy = Some(TablePolicy {
                row_filters: vec![RowFilter { column: "tenant".into(), values: vec!["a".into(), "b'c".into()] }],
            });
        }
        for plan in plans() {
            let Ok(compiled) = querycell_guest::compile_plan(&plan, &view) else { continue };
            let probe = compiled.null_probe.as_ref().map(|p| p.query.clone());
            for query in [Some(compiled.main.clone()), Some(compiled.count.clone()), probe].into_iter().flatten() {
                let spelled = querycell::testing::duckdb_spelling(&query.sql)
                    .unwrap_or_else(|why| panic!("{why}: {}", query.sql));
                assert!(spelled.starts_with("SELECT ") && !spelled.contains('`'), "{spelled}");
                assert_eq!(spelled.matches('?').count(), query.params.len(), "{}", query.sql);
                checked += 1;
            }
        }
    }
    assert!(checked > 400, "{checked}");
}

/// The incidents example (`host/demo/plans/p1-ack-by-team.json`, the plan the README and
/// docs/spark.md show), answered by both engines: the same answer, and each
/// engine's latency, with the `local[2]` server to itself (printed for the closing note; these
/// machines are too noisy to assert on).
#[test]
fn the_incidents_example_answers_alike_and_its_latency_is_printed() {
    let _cores = own_cores();
    let Some(lake) = lake("local") else { return };
    let plan =
        std::fs::read_to_string(querycell_tests::workspace().join("host/demo/plans/p1-ack-by-team.json")).unwrap();
    let duck = open(&lake.duck_index, Limits::default());
    let spark = open(&lake.spark_index, Limits::default());
    let (a, b) = (duck.query_plan(&plan), spark.query_plan(&plan));
    assert!(same(&answer_json(&a), &answer_json(&b)), "{:?}\n{:?}", answer_json(&a), answer_json(&b));
    assert!(!a.unwrap().rows.is_empty());
    let p50 = |cell: &QueryCell| {
        let mut times: Vec<f64> = (0..15)
            .map(|_| {
                let started = Instant::now();
                cell.query_plan(&plan).unwrap();
                started.elapsed().as_secs_f64() * 1e3
            })
            .collect();
        times.sort_by(f64::total_cmp);
        times[times.len() / 2]
    };
    let (duck_ms, spark_ms) = (p50(&duck), p50(&spark));
    eprintln!(
        "incidents example, p50 of 15 answers: DuckDB {duck_ms:.2} ms, Spark local[2] {spark_ms:.1} ms ({:.0}x)",
        spark_ms / duck_ms
    );
}
