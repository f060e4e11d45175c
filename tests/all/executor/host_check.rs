//! The host's parse-tree check on its own (docs/security.md, invariant 2): whatever a compiler
//! returns, DuckDB's parser lists what the statement names, and anything off the allowlist is
//! refused before it runs. Shown with statements a deliberately wrong compiler would return,
//! handed to the executor directly, and through the binary with statements that sqlparser and
//! DuckDB read differently (a string smuggled inside a type's parentheses, `1_000`).

use querycell::catalog::Catalog;
use querycell::sandbox::wit;
use querycell::testing::Readable;
use querycell::testing::{Database, Executor, ParseTreeCheck};
use querycell::{ErrorClass, Limits};
use querycell_tests::{compiled, incidents_index, querycell, snapshot_folder, stdout_json, write_file};

/// What a wrong compiler returns: `sql` as main query with one bound row cap.
fn wrong_compiler_output(sql: &str) -> wit::Compiled {
    let query = |sql: &str| wit::Query { sql: sql.into(), params: vec![wit::Param::Integer(11)] };
    compiled(query(sql), query(&format!("SELECT count(*) FROM ({sql}) AS answer")), Vec::new(), 10)
}

#[test]
fn a_function_hidden_in_compiler_output_is_refused_by_the_host() {
    let dir = tempfile::tempdir().unwrap();
    let index = incidents_index(dir.path());
    let before = snapshot_folder(&index);
    let catalog = Catalog::load(&index).unwrap();
    let executor = Executor::open(
        &Catalog::data_path(&index),
        &Limits::default(),
        Readable::tables(catalog.tables.iter().map(|t| t.name.clone())),
    )
    .unwrap();

    // Exactly what the landed guest re-emitted for the fuzzer's finding. The query side no
    // longer registers `current_setting` (it is not a function statements may call), so
    // DuckDB alone refuses it too.
    let leaked = "SELECT CAST(team AS BPCHAR(1)) AS x, (SELECT current_setting('memory_limit')) AS leaked, ((1)) FROM incidents LIMIT $1";
    let unregistered = executor.run_without_parse_tree_check(&wrong_compiler_output(leaked)).expect_err(leaked);
    assert!(unregistered.message.contains("not in the catalog"), "{unregistered}");
    // The same leak through a function built into DuckDB itself: without the tree check the
    // locked connection would answer it, so the check is what stops it.
    let leaked_by_builtin =
        "SELECT team, (SELECT value FROM duckdb_settings() WHERE name = 'memory_limit') AS leaked FROM incidents LIMIT $1";
    let answered =
        executor.run_without_parse_tree_check(&wrong_compiler_output(leaked_by_builtin)).expect("DuckDB alone runs it");
    assert!(answered.rows[0][1].as_str().is_some_and(|v| v.contains("iB")), "{:?}", answered.rows);

    for sql in [
        leaked,
        leaked_by_builtin,
        "SELECT team FROM incidents WHERE team <> (SELECT current_setting('threads')) LIMIT $1",
        "SELECT team FROM incidents WHERE EXISTS (SELECT * FROM duckdb_settings()) LIMIT $1",
        "WITH x AS (SELECT getenv('HOME') AS h) SELECT team FROM incidents, x LIMIT $1",
        "SELECT team FROM incidents ORDER BY hash(team) LIMIT $1",
        "SELECT team FROM incidents GROUP BY team HAVING max(length(repeat(team, 1000))) > 0 LIMIT $1",
        "SELECT team FROM main.incidents LIMIT $1",
        "SELECT team FROM incidents, query_table('incidents') LIMIT $1",
        "SELECT CAST(team AS mytype) FROM incidents LIMIT $1",
        "SELECT team COLLATE de FROM incidents LIMIT $1",
        "SELECT avg(ack_minutes) EXPORT_STATE FROM incidents LIMIT $1",
        "SELECT (team, severity) FROM incidents LIMIT $1",
        "SELECT list_transform([1], x -> x + 1) FROM incidents LIMIT $1",
    ] {
        let error = executor.run(&wrong_compiler_output(sql)).expect_err(sql);
        assert_eq!((error.code.as_str(), error.class), ("statement_refused", ErrorClass::Internal), "{sql}: {error}");
    }
    assert_eq!(snapshot_folder(&index), before, "the index changed");
}

