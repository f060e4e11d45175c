//! Unit tests of SQL mode: each rule refuses what it should, benign SQL is re-emitted with
//! bound parameters and a row cap.

use super::*;
use crate::model::{Column, Param, RequestLimits, Table, ValueKind};

fn column(name: &str, kind: ValueKind) -> Column {
    Column { name: name.into(), display_name: name.into(), sql_type: "VARCHAR".into(), kind }
}

fn view() -> CatalogView {
    CatalogView {
        tables: vec![
            Table {
                name: "incidents".into(),
                relation: Vec::new(),
                columns: vec![
                    column("incident_id", ValueKind::Text),
                    column("team", ValueKind::Text),
                    column("severity", ValueKind::Text),
                    column("ack_minutes", ValueKind::Integer),
                    column("opened_at", ValueKind::Date),
                ],
                policy: None,
            },
            Table {
                name: "teams".into(),
                relation: Vec::new(),
                columns: vec![column("team", ValueKind::Text), column("manager", ValueKind::Text)],
                policy: None,
            },
        ],
        limits: RequestLimits { max_rows: 100, max_in_list: 100, max_request_bytes: 8192 },
        // 2026-03-15, the day the host says it is.
        today: 20527,
        relationships: Vec::new(),
        metrics: Vec::new(),
        dialect: Default::default(),
    }
}

fn refusal(sql: &str) -> CompileError {
    compile_sql(sql, &view()).expect_err(sql)
}

/// A number literal no `i64` holds keeps the exact type DuckDB gives it: a fraction without
/// an exponent is a DECIMAL of its digits, a large whole number a HUGEINT, bound as its
/// digits and cast; only an exponent (or more than 38 digits) makes a DOUBLE, as in DuckDB.
#[test]
fn number_literals_keep_the_type_duckdb_gives_them() {
    let compiled = compile_sql(
        "SELECT count(*) FROM incidents WHERE ack_minutes = 12345678901234567.89 OR ack_minutes > 9223372036854775808 OR ack_minutes IN (0.5, 2e3)",
        &view(),
    )
    .unwrap();
    assert_eq!(
        compiled.main.sql,
        "SELECT count(*) FROM incidents WHERE ack_minutes = CAST($1 AS DECIMAL(19,2)) OR ack_minutes > CAST($2 AS HUGEINT) OR ack_minutes IN (CAST($3 AS DECIMAL(2,1)), $4) LIMIT $5"
    );
    assert_eq!(
        compiled.main.params,
        vec![
            Param::Text("12345678901234567.89".into()),
            Param::Text("9223372036854775808".into()),
            Param::Text("0.5".into()),
            Param::Float(2000.0),
            Param::Integer(101)
        ]
    );
}

#[test]
fn literals_become_numbered_parameters_and_the_row_cap_is_added() {
    let compiled = compile_sql("SELECT team, avg(ack_minutes) FROM incidents WHERE severity = 'P1' AND ack_minutes BETWEEN 1 AND 90 GROUP BY team", &view()).unwrap();
    assert_eq!(
        compiled.main.sql,
        "SELECT team, avg(ack_minutes) FROM incidents WHERE severity = $1 AND ack_minutes BETWEEN $2 AND $3 GROUP BY team LIMIT $4"
    );
    assert_eq!(
        compiled.main.params,
        vec![Param::Text("P1".into()), Param::Integer(1), Param::Integer(90), Param::Integer(101)]
    );
    assert_eq!(compiled.limit, 100);
    assert_eq!(
        compiled.count.sql,
        "SELECT count(*) AS total_rows FROM (SELECT team, avg(ack_minutes) FROM incidents WHERE severity = $1 AND ack_minutes BETWEEN $2 AND $3 GROUP BY team LIMIT $4) AS answer"
    );
    assert_eq!(
        compiled.count.params,
        vec![Param::Text("P1".into()), Param::Integer(1), Param::Integer(90), Param::Null],
        "the count binds the row cap to NULL: no limit"
    );
}

/// The count statement is not proved by a parse of its own: it is the proved main statement
/// inside a fixed frame. Parsed again, the frame must hold exactly the main statement's tree,
/// whatever the statement ends with (ORDER BY, OFFSET, a set operation, a subquery).
#[test]
fn the_count_statement_parses_to_the_main_statement_inside_its_frame() {
    let frame = match parse("SELECT count(*) AS total_rows FROM (SELECT 1) AS answer").unwrap().remove(0) {
        Statement::Query(query) => *query,
        other => panic!("{other}"),
    };
    for sql in [
        "SELECT team FROM incidents",
        "SELECT team, count(*) AS n FROM incidents GROUP BY team ORDER BY n DESC, team",
        "SELECT incident_id FROM incidents ORDER BY incident_id LIMIT 3 OFFSET 2",
        "SELECT team FROM incidents UNION SELECT team FROM teams ORDER BY team LIMIT 4",
        "WITH p AS (SELECT team FROM incidents WHERE severity = 'P1') SELECT team FROM p EXCEPT SELECT team FROM teams",
        "SELECT team FROM incidents WHERE ack_minutes > (SELECT avg(ack_minutes) FROM incidents) OFFSET 1",
        "SELECT t.team FROM teams AS t JOIN incidents AS i ON i.team = t.team WINDOW w AS (PARTITION BY t.team)",
        "FROM incidents SELECT team, count(*) GROUP BY ALL",
        "SELECT team, incident_id FROM incidents QUALIFY row_number() OVER (PARTITION BY team ORDER BY incident_id) = 1",
    ] {
        let compiled = compile_sql(sql, &view()).unwrap_or_else(|e| panic!("{sql}: {e}"));
        let main = match parse(&compiled.main.sql).unwrap().remove(0) {
            Statement::Query(query) => *query,
            other => panic!("{other}"),
        };
        let mut count = match <[Statement; 1]>::try_from(parse(&compiled.count.sql).unwrap()) {
            Ok([Statement::Query(query)]) => *query,
            _ => panic!("{sql}: the count statement is not one query: {}", compiled.count.sql),
        };
        let sqlparser::ast::SetExpr::Select(select) = count.body.as_mut() else { panic!("{}", compiled.count.sql) };
        let sqlparser::ast::TableFactor::Derived { subquery, .. } = &mut select.from[0].relation else {
            panic!("{}", compiled.count.sql)
        };
        assert_eq!(**subquery, main, "{sql}: the count's subquery is not the main statement");
        **subquery = match parse("SELECT 1").unwrap().remove(0) {
            Statement::Query(query) => *query,
            other => panic!("{other}"),
        };
        assert_eq!(count, frame, "{sql}: the count's frame differs: {}", compiled.count.sql);
        let (cap, bound) = compiled.count.params.split_last().unwrap();
        assert_eq!((cap, bound), (&Param::Null, &compiled.main.params[..compiled.main.params.len() - 1]), "{sql}");
    }
}

#[test]
fn comments_are_gone_and_limits_are_clamped() {
    let compiled =
        compile_sql("SELECT team /* hidden; DROP TABLE x */ FROM incidents -- trailing\nLIMIT 5000", &view()).unwrap();
    assert_eq!(compiled.main.sql, "SELECT team FROM incidents LIMIT $1");
    assert_eq!(compiled.warnings, vec!["LIMIT 5000 was lowered to the maximum of 100 rows"]);
    let compiled = compile_sql("SELECT team FROM incidents ORDER BY team LIMIT 3 OFFSET 2", &view()).unwrap();
    assert_eq!(compiled.main.sql, "SELECT team FROM incidents ORDER BY team LIMIT $1 OFFSET 2");
    assert_eq!((compiled.limit, compiled.main.params.clone()), (3, vec![Param::Integer(4)]));
}

#[test]
fn benign_shapes_compile() {
    for sql in [
        "WITH p1 AS (SELECT * FROM incidents WHERE severity = 'P1') SELECT team, count(*) AS n FROM p1 GROUP BY team",
        "SELECT i.team, t.manager, count(*) FROM incidents AS i JOIN teams AS t ON i.team = t.team GROUP BY ALL",
        "SELECT team, ack_minutes, rank() OVER (PARTITION BY team ORDER BY ack_minutes DESC) AS r FROM incidents",
        "SELECT CASE WHEN ack_minutes > 30 THEN 'slow' ELSE 'fast' END AS speed, count(*) FROM incidents GROUP BY 1",
        "SELECT date_trunc('month', opened_at) AS m, count(*) FROM incidents GROUP BY ROLLUP (m)",
        "SELECT team FROM incidents WHERE team IN (SELECT team FROM teams WHERE manager LIKE 'A%')",
        "SELECT team FROM incidents UNION SELECT team FROM teams",
        "SELECT EXTRACT(year FROM opened_at) AS y, CAST(ack_minutes AS DOUBLE) / 60 AS hours FROM incidents",
        "SELECT * FROM (SELECT team, max(ack_minutes) AS worst FROM incidents GROUP BY team) AS w WHERE worst > 10",
        "SELECT quantile_cont(ack_minutes, 0.9) FROM incidents",
    ] {
        compile_sql(sql, &view()).unwrap_or_else(|e| panic!("{sql}: {e}"));
    }
}

