//! Turning request values (JSON) into typed parameters for a column's kind, and dates and
//! timestamps to and from their ISO text (days / microseconds since 1970-01-01; the calendar
//! arithmetic itself is the contract's, `querycell_contract::calendar`).

use serde_json::Value;

use querycell_contract::calendar;

use crate::error::{Code, CompileError, Result};
use crate::model::{Param, ValueKind};

/// Microseconds in a day: a date's midnight as a timestamp is `days * MICROS_PER_DAY`.
pub const MICROS_PER_DAY: i64 = 86_400_000_000;

/// A JSON value checked against `kind` and converted to the parameter bound for it.
pub fn param_for(kind: ValueKind, value: &Value, path: &str) -> Result<Param> {
    let wrong = |expected: &str, example: &str| {
        CompileError::new(
            Code::InvalidValue,
            path,
            format!("expected {expected} for a {} column, got {}", kind.word(), describe_json(value)),
        )
        .with_hint(match value {
            // A model asking for missing values writes `null`; the ops for them take none.
            Value::Null => {
                "to match missing values use \"op\": \"is_null\" (or \"is_not_null\") without a \"value\"".to_string()
            }
            _ => format!("write it like {example}"),
        })
    };
    match kind {
        ValueKind::Text => match value {
            Value::String(s) => Ok(Param::Text(s.clone())),
            _ => Err(wrong("a string", "\"some text\"")),
        },
        ValueKind::Integer | ValueKind::Float => match value {
            Value::Number(n) => {
                if let Some(i) = n.as_i64() {
                    Ok(if kind == ValueKind::Integer { Param::Integer(i) } else { Param::Float(i as f64) })
                } else if let Some(f) = n.as_f64().filter(|f| f.is_finite()) {
                    Ok(Param::Float(f))
                } else {
                    Err(wrong("a finite number", "42 or 4.2"))
                }
            }
            _ => Err(wrong("a number", "42 or 4.2")),
        },
        ValueKind::Boolean => match value {
            Value::Bool(b) => Ok(Param::Boolean(*b)),
            _ => Err(wrong("true or false", "true")),
        },
        // Models often write "yesterday" or "30 days ago": the hint shows the relative forms.
        ValueKind::Date => match value.as_str().and_then(parse_date) {
            Some(days) => Ok(Param::Date(days)),
            None => Err(wrong(
                "a date as \"YYYY-MM-DD\"",
                "\"2026-03-31\", or as a relative date such as {\"last\": 7, \"unit\": \"day\"}",
            )),
        },
        ValueKind::Timestamp => match value.as_str().and_then(parse_timestamp) {
            Some(micros) => Ok(Param::Timestamp(micros)),
            None => Err(wrong(
                "a timestamp as \"YYYY-MM-DD HH:MM:SS\"",
                "\"2026-03-31 14:00:00\", or as a relative date such as {\"last\": 7, \"unit\": \"day\"}",
            )),
        },
        ValueKind::Other => Err(CompileError::new(
            Code::UnsupportedColumnType,
            path,
            "this column's type cannot be compared with a value",
        )),
    }
}

