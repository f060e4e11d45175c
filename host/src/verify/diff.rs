//! How a re-run's answer differs from a receipt's: rows added, removed and changed, matched
//! by their group key; the columns, the row order, the total and the warnings.
//!
//! **The key.** A receipt of format 2 says which columns are group keys (`columns[i].role`,
//! which the host re-checked on the rows when it answered): those are the key, whatever
//! their types, when they tell the rows apart in both answers; an answer whose columns are
//! all aggregates has one row and an empty key. Otherwise (a listing, a SQL statement whose
//! roles the compiler could not tell, a receipt of format 1) the key is found from the rows:
//! the columns are taken in order, those of non-numeric types (text, dates, booleans)
//! first, and the key is the shortest run of them whose values tell every row apart in both
//! answers. When no run of columns tells the rows apart (a listing with repeated rows),
//! whole rows are compared as a multiset: only added and removed.
//!
//! **Values.** Cells compare as JSON values, except that two floats are the same when they
//! differ by at most one part in 10⁹: DuckDB sums floats in parallel, in an order that can
//! move the last digits between runs over a large table.

use std::collections::{BTreeMap, HashMap};

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::answer::{printable, ColumnRole};
use crate::error::{Code, Error, Result};

/// How much two floats may differ, relative to the larger, and still be the same value.
pub const FLOAT_TOLERANCE: f64 = 1e-9;

/// What a receipt (or a re-run's) says the answer is.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct Side {
    columns: Vec<Column>,
    rows: Vec<Vec<Value>>,
    #[serde(default)]
    total_rows: Option<u64>,
    #[serde(default)]
    warnings: Vec<String>,
}

/// An answer column as a receipt lists it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Column {
    /// The column's name.
    pub name: String,
    /// DuckDB's type for it.
    #[serde(rename = "type")]
    pub sql_type: String,
    /// What the column is, in a receipt of format 2.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub role: Option<ColumnRole>,
}

impl Side {
    /// The answer parts of `receipt`; `receipt_invalid` when they are missing or malformed
    /// (a row that does not have one value per column, say).
    pub fn of(receipt: &Value) -> Result<Side> {
        let side: Side = serde_json::from_value(receipt.clone()).map_err(|e| {
            Error::new(Code::ReceiptInvalid, format!("the receipt's columns, rows or warnings are malformed: {e}"))
        })?;
        if let Some(i) = side.rows.iter().position(|row| row.len() != side.columns.len()) {
            return Err(Error::new(
                Code::ReceiptInvalid,
                format!("row {i} of the receipt has {} values for {} columns", side.rows[i].len(), side.columns.len()),
            )
            .at(format!("rows[{i}]")));
        }
        Ok(side)
    }
}

/// How a re-run's answer differs from the receipt's. Empty ([`RowDiff::is_empty`]) when the
/// answers are the same.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RowDiff {
    /// The columns rows were matched by (see the module's documentation).
    pub key: Vec<String>,
    /// Set when the columns changed (name or type): the rows are then compared only if the
    /// names are the same.
    pub columns: Option<ColumnsChange>,
    /// Rows of the re-run whose key the receipt does not have.
    pub added: Vec<Vec<Value>>,
    /// Rows of the receipt whose key the re-run does not have.
    pub removed: Vec<Vec<Value>>,
    /// Rows of both, with the cells that differ.
    pub changed: Vec<ChangedRow>,
    /// Both have the same keys, in another order.
    pub order_changed: bool,
    /// Set when the total of matching rows differs (it exceeds the rows when cut).
    pub total_rows: Option<Change<Option<u64>>>,
    /// Warnings the re-run gives that the receipt does not.
    pub warnings_added: Vec<String>,
    /// Warnings of the receipt the re-run no longer gives.
    pub warnings_removed: Vec<String>,
}

/// The columns of both answers.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ColumnsChange {
    /// The receipt's columns.
    pub receipt: Vec<Column>,
    /// The re-run's columns.
    pub now: Vec<Column>,
}

/// A value in the receipt and now.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Change<T> {
    /// As the receipt has it.
    pub receipt: T,
    /// As the re-run has it.
    pub now: T,
}

/// A row both answers have (by key) whose other cells differ.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ChangedRow {
    /// The row's key values, in the order of [`RowDiff::key`].
    pub key: Vec<Value>,
    /// The cells that differ.
    pub cells: Vec<ChangedCell>,
}

/// One cell that differs.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ChangedCell {
    /// Its column.
    pub column: String,
    /// As the receipt has it.
    pub receipt: Value,
    /// As the re-run has it.
    pub now: Value,
}

