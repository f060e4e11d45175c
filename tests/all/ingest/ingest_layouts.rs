//! Real exported files (docs/ingest.md, layout), whose table must never be silently
//! different from what the file means. Title rows above the header, totals rows below the
//! data, ragged CSV lines, byte-order marks, `;` and tab delimiters, `header_row` /
//! `skip_rows` / `footer_rows` / `header = false` in querycell.toml, files with one stem, and
//! the list of what a folder ingest skipped. Every messy file is generated here; each test
//! checks the table's shape, the recorded decision (or the refusal's code and line), and an
//! answer against a sum computed in the test from the same rows.

use std::path::{Path, PathBuf};

use super::catalog_lookup::{answer, table};
use querycell::catalog::{Catalog, TableEntry};
use querycell::{ingest, Limits, QueryCell};
use querycell_tests::{querycell, snapshot_folder, stdout_json, write_file};
use rust_xlsxwriter::{Format, Formula, Workbook};
use serde_json::json;

fn column_names(table: &TableEntry) -> Vec<&str> {
    table.columns.iter().map(|c| c.name.as_str()).collect()
}

/// The decisions of `table` that contain every one of `words`.
fn decision_with<'a>(table: &'a TableEntry, words: &[&str]) -> &'a str {
    table
        .decisions
        .iter()
        .find(|d| words.iter().all(|w| d.contains(w)))
        .unwrap_or_else(|| panic!("{}: no decision mentioning {words:?} in {:#?}", table.name, table.decisions))
}

/// `sum(column)` of `table` through the library, as JSON.
fn sum_of(index: &Path, table: &str, column: &str) -> serde_json::Value {
    let cell = QueryCell::open(index, Limits::default()).unwrap();
    let plan = format!(
        r#"{{"table": "{table}", "aggregations": [{{"function": "sum", "column": "{column}", "alias": "total"}}, {{"function": "count"}}]}}"#
    );
    cell.query_plan(&plan).unwrap_or_else(|e| panic!("{plan}: {e}")).to_json()["rows"][0].clone()
}

