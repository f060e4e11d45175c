//! Every number of the summary, judged: is it a cell of the row it is attributed to (as
//! written, as a stated rounding, or hedged), the request's own value, another group's cell
//! (a swap), a wrong rounding, a value derived from cells, or none of these.

use super::attribute::{attribute, mention_at, rows_of, Attribution};
use super::labels::Mention;
use super::numbers::{
    describe, fit, scaled_candidates, search_ranges, show, written_like, CellIndex, CellRef, Derivation, Derived, Fit,
};
use super::receipt::{ColumnKind, Facts};
use super::report::{CellNote, Finding, FindingKind, Span};
use super::scan::{Kind, Number, Scanned, Sentence};
use super::words::{is_in, BEFORE_YEAR, BOUNDS, HEDGES, MONTH_WORDS, RANKS, THAN_BOUNDS};

/// Rows of an attribution compared cell by cell.
const MAX_ATTRIBUTED_ROWS: usize = 64;
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
}

/// A bound written before a number, and its direction (`true`: the value is above it).
fn bound_before(scanned: &Scanned, i: usize) -> Option<bool> {
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

/// The best fit of `number` among `cells`, with the cell.
fn best(number: &Number, hedge: bool, cells: impl Iterator<Item = CellRef>, work: &mut u64) -> Option<(Fit, CellRef)> {
    let mut found: Option<(Fit, CellRef)> = None;
    for cell in cells {
        *work += 1;
        for candidate in scaled_candidates(number, cell.value).into_iter().flatten() {
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
            let counts_rows = finding.kind == FindingKind::Match && finding.cell.is_none();
            judged.push(Judged { finding: findings.len(), token: i, column, rows, derivation, counts_rows });
            findings.push(finding);
        }
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
        let rows = rows_of(self.mentions, &attribution.primary);
        let in_scope: Vec<CellRef> =
            if rows.is_empty() { self.cells_near(number, &[]) } else { self.cells_of_rows(&rows).collect() };
        let mut work = 0;
        let scoped = best(number, hedge, in_scope.into_iter(), &mut work);
        if scoped.is_none_or(|(f, _)| f > Fit::Unadmitted) && !attribution.alternative.is_empty() {
            let other = rows_of(self.mentions, &attribution.alternative);
            let cells: Vec<CellRef> = self.cells_of_rows(&other).collect();
            if let Some(found) =
                best(number, hedge, cells.into_iter(), &mut work).filter(|(f, _)| *f <= Fit::Unadmitted)
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
        if let Some((f @ (Fit::Exact | Fit::Rounded | Fit::Approx | Fit::Unadmitted), cell)) = scoped {
            return self.matched(s, i, number, f, &cell, &who);
        }
        if self.facts.request_numbers.iter().any(|x| (x - number.value).abs() <= 1e-9 * x.abs().max(1.0)) {
            let message = format!("{text} is a value of the request (a bound parameter, the explanation or a column name), not of the answer");
            // "within 15 minutes" beside `acked_within_15` speaks of that column.
            let column = self.facts.column_naming(number.value);
            return (self.finding(s, i, FindingKind::RequestValue, None, None, message), column, None);
        }
        if let Some(lower) = bound_before(self.scanned, i) {
            return (self.bound(s, i, number, rows, lower), None, None);
        }
        // "Of the 3 teams" counts the answer's groups, whichever group the sentence is about.
        if !number.percent && self.counts_groups(i) && self.is_row_count(number.value) {
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
        self.derived(s, i, number, hedge, rows, false).unwrap_or_else(|| {
            let message = format!("{text} is in no cell of the receipt and is not a sum, difference, ratio, percentage or total of its cells");
            (self.finding(s, i, FindingKind::Unsupported, None, None, message), None, None)
        })
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
    fn bound(&mut self, s: usize, i: usize, number: &Number, rows: &[u32], lower: bool) -> Finding {
        let all: Vec<u32> = (0..self.facts.rows.len().min(MAX_ATTRIBUTED_ROWS) as u32).collect();
        let scope = if rows.is_empty() { &all[..] } else { rows };
        let meets = |v: f64| if lower { v >= number.value } else { v <= number.value };
        let cells: Vec<CellRef> = self.cells_of_rows(scope).collect();
        self.work += cells.len() as u64;
        let met = cells.iter().find(|c| scaled_candidates(number, c.value).into_iter().flatten().any(meets));
        let text = self.scanned.word(i);
        let side = if lower { "above" } else { "below" };
        match met {
            Some(cell) => {
                let message = format!(
                    "a bound: {} of {} is {side} {text}",
                    self.facts.columns[cell.column as usize].name,
                    self.facts.row_name(cell.row as usize)
                );
                self.finding(s, i, FindingKind::Bound, Some(self.note(cell)), None, message)
            }
            None => {
                let message = format!(
                    "a bound no cell{} meets: none is {side} {text}",
                    if rows.is_empty() { String::new() } else { format!(" of {}", self.group_names(rows)) }
                );
                self.finding(s, i, FindingKind::Unsupported, None, None, message)
            }
        }
    }

    /// The number fits a cell of a row it is not attributed to.
    fn swap(&mut self, s: usize, i: usize, number: &Number, hedge: bool, rows: &[u32]) -> Option<Judgement> {
        let mut sorted = rows.to_vec();
        sorted.sort_unstable();
        let near = self.cells_near(number, &sorted);
        let mut work = 0;
        let (f, cell) = best(number, hedge, near.into_iter(), &mut work)?;
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
                    _ => !label_totals_only,
                };
                if !fits_rows {
                    continue;
                }
                for candidate in scaled_candidates(number, value).into_iter().flatten() {
                    // An unhedged whole number is not read as a rounded derivation: with
                    // every ratio of two cells to round to, nearly any number would be one.
                    if let Some(f) = fit(number, hedge, candidate).filter(|f| *f <= Fit::Approx) {
                        if found.as_ref().is_none_or(|(g, _, _)| f < *g) {
                            found = Some((f, value, derivation));
                        }
                    }
                }
            }
        }
        let (_, value, derivation) = found?;
        let how = describe(&derivation, value, self.facts);
        let column = derivation_column(&derivation);
        let message = format!("{text} is derived: {how}");
        Some((self.finding(s, i, FindingKind::Derived, None, Some(how), message), column, Some(derivation)))
    }
}

/// The column a derivation is over (the first cell's).
fn derivation_column(derivation: &Derivation) -> Option<usize> {
    Some(match derivation {
        Derivation::Total { column } | Derivation::LabelTotal { column, .. } => *column as usize,
        Derivation::Sum(a, _)
        | Derivation::Difference(a, _)
        | Derivation::Ratio(a, _)
        | Derivation::Percent(a, _)
        | Derivation::Change(a, _)
        | Derivation::ShareOfTotal(a) => a.column as usize,
    })
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
