//! The number checks of type detection: whole numbers (a leading zero or a `+` keeps them
//! text), numbers whose reading the values (and the file) decide, and the words a number
//! decision gives for how its values are written.

use super::conditions::{BIGINT, LEADING_ZERO, PHONE_NUMBER};
use super::decision::{DecimalMarkBasis, Decision, NumberSettings, Outcomes};
use super::values::{Readings, Values};
use crate::duck::conversions;
use crate::error::Result;
use crate::ingest::numbers::{self, FileEvidence, Reading, Verdict, READINGS};

/// Values that are all digits: a leading zero marks an identifier, which must keep its
/// zeros, so the column stays text; so does one too large for BIGINT.
pub(crate) fn whole_numbers(values: &Values<'_>, out: &Outcomes<'_>) -> Result<Decision> {
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

/// Numbers whose way of writing the values (and the file) decide; `None` when the values
/// are not numbers, so the other types are tried.
pub(crate) fn detected_number(
    values: &Values<'_>,
    settings: &NumberSettings,
    out: &Outcomes<'_>,
) -> Result<Option<Decision>> {
    let typed_value = out.typed_value;
    let Some(Readings { fits, marked, beyond_double }) = values.number_like_readings()? else {
        return Ok(None);
    };
    let basis = decimal_mark_basis(&fits, marked.as_deref(), &settings.evidence);
    let dotted = marked.is_some();
    let verdict = numbers::verdict(&fits, marked, &settings.evidence);
    if let (Some(value), Verdict::Number { .. }) = (beyond_double, &verdict) {
        return out.text(out_of_range(&value)).map(Some);
    }
    let decided = match verdict {
        Verdict::Number { reading, example: None, why: None } if reading == READINGS[0] => out
            .typed_while(
                "DOUBLE",
                "every value is a number",
                format!("CAST({typed_value} AS DOUBLE)"),
                plain_numbers_stand(&fits, dotted, &settings.evidence).then_some(conversions::PLAIN_NUMBER),
            )
            .map(Some),
        Verdict::Number { reading, example, why } => {
            number(values, reading, written_with(reading, example, why), out).map(Some)
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
pub(crate) fn number(values: &Values<'_>, reading: Reading, how: String, out: &Outcomes<'_>) -> Result<Decision> {
    let normalized = reading.normalized(out.typed_value);
    if values.all(&format!("NOT ({})", reading.has_fraction_sql()))? {
        let Some(example) =
            values.counterexample(&format!("TRY_CAST({} AS BIGINT) IS NOT NULL", reading.normalized("v")))?
        else {
            return out.typed("BIGINT", &format!("whole numbers {how}"), format!("CAST({normalized} AS BIGINT)"));
        };
        return out.text(format!("whole numbers {how}, '{example}' too large for BIGINT: kept as text"));
    }
    if let Some(value) = values.counterexample(&format!("isfinite(TRY_CAST({} AS DOUBLE))", reading.normalized("v")))? {
        return out.text(out_of_range(&value));
    }
    out.typed("DOUBLE", &format!("numbers {how}"), format!("CAST({normalized} AS DOUBLE)"))
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
/// beyond a DOUBLE ([`super::conditions::PLAIN_BEYOND_DOUBLE`]), and every reading that fit still fits (a plain
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
pub(crate) fn written_with(reading: Reading, example: Option<String>, why: Option<String>) -> String {
    let shown = example.map(|e| format!(" (e.g. '{e}' = {})", reading.read(&e))).unwrap_or_default();
    let why = why.map(|w| format!("; {w}")).unwrap_or_default();
    format!("written with {reading}{shown}{why}")
}

/// The reason a column stays text when `value` does not fit the reading `querycell.toml` set.
pub(crate) fn not_configured_number(value: &str, reading: Reading) -> String {
    format!("'{value}' is not a number written with {reading} (set in querycell.toml): kept as text")
}

/// The reason for keeping as text numbers that read differently with a decimal dot and a
/// decimal comma: it shows `example` both ways, so the user can tell which to set.
pub(crate) fn ambiguous_numbers(fits: &[bool], example: &str) -> String {
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
