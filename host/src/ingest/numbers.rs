//! How a text column's numbers are written: which mark is the decimal mark and which, if
//! any, groups thousands. `1.234` is one and a quarter in an English export and twelve
//! hundred and thirty-four in a German one, so the reading is decided from evidence across
//! the whole column (and the file's delimiter), never from one value:
//!
//! - a value only one reading accepts decides it (`4.238,69`, `12,5`, `1,234,567`, `0.5`);
//! - when every value with a mark fits both readings (`1.234`, `12.500`, `999`), a
//!   `;`-delimited file decides for the decimal comma (the usual reason a CSV uses `;`);
//!   otherwise the column stays text and the decision names the value that left it open;
//! - `decimal_separator` / `thousands_separator` in `querycell.toml` settle it outright.

use std::fmt;

use querycell_contract::quote;

/// The decimal mark of a reading.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DecimalMark {
    /// `.`, as in `1234.5`.
    Dot,
    /// `,`, as in `1234,5`.
    Comma,
}

/// What groups thousands in a reading, if anything.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Grouping {
    /// No separator between thousands.
    None,
    /// `.`, as in `1.234.567`.
    Dot,
    /// `,`, as in `1,234,567`.
    Comma,
    /// A space, a no-break space (U+00A0) or a narrow no-break space (U+202F).
    Space,
    /// An apostrophe (`'` or U+2019), as in `1'234'567`.
    Apostrophe,
}

/// One way to read the numbers of a column.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Reading {
    /// The mark before the fraction.
    pub decimal: DecimalMark,
    /// What separates groups of three digits, if anything.
    pub grouping: Grouping,
}

/// Every reading ingest considers, plain dot-decimal first: the conventional reading wins
/// whenever nothing speaks against it.
pub const READINGS: [Reading; 8] = [
    Reading { decimal: DecimalMark::Dot, grouping: Grouping::None },
    Reading { decimal: DecimalMark::Dot, grouping: Grouping::Comma },
    Reading { decimal: DecimalMark::Dot, grouping: Grouping::Space },
    Reading { decimal: DecimalMark::Dot, grouping: Grouping::Apostrophe },
    Reading { decimal: DecimalMark::Comma, grouping: Grouping::None },
    Reading { decimal: DecimalMark::Comma, grouping: Grouping::Dot },
    Reading { decimal: DecimalMark::Comma, grouping: Grouping::Space },
    Reading { decimal: DecimalMark::Comma, grouping: Grouping::Apostrophe },
];

/// A value that could be a number under some reading: digits, signs and the marks above.
/// Columns failing this for some value skip the reading analysis altogether.
pub const NUMBER_LIKE: &str = "regexp_full_match(v, '[+-]?[0-9.,\\x{27} \\x{00A0}\\x{202F}]*[0-9][0-9.,\\x{27} \\x{00A0}\\x{202F}]*([eE][+-]?[0-9]+)?')";

/// Digits with at most one dot-decimal fraction (`1234.50`, `-7`; `[+-]?[0-9]+([.][0-9]+)?`,
/// matched without RE2 by `duck::shapes`): how most numbers are written, and a value every
/// reading decides cheaply (see [`Reading::matches_plain`]).
pub const PLAIN_NUMBER: &str = "querycell_plain_number(v)";

impl DecimalMark {
    /// The sidecar spelling: `"."` or `","`; `None` for anything else.
    pub fn parse(text: &str) -> Option<DecimalMark> {
        match text {
            "." => Some(DecimalMark::Dot),
            "," => Some(DecimalMark::Comma),
            _ => None,
        }
    }

    fn char(self) -> char {
        match self {
            DecimalMark::Dot => '.',
            DecimalMark::Comma => ',',
        }
    }
}

impl Grouping {
    /// The sidecar spelling: `""` for none, or the separator itself.
    pub fn parse(text: &str) -> Option<Grouping> {
        match text {
            "" => Some(Grouping::None),
            "." => Some(Grouping::Dot),
            "," => Some(Grouping::Comma),
            " " | "\u{a0}" | "\u{202f}" => Some(Grouping::Space),
            "'" | "’" => Some(Grouping::Apostrophe),
            _ => None,
        }
    }

    /// RE2 character class of the separator (without brackets), or `None` for no grouping.
    fn class(self) -> Option<&'static str> {
        match self {
            Grouping::None => None,
            Grouping::Dot => Some("."),
            Grouping::Comma => Some(","),
            Grouping::Space => Some(" \\x{00A0}\\x{202F}"),
            Grouping::Apostrophe => Some("\\x{27}\\x{2019}"),
        }
    }

    fn chars(self) -> &'static [char] {
        match self {
            Grouping::None => &[],
            Grouping::Dot => &['.'],
            Grouping::Comma => &[','],
            Grouping::Space => &[' ', '\u{a0}', '\u{202f}'],
            Grouping::Apostrophe => &['\'', '’'],
        }
    }
}

