//! Real exports rather than clean fixtures: numbers written with decimal commas and
//! thousands separators, nested NDJSON, zoned timestamps, and every type DuckDB's Parquet
//! and JSON readers can produce. Each case checks the table's shape and recorded decisions,
//! and at least one answer against a computation the test makes itself from the file text.

use std::path::Path;

use super::catalog_lookup::{answer, column, table};
use querycell::catalog::ValueKind;
use querycell::{ingest, Limits, QueryCell};
use querycell_tests::write_file;
use serde_json::Value;

fn sum_of(index: &Path, table: &str, column: &str) -> f64 {
    let plan = format!(r#"{{"table": "{table}", "aggregations": [{{"function": "sum", "column": "{column}"}}]}}"#);
    answer(index, &plan)["rows"][0][0].as_f64().unwrap_or_else(|| panic!("sum of {table}.{column} is not a number"))
}

/// The values of field `at` (0-based) of every data line, as the file has them.
pub(crate) fn field_values(text: &str, delimiter: char, at: usize) -> Vec<String> {
    text.lines().skip(1).map(|line| split_fields(line, delimiter)[at].clone()).collect()
}

/// A minimal CSV field splitter (double quotes only), independent of the ingest's reader.
fn split_fields(line: &str, delimiter: char) -> Vec<String> {
    let mut fields = vec![String::new()];
    let mut quoted = false;
    for c in line.chars() {
        match c {
            '"' => quoted = !quoted,
            c if c == delimiter && !quoted => fields.push(String::new()),
            c => fields.last_mut().expect("one field at least").push(c),
        }
    }
    fields
}

/// `text` read as a number whose decimal mark is `decimal`, every other mark a group separator.
fn read_number(text: &str, decimal: char) -> f64 {
    let plain: String = text
        .chars()
        .filter(|c| c.is_ascii_digit() || *c == decimal || *c == '-')
        .map(|c| if c == decimal { '.' } else { c })
        .collect();
    plain.parse().unwrap_or_else(|e| panic!("'{text}' as a number with decimal mark '{decimal}': {e}"))
}

const GERMAN: &str = "Artikel;Menge;Preis;Lager\n\
Schraube;1.234;4.238,69;Nord\n\
Mutter;12.500;12,5;Süd\n\
Scheibe;999;1.000.000,00;Nord\n\
Dübel;2.000;0,99;Ost\n";

#[test]
fn a_semicolon_export_reads_dots_as_thousands_and_commas_as_decimals() {
    let dir = tempfile::tempdir().unwrap();
    write_file(dir.path(), "data/lager.csv", GERMAN);
    let index = dir.path().join("index");
    let catalog = ingest::ingest(&index, &[dir.path().join("data")]).unwrap();
    let lager = table(&catalog, "lager");
    assert_eq!(lager.row_count, 4);

    let menge = column(lager, "menge");
    assert_eq!(menge.sql_type, "BIGINT", "{}", menge.decision);
    assert!(menge.decision.contains("'.' between thousands") && menge.decision.contains(';'), "{}", menge.decision);
    let expected: f64 = field_values(GERMAN, ';', 1).iter().map(|v| read_number(v, ',')).sum();
    assert_eq!(expected, 16_733.0);
    assert_eq!(sum_of(&index, "lager", "menge"), expected);

    let preis = column(lager, "preis");
    assert_eq!(preis.sql_type, "DOUBLE", "{}", preis.decision);
    assert!(preis.decision.contains("',' as decimal mark"), "{}", preis.decision);
    let expected: f64 = field_values(GERMAN, ';', 2).iter().map(|v| read_number(v, ',')).sum();
    assert!((sum_of(&index, "lager", "preis") - expected).abs() < 1e-6);

    let lager_column = column(lager, "lager");
    assert_eq!(lager_column.sql_type, "VARCHAR");
    assert!(
        lager_column.decision.contains("'Nord'")
            || lager_column.decision.contains("'Süd'")
            || lager_column.decision.contains("'Ost'"),
        "{}",
        lager_column.decision
    );
}

const ENGLISH: &str = "id,amount,price,weight\n\
1,\"1,234\",\"1,234.50\",1.250\n\
2,\"12,345,678\",\"999.99\",0.750\n\
3,999,\"2,000.00\",2.5\n";

#[test]
fn quoted_thousands_commas_are_read_as_the_file_means_them() {
    let dir = tempfile::tempdir().unwrap();
    write_file(dir.path(), "data/orders.csv", ENGLISH);
    let index = dir.path().join("index");
    let catalog = ingest::ingest(&index, &[dir.path().join("data")]).unwrap();
    let orders = table(&catalog, "orders");
    for (name, sql_type, at) in [("amount", "BIGINT", 1), ("price", "DOUBLE", 2), ("weight", "DOUBLE", 3)] {
        let entry = column(orders, name);
        assert_eq!(entry.sql_type, sql_type, "{name}: {}", entry.decision);
        let expected: f64 = field_values(ENGLISH, ',', at).iter().map(|v| read_number(v, '.')).sum();
        assert!((sum_of(&index, "orders", name) - expected).abs() < 1e-6, "{name}");
    }
    assert!(
        column(orders, "amount").decision.contains("',' between thousands"),
        "{}",
        column(orders, "amount").decision
    );
    // A plain column keeps the plain reason: nothing unusual was decided.
    assert_eq!(column(orders, "weight").decision, "every value is a number");
}

#[test]
fn an_undecidable_reading_stays_text_until_the_sidecar_settles_it() {
    let text = "code,size\nA,1.234\nB,2.500\nC,7\n";
    let dir = tempfile::tempdir().unwrap();
    write_file(dir.path(), "plain/sizes.csv", text);
    let index = dir.path().join("index");
    let catalog = ingest::ingest(&index, &[dir.path().join("plain")]).unwrap();
    let size = column(table(&catalog, "sizes"), "size");
    assert_eq!(size.sql_type, "VARCHAR");
    assert!(size.decision.contains("'1.234'") && size.decision.contains("decimal_separator"), "{}", size.decision);

    for (decimal, sql_type, decimal_mark) in [(",", "BIGINT", ','), (".", "DOUBLE", '.')] {
        let folder = format!("settled{}", if decimal == "," { "comma" } else { "dot" });
        write_file(dir.path(), &format!("{folder}/sizes.csv"), text);
        write_file(
            dir.path(),
            &format!("{folder}/querycell.toml"),
            &format!("[tables.sizes.columns.size]\ndecimal_separator = \"{decimal}\"\n"),
        );
        let index = dir.path().join(format!("index-{folder}"));
        let catalog = ingest::ingest(&index, &[dir.path().join(&folder)]).unwrap();
        let size = column(table(&catalog, "sizes"), "size");
        assert_eq!(size.sql_type, sql_type, "{}", size.decision);
        assert!(size.decision.contains("querycell.toml"), "{}", size.decision);
        let expected: f64 = field_values(text, ',', 1).iter().map(|v| read_number(v, decimal_mark)).sum();
        assert!((sum_of(&index, "sizes", "size") - expected).abs() < 1e-9, "{decimal}");
    }
}

#[test]
fn a_forced_number_type_reads_the_configured_marks() {
    let text = "konto\tsaldo\nA\t4.238,69\nB\t-12,50\nC\t\n";
    let dir = tempfile::tempdir().unwrap();
    write_file(dir.path(), "data/konten.tsv", text);
    write_file(dir.path(), "data/querycell.toml", "[tables.konten]\ndecimal_separator = \",\"\nthousands_separator = \".\"\n[tables.konten.columns.saldo]\ntype = \"DOUBLE\"\n");
    let index = dir.path().join("index");
    let catalog = ingest::ingest(&index, &[dir.path().join("data")]).unwrap();
    let saldo = column(table(&catalog, "konten"), "saldo");
    assert_eq!(saldo.sql_type, "DOUBLE");
    assert_eq!(saldo.stats.null_count, 1);
    let expected: f64 = field_values(text, '\t', 1).iter().filter(|v| !v.is_empty()).map(|v| read_number(v, ',')).sum();
    assert!((sum_of(&index, "konten", "saldo") - expected).abs() < 1e-9);

    // A value that does not fit the configured marks keeps the column text, and says which.
    write_file(dir.path(), "odd/konten.tsv", "konto\tsaldo\nA\t4.238,69\nB\t1,2,3\n");
    write_file(dir.path(), "odd/querycell.toml", "[tables.konten]\ndecimal_separator = \",\"\n");
    let catalog = ingest::ingest(&dir.path().join("index-odd"), &[dir.path().join("odd")]).unwrap();
    let saldo = column(table(&catalog, "konten"), "saldo");
    assert_eq!(saldo.sql_type, "VARCHAR");
    assert!(saldo.decision.contains("'1,2,3'") || saldo.decision.contains("'4.238,69'"), "{}", saldo.decision);
}

#[test]
fn swiss_apostrophes_and_spaces_group_thousands() {
    let text = "ort;betrag;menge\nZürich;1'234.50;1 000\nBern;99.95;12 500\n";
    let dir = tempfile::tempdir().unwrap();
    write_file(dir.path(), "data/umsatz.csv", text);
    let index = dir.path().join("index");
    let catalog = ingest::ingest(&index, &[dir.path().join("data")]).unwrap();
    let umsatz = table(&catalog, "umsatz");
    assert_eq!(column(umsatz, "betrag").sql_type, "DOUBLE", "{}", column(umsatz, "betrag").decision);
    assert_eq!(column(umsatz, "menge").sql_type, "BIGINT", "{}", column(umsatz, "menge").decision);
    assert!((sum_of(&index, "umsatz", "betrag") - 1334.45).abs() < 1e-9);
    assert_eq!(sum_of(&index, "umsatz", "menge"), 13_500.0);
}

#[test]
fn dates_in_mixed_formats_stay_text_and_say_which_formats() {
    let text = "id,day\n1,2025-01-05\n2,05/01/2025\n3,2025-02-28\n";
    let dir = tempfile::tempdir().unwrap();
    write_file(dir.path(), "data/visits.csv", text);
    let index = dir.path().join("index");
    let catalog = ingest::ingest(&index, &[dir.path().join("data")]).unwrap();
    let day = column(table(&catalog, "visits"), "day");
    assert_eq!(day.sql_type, "VARCHAR");
    assert!(
        day.decision.contains("more than one format")
            && day.decision.contains("'05/01/2025'")
            && day.decision.contains("date_format"),
        "{}",
        day.decision
    );
    // Kept exactly as written: each value is still there to be asked about.
    let expected = field_values(text, ',', 1).iter().filter(|v| v.starts_with("2025-")).count();
    let plan = r#"{"table": "visits", "aggregations": [{"function": "count"}], "filters": [{"column": "day", "op": "starts_with", "value": "2025-"}]}"#;
    assert_eq!(answer(&index, plan)["rows"][0][0], serde_json::json!(expected));
}

const ORDERS_NDJSON: &str = r#"{"id": 1, "customer": {"name": "Ann", "address": {"city": "Berlin", "geo": {"lat": 52.5, "deep": {"x": 1}}}}, "tags": ["a", "b"], "at": "2025-01-05T10:00:00+02:00", "total": 10.5}
{"id": 2, "customer": {"name": "Bo", "address": {"city": "Paris", "geo": {"lat": 48.9, "deep": {"x": 2}}}}, "tags": [], "at": "2025-01-06T23:30:00-05:00", "total": 4}
{"id": 3, "customer": {"name": "Cy", "address": {"city": "Berlin", "geo": null}}, "tags": null, "at": null, "total": 1.5}
{"id": 4, "customer": null, "tags": ["c"], "at": "2025-02-01T00:15:00Z", "total": 2}
"#;

#[test]
fn nested_ndjson_is_flattened_and_zoned_timestamps_become_utc() {
    let dir = tempfile::tempdir().unwrap();
    write_file(dir.path(), "data/orders.ndjson", ORDERS_NDJSON);
    let index = dir.path().join("index");
    let catalog = ingest::ingest(&index, &[dir.path().join("data")]).unwrap();
    let orders = table(&catalog, "orders");
    let names: Vec<&str> = orders.columns.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "id",
            "customer_name",
            "customer_address_city",
            "customer_address_geo_lat",
            "customer_address_geo_deep",
            "tags",
            "at",
            "total"
        ],
        "objects are flattened three levels deep"
    );
    assert_eq!(column(orders, "customer_address_city").display_name, "customer.address.city");
    let deep = column(orders, "customer_address_geo_deep");
    assert_eq!(deep.sql_type, "VARCHAR");
    assert!(deep.decision.contains("JSON text"), "{}", deep.decision);
    assert!(column(orders, "tags").decision.contains("list"), "{}", column(orders, "tags").decision);
    let at = column(orders, "at");
    assert_eq!((at.sql_type.as_str(), at.kind), ("TIMESTAMP", ValueKind::Timestamp));
    assert!(at.decision.contains("UTC"), "{}", at.decision);

    // Grouping by a nested field gives real labels, not blanks.
    let by_city = answer(
        &index,
        r#"{"table": "orders", "group_by": ["customer_address_city"], "aggregations": [{"function": "sum", "column": "total"}], "order_by": ["customer_address_city"]}"#,
    );
    assert_eq!(by_city["rows"], serde_json::json!([["Berlin", 12.0], ["Paris", 4.0], [null, 2.0]]));
    // The instants, in UTC: 10:00+02:00 is 08:00Z, 23:30-05:00 is 04:30Z the next day.
    let listed = answer(
        &index,
        r#"{"table": "orders", "columns": ["id", "at", "tags", "customer_address_geo_deep"], "order_by": ["id"]}"#,
    );
    assert_eq!(listed["rows"][0], serde_json::json!([1, "2025-01-05 08:00:00", "[\"a\",\"b\"]", "{\"x\":1}"]));
    assert_eq!(listed["rows"][1][1], "2025-01-07 04:30:00");
    assert_eq!(listed["rows"][1][2], "[]", "an empty list is '[]', never a blank");
    // And the zoned column can now be bucketed and filtered like any timestamp.
    let monthly = answer(
        &index,
        r#"{"table": "orders", "group_by": [{"column": "at", "granularity": "month"}], "aggregations": [{"function": "count"}], "filters": [{"column": "at", "op": "gte", "value": "2025-01-07"}]}"#,
    );
    assert_eq!(monthly["rows"], serde_json::json!([["2025-01-01 00:00:00", 1], ["2025-02-01 00:00:00", 1]]));
    let cell = querycell_tests::sql_cell(&index, Limits::default());
    let truncated = cell.query_sql("SELECT date_trunc('day', \"at\") AS day, count(*) AS n FROM orders WHERE \"at\" IS NOT NULL GROUP BY 1 ORDER BY 1").unwrap().to_json();
    assert_eq!(truncated["rows"].as_array().unwrap().len(), 3, "{truncated}");
    // `at` is a keyword to DuckDB: unquoted the compiler refuses it (exit 2), with the fix.
    let unquoted = cell.query_sql("SELECT date_trunc('day', at) AS day FROM orders").unwrap_err();
    assert_eq!(
        (unquoted.code.as_str(), unquoted.class),
        ("unsupported_syntax", querycell::ErrorClass::Refused),
        "{unquoted}"
    );
    assert!(unquoted.hint.as_deref().unwrap_or_default().contains("double quotes"), "{unquoted}");
}

