//! Type decisions for text sources (CSV, TSV, Excel sheets): every column is loaded as text
//! first and grouped by its distinct texts (see [`Groups`]); those are checked type by type
//! (each check stops at the first value that does not fit), and the column gets a type only
//! when every present value fits it. Each decision is recorded with its reason. Careful by
//! default:
//! - `00123` stays text (an identifier, not 123);
//! - dates become DATE/TIMESTAMP only in ISO form (with a UTC offset: converted to UTC),
//!   `YYYY/MM/DD`, or `d/m/Y` / `m/d/Y` / `d.m.Y` when some value proves the order (a day
//!   over 12) and none contradicts it; `03/04/2026` alone stays text, and so does a column
//!   mixing ways of writing dates (its decision counts the rows of each);
//! - in number, boolean and date columns the tokens `NA`, `N/A`, `null`, `NULL`, `-` also
//!   count as missing (reported); in text columns only the configured null tokens do, so
//!   "NA" (North America) is never lost;
//! - in number columns `NaN`, `inf`, `-Infinity` and the like (what numpy, pandas, R and
//!   JavaScript write) are missing too, counted in the decision: never a NaN in an average;
//! - amounts (`$1,234.56`, `($45.00)`, `1.234,56-`, `12.5%`) are numbers when every value
//!   reads as one in one currency or as a percentage (see [`amounts`]).

use super::load::{cell_integer, cell_text, first_row};
use crate::duck::{conversions, Database as Connection, Failure};

mod amounts;

use super::numbers::{self, FileEvidence, Reading, Verdict, READINGS};
use super::sidecar::ColumnOverride;
use crate::error::{Code, Error, ErrorClass, Result};

/// How numbers in a text source are read: what the file says about itself, and what
/// `querycell.toml` settles for the column (its own setting, or its table's).
#[derive(Debug, Clone, Default)]
pub struct NumberSettings {
    /// What the file says about how it writes numbers (its delimiter).
    pub evidence: FileEvidence,
    /// The reading `querycell.toml` settles for the column; `None` leaves it to the values.
    pub configured: Option<Reading>,
}

/// Extra tokens read as missing in typed (non-text) columns; `\N` is how PostgreSQL's and
/// MySQL's text dumps write a missing value.
pub const TYPED_NULL_TOKENS: &[&str] = &["NA", "N/A", "n/a", "null", "NULL", "-", "#N/A", "\\N"];

/// What numpy, pandas, R, JavaScript and spreadsheets write for a value that is not a finite
/// number: missing in a number column (counted in its decision), so that no average is NaN.
/// A column that is not numbers keeps them as text.
pub const NOT_FINITE_TOKENS: &[&str] = &[
    "NaN",
    "nan",
    "NAN",
    "-nan",
    "-NaN",
    "inf",
    "-inf",
    "+inf",
    "Inf",
    "-Inf",
    "+Inf",
    "INF",
    "-INF",
    "Infinity",
    "-Infinity",
    "+Infinity",
    "infinity",
    "-infinity",
];

/// What a column becomes, and why.
#[derive(Debug, Clone, PartialEq)]
pub struct Decision {
    /// The DuckDB type the column gets (`VARCHAR` when it stays text).
    pub sql_type: String,
    /// Why, in words, as the catalog records it.
    pub reason: String,
    /// SQL computing the typed value from the raw text column.
    pub expression: String,
    /// The expression keeps every present text as it is (a text column): distinct texts
    /// stay distinct values, so the column's distinct count is its count of present groups.
    pub keeps_text: bool,
    /// The unit the values were written with (`$`, `€`, `%`), which the catalog records
    /// unless `querycell.toml` gives the column one; `None` for plain values.
    pub unit: Option<String>,
    /// What settled the decimal mark of a number column the values alone could not, or
    /// what the values prove of it; `None` for every other decision.
    pub decimal_mark: Option<DecimalMarkBasis>,
    /// The SQL function (one of [`crate::duck::conversions`]) converting a text of a typed
    /// column as `expression` does, for every text for which this decision stands for more
    /// rows than were decided, and failing the statement for any other: if it converts every
    /// further value of the column (or finds it missing), deciding the whole column gives
    /// this same decision. A load can then check each value as it converts it, instead of
    /// profiling the column first. `None` where no such conversion is known (a text column,
    /// or one with tokens, padding, units or marks that more values could change).
    pub checked: Option<&'static str>,
}

impl Decision {
    /// Whether the column is text only for having no value to type: every cell empty or a
    /// token, where more rows could hold values of a type.
    fn for_want_of_values(&self) -> bool {
        self.keeps_text && (self.reason == NO_VALUES || self.reason == ONLY_TOKENS)
    }

    /// Whether the column (`raw` in the staging table) keeps its text exactly as written,
    /// for a value that fits no type (not for want of values, which more rows could give).
    pub fn keeps_as_written(&self, raw: &str) -> bool {
        self.keeps_text && !self.for_want_of_values() && self.expression == quote(raw)
    }
}

/// The reason of a text column whose cells are all empty or null tokens.
const NO_VALUES: &str = "no values (every cell empty or a null token)";
/// The reason of a text column whose present cells are all tokens typed columns read as missing.
const ONLY_TOKENS: &str = "only null-like tokens such as NA; kept as text";

/// How a number column's decimal mark was settled, where the rest of its file may need to
/// know: a column whose values prove a decimal dot tells the file's other columns how it
/// writes numbers better than its delimiter does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DecimalMarkBasis {
    /// Its values have a dot that only a decimal dot reads (`2.25`): the example.
    ProvenDot(String),
    /// Its values read with either mark, and the file's delimiter (`;`) chose the comma.
    CommaFromTheDelimiter,
}

/// One column of the staging table grouped by its distinct texts, in a temp table:
/// profiling and statistics read it instead of every row, so a column with few distinct
/// values costs one hash pass over its rows, whatever the checks. The text keeps the
/// column's own name, so a decision's expression reads it as it reads the staging table;
/// `rows` says how many rows have it.
///
/// A column whose texts are nearly all distinct (ids, timestamps, free text; judged from a
/// sample of [`DISTINCT_SAMPLE`] rows) is not grouped: grouping would copy it whole to save
/// nothing, and a typed column's distinct count hashes it again anyway. Its "groups" are
/// the staging table's rows, each of weight 1.
pub struct Groups {
    /// The temp table (quoted), or the staging table itself when not grouped.
    pub table: String,
    /// The file's first [`HEAD_ROWS`] rows of the column (under its own name), each with
    /// its place in the file as [`FILE_ORDER`]: a relation.
    pub head: String,
    /// Its row-count column (quoted): the column's name and `#rows`, so never the column's;
    /// `1` when not grouped.
    pub rows: String,
    /// Whether each text is one row of `table` (grouped), so counting rows counts texts.
    pub grouped: bool,
}

/// Rows of a column sampled to judge whether it is worth grouping: past this many rows, a
/// column whose sample is at least nine tenths distinct is read row by row.
pub const DISTINCT_SAMPLE: usize = 50_000;

/// Columns whose samples one scan counts: a query per column cost a scan and a statement
/// each (about half the sampling of a five-column table), and one query for every column of
/// a wide table would hold every column's sample in a hash table at once.
const SAMPLED_TOGETHER: usize = 16;

/// What the first [`DISTINCT_SAMPLE`] rows say of one column: how many distinct texts they
/// hold, and how many rows they are (fewer in a smaller table).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sample {
    /// Distinct texts in the sample (a missing cell is none).
    pub distinct: i64,
    /// Rows in the sample.
    pub rows: i64,
}

impl Sample {
    /// A table shorter than a sample: each column is worth grouping, whatever its texts.
    pub const SHORT_TABLE: Sample = Sample { distinct: 0, rows: 0 };

    /// Whether the column is worth grouping: anything but a full sample nine tenths distinct.
    fn worth_grouping(self) -> bool {
        !(self.rows as usize == DISTINCT_SAMPLE && self.distinct * 10 >= self.rows * 9)
    }
}

/// The [`Sample`] of each of `columns` of staging table `staging`, in their order, read
/// [`SAMPLED_TOGETHER`] columns per scan of the same first rows.
pub fn samples(connection: &Connection, staging: &str, columns: &[&str]) -> Result<Vec<Sample>> {
    let mut samples = Vec::with_capacity(columns.len());
    for chunk in columns.chunks(SAMPLED_TOGETHER) {
        let quoted: Vec<String> = chunk.iter().map(|c| quote(c)).collect();
        let counts: Vec<String> = quoted.iter().map(|c| format!("count(DISTINCT {c})")).collect();
        let row = first_row(
            connection
                .query(&format!(
                    "SELECT {}, count(*) FROM (SELECT {} FROM {} LIMIT {DISTINCT_SAMPLE})",
                    counts.join(", "),
                    quoted.join(", "),
                    quote(staging)
                ))
                .map_err(|e| {
                    let columns = chunk.join(", ");
                    Error::classed(
                        ErrorClass::Internal,
                        Code::IngestFailed,
                        format!("profiling columns {columns}: {e}"),
                    )
                })?,
        );
        let rows = cell_integer(&row, chunk.len());
        samples.extend((0..chunk.len()).map(|at| Sample { distinct: cell_integer(&row, at), rows }));
    }
    Ok(samples)
}

