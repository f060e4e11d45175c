//! The host's reader of DuckDB results against DuckDB itself: every value of every scalar
//! type in `test_all_types()`, and some edge values, must read back as DuckDB's own
//! `CAST(x AS VARCHAR)` spells it (numbers as the same number); a type the reader cannot
//! render must be refused by name, never read as a wrong or empty value.

use querycell::testing::{Cell, Database, FailureKind};

/// Types the reader refuses: nested values and the rare scalar types with no reader.
/// A scalar type that lands here by accident fails the test.
const REFUSED_TYPES: &[&str] = &[
    "[",
    "STRUCT",
    "MAP",
    "UNION",
    "BIT",
    "TIME WITH TIME ZONE",
    "BIGNUM",
    "VARINT",
    "TIME_NS",
    "GEOMETRY",
    "VARIANT",
    "TUPLE",
];

fn same_value(ours: &Cell, theirs: Option<&str>) -> bool {
    match (ours, theirs) {
        (Cell::Null, None) => true,
        (Cell::Boolean(b), Some(text)) => b.to_string() == text,
        (Cell::Integer(i), Some(text)) => i.to_string() == text,
        // DuckDB spells a FLOAT as the shortest text of the f32, which the exact f64 of
        // that f32 need not parse back to.
        (Cell::Float(f), Some(text)) => match (text.parse::<f64>(), text.parse::<f32>()) {
            (Ok(parsed), Ok(single)) => parsed == *f || f64::from(single) == *f || (parsed.is_nan() && f.is_nan()),
            _ => false,
        },
        // A DECIMAL is read exactly: the very digits DuckDB writes.
        (Cell::Decimal(t) | Cell::Text(t), Some(text)) => t == text,
        _ => false,
    }
}

/// Compare `expression` read through the reader with its VARCHAR cast, row by row.
fn compare(db: &Database, from: &str, expression: &str) -> Result<usize, FailureKind> {
    let sql = format!("SELECT {expression}, CAST({expression} AS VARCHAR) FROM {from}");
    let rows = db.query(&sql).map_err(|failure| failure.kind)?;
    for row in &rows {
        let theirs = match &row[1] {
            Cell::Text(text) => Some(text.as_str()),
            Cell::Null => None,
            other => panic!("{sql}: the cast is not text: {other:?}"),
        };
        assert!(same_value(&row[0], theirs), "{sql}: read {:?}, DuckDB spells it {theirs:?}", row[0]);
    }
    Ok(rows.len())
}

#[test]
fn every_scalar_type_reads_as_duckdb_spells_it() {
    let db = Database::in_memory(&[]).unwrap();
    let columns = db.query("SELECT column_name, column_type FROM (DESCRIBE SELECT * FROM test_all_types())").unwrap();
    assert!(columns.len() > 40, "test_all_types() has its columns: {columns:?}");
    let (mut read, mut refused) = (0, Vec::new());
    for column in &columns {
        let (Some(name), Some(type_name)) = (column[0].text(), column[1].text()) else { panic!("{column:?}") };
        match compare(&db, "test_all_types()", &format!("\"{name}\"")) {
            Ok(rows) => {
                assert!(rows >= 3, "{name}: min, max and null rows");
                read += 1;
            }
            Err(FailureKind::UnsupportedType) => {
                assert!(
                    REFUSED_TYPES.iter().any(|refused| type_name.contains(refused)),
                    "{name} ({type_name}) is refused but is a type the reader should read"
                );
                refused.push(type_name);
            }
            Err(other) => panic!("{name} ({type_name}): {other:?}"),
        }
    }
    assert!(read >= 30, "read {read} columns, refused {refused:?}");
}

#[test]
fn edge_values_read_as_duckdb_spells_them() {
    let db = Database::in_memory(&[]).unwrap();
    for expression in [
        "TIMESTAMP '2025-01-01 10:00:00.5'",
        "TIMESTAMP '-0005-01-01 01:02:03.000001'",
        "'-infinity'::TIMESTAMP",
        "'infinity'::DATE",
        "DATE '0005-01-01'",
        "TIMESTAMP_NS '2025-01-01 10:00:00.123456789'",
        "TIMESTAMP_MS '1960-01-01 10:00:00.120'",
        "TIMESTAMP_S '1969-12-31 23:59:59'",
        "TIMESTAMPTZ '2025-01-01 10:00:00.25+00'",
        "TIME '24:00:00'",
        "INTERVAL '1 year 2 months 3 days 04:05:06.5'",
        "INTERVAL '-1 day -01:00:00'",
        "INTERVAL '-13 months -0.000001 seconds'",
        "INTERVAL '0 days'",
        "'\\xAA\\x00a\\x5C\\x27\\x22z'::BLOB",
        "'00000000-0000-0000-0000-000000000001'::UUID",
        "'ffffffff-ffff-ffff-ffff-ffffffffffff'::UUID",
        "'b'::ENUM('a', 'b')",
        "CAST(-0.005 AS DECIMAL(4,3))",
        "CAST('12345678901234567890.123456789' AS DECIMAL(38,9))",
        "CAST(340282366920938463463374607431768211455 AS UHUGEINT)",
        "'ünïcödé ✓'",
    ] {
        assert_eq!(compare(&db, "(SELECT 1)", expression), Ok(1), "{expression}");
    }
}

#[test]
fn a_read_stops_at_its_cap_whatever_the_sql_says() {
    let db = Database::in_memory(&[]).unwrap();
    let mut statement = db.prepare_single_select("SELECT i FROM range(100000000) AS t(i)").unwrap();
    let read = statement.run(5).unwrap();
    assert_eq!(read.rows.len(), 5);
    assert_eq!(read.columns[0].type_name, "BIGINT");
    // The cancelled stream leaves the connection usable.
    assert_eq!(db.query("SELECT 42").unwrap(), vec![vec![Cell::Integer(42)]]);
}