/// Every column of DuckDB's `test_all_types()` written as its own Parquet and NDJSON file
/// (where DuckDB's writers can write it): each loads as a column querycell can answer with,
/// or is left out with a recorded reason; no cell renders as an empty text.
#[test]
fn every_type_the_readers_produce_has_an_answer_or_a_decision() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    std::fs::create_dir_all(&data).unwrap();
    let maker = querycell::testing::Database::in_memory(&[]).unwrap();
    let columns: Vec<(String, String)> = maker
        .query("SELECT column_name, column_type FROM (DESCRIBE SELECT * FROM test_all_types())")
        .unwrap()
        .into_iter()
        .map(|row| (row[0].text().unwrap(), row[1].text().unwrap()))
        .collect();
    assert!(columns.len() > 50, "test_all_types has {} columns", columns.len());
    let mut written = Vec::new();
    for (name, sql_type) in &columns {
        for (format, ending) in [("parquet", "parquet"), ("json", "ndjson")] {
            let file = data.join(format!("{name}_{format}.{ending}"));
            // A row id beside each column, so a file whose one column is left out is still a table.
            let copy = format!("COPY (SELECT row_number() OVER () AS row_id, \"{name}\" FROM test_all_types()) TO '{}' (FORMAT {format})", file.display());
            if maker.execute_batch(&copy).is_ok() {
                written.push((format!("{name}_{format}"), sql_type.clone()));
            } else {
                let _ = std::fs::remove_file(&file);
            }
        }
    }
    assert!(written.len() > 80, "DuckDB wrote only {} files", written.len());

    let index = dir.path().join("index");
    let catalog = ingest::ingest(&index, &[data]).unwrap_or_else(|e| panic!("{e}"));
    let cell = QueryCell::open(&index, Limits::default()).unwrap();
    let mut left_out = 0;
    for (name, file_type) in &written {
        let entry = table(&catalog, name);
        left_out += entry.left_out.len();
        for column in &entry.columns {
            assert_ne!(
                column.kind,
                ValueKind::Other,
                "{name}.{} ({file_type}) is typed {} with no way to ask about it: {}",
                column.name,
                column.sql_type,
                column.decision
            );
        }
        let listed: Vec<String> = entry.columns.iter().map(|c| format!("\"{}\"", c.name)).collect();
        let plan = format!(r#"{{"table": "{name}", "columns": [{}]}}"#, listed.join(", "));
        let rows = cell.query_plan(&plan).unwrap_or_else(|e| panic!("{name} ({file_type}): {e}")).to_json();
        for row in rows["rows"].as_array().unwrap() {
            for value in row.as_array().unwrap() {
                assert_ne!(value, &Value::String(String::new()), "{name} ({file_type}) renders a blank: {row}");
            }
        }
    }
    assert!(left_out >= 1, "binary columns are left out with a reason");
    let blob = catalog
        .tables
        .iter()
        .flat_map(|t| &t.left_out)
        .find(|l| l.name == "blob")
        .expect("the blob column is recorded as left out");
    assert!(blob.reason.contains("binary"), "{}", blob.reason);
}

