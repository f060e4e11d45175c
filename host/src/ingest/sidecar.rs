//! `querycell.toml` beside the data: the operator's per-table and per-column overrides
//! (where the table sits in the file, types, date formats, null tokens, descriptions, units,
//! hidden columns, allowed values). Read through the root's cap-std `Dir`; unknown keys are
//! errors, and so are layout keys on a table whose format has no such thing (a `delimiter`
//! for a Parquet file), so a setting can never be silently ignored.
//!
//! ```toml
//! null_tokens = ["", "NA"]                 # for every table, unless a table says otherwise
//!
//! [tables.incidents]
//! description = "Production incidents since 2024"
//! delimiter = ";"                          # CSV/TSV only; detected when absent
//! encoding = "windows-1252"                # CSV/TSV only; UTF-8 (or UTF-16 by its BOM) when absent
//! header = true                            # CSV/TSV and Excel; CSV sniffed, Excel true when absent
//! header_row = 3                           # CSV/TSV and Excel: the header is line/row 3 (1-based)
//! # skip_rows = 2                          # the same thing said the other way: 2 rows above the header
//! footer_rows = 1                          # CSV/TSV and Excel: the last row is not data (0 keeps every row)
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
//!
//! [[relationships]]                        # many incidents rows to at most one teams row
//! from = "incidents.team_id"
//! to = "teams.team_id"
//!
//! [[relationships]]                        # a second way to teams: each one needs a role
//! name = "reporter"                        # paths say `reporter.region`
//! from = "incidents.reporter_team_id"
//! to = "teams.team_id"
//!
//! [metrics.mtta]                           # one aggregation, defined once
//! table = "incidents"
//! function = "avg"
//! column = "ack_minutes"
//! where = [{column = "severity", op = "in", value = ["P1", "P2"]}]
//! description = "Mean time to acknowledge P1 and P2 incidents"
//! unit = "minutes"
//! ```

use std::collections::BTreeMap;

use serde::Deserialize;

use super::encoding::Setting;
use super::numbers::{DecimalMark, Grouping, Reading};
use crate::error::{Code, Error, Result};

/// The settings file's name; only the one at the top of a root is read.
pub const SIDECAR_FILE: &str = "querycell.toml";

/// A root's `querycell.toml`: settings for every table, and per table and column.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Sidecar {
    /// Texts read as missing in CSV, TSV and Excel tables that set none of their own;
    /// `None` leaves only the empty text.
    pub null_tokens: Option<Vec<String>>,
    /// The text encoding of every CSV/TSV file of the root whose table sets none of its
    /// own (see [`super::encoding`]); `None`: UTF-8, or UTF-16 by its byte-order mark.
    pub encoding: Option<String>,
    /// Per-table settings, keyed by the table's SQL name.
    #[serde(default)]
    pub tables: BTreeMap<String, TableOverride>,
    /// Many-to-one relationships plans may follow (`[[relationships]]`), verified at ingest.
    #[serde(default)]
    pub relationships: Vec<RelationshipSetting>,
    /// Aggregations defined once (`[metrics.<name>]`), keyed by the name plans use.
    #[serde(default)]
    pub metrics: BTreeMap<String, MetricSetting>,
}

/// One `[[relationships]]` entry: `from` and `to` are `table.column`; many rows of `from`'s
/// table reach at most one row of `to`'s.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RelationshipSetting {
    /// The role a path may follow it by (`owner.region`): required on each of two
    /// relationships that lead from one table to another, checked at ingest.
    pub name: Option<String>,
    /// `table.column` of the many side (the key that points).
    pub from: String,
    /// `table.column` of the one side (the key pointed at: unique and present).
    pub to: String,
}

/// One `[metrics.<name>]` entry: an aggregation in the plan language's words, on one table.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MetricSetting {
    /// The table it aggregates.
    pub table: String,
    /// A plan aggregation function (`avg`, `count`, `percentile`, ...).
    pub function: String,
    /// The column aggregated; absent for `count` of rows and for `share`.
    pub column: Option<String>,
    /// Conditions a row must meet to be aggregated, as a plan aggregation's `where`.
    #[serde(rename = "where")]
    pub conditions: Option<Vec<ConditionSetting>>,
    /// The fraction for `percentile`.
    pub p: Option<f64>,
    /// What it means, for the catalog, the schema and receipts.
    pub description: Option<String>,
    /// The unit of its values (`minutes`).
    pub unit: Option<String>,
}

