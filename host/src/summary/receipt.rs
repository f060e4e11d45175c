//! What the checker reads of a receipt: its columns (numeric or label, and which aggregate
//! each numeric one is), its cells, whether it was cut, its warnings sorted by what they
//! affect, the numbers the request itself stated, and the answer's order.
//!
//! The receipt is read leniently: fields it does not know are ignored (a newer receipt
//! carries more), and only `columns` and `rows` must be there. Nothing in it is run. What a
//! column is comes from its `role` (receipt format 2: a group key, which aggregate), else
//! from its type and name; the rows' order from `order`. The SQL text is read only to tell
//! the row cap among the bound values (the statement ends in `LIMIT` of it).

use querycell_contract::roles::ColumnRole;
use serde::Deserialize;
use serde_json::Value;

use crate::error::{Code, Error, Result};
use crate::limits::SummaryLimits;

/// Which aggregate a numeric column is, as far as the receipt says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Aggregate {
    /// `count`, `count_distinct`.
    Count,
    /// `sum`.
    Sum,
    /// `avg` (and a metric built on it).
    Average,
    /// `median`.
    Median,
    /// `percentile` (`quantile_cont` and kin).
    Percentile,
    /// `max`.
    Max,
    /// `min`.
    Min,
    /// `share`: the fraction of a group's rows that meet a condition.
    Share,
    /// A plain value (a row listing) or an aggregate the checker does not recognise.
    Unknown,
}

impl Aggregate {
    /// The word the checker's messages use.
    pub fn word(self) -> &'static str {
        match self {
            Aggregate::Count => "a count",
            Aggregate::Sum => "a sum",
            Aggregate::Average => "an average",
            Aggregate::Median => "a median",
            Aggregate::Percentile => "a percentile",
            Aggregate::Max => "a maximum",
            Aggregate::Min => "a minimum",
            Aggregate::Share => "a share",
            Aggregate::Unknown => "a value",
        }
    }

    /// An aggregate that says something about a group as a whole and nothing about each of
    /// its members: "every incident" does not follow from it.
    pub fn is_central_or_extreme(self) -> bool {
        matches!(self, Aggregate::Average | Aggregate::Median | Aggregate::Percentile | Aggregate::Max | Aggregate::Min)
    }
}

/// What a column holds, for the checker.
#[derive(Debug, Clone, PartialEq)]
pub enum ColumnKind {
    /// Numbers: the cells a summary's numbers are matched against.
    Numeric(Aggregate),
    /// Text or other values that name a group (a team, a severity).
    Label,
    /// Dates or timestamps: a time grouping, with its grain when the column's name says it.
    Time(Grain),
    /// Booleans, lists and the rest: neither numbers nor labels.
    Other,
}

/// The grain of a time column, from its name (`opened_at_month`) or its type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Grain {
    Day,
    Week,
    Month,
    Quarter,
    Year,
}

/// One column of the answer.
#[derive(Debug, Clone)]
pub struct Column {
    pub name: String,
    pub kind: ColumnKind,
}

/// One cell.
#[derive(Debug, Clone, PartialEq)]
pub enum Cell {
    Number(f64),
    Text(String),
    Null,
}

/// A warning of the receipt, by what it affects.
#[derive(Debug, Clone, PartialEq)]
pub enum WarningKind {
    /// `<column>: N null values were skipped`: that column's aggregate left values out.
    NullsSkipped { column: String },
    /// A filter also left out rows where its column is missing: every aggregate counts
    /// fewer rows than the reader may think.
    RowsExcluded,
    /// The answer was cut: totals over its rows are not the whole total.
    Truncated,
    /// Anything else (a limit lowered, a relationship's unmatched rows, SQL cleanup).
    Other,
}

/// A warning, its kind and its text.
#[derive(Debug, Clone)]
pub struct Warning {
    pub kind: WarningKind,
    pub text: String,
}

