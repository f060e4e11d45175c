//! The answer receipt: rows with their DuckDB types, plus everything needed to trust them
//! (executed SQL, bound parameters, limits, warnings, the data snapshot) and to ask again
//! (the request, the day, the index and policy context, a digest: [`seal`]), and its three
//! renderings: JSON (the contract), a terminal table, CSV.

use serde::Serialize;
use serde_json::Value;

use crate::calendar::format_date;
pub use crate::exec::roles::SortKey;
pub use crate::exec::ResultColumn;
use crate::sandbox::cache::RequestKind;
use crate::sandbox::wit;
pub use querycell_contract::roles::{AggregateRole, ColumnRole, RECEIPT_VERSION};

pub mod seal;
pub mod trace;
pub mod warnings;

/// The deployment's bounds an answer ran under, as the receipt reports them.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct AnswerLimits {
    /// Rows an answer may carry ([`Limits::max_rows`](crate::Limits::max_rows)).
    pub max_rows: u32,
    /// Wall-clock time the answer's SQL may run, in milliseconds
    /// ([`Limits::query_timeout`](crate::Limits::query_timeout)).
    pub timeout_ms: u64,
}

/// An answer with its receipt: the rows, and everything needed to trust them. Its JSON form
/// ([`Answer::to_json`]) is the contract.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Answer {
    /// The receipt's format ([`RECEIPT_VERSION`]): 2 and later carry each column's `role`
    /// and the rows' `order`.
    pub receipt_version: u32,
    /// The answer's columns in order, each with DuckDB's type (the compiler's count columns
    /// removed) and, where the compiler says it, its role (a group key, which aggregate, a
    /// listed column or an expression).
    pub columns: Vec<ResultColumn>,
    /// The answer columns the rows are sorted by, first key first (empty when the order is
    /// not by answer columns).
    pub order: Vec<SortKey>,
    /// The rows, one JSON value per column: null, a boolean, a number, or text (dates and
    /// timestamps as DuckDB writes them; integers beyond `i64` as their digits).
    pub rows: Vec<Vec<Value>>,
    /// Rows the answer carries (the length of `rows`).
    pub row_count: usize,
    /// More rows matched than the answer carries.
    pub truncated: bool,
    /// Rows the question matched in all (equal to `row_count` unless truncated).
    pub total_rows: u64,
    /// The SQL that ran, exactly as executed (with `?` placeholders).
    pub sql: String,
    /// The values bound to the placeholders, in order.
    pub params: Vec<Value>,
    /// What the query computes, in one sentence in the caller's terms (from the compiler).
    pub explanation: String,
    /// What a reader of the rows must know: the compiler's warnings, nulls an aggregate
    /// skipped or a filter left out, and truncation.
    pub warnings: Vec<String>,
    /// Every relative date the request used ("the last 30 days", `current_date`) and the
    /// days it resolved to.
    pub resolved_dates: Vec<ResolvedDate>,
    /// The row cap and query timeout the answer ran under.
    pub limits: AnswerLimits,
    /// `sha256:<hex>` of the index data the answer was computed from.
    pub snapshot: String,
    /// Where the time went.
    pub cost: AnswerCost,
    /// Milliseconds from taking the request to the finished receipt (compile and run),
    /// rounded to hundredths.
    pub elapsed_ms: f64,
    /// The policy the answer was computed under, when the deployment has one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub policy: Option<AppliedPolicy>,
    /// The request exactly as the caller sent it, so the answer can be asked again
    /// (`querycell verify`): through the compiler, like any request.
    pub request: AskedRequest,
    /// The day the answer was computed for (`YYYY-MM-DD`): relative dates resolved against
    /// it, and a re-run resolves them against it again.
    pub today: String,
    /// The id of the index that answered ([`crate::catalog::Catalog::index_id`]); `null`
    /// for an index ingested before indexes had ids.
    pub index_id: Option<String>,
    /// The id of the policy context the answer ran under
    /// ([`crate::policy::context_id`]): the policy file and the context values its row
    /// filters read, hashed. The same without a policy for every deployment without one.
    pub policy_context: String,
    /// The compiler component that wrote `sql` ([`crate::sandbox::Sandbox::compiler_id`]):
    /// the same request, catalog, policy context, limits and day give the same SQL from it.
    pub compiler: String,
}