impl Reading {
    /// The two settings `querycell.toml` may give; `None` when they contradict each other.
    /// A decimal mark alone lets the other mark group thousands (`decimal_separator = ","`
    /// reads `1.234,5`), as the grouping pattern accepts only whole groups of three;
    /// `thousands_separator = ""` forbids grouping.
    pub fn configured(decimal: Option<DecimalMark>, grouping: Option<Grouping>) -> Option<Reading> {
        let decimal = decimal.unwrap_or(match grouping {
            Some(Grouping::Dot) => DecimalMark::Comma,
            _ => DecimalMark::Dot,
        });
        let grouping = grouping.unwrap_or(match decimal {
            DecimalMark::Dot => Grouping::Comma,
            DecimalMark::Comma => Grouping::Dot,
        });
        let clash =
            matches!((decimal, grouping), (DecimalMark::Dot, Grouping::Dot) | (DecimalMark::Comma, Grouping::Comma));
        (!clash).then_some(Reading { decimal, grouping })
    }

    /// SQL condition on `v`: the value is a number written this way.
    pub fn matches(self) -> String {
        let pattern = match (self.decimal, self.grouping.class()) {
            // The conventional form keeps exponents (`1e-3`) and bare fractions (`.5`).
            (DecimalMark::Dot, None) => "[+-]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][+-]?[0-9]+)?".to_string(),
            (decimal, group) => {
                let mark = if decimal == DecimalMark::Dot { "[.]" } else { "," };
                let whole = match group {
                    None => "[0-9]+".to_string(),
                    Some(class) => format!("([0-9]+|[1-9][0-9]{{0,2}}([{class}][0-9]{{3}})+)"),
                };
                format!("[+-]?({whole}({mark}[0-9]+)?|{mark}[0-9]+)")
            }
        };
        format!("regexp_full_match(v, {})", quote::literal(&pattern))
    }

    /// SQL condition on `v`, equal to [`Reading::matches`] for a value known to be plain
    /// ([`PLAIN_NUMBER`]), cheaper where it can be: every dot-decimal reading accepts a plain
    /// value, and a comma-decimal one without dot grouping accepts it exactly when it has no
    /// dot. Only `1.234` (a dot between thousands, or a decimal dot) needs the pattern.
    pub fn matches_plain(self) -> String {
        match (self.decimal, self.grouping) {
            (DecimalMark::Dot, _) => "true".to_string(),
            (DecimalMark::Comma, Grouping::Dot) => self.matches(),
            (DecimalMark::Comma, _) => "NOT contains(v, '.')".to_string(),
        }
    }

    /// SQL turning the text `value` (already trimmed) into a plain `1234.5` that CAST reads.
    pub fn normalized(self, value: &str) -> String {
        let without_groups = match self.grouping.class() {
            None => value.to_string(),
            Some(class) => format!("regexp_replace({value}, {}, '', 'g')", quote::literal(&format!("[{class}]"))),
        };
        match self.decimal {
            DecimalMark::Dot => without_groups,
            DecimalMark::Comma => format!("replace({without_groups}, ',', '.')"),
        }
    }

    /// `text` as this reading means it, for decisions' reasons (`'4.238,69' = 4238.69`).
    pub fn read(self, text: &str) -> String {
        let digits: String = text.chars().filter(|c| !self.grouping.chars().contains(c)).collect();
        match self.decimal {
            DecimalMark::Dot => digits,
            DecimalMark::Comma => digits.replace(',', "."),
        }
    }

    /// SQL condition on `v`: the value has a fraction or an exponent under this reading.
    pub fn has_fraction_sql(self) -> String {
        format!("(contains(v, '{}') OR regexp_matches(v, '[eE]'))", self.decimal.char())
    }
}

impl fmt::Display for Reading {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let decimal = self.decimal.char();
        match self.grouping {
            Grouping::None => write!(f, "'{decimal}' as decimal mark"),
            Grouping::Dot => write!(f, "'{decimal}' as decimal mark and '.' between thousands"),
            Grouping::Comma => write!(f, "'{decimal}' as decimal mark and ',' between thousands"),
            Grouping::Space => write!(f, "'{decimal}' as decimal mark and spaces between thousands"),
            Grouping::Apostrophe => write!(f, "'{decimal}' as decimal mark and apostrophes between thousands"),
        }
    }
}