/// What the checker knows of the receipt.
#[derive(Debug, Clone)]
pub struct Facts {
    pub columns: Vec<Column>,
    pub rows: Vec<Vec<Cell>>,
    pub truncated: bool,
    pub row_count: u64,
    pub total_rows: u64,
    pub warnings: Vec<Warning>,
    /// Numbers the request stated (bound parameters, numbers in the explanation and in
    /// column names): "within 15 minutes" quotes the question, not the answer.
    pub request_numbers: Vec<f64>,
    /// The first key the rows are ordered by: the column's index and whether descending.
    pub order: Option<(usize, bool)>,
    /// Numbers the receipt itself states outside its cells: each warning's counts (nulls
    /// skipped, rows left out, rows shown and in all), and the rows a cut answer does not
    /// show. A summary that repeats them is admitting what the receipt warns of.
    pub receipt_numbers: Vec<f64>,
}

/// The SQL text scanned for the row cap: a plan's statement is a few KiB.
const MAX_SQL_SCANNED: usize = 256 << 10;
/// The explanation text scanned for numbers.
const MAX_EXPLANATION_SCANNED: usize = 16 << 10;
/// Columns read: an answer has a handful.
pub const MAX_COLUMNS: usize = 256;

impl Facts {
    /// Reads the receipt's JSON text, refusing what is too large or not a receipt.
    pub fn parse(json: &str, limits: &SummaryLimits) -> Result<Facts> {
        if json.len() > limits.max_receipt_bytes {
            return Err(Error::new(
                Code::SummaryTooLarge,
                format!("the receipt is {} bytes, over the limit of {}", json.len(), limits.max_receipt_bytes),
            )
            .at("receipt"));
        }
        // serde_json refuses nesting deeper than 128 levels with an error (its recursion
        // limit), so a hostile receipt cannot exhaust the stack.
        let value: Value = serde_json::from_str(json).map_err(|e| {
            Error::new(Code::ReceiptInvalid, format!("the receipt is not JSON: {e}"))
                .at("receipt")
                .hint("pass the receipt as `querycell query --format json` printed it")
        })?;
        Facts::from_value(&value, limits)
    }

    /// Reads a receipt already parsed (the MCP tool's argument).
    pub fn from_value(value: &Value, limits: &SummaryLimits) -> Result<Facts> {
        let invalid = |what: &str| {
            Error::new(Code::ReceiptInvalid, format!("the receipt has no {what}"))
                .at("receipt")
                .hint("pass the whole receipt, as `querycell query --format json` printed it")
        };
        let object = value.as_object().ok_or_else(|| invalid("fields: it is not a JSON object"))?;
        let columns = object.get("columns").and_then(Value::as_array).ok_or_else(|| invalid("`columns` list"))?;
        let rows = object.get("rows").and_then(Value::as_array).ok_or_else(|| invalid("`rows` list"))?;
        if columns.len() > MAX_COLUMNS {
            return Err(too_many("columns", columns.len(), MAX_COLUMNS));
        }
        let cells = rows.len().saturating_mul(columns.len().max(1));
        if cells > limits.max_cells {
            return Err(too_many("cells", cells, limits.max_cells));
        }
        let mut columns = read_columns(columns)?;
        let rows = read_rows(rows, &columns)?;
        refine_kinds(&mut columns, &rows);
        let truncated = object.get("truncated").and_then(Value::as_bool).unwrap_or(false);
        let row_count = object.get("row_count").and_then(Value::as_u64).unwrap_or(rows.len() as u64);
        let total_rows = object.get("total_rows").and_then(Value::as_u64).unwrap_or(row_count);
        let warnings = read_warnings(object.get("warnings"), truncated)?;
        let request_numbers = request_numbers(object, &columns);
        let order = order_of(object.get("order"), &columns);
        // Not the rows shown or in all: those are the answer's row count, which a cut answer
        // must admit.
        let mut receipt_numbers: Vec<f64> = warnings
            .iter()
            .filter_map(warning_count)
            .filter(|x| *x != row_count as f64 && *x != total_rows as f64)
            .collect();
        if total_rows > row_count {
            receipt_numbers.push((total_rows - row_count) as f64);
        }
        Ok(Facts { columns, rows, truncated, row_count, total_rows, warnings, request_numbers, order, receipt_numbers })
    }

