//! The host's side of the query workers: a small pool of child processes, each holding one
//! read-only connection, leased to one answer at a time.
//!
//! The host enforces the worker's bounds from outside, where DuckDB cannot interfere:
//! while a statement runs it watches the worker's resident memory and the answer's
//! deadline, and kills the worker (SIGKILL) when it passes the memory ceiling or has not
//! answered by the deadline plus [`WorkerPolicy::kill_grace`] (DuckDB's own interrupt, sent
//! inside the worker at the deadline, comes first). A killed or dead worker is reaped and
//! never reused; the next answer starts a new one.

use std::fs::File;
use std::io::{self, Write};
use std::os::fd::{AsRawFd, OwnedFd};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use super::fork::ForkedWorker;
use super::process::WorkerProcess;
use super::protocol::{decode, encode, monotonic_micros, Reply, Request, Setup, DATA_FD};
use super::replies::{Next, Replies};
use super::spill::{SpillFolder, SpillRoot};
use crate::duck::Rows;
use crate::error::{Code, Error, Result};
use crate::limits::Limits;
use crate::statement::{disk_error, memory_error, timeout_error, CallerReading, Param, TreeCheck};

/// How query workers are run: chosen by the embedder (the CLI takes the defaults).
#[derive(Debug, Clone, PartialEq)]
pub struct WorkerPolicy {
    /// The executable started as `<program> worker`: querycell's own binary, or an
    /// embedder's binary that calls [`super::serve`] for that argument.
    pub program: PathBuf,
    /// Workers alive at once, so the most answers that run at the same time.
    pub max_workers: usize,
    /// How long an answer that finds every worker taken waits for one to come free before
    /// it is refused with `busy`. Zero refuses at once.
    pub queue_wait: Duration,
    /// Workers started when the pool opens, so a first answer does not wait for one to
    /// start (a worker opens the database while the compiler runs).
    pub prestart: usize,
    /// How long past the answer's deadline a worker may take to stop after DuckDB's
    /// interrupt before it is killed.
    pub kill_grace: Duration,
    /// Resident memory a worker may use beyond `Limits::query_memory_bytes` (DuckDB's own
    /// limit) before it is killed; the same headroom is its `RLIMIT_DATA` above that limit.
    pub memory_headroom_bytes: u64,
    /// A worker forked as this process started ([`ForkedWorker::fork_at_start`]), to be
    /// the first worker a pool with this policy starts, instead of executing `program`:
    /// it saves that worker its own process start, in a process that waits for its first
    /// answer. Empty by default; every other worker is executed.
    pub forked_at_start: ForkedAtStart,
    /// The folder the workers' spill folders are made in when `Limits::query_disk_bytes`
    /// allows spilling ([`SpillRoot`]); `None`: [`SpillRoot::default_path`].
    pub spill_root: Option<PathBuf>,
    /// Bytes a worker's spill folder may hold beyond `Limits::query_disk_bytes` (DuckDB's
    /// own budget, which counts the blocks it writes, not the files' slack) before the host
    /// kills it; the answer is `query_disk`.
    pub disk_headroom_bytes: u64,
}

/// A worker forked as the process started, held until a pool takes it (once).
#[derive(Debug, Clone, Default)]
pub struct ForkedAtStart(Arc<Mutex<Option<ForkedWorker>>>);

impl ForkedAtStart {
    /// Hold `forked` (none: every worker is executed) for the first pool to take.
    pub fn new(forked: Option<ForkedWorker>) -> Self {
        ForkedAtStart(Arc::new(Mutex::new(forked)))
    }

    fn take(&self) -> Option<ForkedWorker> {
        self.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).take()
    }

    fn is_empty(&self) -> bool {
        self.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).is_none()
    }
}

/// Policies are equal when they hold the same forked worker, or none.
impl PartialEq for ForkedAtStart {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0) || (self.is_empty() && other.is_empty())
    }
}