impl Groups {
    /// Group column `column` of staging table `staging`, whose [`Sample`] is `sample`; `slot`
    /// tells apart the groups of the columns of one table, which live until its statistics
    /// are computed. The groups come in a hash table's order, which changes from one ingest
    /// of the same file to the next: no decision depends on it, as the values a decision
    /// names come from the file's first rows ([`Groups::head`]) or are the smallest.
    ///
    /// `in_order` is a table whose rows' `rowid`s are their places in the file (the staging
    /// table itself, when it was written in the file's order), holding the column under the
    /// same name: the decisions name values from its first rows.
    pub fn create(
        connection: &Connection,
        staging: &str,
        column: &str,
        sample: Sample,
        slot: usize,
        in_order: &str,
    ) -> Result<Groups> {
        let c = quote(column);
        let head = format!("(SELECT {c}, rowid AS {FILE_ORDER} FROM {} WHERE rowid < {HEAD_ROWS})", quote(in_order));
        if !sample.worth_grouping() {
            return Ok(Groups { table: quote(staging), head, rows: "1".into(), grouped: false });
        }
        let groups = Groups {
            table: quote(&format!("__querycell_values_{slot}")),
            head,
            rows: quote(&format!("{column}#rows")),
            grouped: true,
        };
        connection
            .execute_batch(&format!(
                "CREATE OR REPLACE TEMP TABLE {} AS SELECT {c}, count(*) AS {} FROM {} GROUP BY {c}",
                groups.table,
                groups.rows,
                quote(staging)
            ))
            .map_err(profiling_failed(column))?;
        Ok(groups)
    }

    /// SQL counting the rows whose text satisfies `condition`.
    pub fn rows_where(&self, condition: &str) -> String {
        format!("coalesce(sum({}) FILTER (WHERE {condition}), 0)", self.rows)
    }

    /// Drop the temp table (the staging table is not the groups' to drop).
    pub fn remove(self, connection: &Connection) -> Result<()> {
        if !self.grouped {
            return Ok(());
        }
        connection
            .execute_batch(&format!("DROP TABLE IF EXISTS {}", self.table))
            .map_err(|e| Error::classed(ErrorClass::Internal, Code::IngestFailed, e.to_string()))
    }
}

/// Text as a DuckDB string literal and a name as a quoted DuckDB identifier: the contract's
/// one quoting.
pub use querycell_contract::quote::{identifier as quote, literal as sql_string};

pub(crate) use crate::duck::TRIMMED_BY_DUCKDB;

/// SQL condition: text `raw` starts or ends with a character `trim` removes, which is exactly
/// `trim(raw) <> raw`, read from its two ends by `duck::shapes`: `trim` copies every text,
/// and on long free text that copy cost as much as the rest of the column's profiling; read
/// by SQL functions, the two ends cost half of the counting query of a column of short values.
pub(crate) fn padded(raw: &str) -> String {
    format!("querycell_padded({raw})")
}

/// SQL: `trim(raw)`, with `trim` run only on the texts that are [`padded`] (a CASE evaluates
/// its THEN for the rows that need it alone).
pub(crate) fn trimmed(raw: &str) -> String {
    format!("CASE WHEN {} THEN trim({raw}) ELSE {raw} END", padded(raw))
}

/// SQL condition: text `raw` is missing, empty, or nothing but what `trim` removes. Such a
/// text, when not empty, starts with a character `trim` removes, so only those are trimmed.
pub(crate) fn blank(raw: &str) -> String {
    let codes = TRIMMED_BY_DUCKDB.map(|c| c.to_string()).join(", ");
    format!("CASE WHEN {raw} IS NULL OR {raw} = '' THEN true WHEN ord({raw}) IN ({codes}) THEN trim({raw}) = '' ELSE false END")
}

/// SQL condition: `raw` is one of `tokens` (they compare after trimming); `None` for no tokens.
fn is_token(raw: &str, tokens: &[String]) -> Option<String> {
    is_trimmed_token(&trimmed(raw), tokens)
}

/// SQL condition: the text `trimmed` (already trimmed) is one of `tokens`; `None` for no
/// tokens. Tokens are short and begin with few characters, so most texts are told apart by
/// their byte length (an id, a timestamp, a sentence) or their first character (a number)
/// before any comparison with the list, which cost as much as the rest of the column's
/// counting query.
fn is_trimmed_token(trimmed: &str, tokens: &[String]) -> Option<String> {
    let list = tokens.iter().map(|t| sql_string(t.trim())).collect::<Vec<_>>().join(", ");
    let longest = tokens.iter().map(|t| t.trim().len()).max()?;
    let mut firsts: Vec<u32> = tokens.iter().filter_map(|t| t.trim().chars().next()).map(u32::from).collect();
    firsts.sort_unstable();
    firsts.dedup();
    let mut starts = Vec::new();
    if !firsts.is_empty() {
        // DuckDB's `ord` is the first character's code point (-1 for the empty text).
        let codes = firsts.iter().map(u32::to_string).collect::<Vec<_>>().join(", ");
        starts.push(format!("ord({trimmed}) IN ({codes})"));
    }
    if tokens.iter().any(|t| t.trim().is_empty()) {
        starts.push(format!("{trimmed} = ''"));
    }
    Some(format!(
        "CASE WHEN strlen({trimmed}) <= {longest} AND ({}) THEN {trimmed} IN ({list}) ELSE false END",
        starts.join(" OR ")
    ))
}

/// The typographic minus sign (U+2212), which some exports write before negative numbers.
const MINUS_SIGN: char = '\u{2212}';

/// The trimmed text's name in the counting query of [`decide`], where it is computed once.
const TRIMMED_TEXT: &str = "\"__querycell_trimmed\"";

/// `raw` with the given null tokens mapped to NULL.
fn without_tokens(raw: &str, tokens: &[String]) -> String {
    match is_token(raw, tokens) {
        Some(token) => format!("CASE WHEN {token} THEN NULL ELSE {raw} END"),
        None => raw.to_string(),
    }
}

/// `trim(raw)` with the given tokens mapped to NULL (the tokens compare trimmed).
fn trimmed_without_tokens(raw: &str, tokens: &[String]) -> String {
    match is_token(raw, tokens) {
        Some(token) => format!("CASE WHEN {token} THEN NULL ELSE {} END", trimmed(raw)),
        None => trimmed(raw),
    }
}

/// The error for a DuckDB failure while profiling `column`: querycell's own statement
/// failed, not the file.
fn profiling_failed(column: &str) -> impl Fn(Failure) -> Error + Copy + '_ {
    move |e| Error::classed(ErrorClass::Internal, Code::IngestFailed, format!("profiling column {column}: {e}"))
}

/// Decide the type of text column `column`, grouped in `groups`. `judging`, only whether it
/// stays text is asked: a text decision's reason, which reads the values again for an
/// example to name, is left empty.
pub fn decide(
    connection: &Connection,
    groups: &Groups,
    column: &str,
    null_tokens: &[String],
    over: Option<&ColumnOverride>,
    numbers: &NumberSettings,
    judging: bool,
) -> Result<Decision> {
    let raw = quote(column);
    let mut typed_tokens: Vec<String> = null_tokens.to_vec();
    typed_tokens.extend(TYPED_NULL_TOKENS.iter().chain(NOT_FINITE_TOKENS).map(|t| t.to_string()));
    let not_finite: Vec<String> = NOT_FINITE_TOKENS.iter().map(|t| t.to_string()).collect();
    let not_finite = is_trimmed_token(TRIMMED_TEXT, &not_finite).expect("the tokens are not empty");
    // A configured null token that is also a NaN spelling is missing in every column anyway.
    let not_finite = match is_trimmed_token(TRIMMED_TEXT, null_tokens) {
        Some(null) => format!("{not_finite} AND NOT {null}"),
        None => not_finite,
    };
    let failed = profiling_failed(column);
    // Counted on the texts themselves (a cell is missing when it is empty or a token), each
    // trimmed once. Trimming only takes characters away, so a padded text is one whose
    // length changed: comparing lengths, not texts, does not read a long text twice.
    let counts = first_row(
        connection
            .query(&format!(
                "SELECT {}, {}, {}, bool_or(strlen({TRIMMED_TEXT}) <> strlen({raw})), {}, bool_or(contains({raw}, '{MINUS_SIGN}')) FROM (SELECT {raw}, {}, {} AS {TRIMMED_TEXT} FROM {})",
                groups.rows_where(&format!("{raw} IS NOT NULL")),
                is_trimmed_token(TRIMMED_TEXT, null_tokens).map_or("0".into(), |t| groups.rows_where(&t)),
                groups.rows_where(
                    &is_trimmed_token(TRIMMED_TEXT, &typed_tokens).expect("the typed tokens are never empty")
                ),
                groups.rows_where(&not_finite),
                groups.rows,
                trimmed(&raw),
                groups.table
            ))
            .map_err(failed)?,
    );
    let (filled, null_hits, typed_hits) =
        (cell_integer(&counts, 0), cell_integer(&counts, 1), cell_integer(&counts, 2));
    let padded = counts.get(3).and_then(crate::duck::Cell::boolean).unwrap_or(false);
    let not_finite = cell_integer(&counts, 4);
    // What is stored: the text with the null tokens as NULL (text), or also the typed tokens,
    // trimmed (other types). Where no cell is a token (or padded), that is the text itself,
    // and the table is written without the mapping, which costs as much per row as the rest
    // of the write.
    let text_value = if null_hits == 0 { raw.clone() } else { without_tokens(&raw, null_tokens) };
    let typed_value =
        if typed_hits == 0 && !padded { raw.clone() } else { trimmed_without_tokens(&raw, &typed_tokens) };
    // The typographic minus (Finnish and Swedish exports, typeset reports) is read as `-`
    // where a value is typed; only a column holding one pays for the replacement.
    let minus_sign = counts.get(5).and_then(crate::duck::Cell::boolean).unwrap_or(false);
    let typed_value = if minus_sign { format!("replace({typed_value}, '{MINUS_SIGN}', '-')") } else { typed_value };

    if let Some(decision) = over.and_then(|over| overridden(over, numbers, &text_value, &typed_value)) {
        return Ok(decision);
    }

    // The null tokens are among the typed tokens: a text cell is missing in both readings.
    let (text_present, present) = (filled - null_hits, filled - typed_hits);
    let typed_tokens = typed_hits - null_hits - not_finite;
    // The checks below read one value per distinct text and stop at the first
    // counterexample, so a text column costs next to nothing, and a typed one one pass over
    // its distinct texts per check it passes.
    let values = Values {
        connection,
        failed: &failed,
        from: format!("(SELECT {typed_value} AS v, {} AS n FROM {}) WHERE v IS NOT NULL", groups.rows, groups.table),
        head: format!("(SELECT {typed_value} AS v, {FILE_ORDER} FROM {}) WHERE v IS NOT NULL", groups.head),
        first_rows: format!(
            "(SELECT {typed_value} AS v, {} AS n FROM {} LIMIT {FIRST_ROWS}) WHERE v IS NOT NULL",
            groups.rows, groups.table
        ),
    };
    let as_written = typed_hits == 0 && !padded && !minus_sign;
    let profile = Profile { text_present, present, typed_tokens, not_finite, numbers, judging, as_written };
    profile.decide(&values, &text_value, &typed_value).map(|decision| noted(decision, numbers, minus_sign))
}

