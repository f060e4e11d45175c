//! The audit trace: one JSON line per request answered or refused, opt-in (`--trace FILE`,
//! or `trace` in the configuration file).
//!
//! A line says what ran, not what was asked: the request's SHA-256 and size (never its
//! text, which may hold customer names), the executed SQL, how many parameters were bound
//! (never their values), rows, whether the answer was cut, the error code, the time taken
//! and the data snapshot. The file is bounded: past `max_bytes` it is renamed to `FILE.1`
//! (`FILE.1` to `FILE.2`, …, the oldest beyond `keep` removed) and a new one started.
//!
//! Over authenticated HTTP (`crate::serve::auth`) a line also names who asked: the token's
//! subject and client id ([`Caller`]), set for the request's thread by [`as_caller`]; never
//! the token, never a context value a row filter compares with.
//!
//! An audit trail that silently stops is worse than none, so the trace fails closed: a
//! request whose line cannot be written gets `trace_unwritable` instead of its answer, and a
//! trace file that cannot be opened (or is a symbolic link) stops the server at start.

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::os::unix::fs::OpenOptionsExt;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, SystemTime};

use serde_json::json;
use sha2::{Digest, Sha256};

use crate::calendar::Date;
use crate::error::{Code, Error, Result};

/// Where the trace goes and how large it may grow.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TracePolicy {
    /// The trace file; lines are appended.
    pub path: PathBuf,
    /// Bytes one file may hold before it is rotated.
    pub max_bytes: u64,
    /// Rotated files kept beside it (`FILE.1` … `FILE.keep`).
    pub keep: u32,
}

impl TracePolicy {
    /// Rotation size when the deployment does not choose one: 16 MiB.
    pub const DEFAULT_MAX_BYTES: u64 = 16 << 20;
    /// Rotated files kept when the deployment does not choose: 3.
    pub const DEFAULT_KEEP: u32 = 3;

    /// A trace at `path` with the default size and rotation.
    pub fn new(path: impl Into<PathBuf>) -> TracePolicy {
        TracePolicy { path: path.into(), max_bytes: Self::DEFAULT_MAX_BYTES, keep: Self::DEFAULT_KEEP }
    }
}

/// What one request did, as the trace records it.
#[derive(Debug, Clone, PartialEq)]
pub struct TraceRecord<'a> {
    /// `plan` or `sql`.
    pub kind: &'a str,
    /// The request text: only its hash and size are written.
    pub request: &'a str,
    /// The SQL that was executed (or would have been, when the executor refused it).
    pub sql: Option<&'a str>,
    /// Parameters bound to it.
    pub params: usize,
    /// Rows in the answer.
    pub rows: Option<usize>,
    /// Whether the answer was cut at the row limit.
    pub truncated: Option<bool>,
    /// The error code of a refusal or failure.
    pub error: Option<&'a str>,
    /// Whether the compile was remembered from an identical earlier request (`None` when
    /// no answer was built).
    pub compile_cached: Option<bool>,
    /// Request to answer.
    pub elapsed: Duration,
    /// The data version answered from.
    pub snapshot: &'a str,
}

/// Who asked, as a trace line names them: the access token's subject (`sub`) and the client
/// it was issued to (`azp` or `client_id`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Caller {
    /// The token's `sub`.
    pub subject: Option<String>,
    /// The token's `azp`, or else its `client_id`.
    pub client: Option<String>,
}

thread_local! {
    /// The caller of the request this thread is answering. A thread-local rather than an
    /// argument because a request is answered synchronously on one thread from the handler
    /// down to [`Trace::record`], through layers (engine, verify) that have no reason to
    /// know about HTTP callers.
    static CALLER: std::cell::RefCell<Option<Caller>> = const { std::cell::RefCell::new(None) };
}

/// Run `work` with `caller` named on every trace line this thread writes meanwhile; the
/// previous caller (usually none) is back afterwards, even if `work` panics.
pub fn as_caller<R>(caller: Option<&Caller>, work: impl FnOnce() -> R) -> R {
    struct Restore(Option<Caller>);
    impl Drop for Restore {
        fn drop(&mut self) {
            CALLER.with(|current| *current.borrow_mut() = self.0.take());
        }
    }
    let previous = CALLER.with(|current| current.replace(caller.cloned()));
    let _restore = Restore(previous);
    work()
}

