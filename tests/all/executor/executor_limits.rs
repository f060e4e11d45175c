//! The executor's own defences, tested by handing it statements directly (as a compromised
//! or buggy guest would): statement re-checks, the locked read-only configuration, the query
//! timeout and memory limit. The connection's defences are shown with the parse-tree
//! allowlist out of the way (`run_without_parse_tree_check`), so each layer is seen to hold
//! on its own. None of these may change the index's bytes.

use std::path::Path;
use std::time::{Duration, Instant};

use querycell::catalog::Catalog;
use querycell::sandbox::wit;
use querycell::testing::Executor;
use querycell::testing::Readable;
use querycell::{ingest, Error, ErrorClass, Limits, WorkerPolicy};
use querycell_tests::{
    compiled, expression_columns, incidents_index, querycell_bin, snapshot_folder, write_file, INCIDENTS_CSV,
};

fn query(sql: &str, params: Vec<wit::Param>) -> wit::Query {
    wit::Query { sql: sql.into(), params }
}

/// What a guest might return: `sql` as the main query with `columns` output columns.
fn guest_output(sql: &str, params: Vec<wit::Param>, columns: usize) -> wit::Compiled {
    let count = query(&format!("SELECT count(*) FROM ({sql}) AS answer"), params.clone());
    compiled(query(sql, params), count, expression_columns(columns), 10)
}

fn run(
    executor: &Executor,
    sql: &str,
    params: Vec<wit::Param>,
    columns: usize,
) -> Result<querycell::testing::Execution, Error> {
    executor.run(&guest_output(sql, params, columns))
}

/// Past the parse-tree allowlist, to reach the locked connection itself.
fn run_unchecked(
    executor: &Executor,
    sql: &str,
    params: Vec<wit::Param>,
    columns: usize,
) -> Result<querycell::testing::Execution, Error> {
    executor.run_without_parse_tree_check(&guest_output(sql, params, columns))
}

