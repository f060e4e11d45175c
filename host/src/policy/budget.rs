//! Daily budgets per caller: queries per day and query time per day, kept in a small state
//! file outside the index (the index's bytes never change when queries run); and the
//! deployment's concurrent queries, counted in lock files next to it.
//!
//! The caller is a value of the trusted context (`--context tenant=acme`), named by the
//! policy's `[budget] caller_context`. A request first reserves one query (so concurrent
//! requests cannot all slip under the limit), then adds the time it took. Every change is a
//! read-modify-write under an exclusive `flock` on `STATE.lock`, written to a temporary file
//! (`.STATE.XXXXXXXX.tmp`, synced) and renamed over the state, so a reader never sees half a
//! file: a process killed mid-write leaves the last complete state and a stray temporary
//! file, which the next change removes. The day is UTC; a new day starts every caller at
//! zero.
//!
//! `max_concurrent_queries = N` gives the deployment N slots, `STATE.slot-0.lock` to
//! `STATE.slot-{N-1}.lock`. A request holds one (a non-blocking exclusive `flock`) from
//! before its budget is reserved until its time is added; with all N held, by any process
//! of the deployment (CLI runs, MCP servers, library callers), it is refused as `busy`
//! without being charged. The kernel lets go of a slot when its holder exits, however it
//! exits, so a crashed request never keeps one.

use std::collections::BTreeMap;
use std::ffi::OsString;
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::num::NonZeroU32;
use std::os::unix::fs::OpenOptionsExt;
use std::os::unix::io::AsRawFd;
use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::calendar::Date;
use crate::error::{Code, Error, Result};

/// The policy file's `[budget]` table.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BudgetRules {
    /// The context key whose value identifies the caller, e.g. `tenant`.
    pub caller_context: String,
    /// Requests a caller may make per UTC day.
    pub queries_per_day: Option<u64>,
    /// Milliseconds of request time a caller may use per UTC day.
    pub query_ms_per_day: Option<u64>,
    /// Requests that may run at once in the deployment, every caller's together; more are
    /// refused as `busy`. Counted across processes, in slot lock files next to the state.
    pub max_concurrent_queries: Option<NonZeroU32>,
    /// The state file (JSON), outside the index.
    pub state_file: PathBuf,
}

/// One caller's budget.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Budget {
    rules: BudgetRules,
    caller: String,
}

#[derive(Debug, Default, Serialize, Deserialize)]
struct State {
    day: String,
    callers: BTreeMap<String, Used>,
}

#[derive(Debug, Default, Clone, Copy, Serialize, Deserialize)]
struct Used {
    queries: u64,
    query_ms: u64,
}

/// One of the deployment's query slots, held until dropped (the kernel lets go of the
/// `flock` when the file closes).
#[derive(Debug)]
pub struct QuerySlot {
    _file: File,
}

/// Random characters in a temporary state file's name: `.STATE.` + these + `.tmp`.
const TEMP_RANDOM_CHARS: usize = 8;

impl Budget {
    /// `caller`'s budget under `rules`.
    pub fn new(rules: BudgetRules, caller: String) -> Budget {
        Budget { rules, caller }
    }

