//! The library entry point: an opened index with its sandboxed compiler and read-only
//! executor. `QueryCell::query_plan` and `QueryCell::query_sql` are the whole path: request
//! bytes → guest → checks → DuckDB → receipt.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

use crate::answer::trace::{Trace, TraceRecord};
use crate::answer::{
    param_json, Answer, AnswerCost, AnswerLimits, AppliedPolicy, AskedRequest, ResolvedDate, RECEIPT_VERSION,
};
use crate::calendar::Date;
use crate::catalog::{Catalog, PinnedIndex};
use crate::error::{Code, Error, ErrorClass, Result};
use crate::exec::worker::WorkerPolicy;
use crate::exec::Executor;
use crate::limits::Limits;
use crate::policy::{BoundPolicy, Policy};
use crate::sandbox::cache::{CacheKey, CacheOutcome, CacheStats, CompileCache, RequestKind, ViewFingerprint};
use crate::sandbox::{wit, Sandbox};
use crate::statement::{CallerReading, Readable};

/// Where an index's queries run: the trade between isolation and cost an embedder chooses.
#[derive(Debug, Clone, PartialEq, Default)]
pub enum QueryIsolation {
    /// DuckDB runs in the calling process, on one connection that concurrent callers wait
    /// for. No process to start or deploy, the cheapest answer; but a query that ignores
    /// DuckDB's interrupt holds its caller past the timeout, an allocation DuckDB does not
    /// count is the embedding process's memory, and a crash in DuckDB is a crash of the
    /// embedding process.
    #[default]
    InProcess,
    /// DuckDB runs in query worker processes ([`crate::exec::worker`]): killed at the deadline
    /// plus a grace or past a memory ceiling, confined (rlimits, Landlock), replaced when
    /// lost; concurrent answers beyond the pool are refused as `busy`. The CLI's mode.
    Workers(WorkerPolicy),
}

/// An opened index, ready to answer: its catalog, the sandboxed compiler, and a read-only
/// executor for one version of its data. Safe to share between threads.
pub struct QueryCell {
    index: PathBuf,
    catalog: Catalog,
    sandbox: Sandbox,
    executor: Executor,
    isolation: QueryIsolation,
    /// The deployment's limits (the sandbox's).
    limits: Limits,
    /// What answers are held to: the deployment's limits, tightened by the policy's request
    /// limits for this caller.
    answer_limits: Limits,
    sql_enabled: bool,
    /// The date answers are computed for, when the application pinned one.
    today: Option<Date>,
    /// The audit trace every request is recorded in, when the deployment keeps one.
    trace: Option<Arc<Trace>>,
    /// The deployment's policy and the trusted context it is applied with.
    policy: Option<(Policy, std::collections::BTreeMap<String, String>)>,
    /// The policy applied to the current catalog; `catalog` is then what the caller sees.
    bound: Option<BoundPolicy>,
    /// The Spark Connect server's token, for an index built by `ingest --spark`.
    spark_token: Option<String>,
    /// What the compiler returned for requests asked before (see [`crate::sandbox::cache`]).
    compile_cache: CompileCache,
    /// The compiler's view of the open version for the day last asked about: built once,
    /// not cloned from the catalog and hashed for every request; dropped by `reopen`.
    kept_view: std::sync::Mutex<Option<Arc<CompilerView>>>,
}

/// What the compiler sees of one version on one day, and the fingerprint the compile cache
/// keys it by.
struct CompilerView {
    today: Date,
    view: wit::CatalogView,
    fingerprint: ViewFingerprint,
}

impl QueryCell {
    /// Open `index` with the bundled compiler component.
    pub fn open(index: &Path, limits: Limits) -> Result<Self> {
        let sandbox = Sandbox::bundled(limits.clone())?;
        Self::open_with_sandbox(index, sandbox)
    }

    /// Open `index` with a compiler component the caller loaded (plugin hosts, tests).
    pub fn open_with_sandbox(index: &Path, sandbox: Sandbox) -> Result<Self> {
        Self::open_isolated(index, sandbox, QueryIsolation::InProcess)
    }

    /// Open `index` with a compiler component and the choice of where queries run.
    pub fn open_isolated(index: &Path, sandbox: Sandbox, isolation: QueryIsolation) -> Result<Self> {
        Self::open_with(index, sandbox, isolation, None)
    }