#[test]
fn the_issue_example_is_refused_through_the_binary() {
    let dir = tempfile::tempdir().unwrap();
    write_file(dir.path(), "data/sales.csv", "region,amount\nEU,10\nUS,20\n");
    let index = dir.path().join("index");
    let index_arg = index.to_str().unwrap();
    let ingest = querycell(&["ingest", "--index", index_arg, dir.path().join("data").to_str().unwrap()]);
    assert!(ingest.status.success(), "{}", String::from_utf8_lossy(&ingest.stderr));
    for (sql, code) in [
        ("SELECT CAST(region AS BPCHAR('1)) AS x, (SELECT current_setting(''memory_limit'')) AS leaked, ((1')) FROM sales", "type_not_allowed"),
        ("SELECT 1_000 FROM sales", "unsupported_syntax"),
        ("SELECT sum(amount) FROM sales WHERE amount > 1_000", "unsupported_syntax"),
    ] {
        let output = querycell(&["sql", "--allow-sql", "--index", index_arg, "--format", "json", sql]);
        let body = stdout_json(&output);
        assert_eq!(output.status.code(), Some(2), "{sql}: {body}\nstderr: {}", String::from_utf8_lossy(&output.stderr));
        assert_eq!(body["error"]["code"], code, "{sql}: {body}");
        assert!(body["error"]["hint"].as_str().is_some_and(|h| !h.is_empty()), "{sql}: {body}");
    }
}

/// The guest's depth limits and the host's must agree: the deepest statements the guest
/// accepts (the longest operator chains, the deepest nested calls and subqueries) pass the
/// host's check on DuckDB's tree. Found drifting by the fuzz replay when the chain limit was
/// 256 and the host's JSON reader stopped at 128 levels.
#[test]
fn the_deepest_statements_the_guest_accepts_pass_the_host_check() {
    use querycell_guest::sqlmode::lexical::{MAX_CALL_NESTING, MAX_OPERATOR_CHAIN};
    let view = querycell_guest::CatalogView {
        tables: vec![querycell_guest::model::Table {
            name: "t".into(),
            relation: Vec::new(),
            columns: vec![querycell_guest::model::Column {
                name: "x".into(),
                display_name: "x".into(),
                sql_type: "BIGINT".into(),
                kind: querycell_guest::ValueKind::Integer,
            }],
            policy: None,
        }],
        limits: querycell_guest::model::RequestLimits { max_rows: 10, max_in_list: 10, max_request_bytes: 64 << 10 },
        today: 20527,
        relationships: Vec::new(),
        metrics: Vec::new(),
        dialect: Default::default(),
    };
    let mut check = querycell::testing::ParseTreeCheck::open(["t".to_string()]);
    let mut deepest = vec![
        format!("SELECT x{} FROM t", " + x".repeat(MAX_OPERATOR_CHAIN)),
        format!("SELECT CAST(x AS VARCHAR){} FROM t", " || 'a'".repeat(MAX_OPERATOR_CHAIN)),
        format!("SELECT x FROM t WHERE x > 1{}", " AND x > 1".repeat((MAX_OPERATOR_CHAIN - 1) / 2)),
        format!("SELECT {}x{} FROM t", "abs(".repeat(MAX_CALL_NESTING), ")".repeat(MAX_CALL_NESTING)),
    ];
    // As many nested scalar subqueries as the guest takes.
    for depth in 1..64 {
        let sql = format!("SELECT {}x{} FROM t", "(SELECT ".repeat(depth), " FROM t)".repeat(depth));
        if querycell_guest::compile_sql(&sql, &view).is_err() {
            assert!(depth > 5, "the guest refuses only {depth} nested subqueries");
            break;
        }
        deepest.push(sql);
    }
    for sql in &deepest {
        let compiled = querycell_guest::compile_sql(sql, &view)
            .unwrap_or_else(|e| panic!("the guest refuses its own limit: {e}\n{sql}"));
        for emitted in [&compiled.main.sql, &compiled.count.sql] {
            check
                .check(emitted, &[])
                .unwrap_or_else(|e| panic!("the host refuses what the guest accepts at its limit: {e}\n{emitted}"));
        }
    }
}