    /// One of the deployment's query slots, or `busy` when every one is held; `None` when
    /// the policy sets no `max_concurrent_queries`. Never waits.
    pub fn take_slot(&self) -> Result<Option<QuerySlot>> {
        let Some(slots) = self.rules.max_concurrent_queries else { return Ok(None) };
        let state = &self.rules.state_file;
        for slot in 0..slots.get() {
            let file = open_lock_file(&sibling(state, &format!(".slot-{slot}.lock")), state)?;
            // SAFETY: flock on a descriptor `file` owns and keeps open while the returned
            // slot lives; LOCK_NB makes it return at once instead of waiting.
            if unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) } == 0 {
                return Ok(Some(QuerySlot { _file: file }));
            }
            let error = std::io::Error::last_os_error();
            if error.raw_os_error() != Some(libc::EWOULDBLOCK) {
                return Err(unusable(state, &error.to_string()));
            }
        }
        Err(Error::new(Code::Busy, format!("all {slots} query slots of this deployment are taken by requests running now; this one was not started")).hint(format!(
            "at most {slots} queries run at once here (max_concurrent_queries in the policy's [budget]); try again in a moment"
        )))
    }

    /// Take one query from today's budget, or refuse with `budget_exhausted`.
    pub fn reserve(&self) -> Result<()> {
        self.update(|used, rules, caller, day| {
            let over_queries = rules.queries_per_day.is_some_and(|limit| used.queries >= limit);
            let over_time = rules.query_ms_per_day.is_some_and(|limit| used.query_ms >= limit);
            if over_queries || over_time {
                let what = if over_queries {
                    format!("its {} queries", rules.queries_per_day.unwrap_or_default())
                } else {
                    format!("its {} ms of query time", rules.query_ms_per_day.unwrap_or_default())
                };
                let next = Date::from_days_since_epoch(day.days_since_epoch() + 1);
                return Err(Error::new(Code::BudgetExhausted, format!("caller {caller:?} has used {what} for {day}"))
                    .hint(format!("the budget resets at {next}T00:00:00Z")));
            }
            used.queries += 1;
            Ok(())
        })
    }

    /// Add the time a request took to today's use.
    pub fn spend(&self, elapsed: Duration) -> Result<()> {
        self.update(|used, _, _, _| {
            used.query_ms = used.query_ms.saturating_add(elapsed.as_millis() as u64);
            Ok(())
        })
    }

    /// Today's use so far: `(queries, query_ms)`. Reads the state without changing it.
    pub fn used_today(&self) -> Result<(u64, u64)> {
        let _lock = lock(&self.rules.state_file)?;
        let used = self.read_today()?.callers.get(&self.caller).copied().unwrap_or_default();
        Ok((used.queries, used.query_ms))
    }

    /// The state for today (an older day's counts are dropped). Call with the lock held.
    fn read_today(&self) -> Result<State> {
        let path = &self.rules.state_file;
        let day = Date::today_utc().to_string();
        let state: State = match std::fs::read(path) {
            Ok(bytes) => serde_json::from_slice(&bytes).map_err(|e| unusable(path, &e.to_string()))?,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => State::default(),
            Err(e) => return Err(unusable(path, &e.to_string())),
        };
        Ok(if state.day == day { state } else { State { day, callers: BTreeMap::new() } })
    }

    fn update(&self, change: impl FnOnce(&mut Used, &BudgetRules, &str, Date) -> Result<()>) -> Result<()> {
        let path = &self.rules.state_file;
        let _lock = lock(path)?;
        remove_leftovers(path);
        let day = Date::today_utc();
        let mut state = self.read_today()?;
        let mut used = state.callers.get(&self.caller).copied().unwrap_or_default();
        change(&mut used, &self.rules, &self.caller, day)?;
        state.callers.insert(self.caller.clone(), used);
        write_atomically(path, &serde_json::to_vec_pretty(&state).expect("budget state serialises"))
    }
}

/// An exclusive lock on `STATE.lock`, held while the guard lives.
fn lock(state: &Path) -> Result<File> {
    let file = open_lock_file(&sibling(state, ".lock"), state)?;
    // SAFETY: flock on a descriptor this function owns; it blocks until the lock is ours and
    // the lock ends when the file is closed.
    if unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_EX) } != 0 {
        return Err(unusable(state, &std::io::Error::last_os_error().to_string()));
    }
    Ok(file)
}

/// Open (or create, owner-only) a lock file of `state`. A link planted in its place is not
/// followed, and the descriptor does not leak into query workers.
fn open_lock_file(path: &Path, state: &Path) -> Result<File> {
    OpenOptions::new()
        .create(true)
        .write(true)
        .truncate(false)
        .mode(0o600)
        .custom_flags(libc::O_NOFOLLOW | libc::O_CLOEXEC)
        .open(path)
        .map_err(|e| unusable(state, &e.to_string()))
}