/// What a typed column's decision also says: Excel durations are numbers of seconds (the
/// unit says so), and a typographic minus was read as `-`. A text column keeps neither.
fn noted(mut decision: Decision, numbers: &NumberSettings, minus_sign: bool) -> Decision {
    if decision.keeps_text {
        return decision;
    }
    if let Some(why) = &numbers.evidence.durations {
        decision.unit = decision.unit.or_else(|| Some("seconds".to_string()));
        decision.reason.push_str(&format!("; {why}"));
    }
    if minus_sign {
        decision.reason.push_str(&format!("; '{MINUS_SIGN}' (U+2212, the typographic minus) read as a minus sign"));
    }
    decision
}

/// The decision `querycell.toml` makes for the column, if it sets its type or its date
/// format: the user's word wins over anything the values suggest.
fn overridden(
    over: &ColumnOverride,
    numbers: &NumberSettings,
    text_value: &str,
    typed_value: &str,
) -> Option<Decision> {
    if let Some(sql_type) = &over.sql_type {
        let sql_type = sql_type.to_ascii_uppercase();
        let expression = match (&over.date_format, sql_type.as_str()) {
            (Some(format), "DATE") => format!("CAST(strptime({typed_value}, {}) AS DATE)", sql_string(format)),
            (Some(format), _) => format!("strptime({typed_value}, {})", sql_string(format)),
            (None, "VARCHAR") => text_value.to_string(),
            (None, "BOOLEAN") => format!("CAST(lower({typed_value}) AS BOOLEAN)"),
            (None, number @ ("BIGINT" | "DOUBLE")) if numbers.configured.is_some() => {
                format!("CAST({} AS {number})", numbers.configured.expect("checked").normalized(typed_value))
            }
            (None, other) => format!("CAST({typed_value} AS {other})"),
        };
        let reason = match (&over.date_format, numbers.configured) {
            (Some(format), _) => format!("{sql_type} with format {format}, set in querycell.toml"),
            (None, Some(reading)) if matches!(sql_type.as_str(), "BIGINT" | "DOUBLE") => {
                format!("{sql_type} written with {reading}, set in querycell.toml")
            }
            (None, _) => format!("{sql_type}, set in querycell.toml"),
        };
        let keeps_text = expression == text_value;
        return Some(Decision {
            sql_type,
            reason,
            expression,
            keeps_text,
            unit: None,
            decimal_mark: None,
            checked: None,
        });
    }
    if let Some(format) = &over.date_format {
        return Some(Decision {
            sql_type: "DATE".into(),
            reason: format!("DATE with format {format}, set in querycell.toml"),
            expression: format!("CAST(strptime({typed_value}, {}) AS DATE)", sql_string(format)),
            keeps_text: false,
            unit: None,
            decimal_mark: None,
            checked: None,
        });
    }
    None
}

/// SQL condition: the number `v` is beyond what a DOUBLE holds (`1e400`, `-1e999`), so a
/// cast would store it as infinite and every average over it would be NaN. Only a value with
/// an exponent, or of over 300 characters, can be that large, so the others are not parsed.
/// (The NaN and infinity tokens are missing values already, never `v`.)
/// (`contains` twice, not `lower`, which copied every value.)
const BEYOND_DOUBLE: &str =
    "(contains(v, 'e') OR contains(v, 'E') OR strlen(v) > 300) AND isinf(TRY_CAST(v AS DOUBLE))";
/// [`BEYOND_DOUBLE`] for a plain value ([`numbers::PLAIN_NUMBER`]), which has no exponent:
/// looking for one cost a fifth of the readings' pass over a column of prices.
const PLAIN_BEYOND_DOUBLE: &str = "strlen(v) > 300 AND isinf(TRY_CAST(v AS DOUBLE))";
/// A value carrying a mark readings may disagree on (`.` or `,`); a plain value can carry
/// only the dot.
const MARKED: &str = "contains(v, '.') OR contains(v, ',')";
const PLAIN_MARKED: &str = "contains(v, '.')";

/// What the readings' pass says of a column's values: which of `READINGS` every value fits,
/// the smallest value with a mark readings may disagree on, and the smallest value no DOUBLE
/// holds.
struct Readings {
    fits: Vec<bool>,
    marked: Option<String>,
    beyond_double: Option<String>,
}

/// The column of [`Values::readings`]' inner query saying whether `v` is a plain number;
/// `v` is the only other column there.
const PLAIN: &str = "\"plain\"";
/// `[+-]?[0-9]+`, matched without RE2 (`duck::shapes`), as are [`ISO_DATE`]'s and
/// [`ISO_TIMESTAMP`]'s patterns.
const INTEGER: &str = "querycell_integer(v)";
/// A whole number (a value [`INTEGER`] matched) with a leading zero, `[+-]?0[0-9]+`, told by
/// its first characters and its length: the pattern on every value of a column of ids cost
/// five times as much.
const LEADING_ZERO: &str =
    "(prefix(v, '0') AND strlen(v) > 1) OR ((prefix(v, '+0') OR prefix(v, '-0')) AND strlen(v) > 2)";
/// A whole number (a value [`INTEGER`] matched) written with a `+` and at least eight digits,
/// as international phone numbers are (`+4930123456`): a sign no one writes on a count.
const PHONE_NUMBER: &str = "prefix(v, '+') AND strlen(v) >= 9";
/// A whole number (a value [`INTEGER`] matched) that BIGINT holds. One of at most 18
/// characters has at most 18 digits, under 10^18, so only longer ones are cast: casting each
/// of a column of 3 M ids took 35 ms.
const BIGINT: &str = "CASE WHEN strlen(v) <= 18 THEN true ELSE TRY_CAST(v AS BIGINT) IS NOT NULL END";
const BOOLEAN: &str = "lower(v) IN ('true', 'false')";
/// `[0-9]{4}-[0-9]{2}-[0-9]{2}`, a real date.
const ISO_DATE: &str = "querycell_iso_date(v) AND TRY_CAST(v AS DATE) IS NOT NULL";
/// `[0-9]{4}-[0-9]{2}-[0-9]{2}[ T][0-9]{2}:[0-9]{2}(:[0-9]{2}([.][0-9]{1,6})?)?`, a real
/// date and time.
const ISO_TIMESTAMP: &str = "querycell_iso_timestamp(v) AND TRY_CAST(v AS TIMESTAMP) IS NOT NULL";
/// An ISO date-time with a UTC offset (`2025-03-01T23:30:00-05:00`, `…Z`, `…+0100`).
/// The offset is a real one, hours 00–23 and minutes 00–59: DuckDB's cast also takes
/// `+25:00` and `+01:60`, and shifted such a value by them.
const ZONED_TIMESTAMP: &str = "regexp_full_match(v, '[0-9]{4}-[0-9]{2}-[0-9]{2}[ T][0-9]{2}:[0-9]{2}(:[0-9]{2}([.][0-9]{1,6})?)?(Z|[+-]([01][0-9]|2[0-3])(:?[0-5][0-9])?)') AND TRY_CAST(v AS TIMESTAMP WITH TIME ZONE) IS NOT NULL";
const SLASH_DATE: &str = "regexp_full_match(v, '[0-9]{1,2}/[0-9]{1,2}/[0-9]{4}')";
/// Day-first dates with dots (`31.12.2025`), as German, Swiss and Russian exports write them.
const DOTTED_DATE: &str = "regexp_full_match(v, '[0-9]{1,2}[.][0-9]{1,2}[.][0-9]{4}')";
/// Year first with slashes (`2026/01/06`): only one order is ever written that way.
const YEAR_SLASH_DATE: &str =
    "regexp_full_match(v, '[0-9]{4}/[0-9]{2}/[0-9]{2}') AND TRY_STRPTIME(v, '%Y/%m/%d') IS NOT NULL";
