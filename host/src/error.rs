//! The one error type of the host: a stable code, a message, where (a JSON path or an
//! argument), a hint, and a class that decides the CLI's exit status.
//!
//! Codes and their classes are the contract's ([`Code`], shared with the compiler guest and
//! listed in `docs/errors.md`): an error is built from a [`Code`] and takes its class from
//! it. The `code` field stays the code's text, so the JSON every caller reads is unchanged.

use std::fmt;

use querycell_contract::codes::Class;
pub use querycell_contract::codes::Code;
use serde::{Deserialize, Serialize};

/// What kind of failure, for callers that branch on it (and the CLI's exit code).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorClass {
    /// The request or input was refused; fixing it can succeed (exit 2).
    Refused,
    /// A limit stopped the work: guest fuel/time/memory, query timeout or memory (exit 3).
    Limit,
    /// Anything else: I/O, a broken index, a guest fault (exit 1).
    #[default]
    Internal,
}

impl ErrorClass {
    /// The CLI's exit status for this class (the contract's): 2 refused, 3 limit, 1 internal.
    pub fn exit_code(self) -> i32 {
        Class::from(self).exit_status()
    }
}

// The host's class is the contract's under another name: it is serialised (between the
// host and its query workers), which the contract's data-only crate does not do.
impl From<Class> for ErrorClass {
    fn from(class: Class) -> Self {
        match class {
            Class::Refused => ErrorClass::Refused,
            Class::Limit => ErrorClass::Limit,
            Class::Internal => ErrorClass::Internal,
        }
    }
}

impl From<ErrorClass> for Class {
    fn from(class: ErrorClass) -> Self {
        match class {
            ErrorClass::Refused => Class::Refused,
            ErrorClass::Limit => Class::Limit,
            ErrorClass::Internal => Class::Internal,
        }
    }
}

/// What went wrong (a stable `code` and a `message`), where (`path`), what to do about it
/// (`hint`), and its [`ErrorClass`]. Every fallible path of the host returns this.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Error {
    /// Stable snake_case code to branch on, e.g. `unknown_column`, `query_timeout`: the text
    /// of a [`Code`] (`Code::from_text` reads it back). Text rather than the enum so that
    /// callers, the JSON form and the query workers' protocol see exactly what they did
    /// before the codes were one enum.
    pub code: String,
    /// What went wrong, in words for people.
    pub message: String,
    /// Where: a JSON path into the request (`filters[0].column`), an argument (`--index`),
    /// a file, or `$` for the request as a whole.
    pub path: String,
    /// What to change for the next attempt to succeed, when there is something to say.
    pub hint: Option<String>,
    /// What kind of failure (and so the CLI's exit code); not part of the JSON form.
    #[serde(skip)]
    pub class: ErrorClass,
}

impl Error {
    /// An error of `code` with `message`, of the code's class, at `$` and without a hint.
    pub fn new(code: Code, message: impl Into<String>) -> Self {
        Self::classed(code.class().into(), code, message)
    }

    /// An error of `code` in `class`, for the few codes the contract declares with two classes
    /// ([`Code::classes`]; `docs/errors.md` says why each has two). Every call names a class
    /// the contract declares for its code: `tests/all/repo/shared_words.rs` reads the calls.
    pub fn classed(class: ErrorClass, code: Code, message: impl Into<String>) -> Self {
        Error { code: code.as_str().to_string(), message: message.into(), path: "$".into(), hint: None, class }
    }

    /// The same error, located at `path` (a JSON path, an argument or a file).
    pub fn at(mut self, path: impl Into<String>) -> Self {
        self.path = path.into();
        self
    }

    /// The same error, with a hint on what to do.
    pub fn hint(mut self, hint: impl Into<String>) -> Self {
        self.hint = Some(hint.into());
        self
    }

    /// An I/O failure on `what`, as an internal error.
    pub fn io(what: &str, err: &std::io::Error) -> Self {
        Self::new(Code::IoError, format!("{what}: {err}"))
    }

    /// `{"error": {...}}`, the shape every JSON consumer of querycell gets.
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::json!({ "error": self })
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "error[{}]", self.code)?;
        if self.path != "$" {
            write!(f, " at {}", self.path)?;
        }
        write!(f, ": {}", self.message)?;
        if let Some(hint) = &self.hint {
            write!(f, " Hint: {hint}")?;
        }
        Ok(())
    }
}

impl std::error::Error for Error {}

/// The result of every fallible host operation.
pub type Result<T> = std::result::Result<T, Error>;