/// The same question through the `querycell` binary, as a user would ask it.
fn cli_sum(index: &Path, table: &str, column: &str) -> serde_json::Value {
    let plan = format!(
        r#"{{"table": "{table}", "aggregations": [{{"function": "sum", "column": "{column}", "alias": "total"}}]}}"#
    );
    let plan_file = write_file(index.parent().unwrap(), &format!("{table}-plan.json"), &plan);
    let output = querycell(&[
        "query",
        "--index",
        index.to_str().unwrap(),
        "--plan",
        plan_file.to_str().unwrap(),
        "--format",
        "json",
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", String::from_utf8_lossy(&output.stderr));
    stdout_json(&output)["rows"][0][0].clone()
}

/// Rows of a small sales export: region, amount, units.
const SALES: &[(&str, f64, i64)] = &[("EU", 10.5, 3), ("US", 20.25, 4), ("APAC", 7.0, 1), ("EU", 1.75, 2)];

fn sales_amount() -> f64 {
    SALES.iter().map(|s| s.1).sum()
}

fn sales_units() -> i64 {
    SALES.iter().map(|s| s.2).sum()
}

/// A sheet as exports make them: a merged title in row 1, an empty row 2, the header in row
/// 3, the data, and a totals row whose cells are formulas with their computed results.
fn report_workbook(path: &Path) {
    let mut workbook = Workbook::new();
    let sheet = workbook.add_worksheet().set_name("Sales").unwrap();
    sheet.merge_range(0, 0, 0, 2, "Quarterly report 2025", &Format::new().set_bold()).unwrap();
    sheet.write_row(2, 0, ["Region", "Amount", "Units"]).unwrap();
    for (i, (region, amount, units)) in SALES.iter().enumerate() {
        let row = 3 + i as u32;
        sheet.write_string(row, 0, *region).unwrap();
        sheet.write_number(row, 1, *amount).unwrap();
        sheet.write_number(row, 2, *units as f64).unwrap();
    }
    let totals = 3 + SALES.len() as u32;
    sheet.write_string(totals, 0, "Total").unwrap();
    sheet
        .write_formula(totals, 1, Formula::new(format!("=SUM(B4:B{totals})")).set_result(sales_amount().to_string()))
        .unwrap();
    sheet
        .write_formula(totals, 2, Formula::new(format!("=SUM(C4:C{totals})")).set_result(sales_units().to_string()))
        .unwrap();
    workbook.add_worksheet().set_name("Empty").unwrap();
    workbook.save(path).unwrap();
}

fn sales_csv(preamble: &str, footer: &str) -> String {
    let mut text = String::from(preamble);
    text.push_str("Region,Amount,Units\n");
    for (region, amount, units) in SALES {
        text.push_str(&format!("{region},{amount},{units}\n"));
    }
    text.push_str(footer);
    text
}

#[test]
fn a_title_above_the_header_and_a_totals_row_below_are_skipped_and_recorded() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    std::fs::create_dir_all(&data).unwrap();
    report_workbook(&data.join("report.xlsx"));
    // The CSV Excel would save from it: the title keeps its empty cells, the totals row too.
    write_file(
        &data,
        "export.csv",
        &sales_csv("Quarterly report 2025,,\n,,\n", &format!("Totals,{},{}\n", sales_amount(), sales_units())),
    );
    // A title written by hand: one field, then the header.
    write_file(&data, "handmade.csv", &sales_csv("Sales by region\n", ""));
    let index = dir.path().join("index");
    let catalog = ingest::ingest(&index, &[data]).unwrap();

    let sheet = table(&catalog, "report_sales");
    assert_eq!(column_names(sheet), ["region", "amount", "units"]);
    assert_eq!(sheet.row_count, SALES.len() as u64, "the title, the empty row and the totals row are not data");
    decision_with(sheet, &["header is row 3", "rows 1–2", "Quarterly report 2025"]);
    let totals_row = 4 + SALES.len();
    decision_with(sheet, &[&format!("dropped row {totals_row}"), "\"Total\"", "totals row", "footer_rows = 0"]);
    assert_eq!(
        catalog.skipped.iter().find(|s| s.path.ends_with("report.xlsx (sheet Empty)")).map(|s| s.reason.as_str()),
        Some("the sheet is empty")
    );

    let export = table(&catalog, "export");
    assert_eq!((column_names(export), export.row_count), (vec!["region", "amount", "units"], SALES.len() as u64));
    decision_with(export, &["header is line 3", "lines 1–2", "Quarterly report 2025"]);
    decision_with(export, &["dropped the last row", "\"Totals\""]);
    let handmade = table(&catalog, "handmade");
    assert_eq!((column_names(handmade), handmade.row_count), (vec!["region", "amount", "units"], SALES.len() as u64));
    decision_with(handmade, &["header is line 2", "\"Sales by region\""]);
    assert!(handmade.decisions.iter().all(|d| !d.contains("totals")), "{:?}", handmade.decisions);

    for name in ["report_sales", "export", "handmade"] {
        assert_eq!(sum_of(&index, name, "amount"), json!([sales_amount(), SALES.len()]), "{name}");
        assert_eq!(sum_of(&index, name, "units")[0], json!(sales_units()), "{name}");
    }
    assert_eq!(cli_sum(&index, "report_sales", "units"), json!(sales_units()));

    // The model reading the schema is told too.
    let output = querycell(&["schema", "--index", index.to_str().unwrap(), "--format", "markdown"]);
    let markdown = String::from_utf8(output.stdout).unwrap();
    assert!(markdown.contains("Ingest: the header is row 3"), "{markdown}");
}

#[test]
fn a_totals_row_is_kept_or_cut_as_querycell_toml_says_and_one_with_rows_below_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let total_line = format!("Grand total:,{},{}\n", sales_amount(), sales_units());
    write_file(&data, "kept.csv", &sales_csv("", &total_line));
    write_file(&data, "cut.csv", &sales_csv("", &format!("{total_line}Source: finance,,\n")));
    write_file(&data, "querycell.toml", "[tables.kept]\nfooter_rows = 0\n[tables.cut]\nfooter_rows = 2\n");
    let index = dir.path().join("index");
    let catalog = ingest::ingest(&index, std::slice::from_ref(&data)).unwrap();
    let kept = table(&catalog, "kept");
    assert_eq!(kept.row_count, SALES.len() as u64 + 1, "footer_rows = 0 keeps every row");
    assert!(kept.decisions.is_empty(), "{:?}", kept.decisions);
    assert_eq!(
        sum_of(&index, "kept", "units")[0],
        json!(2 * sales_units()),
        "the totals row counted as data, as asked"
    );
    let cut = table(&catalog, "cut");
    assert_eq!(cut.row_count, SALES.len() as u64);
    decision_with(cut, &["dropped the last 2 rows", "footer_rows = 2"]);
    assert_eq!(sum_of(&index, "cut", "units")[0], json!(sales_units()));

    // A totals row with a note under it: not the bottom row, so not dropped by a guess.
    std::fs::remove_file(data.join("querycell.toml")).unwrap();
    let before = snapshot_folder(&index);
    let error = ingest::ingest(&index, &[data.join("cut.csv")]).unwrap_err();
    assert_eq!(error.code, "totals_row_not_last", "{error}");
    assert!(error.message.contains("\"Grand total:\"") && error.message.contains("1 row below it"), "{error}");
    assert!(error.hint.as_deref().unwrap().contains("footer_rows = 2"), "{error}");
    assert_eq!(error.path, data.join("cut.csv").display().to_string());
    assert_eq!(snapshot_folder(&index), before, "a refused ingest leaves the index as it was");
}