#[test]
fn each_rule_names_itself() {
    let cases = [
        ("SELECT 1; SELECT 2", "multiple_statements"),
        ("PRAGMA version", "not_a_query"),
        ("SET threads = 1", "not_a_query"),
        ("COPY incidents TO '/tmp/x.csv'", "not_a_query"),
        ("ATTACH 'x.db' AS x", "not_a_query"),
        ("INSTALL httpfs", "not_a_query"),
        ("LOAD httpfs", "not_a_query"),
        ("CALL pragma_version()", "not_a_query"),
        ("DROP TABLE incidents", "not_a_query"),
        ("INSERT INTO incidents VALUES (1)", "not_a_query"),
        ("SELECT * FROM read_csv('/etc/passwd')", "table_function_refused"),
        ("SELECT * FROM range(1000000000000)", "table_function_refused"),
        ("SELECT * FROM duckdb_settings()", "table_function_refused"),
        ("SELECT read_text('/etc/passwd')", "function_not_allowed"),
        ("SELECT \"read_text\"('/etc/passwd')", "function_not_allowed"),
        ("SELECT current_setting('threads')", "function_not_allowed"),
        ("SELECT repeat('x', 1000000000)", "function_not_allowed"),
        ("SELECT main.count(*) FROM incidents", "function_not_allowed"),
        ("SELECT * FROM secrets", "unknown_table"),
        ("SELECT * FROM main.incidents", "unknown_table"),
        ("SELECT * FROM information_schema.tables", "unknown_table"),
        ("SELECT * FROM duckdb_tables", "unknown_table"),
        ("WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT * FROM r", "recursive_cte"),
        ("WITH a AS (SELECT * FROM b), b AS (SELECT 1) SELECT * FROM a", "cte_order"),
        ("SELECT severty FROM incidents", "unknown_column"),
        ("SELECT * FROM incidents WHERE team = ?", "placeholder_refused"),
        ("SELECT * FROM incidents WHERE team = $1", "placeholder_refused"),
        ("SELECT team INTO copy FROM incidents", "select_into_refused"),
        ("SELECT [1, 2, 3]", "unsupported_syntax"),
        ("SELECT list_transform([1], x -> x + 1)", "function_not_allowed"),
        ("SELECT team FROM incidents LIMIT (SELECT 5)", "unsupported_syntax"),
        ("SELEC team FROM incidents", "sql_syntax"),
        ("", "empty_sql"),
    ];
    for (sql, code) in cases {
        let error = refusal(sql);
        assert_eq!(error.code, code, "{sql}: {error}");
        assert!(error.hint.is_some(), "{sql}: no hint");
    }
}

#[test]
fn unknown_names_carry_positions_and_hints() {
    let error = refusal("SELECT team,\n  severty FROM incidents");
    assert_eq!((error.path.as_str(), error.hint.as_deref()), ("sql:2:3", Some("did you mean 'severity'?")));
    let error = refusal("SELECT * FROM incident");
    assert_eq!(error.hint.as_deref(), Some("did you mean 'incidents'?"));
    let error = refusal("SELECT team FROM incidents WHERE team = = 'x'");
    assert_eq!(error.code, "sql_syntax");
    assert!(error.path.starts_with("sql:1:"), "{}", error.path);
}

#[test]
fn deep_nesting_is_refused_not_a_stack_overflow() {
    // Unoptimised builds use far bigger frames than the release component; give the
    // native test thread room so it checks the parser's limit, not the test's stack.
    std::thread::Builder::new().stack_size(256 << 20).spawn(deep_nesting).unwrap().join().unwrap();
}

fn deep_nesting() {
    let deep = format!("SELECT {}1{} FROM incidents", "(".repeat(2000), ")".repeat(2000));
    assert_eq!(refusal(&deep).code, "too_deeply_nested");
    let subqueries = format!("SELECT * FROM {}incidents{}", "(SELECT * FROM ".repeat(200), ") AS x".repeat(200));
    assert!(matches!(refusal(&subqueries).code, "too_deeply_nested" | "sql_syntax"));
}

#[test]
fn model_framing_is_stripped_with_warnings() {
    let compiled =
        compile_sql("<think>count them</think>\n```sql\nSELECT count(*) FROM incidents;\n```", &view()).unwrap();
    assert_eq!(compiled.main.sql, "SELECT count(*) FROM incidents LIMIT $1");
    assert_eq!(
        compiled.warnings,
        vec!["removed a <think> block", "removed a markdown code fence", "removed a trailing ';'"]
    );
}

/// A string inside a type's parentheses must never become SQL text.
#[test]
fn the_fuzzers_type_modifier_smuggle_is_refused() {
    let smuggle = "SELECT CAST(team AS BPCHAR('1)) AS x, (SELECT current_setting(''memory_limit'')) AS leaked, ((1')) FROM incidents";
    assert_eq!(refusal(smuggle).code, "type_not_allowed");
}

/// The same smuggle in every position that carries a type, and in every clause.
#[test]
fn every_type_position_is_checked() {
    let payload = "BPCHAR('1)) AS x FROM incidents --')";
    for template in [
        "SELECT CAST(team AS {T}) FROM incidents",
        "SELECT TRY_CAST(team AS {T}) FROM incidents",
        "SELECT team::{T} FROM incidents",
        "SELECT team FROM incidents WHERE CAST(team AS {T}) = 'x'",
        "SELECT team FROM incidents GROUP BY team HAVING max(CAST(team AS {T})) > 'a'",
        "SELECT team FROM incidents ORDER BY CAST(team AS {T})",
        "WITH c AS (SELECT CAST(team AS {T}) AS t FROM incidents) SELECT * FROM c",
        "SELECT * FROM (SELECT CAST(team AS {T}) AS t FROM incidents) AS s",
        "SELECT team FROM incidents WHERE team IN (SELECT CAST(team AS {T}) FROM teams)",
        "SELECT rank() OVER (ORDER BY CAST(team AS {T})) FROM incidents",
        "SELECT i.team FROM incidents AS i JOIN teams AS t ON CAST(i.team AS {T}) = t.team",
        "SELECT CASE WHEN true THEN CAST(team AS {T}) END FROM incidents",
        "SELECT coalesce(CAST(team AS {T}), 'x') FROM incidents",
    ] {
        for type_text in [payload, "BPCHAR(1)", "mytype", "INTEGER[]", "STRUCT(a INTEGER)", "TIMESTAMP WITH TIME ZONE"]
        {
            let sql = template.replace("{T}", type_text);
            let error = refusal(&sql);
            assert!(matches!(error.code, "type_not_allowed" | "sql_syntax"), "{sql}: {error}");
        }
    }
    for typed in [
        "SELECT BPCHAR '1' FROM incidents",
        "SELECT TIMESTAMPTZ '2025-01-01' FROM incidents",
        "SELECT JSON '{}' FROM incidents",
    ] {
        let error = refusal(typed);
        // A typed literal whose type name is no keyword of sqlparser's is refused as a string
        // after a value (`lexical::check_tokens`) before its type is looked at.
        let codes = ["type_not_allowed", "sql_syntax", "unknown_column", "unsupported_syntax"];
        assert!(codes.contains(&error.code), "{typed}: {error}");
    }
}

/// Every place a string or number could become different SQL text.
#[test]
fn text_that_parsers_read_differently_is_refused() {
    for (sql, code) in [
        ("SELECT 1_000 FROM incidents", "unsupported_syntax"),
        ("SELECT count(*) FROM incidents WHERE ack_minutes > 1_000", "unsupported_syntax"),
        ("SELECT 0x10 FROM incidents", "unsupported_syntax"),
        ("SELECT E'\\x41' FROM incidents", "unsupported_syntax"),
        ("SELECT N'x' FROM incidents", "unsupported_syntax"),
        ("SELECT X'41' FROM incidents", "unsupported_syntax"),
        ("SELECT b'101' FROM incidents", "unsupported_syntax"),
        ("SELECT $$x$$ FROM incidents", "unsupported_syntax"),
        ("SELECT `team` FROM incidents", "unsupported_syntax"),
        ("SELECT team FROM incidents WHERE team ^@ 'P'", "sql_syntax"),
        ("SELECT team -> 'a' FROM incidents", "unsupported_syntax"),
        ("SELECT team FROM incidents WHERE team LIKE ANY ('a%')", "unsupported_syntax"),
        ("SELECT team FROM incidents WHERE team ~ 'a'", "unsupported_syntax"),
        ("SELECT team COLLATE de FROM incidents", "unsupported_syntax"),
    ] {
        let error = refusal(sql);
        assert_eq!(error.code, code, "{sql}: {error}");
        assert!(error.hint.is_some(), "{sql}");
    }
}