/// Whether a column's values are numbers is asked of its first rows before the full pass that
/// also reads how they are written: a column that is numbers for thousands of rows and then
/// holds a word (or a number written another way) must still be decided from every row.
#[test]
fn a_value_far_past_the_first_rows_still_decides_a_column() {
    let dir = tempfile::tempdir().unwrap();
    let rows = 30_000;
    let mut csv = String::from("id,price,weight\n");
    for i in 0..rows {
        // Distinct values, so the column is read row by row rather than grouped.
        let (price, weight) = if i == rows - 2 {
            ("n/a yet".to_string(), "\"1.234,5\"".to_string())
        } else {
            (format!("{i}.25"), format!("{i}.5"))
        };
        csv.push_str(&format!("{i},{price},{weight}\n"));
    }
    write_file(dir.path(), "data/items.csv", &csv);
    let catalog = ingest::ingest(&dir.path().join("index"), &[dir.path().join("data")]).unwrap();
    let items = table(&catalog, "items");
    let price = column(items, "price");
    assert_eq!(price.sql_type, "VARCHAR", "{}", price.decision);
    assert!(price.decision.contains("'n/a yet'"), "{}", price.decision);
    // Number-like everywhere, but no one reading fits `1.234,5` and `29999.5` alike.
    let weight = column(items, "weight");
    assert_eq!(weight.sql_type, "VARCHAR", "{}", weight.decision);
    assert_eq!(column(items, "id").sql_type, "BIGINT");
}