#[test]
fn header_row_and_skip_rows_place_the_header_in_csv_and_sheets() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    // Key/value lines above the header have two filled cells each: no title a reader can
    // recognise, so querycell.toml says where the header is.
    let preamble = "Exported by,ERP\nExported on,2025-04-01\n";
    write_file(&data, "by_row.csv", &sales_csv(preamble, ""));
    write_file(&data, "by_skip.csv", &sales_csv(preamble, ""));
    let mut workbook = Workbook::new();
    let sheet = workbook.add_worksheet().set_name("Data").unwrap();
    sheet.write_row(0, 0, ["Exported by", "ERP"]).unwrap();
    sheet.write_row(1, 0, ["Exported on", "2025-04-01"]).unwrap();
    sheet.write_row(3, 0, ["Region", "Amount", "Units"]).unwrap();
    for (i, (region, amount, units)) in SALES.iter().enumerate() {
        sheet.write_string(4 + i as u32, 0, *region).unwrap();
        sheet.write_number(4 + i as u32, 1, *amount).unwrap();
        sheet.write_number(4 + i as u32, 2, *units as f64).unwrap();
    }
    workbook.save(data.join("book.xlsx")).unwrap();
    write_file(
        &data,
        "querycell.toml",
        "[tables.by_row]\nheader_row = 3\n[tables.by_skip]\nskip_rows = 2\n[tables.book_data]\nheader_row = 4\n",
    );
    let index = dir.path().join("index");
    let catalog = ingest::ingest(&index, std::slice::from_ref(&data)).unwrap();
    for (name, setting, unit) in [
        ("by_row", "header_row = 3", "line"),
        ("by_skip", "skip_rows = 2", "line"),
        ("book_data", "header_row = 4", "row"),
    ] {
        let loaded = table(&catalog, name);
        assert_eq!(
            (column_names(loaded), loaded.row_count),
            (vec!["region", "amount", "units"], SALES.len() as u64),
            "{name}"
        );
        decision_with(loaded, &[&format!("the header is {unit}"), setting]);
        assert_eq!(sum_of(&index, name, "amount")[0], json!(sales_amount()), "{name}");
    }

    // A header_row past the end, or on an empty row, is refused with the file and the row.
    write_file(&data, "querycell.toml", "[tables.by_row]\nheader_row = 30\n");
    let error = ingest::ingest(&index, &[data.join("by_row.csv")]).unwrap_err();
    assert_eq!(error.code, "layout_out_of_range", "{error}");
    assert!(error.message.contains("header_row = 30"), "{error}");
    write_file(&data, "querycell.toml", "[tables.book_data]\nheader_row = 3\n");
    let error = ingest::ingest(&index, &[data.join("book.xlsx")]).unwrap_err();
    assert_eq!(error.code, "layout_out_of_range", "{error}");
    assert!(error.message.contains("row 3 is empty") && error.path.contains("book.xlsx (sheet Data)"), "{error}");
}