#[test]
fn ordinary_casts_and_literals_still_compile() {
    for sql in [
        "SELECT CAST(ack_minutes AS DECIMAL(10,2)), ack_minutes::DOUBLE, TRY_CAST(team AS INTEGER) FROM incidents",
        "SELECT CAST(opened_at AS VARCHAR), CAST(ack_minutes AS BIGINT), CAST(team AS TEXT) FROM incidents",
        "SELECT count(*) FROM incidents WHERE opened_at >= DATE '2025-01-01' AND opened_at < DATE '2025-01-01' + INTERVAL 1 MONTH",
        "SELECT count(*) FROM incidents WHERE ack_minutes > 1000 AND ack_minutes < 1e6 AND team <> 'it''s'",
        "SELECT team || '-' || severity, ack_minutes // 2, ack_minutes % 7, -ack_minutes FROM incidents",
    ] {
        compile_sql(sql, &view()).unwrap_or_else(|e| panic!("{sql}: {e}"));
    }
}

/// A long operator chain is a refusal, not a guest stack overflow.
#[test]
fn a_long_operator_chain_is_too_deeply_nested() {
    for terms in [33, 1_000, 5_000, 30_000] {
        let sql = format!("SELECT 1{} FROM incidents", "+1".repeat(terms));
        let sql = &sql[..sql.len().min(60_000)];
        let mut view = view();
        view.limits.max_request_bytes = 64 << 10;
        assert_eq!(compile_sql(sql, &view).unwrap_err().code, "too_deeply_nested", "{terms} terms");
    }
}

/// The fuzzer's first finding: nested `position(` calls made parse time double per level
/// (minutes for 300 bytes). Refused before parsing now, whatever the mix of call names.
#[test]
fn the_fuzzers_nested_call_timeout_is_refused_before_parsing() {
    // Cargo's folder at run time first: a test built from another checkout sharing the
    // target folder keeps that checkout's path compiled in.
    let manifest = std::env::var_os("CARGO_MANIFEST_DIR").unwrap_or_else(|| env!("CARGO_MANIFEST_DIR").into());
    let input =
        std::fs::read(std::path::Path::new(&manifest).join("../fuzz/regressions/compile_sql/timeout-nested-position"))
            .unwrap();
    let error = compile_sql(&String::from_utf8_lossy(&input), &view()).unwrap_err();
    assert_eq!(error.code, "too_deeply_nested", "{error}");
}

/// FROM-first SQL is DuckDB's own form: the guest emits it as standard SQL, which the host's
/// shape check expects (found by replaying the fuzz seeds through the host's check).
#[test]
fn from_first_sql_is_rewritten_to_standard_form() {
    let compiled = compile_sql("FROM incidents SELECT team, count(*) GROUP BY team", &view()).unwrap();
    assert_eq!(compiled.main.sql, "SELECT team, count(*) FROM incidents GROUP BY team LIMIT $1");
    assert!(compiled.warnings.iter().any(|w| w.contains("FROM-first")));
    let compiled = compile_sql("FROM incidents", &view()).unwrap();
    assert_eq!(compiled.main.sql, "SELECT * FROM incidents LIMIT $1");
    let compiled = compile_sql("SELECT * FROM (FROM incidents SELECT team) AS t", &view()).unwrap();
    assert_eq!(compiled.main.sql, "SELECT * FROM (SELECT team FROM incidents) AS t LIMIT $1");
}

/// Statements sqlparser accepts and prints but DuckDB's parser refuses, found by replaying
/// the fuzz corpus through the host's check: refused by the guest, with a hint, instead.
#[test]
fn forms_duckdb_cannot_parse_are_refused_in_the_guest() {
    for (sql, code) in [
        ("SELECT 2 < ack_minutes < 9 FROM incidents", "unsupported_syntax"),
        ("SELECT team FROM incidents WHERE team LIKE 'a' LIKE 'b'", "unsupported_syntax"),
        ("SELECT team || (ack_minutes, 0) FROM incidents", "unsupported_syntax"),
        ("SELECT rank() OVER w FROM incidents", "unknown_window"),
        ("SELECT row_number() OVER (w ORDER BY team) FROM incidents", "unknown_window"),
        ("SELECT * REPLACE (team severity) FROM incidents", "unsupported_syntax"),
        ("SELECT i.team.* FROM incidents AS i", "unknown_table"),
        ("SELECT x.* FROM incidents", "unknown_table"),
        (
            "SELECT first_value(team ORDER BY team) IGNORE NULLS OVER (ORDER BY team) FROM incidents",
            "unsupported_syntax",
        ),
        ("SELECT \"\" AS x FROM incidents", "unsupported_syntax"),
        ("SELECT team FROM incidents AS i (a VARCHAR)", "unsupported_syntax"),
        ("SELECT lag(ack_minutes) OVER w FROM incidents WINDOW w AS (v)", "unknown_window"),
        ("SELECT position('a') FROM incidents", "unsupported_syntax"),
        ("SELECT position(team, 'a') FROM incidents", "unsupported_syntax"),
        ("SELECT POSITION() FROM incidents", "unsupported_syntax"),
        ("SELECT DISTINCT ON () team FROM incidents", "unsupported_syntax"),
        ("SELECT select.* FROM incidents AS \"select\"", "unsupported_syntax"),
        ("SELECT team = severity > ALL (SELECT 'x') <> team FROM incidents", "unsupported_syntax"),
        ("SELECT team FROM incidents WHERE ack_minutes IS NOT TRUE - ack_minutes ILIKE 'x'", "unsupported_syntax"),
        ("SELECT team FROM incidents WHERE team IS NULL || 'x' LIKE 'x'", "unsupported_syntax"),
        ("SELECT team FROM incidents WHERE ack_minutes IS NULL * 2 IN (1, 2)", "unsupported_syntax"),
        ("SELECT team FROM incidents WHERE ack_minutes IS NULL - 1 BETWEEN 1 AND 2", "unsupported_syntax"),
    ] {
        let error = refusal(sql);
        assert_eq!(error.code, code, "{sql}: {error}");
        assert!(error.hint.is_some(), "{sql}");
    }
    for sql in [
        "SELECT rank() OVER w FROM incidents WINDOW w AS (ORDER BY team)",
        "SELECT i.* FROM incidents AS i",
        "SELECT * REPLACE (upper(team) AS team) FROM incidents",
        "SELECT (ack_minutes < 9) = true FROM incidents",
        "SELECT position('a' IN team) FROM incidents",
        "SELECT team FROM incidents WHERE (ack_minutes IS NULL) || 'x' LIKE 'x'",
        "SELECT \"select\".* FROM incidents AS \"select\"",
    ] {
        compile_sql(sql, &view()).unwrap_or_else(|e| panic!("{sql}: {e}"));
    }
}

/// A window frame's EXCLUDE (sqlparser patched to hold it, guest/sqlparser/PATCH.md) is read
/// and printed back as written; anything else after EXCLUDE does not parse, in DuckDB either.
#[test]
fn window_frame_exclusions_are_compiled_as_written() {
    for exclusion in ["EXCLUDE CURRENT ROW", "EXCLUDE GROUP", "EXCLUDE TIES", "EXCLUDE NO OTHERS"] {
        let frame = format!("ORDER BY opened_at ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING {exclusion}");
        let sql = format!("SELECT sum(ack_minutes) OVER ({frame}) FROM incidents");
        let compiled = compile_sql(&sql, &view()).unwrap_or_else(|e| panic!("{sql}: {e}"));
        assert!(compiled.main.sql.contains(&format!("{exclusion})")), "{sql} → {}", compiled.main.sql);
        let sql = format!("SELECT sum(ack_minutes) OVER w FROM incidents WINDOW w AS ({frame})");
        let compiled = compile_sql(&sql, &view()).unwrap_or_else(|e| panic!("{sql}: {e}"));
        assert!(compiled.main.sql.contains(&format!("{exclusion})")), "{sql} → {}", compiled.main.sql);
    }
    for sql in [
        "SELECT sum(ack_minutes) OVER (ORDER BY opened_at ROWS 1 PRECEDING EXCLUDE OTHERS) FROM incidents",
        "SELECT sum(ack_minutes) OVER (ORDER BY opened_at ROWS 1 PRECEDING EXCLUDE NO) FROM incidents",
        "SELECT sum(ack_minutes) OVER (ORDER BY opened_at ROWS 1 PRECEDING EXCLUDE \"TIES\") FROM incidents",
    ] {
        assert_eq!(refusal(sql).code, "sql_syntax", "{sql}");
    }
    // Without a frame, EXCLUDE follows ORDER BY's item, where DuckDB reads no alias either.
    let error = refusal("SELECT sum(ack_minutes) OVER (ORDER BY opened_at EXCLUDE TIES) FROM incidents");
    assert_eq!(error.code, "unsupported_syntax", "{error}");
}

