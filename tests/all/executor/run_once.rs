//! A statement the connection's parser split, run once with its values
//! (`querycell::duck::Statement`, what the executor runs): values bind by position, a wrong
//! count or a statement that is not exactly one SELECT is refused before anything runs, a
//! name DuckDB cannot bind is a binding failure, and the result streams, so a read stops at
//! its cap.

use querycell::testing::{Bind, Cell, Database, FailureKind};

#[test]
fn values_bind_by_position_and_the_statement_runs_once() {
    let db = Database::in_memory(&[]).unwrap();
    let mut statement = db.single_select("SELECT CAST(? AS VARCHAR) AS a, ? + 1 AS b, ? IS NULL AS c").unwrap();
    assert_eq!(statement.parameter_count(), 3);
    statement.bind_all(&[Bind::Text("x"), Bind::Integer(41), Bind::Null]).unwrap();
    let read = statement.run(10).unwrap();
    assert_eq!(read.rows, vec![vec![Cell::Text("x".into()), Cell::Integer(42), Cell::Boolean(true)]]);
}

#[test]
fn a_wrong_number_of_values_is_refused_before_anything_runs() {
    let db = Database::in_memory(&[]).unwrap();
    let mut statement = db.single_select("SELECT ? + ? AS s").unwrap();
    let refused = statement.bind_all(&[Bind::Integer(1)]).unwrap_err();
    assert!(refused.message.contains("2 placeholders but 1 values"), "{refused}");
    // Unbound, DuckDB refuses to run it rather than guess the missing value.
    let failure = statement.run(10).unwrap_err();
    assert!(failure.message.contains("placeholders"), "{failure}");
}

#[test]
fn only_exactly_one_select_is_taken() {
    let db = Database::in_memory(&[]).unwrap();
    db.execute_batch("CREATE TABLE t (i INTEGER)").unwrap();
    for sql in [
        "SELECT 1; SELECT 2",
        "INSERT INTO t VALUES (1)",
        "WITH x AS (SELECT 1 AS i) INSERT INTO t SELECT i FROM x",
        "SELECT 1; INSERT INTO t VALUES (1)",
    ] {
        let refused = db.single_select(sql).err().unwrap_or_else(|| panic!("{sql} was taken as one SELECT"));
        assert_eq!(refused.kind, FailureKind::Other, "{sql}: {refused}");
    }
    assert_eq!(db.query("SELECT count(*) FROM t").unwrap(), vec![vec![Cell::Integer(0)]], "nothing was written");
}

#[test]
fn a_name_duckdb_cannot_bind_is_a_binding_failure() {
    let db = Database::in_memory(&[]).unwrap();
    for sql in ["SELECT no_such_column FROM range(3)", "SELECT * FROM no_such_table"] {
        let failure = db.single_select(sql).unwrap().run(10).unwrap_err();
        assert_eq!(failure.kind, FailureKind::Binding, "{sql}: {failure}");
    }
}

#[test]
fn the_result_streams_and_a_read_stops_at_its_cap() {
    let db = Database::in_memory(&[]).unwrap();
    let read = db.single_select("SELECT i FROM range(100000000) AS t(i)").unwrap().run(5).unwrap();
    assert_eq!(read.rows.len(), 5);
    assert_eq!(read.columns[0].type_name, "BIGINT");
    // The cancelled stream leaves the connection usable.
    assert_eq!(db.query("SELECT 42").unwrap(), vec![vec![Cell::Integer(42)]]);
}
