//! The questions type detection asks about a column's present values (`Values`), one row
//! per distinct text, each stopping at the first value that answers it; and which of the
//! number readings every value fits, in one pass.

use querycell_contract::quote;

use super::conditions::{BEYOND_DOUBLE, DATE_STYLES, MARKED, PLAIN_BEYOND_DOUBLE, PLAIN_MARKED};
use super::groups::FILE_ORDER;
use crate::duck::{cell_integer, cell_text, first_row, Database as Connection, Failure};
use crate::error::{Error, Result};
use crate::ingest::numbers::{self, READINGS};

/// What the readings' pass says of a column's values: which of `READINGS` every value fits,
/// the smallest value with a mark readings may disagree on, and the smallest value no DOUBLE
/// holds.
pub(crate) struct Readings {
    pub(crate) fits: Vec<bool>,
    pub(crate) marked: Option<String>,
    pub(crate) beyond_double: Option<String>,
}

/// The column of [`Values::readings`]' inner query saying whether `v` is a plain number;
/// `v` is the only other column there.
const PLAIN: &str = "\"plain\"";

/// Questions about the present values of the column being profiled, one per distinct text.
pub(crate) struct Values<'a> {
    pub(crate) connection: &'a Connection,
    pub(crate) failed: &'a dyn Fn(Failure) -> Error,
    /// `FROM` and `WHERE` reading them as `v`, each with its count of rows as `n`.
    pub(crate) from: String,
    /// The same over the file's first [`super::groups::HEAD_ROWS`] rows, each with its place in the file as
    /// [`FILE_ORDER`]: where a decision names a value, it names the first of these.
    pub(crate) head: String,
    /// The same over the first [`FIRST_ROWS`] rows (or groups) only: where a check that
    /// would stop early at a counterexample is folded into a full pass, a text column still
    /// shows itself here first, cheaply.
    pub(crate) first_rows: String,
}

/// Rows (or groups) [`Values::first_rows`] reads.
pub(crate) const FIRST_ROWS: usize = 10_000;

