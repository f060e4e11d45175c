//! Calendar arithmetic the host needs: days since 1970-01-01 as ISO text (bound dates in
//! receipts, Excel serial dates), and [`Date`], the day an answer is computed for, read from
//! the system clock (UTC) or pinned by the operator (`--today`, [`crate::QueryCell::with_today`]).
//!
//! The civil-date arithmetic itself is the contract's (`querycell_contract::calendar`), the
//! one definition the compiler's relative dates use too; `tests/all/plans/relative_dates.rs`
//! checks that the host's `--today` parser and the compiler's date parser agree on every day.

use std::fmt;
use std::str::FromStr;
use std::time::{SystemTime, UNIX_EPOCH};

use querycell_contract::calendar;

pub use querycell_contract::calendar::format_date;

/// A calendar day: the date an answer is computed for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Date {
    days_since_epoch: i32,
}

impl Date {
    /// Today in UTC, by the system clock.
    pub fn today_utc() -> Date {
        let seconds = match SystemTime::now().duration_since(UNIX_EPOCH) {
            Ok(since) => since.as_secs() as i64,
            // A clock set before 1970 still names a day.
            Err(before) => -(before.duration().as_secs() as i64) - 1,
        };
        Date { days_since_epoch: seconds.div_euclid(86_400) as i32 }
    }

    /// The day `days` after 1970-01-01 (before it when negative), as the WIT contract
    /// carries dates.
    pub fn from_days_since_epoch(days: i32) -> Date {
        Date { days_since_epoch: days }
    }

    /// Days since 1970-01-01, as the WIT contract carries dates.
    pub fn days_since_epoch(self) -> i32 {
        self.days_since_epoch
    }
}

impl fmt::Display for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&format_date(i64::from(self.days_since_epoch)))
    }
}

/// Why a text is not a `YYYY-MM-DD` date.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DateError(String);

impl fmt::Display for DateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for DateError {}

impl FromStr for Date {
    type Err = DateError;

    /// `YYYY-MM-DD`, a real day of a year from 0001 to 9999.
    fn from_str(text: &str) -> Result<Date, DateError> {
        let wrong = || DateError(format!("'{text}' is not a date written YYYY-MM-DD, e.g. 2026-03-15"));
        let bytes = text.as_bytes();
        if bytes.len() != 10 || bytes[4] != b'-' || bytes[7] != b'-' {
            return Err(wrong());
        }
        let number = |range: std::ops::Range<usize>| -> Result<i64, DateError> {
            let part = &text[range];
            if part.bytes().all(|b| b.is_ascii_digit()) {
                part.parse().map_err(|_| wrong())
            } else {
                Err(wrong())
            }
        };
        let (year, month, day) = (number(0..4)?, number(5..7)?, number(8..10)?);
        let (month, day) = (month as u32, day as u32);
        if year == 0 || !(1..=12).contains(&month) || day == 0 || day > calendar::days_in_month(year, month) {
            return Err(DateError(format!("'{text}' is not a day of the calendar")));
        }
        Ok(Date { days_since_epoch: calendar::days_from_civil(year, month, day) as i32 })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_parse_and_print_back() {
        for text in ["1970-01-01", "2026-03-15", "2024-02-29", "1969-12-31", "0001-01-01", "9999-12-31"] {
            let date: Date = text.parse().unwrap();
            assert_eq!(date.to_string(), text);
        }
        assert_eq!("1970-01-02".parse::<Date>().unwrap().days_since_epoch(), 1);
        assert_eq!("2026-03-15".parse::<Date>().unwrap().days_since_epoch(), 20527);
    }

    #[test]
    fn impossible_dates_are_refused() {
        for bad in [
            "2026-02-29",
            "2026-13-01",
            "2026-00-10",
            "2026-3-15",
            "15/03/2026",
            "2026-04-31",
            "0000-01-01",
            "+026-01-01",
            "today",
            "",
        ] {
            assert!(bad.parse::<Date>().is_err(), "{bad}");
        }
    }

    #[test]
    fn the_system_clock_gives_a_plausible_day() {
        let today = Date::today_utc();
        assert!(today > "2025-01-01".parse().unwrap(), "{today}");
    }
}
