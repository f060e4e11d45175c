//! A loaded table's catalog entry: each column's entry (its type, the decision in words and
//! what `querycell.toml` says of it), the allowed-values check, the row count, the content
//! hash and each column's statistics, from as few scans as the table allows.

use querycell_contract::quote;

use crate::catalog::{ColumnEntry, ColumnStats, TableEntry, ValueKind};
use crate::duck::{cell_integer, cell_text, first_row, Cell, Database as Connection};
use crate::error::{Code, Error, Result};
use crate::ingest::column_types::decision::Decision;
use crate::ingest::column_types::groups::Groups;
use crate::ingest::failure::failed;
use crate::ingest::sidecar::TableOverride;
use crate::ingest::sources::Source;

/// Text cells longer than this are cut in the catalog's value lists.
const VALUE_TEXT_CAP: usize = 64;

/// Columns with at most this many distinct values list them in the catalog.
const VALUE_LIST_CAP: i64 = 20;

/// The catalog entry of a text column `name` (its header `text`) with its `decision`; the
/// unit the values were written with (`$`, `%`), unless the operator gave one.
pub(crate) fn decided_entry(name: String, text: String, decision: &Decision, over: &TableOverride) -> ColumnEntry {
    let mut entry = column_entry(name, text, &decision.sql_type, decision.reason.clone(), over);
    entry.unit = entry.unit.or_else(|| decision.unit.clone());
    entry
}

pub(crate) fn column_entry(
    name: String,
    display_name: String,
    sql_type: &str,
    decision: String,
    over: &TableOverride,
) -> ColumnEntry {
    let column_over = over.columns.get(&name).cloned().unwrap_or_default();
    ColumnEntry {
        kind: ValueKind::of_sql_type(sql_type),
        sql_type: sql_type.to_string(),
        name,
        display_name,
        decision,
        description: column_over.description,
        unit: column_over.unit,
        allowed_values: column_over.allowed_values,
        stats: ColumnStats::default(),
    }
}

/// The alias under which a whole row is one value (`hash(row)`); no column can take it, as
/// normalised column names never start with `_`.
const ROW: &str = "\"__querycell_row\"";

/// Where a new table's column's statistics come from.
#[derive(Clone, Copy, PartialEq)]
pub(crate) enum Statistics {
    /// Already in the column (a text source's grouped column: from its groups).
    Given,
    /// From the table's scan, its distinct count an estimate (a text source's column read
    /// row by row, nearly every text distinct in its sample).
    Estimated,
    /// From the table's scan, its distinct count exact below [`ESTIMATED_FROM`] (typed
    /// sources).
    Scan,
}

/// The statistics of the column read as `value` (null count, distinct count, and for ordered
/// kinds min and max as text), as aggregates; `nulls` counts its missing values.
fn stats_aggregates(value: &str, kind: ValueKind, nulls: String, distinct: String) -> [String; 4] {
    let ordered = !matches!(kind, ValueKind::Other | ValueKind::Boolean);
    let bound =
        |f: &str| if ordered { format!("CAST({f}({value}) AS VARCHAR)") } else { "CAST(NULL AS VARCHAR)".into() };
    [nulls, distinct, bound("min"), bound("max")]
}

/// A column's distinct count and whether it is an estimate (see [`ESTIMATED_FROM`]).
#[derive(Clone, Copy)]
struct Distinct {
    count: i64,
    estimated: bool,
}

/// Past this many distinct values (by the estimate) a column's distinct count stays an
/// estimate: DuckDB's `approx_count_distinct` (HyperLogLog, a few percent off) takes one
/// pass with the other statistics, where an exact count of a nearly distinct column of 3 M
/// rows took 120–360 ms, as long as a third of `read_csv`'s whole load. Below it the exact
/// count is cheap and lists of values depend on it. Nothing is decided on an estimate: a
/// relationship ingest suggests is checked for uniqueness by a query first.
const ESTIMATED_FROM: i64 = 50_000;

