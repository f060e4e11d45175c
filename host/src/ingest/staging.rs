//! The folder a new index is built in, beside its target, and the cleanup of folders that
//! ingests killed before they finished (SIGKILL, power loss) left behind.
//!
//! Each staging folder holds a lock file locked (`flock`) for as long as its ingest runs;
//! the kernel drops the lock when the process dies however it dies. The next ingest into the
//! same parent folder removes every `.querycell-ingest-*` folder whose lock it can take, so a
//! running ingest's folder is never touched. A folder without a lock file (left by a version
//! without locks, or killed in the instant between creating the folder and its lock) is
//! removed once it is an hour old.

use std::fs::File;
use std::path::Path;
use std::time::{Duration, SystemTime};

use crate::error::{Error, Result};

/// The prefix of staging folders' names; nothing else is ever removed by the cleanup.
pub const STAGING_PREFIX: &str = ".querycell-ingest-";

/// The lock file inside a staging folder; removed before the folder becomes the index.
const LOCK_FILE: &str = ".ingest-lock";

/// How old a staging folder without a lock file must be before it counts as abandoned.
const UNLOCKED_GRACE: Duration = Duration::from_secs(3600);

/// A staging folder, locked while this value lives.
pub struct Staging {
    /// Removed (with whatever it holds) when dropped.
    pub dir: tempfile::TempDir,
    lock: Option<File>,
}

impl Staging {
    /// A new staging folder in `parent`, locked, after removing abandoned ones there.
    pub fn create(parent: &Path) -> Result<Staging> {
        remove_abandoned(parent);
        let dir = tempfile::Builder::new()
            .prefix(STAGING_PREFIX)
            .tempdir_in(parent)
            .map_err(|e| Error::io(&format!("creating a staging folder in {}", parent.display()), &e))?;
        let lock = File::create(dir.path().join(LOCK_FILE)).map_err(|e| Error::io("creating the staging lock", &e))?;
        lock.lock().map_err(|e| Error::io("locking the staging folder", &e))?;
        Ok(Staging { dir, lock: Some(lock) })
    }

    /// Where the staging folder is.
    pub fn path(&self) -> &Path {
        self.dir.path()
    }

    /// Remove the lock file (the folder is about to become the index) and hand over the
    /// folder. From here until the swap, the folder is young and unlocked: the grace
    /// period keeps another ingest's cleanup away from it.
    pub fn into_finished(mut self) -> Result<tempfile::TempDir> {
        std::fs::remove_file(self.dir.path().join(LOCK_FILE))
            .map_err(|e| Error::io("removing the staging lock", &e))?;
        drop(self.lock.take());
        Ok(self.dir)
    }
}

/// Remove staging folders in `parent` whose ingest is gone. Best effort: a folder that
/// cannot be inspected or removed is left for the next time.
pub fn remove_abandoned(parent: &Path) {
    let Ok(entries) = std::fs::read_dir(parent) else { return };
    for entry in entries.flatten() {
        let name = entry.file_name();
        if !name.to_string_lossy().starts_with(STAGING_PREFIX) {
            continue;
        }
        // Never follow a link: only a real folder of ours is removed.
        let Ok(meta) = std::fs::symlink_metadata(entry.path()) else { continue };
        if !meta.is_dir() {
            continue;
        }
        let abandoned = match File::options().write(true).open(entry.path().join(LOCK_FILE)) {
            // Locked by a live ingest: try_lock fails and the folder stays.
            Ok(lock) => lock.try_lock().is_ok(),
            Err(_) => meta
                .modified()
                .ok()
                .and_then(|m| SystemTime::now().duration_since(m).ok())
                .is_some_and(|age| age > UNLOCKED_GRACE),
        };
        if abandoned {
            let _ = std::fs::remove_dir_all(entry.path());
        }
    }
}