/// An open trace file, shared by every request of a process.
pub struct Trace {
    policy: TracePolicy,
    file: Mutex<Open>,
}

struct Open {
    file: File,
    size: u64,
}

impl Trace {
    /// Open (or create, owner-only) the trace file for appending. A path that is a symbolic
    /// link is refused: whoever planted it would choose where the audit lines go.
    pub fn open(policy: TracePolicy) -> Result<Trace> {
        let open = open_append(&policy.path)?;
        Ok(Trace { policy, file: Mutex::new(open) })
    }

    /// The policy it was opened with.
    pub fn policy(&self) -> &TracePolicy {
        &self.policy
    }

    /// Append one line, rotating first when it would pass the size limit.
    pub fn record(&self, record: &TraceRecord<'_>) -> Result<()> {
        let mut line = serde_json::to_string(&json!({
            "time": utc_timestamp(SystemTime::now()),
            "kind": record.kind,
            "request_sha256": hex::encode(Sha256::digest(record.request.as_bytes())),
            "request_bytes": record.request.len(),
            "sql": record.sql,
            "params": record.params,
            "rows": record.rows,
            "truncated": record.truncated,
            "error": record.error,
            "compile_cached": record.compile_cached,
            "elapsed_ms": (record.elapsed.as_secs_f64() * 1e5).round() / 100.0,
            "snapshot": record.snapshot,
        }))
        .expect("trace lines serialise");
        if let Some(caller) = CALLER.with(|current| current.borrow().clone()) {
            // Inserted before the closing brace: the line stays one JSON object.
            line.pop();
            let named = json!({"subject": caller.subject, "client": caller.client}).to_string();
            line.push(',');
            line.push_str(&named[1..]);
        }
        line.push('\n');
        let mut open = self.file.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if open.size > 0 && open.size + line.len() as u64 > self.policy.max_bytes {
            rotate(&self.policy)?;
            *open = open_append(&self.policy.path)?;
        }
        // One write per line on an O_APPEND file: a reader never sees half a line from a
        // write that succeeded.
        open.file.write_all(line.as_bytes()).map_err(|e| unwritable(&self.policy.path, &e))?;
        open.size += line.len() as u64;
        Ok(())
    }
}

fn open_append(path: &Path) -> Result<Open> {
    let file = OpenOptions::new()
        .append(true)
        .create(true)
        .mode(0o600)
        .custom_flags(libc::O_NOFOLLOW | libc::O_CLOEXEC)
        .open(path)
        .map_err(|e| {
            unwritable(path, &e)
                .hint("the trace file must be a regular file (not a link) in a folder this user may write")
        })?;
    let size = file.metadata().map_err(|e| unwritable(path, &e))?.len();
    Ok(Open { file, size })
}

/// `FILE.keep` is removed, every `FILE.n` becomes `FILE.n+1`, `FILE` becomes `FILE.1`.
fn rotate(policy: &TracePolicy) -> Result<()> {
    let numbered = |n: u32| {
        let mut name = policy.path.clone().into_os_string();
        name.push(format!(".{n}"));
        PathBuf::from(name)
    };
    if policy.keep == 0 {
        return std::fs::remove_file(&policy.path).map_err(|e| unwritable(&policy.path, &e));
    }
    let _ = std::fs::remove_file(numbered(policy.keep));
    for n in (1..policy.keep).rev() {
        match std::fs::rename(numbered(n), numbered(n + 1)) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => return Err(unwritable(&numbered(n), &e)),
            _ => {}
        }
    }
    std::fs::rename(&policy.path, numbered(1)).map_err(|e| unwritable(&policy.path, &e))
}

fn unwritable(path: &Path, error: &std::io::Error) -> Error {
    Error::new(Code::TraceUnwritable, format!("the audit trace {} cannot be written: {error}", path.display()))
        .at("--trace")
        .hint("no answer is given without its audit line; fix the trace file or start without --trace")
}

