//! Numbers as real exports write them, answered exactly: a Parquet `DECIMAL(38,10)` summed
//! past what a double holds (in every output format and over MCP), currency amounts with
//! accounting negatives, percentages, `NaN`/`inf` tokens from numpy and pandas, and NDJSON
//! fields that are sometimes numbers and sometimes numeric strings. Every expected value is
//! computed here from the file's own text, decimals with `i128` scaled integers, never `f64`.

use std::path::Path;

use querycell::catalog::ValueKind;
use querycell::serve::mcp::McpServer;
use querycell::{ingest, Limits, QueryCell};
use querycell_tests::{querycell, querycell_with_stdin, stdout_json, write_file};
use serde_json::{json, Value};

use super::catalog_lookup::{answer, column, table};
use super::messy_files::field_values;

/// A decimal text (`-12.5`, `12345678901234567890.1234567890`) as an integer of units of
/// `10^-scale`: exact, whatever its size.
fn scaled(text: &str, scale: usize) -> i128 {
    let (negative, digits) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    let (whole, fraction) = digits.split_once('.').unwrap_or((digits, ""));
    assert!(fraction.len() <= scale, "{text} has more than {scale} decimals");
    let padded = format!("{whole}{fraction:0<scale$}");
    let value: i128 = padded.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
    if negative {
        -value
    } else {
        value
    }
}

/// `value` units of `10^-scale` written out with exactly `scale` decimals.
fn decimal(value: i128, scale: usize) -> String {
    let digits = format!("{:0>width$}", value.unsigned_abs(), width = scale + 1);
    let (whole, fraction) = digits.split_at(digits.len() - scale);
    format!("{}{whole}.{fraction}", if value < 0 { "-" } else { "" })
}

/// A JSON answer cell (a number, or a decimal's digits as a string) in units of `10^-scale`.
fn cell_scaled(value: &Value, scale: usize) -> i128 {
    match value {
        Value::String(text) => scaled(text, scale),
        Value::Number(number) => {
            let text = number.to_string();
            assert!(!text.contains(['e', 'E']), "{text}: written with an exponent");
            scaled(&text, scale)
        }
        other => panic!("not a number: {other}"),
    }
}

/// The MCP server's reply to one tool call on `index`, as the protocol writes it.
fn mcp_call(index: &Path, tool: &str, arguments: Value) -> Value {
    let server = McpServer::new(QueryCell::open(index, Limits::default()).unwrap());
    let reply = server.call(tool, arguments.as_object().unwrap().clone()).unwrap_or_else(|e| panic!("{tool}: {e:?}"));
    serde_json::to_value(reply).unwrap()
}

/// The ledger's amounts: their sum has 30 significant digits, far past a double's 17.
const LEDGER: [&str; 4] = ["12345678901234567890.1234567890", "98.7500000002", "-0.0000000001", "0.0000000001"];

/// `amount DECIMAL(38,10)` with `LEDGER`, and a second file whose sum passes 38 digits.
fn write_decimal_parquet(data: &Path) {
    let maker = querycell::testing::Database::in_memory(&[]).unwrap();
    let values: Vec<String> = LEDGER.iter().map(|v| format!("('{v}')")).collect();
    let copy = |values: &str, file: &str| {
        format!(
            "COPY (SELECT CAST(v AS DECIMAL(38,10)) AS amount FROM (VALUES {values}) AS t(v)) TO '{}' (FORMAT parquet)",
            data.join(file).display()
        )
    };
    maker.execute_batch(&copy(&values.join(", "), "ledger.parquet")).unwrap();
    let huge = "9999999999999999999999999999.9999999999";
    maker.execute_batch(&copy(&format!("('{huge}'), ('{huge}')"), "huge.parquet")).unwrap();
}

