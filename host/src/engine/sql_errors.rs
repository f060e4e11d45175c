//! DuckDB's failures in SQL mode, reworded as the caller's to fix: a validated statement
//! DuckDB cannot bind or run is a refusal with words a model can act on, not an internal
//! fault.

use crate::error::{Code, Error, ErrorClass};

/// DuckDB's message about a statement, in words the caller can act on, and the hint. Two of
/// its messages sent a model the wrong way: a function on a TIMESTAMP WITH TIME ZONE (what
/// `to_timestamp` returns) needs the `icu` extension, which querycell never installs or loads,
/// and DuckDB said so as a failure to install it (a model then tried `INSTALL icu`); an
/// operator no overload takes listed every candidate, a hundred lines of no use.
fn duckdbs_words_for_the_caller(message: &str) -> (String, String) {
    let fix = "fix the statement: the schema lists every table, column and type; values must fit their column's type";
    let cast = "to_timestamp gives a TIMESTAMP WITH TIME ZONE, which querycell cannot compute with: cast it first, CAST(to_timestamp(x) AS TIMESTAMP)";
    if message.contains("Extension Autoloading Error") || message.contains("INSTALL ") {
        let extension = message
            .split_once("extension '")
            .and_then(|(_, rest)| rest.split(|c: char| !c.is_ascii_alphanumeric() && c != '_').next())
            .filter(|name| !name.is_empty())
            .unwrap_or("another");
        let said = format!("it needs DuckDB's {extension} extension, which querycell does not load");
        let hint = if extension == "icu" { cast } else { fix };
        return (said, hint.to_string());
    }
    let said = message.split("Candidate functions:").next().unwrap_or(message).trim_end().to_string();
    let hint = if said.contains("TIME ZONE") { cast } else { fix };
    (said, hint.to_string())
}

/// In SQL mode, a validated statement that DuckDB cannot bind or run (a column of the wrong
/// type, a value that does not convert) is the caller's SQL to fix: a refusal (exit 2), not
/// an internal fault. In plan mode the same failure would be a compiler bug and stays one.
pub(super) fn sql_error_is_the_callers(error: Error) -> Error {
    match Code::from_text(&error.code) {
        Some(code @ (Code::QueryInvalid | Code::QueryFailed)) => {
            let (message, hint) = duckdbs_words_for_the_caller(&error.message);
            Error::classed(ErrorClass::Refused, code, format!("DuckDB could not answer the statement: {message}"))
                .at("sql")
                .hint(hint)
        }
        // The guest's parser is more lenient than DuckDB's in places: most often a column
        // named like a DuckDB keyword (`at`, `order`) written without quotes.
        Some(Code::StatementUnparsable) => Error::new(Code::SqlSyntax, error.message)
            .at("sql")
            .hint("write the statement in DuckDB's SQL; a name that is an SQL keyword, such as at or order, goes in double quotes: \"at\""),
        _ => error,
    }
}
