//! The SQL conditions type detection asks of a value `v` (whole numbers, booleans, the ways
//! of writing dates, values beyond a DOUBLE), each in the cheapest form that says what its
//! pattern says; and the ways of writing dates a decision names.

/// SQL condition: the number `v` is beyond what a DOUBLE holds (`1e400`, `-1e999`), so a
/// cast would store it as infinite and every average over it would be NaN. Only a value with
/// an exponent, or of over 300 characters, can be that large, so the others are not parsed.
/// (The NaN and infinity tokens are missing values already, never `v`.)
/// (`contains` twice, not `lower`, which copied every value.)
pub(crate) const BEYOND_DOUBLE: &str =
    "(contains(v, 'e') OR contains(v, 'E') OR strlen(v) > 300) AND isinf(TRY_CAST(v AS DOUBLE))";

/// [`BEYOND_DOUBLE`] for a plain value ([`crate::ingest::numbers::PLAIN_NUMBER`]), which has no exponent:
/// looking for one cost a fifth of the readings' pass over a column of prices.
pub(crate) const PLAIN_BEYOND_DOUBLE: &str = "strlen(v) > 300 AND isinf(TRY_CAST(v AS DOUBLE))";

/// A value carrying a mark readings may disagree on (`.` or `,`); a plain value can carry
/// only the dot.
pub(crate) const MARKED: &str = "contains(v, '.') OR contains(v, ',')";

pub(crate) const PLAIN_MARKED: &str = "contains(v, '.')";

/// `[+-]?[0-9]+`, matched without RE2 (`duck::shapes`), as are [`ISO_DATE`]'s and
/// [`ISO_TIMESTAMP`]'s patterns.
pub(crate) const INTEGER: &str = "querycell_integer(v)";

/// A whole number (a value [`INTEGER`] matched) with a leading zero, `[+-]?0[0-9]+`, told by
/// its first characters and its length: the pattern on every value of a column of ids cost
/// five times as much.
pub(crate) const LEADING_ZERO: &str =
    "(prefix(v, '0') AND strlen(v) > 1) OR ((prefix(v, '+0') OR prefix(v, '-0')) AND strlen(v) > 2)";

/// A whole number (a value [`INTEGER`] matched) written with a `+` and at least eight digits,
/// as international phone numbers are (`+4930123456`): a sign no one writes on a count.
pub(crate) const PHONE_NUMBER: &str = "prefix(v, '+') AND strlen(v) >= 9";

/// A whole number (a value [`INTEGER`] matched) that BIGINT holds. One of at most 18
/// characters has at most 18 digits, under 10^18, so only longer ones are cast: casting each
/// of a column of 3 M ids took 35 ms.
pub(crate) const BIGINT: &str = "CASE WHEN strlen(v) <= 18 THEN true ELSE TRY_CAST(v AS BIGINT) IS NOT NULL END";

pub(crate) const BOOLEAN: &str = "lower(v) IN ('true', 'false')";

/// `[0-9]{4}-[0-9]{2}-[0-9]{2}`, a real date.
pub(crate) const ISO_DATE: &str = "querycell_iso_date(v) AND TRY_CAST(v AS DATE) IS NOT NULL";

/// `[0-9]{4}-[0-9]{2}-[0-9]{2}[ T][0-9]{2}:[0-9]{2}(:[0-9]{2}([.][0-9]{1,6})?)?`, a real
/// date and time.
pub(crate) const ISO_TIMESTAMP: &str = "querycell_iso_timestamp(v) AND TRY_CAST(v AS TIMESTAMP) IS NOT NULL";

/// An ISO date-time with a UTC offset (`2025-03-01T23:30:00-05:00`, `…Z`, `…+0100`).
/// The offset is a real one, hours 00–23 and minutes 00–59: DuckDB's cast also takes
/// `+25:00` and `+01:60`, and shifted such a value by them.
pub(crate) const ZONED_TIMESTAMP: &str = "regexp_full_match(v, '[0-9]{4}-[0-9]{2}-[0-9]{2}[ T][0-9]{2}:[0-9]{2}(:[0-9]{2}([.][0-9]{1,6})?)?(Z|[+-]([01][0-9]|2[0-3])(:?[0-5][0-9])?)') AND TRY_CAST(v AS TIMESTAMP WITH TIME ZONE) IS NOT NULL";

pub(crate) const SLASH_DATE: &str = "regexp_full_match(v, '[0-9]{1,2}/[0-9]{1,2}/[0-9]{4}')";

/// Day-first dates with dots (`31.12.2025`), as German, Swiss and Russian exports write them.
pub(crate) const DOTTED_DATE: &str = "regexp_full_match(v, '[0-9]{1,2}[.][0-9]{1,2}[.][0-9]{4}')";

/// Year first with slashes (`2026/01/06`): only one order is ever written that way.
pub(crate) const YEAR_SLASH_DATE: &str =
    "regexp_full_match(v, '[0-9]{4}/[0-9]{2}/[0-9]{2}') AND TRY_STRPTIME(v, '%Y/%m/%d') IS NOT NULL";

/// `Jan 7 2026`, `January 7, 2026`.
const MONTH_NAME_FIRST: &str =
    "regexp_full_match(lower(v), '(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*[.]? [0-9]{1,2},? [0-9]{4}')";

/// `7 Jan 2026`, `07-Jan-2026`.
const DAY_FIRST_MONTH_NAME: &str = "regexp_full_match(lower(v), '[0-9]{1,2}[ -](jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*[.]?[ -][0-9]{4}')";

/// A way of writing dates, for telling the operator which ways one column mixes.
pub(crate) struct DateStyle {
    /// How the style is written, in words.
    pub(crate) name: &'static str,
    pub(crate) condition: &'static str,
}

/// Every way of writing dates the profile recognises, in the order decisions list them.
pub(crate) const DATE_STYLES: [DateStyle; 8] = [
    DateStyle { name: "YYYY-MM-DD", condition: ISO_DATE },
    DateStyle { name: "YYYY-MM-DD hh:mm:ss", condition: ISO_TIMESTAMP },
    DateStyle { name: "YYYY-MM-DDThh:mm:ss with a UTC offset", condition: ZONED_TIMESTAMP },
    DateStyle { name: "YYYY/MM/DD", condition: YEAR_SLASH_DATE },
    DateStyle { name: "D/M/YYYY or M/D/YYYY", condition: SLASH_DATE },
    DateStyle { name: "D.M.YYYY", condition: DOTTED_DATE },
    DateStyle { name: "month name, day, year (Jan 7 2026)", condition: MONTH_NAME_FIRST },
    DateStyle { name: "day, month name, year (7 Jan 2026)", condition: DAY_FIRST_MONTH_NAME },
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::duck::{first_row, Cell, Database as Connection};
    use crate::ingest::numbers;
    use querycell_contract::quote;

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
                    quote::literal(whole)
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
                    quote::literal(number)
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
                    quote::literal(plain)
                ))
                .unwrap(),
            );
            assert_eq!(row[0], Cell::Boolean(true), "{plain} is plain");
            assert_eq!((&row[1], &row[3]), (&row[2], &row[4]), "the plain forms of {plain}");
        }
    }
}
