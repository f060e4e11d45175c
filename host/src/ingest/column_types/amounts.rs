//! Numbers written the way accounting and spreadsheet exports write them: with a currency
//! mark before or after (`$1,234.56`, `€ 1.234,56`, `1.234,56 €`, `CHF 1'234.50`), negative
//! in parentheses (`($45.00)`) or with a trailing minus (`1.234,56-`, German banking), zero
//! as a currency mark and a dash (`$ -`, Excel's accounting format), or as percentages
//! (`12.5%`).
//!
//! Such a column becomes numbers only when every present value has one of the shapes below
//! and all of them agree: one currency (a value without a mark is a plain number beside
//! them), or every value a percentage. The number inside each value (its *core*, `1,234.56`)
//! is read by the column's one way of writing numbers, decided from all the cores as for
//! any number column ([`numbers`]), so `$1,234` alone is as undecided as `1,234`.
//!
//! - Currency amounts are stored exactly, as `DECIMAL(18,s)` with `s` the most decimals any
//!   value has (a sum is then exact, `DECIMAL(38,s)`); the mark is the column's unit.
//! - A percentage is stored as the number before the `%`: `12.5%` is 12.5, not 0.125, so a
//!   value reads in answers and filters as it reads in the file; the unit is `%`.
//! - Without a currency mark, parentheses and a trailing minus are read as negatives only in
//!   a column whose every value has decimals (`(45.00)`, `1.234,56-`): `(1)` stays text.
//! - Mixed currencies, or percentages beside plain numbers (is `0.5` half a percent or
//!   fifty?), keep the column text, the decision naming the values that disagree.

use querycell_contract::quote;

use super::decision::{Decision, NumberSettings, Outcomes};
use super::groups::FILE_ORDER;
use super::number_columns::{ambiguous_numbers, not_configured_number, written_with};
use super::values::Values;
use crate::duck::{cell_integer, cell_text, first_row};
use crate::error::Result;
use crate::ingest::numbers::{self, Reading, Verdict};

/// Currency marks, longest first where one ends another (`US$` before `$`).
const CURRENCIES: &[&str] = &[
    "US$", "R$", "$", "€", "£", "¥", "₹", "₩", "₽", "₺", "₪", "₫", "₱", "₦", "₴", "CHF", "USD", "EUR", "GBP", "JPY",
    "CAD", "AUD", "SEK", "NOK", "DKK", "PLN", "CZK", "kr", "zł", "Kč",
];

/// The percent sign, the one unit that is no currency.
const PERCENT: &str = "%";

/// Spaces that may stand between a mark and its number.
const SPACE: &str = "[ \\x{00A0}\\x{202F}]*";

/// The number inside a value: digits with the marks any reading allows, starting with a digit
/// or a mark (`.50`) and ending with a digit.
const CORE: &str = "[0-9.,]([0-9.,\\x{27}\\x{2019} \\x{00A0}\\x{202F}]*[0-9])?";

/// RE2 alternation of every unit (the currencies and `%`), escaped.
fn units() -> String {
    alternation(CURRENCIES.iter().chain([&PERCENT]))
}

/// RE2 alternation of the currency marks alone, escaped.
fn currencies() -> String {
    alternation(CURRENCIES.iter())
}

fn alternation<'a>(marks: impl Iterator<Item = &'a &'a str>) -> String {
    let escaped: Vec<String> = marks
        .map(|u| u.chars().map(|c| if c.is_ascii_punctuation() { format!("\\{c}") } else { c.to_string() }).collect())
        .collect();
    format!("(?:{})", escaped.join("|"))
}

/// RE2: a zero as accounting formats write it, a currency mark and a dash (`$ -`, `- €`).
fn dash_zero() -> String {
    let (m, s) = (currencies(), SPACE);
    format!("{m}{s}-{s}|-{s}{m}")
}