/// `Jan 7 2026`, `January 7, 2026`.
const MONTH_NAME_FIRST: &str =
    "regexp_full_match(lower(v), '(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*[.]? [0-9]{1,2},? [0-9]{4}')";
/// `7 Jan 2026`, `07-Jan-2026`.
const DAY_FIRST_MONTH_NAME: &str = "regexp_full_match(lower(v), '[0-9]{1,2}[ -](jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*[.]?[ -][0-9]{4}')";

/// A way of writing dates, for telling the operator which ways one column mixes.
struct DateStyle {
    /// How the style is written, in words.
    name: &'static str,
    condition: &'static str,
}

/// Every way of writing dates the profile recognises, in the order decisions list them.
const DATE_STYLES: [DateStyle; 8] = [
    DateStyle { name: "YYYY-MM-DD", condition: ISO_DATE },
    DateStyle { name: "YYYY-MM-DD hh:mm:ss", condition: ISO_TIMESTAMP },
    DateStyle { name: "YYYY-MM-DDThh:mm:ss with a UTC offset", condition: ZONED_TIMESTAMP },
    DateStyle { name: "YYYY/MM/DD", condition: YEAR_SLASH_DATE },
    DateStyle { name: "D/M/YYYY or M/D/YYYY", condition: SLASH_DATE },
    DateStyle { name: "D.M.YYYY", condition: DOTTED_DATE },
    DateStyle { name: "month name, day, year (Jan 7 2026)", condition: MONTH_NAME_FIRST },
    DateStyle { name: "day, month name, year (7 Jan 2026)", condition: DAY_FIRST_MONTH_NAME },
];

/// The decision for timestamps with a UTC offset: the words a Parquet or JSON column of
/// zoned timestamps gets too, so both read alike wherever decisions are shown.
pub const ZONED_DECISION: &str = "timestamps with a time zone in the file, converted to UTC";

/// Questions about the present values of the column being profiled, one per distinct text.
struct Values<'a> {
    connection: &'a Connection,
    failed: &'a dyn Fn(Failure) -> Error,
    /// `FROM` and `WHERE` reading them as `v`, each with its count of rows as `n`.
    from: String,
    /// The same over the file's first [`HEAD_ROWS`] rows, each with its place in the file as
    /// [`FILE_ORDER`]: where a decision names a value, it names the first of these.
    head: String,
    /// The same over the first [`FIRST_ROWS`] rows (or groups) only: where a check that
    /// would stop early at a counterexample is folded into a full pass, a text column still
    /// shows itself here first, cheaply.
    first_rows: String,
}

/// Rows (or groups) [`Values::first_rows`] reads.
const FIRST_ROWS: usize = 10_000;

/// The file's first rows, from which a decision names the value that shows it
/// ([`Values::fitting_none`]).
pub const HEAD_ROWS: usize = 2_000;

/// The name under which [`Groups::head`] gives each row's place in the file.
const FILE_ORDER: &str = "\"__querycell_at\"";

impl Values<'_> {
    /// Does every value satisfy `condition`? Stops at the first one that does not.
    fn all(&self, condition: &str) -> Result<bool> {
        self.all_fit_one_of(&[condition])
    }

    /// Does every value satisfy at least one of `alternatives`? Stops at the first that
    /// satisfies none.
    fn all_fit_one_of(&self, alternatives: &[&str]) -> Result<bool> {
        Ok(self.any_fitting_none(alternatives)?.is_none())
    }

    /// The value not satisfying `condition` (false or null) that a decision names: see
    /// [`Values::fitting_none`].
    fn counterexample(&self, condition: &str) -> Result<Option<String>> {
        self.fitting_none(&[condition])
    }

    /// The value satisfying none of `alternatives` (each false or null) that a decision
    /// names: the first such among the file's first rows, else the smallest such. Named so,
    /// it depends on the file alone, not on the order in which a load wrote the rows past
    /// the first (ingest writes a table in parallel where it can, see `load::checked`).
    fn fitting_none(&self, alternatives: &[&str]) -> Result<Option<String>> {
        let filter = Self::filter(alternatives);
        let first = self
            .connection
            .query(&format!("SELECT v FROM {}{filter} ORDER BY {FILE_ORDER} LIMIT 1", self.head))
            .map_err(self.failed)?;
        if let Some(value) = first.first().and_then(|row| cell_text(row, 0)) {
            return Ok(Some(value));
        }
        let rows = self.connection.query(&format!("SELECT min(v) FROM {}{filter}", self.from)).map_err(self.failed)?;
        Ok(rows.first().and_then(|row| cell_text(row, 0)))
    }

    /// Any value satisfying none of `alternatives`, whichever is found first: for a check
    /// that only asks whether there is one, or uses it only to ask more of it.
    fn any_fitting_none(&self, alternatives: &[&str]) -> Result<Option<String>> {
        let filter = Self::filter(alternatives);
        let rows =
            self.connection.query(&format!("SELECT v FROM {}{filter} LIMIT 1", self.from)).map_err(self.failed)?;
        Ok(rows.first().and_then(|row| cell_text(row, 0)))
    }

    /// The filter keeping values satisfying none of `alternatives`. Each alternative is a
    /// conjunct of its own, so a value is tested against the next one only when those
    /// before it failed: one `OR` of them inside `coalesce` tested every value against all
    /// of them (a column of ISO timestamps was matched as dates too, twice the work).
    /// Written with `coalesce`, not `NOT c OR c IS NULL`, which evaluated `c` twice per
    /// value.
    fn filter(alternatives: &[&str]) -> String {
        alternatives.iter().map(|condition| format!(" AND NOT coalesce(({condition}), false)")).collect()
    }

    /// Which of `READINGS` every value fits, and the smallest value carrying a mark that
    /// readings may disagree on: one pass over the distinct values. A plain value
    /// (`1234.50`) is matched once, not once per reading: eight patterns per value were
    /// most of the profiling of a column of many distinct numbers. The marks are found
    /// with `contains`, cheaper than a pattern on every value.
    fn readings(&self) -> Result<(Vec<bool>, Option<String>)> {
        self.readings_and(None).map(|(_, readings)| (readings.fits, readings.marked))
    }

    /// [`Values::readings`], and first whether every value is [`numbers::NUMBER_LIKE`], in
    /// the same pass: a plain value is number-like without the pattern. As a check of its
    /// own, a column of numbers paid a full pass for it (a quarter of profiling a column of
    /// prices); it is asked of the first rows alone first, where a text column shows itself.
    fn number_like_readings(&self) -> Result<Option<Readings>> {
        let first_rows = Values {
            connection: self.connection,
            failed: self.failed,
            from: self.first_rows.clone(),
            head: self.head.clone(),
            first_rows: self.first_rows.clone(),
        };
        if !first_rows.all(numbers::NUMBER_LIKE)? {
            return Ok(None);
        }
        let (number_like, readings) = self.readings_and(Some(numbers::NUMBER_LIKE))?;
        Ok(number_like.then_some(readings))
    }

    /// The readings' pass, also asking whether every value that is not plain satisfies
    /// `beside_plain` (a plain value does); without it, that answer is `true`. Last, the
    /// smallest value no DOUBLE holds (`1e400`, which a cast makes infinite).
    ///
    /// The first rows are read first: a reading one of them does not fit fits no column
    /// holding it, so the whole pass leaves it out (`false`) instead of matching its pattern
    /// on every value. A column of prices with three decimals (`0.125`) otherwise matched the
    /// dot-grouped pattern on each of them, a third of the pass, though its first value
    /// already ruled that reading out.
    fn readings_and(&self, beside_plain: Option<&str>) -> Result<(bool, Readings)> {
        let everywhere = [true; READINGS.len()];
        let candidates = match self.from == self.first_rows {
            true => everywhere,
            false => self.readings_pass(&self.first_rows, None, &everywhere)?.1.fits.try_into().unwrap_or(everywhere),
        };
        self.readings_pass(&self.from, beside_plain, &candidates)
    }

    /// One pass of [`Values::readings_and`] over the values `from` selects, matching only
    /// the readings `candidates` marks (the others are known not to fit).
    fn readings_pass(
        &self,
        from: &str,
        beside_plain: Option<&str>,
        candidates: &[bool; READINGS.len()],
    ) -> Result<(bool, Readings)> {
        let fits = READINGS
            .iter()
            .zip(candidates)
            .map(|(r, &candidate)| match candidate {
                true => format!(
                    "count(*) FILTER (WHERE CASE WHEN {PLAIN} THEN {} ELSE {} END) = count(*)",
                    r.matches_plain(),
                    r.matches()
                ),
                false => "false".to_string(),
            })
            .collect::<Vec<_>>()
            .join(", ");
        let row = first_row(
            self.connection
                .query(&format!(
                    "SELECT {}, {fits}, \
                     min(v) FILTER (WHERE CASE WHEN {PLAIN} THEN {PLAIN_MARKED} ELSE {MARKED} END), \
                     min(v) FILTER (WHERE CASE WHEN {PLAIN} THEN {PLAIN_BEYOND_DOUBLE} ELSE {BEYOND_DOUBLE} END) \
                     FROM (SELECT v, {} AS {PLAIN} FROM {from})",
                    beside_plain.map_or("true".to_string(), |condition| format!(
                        "count(*) FILTER (WHERE CASE WHEN {PLAIN} THEN true ELSE coalesce({condition}, false) END) = count(*)"
                    )),
                    numbers::PLAIN_NUMBER,
                ))
                .map_err(self.failed)?,
        );
        let flag = |i: usize| row.get(i).and_then(crate::duck::Cell::boolean).unwrap_or(false);
        let fit = (1..=READINGS.len()).map(flag).collect();
        let readings = Readings {
            fits: fit,
            marked: cell_text(&row, READINGS.len() + 1),
            beyond_double: cell_text(&row, READINGS.len() + 2),
        };
        Ok((flag(0), readings))
    }

    /// For each of [`DATE_STYLES`], the rows written that way and the smallest such value
    /// (no row: `(0, None)`): one pass over the distinct values.
    fn date_styles(&self) -> Result<Vec<(i64, Option<String>)>> {
        let columns = DATE_STYLES
            .iter()
            .map(|style| {
                format!("coalesce(sum(n) FILTER (WHERE {c}), 0), min(v) FILTER (WHERE {c})", c = style.condition)
            })
            .collect::<Vec<_>>()
            .join(", ");
        let row =
            first_row(self.connection.query(&format!("SELECT {columns} FROM {}", self.from)).map_err(self.failed)?);
        Ok((0..DATE_STYLES.len()).map(|i| (cell_integer(&row, 2 * i), cell_text(&row, 2 * i + 1))).collect())
    }

    /// Does the one value `value` satisfy `condition`?
    fn satisfies(&self, value: &str, condition: &str) -> Result<bool> {
        let rows = self
            .connection
            .query(&format!("SELECT coalesce({condition}, false) FROM (SELECT {} AS v)", sql_string(value)))
            .map_err(self.failed)?;
        Ok(first_row(rows).first().and_then(crate::duck::Cell::boolean).unwrap_or(false))
    }

    /// The smallest value satisfying `condition`, as an example for the decision's reason.
    fn example(&self, condition: &str) -> Result<Option<String>> {
        let rows = self
            .connection
            .query(&format!("SELECT min(v) FROM {} AND ({condition})", self.from))
            .map_err(self.failed)?;
        Ok(cell_text(&first_row(rows), 0))
    }
}