impl WorkerPolicy {
    /// Run `program` as the worker, with the default bounds.
    pub fn new(program: impl Into<PathBuf>) -> Self {
        WorkerPolicy {
            program: program.into(),
            max_workers: 4,
            queue_wait: Duration::from_secs(1),
            prestart: 1,
            kill_grace: Duration::from_millis(500),
            memory_headroom_bytes: 256 << 20,
            forked_at_start: ForkedAtStart::default(),
            spill_root: None,
            disk_headroom_bytes: 64 << 20,
        }
    }

    /// Run this very executable as the worker (querycell's own binary), started through
    /// `/proc/self/exe` and never by its path: the path may not be reachable by the user
    /// running it (a binary reached through a folder only its builder may enter), or may
    /// since name another program (a binary replaced in place by an upgrade would start
    /// workers of another version).
    pub fn current_exe() -> Result<Self> {
        std::fs::metadata(SELF_EXE)
            .map_err(|e| Error::io("finding querycell's own executable for its query workers", &e))?;
        Ok(Self::new(SELF_EXE))
    }

    fn memory_ceiling(&self, limits: &Limits) -> u64 {
        limits.query_memory_bytes.saturating_add(self.memory_headroom_bytes)
    }

    fn disk_ceiling(&self, limits: &Limits) -> u64 {
        limits.query_disk_bytes.saturating_add(self.disk_headroom_bytes)
    }
}

/// The running executable itself, whatever has become of the path it was started from: the
/// kernel's link to the very file this process runs, which exec follows without looking
/// at any folder on the way.
const SELF_EXE: &str = "/proc/self/exe";

/// How the most recently started worker came up: for the CLI's phase split (`cost.process`
/// in `--format json`) and the bench.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct WorkerStartup {
    /// Whether the worker was forked as this process started
    /// ([`WorkerPolicy::forked_at_start`]) rather than executed.
    pub forked: bool,
    /// Starting it: handing the forked worker its data file, or fork and exec until the
    /// new program runs.
    pub spawn: Duration,
    /// From the start of the spawn until the worker said it was ready: exec, the worker's
    /// own startup, and the steps below.
    pub ready: Duration,
    /// How long the first answer given to the worker waited for it to be ready; zero when
    /// it was ready before the answer needed it.
    pub waited: Duration,
    /// Inside the worker: reading its setup.
    pub setup: Duration,
    /// Inside the worker: applying the rlimits and the Landlock ruleset.
    pub confine: Duration,
    /// Inside the worker: opening the data file read-only with the locked settings, and the
    /// parse-tree check.
    pub open: Duration,
}

/// How often a waiting host looks at the worker's memory and the clock.
const WATCH_EVERY: Duration = Duration::from_millis(10);

/// Query workers for one index version.
pub struct WorkerPool {
    /// The data file, held open for the pool's life: every worker, including one that
    /// replaces a killed worker, opens this very version.
    data: File,
    /// What every worker is started with, but its spill folder (boxed: the pool is held
    /// by value beside the much smaller in-process connection).
    setup: Box<Setup>,
    /// Where the workers' spill folders are made; `None` when the limits allow no spill.
    spill: Option<SpillRoot>,
    limits: Limits,
    policy: WorkerPolicy,
    state: Mutex<PoolState>,
    /// Signalled whenever a lease ends, so a waiting answer looks again.
    freed: Condvar,
}

#[derive(Default)]
struct PoolState {
    idle: Vec<Worker>,
    /// Workers that exist: idle, leased, or being started.
    live: usize,
    /// The process ids of the started workers that exist, idle or leased.
    pids: Vec<u32>,
    /// What the last worker to start said holds in it.
    confinement: Vec<String>,
    /// How the last worker to become ready came up.
    startup: Option<WorkerStartup>,
}

