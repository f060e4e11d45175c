//! What this machine offers a deployment: cores, memory and free disk, as a process in its
//! container sees them. [`crate::limits::Limits::for_machine`] sizes a deployment's query
//! limits from them; nothing here decides a limit.
//!
//! Cores are the standard library's `available_parallelism` (CPU affinity and a cgroup's CPU
//! quota included). Memory is the cgroup's `memory.max` when one is set below the
//! machine's total (a container's limit, not the host's RAM), else `MemTotal`. Free disk
//! is `statvfs` of a folder's file system: the space an unprivileged writer may use.

use std::path::Path;

/// The resources one deployment's limits are sized from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Machine {
    /// Threads that can run at once.
    pub cores: u32,
    /// Bytes of memory this process's container may use.
    pub memory_bytes: u64,
}

impl Machine {
    /// This machine, as this process sees it; 1 core and 1 GiB when it cannot tell.
    pub fn this() -> Machine {
        let cores = std::thread::available_parallelism().map_or(1, |n| u32::try_from(n.get()).unwrap_or(u32::MAX));
        let total = total_memory_bytes().unwrap_or(1 << 30);
        let memory_bytes = cgroup_memory_max().map_or(total, |max| max.min(total));
        Machine { cores, memory_bytes }
    }
}

/// Bytes an unprivileged process may still write on the file system holding `folder`.
pub fn free_disk_bytes(folder: &Path) -> Option<u64> {
    use std::os::unix::ffi::OsStrExt;
    let path = std::ffi::CString::new(folder.as_os_str().as_bytes()).ok()?;
    // SAFETY: an all-zero statvfs is a valid value for statvfs to overwrite.
    let mut stats: libc::statvfs = unsafe { std::mem::zeroed() };
    // SAFETY: `path` is NUL-terminated and lives across the call; statvfs writes `stats`.
    if unsafe { libc::statvfs(path.as_ptr(), &mut stats) } != 0 {
        return None;
    }
    Some(stats.f_bavail.saturating_mul(stats.f_frsize))
}

/// `MemTotal` from /proc/meminfo.
fn total_memory_bytes() -> Option<u64> {
    let meminfo = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = meminfo.lines().find(|line| line.starts_with("MemTotal:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib.saturating_mul(1024))
}

/// The cgroup v2 memory limit of this process's cgroup (`max` is none).
fn cgroup_memory_max() -> Option<u64> {
    let cgroup = std::fs::read_to_string("/proc/self/cgroup").ok()?;
    let path = cgroup.lines().find_map(|line| line.strip_prefix("0::"))?;
    let max = std::fs::read_to_string(format!("/sys/fs/cgroup{}/memory.max", path.trim_end())).ok()?;
    max.trim().parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn this_machine_has_cores_memory_and_free_disk() {
        let machine = Machine::this();
        assert!(machine.cores >= 1);
        assert!(machine.memory_bytes >= 64 << 20, "{machine:?}");
        let free = free_disk_bytes(&std::env::temp_dir()).expect("statvfs of the temp folder");
        assert!(free > 0);
        assert_eq!(free_disk_bytes(Path::new("/no/such/folder/here")), None);
    }
}
