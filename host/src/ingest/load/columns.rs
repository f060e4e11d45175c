//! A text table's columns decided over its staged text: the rows below the data dropped
//! ([`below_data`](crate::ingest::layout::below_data)), each kept column named, grouped and
//! typed ([`detect`]), then the type refinement: a column whose values prove a decimal dot
//! decides again the columns its `;` delimiter alone read with a comma.

use querycell_contract::quote;

use super::catalog_entry::decided_entry;
use super::statements::describe;
use crate::catalog::ColumnEntry;
use crate::duck::Database as Connection;
use crate::error::{Error, Result};
use crate::ingest::column_types::decision::{DecimalMarkBasis, Decision, NumberSettings};
use crate::ingest::column_types::detect;
use crate::ingest::column_types::groups::{self, Groups, Sample};
use crate::ingest::layout::below_data::trim_rows;
use crate::ingest::layout::text_layout::TextLayout;
use crate::ingest::names::{normalize_identifier, unique};
use crate::ingest::numbers::FileEvidence;
use crate::ingest::sidecar::{Sidecar, TableOverride};
use crate::ingest::sources::Source;

/// What decides a text table's columns: how its file was read, the rules of `querycell.toml`,
/// and the staging table its text was loaded into.
pub(crate) struct Ruled<'a> {
    pub(crate) layout: &'a TextLayout,
    pub(crate) source: &'a Source,
    pub(crate) sidecar: &'a Sidecar,
    pub(crate) over: &'a TableOverride,
    pub(crate) staging_table: &'a str,
    pub(crate) judging: Judging,
}

/// What deciding a table's columns is for.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Judging {
    /// The table as it is written.
    Whole,
    /// Only whether every column of its first rows stays text as written: deciding stops
    /// at the first column that does not (or at a hidden one).
    AllText,
    /// Every column of its first rows, as a prediction the load checks
    /// ([`super::checked`]); stops at a hidden column. A text column's reason is left empty.
    Predicting,
}

/// One column of a text table, decided: its catalog entry, the decision, its groups, its
/// name in the staging table and what the file says of how its numbers are written.
pub(crate) struct DecidedColumn {
    pub(crate) entry: ColumnEntry,
    pub(crate) decision: Decision,
    pub(crate) groups: Groups,
    pub(crate) raw: String,
    pub(crate) evidence: FileEvidence,
}

/// A text table's rows and columns, decided.
pub(crate) struct Decided {
    /// The decisions about its rows (and header), in words.
    pub(crate) notes: Vec<String>,
    /// Its columns, but those `querycell.toml` hides.
    pub(crate) columns: Vec<DecidedColumn>,
    /// Whether a column was left out (hidden): then the staging table holds more than the
    /// table may.
    pub(crate) any_hidden: bool,
}

impl Decided {
    /// Whether the staging table can become the table: every column is kept, as text (a
    /// text column's values are its texts, or missing for a token).
    pub(crate) fn all_text(&self) -> bool {
        !self.any_hidden && self.columns.iter().all(|c| c.decision.keeps_text)
    }
}