/// One condition of a metric's `where`, as a plan condition (`column`, `op`, `value`).
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ConditionSetting {
    /// The column compared (a path such as `teams.region` is allowed, as in plans).
    pub column: String,
    /// A plan condition op (`eq`, `in`, `is_null`, ...).
    pub op: String,
    /// Omitted for `is_null` / `is_not_null`.
    pub value: Option<toml::Value>,
}

/// A name an answer column can carry: 1-63 ASCII letters, digits or `_`, not starting with a
/// digit.
fn is_answer_name(name: &str) -> bool {
    let mut chars = name.chars();
    let first = chars.next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_');
    first && name.len() <= 63 && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

impl RelationshipSetting {
    /// `(from_table, from_column, to_table, to_column)`; both ends were checked to be
    /// `table.column` by [`Sidecar::parse`].
    pub fn ends(&self) -> (&str, &str, &str, &str) {
        let (from_table, from_column) = self.from.split_once('.').unwrap_or((&self.from, ""));
        let (to_table, to_column) = self.to.split_once('.').unwrap_or((&self.to, ""));
        (from_table, from_column, to_table, to_column)
    }
}

impl MetricSetting {
    /// The metric as one object of a plan's `aggregations`, JSON text: what the compiler
    /// receives in the catalog view and parses like a plan's own.
    pub fn aggregation_json(&self) -> String {
        let mut object = serde_json::Map::new();
        object.insert("function".into(), self.function.clone().into());
        if let Some(column) = &self.column {
            object.insert("column".into(), column.clone().into());
        }
        if let Some(conditions) = &self.conditions {
            let conditions: Vec<serde_json::Value> = conditions
                .iter()
                .map(|c| {
                    let mut condition = serde_json::json!({"column": c.column, "op": c.op});
                    if let Some(value) = &c.value {
                        condition["value"] = serde_json::to_value(value).unwrap_or(serde_json::Value::Null);
                    }
                    condition
                })
                .collect();
            object.insert("where".into(), conditions.into());
        }
        if let Some(p) = self.p {
            object.insert("p".into(), p.into());
        }
        serde_json::Value::Object(object).to_string()
    }
}

/// Settings for one table (`[tables.<name>]`); every key is optional.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TableOverride {
    /// What the table holds, for the catalog and the schema.
    pub description: Option<String>,
    /// The CSV/TSV field separator, one ASCII character; detected when `None`.
    pub delimiter: Option<String>,
    /// The CSV/TSV file's text encoding (`windows-1252`, `latin-1`, `utf-16`, ...), in
    /// place of the root-wide one; see [`super::encoding`].
    pub encoding: Option<String>,
    /// Whether the CSV/TSV file or sheet has a header row; when `None`, sniffed for CSV
    /// and true for Excel.
    pub header: Option<bool>,
    /// The 1-based line (CSV/TSV) or sheet row (Excel) of the header; the rows above it are skipped.
    pub header_row: Option<i64>,
    /// Lines (CSV/TSV) or sheet rows (Excel) to skip before the header, or before the data
    /// when `header = false`.
    pub skip_rows: Option<i64>,
    /// Rows at the end that are not data (totals, notes), dropped; `0` keeps every row and
    /// turns off the detection of a totals row.
    pub footer_rows: Option<i64>,
    /// Texts read as missing in this table, in place of the file-wide `null_tokens`.
    pub null_tokens: Option<Vec<String>>,
    /// The decimal mark (`"."` or `","`) of every number column; detected per column when
    /// `None`.
    pub decimal_separator: Option<String>,
    /// The thousands separator (`""`, `"."`, `","`, `" "` or `"'"`) of every number
    /// column; detected per column when `None`.
    pub thousands_separator: Option<String>,
    /// Per-column settings, keyed by the column's SQL name.
    #[serde(default)]
    pub columns: BTreeMap<String, ColumnOverride>,
}