    /// Open `index` as [`QueryCell::open_isolated`] does, with the token of the Spark Connect
    /// server an index built by `ingest --spark` answers from. The library never reads the
    /// token from the environment: the CLI reads [`crate::SPARK_TOKEN_VARIABLE`] and passes
    /// it here; an embedder passes its own.
    pub fn open_with(
        index: &Path,
        sandbox: Sandbox,
        isolation: QueryIsolation,
        spark_token: Option<String>,
    ) -> Result<Self> {
        let limits = sandbox.limits().clone();
        let spark_token = spark_token.filter(|token| !token.is_empty());
        let version = open_version(index, &limits, &isolation, None, spark_token.as_deref())?;
        Ok(Self::opened(index, sandbox, isolation, spark_token, version))
    }

    /// Open `index` as [`QueryCell::open_with`] does, under `policy` (as
    /// [`QueryCell::with_policy`] would set it, without first opening the index without
    /// it), loading the compiler component with `load` (given `limits`) on another thread
    /// meanwhile: the index's query workers start, and open the data, while the component
    /// loads. For a process whose first answer is what it waits for (the CLI); the sandbox
    /// `load` returns must hold `limits`.
    pub fn open_loading(
        index: &Path,
        limits: Limits,
        load: impl FnOnce(Limits) -> Result<Sandbox> + Send,
        isolation: QueryIsolation,
        spark_token: Option<String>,
        policy: Option<(Policy, std::collections::BTreeMap<String, String>)>,
    ) -> Result<Self> {
        let spark_token = spark_token.filter(|token| !token.is_empty());
        let (sandbox, version) = std::thread::scope(|scope| {
            let loading = scope.spawn(|| load(limits.clone()));
            let version = open_version(index, &limits, &isolation, policy.as_ref(), spark_token.as_deref());
            let sandbox = loading.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic));
            (sandbox, version)
        });
        let (sandbox, version) = (sandbox?, version?);
        if sandbox.limits() != &limits {
            return Err(Error::classed(
                ErrorClass::Internal,
                Code::SandboxConfigInvalid,
                "the loaded compiler holds other limits than the index was opened with",
            ));
        }
        let mut cell = Self::opened(index, sandbox, isolation, spark_token, version);
        cell.policy = policy;
        Ok(cell)
    }

    fn opened(
        index: &Path,
        sandbox: Sandbox,
        isolation: QueryIsolation,
        spark_token: Option<String>,
        version: Version,
    ) -> Self {
        let limits = sandbox.limits().clone();
        QueryCell {
            index: index.to_path_buf(),
            catalog: version.catalog,
            sandbox,
            executor: version.executor,
            isolation,
            limits,
            answer_limits: version.limits,
            sql_enabled: false,
            today: None,
            trace: None,
            policy: None,
            bound: version.bound,
            spark_token,
            compile_cache: CompileCache::default(),
            kept_view: std::sync::Mutex::new(None),
        }
    }

    /// Start answering from the index's current version. Until this is called, a
    /// `QueryCell` answers from the version it opened, whatever ingest swaps in since.
    pub fn reopen(&mut self) -> Result<()> {
        let version = open_version(
            &self.index,
            &self.limits,
            &self.isolation,
            self.policy.as_ref(),
            self.spark_token.as_deref(),
        )?;
        self.catalog = version.catalog;
        self.executor = version.executor;
        self.bound = version.bound;
        self.answer_limits = version.limits;
        *self.kept_view.get_mut().unwrap_or_else(std::sync::PoisonError::into_inner) = None;
        Ok(())
    }

    /// Whether [`QueryCell::query_sql`] answers (SQL mode is on for this deployment).
    pub fn sql_enabled(&self) -> bool {
        self.sql_enabled
    }

    /// Allow (or forbid) [`QueryCell::query_sql`]. SQL mode is off unless the deployment
    /// turns it on, and answers only where queries run in query workers
    /// ([`QueryIsolation::Workers`]): DuckDB reads the caller's text to prove that what runs
    /// is what the caller wrote, and it reads untrusted text only there; an in-process index
    /// refuses SQL with `sql_mode_unavailable`.
    pub fn with_sql_enabled(mut self, enabled: bool) -> Self {
        self.sql_enabled = enabled;
        self
    }

    /// Answer as of `today` instead of the system clock's date: relative dates in plans
    /// ("the last 30 days") and SQL mode's `current_date` resolve against it. For answers
    /// that must not change with the calendar: reports for a given day, tests, replays.
    pub fn with_today(mut self, today: Date) -> Self {
        self.today = Some(today);
        self
    }

    /// The date answers are computed for: the pinned one, else today in UTC by the system
    /// clock, read for every answer (a long-lived `QueryCell` moves on at midnight).
    pub fn today(&self) -> Date {
        self.today.unwrap_or_else(Date::today_utc)
    }

    /// The index folder this `QueryCell` was opened on.
    pub fn index(&self) -> &Path {
        &self.index
    }

    /// The catalog of the version this `QueryCell` answers from.
    pub fn catalog(&self) -> &Catalog {
        &self.catalog
    }

    /// The limits answers are held to: those of the sandbox it was opened with, tightened by
    /// the policy's request limits for this caller (see [`crate::policy::request_limits`]).
    #[allow(clippy::misnamed_getters, reason = "a caller's limits are the answer limits, not the deployment's")]
    pub fn limits(&self) -> &Limits {
        &self.answer_limits
    }

    /// The process ids of this index's query workers, idle or answering (none in-process).
    pub fn worker_pids(&self) -> Vec<u32> {
        self.executor.worker_pids()
    }

    /// What holds in the query workers, e.g. `landlock:fully_enforced` (empty in-process, or
    /// before the first answer).
    pub fn worker_confinement(&self) -> Vec<String> {
        self.executor.worker_confinement()
    }

    /// How the most recently ready query worker came up: starting it, its confinement and
    /// opening the data in it, and how long an answer waited for it (`None` in-process, or
    /// before the first answer).
    pub fn worker_startup(&self) -> Option<crate::exec::worker::WorkerStartup> {
        self.executor.worker_startup()
    }

    /// End the cell in a process about to exit: its idle query workers are killed without
    /// waiting for the kernel to take them down (milliseconds for DuckDB's memory, which
    /// would otherwise be the last thing a CLI run waits for); the exit hands them to init,
    /// which reaps them. The rest of the cell is left for the exit to free (unmapping the
    /// compiler's engine is a few hundred microseconds the process does not need to spend).
    /// A process that goes on drops the cell instead, which also reaps.
    pub fn end_before_exit(self) {
        self.executor.kill_workers_before_exit();
        // Nothing is left to flush: each trace line is written when its request ends.
        std::mem::forget(self);
    }

    /// Record every request in `trace` (see [`crate::answer::trace`]). A request whose line cannot
    /// be written is answered with `trace_unwritable` instead.
    pub fn with_trace(mut self, trace: Arc<Trace>) -> Self {
        self.trace = Some(trace);
        self
    }

    /// Answer under `policy` (see [`crate::policy`]) with the deployment's trusted
    /// `context`: the index is opened again with the policy's views on every connection, and
    /// [`QueryCell::catalog`] becomes what the policy lets the caller see. A context value
    /// the policy needs and `context` lacks makes every query `missing_context`.
    pub fn with_policy(mut self, policy: Policy, context: std::collections::BTreeMap<String, String>) -> Result<Self> {
        self.policy = Some((policy, context));
        self.reopen()?;
        Ok(self)
    }

    /// What the compiler may see: the catalog as the policy shows it, each policed table
    /// with its row filters, the request limits and `today`.
    fn compiler_view(&self, today: Date) -> Arc<CompilerView> {
        let mut kept = self.kept_view.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(kept) = kept.as_ref().filter(|kept| kept.today == today) {
            return Arc::clone(kept);
        }
        let mut view = self.catalog.view(&self.answer_limits, today);
        if let Some(bound) = &self.bound {
            bound.annotate(&mut view);
        }
        let fingerprint = ViewFingerprint::of(&view);
        let built = Arc::new(CompilerView { today, view, fingerprint });
        *kept = Some(Arc::clone(&built));
        built
    }

    /// What the compiler returns for `request` under the current view as of `today`:
    /// remembered from an earlier identical compile when there was one, else from the sandbox.
    fn compile(&self, kind: RequestKind, request: &str, today: Date) -> Result<(Arc<wit::Compiled>, CacheOutcome)> {
        let compiler = self.compiler_view(today);
        let key = CacheKey::new(kind, request, &compiler.fingerprint, &self.limits, &self.catalog.snapshot);
        self.compile_cache.get_or_compile(key, || match kind {
            RequestKind::Plan => self.sandbox.compile_plan(request, &compiler.view),
            RequestKind::Sql => self.sandbox.compile_sql(request, &compiler.view),
        })
    }

    /// How often a request was answered with a remembered compile, and how many are held.
    pub fn compile_cache_stats(&self) -> CacheStats {
        self.compile_cache.stats()
    }

    /// Answer a plan (plan language v2, JSON text).
    pub fn query_plan(&self, plan_json: &str) -> Result<Answer> {
        self.ask(RequestKind::Plan, plan_json, self.today())
    }

    /// Answer one model-written SQL statement, if SQL mode is enabled.
    pub fn query_sql(&self, sql: &str) -> Result<Answer> {
        self.ask(RequestKind::Sql, sql, self.today())
    }

    /// Answer `request` (a plan or SQL text) as of `today`: what [`QueryCell::query_plan`]
    /// and [`QueryCell::query_sql`] do, with the day pinned for this one request. A
    /// receipt's re-run asks its own request as of its own day ([`crate::verify`]); the
    /// request is compiled, checked, traced and charged like any other.
    pub fn ask(&self, kind: RequestKind, request: &str, today: Date) -> Result<Answer> {
        let asked = Asked { kind, text: request, today };
        match kind {
            RequestKind::Plan => self.traced("plan", request, |compiled_sql| {
                let started = Instant::now();
                self.check_request_size(request)?;
                let (compiled, cache) = self.compile(kind, request, today)?;
                *compiled_sql = Some(compiled.main.clone());
                self.answer(&compiled, None, cache, started, &asked)
            }),
            RequestKind::Sql => self.traced("sql", request, |compiled_sql| self.answer_sql(&asked, compiled_sql)),
        }
    }

    fn answer_sql(&self, asked: &Asked, compiled_sql: &mut Option<wit::Query>) -> Result<Answer> {
        let (sql, started) = (asked.text, Instant::now());
        if !self.sql_enabled {
            return Err(Error::new(Code::SqlModeDisabled, "SQL mode is not enabled for this deployment")
                .at("sql")
                .hint(
                    "send a plan instead, or enable SQL mode (`--allow-sql`, or `allow_sql = true` in the config file)",
                ));
        }
        // A Spark index is refused by the compiler, with its own reason.
        if self.isolation == QueryIsolation::InProcess && self.catalog.spark.is_none() {
            return Err(crate::exec::in_process_sql_mode());
        }
        self.check_request_size(sql)?;
        let (compiled, cache) = self.compile(RequestKind::Sql, sql, asked.today)?;
        *compiled_sql = Some(compiled.main.clone());
        let today = asked.today.days_since_epoch();
        let reading = crate::check::sql_mode::caller_reading(sql, &compiled, self.answer_limits.max_rows, today)?;
        self.answer(&compiled, Some(&reading), cache, started, asked).map_err(sql_error_is_the_callers)
    }

    /// Run `answer` and, when the deployment keeps a trace, record what it did. `answer`
    /// leaves the compiled main statement in its argument, so a query that fails after
    /// compiling is recorded with the SQL that failed.
    fn traced(
        &self,
        kind: &str,
        request: &str,
        answer: impl FnOnce(&mut Option<wit::Query>) -> Result<Answer>,
    ) -> Result<Answer> {
        let started = Instant::now();
        let mut compiled = None;
        // The context check first: a caller the deployment did not name has no budget. Then a
        // query slot, before the budget: a request refused as `busy` has not been charged.
        // The slot is held until the time is added, and let go when `_slot` drops.
        let outcome = self.check_policy_context().and_then(|()| {
            match self.bound.as_ref().and_then(|bound| bound.budget.as_ref()) {
                None => answer(&mut compiled),
                Some(budget) => budget.take_slot().and_then(|_slot| {
                    budget.reserve().and_then(|()| {
                        let outcome = answer(&mut compiled);
                        budget.spend(started.elapsed()).and(outcome)
                    })
                }),
            }
        });
        let Some(trace) = &self.trace else { return outcome };
        let record = match &outcome {
            Ok(answer) => TraceRecord {
                kind,
                request,
                sql: Some(&answer.sql),
                params: answer.params.len(),
                rows: Some(answer.row_count),
                truncated: Some(answer.truncated),
                error: None,
                compile_cached: Some(answer.cost.compile_cached),
                elapsed: started.elapsed(),
                snapshot: &self.catalog.snapshot,
            },
            Err(error) => TraceRecord {
                kind,
                request,
                sql: compiled.as_ref().map(|statement| statement.sql.as_str()),
                params: compiled.as_ref().map_or(0, |statement| statement.params.len()),
                rows: None,
                truncated: None,
                error: Some(&error.code),
                compile_cached: None,
                elapsed: started.elapsed(),
                snapshot: &self.catalog.snapshot,
            },
        };
        trace.record(&record)?;
        outcome
    }

    fn check_policy_context(&self) -> Result<()> {
        match self.bound.as_ref().and_then(BoundPolicy::missing_context_error) {
            Some(error) => Err(error),
            None => Ok(()),
        }
    }

    fn check_request_size(&self, request: &str) -> Result<()> {
        if request.len() > self.limits.max_request_bytes as usize {
            return Err(Error::new(
                Code::RequestTooLarge,
                format!(
                    "the request is {} bytes; at most {} are accepted",
                    request.len(),
                    self.limits.max_request_bytes
                ),
            )
            .hint("ask a narrower question: long value lists belong in a broader filter"));
        }
        Ok(())
    }

    /// The snapshot id of the version this `QueryCell` answers from.
    pub fn snapshot(&self) -> &str {
        &self.catalog.snapshot
    }

    /// The id of the policy context answers run under ([`crate::policy::context_id`]).
    pub fn policy_context(&self) -> String {
        match &self.bound {
            Some(bound) => bound.context_id.clone(),
            // The same id for every answer of every unpoliced index: hashed once, not per answer.
            None => {
                static UNPOLICED: std::sync::OnceLock<String> = std::sync::OnceLock::new();
                UNPOLICED.get_or_init(|| crate::policy::context_id(None, &Default::default())).clone()
            }
        }
    }

    /// Run what the guest compiled for `asked` and build the receipt.
    /// SQL mode's `reading` is the caller's text its main statement must be DuckDB's reading of.
    fn answer(
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
                .as_ref()
                .map(|bound| AppliedPolicy { id: bound.id.clone(), row_filters: bound.filters_described.clone() }),
            request: AskedRequest { kind: asked.kind, text: asked.text.to_string() },
            today: asked.today.to_string(),
            index_id: self.catalog.index_id.clone(),
            policy_context: self.policy_context(),
            compiler: self.sandbox.compiler_id().to_string(),
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

/// A request being answered: what the receipt records of it.
struct Asked<'a> {
    kind: RequestKind,
    text: &'a str,
    today: Date,
}