/// The request a receipt answers, as the caller sent it: plan JSON or SQL, as text. The
/// host never reads it; a re-run hands it to the compiler again.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct AskedRequest {
    /// `plan` or `sql`: which compiler entry point it goes to.
    pub kind: RequestKind,
    /// The request text, byte for byte.
    pub text: String,
}

/// Which policy an answer ran under: its id and its row filters by context key. The
/// context's values appear only among the answer's bound parameters, and they are the
/// caller's own; the audit trace records no parameter values at all.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct AppliedPolicy {
    /// `sha256:` of the policy file.
    pub id: String,
    /// `table.column = context key`, one per row filter.
    pub row_filters: Vec<String>,
}

/// What each step of an answer cost, in milliseconds.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct AnswerCost {
    /// Compiling the request in the sandbox, or finding it compiled before.
    pub compile_ms: f64,
    /// Whether the compile was one remembered from the same request under the same view
    /// ([`crate::sandbox::cache`]); the host's checks ran on it all the same.
    pub compile_cached: bool,
    /// The main query, which also carries the counts of nulls its aggregates skipped.
    pub main_ms: f64,
    /// The total-rows count: only when the answer was truncated (`null` otherwise).
    pub count_ms: Option<f64>,
    /// The separate null probe: only when `ne` / `not_in` filters may have left out rows
    /// with nulls the catalog says the column has (`null` otherwise).
    pub null_probe_ms: Option<f64>,
}

/// A relative date as the receipt records it: what the request said and which days that
/// meant on the day the answer was computed for.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ResolvedDate {
    /// The column it filters; `null` for SQL mode's `current_date`.
    pub column: Option<String>,
    /// Where it stood in the request: `filters[0].value`, or `sql`.
    pub path: String,
    /// As the request said it: `last 30 days`, `this quarter`, `current_date`.
    pub phrase: String,
    /// The first day of the range (`YYYY-MM-DD`).
    pub start: String,
    /// The first day after the range: the range is `[start, end)`.
    pub end: String,
    /// The last day inside the range, for readers who expect inclusive ranges.
    pub last_day: String,
}

impl ResolvedDate {
    /// The receipt's form of a date the compiler resolved: its days as `YYYY-MM-DD`, with
    /// the last day of the range added.
    pub fn from_wit(date: &wit::ResolvedDate) -> ResolvedDate {
        ResolvedDate {
            column: date.column.clone(),
            path: date.path.clone(),
            phrase: date.phrase.clone(),
            start: format_date(i64::from(date.start)),
            end: format_date(i64::from(date.end)),
            last_day: format_date(i64::from(date.end) - 1),
        }
    }

    /// One line for people: `last 30 days on opened_at = 2026-02-14 through 2026-03-15`.
    pub fn describe(&self) -> String {
        let what = match &self.column {
            Some(column) => format!("{} on {column}", self.phrase),
            None => self.phrase.clone(),
        };
        if self.start == self.last_day {
            format!("{what} = {}", self.start)
        } else {
            format!("{what} = {} through {}", self.start, self.last_day)
        }
    }
}

/// A bound parameter as the receipt shows it: what was bound, formatted by the host.
pub fn param_json(param: &wit::Param) -> Value {
    match param {
        wit::Param::Null => Value::Null,
        wit::Param::Boolean(b) => Value::Bool(*b),
        wit::Param::Integer(i) => Value::from(*i),
        wit::Param::Float(f) => serde_json::Number::from_f64(*f).map(Value::Number).unwrap_or(Value::Null),
        wit::Param::Text(t) => Value::String(t.clone()),
        wit::Param::Date(days) => Value::String(format_date(i64::from(*days))),
        wit::Param::Timestamp(micros) => Value::String(format_timestamp(*micros)),
    }
}

