//! Group labels (the cells of the answer's text and time columns: a team, a severity, a
//! month) and where the summary mentions them.
//!
//! A label matches text exactly, case included ("Search" the team, not "search" the verb),
//! at word boundaries, and a possessive (`Platform's`, `Payments'`) still names it. A time
//! cell is also known by the names people use for its grain: a month `2026-01-01` as
//! `January 2026`, `Jan 2026`, `2026-01`, and `January` alone when the answer spans one year;
//! a quarter as `Q1 2026`; a year as `2026`. Labels longer than 64 bytes, or not starting
//! with a letter or digit, are not looked for.

use std::collections::HashMap;

use super::receipt::{Cell, ColumnKind, Facts, Grain};
use super::scan::{Kind, Scanned};

/// Longest label looked for, in bytes.
const MAX_LABEL_BYTES: usize = 64;
/// Labels compared at one token (longest first): bounds the work per token.
const MAX_CANDIDATES: usize = 16;

/// One way of writing a label, and the rows it names.
#[derive(Debug)]
struct Alias {
    text: String,
    column: usize,
    rows: Vec<u32>,
}

/// Every label of the answer, by the first word of its text.
pub struct Labels {
    by_first_word: HashMap<String, Vec<Alias>>,
}

/// A label the summary mentions: its tokens, its column and rows.
#[derive(Debug, Clone)]
pub struct Mention {
    pub tokens: std::ops::Range<usize>,
    pub column: usize,
    pub rows: Vec<u32>,
}

const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

/// The leading run of letters and digits: the key a label is filed under.
fn first_word(text: &str) -> &str {
    let end = text.find(|c: char| !c.is_alphanumeric()).unwrap_or(text.len());
    &text[..end]
}

impl Labels {
    /// The labels of `facts`, with the other names of its time cells.
    pub fn of(facts: &Facts) -> Labels {
        let mut by_text: HashMap<(String, usize), Vec<u32>> = HashMap::new();
        for (c, column) in facts.columns.iter().enumerate() {
            let years = distinct_years(facts, c);
            for (r, row) in facts.rows.iter().enumerate() {
                let Cell::Text(text) = &row[c] else { continue };
                let mut names = vec![text.clone()];
                match column.kind {
                    // `billing` is also `Billing` at the start of a sentence.
                    ColumnKind::Label => names.extend(capitalised(text)),
                    ColumnKind::Time(grain) => names.extend(time_names(text, grain, years == 1)),
                    _ => continue,
                }
                for name in names {
                    let name = name.trim().to_string();
                    if name.is_empty() || name.len() > MAX_LABEL_BYTES || first_word(&name).is_empty() {
                        continue;
                    }
                    by_text.entry((name, c)).or_default().push(r as u32);
                }
            }
        }
        let mut by_first_word: HashMap<String, Vec<Alias>> = HashMap::new();
        for ((text, column), rows) in by_text {
            by_first_word.entry(first_word(&text).to_string()).or_default().push(Alias { text, column, rows });
        }
        for aliases in by_first_word.values_mut() {
            // Longest first, so `January 2026` wins over `January`; then a stable order.
            aliases.sort_by(|a, b| {
                b.text.len().cmp(&a.text.len()).then(a.text.cmp(&b.text)).then(a.column.cmp(&b.column))
            });
        }
        Labels { by_first_word }
    }

    /// Every label mention in the text, left to right, none overlapping.
    pub fn find(&self, scanned: &Scanned) -> Vec<Mention> {
        let mut mentions = Vec::new();
        let mut i = 0;
        while i < scanned.tokens.len() {
            match self.at(scanned, i) {
                Some(mention) => {
                    i = mention.tokens.end;
                    mentions.push(mention);
                }
                None => i += 1,
            }
        }
        mentions
    }

    fn at(&self, scanned: &Scanned, i: usize) -> Option<Mention> {
        let token = &scanned.tokens[i];
        if !matches!(token.kind, Kind::Word | Kind::Number(_) | Kind::Opaque) {
            return None;
        }
        let rest = &scanned.text[token.start..];
        let candidates = self.by_first_word.get(first_word(rest))?;
        let alias = candidates.iter().take(MAX_CANDIDATES).find(|alias| {
            rest.starts_with(alias.text.as_str()) && !rest[alias.text.len()..].starts_with(char::is_alphanumeric)
        })?;
        let end = token.start + alias.text.len();
        let mut last = i;
        while last + 1 < scanned.tokens.len() && scanned.tokens[last + 1].start < end {
            last += 1;
        }
        Some(Mention { tokens: i..last + 1, column: alias.column, rows: alias.rows.clone() })
    }
}

/// `billing` as `Billing`, for a label that starts with a lowercase letter.
fn capitalised(text: &str) -> Option<String> {
    let mut chars = text.chars();
    let first = chars.next().filter(|c| c.is_lowercase())?;
    Some(first.to_uppercase().chain(chars).collect())
}

/// How many years a time column's cells span (a month name alone is a label only if one).
fn distinct_years(facts: &Facts, column: usize) -> usize {
    let mut years: Vec<&str> = facts
        .rows
        .iter()
        .filter_map(|row| match &row[column] {
            Cell::Text(t) => t.get(..4),
            _ => None,
        })
        .collect();
    years.sort_unstable();
    years.dedup();
    years.len()
}

/// The names people give a time cell of `grain`: `2026-01-01` as a month is `January 2026`,
/// `Jan 2026`, `2026-01` (and `January`, `Jan` when `one_year`).
fn time_names(text: &str, grain: Grain, one_year: bool) -> Vec<String> {
    let bytes = text.as_bytes();
    let iso = bytes.len() >= 10
        && bytes[..4].iter().all(u8::is_ascii_digit)
        && bytes[4] == b'-'
        && bytes[7] == b'-'
        && bytes[5..7].iter().all(u8::is_ascii_digit)
        && bytes[8..10].iter().all(u8::is_ascii_digit);
    if !iso {
        return Vec::new();
    }
    let year = &text[..4];
    let month: usize = text[5..7].parse().unwrap_or(0);
    let day: u32 = text[8..10].parse().unwrap_or(0);
    let Some(name) = month.checked_sub(1).and_then(|m| MONTHS.get(m)) else { return Vec::new() };
    let short = &name[..3];
    let mut names = vec![text[..10].to_string()];
    match grain {
        Grain::Month => {
            names.extend([format!("{name} {year}"), format!("{short} {year}"), text[..7].to_string()]);
            if one_year {
                names.extend([name.to_string(), short.to_string()]);
            }
        }
        Grain::Quarter => {
            let q = (month - 1) / 3 + 1;
            names.extend([format!("Q{q} {year}"), format!("{year}-Q{q}")]);
            if one_year {
                names.push(format!("Q{q}"));
            }
        }
        Grain::Year => names.push(year.to_string()),
        Grain::Day | Grain::Week => {
            names.extend([
                format!("{name} {day}, {year}"),
                format!("{name} {day}"),
                format!("{short} {day}"),
                format!("{day} {name}"),
            ]);
        }
    }
    names
}