    /// Whether the rows are sorted by a number (an aggregate), so that the first rows shown
    /// are the top ones of something; an alphabetical listing is not.
    pub fn ordered_by_number(&self) -> Option<(usize, bool)> {
        self.order.filter(|(column, _)| self.aggregate(*column).is_some())
    }

    /// Whether the answer is grouped by a time column: only then can it show a change over time.
    pub fn has_time_grouping(&self) -> bool {
        self.columns.iter().any(|c| matches!(c.kind, ColumnKind::Time(_)))
    }

    /// The aggregate of column `index`, when it is numeric.
    pub fn aggregate(&self, index: usize) -> Option<Aggregate> {
        match self.columns.get(index)?.kind {
            ColumnKind::Numeric(aggregate) => Some(aggregate),
            _ => None,
        }
    }

    /// The column whose name holds the number `x` (`acked_within_15` holds 15).
    pub fn column_naming(&self, x: f64) -> Option<usize> {
        self.columns.iter().position(|c| digit_runs(&c.name).contains(&x))
    }

    /// The number in row `row`, column `column`.
    pub fn number(&self, row: usize, column: usize) -> Option<f64> {
        match self.rows.get(row)?.get(column)? {
            Cell::Number(x) => Some(*x),
            _ => None,
        }
    }

    /// The labels of row `row` (its label and time cells), for messages: `Platform`,
    /// `2026-01-01 / P1`.
    pub fn row_name(&self, row: usize) -> String {
        let mut parts = Vec::new();
        for (column, cell) in self.columns.iter().zip(&self.rows[row]) {
            if matches!(column.kind, ColumnKind::Label | ColumnKind::Time(_)) {
                if let Cell::Text(text) = cell {
                    parts.push(text.clone());
                }
            }
        }
        if parts.is_empty() {
            format!("row {}", row + 1)
        } else {
            parts.join(" / ")
        }
    }
}

fn too_many(what: &str, count: usize, limit: usize) -> Error {
    Error::new(Code::SummaryTooLarge, format!("the receipt has {count} {what}, over the checker's limit of {limit}"))
        .at("receipt")
}

/// The longest prefix of `text` of at most `max` bytes that ends on a character boundary.
pub fn prefix(text: &str, max: usize) -> &str {
    if text.len() <= max {
        return text;
    }
    let mut end = max;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    &text[..end]
}

fn read_columns(columns: &[Value]) -> Result<Vec<Column>> {
    let mut out = Vec::with_capacity(columns.len());
    for (i, column) in columns.iter().enumerate() {
        let name = column.get("name").and_then(Value::as_str).ok_or_else(|| {
            Error::new(Code::ReceiptInvalid, "a column has no name").at(format!("receipt.columns[{i}].name"))
        })?;
        let kind_text = column.get("type").and_then(Value::as_str).unwrap_or("").to_ascii_uppercase();
        // A role the checker cannot read is no role: the column is read by its type and name.
        let role = column.get("role").and_then(|r| ColumnRole::deserialize(r).ok());
        let kind = column_kind(name, &kind_text, role.as_ref());
        out.push(Column { name: name.to_string(), kind });
    }
    Ok(out)
}

fn column_kind(name: &str, type_name: &str, role: Option<&ColumnRole>) -> ColumnKind {
    let base = type_name.split('(').next().unwrap_or("").trim();
    let temporal = base.starts_with("DATE") || base.starts_with("TIMESTAMP");
    match role {
        // A group key names its group, whatever its type: a number there is a label.
        Some(ColumnRole::GroupKey { grain, .. }) => {
            let grain = grain.as_deref().and_then(grain_of_word).or_else(|| grain_of_name(name));
            return match (temporal, grain) {
                (true, grain) | (false, grain @ Some(_)) => ColumnKind::Time(grain.unwrap_or(Grain::Day)),
                (false, None) => ColumnKind::Label,
            };
        }
        Some(ColumnRole::Aggregate(aggregate)) if is_numeric_type(base) => {
            return ColumnKind::Numeric(role_aggregate(&aggregate.function))
        }
        _ => {}
    }
    if is_numeric_type(base) {
        return ColumnKind::Numeric(name_aggregate(name));
    }
    if temporal || grain_of_name(name).is_some() {
        return ColumnKind::Time(grain_of_name(name).unwrap_or(Grain::Day));
    }
    match base {
        "VARCHAR" | "TEXT" | "STRING" | "ENUM" | "UUID" | "" => ColumnKind::Label,
        _ => ColumnKind::Other,
    }
}

