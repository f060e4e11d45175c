//! The typed refusal every compiler path returns: a stable code, a sentence, the JSON path
//! of the offending part of the request, and a hint a caller can act on.
//!
//! The codes are a contract with every caller (a model in a retry loop branches on them, and
//! the README lists them), so they are defined once, here, as [`Code`]: a refusal can only be
//! built from one, and [`Code::ALL`] is the list `tests/all/shared_words.rs` holds the
//! README to.

use std::fmt;

macro_rules! codes {
    ($($variant:ident = $text:literal,)*) => {
        /// Every code the compiler refuses a request with, plan and SQL mode alike.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum Code {
            $($variant,)*
        }

        impl Code {
            /// Every code, in the order they are declared.
            pub const ALL: &'static [Code] = &[$(Code::$variant,)*];

            /// The stable snake_case text callers see (`compile-error.code` in the WIT).
            pub fn as_str(self) -> &'static str {
                match self {
                    $(Code::$variant => $text,)*
                }
            }
        }
    };
}

codes! {
    // The request as a whole, and the plan's shape.
    InvalidJson = "invalid_json",
    RequestTooLarge = "request_too_large",
    TooDeeplyNested = "too_deeply_nested",
    InvalidType = "invalid_type",
    UnknownField = "unknown_field",
    MissingField = "missing_field",
    UnexpectedField = "unexpected_field",
    UnknownWord = "unknown_word",
    // What a plan names and asks for.
    UnknownTable = "unknown_table",
    UnknownColumn = "unknown_column",
    UnknownOutput = "unknown_output",
    InvalidValue = "invalid_value",
    ListTooLong = "list_too_long",
    InvalidOperator = "invalid_operator",
    InvalidAggregation = "invalid_aggregation",
    InvalidGranularity = "invalid_granularity",
    InvalidAlias = "invalid_alias",
    DuplicateOutput = "duplicate_output",
    MixedQueryKinds = "mixed_query_kinds",
    EmptyPlan = "empty_plan",
    EmptyList = "empty_list",
    HavingWithoutAggregation = "having_without_aggregation",
    UnsupportedColumnType = "unsupported_column_type",
    // SQL mode.
    EmptySql = "empty_sql",
    SqlSyntax = "sql_syntax",
    MultipleStatements = "multiple_statements",
    NotAQuery = "not_a_query",
    RecursiveCte = "recursive_cte",
    CteOrder = "cte_order",
    StringAsTable = "string_as_table",
    TableFunctionRefused = "table_function_refused",
    FunctionNotAllowed = "function_not_allowed",
    UnknownWindow = "unknown_window",
    PlaceholderRefused = "placeholder_refused",
    SelectIntoRefused = "select_into_refused",
    TypeNotAllowed = "type_not_allowed",
    UnsupportedSyntax = "unsupported_syntax",
    SqlModeUnavailable = "sql_mode_unavailable",
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CompileError {
    /// One of [`Code::ALL`], as text; set by [`CompileError::new`] only.
    pub code: &'static str,
    pub message: String,
    pub path: String,
    pub hint: Option<String>,
}

impl CompileError {
    pub fn new(code: Code, path: impl Into<String>, message: impl Into<String>) -> Self {
        CompileError { code: code.as_str(), message: message.into(), path: path.into(), hint: None }
    }

    pub fn with_hint(mut self, hint: impl Into<String>) -> Self {
        self.hint = Some(hint.into());
        self
    }

    pub fn with_optional_hint(mut self, hint: Option<String>) -> Self {
        self.hint = hint;
        self
    }
}

impl fmt::Display for CompileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} at {}: {}", self.code, self.path, self.message)?;
        if let Some(hint) = &self.hint {
            write!(f, " ({hint})")?;
        }
        Ok(())
    }
}

impl std::error::Error for CompileError {}

pub type Result<T> = std::result::Result<T, CompileError>;

#[cfg(test)]
mod tests {
    use super::Code;

    /// The codes are distinct snake_case words: two variants spelled alike would be one code
    /// to every caller.
    #[test]
    fn codes_are_distinct_snake_case_words() {
        let mut seen = std::collections::BTreeSet::new();
        for code in Code::ALL {
            let text = code.as_str();
            assert!(text.bytes().all(|b| b.is_ascii_lowercase() || b == b'_') && !text.starts_with('_'), "{text}");
            assert!(seen.insert(text), "{text} twice");
        }
    }
}
