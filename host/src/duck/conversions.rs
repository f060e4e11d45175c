//! Checked conversions: scalar functions a plain (ingest-side) database registers, each
//! converting a text of one exact shape to a typed value, NULL to NULL, and failing the
//! statement on any other text. Ingest's checked load (`ingest::load::checked`) converts a
//! whole file with them in one statement, where a type decided from the file's first rows
//! must hold for the rest: a value it would not hold for ends the load, which then profiles
//! the table instead.
//!
//! Each accepts only texts whose conversion by DuckDB's own cast it is held to (a test
//! converts the same texts both ways and compares the values), and fewer than the decisions
//! allow where the shape is rare (a year 0, a leap second): a stricter function costs a
//! profiling, never a different value. Checking and converting in one pass over the bytes
//! took a fifth of the time a check in SQL then a cast took.

use libduckdb_sys as ffi;

use super::shapes::{call, integer, iso_date, iso_timestamp, plain_number, register_function, Callback, Convert};
use super::DuckResult;

/// One conversion: the SQL function's name, its result type, and its body.
struct Conversion {
    name: &'static str,
    result: ffi::DUCKDB_TYPE,
    callback: Callback,
}

/// Whole numbers BIGINT holds as ingest types them: `[+-]?[0-9]+`, at most 18 characters,
/// no leading zero, no `+` before eight digits or more (a phone number).
pub const WHOLE_NUMBER: &str = "querycell_checked_bigint";
/// Plain numbers (`[+-]?[0-9]+([.][0-9]+)?`) of at most 300 characters, as DOUBLE.
pub const PLAIN_NUMBER: &str = "querycell_checked_double";
/// `true` or `false` in any case, as BOOLEAN.
pub const TRUE_OR_FALSE: &str = "querycell_checked_boolean";
/// An ISO date (`YYYY-MM-DD`, year 1 or later), as DATE.
pub const ISO_DATE: &str = "querycell_checked_date";
/// An ISO date, or date and time (`YYYY-MM-DD[ T]hh:mm[:ss[.ffffff]]`, hours 00–23,
/// minutes and seconds 00–59), as TIMESTAMP.
pub const ISO_TIMESTAMP: &str = "querycell_checked_timestamp";

const CONVERSIONS: &[Conversion] = &[
    Conversion { name: WHOLE_NUMBER, result: ffi::DUCKDB_TYPE_DUCKDB_TYPE_BIGINT, callback: call::<WholeNumber> },
    Conversion { name: PLAIN_NUMBER, result: ffi::DUCKDB_TYPE_DUCKDB_TYPE_DOUBLE, callback: call::<PlainNumber> },
    Conversion { name: TRUE_OR_FALSE, result: ffi::DUCKDB_TYPE_DUCKDB_TYPE_BOOLEAN, callback: call::<TrueOrFalse> },
    Conversion { name: ISO_DATE, result: ffi::DUCKDB_TYPE_DUCKDB_TYPE_DATE, callback: call::<IsoDate> },
    Conversion { name: ISO_TIMESTAMP, result: ffi::DUCKDB_TYPE_DUCKDB_TYPE_TIMESTAMP, callback: call::<IsoTimestamp> },
];

struct WholeNumber;
impl Convert for WholeNumber {
    type Value = i64;
    fn convert(text: &[u8]) -> Option<i64> {
        if text.len() > 18 || !integer(text) {
            return None;
        }
        let (negative, digits) = match text.split_first() {
            Some((b'-', rest)) => (true, rest),
            Some((b'+', rest)) => (false, rest),
            _ => (false, text),
        };
        let leading_zero = digits.len() > 1 && digits[0] == b'0';
        let phone = text[0] == b'+' && text.len() >= 9;
        if leading_zero || phone {
            return None;
        }
        // At most 18 digits: under 10^18, no overflow.
        Some(if negative { -number(digits) } else { number(digits) })
    }
}

struct PlainNumber;
impl Convert for PlainNumber {
    type Value = f64;
    fn convert(text: &[u8]) -> Option<f64> {
        if text.len() > 300 || !plain_number(text) {
            return None;
        }
        // Correctly rounded, as DuckDB's cast is: the same double for the same digits.
        std::str::from_utf8(text).ok()?.parse().ok()
    }
}

struct TrueOrFalse;
impl Convert for TrueOrFalse {
    type Value = bool;
    fn convert(text: &[u8]) -> Option<bool> {
        // `lower` in DuckDB maps no other character to these ASCII letters.
        match () {
            () if text.eq_ignore_ascii_case(b"true") => Some(true),
            () if text.eq_ignore_ascii_case(b"false") => Some(false),
            () => None,
        }
    }
}

