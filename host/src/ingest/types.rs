//! Type decisions for text sources (CSV, TSV, Excel sheets): every column is loaded as text
//! first, profiled with one SQL pass, and given a type only when every present value fits
//! it. Each decision is recorded with its reason. Careful by default:
//! - `00123` stays text (an identifier, not 123);
//! - dates become DATE/TIMESTAMP only in ISO form, or `d/m/Y` / `m/d/Y` when some value
//!   proves the order (a day over 12) and none contradicts it; `03/04/2026` alone stays text;
//! - in number, boolean and date columns the tokens `NA`, `N/A`, `null`, `NULL`, `-` also
//!   count as missing (reported); in text columns only the configured null tokens do, so
//!   "NA" (North America) is never lost.

use duckdb::Connection;

use super::sidecar::ColumnOverride;
use crate::error::{Error, Result};

/// Extra tokens read as missing in typed (non-text) columns.
pub const TYPED_NULL_TOKENS: &[&str] = &["NA", "N/A", "n/a", "null", "NULL", "-", "#N/A"];

/// What a column becomes, and why.
#[derive(Debug, Clone, PartialEq)]
pub struct Decision {
    pub sql_type: String,
    pub reason: String,
    /// SQL computing the typed value from the raw text column.
    pub expression: String,
}

pub fn sql_string(text: &str) -> String {
    format!("'{}'", text.replace('\'', "''"))
}

pub fn quote(identifier: &str) -> String {
    format!("\"{}\"", identifier.replace('"', "\"\""))
}

/// `raw` with the given null tokens mapped to NULL (tokens compare after trimming).
fn without_tokens(raw: &str, tokens: &[String]) -> String {
    if tokens.is_empty() {
        return raw.to_string();
    }
    let list = tokens.iter().map(|t| sql_string(t.trim())).collect::<Vec<_>>().join(", ");
    format!("CASE WHEN trim({raw}) IN ({list}) THEN NULL ELSE {raw} END")
}

/// Decide the type of text column `column` of staging table `table`.
pub fn decide(connection: &Connection, table: &str, column: &str, null_tokens: &[String], over: Option<&ColumnOverride>) -> Result<Decision> {
    let raw = quote(column);
    let text_value = without_tokens(&raw, null_tokens);
    let mut typed_tokens: Vec<String> = null_tokens.to_vec();
    typed_tokens.extend(TYPED_NULL_TOKENS.iter().map(|t| t.to_string()));
    let typed_value = format!("trim({})", without_tokens(&raw, &typed_tokens));

    if let Some(over) = over {
        if let Some(sql_type) = &over.sql_type {
            let sql_type = sql_type.to_ascii_uppercase();
            let expression = match (&over.date_format, sql_type.as_str()) {
                (Some(format), "DATE") => format!("CAST(strptime({typed_value}, {}) AS DATE)", sql_string(format)),
                (Some(format), _) => format!("strptime({typed_value}, {})", sql_string(format)),
                (None, "VARCHAR") => text_value.clone(),
                (None, "BOOLEAN") => format!("CAST(lower({typed_value}) AS BOOLEAN)"),
                (None, other) => format!("CAST({typed_value} AS {other})"),
            };
            let reason = match &over.date_format {
                Some(format) => format!("{sql_type} with format {format}, set in querycell.toml"),
                None => format!("{sql_type}, set in querycell.toml"),
            };
            return Ok(Decision { sql_type, reason, expression });
        }
        if let Some(format) = &over.date_format {
            return Ok(Decision {
                sql_type: "DATE".into(),
                reason: format!("DATE with format {format}, set in querycell.toml"),
                expression: format!("CAST(strptime({typed_value}, {}) AS DATE)", sql_string(format)),
            });
        }
    }

    let profile_sql = format!(
        "SELECT
            count(*) FILTER (WHERE s IS NOT NULL),
            count(*) FILTER (WHERE v IS NOT NULL),
            count(*) FILTER (WHERE regexp_full_match(v, '[+-]?[0-9]+')),
            count(*) FILTER (WHERE regexp_full_match(v, '[+-]?0[0-9]+')),
            count(*) FILTER (WHERE regexp_full_match(v, '[+-]?[0-9]+') AND TRY_CAST(v AS BIGINT) IS NOT NULL),
            count(*) FILTER (WHERE regexp_full_match(v, '[+-]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][+-]?[0-9]+)?') AND TRY_CAST(v AS DOUBLE) IS NOT NULL),
            count(*) FILTER (WHERE lower(v) IN ('true', 'false')),
            count(*) FILTER (WHERE regexp_full_match(v, '[0-9]{{4}}-[0-9]{{2}}-[0-9]{{2}}') AND TRY_CAST(v AS DATE) IS NOT NULL),
            count(*) FILTER (WHERE regexp_full_match(v, '[0-9]{{4}}-[0-9]{{2}}-[0-9]{{2}}[ T][0-9]{{2}}:[0-9]{{2}}(:[0-9]{{2}}([.][0-9]{{1,6}})?)?') AND TRY_CAST(v AS TIMESTAMP) IS NOT NULL),
            count(*) FILTER (WHERE regexp_full_match(v, '[0-9]{{1,2}}/[0-9]{{1,2}}/[0-9]{{4}}')),
            count(*) FILTER (WHERE regexp_full_match(v, '[0-9]{{1,2}}/[0-9]{{1,2}}/[0-9]{{4}}') AND TRY_CAST(split_part(v, '/', 1) AS INTEGER) > 12),
            count(*) FILTER (WHERE regexp_full_match(v, '[0-9]{{1,2}}/[0-9]{{1,2}}/[0-9]{{4}}') AND TRY_CAST(split_part(v, '/', 2) AS INTEGER) > 12),
            min(v) FILTER (WHERE regexp_full_match(v, '[+-]?0[0-9]+')),
            min(v) FILTER (WHERE regexp_full_match(v, '[0-9]{{1,2}}/[0-9]{{1,2}}/[0-9]{{4}}') AND (TRY_CAST(split_part(v, '/', 1) AS INTEGER) > 12 OR TRY_CAST(split_part(v, '/', 2) AS INTEGER) > 12)),
            min(v) FILTER (WHERE regexp_full_match(v, '[0-9]{{1,2}}/[0-9]{{1,2}}/[0-9]{{4}}')),
            count(*) FILTER (WHERE s IS NOT NULL AND v IS NULL)
        FROM (SELECT {text_value} AS s, {typed_value} AS v FROM {})",
        quote(table)
    );
    let failed = |e: duckdb::Error| Error::internal("ingest_failed", format!("profiling column {column}: {e}"));
    let p = connection
        .query_row(&profile_sql, [], |row| {
            Ok(Profile {
                text_present: row.get(0)?,
                present: row.get(1)?,
                integers: row.get(2)?,
                leading_zeros: row.get(3)?,
                bigints: row.get(4)?,
                numbers: row.get(5)?,
                booleans: row.get(6)?,
                iso_dates: row.get(7)?,
                iso_timestamps: row.get(8)?,
                slash_dates: row.get(9)?,
                first_over_12: row.get(10)?,
                second_over_12: row.get(11)?,
                leading_zero_example: row.get(12)?,
                order_example: row.get(13)?,
                slash_example: row.get(14)?,
                typed_tokens: row.get(15)?,
            })
        })
        .map_err(failed)?;
    Ok(p.decide(&text_value, &typed_value))
}

