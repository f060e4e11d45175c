//! Where a refusal points in the caller's SQL: the one spelling every SQL-mode check gives a
//! refusal's `path`, below all of them so none needs another for it.

use sqlparser::tokenizer::Span;

/// `sql:<line>:<column>` for a span, or `sql` when the parser kept no position.
pub fn position(span: Span) -> String {
    if span.start.line == 0 {
        "sql".into()
    } else {
        format!("sql:{}:{}", span.start.line, span.start.column)
    }
}
