//! A text column grouped by its distinct texts, so that type detection and statistics read
//! one row per text instead of every row; and the sample of the file's first rows that says
//! whether a column is worth grouping.

use querycell_contract::quote;

use crate::duck::{cell_integer, first_row, Database as Connection, Failure};
use crate::error::{Code, Error, ErrorClass, Result};

/// One column of the staging table grouped by its distinct texts, in a temp table:
/// profiling and statistics read it instead of every row, so a column with few distinct
/// values costs one hash pass over its rows, whatever the checks. The text keeps the
/// column's own name, so a decision's expression reads it as it reads the staging table;
/// `rows` says how many rows have it.
///
/// A column whose texts are nearly all distinct (ids, timestamps, free text; judged from a
/// sample of [`DISTINCT_SAMPLE`] rows) is not grouped: grouping would copy it whole to save
/// nothing, and a typed column's distinct count hashes it again anyway. Its "groups" are
/// the staging table's rows, each of weight 1.
pub struct Groups {
    /// The temp table (quoted), or the staging table itself when not grouped.
    pub table: String,
    /// The file's first [`HEAD_ROWS`] rows of the column (under its own name), each with
    /// its place in the file as [`FILE_ORDER`]: a relation.
    pub head: String,
    /// Its row-count column (quoted): the column's name and `#rows`, so never the column's;
    /// `1` when not grouped.
    pub rows: String,
    /// Whether each text is one row of `table` (grouped), so counting rows counts texts.
    pub grouped: bool,
}

/// Rows of a column sampled to judge whether it is worth grouping: past this many rows, a
/// column whose sample is at least nine tenths distinct is read row by row.
pub const DISTINCT_SAMPLE: usize = 50_000;

/// Columns whose samples one scan counts: a query per column cost a scan and a statement
/// each (about half the sampling of a five-column table), and one query for every column of
/// a wide table would hold every column's sample in a hash table at once.
const SAMPLED_TOGETHER: usize = 16;

/// What the first [`DISTINCT_SAMPLE`] rows say of one column: how many distinct texts they
/// hold, and how many rows they are (fewer in a smaller table).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sample {
    /// Distinct texts in the sample (a missing cell is none).
    pub distinct: i64,
    /// Rows in the sample.
    pub rows: i64,
}

impl Sample {
    /// A table shorter than a sample: each column is worth grouping, whatever its texts.
    pub const SHORT_TABLE: Sample = Sample { distinct: 0, rows: 0 };

    /// Whether the column is worth grouping: anything but a full sample nine tenths distinct.
    fn worth_grouping(self) -> bool {
        !(self.rows as usize == DISTINCT_SAMPLE && self.distinct * 10 >= self.rows * 9)
    }
}

/// The [`Sample`] of each of `columns` of staging table `staging`, in their order, read
/// [`SAMPLED_TOGETHER`] columns per scan of the same first rows.
pub fn samples(connection: &Connection, staging: &str, columns: &[&str]) -> Result<Vec<Sample>> {
    let mut samples = Vec::with_capacity(columns.len());
    for chunk in columns.chunks(SAMPLED_TOGETHER) {
        let quoted: Vec<String> = chunk.iter().map(|c| quote::identifier(c)).collect();
        let counts: Vec<String> = quoted.iter().map(|c| format!("count(DISTINCT {c})")).collect();
        let row = first_row(
            connection
                .query(&format!(
                    "SELECT {}, count(*) FROM (SELECT {} FROM {} LIMIT {DISTINCT_SAMPLE})",
                    counts.join(", "),
                    quoted.join(", "),
                    quote::identifier(staging)
                ))
                .map_err(|e| {
                    let columns = chunk.join(", ");
                    Error::classed(
                        ErrorClass::Internal,
                        Code::IngestFailed,
                        format!("profiling columns {columns}: {e}"),
                    )
                })?,
        );
        let rows = cell_integer(&row, chunk.len());
        samples.extend((0..chunk.len()).map(|at| Sample { distinct: cell_integer(&row, at), rows }));
    }
    Ok(samples)
}

