//! What the compiler says each answer column is (WIT `column-role`) and how the rows are
//! sorted (`order-key`), turned into the receipt's words ([`ColumnRole`], [`SortKey`]) and
//! re-checked on the rows the host read: the compiler is not trusted with them any more than
//! with a limit. Declared group keys must tell the rows apart (each group is one row), and
//! the first sort key's numbers and dates must come in the declared direction. A compiler
//! that says otherwise has a bug, and its answer is not returned (`guest_output_mismatch`).

use std::collections::HashSet;

use querycell_contract::roles::{AggregateRole, ColumnRole, AGGREGATE_FUNCTIONS};
use serde_json::Value;

use crate::error::{Code, Error, Result};
use crate::sandbox::wit;

/// A key the answer's rows are sorted by, as the receipt says it (`order`).
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct SortKey {
    /// The answer column's name.
    pub column: String,
    /// Highest first.
    pub descending: bool,
}

/// The receipt's word for a column's role.
pub fn role_of(role: &wit::ColumnRole) -> ColumnRole {
    match role {
        wit::ColumnRole::GroupKey(key) => ColumnRole::GroupKey { by: key.by.clone(), grain: key.grain.clone() },
        wit::ColumnRole::Aggregate(a) => ColumnRole::Aggregate(AggregateRole {
            function: a.function.clone(),
            column: a.column.clone(),
            of: a.of.clone(),
            filter: a.filter.clone(),
            p: a.p,
            metric: a.metric.clone(),
            unit: a.unit.clone(),
        }),
        wit::ColumnRole::Listed(column) => ColumnRole::Listed { column: column.clone() },
        wit::ColumnRole::Expression => ColumnRole::Expression,
    }
}

/// The compiler's roles and order, checked against the answer's `rows` (of `names`).
pub fn checked(compiled: &wit::Compiled, names: &[String], rows: &[Vec<Value>]) -> Result<Vec<SortKey>> {
    for column in &compiled.columns {
        if let wit::ColumnRole::Aggregate(a) = &column.role {
            if !AGGREGATE_FUNCTIONS.contains(&a.function.as_str()) {
                return Err(mismatch(format!(
                    "\"{}\" is said to be a '{}', which is no aggregate",
                    column.name, a.function
                )));
            }
        }
    }
    let keys: Vec<usize> = compiled
        .columns
        .iter()
        .enumerate()
        .filter(|(_, c)| matches!(c.role, wit::ColumnRole::GroupKey(_)))
        .map(|(i, _)| i)
        .collect();
    if !keys.is_empty() {
        let mut seen = HashSet::with_capacity(rows.len());
        for row in rows {
            let key: Vec<&Value> = keys.iter().map(|&i| &row[i]).collect();
            if !seen.insert(serde_json::to_string(&key).unwrap_or_default()) {
                return Err(mismatch(format!(
                    "the group keys ({}) repeat a value: they do not group the answer",
                    keys.iter().map(|&i| names[i].as_str()).collect::<Vec<_>>().join(", ")
                )));
            }
        }
    }
    let mut order = Vec::with_capacity(compiled.order.len());
    for key in &compiled.order {
        let Some(name) = names.get(key.column as usize) else {
            return Err(mismatch(format!("an order key names column {}, which the answer lacks", key.column)));
        };
        order.push(SortKey { column: name.clone(), descending: key.descending });
    }
    if let Some(first) = compiled.order.first() {
        check_sorted(rows, first.column as usize, first.descending, &names[first.column as usize])?;
    }
    Ok(order)
}

/// The non-null numbers (or ISO dates) of column `at` come in the declared direction. Text
/// is not checked: its order depends on a collation the statement may choose.
fn check_sorted(rows: &[Vec<Value>], at: usize, descending: bool, name: &str) -> Result<()> {
    let values: Vec<Comparable> = rows.iter().filter_map(|row| Comparable::of(&row[at])).collect();
    let in_order = values.windows(2).all(|pair| match pair[0].partial_cmp(&pair[1]) {
        Some(std::cmp::Ordering::Less) => !descending,
        Some(std::cmp::Ordering::Greater) => descending,
        _ => true,
    });
    if in_order {
        Ok(())
    } else {
        let direction = if descending { "descending" } else { "ascending" };
        Err(mismatch(format!("the rows are said to be sorted by \"{name}\", {direction}, and are not")))
    }
}

/// A cell the order check compares: a number, or a date or timestamp written as ISO text.
#[derive(PartialEq, PartialOrd)]
enum Comparable {
    Number(f64),
    Date(String),
}

impl Comparable {
    fn of(cell: &Value) -> Option<Comparable> {
        match cell {
            Value::Number(n) => n.as_f64().filter(|x| x.is_finite()).map(Comparable::Number),
            Value::String(text) if is_iso_date(text) => Some(Comparable::Date(text.clone())),
            _ => None,
        }
    }
}

/// `YYYY-MM-DD…` with a four-digit year: such texts sort as their dates do.
fn is_iso_date(text: &str) -> bool {
    let b = text.as_bytes();
    b.len() >= 10 && b[..4].iter().all(u8::is_ascii_digit) && b[4] == b'-' && b[7] == b'-'
}

fn mismatch(message: String) -> Error {
    Error::new(Code::GuestOutputMismatch, message)
        .hint("the compiler's description of its answer does not fit the rows; nothing was returned")
}
