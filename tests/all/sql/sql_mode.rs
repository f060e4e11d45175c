//! SQL mode end to end: a corpus of hostile statements (each refused with a typed error or
//! stopped by a limit, never reaching DuckDB unvalidated, the index unchanged), and benign
//! analytical statements whose answers equal DuckDB's own answer for the same SQL; and the
//! function allowlist as `docs/sql-mode.md` lists it.

use std::path::{Path, PathBuf};
use std::time::Duration;

use querycell::{ingest, ErrorClass, Limits, QueryCell};
use querycell_tests::{snapshot_folder, write_file, write_parquet};
use serde_json::Value;

/// 120 incidents over four teams, with some missing ack times, and a teams table.
fn fixture(dir: &Path) -> PathBuf {
    let teams = ["Platform", "Payments", "Search", "Data"];
    let services = ["api", "billing", "index", "etl", "gateway"];
    let mut incidents = String::from("incident_id,team,severity,ack_minutes,opened_at,service\n");
    for i in 0..120u32 {
        let ack = if i % 11 == 0 { String::new() } else { ((i * 37) % 240 + 1).to_string() };
        let day = 1 + (i * 7) % 28;
        let month = 1 + (i % 4);
        incidents.push_str(&format!(
            "I-{:03},{},P{},{ack},2026-{month:02}-{day:02},{}\n",
            i,
            teams[(i as usize * 7) % 4],
            1 + (i * 5) % 3,
            services[(i as usize) % 5]
        ));
    }
    let data = dir.join("data");
    write_file(&data, "incidents.csv", &incidents);
    write_file(
        &data,
        "teams.csv",
        "team,manager,region\nPlatform,Ada,EU\nPayments,Grace,US\nSearch,Edsger,EU\nData,Barbara,US\nMobile,Alan,EU\n",
    );
    let index = dir.join("index");
    ingest::ingest(&index, &[data]).expect("ingest fixture");
    index
}

fn open(index: &Path) -> QueryCell {
    let limits = Limits { query_timeout: Duration::from_secs(2), query_memory_bytes: 256 << 20, ..Limits::default() };
    querycell_tests::sql_cell(index, limits)
}