impl Values<'_> {
    /// Does every value satisfy `condition`? Stops at the first one that does not.
    pub(crate) fn all(&self, condition: &str) -> Result<bool> {
        self.all_fit_one_of(&[condition])
    }

    /// Does every value satisfy at least one of `alternatives`? Stops at the first that
    /// satisfies none.
    pub(crate) fn all_fit_one_of(&self, alternatives: &[&str]) -> Result<bool> {
        Ok(self.any_fitting_none(alternatives)?.is_none())
    }

    /// The value not satisfying `condition` (false or null) that a decision names: see
    /// [`Values::fitting_none`].
    pub(crate) fn counterexample(&self, condition: &str) -> Result<Option<String>> {
        self.fitting_none(&[condition])
    }

    /// The value satisfying none of `alternatives` (each false or null) that a decision
    /// names: the first such among the file's first rows, else the smallest such. Named so,
    /// it depends on the file alone, not on the order in which a load wrote the rows past
    /// the first (ingest writes a table in parallel where it can, see `load::checked`).
    pub(crate) fn fitting_none(&self, alternatives: &[&str]) -> Result<Option<String>> {
        let filter = Self::filter(alternatives);
        let first = self
            .connection
            .query(&format!("SELECT v FROM {}{filter} ORDER BY {FILE_ORDER} LIMIT 1", self.head))
            .map_err(self.failed)?;
        if let Some(value) = first.first().and_then(|row| cell_text(row, 0)) {
            return Ok(Some(value));
        }
        let rows = self.connection.query(&format!("SELECT min(v) FROM {}{filter}", self.from)).map_err(self.failed)?;
        Ok(rows.first().and_then(|row| cell_text(row, 0)))
    }

    /// Any value satisfying none of `alternatives`, whichever is found first: for a check
    /// that only asks whether there is one, or uses it only to ask more of it.
    pub(crate) fn any_fitting_none(&self, alternatives: &[&str]) -> Result<Option<String>> {
        let filter = Self::filter(alternatives);
        let rows =
            self.connection.query(&format!("SELECT v FROM {}{filter} LIMIT 1", self.from)).map_err(self.failed)?;
        Ok(rows.first().and_then(|row| cell_text(row, 0)))
    }

    /// The filter keeping values satisfying none of `alternatives`. Each alternative is a
    /// conjunct of its own, so a value is tested against the next one only when those
    /// before it failed: one `OR` of them inside `coalesce` tested every value against all
    /// of them (a column of ISO timestamps was matched as dates too, twice the work).
    /// Written with `coalesce`, not `NOT c OR c IS NULL`, which evaluated `c` twice per
    /// value.
    fn filter(alternatives: &[&str]) -> String {
        alternatives.iter().map(|condition| format!(" AND NOT coalesce(({condition}), false)")).collect()
    }

    /// Which of `READINGS` every value fits, and the smallest value carrying a mark that
    /// readings may disagree on: one pass over the distinct values. A plain value
    /// (`1234.50`) is matched once, not once per reading: eight patterns per value were
    /// most of the profiling of a column of many distinct numbers. The marks are found
    /// with `contains`, cheaper than a pattern on every value.
    pub(crate) fn readings(&self) -> Result<(Vec<bool>, Option<String>)> {
        self.readings_and(None).map(|(_, readings)| (readings.fits, readings.marked))
    }

    /// [`Values::readings`], and first whether every value is [`numbers::NUMBER_LIKE`], in
    /// the same pass: a plain value is number-like without the pattern. As a check of its
    /// own, a column of numbers paid a full pass for it (a quarter of profiling a column of
    /// prices); it is asked of the first rows alone first, where a text column shows itself.
    pub(crate) fn number_like_readings(&self) -> Result<Option<Readings>> {
        let first_rows = Values {
            connection: self.connection,
            failed: self.failed,
            from: self.first_rows.clone(),
            head: self.head.clone(),
            first_rows: self.first_rows.clone(),
        };
        if !first_rows.all(numbers::NUMBER_LIKE)? {
            return Ok(None);
        }
        let (number_like, readings) = self.readings_and(Some(numbers::NUMBER_LIKE))?;
        Ok(number_like.then_some(readings))
    }

    /// The readings' pass, also asking whether every value that is not plain satisfies
    /// `beside_plain` (a plain value does); without it, that answer is `true`. Last, the
    /// smallest value no DOUBLE holds (`1e400`, which a cast makes infinite).
    ///
    /// The first rows are read first: a reading one of them does not fit fits no column
    /// holding it, so the whole pass leaves it out (`false`) instead of matching its pattern
    /// on every value. A column of prices with three decimals (`0.125`) otherwise matched the
    /// dot-grouped pattern on each of them, a third of the pass, though its first value
    /// already ruled that reading out.
    fn readings_and(&self, beside_plain: Option<&str>) -> Result<(bool, Readings)> {
        let everywhere = [true; READINGS.len()];
        let candidates = match self.from == self.first_rows {
            true => everywhere,
            false => self.readings_pass(&self.first_rows, None, &everywhere)?.1.fits.try_into().unwrap_or(everywhere),
        };
        self.readings_pass(&self.from, beside_plain, &candidates)
    }

    /// One pass of [`Values::readings_and`] over the values `from` selects, matching only
    /// the readings `candidates` marks (the others are known not to fit).
    fn readings_pass(
        &self,
        from: &str,
        beside_plain: Option<&str>,
        candidates: &[bool; READINGS.len()],
    ) -> Result<(bool, Readings)> {
        let fits = READINGS
            .iter()
            .zip(candidates)
            .map(|(r, &candidate)| match candidate {
                true => format!(
                    "count(*) FILTER (WHERE CASE WHEN {PLAIN} THEN {} ELSE {} END) = count(*)",
                    r.matches_plain(),
                    r.matches()
                ),
                false => "false".to_string(),
            })
            .collect::<Vec<_>>()
            .join(", ");
        let row = first_row(
            self.connection
                .query(&format!(
                    "SELECT {}, {fits}, \
                     min(v) FILTER (WHERE CASE WHEN {PLAIN} THEN {PLAIN_MARKED} ELSE {MARKED} END), \
                     min(v) FILTER (WHERE CASE WHEN {PLAIN} THEN {PLAIN_BEYOND_DOUBLE} ELSE {BEYOND_DOUBLE} END) \
                     FROM (SELECT v, {} AS {PLAIN} FROM {from})",
                    beside_plain.map_or("true".to_string(), |condition| format!(
                        "count(*) FILTER (WHERE CASE WHEN {PLAIN} THEN true ELSE coalesce({condition}, false) END) = count(*)"
                    )),
                    numbers::PLAIN_NUMBER,
                ))
                .map_err(self.failed)?,
        );
        let flag = |i: usize| row.get(i).and_then(crate::duck::Cell::boolean).unwrap_or(false);
        let fit = (1..=READINGS.len()).map(flag).collect();
        let readings = Readings {
            fits: fit,
            marked: cell_text(&row, READINGS.len() + 1),
            beyond_double: cell_text(&row, READINGS.len() + 2),
        };
        Ok((flag(0), readings))
    }

    /// For each of [`DATE_STYLES`], the rows written that way and the smallest such value
    /// (no row: `(0, None)`): one pass over the distinct values.
    pub(crate) fn date_styles(&self) -> Result<Vec<(i64, Option<String>)>> {
        let columns = DATE_STYLES
            .iter()
            .map(|style| {
                format!("coalesce(sum(n) FILTER (WHERE {c}), 0), min(v) FILTER (WHERE {c})", c = style.condition)
            })
            .collect::<Vec<_>>()
            .join(", ");
        let row =
            first_row(self.connection.query(&format!("SELECT {columns} FROM {}", self.from)).map_err(self.failed)?);
        Ok((0..DATE_STYLES.len()).map(|i| (cell_integer(&row, 2 * i), cell_text(&row, 2 * i + 1))).collect())
    }

    /// Does the one value `value` satisfy `condition`?
    pub(crate) fn satisfies(&self, value: &str, condition: &str) -> Result<bool> {
        let rows = self
            .connection
            .query(&format!("SELECT coalesce({condition}, false) FROM (SELECT {} AS v)", quote::literal(value)))
            .map_err(self.failed)?;
        Ok(first_row(rows).first().and_then(crate::duck::Cell::boolean).unwrap_or(false))
    }

    /// The smallest value satisfying `condition`, as an example for the decision's reason.
    pub(crate) fn example(&self, condition: &str) -> Result<Option<String>> {
        let rows = self
            .connection
            .query(&format!("SELECT min(v) FROM {} AND ({condition})", self.from))
            .map_err(self.failed)?;
        Ok(cell_text(&first_row(rows), 0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::{Code, ErrorClass};
    use crate::ingest::column_types::groups::HEAD_ROWS;

    /// The value a decision names is the first among the file's first rows, else the
    /// smallest: the same whatever order the table's rows were written in.
    #[test]
    fn a_named_value_is_the_files_first_or_the_smallest() {
        let duck = Connection::in_memory(&[]).unwrap();
        // Written backwards: the table's order is not the file's (`r`).
        duck.execute_batch(
            "CREATE TABLE t AS SELECT r, CASE WHEN r IN (5, 9) THEN 'x' || (100 - r) WHEN r IN (3000, 4000) THEN 'y' || r ELSE CAST(r AS VARCHAR) END AS c FROM range(5000) AS s(r) ORDER BY r DESC",
        )
        .unwrap();
        let failed = |e: Failure| Error::new(Code::IngestFailed, e.to_string());
        let values = |head_rows: usize| Values {
            connection: &duck,
            failed: &failed,
            from: "(SELECT c AS v, 1 AS n FROM t) WHERE v IS NOT NULL".into(),
            head: format!("(SELECT c AS v, r AS {FILE_ORDER} FROM t WHERE r < {head_rows}) WHERE v IS NOT NULL"),
            first_rows: "(SELECT c AS v, 1 AS n FROM t LIMIT 10) WHERE v IS NOT NULL".into(),
        };
        let letters = "regexp_full_match(v, '[0-9]+')";
        // `x95` comes first in the file though `x91` is smaller and written first.
        assert_eq!(values(HEAD_ROWS).counterexample(letters).unwrap().as_deref(), Some("x95"));
        // Past the first rows, the smallest, though `y4000` was written first.
        assert_eq!(values(2).counterexample(letters).unwrap().as_deref(), Some("x91"));
        assert_eq!(values(2).counterexample("v <> 'x91' AND v <> 'x95'").unwrap().as_deref(), Some("x91"));
        assert_eq!(values(HEAD_ROWS).counterexample("true").unwrap(), None);
    }

    /// Leaving out the readings the first rows rule out changes no answer of the readings'
    /// pass: a reading only later rows rule out is still matched on every value, and one
    /// the first rows rule out fits no column holding them.
    #[test]
    fn readings_ruled_out_by_the_first_rows_are_the_passs_own_answer() {
        let duck = Connection::in_memory(&[]).unwrap();
        let failed = |e: Failure| Error::classed(ErrorClass::Internal, Code::IngestFailed, e.to_string());
        // Three-decimal prices (which dot grouping would read as thousands) after a first
        // value that rules grouping out; grouped thousands only past the first rows; a comma
        // decimal only past them; one value beyond a double past them.
        let late = FIRST_ROWS + 5;
        duck.execute_batch(&format!(
            "CREATE TABLE t AS SELECT r, \
               CASE WHEN r = 0 THEN '0.125' ELSE printf('%d.%03d', 1 + r % 900, r % 1000) END AS prices, \
               CASE WHEN r = {late} THEN '1,234.5' ELSE printf('%d.5', r) END AS grouped_late, \
               CASE WHEN r = {late} THEN '2,5' ELSE printf('%d', r) END AS comma_late, \
               CASE WHEN r = {late} THEN '1e400' ELSE printf('%d', r) END AS huge_late \
             FROM range({}) AS s(r) ORDER BY r",
            FIRST_ROWS * 3
        ))
        .unwrap();
        for column in ["prices", "grouped_late", "comma_late", "huge_late"] {
            let values = Values {
                connection: &duck,
                failed: &failed,
                from: format!("(SELECT {column} AS v, 1 AS n FROM t) WHERE v IS NOT NULL"),
                head: format!("(SELECT {column} AS v, r AS {FILE_ORDER} FROM t) WHERE v IS NOT NULL"),
                first_rows: format!(
                    "(SELECT {column} AS v, 1 AS n FROM t ORDER BY r LIMIT {FIRST_ROWS}) WHERE v IS NOT NULL"
                ),
            };
            let (number_like, with_first_rows) = values.readings_and(Some(numbers::NUMBER_LIKE)).unwrap();
            let (whole_like, whole) =
                values.readings_pass(&values.from, Some(numbers::NUMBER_LIKE), &[true; READINGS.len()]).unwrap();
            assert_eq!(number_like, whole_like, "{column}");
            assert_eq!(with_first_rows.fits, whole.fits, "{column}");
            assert_eq!(with_first_rows.marked, whole.marked, "{column}");
            assert_eq!(with_first_rows.beyond_double, whole.beyond_double, "{column}");
            let candidates: [bool; READINGS.len()] = values
                .readings_pass(&values.first_rows, None, &[true; READINGS.len()])
                .unwrap()
                .1
                .fits
                .try_into()
                .unwrap();
            match column {
                // The first row rules grouped readings out before the whole pass.
                "prices" => assert!(candidates.contains(&false), "{candidates:?}"),
                // What only a later row rules out, the whole pass rules out.
                "huge_late" => assert_eq!(whole.beyond_double.as_deref(), Some("1e400")),
                _ => assert!(candidates[0] && !whole.fits[0], "{column}: {candidates:?} {:?}", whole.fits),
            }
        }
    }
}
