//! The type detection phase for one text column: its cells counted (present, tokens,
//! padded, typographic minus), `querycell.toml`'s override if it sets one, then the checks
//! from the narrowest type to the widest, the first that every value passes deciding (see
//! [`super`] for what careful means here).

use querycell_contract::quote;

use super::amounts;
use super::conditions::{BOOLEAN, INTEGER};
use super::date_columns::{any_date_style, date_style_conditions, dates};
use super::decision::{Decision, NumberSettings, Outcomes, NO_VALUES, ONLY_TOKENS};
use super::groups::{profiling_failed, Groups, FILE_ORDER};
use super::number_columns::{detected_number, not_configured_number, number, whole_numbers};
use super::tokens::{is_trimmed_token, trimmed_without_tokens, without_tokens, NOT_FINITE_TOKENS, TYPED_NULL_TOKENS};
use super::values::{Values, FIRST_ROWS};
use crate::duck::{cell_integer, conversions, first_row, Database as Connection};
use crate::error::Result;
use crate::ingest::numbers::{self, Reading, READINGS};
use crate::ingest::padding::trimmed;
use crate::ingest::sidecar::ColumnOverride;

/// The typographic minus sign (U+2212), which some exports write before negative numbers.
const MINUS_SIGN: char = '\u{2212}';

/// The trimmed text's name in the counting query of [`decide`], where it is computed once.
const TRIMMED_TEXT: &str = "\"__querycell_trimmed\"";

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
    let raw = quote::identifier(column);
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
            (Some(format), "DATE") => format!("CAST(strptime({typed_value}, {}) AS DATE)", quote::literal(format)),
            (Some(format), _) => format!("strptime({typed_value}, {})", quote::literal(format)),
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
            expression: format!("CAST(strptime({typed_value}, {}) AS DATE)", quote::literal(format)),
            keeps_text: false,
            unit: None,
            decimal_mark: None,
            checked: None,
        });
    }
    None
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
        if let Some(decision) = detected_number(values, self.numbers, &out)? {
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
            None => number(values, reading, format!("written with {reading}, set in querycell.toml"), out),
            Some(value) => match amounts::decide(values, self.numbers, out)? {
                Some(decision) => Ok(decision),
                None => out.text(not_configured_number(&value, reading)),
            },
        }
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