const HOSTILE: &[(&str, &str)] = &[
    // file and network reads
    ("file", "SELECT * FROM read_csv('/etc/passwd')"),
    ("file", "SELECT * FROM read_csv_auto('/etc/passwd')"),
    ("file", "SELECT * FROM read_text('/etc/passwd')"),
    ("file", "SELECT * FROM read_blob('/etc/passwd')"),
    ("file", "SELECT * FROM read_json('/etc/passwd')"),
    ("file", "SELECT * FROM read_parquet('/tmp/x.parquet')"),
    ("file", "SELECT * FROM parquet_scan('/tmp/x.parquet')"),
    ("file", "SELECT * FROM '/etc/passwd'"),
    ("file", "SELECT * FROM 'https://example.com/data.csv'"),
    ("file", "SELECT * FROM glob('/etc/*')"),
    ("file", "SELECT content FROM read_text('http://169.254.169.254/latest/meta-data/')"),
    ("file", "SELECT read_text('/etc/passwd')"),
    ("file", "SELECT * FROM incidents, read_text('/etc/hostname')"),
    ("file", "SELECT * FROM incidents WHERE team IN (SELECT content FROM read_text('/etc/hostname'))"),
    // dynamic SQL
    ("dynamic", "SELECT * FROM query('SELECT 1')"),
    ("dynamic", "SELECT * FROM query_table('incidents')"),
    ("dynamic", "SELECT json_execute_serialized_sql('{}')"),
    ("dynamic", "SELECT * FROM json_execute_serialized_sql('{}')"),
    ("dynamic", "SELECT * FROM sql_auto_complete('SEL')"),
    // settings and catalog leaks
    ("leak", "SELECT * FROM duckdb_settings()"),
    ("leak", "SELECT current_setting('memory_limit')"),
    ("leak", "SELECT * FROM duckdb_databases()"),
    ("leak", "SELECT * FROM duckdb_views()"),
    ("leak", "SELECT * FROM duckdb_tables()"),
    ("leak", "SELECT * FROM duckdb_extensions()"),
    ("leak", "SELECT * FROM duckdb_secrets()"),
    ("leak", "SELECT * FROM pragma_version()"),
    ("leak", "SELECT * FROM pragma_database_list"),
    ("leak", "SELECT * FROM information_schema.tables"),
    ("leak", "SELECT * FROM sqlite_master"),
    ("leak", "SELECT version()"),
    ("leak", "SELECT getenv('HOME')"),
    // configuration changes
    ("config", "SET enable_external_access = true"),
    ("config", "SET lock_configuration = false"),
    ("config", "RESET lock_configuration"),
    ("config", "SELECT enable_logging()"),
    ("config", "SELECT * FROM enable_logging()"),
    ("config", "PRAGMA enable_profiling"),
    ("config", "SET GLOBAL threads = 64"),
    // multiple statements and comment smuggling
    ("multi", "SELECT 1; SELECT * FROM read_text('/etc/passwd')"),
    ("multi", "SELECT 1; DROP TABLE incidents"),
    ("multi", "SELECT team FROM incidents; -- harmless\nCOPY incidents TO '/tmp/querycell-q.csv'"),
    ("multi", "SELECT 1 /* ; */ ; ATTACH '/tmp/querycell-q.db' AS q"),
    ("multi", "SELECT team FROM incidents --\n; DELETE FROM incidents"),
    ("multi", "SELECT 1\n;\nPRAGMA version"),
    // quoted-identifier tricks
    ("quoted", "SELECT \"read_text\"('/etc/passwd')"),
    ("quoted", "SELECT * FROM \"read_csv\"('/etc/passwd')"),
    ("quoted", "SELECT * FROM \"duckdb_settings\"()"),
    ("quoted", "SELECT * FROM \"main\".\"incidents\""),
    ("quoted", "SELECT * FROM \"system\".\"main\".\"duckdb_settings\""),
    ("quoted", "SELECT \"current_setting\"('threads')"),
    ("quoted", "SELECT * FROM \"/etc/passwd\""),
    ("quoted", "SELECT * FROM incidents, \"data.csv\""),
    // text the re-emitted statement could carry differently than it was validated
    // (docs/security.md, invariant 2)
    ("smuggle", "SELECT CAST(region AS BPCHAR('1)) AS x, (SELECT current_setting(''memory_limit'')) AS leaked, ((1')) FROM teams"),
    ("smuggle", "SELECT region::BPCHAR('1)) AS x, (SELECT current_setting(''memory_limit'')) AS leaked, ((1')) FROM teams"),
    ("smuggle", "SELECT TRY_CAST(region AS mytype('1)) AS x FROM read_text(''/etc/passwd'') --')) FROM teams"),
    ("smuggle", "SELECT team FROM incidents WHERE CAST(team AS BPCHAR('1)) = (SELECT current_setting(''threads'')) AND ((1')) = 'x'"),
    ("smuggle", "SELECT mytype '1' FROM teams"),
    ("smuggle", "SELECT 1_000 FROM teams"),
    ("smuggle", "SELECT 0x10 FROM teams"),
    ("smuggle", "SELECT `region` FROM teams"),
    ("smuggle", "SELECT E'\\x41' FROM teams"),
    ("smuggle", "SELECT $$x$$ FROM teams"),
    ("smuggle", "SELECT region COLLATE de FROM teams"),
    ("smuggle", "SELECT region -> '$.a' FROM teams"),
    // statements that are not queries
    ("statement", "PRAGMA version"),
    ("statement", "PRAGMA database_list"),
    ("statement", "CALL pragma_version()"),
    ("statement", "SET threads = 1"),
    ("statement", "ATTACH '/tmp/querycell-q.db' AS q"),
    ("statement", "DETACH q"),
    ("statement", "COPY incidents TO '/tmp/querycell-q.csv'"),
    ("statement", "COPY (SELECT 1) TO '/tmp/querycell-q.csv'"),
    ("statement", "INSTALL httpfs"),
    ("statement", "LOAD httpfs"),
    ("statement", "EXPORT DATABASE '/tmp/querycell-q'"),
    ("statement", "CREATE TABLE x AS SELECT 1"),
    ("statement", "CREATE TABLE x AS\nSELECT 1"),
    ("statement", "Here it is:\nCREATE TABLE x AS\nSELECT 1"),
    ("statement", "INSERT INTO incidents (team)\nSELECT team FROM teams"),
    ("statement", "CREATE MACRO m() AS 1"),
    ("statement", "DROP TABLE incidents"),
    ("statement", "INSERT INTO incidents (team) VALUES ('x')"),
    ("statement", "UPDATE incidents SET team = 'x'"),
    ("statement", "DELETE FROM incidents"),
    ("statement", "ALTER TABLE incidents ADD COLUMN x INTEGER"),
    ("statement", "CHECKPOINT"),
    ("statement", "DESCRIBE incidents"),
    ("statement", "SHOW TABLES"),
    ("statement", "EXPLAIN SELECT 1"),
    ("statement", "SELECT team INTO copy_of_teams FROM teams"),
    ("statement", "WITH d AS (DELETE FROM incidents RETURNING *) SELECT * FROM d"),
    ("statement", "SELECT * FROM incidents WHERE team = ?"),
    // denial of service shapes
    ("dos", "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT count(*) FROM r"),
    ("dos", "SELECT count(*) FROM range(1000000000000)"),
    ("dos", "SELECT * FROM generate_series(1, 1000000000000)"),
    ("dos", "SELECT repeat('x', 1000000000)"),
    ("dos", "SELECT lpad('x', 1000000000, 'y')"),
    ("dos", "SELECT sum(a.ack_minutes + b.ack_minutes + c.ack_minutes + d.ack_minutes + e.ack_minutes + f.ack_minutes) FROM incidents a, incidents b, incidents c, incidents d, incidents e, incidents f"),
    ("dos", "SELECT count(*) FROM incidents a CROSS JOIN incidents b CROSS JOIN incidents c CROSS JOIN incidents d CROSS JOIN incidents e CROSS JOIN incidents f"),
    ("dos", "SELECT string_agg(a.incident_id || b.incident_id || c.incident_id || d.incident_id, ',') FROM incidents a, incidents b, incidents c, incidents d"),
];

