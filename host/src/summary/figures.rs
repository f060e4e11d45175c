//! Every number of the summary, judged: is it a cell of the row it is attributed to (as
//! written, as a stated rounding, or hedged), the request's own value, another group's cell
//! (a swap), a wrong rounding, a value derived from cells, or none of these.

use super::attribute::{attribute, mention_at, rows_of, Attribution};
use super::labels::Mention;
use super::numbers::{
    derivation_cells, derivation_column, derived_candidates, describe, fit, scaled_candidates, search_ranges, show,
    written_like, CellIndex, CellRef, Derivation, Derived, Fit,
};
use super::receipt::{Aggregate, ColumnKind, Facts};
use super::report::{CellNote, Finding, FindingKind, Span};
use super::scan::{Kind, Number, Scanned, Sentence};
use super::words::{is_in, BEFORE_YEAR, BOUNDS, COMPARATIVES, HEDGES, MONTH_WORDS, RANKS, THAN_BOUNDS};

/// The number of mentions that start before token `i` (the index just past the last one).
fn mention_at_or_before(mentions: &[Mention], i: usize) -> Option<usize> {
    Some(mentions.partition_point(|m| m.tokens.start < i)).filter(|n| *n > 0)
}

/// Rows of an attribution compared cell by cell.
const MAX_ATTRIBUTED_ROWS: usize = 64;
/// Tokens after "K of N" searched for the bound that says which groups are counted.
const MAX_BOUND_DISTANCE: usize = 24;
/// Cells of an attribution compared, at most.
const MAX_ATTRIBUTED_CELLS: usize = 1024;

/// A number's finding, the column it is about and how it is derived, if it is.
type Judgement = (Finding, Option<usize>, Option<Derivation>);

/// What the claims checks need to know of a judged number.
#[derive(Debug, Clone)]
pub struct Judged {
    /// Index of its finding.
    pub finding: usize,
    /// The token.
    pub token: usize,
    /// The column of the cell it matched (or was swapped with), if any.
    pub column: Option<usize>,
    /// The rows it was attributed to (empty: no label in the sentence).
    pub rows: Vec<u32>,
    /// How it was derived, if it was.
    pub derivation: Option<Derivation>,
    /// Whether it is the answer's number of rows.
    pub counts_rows: bool,
}

/// What the judging reads: the receipt, the text, the labels, the sorted cells.
pub struct Judge<'a> {
    pub facts: &'a Facts,
    pub scanned: &'a Scanned<'a>,
    pub mentions: &'a [Mention],
    pub cells: &'a CellIndex,
    pub derived: &'a Derived,
    pub work: u64,
    /// The rows of every label the current sentence names: the cells a derivation in it may
    /// combine.
    pub sentence_rows: Vec<u32>,
    /// The numeric columns the current sentence names by a word of their name ("revenue",
    /// "online share"); empty when it names none.
    pub named_columns: Vec<usize>,
    /// The distinctive words of the numeric columns' names, by their first four letters.
    pub column_words: ColumnWords,
    /// The current sentence's comparison, if it makes one: the rows of the label just before
    /// its comparative ("Normal … 36% longer") and whether it says that group is the larger.
    pub comparison: Option<(Vec<u32>, bool)>,
    /// The current sentence's tokens.
    pub sentence_tokens: std::ops::Range<usize>,
}

/// The distinctive words of the numeric columns' names (`revenue`, `online` of
/// `online_share`), filed by their first four letters so that each word of a sentence costs
/// one lookup.
#[derive(Default)]
pub struct ColumnWords {
    by_stem: std::collections::HashMap<String, Vec<(usize, String)>>,
}

impl ColumnWords {
    pub fn of(facts: &Facts) -> ColumnWords {
        let mut by_stem: std::collections::HashMap<String, Vec<(usize, String)>> = Default::default();
        for (c, column) in facts.columns.iter().enumerate().filter(|(c, _)| facts.aggregate(*c).is_some()) {
            let lower = column.name.to_lowercase();
            let parts = lower.split(|ch: char| !ch.is_ascii_alphanumeric());
            for part in parts.filter(|p| p.len() >= 4 && !GENERIC_NAME_PARTS.contains(p)).take(8) {
                by_stem.entry(part[..4].to_string()).or_default().push((c, part.to_string()));
            }
        }
        ColumnWords { by_stem }
    }

