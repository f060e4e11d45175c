//! One text table (a CSV/TSV file or a sheet) loaded, the cheapest way its first rows allow:
//! straight into the index where every column stays text as written, checked as it converts
//! where the first rows predict every column ([`super::checked`]), else staged and profiled
//! column by column.

use querycell_contract::quote;

use super::catalog_entry::{finish_table, text_statistics};
use super::checked;
use super::columns::{decide_columns, Decided, DecidedColumn, Judging, Ruled};
use super::statements::create_table;
use crate::catalog::TableEntry;
use crate::duck::{cell_text, first_row, Cell, Database as Connection};
use crate::error::Result;
use crate::ingest::column_types::groups::DISTINCT_SAMPLE;
use crate::ingest::failure::failed;
use crate::ingest::layout::text_layout::TextLayout;
use crate::ingest::sidecar::{Sidecar, TableOverride};
use crate::ingest::sources::Source;

/// A text source: load as text, drop what is not data (see [`below_data`](crate::ingest::layout::below_data)), decide each
/// column's type, create the typed table.
pub(crate) fn load_text_table(
    connection: &Connection,
    name: &str,
    layout: &TextLayout,
    source: &Source,
    sidecar: &Sidecar,
    over: &TableOverride,
) -> Result<TableEntry> {
    let staging_table = format!("__querycell_raw_{name}");
    let first_rows = format!("__querycell_first_{name}");
    let ruled = |table, judging| Ruled { layout, source, sidecar, over, staging_table: table, judging };
    // Where the first rows keep every column as written, the text is loaded into the index
    // itself, to become the table: copying it there from a temp table cost more than DuckDB's
    // whole load of a file of free text. Where they decide every column in a way the load
    // can check, the file is loaded once, checked as it is converted. Anything else (or a
    // check that fails) is staged in a temp table and profiled.
    let said = first_rows_say(connection, name, &ruled(&first_rows, Judging::AllText));
    let straight = matches!(said, FirstRows::AllText);
    let sample_table = format!("__querycell_sample_{name}");
    if matches!(said, FirstRows::Typed) {
        if let Some(entry) = checked::load(connection, name, &ruled(&sample_table, Judging::Predicting))? {
            return Ok(entry);
        }
    }
    let created = if straight { "OR REPLACE TABLE" } else { "OR REPLACE TEMP TABLE" };
    connection
        .execute_batch(&format!(
            "CREATE {created} {} AS SELECT * FROM {}",
            quote::identifier(&staging_table),
            layout.reader
        ))
        .map_err(|e| layout.explain(e, source, name))?;
    let decided = decide_columns(connection, &ruled(&staging_table, Judging::Whole))?;
    let in_place = straight && decided.all_text();
    let Decided { notes: decisions, columns, .. } = decided;
    if in_place {
        write_in_place(connection, &staging_table, name, &columns, source)?;
    } else {
        let select_list = columns
            .iter()
            .map(|c| format!("{} AS {}", c.decision.expression, quote::identifier(&c.entry.name)))
            .collect::<Vec<_>>()
            .join(", ");
        // Written in parallel, in whatever order the rows come: kept in the file's order, the
        // table inherits the partial row groups of the raw load, which the checkpoint then
        // rewrites (most of the write again). Nothing depends on the order: the content hash
        // is independent of it, and a plan that needs an order says so.
        connection.execute_batch("SET preserve_insertion_order = false").map_err(failed(source))?;
        create_table(
            connection,
            name,
            &format!("SELECT {select_list} FROM {}", quote::identifier(&staging_table)),
            source,
        )?;
        connection.execute_batch("RESET preserve_insertion_order").map_err(failed(source))?;
    }
    // The table holds exactly the decided values of the grouped texts, so their statistics
    // come from the groups: a pass over each column's distinct texts, not over its rows. A
    // column not worth grouping is read where it was written, in the table's own scan.
    let mut entries = Vec::with_capacity(columns.len());
    let mut statistics = Vec::with_capacity(columns.len());
    for DecidedColumn { mut entry, decision, groups, .. } in columns {
        statistics.push(text_statistics(connection, &mut entry, &decision, &groups, source)?);
        groups.remove(connection)?;
        entries.push(entry);
    }
    if !in_place {
        connection
            .execute_batch(&format!("DROP TABLE {}", quote::identifier(&staging_table)))
            .map_err(failed(source))?;
    }
    let mut entry = finish_table(connection, name, source, over, entries, &statistics)?;
    entry.decisions = decisions;
    Ok(entry)
}

/// Rows read first to judge whether a text table keeps every column as written. A value
/// that fits no type keeps its column text however many rows follow, so more rows only help
/// a column whose first values are missing; 2 000 took 40 ms less than 10 000 on the
/// bench's wide shape.
const FIRST_ROWS_JUDGED: usize = 2_000;

const _: () = assert!(FIRST_ROWS_JUDGED < DISTINCT_SAMPLE, "the first rows judged are grouped, never sampled");

/// What the first rows of a text table say of how to load it.
enum FirstRows {
    /// Every column stays text exactly as written: each has a value that fits no type, and
    /// no missing-value token. The whole table then does too, as a value that fits no type
    /// is text in any rows that hold it; where it does not (a token further down), the
    /// table is written from the loaded text as any other.
    AllText,
    /// Some column is not text as written: the load may check its type ([`checked`]).
    Typed,
    /// Nothing to go by: the first rows could not be read or decided.
    Unknown,
}