/// A column's statistics from the four aggregates of [`stats_aggregates`] at `at` in `row`
/// (its distinct count given), listing its values (from `list`, rows of `value`) when it is
/// text with few of them.
fn read_stats(
    connection: &Connection,
    (row, at): (&[Cell], usize),
    distinct: Distinct,
    kind: ValueKind,
    (value, list): (&str, &str),
    source: &Source,
) -> Result<ColumnStats> {
    let nulls = cell_integer(row, at);
    let values = if kind == ValueKind::Text && !distinct.estimated && (1..=VALUE_LIST_CAP).contains(&distinct.count) {
        let rows = connection
            .query(&format!(
                "SELECT DISTINCT {value} FROM {list} WHERE {value} IS NOT NULL ORDER BY 1 LIMIT {VALUE_LIST_CAP}"
            ))
            .map_err(failed(source))?;
        Some(rows.iter().filter_map(|row| cell_text(row, 0)).map(|v| clip(&v)).collect())
    } else {
        None
    };
    Ok(ColumnStats {
        null_count: nulls as u64,
        distinct_count: distinct.count as u64,
        distinct_estimated: distinct.estimated,
        min: cell_text(row, at + 2).map(|m| clip(&m)),
        max: cell_text(row, at + 3).map(|m| clip(&m)),
        values,
    })
}

/// A text source's grouped column's statistics, from its groups: the decided value of each
/// distinct text, weighted by its rows.
fn grouped_stats(
    connection: &Connection,
    groups: &Groups,
    decision: &Decision,
    kind: ValueKind,
    source: &Source,
) -> Result<ColumnStats> {
    let list = format!("(SELECT {} AS v, {} FROM {})", decision.expression, groups.rows, groups.table);
    // One row per text: a text column counts its rows, a typed one its distinct values.
    let distinct = if decision.keeps_text { "count(v)" } else { "count(DISTINCT v)" };
    let aggregates = stats_aggregates("v", kind, groups.rows_where("v IS NULL"), distinct.into());
    let row =
        first_row(connection.query(&format!("SELECT {} FROM {list}", aggregates.join(", "))).map_err(failed(source))?);
    let distinct = Distinct { count: cell_integer(&row, 1), estimated: false };
    read_stats(connection, (&row, 0), distinct, kind, ("v", &list), source)
}

/// Where the statistics of a text table's column come from: a text column grouped gives
/// them from its groups; one read row by row is estimated in the table's scan. A typed
/// column's are always the scan's, exact below [`ESTIMATED_FROM`], so they are the same
/// whether the column was profiled or checked as it was loaded ([`super::checked`]).
pub(crate) fn text_statistics(
    connection: &Connection,
    entry: &mut ColumnEntry,
    decision: &Decision,
    groups: &Groups,
    source: &Source,
) -> Result<Statistics> {
    Ok(match (decision.keeps_text, groups.grouped) {
        (true, true) => {
            entry.stats = grouped_stats(connection, groups, decision, entry.kind, source)?;
            Statistics::Given
        }
        (true, false) => Statistics::Estimated,
        (false, _) => Statistics::Scan,
    })
}