#[test]
fn parquet_decimals_are_answered_exactly_in_every_format_and_over_mcp() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    std::fs::create_dir_all(&data).unwrap();
    write_decimal_parquet(&data);
    let index = dir.path().join("index");
    let catalog = ingest::ingest(&index, &[data]).unwrap();
    let amount = column(table(&catalog, "ledger"), "amount");
    assert_eq!((amount.sql_type.as_str(), amount.kind), ("DECIMAL(38,10)", ValueKind::Float));
    assert!(amount.decision.contains("exact decimals, answered exactly"), "{}", amount.decision);

    let sum: i128 = LEDGER.iter().map(|v| scaled(v, 10)).sum();
    let max = LEDGER.iter().map(|v| scaled(v, 10)).max().unwrap();
    let (sum, max) = (decimal(sum, 10), decimal(max, 10));
    assert_eq!(sum, "12345678901234567988.8734567892");
    let plan = r#"{"table": "ledger", "aggregations": [{"function": "sum", "column": "amount", "alias": "total"}, {"function": "max", "column": "amount", "alias": "largest"}, {"function": "avg", "column": "amount", "alias": "mean"}]}"#;
    let args = ["query", "--index", index.to_str().unwrap(), "--plan", "-"];

    let receipt = stdout_json(&querycell_with_stdin(&[&args[..], &["--format", "json"]].concat(), plan));
    assert_eq!(receipt["rows"][0][0], json!(sum), "{receipt}");
    assert_eq!(receipt["rows"][0][1], json!(max), "{receipt}");
    let types: Vec<&str> = receipt["columns"].as_array().unwrap().iter().map(|c| c["type"].as_str().unwrap()).collect();
    assert_eq!(types, ["DECIMAL(38,10)", "DECIMAL(38,10)", "DOUBLE"], "{receipt}");
    assert!(receipt["rows"][0][2].is_f64(), "an average is a double: {receipt}");

    let csv = querycell_with_stdin(&[&args[..], &["--format", "csv"]].concat(), plan);
    let csv = String::from_utf8(csv.stdout).unwrap();
    assert_eq!(field_values(&csv, ',', 0), [sum.as_str()], "{csv}");
    assert_eq!(field_values(&csv, ',', 1), [max.as_str()], "{csv}");
    let shown = String::from_utf8(querycell_with_stdin(&args, plan).stdout).unwrap();
    assert!(shown.contains(&sum) && shown.contains(&max), "{shown}");

    let result = &mcp_call(&index, "query", serde_json::from_str(plan).unwrap());
    assert_eq!(result["structuredContent"]["rows"][0][0], json!(sum), "{result}");
    assert_eq!(result["structuredContent"]["columns"][0]["type"], "DECIMAL(38,10)", "{result}");
    assert!(result["content"][0]["text"].as_str().unwrap().contains(&sum), "{result}");

    // Two values of 38 digits sum past what DECIMAL(38,10) and HUGEINT hold: an error, never a number.
    let error = QueryCell::open(&index, Limits::default())
        .unwrap()
        .query_plan(r#"{"table": "huge", "aggregations": [{"function": "sum", "column": "amount"}]}"#)
        .expect_err("a sum past 38 digits is not answered");
    assert_eq!(error.code, "numeric_overflow", "{error}");
}

/// Comma-delimited, every amount with two decimals, so the test reads each as cents: its
/// digits, negative when it has `(` or `-`.
const LEDGER_CSV: &str = "entry,usd,eur_before,eur_after,bank,mixed,unsure\n\
a,\"$1,234.56\",\"€ 1.234,56\",\"1.234,56 €\",\"1.234,56-\",$5.00,\"$1,234\"\n\
b,($45.00),\"€ 12,50\",\"12,50 €\",\"2.000,00\",\"€ 5,00\",$5\n\
c,$0.99,\"€ -3,00\",\"(3,00 €)\",\"0,01-\",$1.00,$7\n\
d,$ -,€ -,- €,\"0,00\",$2.00,$9\n\
e,N/A,,,,,\n";

fn cents(text: &str) -> i128 {
    let digits: String = text.chars().filter(char::is_ascii_digit).collect();
    // An accounting dash (`$ -`) is zero.
    let value: i128 = if digits.is_empty() { 0 } else { digits.parse().unwrap() };
    if text.contains(['(', '-']) {
        -value
    } else {
        value
    }
}