/// What the first [`FIRST_ROWS_JUDGED`] rows of the table `ruled.layout` reads say, decided
/// as the whole table is (in the temp table `ruled.staging_table`, dropped after). Any
/// failure here only means [`FirstRows::Unknown`].
fn first_rows_say(connection: &Connection, name: &str, ruled: &Ruled<'_>) -> FirstRows {
    let sample = quote::identifier(ruled.staging_table);
    let loaded = connection
        .execute_batch(&format!(
            "CREATE OR REPLACE TEMP TABLE {sample} AS SELECT * FROM {} LIMIT {FIRST_ROWS_JUDGED}",
            ruled.layout.first_rows_reader
        ))
        .map_err(|e| ruled.layout.explain(e, ruled.source, name));
    let said = loaded.and_then(|()| {
        // A column without letters is nearly always typed: the question ends there.
        if has_a_column_without_letters(connection, &sample) {
            return Ok(FirstRows::Typed);
        }
        let decided = decide_columns(connection, ruled)?;
        // Stopped early, its last column is the one not kept as written.
        let as_written = decided.all_text() && decided.columns.iter().all(|c| c.decision.keeps_as_written(&c.raw));
        remove_groups(connection, decided.columns)?;
        Ok(if as_written { FirstRows::AllText } else { FirstRows::Typed })
    });
    let dropped = connection.execute_batch(&format!("DROP TABLE IF EXISTS {sample}")).is_ok();
    match said {
        Ok(said) if dropped => said,
        _ => FirstRows::Unknown,
    }
}

/// Drop the groups of decided columns (their decisions are kept elsewhere, or not needed).
fn remove_groups(connection: &Connection, columns: Vec<DecidedColumn>) -> Result<()> {
    columns.into_iter().try_for_each(|c| c.groups.remove(connection))
}

/// Whether some column of `sample` (quoted) holds no letter in any value: numbers, dates,
/// amounts, which are nearly always typed, so the judgement ends there without deciding
/// (about forty statements, 80–150 ms on the bench's typed shapes). A text column of digits
/// (`00123`) costs an otherwise all-text table its straight load, never a wrong table.
fn has_a_column_without_letters(connection: &Connection, sample: &str) -> bool {
    let Ok(columns) = connection.query(&format!("SELECT column_name FROM (DESCRIBE SELECT * FROM {sample})")) else {
        return false;
    };
    let letterless = columns
        .iter()
        .filter_map(|row| cell_text(row, 0))
        .map(|c| format!("bool_and(NOT regexp_matches({}, '\\pL'))", quote::identifier(&c)))
        .collect::<Vec<_>>();
    if letterless.is_empty() {
        return false;
    }
    let sql = format!("SELECT greatest({}) FROM {sample}", letterless.join(", "));
    connection.query(&sql).is_ok_and(|rows| first_row(rows).first().and_then(Cell::boolean) == Some(true))
}

/// Make the staging table, whose every column is kept as text, the table `name`: a token
/// the first rows did not show is made missing where it is, and the columns take their
/// decided names. Nothing is copied: a copy would also leave the text's space in the file.
fn write_in_place(
    connection: &Connection,
    staging_table: &str,
    name: &str,
    columns: &[DecidedColumn],
    source: &Source,
) -> Result<()> {
    let mut statements = Vec::new();
    for column in columns.iter().filter(|c| c.decision.expression != quote::identifier(&c.raw)) {
        // A text column's expression is its text, or NULL for a token: only those change.
        statements.push(format!(
            "UPDATE {t} SET {c} = NULL WHERE {c} IS NOT NULL AND ({e}) IS NULL",
            t = quote::identifier(staging_table),
            c = quote::identifier(&column.raw),
            e = column.decision.expression
        ));
    }
    statements.push(format!("ALTER TABLE {} RENAME TO {}", quote::identifier(staging_table), quote::identifier(name)));
    for column in columns.iter().filter(|c| c.raw != c.entry.name) {
        statements.push(format!(
            "ALTER TABLE {} RENAME COLUMN {} TO {}",
            quote::identifier(name),
            quote::identifier(&column.raw),
            quote::identifier(&column.entry.name)
        ));
    }
    connection.execute_batch(&statements.join("; ")).map_err(failed(source))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shortcut of the first-rows judgement: a column of numbers or dates ends it; a
    /// letter anywhere in a column (`T-1`, `é`) or a column with no value does not.
    #[test]
    fn a_column_without_letters_is_told_apart() {
        let connection = Connection::in_memory(&[]).unwrap();
        let answer = |columns: &str| {
            connection
                .execute_batch(&format!(
                    "CREATE OR REPLACE TEMP TABLE s AS SELECT * FROM (VALUES {columns}) AS t(a, b)"
                ))
                .unwrap();
            has_a_column_without_letters(&connection, "s")
        };
        assert!(answer("('ticket', '12'), ('note', '2026-01-05')"));
        assert!(answer("('ticket', '-1,5 €'), ('note', '00123')"));
        assert!(!answer("('ticket', 'T-1'), ('note', '12')"));
        assert!(!answer("('ticket', 'é'), ('note', 'ß 2')"));
        assert!(!answer("('ticket', CAST(NULL AS VARCHAR)), ('note', NULL)"), "no value is not no letter");
    }
}