impl WorkerPool {
    /// A pool over `data` (the index's data file, opened read-only by the caller).
    pub fn start(
        data: File,
        limits: &Limits,
        readable: crate::statement::Readable,
        policy: &WorkerPolicy,
    ) -> Result<Self> {
        if policy.max_workers == 0 {
            return Err(Error::new(Code::InvalidPolicy, "a worker pool needs at least one worker").at("max_workers"));
        }
        let spill = match limits.query_disk_bytes {
            0 => None,
            _ => {
                let root = policy.spill_root.clone().unwrap_or_else(SpillRoot::default_path);
                Some(SpillRoot::prepare(&root).map_err(|e| {
                    Error::new(Code::WorkerSetup, format!("the query workers' spill folder cannot be used: {e}"))
                        .at("spill_dir")
                        .hint("name a private folder of this user's with spill_dir in the configuration file, or set query_disk_mb = 0 to never spill")
                })?)
            }
        };
        let setup = Setup {
            limits: limits.clone(),
            readable,
            memory_ceiling_bytes: policy.memory_ceiling(limits),
            spill_folder: None,
        };
        let pool = WorkerPool {
            data,
            setup: Box::new(setup),
            spill,
            limits: limits.clone(),
            policy: policy.clone(),
            state: Mutex::new(PoolState::default()),
            freed: Condvar::new(),
        };
        let mut started = Vec::new();
        for _ in 0..policy.prestart.min(policy.max_workers) {
            started.push(pool.spawn(policy.forked_at_start.take())?);
        }
        let mut state = pool.lock();
        state.live = started.len();
        state.pids = started.iter().map(|w| w.child.id()).collect();
        state.idle = started;
        drop(state);
        Ok(pool)
    }

    /// A worker for one answer: an idle one, or a new one while fewer than
    /// `max_workers` exist; else the first to come free within `queue_wait`; else `busy`.
    pub fn lease(&self) -> Result<Lease<'_>> {
        let give_up = Instant::now() + self.policy.queue_wait;
        let mut state = self.lock();
        loop {
            while let Some(mut worker) = state.idle.pop() {
                if worker.has_exited() {
                    // It died while idle (killed from outside): forget it and look again.
                    state.live -= 1;
                    state.pids.retain(|&pid| pid != worker.child.id());
                    continue;
                }
                return Ok(Lease { pool: self, worker: Some(worker) });
            }
            if state.live < self.policy.max_workers {
                break;
            }
            let now = Instant::now();
            if now >= give_up {
                return Err(Error::new(
                    Code::Busy,
                    format!(
                        "all {} query workers were answering other questions for {} ms",
                        self.policy.max_workers,
                        self.policy.queue_wait.as_millis()
                    ),
                )
                .hint("try again in a moment"));
            }
            state = self.freed.wait_timeout(state, give_up - now).unwrap_or_else(|poisoned| poisoned.into_inner()).0;
        }
        state.live += 1;
        drop(state);
        match self.spawn(None) {
            Ok(worker) => {
                self.lock().pids.push(worker.child.id());
                Ok(Lease { pool: self, worker: Some(worker) })
            }
            Err(error) => {
                self.lock().live -= 1;
                self.freed.notify_one();
                Err(error)
            }
        }
    }

    /// Kill the idle workers without waiting for them to be gone, in a process about to
    /// exit. The kernel frees a killed worker's memory before the process can be reaped,
    /// which for DuckDB's takes milliseconds; the exit hands the killed workers to init,
    /// which reaps them. A worker leased to an answer is left to its lease.
    pub fn kill_idle_before_exit(&self) {
        let mut state = self.lock();
        let mut idle = std::mem::take(&mut state.idle);
        state.live -= idle.len();
        state.pids.retain(|pid| !idle.iter().any(|worker| worker.child.id() == *pid));
        drop(state);
        for worker in &mut idle {
            worker.reap = false;
        }
        // Killed, unreaped.
        drop(idle);
    }

    /// The process ids of the workers alive now, idle or answering.
    pub fn pids(&self) -> Vec<u32> {
        self.lock().pids.clone()
    }

    /// The restrictions the most recently started worker reported holding (empty until
    /// one has answered), e.g. `landlock:fully_enforced`.
    pub fn confinement(&self) -> Vec<String> {
        self.lock().confinement.clone()
    }

    /// How the most recently ready worker came up (`None` until one has answered).
    pub fn startup(&self) -> Option<WorkerStartup> {
        self.lock().startup
    }

    fn lock(&self) -> MutexGuard<'_, PoolState> {
        self.state.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// A new worker, with a spill folder of its own when the limits allow spilling:
    /// `forked` when given one, else executed.
    fn spawn(&self, forked: Option<ForkedWorker>) -> Result<Worker> {
        let folder =
            self.spill.as_ref().map(SpillRoot::make_folder).transpose().map_err(|e| {
                Error::new(Code::WorkerSetup, format!("a query worker's spill folder cannot be made: {e}"))
            })?;
        let setup = Setup { spill_folder: folder.as_ref().map(|f| f.path().to_path_buf()), ..(*self.setup).clone() };
        let setup = encode(&setup)
            .map_err(|e| Error::new(Code::WorkerSetup, format!("the worker setup cannot be encoded: {e}")))?;
        Worker::spawn(&self.policy.program, &self.data, &setup, forked, folder).map_err(|e| {
            Error::new(
                Code::WorkerUnavailable,
                format!("a query worker could not be started from {}: {e}", self.policy.program.display()),
            )
        })
    }
}

