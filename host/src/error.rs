//! The one error type of the host: a stable code, a message, where (a JSON path or an
//! argument), a hint, and a class that decides the CLI's exit status.

use std::fmt;

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
    pub fn exit_code(self) -> i32 {
        match self {
            ErrorClass::Refused => 2,
            ErrorClass::Limit => 3,
            ErrorClass::Internal => 1,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Error {
    pub code: String,
    pub message: String,
    pub path: String,
    pub hint: Option<String>,
    #[serde(skip)]
    pub class: ErrorClass,
}

impl Error {
    pub fn new(class: ErrorClass, code: &str, message: impl Into<String>) -> Self {
        Error { code: code.to_string(), message: message.into(), path: "$".into(), hint: None, class }
    }

    pub fn refused(code: &str, message: impl Into<String>) -> Self {
        Self::new(ErrorClass::Refused, code, message)
    }

    pub fn limit(code: &str, message: impl Into<String>) -> Self {
        Self::new(ErrorClass::Limit, code, message)
    }

    pub fn internal(code: &str, message: impl Into<String>) -> Self {
        Self::new(ErrorClass::Internal, code, message)
    }

    pub fn at(mut self, path: impl Into<String>) -> Self {
        self.path = path.into();
        self
    }

    pub fn hint(mut self, hint: impl Into<String>) -> Self {
        self.hint = Some(hint.into());
        self
    }

    /// An I/O failure on `what`, as an internal error.
    pub fn io(what: &str, err: &std::io::Error) -> Self {
        Self::internal("io_error", format!("{what}: {err}"))
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

pub type Result<T> = std::result::Result<T, Error>;