struct Profile<'a> {
    text_present: i64,
    present: i64,
    /// Cells read as missing for being `NA`, `null`, `-` and the like.
    typed_tokens: i64,
    /// Cells read as missing for being `NaN` or infinite (in a number column only).
    not_finite: i64,
    numbers: &'a NumberSettings,
    /// Only whether the column stays text is asked (see [`decide`]).
    judging: bool,
    /// See [`Outcomes::as_written`].
    as_written: bool,
}

/// The two ways a profile ends, sharing what every decision of each kind carries: a text
/// column keeps `text_value`; a typed one converts `typed_value`, and its reason says how
/// many null-like tokens it read as missing, since those cells are lost as text.
struct Outcomes<'a> {
    text_value: &'a str,
    typed_value: &'a str,
    tokens_note: String,
    /// No value is a token, padded or written with a typographic minus: the typed value is
    /// the text as written.
    as_written: bool,
}

impl Outcomes<'_> {
    fn text(&self, reason: String) -> Result<Decision> {
        Ok(Decision {
            sql_type: "VARCHAR".into(),
            reason,
            expression: self.text_value.to_string(),
            keeps_text: true,
            unit: None,
            decimal_mark: None,
            checked: None,
        })
    }

    fn typed(&self, sql_type: &str, reason: &str, expression: String) -> Result<Decision> {
        self.typed_in(sql_type, reason, expression, None)
    }

    /// A typed decision whose values were written with `unit` (`$`, `%`).
    fn typed_in(&self, sql_type: &str, reason: &str, expression: String, unit: Option<String>) -> Result<Decision> {
        Ok(Decision {
            sql_type: sql_type.into(),
            reason: format!("{reason}{}", self.tokens_note),
            expression,
            keeps_text: false,
            unit,
            decimal_mark: None,
            checked: None,
        })
    }

    /// A typed decision (with no unit) that stands while the function `conversion` converts
    /// every further value: see [`Decision::checked`]. Only a column read as written (no
    /// token, padding or typographic minus) carries it, since a further token or padded
    /// value would change the expression.
    fn typed_while(
        &self,
        sql_type: &str,
        reason: &str,
        expression: String,
        conversion: Option<&'static str>,
    ) -> Result<Decision> {
        let decision = self.typed(sql_type, reason, expression)?;
        Ok(Decision { checked: conversion.filter(|_| self.as_written), ..decision })
    }
}

impl Profile<'_> {
    /// The checks run from the narrowest type to the widest, and the first that every value
    /// passes decides: whole numbers before numbers, numbers before booleans and dates.
    fn decide(&self, values: &Values<'_>, text_value: &str, typed_value: &str) -> Result<Decision> {
        let mut tokens_note = if self.typed_tokens > 0 {
            format!("; {} value(s) like NA, N/A, null or - read as missing", self.typed_tokens)
        } else {
            String::new()
        };
        if self.not_finite > 0 {
            tokens_note.push_str(&format!(
                "; {} value(s) NaN or infinite (like NaN, inf, -Infinity) read as missing, so no average is NaN",
                self.not_finite
            ));
        }
        let out = Outcomes { text_value, typed_value, tokens_note, as_written: self.as_written };
        if self.text_present == 0 {
            return out.text(NO_VALUES.into());
        }
        if self.present == 0 {
            return out.text(ONLY_TOKENS.into());
        }
        if values.all(INTEGER)? {
            return whole_numbers(values, &out);
        }
        if let Some(reading) = self.numbers.configured {
            return self.configured_number(values, reading, &out);
        }
        if let Some(decision) = self.detected_number(values, &out)? {
            return Ok(decision);
        }
        if let Some(decision) = amounts::decide(values, self.numbers, &out)? {
            return Ok(decision);
        }
        // NaN and infinity are missing numbers; among other values they are text.
        if self.not_finite > 0 {
            let example = match values.counterexample(numbers::NUMBER_LIKE)? {
                Some(value) => value,
                None => values.counterexample(&READINGS[0].matches())?.unwrap_or_default(),
            };
            return out.text(format!(
                "text: {} value(s) NaN or infinite (like NaN, inf) beside values that are not numbers (e.g. '{example}')",
                self.not_finite
            ));
        }
        if values.all(BOOLEAN)? {
            return out.typed_while(
                "BOOLEAN",
                "every value is true or false",
                format!("CAST(lower({typed_value}) AS BOOLEAN)"),
                Some(conversions::TRUE_OR_FALSE),
            );
        }
        if let Some(decision) = dates(values, &out)? {
            return Ok(decision);
        }
        match self.judging {
            true => out.text(String::new()),
            false => plain_text(values, &out),
        }
    }

    /// Numbers written the way `querycell.toml` sets for the column: a value that does not
    /// fit keeps the column text rather than being guessed at.
    fn configured_number(&self, values: &Values<'_>, reading: Reading, out: &Outcomes<'_>) -> Result<Decision> {
        match values.counterexample(&reading.matches())? {
            None => self.number(values, reading, format!("written with {reading}, set in querycell.toml"), out),
            Some(value) => match amounts::decide(values, self.numbers, out)? {
                Some(decision) => Ok(decision),
                None => out.text(not_configured_number(&value, reading)),
            },
        }
    }

    /// Numbers whose way of writing the values (and the file) decide; `None` when the values
    /// are not numbers, so the other types are tried.
    fn detected_number(&self, values: &Values<'_>, out: &Outcomes<'_>) -> Result<Option<Decision>> {
        let typed_value = out.typed_value;
        let Some(Readings { fits, marked, beyond_double }) = values.number_like_readings()? else {
            return Ok(None);
        };
        let basis = decimal_mark_basis(&fits, marked.as_deref(), &self.numbers.evidence);
        let dotted = marked.is_some();
        let verdict = numbers::verdict(&fits, marked, &self.numbers.evidence);
        if let (Some(value), Verdict::Number { .. }) = (beyond_double, &verdict) {
            return out.text(out_of_range(&value)).map(Some);
        }
        let decided = match verdict {
            Verdict::Number { reading, example: None, why: None } if reading == READINGS[0] => out
                .typed_while(
                    "DOUBLE",
                    "every value is a number",
                    format!("CAST({typed_value} AS DOUBLE)"),
                    plain_numbers_stand(&fits, dotted, &self.numbers.evidence).then_some(conversions::PLAIN_NUMBER),
                )
                .map(Some),
            Verdict::Number { reading, example, why } => {
                self.number(values, reading, written_with(reading, example, why), out).map(Some)
            }
            Verdict::Ambiguous { example } => out.text(ambiguous_numbers(&fits, &example)).map(Some),
            Verdict::NotNumbers => Ok(None),
        };
        decided.map(|decision| decision.map(|d| Decision { decimal_mark: basis.filter(|_| !d.keeps_text), ..d }))
    }

    /// A column whose every value is a number under `reading` (`how` says how they are
    /// written): BIGINT when none has a fraction and all fit, DOUBLE when all fit a double.
    /// Whole numbers past BIGINT stay text, as they do written without groups
    /// ([`whole_numbers`]): a DOUBLE would keep only their first 15–17 digits, so
    /// `12,345,678,901,234,567,890` would be stored as another number.
    fn number(&self, values: &Values<'_>, reading: Reading, how: String, out: &Outcomes<'_>) -> Result<Decision> {
        let normalized = reading.normalized(out.typed_value);
        if values.all(&format!("NOT ({})", reading.has_fraction_sql()))? {
            let Some(example) =
                values.counterexample(&format!("TRY_CAST({} AS BIGINT) IS NOT NULL", reading.normalized("v")))?
            else {
                return out.typed("BIGINT", &format!("whole numbers {how}"), format!("CAST({normalized} AS BIGINT)"));
            };
            return out.text(format!("whole numbers {how}, '{example}' too large for BIGINT: kept as text"));
        }
        if let Some(value) =
            values.counterexample(&format!("isfinite(TRY_CAST({} AS DOUBLE))", reading.normalized("v")))?
        {
            return out.text(out_of_range(&value));
        }
        out.typed("DOUBLE", &format!("numbers {how}"), format!("CAST({normalized} AS DOUBLE)"))
    }
}