/// Days from 1970-01-01 to the proleptic Gregorian date `year-month-day` (valid), as DuckDB
/// counts a DATE (Howard Hinnant's `days_from_civil`).
fn days_from_civil(year: i64, month: i64, day: i64) -> i64 {
    let year = if month <= 2 { year - 1 } else { year };
    let era = year.div_euclid(400);
    let of_era = year - era * 400;
    let day_of_year = (153 * (month + if month > 2 { -3 } else { 9 }) + 2) / 5 + day - 1;
    let of_era_days = of_era * 365 + of_era / 4 - of_era / 100 + day_of_year;
    era * 146_097 + of_era_days - 719_468
}

/// The digits of `text` as a number (ASCII digits only, checked by the shape before).
fn number(text: &[u8]) -> i64 {
    text.iter().fold(0, |n, d| n * 10 + i64::from(d - b'0'))
}

/// The days of an ISO date `YYYY-MM-DD` (shape already matched) that is a real date.
fn date_days(text: &[u8]) -> Option<i64> {
    let (year, month, day) = (number(&text[..4]), number(&text[5..7]), number(&text[8..10]));
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
    let days_in_month = match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return None,
    };
    (year >= 1 && (1..=days_in_month).contains(&day)).then(|| days_from_civil(year, month, day))
}

struct IsoDate;
impl Convert for IsoDate {
    type Value = i32;
    fn convert(text: &[u8]) -> Option<i32> {
        if !iso_date(text) {
            return None;
        }
        date_days(text).and_then(|days| i32::try_from(days).ok())
    }
}

struct IsoTimestamp;
impl Convert for IsoTimestamp {
    type Value = i64;
    fn convert(text: &[u8]) -> Option<i64> {
        const MICROS_PER_DAY: i64 = 86_400_000_000;
        if iso_date(text) {
            return date_days(text).map(|days| days * MICROS_PER_DAY);
        }
        if !iso_timestamp(text) {
            return None;
        }
        let days = date_days(&text[..10])?;
        let (hour, minute) = (number(&text[11..13]), number(&text[14..16]));
        let second = text.get(17..19).map_or(0, number);
        if hour > 23 || minute > 59 || second > 59 {
            return None;
        }
        // `.f` to `.ffffff`: the digits read as the first of six.
        let fraction = text.get(20..).unwrap_or_default();
        let micros = number(fraction) * 10i64.pow(6 - fraction.len() as u32);
        Some(days * MICROS_PER_DAY + ((hour * 60 + minute) * 60 + second) * 1_000_000 + micros)
    }
}