fn format_timestamp(micros: i64) -> String {
    let seconds = micros.div_euclid(1_000_000);
    let fraction = micros.rem_euclid(1_000_000);
    let (days, in_day) = (seconds.div_euclid(86_400), seconds.rem_euclid(86_400));
    let clock = format!("{:02}:{:02}:{:02}", in_day / 3600, in_day % 3600 / 60, in_day % 60);
    if fraction == 0 {
        format!("{} {clock}", format_date(days))
    } else {
        format!("{} {clock}.{fraction:06}", format_date(days))
    }
}

impl Answer {
    /// The receipt as JSON, as `--format json` prints it and MCP returns it, sealed with
    /// its `digest` ([`seal`]).
    pub fn to_json(&self) -> Value {
        let mut receipt = serde_json::to_value(self).expect("answers serialise");
        seal::seal(&mut receipt);
        receipt
    }

    /// An aligned text table followed by the receipt, for people at a terminal.
    pub fn render_table(&self) -> String {
        let header: Vec<String> = self.columns.iter().map(|c| printable(&c.name)).collect();
        // NULL is spelled out on a terminal, so a missing value never looks like an empty text.
        let mut rounded = false;
        let body: Vec<Vec<String>> = self
            .rows
            .iter()
            .map(|row| {
                row.iter()
                    .zip(&self.columns)
                    .map(|(v, column)| match (v, decimal_scale(&column.sql_type)) {
                        (Value::Null, _) => "NULL".to_string(),
                        (Value::Number(n), Some(scale)) => padded_decimal(n, scale).unwrap_or_else(|| n.to_string()),
                        (Value::Number(n), None) => {
                            display_number(n).inspect(|_| rounded = true).unwrap_or_else(|| n.to_string())
                        }
                        (other, _) => printable(&cell_text(other)),
                    })
                    .collect()
            })
            .collect();
        let mut widths: Vec<usize> = header.iter().map(|h| h.chars().count()).collect();
        for row in &body {
            for (w, cell) in widths.iter_mut().zip(row) {
                *w = (*w).max(cell.chars().count());
            }
        }
        let line = |cells: &[String]| {
            cells
                .iter()
                .zip(&widths)
                .map(|(c, w)| format!("{c:<w$}"))
                .collect::<Vec<_>>()
                .join("  ")
                .trim_end()
                .to_string()
        };
        let mut out = String::new();
        out.push_str(&line(&header));
        out.push('\n');
        out.push_str(&widths.iter().map(|w| "-".repeat(*w)).collect::<Vec<_>>().join("  "));
        out.push('\n');
        for row in &body {
            out.push_str(&line(row));
            out.push('\n');
        }
        let count = if self.truncated {
            format!("({} of {} rows; truncated)", self.row_count, self.total_rows)
        } else {
            format!("({} row{})", self.row_count, if self.row_count == 1 { "" } else { "s" })
        };
        out.push_str(&count);
        out.push('\n');
        if rounded {
            out.push_str(ROUNDED_NOTE);
            out.push('\n');
        }
        out.push_str(&format!("explanation: {}\n", printable(&self.explanation)));
        for date in &self.resolved_dates {
            out.push_str(&format!("date: {}\n", printable(&date.describe())));
        }
        out.push_str(&format!("sql: {}\n", printable(&self.sql)));
        out.push_str(&format!("params: {}\n", printable(&Value::Array(self.params.clone()).to_string())));
        for warning in &self.warnings {
            out.push_str(&format!("warning: {}\n", printable(warning)));
        }
        if let Some(policy) = &self.policy {
            out.push_str(&format!(
                "policy: {} (row filters: {})\n",
                policy.id,
                if policy.row_filters.is_empty() { "none".to_string() } else { policy.row_filters.join(", ") }
            ));
        }
        out.push_str(&format!("snapshot: {}  elapsed: {:.1} ms\n", self.snapshot, self.elapsed_ms));
        out
    }