/// What a column's readings say of its decimal mark, for its file's other columns: a dot
/// proven by a value only a decimal dot reads (no comma reading fits), or a comma chosen by
/// the file's delimiter alone (both marks fit, and nothing but the delimiter chose).
fn decimal_mark_basis(fits: &[bool], marked: Option<&str>, evidence: &FileEvidence) -> Option<DecimalMarkBasis> {
    let fits_with = |mark: numbers::DecimalMark| READINGS.iter().zip(fits).any(|(r, fit)| r.decimal == mark && *fit);
    let (dot, comma) = (fits_with(numbers::DecimalMark::Dot), fits_with(numbers::DecimalMark::Comma));
    match marked {
        Some(example) if dot && !comma && example.contains('.') => {
            Some(DecimalMarkBasis::ProvenDot(example.to_string()))
        }
        Some(_) if dot && comma && evidence.decimal_dot.is_none() && evidence.decimal_comma.is_some() => {
            Some(DecimalMarkBasis::CommaFromTheDelimiter)
        }
        _ => None,
    }
}

/// Whether a column of plain numbers read with a decimal dot stays so while every further
/// value is plain and of at most 300 characters ([`conversions::PLAIN_NUMBER`]): none is
/// beyond a DOUBLE ([`PLAIN_BEYOND_DOUBLE`]), and every reading that fit still fits (a plain
/// value fits every dot reading). Not where a comma reading fit values without a dot and
/// nothing in the file chose the dot: a further value with a dot would make them ambiguous
/// ([`numbers::verdict`]).
fn plain_numbers_stand(fits: &[bool], marked: bool, evidence: &FileEvidence) -> bool {
    let comma_fits = READINGS.iter().zip(fits).any(|(r, fit)| r.decimal == numbers::DecimalMark::Comma && *fit);
    !(evidence.decimal_dot.is_none() && comma_fits && !marked)
}

/// The reason a column of numbers stays text when `value` is beyond what a DOUBLE holds.
fn out_of_range(value: &str) -> String {
    format!("'{value}' is out of range for a number: kept as text")
}

/// How a column's numbers are written, for its decision: the reading, a value that shows
/// it, and the file's evidence when that settled it.
fn written_with(reading: Reading, example: Option<String>, why: Option<String>) -> String {
    let shown = example.map(|e| format!(" (e.g. '{e}' = {})", reading.read(&e))).unwrap_or_default();
    let why = why.map(|w| format!("; {w}")).unwrap_or_default();
    format!("written with {reading}{shown}{why}")
}

/// The reason a column stays text when `value` does not fit the reading `querycell.toml` set.
fn not_configured_number(value: &str, reading: Reading) -> String {
    format!("'{value}' is not a number written with {reading} (set in querycell.toml): kept as text")
}

/// Values that are all digits: a leading zero marks an identifier, which must keep its
/// zeros, so the column stays text; so does one too large for BIGINT.
fn whole_numbers(values: &Values<'_>, out: &Outcomes<'_>) -> Result<Decision> {
    let typed_value = out.typed_value;
    if let Some(example) = values.example(LEADING_ZERO)? {
        return out.text(format!(
            "digits with leading zeros (e.g. '{example}'): kept as text so identifiers keep their zeros"
        ));
    }
    if let Some(example) = values.example(PHONE_NUMBER)? {
        return out.text(format!(
            "digits written with a leading + (e.g. '{example}'), as phone numbers are: kept as text so they keep it"
        ));
    }
    if values.all(BIGINT)? {
        return out.typed_while(
            "BIGINT",
            "every value is a whole number",
            format!("CAST({typed_value} AS BIGINT)"),
            Some(conversions::WHOLE_NUMBER),
        );
    }
    out.text("whole numbers too large for BIGINT: kept as text".into())
}

/// The reason for keeping as text numbers that read differently with a decimal dot and a
/// decimal comma: it shows `example` both ways, so the user can tell which to set.
fn ambiguous_numbers(fits: &[bool], example: &str) -> String {
    let grouped = READINGS
        .iter()
        .zip(fits)
        .find(|(r, fit)| r.decimal == numbers::DecimalMark::Comma && **fit)
        .map(|(r, _)| *r)
        .unwrap_or(READINGS[0]);
    let dotted = READINGS
        .iter()
        .zip(fits)
        .find(|(r, fit)| r.decimal == numbers::DecimalMark::Dot && **fit)
        .map(|(r, _)| *r)
        .unwrap_or(READINGS[0]);
    format!(
        "numbers whose decimal mark no value decides: '{example}' is {} with {dotted}, {} with {grouped}; kept as text. Set decimal_separator (and thousands_separator) in querycell.toml",
        dotted.read(example),
        grouped.read(example),
    )
}

/// Dates and timestamps, ISO first; `None` when some value is no date, so the column is
/// text. Formats are never mixed in one column: a mix is kept as text, not half converted,
/// and its decision counts the rows of each format.
fn dates(values: &Values<'_>, out: &Outcomes<'_>) -> Result<Option<Decision>> {
    let typed_value = out.typed_value;
    if values.all(ISO_DATE)? {
        return out
            .typed_while(
                "DATE",
                "every value is an ISO date (YYYY-MM-DD)",
                format!("CAST({typed_value} AS DATE)"),
                Some(conversions::ISO_DATE),
            )
            .map(Some);
    }
    // Timestamps first: in a column that reaches here some value is no date, so most are
    // timestamps, and each is then matched once rather than as a date and then again.
    let Some(not_iso) = values.any_fitting_none(&[ISO_TIMESTAMP, ISO_DATE])? else {
        return out
            .typed_while(
                "TIMESTAMP",
                "every value is an ISO date or timestamp",
                format!("CAST({typed_value} AS TIMESTAMP)"),
                Some(conversions::ISO_TIMESTAMP),
            )
            .map(Some);
    };
    // One pass tells a text column from a column of dates in other ways of writing; a text
    // column shows itself in the value just found, without matching a full vector of its
    // values against every way of writing a date.
    if !values.satisfies(&not_iso, &any_date_style())? || !values.all_fit_one_of(&date_style_conditions())? {
        return Ok(None);
    }
    if values.all(ZONED_TIMESTAMP)? {
        // Each value is its own instant whatever its offset; epoch_us reads it without the
        // session's time zone, as for zoned timestamps in Parquet and JSON.
        let example = values.example(ZONED_TIMESTAMP)?.unwrap_or_default();
        return out
            .typed(
                "TIMESTAMP",
                &format!("{ZONED_DECISION} (e.g. '{example}')"),
                format!("make_timestamp(epoch_us(CAST({typed_value} AS TIMESTAMP WITH TIME ZONE)))"),
            )
            .map(Some);
    }
    if values.all(SLASH_DATE)? {
        return ordered_dates(values, out, '/').map(Some);
    }
    if values.all(DOTTED_DATE)? {
        return ordered_dates(values, out, '.').map(Some);
    }
    if values.all(YEAR_SLASH_DATE)? {
        return out
            .typed(
                "DATE",
                "every value is a date written YYYY/MM/DD",
                format!("CAST(strptime({typed_value}, '%Y/%m/%d') AS DATE)"),
            )
            .map(Some);
    }
    mixed_dates(values, out).map(Some)
}

/// SQL conditions, one per [`DATE_STYLES`]: `v` is written that way.
fn date_style_conditions() -> Vec<&'static str> {
    DATE_STYLES.iter().map(|style| style.condition).collect()
}

/// SQL: `v` is written in one of [`DATE_STYLES`].
fn any_date_style() -> String {
    DATE_STYLES.iter().map(|style| format!("({})", style.condition)).collect::<Vec<_>>().join(" OR ")
}