/// `STATE` with `suffix` appended to its name, in the same folder.
fn sibling(state: &Path, suffix: &str) -> PathBuf {
    let mut name = state.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}

fn folder_of(path: &Path) -> &Path {
    path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."))
}

/// `.STATE.`: how this state file's temporary files begin.
fn temp_prefix(path: &Path) -> OsString {
    let mut prefix = OsString::from(".");
    prefix.push(path.file_name().unwrap_or_default());
    prefix.push(".");
    prefix
}

/// Write the new state beside the old, sync it, rename it over the old and sync the folder:
/// a crash at any point leaves either the old state or the new one, whole.
fn write_atomically(path: &Path, bytes: &[u8]) -> Result<()> {
    let folder = folder_of(path);
    let mut temp = tempfile::Builder::new()
        .prefix(&temp_prefix(path))
        .rand_bytes(TEMP_RANDOM_CHARS)
        .suffix(".tmp")
        .tempfile_in(folder)
        .map_err(|e| unusable(path, &e.to_string()))?;
    temp.write_all(bytes).and_then(|_| temp.as_file().sync_all()).map_err(|e| unusable(path, &e.to_string()))?;
    temp.persist(path).map_err(|e| unusable(path, &e.error.to_string()))?;
    // The rename is in the folder's entries: without this, a power cut could undo it. A
    // file system that cannot sync folders (EINVAL) has no such step to take.
    match File::open(folder).and_then(|folder| folder.sync_all()) {
        Err(e) if e.raw_os_error() != Some(libc::EINVAL) => Err(unusable(path, &e.to_string())),
        _ => Ok(()),
    }
}

