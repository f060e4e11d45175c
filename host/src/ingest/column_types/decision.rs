//! What type detection decides for a column ([`Decision`]) and what it decides from
//! ([`NumberSettings`]): the output every later phase reads (the refinement, the loads, the
//! catalog entry), and the two ways a column's profile ends (`Outcomes`).

use querycell_contract::quote;

use crate::error::Result;
use crate::ingest::numbers::{FileEvidence, Reading};

/// How numbers in a text source are read: what the file says about itself, and what
/// `querycell.toml` settles for the column (its own setting, or its table's).
#[derive(Debug, Clone, Default)]
pub struct NumberSettings {
    /// What the file says about how it writes numbers (its delimiter).
    pub evidence: FileEvidence,
    /// The reading `querycell.toml` settles for the column; `None` leaves it to the values.
    pub configured: Option<Reading>,
}

/// What a column becomes, and why.
#[derive(Debug, Clone, PartialEq)]
pub struct Decision {
    /// The DuckDB type the column gets (`VARCHAR` when it stays text).
    pub sql_type: String,
    /// Why, in words, as the catalog records it.
    pub reason: String,
    /// SQL computing the typed value from the raw text column.
    pub expression: String,
    /// The expression keeps every present text as it is (a text column): distinct texts
    /// stay distinct values, so the column's distinct count is its count of present groups.
    pub keeps_text: bool,
    /// The unit the values were written with (`$`, `€`, `%`), which the catalog records
    /// unless `querycell.toml` gives the column one; `None` for plain values.
    pub unit: Option<String>,
    /// What settled the decimal mark of a number column the values alone could not, or
    /// what the values prove of it; `None` for every other decision.
    pub decimal_mark: Option<DecimalMarkBasis>,
    /// The SQL function (one of [`crate::duck::conversions`]) converting a text of a typed
    /// column as `expression` does, for every text for which this decision stands for more
    /// rows than were decided, and failing the statement for any other: if it converts every
    /// further value of the column (or finds it missing), deciding the whole column gives
    /// this same decision. A load can then check each value as it converts it, instead of
    /// profiling the column first. `None` where no such conversion is known (a text column,
    /// or one with tokens, padding, units or marks that more values could change).
    pub checked: Option<&'static str>,
}

impl Decision {
    /// Whether the column is text only for having no value to type: every cell empty or a
    /// token, where more rows could hold values of a type.
    fn for_want_of_values(&self) -> bool {
        self.keeps_text && (self.reason == NO_VALUES || self.reason == ONLY_TOKENS)
    }

    /// Whether the column (`raw` in the staging table) keeps its text exactly as written,
    /// for a value that fits no type (not for want of values, which more rows could give).
    pub fn keeps_as_written(&self, raw: &str) -> bool {
        self.keeps_text && !self.for_want_of_values() && self.expression == quote::identifier(raw)
    }
}

/// The reason of a text column whose cells are all empty or null tokens.
pub(crate) const NO_VALUES: &str = "no values (every cell empty or a null token)";

/// The reason of a text column whose present cells are all tokens typed columns read as missing.
pub(crate) const ONLY_TOKENS: &str = "only null-like tokens such as NA; kept as text";

/// How a number column's decimal mark was settled, where the rest of its file may need to
/// know: a column whose values prove a decimal dot tells the file's other columns how it
/// writes numbers better than its delimiter does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DecimalMarkBasis {
    /// Its values have a dot that only a decimal dot reads (`2.25`): the example.
    ProvenDot(String),
    /// Its values read with either mark, and the file's delimiter (`;`) chose the comma.
    CommaFromTheDelimiter,
}

/// The decision for timestamps with a UTC offset: the words a Parquet or JSON column of
/// zoned timestamps gets too, so both read alike wherever decisions are shown.
pub const ZONED_DECISION: &str = "timestamps with a time zone in the file, converted to UTC";

/// The two ways a profile ends, sharing what every decision of each kind carries: a text
/// column keeps `text_value`; a typed one converts `typed_value`, and its reason says how
/// many null-like tokens it read as missing, since those cells are lost as text.
pub(crate) struct Outcomes<'a> {
    pub(crate) text_value: &'a str,
    pub(crate) typed_value: &'a str,
    pub(crate) tokens_note: String,
    /// No value is a token, padded or written with a typographic minus: the typed value is
    /// the text as written.
    pub(crate) as_written: bool,
}

impl Outcomes<'_> {
    pub(crate) fn text(&self, reason: String) -> Result<Decision> {
        Ok(Decision {
            sql_type: "VARCHAR".into(),
            reason,
            expression: self.text_value.to_string(),
            keeps_text: true,
            unit: None,
            decimal_mark: None,
            checked: None,
        })
    }

    pub(crate) fn typed(&self, sql_type: &str, reason: &str, expression: String) -> Result<Decision> {
        self.typed_in(sql_type, reason, expression, None)
    }

    /// A typed decision whose values were written with `unit` (`$`, `%`).
    pub(crate) fn typed_in(
        &self,
        sql_type: &str,
        reason: &str,
        expression: String,
        unit: Option<String>,
    ) -> Result<Decision> {
        Ok(Decision {
            sql_type: sql_type.into(),
            reason: format!("{reason}{}", self.tokens_note),
            expression,
            keeps_text: false,
            unit,
            decimal_mark: None,
            checked: None,
        })
    }

    /// A typed decision (with no unit) that stands while the function `conversion` converts
    /// every further value: see [`Decision::checked`]. Only a column read as written (no
    /// token, padding or typographic minus) carries it, since a further token or padded
    /// value would change the expression.
    pub(crate) fn typed_while(
        &self,
        sql_type: &str,
        reason: &str,
        expression: String,
        conversion: Option<&'static str>,
    ) -> Result<Decision> {
        let decision = self.typed(sql_type, reason, expression)?;
        Ok(Decision { checked: conversion.filter(|_| self.as_written), ..decision })
    }
}