/// Evidence about the file a column came from, and about the column's own cells.
#[derive(Debug, Clone, Default)]
pub struct FileEvidence {
    /// Why the file's author probably writes decimal commas (`the file is ';'-delimited`).
    pub decimal_comma: Option<String>,
    /// Why the column's numbers have a decimal dot whatever else the file suggests: it holds
    /// spreadsheet number cells with a fraction, which the workbook stores as numbers and
    /// which are written out with a dot (`1.085`). Read with a decimal comma they would be
    /// a thousand times larger, so no comma reading is chosen for such a column.
    pub decimal_dot: Option<String>,
    /// Why the column's numbers are durations in seconds: its cells are Excel durations
    /// (`[h]:mm:ss`), which the workbook stores as fractions of a day and which are written
    /// out as seconds. A number column gets the unit `seconds` and says so.
    pub durations: Option<String>,
}

/// The outcome of looking at every distinct value of a column under every reading.
pub enum Verdict {
    /// One reading fits: `example` is a value that shows it (absent for plain numbers).
    Number {
        /// The reading that fits.
        reading: Reading,
        /// A value with a mark that shows the reading; `None` for plain dot-decimal numbers.
        example: Option<String>,
        /// The file's evidence that settled a choice both decimal marks fit; `None` when
        /// the values alone decided.
        why: Option<String>,
    },
    /// Both a dot-decimal and a comma-decimal reading fit every value; `example` is one
    /// value the two read differently.
    Ambiguous {
        /// A value the two readings read differently, e.g. `1.234`.
        example: String,
    },
    /// No reading fits every value.
    NotNumbers,
}

