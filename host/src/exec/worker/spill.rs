//! Each query worker's private folder for DuckDB's temporary files, when a question outgrows
//! its memory limit and a disk budget allows spilling (`Limits::query_disk_bytes`).
//!
//! The host creates the folders, under one root of its own ([`SpillRoot`]), and owns their
//! life: one per worker, made before the worker starts and removed when the host drops the
//! worker, whether it ended, was killed, or its pool closed ([`SpillFolder`]'s `Drop`). The
//! worker may write there and nowhere else (Landlock, `super::confine`); DuckDB is told to
//! put its temporary files there and to stop at the budget (`max_temp_directory_size`), and
//! the host watches the folder's size from outside as it watches memory.
//!
//! A host that was killed cannot remove its workers' folders. Each live folder is held
//! under an exclusive `flock` by the host that made it, for as long as that host lives, so
//! the next pool to start on the root removes every folder no live host holds
//! ([`SpillRoot::prepare`]). A folder is made under a `new-` name, locked, then renamed
//! into view: the cleaner never sees one that is not yet locked.
//!
//! The root is the operator's choice (`spill_dir` in the configuration file), or
//! `querycell-spill-<uid>` in the system's temporary folder. It must be a folder of this
//! user's, closed to everyone else (mode 0700), and not a symbolic link: on a shared
//! `/tmp`, another user could otherwise plant it and read what is spilled.

