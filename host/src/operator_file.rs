//! Reading a file the operator wrote (the configuration, a policy): one way to report an
//! unreadable file and a parse error with the file's path and line, for every such file.

use std::path::Path;

use crate::error::{Code, Error, Result};

/// Read an operator's file (configuration, policy) and parse it with `parse`; an unreadable
/// file is `unreadable` at `argument`, and a parse error is prefixed with the file's path.
pub(crate) fn load_operator_file<T>(
    path: &Path,
    argument: &str,
    unreadable: Code,
    parse: impl FnOnce(&str) -> Result<T>,
) -> Result<T> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| Error::new(unreadable, format!("{}: {e}", path.display())).at(argument))?;
    parse(&text).map_err(|e| Error { message: format!("{}: {}", path.display(), e.message), ..e })
}

/// `line N: ` for a TOML error that knows where it is, else nothing.
pub(crate) fn toml_error_line(text: &str, error: &toml::de::Error) -> String {
    error.span().map_or(String::new(), |span| format!("line {}: ", text[..span.start].matches('\n').count() + 1))
}
