//! The clock in SQL mode. The compiler has none, and an answer should say which day it was
//! computed for rather than depend on when the statement happened to run. So `current_date`
//! and `today()` are allowed and become one bound parameter holding the host's today (the
//! same date plans' relative dates resolve against, and recorded in the receipt), while the
//! functions that read the time of day are refused with a hint to use those instead.

use sqlparser::ast::{Function, FunctionArguments, ObjectName, ObjectNamePart};

/// Functions that read the wall clock (DuckDB's names and their SQL-standard spellings).
pub const TIME_OF_DAY_FUNCTIONS: &[&str] = &[
    "now",
    "current_timestamp",
    "current_time",
    "localtime",
    "localtimestamp",
    "current_localtime",
    "current_localtimestamp",
    "get_current_time",
    "get_current_timestamp",
    "transaction_timestamp",
    "statement_timestamp",
];

/// The hint for a refused clock function.
pub const CLOCK_HINT: &str =
    "querycell answers as of one date, not a moment: use current_date (bound to today's date) or a literal date such as DATE '2026-03-15'";

/// `current_date` (with or without empty parentheses) or `today()`, as written, or `None`.
/// Only the plain call qualifies: no arguments, no FILTER, OVER or other clause.
pub fn todays_date(function: &Function) -> Option<&'static str> {
    let name = plain_name(&function.name)?;
    let empty_call = match &function.args {
        FunctionArguments::None => Some(false),
        FunctionArguments::List(list)
            if list.args.is_empty() && list.clauses.is_empty() && list.duplicate_treatment.is_none() =>
        {
            Some(true)
        }
        _ => None,
    }?;
    let bare = function.filter.is_none()
        && function.over.is_none()
        && function.null_treatment.is_none()
        && function.within_group.is_empty()
        && matches!(function.parameters, FunctionArguments::None)
        && !function.uses_odbc_syntax;
    if !bare {
        return None;
    }
    match (name.to_ascii_lowercase().as_str(), empty_call) {
        ("current_date", false) => Some("current_date"),
        ("current_date", true) => Some("current_date()"),
        ("today", true) => Some("today()"),
        _ => None,
    }
}

/// Whether `name` is a function that reads the time of day.
pub fn reads_time_of_day(name: &ObjectName) -> bool {
    plain_name(name).is_some_and(|n| TIME_OF_DAY_FUNCTIONS.contains(&n.to_ascii_lowercase().as_str()))
}

/// An unquoted, unqualified function name.
fn plain_name(name: &ObjectName) -> Option<&str> {
    match name.0.as_slice() {
        [ObjectNamePart::Identifier(ident)] if ident.quote_style.is_none() => Some(&ident.value),
        _ => None,
    }
}