/// Drop what is not data from the staging table and decide each kept column (named, and not
/// hidden by `querycell.toml`).
pub(crate) fn decide_columns(connection: &Connection, ruled: &Ruled<'_>) -> Result<Decided> {
    let (layout, source, over, staging_table) = (ruled.layout, ruled.source, ruled.over, ruled.staging_table);
    let null_tokens = ruled.sidecar.null_tokens(over);
    let headers = describe(connection, &format!("SELECT * FROM {}", quote::identifier(staging_table)), source)?;
    let raw_names: Vec<String> = headers.iter().map(|h| h.0.clone()).collect();
    let mut decisions = layout.notes.clone();
    decisions.extend(trim_rows(connection, staging_table, &raw_names, over, layout, source)?);
    // The columns kept: (raw name, header text, name, what the file and its cells say of how
    // its numbers are written).
    let mut kept: Vec<(String, String, String, FileEvidence)> = Vec::new();
    let read = headers.len();
    for (at, header) in headers.into_iter().enumerate() {
        let text = layout.header_text(at, &header.0);
        let column_name = unique(normalize_identifier(&text, "column"), kept.iter().map(|c| c.2.as_str()));
        if over.columns.get(&column_name).is_some_and(|c| c.hidden) {
            if ruled.judging != Judging::Whole {
                return Ok(Decided { notes: decisions, columns: Vec::new(), any_hidden: true });
            }
            continue;
        }
        kept.push((header.0, text, column_name, layout.number_evidence(at)));
    }
    let at_source = |e: Error| if e.path == "$" { e.at(&source.shown) } else { e };
    let raw_kept: Vec<&str> = kept.iter().map(|c| c.0.as_str()).collect();
    // The first rows judged are at most a sample: every column is grouped, nothing to count.
    let judging = ruled.judging != Judging::Whole;
    let samples = match judging {
        true => vec![Sample::SHORT_TABLE; raw_kept.len()],
        false => groups::samples(connection, staging_table, &raw_kept).map_err(at_source)?,
    };
    let mut columns: Vec<(ColumnEntry, Decision, Groups)> = Vec::new();
    let mut decided_raw = Vec::new();
    for ((raw, text, column_name, evidence), sample) in kept.into_iter().zip(samples) {
        let column_over = over.columns.get(&column_name);
        let numbers = NumberSettings { evidence, configured: Sidecar::number_reading(over, column_over) };
        let groups =
            Groups::create(connection, staging_table, &raw, sample, columns.len(), staging_table).map_err(at_source)?;
        let decision = detect::decide(connection, &groups, &raw, &null_tokens, column_over, &numbers, judging)
            .map_err(at_source)?;
        let stop = ruled.judging == Judging::AllText && !decision.keeps_as_written(&raw);
        columns.push((decided_entry(column_name, text, &decision, over), decision, groups));
        decided_raw.push((raw, numbers.evidence));
        if stop {
            break;
        }
    }
    // Judging, no decision is final: none to decide again.
    if !judging {
        decide_again_with_a_proven_dot(connection, &mut columns, &decided_raw, over, &null_tokens)
            .map_err(at_source)?;
    }
    let columns: Vec<DecidedColumn> = columns
        .into_iter()
        .zip(decided_raw)
        .map(|((entry, decision, groups), (raw, evidence))| DecidedColumn { entry, decision, groups, raw, evidence })
        .collect();
    Ok(Decided { notes: decisions, any_hidden: columns.len() < read, columns })
}

/// A column whose values prove a decimal dot (`2.25`) says how the file writes numbers
/// better than its `;` delimiter does: a column either mark reads (`1.250`) that the
/// delimiter alone read with a comma, a thousand times too large, is decided again with a dot.
fn decide_again_with_a_proven_dot(
    connection: &Connection,
    columns: &mut [(ColumnEntry, Decision, Groups)],
    decided: &[(String, FileEvidence)],
    over: &TableOverride,
    null_tokens: &[String],
) -> Result<()> {
    let proven_dot = columns.iter().find_map(|(entry, decision, _)| match &decision.decimal_mark {
        Some(DecimalMarkBasis::ProvenDot(example)) => Some((entry.name.clone(), example.clone())),
        _ => None,
    });
    let Some((by, example)) = proven_dot else { return Ok(()) };
    let why = format!("column {by} of the same file writes a decimal dot (e.g. '{example}')");
    for ((entry, decision, groups), (raw, evidence)) in columns.iter_mut().zip(decided) {
        if decision.decimal_mark != Some(DecimalMarkBasis::CommaFromTheDelimiter) {
            continue;
        }
        let column_over = over.columns.get(&entry.name);
        let evidence = FileEvidence { decimal_comma: None, decimal_dot: Some(why.clone()), ..evidence.clone() };
        let numbers = NumberSettings { evidence, configured: Sidecar::number_reading(over, column_over) };
        let mut again = detect::decide(connection, groups, raw, null_tokens, column_over, &numbers, false)?;
        if !again.reason.contains(&why) {
            again.reason.push_str(&format!("; read with a decimal dot, though the file is ';'-delimited: {why}"));
        }
        *entry = decided_entry(entry.name.clone(), entry.display_name.clone(), &again, over);
        *decision = again;
    }
    Ok(())
}
