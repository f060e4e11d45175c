//! `querycell.toml` beside the data: the operator's per-table and per-column overrides
//! (types, date formats, null tokens, descriptions, units, hidden columns, allowed values).
//! Read through the root's cap-std `Dir`; unknown keys are errors.
//!
//! ```toml
//! null_tokens = ["", "NA"]                 # for every table, unless a table says otherwise
//!
//! [tables.incidents]
//! description = "Production incidents since 2024"
//! delimiter = ";"                          # CSV/TSV only; sniffed when absent
//! header = true                            # CSV/TSV only; sniffed when absent
//! decimal_separator = ","                  # how numbers are written, for every column;
//! thousands_separator = "."                # detected per column when absent
//!
//! [tables.incidents.columns.opened_at]
//! type = "DATE"
//! date_format = "%d/%m/%Y"
//! description = "When the incident was opened"
//!
//! [tables.incidents.columns.ack_minutes]
//! unit = "minutes"
//! decimal_separator = "."                  # this column only ("." or ",")
//! thousands_separator = ""                 # "", ".", ",", " " or "'"
//!
//! [tables.incidents.columns.reporter_email]
//! hidden = true                            # not loaded at all
//!
//! [tables.incidents.columns.severity]
//! allowed_values = ["P1", "P2", "P3"]      # anything else fails the ingest
//! ```

use std::collections::BTreeMap;

use serde::Deserialize;

use super::numbers::{DecimalMark, Grouping, Reading};
use crate::error::{Error, Result};

pub const SIDECAR_FILE: &str = "querycell.toml";

#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Sidecar {
    pub null_tokens: Option<Vec<String>>,
    #[serde(default)]
    pub tables: BTreeMap<String, TableOverride>,
}

#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TableOverride {
    pub description: Option<String>,
    pub delimiter: Option<String>,
    pub header: Option<bool>,
    pub null_tokens: Option<Vec<String>>,
    pub decimal_separator: Option<String>,
    pub thousands_separator: Option<String>,
    #[serde(default)]
    pub columns: BTreeMap<String, ColumnOverride>,
}

#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ColumnOverride {
    #[serde(rename = "type")]
    pub sql_type: Option<String>,
    pub date_format: Option<String>,
    pub description: Option<String>,
    pub unit: Option<String>,
    #[serde(default)]
    pub hidden: bool,
    pub allowed_values: Option<Vec<String>>,
    pub decimal_separator: Option<String>,
    pub thousands_separator: Option<String>,
}

/// Types an override may name.
pub const OVERRIDE_TYPES: &[&str] = &["VARCHAR", "BIGINT", "DOUBLE", "BOOLEAN", "DATE", "TIMESTAMP"];

impl Sidecar {
    pub fn parse(text: &str, source: &str) -> Result<Sidecar> {
        let sidecar: Sidecar = toml::from_str(text).map_err(|e| {
            Error::refused("sidecar_invalid", format!("{source}: {}", e.message()))
                .at(source)
                .hint("keys: null_tokens, [tables.<table>] description/delimiter/header/null_tokens/decimal_separator/thousands_separator, [tables.<table>.columns.<column>] type/date_format/description/unit/hidden/allowed_values/decimal_separator/thousands_separator")
        })?;
        for (table, entry) in &sidecar.tables {
            check_separators(entry.decimal_separator.as_ref(), entry.thousands_separator.as_ref(), &format!("tables.{table}"), source)?;
            for (column, over) in &entry.columns {
                check_separators(over.decimal_separator.as_ref(), over.thousands_separator.as_ref(), &format!("tables.{table}.columns.{column}"), source)?;
                check_separators(
                    over.decimal_separator.as_ref().or(entry.decimal_separator.as_ref()),
                    over.thousands_separator.as_ref().or(entry.thousands_separator.as_ref()),
                    &format!("tables.{table}.columns.{column} (with its table's settings)"),
                    source,
                )?;
                if let Some(t) = &over.sql_type {
                    if !OVERRIDE_TYPES.contains(&t.to_ascii_uppercase().as_str()) {
                        return Err(Error::refused("sidecar_invalid", format!("{source}: tables.{table}.columns.{column}.type '{t}' is not one of {}", OVERRIDE_TYPES.join(", ")))
                            .at(source));
                    }
                }
                if over.date_format.is_some() && !matches!(over.sql_type.as_deref().map(str::to_ascii_uppercase).as_deref(), None | Some("DATE") | Some("TIMESTAMP")) {
                    return Err(Error::refused("sidecar_invalid", format!("{source}: tables.{table}.columns.{column}.date_format needs type DATE or TIMESTAMP")).at(source));
                }
            }
            if let Some(d) = &entry.delimiter {
                if d.chars().count() != 1 {
                    return Err(Error::refused("sidecar_invalid", format!("{source}: tables.{table}.delimiter must be one character")).at(source));
                }
            }
        }
        Ok(sidecar)
    }