/// `grouping(…)` beside ROLLUP, CUBE and GROUPING SETS, and the calls DuckDB's parser makes of
/// `INTERVAL n <unit>` (`to_weeks(n)`, …), pass the parse-tree check, so the statements the
/// compiler accepts with them run; what they wrap is still walked and checked.
#[test]
fn grouping_and_every_interval_unit_pass_the_host_check_and_what_they_wrap_is_still_checked() {
    let mut check = ParseTreeCheck::open(["incidents".to_string()]);
    for sql in [
        "SELECT team, severity, grouping(team) AS g, count(*) FROM incidents GROUP BY ROLLUP (team, severity)",
        "SELECT grouping(team, severity) FROM incidents GROUP BY CUBE (team, severity)",
        "SELECT grouping(team) FROM incidents GROUP BY GROUPING SETS ((team), ())",
        "SELECT INTERVAL 1 MICROSECOND, INTERVAL 2 MILLISECOND, INTERVAL 3 WEEK, INTERVAL 1 QUARTER",
        "SELECT INTERVAL 1 DECADE, INTERVAL 1 CENTURY, INTERVAL 1 MILLENNIUM, INTERVAL (2) SECOND",
    ] {
        check.check(sql, &[]).unwrap_or_else(|e| panic!("{sql}: {e}"));
    }
    for sql in [
        "SELECT grouping(current_setting('memory_limit')) FROM incidents GROUP BY ROLLUP (team)",
        "SELECT grouping((SELECT 1 FROM secrets)) FROM incidents GROUP BY ROLLUP (team)",
        "SELECT INTERVAL (getenv('HOME')) WEEK",
    ] {
        let error = check.check(sql, &[]).expect_err(sql);
        assert_eq!(error.code, "statement_refused", "{sql}: {error}");
    }
}

/// The words the compiler refuses as unquoted table, CTE and window names
/// (`contract::sql::RESERVED_WORDS`) are DuckDB's: each makes `AS word` unparsable and `AS
/// "word"` fine, and DuckDB reserves no other.
#[test]
fn the_reserved_words_the_compiler_refuses_as_names_are_duckdbs() {
    use querycell_contract::sql::RESERVED_WORDS;
    let mut check = ParseTreeCheck::open(["incidents".to_string()]);
    for word in RESERVED_WORDS {
        let bare = format!("SELECT 1 FROM incidents AS {word}");
        let error = check.check(&bare, &[]).expect_err(&bare);
        assert_eq!(error.code, "statement_unparsable", "{bare}: {error}");
        let quoted = format!("SELECT 1 FROM incidents AS \"{word}\"");
        check.check(&quoted, &[]).unwrap_or_else(|e| panic!("{quoted}: {e}"));
    }
    let missing: Vec<String> = duckdb_keywords("keyword_category = 'reserved'")
        .into_iter()
        .filter(|word| !RESERVED_WORDS.contains(&word.as_str()))
        .collect();
    assert!(missing.is_empty(), "DuckDB reserves words the list lacks: {missing:?}");
}

/// The keywords the compiler refuses as names beside the reserved ones
/// (`contract::sql::FUNCTION_NAME_KEYWORDS`) are DuckDB's: each makes `AS word` after a table
/// and a bare column `word` unparsable, while `"word"` is fine in both places and `AS word`
/// on a select item too; and every keyword DuckDB reads only as a function name is on the list.
#[test]
fn the_function_name_keywords_the_compiler_refuses_as_names_are_duckdbs() {
    use querycell_contract::sql::FUNCTION_NAME_KEYWORDS;
    let mut check = ParseTreeCheck::open(["incidents".to_string()]);
    for word in FUNCTION_NAME_KEYWORDS {
        for bare in [format!("SELECT 1 FROM incidents AS {word}"), format!("SELECT {word} FROM incidents")] {
            let error = check.check(&bare, &[]).expect_err(&bare);
            assert_eq!(error.code, "statement_unparsable", "{bare}: {error}");
        }
        let quoted = format!("SELECT \"{word}\".team AS {word} FROM incidents AS \"{word}\"");
        check.check(&quoted, &[]).unwrap_or_else(|e| panic!("{quoted}: {e}"));
    }
    let mut duckdbs = duckdb_keywords(
        "keyword_category = 'type_function' AND keyword_name NOT IN \
         (SELECT keyword_name FROM duckdb_keywords() WHERE keyword_category = 'column_name')",
    );
    duckdbs.sort();
    let mut ours: Vec<String> = FUNCTION_NAME_KEYWORDS.iter().map(|w| w.to_string()).collect();
    ours.sort();
    assert_eq!(ours, duckdbs, "the list and DuckDB's keywords that only name functions differ");
}

