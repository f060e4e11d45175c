//! Which group a number in a sentence is about: the labels of its clause, else of the
//! nearest clause before it with labels, else after it. A sentence that lists labels and
//! then as many numbers ("Platform, Payments and Search averaged 14.7, 10 and 31") pairs
//! them in order.
//!
//! Clauses split at `,` `;` `:` brackets and dashes, and at "and", "but", "while",
//! "whereas", "than", "versus", "compared", except between two labels ("Platform and
//! Payments" is one group of labels).

use super::labels::Mention;
use super::scan::{Kind, Scanned, Sentence};
use super::words::{is_in, CLAUSE_WORDS};

/// Earlier clauses a number's labels are completed from.
const MAX_CONTEXT_CLAUSES: usize = 8;
/// Label mentions one number is attributed to, at most.
const MAX_ATTRIBUTED_MENTIONS: usize = 8;
/// Rows of one label taken into an attribution.
const MAX_ROWS_PER_MENTION: usize = 256;

/// Whether token `i` is part of a label mention, and which.
pub fn mention_at(mentions: &[Mention], i: usize) -> Option<usize> {
    let at = mentions.partition_point(|m| m.tokens.end <= i);
    mentions.get(at).filter(|m| m.tokens.start <= i).map(|_| at)
}

/// The mentions (indices into `mentions`) whose first token lies in `range`.
fn mentions_in(mentions: &[Mention], range: std::ops::Range<usize>) -> std::ops::Range<usize> {
    let from = mentions.partition_point(|m| m.tokens.start < range.start);
    let to = mentions.partition_point(|m| m.tokens.start < range.end);
    from..to.max(from)
}

/// Whether token `i` ends a clause (is a clause boundary).
fn splits(scanned: &Scanned, mentions: &[Mention], i: usize) -> bool {
    let token = &scanned.tokens[i];
    let boundary = match token.kind {
        Kind::Punct(c) => {
            matches!(c, ',' | ';' | ':' | '(' | ')' | '[' | ']' | '—' | '–')
                || c == '-' && i > 0 && scanned.tokens[i - 1].end < token.start
        }
        Kind::Word => scanned.lower(i).is_some_and(|w| is_in(CLAUSE_WORDS, &w)),
        _ => false,
    };
    if !boundary || !matches!(token.kind, Kind::Punct(',') | Kind::Word) {
        return boundary;
    }
    // "Platform and Payments", "Platform, Payments": a list of labels of one column, not
    // two clauses.
    let before = (0..i).rev().take(3).find(|&j| !is_possessive_tail(scanned, j)).and_then(|j| mention_at(mentions, j));
    let after = mention_at(mentions, i + 1)
        .or_else(|| scanned.is_word(i + 1, "and").then(|| mention_at(mentions, i + 2)).flatten());
    !matches!((before, after), (Some(a), Some(b)) if mentions[a].column == mentions[b].column)
}

/// `'` and `s` after a label (`Platform's`, `Payments'`).
fn is_possessive_tail(scanned: &Scanned, j: usize) -> bool {
    matches!(scanned.tokens[j].kind, Kind::Punct('\'') | Kind::Punct('’'))
        || scanned.is_word(j, "s")
            && j > 0
            && matches!(scanned.tokens[j - 1].kind, Kind::Punct('\'') | Kind::Punct('’'))
}

/// The labels a number is attributed to, and those of the other clause it may be read with.
#[derive(Debug, Clone, Default)]
pub struct Attribution {
    /// The mentions of its own clause, else of the nearest clause before it with labels
    /// (else after it), completed from earlier clauses.
    pub primary: Vec<usize>,
    /// For a number in a clause without labels that took the labels before it: those of
    /// the nearest clause after it ("…, and the slowest took 240 minutes, a P3 in March").
    /// A number that fits these rows is no swap.
    pub alternative: Vec<usize>,
}

/// For each of `numbers` (token indices in `sentence`, in order), the mentions it is
/// attributed to.
pub fn attribute(scanned: &Scanned, sentence: &Sentence, mentions: &[Mention], numbers: &[usize]) -> Vec<Attribution> {
    let in_sentence = mentions_in(mentions, sentence.tokens.clone());
    // Clause index of each token, and the mentions of each clause.
    let mut clause_of = Vec::with_capacity(sentence.tokens.len());
    let mut clause = 0;
    for i in sentence.tokens.clone() {
        clause_of.push(clause);
        if splits(scanned, mentions, i) {
            clause += 1;
        }
    }
    let mut by_clause: Vec<Vec<usize>> = vec![Vec::new(); clause + 1];
    for m in in_sentence.clone() {
        by_clause[clause_of[mentions[m].tokens.start - sentence.tokens.start]].push(m);
    }
    let paired = parallel(scanned, mentions, in_sentence, numbers);
    numbers
        .iter()
        .enumerate()
        .map(|(k, &n)| {
            if let Some(m) = paired.get(k) {
                return Attribution { primary: vec![*m], alternative: Vec::new() };
            }
            let own = clause_of[n - sentence.tokens.start];
            let before = (0..=own).rev().find(|&c| !by_clause[c].is_empty());
            let after = (own..by_clause.len()).find(|&c| !by_clause[c].is_empty());
            match (before, after) {
                (Some(b), Some(a)) if b != own && a != b => Attribution {
                    primary: with_context(mentions, &by_clause, b, own),
                    alternative: with_context(mentions, &by_clause, a, own),
                },
                (Some(chosen), _) | (None, Some(chosen)) => {
                    Attribution { primary: with_context(mentions, &by_clause, chosen, own), alternative: Vec::new() }
                }
                (None, None) => Attribution::default(),
            }
        })
        .collect()
}