#[test]
fn header_false_names_sheet_columns_like_headerless_csv() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    std::fs::create_dir_all(&data).unwrap();
    let mut workbook = Workbook::new();
    let sheet = workbook.add_worksheet().set_name("Raw").unwrap();
    for (i, (region, amount, units)) in SALES.iter().enumerate() {
        sheet.write_string(i as u32, 0, *region).unwrap();
        sheet.write_number(i as u32, 1, *amount).unwrap();
        sheet.write_number(i as u32, 2, *units as f64).unwrap();
    }
    workbook.save(data.join("dump.xlsx")).unwrap();
    let csv: String = SALES.iter().map(|(r, a, u)| format!("{r},{a},{u}\n")).collect();
    write_file(&data, "dump.csv", &csv);
    write_file(&data, "querycell.toml", "[tables.dump_raw]\nheader = false\n[tables.dump]\nheader = false\n");
    // No setting: a first row with one value above wider rows is not taken for a title when
    // what follows reads as data, not as a header.
    write_file(&data, "measurements.csv", "7,,\n1,2,3\n4,5,6\n");
    let index = dir.path().join("index");
    let catalog = ingest::ingest(&index, &[data]).unwrap();
    let measurements = table(&catalog, "measurements");
    assert_eq!((column_names(measurements), measurements.row_count), (vec!["column0", "column1", "column2"], 3));
    decision_with(measurements, &["no header: line 1 reads as data", "header = true"]);
    assert_eq!(sum_of(&index, "measurements", "column0")[0], json!(7 + 1 + 4));
    let sheet = table(&catalog, "dump_raw");
    let csv = table(&catalog, "dump");
    assert_eq!(column_names(sheet), column_names(csv), "one convention for header-less columns");
    assert_eq!(column_names(sheet), ["column0", "column1", "column2"]);
    assert_eq!((sheet.row_count, csv.row_count), (SALES.len() as u64, SALES.len() as u64), "the first row is data");
    decision_with(sheet, &["no header", "header = false"]);
    for name in ["dump_raw", "dump"] {
        assert_eq!(sum_of(&index, name, "column2")[0], json!(sales_units()), "{name}");
    }
}