/// SQL condition on `v`: the value is an amount of one of the shapes this module reads, with
/// at most one unit.
fn shaped() -> String {
    let (u, s, c) = (units(), SPACE, CORE);
    let shapes = [
        // signed, the unit before or after: `-$45.00`, `$-45.00`, `+12.5 %`, `45.00`
        format!("[+-]?{s}{u}{s}(?:{c})"),
        format!("[+-]?{s}(?:{c}){s}{u}"),
        format!("{u}{s}[+-]{s}(?:{c})"),
        format!("[+-]?{s}(?:{c})"),
        // in parentheses: `($45.00)`, `(45,00 €)`, `$(45.00)`, `(45,00) €`
        format!("\\({s}(?:{u}{s})?(?:{c}){s}\\)"),
        format!("\\({s}(?:{c}){s}{u}{s}\\)"),
        format!("{u}{s}\\({s}(?:{c}){s}\\)"),
        format!("\\({s}(?:{c}){s}\\){s}{u}"),
        // a trailing minus: `1.234,56-`, `€ 1.234,56-`, `1.234,56 €-`, `1.234,56- €`
        format!("(?:{u}{s})?(?:{c}){s}-"),
        format!("(?:{c}){s}{u}{s}-"),
        format!("(?:{c}){s}-{s}{u}"),
        // a zero in an accounting format: `$ -`, `- €`
        dash_zero(),
    ];
    format!("regexp_full_match(v, {})", quote::literal(&format!("(?:{})", shapes.join("|"))))
}

/// SQL: the unit of the amount `value` (`''` for none).
fn unit_of(value: &str) -> String {
    format!("regexp_extract({value}, {}, 0)", quote::literal(&units()))
}

/// SQL: the number inside the amount `value`, without unit or sign (`1,234.56`); `0` for
/// an accounting dash (`$ -`), the one shape without digits; NULL for a missing value.
fn core_of(value: &str) -> String {
    format!(
        "coalesce(nullif(regexp_extract({value}, {}, 0), ''), CASE WHEN {value} IS NOT NULL THEN '0' END)",
        quote::literal(CORE)
    )
}

/// SQL condition: the amount `value` is negative. In an amount of the shapes above neither
/// the units nor the number hold `-` or `(`, so either marks a negative.
fn negative(value: &str) -> String {
    format!("(contains({value}, '-') OR contains({value}, '('))")
}

/// The decision for a column of amounts; `None` when some value is no amount (or no reading
/// fits the numbers in them), so the other types are tried.
pub(crate) fn decide(values: &Values<'_>, settings: &NumberSettings, out: &Outcomes<'_>) -> Result<Option<Decision>> {
    if values.any_fitting_none(&[&shaped()])?.is_some() {
        return Ok(None);
    }
    let unit = unit_of("v");
    let row = first_row(
        values
            .connection
            .query(&format!(
                "SELECT count(DISTINCT u) FILTER (WHERE u <> ''), min(u) FILTER (WHERE u <> ''), max(u) FILTER (WHERE u <> ''), min(v) FILTER (WHERE u = '') FROM (SELECT v, {unit} AS u FROM {})",
                values.from
            ))
            .map_err(values.failed)?,
    );
    let (units, first, last, bare) =
        (cell_integer(&row, 0), cell_text(&row, 1), cell_text(&row, 2), cell_text(&row, 3));
    if units > 1 {
        let (first, last) = (first.unwrap_or_default(), last.unwrap_or_default());
        let of = |u: &str| values.example(&format!("{unit} = {}", quote::literal(u)));
        return out
            .text(format!(
                "amounts in more than one unit ('{}' in {first}, '{}' in {last}): kept as text; one currency per column, or convert them in the file",
                of(&first)?.unwrap_or_default(),
                of(&last)?.unwrap_or_default()
            ))
            .map(Some);
    }
    // Without a currency, parentheses and a trailing minus say "negative" only in a column of
    // amounts with decimals (`(45.00)`); `(1)`, `(2)` are more likely list markers.
    if first.is_none() && values.any_fitting_none(&["regexp_matches(v, '[.,][0-9]')"])?.is_some() {
        return Ok(None);
    }
    let percent = first.as_deref() == Some(PERCENT);
    if let (true, Some(plain)) = (percent, &bare) {
        return out
            .text(format!(
                "percentages beside plain numbers ('{plain}' has no %: {plain}% or {plain} as a fraction?): kept as text; write every value with % or none"
            ))
            .map(Some);
    }
    let cores = Values {
        connection: values.connection,
        failed: values.failed,
        from: format!("(SELECT {} AS v FROM {}) WHERE v IS NOT NULL", core_of("v"), values.from),
        head: format!("(SELECT {} AS v, {FILE_ORDER} FROM {}) WHERE v IS NOT NULL", core_of("v"), values.head),
        first_rows: format!("(SELECT {} AS v FROM {}) WHERE v IS NOT NULL", core_of("v"), values.first_rows),
    };
    let (reading, how) = match reading(&cores, settings)? {
        Read::Number(reading, how) => (reading, how),
        Read::Text(reason) => return out.text(reason).map(Some),
        Read::NotNumbers => return Ok(None),
    };
    let typed = out.typed_value;
    let signed =
        format!("(CASE WHEN {} THEN '-' ELSE '' END || {})", negative(typed), reading.normalized(&core_of(typed)));
    let negatives = negatives_note(values)?;
    if percent {
        let reason = format!(
            "percentages: '{}' is stored as the number before the % (12.5% as 12.5, not 0.125), unit %; {how}{negatives}",
            values.example(&format!("{unit} = '%'"))?.unwrap_or_default()
        );
        return out.typed_in("DOUBLE", &reason, format!("CAST({signed} AS DOUBLE)"), first).map(Some);
    }
    let what = match &first {
        Some(currency) => format!("amounts in {currency} (the column's unit)"),
        None => "amounts".to_string(),
    };
    let reason = format!("{what}, {how}{negatives}");
    exact(&cores, reading, out, &reason, &signed, first).map(Some)
}

