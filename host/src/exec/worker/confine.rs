//! What a query worker gives up before it touches the database, so that even a bug in
//! DuckDB cannot read other files, write anything, reach the network or outgrow its memory.
//!
//! - `RLIMIT_DATA`: the data memory (heap, anonymous and thread-stack mappings) the worker
//!   may map. DuckDB's `memory_limit` does not count every allocation; past this ceiling an
//!   allocation fails, which DuckDB reports as an out-of-memory error.
//! - `RLIMIT_CORE` 0: no core dumps of memory that holds the user's data. (Not
//!   `RLIMIT_FSIZE`: it would also stop the worker's stderr when that is a log file.)
//! - Landlock (Linux 5.13 and later): the only file the worker may open is the data file
//!   the host handed it; nothing may be written, created, removed or executed, but in the
//!   worker's own spill folder when it has one (`super::spill`: files made, written, read,
//!   truncated and removed there, no links, folders or devices); no TCP bind
//!   or connect (6.7 and later); no signals to, or abstract sockets of, processes outside
//!   (6.12 and later). Applied best effort: what the kernel supports holds, and the worker
//!   says which held ([`Confinement::words`]).
//!
//! It runs on the worker's only thread, before any other thread exists: Landlock and the
//! limits are inherited by every thread DuckDB starts afterwards. Landlock restricts only
//! the thread that asks and the threads it starts later, so [`confine`] refuses to run in a
//! process that has another thread already.

use std::fs::File;
use std::io;
use std::path::Path;

use landlock::{
    Access, AccessFs, AccessNet, CompatLevel, Compatible, PathBeneath, PathFd, Ruleset, RulesetAttr,
    RulesetCreatedAttr, RulesetStatus, Scope, ABI,
};

/// The restrictions that hold in this worker.
#[derive(Debug)]
pub struct Confinement {
    pub memory_ceiling_bytes: u64,
    pub landlock: Option<RulesetStatus>,
}

impl Confinement {
    /// Short words for the operator (the `Ready` reply), e.g. `landlock:fully_enforced`.
    pub fn words(&self) -> Vec<String> {
        let mut words =
            vec![format!("rlimit_data:{}MiB", self.memory_ceiling_bytes >> 20), "rlimit_core:0".to_string()];
        words.push(
            match self.landlock {
                Some(RulesetStatus::FullyEnforced) => "landlock:fully_enforced",
                Some(RulesetStatus::PartiallyEnforced) => "landlock:partially_enforced",
                Some(RulesetStatus::NotEnforced) | None => "landlock:not_enforced",
            }
            .to_string(),
        );
        words
    }
}

/// Readable in a worker besides the data file: the worker's own /proc entry (cgroup, status),
/// CPU and memory counts, and cgroup limits. Paths missing on a machine are skipped.
const SYSTEM_FACTS: &[&str] =
    &["/proc/self", "/proc/stat", "/proc/meminfo", "/proc/cpuinfo", "/sys/fs/cgroup", "/sys/devices/system/cpu"];

/// The newest Landlock ABI this code knows what to ask of; older kernels get what they have.
const LANDLOCK_ABI: ABI = ABI::V6;

/// Apply the limits and the Landlock ruleset to this process. `data` is the only file it
/// may read from now on, and `spill` (a folder) the only place it may write.
pub fn confine(data: &File, memory_ceiling_bytes: u64, spill: Option<&Path>) -> io::Result<Confinement> {
    if !single_threaded()? {
        return Err(io::Error::other(
            "the process has another thread already, which Landlock would not restrict; nothing was applied",
        ));
    }
    set_limit(libc::RLIMIT_DATA, memory_ceiling_bytes)?;
    set_limit(libc::RLIMIT_CORE, 0)?;
    let spill = spill.map(File::open).transpose()?;
    let landlock =
        restrict_files_and_network(data, spill.as_ref()).map_err(|e| io::Error::other(format!("landlock: {e}")))?;
    Ok(Confinement { memory_ceiling_bytes, landlock: Some(landlock) })
}

