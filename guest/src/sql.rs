//! SQL text the compiler emits: identifier quoting and a parameter list that keeps
//! placeholders and values in step. Nothing here ever embeds a request value in SQL.

use crate::model::Param;

/// `name` as a DuckDB quoted identifier. Names come from the catalog; quoting is still
/// total so that no name can end the identifier early.
pub fn quote_ident(name: &str) -> String {
    format!("\"{}\"", name.replace('"', "\"\""))
}

/// Placeholders and their values, appended together so they cannot drift apart.
#[derive(Debug, Default, Clone)]
pub struct Params {
    values: Vec<Param>,
}

impl Params {
    /// Bind `value` and return the placeholder that stands for it.
    pub fn bind(&mut self, value: Param) -> &'static str {
        self.values.push(value);
        "?"
    }

    /// Append values bound elsewhere, whose placeholders the caller places after the ones
    /// already bound.
    pub fn extend(&mut self, values: impl IntoIterator<Item = Param>) {
        self.values.extend(values);
    }

    pub fn into_vec(self) -> Vec<Param> {
        self.values
    }

    pub fn values(&self) -> &[Param] {
        &self.values
    }
}

/// A `LIKE` pattern matching `text` literally, with `\` as the escape character.
pub fn like_literal(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if matches!(c, '\\' | '%' | '_') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoting_doubles_embedded_quotes() {
        assert_eq!(quote_ident("team"), "\"team\"");
        assert_eq!(quote_ident("a\"b"), "\"a\"\"b\"");
    }

    #[test]
    fn like_patterns_escape_wildcards() {
        assert_eq!(like_literal("50%_off\\"), "50\\%\\_off\\\\");
    }
}