#[test]
fn currency_amounts_and_accounting_negatives_are_exact_numbers() {
    let dir = tempfile::tempdir().unwrap();
    write_file(dir.path(), "data/ledger.csv", LEDGER_CSV);
    let index = dir.path().join("index");
    let catalog = ingest::ingest(&index, &[dir.path().join("data")]).unwrap();
    let ledger = table(&catalog, "ledger");
    for (name, at, unit) in
        [("usd", 1, Some("$")), ("eur_before", 2, Some("€")), ("eur_after", 3, Some("€")), ("bank", 4, None)]
    {
        let c = column(ledger, name);
        assert_eq!((c.sql_type.as_str(), c.unit.as_deref()), ("DECIMAL(18,2)", unit), "{name}: {}", c.decision);
        assert!(c.decision.contains("stored exactly as DECIMAL(18,2)"), "{name}: {}", c.decision);
        let present: Vec<String> =
            field_values(LEDGER_CSV, ',', at).into_iter().filter(|v| !v.is_empty() && v != "N/A").collect();
        let expected: i128 = present.iter().map(|v| cents(v)).sum();
        let plan = format!(
            r#"{{"table": "ledger", "aggregations": [{{"function": "sum", "column": "{name}"}}, {{"function": "count", "column": "{name}"}}]}}"#
        );
        let rows = answer(&index, &plan);
        assert_eq!(cell_scaled(&rows["rows"][0][0], 2), expected, "{name}: {rows}");
        // Missing values stay missing: never an accounting zero.
        assert_eq!(rows["rows"][0][1], json!(present.len()), "{name}: {rows}");
    }
    let usd = column(ledger, "usd");
    assert!(usd.decision.starts_with("amounts in $ (the column's unit)"), "{}", usd.decision);
    assert!(usd.decision.contains("'($45.00)' in parentheses is negative"), "{}", usd.decision);
    assert!(usd.decision.contains("'$ -' is zero, as accounting formats write it"), "{}", usd.decision);
    assert!(column(ledger, "eur_before").decision.contains("',' as decimal mark and '.' between thousands"));
    let bank = column(ledger, "bank");
    assert!(bank.decision.contains("'0,01-' with a trailing minus is negative"), "{}", bank.decision);

    let mixed = column(ledger, "mixed");
    assert_eq!(mixed.sql_type, "VARCHAR");
    assert!(
        mixed.decision.starts_with("amounts in more than one unit") && mixed.decision.contains("€ 5,00"),
        "{}",
        mixed.decision
    );
    // `$1,234` beside whole dollars: 1234 or 1.234? The values do not say, so it stays text.
    let unsure = column(ledger, "unsure");
    assert_eq!(unsure.sql_type, "VARCHAR");
    assert!(unsure.decision.contains("no value decides") && unsure.decision.contains("'1,234'"), "{}", unsure.decision);

    let markdown = querycell(&["schema", "--index", index.to_str().unwrap(), "--format", "markdown"]);
    let markdown = String::from_utf8(markdown.stdout).unwrap();
    assert!(
        markdown.contains("| number (DECIMAL(18,2)), in $ | ingest: `\"amounts in $ (the column's unit)"),
        "{markdown}"
    );
    let described = &mcp_call(&index, "describe_table", json!({"table": "ledger"}))["structuredContent"]["columns"];
    let usd = described.as_array().unwrap().iter().find(|c| c["name"] == "usd").unwrap();
    assert_eq!((&usd["unit"], &usd["decision"]), (&json!("$"), &json!(column(ledger, "usd").decision)));
}

/// Tenths of a percent point, from a text like `12.5%` or `(2.5%)`.
fn tenths(text: &str) -> i128 {
    let number = text.trim_matches(['(', ')', '%']);
    let value = scaled(number, 1);
    if text.starts_with('(') {
        -value
    } else {
        value
    }
}