/// A file seen in the wild: one unquoted `Jan 5, 2025` made DuckDB's sniffer read the whole
/// file as one column named `id_when_amount`, exit 0.
#[test]
fn a_ragged_csv_is_refused_at_its_line_in_words() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let mut lines = vec!["id,when,amount".to_string()];
    for i in 1..=6 {
        lines.push(format!("{i},2025-01-0{i},{}", i * 10));
    }
    lines[6] = "6,Jan 5, 2025,60".into();
    lines.push("7,2025-01-09,70".into());
    let ragged = write_file(&data, "orders.csv", &(lines.join("\n") + "\n"));
    let index = dir.path().join("index");
    let output =
        querycell(&["ingest", "--index", index.to_str().unwrap(), ragged.to_str().unwrap(), "--format", "json"]);
    assert_eq!(output.status.code(), Some(2), "{}", String::from_utf8_lossy(&output.stdout));
    let error = &stdout_json(&output)["error"];
    assert_eq!(error["code"], json!("csv_ragged_line"));
    assert_eq!(error["path"], json!(format!("{}:7", ragged.display())));
    let message = error["message"].as_str().unwrap();
    let hint = error["hint"].as_str().unwrap();
    assert!(
        message.contains("line 7 has 4 fields but the header (line 1) has 3") && message.contains("6,Jan 5, 2025,60"),
        "{message}"
    );
    assert!(hint.contains("double quotes") && hint.contains("[tables.orders]"), "{hint}");
    for internal in ["/proc/self/fd", "strict_mode", "Possible fixes", "read_csv", "sniff"] {
        assert!(!message.contains(internal) && !hint.contains(internal), "'{internal}' leaked: {error}");
    }
    assert!(!index.exists());

    // Quoted, the value is one field and the file loads: 7 rows (`when` is a reserved word:
    // its column is `when_`).
    lines[6] = "6,\"Jan 5, 2025\",60".into();
    write_file(&data, "orders.csv", &(lines.join("\n") + "\n"));
    let catalog = ingest::ingest(&index, std::slice::from_ref(&data)).unwrap();
    let orders = table(&catalog, "orders");
    assert_eq!((column_names(orders), orders.row_count), (vec!["id", "when_", "amount"], 7));
    assert_eq!(sum_of(&index, "orders", "amount")[0], json!((1..=7).map(|i| i * 10).sum::<i64>()));

    // Far past DuckDB's sniffing sample, a short line and an unclosed quote are named too.
    let mut big = String::from("id,team,minutes\n");
    for i in 0..30_000 {
        big.push_str(&format!("{i},T{},{}\n", i % 7, i % 60));
    }
    let short_line = 30_002;
    write_file(&data, "orders.csv", &format!("{big}30000,T1\n"));
    let error = ingest::ingest(&index, &[data.join("orders.csv")]).unwrap_err();
    assert_eq!(
        (error.code.as_str(), error.path.clone()),
        ("csv_ragged_line", format!("{}:{short_line}", data.join("orders.csv").display())),
        "{error}"
    );
    assert!(
        error.message.contains(&format!("line {short_line} has 2 fields but the header (line 1) has 3")),
        "{error}"
    );
    write_file(&data, "orders.csv", &format!("{big}30000,\"T1,5\n30001,T2,6\n"));
    let error = ingest::ingest(&index, &[data.join("orders.csv")]).unwrap_err();
    assert_eq!(error.code, "csv_quote_unclosed", "{error}");
    assert!(error.message.contains(&format!("line {short_line}")), "{error}");
    // A Windows-1252 export: the line with the first byte that is not UTF-8.
    std::fs::write(data.join("orders.csv"), [big.as_bytes(), b"30000,Jos\xe9,5\n"].concat()).unwrap();
    let error = ingest::ingest(&index, &[data.join("orders.csv")]).unwrap_err();
    assert_eq!(
        (error.code.as_str(), error.path.clone()),
        ("csv_not_utf8", format!("{}:{short_line}", data.join("orders.csv").display())),
        "{error}"
    );
    assert!(error.message.contains("0xE9") && error.hint.as_deref().unwrap().contains("UTF-8"), "{error}");
}