    /// The columns `word` (lowercase) names: one is a prefix of the other ("orders" names
    /// `orders` and `avg_order_value`), at most 8.
    fn named_by<'b>(&'b self, word: &'b str) -> impl Iterator<Item = usize> + 'b {
        let stem = word.get(..4).filter(|_| word.is_ascii() && word.len() >= 4);
        stem.and_then(|stem| self.by_stem.get(stem))
            .into_iter()
            .flatten()
            .take(8)
            .filter(move |(_, part)| word.starts_with(part.as_str()) || part.starts_with(word))
            .map(|(c, _)| *c)
    }
}

/// A bound written before a number, and its direction (`true`: the value is above it).
fn bound_before(scanned: &Scanned, i: usize) -> Option<bool> {
    // "over $30": past a currency sign.
    let currency =
        i.checked_sub(1).is_some_and(|j| matches!(scanned.tokens[j].kind, Kind::Punct('$' | '€' | '£' | '¥')));
    let i = if currency { i - 1 } else { i };
    let word = |k: usize| i.checked_sub(k).and_then(|j| scanned.lower(j));
    let previous = word(1)?;
    if previous == "than" {
        let comparative = word(2)?;
        return THAN_BOUNDS.iter().find(|(w, _)| *w == comparative).map(|(_, lower)| *lower);
    }
    let (_, lower) = BOUNDS.iter().find(|(w, _)| *w == previous)?;
    match previous.as_str() {
        "least" | "most" => (word(2).as_deref() == Some("at")).then_some(*lower),
        "to" => (word(2).as_deref() == Some("up")).then_some(*lower),
        _ => Some(*lower),
    }
}

/// Whether a hedge stands just before the number: "about 15", "~15", "close to 15".
fn hedged(scanned: &Scanned, i: usize) -> bool {
    (1..=2).any(|k| {
        i.checked_sub(k).is_some_and(|j| {
            let token = &scanned.tokens[j];
            match token.kind {
                Kind::Punct(c) => k == 1 && (c == '~' || c == '≈'),
                Kind::Word => {
                    let w = scanned.word(j).to_lowercase();
                    is_in(HEDGES, &w) || w == "close" && scanned.is_word(j + 1, "to")
                }
                _ => false,
            }
        })
    })
}

/// Words of a column's name that say nothing of what it counts.
const GENERIC_NAME_PARTS: &[&str] =
    &["avg", "average", "mean", "median", "max", "min", "sum", "total", "count", "share", "value", "number", "per"];

/// Why a number is not read as a figure, if it is not.
fn skip_reason(scanned: &Scanned, sentence: &Sentence, i: usize, number: &Number) -> Option<&'static str> {
    if number.ordinal {
        return Some("an ordinal");
    }
    let next = scanned.tokens.get(i + 1);
    let glued_mark =
        next.is_some_and(|t| t.start == scanned.tokens[i].end && matches!(t.kind, Kind::Punct('.') | Kind::Punct(')')));
    if i == sentence.tokens.start && glued_mark {
        return Some("a list marker");
    }
    let previous = i.checked_sub(1).and_then(|j| scanned.lower(j));
    let next_word = scanned.lower(i + 1);
    if matches!(previous.as_deref(), Some("top" | "bottom"))
        || next_word.is_some_and(|w| RANKS.iter().any(|(r, _)| *r == w))
    {
        return Some("a rank (the top-N check reads it)");
    }
    // "3.66 out of 5": the top of a rating scale, not a figure of the answer.
    let out_of_after_rating = i >= 3
        && scanned.is_word(i - 1, "of")
        && scanned.is_word(i - 2, "out")
        && matches!(&scanned.tokens[i - 3].kind, Kind::Number(n) if n.decimals > 0 && n.value <= number.value);
    if out_of_after_rating {
        return Some("the top of a scale (\"out of\")");
    }
    let year_like = number.decimals == 0
        && number.scale == 1.0
        && !number.percent
        && (1900.0..=2100.0).contains(&number.value)
        && number.value.fract() == 0.0
        && scanned.word(i).len() == 4;
    if year_like && previous.is_some_and(|w| is_in(BEFORE_YEAR, &w) || is_in(MONTH_WORDS, &w)) {
        return Some("a year");
    }
    None
}

/// The aggregate of column `column`, which says how a percent reads its cells.
fn aggregate_of(facts: &Facts, column: u32) -> Option<Aggregate> {
    facts.aggregate(column as usize)
}