/// Check allowed values, count rows, compute the content hash and the statistics of each
/// column whose `statistics` are not [`Statistics::Given`].
pub(crate) fn finish_table(
    connection: &Connection,
    name: &str,
    source: &Source,
    over: &TableOverride,
    mut columns: Vec<ColumnEntry>,
    statistics: &[Statistics],
) -> Result<TableEntry> {
    let table = quote::identifier(name);
    for column in &columns {
        if let Some(allowed) = &column.allowed_values {
            let list = allowed.iter().map(|v| quote::literal(v)).collect::<Vec<_>>().join(", ");
            let outsider = cell_text(
                &first_row(
                    connection
                        .query(&format!("SELECT min(CAST({c} AS VARCHAR)) FROM {table} WHERE {c} IS NOT NULL AND CAST({c} AS VARCHAR) NOT IN ({list})", c = quote::identifier(&column.name)))
                        .map_err(failed(source))?,
                ),
                0,
            );
            if let Some(value) = outsider {
                return Err(Error::new(
                    Code::ValueNotAllowed,
                    format!(
                        "{}: column {} has the value '{}', which is not in its allowed_values",
                        source.shown,
                        column.name,
                        clip(&value)
                    ),
                )
                .at(&source.shown)
                .hint("fix the data, or extend allowed_values in querycell.toml"));
            }
        }
    }
    let row_count = cell_integer(
        &first_row(connection.query(&format!("SELECT count(*) FROM {table}")).map_err(failed(source))?),
        0,
    );
    // One scan for every column's counts and bounds that are not given.
    let scanned: Vec<usize> = (0..columns.len()).filter(|&i| statistics[i] != Statistics::Given).collect();
    let mut aggregates = Vec::new();
    for &i in &scanned {
        let c = quote::identifier(&columns[i].name);
        aggregates.extend(stats_aggregates(
            &c,
            columns[i].kind,
            format!("count(*) - count({c})"),
            // An estimate past the values present would say more than the data can hold.
            format!("least(approx_count_distinct({c}), count({c}))"),
        ));
    }
    // The row hash sum rides in the same scan: the table's content, independent of row order.
    aggregates.push(format!("CAST(coalesce(sum(hash({ROW})), 0) AS VARCHAR)"));
    let row = first_row(
        connection.query(&format!("SELECT {} FROM {table} AS {ROW}", aggregates.join(", "))).map_err(failed(source))?,
    );
    let content_hash = cell_text(&row, aggregates.len() - 1).unwrap_or_default();
    let exact: Vec<bool> = scanned.iter().map(|&i| statistics[i] == Statistics::Scan).collect();
    let names: Vec<&str> = scanned.iter().map(|&i| columns[i].name.as_str()).collect();
    let distinct = exact_below_estimates(connection, &table, &names, &exact, &row, source)?;
    for (at, &i) in scanned.iter().enumerate() {
        let c = quote::identifier(&columns[i].name);
        let kind = columns[i].kind;
        columns[i].stats = read_stats(connection, (&row, 4 * at), distinct[at], kind, (&c, &table), source)?;
    }
    Ok(TableEntry {
        relation: Vec::new(),
        name: name.to_string(),
        content_hash,
        source: source.relative.clone(),
        format: source.format.name().to_string(),
        description: over.description.clone(),
        decisions: Vec::new(),
        row_count: row_count as u64,
        row_count_withheld: false,
        columns,
        left_out: Vec::new(),
    })
}

/// The distinct counts of the columns `names` from the estimates at `4 * i + 1` in `row`:
/// exact, by one more scan of `table` for every column estimated below [`ESTIMATED_FROM`]
/// that `may_count` allows, else the estimate.
fn exact_below_estimates(
    connection: &Connection,
    table: &str,
    names: &[&str],
    may_count: &[bool],
    row: &[Cell],
    source: &Source,
) -> Result<Vec<Distinct>> {
    let mut distinct: Vec<Distinct> =
        (0..names.len()).map(|i| Distinct { count: cell_integer(row, 4 * i + 1), estimated: true }).collect();
    let counted: Vec<usize> =
        (0..names.len()).filter(|&i| may_count[i] && distinct[i].count < ESTIMATED_FROM).collect();
    if counted.is_empty() {
        return Ok(distinct);
    }
    let counts = counted.iter().map(|&i| format!("count(DISTINCT {})", quote::identifier(names[i])));
    let exact = first_row(
        connection
            .query(&format!("SELECT {} FROM {table}", counts.collect::<Vec<_>>().join(", ")))
            .map_err(failed(source))?,
    );
    for (at, &i) in counted.iter().enumerate() {
        distinct[i] = Distinct { count: cell_integer(&exact, at), estimated: false };
    }
    Ok(distinct)
}

/// Cell text in the catalog is cut to a cap, so it cannot carry long instructions into a
/// prompt that includes the schema.
pub(crate) fn clip(text: &str) -> String {
    querycell_contract::text::clip(text, VALUE_TEXT_CAP)
}
