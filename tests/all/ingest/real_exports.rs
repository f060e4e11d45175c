//! Text and date cases as real exports write them: dotted day-first dates,
//! ISO timestamps with UTC offsets in a CSV, a column mixing three ways of writing dates,
//! files in windows-1252, latin-1 and UTF-16, and repeated headers. Each checks the loaded
//! type, the decision where the catalog, `schema --format markdown` and MCP `describe_table`
//! show it, and an answer against a value the test computes from the file's own text.

use std::path::{Path, PathBuf};

use super::catalog_lookup::{answer, column, table};
use querycell::catalog::Catalog;
use querycell::serve::mcp::McpServer;
use querycell::{ingest, Limits, QueryCell};
use querycell_tests::{querycell, write_file};
use serde_json::{json, Value};

/// Ingest the folder `data` under `dir` into `dir/index-<data>`.
fn ingest_folder(dir: &Path, data: &str) -> (PathBuf, Catalog) {
    let index = dir.join(format!("index-{data}"));
    let catalog = ingest::ingest(&index, &[dir.join(data)]).unwrap_or_else(|e| panic!("{data}: {e}"));
    (index, catalog)
}

/// `needle` is in the decision of `table.column` wherever decisions are shown: the catalog
/// file, `schema --format markdown` and MCP `describe_table` (structured and as text).
fn decision_shown_everywhere(index: &Path, table: &str, column: &str, needle: &str) {
    let catalog: Value = serde_json::from_str(&std::fs::read_to_string(index.join("catalog.json")).unwrap()).unwrap();
    let entry = catalog["tables"].as_array().unwrap().iter().find(|t| t["name"] == table).unwrap();
    let in_catalog = entry["columns"].as_array().unwrap().iter().find(|c| c["name"] == column).unwrap();
    assert!(in_catalog["decision"].as_str().unwrap().contains(needle), "catalog: {in_catalog}");

    let output = querycell(&["schema", "--index", index.to_str().unwrap(), "--format", "markdown"]);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let markdown = String::from_utf8(output.stdout).unwrap();
    let section = &markdown[markdown.find(&format!("## `{table}`")).expect("the table's section")..];
    let row = section
        .lines()
        .find(|line| line.starts_with(&format!("| `{column}`")))
        .unwrap_or_else(|| panic!("no row for {column}:\n{markdown}"));
    assert!(row.contains(needle), "schema markdown: {row}");

    let server = McpServer::new(QueryCell::open(index, Limits::default()).unwrap());
    let described = server.call("describe_table", json!({"table": table}).as_object().unwrap().clone()).unwrap();
    let structured = described.structured_content.expect("structured content");
    let mcp_column = structured["columns"].as_array().unwrap().iter().find(|c| c["name"] == column).unwrap();
    assert!(mcp_column["decision"].as_str().unwrap().contains(needle), "describe_table: {mcp_column}");
    let text = serde_json::to_string(&described.content).unwrap();
    let escaped = serde_json::to_string(needle).unwrap();
    assert!(text.contains(escaped.trim_matches('"')), "describe_table text: {text}");
}

/// The fields of every data line (after the header), split on `delimiter` (no quoting).
fn fields(text: &str, delimiter: char) -> Vec<Vec<String>> {
    text.lines().skip(1).filter(|l| !l.is_empty()).map(|l| l.split(delimiter).map(str::to_string).collect()).collect()
}

/// `d.m.yyyy` as ISO text, read by the test itself.
fn dotted_to_iso(text: &str) -> String {
    let parts: Vec<u32> = text.split('.').map(|p| p.parse().unwrap()).collect();
    format!("{:04}-{:02}-{:02}", parts[2], parts[1], parts[0])
}