/// Dates written with `separator` (`/` or `.`) between day, month and year: only a day over
/// 12 proves the order, and only when no other value contradicts it; otherwise converting
/// would guess, so they stay text.
fn ordered_dates(values: &Values<'_>, out: &Outcomes<'_>, separator: char) -> Result<Decision> {
    let typed_value = out.typed_value;
    let part_over_12 = |part: usize| format!("TRY_CAST(split_part(v, '{separator}', {part}) AS INTEGER) > 12");
    let day_first = values.example(&part_over_12(1))?;
    let month_first = values.example(&part_over_12(2))?;
    let (s, pattern) = (separator, if separator == '/' { SLASH_DATE } else { DOTTED_DATE });
    // The order proven, every value must be a real date in it (no 31.02.2025).
    let in_order = |order: &str, format: String, example: String| -> Result<Decision> {
        match values.counterexample(&format!("TRY_STRPTIME(v, {}) IS NOT NULL", sql_string(&format)))? {
            Some(bad) => {
                out.text(format!("'{bad}' is no date written {order} ('{example}' has a day over 12): kept as text"))
            }
            None => out.typed(
                "DATE",
                &format!("{order}: '{example}' has a day over 12"),
                format!("CAST(strptime({typed_value}, {}) AS DATE)", sql_string(&format)),
            ),
        }
    };
    match (day_first, month_first) {
        (Some(example), None) => in_order(&format!("day{s}month{s}year"), format!("%d{s}%m{s}%Y"), example),
        (None, Some(example)) => in_order(&format!("month{s}day{s}year"), format!("%m{s}%d{s}%Y"), example),
        (Some(example), Some(_)) => out.text(format!("dates in mixed day{s}month orders (e.g. '{example}'): kept as text")),
        (None, None) => out.text(format!(
            "ambiguous dates (e.g. '{}' could be day{s}month or month{s}day): kept as text; set date_format in querycell.toml to convert",
            values.example(pattern)?.unwrap_or_default()
        )),
    }
}

/// A column whose every value is a date, but not all written one way ingest converts: kept
/// as text, its decision naming each way with its rows and an example, so the operator can
/// fix the file or set `date_format`.
fn mixed_dates(values: &Values<'_>, out: &Outcomes<'_>) -> Result<Decision> {
    let styles = values.date_styles()?;
    let used: Vec<(&DateStyle, i64, String)> = DATE_STYLES
        .iter()
        .zip(styles)
        .filter(|(_, (rows, _))| *rows > 0)
        .map(|(style, (rows, example))| (style, rows, example.unwrap_or_default()))
        .collect();
    let listed = used
        .iter()
        .map(|(style, rows, example)| format!("{} in {} (e.g. '{example}')", style.name, rows_word(*rows)))
        .collect::<Vec<_>>()
        .join(", ");
    let offset = |style: &DateStyle| style.condition == ZONED_TIMESTAMP;
    let (zoned, local): (Vec<_>, Vec<_>) = used.iter().partition(|(style, _, _)| offset(style));
    if let ([(_, _, with)], [(_, _, without), ..]) = (zoned.as_slice(), local.as_slice()) {
        if local.iter().all(|(style, _, _)| style.condition == ISO_DATE || style.condition == ISO_TIMESTAMP) {
            return out.text(format!(
                "timestamps with and without a UTC offset ('{with}' has one, '{without}' has none; {listed}): a time without an offset is no known instant, so they are not mixed; kept as text. Write every value with its offset in the file"
            ));
        }
    }
    if let [(style, _, example)] = used.as_slice() {
        return out.text(format!(
            "dates written {} (e.g. '{example}'), which ingest does not convert by itself: kept as text; set date_format in querycell.toml to convert",
            style.name
        ));
    }
    out.text(format!(
        "dates written in more than one format, kept as text: {listed}; write every date one way in the file (and set date_format in querycell.toml if that way is not ISO)"
    ))
}

/// `1 row`, `12 rows`.
fn rows_word(rows: i64) -> String {
    if rows == 1 {
        "1 row".into()
    } else {
        format!("{rows} rows")
    }
}