/// One worker leased to one answer; back to the pool when dropped, unless it was lost.
pub struct Lease<'p> {
    pool: &'p WorkerPool,
    /// `None` once the worker is gone (killed, or dead).
    worker: Option<Worker>,
}

impl Lease<'_> {
    /// Run one statement in the worker (see [`crate::exec::runner::StatementRunner::execute`]),
    /// holding it to `deadline` and to the memory ceiling from outside.
    pub fn execute(
        &mut self,
        sql: &str,
        params: &[Param],
        reading: Option<&CallerReading>,
        deadline: Instant,
        tree_check: TreeCheck,
        max_rows: usize,
    ) -> Result<Rows> {
        let Some(worker) = self.worker.as_mut() else {
            return Err(Error::new(Code::QueryWorkerFailed, "the query worker of this answer is gone"));
        };
        let request = Request {
            sql: sql.to_string(),
            params: params.to_vec(),
            timeout_micros: deadline.saturating_duration_since(Instant::now()).as_micros() as u64,
            tree_check,
            max_rows: max_rows as u64,
            reading: reading.cloned(),
        };
        let frame = encode(&request).map_err(|e| {
            Error::new(Code::GuestOutputTooLarge, format!("the statement cannot be sent to a query worker: {e}"))
        })?;
        let kill_at = deadline + self.pool.policy.kill_grace;
        let ceiling = self.pool.policy.memory_ceiling(&self.pool.limits);
        if !worker.ready {
            let waiting = Instant::now();
            match self.await_reply(kill_at, ceiling)? {
                (Reply::Ready { confinement, startup: steps, ready_clock_micros }, read_at) => {
                    // When the worker became ready, by its clock reading: the frame may
                    // have waited in the pipe since (a prestarted worker's, until the first
                    // answer came to read it). Without one, when it was read.
                    let (clock_now, now) = (monotonic_micros(), Instant::now());
                    let ago = clock_now.checked_sub(ready_clock_micros).filter(|_| ready_clock_micros > 0);
                    let ready_at = ago
                        .and_then(|ago| now.checked_sub(Duration::from_micros(ago)))
                        .map_or(read_at, |at| at.min(read_at));
                    let worker = self.worker.as_mut().expect("present until lost");
                    worker.ready = true;
                    let micros = Duration::from_micros;
                    let startup = WorkerStartup {
                        forked: matches!(worker.child, WorkerProcess::Forked { .. }),
                        spawn: worker.spawn_took,
                        ready: ready_at.saturating_duration_since(worker.spawned_at),
                        waited: ready_at.saturating_duration_since(waiting),
                        setup: micros(steps.setup_micros),
                        confine: micros(steps.confine_micros),
                        open: micros(steps.open_micros),
                    };
                    let mut state = self.pool.lock();
                    state.confinement = confinement;
                    state.startup = Some(startup);
                }
                (Reply::Failed { class, error }, _) => {
                    self.lose();
                    return Err(Error { class, ..error });
                }
                (Reply::Rows(_), _) => return Err(self.protocol_broken("rows before it was ready")),
            }
        }
        let worker = self.worker.as_mut().expect("present until lost");
        if let Err(e) = worker.requests.write_all(&frame).and_then(|()| worker.requests.flush()) {
            return Err(self.lost(format!("it stopped taking requests ({e})")));
        }
        match self.await_reply(kill_at, ceiling)?.0 {
            // The row cap is the host's: a worker that sends more than it was asked for is
            // not believed about anything.
            Reply::Rows(rows) if rows.rows.len() > max_rows => {
                Err(self.protocol_broken(&format!("{} rows for a cap of {max_rows}", rows.rows.len())))
            }
            Reply::Rows(rows) => Ok(rows),
            Reply::Failed { class, error } => Err(Error { class, ..error }),
            Reply::Ready { .. } => Err(self.protocol_broken("a second ready")),
        }
    }

    /// Wait for the worker's next reply, and when it arrived; kill the worker when it
    /// passes `kill_at` or `ceiling`.
    fn await_reply(&mut self, kill_at: Instant, ceiling: u64) -> Result<(Reply, Instant)> {
        loop {
            let worker = self.worker.as_mut().expect("present until lost");
            match worker.replies.next(WATCH_EVERY) {
                Ok(Next::Frame(bytes)) => {
                    let arrived = Instant::now();
                    return decode(&bytes)
                        .map(|reply| (reply, arrived))
                        .map_err(|e| self.protocol_broken(&e.to_string()));
                }
                Err(e) => return Err(self.protocol_broken(&e.to_string())),
                Ok(Next::Closed) => {
                    let status = self.worker.as_mut().and_then(|w| w.child.wait().ok());
                    let how = match status {
                        Some(status) => match status.signal() {
                            Some(signal) => format!("it was ended by signal {signal}"),
                            None => format!("it exited with status {}", status.code().unwrap_or(-1)),
                        },
                        None => "it ended".to_string(),
                    };
                    return Err(self.lost(how));
                }
                Ok(Next::Nothing) => {
                    if Instant::now() >= kill_at {
                        self.lose();
                        return Err(timeout_error(&self.pool.limits));
                    }
                    let disk_ceiling = self.pool.policy.disk_ceiling(&self.pool.limits);
                    if let Some(spilled) = worker.spilled_bytes().filter(|&bytes| bytes > disk_ceiling) {
                        self.lose();
                        return Err(disk_error(
                            &self.pool.limits,
                            &format!(
                                "its query worker's temporary files took {} MiB, over the {} MiB ceiling, and it was stopped",
                                spilled >> 20,
                                disk_ceiling >> 20
                            ),
                        ));
                    }
                    if let Some(resident) = worker.resident_bytes().filter(|&bytes| bytes > ceiling) {
                        self.lose();
                        return Err(memory_error(
                            &self.pool.limits,
                            &format!(
                                "its query worker held {} MiB, over the {} MiB ceiling, and was stopped",
                                resident >> 20,
                                ceiling >> 20
                            ),
                        ));
                    }
                }
            }
        }
    }

    /// Kill and reap the worker; it will not be reused.
    fn lose(&mut self) {
        if let Some(worker) = self.worker.take() {
            let pid = worker.child.id();
            // Dropping a worker kills and reaps it.
            drop(worker);
            self.pool.lock().pids.retain(|&p| p != pid);
        }
    }

    /// The worker died on its own: the typed error for the caller.
    fn lost(&mut self, how: String) -> Error {
        self.lose();
        Error::new(Code::QueryWorkerFailed, format!("the query worker ended before it answered: {how}"))
            .hint("nothing was returned; ask again (a new worker will answer), and report it if it repeats")
    }

    fn protocol_broken(&mut self, what: &str) -> Error {
        self.lose();
        Error::new(Code::QueryWorkerFailed, format!("the query worker broke the protocol: {what}"))
    }
}

