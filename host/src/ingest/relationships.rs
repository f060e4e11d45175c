//! Relationships at ingest: the `[[relationships]]` of every root's `querycell.toml`, gathered
//! into one list and verified against the loaded tables before the index is published, and
//! the relationships ingest can see in the data, recorded as decisions with the lines that
//! would declare them (never used by plans until declared).
//!
//! A relationship is many-to-one, so a plan that follows it never multiplies rows: that holds
//! only if the `to` column is unique and present, which is why ingest refuses one that is
//! not (`relationship_not_unique`) instead of letting a join pick "the first match".

use querycell_contract::quote;

use crate::catalog::{ColumnEntry, RelationshipEntry, TableEntry, ValueKind};
use crate::duck::{cell_integer, first_row, Cell, Database as Connection, Failure};
use crate::error::{Code, Error, ErrorClass, Result};

use super::declared::{check_names, Declared};

/// Candidate pairs ingest checks for suggestions at most: one query each, so an index of
/// many similar columns costs a bounded time.
const SUGGESTION_CHECKS: usize = 50;

/// Key values quoted in messages are cut to this many characters.
const KEY_TEXT_CAP: usize = 64;

/// Where verification queries run: the new index's DuckDB connection, or the Spark server
/// a catalog is built from. The statements are the same; only names are quoted differently.
pub struct Engine<'a> {
    /// Run one SELECT, returning its rows (a few at most).
    pub run: &'a dyn Fn(&str) -> Result<Vec<Vec<Cell>>>,
    /// Quote one identifier for this engine.
    pub quote: fn(&str) -> String,
}

impl Engine<'_> {
    /// The ingest's own DuckDB connection.
    pub fn duckdb(connection: &Connection) -> impl Fn(&str) -> Result<Vec<Vec<Cell>>> + '_ {
        move |sql| {
            connection.query(sql).map_err(|e: Failure| {
                Error::classed(ErrorClass::Internal, Code::IngestFailed, format!("verifying relationships: {e}"))
            })
        }
    }

    /// The relation a statement names for `table`, quoted part by part.
    fn relation(&self, table: &TableEntry) -> String {
        table.relation_parts().iter().map(|part| (self.quote)(part)).collect::<Vec<_>>().join(".")
    }
}

/// Verify each declared relationship against the loaded `tables` and count the rows of its
/// `from` table that reach no row: the catalog's entries, or the first relationship that
/// cannot be followed safely. Two queries each: uniqueness, then orphans.
pub fn verify(engine: &Engine<'_>, tables: &[TableEntry], declared: &[Declared]) -> Result<Vec<RelationshipEntry>> {
    check_names(declared, tables)?;
    let mut entries = Vec::new();
    for relationship in declared {
        let (from_table, from, to_table, to) = check_ends(tables, relationship)?;
        check_unique(engine, relationship, to_table, to.kind)?;
        let orphans = count_orphans(engine, relationship, from_table, to_table)?;
        entries.push(RelationshipEntry {
            name: relationship.name.clone(),
            from_table: relationship.from_table.clone(),
            from_column: relationship.from_column.clone(),
            to_table: relationship.to_table.clone(),
            to_column: relationship.to_column.clone(),
            orphans,
            // Counted by ingest's statistics already, over the same rows.
            missing_keys: from.stats.null_count,
            counts_withheld: false,
        });
    }
    Ok(entries)
}

/// Whether two kinds can be joined: the same kind, or two numbers (an integer key and a
/// decimal one compare by value). `other` never: its values have no comparison to rely on.
pub fn joinable(a: ValueKind, b: ValueKind) -> bool {
    let number = |k: ValueKind| matches!(k, ValueKind::Integer | ValueKind::Float);
    a != ValueKind::Other && (a == b || (number(a) && number(b)))
}

/// A relationship's two ends as loaded: the `from` table and column, the `to` table and column.
type Ends<'t> = (&'t TableEntry, &'t ColumnEntry, &'t TableEntry, &'t ColumnEntry);

