//! A worker's process as the pool holds it, whether it was executed (`std::process::Child`)
//! or forked (`super::fork`): one way to kill it, reap it and ask whether it has ended.

use std::io;
use std::os::unix::process::ExitStatusExt;
use std::process::{Child, ExitStatus};

pub(super) enum WorkerProcess {
    Executed(Child),
    Forked {
        pid: libc::pid_t,
        /// Set once it has been reaped: its pid may belong to another process from then on,
        /// so it is never signalled or waited for again.
        ended: Option<ExitStatus>,
    },
}

impl WorkerProcess {
    pub fn forked(pid: libc::pid_t) -> Self {
        WorkerProcess::Forked { pid, ended: None }
    }

    pub fn id(&self) -> u32 {
        match self {
            WorkerProcess::Executed(child) => child.id(),
            WorkerProcess::Forked { pid, .. } => *pid as u32,
        }
    }

    /// SIGKILL, unless it has been reaped already.
    pub fn kill(&mut self) -> io::Result<()> {
        match self {
            WorkerProcess::Executed(child) => child.kill(),
            WorkerProcess::Forked { ended: Some(_), .. } => Ok(()),
            WorkerProcess::Forked { pid, ended: None } => {
                // SAFETY: kill only sends a signal; `pid` is our unreaped child, so it
                // cannot name another process.
                if unsafe { libc::kill(*pid, libc::SIGKILL) } == -1 {
                    return Err(io::Error::last_os_error());
                }
                Ok(())
            }
        }
    }

    /// Wait for it to end, and reap it.
    pub fn wait(&mut self) -> io::Result<ExitStatus> {
        match self {
            WorkerProcess::Executed(child) => child.wait(),
            WorkerProcess::Forked { .. } => self.wait_forked(0).map(|status| status.expect("a blocking wait ends")),
        }
    }

    /// Its status if it has ended (and reaps it), else `None`.
    pub fn try_wait(&mut self) -> io::Result<Option<ExitStatus>> {
        match self {
            WorkerProcess::Executed(child) => child.try_wait(),
            WorkerProcess::Forked { .. } => self.wait_forked(libc::WNOHANG),
        }
    }

    fn wait_forked(&mut self, flags: libc::c_int) -> io::Result<Option<ExitStatus>> {
        let WorkerProcess::Forked { pid, ended } = self else { unreachable!("called for forked workers") };
        if let Some(status) = ended {
            return Ok(Some(*status));
        }
        let mut raw = 0;
        loop {
            // SAFETY: waits for our own child `pid` only, writing its status into `raw`.
            match unsafe { libc::waitpid(*pid, &mut raw, flags) } {
                -1 if io::Error::last_os_error().kind() == io::ErrorKind::Interrupted => continue,
                -1 => return Err(io::Error::last_os_error()),
                0 => return Ok(None),
                _ => {
                    let status = ExitStatus::from_raw(raw);
                    *ended = Some(status);
                    return Ok(Some(status));
                }
            }
        }
    }
}