struct Profile {
    text_present: i64,
    present: i64,
    integers: i64,
    leading_zeros: i64,
    bigints: i64,
    numbers: i64,
    booleans: i64,
    iso_dates: i64,
    iso_timestamps: i64,
    slash_dates: i64,
    first_over_12: i64,
    second_over_12: i64,
    leading_zero_example: Option<String>,
    order_example: Option<String>,
    slash_example: Option<String>,
    typed_tokens: i64,
}

impl Profile {
    fn decide(&self, text_value: &str, typed_value: &str) -> Decision {
        let text = |reason: String| Decision { sql_type: "VARCHAR".into(), reason, expression: text_value.to_string() };
        let tokens_note = if self.typed_tokens > 0 {
            format!("; {} value(s) like NA, N/A, null or - read as missing", self.typed_tokens)
        } else {
            String::new()
        };
        let typed = |sql_type: &str, reason: &str, expression: String| Decision {
            sql_type: sql_type.into(),
            reason: format!("{reason}{tokens_note}"),
            expression,
        };
        let n = self.present;
        if self.text_present == 0 {
            return text("no values (every cell empty or a null token)".into());
        }
        if n == 0 {
            return text("only null-like tokens such as NA; kept as text".into());
        }
        if self.integers == n {
            if self.leading_zeros > 0 {
                return text(format!(
                    "digits with leading zeros (e.g. '{}'): kept as text so identifiers keep their zeros",
                    self.leading_zero_example.as_deref().unwrap_or("0…")
                ));
            }
            if self.bigints == n {
                return typed("BIGINT", "every value is a whole number", format!("CAST({typed_value} AS BIGINT)"));
            }
            return text("whole numbers too large for BIGINT: kept as text".into());
        }
        if self.numbers == n {
            return typed("DOUBLE", "every value is a number", format!("CAST({typed_value} AS DOUBLE)"));
        }
        if self.booleans == n {
            return typed("BOOLEAN", "every value is true or false", format!("CAST(lower({typed_value}) AS BOOLEAN)"));
        }
        if self.iso_dates == n {
            return typed("DATE", "every value is an ISO date (YYYY-MM-DD)", format!("CAST({typed_value} AS DATE)"));
        }
        if self.iso_timestamps > 0 && self.iso_dates + self.iso_timestamps == n {
            return typed("TIMESTAMP", "every value is an ISO date or timestamp", format!("CAST({typed_value} AS TIMESTAMP)"));
        }
        if self.slash_dates == n {
            let example = self.order_example.as_deref().unwrap_or("");
            return match (self.first_over_12 > 0, self.second_over_12 > 0) {
                (true, false) => typed(
                    "DATE",
                    &format!("day/month/year: '{example}' has a day over 12"),
                    format!("CAST(strptime({typed_value}, '%d/%m/%Y') AS DATE)"),
                ),
                (false, true) => typed(
                    "DATE",
                    &format!("month/day/year: '{example}' has a day over 12"),
                    format!("CAST(strptime({typed_value}, '%m/%d/%Y') AS DATE)"),
                ),
                (true, true) => text(format!("dates in mixed day/month orders (e.g. '{example}'): kept as text")),
                (false, false) => text(format!(
                    "ambiguous dates (e.g. '{}' could be day/month or month/day): kept as text; set date_format in querycell.toml to convert",
                    self.slash_example.as_deref().unwrap_or("")
                )),
            };
        }
        text("text".into())
    }
}
