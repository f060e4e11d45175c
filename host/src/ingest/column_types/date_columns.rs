//! The date checks of type detection: ISO dates and timestamps, timestamps with a UTC
//! offset, day- or month-first dates only where a day over 12 proves the order, and a column
//! that mixes ways of writing dates kept as text with its decision counting each way.

use querycell_contract::quote;

use super::conditions::{
    DateStyle, DATE_STYLES, DOTTED_DATE, ISO_DATE, ISO_TIMESTAMP, SLASH_DATE, YEAR_SLASH_DATE, ZONED_TIMESTAMP,
};
use super::decision::{Decision, Outcomes, ZONED_DECISION};
use super::values::Values;
use crate::duck::conversions;
use crate::error::Result;

/// Dates and timestamps, ISO first; `None` when some value is no date, so the column is
/// text. Formats are never mixed in one column: a mix is kept as text, not half converted,
/// and its decision counts the rows of each format.
pub(crate) fn dates(values: &Values<'_>, out: &Outcomes<'_>) -> Result<Option<Decision>> {
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
pub(crate) fn date_style_conditions() -> Vec<&'static str> {
    DATE_STYLES.iter().map(|style| style.condition).collect()
}

/// SQL: `v` is written in one of [`DATE_STYLES`].
pub(crate) fn any_date_style() -> String {
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
        match values.counterexample(&format!("TRY_STRPTIME(v, {}) IS NOT NULL", quote::literal(&format)))? {
            Some(bad) => {
                out.text(format!("'{bad}' is no date written {order} ('{example}' has a day over 12): kept as text"))
            }
            None => out.typed(
                "DATE",
                &format!("{order}: '{example}' has a day over 12"),
                format!("CAST(strptime({typed_value}, {}) AS DATE)", quote::literal(&format)),
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