    /// What the CSV rows leave out, one `querycell:` line each: truncation (and how to get
    /// every row), the days each relative date meant, and every warning. Empty for a whole
    /// answer without relative dates or warnings.
    pub fn csv_notes(&self) -> String {
        let mut notes = String::new();
        if self.truncated {
            notes.push_str(&format!(
                "querycell: truncated: {} of {} rows written; raise --max-rows (up to the deployment's limit) or narrow the question to get every row\n",
                self.row_count, self.total_rows
            ));
        }
        for date in &self.resolved_dates {
            notes.push_str(&format!("querycell: date: {}\n", printable(&date.describe())));
        }
        for warning in &self.warnings {
            notes.push_str(&format!("querycell: warning: {}\n", printable(warning)));
        }
        notes
    }

    /// The rows as CSV with a header line; the receipt is left to `--format json`. A missing
    /// value is an empty field and an empty text a quoted one (`""`), as DuckDB's own CSV
    /// writes them: both were empty fields, so the `""` group and the NULL group of an
    /// answer could not be told apart.
    pub fn render_csv(&self) -> String {
        let mut out = String::new();
        let header: Vec<String> = self.columns.iter().map(|c| csv_field(&c.name)).collect();
        out.push_str(&header.join(","));
        out.push('\n');
        for row in &self.rows {
            let fields: Vec<String> = row
                .iter()
                .map(|cell| match cell {
                    Value::Null => String::new(),
                    other => csv_field(&cell_text(other)),
                })
                .collect();
            out.push_str(&fields.join(","));
            out.push('\n');
        }
        out
    }
}

/// The line under a table whose numbers were rounded for display.
pub const ROUNDED_NOTE: &str =
    "numbers: rounded for display (2 decimals; 3 significant digits below 1); --format json or csv has them in full";

/// A number with a fraction as a table shows it: two decimals, or three significant digits
/// for a magnitude below 1 (so 0.000123 does not show as 0.00), trailing zeros dropped.
/// `None` when that changes nothing (whole numbers, short fractions): it is shown as is.
fn display_number(n: &serde_json::Number) -> Option<String> {
    let x = n.as_f64().filter(|x| n.is_f64() && x.is_finite() && x.fract() != 0.0)?;
    let decimals = if x.abs() >= 1.0 { 2 } else { (2 - x.abs().log10().floor() as i32).clamp(2, 17) as usize };
    let shown = format!("{x:.decimals$}");
    let shown = shown.trim_end_matches('0').trim_end_matches('.');
    (shown.parse::<f64>().ok() != Some(x)).then(|| shown.to_string())
}

/// The scale `s` of a `DECIMAL(p,s)` column's type, `None` for other types.
fn decimal_scale(sql_type: &str) -> Option<usize> {
    sql_type.strip_prefix("DECIMAL(")?.strip_suffix(')')?.split_once(',')?.1.trim().parse().ok()
}

/// A DECIMAL's value as a table shows it: every one of its `scale` decimals (`-45.00`), as
/// amounts are written, and never rounded (its JSON number holds at most 15 significant
/// digits, which a double's shortest form gives back exactly). `None` when the number has
/// more decimals than the scale (it cannot be that column's value).
fn padded_decimal(n: &serde_json::Number, scale: usize) -> Option<String> {
    let x = n.as_f64().filter(|x| x.is_finite())?;
    let text = if n.is_f64() { format!("{x}") } else { n.to_string() };
    let (whole, fraction) = text.split_once('.').unwrap_or((&text, ""));
    match (fraction.len() <= scale, scale) {
        (false, _) => None,
        (true, 0) => Some(whole.to_string()),
        (true, _) => Some(format!("{whole}.{fraction:0<scale$}")),
    }
}

