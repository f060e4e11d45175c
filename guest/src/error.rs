//! The typed refusal every compiler path returns: a stable code, a sentence, the JSON path
//! of the offending part of the request, and a hint a caller can act on.
//!
//! The codes are a contract with every caller (a model in a retry loop branches on them), so
//! they are defined once, for the compiler and the host together, as
//! `querycell_contract::codes::Code`: a refusal can only be built from one, and the host
//! passes on only the codes the contract lets the compiler raise.

use std::fmt;

pub use querycell_contract::codes::Code;

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