fn round_ms(ms: f64) -> f64 {
    (ms * 100.0).round() / 100.0
}

/// A warning for each DOUBLE column of the answer holding a value no number is: a sum or an
/// average of doubles past what a DOUBLE holds is `inf` in DuckDB (a DECIMAL sum is refused
/// instead), and the receipt carries it as the text `"inf"` (JSON has no such number).
fn not_finite_warnings(columns: &[crate::exec::ResultColumn], rows: &[Vec<serde_json::Value>]) -> Vec<String> {
    let mut warnings = Vec::new();
    for (at, column) in columns.iter().enumerate() {
        if !matches!(column.sql_type.as_str(), "DOUBLE" | "FLOAT") {
            continue;
        }
        let texts: Vec<&str> = rows.iter().filter_map(|row| row.get(at)?.as_str()).collect();
        if let Some(first) = texts.first() {
            let (count, are) = if texts.len() == 1 {
                ("1 value".to_string(), "is")
            } else {
                (format!("{} values", texts.len()), "are")
            };
            warnings.push(format!(
                "{}: {count} {are} no finite number (\"{first}\"): the doubles it is computed from overflow what a DOUBLE holds, so it is shown as text",
                column.name
            ));
        }
    }
    warnings
}

/// The warning for one null-probe count above zero.
fn null_warning(what: &wit::ProbeCount, count: u64) -> String {
    match what {
        wit::ProbeCount::AggregateSkipped(label) => {
            format!(
                "{label}: {count} null value{} skipped in the matching rows",
                if count == 1 { " was" } else { "s were" }
            )
        }
        wit::ProbeCount::FilterExcluded(excluded) => {
            // Filters are ANDed, so the way to see these rows is a second question with
            // is_null in place of the filter, not is_null added to it.
            let keep = serde_json::json!({"column": excluded.column, "op": "is_null"});
            let which = if excluded.path.contains(',') { "these filters" } else { "this filter" };
            format!(
                "{} ({}) also left out {count} row{} where {} is missing, because SQL compares nothing with a missing value; to count those rows, ask again with {keep} in place of {which}",
                excluded.path,
                excluded.filter,
                if count == 1 { "" } else { "s" },
                excluded.column,
            )
        }
        wit::ProbeCount::Unmatched(unmatched) => unmatched_warning(unmatched, count),
        // The executor reads this one as the answer's total, never as a warning.
        wit::ProbeCount::AnswerRows => format!("the answer has {count} rows before its limit"),
    }
}