/// Both tables and both columns were loaded, and their kinds can be joined.
fn check_ends<'t>(tables: &'t [TableEntry], d: &Declared) -> Result<Ends<'t>> {
    let invalid = |what: String, hint: String| {
        Error::new(Code::RelationshipInvalid, format!("{}: the relationship {} {what}", d.source, d.arrow()))
            .at(&d.source)
            .hint(hint)
    };
    let column = |table: &str, column: &str| -> Result<(&'t TableEntry, &'t ColumnEntry)> {
        let Some(entry) = tables.iter().find(|t| t.name == table) else {
            let loaded = tables.iter().map(|t| t.name.as_str()).collect::<Vec<_>>().join(", ");
            return Err(invalid(
                format!("names the table {table}, which was not loaded"),
                format!("tables loaded: {loaded}"),
            ));
        };
        let found = entry.columns.iter().find(|c| c.name == column);
        found.map(|c| (entry, c)).ok_or_else(|| {
            let columns = entry.columns.iter().map(|c| c.name.as_str()).collect::<Vec<_>>().join(", ");
            invalid(format!("names {table}.{column}, which does not exist"), format!("columns of {table}: {columns}"))
        })
    };
    let (from_table, from) = column(&d.from_table, &d.from_column)?;
    let (to_table, to) = column(&d.to_table, &d.to_column)?;
    if !joinable(from.kind, to.kind) {
        return Err(invalid(
            format!(
                "joins {}.{} ({}, {}) to {}.{} ({}, {}): a relationship's two columns must have the same kind",
                d.from_table,
                d.from_column,
                from.kind.word(),
                from.sql_type,
                d.to_table,
                d.to_column,
                to.kind.word(),
                to.sql_type
            ),
            format!(
                "give both columns one type in querycell.toml ([tables.{}.columns.{}] type = \"{}\"), or relate other columns",
                d.from_table, d.from_column, to.sql_type
            ),
        ));
    }
    Ok((from_table, from, to_table, to))
}

/// The `to` column must be unique and present: one query finds a missing key (reported
/// first) or the most repeated one.
fn check_unique(engine: &Engine<'_>, d: &Declared, to_table: &TableEntry, kind: ValueKind) -> Result<()> {
    let rows = (engine.run)(&unique_sql(engine, d, to_table))?;
    let Some(row) = rows.first() else { return Ok(()) };
    let rows_with = cell_integer(row, 1);
    let noun = if rows_with == 1 { "row" } else { "rows" };
    let found = if row.get(2) == Some(&Cell::Boolean(true)) {
        format!("is missing in {rows_with} {noun}")
    } else {
        let key = row.first().and_then(Cell::text).unwrap_or_default();
        let key = querycell_contract::text::clip(&key, KEY_TEXT_CAP);
        let shown = match kind {
            ValueKind::Integer | ValueKind::Float => key,
            _ => serde_json::to_string(&key).expect("strings serialise"),
        };
        format!("has the value {shown} in {rows_with} {noun}")
    };
    Err(Error::new(
        Code::RelationshipNotUnique,
        format!(
            "{}.{} {found}: a relationship's \"to\" column must be unique and present, so that each {} row reaches at most one {} row",
            d.to_table, d.to_column, d.from_table, d.to_table
        ),
    )
    .at(&d.source)
    .hint(format!(
        "{} declares {}; fix the data so every {} row has its own {}, or relate {} to another column (querycell never joins to the first match)",
        d.source, d.declaration(), d.to_table, d.to_column, d.from_table
    )))
}

/// Rows of the `from` table whose key is set and found in no row of `to` (orphans). `to`'s
/// keys are all present by now, so `NOT IN` means "found nowhere".
fn count_orphans(engine: &Engine<'_>, d: &Declared, from_table: &TableEntry, to_table: &TableEntry) -> Result<u64> {
    let sql = orphans_sql(engine, d, from_table, to_table);
    Ok(cell_integer(&first_row((engine.run)(&sql)?), 0).max(0) as u64)
}

/// The uniqueness query: its one row (if any) is the missing key, or the most repeated one,
/// with its row count. Every name is quoted, aliases too (Spark's lexical gate admits no
/// bare name).
fn unique_sql(engine: &Engine<'_>, d: &Declared, to_table: &TableEntry) -> String {
    let [k, n, g] = ["k", "n", "g"].map(engine.quote);
    format!(
        "SELECT {k}, {n}, {k} IS NULL FROM (SELECT {c} AS {k}, count(*) AS {n} FROM {t} GROUP BY {c}) AS {g} WHERE {n} > 1 OR {k} IS NULL ORDER BY {k} IS NULL DESC, {n} DESC, {k} ASC LIMIT 1",
        c = (engine.quote)(&d.to_column),
        t = engine.relation(to_table),
    )
}