    /// How `column` of `table` writes its numbers, when `querycell.toml` says so (the
    /// column's own settings first, then its table's). Validated by [`Sidecar::parse`].
    pub fn number_reading(table: &TableOverride, column: Option<&ColumnOverride>) -> Option<Reading> {
        let decimal = column.and_then(|c| c.decimal_separator.as_ref()).or(table.decimal_separator.as_ref());
        let thousands = column.and_then(|c| c.thousands_separator.as_ref()).or(table.thousands_separator.as_ref());
        if decimal.is_none() && thousands.is_none() {
            return None;
        }
        Reading::configured(decimal.and_then(|d| DecimalMark::parse(d)), thousands.and_then(|t| Grouping::parse(t)))
    }

    pub fn table(&self, name: &str) -> TableOverride {
        self.tables.get(name).cloned().unwrap_or_default()
    }

    /// Tokens read as missing values in `table`'s text columns.
    pub fn null_tokens(&self, table: &TableOverride) -> Vec<String> {
        table.null_tokens.clone().or_else(|| self.null_tokens.clone()).unwrap_or_else(|| vec![String::new()])
    }
}

/// Separators must be ones ingest knows, and not one mark for both jobs.
fn check_separators<S: AsRef<str>>(decimal: Option<S>, thousands: Option<S>, at: &str, source: &str) -> Result<()> {
    let refuse = |what: String| {
        Err(Error::refused("sidecar_invalid", format!("{source}: {at}: {what}"))
            .at(source)
            .hint("decimal_separator is \".\" or \",\"; thousands_separator is \"\", \".\", \",\", \" \" or \"'\", and differs from the decimal separator"))
    };
    let decimal_mark = match decimal.as_ref().map(AsRef::as_ref) {
        Some(d) => match DecimalMark::parse(d) {
            Some(mark) => Some(mark),
            None => return refuse(format!("decimal_separator '{d}' is not '.' or ','")),
        },
        None => None,
    };
    let grouping = match thousands.as_ref().map(AsRef::as_ref) {
        Some(t) => match Grouping::parse(t) {
            Some(grouping) => Some(grouping),
            None => return refuse(format!("thousands_separator '{t}' is not one ingest reads")),
        },
        None => None,
    };
    if (decimal_mark.is_some() || grouping.is_some()) && Reading::configured(decimal_mark, grouping).is_none() {
        return refuse("the same mark cannot separate decimals and thousands".into());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_overrides() {
        let sidecar = Sidecar::parse(
            "null_tokens = [\"\", \"NA\"]\n[tables.t]\ndelimiter = \";\"\n[tables.t.columns.d]\ntype = \"date\"\ndate_format = \"%d/%m/%Y\"\n",
            "querycell.toml",
        )
        .unwrap();
        let table = sidecar.table("t");
        assert_eq!(table.delimiter.as_deref(), Some(";"));
        assert_eq!(sidecar.null_tokens(&table), vec!["", "NA"]);
        assert_eq!(table.columns["d"].date_format.as_deref(), Some("%d/%m/%Y"));
        assert_eq!(sidecar.null_tokens(&sidecar.table("other")), vec!["", "NA"]);
    }

    #[test]
    fn refuses_unknown_keys_and_types() {
        assert_eq!(Sidecar::parse("[tables.t]\ndelim = \";\"", "q").unwrap_err().code, "sidecar_invalid");
        assert_eq!(Sidecar::parse("[tables.t.columns.c]\ntype = \"BLOB\"", "q").unwrap_err().code, "sidecar_invalid");
        assert_eq!(Sidecar::parse("[tables.t.columns.c]\ntype = \"BIGINT\"\ndate_format = \"%d\"", "q").unwrap_err().code, "sidecar_invalid");
        assert_eq!(Sidecar::parse("", "q").unwrap(), Sidecar::default());
        assert_eq!(Sidecar::parse("[tables.t]\ndecimal_separator = \";\"", "q").unwrap_err().code, "sidecar_invalid");
        assert_eq!(Sidecar::parse("[tables.t]\ndecimal_separator = \",\"\n[tables.t.columns.c]\nthousands_separator = \",\"", "q").unwrap_err().code, "sidecar_invalid");
    }

    #[test]
    fn number_readings_come_from_the_column_then_its_table() {
        let sidecar = Sidecar::parse("[tables.t]\ndecimal_separator = \",\"\n[tables.t.columns.c]\nthousands_separator = \".\"\n", "q").unwrap();
        let table = sidecar.table("t");
        let german = Sidecar::number_reading(&table, table.columns.get("c")).unwrap();
        assert_eq!((german.decimal, german.grouping), (DecimalMark::Comma, Grouping::Dot));
        let plain = Sidecar::number_reading(&table, None).unwrap();
        assert_eq!((plain.decimal, plain.grouping), (DecimalMark::Comma, Grouping::Dot));
        assert_eq!(Sidecar::number_reading(&sidecar.table("other"), None), None);
    }
}