#[test]
fn dotted_day_first_dates_are_dates_when_a_day_over_12_proves_the_order() {
    let text = "Buchungstag;Betrag\n03.01.2025;10\n31.12.2025;20\n15.06.2025;5\n01.02.2025;7\n";
    let dir = tempfile::tempdir().unwrap();
    write_file(dir.path(), "data/konto.csv", text);
    let (index, catalog) = ingest_folder(dir.path(), "data");
    let day = column(table(&catalog, "konto"), "buchungstag");
    assert_eq!(day.sql_type, "DATE", "{}", day.decision);
    let proof = fields(text, ';').iter().map(|f| f[0].clone()).filter(|d| d[..2].parse::<u32>().unwrap() > 12).min();
    let needle = format!("day.month.year: '{}' has a day over 12", proof.unwrap());
    assert_eq!(day.decision, needle);
    decision_shown_everywhere(&index, "konto", "buchungstag", &needle);

    let iso: Vec<(String, i64)> =
        fields(text, ';').iter().map(|f| (dotted_to_iso(&f[0]), f[1].parse().unwrap())).collect();
    let since_june: i64 = iso.iter().filter(|(d, _)| d.as_str() >= "2025-06-01").map(|(_, b)| b).sum();
    let plan = r#"{"table": "konto", "filters": [{"column": "buchungstag", "op": "gte", "value": "2025-06-01"}], "aggregations": [{"function": "sum", "column": "betrag"}, {"function": "max", "column": "buchungstag"}]}"#;
    let rows = answer(&index, plan)["rows"].clone();
    assert_eq!(rows[0][0], json!(since_june));
    assert_eq!(rows[0][1], json!(iso.iter().map(|(d, _)| d.clone()).max().unwrap()));
}

#[test]
fn dotted_dates_without_proof_or_with_an_impossible_day_stay_text() {
    let dir = tempfile::tempdir().unwrap();
    let ambiguous = "tag,menge\n01.02.2025,1\n03.04.2025,2\n05.06.2025,4\n";
    write_file(dir.path(), "data/lager.csv", ambiguous);
    write_file(dir.path(), "data/kaputt.csv", "tag,menge\n31.01.2025,1\n31.02.2025,2\n");
    let (index, catalog) = ingest_folder(dir.path(), "data");
    let tag = column(table(&catalog, "lager"), "tag");
    assert_eq!(tag.sql_type, "VARCHAR");
    assert!(tag.decision.contains("ambiguous dates") && tag.decision.contains("date_format"), "{}", tag.decision);
    decision_shown_everywhere(&index, "lager", "tag", "could be day.month or month.day");
    let kaputt = column(table(&catalog, "kaputt"), "tag");
    assert_eq!(kaputt.sql_type, "VARCHAR");
    assert!(kaputt.decision.contains("'31.02.2025' is no date"), "{}", kaputt.decision);
    // Kept as written: the values can still be counted by their text.
    let expected = fields(ambiguous, ',').iter().filter(|f| f[0].contains("04.2025")).count();
    let plan = r#"{"table": "lager", "aggregations": [{"function": "count"}], "filters": [{"column": "tag", "op": "contains", "value": "04.2025"}]}"#;
    assert_eq!(answer(&index, plan)["rows"][0][0], json!(expected));

    // The operator settles the order, and the same file loads as dates.
    write_file(dir.path(), "settled/lager.csv", ambiguous);
    write_file(dir.path(), "settled/querycell.toml", "[tables.lager.columns.tag]\ndate_format = \"%d.%m.%Y\"\n");
    let (index, catalog) = ingest_folder(dir.path(), "settled");
    assert_eq!(column(table(&catalog, "lager"), "tag").sql_type, "DATE");
    let first = fields(ambiguous, ',').iter().map(|f| dotted_to_iso(&f[0])).min().unwrap();
    let plan = r#"{"table": "lager", "aggregations": [{"function": "min", "column": "tag"}]}"#;
    assert_eq!(answer(&index, plan)["rows"][0][0], json!(first));
}

/// Days from 1970-01-01 to the civil date (Howard Hinnant's algorithm).
fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

fn civil_from_days(z: i64) -> (i64, i64, i64) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    (yoe + era * 400 + i64::from(m <= 2), m, d)
}

