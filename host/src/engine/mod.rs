//! The library entry point: an opened index with its sandboxed compiler and read-only
//! executor. `QueryCell::query_plan` and `QueryCell::query_sql` are the whole path: request
//! bytes → guest → checks → DuckDB → receipt.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

mod open;
mod opening;
mod receipt;
mod sql_errors;

pub use open::QueryIsolation;
use opening::Compiler;
pub use opening::Opening;

use crate::answer::trace::{Trace, TraceRecord};
use crate::answer::Answer;
use crate::calendar::Date;
use crate::catalog::Catalog;
use crate::error::{Code, Error, ErrorClass, Result};
use crate::exec::Executor;
use crate::limits::Limits;
use crate::policy::{BoundPolicy, Policy};
use crate::sandbox::cache::{CacheKey, CacheOutcome, CacheStats, CompileCache, RequestKind, ViewFingerprint};
use crate::sandbox::{wit, Sandbox};
use open::{open_version, Version};
use receipt::{Answering, Asked};
use sql_errors::sql_error_is_the_callers;

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
    /// Open `index` with the bundled compiler component under `limits`, queries in this
    /// process. Every other choice goes through [`QueryCell::builder`].
    pub fn open(index: &Path, limits: Limits) -> Result<Self> {
        Self::builder(index).limits(limits).open()
    }

    /// The choices to open `index` with ([`Opening`]): the compiler component, where
    /// queries run, a Spark token, a policy; then [`Opening::open`].
    pub fn builder(index: &Path) -> Opening<'_> {
        Opening::new(index)
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

    /// The audit trace this cell records in, for a server that opens more cells (one per
    /// policy context) and keeps them all in the same file.
    pub fn trace(&self) -> Option<&Arc<Trace>> {
        self.trace.as_ref()
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
                self.answering().answer(&compiled, None, cache, started, &asked)
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
        self.answering().answer(&compiled, Some(&reading), cache, started, asked).map_err(sql_error_is_the_callers)
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

    /// What the receipt of an answer needs of this index.
    fn answering(&self) -> Answering<'_> {
        Answering {
            executor: &self.executor,
            catalog: &self.catalog,
            answer_limits: &self.answer_limits,
            bound: self.bound.as_ref(),
            policy_context: self.policy_context(),
            compiler: self.sandbox.compiler_id(),
        }
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
}

impl Opening<'_> {
    /// Open the index's current version with these choices. With a compiler being loaded,
    /// the index's query workers start, and open the data, while the component loads.
    pub fn open(self) -> Result<QueryCell> {
        let Opening { index, compiler, isolation, spark_token, policy } = self;
        let open = |limits: &Limits| open_version(index, limits, &isolation, policy.as_ref(), spark_token.as_deref());
        let (sandbox, version) = match compiler {
            Compiler::Bundled(limits) => {
                let sandbox = Sandbox::bundled(limits.clone())?;
                let version = open(&limits)?;
                (sandbox, version)
            }
            Compiler::Loaded(sandbox) => {
                let version = open(sandbox.limits())?;
                (sandbox, version)
            }
            Compiler::Loading(limits, load) => {
                let (sandbox, version) = std::thread::scope(|scope| {
                    let loading = scope.spawn(|| load(limits.clone()));
                    let version = open(&limits);
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
                (sandbox, version)
            }
        };
        let mut cell = QueryCell::opened(index, sandbox, isolation, spark_token, version);
        cell.policy = policy;
        Ok(cell)
    }
}