/// The mentions of clause `chosen`, plus those of earlier clauses for columns it does not
/// name: "In March, P1 had 3" is March's P1.
fn with_context(mentions: &[Mention], by_clause: &[Vec<usize>], chosen: usize, own: usize) -> Vec<usize> {
    let mut out: Vec<usize> = by_clause[chosen].iter().copied().take(MAX_ATTRIBUTED_MENTIONS).collect();
    let mut columns: Vec<usize> = out.iter().map(|&m| mentions[m].column).collect();
    for clause in (0..own.max(chosen)).rev().filter(|&c| c != chosen).take(MAX_CONTEXT_CLAUSES) {
        // A column named once in that clause ("In March, …"); two of its labels there are a
        // range or a list ("from January to March"), which sets no context.
        let once =
            |m: usize| by_clause[clause].iter().filter(|&&o| mentions[o].column == mentions[m].column).count() == 1;
        let added: Vec<usize> =
            by_clause[clause].iter().copied().filter(|&m| !columns.contains(&mentions[m].column) && once(m)).collect();
        columns.extend(added.iter().map(|&m| mentions[m].column));
        out.extend(added);
        if out.len() >= MAX_ATTRIBUTED_MENTIONS {
            break;
        }
    }
    out.truncate(MAX_ATTRIBUTED_MENTIONS);
    out.sort_unstable();
    out
}

/// "Platform, Payments and Search averaged 14.7, 10 and 31": two or more labels of one
/// column before the first number, and as many numbers (or a multiple) before the next
/// label: those numbers pair with the labels in order. The mention of each paired number.
fn parallel(
    scanned: &Scanned,
    mentions: &[Mention],
    in_sentence: std::ops::Range<usize>,
    numbers: &[usize],
) -> Vec<usize> {
    let Some(&first_number) = numbers.first() else { return Vec::new() };
    let listed: Vec<usize> = in_sentence.clone().filter(|&m| mentions[m].tokens.end <= first_number).collect();
    let k = listed.len();
    if k < 2 || listed.iter().any(|&m| mentions[m].column != mentions[listed[0]].column) {
        return Vec::new();
    }
    // "From March to June": a range, whose numbers are the months between, not a list.
    let ranged = k == 2
        && mentions[listed[1]].tokens.start == mentions[listed[0]].tokens.end + 1
        && scanned
            .lower(mentions[listed[0]].tokens.end)
            .is_some_and(|w| matches!(w.as_str(), "to" | "through" | "until" | "till"));
    if ranged {
        return Vec::new();
    }
    let next_label = in_sentence.clone().map(|m| mentions[m].tokens.start).find(|&start| start > first_number);
    let run = numbers.iter().take_while(|&&n| next_label.is_none_or(|start| n < start)).count();
    if run % k != 0 {
        return Vec::new();
    }
    (0..run).map(|i| listed[i % k]).collect()
}

/// The rows a number attributed to `chosen` mentions may be about: the union of each
/// column's labels' rows, intersected across columns; the plain union when that is empty.
pub fn rows_of(mentions: &[Mention], chosen: &[usize]) -> Vec<u32> {
    let mut columns: Vec<usize> = chosen.iter().map(|&m| mentions[m].column).collect();
    columns.sort_unstable();
    columns.dedup();
    let union_of = |column: Option<usize>| {
        let mut rows: Vec<u32> = chosen
            .iter()
            .filter(|&&m| column.is_none_or(|c| mentions[m].column == c))
            .flat_map(|&m| mentions[m].rows.iter().copied().take(MAX_ROWS_PER_MENTION))
            .collect();
        rows.sort_unstable();
        rows.dedup();
        rows
    };
    let mut rows = union_of(columns.first().copied());
    for &column in columns.iter().skip(1) {
        let other = union_of(Some(column));
        rows.retain(|r| other.binary_search(r).is_ok());
    }
    if rows.is_empty() {
        rows = union_of(None);
    }
    rows
}