/// A window name belongs to the SELECT whose WINDOW clause defines it, as in DuckDB: each
/// refused form below is one DuckDB 2.0 refuses ("window "w" does not exist"), and each
/// accepted one DuckDB answers (checked with `json_serialize_sql` and by running it).
#[test]
fn window_names_resolve_in_their_own_select() {
    for sql in [
        // Another SELECT of a set operation (the sql_differential finding).
        "SELECT rank() OVER w FROM incidents WINDOW w AS (ORDER BY team) UNION ALL SELECT rank() OVER w FROM incidents",
        "SELECT 1 FROM incidents WINDOW w AS (ORDER BY team) UNION ALL SELECT rank() OVER w FROM incidents",
        // Into a subquery, out of one, and into a CTE.
        "SELECT (SELECT max(rank() OVER w) FROM incidents) FROM incidents WINDOW w AS (ORDER BY team)",
        "SELECT * FROM (SELECT rank() OVER w FROM incidents) WINDOW w AS (ORDER BY team)",
        "WITH c AS (SELECT rank() OVER w AS r FROM incidents) SELECT r FROM c WINDOW w AS (ORDER BY r)",
        "SELECT rank() OVER w FROM incidents WHERE team IN (SELECT team FROM incidents WINDOW w AS (ORDER BY team))",
        // The query's ORDER BY is outside its SELECT, and a VALUES list has no windows.
        "SELECT team FROM incidents WINDOW w AS (ORDER BY team) ORDER BY rank() OVER w",
        "SELECT team FROM incidents WHERE ack_minutes IN (VALUES (rank() OVER w))",
        "WITH v AS (VALUES (rank() OVER w)) SELECT team FROM incidents",
    ] {
        let error = refusal(sql);
        assert_eq!(error.code, "unknown_window", "{sql}: {error}");
        assert!(error.hint.is_some(), "{sql}");
    }
    for sql in [
        "SELECT rank() OVER w FROM incidents WINDOW w AS (ORDER BY team) UNION ALL SELECT 1 FROM incidents",
        "SELECT rank() OVER w FROM incidents WINDOW w AS (ORDER BY team) \
         UNION ALL SELECT rank() OVER w FROM incidents WINDOW w AS (ORDER BY severity)",
        "SELECT team FROM incidents WINDOW w AS (ORDER BY team) QUALIFY rank() OVER w = 1",
        "SELECT (SELECT max(x) FROM (SELECT rank() OVER w AS x FROM incidents WINDOW w AS (ORDER BY team))) \
         FROM incidents WINDOW w AS (ORDER BY severity)",
    ] {
        compile_sql(sql, &view()).unwrap_or_else(|e| panic!("{sql}: {e}"));
    }
}

/// Questions about the schema get the schema, with the names.
#[test]
fn schema_questions_are_answered_with_the_schema() {
    for sql in [
        "SELECT table_name FROM information_schema.tables",
        "SELECT * FROM duckdb_tables",
        "DESCRIBE incidents",
        "SHOW TABLES",
        "SELECT * FROM sqlite_master",
    ] {
        let error = refusal(sql);
        let hint = error.hint.clone().unwrap_or_default();
        assert!(hint.contains("incidents (incident_id, team"), "{sql}: {error}");
        assert!(hint.contains("teams (team, manager)"), "{sql}: {error}");
    }
}

#[test]
fn current_date_and_today_become_bound_dates() {
    assert_eq!(crate::values::format_date(view().today), "2026-03-15");
    let compiled = compile_sql(
        "SELECT count(*) FROM incidents WHERE opened_at > current_date - INTERVAL 30 DAY AND opened_at <= today() AND team = 'A'",
        &view(),
    )
    .unwrap();
    assert_eq!(
        compiled.main.sql,
        "SELECT count(*) FROM incidents WHERE opened_at > CAST($1 AS DATE) - INTERVAL 30 DAY AND opened_at <= CAST($2 AS DATE) AND team = $3 LIMIT $4"
    );
    let today = Param::Date(view().today);
    assert_eq!(compiled.main.params, vec![today.clone(), today.clone(), Param::Text("A".into()), Param::Integer(101)]);
    assert!(compiled.count.sql.contains("CAST($1 AS DATE) - INTERVAL 30 DAY"), "{}", compiled.count.sql);
    assert_eq!(compiled.count.params, vec![today.clone(), today, Param::Text("A".into()), Param::Null]);
    // One spelling written twice shares its placeholder, as DuckDB reads it as one expression.
    let twice = compile_sql("SELECT current_date AS a, CURRENT_DATE AS b, today() AS c", &view()).unwrap();
    assert_eq!(twice.main.sql, "SELECT CAST($1 AS DATE) AS a, CAST($1 AS DATE) AS b, CAST($2 AS DATE) AS c LIMIT $3");
    assert_eq!(
        compiled.resolved_dates,
        vec![crate::model::ResolvedDate {
            column: None,
            path: "sql".into(),
            phrase: "current_date, today()".into(),
            start: view().today,
            end: view().today + 1
        }]
    );
    assert!(compiled.explanation.contains("; current_date, today() is 2026-03-15;"), "{}", compiled.explanation);

    for sql in ["SELECT CURRENT_DATE AS d", "SELECT current_date() AS d", "SELECT today() AS d"] {
        let compiled = compile_sql(sql, &view()).unwrap_or_else(|e| panic!("{sql}: {e}"));
        assert_eq!(compiled.main.sql, "SELECT CAST($1 AS DATE) AS d LIMIT $2", "{sql}");
        assert_eq!(compiled.main.params[0], Param::Date(view().today), "{sql}");
    }
    let plain = compile_sql("SELECT count(*) FROM incidents", &view()).unwrap();
    assert!(plain.resolved_dates.is_empty());
    assert!(!plain.explanation.contains("current_date"));
}

#[test]
fn clock_functions_are_refused_with_a_hint_to_use_current_date() {
    for sql in [
        "SELECT now()",
        "SELECT count(*) FROM incidents WHERE opened_at > now() - INTERVAL 30 DAY",
        "SELECT current_timestamp",
        "SELECT CURRENT_TIME",
        "SELECT localtimestamp",
        "SELECT localtime",
        "SELECT get_current_time()",
        "SELECT get_current_timestamp()",
        "SELECT transaction_timestamp()",
        "SELECT today(1)",
        "SELECT count(*) FILTER (WHERE true) OVER () FROM incidents WHERE current_date(1) IS NULL",
    ] {
        let error = refusal(sql);
        assert_eq!(error.code, "function_not_allowed", "{sql}: {error}");
        let hint = error.hint.unwrap_or_default();
        if !sql.contains("today(1)") && !sql.contains("current_date(1)") {
            assert!(hint.contains("current_date") && hint.contains("DATE '"), "{sql}: {hint}");
        }
    }
}

/// The SQL-grammar fuzzer's security finding: sqlparser keeps `FROM '/etc/passwd'` after a
/// CTE as a field of the CTE, which DuckDB reads as a query over the file.
#[test]
fn a_from_clause_after_a_cte_is_refused() {
    let error = compile_sql("WITH c AS (SELECT 1) FROM '/etc/passwd' SELECT 1", &view()).unwrap_err();
    assert_eq!(error.code, "unsupported_syntax", "{error}");
}

/// The view with a policy on `incidents`: rows of tenant `acme` only, `ack_minutes` hidden.
fn policed_view() -> CatalogView {
    use crate::model::{RowFilter, TablePolicy};
    let mut view = view();
    view.tables[0].columns.retain(|c| c.name != "ack_minutes");
    view.tables[0].policy =
        Some(TablePolicy { row_filters: vec![RowFilter { column: "tenant".into(), values: vec!["acme".into()] }] });
    view
}

const POLICED_SOURCE: &str = "(SELECT \"incident_id\", \"team\", \"severity\", \"opened_at\" FROM \"incidents\" WHERE CAST(\"tenant\" AS VARCHAR) = $";