/// Decide from `fits[i]` (does every value fit `READINGS[i]`?) and an example value that
/// has a mark, preferring no grouping within each decimal mark.
pub fn verdict(fits: &[bool], marked_example: Option<String>, evidence: &FileEvidence) -> Verdict {
    let first_fit = |decimal: DecimalMark| {
        READINGS.iter().zip(fits).find(|(r, fit)| r.decimal == decimal && **fit).map(|(r, _)| *r)
    };
    let conventional = READINGS[0];
    if evidence.decimal_dot.is_some() {
        return match (first_fit(DecimalMark::Dot), marked_example) {
            (Some(dot), example) if dot != conventional => {
                Verdict::Number { reading: dot, example, why: evidence.decimal_dot.clone() }
            }
            (Some(dot), _) => Verdict::Number { reading: dot, example: None, why: None },
            // Values only a decimal comma reads (`0,95` typed as text beside number cells):
            // two ways of writing numbers in one column, which stays text.
            (None, Some(example)) => Verdict::Ambiguous { example },
            (None, None) => Verdict::NotNumbers,
        };
    }
    match (first_fit(DecimalMark::Dot), first_fit(DecimalMark::Comma)) {
        (Some(dot), None) => Verdict::Number {
            example: (dot != conventional).then(|| marked_example.clone()).flatten(),
            reading: dot,
            why: None,
        },
        (None, Some(comma)) => Verdict::Number { reading: comma, example: marked_example, why: None },
        (Some(dot), Some(comma)) => match (&evidence.decimal_comma, marked_example) {
            (Some(why), example) => Verdict::Number { reading: comma, example, why: Some(why.clone()) },
            (None, Some(example)) => Verdict::Ambiguous { example },
            // No value has a dot or a comma: whole numbers, which every reading that fits reads
            // alike. Not always plain ones: `1 234` and `1'234` are grouped, which the plain
            // reading cannot convert, so the first fitting reading reads them.
            (None, None) => Verdict::Number { reading: dot, example: None, why: None },
        },
        (None, None) => Verdict::NotNumbers,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_fitting_reading_decides() {
        let mut fits = [false; 8];
        fits[5] = true; // comma decimal, dot grouping only
        match verdict(&fits, Some("4.238,69".into()), &FileEvidence::default()) {
            Verdict::Number { reading, example, .. } => {
                assert_eq!(reading, Reading { decimal: DecimalMark::Comma, grouping: Grouping::Dot });
                assert_eq!(example.as_deref(), Some("4.238,69"));
                assert_eq!(reading.read("4.238,69"), "4238.69");
            }
            _ => panic!("expected a number reading"),
        }
    }

    #[test]
    fn both_decimal_marks_fitting_is_ambiguous_without_evidence() {
        // `1.234`, `12.500`: plain dot decimals, and comma decimals grouped by dots.
        let mut fits = [false; 8];
        fits[0] = true;
        fits[5] = true;
        assert!(
            matches!(verdict(&fits, Some("1.234".into()), &FileEvidence::default()), Verdict::Ambiguous { example } if example == "1.234")
        );
        let semicolon =
            FileEvidence { decimal_comma: Some("the file is ';'-delimited".into()), ..FileEvidence::default() };
        match verdict(&fits, Some("1.234".into()), &semicolon) {
            Verdict::Number { reading, why, .. } => {
                assert_eq!(reading.decimal, DecimalMark::Comma);
                assert_eq!(reading.read("12.500"), "12500");
                assert!(why.is_some());
            }
            _ => panic!("the delimiter is evidence"),
        }
    }

    #[test]
    fn whole_numbers_grouped_by_spaces_are_read_with_a_reading_that_fits_them() {
        // `1 234`, `12 500`: the plain reading does not fit; the dot and comma decimal
        // readings with space grouping both do, and read them alike.
        let fits: Vec<bool> = READINGS.iter().map(|r| r.grouping == Grouping::Space).collect();
        match verdict(&fits, None, &FileEvidence::default()) {
            Verdict::Number { reading, .. } => {
                assert_eq!(reading.grouping, Grouping::Space);
                assert_eq!(reading.read("12 500"), "12500");
            }
            _ => panic!("whole numbers"),
        }
    }

    #[test]
    fn number_cells_with_a_fraction_keep_their_decimal_dot() {
        // `1.085` stored as a number beside `1,234`: dot decimals grouped by commas, though a
        // comma decimal with dot grouping fits them too.
        let mut fits = [false; 8];
        fits[1] = true;
        fits[5] = true;
        let cells = FileEvidence { decimal_dot: Some("number cells".into()), ..FileEvidence::default() };
        match verdict(&fits, Some("1.085".into()), &cells) {
            Verdict::Number { reading, .. } => assert_eq!(reading.read("1.085"), "1.085"),
            _ => panic!("the number cells decide"),
        }
        // `0,95` typed as text beside them fits no dot reading: not read as numbers at all.
        let mut fits = [false; 8];
        fits[5] = true;
        assert!(matches!(verdict(&fits, Some("0,95".into()), &cells), Verdict::Ambiguous { .. }));
    }

    #[test]
    fn nothing_fitting_is_not_numbers() {
        assert!(matches!(verdict(&[false; 8], None, &FileEvidence::default()), Verdict::NotNumbers));
    }

    #[test]
    fn configured_readings_refuse_one_mark_for_both_jobs() {
        assert_eq!(Reading::configured(Some(DecimalMark::Comma), Some(Grouping::Comma)), None);
        assert_eq!(
            Reading::configured(None, Some(Grouping::Dot)),
            Some(Reading { decimal: DecimalMark::Comma, grouping: Grouping::Dot })
        );
        assert_eq!(
            Reading::configured(Some(DecimalMark::Comma), None),
            Some(Reading { decimal: DecimalMark::Comma, grouping: Grouping::Dot })
        );
        assert_eq!(
            Reading::configured(Some(DecimalMark::Comma), Some(Grouping::None)),
            Some(Reading { decimal: DecimalMark::Comma, grouping: Grouping::None })
        );
        assert_eq!(Grouping::parse("'"), Some(Grouping::Apostrophe));
        assert_eq!(Grouping::parse("x"), None);
    }

    /// The shortcut each reading takes for plain values decides every plain value as the
    /// reading's own pattern does, in DuckDB.
    #[test]
    fn the_plain_shortcut_agrees_with_each_readings_pattern_on_plain_values() {
        let duck = crate::duck::Database::in_memory(&[]).unwrap();
        let mut plain = vec!["0", "7", "-7", "+7", "007", "1234", "1234567", "11939.70", "0.5", "-0.5", "1.2", "12.34"];
        plain.extend(["1.234", "-1.234", "+12.345", "123.456", "1234.567", "0.123", "01.234", "1.2345", "12.500"]);
        plain.extend(["100.000", "999.999", "-999.000", "5.00", "1.23", ".123", "1.", "1.2.3", "1a.234"]);
        for reading in READINGS {
            for value in &plain {
                let row = duck
                    .query(&format!(
                        "SELECT {PLAIN_NUMBER}, coalesce({}, false), coalesce({}, false) FROM (SELECT {} AS v)",
                        reading.matches_plain(),
                        reading.matches(),
                        quote::literal(value)
                    ))
                    .unwrap();
                let row = &row[0];
                if row[0].boolean() == Some(true) {
                    assert_eq!(row[1], row[2], "{reading} on {value:?}: the shortcut and the pattern disagree");
                }
            }
        }
    }

    #[test]
    fn normalized_sql_drops_groups_then_swaps_the_mark() {
        let german = Reading { decimal: DecimalMark::Comma, grouping: Grouping::Dot };
        assert_eq!(german.normalized("v"), "replace(regexp_replace(v, '[.]', '', 'g'), ',', '.')");
        assert_eq!(READINGS[0].normalized("v"), "v");
        assert_eq!(german.has_fraction_sql(), "(contains(v, ',') OR regexp_matches(v, '[eE]'))");
    }
}