/// The same index opened both ways statements can run: on this process's connection, and in
/// a query worker process. Every defence below must hold in both.
fn open(index: &Path, limits: &Limits) -> [(&'static str, Executor); 2] {
    let catalog = Catalog::load(index).expect("catalog");
    let tables = || catalog.tables.iter().map(|t| t.name.clone());
    let in_process = Executor::open(&Catalog::data_path(index), limits, Readable::tables(tables())).expect("executor");
    let data = std::fs::File::open(Catalog::data_path(index)).expect("data file");
    let workers =
        Executor::open_in_workers(data, limits, Readable::tables(tables()), &WorkerPolicy::new(querycell_bin()))
            .expect("worker executor");
    [("in-process", in_process), ("worker", workers)]
}

#[test]
fn statements_are_rechecked_with_duckdbs_parser() {
    let dir = tempfile::tempdir().unwrap();
    let index = incidents_index(dir.path());
    let before = snapshot_folder(&index);
    for (mode, executor) in open(&index, &Limits::default()) {
        eprintln!("statements run {mode}");

        let ok = run(
            &executor,
            "SELECT team FROM incidents WHERE severity = ? ORDER BY team LIMIT ?",
            vec![wit::Param::Text("P2".into()), wit::Param::Integer(11)],
            1,
        )
        .unwrap();
        assert_eq!(ok.rows, vec![vec![serde_json::json!("Payments")]]);

        let refused = [
            "SELECT 1 AS a; SELECT 2 AS a",
            "SELECT 1 AS a; DROP TABLE incidents",
            "PRAGMA version",
            "SHOW TABLES",
            "DESCRIBE incidents",
            "FROM incidents",
            "DROP TABLE incidents",
            "CREATE TABLE x AS SELECT 1",
            "COPY incidents TO '/tmp/querycell-exfil.csv'",
            "ATTACH '/tmp/querycell-other.duckdb' AS other",
            "SET threads = 64",
            "INSTALL httpfs",
            "WITH d AS (SELECT 1) DELETE FROM incidents",
        ];
        for sql in refused {
            let error = run(&executor, sql, vec![], 1).expect_err(sql);
            assert_eq!(error.code, "statement_refused", "{sql}: {error}");
            // The shape check and DuckDB's one-SELECT rule hold without the tree allowlist too
            // (DuckDB refuses to prepare a write on the read-only connection).
            let error = run_unchecked(&executor, sql, vec![], 1).expect_err(sql);
            assert!(matches!(error.code.as_str(), "statement_refused" | "query_invalid"), "{sql}: {error}");
        }
        // A placeholder count that does not match the values is refused too.
        let error = run(&executor, "SELECT team FROM incidents WHERE severity = ?", vec![], 1).expect_err("unbound");
        assert_eq!(error.code, "statement_refused", "{error}");
        assert!(!Path::new("/tmp/querycell-exfil.csv").exists());
        assert_eq!(snapshot_folder(&index), before, "the index changed");
    }
}

#[test]
fn the_connection_is_read_only_locked_and_cut_off_from_files() {
    let dir = tempfile::tempdir().unwrap();
    let index = incidents_index(dir.path());
    let before = snapshot_folder(&index);
    for (mode, executor) in
        open(&index, &Limits { query_threads: 1, query_memory_bytes: 256 << 20, ..Limits::default() })
    {
        eprintln!("statements run {mode}");

        let settings = run_unchecked(
            &executor,
            "SELECT name, value FROM duckdb_settings() WHERE name IN ('enable_external_access', 'lock_configuration', \
             'threads', 'autoload_known_extensions', 'temp_directory', 'access_mode', 'async_threads')",
            vec![],
            2,
        )
        .unwrap();
        let setting = |name: &str| {
            let row = settings.rows.iter().find(|row| row[0] == serde_json::json!(name));
            row.map(|row| row[1].as_str().unwrap_or_default().to_ascii_lowercase()).unwrap_or_else(|| panic!("{name}"))
        };
        assert_eq!(setting("enable_external_access"), "false");
        assert_eq!(setting("lock_configuration"), "true");
        assert_eq!(setting("threads"), "1");
        assert_eq!(setting("autoload_known_extensions"), "false");
        assert_eq!(setting("temp_directory"), "");
        assert_eq!(setting("access_mode"), "read_only");
        assert_eq!(setting("async_threads"), "0");

        for sql in [
            "SELECT content FROM read_text('/etc/hostname')",
            "SELECT * FROM read_csv('/etc/passwd')",
            "SELECT * FROM '/etc/passwd'",
            "SELECT * FROM glob('/etc/*')",
        ] {
            let error = run_unchecked(&executor, sql, vec![], 1).expect_err(sql);
            // DuckDB refuses file access while binding (prepare) or while running.
            assert!(matches!(error.code.as_str(), "query_invalid" | "query_failed"), "{sql}: {error}");
            let blocked = ["disabled by configuration", "Permission", "does not exist"];
            assert!(blocked.iter().any(|b| error.message.contains(b)), "{sql}: {error}");
        }
        // Of DuckDB's extensions only the core functions statements may call are loaded:
        // the others, and json's and parquet's, do not exist here, though the binary links
        // them (ingest reads such files).
        for sql in [
            "SELECT json_valid('{}')",
            "SELECT * FROM parquet_metadata('x.parquet')",
            "SELECT current_setting('threads')",
            "SELECT levenshtein('duck', 'db')",
        ] {
            let error = run_unchecked(&executor, sql, vec![], 1).expect_err(sql);
            assert_eq!(error.code, "query_invalid", "{sql}: {error}");
            assert!(error.message.contains("not in the catalog"), "{sql}: {error}");
        }
        assert_eq!(snapshot_folder(&index), before, "the index changed");
    }
}

#[test]
fn a_runaway_query_is_interrupted_at_the_timeout() {
    let dir = tempfile::tempdir().unwrap();
    let index = incidents_index(dir.path());
    let limits = Limits { query_timeout: Duration::from_millis(300), ..Limits::default() };
    for (mode, executor) in open(&index, &limits) {
        eprintln!("statements run {mode}");
        let started = Instant::now();
        let error = run_unchecked(&executor, "SELECT sum(x) FROM range(1000000000000) AS t(x)", vec![], 1)
            .expect_err("runs for hours otherwise");
        let elapsed = started.elapsed();
        assert_eq!((error.code.as_str(), error.class), ("query_timeout", ErrorClass::Limit), "{error}");
        assert!(elapsed < Duration::from_secs(5), "took {elapsed:?}");
        // The connection is usable afterwards.
        assert!(run_unchecked(&executor, "SELECT count(*) FROM incidents", vec![], 1).is_ok());
    }
}

#[test]
fn a_query_that_outgrows_the_memory_limit_fails_without_spilling() {
    let dir = tempfile::tempdir().unwrap();
    let index = incidents_index(dir.path());
    let limits = Limits {
        query_memory_bytes: 64 << 20,
        query_threads: 1,
        query_timeout: Duration::from_secs(120),
        ..Limits::default()
    };
    for (mode, executor) in open(&index, &limits) {
        eprintln!("statements run {mode}");
        let error = run_unchecked(
            &executor,
            "SELECT count(*) FROM range(50000000) AS a(x) JOIN range(50000000) AS b(y) ON x = y",
            vec![],
            1,
        )
        .expect_err("the join's hash table needs far more than 64 MiB");
        assert_eq!((error.code.as_str(), error.class), ("query_memory", ErrorClass::Limit), "{error}");
        assert!(run_unchecked(&executor, "SELECT count(*) FROM incidents", vec![], 1).is_ok());
    }
}

#[test]
fn rows_past_the_limit_are_counted_not_returned() {
    let dir = tempfile::tempdir().unwrap();
    let index = incidents_index(dir.path());
    for (mode, executor) in open(&index, &Limits::default()) {
        eprintln!("statements run {mode}");
        let mut plan = guest_output(
            "SELECT incident_id FROM incidents ORDER BY incident_id LIMIT ?",
            vec![wit::Param::Integer(4)],
            1,
        );
        plan.limit = 3;
        plan.count = query("SELECT count(*) FROM incidents", vec![]);
        let execution = executor.run(&plan).unwrap();
        assert_eq!(execution.rows.len(), 3);
        assert!(execution.truncated);
        assert_eq!(execution.total_rows, INCIDENTS_CSV.lines().count() as u64 - 1);
    }
}

#[test]
fn counts_the_main_query_does_not_carry_are_a_guest_output_mismatch() {
    let dir = tempfile::tempdir().unwrap();
    for (mode, executor) in open(&incidents_index(dir.path()), &Limits::default()) {
        eprintln!("statements run {mode}");
        let mut lying =
            guest_output("SELECT team FROM incidents ORDER BY team LIMIT ?", vec![wit::Param::Integer(11)], 1);
        lying.main_counts = vec![wit::ProbeCount::AggregateSkipped("team".into())];
        let error = executor.run(&lying).expect_err("one column cannot be an answer column and a count");
        assert_eq!(error.code, "guest_output_mismatch", "{error}");
    }
}

/// The row cap is the host's, not the SQL's (docs/security.md, invariant 9). A statement with
/// no LIMIT over 4^12 rows (16.7 M: far more than the 64 MiB memory limit could hold as a
/// materialised result) gives the compiled limit's rows, read from a stream the host stops.
#[test]
fn the_host_reads_at_most_limit_plus_one_rows_whatever_the_sql_says() {
    let dir = tempfile::tempdir().unwrap();
    let index = incidents_index(dir.path());
    let limits = Limits { query_memory_bytes: 64 << 20, ..Limits::default() };
    for (mode, executor) in open(&index, &limits) {
        eprintln!("statements run {mode}");
        let from: Vec<String> = (0..12).map(|i| format!("incidents AS t{i}")).collect();
        let sql = format!("SELECT t0.team, t11.incident_id FROM {}", from.join(", "));
        let execution = run(&executor, &sql, Vec::new(), 2).unwrap_or_else(|e| panic!("{sql}: {e}"));
        assert_eq!(execution.rows.len(), 10);
        assert!(execution.truncated);
        assert_eq!(execution.total_rows, 4u64.pow(12));
    }
}

/// The connection starts no more DuckDB threads than a scan of the largest table can use
/// (one per row group of 122 880 rows), up to `query_threads`: over small tables a second
/// thread only costs each answer a hand-off. The executor test above shows the connection
/// runs with the `query_threads` the cell's limits carry.
#[test]
fn a_connection_starts_no_more_threads_than_its_largest_table_can_use() {
    use querycell::limits::DUCKDB_ROW_GROUP_ROWS;
    use querycell::QueryCell;
    let dir = tempfile::tempdir().unwrap();
    let small = incidents_index(dir.path());
    let four = Limits { query_threads: 4, ..Limits::default() };
    let cell = QueryCell::open(&small, four.clone()).expect("opens");
    assert_eq!(cell.limits().query_threads, 1, "every table fits one row group");
    assert!(cell
        .query_plan(r#"{"table": "incidents", "group_by": ["team"], "aggregations": [{"function": "count"}]}"#)
        .is_ok());

    // Two full row groups and one row: three scan threads' worth.
    let rows = 2 * DUCKDB_ROW_GROUP_ROWS + 1;
    let mut csv = String::from("reading_id,value\n");
    for i in 0..rows {
        csv.push_str(&format!("{i},{}\n", i % 97));
    }
    let big = dir.path().join("big-index");
    ingest::ingest(
        &big,
        &[write_file(dir.path(), "big/readings.csv", &csv), write_file(dir.path(), "big/incidents.csv", INCIDENTS_CSV)],
    )
    .expect("ingest");
    let cell = QueryCell::open(&big, four).expect("opens");
    assert_eq!(cell.limits().query_threads, 3, "the largest table has three row groups' rows");
    let cell = QueryCell::open(&big, Limits { query_threads: 2, ..Limits::default() }).expect("opens");
    assert_eq!(cell.limits().query_threads, 2, "never more than query_threads");
    let answer = cell.query_plan(r#"{"table": "readings", "aggregations": [{"function": "count"}]}"#).expect("answers");
    assert_eq!(answer.rows[0][0], serde_json::json!(rows));
}