impl RowDiff {
    /// Whether the answers are the same: nothing added, removed, changed or reordered.
    pub fn is_empty(&self) -> bool {
        self.columns.is_none()
            && self.added.is_empty()
            && self.removed.is_empty()
            && self.changed.is_empty()
            && !self.order_changed
            && self.total_rows.is_none()
            && self.warnings_added.is_empty()
            && self.warnings_removed.is_empty()
    }
}

/// How `now` differs from `receipt`.
pub fn compare(receipt: &Side, now: &Side) -> RowDiff {
    let names = |side: &Side| side.columns.iter().map(|c| c.name.clone()).collect::<Vec<_>>();
    let mut diff = RowDiff {
        key: Vec::new(),
        columns: (!same_columns(&receipt.columns, &now.columns))
            .then(|| ColumnsChange { receipt: receipt.columns.clone(), now: now.columns.clone() }),
        added: Vec::new(),
        removed: Vec::new(),
        changed: Vec::new(),
        order_changed: false,
        total_rows: (receipt.total_rows != now.total_rows)
            .then_some(Change { receipt: receipt.total_rows, now: now.total_rows }),
        warnings_added: now.warnings.iter().filter(|w| !receipt.warnings.contains(w)).cloned().collect(),
        warnings_removed: receipt.warnings.iter().filter(|w| !now.warnings.contains(w)).cloned().collect(),
    };
    if names(receipt) != names(now) {
        return diff;
    }
    match key_columns(&receipt.columns, &receipt.rows, &now.rows) {
        Some(key) => compare_keyed(receipt, now, &key, &mut diff),
        None => compare_whole(receipt, now, &mut diff),
    }
    diff
}

/// The same columns: names and types, and roles where the receipt has them (a receipt of
/// format 1 says none, which is no change of the answer).
fn same_columns(receipt: &[Column], now: &[Column]) -> bool {
    receipt.len() == now.len()
        && receipt
            .iter()
            .zip(now)
            .all(|(r, n)| r.name == n.name && r.sql_type == n.sql_type && (r.role.is_none() || r.role == n.role))
}

/// The key: the declared group keys, or the shortest run of columns (non-numeric types
/// first) unique in both answers.
fn key_columns(columns: &[Column], a: &[Vec<Value>], b: &[Vec<Value>]) -> Option<Vec<usize>> {
    let unique = |key: &[usize], rows: &[Vec<Value>]| {
        let mut seen = std::collections::HashSet::new();
        rows.iter().all(|row| seen.insert(key_text(row, key)))
    };
    if let Some(declared) = declared_key(columns) {
        if unique(&declared, a) && unique(&declared, b) {
            return Some(declared);
        }
    }
    let mut order: Vec<usize> = (0..columns.len()).filter(|&i| !is_numeric(&columns[i].sql_type)).collect();
    order.extend((0..columns.len()).filter(|&i| is_numeric(&columns[i].sql_type)));
    (0..=order.len()).map(|k| order[..k].to_vec()).find(|key| unique(key, a) && unique(key, b))
}

/// The group keys the receipt declares, when every column says what it is and the rest are
/// aggregates: a grouped answer's key is its group keys, an ungrouped aggregate's is empty.
fn declared_key(columns: &[Column]) -> Option<Vec<usize>> {
    let mut key = Vec::new();
    for (i, column) in columns.iter().enumerate() {
        match column.role.as_ref()? {
            ColumnRole::GroupKey { .. } => key.push(i),
            ColumnRole::Aggregate(_) => {}
            ColumnRole::Listed { .. } | ColumnRole::Expression => return None,
        }
    }
    Some(key)
}

/// DuckDB's numeric types, which aggregates have (and groups rarely).
fn is_numeric(sql_type: &str) -> bool {
    let base = sql_type.split('(').next().unwrap_or("").trim().to_ascii_uppercase();
    matches!(
        base.as_str(),
        "TINYINT"
            | "SMALLINT"
            | "INTEGER"
            | "BIGINT"
            | "HUGEINT"
            | "UTINYINT"
            | "USMALLINT"
            | "UINTEGER"
            | "UBIGINT"
            | "UHUGEINT"
            | "FLOAT"
            | "DOUBLE"
            | "DECIMAL"
    )
}

/// A row's key values as one comparable text: their canonical JSON, so values of different
/// types differ and numbers compare by value, as cells do (`45.0` and `45`, which a
/// JavaScript client writes for it, are one key).
fn key_text(row: &[Value], key: &[usize]) -> String {
    crate::answer::seal::canonical(&Value::Array(key.iter().map(|&i| row[i].clone()).collect()))
}