/// DuckDB's own keywords (`duckdb_keywords()`) where `condition` holds, upper case.
fn duckdb_keywords(condition: &str) -> Vec<String> {
    let db = Database::in_memory(&[]).expect("in-memory DuckDB");
    let rows = db
        .query(&format!("SELECT upper(keyword_name) FROM duckdb_keywords() WHERE {condition}"))
        .expect("duckdb_keywords()");
    rows.iter().filter_map(|row| row.first().and_then(|cell| cell.text())).collect()
}

/// The check reads DuckDB's tree through the parser called directly (`parse_tree`, no
/// database); it must be exactly the tree `json_serialize_sql` gives as a query, for
/// statements that parse, statements DuckDB refuses and texts that are not one SELECT: the
/// fuzz seeds and kept regressions of SQL mode, and this file's hostile statements. The tree
/// of a connection's own split of the text, which executors check and prepare from, must
/// be that tree too.
#[test]
fn the_parser_called_directly_gives_json_serialize_sqls_tree() {
    use querycell::testing::{parse_tree, Bind, Cell};
    let fuzz = querycell_tests::workspace().join("fuzz");
    let mut texts: Vec<String> = ["seeds/compile_sql", "regressions/compile_sql"]
        .iter()
        .flat_map(|folder| std::fs::read_dir(fuzz.join(folder)).expect("a fuzz folder"))
        .filter_map(|entry| std::fs::read(entry.expect("an entry").path()).ok())
        .filter_map(|bytes| String::from_utf8(bytes).ok())
        .collect();
    assert!(texts.len() >= 40, "only {} fuzz inputs were found", texts.len());
    texts.extend(
        [
            "SELECT team FROM incidents, query_table('incidents') LIMIT $1",
            "SELECT 1; SELECT 2",
            "PRAGMA version",
            "COPY incidents TO 'x.csv'",
            "SELECT FROM WHERE",
            "WITH x AS (SELECT getenv('HOME') AS h) SELECT team FROM incidents, x LIMIT $1",
            "",
        ]
        .map(String::from),
    );
    let db = Database::in_memory(&["SET threads = 1".to_string()]).expect("in-memory DuckDB");
    let mut serialize = db.prepare_single_select("SELECT json_serialize_sql(CAST(? AS VARCHAR))").expect("prepared");
    let mut differ = Vec::new();
    for text in &texts {
        serialize.bind_all(&[Bind::Text(text)]).expect("bound");
        let by_query = match serialize.run(2).expect("a tree").rows.pop().and_then(|mut row| row.pop()) {
            Some(Cell::Text(json)) => json,
            other => panic!("json_serialize_sql returned {other:?}"),
        };
        let direct = parse_tree(text).expect("the parser runs");
        if direct != by_query {
            differ.push(format!("{text}\n  direct:   {direct}\n  by query: {by_query}"));
        }
        // What an executor checks: the tree of the connection's own split, the one it then
        // runs. A text the connection cannot split is one with no SELECT to run.
        match db.parse(text) {
            Ok(parsed) => {
                let split = parsed.tree().expect("the split's tree");
                if split != direct {
                    differ.push(format!("{text}\n  direct:   {direct}\n  split:    {split}"));
                }
            }
            Err(failure) => {
                let tree: serde_json::Value = serde_json::from_str(&direct).expect("JSON");
                let statements = tree["statements"].as_array().map_or(0, Vec::len);
                assert!(
                    tree["error"] == serde_json::json!(true) || statements == 0,
                    "the connection could not split {text:?} ({failure:?}), but the parser gives {direct}"
                );
            }
        }
    }
    assert!(differ.is_empty(), "{} of {} trees differ:\n{}", differ.len(), texts.len(), differ.join("\n"));
}