#[test]
fn hostile_statements_are_refused_or_stopped() {
    let dir = tempfile::tempdir().unwrap();
    let index = fixture(dir.path());
    let before = snapshot_folder(&index);
    let cell = open(&index);
    let mut deep = format!("SELECT {}1{}", "(".repeat(5000), ")".repeat(5000));
    let huge = format!("SELECT team FROM incidents WHERE team IN ({})", vec!["'x'"; 20_000].join(", "));
    let mut corpus: Vec<(&str, &str)> = HOSTILE.to_vec();
    corpus.push(("dos", deep.as_str()));
    corpus.push(("dos", huge.as_str()));
    assert!(corpus.len() >= 60, "the corpus has {} statements", corpus.len());

    for (class, sql) in &corpus {
        let error = match cell.query_sql(sql) {
            Ok(answer) => panic!("[{class}] {sql} was answered: {:?}", answer.rows),
            Err(error) => error,
        };
        match error.class {
            ErrorClass::Refused => assert!(error.hint.is_some(), "[{class}] {sql}: refusal without a hint: {error}"),
            ErrorClass::Limit => {
                assert_eq!(*class, "dos", "[{class}] {sql}: only DoS shapes should reach a limit: {error}")
            }
            ErrorClass::Internal => panic!("[{class}] {sql}: got past the guest and failed later: {error}"),
        }
    }
    deep.clear();
    for leftover in ["/tmp/querycell-q.csv", "/tmp/querycell-q.db", "/tmp/querycell-q"] {
        assert!(!Path::new(leftover).exists(), "{leftover} was written");
    }
    assert_eq!(snapshot_folder(&index), before, "the index changed");
}

#[test]
fn refusals_name_the_rule_they_broke() {
    let dir = tempfile::tempdir().unwrap();
    let cell = open(&fixture(dir.path()));
    let cases = [
        ("SELECT * FROM read_csv('/etc/passwd')", "table_function_refused"),
        ("SELECT read_text('/etc/passwd')", "function_not_allowed"),
        ("SELECT * FROM secrets", "unknown_table"),
        ("SELECT * FROM '/etc/passwd'", "string_as_table"),
        ("SELECT 1; SELECT 2", "multiple_statements"),
        ("PRAGMA version", "not_a_query"),
        ("WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT * FROM r", "recursive_cte"),
        ("SELECT severty FROM incidents", "unknown_column"),
        ("SELECT team INTO t2 FROM teams", "select_into_refused"),
        ("SELECT * FROM incidents WHERE team = ?", "placeholder_refused"),
        ("SELEC 1", "sql_syntax"),
    ];
    for (sql, code) in cases {
        let error = cell.query_sql(sql).expect_err(sql);
        assert_eq!(error.code, code, "{sql}: {error}");
    }
    let error = cell.query_sql("SELECT severty FROM incidents").unwrap_err();
    assert_eq!((error.path.as_str(), error.hint.as_deref()), ("sql:1:8", Some("did you mean 'severity'?")));
}

#[test]
fn a_pragma_that_duckdb_calls_select_is_refused() {
    // DuckDB rewrites `PRAGMA version` to a SELECT from pragma_version(); querycell refuses
    // it in the guest (not a query) and the host would refuse its shape too.
    let dir = tempfile::tempdir().unwrap();
    let cell = open(&fixture(dir.path()));
    for sql in ["PRAGMA version", "pragma version;", "```sql\nPRAGMA version\n```"] {
        let error = cell.query_sql(sql).expect_err(sql);
        assert_eq!(error.code, "not_a_query", "{sql}: {error}");
    }
}