#[test]
fn byte_order_marks_semicolons_tabs_and_excel_sep_lines_are_read_right() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let rows: Vec<(i64, &str, &str)> = vec![(1, "Ada", "1,5"), (2, "Bob", "2,5"), (3, "Cy", "3,25")];
    let semicolons: String = rows.iter().map(|(id, name, score)| format!("{id};{name};{score}\n")).collect();
    write_file(&data, "bom.csv", &format!("\u{feff}id;name;score\n{semicolons}"));
    write_file(&data, "excel_sep.csv", &format!("sep=;\r\nid;name;score\r\n{}", semicolons.replace('\n', "\r\n")));
    let tabs: String = rows.iter().map(|(id, name, score)| format!("{id}\t{name}, PhD\t{score}\n")).collect();
    write_file(&data, "tabbed.csv", &format!("id\tname\tscore\n{tabs}"));
    write_file(&data, "tabbed.tsv", &format!("id\tname\tscore\n{tabs}"));
    write_file(&data, "piped.csv", &format!("id|name|score\n{}", semicolons.replace(';', "|")));
    // Inch marks in a file that never quotes a value: quotes are characters there.
    write_file(&data, "inches.csv", "item,size\npipe,5\"\nbolt,3\"\n");
    let index = dir.path().join("index");
    let catalog = ingest::ingest(&index, &[data]).unwrap();
    let ids: i64 = rows.iter().map(|r| r.0).sum();
    for name in ["bom", "excel_sep", "tabbed", "tabbed_2", "piped"] {
        let loaded = table(&catalog, name);
        assert_eq!(
            (column_names(loaded), loaded.row_count),
            (vec!["id", "name", "score"], rows.len() as u64),
            "{name}"
        );
        assert_eq!(loaded.columns[0].display_name, "id", "{name}: the byte-order mark is not part of the header");
        assert_eq!(sum_of(&index, name, "id")[0], json!(ids), "{name}");
    }
    decision_with(table(&catalog, "excel_sep"), &["sep=;", "skipped"]);
    let inches = table(&catalog, "inches");
    assert_eq!(
        (inches.row_count, inches.columns[1].stats.values.clone().unwrap()),
        (2, vec!["3\"".to_string(), "5\"".into()])
    );
    let names = table(&catalog, "tabbed").columns[1].stats.values.clone().unwrap();
    assert_eq!(names, ["Ada, PhD", "Bob, PhD", "Cy, PhD"], "commas inside tab-separated values are text");
}