#[test]
fn percentages_are_numbers_stored_as_written() {
    let dir = tempfile::tempdir().unwrap();
    let text = "region,growth,share\nNorth,9.5%,5%\nSouth,10.0%,0.5\nEast,12.5%,7%\nWest,(2.5%),1%\n";
    write_file(dir.path(), "data/growth.csv", text);
    let index = dir.path().join("index");
    let catalog = ingest::ingest(&index, &[dir.path().join("data")]).unwrap();
    let growth = column(table(&catalog, "growth"), "growth");
    assert_eq!((growth.sql_type.as_str(), growth.unit.as_deref()), ("DOUBLE", Some("%")));
    assert!(growth.decision.contains("12.5% as 12.5, not 0.125"), "{}", growth.decision);
    // As text, '9.5%' is the largest; as numbers, 12.5.
    let values = field_values(text, ',', 1);
    let largest = values.iter().map(|v| tenths(v)).max().unwrap();
    let total: i128 = values.iter().map(|v| tenths(v)).sum();
    let rows = answer(
        &index,
        r#"{"table": "growth", "aggregations": [{"function": "max", "column": "growth"}, {"function": "sum", "column": "growth"}]}"#,
    );
    assert_eq!(cell_scaled(&rows["rows"][0][0], 1), largest, "{rows}");
    let sum = rows["rows"][0][1].as_f64().unwrap();
    assert!((sum - total as f64 / 10.0).abs() < 1e-9, "{rows}");
    let filtered = answer(
        &index,
        r#"{"table": "growth", "filters": [{"column": "growth", "op": "gte", "value": 10}], "aggregations": [{"function": "count"}]}"#,
    );
    assert_eq!(filtered["rows"], json!([[values.iter().filter(|v| tenths(v) >= 100).count()]]));
    // Is `0.5` half a percent or fifty? Beside `5%` it cannot be told: text, saying why.
    let share = column(table(&catalog, "growth"), "share");
    assert_eq!(share.sql_type, "VARCHAR");
    assert!(share.decision.contains("percentages beside plain numbers ('0.5' has no %"), "{}", share.decision);
}

#[test]
fn nan_and_infinity_tokens_are_missing_numbers() {
    let dir = tempfile::tempdir().unwrap();
    let text =
        "sensor,reading,label\na,1.5,nan\nb,NaN,ok\nc,inf,inf\nd,-inf,x\ne,2.25,y\nf,nan,z\ng,Infinity,w\nh,,v\n";
    write_file(dir.path(), "data/sensors.csv", text);
    let index = dir.path().join("index");
    let catalog = ingest::ingest(&index, &[dir.path().join("data")]).unwrap();
    let readings = field_values(text, ',', 1);
    let finite: Vec<f64> = readings.iter().filter_map(|v| v.parse::<f64>().ok()).filter(|x| x.is_finite()).collect();
    let tokens = readings.iter().filter(|v| !v.is_empty() && !v.parse::<f64>().is_ok_and(f64::is_finite)).count();
    let reading = column(table(&catalog, "sensors"), "reading");
    assert_eq!(reading.sql_type, "DOUBLE");
    assert!(reading.decision.contains(&format!("{tokens} value(s) NaN or infinite")), "{}", reading.decision);
    assert_eq!(reading.stats.null_count as usize, readings.len() - finite.len());
    let rows = answer(&index, r#"{"table": "sensors", "aggregations": [{"function": "avg", "column": "reading"}]}"#);
    let mean = finite.iter().sum::<f64>() / finite.len() as f64;
    assert_eq!(rows["rows"], json!([[mean]]));
    assert!(rows["warnings"].to_string().contains(&format!("{}", readings.len() - finite.len())), "{rows}");
    // Among words, `nan` and `inf` are text like any other.
    let label = column(table(&catalog, "sensors"), "label");
    assert_eq!((label.sql_type.as_str(), label.stats.null_count), ("VARCHAR", 0));
}

/// Whole numbers grouped by spaces or apostrophes (`1 234`, `12'500`), plain or as amounts,
/// are numbers: with no dot or comma in any value every reading that fits reads them alike.
/// Such a column failed the whole ingest on a conversion error.
#[test]
fn whole_numbers_grouped_by_spaces_or_apostrophes_are_numbers() {
    let dir = tempfile::tempdir().unwrap();
    write_file(
        dir.path(),
        "data/counts.csv",
        "spaced;quoted;euros\n1 234;1'234;1 234 €\n12 500;12'500;5 €\n7;7;12 000 €\n",
    );
    let index = dir.path().join("index");
    let catalog = ingest::ingest(&index, &[dir.path().join("data")]).unwrap();
    let counts = table(&catalog, "counts");
    for name in ["spaced", "quoted", "euros"] {
        let c = column(counts, name);
        assert!(
            c.kind == ValueKind::Integer || c.sql_type.starts_with("DECIMAL"),
            "{name}: {} {}",
            c.sql_type,
            c.decision
        );
    }
    let rows = answer(
        &index,
        r#"{"table": "counts", "aggregations": [{"function": "sum", "column": "spaced"}, {"function": "sum", "column": "quoted"}, {"function": "sum", "column": "euros"}]}"#,
    );
    let sums: Vec<f64> = rows["rows"][0]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_f64().unwrap_or_else(|| v.as_str().unwrap().parse().unwrap()))
        .collect();
    assert_eq!(sums, [13_741.0, 13_741.0, 13_239.0], "{rows}");
}