/// Settings for one column (`[tables.<table>.columns.<column>]`); every key is optional.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ColumnOverride {
    /// The type to load it as (`type`), one of [`OVERRIDE_TYPES`]; decided by ingest when
    /// `None`.
    #[serde(rename = "type")]
    pub sql_type: Option<String>,
    /// How its dates are written, as a strptime format (`%d/%m/%Y`); refused with a type
    /// other than DATE or TIMESTAMP.
    pub date_format: Option<String>,
    /// What the column means, for the catalog and the schema.
    pub description: Option<String>,
    /// The unit of its values (`minutes`), for the catalog and the schema.
    pub unit: Option<String>,
    /// Leave the column out entirely: it is neither in the table nor in the catalog.
    #[serde(default)]
    pub hidden: bool,
    /// The only values the column may hold, compared as text; ingest fails on any other.
    pub allowed_values: Option<Vec<String>>,
    /// This column's decimal mark, in place of its table's.
    pub decimal_separator: Option<String>,
    /// This column's thousands separator, in place of its table's.
    pub thousands_separator: Option<String>,
}

/// Layout keys count rows of a file or sheet; more than Excel's 1,048,576 rows is a typo.
const MAX_LAYOUT_ROWS: i64 = 1_048_576;

/// The table-level keys that describe a CSV/TSV or Excel layout, for refusing them elsewhere.
pub const TEXT_LAYOUT_KEYS: &str = "delimiter, encoding, header, header_row, skip_rows, footer_rows";

/// The layout keys that apply to CSV/TSV files only (not to Excel sheets).
pub const CSV_ONLY_KEYS: [&str; 2] = ["delimiter", "encoding"];

/// Types an override may name.
pub const OVERRIDE_TYPES: &[&str] = &["VARCHAR", "BIGINT", "DOUBLE", "BOOLEAN", "DATE", "TIMESTAMP"];

impl TableOverride {
    /// Lines (CSV/TSV) or sheet rows (Excel) above the header (or above the data without a
    /// header), when querycell.toml sets `header_row` or `skip_rows`.
    pub fn rows_above(&self) -> Option<u64> {
        self.header_row.map(|row| (row - 1) as u64).or(self.skip_rows.map(|rows| rows as u64))
    }

    /// How querycell.toml placed the header, in its own words, for the recorded decision.
    pub fn rows_above_setting(&self) -> String {
        match (self.header_row, self.skip_rows) {
            (Some(row), _) => format!("header_row = {row}"),
            (None, Some(rows)) => format!("skip_rows = {rows}"),
            (None, None) => String::new(),
        }
    }

    /// The CSV/TSV and Excel layout keys this table sets (empty when none).
    pub fn text_layout_keys(&self) -> Vec<&'static str> {
        let set = [
            ("delimiter", self.delimiter.is_some()),
            ("encoding", self.encoding.is_some()),
            ("header", self.header.is_some()),
            ("header_row", self.header_row.is_some()),
            ("skip_rows", self.skip_rows.is_some()),
            ("footer_rows", self.footer_rows.is_some()),
        ];
        set.into_iter().filter(|(_, is_set)| *is_set).map(|(key, _)| key).collect()
    }

    /// `header_row`, `skip_rows` and `footer_rows` are row counts that must make sense alone
    /// and together: a layout that cannot be meant is refused rather than guessed at.
    fn check_layout(&self, table: &str, source: &str) -> Result<()> {
        let invalid = |key: &str, problem: String, hint: &str| {
            Error::new(Code::SidecarInvalid, format!("{source}: tables.{table}.{key} {problem}"))
                .at(source)
                .hint(hint.to_string())
        };
        let rows = |key: &str, value: Option<i64>, least: i64, hint: &str| match value {
            Some(v) if v < least => Err(invalid(key, format!("is {v}; it must be at least {least}"), hint)),
            Some(v) if v > MAX_LAYOUT_ROWS => {
                Err(invalid(key, format!("is {v}, more rows than a sheet can have ({MAX_LAYOUT_ROWS})"), hint))
            }
            _ => Ok(()),
        };
        rows("header_row", self.header_row, 1, "rows are numbered from 1, as Excel and text editors show them: header_row = 3 when two title lines come first")?;
        rows("skip_rows", self.skip_rows, 0, "skip_rows counts the lines (CSV) or rows (Excel) above the header: skip_rows = 2 when two title lines come first")?;
        rows(
            "footer_rows",
            self.footer_rows,
            0,
            "footer_rows counts the rows at the end that are not data (totals, notes); 0 keeps every row",
        )?;
        if let (Some(row), Some(skip)) = (self.header_row, self.skip_rows) {
            if row != skip + 1 {
                return Err(invalid(
                    "header_row",
                    format!("is {row} but skip_rows = {skip} puts the header on row {}", skip + 1),
                    "set only one of header_row and skip_rows",
                ));
            }
        }
        if self.header == Some(false) && self.header_row.is_some() {
            return Err(invalid(
                "header_row",
                "is set but header = false says there is no header row".into(),
                "without a header, skip_rows says how many rows come before the data",
            ));
        }
        Ok(())
    }
}