fn orphans_sql(engine: &Engine<'_>, d: &Declared, from_table: &TableEntry, to_table: &TableEntry) -> String {
    format!(
        "SELECT count(*) FROM {ft} WHERE {fc} IS NOT NULL AND {fc} NOT IN (SELECT {tc} FROM {tt})",
        fc = (engine.quote)(&d.from_column),
        ft = engine.relation(from_table),
        tc = (engine.quote)(&d.to_column),
        tt = engine.relation(to_table),
    )
}

/// A pair ingest may suggest: column `from` of table `tables[from_table]`, whose values may
/// all be found in the unique, complete column `to` of `tables[to_table]`.
struct Candidate {
    from_table: usize,
    from_column: String,
    to_table: usize,
    to_column: String,
}

/// Record, as a decision of the `from` table, each relationship ingest can see in the data
/// and the operator did not declare. Candidates are chosen from the catalog's statistics
/// alone (no query); at most [`SUGGESTION_CHECKS`] are then checked, one query each.
pub fn suggest(connection: &Connection, tables: &mut [TableEntry], declared: &[RelationshipEntry]) -> Result<()> {
    let mut candidates = candidates(tables, declared);
    // Same-named columns first: the likeliest keys get checked when there are many.
    candidates.sort_by_key(|c| c.from_column != c.to_column);
    for candidate in candidates.into_iter().take(SUGGESTION_CHECKS) {
        let (from, to) = (tables[candidate.from_table].name.clone(), tables[candidate.to_table].name.clone());
        let sql = format!(
            "SELECT count(*) FROM {ft} AS f WHERE f.{fc} IS NOT NULL AND NOT EXISTS (SELECT 1 FROM {tt} AS t WHERE t.{tc} = f.{fc})",
            ft = quote::identifier(&from),
            fc = quote::identifier(&candidate.from_column),
            tt = quote::identifier(&to),
            tc = quote::identifier(&candidate.to_column),
        );
        let rows = connection.query(&sql).map_err(|e| {
            Error::classed(ErrorClass::Internal, Code::IngestFailed, format!("looking for relationships: {e}"))
        })?;
        if cell_integer(&first_row(rows), 0) != 0 {
            continue;
        }
        if !settle_key(connection, &mut tables[candidate.to_table], &candidate.to_column)? {
            continue;
        }
        let decision = format!(
            "{fc}: every value is found in {tt}.{tc}, which is unique; to let plans follow it, declare [[relationships]] from = \"{ft}.{fc}\" to = \"{tt}.{tc}\" in querycell.toml",
            fc = candidate.from_column,
            ft = from,
            tt = to,
            tc = candidate.to_column,
        );
        tables[candidate.from_table].decisions.push(decision);
    }
    Ok(())
}

/// The pairs worth one query: a key-like column (integer or text) named like the other
/// column (the same name, a name ending with it, or `<table>_<column>` with the table's name
/// singular), at most as many distinct values as the other has rows, and for integers within
/// its bounds; the other unique and complete; not declared already.
fn candidates(tables: &[TableEntry], declared: &[RelationshipEntry]) -> Vec<Candidate> {
    let mut found = Vec::new();
    for (x, from) in tables.iter().enumerate() {
        for a in from.columns.iter().filter(|a| a.stats.distinct_count > 0) {
            for (y, to) in tables.iter().enumerate().filter(|(y, to)| *y != x && to.row_count > 0) {
                for b in to.columns.iter().filter(|b| is_key(b, to) && b.kind == a.kind) {
                    let already = declared.iter().any(|r| {
                        (r.from_table.as_str(), r.from_column.as_str(), r.to_table.as_str(), r.to_column.as_str())
                            == (from.name.as_str(), a.name.as_str(), to.name.as_str(), b.name.as_str())
                    });
                    if !already && named_alike(a, &to.name, b) && within(a, b) {
                        found.push(Candidate {
                            from_table: x,
                            from_column: a.name.clone(),
                            to_table: y,
                            to_column: b.name.clone(),
                        });
                    }
                }
            }
        }
    }
    found
}