fn compare_keyed(receipt: &Side, now: &Side, key: &[usize], diff: &mut RowDiff) {
    diff.key = key.iter().map(|&i| receipt.columns[i].name.clone()).collect();
    let by_key = |rows: &[Vec<Value>]| -> HashMap<String, usize> {
        rows.iter().enumerate().map(|(i, row)| (key_text(row, key), i)).collect()
    };
    let (in_receipt, in_now) = (by_key(&receipt.rows), by_key(&now.rows));
    for row in &receipt.rows {
        let Some(&j) = in_now.get(&key_text(row, key)) else {
            diff.removed.push(row.clone());
            continue;
        };
        let cells: Vec<ChangedCell> = (0..row.len())
            .filter(|i| !key.contains(i) && !same_value(&row[*i], &now.rows[j][*i]))
            .map(|i| ChangedCell {
                column: receipt.columns[i].name.clone(),
                receipt: row[i].clone(),
                now: now.rows[j][i].clone(),
            })
            .collect();
        if !cells.is_empty() {
            diff.changed.push(ChangedRow { key: key.iter().map(|&i| row[i].clone()).collect(), cells });
        }
    }
    diff.added = now.rows.iter().filter(|row| !in_receipt.contains_key(&key_text(row, key))).cloned().collect();
    if diff.added.is_empty() && diff.removed.is_empty() {
        let order = |rows: &[Vec<Value>]| rows.iter().map(|row| key_text(row, key)).collect::<Vec<_>>();
        diff.order_changed = order(&receipt.rows) != order(&now.rows);
    }
}

/// Rows repeat in an answer: compare them as multisets of whole rows.
fn compare_whole(receipt: &Side, now: &Side, diff: &mut RowDiff) {
    diff.key = receipt.columns.iter().map(|c| c.name.clone()).collect();
    let all: Vec<usize> = (0..receipt.columns.len()).collect();
    let mut counts: BTreeMap<String, i64> = BTreeMap::new();
    for row in &receipt.rows {
        *counts.entry(key_text(row, &all)).or_default() += 1;
    }
    for row in &now.rows {
        let count = counts.entry(key_text(row, &all)).or_default();
        *count -= 1;
        if *count < 0 {
            diff.added.push(row.clone());
        }
    }
    for row in receipt.rows.iter().rev() {
        let count = counts.get_mut(&key_text(row, &all)).expect("counted above");
        if *count > 0 {
            *count -= 1;
            diff.removed.push(row.clone());
        }
    }
    diff.removed.reverse();
}

/// Two cells hold the same value: equal JSON, or floats within [`FLOAT_TOLERANCE`].
fn same_value(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) if x.is_f64() || y.is_f64() => match (x.as_f64(), y.as_f64()) {
            (Some(x), Some(y)) => x == y || (x - y).abs() <= FLOAT_TOLERANCE * x.abs().max(y.abs()),
            _ => false,
        },
        _ => a == b,
    }
}