impl Sidecar {
    /// Parse and check the text of a `querycell.toml` (`source` names it in errors): unknown
    /// keys, types ingest does not offer, bad separators and impossible layouts are refused.
    pub fn parse(text: &str, source: &str) -> Result<Sidecar> {
        let sidecar: Sidecar = toml::from_str(text).map_err(|e| {
            Error::new(Code::SidecarInvalid, format!("{source}: {}", e.message()))
                .at(source)
                .hint("keys: null_tokens, encoding, [tables.<table>] description/delimiter/encoding/header/header_row/skip_rows/footer_rows/null_tokens/decimal_separator/thousands_separator, [tables.<table>.columns.<column>] type/date_format/description/unit/hidden/allowed_values/decimal_separator/thousands_separator, [[relationships]] name/from/to, [metrics.<name>] table/function/column/where/p/description/unit")
        })?;
        sidecar.check_links(source)?;
        check_encoding(sidecar.encoding.as_ref(), "encoding", source)?;
        for (table, entry) in &sidecar.tables {
            check_encoding(entry.encoding.as_ref(), &format!("tables.{table}.encoding"), source)?;
            check_separators(
                entry.decimal_separator.as_ref(),
                entry.thousands_separator.as_ref(),
                &format!("tables.{table}"),
                source,
            )?;
            for (column, over) in &entry.columns {
                check_separators(
                    over.decimal_separator.as_ref(),
                    over.thousands_separator.as_ref(),
                    &format!("tables.{table}.columns.{column}"),
                    source,
                )?;
                check_separators(
                    over.decimal_separator.as_ref().or(entry.decimal_separator.as_ref()),
                    over.thousands_separator.as_ref().or(entry.thousands_separator.as_ref()),
                    &format!("tables.{table}.columns.{column} (with its table's settings)"),
                    source,
                )?;
                if let Some(t) = &over.sql_type {
                    if !OVERRIDE_TYPES.contains(&t.to_ascii_uppercase().as_str()) {
                        return Err(Error::new(
                            Code::SidecarInvalid,
                            format!(
                                "{source}: tables.{table}.columns.{column}.type '{t}' is not one of {}",
                                OVERRIDE_TYPES.join(", ")
                            ),
                        )
                        .at(source));
                    }
                }
                if over.date_format.is_some()
                    && !matches!(
                        over.sql_type.as_deref().map(str::to_ascii_uppercase).as_deref(),
                        None | Some("DATE") | Some("TIMESTAMP")
                    )
                {
                    return Err(Error::new(
                        Code::SidecarInvalid,
                        format!("{source}: tables.{table}.columns.{column}.date_format needs type DATE or TIMESTAMP"),
                    )
                    .at(source));
                }
            }
            if let Some(d) = &entry.delimiter {
                // One ASCII byte: the layout scan reads CSV byte by byte, as DuckDB does.
                if d.len() != 1 || matches!(d.as_str(), "\"" | "\n" | "\r") {
                    return Err(Error::new(Code::SidecarInvalid, format!("{source}: tables.{table}.delimiter must be one ASCII character other than a double quote or a line break"))
                        .at(source)
                        .hint("for example delimiter = \";\", or delimiter = \"\\t\" for tabs"));
                }
            }
            entry.check_layout(table, source)?;
        }
        Ok(sidecar)
    }

