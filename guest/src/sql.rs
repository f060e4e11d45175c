//! SQL text the compiler emits: identifier quoting and a parameter list that keeps
//! placeholders and values in step. Nothing here ever embeds a request value in SQL.

use crate::model::{Dialect, Param, Table};

/// `name` as a DuckDB quoted identifier (the contract's one quoting). Names come from the
/// catalog; quoting is still total so that no name can end the identifier early.
pub use querycell_contract::quote::identifier as quote_ident;

/// What differs between the engines' SQL, in the one place the plan compiler asks. Spark's
/// text is written so that it holds no string literal but the constants below and no
/// backslash: the host's lexical check of Spark text (`host/src/check/spark.rs`) refuses
/// anything else, because there Spark's lexer and DuckDB's (which the host checks with)
/// could read one text two ways.
impl Dialect {
    /// `name` as a quoted identifier: `"a""b"` for DuckDB, `` `a``b` `` for Spark.
    pub fn quote(self, name: &str) -> String {
        match self {
            Dialect::DuckDb => quote_ident(name),
            Dialect::Spark => querycell_contract::quote::spark_identifier(name),
        }
    }

    /// The table as FROM names it: its relation's parts, each quoted, joined by dots.
    pub fn relation(self, table: &Table) -> String {
        match table.relation.as_slice() {
            [] => self.quote(&table.name),
            parts => parts.iter().map(|part| self.quote(part)).collect::<Vec<_>>().join("."),
        }
    }

    /// The text type a policy's row filter casts to.
    pub fn text_type(self) -> &'static str {
        match self {
            Dialect::DuckDb => "VARCHAR",
            Dialect::Spark => "STRING",
        }
    }

    /// The escape character of `LIKE` patterns ([`like_literal`]): `\` for DuckDB; `!` for
    /// Spark, whose string literals would read a backslash as an escape of their own.
    pub fn like_escape(self) -> char {
        match self {
            Dialect::DuckDb => '\\',
            Dialect::Spark => '!',
        }
    }
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

/// A `LIKE` pattern matching `text` literally, with `escape` as the escape character.
pub fn like_literal(text: &str, escape: char) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c == escape || matches!(c, '%' | '_') {
            out.push(escape);
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
        assert_eq!(like_literal("50%_off\\", '\\'), "50\\%\\_off\\\\");
        assert_eq!(like_literal("50%_off!\\", '!'), "50!%!_off!!\\");
    }
}