impl RowDiff {
    /// The differences for people, one line each.
    pub fn render(&self) -> String {
        let text = |v: &Value| printable(&v.to_string());
        let keyed = |values: &[Value]| {
            self.key
                .iter()
                .zip(values)
                .map(|(k, v)| format!("{}={}", printable(k), text(v)))
                .collect::<Vec<_>>()
                .join(" ")
        };
        let mut out = String::new();
        if let Some(columns) = &self.columns {
            let list =
                |c: &[Column]| c.iter().map(|c| format!("{} {}", c.name, c.sql_type)).collect::<Vec<_>>().join(", ");
            out.push_str(&printable(&format!("columns: {} -> {}\n", list(&columns.receipt), list(&columns.now))));
        }
        if !self.key.is_empty() {
            out.push_str(&format!("rows matched by: {}\n", printable(&self.key.join(", "))));
        }
        for row in &self.changed {
            let cells: Vec<String> = row
                .cells
                .iter()
                .map(|c| format!("{}: {} -> {}", printable(&c.column), text(&c.receipt), text(&c.now)))
                .collect();
            out.push_str(&format!("  changed  {}  {}\n", keyed(&row.key), cells.join("; ")));
        }
        let whole = |row: &Vec<Value>| row.iter().map(text).collect::<Vec<_>>().join(", ");
        for row in &self.added {
            out.push_str(&format!("  added    {}\n", whole(row)));
        }
        for row in &self.removed {
            out.push_str(&format!("  removed  {}\n", whole(row)));
        }
        if self.order_changed {
            out.push_str("  the same rows, in another order\n");
        }
        if let Some(total) = &self.total_rows {
            let shown = |t: Option<u64>| t.map_or("none".to_string(), |t| t.to_string());
            out.push_str(&format!("  total rows: {} -> {}\n", shown(total.receipt), shown(total.now)));
        }
        for warning in &self.warnings_added {
            out.push_str(&format!("  warning added: {}\n", printable(warning)));
        }
        for warning in &self.warnings_removed {
            out.push_str(&format!("  warning gone: {}\n", printable(warning)));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn side(columns: &[(&str, &str)], rows: Value) -> Side {
        let columns: Vec<Value> = columns.iter().map(|(n, t)| json!({"name": n, "type": t})).collect();
        Side::of(&json!({"columns": columns, "rows": rows, "total_rows": rows.as_array().unwrap().len()})).unwrap()
    }

    const BY_TEAM: &[(&str, &str)] = &[("team", "VARCHAR"), ("average_minutes", "DOUBLE"), ("n", "BIGINT")];

    #[test]
    fn groups_are_matched_by_key_and_each_difference_named() {
        let before = side(BY_TEAM, json!([["Platform", 15.0, 2], ["Payments", 12.0, 1]]));
        let after = side(BY_TEAM, json!([["Platform", 25.0, 2], ["Search", 30.0, 1]]));
        let diff = compare(&before, &after);
        assert_eq!(diff.key, ["team"]);
        assert_eq!(diff.added, vec![vec![json!("Search"), json!(30.0), json!(1)]]);
        assert_eq!(diff.removed, vec![vec![json!("Payments"), json!(12.0), json!(1)]]);
        assert_eq!(
            diff.changed,
            vec![ChangedRow {
                key: vec![json!("Platform")],
                cells: vec![ChangedCell { column: "average_minutes".into(), receipt: json!(15.0), now: json!(25.0) }]
            }]
        );
        assert!(!diff.is_empty());
        assert!(compare(&before, &before).is_empty());
    }

    #[test]
    fn the_key_puts_text_before_numbers_and_grows_until_rows_are_told_apart() {
        // SQL may name an aggregate first: the text column is still the key.
        let counts_first = [("n", "BIGINT"), ("team", "VARCHAR")];
        let diff = compare(
            &side(&counts_first, json!([[1, "a"], [2, "b"]])),
            &side(&counts_first, json!([[2, "a"], [2, "b"]])),
        );
        assert_eq!(diff.key, ["team"]);
        assert_eq!(diff.changed.len(), 1);
        let two = [("team", "VARCHAR"), ("month", "DATE"), ("n", "BIGINT")];
        let rows = json!([["a", "2026-01-01", 1], ["a", "2026-02-01", 2]]);
        assert_eq!(compare(&side(&two, rows.clone()), &side(&two, rows)).key, ["team", "month"]);
        let one = [("n", "BIGINT")];
        let diff = compare(&side(&one, json!([[4]])), &side(&one, json!([[5]])));
        assert!(diff.key.is_empty(), "one row, no groups: the empty key");
        assert_eq!(diff.changed[0].cells[0].now, json!(5));
    }

    #[test]
    fn repeated_rows_compare_as_multisets_and_order_counts() {
        let cols = [("team", "VARCHAR")];
        let diff = compare(&side(&cols, json!([["a"], ["a"], ["b"]])), &side(&cols, json!([["a"], ["b"], ["b"]])));
        assert_eq!(diff.added, vec![vec![json!("b")]]);
        assert_eq!(diff.removed, vec![vec![json!("a")]]);
        let swapped = compare(
            &side(BY_TEAM, json!([["x", 1.0, 1], ["y", 2.0, 2]])),
            &side(BY_TEAM, json!([["y", 2.0, 2], ["x", 1.0, 1]])),
        );
        assert!(swapped.order_changed && !swapped.is_empty());
    }

    #[test]
    fn floats_within_the_tolerance_are_the_same_and_types_are_not_mixed() {
        assert!(same_value(&json!(14.666666666666666), &json!(14.666666666666668)));
        assert!(!same_value(&json!(14.666), &json!(14.667)));
        assert!(!same_value(&json!(1), &json!("1")));
        assert!(same_value(&json!(2), &json!(2.0)), "an integer and a float of one value");
    }

    #[test]
    fn a_row_without_a_value_per_column_is_not_a_receipt() {
        let error = Side::of(&json!({"columns": [{"name": "a", "type": "BIGINT"}], "rows": [[1, 2]]})).unwrap_err();
        assert_eq!(error.code, "receipt_invalid");
        assert_eq!(error.path, "rows[0]");
    }
}