/// Whole numbers past BIGINT stay text whether or not their thousands are grouped: grouped,
/// they were stored as DOUBLEs, which keep 15–17 digits, so the value stored was another
/// number than the one written.
#[test]
fn whole_numbers_past_bigint_keep_their_digits_grouped_or_not() {
    let dir = tempfile::tempdir().unwrap();
    write_file(
        dir.path(),
        "data/big.csv",
        "grouped,plain,fits\n\"12,345,678,901,234,567,890\",12345678901234567890,\"1,234\"\n\"1,000\",1000,\"9,223,372,036,854,775,807\"\n",
    );
    let index = dir.path().join("index");
    let catalog = ingest::ingest(&index, &[dir.path().join("data")]).unwrap();
    let big = table(&catalog, "big");
    for name in ["grouped", "plain"] {
        let c = column(big, name);
        assert_eq!(c.sql_type, "VARCHAR", "{name}: {}", c.decision);
        assert!(c.decision.contains("too large for BIGINT"), "{name}: {}", c.decision);
    }
    assert!(
        column(big, "grouped").decision.contains("'12,345,678,901,234,567,890'"),
        "{}",
        column(big, "grouped").decision
    );
    let fits = column(big, "fits");
    assert_eq!(fits.sql_type, "BIGINT", "{}", fits.decision);
    let rows = answer(&index, r#"{"table": "big", "aggregations": [{"function": "max", "column": "fits"}]}"#);
    assert_eq!(rows["rows"], json!([[9_223_372_036_854_775_807_i64]]), "{rows}");
}

/// A number written with an exponent no DOUBLE holds (`1e400`) is never stored as infinite,
/// beside whole numbers or fractions: the column stays text and says why, while large finite
/// exponents are numbers.
#[test]
fn numbers_beyond_a_double_keep_the_column_text() {
    let dir = tempfile::tempdir().unwrap();
    write_file(
        dir.path(),
        "data/readings.csv",
        "whole;fraction;fine\n1e400;1.5;1e300\n-1E999;2.5;-2.5E-3\n5;1e400;7\n",
    );
    let index = dir.path().join("index");
    let catalog = ingest::ingest(&index, &[dir.path().join("data")]).unwrap();
    let readings = table(&catalog, "readings");
    for (name, value) in [("whole", "-1E999"), ("fraction", "1e400")] {
        let c = column(readings, name);
        assert_eq!(c.sql_type, "VARCHAR", "{name}: {}", c.decision);
        assert!(c.decision.contains(&format!("'{value}' is out of range for a number")), "{name}: {}", c.decision);
    }
    let fine = column(readings, "fine");
    assert_eq!(fine.sql_type, "DOUBLE", "{}", fine.decision);
    let rows = answer(&index, r#"{"table": "readings", "aggregations": [{"function": "max", "column": "fine"}]}"#);
    assert_eq!(rows["rows"], json!([[1e300]]));
}

#[test]
fn nan_and_infinity_in_json_and_parquet_floats_are_missing_numbers() {
    let dir = tempfile::tempdir().unwrap();
    // Python's `json.dumps` writes a float's NaN and infinities as these bare words.
    let values = ["1.5", "NaN", "2.25", "Infinity", "-Infinity", "null", "4.0"];
    let lines: Vec<String> = values.iter().enumerate().map(|(i, v)| format!(r#"{{"id": {i}, "v": {v}}}"#)).collect();
    write_file(dir.path(), "data/readings.ndjson", &lines.join("\n"));
    let maker = querycell::testing::Database::in_memory(&[]).unwrap();
    let floats: Vec<String> =
        values.iter().map(|v| format!("(CAST('{}' AS DOUBLE))", v.replace("null", "NULL"))).collect();
    let copy = format!(
        "COPY (SELECT TRY_CAST(v AS DOUBLE) AS v FROM (VALUES {}) AS t(v)) TO '{}' (FORMAT parquet)",
        floats.iter().map(|f| format!("({f})")).collect::<Vec<_>>().join(", "),
        dir.path().join("data/dumped.parquet").display()
    );
    maker.execute_batch(&copy.replace("CAST('NULL' AS DOUBLE)", "NULL")).unwrap();
    let index = dir.path().join("index");
    let catalog = ingest::ingest(&index, &[dir.path().join("data")]).unwrap();
    let finite: Vec<f64> = values.iter().filter_map(|v| v.parse::<f64>().ok()).filter(|x| x.is_finite()).collect();
    let not_finite = values.iter().filter(|v| v.parse::<f64>().is_ok_and(|x| !x.is_finite())).count();
    for name in ["readings", "dumped"] {
        let v = column(table(&catalog, name), "v");
        assert_eq!(v.sql_type, "DOUBLE", "{name}");
        assert!(
            v.decision.contains(&format!("{not_finite} value(s) NaN or infinite read as missing")),
            "{name}: {}",
            v.decision
        );
        assert_eq!(v.stats.null_count as usize, values.len() - finite.len(), "{name}");
        let plan = format!(r#"{{"table": "{name}", "aggregations": [{{"function": "avg", "column": "v"}}]}}"#);
        let rows = answer(&index, &plan);
        assert_eq!(rows["rows"], json!([[finite.iter().sum::<f64>() / finite.len() as f64]]), "{name}");
    }
}

#[test]
fn ndjson_numbers_sometimes_written_as_strings_are_numbers() {
    let dir = tempfile::tempdir().unwrap();
    let lines = [
        r#"{"id": 1, "qty": 5, "count": 3, "code": "00123", "zip": "10115"}"#,
        r#"{"id": 2, "qty": "5.5", "count": "12", "code": 7, "zip": "80331"}"#,
        r#"{"id": 3, "qty": "12", "count": 4, "code": 8, "zip": "20095"}"#,
        r#"{"id": 4, "qty": null, "count": null, "code": null, "zip": null}"#,
    ];
    write_file(dir.path(), "data/orders.ndjson", &lines.join("\n"));
    let index = dir.path().join("index");
    let catalog = ingest::ingest(&index, &[dir.path().join("data")]).unwrap();
    let orders = table(&catalog, "orders");
    let records: Vec<Value> = lines.iter().map(|l| serde_json::from_str(l).unwrap()).collect();
    let read = |v: &Value| match v {
        Value::Number(n) => n.as_f64(),
        Value::String(s) => s.parse::<f64>().ok(),
        _ => None,
    };
    let qty = column(orders, "qty");
    assert_eq!(qty.sql_type, "DOUBLE", "{}", qty.decision);
    assert!(qty.decision.contains("1 number(s) and 2 numeric string(s), read as DOUBLE"), "{}", qty.decision);
    let expected: f64 = records.iter().filter_map(|r| read(&r["qty"])).sum();
    let rows = answer(&index, r#"{"table": "orders", "aggregations": [{"function": "sum", "column": "qty"}]}"#);
    assert_eq!(rows["rows"], json!([[expected]]));
    let count = column(orders, "count");
    assert_eq!(count.sql_type, "BIGINT", "{}", count.decision);
    let expected: f64 = records.iter().filter_map(|r| read(&r["count"])).sum();
    let rows = answer(&index, r#"{"table": "orders", "aggregations": [{"function": "sum", "column": "count"}]}"#);
    assert_eq!(rows["rows"], json!([[expected as i64]]));
    // `"00123"` beside numbers is an identifier, not 123; strings alone are what the file meant.
    let code = column(orders, "code");
    assert_eq!(code.sql_type, "VARCHAR");
    assert!(code.decision.contains("\"00123\" is not a plain number"), "{}", code.decision);
    assert_eq!(column(orders, "zip").sql_type, "VARCHAR");
}

/// A median or percentile of amounts interpolates between two of them: stored as
/// DECIMAL(18,2), the median of $0.99 and $2.00 is 1.495, not that value cut to cents.
#[test]
fn percentiles_of_amounts_are_not_cut_to_their_places() {
    let dir = tempfile::tempdir().unwrap();
    write_file(dir.path(), "data/prices.csv", "id,price\n1,$0.99\n2,$2.00\n");
    let index = dir.path().join("index");
    let catalog = ingest::ingest(&index, &[dir.path().join("data")]).unwrap();
    assert_eq!(column(table(&catalog, "prices"), "price").sql_type, "DECIMAL(18,2)");
    let rows = answer(
        &index,
        r#"{"table": "prices", "aggregations": [{"function": "median", "column": "price"},
            {"function": "percentile", "column": "price", "p": 0.1}, {"function": "avg", "column": "price"}]}"#,
    );
    let cells: Vec<f64> = rows["rows"][0].as_array().unwrap().iter().map(|v| v.as_f64().unwrap()).collect();
    let expected = [1.495, 0.99 + 0.1 * (2.00 - 0.99), 1.495];
    for (got, want) in cells.iter().zip(expected) {
        assert!((got - want).abs() < 1e-9, "{cells:?} against {expected:?}: {rows}");
    }
}

/// A sum or average of doubles past what a DOUBLE holds is DuckDB's `inf`, carried as the
/// text "inf" in a DOUBLE column: the receipt warns which column holds it and why (a DECIMAL
/// sum that overflows is refused instead).
#[test]
fn an_overflowing_double_aggregate_is_warned_about() {
    let dir = tempfile::tempdir().unwrap();
    write_file(dir.path(), "data/huge.csv", "g,x\na,1.7e308\na,1.7e308\nb,1.5\nb,2.5\n");
    let index = dir.path().join("index");
    let catalog = ingest::ingest(&index, &[dir.path().join("data")]).unwrap();
    assert_eq!(column(table(&catalog, "huge"), "x").sql_type, "DOUBLE");
    let rows = answer(
        &index,
        r#"{"table": "huge", "group_by": ["g"], "aggregations": [{"function": "sum", "column": "x"}, {"function": "avg", "column": "x"}, {"function": "max", "column": "x"}], "order_by": [{"column": "g"}]}"#,
    );
    assert_eq!(rows["rows"], json!([["a", "inf", "inf", 1.7e308], ["b", 4.0, 2.0, 2.5]]), "{rows}");
    let warnings: Vec<&str> = rows["warnings"].as_array().unwrap().iter().filter_map(|w| w.as_str()).collect();
    for name in ["sum_x", "avg_x"] {
        assert!(
            warnings.iter().any(|w| w.starts_with(&format!("{name}: 1 value is no finite number (\"inf\")"))),
            "{name}: {warnings:?}"
        );
    }
    assert!(!warnings.iter().any(|w| w.starts_with("max_x")), "{warnings:?}");
}

/// In a `;`-delimited file a column either decimal mark reads (`1.250`) is read with the
/// comma the delimiter suggests, unless another column of the same file proves a decimal dot
/// (`2.25`): then it is read with the dot, and its decision says why. It was read as 1250.
#[test]
fn a_column_proving_a_decimal_dot_outweighs_the_semicolon() {
    let dir = tempfile::tempdir().unwrap();
    write_file(dir.path(), "data/items.csv", "sku;price;weight_kg\nA;1.5;1.250\nB;2.25;2.500\nC;10.99;3.000\n");
    // Without such a column the delimiter still decides, as before.
    write_file(dir.path(), "data/stock.csv", "sku;weight_kg\nA;1.250\nB;2.500\n");
    let index = dir.path().join("index");
    let catalog = ingest::ingest(&index, &[dir.path().join("data")]).unwrap();
    let weight = column(table(&catalog, "items"), "weight_kg");
    assert_eq!(weight.sql_type, "DOUBLE", "{}", weight.decision);
    assert!(
        weight.decision.contains("column price of the same file writes a decimal dot (e.g. '1.5')"),
        "{}",
        weight.decision
    );
    let rows = answer(
        &index,
        r#"{"table": "items", "aggregations": [{"function": "sum", "column": "weight_kg"}, {"function": "sum", "column": "price"}]}"#,
    );
    assert_eq!(rows["rows"], json!([[6.75, 14.74]]), "{rows}");
    let stock = column(table(&catalog, "stock"), "weight_kg");
    assert_eq!(stock.kind, ValueKind::Integer, "{}", stock.decision);
}

/// `\N`, as PostgreSQL's and MySQL's text dumps write a missing value, is missing in a
/// number column (it kept the column text); whole numbers written with a `+` and eight or
/// more digits are phone numbers and keep their `+` as text (they became BIGINTs without
/// it), while a small signed change stays a number.
#[test]
fn dump_nulls_are_missing_and_phone_numbers_keep_their_plus() {
    let dir = tempfile::tempdir().unwrap();
    write_file(
        dir.path(),
        "data/contacts.csv",
        "id,phone,change,amount\n1,+4930123456,+5,10.5\n2,+12025550123,-3,\\N\n3,+442071234567,0,2\n",
    );
    let index = dir.path().join("index");
    let catalog = ingest::ingest(&index, &[dir.path().join("data")]).unwrap();
    let contacts = table(&catalog, "contacts");
    let phone = column(contacts, "phone");
    assert_eq!(phone.sql_type, "VARCHAR", "{}", phone.decision);
    assert!(phone.decision.contains("leading + (e.g. '+12025550123')"), "{}", phone.decision);
    assert_eq!(column(contacts, "change").kind, ValueKind::Integer);
    let amount = column(contacts, "amount");
    assert_eq!((amount.sql_type.as_str(), amount.stats.null_count), ("DOUBLE", 1), "{}", amount.decision);
    let rows = answer(
        &index,
        r#"{"table": "contacts", "aggregations": [{"function": "sum", "column": "change"}, {"function": "sum", "column": "amount"}, {"function": "min", "column": "phone"}]}"#,
    );
    assert_eq!(rows["rows"], json!([[2, 12.5, "+12025550123"]]), "{rows}");
}

/// Negative numbers written with the typographic minus (U+2212), as Finnish and Swedish
/// exports and typeset reports write them, are numbers (the column stayed text), amounts
/// included; a text column keeps the sign as written.
#[test]
fn the_typographic_minus_is_a_minus_sign() {
    let dir = tempfile::tempdir().unwrap();
    write_file(
        dir.path(),
        "data/ledger.csv",
        "item;change;amount;label\nA;\u{2212}12,5;\u{2212}1 234,50 €;x\u{2212}y\nB;3,5;10,00 €;z\nC;\u{2212}1;5,25 €;w\n",
    );
    let index = dir.path().join("index");
    let catalog = ingest::ingest(&index, &[dir.path().join("data")]).unwrap();
    let ledger = table(&catalog, "ledger");
    for name in ["change", "amount"] {
        let c = column(ledger, name);
        assert!(
            c.kind == ValueKind::Float || c.sql_type.starts_with("DECIMAL"),
            "{name}: {} {}",
            c.sql_type,
            c.decision
        );
        assert!(c.decision.contains("typographic minus"), "{name}: {}", c.decision);
    }
    assert_eq!(column(ledger, "label").sql_type, "VARCHAR");
    let rows = answer(
        &index,
        r#"{"table": "ledger", "aggregations": [{"function": "sum", "column": "change"}, {"function": "sum", "column": "amount"}, {"function": "min", "column": "label"}]}"#,
    );
    let sums: Vec<f64> = rows["rows"][0].as_array().unwrap()[..2]
        .iter()
        .map(|v| v.as_f64().unwrap_or_else(|| v.as_str().unwrap().parse().unwrap()))
        .collect();
    assert_eq!(sums, [-10.0, -1219.25], "{rows}");
    assert_eq!(rows["rows"][0][2], json!("w"), "{rows}");
}
