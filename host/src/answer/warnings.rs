//! The warnings an answer's receipt carries beside its rows, in the caller's words: nulls an
//! aggregate skipped, rows a filter left out for being null, rows a relationship could not
//! match, and values no number is.

use crate::exec::ResultColumn;
use crate::sandbox::wit;

/// A warning for each DOUBLE column of the answer holding a value no number is: a sum or an
/// average of doubles past what a DOUBLE holds is `inf` in DuckDB (a DECIMAL sum is refused
/// instead), and the receipt carries it as the text `"inf"` (JSON has no such number).
pub fn not_finite_warnings(columns: &[ResultColumn], rows: &[Vec<serde_json::Value>]) -> Vec<String> {
    let mut warnings = Vec::new();
    for (at, column) in columns.iter().enumerate() {
        if !matches!(column.sql_type.as_str(), "DOUBLE" | "FLOAT") {
            continue;
        }
        let texts: Vec<&str> = rows.iter().filter_map(|row| row.get(at)?.as_str()).collect();
        if let Some(first) = texts.first() {
            let (count, are) = if texts.len() == 1 {
                ("1 value".to_string(), "is")
            } else {
                (format!("{} values", texts.len()), "are")
            };
            warnings.push(format!(
                "{}: {count} {are} no finite number (\"{first}\"): the doubles it is computed from overflow what a DOUBLE holds, so it is shown as text",
                column.name
            ));
        }
    }
    warnings
}

/// The warning for one null-probe count above zero.
pub fn null_warning(what: &wit::ProbeCount, count: u64) -> String {
    match what {
        wit::ProbeCount::AggregateSkipped(label) => {
            format!(
                "{label}: {count} null value{} skipped in the matching rows",
                if count == 1 { " was" } else { "s were" }
            )
        }
        wit::ProbeCount::FilterExcluded(excluded) => {
            // Filters are ANDed, so the way to see these rows is a second question with
            // is_null in place of the filter, not is_null added to it.
            let keep = serde_json::json!({"column": excluded.column, "op": "is_null"});
            let which = if excluded.path.contains(',') { "these filters" } else { "this filter" };
            format!(
                "{} ({}) also left out {count} row{} where {} is missing, because SQL compares nothing with a missing value; to count those rows, ask again with {keep} in place of {which}",
                excluded.path,
                excluded.filter,
                if count == 1 { "" } else { "s" },
                excluded.column,
            )
        }
        wit::ProbeCount::Unmatched(unmatched) => unmatched_warning(unmatched, count),
        // The executor reads this one as the answer's total, never as a warning.
        wit::ProbeCount::AnswerRows => format!("the answer has {count} rows before its limit"),
    }
}

/// The warning for rows whose path broke at a relationship (orphan keys).
fn unmatched_warning(unmatched: &wit::UnmatchedRows, count: u64) -> String {
    let r = &unmatched.relationship;
    let (rows, verb) = if count == 1 { ("row", "has") } else { ("rows", "have") };
    let broken = if unmatched.rows_of == r.from_table {
        format!("{count} {rows} of {} {verb} a {} that matches no row of {}", r.from_table, r.from_column, r.to_table)
    } else {
        format!(
            "{count} {rows} of {} reach a {} row whose {} matches no row of {}",
            unmatched.rows_of, r.from_table, r.from_column, r.to_table
        )
    };
    format!(
        "{broken} ({}.{}): every column reached through it is missing for {}, so {} counted in the group where those columns are missing",
        r.to_table,
        r.to_column,
        if count == 1 { "it" } else { "them" },
        if count == 1 { "it is" } else { "they are" },
    )
}