#[test]
fn a_folder_ingest_lists_what_it_skipped_and_files_sharing_a_stem() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    write_file(&data, "a/x.csv", "k,v\n1,10\n2,20\n");
    write_file(&data, "b/x.csv", "k,v\n3,35\n");
    write_file(&data, "sales.csv", &sales_csv("", ""));
    report_workbook(&data.join("sales.xlsx"));
    write_file(&data, "notes.txt", "not data");
    write_file(&data, "blank.csv", "\n\n");
    write_file(&data, "README", "no ending");
    write_file(&data, ".DS_Store", "hidden");
    write_file(&data, ".cache/old.csv", "k\n1\n");
    write_file(&data, "querycell.toml", "[tables.sales]\ndescription = \"sales\"\n");
    write_file(&data, "b/querycell.toml", "[tables.x]\ndescription = \"never read\"\n");
    let index = dir.path().join("index");
    let output = querycell(&["ingest", "--index", index.to_str().unwrap(), data.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(0), "{}", String::from_utf8_lossy(&output.stderr));
    let summary = String::from_utf8(output.stdout).unwrap();
    let shown = |relative: &str| data.join(relative).display().to_string();
    assert!(summary.contains("loaded x (2 rows, 2 columns) from a/x.csv"), "{summary}");
    assert!(summary.contains("loaded x_2 (1 rows, 2 columns) from b/x.csv"), "{summary}");
    assert!(summary.contains(&format!("named x_2 because x is the table from {}", shown("a/x.csv"))), "{summary}");
    assert!(
        summary.contains("loaded sales (4 rows, 3 columns) from sales.csv")
            && summary.contains("loaded sales_sales (4 rows, 3 columns) from sales.xlsx (sheet Sales)"),
        "{summary}"
    );
    for (path, reason) in [
        (".DS_Store", "hidden file"),
        (".cache", "hidden folder"),
        ("README", "no file ending"),
        ("notes.txt", "the ending .txt is not a loadable format"),
        ("querycell.toml", "the settings of this folder"),
        ("b/querycell.toml", "only the querycell.toml at the root"),
        ("sales.xlsx (sheet Empty)", "the sheet is empty"),
        ("blank.csv", "the file is empty"),
    ] {
        let line = summary
            .lines()
            .find(|l| l.starts_with(&format!("skipped {}: ", shown(path))))
            .unwrap_or_else(|| panic!("{path} not listed:\n{summary}"));
        assert!(line.contains(reason), "{line}");
    }
    let catalog = Catalog::load(&index).unwrap();
    assert_eq!(catalog.skipped.len(), 8, "{:#?}", catalog.skipped);
    assert!(catalog.tables.iter().all(|t| t.name != "blank"));
    assert_eq!(sum_of(&index, "x", "v")[0], json!(30));
    assert_eq!(sum_of(&index, "x_2", "v")[0], json!(35));

    // Two roots with the same file name: each table's decision names both full paths.
    let output = querycell(&[
        "ingest",
        "--index",
        index.to_str().unwrap(),
        data.join("b").to_str().unwrap(),
        data.join("a").to_str().unwrap(),
        "--format",
        "json",
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", String::from_utf8_lossy(&output.stderr));
    let catalog = stdout_json(&output);
    assert_eq!(catalog["tables"][1]["name"], json!("x_2"));
    assert_eq!(
        catalog["tables"][1]["decisions"][0],
        json!(format!(
            "named x_2 because x is the table from {}; its querycell.toml settings go under [tables.x_2]",
            shown("b/x.csv")
        ))
    );
    assert_eq!(
        catalog["skipped"][0]["path"],
        json!(shown("b/querycell.toml")),
        "b is a root here, so its querycell.toml is read as settings"
    );
    assert_eq!(sum_of(&index, "x", "v")[0], json!(35), "x is b/x.csv now: named first");

    // Nothing loadable: the refusal names the folder and says what was skipped.
    let empty = dir.path().join("empty");
    write_file(&empty, "notes.txt", "not data");
    let error = ingest::ingest(&dir.path().join("index2"), std::slice::from_ref(&empty)).unwrap_err();
    assert_eq!(
        (error.code.as_str(), error.path.as_str()),
        ("no_inputs", empty.display().to_string().as_str()),
        "{error}"
    );
    assert!(error.hint.as_deref().unwrap().contains("notes.txt: the ending .txt"), "{error}");
}

#[test]
fn layout_settings_that_cannot_apply_are_refused_with_the_setting_named() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    write_file(&data, "events.ndjson", "{\"n\": 1}\n");
    let index = dir.path().join("index");
    let sidecar: PathBuf = data.join("querycell.toml");
    for (settings, code, words) in [
        ("[tables.events]\nheader_row = 2\n", "sidecar_invalid", "tables.events.header_row does not apply to events"),
        ("[tables.events]\nheader_row = 0\n", "sidecar_invalid", "tables.events.header_row is 0"),
        (
            "[tables.events]\nheader_row = 3\nskip_rows = 1\n",
            "sidecar_invalid",
            "skip_rows = 1 puts the header on row 2",
        ),
        ("[tables.events]\nfooter_row = 1\n", "sidecar_invalid", "unknown field `footer_row`"),
    ] {
        std::fs::write(&sidecar, settings).unwrap();
        let error = ingest::ingest(&index, std::slice::from_ref(&data)).unwrap_err();
        assert_eq!(
            (error.code.as_str(), error.path.as_str()),
            (code, sidecar.display().to_string().as_str()),
            "{settings}: {error}"
        );
        assert!(error.message.contains(words), "{settings}: {error}");
        assert!(error.hint.is_some(), "{settings}: {error}");
    }
    std::fs::write(&sidecar, "").unwrap();
    let catalog = ingest::ingest(&index, &[data]).unwrap();
    assert_eq!(table(&catalog, "events").row_count, 1);
    assert_eq!(sum_of(&index, "events", "n")[0], json!(1));
}

/// pandas' `to_csv()` writes its row index first, under an empty header cell. Over columns
/// of text DuckDB's sniffer takes that header for data; querycell reads it as the header.
/// An empty first cell over a column that does not count the rows from 0 is left as it was.
#[test]
fn a_pandas_row_index_under_an_empty_header_cell_keeps_the_header() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    write_file(&data, "cities.csv", ",city,country\n0,Berlin,DE\n1,Paris,FR\n2,Rome,IT\n");
    write_file(&data, "pairs.csv", ",left,right\n5,a,b\n7,c,d\n");
    let index = dir.path().join("index");
    let catalog = ingest::ingest(&index, &[data]).unwrap();
    let cities = table(&catalog, "cities");
    assert_eq!((cities.row_count, column_names(cities)), (3, vec!["column0", "city", "country"]));
    decision_with(cities, &["row index", "pandas"]);
    let pairs = table(&catalog, "pairs");
    assert_eq!((pairs.row_count, column_names(pairs)), (3, vec!["column0", "column1", "column2"]));
}