#[test]
fn every_read_of_a_policed_table_goes_through_its_source_and_a_cte_of_its_name_does_not() {
    let view = policed_view();
    let cases: &[(&str, usize)] = &[
        ("SELECT * FROM incidents", 1),
        ("SELECT incidents FROM incidents", 1),
        ("SELECT i.* FROM incidents AS i JOIN incidents AS j ON i.team = j.team", 2),
        ("SELECT team FROM teams WHERE team IN (SELECT team FROM incidents WHERE severity = 'P1')", 1),
        ("SELECT count(*) FROM (SELECT * FROM Incidents) AS x", 1),
        ("WITH incidents AS (SELECT team FROM teams) SELECT * FROM incidents", 0),
        ("WITH mine AS (SELECT * FROM incidents) SELECT team FROM mine UNION ALL SELECT team FROM incidents", 2),
        ("SELECT team FROM teams EXCEPT SELECT team FROM incidents", 1),
        ("SELECT * FROM (WITH incidents AS (SELECT 1 AS team) SELECT * FROM incidents) AS a, incidents", 1),
    ];
    for (sql, reads) in cases {
        let compiled = compile_sql(sql, &view).unwrap_or_else(|e| panic!("{sql}: {e}"));
        for query in [&compiled.main, &compiled.count] {
            assert_eq!(query.sql.matches(POLICED_SOURCE).count(), *reads, "{sql} became {}", query.sql);
            assert_eq!(query.sql.matches("FROM \"incidents\"").count(), *reads, "{sql} became {}", query.sql);
            let acme = query.params.iter().filter(|p| **p == Param::Text("acme".into())).count();
            assert_eq!(
                acme,
                usize::from(*reads > 0),
                "{sql}: one bound value shared by every read: {:?}",
                query.params
            );
        }
    }
    let compiled =
        compile_sql("SELECT severity, count(*) FROM incidents AS i (a, b) WHERE severity = 'P1' GROUP BY ALL", &view);
    let compiled = compiled.unwrap_or_else(|e| panic!("{e}"));
    assert!(compiled.main.sql.contains("WHERE CAST(\"tenant\" AS VARCHAR) = $2) AS i (a, b)"), "{}", compiled.main.sql);
    assert_eq!(compiled.main.params, vec![Param::Text("P1".into()), Param::Text("acme".into()), Param::Integer(101)]);
    assert!(
        compiled.explanation.contains("over the rows of incidents the policy allows (by tenant)"),
        "{}",
        compiled.explanation
    );
}

#[test]
fn a_sample_of_a_policed_table_is_refused_rather_than_dropped() {
    let sql = "SELECT count(*) FROM incidents TABLESAMPLE 10 PERCENT";
    match compile_sql(sql, &policed_view()) {
        Err(error) => assert_eq!(error.code, "unsupported_syntax", "{error}"),
        Ok(compiled) => panic!("{sql} became {}", compiled.main.sql),
    }
}

#[test]
fn hidden_columns_and_the_filter_column_do_not_exist_for_sql_mode() {
    let view = policed_view();
    for sql in [
        "SELECT ack_minutes FROM incidents",
        "SELECT tenant FROM incidents",
        "SELECT i.\"ack_minutes\" FROM incidents AS i",
    ] {
        assert_eq!(compile_sql(sql, &view).expect_err(sql).code, "unknown_column", "{sql}");
    }
}

/// Forms sqlparser reads and prints that DuckDB's parser refuses or reads otherwise (each
/// found by the grammar fuzzer; `fuzz/regressions/compile_sql/host-disagrees-*`): refused
/// here, each with a hint that says what to write, while the form DuckDB reads is accepted.
#[test]
fn forms_duckdb_reads_otherwise_are_refused_with_what_to_write() {
    for sql in [
        "SELECT team FROM incidents WHERE team BETWEEN 'a' AND 'b' BETWEEN 'c' AND 'd'",
        "SELECT 0 IS DISTINCT FROM NULL IS DISTINCT FROM NULL FROM incidents",
        "SELECT coalesce(team, severity) OVER () FROM incidents",
        "WITH c AS (SELECT 1), c AS (SELECT 2) SELECT * FROM c",
        "SELECT floor(ack_minutes TO DAY) FROM incidents",
        "SELECT ifnull(team, severity, team) FROM incidents",
        "SELECT nullif() FROM incidents",
        "SELECT grouping(team ORDER BY team) FROM incidents GROUP BY team",
        "SELECT INTERVAL 1 DAY TO SECOND FROM incidents",
        "SELECT INTERVAL -1 WEEK FROM incidents",
        "SELECT INTERVAL 1 DOW FROM incidents",
        "SELECT team FROM incidents AS from",
        "WITH select AS (SELECT 1) SELECT * FROM select",
        "SELECT t.team FROM incidents LEFT JOIN teams AS t",
        "SELECT -NOT (ack_minutes > 1) FROM incidents",
        "SELECT team FROM incidents MINUS SELECT team FROM teams",
        "SELECT team FROM incidents POSITIONAL JOIN teams",
        "SELECT i.team FROM incidents i STRAIGHT_JOIN teams ON true",
        "SELECT incidents.incidents.team FROM incidents",
        "SELECT k FROM (SELECT 1) AS t (k INTEGER)",
        "WITH c (k INTEGER) AS (SELECT 1) SELECT k FROM c",
        "SELECT t.team FROM incidents positional JOIN teams AS t ON true",
        "SELECT left.team FROM incidents AS left",
        "WITH join AS (SELECT 1) SELECT 1 FROM incidents",
        "SELECT team FROM incidents WINDOW at AS ()",
        "SELECT team FROM incidents AS i (a, by)",
        "SELECT team AS from FROM incidents QUALIFY team IN (from, team)",
        "SELECT -CASE AS CASE FROM incidents",
        "SELECT * FROM (VALUES (1, 2), (3)) AS v",
        "SELECT team FROM incidents WINDOW w AS (ROWS UNBOUNDED PRECEDING), v AS (w)",
        "SELECT rank() OVER (w ORDER BY team) FROM incidents WINDOW w AS (ORDER BY severity)",
        "SELECT team FROM incidents WINDOW w AS (), w AS ()",
        "SELECT rank() OVER (PARTITION BY (rank() OVER ()) ORDER BY team) FROM incidents",
        "SELECT team FROM incidents WINDOW w AS (w)",
        "SELECT abs(1) WITHIN GROUP (ORDER BY 1) FROM incidents",
        "SELECT team FROM incidents WHERE team = 'a' IN (true)",
        "SELECT team FROM incidents WHERE team LIKE 'a' NOT IN ('b')",
        "SELECT team FROM incidents WHERE team BETWEEN 'a' AND 'b' ILIKE 'c'",
        "SELECT ack_minutes + NOT ack_minutes FROM incidents",
        "SELECT team = NOT (ack_minutes > 1) FROM incidents",
        "SELECT team FROM incidents WHERE team LIKE NOT team",
        "SELECT substring() FROM incidents",
        "SELECT substring(DISTINCT team) FROM incidents",
        "SELECT team FROM incidents WHERE team IS NOT NULL NOT BETWEEN 'a' AND 'b'",
        "SELECT team FROM incidents WHERE team IS NOT NULL IN (true)",
        "SELECT count_if(team = severity < 'b') FROM incidents",
        "SELECT team IN ('a', 'b')::INTEGER + 1 FROM incidents",
    ] {
        let error = refusal(sql);
        assert_eq!(error.code, "unsupported_syntax", "{sql}: {error}");
        assert!(error.hint.as_deref().is_some_and(|h| h.len() > 20), "{sql}: {error:?}");
    }
    for sql in [
        "SELECT team FROM incidents WHERE (team BETWEEN 'a' AND 'b') = true",
        "SELECT (team IN ('a', 'b'))::INTEGER + 1 FROM incidents",
        "SELECT team FROM incidents WHERE ack_minutes BETWEEN 1 AND 2::INTEGER",
        "SELECT coalesce(team, severity), coalesce(lag(team) OVER (ORDER BY team), 'x') FROM incidents",
        "WITH c AS (SELECT 1), d AS (SELECT 2) SELECT * FROM c, d",
        "WITH c (k) AS (SELECT 1) SELECT k FROM c",
        "SELECT left(team, 2) AS at, team AS \"left\" FROM incidents AS \"join\" WHERE \"join\".team IS NOT NULL",
        "SELECT team, grouping(team) AS g, count(*) AS n FROM incidents GROUP BY ROLLUP (team)",
        "SELECT ifnull(team, 'x'), nullif(team, 'x') FROM incidents",
        "SELECT opened_at + INTERVAL 1 WEEK, opened_at - INTERVAL (2) DAY, -INTERVAL 3 MICROSECOND FROM incidents",
        "SELECT team FROM incidents AS \"from\"",
        "SELECT i.team FROM incidents AS i LEFT JOIN teams AS t ON i.team = t.team CROSS JOIN teams",
        "SELECT -(NOT ack_minutes > 1) FROM incidents",
        "SELECT team FROM incidents EXCEPT SELECT team FROM teams",
        "SELECT * FROM (VALUES (1, 2), (3, 4)) AS v (a, b)",
        "SELECT rank() OVER (w ORDER BY team), sum(ack_minutes) OVER v FROM incidents WINDOW w AS (PARTITION BY severity), v AS (w ORDER BY team)",
        "SELECT mode() WITHIN GROUP (ORDER BY team) FROM incidents",
        "SELECT team = ('a' IN ('a')), (team = 'a') IN (true), team = (NOT ack_minutes > 1) FROM incidents",
        "SELECT team FROM incidents WHERE ack_minutes > 1 AND NOT team = 'b' OR NOT team LIKE 'c%'",
        "SELECT substring(team, 1, 2), substring(team FROM 1 FOR 2) FROM incidents",
        "SELECT count_if(severity = 'P1'), count_if((team = severity) = true) FROM incidents",
    ] {
        compile_sql(sql, &view()).unwrap_or_else(|e| panic!("{sql}: {e}"));
    }
}