impl Groups {
    /// Group column `column` of staging table `staging`, whose [`Sample`] is `sample`; `slot`
    /// tells apart the groups of the columns of one table, which live until its statistics
    /// are computed. The groups come in a hash table's order, which changes from one ingest
    /// of the same file to the next: no decision depends on it, as the values a decision
    /// names come from the file's first rows ([`Groups::head`]) or are the smallest.
    ///
    /// `in_order` is a table whose rows' `rowid`s are their places in the file (the staging
    /// table itself, when it was written in the file's order), holding the column under the
    /// same name: the decisions name values from its first rows.
    pub fn create(
        connection: &Connection,
        staging: &str,
        column: &str,
        sample: Sample,
        slot: usize,
        in_order: &str,
    ) -> Result<Groups> {
        let c = quote::identifier(column);
        let head = format!(
            "(SELECT {c}, rowid AS {FILE_ORDER} FROM {} WHERE rowid < {HEAD_ROWS})",
            quote::identifier(in_order)
        );
        if !sample.worth_grouping() {
            return Ok(Groups { table: quote::identifier(staging), head, rows: "1".into(), grouped: false });
        }
        let groups = Groups {
            table: quote::identifier(&format!("__querycell_values_{slot}")),
            head,
            rows: quote::identifier(&format!("{column}#rows")),
            grouped: true,
        };
        connection
            .execute_batch(&format!(
                "CREATE OR REPLACE TEMP TABLE {} AS SELECT {c}, count(*) AS {} FROM {} GROUP BY {c}",
                groups.table,
                groups.rows,
                quote::identifier(staging)
            ))
            .map_err(profiling_failed(column))?;
        Ok(groups)
    }

    /// SQL counting the rows whose text satisfies `condition`.
    pub fn rows_where(&self, condition: &str) -> String {
        format!("coalesce(sum({}) FILTER (WHERE {condition}), 0)", self.rows)
    }

    /// Drop the temp table (the staging table is not the groups' to drop).
    pub fn remove(self, connection: &Connection) -> Result<()> {
        if !self.grouped {
            return Ok(());
        }
        connection
            .execute_batch(&format!("DROP TABLE IF EXISTS {}", self.table))
            .map_err(|e| Error::classed(ErrorClass::Internal, Code::IngestFailed, e.to_string()))
    }
}

/// The file's first rows, from which a decision names the value that shows it
/// (`Values::fitting_none`).
pub const HEAD_ROWS: usize = 2_000;

/// The name under which [`Groups::head`] gives each row's place in the file.
pub(crate) const FILE_ORDER: &str = "\"__querycell_at\"";

/// The error for a DuckDB failure while profiling `column`: querycell's own statement
/// failed, not the file.
pub(crate) fn profiling_failed(column: &str) -> impl Fn(Failure) -> Error + Copy + '_ {
    move |e| Error::classed(ErrorClass::Internal, Code::IngestFailed, format!("profiling column {column}: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn samples_read_together_are_each_columns_own() {
        // More columns than one scan reads, each with its own number of distinct texts in the
        // first rows (column i repeats every i + 1 rows), one nearly distinct, and rows past
        // the sample that would change every count if they were read.
        let duck = Connection::in_memory(&[]).unwrap();
        let width = SAMPLED_TOGETHER * 2 + 3;
        let mut select: Vec<String> =
            (0..width).map(|i| format!("CAST(r % {} AS VARCHAR) AS \"c {i}\"", i + 1)).collect();
        select.push("CASE WHEN r % 20 = 0 THEN 'x' ELSE CAST(r AS VARCHAR) END AS \"id\"".into());
        duck.execute_batch(&format!(
            "CREATE TABLE staging AS SELECT {} FROM range({}) AS t(r) ORDER BY r",
            select.join(", "),
            DISTINCT_SAMPLE + 5_000
        ))
        .unwrap();
        duck.execute_batch(&format!(
            "INSERT INTO staging SELECT {} FROM range(1000, 1100) AS t(r)",
            (0..=width).map(|_| "'late'").collect::<Vec<_>>().join(", ")
        ))
        .unwrap();
        let mut names: Vec<String> = (0..width).map(|i| format!("c {i}")).collect();
        names.push("id".into());
        let columns: Vec<&str> = names.iter().map(String::as_str).collect();
        let read = samples(&duck, "staging", &columns).unwrap();
        assert_eq!(read.len(), columns.len());
        for (at, column) in columns.iter().enumerate() {
            let alone = first_row(
                duck.query(&format!(
                    "SELECT count(DISTINCT {c}), count(*) FROM (SELECT {c} FROM staging LIMIT {DISTINCT_SAMPLE})",
                    c = quote::identifier(column)
                ))
                .unwrap(),
            );
            let expected = Sample { distinct: cell_integer(&alone, 0), rows: cell_integer(&alone, 1) };
            assert_eq!(read[at], expected, "column {column}");
        }
        assert_eq!(read[4], Sample { distinct: 5, rows: DISTINCT_SAMPLE as i64 });
        // Every column but the nearly distinct one is worth grouping.
        let grouped: Vec<bool> = read.iter().map(|s| s.worth_grouping()).collect();
        assert_eq!(grouped.iter().filter(|&&g| !g).count(), 1);
        assert!(!grouped[width]);
        // A smaller table's sample is all of it, and is grouped however distinct.
        duck.execute_batch("CREATE TABLE small AS SELECT * FROM staging LIMIT 10").unwrap();
        let few = samples(&duck, "small", &columns[width..]).unwrap();
        assert_eq!(few, [Sample { distinct: 10, rows: 10 }]);
        assert!(few[0].worth_grouping());
    }
}