fn cell_text(value: &Value) -> String {
    match value {
        Value::Null => String::new(),
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// One CSV field (RFC 4180): an empty text quoted (`""`), so it differs from a missing
/// value's empty field; one holding a delimiter, a quote or a line break quoted by the `csv`
/// crate's writer; any other as it is.
fn csv_field(text: &str) -> String {
    if text.is_empty() {
        return "\"\"".to_string();
    }
    if !text.contains([',', '"', '\n', '\r']) {
        return text.to_string();
    }
    let mut writer = csv::WriterBuilder::new().terminator(csv::Terminator::Any(b'\n')).from_writer(Vec::new());
    writer.write_record([text]).expect("writing to memory");
    let mut bytes = writer.into_inner().expect("flushing to memory");
    bytes.pop();
    String::from_utf8(bytes).expect("CSV of UTF-8 text is UTF-8")
}

/// Data shown on a terminal cannot carry control sequences: they are shown escaped.
pub(crate) fn printable(text: &str) -> String {
    text.chars().map(|c| if c.is_control() { c.escape_default().to_string() } else { c.to_string() }).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_show_a_decimals_scale_exactly() {
        let shown = |x: f64, sql_type: &str| {
            padded_decimal(&serde_json::Number::from_f64(x).unwrap(), decimal_scale(sql_type).unwrap())
        };
        assert_eq!(shown(-45.0, "DECIMAL(18,2)").as_deref(), Some("-45.00"));
        assert_eq!(shown(1234.56, "DECIMAL(18,2)").as_deref(), Some("1234.56"));
        assert_eq!(shown(0.1, "DECIMAL(38,10)").as_deref(), Some("0.1000000000"), "no binary tail");
        assert_eq!(shown(98.7500000002, "DECIMAL(38,10)").as_deref(), Some("98.7500000002"));
        assert_eq!(shown(7.0, "DECIMAL(9,0)").as_deref(), Some("7"));
        assert_eq!(shown(0.125, "DECIMAL(9,2)"), None, "more decimals than the scale");
        assert_eq!(padded_decimal(&serde_json::Number::from(12), 2).as_deref(), Some("12.00"));
        assert_eq!(decimal_scale("DOUBLE"), None);
    }

    #[test]
    fn tables_round_long_fractions_for_display_only() {
        let shown = |x: f64| display_number(&serde_json::Number::from_f64(x).unwrap());
        assert_eq!(shown(14.666666666666666).as_deref(), Some("14.67"));
        assert_eq!(shown(-2.0 / 3.0).as_deref(), Some("-0.667"));
        assert_eq!(shown(0.000123456).as_deref(), Some("0.000123"));
        assert_eq!(shown(1e21 / 3.0).as_deref(), None, "no fraction to round");
        for unchanged in [14.5, 0.25, 3.0, 0.001] {
            assert_eq!(shown(unchanged), None, "{unchanged}");
        }
        assert_eq!(display_number(&serde_json::Number::from(7)), None);
    }

    #[test]
    fn parameters_render_as_bound() {
        assert_eq!(param_json(&wit::Param::Date(0)), Value::from("1970-01-01"));
        assert_eq!(param_json(&wit::Param::Date(20484)), Value::from("2026-01-31"));
        assert_eq!(param_json(&wit::Param::Date(-1)), Value::from("1969-12-31"));
        assert_eq!(param_json(&wit::Param::Timestamp(1_500_000)), Value::from("1970-01-01 00:00:01.500000"));
        assert_eq!(param_json(&wit::Param::Timestamp(-1_000_000)), Value::from("1969-12-31 23:59:59"));
        assert_eq!(param_json(&wit::Param::Text("P1".into())), Value::from("P1"));
    }

    #[test]
    fn terminal_output_escapes_control_characters() {
        assert_eq!(printable("a\u{1b}[31mb\n"), "a\\u{1b}[31mb\\n");
    }
}
