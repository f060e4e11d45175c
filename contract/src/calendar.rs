//! Civil-date arithmetic on days since 1970-01-01, in the proleptic Gregorian calendar
//! DuckDB's DATE uses: the representation the WIT contract fixes for dates, and the one
//! definition of it. The compiler builds its periods and relative dates on it
//! (`guest/src/calendar.rs`); the host formats bound dates and receipts and reads `--today`
//! with it (`host/src/calendar.rs`). Pure functions, no clock.
//!
//! Days and years are `i64` so that no input a caller can reach overflows (the host formats
//! Excel serial numbers and timestamps' days, which can lie far outside DuckDB's range).

/// Whether `year` has a February 29th.
pub fn is_leap(year: i64) -> bool {
    (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
}

/// The days in `month` (1 to 12) of `year`.
pub fn days_in_month(year: i64, month: u32) -> u32 {
    match month {
        2 if is_leap(year) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// Howard Hinnant's days_from_civil: `year-month-day` as days since 1970-01-01.
pub fn days_from_civil(year: i64, month: u32, day: u32) -> i64 {
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y.rem_euclid(400);
    let mp = i64::from((month + 9) % 12);
    let doy = (153 * mp + 2) / 5 + i64::from(day) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// Howard Hinnant's civil_from_days: days since 1970-01-01 as `(year, month, day)`.
pub fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

/// `days` since 1970-01-01 as `YYYY-MM-DD` (the year in at least four digits).
pub fn format_date(days: i64) -> String {
    let (year, month, day) = civil_from_days(days);
    format!("{year:04}-{month:02}-{day:02}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn civil_dates_round_trip_over_centuries() {
        assert_eq!(days_from_civil(1970, 1, 1), 0);
        assert_eq!(days_from_civil(1, 1, 1), -719_162);
        assert_eq!(days_from_civil(2026, 3, 15), 20_527);
        for days in (-800_000..800_000).step_by(997).chain(-1_000..1_000) {
            let (y, m, d) = civil_from_days(days);
            assert_eq!(days_from_civil(y, m, d), days);
            assert!((1..=12).contains(&m) && d >= 1 && d <= days_in_month(y, m));
        }
    }

    /// Day by day from 1900 to 2200, the next day is the next date of the calendar.
    #[test]
    fn consecutive_days_are_consecutive_dates() {
        let mut previous = civil_from_days(days_from_civil(1900, 1, 1) - 1);
        for days in days_from_civil(1900, 1, 1)..days_from_civil(2201, 1, 1) {
            let (y, m, d) = civil_from_days(days);
            let (py, pm, pd) = previous;
            let expected = if pd < days_in_month(py, pm) {
                (py, pm, pd + 1)
            } else if pm < 12 {
                (py, pm + 1, 1)
            } else {
                (py + 1, 1, 1)
            };
            assert_eq!((y, m, d), expected, "day {days}");
            previous = (y, m, d);
        }
    }

    #[test]
    fn leap_years_follow_the_gregorian_rules() {
        assert!(is_leap(2024) && is_leap(2000) && is_leap(2400) && is_leap(0));
        assert!(!is_leap(2026) && !is_leap(1900) && !is_leap(2100));
        assert_eq!(days_in_month(2024, 2), 29);
        assert_eq!(days_in_month(2100, 2), 28);
    }

    #[test]
    fn dates_print_as_iso_text() {
        assert_eq!(format_date(0), "1970-01-01");
        assert_eq!(format_date(-1), "1969-12-31");
        assert_eq!(format_date(20_527), "2026-03-15");
        assert_eq!(format_date(-719_162), "0001-01-01");
    }
}
