//! The checker's report: one finding per number and per claim, each with its kind, whether
//! it is flagged, its span in the text (UTF-8 byte offsets, and the same in characters), the
//! cell or value it was matched to or expected, and a message; its JSON form and a table.

use serde::Serialize;

/// What a finding says. The first eight are not flagged; the rest are.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum FindingKind {
    /// The number is a cell's value.
    Match,
    /// The number is a cell's value rounded at the precision it is written with.
    Rounded,
    /// A hedged number ("about 15") that the cell's value rounds to.
    Approximate,
    /// The number is derived from cells (a sum, difference, ratio, percentage, total).
    Derived,
    /// The number is the request's own (a bound value, a limit), not the answer's.
    RequestValue,
    /// A bound ("over 30") that a cell of the row meets.
    Bound,
    /// A number the receipt itself states outside its cells: a warning's count (nulls
    /// skipped, rows left out), the rows of a cut answer in all or not shown.
    ReceiptValue,
    /// Not read as a figure: an ordinal, a year, a rank, a list marker.
    Skipped,
    /// A whole number the cell's value rounds to, written as if exact: `15` for 14.666….
    UnadmittedRounding,
    /// Close to a cell but not its rounding: `14.6` for 14.666….
    Misrounded,
    /// The number is another group's value: attributed to one label, it is the cell of
    /// another label's row.
    Swap,
    /// The number is in no cell and derives from none the checker looks at.
    Unsupported,
    /// "every", "all", "none", "always", "never", "each" about members, beside an
    /// aggregate (an average, median, percentile, maximum, minimum) that cannot show it.
    UniversalClaim,
    /// "increased", "fell", … while the answer has no time grouping.
    TrendWithoutTime,
    /// "the top 3", "highest", … over an answer that was cut, in an order that does not
    /// make the shown rows the top ones.
    TopNTruncated,
    /// A total or average stated while the summary drops a warning that affects it (nulls
    /// skipped, rows left out, rows cut).
    DroppedWarning,
}

impl FindingKind {
    /// Whether the finding is a problem the summary has.
    pub fn flagged(self) -> bool {
        !matches!(
            self,
            FindingKind::Match
                | FindingKind::Rounded
                | FindingKind::Approximate
                | FindingKind::Derived
                | FindingKind::RequestValue
                | FindingKind::Bound
                | FindingKind::ReceiptValue
                | FindingKind::Skipped
        )
    }

    /// The kind's name as JSON writes it.
    pub fn as_str(self) -> &'static str {
        match self {
            FindingKind::Match => "match",
            FindingKind::Rounded => "rounded",
            FindingKind::Approximate => "approximate",
            FindingKind::Derived => "derived",
            FindingKind::RequestValue => "request_value",
            FindingKind::Bound => "bound",
            FindingKind::ReceiptValue => "receipt_value",
            FindingKind::Skipped => "skipped",
            FindingKind::UnadmittedRounding => "unadmitted_rounding",
            FindingKind::Misrounded => "misrounded",
            FindingKind::Swap => "swap",
            FindingKind::Unsupported => "unsupported",
            FindingKind::UniversalClaim => "universal_claim",
            FindingKind::TrendWithoutTime => "trend_without_time",
            FindingKind::TopNTruncated => "top_n_truncated",
            FindingKind::DroppedWarning => "dropped_warning",
        }
    }
}

/// A span of the text: `start` inclusive, `end` exclusive.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Span {
    /// The first byte (or character) of the span.
    pub start: usize,
    /// One past the last.
    pub end: usize,
}

/// The receipt cell a finding is about.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CellNote {
    /// The row's index in the receipt's `rows` (from 0).
    pub row: usize,
    /// The row's labels: `Platform`, `2026-01-01 / P1`.
    pub group: String,
    /// The column's name.
    pub column: String,
    /// The cell's value, in full.
    pub value: f64,
}

/// One finding.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Finding {
    /// What the finding says.
    pub kind: FindingKind,
    /// Whether it is a problem ([`FindingKind::flagged`]).
    pub flagged: bool,
    /// The sentence's index in [`Report::sentences`].
    pub sentence: usize,
    /// UTF-8 byte offsets into the text.
    pub span: Span,
    /// The same span in characters (Unicode scalar values), for callers whose strings
    /// index by character (Python, JavaScript code points).
    pub chars: Span,
    /// The text the span covers.
    pub text: String,
    /// The cell the number matched, or the cell a flagged number should have matched.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cell: Option<CellNote>,
    /// What the text should say instead (a correct rounding, the attributed row's value),
    /// or how a derived number is made.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub expected: Option<String>,
    /// The finding in words.
    pub message: String,
}

