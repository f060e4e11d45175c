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
//!
//! [tables.incidents.columns.opened_at]
//! type = "DATE"
//! date_format = "%d/%m/%Y"
//! description = "When the incident was opened"
//!
//! [tables.incidents.columns.ack_minutes]
//! unit = "minutes"
//!
//! [tables.incidents.columns.reporter_email]
//! hidden = true                            # not loaded at all
//!
//! [tables.incidents.columns.severity]
//! allowed_values = ["P1", "P2", "P3"]      # anything else fails the ingest
//! ```

use std::collections::BTreeMap;

use serde::Deserialize;

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
}

/// Types an override may name.
pub const OVERRIDE_TYPES: &[&str] = &["VARCHAR", "BIGINT", "DOUBLE", "BOOLEAN", "DATE", "TIMESTAMP"];

impl Sidecar {
    pub fn parse(text: &str, source: &str) -> Result<Sidecar> {
        let sidecar: Sidecar = toml::from_str(text).map_err(|e| {
            Error::refused("sidecar_invalid", format!("{source}: {}", e.message()))
                .at(source)
                .hint("keys: null_tokens, [tables.<table>] description/delimiter/header/null_tokens, [tables.<table>.columns.<column>] type/date_format/description/unit/hidden/allowed_values")
        })?;
        for (table, entry) in &sidecar.tables {
            for (column, over) in &entry.columns {
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

    pub fn table(&self, name: &str) -> TableOverride {
        self.tables.get(name).cloned().unwrap_or_default()
    }

    /// Tokens read as missing values in `table`'s text columns.
    pub fn null_tokens(&self, table: &TableOverride) -> Vec<String> {
        table.null_tokens.clone().or_else(|| self.null_tokens.clone()).unwrap_or_else(|| vec![String::new()])
    }
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
    }
}
