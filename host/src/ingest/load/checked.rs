//! The checked load of a text table. Profiling a table means loading its text, deciding
//! each column over every value, then writing the typed table: the file's whole load twice
//! and a pass per check. Here the file's first rows (a sample's worth) are decided first.
//! Where they decide every column either a type whose decision names the condition that
//! keeps it ([`Decision::checked`]) or text as written, the file is loaded once,
//! straight into the table, in parallel, each typed value checked as it is converted: one
//! that fails its condition (or its conversion) ends the statement, nothing is written,
//! and the table is profiled as any other. The text columns are then decided over every
//! value, in the table, as profiling decides them (and converted there, where more values
//! make one a number). The table is the one profiling would write, with the same catalog
//! entry; what the load does not check (rows that are not data) is asked of the table
//! after it, and any doubt there drops it and profiles instead.

use querycell_contract::quote;

use super::catalog_entry::{decided_entry, finish_table, text_statistics, Statistics};
use super::columns::{decide_columns, Decided, DecidedColumn, Ruled};
use crate::catalog::{ColumnEntry, TableEntry};
use crate::duck::{cell_integer, first_row, Database as Connection, Failure};
use crate::error::Result;
use crate::ingest::column_types::decision::{DecimalMarkBasis, Decision, NumberSettings};
use crate::ingest::column_types::detect;
use crate::ingest::column_types::groups::{self, Groups, DISTINCT_SAMPLE};
use crate::ingest::failure::failed;
use crate::ingest::layout::below_data::may_be_totals_label;
use crate::ingest::layout::text_layout::TextLayout;
use crate::ingest::numbers::FileEvidence;
use crate::ingest::padding::blank;
use crate::ingest::sidecar::Sidecar;

/// A text table's columns as its first rows decided them.
struct Prediction {
    columns: Vec<Predicted>,
    /// Deciding the first rows dropped some that were not data (empty, a repeated header,
    /// totals): the whole file may hold more, which the load would keep.
    dropped_rows: bool,
    /// `querycell.toml` hides a column: deciding stopped there.
    any_hidden: bool,
}

/// One column of a [`Prediction`].
struct Predicted {
    /// Its name in the file's reader (`layout.reader`), and in the table until it is done.
    raw: String,
    /// Its entry in the catalog, as decided.
    entry: ColumnEntry,
    decision: Decision,
    evidence: FileEvidence,
}

impl Prediction {
    /// The prediction `decided` makes, its groups removed.
    fn of(connection: &Connection, decided: Decided, layout: &TextLayout) -> Result<Prediction> {
        let Decided { notes, columns, any_hidden } = decided;
        let mut predicted = Vec::with_capacity(columns.len());
        for DecidedColumn { entry, decision, groups, raw, evidence } in columns {
            groups.remove(connection)?;
            predicted.push(Predicted { raw, entry, decision, evidence });
        }
        Ok(Prediction { columns: predicted, dropped_rows: notes.len() > layout.notes.len(), any_hidden })
    }

    /// Whether the load can check this prediction: every column typed with a condition that
    /// holds its decision, or text as written, and at least one typed (an all-text table is
    /// loaded straight already); no row was dropped from the first rows, and `querycell.toml`
    /// counts no footer rows.
    fn checkable(&self, ruled: &Ruled<'_>) -> bool {
        !self.any_hidden
            && !self.dropped_rows
            && ruled.over.footer_rows.is_none()
            && self.columns.iter().any(|c| c.decision.checked.is_some())
            && self.columns.iter().all(|c| c.decision.checked.is_some() || c.decision.keeps_as_written(&c.raw))
    }
}

