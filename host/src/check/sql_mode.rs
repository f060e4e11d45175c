//! The host's checks of what a SQL-mode compile returned, before anything runs: the
//! caller's text it claims to have read is made of the request's own bytes
//! ([`caller_reading`]), and it returns nothing but a main statement and the count frame
//! around it, so every statement that runs is one the reading proof covers
//! ([`crate::check::ParseTreeCheck::prove_reading`]).

use querycell_contract::sql::SQL_COUNT_FRAME;

use crate::error::{Code, Error, Result};
use crate::sandbox::wit;
use crate::statement::CallerReading;

/// The caller's statement a SQL-mode compile of `request` read: the request's bytes at the
/// compile's `reading` spans, joined by one space each (the compiler's cleanup removed only
/// the framing around and between them). Refused unless the spans are ranges of `request`
/// on character boundaries, in order and apart, and the compile is of SQL mode's shape.
pub fn caller_reading(request: &str, compiled: &wit::Compiled, max_rows: u32, today: i32) -> Result<CallerReading> {
    check_shape(compiled)?;
    let mut parts = Vec::with_capacity(compiled.reading.len());
    let mut after = 0usize;
    for span in &compiled.reading {
        let (start, end) = (span.start as usize, span.end as usize);
        let part = (start >= after && start < end).then(|| request.get(start..end)).flatten();
        let Some(part) = part else {
            return Err(mismatch(format!(
                "the compiler's reading {start}..{end} is not a range of the {}-byte request after byte {after}",
                request.len()
            )));
        };
        parts.push(part);
        after = end + 1;
    }
    if parts.is_empty() {
        return Err(mismatch("the compiler says nothing of where the statement lies in the request".into()));
    }
    Ok(CallerReading { text: parts.join(" "), max_rows, today })
}

/// A SQL-mode compile carries no counts, no probe and no column it promises a kind for
/// (its columns say only their roles: DuckDB's result types them), and its count statement
/// is the fixed frame around its main statement with the row cap bound to NULL.
fn check_shape(compiled: &wit::Compiled) -> Result<()> {
    let typed = compiled.columns.iter().any(|c| c.kind != wit::ValueKind::Other);
    if !compiled.main_counts.is_empty() || compiled.null_probe.is_some() || typed {
        return Err(mismatch("a SQL-mode compile carries counts, a probe or columns of promised kinds".into()));
    }
    let (prefix, suffix) = SQL_COUNT_FRAME;
    let framed = compiled
        .count
        .sql
        .strip_prefix(prefix)
        .and_then(|rest| rest.strip_suffix(suffix))
        .is_some_and(|inner| inner == compiled.main.sql);
    let (main, count) = (&compiled.main.params, &compiled.count.params);
    let same_params = main.len() == count.len()
        && main.split_last().zip(count.split_last()).is_some_and(|((_, main), (cap, count))| {
            matches!(cap, wit::Param::Null) && main.iter().zip(count).all(|(a, b)| same_param(a, b))
        });
    if framed && same_params {
        Ok(())
    } else {
        Err(mismatch("the SQL-mode count statement is not its main statement in the count frame".into()))
    }
}

/// Parameter equality as the values are bound (a float by its bits).
fn same_param(a: &wit::Param, b: &wit::Param) -> bool {
    use wit::Param as P;
    match (a, b) {
        (P::Null, P::Null) => true,
        (P::Boolean(a), P::Boolean(b)) => a == b,
        (P::Integer(a), P::Integer(b)) | (P::Timestamp(a), P::Timestamp(b)) => a == b,
        (P::Float(a), P::Float(b)) => a.to_bits() == b.to_bits(),
        (P::Text(a), P::Text(b)) => a == b,
        (P::Date(a), P::Date(b)) => a == b,
        _ => false,
    }
}

fn mismatch(message: String) -> Error {
    Error::new(Code::GuestOutputMismatch, message)
        .hint("the compiler returned SQL the host will not run; nothing was executed")
}