fn is_numeric_type(base: &str) -> bool {
    const NUMERIC: &[&str] = &[
        "TINYINT",
        "SMALLINT",
        "INTEGER",
        "BIGINT",
        "HUGEINT",
        "UTINYINT",
        "USMALLINT",
        "UINTEGER",
        "UBIGINT",
        "UHUGEINT",
        "FLOAT",
        "REAL",
        "DOUBLE",
        "DECIMAL",
        "NUMERIC",
        "INT",
        "LONG",
        "SHORT",
        "BYTE",
    ];
    NUMERIC.contains(&base)
}

/// The checker's aggregate for a role's function (the plan language's word).
fn role_aggregate(function: &str) -> Aggregate {
    match function {
        "count" | "count_distinct" => Aggregate::Count,
        "sum" => Aggregate::Sum,
        "avg" => Aggregate::Average,
        "median" => Aggregate::Median,
        "percentile" => Aggregate::Percentile,
        "max" => Aggregate::Max,
        "min" => Aggregate::Min,
        "share" => Aggregate::Share,
        _ => Aggregate::Unknown,
    }
}

/// A role's grain word (`month`).
fn grain_of_word(word: &str) -> Option<Grain> {
    grain_of_name(&format!("_{word}"))
}

/// `opened_at_month` is a month; a time column without such a suffix is read by its values.
fn grain_of_name(name: &str) -> Option<Grain> {
    let lower = name.to_ascii_lowercase();
    let grains = [
        ("_day", Grain::Day),
        ("_week", Grain::Week),
        ("_month", Grain::Month),
        ("_quarter", Grain::Quarter),
        ("_year", Grain::Year),
    ];
    grains.iter().find(|(suffix, _)| lower.ends_with(suffix)).map(|(_, grain)| *grain)
}

/// A column's aggregate from its name (`avg_ack_minutes`, `average_minutes`), where the
/// receipt does not say it.
fn name_aggregate(name: &str) -> Aggregate {
    let lower = name.to_ascii_lowercase();
    let words: Vec<&str> = lower.split(|c: char| !c.is_ascii_alphanumeric()).collect();
    let has = |w: &str| words.contains(&w);
    if has("avg") || has("average") || has("mean") || has("mtta") || has("mttr") {
        Aggregate::Average
    } else if has("median") {
        Aggregate::Median
    } else if has("max") || has("maximum") {
        Aggregate::Max
    } else if has("min") || has("minimum") {
        Aggregate::Min
    } else if has("share") || has("pct") || has("percent") || has("ratio") || has("within") {
        Aggregate::Share
    } else if words.iter().any(|w| w.len() > 1 && w.starts_with('p') && w[1..].bytes().all(|b| b.is_ascii_digit()))
        || has("percentile")
    {
        Aggregate::Percentile
    } else if has("sum") || has("total") {
        Aggregate::Sum
    } else if has("count") || has("n") || has("number") {
        Aggregate::Count
    } else {
        Aggregate::Unknown
    }
}

fn read_rows(rows: &[Value], columns: &[Column]) -> Result<Vec<Vec<Cell>>> {
    let mut out = Vec::with_capacity(rows.len());
    for (r, row) in rows.iter().enumerate() {
        let cells = row.as_array().ok_or_else(|| {
            Error::new(Code::ReceiptInvalid, "a row is not a list of cells").at(format!("receipt.rows[{r}]"))
        })?;
        // As `verify` reads it: a row of another width is not a receipt's, and read
        // leniently its cells would be checked against the wrong columns.
        if cells.len() != columns.len() {
            return Err(Error::new(
                Code::ReceiptInvalid,
                format!("row {r} of the receipt has {} values for {} columns", cells.len(), columns.len()),
            )
            .at(format!("receipt.rows[{r}]")));
        }
        out.push(columns.iter().zip(cells).map(|(column, cell)| read_cell(cell, column)).collect());
    }
    Ok(out)
}