/// `count_if(x = 1)` is a named argument to sqlparser and a comparison to DuckDB: `x` must be a
/// column, as in any comparison.
#[test]
fn the_name_of_a_named_argument_is_checked_as_a_column() {
    let error = refusal("SELECT count_if(secret = 1) FROM incidents");
    assert_eq!(error.code, "unknown_column", "{error}");
}

/// `IS [NOT] DISTINCT FROM` is parsed as DuckDB groups it (the comparison, then `AND`,
/// `OR` and `IS NULL` around it: [`super::dialect`]), so the statement validated and
/// explained is the one the host runs, and the value it compares with is bound like any
/// comparison's.
#[test]
fn distinct_from_is_grouped_as_duckdb_groups_it_and_its_value_is_bound() {
    let compiled = compile_sql(
        "SELECT team FROM incidents WHERE severity IS DISTINCT FROM 'P1' AND ack_minutes > 5 OR team IS NOT DISTINCT FROM 'db'",
        &view(),
    )
    .unwrap();
    assert_eq!(
        compiled.main.sql,
        "SELECT team FROM incidents WHERE severity IS DISTINCT FROM $1 AND ack_minutes > $2 OR team IS NOT DISTINCT FROM $3 LIMIT $4"
    );
    assert_eq!(
        compiled.main.params,
        vec![Param::Text("P1".into()), Param::Integer(5), Param::Text("db".into()), Param::Integer(101)]
    );
    // sqlparser's own grouping made `team IS NULL` an operand of the comparison, a chain
    // DuckDB does not read that way, and refused it; DuckDB tests the comparison's result.
    compile_sql("SELECT severity IS DISTINCT FROM team IS NULL AS unknown FROM incidents", &view())
        .unwrap_or_else(|e| panic!("{e}"));
    // A NULL stays NULL: it has no type for DuckDB to give a parameter.
    let compiled = compile_sql("SELECT team FROM incidents WHERE team IS DISTINCT FROM NULL", &view()).unwrap();
    assert_eq!(compiled.main.params, vec![Param::Integer(101)]);
}

/// Analyst SQL beyond the plain forms: each compiles to text whose DuckDB parse
/// tree is the one DuckDB gives the caller's text (checked against DuckDB 2.0's
/// `json_serialize_sql`, literals aside), and runs to the same answer.
#[test]
fn analyst_forms_compile_to_what_duckdb_reads() {
    for (sql, emitted) in [
        (
            "SELECT team, severity, count(*) FROM incidents GROUP BY GROUPING SETS (team, (team, severity), ())",
            "SELECT team, severity, count(*) FROM incidents GROUP BY GROUPING SETS ((team), (team, severity), ()) LIMIT $1",
        ),
        (
            "SELECT team, count(*) FROM incidents GROUP BY GROUPING SETS ( team , upper(severity) )",
            "SELECT team, count(*) FROM incidents GROUP BY GROUPING SETS ((team), (upper(severity))) LIMIT $1",
        ),
        (
            "SELECT team, count(*) FROM incidents GROUP BY severity, GROUPING SETS (team, ())",
            "SELECT team, count(*) FROM incidents GROUP BY severity, GROUPING SETS ((team), ()) LIMIT $1",
        ),
        // Nested sets written out in DuckDB's order of them.
        (
            "SELECT team FROM incidents GROUP BY GROUPING SETS (GROUPING SETS (team, (team, severity)), severity)",
            "SELECT team FROM incidents GROUP BY GROUPING SETS ((team), (team, severity), (severity)) LIMIT $1",
        ),
        (
            "SELECT team FROM incidents GROUP BY GROUPING SETS (ROLLUP (team, upper(severity)), (severity))",
            "SELECT team FROM incidents GROUP BY GROUPING SETS ((), (team), (team, upper(severity)), (severity)) LIMIT $1",
        ),
        (
            "SELECT team FROM incidents GROUP BY GROUPING SETS (CUBE (team, severity, (incident_id, opened_at)))",
            "SELECT team FROM incidents GROUP BY GROUPING SETS ((), (team), (team, severity), (team, severity, incident_id, opened_at), (team, incident_id, opened_at), (severity), (severity, incident_id, opened_at), (incident_id, opened_at)) LIMIT $1",
        ),
        ("SELECT count(*) FROM incidents GROUP BY ()", "SELECT count(*) FROM incidents GROUP BY () LIMIT $1"),
        (
            "SELECT team, grouping_id(team, severity) AS g FROM incidents GROUP BY ROLLUP (team, (team, severity))",
            "SELECT team, grouping_id(team, severity) AS g FROM incidents GROUP BY ROLLUP (team, (team, severity)) LIMIT $1",
        ),
        (
            "SELECT last_value(ack_minutes IGNORE NULLS) OVER (ORDER BY opened_at) FROM incidents",
            "SELECT last_value(ack_minutes IGNORE NULLS) OVER (ORDER BY opened_at) FROM incidents LIMIT $1",
        ),
        (
            "SELECT lag(ack_minutes, 1, 0 RESPECT NULLS) OVER w, nth_value(team, 2 IGNORE NULLS) OVER w FROM incidents WINDOW w AS (ORDER BY opened_at)",
            "SELECT lag(ack_minutes, 1, 0 RESPECT NULLS) OVER w, nth_value(team, 2 IGNORE NULLS) OVER w FROM incidents WINDOW w AS (ORDER BY opened_at) LIMIT $1",
        ),
        (
            "SELECT team FROM incidents WHERE ack_minutes > ANY (SELECT ack_minutes FROM incidents WHERE severity = 'P1')",
            "SELECT team FROM incidents WHERE ack_minutes > ANY(SELECT ack_minutes FROM incidents WHERE severity = $1) LIMIT $2",
        ),
        (
            "SELECT team FROM incidents WHERE ack_minutes = ALL (SELECT 1) OR ack_minutes <= SOME (SELECT 2)",
            "SELECT team FROM incidents WHERE ack_minutes = ALL(SELECT 1) OR ack_minutes <= SOME(SELECT 2) LIMIT $1",
        ),
        (
            "SELECT team FROM incidents WHERE (team, severity) NOT IN (SELECT team, manager FROM teams)",
            "SELECT team FROM incidents WHERE (team, severity) NOT IN (SELECT team, manager FROM teams) LIMIT $1",
        ),
        (
            "SELECT i.team, s.n FROM incidents AS i, LATERAL (SELECT count(*) AS n FROM teams AS t WHERE t.team = i.team) AS s",
            "SELECT i.team, s.n FROM incidents AS i, LATERAL (SELECT count(*) AS n FROM teams AS t WHERE t.team = i.team) AS s LIMIT $1",
        ),
        (
            "SELECT i.team FROM incidents AS i JOIN LATERAL (SELECT manager FROM teams AS t WHERE t.team = i.team) s ON true",
            "SELECT i.team FROM incidents AS i JOIN LATERAL (SELECT manager FROM teams AS t WHERE t.team = i.team) AS s ON true LIMIT $1",
        ),
        (
            "SELECT team COLLATE nocase FROM incidents WHERE team COLLATE NOCASE.noaccent = 'db' ORDER BY team COLLATE \"binary\"",
            "SELECT team COLLATE nocase FROM incidents WHERE team COLLATE NOCASE.noaccent = $1 ORDER BY team COLLATE \"binary\" LIMIT $2",
        ),
        ("SELECT count(*) top FROM incidents", "SELECT count(*) AS top FROM incidents LIMIT $1"),
        ("SELECT count(*) AS top FROM incidents", "SELECT count(*) AS top FROM incidents LIMIT $1"),
        (
            "SELECT mad(ack_minutes), sem(ack_minutes), kurtosis_pop(ack_minutes), favg(ack_minutes), regr_count(ack_minutes, ack_minutes), regr_avgx(ack_minutes, ack_minutes), regr_avgy(ack_minutes, ack_minutes), regr_sxx(ack_minutes, ack_minutes), regr_syy(ack_minutes, ack_minutes), regr_sxy(ack_minutes, ack_minutes) FROM incidents",
            "SELECT mad(ack_minutes), sem(ack_minutes), kurtosis_pop(ack_minutes), favg(ack_minutes), regr_count(ack_minutes, ack_minutes), regr_avgx(ack_minutes, ack_minutes), regr_avgy(ack_minutes, ack_minutes), regr_sxx(ack_minutes, ack_minutes), regr_syy(ack_minutes, ack_minutes), regr_sxy(ack_minutes, ack_minutes) FROM incidents LIMIT $1",
        ),
        (
            "SELECT bit_and(ack_minutes), bit_or(ack_minutes), bit_xor(ack_minutes), bit_count(ack_minutes), arbitrary(team), weighted_avg(ack_minutes, ack_minutes), wavg(ack_minutes, 2), chr(65), unicode(team) FROM incidents",
            "SELECT bit_and(ack_minutes), bit_or(ack_minutes), bit_xor(ack_minutes), bit_count(ack_minutes), arbitrary(team), weighted_avg(ack_minutes, ack_minutes), wavg(ack_minutes, 2), chr(65), unicode(team) FROM incidents LIMIT $1",
        ),
    ] {
        let compiled = compile_sql(sql, &view()).unwrap_or_else(|e| panic!("{sql}: {e}"));
        assert_eq!(compiled.main.sql, emitted, "{sql}");
    }
}

