//! The receipt an answer is: what the guest compiled for a request, run by the executor,
//! and everything the receipt says beside the rows (warnings, limits, costs, the request,
//! the snapshot, the policy and the compiler that wrote the SQL).

use std::time::Instant;

use crate::answer::warnings::{not_finite_warnings, null_warning};
use crate::answer::{
    param_json, Answer, AnswerCost, AnswerLimits, AppliedPolicy, AskedRequest, ResolvedDate, RECEIPT_VERSION,
};
use crate::calendar::Date;
use crate::catalog::Catalog;
use crate::error::Result;
use crate::exec::Executor;
use crate::limits::Limits;
use crate::policy::BoundPolicy;
use crate::sandbox::cache::{CacheOutcome, RequestKind};
use crate::sandbox::wit;
use crate::statement::CallerReading;

/// A request being answered: what the receipt records of it.
pub(super) struct Asked<'a> {
    pub(super) kind: RequestKind,
    pub(super) text: &'a str,
    pub(super) today: Date,
}

fn round_ms(ms: f64) -> f64 {
    (ms * 100.0).round() / 100.0
}

/// What a receipt needs of the opened index besides the compiled request.
pub(super) struct Answering<'a> {
    pub(super) executor: &'a Executor,
    /// The catalog as the caller sees it, of the version the executor reads.
    pub(super) catalog: &'a Catalog,
    /// The limits the answer is held to.
    pub(super) answer_limits: &'a Limits,
    pub(super) bound: Option<&'a BoundPolicy>,
    pub(super) policy_context: String,
    /// The compiler component that wrote the SQL.
    pub(super) compiler: &'a str,
}

impl Answering<'_> {
    /// Run what the guest compiled for `asked` and build the receipt.
    /// SQL mode's `reading` is the caller's text its main statement must be DuckDB's reading of.
    pub(super) fn answer(
        &self,
        compiled: &wit::Compiled,
        reading: Option<&CallerReading>,
        cache: CacheOutcome,
        started: Instant,
        asked: &Asked,
    ) -> Result<Answer> {
        let compile_ms = started.elapsed().as_secs_f64() * 1e3;
        let pruned;
        let compiled = match self.needless_probe(compiled) {
            true => {
                pruned = wit::Compiled { null_probe: None, ..compiled.clone() };
                &pruned
            }
            false => compiled,
        };
        let execution = match reading {
            Some(reading) => self.executor.run_read(compiled, reading)?,
            None => self.executor.run(compiled)?,
        };
        let mut warnings = compiled.warnings.clone();
        warnings.extend(execution.null_counts.iter().map(|(what, count)| null_warning(what, *count)));
        warnings.extend(not_finite_warnings(&execution.columns, &execution.rows));
        if execution.truncated {
            warnings.push(format!("the answer shows {} of {} rows", execution.rows.len(), execution.total_rows));
        }
        Ok(Answer {
            receipt_version: RECEIPT_VERSION,
            row_count: execution.rows.len(),
            columns: execution.columns,
            order: execution.order,
            rows: execution.rows,
            truncated: execution.truncated,
            total_rows: execution.total_rows,
            sql: compiled.main.sql.clone(),
            params: compiled.main.params.iter().map(param_json).collect(),
            explanation: compiled.explanation.clone(),
            warnings,
            resolved_dates: compiled.resolved_dates.iter().map(ResolvedDate::from_wit).collect(),
            limits: AnswerLimits {
                max_rows: self.answer_limits.max_rows,
                timeout_ms: self.answer_limits.query_timeout.as_millis() as u64,
            },
            snapshot: self.catalog.snapshot.clone(),
            cost: AnswerCost {
                compile_ms: round_ms(compile_ms),
                compile_cached: cache == CacheOutcome::Hit,
                main_ms: round_ms(execution.cost.main_ms),
                count_ms: execution.cost.count_ms.map(round_ms),
                null_probe_ms: execution.cost.null_probe_ms.map(round_ms),
            },
            elapsed_ms: round_ms(started.elapsed().as_secs_f64() * 1000.0),
            policy: self
                .bound
                .map(|bound| AppliedPolicy { id: bound.id.clone(), row_filters: bound.filters_described.clone() }),
            request: AskedRequest { kind: asked.kind, text: asked.text.to_string() },
            today: asked.today.to_string(),
            index_id: self.catalog.index_id.clone(),
            policy_context: self.policy_context.clone(),
            compiler: self.compiler.to_string(),
        })
    }

    /// A null probe that can only count nulls in columns the catalog, computed from this
    /// very snapshot, says have none: it would scan the table to answer zero.
    fn needless_probe(&self, compiled: &wit::Compiled) -> bool {
        let Some(probe) = &compiled.null_probe else { return false };
        probe.counts.iter().all(|count| match count {
            wit::ProbeCount::FilterExcluded(excluded) => {
                let mut columns = self
                    .catalog
                    .tables
                    .iter()
                    .flat_map(|t| &t.columns)
                    .filter(|c| c.name == excluded.column)
                    .peekable();
                columns.peek().is_some() && columns.all(|c| c.stats.null_count == 0)
            }
            wit::ProbeCount::AggregateSkipped(_) | wit::ProbeCount::AnswerRows | wit::ProbeCount::Unmatched(_) => false,
        })
    }
}