/// A column no type fits: its reason names a value that shows why, so the user can fix
/// the value or set the type.
fn plain_text(values: &Values<'_>, out: &Outcomes<'_>) -> Result<Decision> {
    match values.counterexample(numbers::NUMBER_LIKE)? {
        // Dates kept text by a value that is none (a serial number typed into a sheet's
        // date column, a note): that value is the one to name.
        Some(date) if values.satisfies(&date, &any_date_style())? => {
            let other = values.fitting_none(&date_style_conditions())?.unwrap_or_default();
            out.text(format!("dates and a value that is not one ('{other}', unlike '{date}'): kept as text"))
        }
        // The value named is none of the three: in `true, false, yes` it is `yes`, not
        // `true`, the first value that is no number. Every value before the first that is no
        // number is one, so where that value is no boolean either (no date, said above), it
        // is the one, without another scan (a full vector matched against every kind).
        Some(value) => {
            let example = match values.satisfies(&value, BOOLEAN)? {
                false => value,
                true => {
                    let mut kinds = date_style_conditions();
                    kinds.extend([numbers::NUMBER_LIKE, BOOLEAN]);
                    values.fitting_none(&kinds)?.unwrap_or(value)
                }
            };
            out.text(format!("text: '{example}' is not a number, true/false or a date"))
        }
        None => out.text(format!(
            "text: '{}' is not a number under any one way of writing numbers the column uses",
            values.counterexample(&READINGS[0].matches())?.unwrap_or_default()
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::duck::Cell;

    #[test]
    fn trims_exactly_what_duckdbs_trim_removes() {
        let duck = Connection::in_memory(&[]).unwrap();
        let removed = duck
            .query(
                "SELECT i FROM range(1, 1114112) AS t(i) WHERE (i < 55296 OR i > 57343) \
                 AND length(trim(chr(i::INTEGER) || 'a' || chr(i::INTEGER))) = 1 ORDER BY i",
            )
            .unwrap();
        let removed: Vec<u32> = removed.iter().map(|row| cell_integer(row, 0) as u32).collect();
        assert_eq!(removed, TRIMMED_BY_DUCKDB);
        // `padded` reads the end of an ASCII text as the space alone.
        assert_eq!(TRIMMED_BY_DUCKDB.iter().filter(|&&code| code < 128).collect::<Vec<_>>(), [&32]);

        let texts = [
            "",
            " ",
            "a",
            " a",
            "\u{a0} \u{3000}",
            "a ",
            "\u{a0}a",
            "a\u{3000}",
            "\ta\n",
            "é",
            "a b",
            "NA ",
            " \u{2000} ",
            "ab\u{202f}",
            "é ",
            "é\u{2000}",
            "ab\t",
            "a\u{85}",
            "\u{3000}é",
        ];
        for text in texts {
            let v = sql_string(text);
            let row = first_row(
                duck.query(&format!("SELECT {}, trim({v}) <> {v}, {}, trim({v})", padded(&v), trimmed(&v))).unwrap(),
            );
            assert_eq!(row[0], row[1], "padded({text:?})");
            assert_eq!(row[2], row[3], "trimmed({text:?})");
            let row = first_row(duck.query(&format!("SELECT {}, trim({v}) = ''", blank(&v))).unwrap());
            assert_eq!(row[0], row[1], "blank({text:?})");
        }
        let nulls = first_row(duck.query(&format!("SELECT {} IS NULL", trimmed("CAST(NULL AS VARCHAR)"))).unwrap());
        assert_eq!(nulls[0], Cell::Boolean(true));
    }

    /// The length and first-character tests in front of the token list never turn a token
    /// away, nor let a text that is none through.
    #[test]
    fn a_token_condition_is_exactly_membership_in_the_list() {
        let duck = Connection::in_memory(&[]).unwrap();
        let typed: Vec<String> = TYPED_NULL_TOKENS.iter().chain(NOT_FINITE_TOKENS).map(|t| t.to_string()).collect();
        let configured: Vec<String> = ["", "999", "—", "é", " n.a. "].iter().map(|t| t.to_string()).collect();
        let only_empty = vec![String::new()];
        let texts = [
            "",
            "NA",
            "na",
            "N/A",
            "-",
            "--",
            "-1",
            "+inf",
            "+Infinity",
            "Infinity ",
            "#N/A",
            "#",
            "999",
            "9999",
            "99",
            "—",
            "é",
            "e",
            "n.a.",
            "n.a",
            "null",
            "NULLS",
            "12.5",
            "2026-01-01",
            "a sentence of words",
            "\u{3000}",
        ];
        for tokens in [&typed, &configured, &only_empty] {
            let list = tokens.iter().map(|t| sql_string(t.trim())).collect::<Vec<_>>().join(", ");
            for text in texts.iter().copied().chain(tokens.iter().map(|t| t.trim())) {
                let v = sql_string(text);
                let condition = is_trimmed_token(&v, tokens).unwrap();
                let row = first_row(duck.query(&format!("SELECT {condition}, {v} IN ({list})")).unwrap());
                assert_eq!(row[0], row[1], "{text:?} among {tokens:?}");
            }
        }
        assert_eq!(is_trimmed_token("v", &[]), None);
    }

    /// The cheap forms of conditions say what the forms they replaced said: a leading zero
    /// on whole numbers and whether BIGINT holds them, an exponent or a long text before the
    /// cast, and for a plain value the readings' marks and what no DOUBLE holds.
    #[test]
    fn cheap_conditions_agree_with_the_patterns_they_replace() {
        let duck = Connection::in_memory(&[]).unwrap();
        let short = ["0", "00", "007", "10", "+0", "-0", "+00", "-01", "+10", "-9", "0000000000000000000001"];
        let long = ["-123456789012345678", "999999999999999999", "9223372036854775807", "+9223372036854775807"];
        let past = ["-9223372036854775808", "9223372036854775808", "-9223372036854775809"];
        for whole in short.into_iter().chain(long).chain(past) {
            let row = first_row(
                duck.query(&format!(
                    "SELECT {INTEGER}, {LEADING_ZERO}, regexp_full_match(v, '[+-]?0[0-9]+'), {BIGINT}, \
                     TRY_CAST(v AS BIGINT) IS NOT NULL FROM (SELECT {} AS v)",
                    sql_string(whole)
                ))
                .unwrap(),
            );
            assert_eq!(row[0], Cell::Boolean(true), "{whole} is a whole number");
            assert_eq!(row[1], row[2], "leading zero of {whole}");
            assert_eq!(row[3], row[4], "BIGINT holds {whole}");
        }
        for number in ["1e400", "1E400", "-1e999", "1e3", "2.5", "1ε400", &"9".repeat(400)] {
            let row = first_row(
                duck.query(&format!(
                    "SELECT coalesce({BEYOND_DOUBLE}, false), coalesce((contains(lower(v), 'e') OR strlen(v) > 300) AND isinf(TRY_CAST(v AS DOUBLE)), false) FROM (SELECT {} AS v)",
                    sql_string(number)
                ))
                .unwrap(),
            );
            assert_eq!(row[0], row[1], "beyond a double: {number}");
        }
        let long = format!("{}.5", "9".repeat(400));
        for plain in ["0", "-12", "+3.25", "1234.500", &"9".repeat(400), &long] {
            let row = first_row(
                duck.query(&format!(
                    "SELECT {}, {PLAIN_BEYOND_DOUBLE}, {BEYOND_DOUBLE}, {PLAIN_MARKED}, {MARKED} FROM (SELECT {} AS v)",
                    numbers::PLAIN_NUMBER,
                    sql_string(plain)
                ))
                .unwrap(),
            );
            assert_eq!(row[0], Cell::Boolean(true), "{plain} is plain");
            assert_eq!((&row[1], &row[3]), (&row[2], &row[4]), "the plain forms of {plain}");
        }
    }

    /// The value a decision names is the first among the file's first rows, else the
    /// smallest: the same whatever order the table's rows were written in.
    #[test]
    fn a_named_value_is_the_files_first_or_the_smallest() {
        let duck = Connection::in_memory(&[]).unwrap();
        // Written backwards: the table's order is not the file's (`r`).
        duck.execute_batch(
            "CREATE TABLE t AS SELECT r, CASE WHEN r IN (5, 9) THEN 'x' || (100 - r) WHEN r IN (3000, 4000) THEN 'y' || r ELSE CAST(r AS VARCHAR) END AS c FROM range(5000) AS s(r) ORDER BY r DESC",
        )
        .unwrap();
        let failed = |e: Failure| Error::new(Code::IngestFailed, e.to_string());
        let values = |head_rows: usize| Values {
            connection: &duck,
            failed: &failed,
            from: "(SELECT c AS v, 1 AS n FROM t) WHERE v IS NOT NULL".into(),
            head: format!("(SELECT c AS v, r AS {FILE_ORDER} FROM t WHERE r < {head_rows}) WHERE v IS NOT NULL"),
            first_rows: "(SELECT c AS v, 1 AS n FROM t LIMIT 10) WHERE v IS NOT NULL".into(),
        };
        let letters = "regexp_full_match(v, '[0-9]+')";
        // `x95` comes first in the file though `x91` is smaller and written first.
        assert_eq!(values(HEAD_ROWS).counterexample(letters).unwrap().as_deref(), Some("x95"));
        // Past the first rows, the smallest, though `y4000` was written first.
        assert_eq!(values(2).counterexample(letters).unwrap().as_deref(), Some("x91"));
        assert_eq!(values(2).counterexample("v <> 'x91' AND v <> 'x95'").unwrap().as_deref(), Some("x91"));
        assert_eq!(values(HEAD_ROWS).counterexample("true").unwrap(), None);
    }

    /// Leaving out the readings the first rows rule out changes no answer of the readings'
    /// pass: a reading only later rows rule out is still matched on every value, and one
    /// the first rows rule out fits no column holding them.
    #[test]
    fn readings_ruled_out_by_the_first_rows_are_the_passs_own_answer() {
        let duck = Connection::in_memory(&[]).unwrap();
        let failed = |e: Failure| Error::classed(ErrorClass::Internal, Code::IngestFailed, e.to_string());
        // Three-decimal prices (which dot grouping would read as thousands) after a first
        // value that rules grouping out; grouped thousands only past the first rows; a comma
        // decimal only past them; one value beyond a double past them.
        let late = FIRST_ROWS + 5;
        duck.execute_batch(&format!(
            "CREATE TABLE t AS SELECT r, \
               CASE WHEN r = 0 THEN '0.125' ELSE printf('%d.%03d', 1 + r % 900, r % 1000) END AS prices, \
               CASE WHEN r = {late} THEN '1,234.5' ELSE printf('%d.5', r) END AS grouped_late, \
               CASE WHEN r = {late} THEN '2,5' ELSE printf('%d', r) END AS comma_late, \
               CASE WHEN r = {late} THEN '1e400' ELSE printf('%d', r) END AS huge_late \
             FROM range({}) AS s(r) ORDER BY r",
            FIRST_ROWS * 3
        ))
        .unwrap();
        for column in ["prices", "grouped_late", "comma_late", "huge_late"] {
            let values = Values {
                connection: &duck,
                failed: &failed,
                from: format!("(SELECT {column} AS v, 1 AS n FROM t) WHERE v IS NOT NULL"),
                head: format!("(SELECT {column} AS v, r AS {FILE_ORDER} FROM t) WHERE v IS NOT NULL"),
                first_rows: format!(
                    "(SELECT {column} AS v, 1 AS n FROM t ORDER BY r LIMIT {FIRST_ROWS}) WHERE v IS NOT NULL"
                ),
            };
            let (number_like, with_first_rows) = values.readings_and(Some(numbers::NUMBER_LIKE)).unwrap();
            let (whole_like, whole) =
                values.readings_pass(&values.from, Some(numbers::NUMBER_LIKE), &[true; READINGS.len()]).unwrap();
            assert_eq!(number_like, whole_like, "{column}");
            assert_eq!(with_first_rows.fits, whole.fits, "{column}");
            assert_eq!(with_first_rows.marked, whole.marked, "{column}");
            assert_eq!(with_first_rows.beyond_double, whole.beyond_double, "{column}");
            let candidates: [bool; READINGS.len()] = values
                .readings_pass(&values.first_rows, None, &[true; READINGS.len()])
                .unwrap()
                .1
                .fits
                .try_into()
                .unwrap();
            match column {
                // The first row rules grouped readings out before the whole pass.
                "prices" => assert!(candidates.contains(&false), "{candidates:?}"),
                // What only a later row rules out, the whole pass rules out.
                "huge_late" => assert_eq!(whole.beyond_double.as_deref(), Some("1e400")),
                _ => assert!(candidates[0] && !whole.fits[0], "{column}: {candidates:?} {:?}", whole.fits),
            }
        }
    }

    #[test]
    fn samples_read_together_are_each_columns_own() {
        // More columns than one scan reads, each with its own number of distinct texts in the
        // first rows (column i repeats every i + 1 rows), one nearly distinct, and rows past
        // the sample that would change every count if they were read.
        let duck = Connection::in_memory(&[]).unwrap();
        let width = SAMPLED_TOGETHER * 2 + 3;
        let mut select: Vec<String> =
            (0..width).map(|i| format!("CAST(r % {} AS VARCHAR) AS \"c {i}\"", i + 1)).collect();
        select.push("CASE WHEN r % 20 = 0 THEN 'x' ELSE CAST(r AS VARCHAR) END AS \"id\"".into());
        duck.execute_batch(&format!(
            "CREATE TABLE staging AS SELECT {} FROM range({}) AS t(r) ORDER BY r",
            select.join(", "),
            DISTINCT_SAMPLE + 5_000
        ))
        .unwrap();
        duck.execute_batch(&format!(
            "INSERT INTO staging SELECT {} FROM range(1000, 1100) AS t(r)",
            (0..=width).map(|_| "'late'").collect::<Vec<_>>().join(", ")
        ))
        .unwrap();
        let mut names: Vec<String> = (0..width).map(|i| format!("c {i}")).collect();
        names.push("id".into());
        let columns: Vec<&str> = names.iter().map(String::as_str).collect();
        let read = samples(&duck, "staging", &columns).unwrap();
        assert_eq!(read.len(), columns.len());
        for (at, column) in columns.iter().enumerate() {
            let alone = first_row(
                duck.query(&format!(
                    "SELECT count(DISTINCT {c}), count(*) FROM (SELECT {c} FROM staging LIMIT {DISTINCT_SAMPLE})",
                    c = quote(column)
                ))
                .unwrap(),
            );
            let expected = Sample { distinct: cell_integer(&alone, 0), rows: cell_integer(&alone, 1) };
            assert_eq!(read[at], expected, "column {column}");
        }
        assert_eq!(read[4], Sample { distinct: 5, rows: DISTINCT_SAMPLE as i64 });
        // Every column but the nearly distinct one is worth grouping.
        let grouped: Vec<bool> = read.iter().map(|s| s.worth_grouping()).collect();
        assert_eq!(grouped.iter().filter(|&&g| !g).count(), 1);
        assert!(!grouped[width]);
        // A smaller table's sample is all of it, and is grouped however distinct.
        duck.execute_batch("CREATE TABLE small AS SELECT * FROM staging LIMIT 10").unwrap();
        let few = samples(&duck, "small", &columns[width..]).unwrap();
        assert_eq!(few, [Sample { distinct: 10, rows: 10 }]);
        assert!(few[0].worth_grouping());
    }
}