/// An integer or text column whose values are all present and all different, or by its
/// estimated distinct count may be (nine tenths of its rows or more: the estimate is a few
/// percent off), to be settled by [`settle_key`] before it is suggested.
fn is_key(column: &ColumnEntry, table: &TableEntry) -> bool {
    let stats = &column.stats;
    matches!(column.kind, ValueKind::Integer | ValueKind::Text)
        && stats.null_count == 0
        && match stats.distinct_estimated {
            false => stats.distinct_count == table.row_count,
            true => stats.distinct_count.saturating_mul(10) >= table.row_count.saturating_mul(9),
        }
}

/// Whether `column` of `table` is unique: known from its statistics when its distinct
/// count is exact, else counted (and the exact count then kept in its statistics).
fn settle_key(connection: &Connection, table: &mut TableEntry, column: &str) -> Result<bool> {
    let rows = table.row_count;
    let Some(entry) = table.columns.iter_mut().find(|c| c.name == column) else { return Ok(false) };
    if !entry.stats.distinct_estimated {
        return Ok(entry.stats.distinct_count == rows);
    }
    let sql = format!(
        "SELECT count(DISTINCT {c}) FROM {t}",
        c = quote::identifier(column),
        t = quote::identifier(&table.name)
    );
    let counted = connection.query(&sql).map_err(|e| {
        Error::classed(ErrorClass::Internal, Code::IngestFailed, format!("looking for relationships: {e}"))
    })?;
    entry.stats.distinct_count = cell_integer(&first_row(counted), 0).max(0) as u64;
    entry.stats.distinct_estimated = false;
    Ok(entry.stats.distinct_count == rows)
}

fn named_alike(a: &ColumnEntry, to_table: &str, b: &ColumnEntry) -> bool {
    let singular = to_table.strip_suffix('s').unwrap_or(to_table);
    a.name == b.name || a.name.ends_with(&format!("_{}", b.name)) || a.name == format!("{singular}_{}", b.name)
}

/// The statistics allow every value of `a` to be in `b`: no more distinct values, and for
/// integers bounds inside `b`'s (text bounds are cut in the catalog, so not compared).
fn within(a: &ColumnEntry, b: &ColumnEntry) -> bool {
    // An estimate may be over by a few percent: only two exact counts rule a pair out.
    let exact = !a.stats.distinct_estimated && !b.stats.distinct_estimated;
    if exact && a.stats.distinct_count > b.stats.distinct_count {
        return false;
    }
    if a.kind != ValueKind::Integer {
        return true;
    }
    let bound = |v: &Option<String>| v.as_deref().and_then(|v| v.parse::<i128>().ok());
    match (bound(&a.stats.min), bound(&a.stats.max), bound(&b.stats.min), bound(&b.stats.max)) {
        (Some(a_min), Some(a_max), Some(b_min), Some(b_max)) => a_min >= b_min && a_max <= b_max,
        _ => true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_verification_queries_pass_sparks_lexical_gate() {
        let table = |name: &str| -> TableEntry {
            serde_json::from_value(serde_json::json!({"name": name, "relation": ["lake", name], "source": "",
                "format": "spark", "row_count": 1, "columns": []}))
            .unwrap()
        };
        let declared = Declared {
            name: None,
            from_table: "incidents".into(),
            from_column: "team_id".into(),
            to_table: "teams".into(),
            to_column: "team_id".into(),
            source: "settings.toml".into(),
        };
        let run = |_: &str| -> Result<Vec<Vec<Cell>>> { Ok(Vec::new()) };
        let spark = Engine { run: &run, quote: querycell_contract::quote::spark_identifier };
        let (incidents, teams) = (table("incidents"), table("teams"));
        for sql in [unique_sql(&spark, &declared, &teams), orphans_sql(&spark, &declared, &incidents, &teams)] {
            assert!(sql.contains("`lake`.`teams`"), "{sql}");
            crate::check::spark::duckdb_spelling(&sql).unwrap_or_else(|why| panic!("{sql}: {why}"));
        }
    }
}
