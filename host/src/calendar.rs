//! Calendar arithmetic the host needs: days since 1970-01-01 as ISO text (bound dates in
//! receipts, Excel serial dates), and [`Date`], the day an answer is computed for, read from
//! the system clock (UTC) or pinned by the operator (`--today`, [`crate::QueryCell::with_today`]).
//!
//! The guest does its own calendar arithmetic for relative dates; the representation both
//! sides share is the one the WIT contract fixes (days since 1970-01-01), and
//! `tests/all/relative_dates.rs` checks that the two calendars agree.

use std::fmt;
use std::str::FromStr;
use std::time::{SystemTime, UNIX_EPOCH};

/// `days` since 1970-01-01 as `YYYY-MM-DD` (Howard Hinnant's civil_from_days).
pub fn format_date(days: i64) -> String {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}")
}

/// `year-month-day` as days since 1970-01-01 (Howard Hinnant's days_from_civil).
fn days_from_civil(year: i64, month: i64, day: i64) -> i64 {
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y.rem_euclid(400);
    let mp = (month + 9) % 12;
    let doy = (153 * mp + 2) / 5 + day - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

fn days_in_month(year: i64, month: i64) -> i64 {
    let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    match month {
        2 if leap => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

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
        if year == 0 || !(1..=12).contains(&month) || day == 0 || day > days_in_month(year, month) {
            return Err(DateError(format!("'{text}' is not a day of the calendar")));
        }
        Ok(Date { days_since_epoch: days_from_civil(year, month, day) as i32 })
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
        for bad in ["2026-02-29", "2026-13-01", "2026-00-10", "2026-3-15", "15/03/2026", "2026-04-31", "0000-01-01", "+026-01-01", "today", ""] {
            assert!(bad.parse::<Date>().is_err(), "{bad}");
        }
    }

    #[test]
    fn the_system_clock_gives_a_plausible_day() {
        let today = Date::today_utc();
        assert!(today > "2025-01-01".parse().unwrap(), "{today}");
    }
}
