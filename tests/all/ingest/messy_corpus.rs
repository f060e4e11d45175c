//! The messy-exports corpus (`tests/messy/`, written by `tests/messy/generate.py`): bank
//! statements from five countries, ERP, CRM and accounting exports, spreadsheets with merged
//! cells, hidden rows, formulas and serial numbers, JSON with nested records. Every file of
//! `loaded/` is ingested together (with the folder's `querycell.toml`) and each is asked a
//! question whose answer this test computes from the file's own text (for `.xlsx`, from its
//! sheet XML, read here without calamine); every file of `refused/` must be refused with a
//! typed error and a hint. No file may load silently wrong.

use std::collections::BTreeSet;
use std::io::Read;
use std::path::{Path, PathBuf};

use querycell::catalog::{Catalog, ColumnEntry, TableEntry};
use querycell::{ingest, Limits, QueryCell};
use querycell_tests::workspace;
use serde_json::{json, Value};

fn corpus() -> PathBuf {
    workspace().join("tests/messy")
}

/// The corpus loaded once: the catalog and a cell to ask.
struct Loaded {
    catalog: Catalog,
    cell: QueryCell,
}

impl Loaded {
    fn table(&self, name: &str) -> &TableEntry {
        self.catalog.tables.iter().find(|t| t.name == name).unwrap_or_else(|| {
            panic!("no table {name}: {:?}", self.catalog.tables.iter().map(|t| &t.name).collect::<Vec<_>>())
        })
    }

    fn column(&self, table: &str, name: &str) -> &ColumnEntry {
        let entry = self.table(table);
        entry.columns.iter().find(|c| c.name == name).unwrap_or_else(|| {
            panic!("no column {name} in {table}: {:?}", entry.columns.iter().map(|c| &c.name).collect::<Vec<_>>())
        })
    }

    /// The column's type, checked, and its decision.
    fn typed(&self, table: &str, column: &str, sql_type: &str) -> &str {
        let entry = self.column(table, column);
        assert_eq!(entry.sql_type, sql_type, "{table}.{column}: {}", entry.decision);
        &entry.decision
    }

    fn rows(&self, plan: &str) -> Value {
        self.cell.query_plan(plan).unwrap_or_else(|e| panic!("{plan}: {e}")).to_json()["rows"].clone()
    }

    fn number(&self, plan: &str) -> f64 {
        let rows = self.rows(plan);
        rows[0][0].as_f64().unwrap_or_else(|| panic!("{plan}: {rows}"))
    }