/// The best fit of `number` among `cells`, with the cell.
fn best(
    facts: &Facts,
    number: &Number,
    hedge: bool,
    cells: impl Iterator<Item = CellRef>,
    work: &mut u64,
) -> Option<(Fit, CellRef)> {
    let mut found: Option<(Fit, CellRef)> = None;
    for cell in cells {
        *work += 1;
        for candidate in scaled_candidates(number, cell.value, aggregate_of(facts, cell.column)).into_iter().flatten() {
            if let Some(f) = fit(number, hedge, candidate) {
                if found.is_none_or(|(g, _)| f < g) {
                    found = Some((f, cell));
                }
            }
        }
    }
    found
}

impl Judge<'_> {
    /// "From March to June", "between January and April": two labels of one time column
    /// joined by "to", "through", "until" or "and" after "between" are the rows from the one
    /// to the other (ISO dates sort as text).
    fn range_rows(&self, chosen: &[usize]) -> Option<Vec<u32>> {
        let [a, b] = chosen else { return None };
        let (first, second) = (&self.mentions[*a], &self.mentions[*b]);
        let column = first.column;
        if second.column != column || !matches!(self.facts.columns[column].kind, ColumnKind::Time(_)) {
            return None;
        }
        let joined = second.tokens.start == first.tokens.end + 1;
        let joiner = self.scanned.lower(first.tokens.end).unwrap_or_default();
        let opener = first.tokens.start.checked_sub(1).and_then(|p| self.scanned.lower(p)).unwrap_or_default();
        let range =
            matches!(joiner.as_str(), "to" | "through" | "until" | "till") || (joiner == "and" && opener == "between");
        if !joined || !range {
            return None;
        }
        let text = |m: &Mention| match self.facts.rows.get(*m.rows.first()? as usize)?.get(column)? {
            super::receipt::Cell::Text(t) => Some(t.clone()),
            _ => None,
        };
        let (from, to) = (text(first)?, text(second)?);
        let (low, high) = if from <= to { (from, to) } else { (to, from) };
        let rows: Vec<u32> = (0..self.facts.rows.len().min(MAX_ATTRIBUTED_CELLS))
            .filter(
                |&r| matches!(&self.facts.rows[r][column], super::receipt::Cell::Text(t) if *t >= low && *t <= high),
            )
            .map(|r| r as u32)
            .collect();
        Some(rows)
    }

    /// The numeric cells of `rows`.
    fn cells_of_rows<'b>(&'b self, rows: &'b [u32]) -> impl Iterator<Item = CellRef> + 'b {
        rows.iter()
            .take(MAX_ATTRIBUTED_ROWS)
            .flat_map(move |&r| {
                (0..self.facts.columns.len()).filter_map(move |c| {
                    self.facts.aggregate(c)?;
                    let value = self.facts.number(r as usize, c)?;
                    Some(CellRef { value, row: r, column: c as u32 })
                })
            })
            .take(MAX_ATTRIBUTED_CELLS)
    }

    /// The cells anywhere in the answer that `number` could fit, outside `except` rows.
    fn cells_near<'b>(&'b self, number: &Number, except: &'b [u32]) -> Vec<CellRef> {
        let mut out = Vec::new();
        for (low, high) in search_ranges(number) {
            out.extend(self.cells.within(low, high).iter().filter(|c| except.binary_search(&c.row).is_err()).copied());
        }
        out
    }

    fn note(&self, cell: &CellRef) -> CellNote {
        CellNote {
            row: cell.row as usize,
            group: self.facts.row_name(cell.row as usize),
            column: self.facts.columns[cell.column as usize].name.clone(),
            value: cell.value,
        }
    }

    /// Judges every number of `sentence` (its index `s`), appending findings.
    pub fn sentence(&mut self, s: usize, sentence: &Sentence, findings: &mut Vec<Finding>, judged: &mut Vec<Judged>) {
        self.sentence_context(sentence);
        let mut numbers = Vec::new();
        for i in sentence.tokens.clone() {
            self.work += 1;
            let Kind::Number(number) = &self.scanned.tokens[i].kind else { continue };
            if mention_at(self.mentions, i).is_some() {
                continue;
            }
            match skip_reason(self.scanned, sentence, i, number) {
                Some(reason) => findings.push(self.finding(
                    s,
                    i,
                    FindingKind::Skipped,
                    None,
                    None,
                    format!("not a figure: {reason}"),
                )),
                None => numbers.push(i),
            }
        }
        let attributions = attribute(self.scanned, sentence, self.mentions, &numbers);
        self.work += (sentence.tokens.len() + numbers.len()) as u64;
        for (&i, attribution) in numbers.iter().zip(&attributions) {
            let Kind::Number(number) = &self.scanned.tokens[i].kind else { unreachable!("numbers are number tokens") };
            let hedge = hedged(self.scanned, i);
            let (rows, scoped) = self.scoped(number, hedge, attribution);
            let (finding, column, derivation) = self.judge(s, i, number, hedge, &rows, scoped);
            let counts_rows =
                finding.kind == FindingKind::Match && finding.expected.as_deref() == Some("the answer's row count");
            judged.push(Judged { finding: findings.len(), token: i, column, rows, derivation, counts_rows });
            findings.push(finding);
        }
    }

    /// The rows of the labels `sentence` names and the columns it names by a word.
    fn sentence_context(&mut self, sentence: &Sentence) {
        self.sentence_tokens = sentence.tokens.clone();
        let mut rows: Vec<u32> = self
            .mentions
            .iter()
            .filter(|m| sentence.tokens.contains(&m.tokens.start))
            .flat_map(|m| m.rows.iter().copied().take(MAX_ATTRIBUTED_ROWS))
            .take(MAX_ATTRIBUTED_CELLS)
            .collect();
        rows.sort_unstable();
        rows.dedup();
        self.sentence_rows = rows;
        let mut named = vec![false; self.facts.columns.len()];
        for i in sentence.tokens.clone() {
            self.work += 1;
            if let Some(word) = self.scanned.lower(i) {
                for c in self.column_words.named_by(&word) {
                    named[c] = true;
                }
            }
        }
        self.named_columns = (0..named.len()).filter(|&c| named[c]).collect();
        self.comparison = sentence.tokens.clone().find_map(|i| {
            let word = self.scanned.lower(i)?;
            let larger = COMPARATIVES.iter().find(|(w, _)| *w == word)?.1;
            // The last mention before the word, if it is in this sentence: one look.
            let subject = self.mentions[..mention_at_or_before(self.mentions, i)?]
                .last()
                .filter(|m| sentence.tokens.contains(&m.tokens.start))?;
            Some((subject.rows.clone(), larger))
        });
    }

    fn finding(
        &self,
        s: usize,
        i: usize,
        kind: FindingKind,
        cell: Option<CellNote>,
        expected: Option<String>,
        message: String,
    ) -> Finding {
        finding_at(self.scanned, s, i, kind, cell, expected, message)
    }

    /// The rows a number is about and its best fit among their cells (among all cells when
    /// the sentence names no group): the primary attribution's rows, or the alternative's
    /// when only they fit.
    fn scoped(
        &mut self,
        number: &Number,
        hedge: bool,
        attribution: &Attribution,
    ) -> (Vec<u32>, Option<(Fit, CellRef)>) {
        let rows =
            self.range_rows(&attribution.primary).unwrap_or_else(|| rows_of(self.mentions, &attribution.primary));
        let in_scope: Vec<CellRef> =
            if rows.is_empty() { self.cells_near(number, &[]) } else { self.cells_of_rows(&rows).collect() };
        let mut work = 0;
        // "25.8 percentage points" is a difference, never a cell.
        let scoped =
            if number.points { None } else { best(self.facts, number, hedge, in_scope.into_iter(), &mut work) };
        if scoped.is_none_or(|(f, _)| f > Fit::Unadmitted) && !attribution.alternative.is_empty() {
            let other = rows_of(self.mentions, &attribution.alternative);
            let cells: Vec<CellRef> = self.cells_of_rows(&other).collect();
            if let Some(found) = best(self.facts, number, hedge, cells.into_iter(), &mut work)
                .filter(|(f, _)| *f <= Fit::Unadmitted && !number.points)
            {
                self.work += work;
                return (other, Some(found));
            }
        }
        self.work += work;
        (rows, scoped)
    }

    /// One number: the finding, the column it is about, and its derivation.
    fn judge(
        &mut self,
        s: usize,
        i: usize,
        number: &Number,
        hedge: bool,
        rows: &[u32],
        scoped: Option<(Fit, CellRef)>,
    ) -> Judgement {
        let text = self.scanned.word(i);
        let who = if rows.is_empty() { String::new() } else { format!(" for {}", self.group_names(rows)) };
        let bound = bound_before(self.scanned, i);
        // "of the 4 priorities", "8 of 40 products": the answer's rows, before any rounding
        // of a cell to that number.
        let counts_rows =
            !number.percent && (self.counts_groups(i) || self.follows_of(i)) && self.is_row_count(number.value);
        // A bound ("under 11" for 10.85) is read as a bound before any rounding: only the
        // value itself is a match.
        if let Some((f @ (Fit::Exact | Fit::Rounded | Fit::Approx | Fit::Unadmitted), cell)) = scoped {
            if f == Fit::Exact || (bound.is_none() && !counts_rows) {
                return self.matched(s, i, number, f, &cell, &who);
            }
        }
        if self.facts.request_numbers.iter().any(|x| (x - number.value).abs() <= 1e-9 * x.abs().max(1.0)) {
            let message = format!("{text} is a value of the request (a bound parameter, the explanation or a column name), not of the answer");
            // "within 15 minutes" beside `acked_within_15` speaks of that column.
            let column = self.facts.column_naming(number.value);
            return (self.finding(s, i, FindingKind::RequestValue, None, None, message), column, None);
        }
        if let Some(lower) = bound {
            return self.bound(s, i, number, rows, lower);
        }
        if let Some(k_of_n) = self.counts_some_groups(s, i, number) {
            return k_of_n;
        }
        // "Of the 3 teams" counts the answer's groups, whichever group the sentence is about.
        if counts_rows {
            let message = format!("{text} is the number of rows of the answer");
            let finding = self.finding(s, i, FindingKind::Match, None, Some("the answer's row count".into()), message);
            return (finding, None, None);
        }
        if !rows.is_empty() {
            // "7 P1 incidents": the total of the label's rows, before any swap.
            if let Some(found) = self.derived(s, i, number, hedge, rows, true) {
                return found;
            }
            if let Some(swap) = self.swap(s, i, number, hedge, rows) {
                return swap;
            }
        }
        if let Some((Fit::Misrounded, cell)) = scoped {
            return self.misrounded(s, i, number, &cell, &who);
        }
        // The answer's own count of rows, unless the sentence gives the number to a group:
        // "Search had 3 incidents" is not the 3 rows of the answer.
        if rows.is_empty() && !number.percent && self.is_row_count(number.value) {
            let message = format!("{text} is the number of rows of the answer");
            return (
                self.finding(s, i, FindingKind::Match, None, Some("the answer's row count".into()), message),
                None,
                None,
            );
        }
        if let Some(found) = self.derived(s, i, number, hedge, rows, false) {
            return found;
        }
        // Last, so that another group's cell is a swap and a total is a total.
        // A count of rows or values: whole, as written ("32.0" is no count).
        let count_like = !number.percent && number.decimals == 0 && number.scale == 1.0;
        if count_like && self.facts.receipt_numbers.contains(&number.value) {
            let message =
                format!("{text} is a number the receipt itself states (a warning's count, the rows of a cut answer)");
            return (self.finding(s, i, FindingKind::ReceiptValue, None, None, message), None, None);
        }
        let message = format!(
            "{text} is in no cell of the receipt and is not a sum, difference, ratio, percentage or total of its cells"
        );
        (self.finding(s, i, FindingKind::Unsupported, None, None, message), None, None)
    }

    /// Whether token `i` follows "of" (or "of the", "out of", "of all"): "3 of the 4".
    fn follows_of(&self, i: usize) -> bool {
        let of_at = |j: usize| self.scanned.is_word(j, "of");
        i.checked_sub(1).is_some_and(of_at)
            || i.checked_sub(2)
                .is_some_and(|j| of_at(j) && (self.scanned.is_word(j + 1, "the") || self.scanned.is_word(j + 1, "all")))
    }

    /// "3 of the 4 regions", "2 out of 3 teams": a count of some of the answer's groups, a
    /// whole number no larger than the rows it is counted among. Which groups the sentence
    /// means is not checked (that is meaning), only that there are that many to count.
    fn counts_some_groups(&self, s: usize, i: usize, number: &Number) -> Option<Judgement> {
        if number.percent || number.decimals > 0 || number.value < 0.0 || number.value.fract() != 0.0 {
            return None;
        }
        let mut j = i + 1;
        if self.scanned.is_word(j, "out") {
            j += 1;
        }
        if !self.scanned.is_word(j, "of") {
            return None;
        }
        j += 1;
        if self.scanned.is_word(j, "the") || self.scanned.is_word(j, "all") {
            j += 1;
        }
        let Some(Kind::Number(total)) = self.scanned.tokens.get(j).map(|t| &t.kind) else { return None };
        if !self.is_row_count(total.value) || number.value > total.value {
            return None;
        }
        if let Some((column, counted)) = self.groups_meeting_the_bound(i) {
            if counted as f64 != number.value {
                let message = format!(
                    "{} of the {} groups, but {counted} meet the sentence's bound on {}",
                    self.scanned.word(i),
                    show(total.value),
                    self.facts.columns[column].name
                );
                let finding = self.finding(s, i, FindingKind::Unsupported, None, Some(counted.to_string()), message);
                return Some((finding, Some(column), None));
            }
        }
        let message = format!("{} counts some of the answer's {} groups", self.scanned.word(i), show(total.value));
        Some((
            self.finding(s, i, FindingKind::Match, None, Some("a count of the answer's groups".into()), message),
            None,
            None,
        ))
    }

    /// "3 of the 4 regions had an online share above 40 %": when the sentence bounds one
    /// column it names (a percent bound: a share), that column and how many rows meet the
    /// bound. Not over a cut answer, nor when the column is not clear.
    fn groups_meeting_the_bound(&self, from: usize) -> Option<(usize, usize)> {
        if self.facts.truncated {
            return None;
        }
        // Within the next few tokens: the scan per number stays bounded.
        let window = from + 1..self.sentence_tokens.end.min(from + 1 + MAX_BOUND_DISTANCE);
        let (bound, lower) = window.into_iter().find_map(|j| match &self.scanned.tokens[j].kind {
            Kind::Number(n) => Some((n.clone(), bound_before(self.scanned, j)?)),
            _ => None,
        })?;
        let fits =
            |c: usize| !bound.percent || matches!(self.facts.aggregate(c), Some(Aggregate::Share | Aggregate::Unknown));
        let columns: Vec<usize> = self.named_columns.iter().copied().filter(|&c| fits(c)).collect();
        let [column] = columns[..] else { return None };
        let share = bound.percent && self.facts.aggregate(column) == Some(Aggregate::Share);
        let meets = |v: f64| {
            let v = if share { v * 100.0 } else { v };
            if lower {
                v > bound.value
            } else {
                v < bound.value
            }
        };
        let counted = (0..self.facts.rows.len()).filter(|&r| self.facts.number(r, column).is_some_and(meets)).count();
        Some((column, counted))
    }

    /// Whether `value` is the answer's count of rows (shown or in all).
    fn is_row_count(&self, value: f64) -> bool {
        [self.facts.row_count as f64, self.facts.total_rows as f64].contains(&value)
    }

    /// Whether the number at token `i` counts the answer's groups: the word after it names a
    /// group column (`3 teams`, `2 severity`), singular or plural.
    fn counts_groups(&self, i: usize) -> bool {
        let Some(next) = self.scanned.lower(i + 1) else { return false };
        self.facts.columns.iter().filter(|c| matches!(c.kind, ColumnKind::Label)).any(|c| {
            let name = c.name.to_lowercase();
            next == name || next == format!("{name}s") || next == format!("{name}es")
        })
    }

    /// A number that fits a cell of its rows: matched, rounded, hedged, or a rounding the
    /// text does not admit.
    fn matched(&self, s: usize, i: usize, number: &Number, f: Fit, cell: &CellRef, who: &str) -> Judgement {
        let text = self.scanned.word(i);
        let column = Some(cell.column as usize);
        let c = &self.facts.columns[cell.column as usize].name;
        let (kind, message, expected) = match f {
            Fit::Exact => (FindingKind::Match, format!("{text} is {c}{who}"), None),
            Fit::Rounded => {
                (FindingKind::Rounded, format!("{text} is {c}{who} ({}) rounded as written", show(cell.value)), None)
            }
            Fit::Approx => (
                FindingKind::Approximate,
                format!("{text} is {c}{who} ({}), hedged as approximate", show(cell.value)),
                None,
            ),
            _ => (
                FindingKind::UnadmittedRounding,
                format!(
                    "{text} is {c}{who} ({}) rounded to a whole number, but the text states it as exact",
                    show(cell.value)
                ),
                Some(format!(
                    "{} or \"about {text}\"",
                    written_like(&Number { decimals: 1, ..number.clone() }, cell.value)
                )),
            ),
        };
        (self.finding(s, i, kind, Some(self.note(cell)), expected, message), column, None)
    }

    /// A number within one unit of a cell's value that is not its rounding.
    fn misrounded(&self, s: usize, i: usize, number: &Number, cell: &CellRef, who: &str) -> Judgement {
        let c = &self.facts.columns[cell.column as usize].name;
        let shown = if number.percent && cell.value.abs() <= 1.0 { cell.value * 100.0 } else { cell.value };
        let right = written_like(number, shown);
        let message =
            format!("{} is near {c}{who} ({}), but that rounds to {right}", self.scanned.word(i), show(cell.value));
        let finding = self.finding(s, i, FindingKind::Misrounded, Some(self.note(cell)), Some(right), message);
        (finding, Some(cell.column as usize), None)
    }

    fn group_names(&self, rows: &[u32]) -> String {
        let mut names: Vec<String> = rows.iter().take(3).map(|&r| self.facts.row_name(r as usize)).collect();
        if rows.len() > 3 {
            names.push(format!("{} more", rows.len() - 3));
        }
        names.join(", ")
    }

    /// A bound ("over 30"): met by a cell of the attributed rows (or any row), or not.
    fn bound(&mut self, s: usize, i: usize, number: &Number, rows: &[u32], lower: bool) -> Judgement {
        let all: Vec<u32> = (0..self.facts.rows.len().min(MAX_ATTRIBUTED_ROWS) as u32).collect();
        let scope = if rows.is_empty() { &all[..] } else { rows };
        let meets = |v: f64| if lower { v >= number.value } else { v <= number.value };
        let cells: Vec<CellRef> = self.cells_of_rows(scope).collect();
        self.work += cells.len() as u64;
        // The met cell nearest the bound is the one it speaks of ("under 11" of 10.85, not
        // of a count of 3).
        let distance = |c: &CellRef| {
            scaled_candidates(number, c.value, aggregate_of(self.facts, c.column))
                .into_iter()
                .flatten()
                .filter(|v| meets(*v))
                .map(|v| (v - number.value).abs())
                .fold(f64::INFINITY, f64::min)
        };
        let met = cells.iter().filter(|c| distance(c).is_finite()).min_by(|a, b| distance(a).total_cmp(&distance(b)));
        let text = self.scanned.word(i);
        let side = if lower { "above" } else { "below" };
        match met {
            Some(cell) => {
                let message = format!(
                    "a bound: {} of {} is {side} {text}",
                    self.facts.columns[cell.column as usize].name,
                    self.facts.row_name(cell.row as usize)
                );
                let finding = self.finding(s, i, FindingKind::Bound, Some(self.note(cell)), None, message);
                (finding, Some(cell.column as usize), None)
            }
            None => {
                let message = format!(
                    "a bound no cell{} meets: none is {side} {text}",
                    if rows.is_empty() { String::new() } else { format!(" of {}", self.group_names(rows)) }
                );
                (self.finding(s, i, FindingKind::Unsupported, None, None, message), None, None)
            }
        }
    }

    /// The number fits a cell of a row it is not attributed to.
    fn swap(&mut self, s: usize, i: usize, number: &Number, hedge: bool, rows: &[u32]) -> Option<Judgement> {
        let mut sorted = rows.to_vec();
        sorted.sort_unstable();
        let near = self.cells_near(number, &sorted);
        let mut work = 0;
        let (f, cell) = best(self.facts, number, hedge, near.into_iter(), &mut work)?;
        self.work += work;
        if f == Fit::Misrounded {
            return None;
        }
        let column = cell.column as usize;
        let c = &self.facts.columns[column].name;
        let owner = self.facts.row_name(cell.row as usize);
        let attributed = self.group_names(rows);
        let expected = rows.iter().find_map(|&r| self.facts.number(r as usize, column)).map(|v| {
            let shown = if number.percent && v.abs() <= 1.0 { v * 100.0 } else { v };
            format!("{} ({c} of {attributed})", written_like(number, shown))
        });
        let message = format!("{} is {c} of {owner}, but the sentence gives it to {attributed}", self.scanned.word(i));
        Some((self.finding(s, i, FindingKind::Swap, Some(self.note(&cell)), expected, message), Some(column), None))
    }

    /// Whether a derivation is made from what the sentence attributes the number to: its
    /// cells in rows of labels the sentence names, one of them in the number's own rows, and
    /// in a column the sentence names (when it names any). "43 % of North America's orders
    /// were online" is not the change between two other regions' shares.
    fn attributed(&self, derivation: &Derivation, rows: &[u32]) -> bool {
        // Totals over the answer (or its top rows) belong to no group and no clause.
        let Some((a, b)) = derivation_cells(derivation) else { return true };
        let named_column = |c: &CellRef| self.named_columns.contains(&(c.column as usize));
        if !self.named_columns.is_empty() && !named_column(&a) && !b.as_ref().is_some_and(named_column) {
            return false;
        }
        if rows.is_empty() {
            return true;
        }
        let named = |c: &CellRef| self.sentence_rows.binary_search(&c.row).is_ok();
        let own = |c: &CellRef| rows.contains(&c.row);
        named(&a)
            && b.as_ref().is_none_or(named)
            && (own(&a) || b.as_ref().is_some_and(own))
            && self.directed(derivation)
    }

    /// Whether a difference or change goes the way the sentence's comparative says: "Europe
    /// had 24.6% more orders than North America" is not North America's lead over Europe.
    fn directed(&self, derivation: &Derivation) -> bool {
        let (Derivation::Change(a, b) | Derivation::Difference(a, b)) = derivation else { return true };
        let Some((subject, larger)) = &self.comparison else { return true };
        let (in_a, in_b) = (subject.contains(&a.row), subject.contains(&b.row));
        let (mine, other) = match (in_a, in_b) {
            (true, false) => (a, b),
            (false, true) => (b, a),
            _ => return true,
        };
        if *larger {
            mine.value >= other.value
        } else {
            mine.value <= other.value
        }
    }

    /// Whether `rows` are exactly the `count` rows whose `label` column is that of `row`:
    /// "3 P1 incidents in February" is not February's total.
    fn same_rows(&self, rows: &[u32], label: u32, row: u32, count: u32) -> bool {
        let value = &self.facts.rows[row as usize][label as usize];
        rows.len() == count as usize && rows.iter().all(|&r| self.facts.rows[r as usize][label as usize] == *value)
    }

    /// A derivation the number fits: with `label_totals_only`, the totals of the attributed
    /// rows' labels; else any, a label's total only where the sentence names that label (or
    /// no label at all).
    fn derived(
        &mut self,
        s: usize,
        i: usize,
        number: &Number,
        hedge: bool,
        rows: &[u32],
        label_totals_only: bool,
    ) -> Option<Judgement> {
        let text = self.scanned.word(i).to_string();
        let mut found: Option<(Fit, f64, Derivation)> = None;
        for (low, high) in search_ranges(number) {
            for (value, derivation) in self.derived.within(low, high) {
                self.work += 1;
                let fits_rows = match derivation {
                    Derivation::LabelTotal { label, row, rows: count, .. } => {
                        rows.is_empty() || self.same_rows(rows, label, row, count)
                    }
                    _ => !label_totals_only && self.attributed(&derivation, rows),
                };
                if !fits_rows {
                    continue;
                }
                let Some(candidate) = derived_candidates(number, value, &derivation, self.facts) else { continue };
                // An unhedged whole number is not read as a rounded derivation: with every
                // ratio of two cells to round to, nearly any number would be one.
                if let Some(f) = fit(number, hedge, candidate).filter(|f| *f <= Fit::Approx) {
                    if found.as_ref().is_none_or(|(g, _, _)| f < *g) {
                        found = Some((f, value, derivation));
                    }
                }
            }
        }
        let (_, value, derivation) = found?;
        let how = describe(&derivation, value, self.facts);
        let column = Some(derivation_column(&derivation));
        let message = format!("{text} is derived: {how}");
        Some((self.finding(s, i, FindingKind::Derived, None, Some(how), message), column, Some(derivation)))
    }
}

/// A finding of `kind` at token `i` of sentence `s`.
pub fn finding_at(
    scanned: &Scanned,
    s: usize,
    i: usize,
    kind: FindingKind,
    cell: Option<CellNote>,
    expected: Option<String>,
    message: String,
) -> Finding {
    let token = &scanned.tokens[i];
    Finding {
        kind,
        flagged: kind.flagged(),
        sentence: s,
        span: Span { start: token.start, end: token.end },
        chars: Span { start: 0, end: 0 },
        text: scanned.word(i).to_string(),
        cell,
        expected,
        message,
    }
}