#[test]
fn sql_mode_is_off_unless_enabled() {
    let dir = tempfile::tempdir().unwrap();
    let index = fixture(dir.path());
    let cell = QueryCell::open(&index, Limits::default()).unwrap();
    let error = cell.query_sql("SELECT count(*) FROM incidents").unwrap_err();
    assert_eq!((error.code.as_str(), error.class), ("sql_mode_disabled", ErrorClass::Refused));
}

/// (what the caller sends, the same statement for DuckDB itself)
const BENIGN: &[(&str, &str)] = &[
    ("SELECT team, count(*) AS n FROM incidents GROUP BY team ORDER BY team", ""),
    ("SELECT team, avg(ack_minutes) AS avg_ack FROM incidents WHERE severity = 'P1' GROUP BY team ORDER BY avg_ack DESC, team", ""),
    ("SELECT i.team, t.manager, count(*) AS n FROM incidents i JOIN teams t ON i.team = t.team GROUP BY i.team, t.manager ORDER BY i.team", ""),
    ("SELECT t.region, sum(i.ack_minutes) AS total FROM incidents i JOIN teams t ON t.team = i.team GROUP BY t.region ORDER BY t.region", ""),
    ("SELECT t.team, count(i.incident_id) AS n FROM teams t LEFT JOIN incidents i ON i.team = t.team GROUP BY t.team ORDER BY t.team", ""),
    ("WITH p1 AS (SELECT * FROM incidents WHERE severity = 'P1') SELECT team, max(ack_minutes) AS worst FROM p1 GROUP BY team ORDER BY team", ""),
    ("WITH a AS (SELECT team, count(*) AS n FROM incidents GROUP BY team), b AS (SELECT team, manager FROM teams) SELECT b.manager, a.n FROM a JOIN b ON a.team = b.team ORDER BY b.manager", ""),
    ("SELECT incident_id, team, ack_minutes, rank() OVER (PARTITION BY team ORDER BY ack_minutes DESC NULLS LAST) AS r FROM incidents ORDER BY team, r, incident_id", ""),
    ("SELECT incident_id, sum(ack_minutes) OVER (ORDER BY opened_at, incident_id) AS running FROM incidents ORDER BY opened_at, incident_id", ""),
    ("SELECT incident_id, ack_minutes - lag(ack_minutes) OVER (ORDER BY incident_id) AS delta FROM incidents ORDER BY incident_id", ""),
    ("SELECT * FROM (SELECT team, incident_id, row_number() OVER (PARTITION BY team ORDER BY ack_minutes DESC NULLS LAST, incident_id) AS rn FROM incidents) ranked WHERE rn = 1 ORDER BY team", ""),
    ("SELECT CASE WHEN ack_minutes >= 30 THEN 'slow' WHEN ack_minutes IS NULL THEN 'unknown' ELSE 'fast' END AS speed, count(*) AS n FROM incidents GROUP BY 1 ORDER BY 1", ""),
    ("SELECT date_trunc('month', opened_at) AS month, count(*) AS n FROM incidents GROUP BY 1 ORDER BY 1", ""),
    ("SELECT EXTRACT(year FROM opened_at) AS y, EXTRACT(month FROM opened_at) AS m, count(*) AS n FROM incidents GROUP BY 1, 2 ORDER BY 1, 2", ""),
    ("SELECT strftime(opened_at, '%Y-%m') AS ym, count(*) AS n FROM incidents GROUP BY ym ORDER BY ym", ""),
    ("SELECT team, severity, count(*) AS n FROM incidents GROUP BY ROLLUP (team, severity) ORDER BY team NULLS LAST, severity NULLS LAST", ""),
    ("SELECT team, count(*) AS n FROM incidents GROUP BY team HAVING count(*) >= 30 ORDER BY team", ""),
    ("SELECT incident_id FROM incidents WHERE team IN ('Platform', 'Search') AND ack_minutes < 20 ORDER BY incident_id", ""),
    ("SELECT count(*) AS n FROM incidents WHERE opened_at BETWEEN DATE '2026-02-01' AND DATE '2026-02-28'", ""),
    ("SELECT count(*) AS n FROM incidents WHERE opened_at BETWEEN '2026-02-01' AND '2026-03-31'", ""),
    ("SELECT incident_id FROM incidents WHERE service LIKE 'b%' ORDER BY 1", ""),
    ("SELECT DISTINCT team FROM incidents WHERE team ILIKE '%PLAT%' ORDER BY team", ""),
    ("SELECT count(*) AS missing FROM incidents WHERE ack_minutes IS NULL", ""),
    ("SELECT incident_id, coalesce(ack_minutes, 0) AS ack FROM incidents ORDER BY incident_id", ""),
    ("SELECT incident_id FROM incidents WHERE team IN (SELECT team FROM teams WHERE region = 'EU') ORDER BY incident_id", ""),
    ("SELECT t.team FROM teams t WHERE EXISTS (SELECT 1 FROM incidents i WHERE i.team = t.team AND i.severity = 'P1') ORDER BY t.team", ""),
    ("SELECT team, (SELECT count(*) FROM incidents i WHERE i.team = t.team) AS n FROM teams t ORDER BY team", ""),
    ("SELECT team FROM incidents UNION SELECT team FROM teams ORDER BY team", ""),
    ("SELECT team, median(ack_minutes) AS med, quantile_cont(ack_minutes, 0.9) AS p90 FROM incidents GROUP BY team ORDER BY team", ""),
    ("SELECT team, count(DISTINCT severity) AS sev, string_agg(DISTINCT severity, ',' ORDER BY severity) AS list FROM incidents GROUP BY team ORDER BY team", ""),
    ("SELECT team, round(avg(ack_minutes), 1) AS a FROM incidents GROUP BY team ORDER BY team", ""),
    ("SELECT incident_id, date_diff('day', DATE '2026-01-01', opened_at) AS days FROM incidents ORDER BY incident_id", ""),
    ("SELECT team, severity, count(*) AS n FROM incidents GROUP BY ALL ORDER BY ALL", ""),
    ("SELECT team, arg_max(incident_id, ack_minutes) AS worst FROM incidents GROUP BY team ORDER BY team", ""),
    ("SELECT w.team, w.worst, t.manager FROM (SELECT team, max(ack_minutes) AS worst FROM incidents GROUP BY team) w JOIN teams t USING (team) ORDER BY w.team", ""),
    ("SELECT incident_id FROM incidents WHERE severity <> 'P1' AND team NOT IN ('Search') ORDER BY 1", ""),
    ("SELECT team, count_if(severity = 'P1') AS p1 FROM incidents GROUP BY team ORDER BY team", ""),
    ("SELECT incident_id FROM incidents ORDER BY incident_id LIMIT 3 OFFSET 2", ""),
    // DuckDB runs these as functions a statement may not name (`arg_min_null`, ...).
    ("SELECT team, first(incident_id ORDER BY ack_minutes DESC NULLS LAST, incident_id) AS worst, last(incident_id ORDER BY incident_id) AS latest FROM incidents GROUP BY team ORDER BY team", ""),
    ("SELECT DISTINCT ON (team) team, incident_id, ack_minutes FROM incidents ORDER BY team, ack_minutes DESC NULLS LAST, incident_id", ""),
    // Grouped as DuckDB groups it, (a IS DISTINCT FROM b) AND c, and the values bound.
    ("SELECT incident_id FROM incidents WHERE ack_minutes IS DISTINCT FROM 30 AND severity IS NOT DISTINCT FROM 'P2' OR team IS NOT DISTINCT FROM 'Data' ORDER BY 1", ""),
    ("SELECT incident_id, team IS DISTINCT FROM 'Search' AND ack_minutes > 100 AS flagged, ack_minutes IS DISTINCT FROM 7 IS NULL AS never FROM incidents ORDER BY 1", ""),
    ("SELECT team, incident_id FROM incidents QUALIFY row_number() OVER (PARTITION BY team ORDER BY incident_id) = 1 ORDER BY team", ""),
    // Analyst forms: grouping sets without parentheses and (), null treatment,
    // ANY/ALL, row values, LATERAL, collations, `top`, and the statistics added beside their
    // siblings (weighted_avg is DuckDB's macro, grouping_id grouping's other name).
    ("SELECT team, severity, grouping_id(team, severity) AS g, count(*) AS n FROM incidents GROUP BY GROUPING SETS (team, (team, severity), ()) ORDER BY g, team, severity", ""),
    ("SELECT count(*) AS n FROM incidents GROUP BY ()", ""),
    ("SELECT incident_id, last_value(ack_minutes IGNORE NULLS) OVER (ORDER BY incident_id) AS filled, lag(ack_minutes, 1, 0 IGNORE NULLS) OVER (ORDER BY incident_id) AS prev FROM incidents ORDER BY incident_id", ""),
    ("SELECT incident_id, last_value(ack_minutes IGNORE NULLS) OVER (ORDER BY incident_id) AS filled FROM incidents ORDER BY incident_id", ""),
    ("SELECT incident_id FROM incidents WHERE ack_minutes > ALL (SELECT ack_minutes FROM incidents WHERE team = 'Data' AND ack_minutes IS NOT NULL) OR ack_minutes = ANY (SELECT 7) ORDER BY 1", ""),
    ("SELECT incident_id FROM incidents WHERE (team, severity) IN (SELECT team, 'P1' FROM teams WHERE region = 'EU') ORDER BY 1", ""),
    ("SELECT t.team, s.worst FROM teams t, LATERAL (SELECT max(ack_minutes) AS worst FROM incidents i WHERE i.team = t.team) s ORDER BY t.team", ""),
    ("SELECT DISTINCT lower(team) COLLATE nocase AS t FROM incidents WHERE team COLLATE NOCASE = 'platform' ORDER BY t", ""),
    ("SELECT count(*) top FROM incidents", ""),
    ("SELECT team, mad(ack_minutes) AS m, round(sem(ack_minutes), 6) AS s, round(weighted_avg(ack_minutes, 2), 6) AS w, regr_count(ack_minutes, ack_minutes) AS c, bit_or(ack_minutes) AS b, chr(65) AS a, unicode(team) AS u FROM incidents GROUP BY team ORDER BY team", ""),
    ("Here is the query you asked for:\n```sql\nSELECT severity, count(*) AS n FROM incidents GROUP BY severity ORDER BY severity;\n```", "SELECT severity, count(*) AS n FROM incidents GROUP BY severity ORDER BY severity"),
];