/// Register every conversion on the connection `con` (for its whole database).
///
/// # Safety
/// `con` is a live connection.
pub(super) unsafe fn register(con: ffi::duckdb_connection) -> DuckResult<()> {
    for conversion in CONVERSIONS {
        // SAFETY: `con` is live per this function's contract; each callback reads one
        // VARCHAR argument and writes values of its conversion's result type.
        unsafe { register_function(con, conversion.name, conversion.result, conversion.callback) }?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::duck::Database;
    use querycell_contract::quote::literal;

    /// The SQL each conversion is held to: where `guard` holds of a text and DuckDB's cast
    /// of it succeeds (`TRY_CAST` is not NULL), the function gives the cast's value;
    /// elsewhere it fails.
    const HELD_TO: &[(&str, &str, &str)] = &[
        (
            WHOLE_NUMBER,
            "regexp_full_match(v, '[+-]?[0-9]+') AND strlen(v) <= 18 AND NOT ((prefix(v, '0') AND strlen(v) > 1) OR ((prefix(v, '+0') OR prefix(v, '-0')) AND strlen(v) > 2)) AND NOT (prefix(v, '+') AND strlen(v) >= 9)",
            "TRY_CAST(v AS BIGINT)",
        ),
        (PLAIN_NUMBER, "regexp_full_match(v, '[+-]?[0-9]+([.][0-9]+)?') AND strlen(v) <= 300", "TRY_CAST(v AS DOUBLE)"),
        (TRUE_OR_FALSE, "lower(v) IN ('true', 'false')", "TRY_CAST(lower(v) AS BOOLEAN)"),
        (ISO_DATE, "regexp_full_match(v, '[0-9]{4}-[0-9]{2}-[0-9]{2}')", "TRY_CAST(v AS DATE)"),
        (
            ISO_TIMESTAMP,
            "regexp_full_match(v, '[0-9]{4}-[0-9]{2}-[0-9]{2}([ T][0-9]{2}:[0-9]{2}(:[0-9]{2}([.][0-9]{1,6})?)?)?')",
            "TRY_CAST(v AS TIMESTAMP)",
        ),
    ];

    /// Texts near each shape: valid values at the edges (leap days, month ends, the last
    /// second, 18 digits, long fractions) and each kind of near miss.
    fn texts() -> Vec<String> {
        let mut texts: Vec<String> = [
            "0",
            "-0",
            "+0",
            "00",
            "007",
            "+07",
            "-07",
            "10",
            "-9",
            "+12345678",
            "+123456789",
            "999999999999999999",
            "-999999999999999999",
            "1000000000000000000",
            "1e5",
            "1.5",
            "-1.50",
            "+0.1",
            "0.30000000000000004",
            "123456789012345678901234567890.5",
            ".5",
            "5.",
            "1,5",
            " 1",
            "true",
            "False",
            "TRUE",
            "tRuE",
            "yes",
            "t",
            "",
            "2024-02-29",
            "2023-02-29",
            "2024-04-31",
            "2024-12-31",
            "0000-01-01",
            "0001-01-01",
            "9999-12-31",
            "2024-13-01",
            "2024-00-10",
            "2024-01-00",
            "2024-1-01",
            "2024-01-01 00:00:00",
            "2024-01-01T23:59:59",
            "2024-01-01 24:00:00",
            "2024-01-01 23:60:00",
            "2024-01-01 23:59:60",
            "2024-01-01 10:30",
            "2024-01-01 10:30:00.5",
            "2024-01-01 10:30:00.123456",
            "2024-01-01 10:30:00.1234567",
            "1969-12-31 23:59:59.999999",
            "1900-03-01 12:00:00",
            "2024-01-01 10:30:00Z",
            "2024-01-01  10:30:00",
        ]
        .map(String::from)
        .to_vec();
        texts.push("9".repeat(300));
        texts.push(format!("{}.5", "9".repeat(298)));
        texts.push(format!("{}.5", "9".repeat(299)));
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = |n: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % n
        };
        let digits = |count: u64, next: &mut dyn FnMut(u64) -> u64| {
            (0..count).map(|_| char::from(b'0' + next(10) as u8)).collect::<String>()
        };
        for _ in 0..1_500 {
            let (whole_length, fraction_length) = (1 + next(18), 1 + next(17));
            let whole = digits(whole_length, &mut next);
            let fraction = digits(fraction_length, &mut next);
            texts.push(format!("{}{whole}.{fraction}", ["", "-", "+"][next(3) as usize]));
            texts.push(format!("{}{whole}", ["", "-", "+"][next(3) as usize]));
            let date = format!("{:04}-{:02}-{:02}", next(10_000), next(14), next(33));
            texts.push(date.clone());
            let (hour, minute, second, places) = (next(25), next(61), next(61), 1 + next(7));
            let fraction = digits(places, &mut next);
            texts.push(format!("{date} {hour:02}:{minute:02}:{second:02}.{fraction}"));
        }
        texts
    }

    #[test]
    fn each_conversion_answers_as_the_cast_it_is_held_to() {
        let duck = Database::in_memory(&[]).unwrap();
        let (mut converted, mut refused) = (0, 0);
        for (name, guard, cast) in HELD_TO {
            for text in texts() {
                let v = literal(&text);
                let expected = duck
                    .query(&format!(
                        "SELECT CASE WHEN coalesce({guard}, false) THEN CAST({cast} AS VARCHAR) END FROM (SELECT {v} AS v)"
                    ))
                    .unwrap();
                let expected = expected[0][0].text();
                let got =
                    duck.query(&format!("SELECT CAST({name}({v}) AS VARCHAR)")).ok().map(|rows| rows[0][0].text());
                match (&expected, got) {
                    (Some(value), Some(Some(got))) => {
                        assert_eq!(&got, value, "{name}('{text}')");
                        converted += 1;
                    }
                    // Stricter than the cast: fails where the cast would not (a year 0).
                    (_, None) => refused += 1,
                    (expected, got) => panic!("{name}('{text}'): the cast gives {expected:?}, the function {got:?}"),
                }
            }
            let null = duck.query(&format!("SELECT {name}(NULL) IS NULL")).unwrap();
            assert_eq!(null[0][0].boolean(), Some(true), "{name}(NULL)");
        }
        assert!(converted > 5_000 && refused > 1_000, "{converted} converted, {refused} refused");
    }
}
