//! Calendar arithmetic on days since 1970-01-01, in the proleptic Gregorian calendar DuckDB's
//! DATE uses: the period of a given unit that contains a day, shifting a day by whole
//! periods, and the day range a relative date names. Civil dates themselves (days to
//! year-month-day and back) are the contract's (`querycell_contract::calendar`), the one
//! definition the host uses too.
//!
//! The units are the plan language's calendar words, defined once as
//! [`crate::plan::Granularity`] (`day`, `week`, `month`, `quarter`, `year`), so "group by
//! month" and "the previous month" can never disagree about what a month is. Weeks start on
//! Monday, as DuckDB's `date_trunc('week', …)` does.
//!
//! Nothing here reads a clock: "today" is always an argument, given by the host.

use querycell_contract::calendar;

use crate::plan::{Granularity, RelativeDate};

/// A half-open range of days, `[start, end)`, each in days since 1970-01-01.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DayRange {
    pub start: i32,
    /// The first day after the range.
    pub end: i32,
}

impl DayRange {
    /// The last day inside the range.
    pub fn last_day(self) -> i32 {
        self.end - 1
    }
}

/// The earliest day a relative date may reach: 0001-01-01 (DuckDB's dates go further, but
/// a range reaching before the year 1 is a mistake in the request, not a question).
pub const EARLIEST_DAY: i32 = -719_162;

// The civil-date arithmetic is the contract's, shared with the host; these are its `i32`
// face, the width the WIT contract gives days.

pub fn days_in_month(year: i32, month: u32) -> u32 {
    calendar::days_in_month(year.into(), month)
}

/// `year-month-day` as days since 1970-01-01.
pub fn days_from_civil(year: i32, month: u32, day: u32) -> i32 {
    calendar::days_from_civil(year.into(), month, day) as i32
}

/// Days since 1970-01-01 as `(year, month, day)`.
pub fn civil_from_days(days: i32) -> (i32, u32, u32) {
    let (year, month, day) = calendar::civil_from_days(days.into());
    (year as i32, month, day)
}

/// The first day of the period of `unit` that contains `day` (what `date_trunc` gives).
pub fn period_start(day: i32, unit: Granularity) -> i32 {
    let (year, month, _) = civil_from_days(day);
    match unit {
        Granularity::Day => day,
        // 1970-01-01 was a Thursday: (day + 3) mod 7 counts the days since Monday.
        Granularity::Week => day - (day + 3).rem_euclid(7),
        Granularity::Month => days_from_civil(year, month, 1),
        Granularity::Quarter => days_from_civil(year, (month - 1) / 3 * 3 + 1, 1),
        Granularity::Year => days_from_civil(year, 1, 1),
    }
}

/// `day` moved by `count` periods of `unit` (back when negative). Months, quarters and years
/// keep the day of the month, or take the target month's last day when it is shorter
/// (March 31 minus one month is February 28, or 29 in a leap year), as DuckDB's
/// `date - INTERVAL n MONTH` does.
pub fn shift(day: i32, unit: Granularity, count: i32) -> i32 {
    match unit {
        Granularity::Day => day + count,
        Granularity::Week => day + 7 * count,
        Granularity::Month => shift_months(day, count),
        Granularity::Quarter => shift_months(day, 3 * count),
        Granularity::Year => shift_months(day, 12 * count),
    }
}

fn shift_months(day: i32, months: i32) -> i32 {
    let (year, month, day_of_month) = civil_from_days(day);
    let index = year * 12 + (month as i32 - 1) + months;
    let (year, month) = (index.div_euclid(12), index.rem_euclid(12) as u32 + 1);
    days_from_civil(year, month, day_of_month.min(days_in_month(year, month)))
}