/// `lag(x) IGNORE NULLS OVER (…)`, the standard placement, which DuckDB's grammar does not
/// parse, is refused with the form it reads, which compiles.
#[test]
fn null_treatment_after_the_call_is_refused_with_the_form_duckdb_reads() {
    for (outside, inside) in [
        (
            "SELECT last_value(ack_minutes) IGNORE NULLS OVER (ORDER BY opened_at) AS filled FROM incidents",
            "SELECT last_value(ack_minutes IGNORE NULLS) OVER (ORDER BY opened_at) AS filled FROM incidents",
        ),
        (
            "SELECT lead(team, 1, 'x') RESPECT NULLS OVER (ORDER BY opened_at) FROM incidents",
            "SELECT lead(team, 1, 'x' RESPECT NULLS) OVER (ORDER BY opened_at) FROM incidents",
        ),
    ] {
        let error = compile_sql(outside, &view()).expect_err(outside);
        assert_eq!(error.code, "unsupported_syntax", "{outside}: {error:?}");
        assert!(error.hint.as_deref().unwrap_or("").contains("NULLS) OVER"), "{outside}: {error:?}");
        let written = compile_sql(inside, &view()).unwrap_or_else(|e| panic!("{inside}: {e}"));
        assert!(written.warnings.is_empty(), "{:?}", written.warnings);
    }
}

/// The siblings of the analyst forms that stay refused, each with a hint.
#[test]
fn siblings_of_the_analyst_forms_stay_refused() {
    for (sql, code) in [
        ("SELECT team FROM incidents GROUP BY GROUPING SETS (CUBE (a, b, c, d, e, f, g, h, i))", "unsupported_syntax"),
        ("SELECT team FROM incidents GROUP BY GROUPING SETS (ROLLUP)", "unsupported_syntax"),
        ("SELECT team COLLATE nocase::VARCHAR FROM incidents", "unsupported_syntax"),
        ("SELECT team FROM incidents TABLESAMPLE 5 || 'x' ROWS", "unsupported_syntax"),
        ("SELECT sum(ack_minutes IGNORE NULLS) OVER () FROM incidents", "unsupported_syntax"),
        ("SELECT first(team IGNORE NULLS) FROM incidents", "unsupported_syntax"),
        ("SELECT lag(DISTINCT team IGNORE NULLS) OVER () FROM incidents", "unsupported_syntax"),
        ("SELECT last_value(team IGNORE NULLS) FROM incidents", "unsupported_syntax"),
        ("SELECT team FROM incidents WHERE ack_minutes > ANY (ack_minutes)", "unsupported_syntax"),
        ("SELECT team IN ('a') = ANY (SELECT true) FROM incidents", "unsupported_syntax"),
        ("SELECT (team, severity) FROM incidents", "unsupported_syntax"),
        ("SELECT team FROM incidents WHERE (team, severity) IN (('a', 'b'))", "unsupported_syntax"),
        (
            "SELECT team FROM incidents WHERE (team, severity) = ANY (SELECT team, manager FROM teams)",
            "unsupported_syntax",
        ),
        ("SELECT team FROM incidents WHERE ((team, severity), team) IN (SELECT 1, 2)", "unsupported_syntax"),
        ("SELECT team FROM incidents GROUP BY (team, severity)", "unsupported_syntax"),
        ("SELECT team COLLATE de FROM incidents", "unsupported_syntax"),
        ("SELECT team COLLATE icu_noaccent FROM incidents", "unsupported_syntax"),
        ("SELECT team COLLATE nocase.nocase FROM incidents", "unsupported_syntax"),
        ("SELECT team COLLATE binary FROM incidents", "unsupported_syntax"),
        ("SELECT team COLLATE nocase.\"binary\" FROM incidents", "unsupported_syntax"),
        ("SELECT weighted_avg(ack_minutes, 1) OVER () FROM incidents", "unsupported_syntax"),
        ("SELECT wavg(DISTINCT ack_minutes, 1) FROM incidents", "unsupported_syntax"),
        ("SELECT weighted_avg(ack_minutes) FROM incidents", "unsupported_syntax"),
        ("SELECT grouping_id(team ORDER BY team) FROM incidents GROUP BY team", "unsupported_syntax"),
        ("SELECT finalize(count(*)) FROM incidents", "function_not_allowed"),
        ("SELECT combine(count(*), 1) FROM incidents", "function_not_allowed"),
        ("SELECT rowid FROM incidents", "unknown_column"),
        ("SELECT * FROM incidents, LATERAL range(3)", "table_function_refused"),
        ("SELECT * FROM incidents AS i, LATERAL (SELECT * FROM range(3)) AS r", "table_function_refused"),
        ("SELECT CAST(opened_at AS TIMESTAMPTZ) FROM incidents", "type_not_allowed"),
    ] {
        let error = refusal(sql);
        assert_eq!(error.code, code, "{sql}: {error}");
        assert!(error.hint.as_deref().is_some_and(|h| h.len() > 20), "{sql}: {error:?}");
    }
}

/// Words DuckDB reads after an expression as an operator or modifier, where sqlparser reads
/// an alias (`SELECT d ISNULL` is `d IS NULL` to DuckDB, `avg(d) EXPORT_STATE` the
/// aggregate's state): refused, with what to write; quoted, they are aliases to both.
#[test]
fn words_duckdb_reads_as_postfix_operators_are_refused_as_aliases() {
    for sql in [
        "SELECT team ISNULL FROM incidents",
        "SELECT team isnull, severity FROM incidents",
        "SELECT avg(ack_minutes) EXPORT_STATE FROM incidents",
        "SELECT count(*) export_state FROM incidents GROUP BY team",
    ] {
        let error = refusal(sql);
        assert_eq!(error.code, "unsupported_syntax", "{sql}: {error}");
        let hint = error.hint.unwrap_or_default();
        assert!(hint.contains("AS \""), "{sql}: {hint}");
    }
    // With AS, or quoted, DuckDB reads them as aliases too.
    for sql in [
        "SELECT team AS \"isnull\", avg(ack_minutes) \"export_state\" FROM incidents",
        "SELECT team AS isnull, count(*) AS EXPORT_STATE FROM incidents GROUP BY team",
    ] {
        compile_sql(sql, &view()).unwrap_or_else(|e| panic!("{sql}: {e}"));
    }
}