/// Totals rows as exports in other wordings and languages write them are dropped (and
/// recorded) as `Total` is: a Salesforce report's `Grand Totals (3 records)`, a currency
/// after the word, Dutch, French and Russian labels, and a German bank export whose totals
/// row repeats the currency column's `EUR`. Kept as data, each doubled every sum.
#[test]
fn totals_rows_in_other_wordings_and_languages_are_not_data() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let labels = ["Grand Totals (3 records)", "Total EUR", "Gesamtsumme", "Totaal", "Total général", "Итого"];
    for (i, label) in labels.iter().enumerate() {
        write_file(&data, &format!("t{i}.csv"), &format!("name,amount\na,10\nb,20\nc,30\n{label},60\n"));
    }
    write_file(
        &data,
        "konto.csv",
        "Datum;Text;Betrag;Währung\n01.02.2026;Miete;-800,00;EUR\n02.02.2026;Gehalt;2.500,00;EUR\nGesamt;;1.700,00;EUR\n",
    );
    // A last row named like a total but holding a text of its own stays data.
    write_file(&data, "shops.csv", "shop,city,sales\nCorner,Bonn,5\nTotal,Köln,7\n");
    let index = dir.path().join("index");
    let catalog = ingest::ingest(&index, &[data]).unwrap();
    for (i, label) in labels.iter().enumerate() {
        let entry = table(&catalog, &format!("t{i}"));
        assert_eq!(entry.row_count, 3, "{label}: {:?}", entry.decisions);
        assert!(entry.decisions.iter().any(|d| d.contains("a totals row")), "{label}: {:?}", entry.decisions);
    }
    let konto = table(&catalog, "konto");
    assert_eq!(konto.row_count, 2, "{:?}", konto.decisions);
    let sums = answer(&index, r#"{"table": "konto", "aggregations": [{"function": "sum", "column": "betrag"}]}"#);
    assert_eq!(sums["rows"][0][0].as_f64(), Some(1700.0), "{sums}");
    assert_eq!(table(&catalog, "shops").row_count, 2);
}

/// Exports joined end to end repeat their header line as a row: it is dropped and recorded,
/// so the rows are counted right and the number columns stay numbers.
#[test]
fn a_header_repeated_inside_the_data_is_dropped() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    write_file(&data, "users.csv", "id,name,amount\n1,Ann,10.5\n2,Bob,20\nid,name,amount\n3,Cid,30\n");
    // A value that only looks like a header in one column is data.
    write_file(&data, "labels.csv", "id,name\n1,name\n2,id\n");
    let index = dir.path().join("index");
    let catalog = ingest::ingest(&index, &[data]).unwrap();
    let users = table(&catalog, "users");
    assert_eq!(users.row_count, 3, "{:?}", users.decisions);
    assert!(
        users.decisions.iter().any(|d| d.contains("dropped 1 row that repeats the header")),
        "{:?}",
        users.decisions
    );
    let amount = users.columns.iter().find(|c| c.name == "amount").unwrap();
    assert_eq!(amount.sql_type, "DOUBLE", "{}", amount.decision);
    assert_eq!(table(&catalog, "labels").row_count, 2);
}