/// The warning for rows whose path broke at a relationship (orphan keys).
fn unmatched_warning(unmatched: &wit::UnmatchedRows, count: u64) -> String {
    let r = &unmatched.relationship;
    let (rows, verb) = if count == 1 { ("row", "has") } else { ("rows", "have") };
    let broken = if unmatched.rows_of == r.from_table {
        format!("{count} {rows} of {} {verb} a {} that matches no row of {}", r.from_table, r.from_column, r.to_table)
    } else {
        format!(
            "{count} {rows} of {} reach a {} row whose {} matches no row of {}",
            unmatched.rows_of, r.from_table, r.from_column, r.to_table
        )
    };
    format!(
        "{broken} ({}.{}): every column reached through it is missing for {}, so {} counted in the group where those columns are missing",
        r.to_table,
        r.to_column,
        if count == 1 { "it" } else { "them" },
        if count == 1 { "it is" } else { "they are" },
    )
}

/// How many times opening starts again when an ingest replaced the index midway.
const OPEN_ATTEMPTS: usize = 8;

/// One version of an index, opened for a caller.
struct Version {
    /// The catalog as the policy lets the caller see it.
    catalog: Catalog,
    /// A read-only executor whose connections carry the policy's views and hold answers to
    /// `limits`.
    executor: Executor,
    /// The policy bound to this version's catalog and the caller's context.
    bound: Option<BoundPolicy>,
    /// The deployment's limits tightened by the policy's request limits for the caller.
    limits: Limits,
}

