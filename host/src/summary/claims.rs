//! Claims a receipt cannot support, sentence by sentence: a universal word about members
//! beside a central or extreme aggregate, a change over time without a time grouping, a
//! rank over a cut answer; and, over the whole summary, a warning it drops while stating a
//! total or average the warning affects.

use std::collections::HashSet;

use super::attribute::mention_at;
use super::figures::Judged;
use super::labels::Mention;
use super::numbers::{show, Derivation};
use super::receipt::{Aggregate, ColumnKind, Facts, WarningKind};
use super::report::{Finding, FindingKind};
use super::scan::{Kind, Scanned, Sentence};
use super::words::*;

/// What the claims checks read.
pub struct Claims<'a> {
    pub facts: &'a Facts,
    pub scanned: &'a Scanned<'a>,
    pub mentions: &'a [Mention],
    /// Words that name a group (from the label columns' names, and generic ones).
    pub group_nouns: HashSet<String>,
}

impl<'a> Claims<'a> {
    pub fn new(facts: &'a Facts, scanned: &'a Scanned<'a>, mentions: &'a [Mention]) -> Claims<'a> {
        let mut group_nouns: HashSet<String> = GROUP_NOUNS.iter().map(|w| w.to_string()).collect();
        for column in &facts.columns {
            // A time column's groups are its grain ("month"); the rest of its name says what
            // was dated (`order_month`: an order is a member, not a group).
            if matches!(column.kind, ColumnKind::Time(_)) {
                group_nouns.extend(TIME_NOUNS.iter().map(|w| w.to_string()));
                continue;
            }
            if !matches!(column.kind, ColumnKind::Label) {
                continue;
            }
            for part in column.name.to_lowercase().split(|c: char| !c.is_alphanumeric()).filter(|p| p.len() >= 3) {
                let singular = part.strip_suffix('s').unwrap_or(part);
                group_nouns.extend([
                    part.to_string(),
                    singular.to_string(),
                    format!("{singular}s"),
                    format!("{singular}es"),
                ]);
                if let Some(stem) = singular.strip_suffix('y') {
                    group_nouns.insert(format!("{stem}ies"));
                }
            }
        }
        Claims { facts, scanned, mentions, group_nouns }
    }

    fn finding(&self, s: usize, i: usize, kind: FindingKind, expected: Option<String>, message: String) -> Finding {
        super::figures::finding_at(self.scanned, s, i, kind, None, expected, message)
    }

    /// The checks of one sentence; `judged` are its numbers.
    pub fn sentence(&self, s: usize, sentence: &Sentence, judged: &[Judged], findings: &mut Vec<Finding>) {
        if self.is_heading(sentence) {
            return;
        }
        if let Some(f) = self.universal(s, sentence, judged) {
            findings.push(f);
        }
        if let Some(f) = self.trend(s, sentence) {
            findings.push(f);
        }
        if let Some(f) = self.rank(s, sentence, judged) {
            findings.push(f);
        }
    }

    /// A heading or a list's lead-in that states no figure ("Best sellers by units:",
    /// "## Slowest services"): it names what follows and claims nothing itself.
    fn is_heading(&self, sentence: &Sentence) -> bool {
        let tokens = &self.scanned.tokens[sentence.tokens.clone()];
        let figures = tokens.iter().any(|t| matches!(t.kind, Kind::Number(_)));
        let lead_in = matches!(tokens.last().map(|t| &t.kind), Some(Kind::Punct(':')));
        let marked = matches!(tokens.first().map(|t| &t.kind), Some(Kind::Punct('#')));
        let bold_line = tokens.len() > 4
            && matches!(tokens.first().map(|t| &t.kind), Some(Kind::Punct('*')))
            && matches!(tokens.last().map(|t| &t.kind), Some(Kind::Punct('*')));
        !figures && (lead_in || marked || bold_line)
    }

    /// The universal word at token `i`, if it makes a claim about members: not "no" unless
    /// it opens the sentence or a group's name follows ("No Normal ticket…"), not "each"
    /// after a number ("$90 each": a price per item), not inside a relative clause ("signups
    /// that never converted" says which are left out), not "at all".
    fn universal_word(&self, sentence: &Sentence, i: usize) -> Option<String> {
        let word = self.scanned.lower(i)?;
        let previous = i.checked_sub(1).filter(|&p| p >= sentence.tokens.start);
        let previous_word = previous.and_then(|p| self.scanned.lower(p)).unwrap_or_default();
        if word == "no" {
            let opens = i == sentence.tokens.start
                || previous.is_some_and(|p| matches!(self.scanned.tokens[p].kind, Kind::Punct('*' | '-' | '•')));
            return (opens || mention_at(self.mentions, i + 1).is_some()).then_some(word);
        }
        if !is_in(UNIVERSALS, &word) {
            return None;
        }
        let after_number = previous.is_some_and(|p| matches!(self.scanned.tokens[p].kind, Kind::Number(_)));
        let relative = matches!(previous_word.as_str(), "that" | "who" | "which");
        let intensifier = word == "all" && previous_word == "at";
        let distributive = word == "each" && after_number;
        (!relative && !intensifier && !distributive && !self.over_groups(sentence, i)).then_some(word)
    }

    /// Whether the universal word at `i` quantifies over groups ("each team", "all three
    /// months", "every one of the teams"), which the rows can show, not over members.
    fn over_groups(&self, sentence: &Sentence, i: usize) -> bool {
        let mut j = i + 1;
        while j < sentence.tokens.end && j < i + 6 {
            if mention_at(self.mentions, j).is_some()
                || matches!(self.scanned.tokens[j].kind, Kind::Number(_) | Kind::Punct('\'') | Kind::Punct('’'))
            {
                j += 1;
                continue;
            }
            let Some(word) = self.scanned.lower(j) else { return false };
            if is_in(QUANTIFIER_FILLER, &word) {
                j += 1;
                continue;
            }
            return self.group_nouns.contains(&word);
        }
        false
    }

    /// The aggregates the sentence speaks of: its numbers' columns, and aggregate words for
    /// which the answer has a column.
    fn aggregates_named(&self, sentence: &Sentence, judged: &[Judged]) -> Vec<(Aggregate, Option<usize>)> {
        let mut named: Vec<(Aggregate, Option<usize>)> =
            judged.iter().filter_map(|j| j.column.and_then(|c| Some((self.facts.aggregate(c)?, Some(c))))).collect();
        for i in sentence.tokens.clone() {
            let Some(word) = self.scanned.lower(i) else { continue };
            let by_word = AGGREGATE_WORDS.iter().find(|(w, _)| *w == word).map(|(_, a)| *a);
            // p90, p95: a `p` and two digits (`P1` is a severity).
            let percentile = word.len() == 3 && word.starts_with('p') && word[1..].bytes().all(|b| b.is_ascii_digit());
            let Some(aggregate) = by_word.or(percentile.then_some(Aggregate::Percentile)) else { continue };
            let columns = (0..self.facts.columns.len()).filter(|&c| self.facts.aggregate(c) == Some(aggregate));
            named.extend(columns.map(|c| (aggregate, Some(c))));
        }
        named
    }

    fn universal(&self, s: usize, sentence: &Sentence, judged: &[Judged]) -> Option<Finding> {
        let (i, word) = sentence.tokens.clone().find_map(|i| Some((i, self.universal_word(sentence, i)?)))?;
        let named = self.aggregates_named(sentence, judged);
        // "412 had none": a pronoun for what the subject lacks, which only a share can show.
        let object = word == "none"
            && i.checked_sub(1)
                .and_then(|p| self.scanned.lower(p))
                .is_some_and(|w| matches!(w.as_str(), "had" | "has" | "have"));
        for (aggregate, column) in named {
            if object && aggregate != Aggregate::Share {
                continue;
            }
            if aggregate == Aggregate::Share {
                if let Some(f) = self.universal_share(s, sentence, judged, i, &word, column?) {
                    return Some(f);
                }
                continue;
            }
            if !aggregate.is_central_or_extreme() || self.bounded_by_extreme(sentence, &word, aggregate) {
                continue;
            }
            let name = column.map(|c| format!(" ({})", self.facts.columns[c].name)).unwrap_or_default();
            let message = format!(
                "\"{word}\" makes a claim about each member, but the receipt's figure{name} is {}: it says nothing about each one",
                aggregate.word()
            );
            let hint =
                "ask for the share that meets the condition (`share` with a `where`), or the maximum".to_string();
            return Some(self.finding(s, i, FindingKind::UniversalClaim, Some(hint), message));
        }
        None
    }

    /// "No incident took longer than 240 minutes" beside a maximum, "all within 240": a
    /// bound on every member that a maximum (or minimum) does support.
    fn bounded_by_extreme(&self, sentence: &Sentence, word: &str, aggregate: Aggregate) -> bool {
        let words: Vec<String> = sentence.tokens.clone().filter_map(|i| self.scanned.lower(i)).collect();
        let has = |w: &str| words.iter().any(|x| x == w);
        let upper = has("within") || has("under") || has("below") || has("most") || has("less") || has("up");
        let lower = has("more") || has("longer") || has("over") || has("above") || has("exceeded") || has("least");
        match (aggregate, negative_universal(word)) {
            (Aggregate::Max, false) => upper,
            (Aggregate::Max, true) => lower,
            (Aggregate::Min, false) => lower,
            (Aggregate::Min, true) => upper,
            _ => false,
        }
    }

    /// A universal word beside a share: supported where the share is 1 (or 0 for "none").
    fn universal_share(
        &self,
        s: usize,
        sentence: &Sentence,
        judged: &[Judged],
        i: usize,
        word: &str,
        column: usize,
    ) -> Option<Finding> {
        // The group the universal word speaks of: the label nearest before it ("billing had
        // none"), else the first attributed figure's, else every label of the sentence.
        let nearest = self
            .mentions
            .iter()
            .rfind(|m| sentence.tokens.contains(&m.tokens.start) && m.tokens.end <= i)
            .map(|m| m.rows.clone());
        let rows: Vec<u32> = nearest
            .or_else(|| judged.iter().find(|j| !j.rows.is_empty()).map(|j| j.rows.clone()))
            .unwrap_or_else(|| {
                let attributed = self.mentions.iter().filter(|m| sentence.tokens.contains(&m.tokens.start));
                attributed.flat_map(|m| m.rows.iter().copied()).collect()
            });
        let rows: Vec<u32> = if rows.is_empty() { (0..self.facts.rows.len() as u32).collect() } else { rows };
        let wanted = if negative_universal(word) { 0.0 } else { 1.0 };
        let off = rows
            .iter()
            .find_map(|&r| self.facts.number(r as usize, column).filter(|v| *v != wanted).map(|v| (r, v)))?;
        let message = format!(
            "\"{word}\" claims a share of {}, but {} of {} is {}",
            show(wanted),
            self.facts.columns[column].name,
            self.facts.row_name(off.0 as usize),
            show(off.1)
        );
        Some(self.finding(s, i, FindingKind::UniversalClaim, Some(show(off.1)), message))
    }

    fn trend(&self, s: usize, sentence: &Sentence) -> Option<Finding> {
        if self.facts.has_time_grouping() {
            return None;
        }
        let i = sentence.tokens.clone().find(|&i| {
            self.scanned.lower(i).is_some_and(|w| {
                is_in(TRENDS, &w) || TREND_PAIRS.iter().any(|(a, b)| *a == w && self.scanned.is_word(i + 1, b))
            })
        })?;
        let message = format!(
            "\"{}\" claims a change over time, but the answer is not grouped by a date (no day, week, month, quarter or year column)",
            self.scanned.word(i)
        );
        Some(self.finding(
            s,
            i,
            FindingKind::TrendWithoutTime,
            Some("group by a date column with a granularity".into()),
            message,
        ))
    }

    /// The rank word at `i`, its end of the order, and the N of "top N" when given.
    fn rank_at(&self, i: usize) -> Option<(Option<bool>, Option<u64>)> {
        let whole = self.scanned.lower(i)?;
        // "best-selling", "slowest-selling", "top-rated": the first part ranks, and a part
        // naming what is sold or earned makes "slowest" the bottom of it.
        let (word, compound) = match whole.split_once('-') {
            Some((first, rest)) => (first.to_string(), Some(rest.to_string())),
            None => (whole, None),
        };
        let (_, high) = RANKS.iter().find(|(w, _)| *w == word)?;
        // "the best seller", "the worst performers": what is sold or earned follows.
        let compound = compound.or_else(|| {
            self.scanned
                .lower(i + 1)
                .filter(|next| is_in(AMOUNT_PARTICIPLES, next) && word != "top" && word != "bottom")
        });
        if let Some(rest) = compound {
            let of_amount = is_in(AMOUNT_PARTICIPLES, &rest);
            let low = matches!(word.as_str(), "worst" | "slowest" | "lowest" | "least" | "bottom" | "poorest");
            let high = if of_amount { Some(!low) } else { *high };
            return Some((high, None));
        }
        if matches!(word.as_str(), "most" | "least")
            && !i.checked_sub(1).is_some_and(|j| self.scanned.is_word(j, "the"))
        {
            return None;
        }
        let n = match (word.as_str(), self.scanned.tokens.get(i + 1).map(|t| &t.kind)) {
            ("top" | "bottom", Some(Kind::Number(number))) => Some(number.value as u64),
            ("top" | "bottom", Some(Kind::Word)) => {
                let next = self.scanned.lower(i + 1).unwrap_or_default();
                SMALL_NUMBERS.iter().find(|(w, _)| *w == next).map(|(_, n)| *n)
            }
            // "the 2 slowest"
            _ => match i.checked_sub(1).map(|p| &self.scanned.tokens[p].kind) {
                Some(Kind::Number(number)) => Some(number.value as u64),
                _ => None,
            },
        };
        Some((*high, n))
    }

    fn rank(&self, s: usize, sentence: &Sentence, judged: &[Judged]) -> Option<Finding> {
        if !self.facts.truncated {
            return None;
        }
        let (i, (high, n)) = sentence.tokens.clone().find_map(|i| Some((i, self.rank_at(i)?)))?;
        // "Of the products listed, Drill Max has the highest price": ranked among the rows
        // shown, which is what the answer shows.
        let scoped = sentence.tokens.clone().any(|t| self.scanned.lower(t).is_some_and(|w| is_in(SCOPE_TO_SHOWN, &w)));
        if scoped {
            return None;
        }
        // The figures right after the rank word say what is ranked: "the highest average, 31".
        let columns: Vec<usize> =
            judged.iter().filter(|j| j.token > i && j.token <= i + 6).filter_map(|j| j.column).collect();
        let ordered_so = match (self.facts.ordered_by_number(), high) {
            (Some((column, descending)), Some(high)) => {
                descending == high
                    && n.is_none_or(|n| n <= self.facts.row_count)
                    && columns.iter().all(|c| *c == column)
            }
            _ => false,
        };
        if ordered_so {
            return None;
        }
        let message = format!(
            "\"{}\" ranks the groups, but the answer shows {} of {} rows{}",
            self.scanned.word(i),
            self.facts.row_count,
            self.facts.total_rows,
            match self.facts.ordered_by_number() {
                Some((c, d)) => format!(
                    ", ordered by {} {}",
                    self.facts.columns[c].name,
                    if d { "descending" } else { "ascending" }
                ),
                None => ", in no order that makes them the top ones".into(),
            }
        );
        Some(self.finding(
            s,
            i,
            FindingKind::TopNTruncated,
            Some("ask again without the cut, or order by the ranked column".into()),
            message,
        ))
    }
}

