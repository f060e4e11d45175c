//! The coarse type of a column or an answer value (WIT `value-kind`), defined once: the
//! compiler checks plans with it, the host's catalog records it (`catalog.json`), and both
//! say it in the same words.

use serde::{Deserialize, Serialize};

/// The coarse type of a column, enough for the compiler's type checks;
/// [`ValueKind::of_sql_type`] derives it from DuckDB's type name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ValueKind {
    /// `VARCHAR` (also spelled `TEXT`, `STRING`).
    Text,
    /// Any integer type, signed or unsigned, up to `HUGEINT` / `UHUGEINT`.
    Integer,
    /// `FLOAT`, `DOUBLE`, `REAL` or `DECIMAL`.
    Float,
    /// `BOOLEAN`.
    Boolean,
    /// `DATE`: a calendar day.
    Date,
    /// `TIMESTAMP` at any precision, without a time zone.
    Timestamp,
    /// Any other type (`TIMESTAMP WITH TIME ZONE`, `INTERVAL`, lists, ...).
    Other,
}

impl ValueKind {
    /// Every kind, in the WIT `value-kind`'s order (`tests/all/repo/shared_words.rs` holds the
    /// two to the same names).
    pub const ALL: [ValueKind; 7] = [
        ValueKind::Text,
        ValueKind::Integer,
        ValueKind::Float,
        ValueKind::Boolean,
        ValueKind::Date,
        ValueKind::Timestamp,
        ValueKind::Other,
    ];

    /// The kind of a DuckDB type name as DuckDB reports it (`DESCRIBE`).
    pub fn of_sql_type(sql_type: &str) -> ValueKind {
        let upper = sql_type.to_ascii_uppercase();
        let base = upper.split('(').next().unwrap_or("").trim();
        match base {
            "VARCHAR" | "TEXT" | "STRING" => ValueKind::Text,
            // `INT` and `TIMESTAMP_NTZ` are Spark's names, for catalogs built from a Spark cluster.
            "TINYINT" | "SMALLINT" | "INTEGER" | "INT" | "BIGINT" | "HUGEINT" | "UTINYINT" | "USMALLINT"
            | "UINTEGER" | "UBIGINT" | "UHUGEINT" => ValueKind::Integer,
            "FLOAT" | "DOUBLE" | "DECIMAL" | "REAL" => ValueKind::Float,
            "BOOLEAN" => ValueKind::Boolean,
            "DATE" => ValueKind::Date,
            "TIMESTAMP" | "TIMESTAMP_S" | "TIMESTAMP_MS" | "TIMESTAMP_NS" | "DATETIME" | "TIMESTAMP_NTZ" => {
                ValueKind::Timestamp
            }
            _ => ValueKind::Other,
        }
    }

    /// The kind in words, as the schema description and the compiler's refusals say it.
    pub fn word(self) -> &'static str {
        match self {
            ValueKind::Text => "text",
            ValueKind::Integer => "integer",
            ValueKind::Float => "number",
            ValueKind::Boolean => "boolean",
            ValueKind::Date => "date",
            ValueKind::Timestamp => "timestamp",
            ValueKind::Other => "other",
        }
    }

    pub fn is_numeric(self) -> bool {
        matches!(self, ValueKind::Integer | ValueKind::Float)
    }

    pub fn is_temporal(self) -> bool {
        matches!(self, ValueKind::Date | ValueKind::Timestamp)
    }

    /// Types with a meaningful `<`, `min` and `max`.
    pub fn is_ordered(self) -> bool {
        !matches!(self, ValueKind::Other | ValueKind::Boolean)
    }
}