/// Open the index's current version for the caller. The catalog and the executor are of one
/// and the same version: an ingest that swaps the index between reading the catalog and
/// opening the data deletes the pinned version's data file, and the open then starts again
/// on the new version.
fn open_version(
    index: &Path,
    limits: &Limits,
    isolation: &QueryIsolation,
    policy: Option<&(Policy, std::collections::BTreeMap<String, String>)>,
    spark_token: Option<&str>,
) -> Result<Version> {
    let mut attempt = 0;
    loop {
        attempt += 1;
        let pinned = PinnedIndex::open(index)?;
        let bound = policy.map(|(policy, context)| policy.bind(&pinned.catalog, context)).transpose()?;
        let catalog = match &bound {
            Some(bound) => bound.visible_catalog(&pinned.catalog),
            None => pinned.catalog.clone(),
        };
        // The executor is opened with the caller's limits, so the host's row cap and
        // deadline are the caller's whatever the compiler makes of the catalog view's.
        let mut limits = match &bound {
            Some(bound) => bound.request_limits.tighten(limits.clone()),
            None => limits.clone(),
        };
        let largest_table_rows = catalog.tables.iter().map(|t| t.row_count).max().unwrap_or(0);
        limits.query_threads = limits.query_threads_for(largest_table_rows);
        let readable = Readable {
            tables: catalog.tables.iter().map(|t| t.name.clone()).collect(),
            policed: bound.as_ref().map(|b| b.policed.clone()).unwrap_or_default(),
            hidden_tables: bound.as_ref().map(|b| b.hidden_tables.clone()).unwrap_or_default(),
        };
        if let Some(source) = &pinned.catalog.spark {
            // The data is on the cluster: there is no file to pin, and no worker to run DuckDB in.
            let executor = open_spark(source, spark_token, &pinned.catalog, &catalog, bound.as_ref(), &limits)?;
            return Ok(Version { catalog, executor, bound, limits });
        }
        let opened = match isolation {
            QueryIsolation::InProcess => Executor::open(&pinned.data_path(), &limits, readable),
            QueryIsolation::Workers(policy) => {
                pinned.open_data_file().and_then(|data| Executor::open_in_workers(data, &limits, readable, policy))
            }
        };
        match opened {
            Ok(executor) => return Ok(Version { catalog, executor, bound, limits }),
            Err(_) if attempt < OPEN_ATTEMPTS && !pinned.data_present() => continue,
            Err(error) => return Err(error),
        }
    }
}