/// An alias written without AS must be one DuckDB reads as an alias too (found by the
/// `sql_differential` fuzz target, whose oracle is DuckDB's own reading): `d ISNULL` is
/// `d IS NULL` to DuckDB, `avg(d) EXPORT_STATE` the aggregate's state, `x year` and `x desc`
/// do not parse, `x 'n'` is a literal of type x. With AS, or quoted, each is an alias.
#[test]
fn aliases_without_as_that_duckdb_reads_otherwise_are_refused() {
    for (sql, code) in [
        ("SELECT team ISNULL FROM incidents", "unsupported_syntax"),
        ("SELECT count(*) EXPORT_STATE FROM incidents", "unsupported_syntax"),
        ("SELECT team year FROM incidents", "unsupported_syntax"),
        ("SELECT team Month FROM incidents", "unsupported_syntax"),
        ("SELECT team desc FROM incidents", "unsupported_syntax"),
        ("SELECT team left FROM incidents", "unsupported_syntax"),
        ("SELECT team 'n' FROM incidents", "unsupported_syntax"),
        ("SELECT count(*) 'n' FROM incidents", "unsupported_syntax"),
        ("SELECT 'a' 'b'", "unsupported_syntax"),
        ("SELECT 1 'b'", "unsupported_syntax"),
        ("SELECT NULL 'b', CASE WHEN true THEN 1 END 'c'", "unsupported_syntax"),
        ("SELECT MONTH 'month' FROM incidents", "unsupported_syntax"),
    ] {
        assert_eq!(refusal(sql).code, code, "{sql}");
    }
    for sql in [
        "SELECT team AS ISNULL, count(*) AS export_state FROM incidents GROUP BY team",
        "SELECT team AS year, team AS desc, team AS 'n', 'a' AS 'b' FROM incidents",
        "SELECT team \"year\", team \"desc\", team x, team name FROM incidents",
        "SELECT team FROM incidents WHERE opened_at > DATE '2026-01-01' AND team LIKE 'a%' ESCAPE '!'",
    ] {
        compile_sql(sql, &view()).unwrap_or_else(|e| panic!("{sql}: {e:?}"));
    }
}

#[test]
fn the_bare_alias_list_is_upper_case_and_sorted() {
    let list = agreement::NOT_BARE_ALIASES;
    assert!(list.windows(2).all(|w| w[0] < w[1]) && list.iter().all(|w| *w == w.to_uppercase()));
    assert!(
        !agreement::is_bare_alias("desc") && !agreement::is_bare_alias("isnull") && !agreement::is_bare_alias("Year")
    );
    assert!(agreement::is_bare_alias("x") && agreement::is_bare_alias("name") && agreement::is_bare_alias("total"));
}

/// More forms the `sql_differential` target found read one way by sqlparser and another by
/// DuckDB (or not at all): refused with a hint.
#[test]
fn other_forms_duckdb_reads_otherwise_are_refused() {
    for sql in [
        // sqlparser drops a GLOBAL it took for the start of a join: the alias is lost.
        "SELECT 0 FROM incidents global",
        "SELECT team FROM incidents global JOIN teams USING (team)",
        // The executor hands DuckDB a C string.
        "SELECT 'a\u{0}b' FROM incidents",
        // Printed as IS NOT NULL, which binds otherwise in DuckDB.
        "SELECT team FROM incidents WHERE ack_minutes NOTNULL",
        // DuckDB takes no such operator after an IN list or subquery.
        "SELECT ack_minutes IN (1, 2) + 1 FROM incidents",
        "SELECT team NOT IN (SELECT team FROM teams) || 'x' FROM incidents",
        // sqlparser dropped a FILTER not followed by (WHERE …).
        "SELECT count(team) filter FROM incidents",
        "SELECT count(team) FILTER (team = 'a') FROM incidents",
        "SELECT count(team) FILTER",
        // A row to DuckDB, a parenthesis to sqlparser.
        "SELECT (team,) FROM incidents",
        // Clauses DuckDB has no place for inside a call.
        "SELECT string_agg(team, ',' LIMIT 1) FROM incidents",
        "SELECT concat(team, team RETURNING team) FROM incidents",
        // DuckDB has BY NAME for UNION only.
        "SELECT team FROM incidents INTERSECT BY NAME SELECT team FROM teams",
        // A reserved word names a USING column only quoted.
        "SELECT team FROM incidents JOIN teams USING (foreign)",
        // DuckDB binds a bare current_date to the alias.
        "SELECT current_date AS current_date FROM incidents",
    ] {
        assert_eq!(refusal(sql).code, "unsupported_syntax", "{sql}");
    }
    // sqlparser stopped at an END after the statement and left the rest unread.
    for sql in ["SELECT team FROM incidents end AS t0", "SELECT CASE WHEN true THEN 1 END END FROM incidents"] {
        assert_eq!(refusal(sql).code, "sql_syntax", "{sql}");
    }
    for sql in [
        "SELECT \"global\".team FROM incidents AS \"global\"",
        "SELECT (ack_minutes IN (1, 2)) + 1, ack_minutes IN (1) = true FROM incidents",
        "SELECT team FROM incidents WHERE ack_minutes IS NOT NULL",
        "SELECT count(team) FILTER (WHERE team = 'a'), count(team) /* c */ FILTER\n(WHERE true), \"filter\".team FROM incidents AS \"filter\"",
        "SELECT concat(team, team,), string_agg(team, ',' ORDER BY team) FROM incidents",
    ] {
        compile_sql(sql, &view()).unwrap_or_else(|e| panic!("{sql}: {e:?}"));
    }
}

/// A whole number no HUGEINT holds is left in the statement, not bound as a DOUBLE: the
/// reading proof holds a bound value to the literal's own type (found by `sql_differential`).
#[test]
fn a_whole_number_past_hugeint_stays_a_literal() {
    let sql = "SELECT team FROM incidents WHERE ack_minutes < 99999999999999999999999999999999999999999";
    let compiled = compile_sql(sql, &view()).unwrap();
    assert!(
        compiled.main.sql.contains("< 99999999999999999999999999999999999999999 LIMIT $1"),
        "{}",
        compiled.main.sql
    );
    assert_eq!(compiled.main.params, vec![Param::Integer(101)]);
}

/// SQL mode says what a column is where the validated tree proves it, and `expression`
/// otherwise; with `*` (or a set operation) it promises no columns at all.
#[test]
fn sql_mode_says_what_it_can_prove_of_each_column() {
    use crate::model::{AggregateRole, ColumnRole, OrderKey};
    let roles = |sql: &str| -> Vec<ColumnRole> {
        compile_sql(sql, &view()).unwrap_or_else(|e| panic!("{sql}: {e}")).columns.into_iter().map(|c| c.role).collect()
    };
    let key = |by: &str| ColumnRole::GroupKey { by: by.into(), grain: None };
    let aggregate = |function: &str, column: Option<&str>, filter: Option<&str>| {
        ColumnRole::Aggregate(AggregateRole {
            function: function.into(),
            column: column.map(String::from),
            of: None,
            filter: filter.map(String::from),
            p: None,
            metric: None,
            unit: None,
        })
    };
    assert_eq!(
        roles("SELECT team, count(*) AS n, avg(ack_minutes) FILTER (WHERE severity = 'P1') AS p1, count(DISTINCT severity), max(ack_minutes) - min(ack_minutes) AS spread FROM incidents GROUP BY team"),
        vec![
            key("team"),
            aggregate("count", None, None),
            aggregate("avg", Some("ack_minutes"), Some("severity = 'P1'")),
            aggregate("count_distinct", Some("severity"), None),
            ColumnRole::Expression,
        ]
    );
    // By position, and GROUP BY ALL; not by alias, which DuckDB reads as a column first.
    assert_eq!(roles("SELECT severity AS s, sum(ack_minutes) FROM incidents GROUP BY 1")[0], key("severity"));
    assert_eq!(roles("SELECT upper(team) AS t, count(*) FROM incidents GROUP BY t")[0], ColumnRole::Expression);
    assert_eq!(
        roles("SELECT team, severity, count(*) FROM incidents GROUP BY ALL")[..2],
        [key("team"), key("severity")]
    );
    // A grouping the select list does not show all of, and grouping sets: no keys.
    assert_eq!(roles("SELECT team, count(*) FROM incidents GROUP BY team, severity")[0], ColumnRole::Expression);
    assert_eq!(roles("SELECT team, count(*) FROM incidents GROUP BY ROLLUP (team)")[0], ColumnRole::Expression);
    // A listing, and a window function.
    assert_eq!(
        roles("SELECT team, rank() OVER (ORDER BY ack_minutes) FROM incidents"),
        vec![ColumnRole::Listed { column: "team".into() }, ColumnRole::Expression]
    );
    for sql in ["SELECT * FROM incidents", "SELECT team FROM incidents UNION SELECT severity FROM incidents"] {
        assert!(roles(sql).is_empty(), "{sql}");
    }
    let compiled =
        compile_sql("SELECT team, count(*) AS n FROM incidents GROUP BY team ORDER BY n DESC, 1", &view()).unwrap();
    assert_eq!(
        compiled.order,
        vec![OrderKey { column: 1, descending: true }, OrderKey { column: 0, descending: false }]
    );
    assert!(compiled.columns.iter().all(|c| c.kind == ValueKind::Other), "SQL mode promises no kinds");
}