fn cell_text(value: &Value) -> Option<String> {
    match value {
        Value::Null => None,
        Value::String(s) => Some(s.clone()),
        other => Some(other.to_string()),
    }
}

#[test]
fn benign_statements_answer_like_duckdb_itself() {
    assert!(BENIGN.len() >= 30);
    let dir = tempfile::tempdir().unwrap();
    let index = fixture(dir.path());
    let mut ours = Vec::new();
    {
        let cell = open(&index);
        for (sql, _) in BENIGN {
            let answer = cell.query_sql(sql).unwrap_or_else(|e| panic!("{sql}: {e}"));
            // Only a statement's own LIMIT may cut rows here (the fixture is far below max_rows).
            assert_eq!(answer.truncated, sql.contains("LIMIT"), "{sql}");
            assert!(
                answer.sql.contains(&format!("LIMIT ${}", answer.params.len())),
                "{sql}: the row cap is the last parameter: {}",
                answer.sql
            );
            ours.push(answer.rows.iter().map(|row| row.iter().map(cell_text).collect::<Vec<_>>()).collect::<Vec<_>>());
        }
    }
    let plain = plain_duckdb(&index);
    for ((sql, reference), ours) in BENIGN.iter().zip(ours) {
        let reference = if reference.is_empty() { sql } else { reference };
        assert_eq!(ours, duckdb_rows(&plain, reference), "{sql}");
    }
}