/// How the numbers inside amounts are written.
enum Read {
    /// One reading fits them all: it, and how the decision says so.
    Number(Reading, String),
    /// The column stays text, for this reason.
    Text(String),
    /// Some core is no number under any reading.
    NotNumbers,
}

/// The reading of the cores: the one `querycell.toml` sets, or the one the cores (and the
/// file) decide, exactly as for plain numbers.
fn reading(cores: &Values<'_>, settings: &NumberSettings) -> Result<Read> {
    if let Some(reading) = settings.configured {
        return Ok(match cores.counterexample(&reading.matches())? {
            None => Read::Number(reading, format!("written with {reading}, set in querycell.toml")),
            Some(value) => Read::Text(not_configured_number(&value, reading)),
        });
    }
    let (fits, marked) = cores.readings()?;
    Ok(match numbers::verdict(&fits, marked, &settings.evidence) {
        Verdict::Number { reading, example, why } => Read::Number(reading, written_with(reading, example, why)),
        Verdict::Ambiguous { example } => Read::Text(format!("amounts: {}", ambiguous_numbers(&fits, &example))),
        Verdict::NotNumbers => Read::NotNumbers,
    })
}

/// The part of the decision that says how negatives (and accounting zeros) are written,
/// with an example of each.
fn negatives_note(values: &Values<'_>) -> Result<String> {
    let mut note = String::new();
    if let Some(example) = values.example(&format!("regexp_full_match(v, {})", quote::literal(&dash_zero())))? {
        note.push_str(&format!("; '{example}' is zero, as accounting formats write it"));
    }
    if let Some(example) = values.example("contains(v, '(')")? {
        note.push_str(&format!("; '{example}' in parentheses is negative"));
    }
    if let Some(example) = values.example("regexp_matches(v, '[0-9][^0-9]*-')")? {
        note.push_str(&format!("; '{example}' with a trailing minus is negative"));
    }
    Ok(note)
}

/// Currency amounts as `DECIMAL(18,s)`, `s` the most decimals a value has, when every value
/// fits; otherwise as DOUBLE, said in the decision.
fn exact(
    cores: &Values<'_>,
    reading: Reading,
    out: &Outcomes<'_>,
    reason: &str,
    signed: &str,
    unit: Option<String>,
) -> Result<Decision> {
    let normalized = reading.normalized("v");
    let scale = first_row(
        cores
            .connection
            .query(&format!("SELECT max(length(split_part({normalized}, '.', 2))) FROM {}", cores.from))
            .map_err(cores.failed)?,
    );
    let scale = cell_integer(&scale, 0);
    let decimal = format!("DECIMAL(18,{scale})");
    if scale <= 18 && cores.all(&format!("TRY_CAST({normalized} AS {decimal}) IS NOT NULL"))? {
        let reason = format!("{reason}; stored exactly as {decimal}");
        return out.typed_in(&decimal, &reason, format!("CAST({signed} AS {decimal})"), unit);
    }
    let reason = format!("{reason}; stored as DOUBLE (too many digits for DECIMAL(18,{scale}))");
    out.typed_in("DOUBLE", &reason, format!("CAST({signed} AS DOUBLE)"), unit)
}
