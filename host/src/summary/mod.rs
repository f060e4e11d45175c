//! Checking a model's summary of a receipt (`querycell check-summary`, the MCP tool
//! `check_summary`): every number of the summary against the receipt's cells, and the
//! claims a receipt cannot support. Deterministic: no model, no SQL, nothing run.
//!
//! The summary is untrusted text read by the host, not a request for the compiler: it is
//! never turned into a query, only compared with a receipt's values, so invariant 1 (request
//! text is parsed only in the sandbox) does not apply to it. It is treated as hostile all the
//! same: size limits ([`SummaryLimits`]) refuse what is too large with `summary_too_large`
//! before any reading, the scanner is hand-written and reads each byte a bounded number of
//! times (no regular expression), nothing recurses on the text, and the receipt's JSON is
//! parsed by serde_json, whose recursion limit (128 levels) refuses deep nesting.
//!
//! The rules, their words and their limits are in `docs/summary-check.md`.

mod attribute;
mod claims;
mod figures;
mod labels;
mod numbers;
mod receipt;
pub mod report;
mod scan;
mod words;

use crate::error::{Code, Error, Result};
use crate::limits::SummaryLimits;

pub use report::{CellNote, Finding, FindingKind, Report, SentenceNote, Span};

/// Checks `text`, a summary of the receipt whose JSON is `receipt`.
pub fn check(receipt: &str, text: &str, limits: &SummaryLimits) -> Result<Report> {
    check_text_size(text, limits)?;
    let facts = receipt::Facts::parse(receipt, limits)?;
    check_facts(&facts, text, limits)
}

fn check_text_size(text: &str, limits: &SummaryLimits) -> Result<()> {
    if text.len() > limits.max_text_bytes {
        return Err(Error::new(
            Code::SummaryTooLarge,
            format!("the summary is {} bytes, over the limit of {}", text.len(), limits.max_text_bytes),
        )
        .at("text")
        .hint("check the summary in parts"));
    }
    Ok(())
}

fn check_facts(facts: &receipt::Facts, text: &str, limits: &SummaryLimits) -> Result<Report> {
    let scanned = scan::scan(text);
    let numbers = scanned.tokens.iter().filter(|t| matches!(t.kind, scan::Kind::Number(_))).count();
    if numbers > limits.max_numbers || scanned.sentences.len() > limits.max_sentences {
        return Err(Error::new(
            Code::SummaryTooLarge,
            format!(
                "the summary has {numbers} numbers in {} sentences, over the checker's limits of {} and {}",
                scanned.sentences.len(),
                limits.max_numbers,
                limits.max_sentences
            ),
        )
        .at("text"));
    }
    let labels = labels::Labels::of(facts);
    let mentions = labels.find(&scanned);
    let cells = numbers::CellIndex::of(facts);
    let derived = numbers::Derived::of(facts, limits.max_derivation_rows);
    let mut judge = figures::Judge {
        facts,
        scanned: &scanned,
        mentions: &mentions,
        cells: &cells,
        derived: &derived,
        work: 0,
        sentence_rows: Vec::new(),
        named_columns: Vec::new(),
        column_words: figures::ColumnWords::of(facts),
        comparison: None,
        sentence_tokens: 0..0,
    };
    let claims = claims::Claims::new(facts, &scanned, &mentions);
    let mut findings = Vec::new();
    let mut judged = Vec::new();
    for (s, sentence) in scanned.sentences.iter().enumerate() {
        let first = judged.len();
        judge.sentence(s, sentence, &mut findings, &mut judged);
        claims.sentence(s, sentence, &judged[first..], &mut findings);
    }
    findings.extend(claims::dropped_warnings(facts, &scanned, &findings, &judged));
    findings.sort_by_key(|f| (f.sentence, f.span.start, f.flagged));
    let mut sentences: Vec<SentenceNote> = scanned
        .sentences
        .iter()
        .enumerate()
        .map(|(s, sentence)| SentenceNote {
            span: Span { start: sentence.start, end: sentence.end },
            chars: Span { start: 0, end: 0 },
            flagged: findings.iter().filter(|f| f.sentence == s && f.flagged).count(),
        })
        .collect();
    report::fill_char_offsets(text, &mut sentences, &mut findings);
    let flagged = findings.iter().filter(|f| f.flagged).count();
    let work = judge.work + scanned.tokens.len() as u64 + text.len() as u64;
    Ok(Report { flagged, numbers, offsets: "utf8_bytes", sentences, findings, work })
}

#[cfg(test)]
mod tests;