/// A plain read-only DuckDB connection on the index's data file, for DuckDB's own answers.
fn plain_duckdb(index: &Path) -> querycell::testing::Database {
    querycell::testing::Database::open(
        &querycell::catalog::Catalog::data_path(index),
        querycell::testing::Access::ReadOnly,
        &[],
    )
    .unwrap()
}

/// DuckDB's own rows for `sql` on `plain`, each cell as its text (`None` for NULL), as
/// [`cell_text`] reads querycell's.
fn duckdb_rows(plain: &querycell::testing::Database, sql: &str) -> Vec<Vec<Option<String>>> {
    plain
        .query(&format!("SELECT CAST(COLUMNS(*) AS VARCHAR) FROM ({sql}) AS reference"))
        .unwrap()
        .iter()
        .map(|row| row.iter().map(querycell::testing::Cell::text).collect())
        .collect()
}

/// A statement cut by its own LIMIT reports how many rows it has without the cap: its count
/// statement runs the main statement with the cap's parameter unbound (NULL), so an OFFSET
/// still applies and a set operation is counted whole. The expected totals are DuckDB's own.
#[test]
fn a_cut_answer_counts_every_row_the_statement_has_past_its_offset() {
    let dir = tempfile::tempdir().unwrap();
    let index = fixture(dir.path());
    let mut totals = Vec::new();
    {
        let cell = open(&index);
        for sql in [
            "SELECT incident_id FROM incidents ORDER BY incident_id LIMIT 3 OFFSET 2",
            "SELECT team FROM incidents UNION SELECT team FROM teams ORDER BY team LIMIT 2",
            "SELECT team, count(*) AS n FROM incidents GROUP BY team ORDER BY n DESC LIMIT 1",
        ] {
            let answer = cell.query_sql(sql).unwrap_or_else(|e| panic!("{sql}: {e}"));
            assert!(answer.truncated, "{sql}");
            totals.push(answer.total_rows);
        }
    }
    let plain = plain_duckdb(&index);
    let duckdb_totals: Vec<u64> = [
        "SELECT incident_id FROM incidents OFFSET 2",
        "SELECT team FROM incidents UNION SELECT team FROM teams",
        "SELECT team FROM incidents GROUP BY team",
    ]
    .iter()
    .map(|uncapped| {
        let rows = plain.query(&format!("SELECT CAST(count(*) AS VARCHAR) FROM ({uncapped}) AS u")).unwrap();
        rows[0][0].text().unwrap().parse().unwrap()
    })
    .collect();
    assert_eq!(totals, duckdb_totals);
    assert_eq!(duckdb_totals, [118, 5, 4], "the fixture changed under the test");
}

