//! CPU time a process and its descendants have used, from `/proc/<pid>/stat` (user plus
//! system, in clock ticks: 10 ms on most kernels, so read it over windows of seconds).

use std::time::Duration;

/// CPU time `pid` and every live descendant have used so far (a descendant that already
/// ended is not counted).
pub(crate) fn tree(pid: u32) -> Duration {
    own(pid) + children(pid).into_iter().map(tree).sum::<Duration>()
}

/// CPU time `pid` has used so far, all its threads; zero once it is gone.
pub(crate) fn own(pid: u32) -> Duration {
    let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else { return Duration::ZERO };
    // The command name in parentheses may hold spaces: the fields start after the last ')'.
    let fields: Vec<&str> =
        stat.rsplit_once(')').map(|(_, rest)| rest.split_whitespace().collect()).unwrap_or_default();
    let ticks = |i: usize| fields.get(i).and_then(|f| f.parse::<u64>().ok()).unwrap_or(0);
    // utime and stime are the stat file's 14th and 15th fields; `fields` starts at the 3rd.
    // SAFETY: sysconf reads a constant of the system and touches no memory of ours.
    let per_second = unsafe { libc::sysconf(libc::_SC_CLK_TCK) }.max(1) as f64;
    Duration::from_secs_f64((ticks(11) + ticks(12)) as f64 / per_second)
}

/// The processes `pid`'s threads started.
fn children(pid: u32) -> Vec<u32> {
    let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else { return Vec::new() };
    tasks
        .flatten()
        .filter_map(|task| std::fs::read_to_string(task.path().join("children")).ok())
        .flat_map(|list| list.split_whitespace().filter_map(|p| p.parse().ok()).collect::<Vec<u32>>())
        .collect()
}