/// Whether this process has exactly one thread, from the kernel's own list of them.
pub(super) fn single_threaded() -> io::Result<bool> {
    let mut threads = std::fs::read_dir("/proc/self/task")?;
    Ok(threads.next().is_some() && threads.next().is_none())
}

fn set_limit(resource: libc::__rlimit_resource_t, bytes: u64) -> io::Result<()> {
    let limit = libc::rlimit { rlim_cur: bytes, rlim_max: bytes };
    // SAFETY: setrlimit reads the struct we pass and touches no other memory.
    if unsafe { libc::setrlimit(resource, &limit) } != 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(())
}

/// A rule to read `path` (a folder: everything beneath it), if it exists. A file gets file
/// rights only: asking for a folder's rights on a file would leave the ruleset partial.
fn readable_beneath(path: &str, abi: ABI) -> Option<PathBeneath<PathFd>> {
    let is_dir = std::fs::metadata(path).ok()?.is_dir();
    let access = if is_dir { AccessFs::from_read(abi) } else { AccessFs::from_read(abi) & AccessFs::from_file(abi) };
    Some(PathBeneath::new(PathFd::new(path).ok()?, access))
}

/// What a worker may do in its spill folder: DuckDB's temporary files made, written, read,
/// truncated and removed; never executed, linked, or made into folders, links or devices.
fn spill_access(abi: ABI) -> landlock::BitFlags<AccessFs> {
    let wanted =
        AccessFs::from_read(abi) | AccessFs::WriteFile | AccessFs::MakeReg | AccessFs::RemoveFile | AccessFs::Truncate;
    (wanted & AccessFs::from_all(abi)) & !AccessFs::Execute
}

fn restrict_files_and_network(data: &File, spill: Option<&File>) -> Result<RulesetStatus, landlock::RulesetError> {
    let abi = LANDLOCK_ABI;
    let spill_rule = spill.map(|folder| PathBeneath::new(folder, spill_access(abi)));
    let status = Ruleset::default()
        .set_compatibility(CompatLevel::BestEffort)
        .handle_access(AccessFs::from_all(abi))?
        .handle_access(AccessNet::from_all(abi))?
        .scope(Scope::from_all(abi))?
        .create()?
        // Reading the one data file; DuckDB opens it again through /proc/self/fd.
        .add_rule(PathBeneath::new(data, AccessFs::from_read(abi) & AccessFs::from_file(abi)))?
        // What DuckDB reads about the machine when a database opens (it aborts the process
        // when its own cgroup is unreadable): facts about this process and its limits.
        .add_rules(
            SYSTEM_FACTS.iter().filter_map(|path| readable_beneath(path, abi)).map(Ok::<_, landlock::RulesetError>),
        )?
        .add_rules(spill_rule.into_iter().map(Ok::<_, landlock::RulesetError>))?
        .restrict_self()?;
    Ok(status.ruleset)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A thread started before the ruleset would escape it: with another thread running,
    /// nothing is applied (the limits are unchanged) and the call fails.
    #[test]
    fn confinement_refuses_a_process_with_another_thread() {
        let (stop, stopped) = std::sync::mpsc::channel::<()>();
        let other = std::thread::spawn(move || stopped.recv());
        let data = File::open("/proc/self/status").unwrap();
        let mut before = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
        // SAFETY: getrlimit writes the struct we pass.
        assert_eq!(unsafe { libc::getrlimit(libc::RLIMIT_DATA, &mut before) }, 0);
        let error = confine(&data, 1 << 30, None).expect_err("another thread runs");
        assert!(error.to_string().contains("another thread"), "{error}");
        let mut after = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
        // SAFETY: as above.
        assert_eq!(unsafe { libc::getrlimit(libc::RLIMIT_DATA, &mut after) }, 0);
        assert_eq!((before.rlim_cur, before.rlim_max), (after.rlim_cur, after.rlim_max));
        stop.send(()).unwrap();
        other.join().unwrap().unwrap();
    }
}