/// The SQL mode page lists exactly the functions of the one allowlist (`contract/src/sql.rs`).
#[test]
fn the_sql_mode_page_lists_every_allowed_function() {
    let page = std::fs::read_to_string(querycell_tests::workspace().join("docs/sql-mode.md")).unwrap();
    let listed: std::collections::BTreeSet<&str> = page
        .lines()
        .filter_map(|l| {
            l.strip_prefix("- scalar: ")
                .or_else(|| l.strip_prefix("- aggregate: "))
                .or_else(|| l.strip_prefix("- window: "))
        })
        .flat_map(|l| l.split(", "))
        .collect();
    let allowed: std::collections::BTreeSet<&str> = querycell_contract::sql::functions().collect();
    assert_eq!(listed, allowed, "docs/sql-mode.md and contract/src/sql.rs disagree");
}

#[test]
fn an_untyped_null_column_is_refused_not_a_crash() {
    let dir = tempfile::tempdir().unwrap();
    let csv = querycell_tests::write_file(dir.path(), "data/incidents.csv", querycell_tests::INCIDENTS_CSV);
    let index = dir.path().join("index");
    querycell::ingest::ingest(&index, &[csv]).unwrap();
    let output = querycell_tests::querycell(&[
        "sql",
        "--index",
        index.to_str().unwrap(),
        "--allow-sql",
        "SELECT NULL AS x, team FROM incidents",
        "--format",
        "json",
    ]);
    assert_eq!(output.status.code(), Some(2), "stderr: {}", String::from_utf8_lossy(&output.stderr));
    let typed = querycell_tests::querycell(&[
        "sql",
        "--index",
        index.to_str().unwrap(),
        "--allow-sql",
        "SELECT CAST(NULL AS VARCHAR) AS x, team FROM incidents ORDER BY team LIMIT 1",
        "--format",
        "json",
    ]);
    assert_eq!(typed.status.code(), Some(0), "stderr: {}", String::from_utf8_lossy(&typed.stderr));
}

/// A new user's example, sent through the binary: `grouping(…)` with
/// ROLLUP answers (not `statement_refused`, exit 1, which would blame the compiler), with
/// the subtotal rows DuckDB gives; and a form DuckDB reads otherwise than sqlparser does is
/// refused by the compiler with a typed code and a hint saying what to write (exit 2).
#[test]
fn grouping_with_rollup_answers_and_forms_duckdb_reads_otherwise_are_refused_with_a_hint() {
    let dir = tempfile::tempdir().unwrap();
    let csv = write_file(dir.path(), "data/t.csv", "team,sev,m\na,P1,1\na,P2,2\nb,P1,4\n");
    let index = dir.path().join("index");
    ingest::ingest(&index, &[csv]).unwrap();
    let index = index.to_str().unwrap();
    let sql =
        "SELECT team, sev, grouping(team) AS g, sum(m) AS s FROM t GROUP BY ROLLUP (team, sev) ORDER BY g, team, sev";
    let output = querycell_tests::querycell(&["sql", "--index", index, "--allow-sql", sql, "--format", "json"]);
    let body = querycell_tests::stdout_json(&output);
    assert_eq!(output.status.code(), Some(0), "{body}\nstderr: {}", String::from_utf8_lossy(&output.stderr));
    let rows = body["rows"].as_array().unwrap_or_else(|| panic!("no rows: {body}"));
    // a/P1, a/P2, a, b/P1, b, and the grand total (grouping(team) = 1).
    assert_eq!(rows.len(), 6, "{body}");
    let total = &rows[5];
    assert!(total[0].is_null() && total[1].is_null(), "the grand total comes last: {body}");
    assert_eq!((total[2].as_f64(), total[3].as_f64()), (Some(1.0), Some(7.0)), "{body}");

    for (sql, hint) in [
        ("SELECT team FROM t MINUS SELECT team FROM t", "EXCEPT"),
        ("SELECT ifnull(team, sev, team) FROM t", "coalesce"),
        ("SELECT team FROM t WHERE m BETWEEN 1 AND 2 BETWEEN 0 AND 1", "parentheses"),
    ] {
        let output = querycell_tests::querycell(&["sql", "--index", index, "--allow-sql", sql, "--format", "json"]);
        let body = querycell_tests::stdout_json(&output);
        assert_eq!(output.status.code(), Some(2), "{sql}: {body}");
        assert_eq!(body["error"]["code"], "unsupported_syntax", "{sql}: {body}");
        assert!(body["error"]["hint"].as_str().is_some_and(|h| h.contains(hint)), "{sql}: {body}");
    }
}