use std::fs::{DirBuilder, File};
use std::io;
use std::os::fd::AsRawFd;
use std::os::unix::fs::{DirBuilderExt, MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// The folder the host makes its workers' folders in.
#[derive(Debug, Clone)]
pub struct SpillRoot {
    path: PathBuf,
}

/// Names of the live folders, and of those being made.
const LIVE_PREFIX: &str = "worker-";
const NEW_PREFIX: &str = "new-";

/// Folders made by this process so far, for unique names.
static MADE: AtomicU64 = AtomicU64::new(0);

impl SpillRoot {
    /// `querycell-spill-<uid>` in the system's temporary folder (`TMPDIR`, else `/tmp`).
    pub fn default_path() -> PathBuf {
        // SAFETY: geteuid only reads the process's credentials.
        let uid = unsafe { libc::geteuid() };
        std::env::temp_dir().join(format!("querycell-spill-{uid}"))
    }

    /// The root at `path`, made if missing (mode 0700), refused unless it is a folder (not a
    /// link) owned by this user and closed to others; then every folder a host that is gone
    /// left in it is removed.
    pub fn prepare(path: &Path) -> io::Result<SpillRoot> {
        match DirBuilder::new().mode(0o700).create(path) {
            Ok(()) => {}
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {}
            Err(e) => return Err(e),
        }
        let meta = std::fs::symlink_metadata(path)?;
        // SAFETY: geteuid only reads the process's credentials.
        let uid = unsafe { libc::geteuid() };
        if !meta.is_dir() || meta.uid() != uid || meta.permissions().mode() & 0o077 != 0 {
            return Err(io::Error::other(format!(
                "{} must be a folder owned by this user (uid {uid}) that no one else may enter (mode 0700), not a link",
                path.display()
            )));
        }
        let root = SpillRoot { path: path.to_path_buf() };
        root.remove_abandoned()?;
        Ok(root)
    }

    /// Where the root is.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// A new folder for one worker, held by this process until dropped.
    pub fn make_folder(&self) -> io::Result<SpillFolder> {
        let name = format!("{}-{}", std::process::id(), MADE.fetch_add(1, Ordering::Relaxed));
        let making = self.path.join(format!("{NEW_PREFIX}{name}"));
        DirBuilder::new().mode(0o700).create(&making)?;
        let held = File::open(&making).and_then(|folder| lock(&folder, libc::LOCK_EX).map(|()| folder));
        let held = match held {
            Ok(held) => held,
            Err(e) => {
                let _ = std::fs::remove_dir(&making);
                return Err(e);
            }
        };
        let path = self.path.join(format!("{LIVE_PREFIX}{name}"));
        if let Err(e) = std::fs::rename(&making, &path) {
            let _ = std::fs::remove_dir(&making);
            return Err(e);
        }
        Ok(SpillFolder { path, _held: held })
    }

    /// Remove every worker folder no live host holds, and folders left half-made by a host
    /// that is gone. Returns how many were removed.
    fn remove_abandoned(&self) -> io::Result<usize> {
        let mut removed = 0;
        for entry in std::fs::read_dir(&self.path)? {
            let entry = entry?;
            let name = entry.file_name();
            let name = name.to_string_lossy();
            if !(name.starts_with(LIVE_PREFIX) || name.starts_with(NEW_PREFIX)) || !entry.file_type()?.is_dir() {
                continue;
            }
            let Ok(folder) = File::open(entry.path()) else { continue };
            // Held: its host lives. A `new-` folder is unlocked for an instant while it is
            // made; it is left to its maker when that process is alive.
            if lock(&folder, libc::LOCK_EX | libc::LOCK_NB).is_err()
                || (name.starts_with(NEW_PREFIX) && maker_alive(&name))
            {
                continue;
            }
            std::fs::remove_dir_all(entry.path())?;
            removed += 1;
        }
        Ok(removed)
    }
}

/// Whether the process whose id a `new-<pid>-<n>` name carries still runs.
fn maker_alive(name: &str) -> bool {
    let pid = name.trim_start_matches(NEW_PREFIX).split('-').next().and_then(|pid| pid.parse::<i32>().ok());
    // SAFETY: kill with signal 0 sends nothing; it only asks whether the process exists.
    pid.is_some_and(|pid| unsafe { libc::kill(pid, 0) } == 0)
}

fn lock(folder: &File, operation: libc::c_int) -> io::Result<()> {
    // SAFETY: flock only takes or tests a lock on the open descriptor.
    if unsafe { libc::flock(folder.as_raw_fd(), operation) } != 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(())
}

/// One worker's folder: removed, with everything in it, when dropped.
#[derive(Debug)]
pub struct SpillFolder {
    path: PathBuf,
    /// The open folder, locked: tells other hosts' cleaners it is in use.
    _held: File,
}

impl SpillFolder {
    /// Where it is.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Bytes its files take on disk (allocated blocks, not apparent sizes: a sparse
    /// temporary file costs what it holds).
    pub fn bytes_on_disk(&self) -> u64 {
        let Ok(entries) = std::fs::read_dir(&self.path) else { return 0 };
        entries
            .filter_map(|entry| entry.ok()?.metadata().ok())
            .map(|meta| meta.blocks().saturating_mul(512))
            .fold(0, u64::saturating_add)
    }
}

impl Drop for SpillFolder {
    fn drop(&mut self) {
        // A worker killed mid-write may still hold its files open: unlinking them is enough,
        // the kernel frees their blocks when it is gone.
        let _ = std::fs::remove_dir_all(&self.path);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_folder_is_removed_when_dropped_and_only_abandoned_folders_are_cleaned() {
        let temp = tempfile::tempdir().unwrap();
        let root = SpillRoot::prepare(&temp.path().join("spill")).unwrap();
        let held = root.make_folder().unwrap();
        std::fs::write(held.path().join("block.tmp"), vec![1u8; 8192]).unwrap();
        assert!(held.bytes_on_disk() >= 8192);
        // A folder a killed host left: live-named, unlocked.
        let abandoned = root.path().join(format!("{LIVE_PREFIX}1-99"));
        std::fs::create_dir(&abandoned).unwrap();
        std::fs::write(abandoned.join("block.tmp"), b"spilled rows").unwrap();
        let other = root.path().join("not-ours");
        std::fs::create_dir(&other).unwrap();
        let again = SpillRoot::prepare(root.path()).unwrap();
        assert!(!abandoned.exists(), "an unheld folder is removed at the next start");
        assert!(held.path().exists(), "a held folder is left to its host");
        assert!(other.exists(), "what is not a worker folder is not touched");
        let path = held.path().to_path_buf();
        drop(held);
        assert!(!path.exists());
        drop(again);
    }

    #[test]
    fn a_root_others_may_enter_or_a_link_is_refused() {
        let temp = tempfile::tempdir().unwrap();
        let open = temp.path().join("open");
        std::fs::create_dir(&open).unwrap();
        std::fs::set_permissions(&open, std::fs::Permissions::from_mode(0o755)).unwrap();
        assert!(SpillRoot::prepare(&open).unwrap_err().to_string().contains("mode 0700"));
        let private = temp.path().join("private");
        SpillRoot::prepare(&private).unwrap();
        let link = temp.path().join("link");
        std::os::unix::fs::symlink(&private, &link).unwrap();
        assert!(SpillRoot::prepare(&link).is_err(), "a link could point anywhere");
    }
}