/// An executor on the Spark cluster `source` for a catalog built by `ingest --spark`: the
/// caller may read the tables of `visible`, policed ones only in their policy's form.
/// `token` is the server's, as the application gave it to [`QueryCell::open_with`].
fn open_spark(
    source: &crate::catalog::SparkSource,
    token: Option<&str>,
    full: &Catalog,
    visible: &Catalog,
    bound: Option<&BoundPolicy>,
    limits: &Limits,
) -> Result<Executor> {
    let relation_of = |name: &str| {
        full.tables
            .iter()
            .find(|t| t.name == name)
            .map(|t| t.relation_parts())
            .unwrap_or_else(|| vec![name.to_string()])
    };
    let readable = crate::exec::spark::SparkReadable {
        relations: visible.tables.iter().map(|t| t.relation_parts()).collect(),
        policed: bound
            .map(|b| b.policed.iter().map(|p| (relation_of(&p.name), p.columns.clone(), p.filters.clone())).collect())
            .unwrap_or_default(),
        hidden: bound.map(|b| b.hidden_tables.iter().map(|name| relation_of(name)).collect()).unwrap_or_default(),
    };
    let endpoint = crate::exec::spark::SparkEndpoint { url: source.url.clone(), token: token.map(str::to_string) };
    let backend = crate::exec::spark::SparkBackend::open(&endpoint, limits, readable)?;
    Ok(Executor::on(Box::new(backend), limits))
}