/// `2026-12-01T04:05:06.789Z`.
fn utc_timestamp(now: SystemTime) -> String {
    let since = now.duration_since(SystemTime::UNIX_EPOCH).unwrap_or_default();
    let seconds = since.as_secs();
    let day = Date::from_days_since_epoch((seconds / 86_400) as i32);
    let in_day = seconds % 86_400;
    format!("{day}T{:02}:{:02}:{:02}.{:03}Z", in_day / 3600, in_day / 60 % 60, in_day % 60, since.subsec_millis())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record<'a>(request: &'a str) -> TraceRecord<'a> {
        TraceRecord {
            kind: "plan",
            request,
            sql: Some("SELECT 1"),
            params: 2,
            rows: Some(1),
            truncated: Some(false),
            error: None,
            compile_cached: Some(false),
            elapsed: Duration::from_micros(1234),
            snapshot: "sha256:00",
        }
    }

    #[test]
    fn a_line_holds_the_hash_and_size_but_not_the_request() {
        let dir = tempfile::tempdir().unwrap();
        let trace = Trace::open(TracePolicy::new(dir.path().join("trace.jsonl"))).unwrap();
        trace.record(&record("{\"table\": \"customers named Alice\"}")).unwrap();
        let text = std::fs::read_to_string(dir.path().join("trace.jsonl")).unwrap();
        assert!(!text.contains("Alice"), "{text}");
        let line: serde_json::Value = serde_json::from_str(text.trim()).unwrap();
        assert_eq!(line["request_bytes"], 34);
        assert_eq!(line["request_sha256"].as_str().unwrap().len(), 64);
        assert_eq!((line["params"].as_u64(), line["elapsed_ms"].as_f64()), (Some(2), Some(1.23)));
        assert!(line["time"].as_str().unwrap().ends_with('Z'));
    }

    #[test]
    fn the_file_rotates_and_keeps_a_bounded_number() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("trace.jsonl");
        let trace = Trace::open(TracePolicy { path: path.clone(), max_bytes: 1000, keep: 2 }).unwrap();
        for _ in 0..40 {
            trace.record(&record("{}")).unwrap();
        }
        let mut names: Vec<String> =
            std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
        names.sort();
        assert_eq!(names, ["trace.jsonl", "trace.jsonl.1", "trace.jsonl.2"]);
        for name in &names {
            let size = std::fs::metadata(dir.path().join(name)).unwrap().len();
            assert!(size <= 1000, "{name} is {size} bytes");
        }
    }

    #[test]
    fn a_link_in_place_of_the_trace_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        std::os::unix::fs::symlink("/etc/passwd", dir.path().join("trace.jsonl")).unwrap();
        let error = Trace::open(TracePolicy::new(dir.path().join("trace.jsonl"))).err().expect("refused");
        assert_eq!(error.code, "trace_unwritable");
    }

    #[test]
    fn a_line_names_the_caller_only_inside_as_caller() {
        let dir = tempfile::tempdir().unwrap();
        let trace = Trace::open(TracePolicy::new(dir.path().join("trace.jsonl"))).unwrap();
        let caller = Caller { subject: Some("user-7".into()), client: Some("agent-app".into()) };
        as_caller(Some(&caller), || trace.record(&record("{}"))).unwrap();
        trace.record(&record("{}")).unwrap();
        let text = std::fs::read_to_string(dir.path().join("trace.jsonl")).unwrap();
        let lines: Vec<serde_json::Value> = text.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
        assert_eq!((&lines[0]["subject"], &lines[0]["client"]), (&json!("user-7"), &json!("agent-app")));
        assert_eq!(lines[0]["kind"], "plan");
        assert!(lines[1].get("subject").is_none(), "{}", lines[1]);
    }

    #[test]
    fn timestamps_are_utc_rfc3339() {
        let at = SystemTime::UNIX_EPOCH + Duration::from_millis(1_764_561_906_789);
        assert_eq!(utc_timestamp(at), "2025-12-01T04:05:06.789Z");
    }
}