impl Drop for Lease<'_> {
    fn drop(&mut self) {
        let mut state = self.pool.lock();
        match self.worker.take() {
            Some(worker) => state.idle.push(worker),
            None => state.live -= 1,
        }
        drop(state);
        self.pool.freed.notify_one();
    }
}

/// A running worker process, as the host holds it.
struct Worker {
    child: WorkerProcess,
    /// Its stdin.
    requests: File,
    /// Its stdout, read by whoever waits for a reply.
    replies: Replies,
    /// Whether its `Ready` was read.
    ready: bool,
    /// When the spawn began, and how long starting the process took.
    spawned_at: Instant,
    spawn_took: Duration,
    /// Whether dropping it waits for the killed process to be gone; not when this process
    /// is about to exit ([`WorkerPool::kill_idle_before_exit`]).
    reap: bool,
    /// Its spill folder, removed after the process is killed (a field drops after
    /// [`Worker`]'s own `drop` has run).
    spill: Option<SpillFolder>,
}

impl Worker {
    /// Start a worker with the data file on [`DATA_FD`] and send it `setup`: `forked`, when
    /// given one that is still there to take it, else `<program> worker`.
    fn spawn(
        program: &std::path::Path,
        data: &File,
        setup: &[u8],
        forked: Option<ForkedWorker>,
        spill: Option<SpillFolder>,
    ) -> io::Result<Worker> {
        let spawned_at = Instant::now();
        let taken = forked.and_then(|forked| forked.hand_over(data).ok());
        let (mut child, requests, stdout) = match taken {
            Some(taken) => taken,
            None => execute(program, data)?,
        };
        let spawn_took = spawned_at.elapsed();
        let replies = match Replies::new(stdout) {
            Ok(replies) => replies,
            Err(e) => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(e);
            }
        };
        let mut worker = Worker { child, requests, replies, ready: false, spawned_at, spawn_took, reap: true, spill };
        // On failure the worker is dropped: killed and reaped.
        worker.requests.write_all(setup)?;
        worker.requests.flush()?;
        Ok(worker)
    }

    fn has_exited(&mut self) -> bool {
        !matches!(self.child.try_wait(), Ok(None))
    }

    /// Bytes its spill folder holds on disk; `None` without one.
    fn spilled_bytes(&self) -> Option<u64> {
        self.spill.as_ref().map(SpillFolder::bytes_on_disk)
    }

    /// The worker's resident memory (VmRSS), if it can be read.
    fn resident_bytes(&self) -> Option<u64> {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).ok()?;
        let line = status.lines().find(|line| line.starts_with("VmRSS:"))?;
        let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
        Some(kib * 1024)
    }
}