/// DuckDB's message about a statement, in words the caller can act on, and the hint. Two of
/// its messages sent a model the wrong way: a function on a TIMESTAMP WITH TIME ZONE (what
/// `to_timestamp` returns) needs the `icu` extension, which querycell never installs or loads,
/// and DuckDB said so as a failure to install it (a model then tried `INSTALL icu`); an
/// operator no overload takes listed every candidate, a hundred lines of no use.
fn duckdbs_words_for_the_caller(message: &str) -> (String, String) {
    let fix = "fix the statement: the schema lists every table, column and type; values must fit their column's type";
    let cast = "to_timestamp gives a TIMESTAMP WITH TIME ZONE, which querycell cannot compute with: cast it first, CAST(to_timestamp(x) AS TIMESTAMP)";
    if message.contains("Extension Autoloading Error") || message.contains("INSTALL ") {
        let extension = message
            .split_once("extension '")
            .and_then(|(_, rest)| rest.split(|c: char| !c.is_ascii_alphanumeric() && c != '_').next())
            .filter(|name| !name.is_empty())
            .unwrap_or("another");
        let said = format!("it needs DuckDB's {extension} extension, which querycell does not load");
        let hint = if extension == "icu" { cast } else { fix };
        return (said, hint.to_string());
    }
    let said = message.split("Candidate functions:").next().unwrap_or(message).trim_end().to_string();
    let hint = if said.contains("TIME ZONE") { cast } else { fix };
    (said, hint.to_string())
}

/// In SQL mode, a validated statement that DuckDB cannot bind or run (a column of the wrong
/// type, a value that does not convert) is the caller's SQL to fix: a refusal (exit 2), not
/// an internal fault. In plan mode the same failure would be a compiler bug and stays one.
fn sql_error_is_the_callers(error: Error) -> Error {
    match Code::from_text(&error.code) {
        Some(code @ (Code::QueryInvalid | Code::QueryFailed)) => {
            let (message, hint) = duckdbs_words_for_the_caller(&error.message);
            Error::classed(ErrorClass::Refused, code, format!("DuckDB could not answer the statement: {message}"))
                .at("sql")
                .hint(hint)
        }
        // The guest's parser is more lenient than DuckDB's in places: most often a column
        // named like a DuckDB keyword (`at`, `order`) written without quotes.
        Some(Code::StatementUnparsable) => Error::new(Code::SqlSyntax, error.message)
            .at("sql")
            .hint("write the statement in DuckDB's SQL; a name that is an SQL keyword, such as at or order, goes in double quotes: \"at\""),
        _ => error,
    }
}