/// Number literals compare exactly, as in DuckDB: a DECIMAL(38,2) amount against a literal
/// with cents past a double's precision, and a BIGINT past 2^53 against a literal with a
/// fraction. Bound as doubles they matched rows DuckDB does not (and missed ones it does).
#[test]
fn number_literals_compare_exactly_with_decimals_and_large_integers() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    write_parquet(
        &data.join("ledger.parquet"),
        "SELECT * FROM (VALUES (1, 12345678901234567.89::DECIMAL(38,2), 9007199254740992::BIGINT), \
         (2, 12345678901234567.88::DECIMAL(38,2), 9007199254740993::BIGINT), \
         (3, 12345678901234567.90::DECIMAL(38,2), 9007199254740994::BIGINT), (4, 0.10::DECIMAL(38,2), 1::BIGINT)) \
         AS t(id, amount, snowflake)",
    );
    let index = dir.path().join("index");
    ingest::ingest(&index, &[data]).unwrap();
    let statements = [
        "SELECT count(*) AS n FROM ledger WHERE amount = 12345678901234567.89",
        "SELECT count(*) AS n FROM ledger WHERE amount > 12345678901234567.88",
        "SELECT id FROM ledger WHERE amount IN (12345678901234567.89, 0.1) ORDER BY id",
        "SELECT id, CASE WHEN amount >= 12345678901234567.9 THEN 'top' ELSE 'rest' END AS label FROM ledger ORDER BY id",
        "SELECT count(*) AS n FROM ledger WHERE snowflake > 9007199254740992.0",
        "SELECT count(*) AS n FROM ledger WHERE snowflake < 9223372036854775808",
    ];
    let cell = open(&index);
    let ours: Vec<_> = statements
        .iter()
        .map(|sql| {
            let answer = cell.query_sql(sql).unwrap_or_else(|e| panic!("{sql}: {e}"));
            answer.rows.iter().map(|row| row.iter().map(cell_text).collect::<Vec<_>>()).collect::<Vec<_>>()
        })
        .collect();
    drop(cell);
    let plain = plain_duckdb(&index);
    for (sql, ours) in statements.iter().zip(ours) {
        assert_eq!(ours, duckdb_rows(&plain, sql), "{sql}");
    }
}

/// A statement DuckDB cannot run is refused in words the caller can act on: a time-zone
/// function needs the `icu` extension, which querycell never loads, and DuckDB said it
/// failed to install it (a model then sent `INSTALL icu`); an operator no overload takes
/// listed every candidate. Both now say what to write instead, and the fix answers.
#[test]
fn duckdb_failures_say_what_to_write_not_what_to_install() {
    let dir = tempfile::tempdir().unwrap();
    let cell = open(&fixture(dir.path()));
    for sql in [
        "SELECT year(to_timestamp(ack_minutes)) AS y FROM incidents",
        "SELECT to_timestamp(ack_minutes) + INTERVAL 1 DAY AS t FROM incidents",
    ] {
        let error = cell.query_sql(sql).expect_err(sql);
        assert!(matches!(error.code.as_str(), "query_invalid" | "query_failed"), "{sql}: {error:?}");
        let hint = error.hint.clone().unwrap_or_default();
        for said in [&error.message, &hint] {
            assert!(!said.contains("INSTALL") && !said.contains("install"), "{sql}: {error:?}");
            assert!(!said.contains("Candidate functions"), "{sql}: {error:?}");
        }
        assert!(hint.contains("CAST(to_timestamp(x) AS TIMESTAMP)"), "{sql}: {error:?}");
        assert!(error.message.len() < 400, "{sql}: {error:?}");
    }
    let icu = cell.query_sql("SELECT year(to_timestamp(ack_minutes)) AS y FROM incidents").unwrap_err();
    assert!(icu.message.contains("icu extension, which querycell does not load"), "{icu:?}");
    let fixed = cell.query_sql("SELECT year(CAST(to_timestamp(ack_minutes) AS TIMESTAMP)) AS y FROM incidents LIMIT 1");
    assert!(fixed.is_ok(), "{fixed:?}");
}