/// The days `relative` names when today is `today`:
///
/// - `this <unit>`: the whole calendar period containing today (days after today included);
/// - `previous <unit>`: the whole calendar period before that one;
/// - `last N <units>`: the N units ending with today, today included: the days after the
///   same day N units ago, through today (`last 7 days` is today and the 6 days before it;
///   `last 1 month` on 2026-03-15 is 2026-02-16 through 2026-03-15, and on 2026-03-31 it is
///   2026-03-01 through 2026-03-31, because February has no 31st).
pub fn resolve(relative: RelativeDate, today: i32) -> DayRange {
    match relative {
        RelativeDate::This(unit) => {
            let start = period_start(today, unit);
            DayRange { start, end: shift(start, unit, 1) }
        }
        RelativeDate::Previous(unit) => {
            let end = period_start(today, unit);
            DayRange { start: shift(end, unit, -1), end }
        }
        RelativeDate::Last { count, unit } => DayRange { start: shift(today, unit, -count) + 1, end: today + 1 },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::values::{format_date, parse_date};

    fn day(text: &str) -> i32 {
        parse_date(text).unwrap_or_else(|| panic!("{text} is a date"))
    }

    /// The range as inclusive ISO dates, for readable assertions.
    fn shown(range: DayRange) -> (String, String) {
        (format_date(range.start), format_date(range.last_day()))
    }

    fn resolved(relative: RelativeDate, today: &str) -> (String, String) {
        shown(resolve(relative, day(today)))
    }

    fn pair(start: &str, last: &str) -> (String, String) {
        (start.to_string(), last.to_string())
    }

    #[test]
    fn periods_start_where_date_trunc_puts_them() {
        let today = day("2026-03-15"); // a Sunday
        assert_eq!(format_date(period_start(today, Granularity::Day)), "2026-03-15");
        assert_eq!(format_date(period_start(today, Granularity::Week)), "2026-03-09");
        assert_eq!(format_date(period_start(day("2026-03-09"), Granularity::Week)), "2026-03-09");
        assert_eq!(format_date(period_start(day("1970-01-01"), Granularity::Week)), "1969-12-29");
        assert_eq!(format_date(period_start(today, Granularity::Month)), "2026-03-01");
        assert_eq!(format_date(period_start(day("2026-12-31"), Granularity::Quarter)), "2026-10-01");
        assert_eq!(format_date(period_start(day("2026-04-01"), Granularity::Quarter)), "2026-04-01");
        assert_eq!(format_date(period_start(day("2026-03-31"), Granularity::Quarter)), "2026-01-01");
        assert_eq!(format_date(period_start(today, Granularity::Year)), "2026-01-01");
    }

    #[test]
    fn shifting_by_months_clamps_to_the_end_of_shorter_months() {
        assert_eq!(format_date(shift(day("2026-03-31"), Granularity::Month, -1)), "2026-02-28");
        assert_eq!(format_date(shift(day("2024-03-31"), Granularity::Month, -1)), "2024-02-29");
        assert_eq!(format_date(shift(day("2024-02-29"), Granularity::Year, -1)), "2023-02-28");
        assert_eq!(format_date(shift(day("2024-02-29"), Granularity::Year, -4)), "2020-02-29");
        assert_eq!(format_date(shift(day("2026-01-31"), Granularity::Month, 1)), "2026-02-28");
        assert_eq!(format_date(shift(day("2026-01-15"), Granularity::Month, -13)), "2024-12-15");
        assert_eq!(format_date(shift(day("2026-05-31"), Granularity::Quarter, -1)), "2026-02-28");
        assert_eq!(format_date(shift(day("2026-03-01"), Granularity::Week, -1)), "2026-02-22");
    }

    #[test]
    fn this_and_previous_are_whole_calendar_periods() {
        use Granularity::*;
        let cases = [
            (RelativeDate::This(Day), "2026-03-15", pair("2026-03-15", "2026-03-15")),
            (RelativeDate::Previous(Day), "2026-03-01", pair("2026-02-28", "2026-02-28")),
            (RelativeDate::This(Week), "2026-03-15", pair("2026-03-09", "2026-03-15")),
            (RelativeDate::Previous(Week), "2026-03-15", pair("2026-03-02", "2026-03-08")),
            (RelativeDate::This(Month), "2026-03-15", pair("2026-03-01", "2026-03-31")),
            (RelativeDate::This(Month), "2024-02-10", pair("2024-02-01", "2024-02-29")),
            (RelativeDate::Previous(Month), "2026-03-31", pair("2026-02-01", "2026-02-28")),
            (RelativeDate::Previous(Month), "2024-03-31", pair("2024-02-01", "2024-02-29")),
            (RelativeDate::Previous(Month), "2026-01-10", pair("2025-12-01", "2025-12-31")),
            (RelativeDate::This(Quarter), "2026-03-15", pair("2026-01-01", "2026-03-31")),
            (RelativeDate::This(Quarter), "2026-11-30", pair("2026-10-01", "2026-12-31")),
            (RelativeDate::Previous(Quarter), "2026-03-15", pair("2025-10-01", "2025-12-31")),
            (RelativeDate::Previous(Quarter), "2026-04-01", pair("2026-01-01", "2026-03-31")),
            (RelativeDate::This(Year), "2026-03-15", pair("2026-01-01", "2026-12-31")),
            (RelativeDate::Previous(Year), "2025-01-01", pair("2024-01-01", "2024-12-31")),
        ];
        for (relative, today, expected) in cases {
            assert_eq!(resolved(relative, today), expected, "{relative:?} on {today}");
        }
    }

    #[test]
    fn last_n_units_end_with_today() {
        use Granularity::*;
        let last = |count, unit| RelativeDate::Last { count, unit };
        let cases = [
            (last(1, Day), "2026-03-15", pair("2026-03-15", "2026-03-15")),
            (last(7, Day), "2026-03-15", pair("2026-03-09", "2026-03-15")),
            (last(30, Day), "2026-03-15", pair("2026-02-14", "2026-03-15")),
            (last(30, Day), "2024-03-15", pair("2024-02-15", "2024-03-15")),
            (last(2, Week), "2026-03-15", pair("2026-03-02", "2026-03-15")),
            (last(1, Month), "2026-03-15", pair("2026-02-16", "2026-03-15")),
            // February has no 29th-31st in 2026: the month before ends on its last day.
            (last(1, Month), "2026-03-31", pair("2026-03-01", "2026-03-31")),
            (last(1, Month), "2026-03-28", pair("2026-03-01", "2026-03-28")),
            (last(1, Month), "2026-03-27", pair("2026-02-28", "2026-03-27")),
            (last(1, Month), "2024-03-30", pair("2024-03-01", "2024-03-30")),
            (last(1, Month), "2024-03-29", pair("2024-03-01", "2024-03-29")),
            (last(1, Month), "2024-03-28", pair("2024-02-29", "2024-03-28")),
            (last(3, Month), "2026-05-31", pair("2026-03-01", "2026-05-31")),
            (last(12, Month), "2026-01-15", pair("2025-01-16", "2026-01-15")),
            (last(1, Quarter), "2026-05-31", pair("2026-03-01", "2026-05-31")),
            (last(1, Year), "2024-02-29", pair("2023-03-01", "2024-02-29")),
            (last(1, Year), "2026-03-15", pair("2025-03-16", "2026-03-15")),
        ];
        for (relative, today, expected) in cases {
            assert_eq!(resolved(relative, today), expected, "{relative:?} on {today}");
        }
    }

    /// Every range is non-empty, ends where it says, and `last` always includes today.
    #[test]
    fn ranges_are_never_empty_over_years_of_todays() {
        use Granularity::*;
        for today in day("2023-01-01")..day("2029-01-01") {
            for unit in [Day, Week, Month, Quarter, Year] {
                for relative in [
                    RelativeDate::This(unit),
                    RelativeDate::Previous(unit),
                    RelativeDate::Last { count: 1, unit },
                    RelativeDate::Last { count: 5, unit },
                ] {
                    let range = resolve(relative, today);
                    assert!(range.start < range.end, "{relative:?} on {}", format_date(today));
                    if !matches!(relative, RelativeDate::Previous(_)) {
                        assert!(
                            range.start <= today && today < range.end,
                            "{relative:?} on {} misses today",
                            format_date(today)
                        );
                    } else {
                        assert!(range.end <= today, "{relative:?} on {} reaches today", format_date(today));
                    }
                }
            }
        }
    }
}