    /// Relationship ends must be `table.column`, and metric and relationship names must be
    /// names an answer column can have (a plan's answer column is the metric's name, or
    /// starts with the relationship's: `owner_region`).
    fn check_links(&self, source: &str) -> Result<()> {
        for (i, relationship) in self.relationships.iter().enumerate() {
            if let Some(name) = relationship.name.as_deref().filter(|name| !is_answer_name(name)) {
                return Err(Error::new(
                    Code::SidecarInvalid,
                    format!("{source}: relationships[{i}].name is '{name}': a relationship's name is a step of a path and part of answer column names, so 1-63 ASCII letters, digits or _, not starting with a digit"),
                )
                .at(source)
                .hint("e.g. name = \"owner\", which plans follow as owner.region"));
            }
            for (key, end) in [("from", &relationship.from), ("to", &relationship.to)] {
                let plain = |part: &str| !part.is_empty() && !part.contains('.');
                if !end.split_once('.').is_some_and(|(table, column)| plain(table) && plain(column)) {
                    return Err(Error::new(
                        Code::SidecarInvalid,
                        format!("{source}: relationships[{i}].{key} is '{end}', not table.column"),
                    )
                    .at(source)
                    .hint("e.g. from = \"incidents.team_id\" and to = \"teams.team_id\""));
                }
            }
        }
        for name in self.metrics.keys() {
            if !is_answer_name(name) {
                return Err(Error::new(
                    Code::SidecarInvalid,
                    format!("{source}: metrics.{name}: a metric's name is the answer column's, so 1-63 ASCII letters, digits or _, not starting with a digit"),
                )
                .at(source));
            }
        }
        Ok(())
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

    /// The settings of table `name` (all unset when the file does not name it).
    pub fn table(&self, name: &str) -> TableOverride {
        self.tables.get(name).cloned().unwrap_or_default()
    }

    /// The encoding setting for `table` (its own, else the root's) and where it is set, in
    /// words for decisions and messages. Validated by [`Sidecar::parse`].
    pub fn encoding(&self, table: &TableOverride, name: &str, sidecar_path: &str) -> Option<(Setting, String)> {
        match (&table.encoding, &self.encoding) {
            (Some(e), _) => Setting::parse(e).map(|s| (s, format!("encoding under [tables.{name}] in {sidecar_path}"))),
            (None, Some(e)) => Setting::parse(e).map(|s| (s, format!("encoding in {sidecar_path}"))),
            (None, None) => None,
        }
    }

    /// Tokens read as missing values in `table`'s text columns.
    pub fn null_tokens(&self, table: &TableOverride) -> Vec<String> {
        table.null_tokens.clone().or_else(|| self.null_tokens.clone()).unwrap_or_else(|| vec![String::new()])
    }
}

/// An encoding setting must name an encoding ingest reads.
fn check_encoding(encoding: Option<&String>, at: &str, source: &str) -> Result<()> {
    match encoding {
        Some(e) if Setting::parse(e).is_none() => {
            Err(Error::new(Code::SidecarInvalid, format!("{source}: {at} '{e}' is not an encoding ingest reads"))
                .at(source)
                .hint(format!("one of {}", super::encoding::SETTINGS)))
        }
        _ => Ok(()),
    }
}

/// Separators must be ones ingest knows, and not one mark for both jobs.
fn check_separators<S: AsRef<str>>(decimal: Option<S>, thousands: Option<S>, at: &str, source: &str) -> Result<()> {
    let refuse = |what: String| {
        Err(Error::new(Code::SidecarInvalid, format!("{source}: {at}: {what}"))
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
        assert_eq!(
            Sidecar::parse("[tables.t.columns.c]\ntype = \"BIGINT\"\ndate_format = \"%d\"", "q").unwrap_err().code,
            "sidecar_invalid"
        );
        assert_eq!(Sidecar::parse("", "q").unwrap(), Sidecar::default());
        assert_eq!(Sidecar::parse("[tables.t]\ndecimal_separator = \";\"", "q").unwrap_err().code, "sidecar_invalid");
        assert_eq!(
            Sidecar::parse(
                "[tables.t]\ndecimal_separator = \",\"\n[tables.t.columns.c]\nthousands_separator = \",\"",
                "q"
            )
            .unwrap_err()
            .code,
            "sidecar_invalid"
        );
    }

    #[test]
    fn number_readings_come_from_the_column_then_its_table() {
        let sidecar = Sidecar::parse(
            "[tables.t]\ndecimal_separator = \",\"\n[tables.t.columns.c]\nthousands_separator = \".\"\n",
            "q",
        )
        .unwrap();
        let table = sidecar.table("t");
        let german = Sidecar::number_reading(&table, table.columns.get("c")).unwrap();
        assert_eq!((german.decimal, german.grouping), (DecimalMark::Comma, Grouping::Dot));
        let plain = Sidecar::number_reading(&table, None).unwrap();
        assert_eq!((plain.decimal, plain.grouping), (DecimalMark::Comma, Grouping::Dot));
        assert_eq!(Sidecar::number_reading(&sidecar.table("other"), None), None);
    }

    #[test]
    fn relationships_and_metrics_are_read_and_checked() {
        let sidecar = Sidecar::parse(
            "[[relationships]]\nfrom = \"incidents.team_id\"\nto = \"teams.team_id\"\n\n[metrics.mtta]\ntable = \"incidents\"\nfunction = \"avg\"\ncolumn = \"ack_minutes\"\nwhere = [{column = \"severity\", op = \"in\", value = [\"P1\", \"P2\"]}, {column = \"team_id\", op = \"is_not_null\"}]\nunit = \"minutes\"\n",
            "q",
        )
        .unwrap();
        assert_eq!(sidecar.relationships[0].ends(), ("incidents", "team_id", "teams", "team_id"));
        let mtta = &sidecar.metrics["mtta"];
        assert_eq!(
            serde_json::from_str::<serde_json::Value>(&mtta.aggregation_json()).unwrap(),
            serde_json::json!({"function": "avg", "column": "ack_minutes", "where": [
                {"column": "severity", "op": "in", "value": ["P1", "P2"]},
                {"column": "team_id", "op": "is_not_null"}
            ]})
        );
        assert_eq!(mtta.unit.as_deref(), Some("minutes"));
        for bad in [
            "[[relationships]]\nfrom = \"incidents\"\nto = \"teams.team_id\"\n",
            "[[relationships]]\nfrom = \"a.b.c\"\nto = \"teams.team_id\"\n",
            "[[relationships]]\nfrom = \"a.b\"\nto = \"c.d\"\nkind = \"one\"\n",
            "[metrics.m]\ntable = \"t\"\nfunction = \"count\"\nfilter = 1\n",
            "[metrics.m]\ntable = \"t\"\nfunction = \"count\"\nwhere = [{column = \"c\", op = \"eq\", values = 1}]\n",
            "[metrics.9m]\ntable = \"t\"\nfunction = \"count\"\n",
            "[metrics.m]\nfunction = \"count\"\n",
        ] {
            assert_eq!(Sidecar::parse(bad, "q").unwrap_err().code, "sidecar_invalid", "{bad}");
        }
    }

    #[test]
    fn layout_keys_are_read_and_checked() {
        let sidecar = Sidecar::parse(
            "[tables.t]\nheader_row = 3\nfooter_rows = 1\n[tables.u]\nskip_rows = 2\nheader = false\n",
            "q",
        )
        .unwrap();
        assert_eq!((sidecar.table("t").rows_above(), sidecar.table("t").footer_rows), (Some(2), Some(1)));
        assert_eq!(sidecar.table("u").rows_above(), Some(2));
        assert_eq!(sidecar.table("t").text_layout_keys(), vec!["header_row", "footer_rows"]);
        assert_eq!(
            Sidecar::parse("[tables.t]\nheader_row = 3\nskip_rows = 2\n", "q").unwrap().table("t").rows_above(),
            Some(2)
        );
        for (text, key) in [
            ("header_row = 0", "header_row"),
            ("skip_rows = -1", "skip_rows"),
            ("footer_rows = -2", "footer_rows"),
            ("header_row = 2000000", "header_row"),
            ("header_row = 3\nskip_rows = 1", "header_row"),
            ("header_row = 2\nheader = false", "header_row"),
        ] {
            let error = Sidecar::parse(&format!("[tables.t]\n{text}\n"), "data/querycell.toml").unwrap_err();
            assert_eq!(
                (error.code.as_str(), error.path.as_str()),
                ("sidecar_invalid", "data/querycell.toml"),
                "{text}"
            );
            assert!(error.message.contains(&format!("tables.t.{key}")), "{text}: {error}");
            assert!(error.hint.is_some(), "{text}: {error}");
        }
    }
}