fn read_cell(cell: &Value, column: &Column) -> Cell {
    match (cell, &column.kind) {
        // A group key that is a number names its group (`severity_level` 2).
        (Value::Number(n), ColumnKind::Label) => Cell::Text(n.to_string()),
        (Value::Number(n), _) => n.as_f64().filter(|x| x.is_finite()).map_or(Cell::Null, Cell::Number),
        // Integers beyond i64 (and decimals) may come as their digits.
        (Value::String(s), ColumnKind::Numeric(_)) => {
            prefix(s, 64).parse::<f64>().ok().filter(|x| x.is_finite()).map_or(Cell::Null, Cell::Number)
        }
        (Value::String(s), _) => Cell::Text(prefix(s, 256).to_string()),
        (Value::Bool(b), _) => Cell::Text(b.to_string()),
        _ => Cell::Null,
    }
}

/// A time column named without a grain is read by its values: all on the first of a month
/// is a month grouping, all on January 1st a year.
fn refine_kinds(columns: &mut [Column], rows: &[Vec<Cell>]) {
    for (i, column) in columns.iter_mut().enumerate() {
        if column.kind != ColumnKind::Time(Grain::Day) || grain_of_name(&column.name).is_some() {
            continue;
        }
        let days: Vec<&str> = rows
            .iter()
            .filter_map(|row| match &row[i] {
                // A cell is any text: `get` is `None` off a character boundary.
                Cell::Text(t) => t.get(5..10),
                _ => None,
            })
            .collect();
        if days.is_empty() {
            continue;
        }
        if days.iter().all(|d| *d == "01-01") && days.len() > 1 {
            column.kind = ColumnKind::Time(Grain::Year);
        } else if days.iter().all(|d| d.ends_with("-01")) && days.len() > 1 {
            column.kind = ColumnKind::Time(Grain::Month);
        }
    }
}

/// The receipt's warnings: a list of texts, or none. Anything else is refused, since read
/// as no warnings it would switch off the check that a summary keeps them.
fn read_warnings(warnings: Option<&Value>, truncated: bool) -> Result<Vec<Warning>> {
    let listed = match warnings {
        None | Some(Value::Null) => &[][..],
        Some(Value::Array(items)) if items.iter().all(Value::is_string) => items.as_slice(),
        Some(_) => {
            return Err(Error::new(Code::ReceiptInvalid, "the receipt's `warnings` is not a list of texts")
                .at("receipt.warnings")
                .hint("pass the whole receipt, as `querycell query --format json` printed it"))
        }
    };
    let mut out: Vec<Warning> = listed
        .iter()
        .filter_map(Value::as_str)
        .take(64)
        .map(|text| Warning { kind: warning_kind(text), text: prefix(text, 1024).to_string() })
        .collect();
    if truncated && !out.iter().any(|w| w.kind == WarningKind::Truncated) {
        out.push(Warning { kind: WarningKind::Truncated, text: "the answer was truncated".into() });
    }
    Ok(out)
}

/// The count a warning states: the nulls skipped (`revenue: 71 null values…`) or the rows
/// a filter also left out (`… also left out 57 rows …`). Not the other numbers in its text
/// (a filter's own value).
fn warning_count(warning: &Warning) -> Option<f64> {
    let after = match warning.kind {
        WarningKind::NullsSkipped { .. } => warning.text.split_once(": ")?.1,
        WarningKind::RowsExcluded => warning.text.split_once(" also left out ")?.1,
        _ => return None,
    };
    let digits = after.find(|c: char| !c.is_ascii_digit()).unwrap_or(after.len());
    after[..digits].parse().ok()
}

fn warning_kind(text: &str) -> WarningKind {
    if let Some((column, rest)) = text.split_once(": ") {
        let rest = rest.trim_start_matches(|c: char| c.is_ascii_digit());
        if rest.starts_with(" null value") && rest.contains("skipped") {
            return WarningKind::NullsSkipped { column: column.to_string() };
        }
    }
    if text.contains(" also left out ") {
        WarningKind::RowsExcluded
    } else if text.starts_with("the answer shows ") {
        WarningKind::Truncated
    } else {
        WarningKind::Other
    }
}