/// `<program> worker` with the data file on [`DATA_FD`]: the process, its stdin and its
/// stdout.
fn execute(program: &std::path::Path, data: &File) -> io::Result<(WorkerProcess, File, File)> {
    let data_fd = data.as_raw_fd();
    let mut command = Command::new(program);
    command.arg("worker").stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::inherit()).env_clear();
    // SAFETY: the closure runs in the child between fork and exec, and calls only
    // dup2 and fcntl, which are async-signal-safe; it allocates nothing and takes no
    // locks. `data_fd` stays open in the parent (the pool holds the file) until the
    // spawn has returned.
    unsafe {
        command.pre_exec(move || {
            if data_fd == DATA_FD {
                // Already in place: only let it survive exec.
                if libc::fcntl(DATA_FD, libc::F_SETFD, 0) == -1 {
                    return Err(io::Error::last_os_error());
                }
            } else if libc::dup2(data_fd, DATA_FD) == -1 {
                return Err(io::Error::last_os_error());
            }
            Ok(())
        });
    }
    let mut child = command.spawn()?;
    let requests = File::from(OwnedFd::from(child.stdin.take().expect("stdin is piped")));
    let replies = File::from(OwnedFd::from(child.stdout.take().expect("stdout is piped")));
    Ok((WorkerProcess::Executed(child), requests, replies))
}

impl Drop for Worker {
    /// Kill and reap: a worker never outlives its pool, and none is left a zombie.
    fn drop(&mut self) {
        let _ = self.child.kill();
        if !self.reap {
            return;
        }
        let _ = self.child.wait();
    }
}