#[cfg(test)]
thread_local! {
    /// Tests turn the checked load off, to compare its tables with profiled ones.
    pub(crate) static ENABLED: std::cell::Cell<bool> = const { std::cell::Cell::new(true) };
    /// How many tables this thread loaded checked, so a test knows which way it went.
    pub(crate) static TABLES: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// Load the table `name` checked, as described above: its entry, or `None` when the first
/// rows cannot be checked or a check failed (no table `name` is left then). The first rows
/// are read into the temp table `ruled.staging_table`, dropped after.
pub(super) fn load(connection: &Connection, name: &str, ruled: &Ruled<'_>) -> Result<Option<TableEntry>> {
    #[cfg(test)]
    if !ENABLED.with(std::cell::Cell::get) {
        return Ok(None);
    }
    let first_rows = quote::identifier(ruled.staging_table);
    // As many rows as profiling's sample: the text columns' samples are these rows.
    let read = connection.execute_batch(&format!(
        "CREATE OR REPLACE TEMP TABLE {first_rows} AS SELECT * FROM {} LIMIT {DISTINCT_SAMPLE}",
        ruled.layout.first_rows_reader
    ));
    // First rows that cannot be read or decided only mean profiling, which says why if the
    // whole file cannot be either.
    let predicted = read
        .ok()
        .and_then(|()| decide_columns(connection, ruled).ok())
        .and_then(|decided| Prediction::of(connection, decided, ruled.layout).ok());
    let loaded = match predicted {
        Some(prediction) => load_predicted(connection, name, ruled, prediction),
        None => Ok(None),
    };
    connection.execute_batch(&format!("DROP TABLE IF EXISTS {first_rows}")).map_err(failed(ruled.source))?;
    #[cfg(test)]
    if matches!(loaded, Ok(Some(_))) {
        TABLES.with(|tables| tables.set(tables.get() + 1));
    }
    loaded
}

/// [`load`] once the first rows are decided as `prediction`.
fn load_predicted(
    connection: &Connection,
    name: &str,
    ruled: &Ruled<'_>,
    prediction: Prediction,
) -> Result<Option<TableEntry>> {
    if !prediction.checkable(ruled) || !no_text_passes_a_check(connection, ruled, &prediction.columns) {
        return Ok(None);
    }
    let table = quote::identifier(name);
    let select = prediction
        .columns
        .iter()
        .map(|c| {
            let raw = quote::identifier(&c.raw);
            match &c.decision.checked {
                Some(conversion) => format!("{conversion}({raw}) AS {raw}"),
                None => raw,
            }
        })
        .collect::<Vec<_>>()
        .join(", ");
    // In whatever order the rows come, as profiling writes its table: nothing asked of the
    // table below depends on the order (decisions name values from the first rows,
    // [`Groups::head`]), and writing text columns in the file's order took half as long
    // again on the bench's timestamps shape.
    let create = format!("CREATE TABLE {table} AS SELECT {select} FROM {}", ruled.layout.reader);
    let loaded = connection
        .execute_batch(&format!("SET preserve_insertion_order = false; {create}"))
        .map_err(failed(ruled.source));
    // A failed statement ends the batch: the setting is reset either way.
    connection.execute_batch("RESET preserve_insertion_order").map_err(failed(ruled.source))?;
    match loaded.and_then(|()| decide_text_columns(connection, name, ruled, prediction)) {
        Ok(Some((columns, statistics))) => {
            let mut entry = finish_table(connection, name, ruled.source, ruled.over, columns, &statistics)?;
            entry.decisions = ruled.layout.notes.clone();
            Ok(Some(entry))
        }
        // A check failed, or the table is not what profiling would write: profiled, it is.
        Ok(None) | Err(_) => {
            connection.execute_batch(&format!("DROP TABLE IF EXISTS {table}")).map_err(failed(ruled.source))?;
            Ok(None)
        }
    }
}

/// Whether no text the load could meet outside the data passes a typed column's check: a
/// missing-value token (which profiling reads as missing, not as a value), or the column's
/// header, which a repeated header row (files joined end to end) would hold. A column with
/// an empty header is such a text too: the row would leave it missing.
fn no_text_passes_a_check(connection: &Connection, ruled: &Ruled<'_>, columns: &[Predicted]) -> bool {
    let tokens = ruled.sidecar.null_tokens(ruled.over);
    for (at, column) in columns.iter().enumerate() {
        let Some(conversion) = &column.decision.checked else { continue };
        let header = ruled.layout.header_cell(at).map(str::trim);
        if header == Some("") {
            return false;
        }
        // A conversion that fails is a check that fails: one statement per text.
        for text in tokens.iter().map(String::as_str).chain(header) {
            if connection.query(&format!("SELECT {conversion}({})", quote::literal(text))).is_ok() {
                return false;
            }
        }
    }
    true
}

/// The columns of the loaded table `name`, the text ones decided over every value as
/// profiling decides them, with each column's statistics' source, and named as decided;
/// `None` where the table is not what profiling would write: it may hold rows that are not
/// data, or a column's decision would change another's (a decimal dot it proves). A text
/// column the first rows kept as written may not stay so (numbers whose decimal mark the
/// first rows left open, a leading zero that a later fraction makes a number): its text is
/// in the table as written, so it is converted there, by the decision's own expression.
fn decide_text_columns(
    connection: &Connection,
    name: &str,
    ruled: &Ruled<'_>,
    prediction: Prediction,
) -> Result<Option<(Vec<ColumnEntry>, Vec<Statistics>)>> {
    let table = quote::identifier(name);
    if holds_empty_rows(connection, &table, &prediction.columns).map_err(failed(ruled.source))? {
        return Ok(None);
    }
    let text: Vec<&str> =
        prediction.columns.iter().filter(|c| c.decision.checked.is_none()).map(|c| c.raw.as_str()).collect();
    // The first rows are profiling's sample: the file's first rows, none dropped.
    let mut samples = groups::samples(connection, ruled.staging_table, &text)?.into_iter();
    let null_tokens = ruled.sidecar.null_tokens(ruled.over);
    let (mut columns, mut statistics, mut renames) = (Vec::new(), Vec::new(), Vec::new());
    for Predicted { mut entry, decision, evidence, raw } in prediction.columns {
        if raw != entry.name {
            renames.push(format!(
                "ALTER TABLE {table} RENAME COLUMN {} TO {}",
                quote::identifier(&raw),
                quote::identifier(&entry.name)
            ));
        }
        if decision.checked.is_some() {
            columns.push(entry);
            statistics.push(Statistics::Scan);
            continue;
        }
        let sample = samples.next().expect("a sample per text column");
        let groups = Groups::create(connection, name, &raw, sample, columns.len(), ruled.staging_table)?;
        if holds_a_totals_label(connection, &groups, &raw).map_err(failed(ruled.source))? {
            groups.remove(connection)?;
            return Ok(None);
        }
        let column_over = ruled.over.columns.get(&entry.name);
        let numbers = NumberSettings { evidence, configured: Sidecar::number_reading(ruled.over, column_over) };
        let decided =
            detect::decide(connection, &groups, &raw, &null_tokens, column_over, &numbers, false).and_then(|whole| {
                // Only a column read with a comma for the delimiter's sake is decided again
                // by another's dot, and such a column needs the others decided first.
                if whole.decimal_mark == Some(DecimalMarkBasis::CommaFromTheDelimiter) {
                    return Ok(None);
                }
                if !whole.keeps_as_written(&raw) {
                    connection
                        .execute_batch(&format!(
                            "ALTER TABLE {table} ALTER COLUMN {} SET DATA TYPE {} USING {}",
                            quote::identifier(&raw),
                            whole.sql_type,
                            whole.expression
                        ))
                        .map_err(failed(ruled.source))?;
                }
                entry = decided_entry(entry.name.clone(), entry.display_name.clone(), &whole, ruled.over);
                text_statistics(connection, &mut entry, &whole, &groups, ruled.source).map(Some)
            });
        groups.remove(connection)?;
        match decided? {
            Some(source) => statistics.push(source),
            None => return Ok(None),
        }
        columns.push(entry);
    }
    if !renames.is_empty() {
        connection.execute_batch(&renames.join("; ")).map_err(failed(ruled.source))?;
    }
    Ok(Some((columns, statistics)))
}

/// Whether the loaded `table` holds a row with every cell empty, which profiling would
/// drop as no data (see [`trim_rows`](crate::ingest::layout::below_data::trim_rows)). A typed cell's check admits no empty text,
/// so such a row is missing there; those cells are asked first, as few rows get past them.
fn holds_empty_rows(connection: &Connection, table: &str, columns: &[Predicted]) -> std::result::Result<bool, Failure> {
    if columns.len() < 2 {
        return Ok(false);
    }
    let (typed, text): (Vec<&Predicted>, Vec<&Predicted>) = columns.iter().partition(|c| c.decision.checked.is_some());
    let empty = typed
        .iter()
        .map(|c| format!("{} IS NULL", quote::identifier(&c.raw)))
        .chain(text.iter().map(|c| blank(&quote::identifier(&c.raw))))
        .collect::<Vec<_>>()
        .join(" AND ");
    let rows = connection.query(&format!("SELECT count(*) FROM (SELECT 1 FROM {table} WHERE {empty} LIMIT 1)"))?;
    Ok(cell_integer(&first_row(rows), 0) > 0)
}

/// Whether a text of the text column `groups` holds may be the label of a totals row, which
/// profiling would drop if it were among the last rows (see [`trim_rows`](crate::ingest::layout::below_data::trim_rows)): a table
/// written in parallel cannot tell its last rows, so every text is asked, with the label
/// alone. A yes only costs the profiling. A typed cell's check admits no words, so a label
/// is in a text column.
fn holds_a_totals_label(connection: &Connection, groups: &Groups, raw: &str) -> std::result::Result<bool, Failure> {
    let label = may_be_totals_label(&quote::identifier(raw));
    let rows =
        connection.query(&format!("SELECT count(*) FROM (SELECT 1 FROM {} WHERE {label} LIMIT 1)", groups.table))?;
    Ok(cell_integer(&first_row(rows), 0) > 0)
}

#[cfg(test)]
mod tests {
    //! The checked load against profiling: the same files ingested both ways give the same
    //! catalog (types, decisions and the values' names in them, statistics, content
    //! hashes) or the same refusal, over the messy-exports corpus and over files made to
    //! break a prediction past the first rows.

    use std::fmt::Write as _;
    use std::path::{Path, PathBuf};

    use super::{ENABLED, TABLES};
    use crate::ingest::column_types::groups::DISTINCT_SAMPLE;
    use crate::ingest::ingest;

    /// The catalog of `inputs` ingested with the checked load on or off, as JSON without the
    /// index's id (new at every ingest), or the refusal's code and message; and how many
    /// tables were loaded checked.
    fn ingested(inputs: &[PathBuf], checked: bool, scratch: &Path) -> (String, usize) {
        ENABLED.with(|enabled| enabled.set(checked));
        let before = TABLES.with(std::cell::Cell::get);
        let index = scratch.join(if checked { "checked" } else { "profiled" });
        let _ = std::fs::remove_dir_all(&index);
        let outcome = match ingest(&index, inputs) {
            Ok(mut catalog) => {
                catalog.index_id = None;
                serde_json::to_string_pretty(&catalog).unwrap()
            }
            Err(e) => format!("refused: {} {}", e.code, e.message.replace(&index.display().to_string(), "<index>")),
        };
        ENABLED.with(|enabled| enabled.set(true));
        (outcome, TABLES.with(std::cell::Cell::get) - before)
    }

    /// Both ways, compared; the number of tables loaded checked.
    fn same_both_ways(inputs: &[PathBuf], scratch: &Path) -> usize {
        let (profiled, none) = ingested(inputs, false, scratch);
        let (checked, tables) = ingested(inputs, true, scratch);
        assert_eq!(none, 0, "the checked load was off");
        if profiled != checked {
            let diff: String = profiled
                .lines()
                .zip(checked.lines())
                .filter(|(a, b)| a != b)
                .take(12)
                .map(|(a, b)| format!("  profiled: {a}\n  checked:  {b}\n"))
                .collect();
            panic!("{inputs:?}: the checked load wrote another table than profiling:\n{diff}");
        }
        tables
    }

    fn corpus(folder: &str) -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/messy").join(folder)
    }

    #[test]
    fn the_messy_corpus_loads_the_same_checked_as_profiled() {
        let scratch = tempfile::tempdir().unwrap();
        same_both_ways(&[corpus("loaded")], scratch.path());
        for file in std::fs::read_dir(corpus("refused")).unwrap() {
            same_both_ways(&[file.unwrap().path()], scratch.path());
        }
    }

    /// Rows enough that the first rows decided are a part of the file: past them, each
    /// file below holds what its first rows did not show.
    const ROWS: usize = 60_000;

    /// A CSV file of [`ROWS`] rows: `header`, then `row(i)` for each row, `late` in place of
    /// row `at` where given.
    fn file(
        dir: &Path,
        name: &str,
        header: &str,
        row: impl Fn(usize) -> String,
        late: Option<(usize, &str)>,
    ) -> PathBuf {
        let mut text = format!("{header}\n");
        for i in 0..ROWS {
            match late {
                Some((at, line)) if at == i => writeln!(text, "{line}").unwrap(),
                _ => writeln!(text, "{}", row(i)).unwrap(),
            }
        }
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        path
    }

    /// One row of plain typed values beside a text column; `i` varies them.
    fn plain(i: usize) -> String {
        format!(
            "{i},T-{},2025-{:02}-{:02} {:02}:{:02}:00,{}.{:02},{},2024-{:02}-{:02}",
            i % 500,
            i % 12 + 1,
            i % 28 + 1,
            i % 24,
            i % 60,
            i % 1000,
            i % 100,
            if i.is_multiple_of(3) { "true" } else { "False" },
            i % 12 + 1,
            i % 28 + 1
        )
    }
    const PLAIN_HEADER: &str = "id,code,at,amount,ok,day";

    #[test]
    fn plain_typed_columns_load_checked_as_profiled() {
        let dir = tempfile::tempdir().unwrap();
        let path = file(dir.path(), "plain.csv", PLAIN_HEADER, plain, None);
        assert_eq!(same_both_ways(&[path], dir.path()), 1, "a file of plain typed values loads checked");
        let typed_only =
            file(dir.path(), "typed.csv", "id,at,amount", |i| format!("{i},2025-01-{:02},{i}.5", i % 28 + 1), None);
        assert_eq!(same_both_ways(&[typed_only], dir.path()), 1, "typed columns alone load checked");
    }

    /// Each value past the first rows that would change a decision, a refusal or the rows
    /// kept: the table is still profiling's, whether or not the load kept it checked.
    #[test]
    fn what_the_first_rows_did_not_show_is_read_as_profiling_reads_it() {
        let dir = tempfile::tempdir().unwrap();
        let at = ROWS - 7_000;
        let late: &[(&str, &str)] = &[
            ("leading_zero", "007,T-1,2025-01-01 00:00:00,1.50,true,2024-01-01"),
            ("token", "7,T-1,NA,1.50,true,2024-01-01"),
            ("padded", "7,T-1,2025-01-01 00:00:00, 1.50,true,2024-01-01"),
            ("no_date", "7,T-1,2025-01-01 00:00:00,1.50,true,2024-02-30"),
            ("exponent", "7,T-1,2025-01-01 00:00:00,1e5,true,2024-01-01"),
            ("grouped", "7,T-1,2025-01-01 00:00:00,\"1,234.50\",true,2024-01-01"),
            ("too_large", "99999999999999999999,T-1,2025-01-01 00:00:00,1.50,true,2024-01-01"),
            ("phone", "+4930123456,T-1,2025-01-01 00:00:00,1.50,true,2024-01-01"),
            ("yes", "7,T-1,2025-01-01 00:00:00,1.50,yes,2024-01-01"),
            ("zoned", "7,T-1,2025-01-01T00:00:00Z,1.50,true,2024-01-01"),
            ("date_in_timestamps", "7,T-1,2025-01-01,1.50,true,2024-01-01"),
            ("blank", ",,,,,"),
            ("repeated_header", PLAIN_HEADER),
            ("label", "7,Total Wine,2025-01-01 00:00:00,1.50,true,2024-01-01"),
            ("typographic_minus", "7,T-1,2025-01-01 00:00:00,\u{2212}1.50,true,2024-01-01"),
            ("quoted_empty", "7,\"\",2025-01-01 00:00:00,1.50,true,2024-01-01"),
        ];
        for (name, line) in late {
            let path = file(dir.path(), &format!("{name}.csv"), PLAIN_HEADER, plain, Some((at, line)));
            same_both_ways(&[path], dir.path());
        }
        let totals = file(dir.path(), "totals.csv", PLAIN_HEADER, plain, Some((ROWS - 1, ",Total,,1234.50,,")));
        same_both_ways(&[totals], dir.path());
        // Among the last rows of the first rows decided, but data in the whole file: deciding
        // those rows alone would refuse it as a totals row with rows below it.
        let cut = file(dir.path(), "cut.csv", PLAIN_HEADER, plain, Some((DISTINCT_SAMPLE - 2, ",Total,,1234.50,,")));
        same_both_ways(&[cut], dir.path());
    }

    /// Files of random columns (numbers, booleans, dates, timestamps, codes, padded ids,
    /// free text, empty cells), each with a few values from a list of troublemakers at
    /// random rows, mostly past the first rows: both ways give the same catalog.
    /// `QUERYCELL_CHECKED_FILES` sets how many files (and `QUERYCELL_CHECKED_SEED` the
    /// first seed) to look for more.
    #[test]
    fn random_files_load_the_same_checked_as_profiled() {
        let dir = tempfile::tempdir().unwrap();
        let files: u64 = std::env::var("QUERYCELL_CHECKED_FILES").ok().and_then(|v| v.parse().ok()).unwrap_or(8);
        let first: u64 = std::env::var("QUERYCELL_CHECKED_SEED").ok().and_then(|v| v.parse().ok()).unwrap_or(1);
        let mut checked = 0;
        for seed in first..first + files {
            let path = random_file(dir.path(), seed);
            checked += same_both_ways(std::slice::from_ref(&path), dir.path());
            std::fs::remove_file(&path).unwrap();
        }
        // Most files hold a troublemaker that sends them to profiling; some do not.
        assert!(files < 8 || checked > 0, "no random file was loaded checked");
    }

    /// Values that change a decision, a row's place in the data or a refusal.
    const TROUBLE: &[&str] = &[
        "NA",
        "",
        "\"\"",
        " 12",
        "007",
        "+4930123456",
        "1e5",
        "1,234.50",
        "2024-02-30",
        "2024-01-01T10:00:00Z",
        "12.5%",
        "$3.00",
        "true",
        "FALSE",
        "yes",
        "n/a",
        "-",
        "Total",
        "99999999999999999999",
        "0.5",
        "1.250",
        "2024-01-01",
        "2024-01-01 10:00",
        "31/12/2024",
        "\u{2212}4",
        "NaN",
        "inf",
    ];

    /// A CSV file of [`ROWS`] rows and two to six random columns, from `seed`.
    fn random_file(dir: &Path, seed: u64) -> PathBuf {
        let mut state = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
        let mut next = move |n: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % n
        };
        let kinds: Vec<u64> = (0..2 + next(5)).map(|_| next(9)).collect();
        let header: Vec<String> = (0..kinds.len()).map(|c| format!("c{c}")).collect();
        let troubles: Vec<(usize, usize, &str)> = (0..next(3))
            .map(|_| {
                let row = if next(4) == 0 { next(ROWS as u64) } else { 50_000 + next(ROWS as u64 - 50_000) };
                (row as usize, next(kinds.len() as u64) as usize, TROUBLE[next(TROUBLE.len() as u64) as usize])
            })
            .collect();
        let mut text = format!("{}\n", header.join(","));
        for i in 0..ROWS {
            let cells: Vec<String> = kinds
                .iter()
                .enumerate()
                .map(|(c, kind)| {
                    if let Some((_, _, value)) = troubles.iter().find(|(row, column, _)| *row == i && *column == c) {
                        return value.to_string();
                    }
                    let r = next(1_000_000);
                    match kind {
                        0 => format!("{}", r as i64 - 500_000),
                        1 => format!("{}.{:02}", r % 10_000, r % 100),
                        2 => ["true", "false"][(r % 2) as usize].to_string(),
                        3 => format!("20{:02}-{:02}-{:02}", r % 30, 1 + r % 12, 1 + r % 28),
                        4 => format!(
                            "2025-{:02}-{:02} {:02}:{:02}:{:02}",
                            1 + r % 12,
                            1 + r % 28,
                            r % 24,
                            r % 60,
                            r % 60
                        ),
                        5 => format!("K-{}", r % 300),
                        6 => format!("{:06}", r),
                        7 => format!("note {r} about it"),
                        _ => match r % 3 {
                            0 => String::new(),
                            _ => format!("{}", r % 50),
                        },
                    }
                })
                .collect();
            writeln!(text, "{}", cells.join(",")).unwrap();
        }
        let path = dir.join(format!("random_{seed}.csv"));
        std::fs::write(&path, text).unwrap();
        path
    }

    /// Text columns the first rows keep as written, decided over the whole file: numbers
    /// whose decimal mark only later values settle, digits with a leading zero that a later
    /// fraction makes numbers, dates beside a value that is no date; each decision names
    /// the same values either way.
    #[test]
    fn text_columns_are_decided_over_every_value() {
        let dir = tempfile::tempdir().unwrap();
        type Shape<'a> = (&'a str, &'a dyn Fn(usize) -> String, Option<&'a str>);
        let shapes: &[Shape<'_>] = &[
            ("settled_mark", &|i| format!("{i},{}.{:03}", i % 900 + 100, i % 1000), Some("7,5.5")),
            ("unsettled_mark", &|i| format!("{i},{}.{:03}", i % 900 + 100, i % 1000), None),
            ("zeros_then_fraction", &|i| format!("{i},0{}", i % 1000), Some("7,2.5")),
            ("dates_then_note", &|i| format!("{i},2024-01-{:02}", i % 28 + 1), Some("7,see note")),
            ("notes", &|i| format!("{i},note {}", ROWS - i), Some("7,1.5")),
        ];
        for (name, row, late) in shapes {
            let path = file(dir.path(), &format!("{name}.csv"), "id,v", row, late.map(|line| (ROWS - 7_000, line)));
            same_both_ways(&[path], dir.path());
        }
    }
}
