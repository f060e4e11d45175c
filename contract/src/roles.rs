//! What each answer column is: the word the compiler says (WIT `column-role`), the host
//! re-checks where it can, the receipt carries (`columns[i].role`), and `verify` and
//! `check-summary` read instead of guessing from names, types or the SQL text.

use serde::{Deserialize, Serialize};

/// One answer column's role.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ColumnRole {
    /// The rows are grouped by it: each row is one value (one combination with the other
    /// keys). `by` is what it groups, in the plan's words (`team`, `teams.region`) or as the
    /// SQL expression; `grain` the time unit a date was truncated to (`month`).
    GroupKey {
        by: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        grain: Option<String>,
    },
    /// An aggregate over each group (or over all rows when nothing is grouped).
    Aggregate(AggregateRole),
    /// A listing's column: each row's value of `column` (the plan's path, or the SQL
    /// expression).
    Listed { column: String },
    /// SQL mode: a value the compiler does not classify (arithmetic over aggregates, a
    /// window function, a constant).
    Expression,
}

/// Which aggregate a column is.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AggregateRole {
    /// [`AGGREGATE_FUNCTIONS`]: the plan language's word for it.
    pub function: String,
    /// The column aggregated (the plan's path); none for a count of rows.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub column: Option<String>,
    /// For an aggregation of related rows (`"of"`), the table whose rows it reads (`column`
    /// and `filter` are that table's, or paths from it); none for the plan's own rows.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub of: Option<String>,
    /// The aggregation's own condition, in the explanation's words (`service = 'api'`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub filter: Option<String>,
    /// A percentile's fraction.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub p: Option<f64>,
    /// The operator's metric it computes, by name, and that metric's unit.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub metric: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unit: Option<String>,
}

/// The aggregate functions a role may name: the plan language's, which SQL mode maps its
/// calls onto (`quantile_cont` is `percentile`, `count(DISTINCT x)` is `count_distinct`).
pub const AGGREGATE_FUNCTIONS: &[&str] =
    &["count", "count_distinct", "sum", "avg", "min", "max", "median", "percentile", "share"];

/// The receipt format that carries roles (`receipt_version`); a receipt without the field
/// is of format 1, whose columns carry only a name and a type.
pub const RECEIPT_VERSION: u32 = 2;