    /// `sum(column)` of `table`, with an optional `eq` filter.
    fn sum(&self, table: &str, column: &str, filter: Option<(&str, &str)>) -> f64 {
        let filters = filter
            .map(|(c, v)| format!(r#", "filters": [{{"column": "{c}", "op": "eq", "value": {}}}]"#, json!(v)))
            .unwrap_or_default();
        self.number(&format!(
            r#"{{"table": "{table}", "aggregations": [{{"function": "sum", "column": "{column}"}}]{filters}}}"#
        ))
    }
}

fn close(actual: f64, expected: f64, what: &str) {
    assert!((actual - expected).abs() <= 1e-6 * expected.abs().max(1.0), "{what}: {actual} != {expected}");
}

/// Records of delimited `text` (double quotes quote; no line breaks inside values in this
/// corpus), the header first.
fn records(text: &str, delimiter: char) -> Vec<Vec<String>> {
    text.lines()
        .filter(|line| !line.is_empty())
        .map(|line| {
            let mut fields = vec![String::new()];
            let mut quoted = false;
            for c in line.trim_end_matches('\r').chars() {
                match c {
                    '"' => quoted = !quoted,
                    c if c == delimiter && !quoted => fields.push(String::new()),
                    c => fields.last_mut().expect("one field").push(c),
                }
            }
            fields
        })
        .collect()
}

/// A number as the file writes it, with `decimal` as its decimal mark; every other mark
/// (thousands dots, commas, apostrophes, spaces) is dropped, and a minus before or after
/// the digits makes it negative.
fn number(text: &str, decimal: char) -> f64 {
    let negative = text.trim().starts_with('-') || text.trim().ends_with('-');
    let plain: String = text
        .chars()
        .filter(|c| c.is_ascii_digit() || *c == decimal)
        .map(|c| if c == decimal { '.' } else { c })
        .collect();
    let value: f64 = plain.parse().unwrap_or_else(|e| panic!("'{text}' with decimal mark '{decimal}': {e}"));
    if negative {
        -value
    } else {
        value
    }
}

/// The index of `name` in `header`.
fn at(header: &[String], name: &str) -> usize {
    header.iter().position(|h| h == name).unwrap_or_else(|| panic!("no field {name} in {header:?}"))
}

fn read(name: &str) -> String {
    String::from_utf8(std::fs::read(corpus().join("loaded").join(name)).unwrap()).unwrap()
}

/// Sum of field `value` over the records (after the header) that `keep` accepts.
fn sum_where(rows: &[Vec<String>], value: usize, decimal: char, keep: impl Fn(&[String]) -> bool) -> f64 {
    rows[1..].iter().filter(|r| keep(r)).filter(|r| !r[value].is_empty()).map(|r| number(&r[value], decimal)).sum()
}

// ---------------------------------------------------------------------------------------
// Bank statements

fn nl_ing(loaded: &Loaded) {
    let rows = records(&read("nl_ing_transacties.csv"), ',');
    let (sign, value) = (at(&rows[0], "Af Bij"), at(&rows[0], "Bedrag (EUR)"));
    let decision = loaded.typed("nl_ing_transacties", "bedrag_eur", "DOUBLE");
    assert!(decision.contains("',' as decimal mark"), "{decision}");
    // YYYYMMDD is a whole number to the file; the catalog says so.
    loaded.typed("nl_ing_transacties", "datum", "BIGINT");
    let expected = sum_where(&rows, value, ',', |r| r[sign] == "Af");
    close(loaded.sum("nl_ing_transacties", "bedrag_eur", Some(("af_bij", "Af"))), expected, "ING debits");
}

fn fr_releve(loaded: &Loaded) {
    let text = read("fr_releve.csv");
    let rows = records(text.trim_start_matches('\u{feff}'), ';');
    let decision = loaded.typed("fr_releve", "date_operation", "DATE");
    assert!(decision.starts_with("day/month/year"), "{decision}");
    for (field, column) in [("Débit", "debit"), ("Crédit", "credit")] {
        loaded.typed("fr_releve", column, "DOUBLE");
        let expected = sum_where(&rows, at(&rows[0], field), ',', |_| true);
        close(loaded.sum("fr_releve", column, None), expected, field);
    }
}

fn ch_postfinance(loaded: &Loaded) {
    let text = read("ch_postfinance.csv");
    let rows = records(&text.lines().skip(4).collect::<Vec<_>>().join("\n"), ';');
    assert!(
        loaded.table("ch_postfinance").decisions.iter().any(|d| d.contains("header is line 5")),
        "{:?}",
        loaded.table("ch_postfinance").decisions
    );
    let decision = loaded.typed("ch_postfinance", "buchungsdatum", "DATE");
    assert!(decision.starts_with("day.month.year"), "{decision}");
    for (field, column) in [("Gutschrift in CHF", "gutschrift_in_chf"), ("Lastschrift in CHF", "lastschrift_in_chf")] {
        close(loaded.sum("ch_postfinance", column, None), sum_where(&rows, at(&rows[0], field), '.', |_| true), field);
    }
    let saldo = at(&rows[0], "Saldo in CHF");
    let highest = rows[1..].iter().map(|r| number(&r[saldo], '.')).fold(f64::MIN, f64::max);
    let plan = r#"{"table": "ch_postfinance", "aggregations": [{"function": "max", "column": "saldo_in_chf"}]}"#;
    close(loaded.number(plan), highest, "Saldo with apostrophes");
}

fn uk_barclays(loaded: &Loaded) {
    let rows = records(&read("uk_barclays.csv"), ',');
    assert!(loaded.typed("uk_barclays", "date", "DATE").starts_with("day/month/year"));
    loaded.typed("uk_barclays", "number", "VARCHAR");
    close(
        loaded.sum("uk_barclays", "amount", None),
        sum_where(&rows, at(&rows[0], "Amount"), '.', |_| true),
        "Barclays",
    );
}

fn us_chase(loaded: &Loaded) {
    let rows = records(&read("us_chase.csv"), ',');
    assert!(loaded.typed("us_chase", "posting_date", "DATE").starts_with("month/day/year"));
    let details = at(&rows[0], "Details");
    let expected = sum_where(&rows, at(&rows[0], "Amount"), '.', |r| r[details] == "DEBIT");
    close(loaded.sum("us_chase", "amount", Some(("details", "DEBIT"))), expected, "Chase debits");
    let checks = at(&rows[0], "Check or Slip #");
    close(loaded.sum("us_chase", "check_or_slip", None), sum_where(&rows, checks, '.', |_| true), "check numbers");
}

fn de_sparkasse(loaded: &Loaded) {
    let bytes = std::fs::read(corpus().join("loaded/de_sparkasse.csv")).unwrap();
    // Every byte this file uses above 0x7F is the same character in windows-1252 and Latin-1.
    assert!(!bytes.iter().any(|b| (0x80..0xA0).contains(b)));
    let text: String = bytes.iter().map(|&b| char::from(b)).collect();
    let rows = records(&text, ';');
    let decisions = &loaded.table("de_sparkasse").decisions;
    assert!(decisions.iter().any(|d| d.starts_with("read as windows-1252")), "{decisions:?}");
    assert!(loaded.typed("de_sparkasse", "buchungstag", "DATE").starts_with("day.month.year"));
    let payee = at(&rows[0], "Begünstigter/Zahlungspflichtiger");
    let name = rows[1][payee].clone();
    assert!(!name.is_ascii(), "a payee whose name needs the encoding: {name}");
    let expected = sum_where(&rows, at(&rows[0], "Betrag"), ',', |r| r[payee] == name);
    let got = loaded.sum("de_sparkasse", "betrag", Some(("begunstigter_zahlungspflichtiger", &name)));
    close(got, expected, "Sparkasse payments to the first row's payee");
}

fn uk_hsbc_unicode(loaded: &Loaded) {
    let bytes = std::fs::read(corpus().join("loaded/uk_hsbc_unicode.tsv")).unwrap();
    assert_eq!(&bytes[..2], b"\xFF\xFE", "UTF-16LE with a byte-order mark");
    let units: Vec<u16> = bytes[2..].chunks(2).map(|p| u16::from_le_bytes([p[0], p[1]])).collect();
    let rows = records(&String::from_utf16(&units).unwrap(), '\t');
    let decisions = &loaded.table("uk_hsbc_unicode").decisions;
    assert!(decisions.iter().any(|d| d.starts_with("read as UTF-16LE (its byte-order mark says so)")), "{decisions:?}");
    assert!(loaded.typed("uk_hsbc_unicode", "date", "DATE").starts_with("day/month/year"));
    let described = at(&rows[0], "Description");
    let wanted =
        rows[1..].iter().map(|r| r[described].clone()).find(|d| !d.is_ascii()).expect("a description past ASCII");
    let expected = sum_where(&rows, at(&rows[0], "Amount"), '.', |r| r[described] == wanted);
    close(loaded.sum("uk_hsbc_unicode", "amount", Some(("description", &wanted))), expected, "HSBC");
}

fn ru_sberbank(loaded: &Loaded) {
    let rows = records(&read("ru_sberbank.csv"), ';');
    let table = loaded.table("ru_sberbank");
    // Cyrillic headers fold to nothing ASCII: the columns are numbered, the headers kept.
    let shown: Vec<&str> = table.columns.iter().map(|c| c.display_name.as_str()).collect();
    assert_eq!(shown, rows[0].iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(table.columns[0].name, "column");
    assert_eq!(table.columns[4].name, "column_5");
    assert!(loaded.typed("ru_sberbank", "column", "DATE").starts_with("day.month.year"));
    loaded.typed("ru_sberbank", "column_5", "DOUBLE");
    close(loaded.sum("ru_sberbank", "column_5", None), sum_where(&rows, 4, ',', |_| true), "Sberbank amounts");
}

// ---------------------------------------------------------------------------------------
// ERP, CRM, accounting

fn de_sap(loaded: &Loaded) {
    let rows = records(&read("de_sap_fbl1n.csv"), ';');
    assert!(loaded.typed("de_sap_fbl1n", "belegnummer", "VARCHAR").contains("leading zeros"));
    assert!(loaded.typed("de_sap_fbl1n", "belegdatum", "DATE").starts_with("day.month.year"));
    // A trailing minus (1.234,56-): text naming the value, or the number it means; never
    // another number.
    let amount = loaded.column("de_sap_fbl1n", "betrag_in_hauswahrung");
    if amount.sql_type == "VARCHAR" {
        assert!(amount.decision.contains("-'"), "the value that kept it text: {}", amount.decision);
    } else {
        let expected = sum_where(&rows, at(&rows[0], "Betrag in Hauswährung"), ',', |_| true);
        close(loaded.sum("de_sap_fbl1n", "betrag_in_hauswahrung", None), expected, "SAP amounts");
    }
    let expected = rows[1..].iter().filter(|r| r[at(&rows[0], "Belegart")] == "KR").count();
    let plan = r#"{"table": "de_sap_fbl1n", "aggregations": [{"function": "count"}], "filters": [{"column": "belegart", "op": "eq", "value": "KR"}]}"#;
    assert_eq!(loaded.rows(plan)[0][0], json!(expected));
}

fn salesforce(loaded: &Loaded) {
    let rows = records(&read("salesforce_opportunities.csv"), ',');
    assert!(loaded.typed("salesforce_opportunities", "close_date", "DATE").starts_with("month/day/year"));
    let created = loaded.typed("salesforce_opportunities", "created_date", "TIMESTAMP");
    assert!(created.starts_with("timestamps with a time zone in the file, converted to UTC"), "{created}");
    let stage = at(&rows[0], "Stage");
    let expected = sum_where(&rows, at(&rows[0], "Amount"), '.', |r| r[stage] == "Closed Won");
    close(loaded.sum("salesforce_opportunities", "amount", Some(("stage", "Closed Won"))), expected, "won");
    // `…T16:34:35.000Z` is that UTC time; the earliest, by the test's own reading.
    let earliest = rows[1..].iter().map(|r| r[at(&rows[0], "Created Date")].clone()).min().unwrap();
    let plan =
        r#"{"table": "salesforce_opportunities", "aggregations": [{"function": "min", "column": "created_date"}]}"#;
    assert_eq!(loaded.rows(plan)[0][0], json!(format!("{} {}", &earliest[..10], &earliest[11..19])));
}

fn hubspot(loaded: &Loaded) {
    let rows = records(&read("hubspot_contacts.csv"), ',');
    let table = loaded.table("hubspot_contacts");
    let phones: Vec<(&str, &str)> = table
        .columns
        .iter()
        .filter(|c| c.display_name == "Phone Number")
        .map(|c| (c.name.as_str(), c.display_name.as_str()))
        .collect();
    assert_eq!(phones, [("phone_number", "Phone Number"), ("phone_number_2", "Phone Number")]);
    loaded.typed("hubspot_contacts", "create_date", "TIMESTAMP");
    let employees = at(&rows[0], "Number of Employees");
    let entry = loaded.column("hubspot_contacts", "number_of_employees");
    assert_eq!(entry.sql_type, "BIGINT");
    assert_eq!(entry.stats.null_count as usize, rows[1..].iter().filter(|r| r[employees].is_empty()).count());
    close(
        loaded.sum("hubspot_contacts", "number_of_employees", None),
        sum_where(&rows, employees, '.', |_| true),
        "staff",
    );
    let second = at(&rows[0], "Phone Number") + 1;
    let filled = rows[1..].iter().filter(|r| !r[second].is_empty()).count();
    let plan = r#"{"table": "hubspot_contacts", "aggregations": [{"function": "count", "column": "phone_number_2"}]}"#;
    assert_eq!(loaded.rows(plan)[0][0], json!(filled));
}

fn erp_inventory(loaded: &Loaded) {
    let rows = records(&read("erp_inventory.tsv"), '\t');
    assert!(loaded.typed("erp_inventory", "item_no", "VARCHAR").contains("leading zeros"));
    let receipt = loaded.typed("erp_inventory", "last_receipt", "VARCHAR");
    assert!(receipt.contains("day, month name, year") && receipt.contains("date_format"), "{receipt}");
    close(loaded.sum("erp_inventory", "qty_on_hand", None), sum_where(&rows, 2, '.', |_| true), "stock");
}

fn quickbooks(loaded: &Loaded) {
    let rows = records(&read("quickbooks_transactions.csv"), ',');
    let decisions = &loaded.table("quickbooks_transactions").decisions;
    assert!(decisions.iter().any(|d| d.contains("\"Acme Ltd\"") && d.contains("skipped")), "{decisions:?}");
    assert!(decisions.iter().any(|d| d.contains("a totals row")), "{decisions:?}");
    assert!(loaded.typed("quickbooks_transactions", "date", "DATE").starts_with("month/day/year"));
    let header = rows.iter().position(|r| r.len() > 2).unwrap();
    let data: Vec<Vec<String>> = rows[header..].iter().filter(|r| r[0] != "TOTAL").cloned().collect();
    let amount = at(&data[0], "Amount");
    let expected = sum_where(&data, amount, '.', |_| true);
    let total = number(&rows.last().unwrap()[amount], '.');
    close(expected, total, "the file's own TOTAL row");
    close(loaded.sum("quickbooks_transactions", "amount", None), expected, "QuickBooks");
}

// ---------------------------------------------------------------------------------------
// Spreadsheets, read here from the sheet XML.

/// One cell of a sheet as the XML has it.
struct XmlCell {
    row: u32,
    column: u32,
    /// The inline string, or the value (`<v>`).
    text: String,
    /// Style 1 is a date format, 2 the text format (`@`) in this corpus's workbooks.
    style: u32,
}

/// The cells, merged ranges and hidden rows of the first sheet of `file`.
fn sheet_xml(file: &Path) -> (Vec<XmlCell>, Vec<String>, Vec<u32>) {
    let mut zip = zip::ZipArchive::new(std::fs::File::open(file).unwrap()).unwrap();
    let mut xml = String::new();
    zip.by_name("xl/worksheets/sheet1.xml").unwrap().read_to_string(&mut xml).unwrap();
    let between = |text: &str, open: &str, close: &str| -> Option<String> {
        let start = text.find(open)? + open.len();
        Some(text[start..start + text[start..].find(close)?].to_string())
    };
    let unescape =
        |t: String| t.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&amp;", "&");
    let mut cells = Vec::new();
    let mut hidden = Vec::new();
    for row in xml.split("<row r=\"").skip(1) {
        let number: u32 = row[..row.find('"').unwrap()].parse().unwrap();
        if row[..row.find('>').unwrap()].contains("hidden=\"1\"") {
            hidden.push(number);
        }
        for cell in row.split("<c r=\"").skip(1) {
            let reference = &cell[..cell.find('"').unwrap()];
            let letters: String = reference.chars().take_while(char::is_ascii_uppercase).collect();
            let column = letters.bytes().fold(0, |n, b| n * 26 + u32::from(b - b'A') + 1) - 1;
            let style = between(cell, "s=\"", "\"")
                .filter(|_| cell.find("s=\"") < cell.find('>'))
                .map_or(0, |s| s.parse().unwrap());
            let body = &cell[..cell.find("</c>").unwrap_or(cell.len())];
            let Some(text) = between(body, "<t>", "</t>").or_else(|| between(body, "<v>", "</v>")) else { continue };
            cells.push(XmlCell { row: number, column, text: unescape(text), style });
        }
    }
    let merged = xml.split("<mergeCell ref=\"").skip(1).map(|m| m[..m.find('"').unwrap()].to_string()).collect();
    (cells, merged, hidden)
}

fn cell_text(cells: &[XmlCell], row: u32, column: u32) -> Option<&str> {
    cells.iter().find(|c| c.row == row && c.column == column).map(|c| c.text.as_str())
}

fn excel_merged(loaded: &Loaded) {
    let (cells, merged, _) = sheet_xml(&corpus().join("loaded/excel_merged_regions.xlsx"));
    let table = "excel_merged_regions_sales";
    // The test's own reading: a region merged down its rows is the region of each of them.
    let mut region_of_row = std::collections::BTreeMap::new();
    for range in merged.iter().filter(|m| m.starts_with('A') && m != &"A1:D1") {
        let (from, to) = range.split_once(':').unwrap();
        let (first, last): (u32, u32) = (from[1..].parse().unwrap(), to[1..].parse().unwrap());
        let name = cell_text(&cells, first, 0).unwrap().to_string();
        (first..=last).for_each(|row| {
            region_of_row.insert(row, name.clone());
        });
    }
    let decisions = &loaded.table(table).decisions;
    assert!(decisions.iter().any(|d| d.starts_with("merged cells A3:")), "{decisions:?}");
    assert!(decisions.iter().any(|d| d.contains("\"Regional sales 2025\"") && d.contains("skipped")), "{decisions:?}");
    let mut expected: std::collections::BTreeMap<String, i64> = Default::default();
    for (row, region) in &region_of_row {
        *expected.entry(region.clone()).or_default() += cell_text(&cells, *row, 3).unwrap().parse::<i64>().unwrap();
    }
    let plan = format!(
        r#"{{"table": "{table}", "group_by": ["region"], "aggregations": [{{"function": "sum", "column": "units"}}], "order_by": ["region"]}}"#
    );
    let want: Vec<Value> = expected.into_iter().map(|(r, n)| json!([r, n])).collect();
    let got = loaded.rows(&plan);
    assert_eq!(got.as_array().unwrap().len(), want.len(), "{got}");
    for (g, w) in got.as_array().unwrap().iter().zip(&want) {
        assert_eq!(g[0], w[0]);
        close(g[1].as_f64().unwrap(), w[1].as_f64().unwrap(), "units by region");
    }
}

fn excel_hidden(loaded: &Loaded) {
    let (cells, _, hidden) = sheet_xml(&corpus().join("loaded/excel_hidden_rows.xlsx"));
    assert!(!hidden.is_empty(), "the sheet hides rows");
    let data_rows: BTreeSet<u32> = cells.iter().map(|c| c.row).filter(|&r| r > 1).collect();
    let table = "excel_hidden_rows_orders";
    // Hidden rows are data in the file (Excel's SUM counts them too): every row is loaded.
    assert_eq!(loaded.table(table).row_count as usize, data_rows.len());
    loaded.typed(table, "date", "DATE");
    let quantity: f64 = data_rows.iter().map(|&r| cell_text(&cells, r, 3).unwrap().parse::<f64>().unwrap()).sum();
    close(loaded.sum(table, "quantity", None), quantity, "quantity, hidden rows included");
}

fn excel_formulas(loaded: &Loaded) {
    let (cells, _, _) = sheet_xml(&corpus().join("loaded/excel_formulas_cached.xlsx"));
    let table = "excel_formulas_cached_invoice";
    let rows: BTreeSet<u32> =
        cells.iter().filter(|c| c.row > 1 && c.column == 0 && c.text != "Total").map(|c| c.row).collect();
    // Each line total is qty × price, computed here from the two cells, not the cached result.
    let expected: f64 = rows
        .iter()
        .map(|&r| {
            let qty: f64 = cell_text(&cells, r, 1).unwrap().parse().unwrap();
            let price: f64 = cell_text(&cells, r, 2).unwrap().parse().unwrap();
            (qty * price * 100.0).round() / 100.0
        })
        .sum();
    assert_eq!(loaded.table(table).row_count as usize, rows.len(), "the SUM row is not data");
    assert!(loaded.table(table).decisions.iter().any(|d| d.contains("a totals row")));
    loaded.typed(table, "line_total", "DOUBLE");
    close(loaded.sum(table, "line_total", None), expected, "line totals");
}

fn excel_serials(loaded: &Loaded) {
    let (cells, _, _) = sheet_xml(&corpus().join("loaded/excel_serials_in_text.xlsx"));
    let table = "excel_serials_in_text_invoices";
    let typed_as_text: Vec<&str> =
        cells.iter().filter(|c| c.column == 1 && c.style == 2).map(|c| c.text.as_str()).collect();
    assert!(!typed_as_text.is_empty());
    let decision = loaded.typed(table, "invoice_date", "VARCHAR");
    assert!(
        typed_as_text.iter().any(|serial| decision.contains(&format!("('{serial}', unlike '2025-"))),
        "the decision names a serial typed as text: {decision}"
    );
    // Serials in General format are the numbers Excel shows.
    loaded.typed(table, "booked", "BIGINT");
    let booked: f64 = cells.iter().filter(|c| c.column == 2 && c.row > 1).map(|c| c.text.parse::<f64>().unwrap()).sum();
    close(loaded.sum(table, "booked", None), booked, "booked serials");
    let amount: f64 = cells.iter().filter(|c| c.column == 3 && c.row > 1).map(|c| c.text.parse::<f64>().unwrap()).sum();
    close(loaded.sum(table, "amount", None), amount, "amounts");
}

// ---------------------------------------------------------------------------------------
// JSON

fn json_nested(loaded: &Loaded) {
    let orders: Value = serde_json::from_str(&read("json_orders_nested.json")).unwrap();
    let orders = orders.as_array().unwrap();
    assert_eq!(loaded.table("json_orders_nested").row_count as usize, orders.len());
    assert!(loaded.typed("json_orders_nested", "lines", "VARCHAR").contains("a list"));
    loaded.typed("json_orders_nested", "customer_name", "VARCHAR");
    let total: f64 = orders.iter().map(|o| o["total"].as_f64().unwrap()).sum();
    close(loaded.sum("json_orders_nested", "total", None), total, "order totals");
    let anns = orders.iter().filter(|o| o["customer"]["name"] == "Ann").count();
    let plan = r#"{"table": "json_orders_nested", "aggregations": [{"function": "count"}], "filters": [{"column": "customer_name", "op": "eq", "value": "Ann"}]}"#;
    assert_eq!(loaded.rows(plan)[0][0], json!(anns));
}

fn json_envelope(loaded: &Loaded) {
    let page: Value = serde_json::from_str(&read("json_api_page.json")).unwrap();
    let results = page["results"].as_array().unwrap();
    let table = loaded.table("json_api_page");
    assert_eq!(table.row_count as usize, results.len(), "one row per record, not one row for the page");
    assert!(
        table.decisions.iter().any(|d| d.contains("\"results\" holds the records") && d.contains("page")),
        "{:?}",
        table.decisions
    );
    let status = results[0]["status"].as_str().unwrap();
    let expected: f64 = results.iter().filter(|r| r["status"] == status).map(|r| r["score"].as_f64().unwrap()).sum();
    close(loaded.sum("json_api_page", "score", Some(("status", status))), expected, "scores by status");
}

/// A corpus file's name and the check of what it loaded as.
type FileCheck = (&'static str, fn(&Loaded));

/// What each file of `loaded/` is checked by.
const LOADED: &[FileCheck] = &[
    ("ch_postfinance.csv", ch_postfinance),
    ("de_sap_fbl1n.csv", de_sap),
    ("de_sparkasse.csv", de_sparkasse),
    ("erp_inventory.tsv", erp_inventory),
    ("excel_formulas_cached.xlsx", excel_formulas),
    ("excel_hidden_rows.xlsx", excel_hidden),
    ("excel_merged_regions.xlsx", excel_merged),
    ("excel_serials_in_text.xlsx", excel_serials),
    ("fr_releve.csv", fr_releve),
    ("hubspot_contacts.csv", hubspot),
    ("json_api_page.json", json_envelope),
    ("json_orders_nested.json", json_nested),
    ("nl_ing_transacties.csv", nl_ing),
    ("quickbooks_transactions.csv", quickbooks),
    ("ru_sberbank.csv", ru_sberbank),
    ("salesforce_opportunities.csv", salesforce),
    ("uk_barclays.csv", uk_barclays),
    ("uk_hsbc_unicode.tsv", uk_hsbc_unicode),
    ("us_chase.csv", us_chase),
];

#[test]
fn every_loaded_export_answers_what_its_own_text_says() {
    let on_disk: BTreeSet<String> = std::fs::read_dir(corpus().join("loaded"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name != "querycell.toml")
        .collect();
    let checked: BTreeSet<String> = LOADED.iter().map(|(name, _)| name.to_string()).collect();
    assert_eq!(on_disk, checked, "every file of the corpus has its check");
    let dir = tempfile::tempdir().unwrap();
    let index = dir.path().join("index");
    let catalog = ingest::ingest(&index, &[corpus().join("loaded")]).unwrap_or_else(|e| panic!("{e}"));
    let loaded = Loaded { catalog, cell: QueryCell::open(&index, Limits::default()).unwrap() };
    for (name, check) in LOADED {
        eprintln!("checking {name}");
        check(&loaded);
    }
}

#[test]
fn every_refused_export_is_refused_with_a_typed_error_and_a_hint() {
    let refused = corpus().join("refused");
    let mut seen = Vec::new();
    for entry in std::fs::read_dir(&refused).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let dir = tempfile::tempdir().unwrap();
        let error = ingest::ingest(&dir.path().join("index"), std::slice::from_ref(&path)).unwrap_err();
        assert!(error.hint.as_deref().is_some_and(|h| !h.is_empty()), "{name}: {error:?}");
        match name.as_str() {
            "salesforce_report_with_footer.csv" => {
                // The first line after the data that has one field: the footer's first note.
                let text = std::fs::read_to_string(&path).unwrap();
                let line = text.lines().position(|l| l.starts_with("\"Copyright")).unwrap() + 1;
                assert_eq!(error.code, "csv_ragged_line", "{error}");
                assert!(error.path.ends_with(&format!(":{line}")), "{error:?}");
            }
            "excel_formulas_uncalculated.xlsx" => {
                let (cells, _, _) = sheet_xml(&path);
                assert_eq!(error.code, "ingest_failed", "{error}");
                assert!(
                    error.message.contains("formula without a saved result") && error.message.contains("D2"),
                    "{error}"
                );
                assert!(error.hint.as_deref().unwrap().contains("save it"), "{error:?}");
                assert!(cells.iter().all(|c| c.column != 3 || c.row == 1), "no cached results in the file");
            }
            other => panic!("{other} in tests/messy/refused has no expectation"),
        }
        seen.push(name);
    }
    assert_eq!(seen.len(), 2, "{seen:?}");
}