/// Remove the temporary files a writer killed mid-write left. Call with the lock held: every
/// writer holds it while its temporary file exists, so one seen now is a leftover. Only
/// names of exactly this state's pattern are touched (`.budget.json.x.AbCd1234.tmp`, another
/// state's, is not), and a leftover that cannot be removed harms nothing but the folder's
/// tidiness, so failures are ignored.
fn remove_leftovers(path: &Path) {
    let prefix = temp_prefix(path);
    let Ok(entries) = std::fs::read_dir(folder_of(path)) else { return };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(random) =
            name.as_encoded_bytes().strip_prefix(prefix.as_encoded_bytes()).and_then(|rest| rest.strip_suffix(b".tmp"))
        else {
            continue;
        };
        if random.len() == TEMP_RANDOM_CHARS && random.iter().all(u8::is_ascii_alphanumeric) {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

fn unusable(path: &Path, why: &str) -> Error {
    Error::new(Code::BudgetStateUnusable, format!("the budget state {} cannot be used: {why}", path.display()))
        .hint("no query runs while its budget cannot be counted; check the state file's folder and permissions")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn budget(dir: &Path, caller: &str, queries: u64) -> Budget {
        Budget::new(
            BudgetRules {
                caller_context: "tenant".into(),
                queries_per_day: Some(queries),
                query_ms_per_day: None,
                max_concurrent_queries: None,
                state_file: dir.join("budget.json"),
            },
            caller.into(),
        )
    }

    #[test]
    fn a_caller_past_its_queries_is_refused_until_the_next_day_and_others_are_not() {
        let dir = tempfile::tempdir().unwrap();
        let acme = budget(dir.path(), "acme", 2);
        acme.reserve().unwrap();
        acme.reserve().unwrap();
        let error = acme.reserve().unwrap_err();
        assert_eq!(error.code, "budget_exhausted");
        let tomorrow = Date::from_days_since_epoch(Date::today_utc().days_since_epoch() + 1);
        assert_eq!(error.hint.as_deref(), Some(format!("the budget resets at {tomorrow}T00:00:00Z").as_str()));
        budget(dir.path(), "globex", 2).reserve().expect("another caller has its own budget");
        // Yesterday's use does not count today.
        let state = std::fs::read_to_string(dir.path().join("budget.json"))
            .unwrap()
            .replace(&Date::today_utc().to_string(), "2000-01-01");
        std::fs::write(dir.path().join("budget.json"), state).unwrap();
        acme.reserve().expect("a new day");
    }

    #[test]
    fn query_time_counts_too() {
        let dir = tempfile::tempdir().unwrap();
        let rules = BudgetRules {
            caller_context: "tenant".into(),
            queries_per_day: None,
            query_ms_per_day: Some(100),
            max_concurrent_queries: None,
            state_file: dir.path().join("b.json"),
        };
        let acme = Budget::new(rules, "acme".into());
        acme.reserve().unwrap();
        acme.spend(Duration::from_millis(150)).unwrap();
        assert_eq!(acme.used_today().unwrap(), (1, 150));
        assert_eq!(acme.reserve().unwrap_err().code, "budget_exhausted");
    }

    #[test]
    fn slots_are_held_until_dropped_and_all_held_is_busy() {
        let dir = tempfile::tempdir().unwrap();
        let rules = BudgetRules {
            caller_context: "tenant".into(),
            queries_per_day: None,
            query_ms_per_day: None,
            max_concurrent_queries: NonZeroU32::new(2),
            state_file: dir.path().join("budget.json"),
        };
        let (acme, globex) = (Budget::new(rules.clone(), "acme".into()), Budget::new(rules, "globex".into()));
        let first = acme.take_slot().unwrap().expect("a slot");
        let _second = globex.take_slot().unwrap().expect("the other slot: slots are the deployment's, not a caller's");
        let error = acme.take_slot().unwrap_err();
        assert_eq!((error.code.as_str(), error.class), ("busy", crate::error::ErrorClass::Limit), "{error}");
        assert!(error.hint.as_deref().unwrap_or_default().contains("max_concurrent_queries"), "{error}");
        drop(first);
        assert!(acme.take_slot().unwrap().is_some(), "a dropped slot is free again");
        assert!(dir.path().join("budget.json.slot-1.lock").is_file());
        assert!(budget(dir.path(), "acme", 5).take_slot().unwrap().is_none(), "no limit, no slot");
    }

    #[test]
    fn a_write_killed_midway_leaves_the_last_whole_state_and_its_leftover_is_removed() {
        let dir = tempfile::tempdir().unwrap();
        let acme = budget(dir.path(), "acme", 5);
        acme.reserve().unwrap();
        let whole = std::fs::read_to_string(dir.path().join("budget.json")).unwrap();
        // What a writer killed between creating its temporary file and renaming it leaves.
        let leftover = dir.path().join(".budget.json.Ab12Cd34.tmp");
        std::fs::write(&leftover, &whole[..whole.len() / 2]).unwrap();
        // Names that are not this state's temporary files stay.
        let others =
            [".budget.json.x.Ab12Cd34.tmp", ".budget.json.Ab12.tmp", ".tmpAb12Cd"].map(|name| dir.path().join(name));
        for other in &others {
            std::fs::write(other, "{").unwrap();
        }
        assert_eq!(acme.used_today().unwrap(), (1, 0));
        acme.reserve().unwrap();
        assert_eq!(acme.used_today().unwrap(), (2, 0));
        assert!(!leftover.exists(), "the next change removes the leftover");
        assert!(others.iter().all(|other| other.exists()));
        serde_json::from_slice::<serde_json::Value>(&std::fs::read(dir.path().join("budget.json")).unwrap())
            .expect("the state is whole JSON");
    }

    #[test]
    fn a_corrupt_state_file_stops_queries_instead_of_resetting_them() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("budget.json"), "{ not json").unwrap();
        assert_eq!(budget(dir.path(), "acme", 5).reserve().unwrap_err().code, "budget_state_unusable");
    }
}