/// Whether the text (its lowercase words and word pairs) admits a warning of `kind`.
fn admitted(kind: &WarningKind, words: &HashSet<String>, total_rows_written: bool) -> bool {
    let any = |list: &[&str]| list.iter().any(|w| words.contains(*w));
    match kind {
        WarningKind::NullsSkipped { .. } => any(ADMIT_NULLS) || any(ADMIT_MISSING_PAIRS),
        WarningKind::RowsExcluded => any(ADMIT_EXCLUDED) || any(ADMIT_MISSING_PAIRS),
        WarningKind::Truncated => any(ADMIT_TRUNCATED) || total_rows_written,
        WarningKind::Other => true,
    }
}

/// A warning the summary drops while it states a figure the warning affects: one finding
/// per warning, at the first such figure.
pub fn dropped_warnings(facts: &Facts, scanned: &Scanned, findings: &[Finding], judged: &[Judged]) -> Vec<Finding> {
    // The summary's words, and its pairs of adjacent words ("no value").
    let mut words: HashSet<String> = HashSet::new();
    let mut previous: Option<String> = None;
    for i in 0..scanned.tokens.len() {
        let word = scanned.lower(i);
        if let (Some(a), Some(b)) = (&previous, &word) {
            words.insert(format!("{a} {b}"));
        }
        words.extend(word.clone());
        previous = word;
    }
    // "2 of 3 teams", "5th of the 40 products", "out of 40": the number of rows before the
    // cut, after "of".
    let after_of = |t: usize| {
        t.checked_sub(1).is_some_and(|p| scanned.is_word(p, "of"))
            || t.checked_sub(2).is_some_and(|p| {
                scanned.is_word(p, "of") && (scanned.is_word(p + 1, "the") || scanned.is_word(p + 1, "all"))
            })
    };
    let total_rows_written = facts.total_rows != facts.row_count
        && judged.iter().any(|j| {
            matches!(&scanned.tokens[j.token].kind, Kind::Number(n) if n.value == facts.total_rows as f64)
                && after_of(j.token)
        });
    let mut out = Vec::new();
    let mut seen: Vec<&WarningKind> = Vec::new();
    for warning in &facts.warnings {
        if seen.contains(&&warning.kind) || admitted(&warning.kind, &words, total_rows_written) {
            continue;
        }
        seen.push(&warning.kind);
        let affected = judged.iter().find(|j| {
            let finding = &findings[j.finding];
            let stated = matches!(
                finding.kind,
                FindingKind::Match
                    | FindingKind::Rounded
                    | FindingKind::Approximate
                    | FindingKind::UnadmittedRounding
                    | FindingKind::Misrounded
                    | FindingKind::Swap
                    | FindingKind::Derived
            );
            stated && affects(facts, &warning.kind, j)
        });
        if let Some(j) = affected {
            let finding = &findings[j.finding];
            let message =
                format!("the summary states {} but not what the receipt warns: {}", finding.text, warning.text);
            out.push(Finding {
                kind: FindingKind::DroppedWarning,
                flagged: true,
                expected: Some(warning.text.clone()),
                cell: None,
                message,
                ..finding.clone()
            });
        }
    }
    out
}

/// Whether a warning of `kind` affects the figure `j` states. A cut answer leaves every
/// shown group's figures whole: what it affects is a total over the rows and the number of
/// rows.
fn affects(facts: &Facts, kind: &WarningKind, j: &Judged) -> bool {
    if *kind == WarningKind::Truncated && j.counts_rows {
        return true;
    }
    let Some(column) = j.column else { return false };
    let aggregate = facts.aggregate(column).unwrap_or(Aggregate::Unknown);
    match kind {
        WarningKind::NullsSkipped { column: name } => facts.columns[column].name == *name,
        WarningKind::RowsExcluded => aggregate != Aggregate::Unknown,
        WarningKind::Truncated => {
            matches!(
                j.derivation,
                Some(Derivation::Total { .. } | Derivation::LabelTotal { .. } | Derivation::ShareOfTotal(_))
            )
        }
        WarningKind::Other => false,
    }
}