/// `2025-03-01T23:30:00-05:00` (or `Z`, `+0530`) as the UTC time `2025-03-02 04:30:00`.
fn utc(text: &str) -> String {
    let (date, rest) = text.split_at(10);
    let time = &rest[1..9];
    let zone = &rest[9..];
    let n = |s: &str| s.parse::<i64>().unwrap();
    let days = days_from_civil(n(&date[..4]), n(&date[5..7]), n(&date[8..10]));
    let local = days * 86_400 + n(&time[..2]) * 3600 + n(&time[3..5]) * 60 + n(&time[6..8]);
    let offset = match zone {
        "Z" => 0,
        _ => {
            let digits: String = zone[1..].chars().filter(char::is_ascii_digit).collect();
            let minutes = n(&digits[..2]) * 60 + n(&digits[2..]);
            if zone.starts_with('-') {
                -minutes * 60
            } else {
                minutes * 60
            }
        }
    };
    let at = local - offset;
    let (y, m, d) = civil_from_days(at.div_euclid(86_400));
    let s = at.rem_euclid(86_400);
    format!("{y:04}-{m:02}-{d:02} {:02}:{:02}:{:02}", s / 3600, s % 3600 / 60, s % 60)
}

#[test]
fn iso_timestamps_with_offsets_in_a_csv_become_utc_like_parquet_and_json() {
    let text = "id,at,amount\n1,2025-03-01T23:30:00-05:00,10\n2,2025-03-02T03:00:00Z,5\n3,2025-03-02T05:15:00+01:00,7\n4,2025-03-01T12:00:00+0530,1\n";
    let dir = tempfile::tempdir().unwrap();
    write_file(dir.path(), "data/events.csv", text);
    // The same kind of column in NDJSON, whose decision the CSV's must read like.
    write_file(dir.path(), "data/api.ndjson", "{\"at\": \"2025-01-05T10:00:00+02:00\"}\n");
    let (index, catalog) = ingest_folder(dir.path(), "data");
    let at = column(table(&catalog, "events"), "at");
    assert_eq!(at.sql_type, "TIMESTAMP", "{}", at.decision);
    let json_decision = &column(table(&catalog, "api"), "at").decision;
    assert!(at.decision.starts_with(json_decision.as_str()), "{} / {json_decision}", at.decision);
    decision_shown_everywhere(&index, "events", "at", json_decision);

    let rows = fields(text, ',');
    let listed = answer(&index, r#"{"table": "events", "columns": ["id", "at"], "order_by": ["id"]}"#);
    for (row, fields) in listed["rows"].as_array().unwrap().iter().zip(&rows) {
        assert_eq!(row[1], json!(utc(&fields[1])), "{}", fields[1]);
    }
    let on_the_2nd: i64 =
        rows.iter().filter(|f| utc(&f[1]).starts_with("2025-03-02")).map(|f| f[2].parse::<i64>().unwrap()).sum();
    let plan = r#"{"table": "events", "filters": [{"column": "at", "op": "gte", "value": "2025-03-02"}], "aggregations": [{"function": "sum", "column": "amount"}]}"#;
    assert_eq!(answer(&index, plan)["rows"][0][0], json!(on_the_2nd));
}

#[test]
fn timestamps_with_and_without_an_offset_are_not_mixed() {
    let text = "id,at\n1,2025-03-01T23:30:00-05:00\n2,2025-03-02 03:00:00\n3,2025-03-01T08:00:00+01:00\n";
    let dir = tempfile::tempdir().unwrap();
    write_file(dir.path(), "data/log.csv", text);
    let (index, catalog) = ingest_folder(dir.path(), "data");
    let at = column(table(&catalog, "log"), "at");
    assert_eq!(at.sql_type, "VARCHAR");
    assert!(
        at.decision.contains("'2025-03-02 03:00:00' has none") && at.decision.contains("kept as text"),
        "{}",
        at.decision
    );
    decision_shown_everywhere(&index, "log", "at", "with and without a UTC offset");
    let expected = fields(text, ',').iter().filter(|f| f[1].starts_with("2025-03-01")).count();
    let plan = r#"{"table": "log", "aggregations": [{"function": "count"}], "filters": [{"column": "at", "op": "starts_with", "value": "2025-03-01"}]}"#;
    assert_eq!(answer(&index, plan)["rows"][0][0], json!(expected));
}

#[test]
fn a_column_of_three_date_styles_says_which_values_and_how_many_rows_each() {
    let text = "id,day\n1,2026-01-05\n2,2026/01/06\n3,Jan 7 2026\n4,2026-01-08\n5,2026-01-09\n6,2026/01/10\n";
    let dir = tempfile::tempdir().unwrap();
    write_file(dir.path(), "data/visits.csv", text);
    let (index, catalog) = ingest_folder(dir.path(), "data");
    let day = column(table(&catalog, "visits"), "day");
    assert_eq!(day.sql_type, "VARCHAR");
    // The test's own reading of each style: dashes, slashes, or a month's name.
    let days: Vec<String> = fields(text, ',').into_iter().map(|f| f[1].clone()).collect();
    let style = |pick: &dyn Fn(&str) -> bool| {
        let mine: Vec<&String> = days.iter().filter(|d| pick(d)).collect();
        (mine.len(), mine.into_iter().min().unwrap().clone())
    };
    let (dashed, first_dashed) = style(&|d| d.contains('-'));
    let (slashed, first_slashed) = style(&|d| d.contains('/'));
    let (named, first_named) = style(&|d| d.starts_with(char::is_alphabetic));
    for needle in [
        format!("YYYY-MM-DD in {dashed} rows (e.g. '{first_dashed}')"),
        format!("YYYY/MM/DD in {slashed} rows (e.g. '{first_slashed}')"),
        format!("month name, day, year (Jan 7 2026) in {named} row (e.g. '{first_named}')"),
        "date_format".to_string(),
    ] {
        assert!(day.decision.contains(&needle), "{needle}: {}", day.decision);
    }
    decision_shown_everywhere(&index, "visits", "day", &format!("YYYY/MM/DD in {slashed} rows"));
    let plan = r#"{"table": "visits", "aggregations": [{"function": "count"}], "filters": [{"column": "day", "op": "starts_with", "value": "2026/"}]}"#;
    assert_eq!(answer(&index, plan)["rows"][0][0], json!(slashed));

    // Written one way, year first with slashes, the column is a date.
    let fixed: String =
        text.lines().filter(|l| l.contains('/') || l.starts_with("id")).map(|l| format!("{l}\n")).collect();
    write_file(dir.path(), "fixed/visits.csv", &fixed);
    let (index, catalog) = ingest_folder(dir.path(), "fixed");
    let day = column(table(&catalog, "visits"), "day");
    assert_eq!(day.sql_type, "DATE", "{}", day.decision);
    let plan = r#"{"table": "visits", "aggregations": [{"function": "max", "column": "day"}]}"#;
    let last = days.iter().filter(|d| d.contains('/')).max().unwrap().replace('/', "-");
    assert_eq!(answer(&index, plan)["rows"][0][0], json!(last));
}

/// `text` in windows-1252, for the few characters these tests use.
fn windows_1252(text: &str) -> Vec<u8> {
    text.chars()
        .map(|c| match c {
            '€' => 0x80,
            '„' => 0x84,
            '“' => 0x93,
            '”' => 0x94,
            c if (c as u32) < 0x100 => c as u8,
            c => panic!("{c} is not in this test's windows-1252 table"),
        })
        .collect()
}

#[test]
fn a_windows_1252_file_is_refused_with_the_setting_named_then_read_with_it() {
    let text = "Kunde;Ort;Umsatz\nMüller;Köln;12\nStraße & Söhne;Zürich;30\n„Café“ € Bar;Köln;5\n";
    let dir = tempfile::tempdir().unwrap();
    for folder in ["plain", "set"] {
        let path = dir.path().join(folder).join("kunden.csv");
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, windows_1252(text)).unwrap();
    }
    let error = ingest::ingest(&dir.path().join("index-plain"), &[dir.path().join("plain")]).unwrap_err();
    assert_eq!(error.code, "csv_not_utf8", "{error}");
    assert!(error.path.ends_with("kunden.csv:2"), "{error:?}");
    let hint = error.hint.clone().unwrap_or_default();
    assert!(hint.contains("encoding = \"windows-1252\"") && hint.contains("[tables.kunden]"), "{hint}");

    write_file(dir.path(), "set/querycell.toml", "[tables.kunden]\nencoding = \"windows-1252\"\n");
    let before = std::fs::read(dir.path().join("set/kunden.csv")).unwrap();
    let (index, catalog) = ingest_folder(dir.path(), "set");
    assert_eq!(std::fs::read(dir.path().join("set/kunden.csv")).unwrap(), before, "the file on disk is unchanged");
    let kunden = table(&catalog, "kunden");
    assert!(
        kunden.decisions.iter().any(|d| d.starts_with("read as windows-1252") && d.contains("unchanged")),
        "{:?}",
        kunden.decisions
    );
    assert_eq!(column(kunden, "umsatz").sql_type, "BIGINT");
    let expected: Vec<Value> = {
        let mut by_place: Vec<(String, i64)> = Vec::new();
        for f in fields(text, ';') {
            match by_place.iter_mut().find(|(p, _)| *p == f[1]) {
                Some(entry) => entry.1 += f[2].parse::<i64>().unwrap(),
                None => by_place.push((f[1].clone(), f[2].parse().unwrap())),
            }
        }
        by_place.sort();
        by_place.into_iter().map(|(p, s)| json!([p, s])).collect()
    };
    let plan = r#"{"table": "kunden", "group_by": ["ort"], "aggregations": [{"function": "sum", "column": "umsatz"}], "order_by": ["ort"]}"#;
    assert_eq!(answer(&index, plan)["rows"], json!(expected));
    let names = answer(&index, r#"{"table": "kunden", "columns": ["kunde"], "order_by": ["kunde"]}"#);
    let mut wanted: Vec<String> = fields(text, ';').into_iter().map(|f| f[0].clone()).collect();
    wanted.sort();
    assert_eq!(names["rows"], json!(wanted.iter().map(|n| json!([n])).collect::<Vec<_>>()));
    let output = querycell(&["schema", "--index", index.to_str().unwrap(), "--format", "markdown"]);
    assert!(String::from_utf8_lossy(&output.stdout).contains("read as windows-1252"));
}

#[test]
fn latin_1_reads_every_byte_and_a_byte_windows_1252_lacks_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    // 0xE9 is é in both; 0x81 is no character in windows-1252.
    let bytes = b"name,n\nJos\xE9,1\nZo\xEB,2\nA\x81B,3\n".to_vec();
    for folder in ["latin", "cp"] {
        std::fs::create_dir_all(dir.path().join(folder)).unwrap();
        std::fs::write(dir.path().join(folder).join("people.csv"), &bytes).unwrap();
    }
    write_file(dir.path(), "latin/querycell.toml", "encoding = \"iso-8859-1\"\n");
    write_file(dir.path(), "cp/querycell.toml", "encoding = \"cp1252\"\n");
    let (index, catalog) = ingest_folder(dir.path(), "latin");
    assert!(
        table(&catalog, "people").decisions[0].starts_with("read as latin-1"),
        "{:?}",
        table(&catalog, "people").decisions
    );
    let decoded: String = bytes.iter().map(|&b| char::from(b)).collect();
    let listed = answer(&index, r#"{"table": "people", "columns": ["name"], "order_by": ["n"]}"#);
    let expected: Vec<Value> = fields(&decoded, ',').iter().map(|f| json!([f[0]])).collect();
    assert_eq!(listed["rows"], json!(expected));

    let error = ingest::ingest(&dir.path().join("index-cp"), &[dir.path().join("cp")]).unwrap_err();
    assert_eq!(error.code, "csv_encoding_mismatch", "{error}");
    assert!(error.path.ends_with("people.csv:4") && error.message.contains("0x81"), "{error:?}");
    write_file(dir.path(), "bad/x.csv", "a,b\n1,2\n");
    write_file(dir.path(), "bad/querycell.toml", "[tables.x]\nencoding = \"ebcdic\"\n");
    let error = ingest::ingest(&dir.path().join("index-bad"), &[dir.path().join("bad")]).unwrap_err();
    assert_eq!(error.code, "sidecar_invalid", "{error}");
    assert!(error.hint.unwrap_or_default().contains("windows-1252"));
}

fn utf16(text: &str, little: bool) -> Vec<u8> {
    let mut bytes = if little { vec![0xFF, 0xFE] } else { vec![0xFE, 0xFF] };
    for unit in text.encode_utf16() {
        bytes.extend(if little { unit.to_le_bytes() } else { unit.to_be_bytes() });
    }
    bytes
}

#[test]
fn excel_unicode_text_is_utf16_found_by_its_byte_order_mark() {
    // Excel's "Unicode text": UTF-16LE with a byte-order mark, tab-separated, CRLF.
    let text = "Kunde\tBetrag\tStadt\r\nMüller\t12\tKöln\r\n東京商事\t30\t東京\r\n😀 GmbH\t5\tKöln\r\n";
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("data")).unwrap();
    std::fs::write(dir.path().join("data/export.tsv"), utf16(text, true)).unwrap();
    std::fs::write(dir.path().join("data/big.csv"), utf16("a,b\n1,x\n2,y\n", false)).unwrap();
    write_file(dir.path(), "data/querycell.toml", "[tables.big]\nencoding = \"utf-16\"\n");
    let (index, catalog) = ingest_folder(dir.path(), "data");
    let export = table(&catalog, "export");
    assert!(
        export.decisions.iter().any(|d| d.starts_with("read as UTF-16LE (its byte-order mark says so)")),
        "{:?}",
        export.decisions
    );
    assert_eq!(export.columns.iter().map(|c| c.name.as_str()).collect::<Vec<_>>(), ["kunde", "betrag", "stadt"]);
    let in_koeln: i64 = text
        .lines()
        .skip(1)
        .map(|l| l.trim_end_matches('\r').split('\t').collect::<Vec<_>>())
        .filter(|f| f[2] == "Köln")
        .map(|f| f[1].parse::<i64>().unwrap())
        .sum();
    let plan = r#"{"table": "export", "filters": [{"column": "stadt", "op": "eq", "value": "Köln"}], "aggregations": [{"function": "sum", "column": "betrag"}]}"#;
    assert_eq!(answer(&index, plan)["rows"][0][0], json!(in_koeln));
    let big = table(&catalog, "big");
    assert!(big.decisions.iter().any(|d| d.starts_with("read as UTF-16BE")), "{:?}", big.decisions);
    assert_eq!(
        answer(&index, r#"{"table": "big", "aggregations": [{"function": "sum", "column": "a"}]}"#)["rows"][0][0],
        json!(3)
    );

    // A byte-order mark that contradicts the setting is refused, not read as the setting says.
    std::fs::create_dir_all(dir.path().join("clash")).unwrap();
    std::fs::write(dir.path().join("clash/export.tsv"), utf16(text, true)).unwrap();
    write_file(dir.path(), "clash/querycell.toml", "encoding = \"windows-1252\"\n");
    let error = ingest::ingest(&dir.path().join("index-clash"), &[dir.path().join("clash")]).unwrap_err();
    assert_eq!(error.code, "csv_encoding_mismatch", "{error}");
    assert!(error.message.contains("UTF-16LE byte-order mark"), "{error}");
}

#[test]
fn repeated_headers_are_numbered_from_2_in_csv_and_excel() {
    let text = "id,amount,amount,Amount\n1,10,20,30\n2,1,2,3\n";
    let dir = tempfile::tempdir().unwrap();
    write_file(dir.path(), "data/ledger.csv", text);
    let mut workbook = rust_xlsxwriter::Workbook::new();
    let sheet = workbook.add_worksheet().set_name("Data").unwrap();
    for (row, line) in text.lines().enumerate() {
        for (col, value) in line.split(',').enumerate() {
            match value.parse::<f64>() {
                Ok(n) => sheet.write_number(row as u32, col as u16, n).unwrap(),
                Err(_) => sheet.write_string(row as u32, col as u16, value).unwrap(),
            };
        }
    }
    workbook.save(dir.path().join("data/book.xlsx")).unwrap();
    let (index, catalog) = ingest_folder(dir.path(), "data");
    let header: Vec<&str> = text.lines().next().unwrap().split(',').collect();
    for name in ["ledger", "book_data"] {
        let entry = table(&catalog, name);
        let names: Vec<&str> = entry.columns.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(names, ["id", "amount", "amount_2", "amount_3"], "{name}");
        let shown: Vec<&str> = entry.columns.iter().map(|c| c.display_name.as_str()).collect();
        assert_eq!(shown, header, "{name}: the headers as the file has them");
        let expected: i64 = fields(text, ',').iter().map(|f| f[2].parse::<i64>().unwrap()).sum();
        let plan = format!(r#"{{"table": "{name}", "aggregations": [{{"function": "sum", "column": "amount_2"}}]}}"#);
        assert_eq!(answer(&index, &plan)["rows"][0][0], json!(expected), "{name}");
    }
}