/// Numbers the request stated: bound parameters, numbers in the explanation and in the
/// answer's column names (`acked_within_15`). Not the row cap: the statement's last
/// parameter when it ends with `LIMIT` of it is the cap plus one (so the host can tell a cut
/// answer), which no question asked, and when that is the deployment's `max_rows` plus one
/// the explanation's "at most max_rows rows" is the cap too; a summary quoting either as a
/// group's value ("Payments had 6 incidents" under `top 5`) is not saying what was asked.
fn request_numbers(object: &serde_json::Map<String, Value>, columns: &[Column]) -> Vec<f64> {
    let params: &[Value] = object.get("params").and_then(Value::as_array).map_or(&[], Vec::as_slice);
    let sql = object.get("sql").and_then(Value::as_str).map(|s| prefix(s, MAX_SQL_SCANNED)).unwrap_or("");
    let cap = params.last().and_then(Value::as_f64).filter(|_| ends_with_limit_of_last(sql, params.len()));
    let max_rows = object.get("limits").and_then(|l| l.get("max_rows")).and_then(Value::as_f64);
    let not_the_cap =
        |x: &f64| Some(*x) != cap && !(cap.is_some() && cap == max_rows.map(|m| m + 1.0) && Some(*x) == max_rows);
    let mut numbers: Vec<f64> = Vec::new();
    for param in params.iter().take(1024) {
        match param {
            Value::Number(n) => numbers.extend(n.as_f64()),
            Value::Array(items) => numbers.extend(items.iter().take(1024).filter_map(Value::as_f64)),
            _ => {}
        }
    }
    let explanation = object.get("explanation").and_then(Value::as_str).unwrap_or("");
    // The explanation's "top N" is the row cap (the cap plus one, less one), whatever the
    // order: an alphabetical listing says "top 8" too, so it is no number a question asked.
    let shown_cap = cap.map(|c| c - 1.0);
    numbers
        .extend(digit_runs(prefix(explanation, MAX_EXPLANATION_SCANNED)).into_iter().filter(|x| Some(*x) != shown_cap));
    numbers.retain(not_the_cap);
    for column in columns {
        numbers.extend(digit_runs(&column.name));
    }
    numbers
}

/// Whether `sql` ends with `LIMIT` of its last parameter (`LIMIT ?` with `count` `?`s, or
/// `LIMIT $count`), as both compilers write the row cap.
fn ends_with_limit_of_last(sql: &str, count: usize) -> bool {
    let Some(limit) = sql.trim_end().rsplit_once("LIMIT ").map(|(_, after)| after) else { return false };
    limit == format!("${count}") || (limit == "?" && sql.matches('?').count() == count)
}

/// The numbers written in `text` as runs of digits with an optional decimal part.
fn digit_runs(text: &str) -> Vec<f64> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i].is_ascii_digit() {
            let start = i;
            while i < bytes.len()
                && (bytes[i].is_ascii_digit()
                    || bytes[i] == b'.' && i + 1 < bytes.len() && bytes[i + 1].is_ascii_digit())
            {
                i += 1;
            }
            if let Ok(x) = text[start..i].parse::<f64>() {
                out.push(x);
                // `p: 0.9` is also said as "the 90th percentile".
                if x > 0.0 && x < 1.0 {
                    out.push(x * 100.0);
                }
            }
        } else {
            i += 1;
        }
    }
    out
}

/// The first key the rows are sorted by, from the receipt's `order` (format 2): the answer
/// column it names and whether descending.
fn order_of(order: Option<&Value>, columns: &[Column]) -> Option<(usize, bool)> {
    let first = order?.as_array()?.first()?;
    let name = first.get("column")?.as_str()?;
    let index = columns.iter().position(|c| c.name == name)?;
    Some((index, first.get("descending").and_then(Value::as_bool).unwrap_or(false)))
}