/// A sentence of the summary.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SentenceNote {
    /// UTF-8 byte offsets into the text.
    pub span: Span,
    /// The same in characters.
    pub chars: Span,
    /// Findings flagged in it.
    pub flagged: usize,
}

/// The whole report.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Report {
    /// Flagged findings in all; `0` means the summary passed.
    pub flagged: usize,
    /// Numbers read in the summary.
    pub numbers: usize,
    /// What `span` counts: `"utf8_bytes"` (and `chars` counts characters).
    pub offsets: &'static str,
    /// Every sentence, in order; findings name them by index.
    pub sentences: Vec<SentenceNote>,
    /// Every finding, by sentence and then by position.
    pub findings: Vec<Finding>,
    /// Units of work the check did (tokens read, candidates compared): the test of bounded
    /// time per byte reads it. Not part of the JSON.
    #[serde(skip)]
    pub work: u64,
}

impl Report {
    /// The report as JSON.
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::to_value(self).expect("reports serialise")
    }

    /// A table for people: each sentence that has findings, then its findings, one a line.
    pub fn render_table(&self, text: &str) -> String {
        let mut out = String::new();
        for (s, sentence) in self.sentences.iter().enumerate() {
            let findings: Vec<&Finding> = self.findings.iter().filter(|f| f.sentence == s).collect();
            if findings.is_empty() {
                continue;
            }
            out.push_str(&format!(
                "sentence {}: {}\n",
                s + 1,
                printable(&text[sentence.span.start..sentence.span.end], 120)
            ));
            for f in findings {
                let mark = if f.flagged { "FLAG" } else { "ok" };
                let against = match (&f.cell, &f.expected) {
                    (Some(cell), _) => {
                        format!("{} of {} = {}", cell.column, cell.group, super::numbers::show(cell.value))
                    }
                    (None, Some(expected)) => expected.clone(),
                    (None, None) => String::new(),
                };
                out.push_str(&format!(
                    "  {mark:<4} {:<20} {:>5}..{:<5} {:<12} {}\n",
                    f.kind.as_str(),
                    f.span.start,
                    f.span.end,
                    printable(&f.text, 12),
                    printable(&against, 80)
                ));
                if f.flagged {
                    out.push_str(&format!("       {}\n", printable(&f.message, 200)));
                }
            }
        }
        out.push_str(&format!(
            "{} flagged; {} numbers in {} sentences (spans are UTF-8 byte offsets)\n",
            self.flagged,
            self.numbers,
            self.sentences.len()
        ));
        out
    }
}

/// Text fit for a terminal line: control characters escaped, at most `max` characters.
fn printable(text: &str, max: usize) -> String {
    let mut out: String = text
        .chars()
        .take(max)
        .map(|c| if c.is_control() { c.escape_default().to_string() } else { c.to_string() })
        .collect();
    if text.chars().nth(max).is_some() {
        out.push('…');
    }
    out
}

/// Fills every span's character offsets from its byte offsets, in one pass over the text.
pub(super) fn fill_char_offsets(text: &str, sentences: &mut [SentenceNote], findings: &mut [Finding]) {
    let mut wanted: Vec<usize> = Vec::with_capacity(2 * (sentences.len() + findings.len()));
    wanted.extend(sentences.iter().flat_map(|s| [s.span.start, s.span.end]));
    wanted.extend(findings.iter().flat_map(|f| [f.span.start, f.span.end]));
    wanted.sort_unstable();
    wanted.dedup();
    let mut chars_at = Vec::with_capacity(wanted.len());
    let (mut next, mut count) = (0, 0);
    for (byte, _) in text.char_indices().chain(std::iter::once((text.len(), ' '))) {
        while next < wanted.len() && wanted[next] <= byte {
            chars_at.push((wanted[next], count));
            next += 1;
        }
        count += 1;
    }
    let lookup = |byte: usize| chars_at.binary_search_by_key(&byte, |p| p.0).map_or(0, |i| chars_at[i].1);
    for s in sentences {
        s.chars = Span { start: lookup(s.span.start), end: lookup(s.span.end) };
    }
    for f in findings {
        f.chars = Span { start: lookup(f.span.start), end: lookup(f.span.end) };
    }
}
