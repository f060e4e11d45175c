//! Text tables whose first rows keep every column as written are loaded straight into the
//! index and become the table there (`docs/ingest.md`, "Type decisions, recorded"). What must
//! hold either way: the columns take their decided names, a hidden column never reaches the
//! data file, rows that are not data are dropped, and a missing-value token further down
//! than the rows judged is still read as missing, with no staging table left behind.

use std::path::Path;

use querycell::catalog::{Catalog, TableEntry};
use querycell::ingest;
use querycell::testing::{Access, Database};
use querycell_tests::write_file;

use super::catalog_lookup::{column, table};

/// Rows past the first rows ingest judges a table by.
const ROWS: usize = 12_000;

/// A ticket export of free text, `rows` long; `status` of row `token_at` (if any) is the
/// token `(none)`.
fn tickets(rows: usize, token_at: Option<usize>) -> String {
    let mut text = String::from("Ticket ID,Title,Status\n");
    for i in 0..rows {
        let status = if Some(i) == token_at { "(none)" } else { ["open", "closed", "waiting"][i % 3] };
        text.push_str(&format!("T-{i:06},\"printer {i} jams, again\",{status}\n"));
        if i == rows / 2 {
            text.push_str(",,\n");
        }
    }
    text
}

/// The tables of the index's data file, and the columns of `tickets` in it.
fn stored(index: &Path) -> (Vec<String>, Vec<String>) {
    let data = Database::open(&Catalog::data_path(index), Access::ReadOnly, &[]).unwrap();
    let names = |sql: &str| data.query(sql).unwrap().iter().filter_map(|r| r[0].text()).collect::<Vec<_>>();
    (
        names("SELECT table_name FROM duckdb_tables() ORDER BY 1"),
        names("SELECT column_name FROM duckdb_columns() WHERE table_name = 'tickets' ORDER BY column_index"),
    )
}

fn ingested(settings: Option<&str>, rows: usize, token_at: Option<usize>) -> (tempfile::TempDir, TableEntry) {
    let dir = tempfile::tempdir().unwrap();
    write_file(dir.path(), "data/tickets.csv", &tickets(rows, token_at));
    if let Some(settings) = settings {
        write_file(dir.path(), "data/querycell.toml", settings);
    }
    let catalog = ingest::ingest(&dir.path().join("index"), &[dir.path().join("data")]).unwrap();
    let entry = table(&catalog, "tickets").clone();
    (dir, entry)
}

#[test]
fn a_table_of_free_text_is_stored_under_its_decided_names_without_the_rows_that_are_not_data() {
    let (dir, tickets) = ingested(None, ROWS, None);
    assert_eq!(tickets.row_count, ROWS as u64, "the blank row is dropped: {:?}", tickets.decisions);
    let (tables, columns) = stored(&dir.path().join("index"));
    assert_eq!(tables, ["tickets"], "no staging table is left in the data file");
    assert_eq!(columns, ["ticket_id", "title", "status"]);
    let status = column(&tickets, "status");
    assert_eq!((status.sql_type.as_str(), status.stats.distinct_count), ("VARCHAR", 3));
    let data = Database::open(&Catalog::data_path(&dir.path().join("index")), Access::ReadOnly, &[]).unwrap();
    let counted = data.query("SELECT count(*) FILTER (WHERE status = 'open'), min(title) FROM tickets").unwrap();
    assert_eq!(counted[0][0].integer(), Some(ROWS as i64 / 3));
    assert_eq!(counted[0][1].text().as_deref(), Some("printer 0 jams, again"));
}

#[test]
fn a_hidden_column_of_a_text_table_never_reaches_the_data_file() {
    let (dir, tickets) = ingested(Some("[tables.tickets.columns.title]\nhidden = true\n"), ROWS, None);
    assert!(tickets.columns.iter().all(|c| c.name != "title"));
    let (tables, columns) = stored(&dir.path().join("index"));
    assert_eq!(
        (tables.as_slice(), columns.as_slice()),
        (&["tickets".to_string()][..], &["ticket_id".to_string(), "status".into()][..])
    );
}

#[test]
fn a_token_below_the_rows_judged_is_still_missing() {
    // Enough rows that a copy of the table would show in the data file's size.
    let rows = 20 * ROWS;
    let (dir, tickets) = ingested(Some("null_tokens = [\"(none)\"]\n"), rows, Some(rows - 5));
    let status = column(&tickets, "status");
    assert_eq!((status.stats.null_count, status.stats.distinct_count), (1, 3), "{}", status.decision);
    let (tables, columns) = stored(&dir.path().join("index"));
    assert_eq!(tables, ["tickets"]);
    assert_eq!(columns, ["ticket_id", "title", "status"]);
    // Made missing where it was: a copy of the table would leave the loaded text's blocks
    // in the data file as well.
    let size =
        |dir: &tempfile::TempDir| std::fs::metadata(Catalog::data_path(&dir.path().join("index"))).unwrap().len();
    let (plain, _) = ingested(Some("null_tokens = [\"(none)\"]\n"), rows, None);
    eprintln!("data file {} bytes, {} without the token", size(&dir), size(&plain));
    assert!(size(&dir) <= size(&plain) + size(&plain) / 4, "{} bytes against {}", size(&dir), size(&plain));
}