/// A short description of a JSON value's shape for error messages (never the whole value).
pub fn describe_json(value: &Value) -> String {
    match value {
        Value::Null => "null".into(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => n.to_string(),
        Value::String(s) if s.chars().count() <= 40 => format!("{s:?}"),
        Value::String(_) => "a long string".into(),
        Value::Array(a) => format!("a list of {}", a.len()),
        Value::Object(_) => "an object".into(),
    }
}

/// `YYYY-MM-DD` with a real calendar day, as days since 1970-01-01.
pub fn parse_date(text: &str) -> Option<i32> {
    let bytes = text.as_bytes();
    if bytes.len() != 10 || bytes[4] != b'-' || bytes[7] != b'-' {
        return None;
    }
    // Four digits: a year of 0..=9999, whose days fit the contract's `i32` days.
    let year = digits(&text[0..4])? as i64;
    let month = digits(&text[5..7])? as u32;
    let day = digits(&text[8..10])? as u32;
    if !(1..=12).contains(&month) || day == 0 || day > calendar::days_in_month(year, month) {
        return None;
    }
    Some(calendar::days_from_civil(year, month, day) as i32)
}

/// `YYYY-MM-DD`, or that followed by `T` or a space and `HH:MM[:SS[.ffffff]]`, as
/// microseconds since 1970-01-01T00:00:00.
pub fn parse_timestamp(text: &str) -> Option<i64> {
    if text.len() == 10 {
        return parse_date(text).map(|d| i64::from(d) * MICROS_PER_DAY);
    }
    if text.len() < 16 || !text.is_char_boundary(10) {
        return None;
    }
    let (date, rest) = text.split_at(10);
    let days = parse_date(date)?;
    let rest = rest.strip_prefix('T').or_else(|| rest.strip_prefix(' '))?;
    let (clock, fraction) = match rest.split_once('.') {
        Some((c, f)) => (c, Some(f)),
        None => (rest, None),
    };
    let parts: Vec<&str> = clock.split(':').collect();
    if !(2..=3).contains(&parts.len()) || parts.iter().any(|p| p.len() != 2) {
        return None;
    }
    let hour = digits(parts[0])?;
    let minute = digits(parts[1])?;
    let second = if parts.len() == 3 { digits(parts[2])? } else { 0 };
    if hour > 23 || minute > 59 || second > 59 {
        return None;
    }
    let micros = match fraction {
        None => 0,
        Some(f) if parts.len() == 3 && (1..=6).contains(&f.len()) => digits(f)? * 10u64.pow(6 - f.len() as u32),
        Some(_) => return None,
    };
    let seconds = i64::from(days) * 86_400 + (hour * 3600 + minute * 60 + second) as i64;
    Some(seconds * 1_000_000 + micros as i64)
}

/// `days` since 1970-01-01 as `YYYY-MM-DD`.
pub fn format_date(days: i32) -> String {
    calendar::format_date(days.into())
}

/// Microseconds since the epoch as `YYYY-MM-DD HH:MM:SS[.ffffff]`.
pub fn format_timestamp(micros: i64) -> String {
    let days = micros.div_euclid(MICROS_PER_DAY);
    let in_day = micros.rem_euclid(MICROS_PER_DAY);
    let (h, rem) = (in_day / 3_600_000_000, in_day % 3_600_000_000);
    let (m, rem) = (rem / 60_000_000, rem % 60_000_000);
    let (s, us) = (rem / 1_000_000, rem % 1_000_000);
    let date = format_date(days as i32);
    if us == 0 {
        format!("{date} {h:02}:{m:02}:{s:02}")
    } else {
        format!("{date} {h:02}:{m:02}:{s:02}.{us:06}")
    }
}

fn digits(text: &str) -> Option<u64> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn dates_round_trip() {
        assert_eq!(parse_date("1970-01-01"), Some(0));
        assert_eq!(parse_date("2000-03-01"), Some(11017));
        assert_eq!(parse_date("1969-12-31"), Some(-1));
        for days in [-700_000, -1, 0, 59, 11016, 20_000, 2_000_000] {
            assert_eq!(parse_date(&format_date(days)), Some(days));
        }
    }

    #[test]
    fn impossible_dates_are_refused() {
        for bad in ["2026-02-29", "2026-13-01", "2026-00-10", "2026-4-01", "03/04/2026", "2026-04-31", "２０２６-01-01"]
        {
            assert_eq!(parse_date(bad), None, "{bad}");
        }
        assert!(parse_date("2024-02-29").is_some());
    }

    #[test]
    fn timestamps_parse_with_optional_seconds_and_fraction() {
        assert_eq!(parse_timestamp("1970-01-01 00:00"), Some(0));
        assert_eq!(parse_timestamp("1970-01-01T00:00:01.5"), Some(1_500_000));
        assert_eq!(parse_timestamp("1970-01-02"), Some(86_400_000_000));
        assert_eq!(parse_timestamp("1970-01-01 24:00"), None);
        assert_eq!(parse_timestamp("1970-01-01 10:00.5"), None);
        assert_eq!(format_timestamp(1_500_000), "1970-01-01 00:00:01.500000");
    }

    #[test]
    fn values_must_fit_the_column_kind() {
        assert_eq!(param_for(ValueKind::Text, &json!("P1"), "v").unwrap(), Param::Text("P1".into()));
        assert_eq!(param_for(ValueKind::Integer, &json!(10), "v").unwrap(), Param::Integer(10));
        assert_eq!(param_for(ValueKind::Integer, &json!(10.5), "v").unwrap(), Param::Float(10.5));
        assert_eq!(param_for(ValueKind::Float, &json!(3), "v").unwrap(), Param::Float(3.0));
        let err = param_for(ValueKind::Integer, &json!("10"), "filters[0].value").unwrap_err();
        assert_eq!((err.code, err.path.as_str()), ("invalid_value", "filters[0].value"));
        assert!(param_for(ValueKind::Text, &json!(1), "v").is_err());
        assert!(param_for(ValueKind::Date, &json!("03/04/2026"), "v").is_err());
        assert!(param_for(ValueKind::Boolean, &json!("true"), "v").is_err());
    }
}
