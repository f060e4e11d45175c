//! Putting a built index in place: a folder that is not a querycell index is never
//! replaced, an index keeps its id from one ingest to the next, the files are synced, and the
//! new index is swapped in with one atomic `renameat2(RENAME_EXCHANGE)`, so a failed or killed
//! ingest leaves the previous index as it was.

use std::path::Path;

use crate::catalog::CATALOG_FILE;
use crate::error::{Code, Error, Result};

/// The id of the index at `index`: the one its current catalog carries, so every ingest
/// into a folder keeps it, or a new random one for a new index (or one written before ids
/// existed). A receipt carries it, and `querycell verify` tells this index's later data
/// from another index by it.
pub(crate) fn index_id_for(index: &Path) -> String {
    let kept = std::fs::read(index.join(CATALOG_FILE))
        .ok()
        .and_then(|bytes| serde_json::from_slice::<serde_json::Value>(&bytes).ok())
        .and_then(|catalog| catalog.get("index_id")?.as_str().map(str::to_string));
    kept.unwrap_or_else(|| format!("idx-{}", uuid::Uuid::new_v4()))
}

/// Refuse to replace anything that is not a querycell index (or empty).
pub(crate) fn check_replaceable(index: &Path) -> Result<()> {
    match std::fs::symlink_metadata(index) {
        Err(_) => Ok(()),
        Ok(m) if m.is_dir() => {
            let is_index = index.join(CATALOG_FILE).is_file();
            let is_empty = std::fs::read_dir(index).map(|mut d| d.next().is_none()).unwrap_or(false);
            if is_index || is_empty {
                Ok(())
            } else {
                Err(Error::new(
                    Code::IndexPathInUse,
                    format!("{} exists and is not a querycell index; it will not be replaced", index.display()),
                )
                .at("--index")
                .hint("choose a new folder for the index"))
            }
        }
        Ok(_) => {
            Err(Error::new(Code::IndexPathInUse, format!("{} exists and is not a folder", index.display()))
                .at("--index"))
        }
    }
}

pub(crate) fn write_synced(path: &Path, bytes: &[u8]) -> Result<()> {
    use std::io::Write;
    let mut file = std::fs::File::create(path).map_err(|e| Error::io(&format!("creating {}", path.display()), &e))?;
    file.write_all(bytes)
        .and_then(|_| file.sync_all())
        .map_err(|e| Error::io(&format!("writing {}", path.display()), &e))
}

pub(crate) fn sync_path(path: &Path) -> Result<()> {
    std::fs::File::open(path)
        .and_then(|f| f.sync_all())
        .map_err(|e| Error::io(&format!("syncing {}", path.display()), &e))
}

/// Put the staged index at `index`: a plain rename when nothing is there, otherwise an
/// atomic exchange, after which the old index (now at the staging path) is removed.
pub(crate) fn swap_into_place(staging: tempfile::TempDir, index: &Path) -> Result<()> {
    let staged = staging.path().to_path_buf();
    if std::fs::symlink_metadata(index).is_err() {
        std::fs::rename(&staged, index)
            .map_err(|e| Error::io(&format!("moving the new index to {}", index.display()), &e))?;
    } else {
        exchange(&staged, index)
            .map_err(|e| Error::io(&format!("swapping the new index into {}", index.display()), &e))?;
    }
    // Either the staging path is gone (rename) or it holds the previous index (exchange);
    // dropping the TempDir removes whatever is there.
    drop(staging);
    if let Some(parent) = index.parent().filter(|p| !p.as_os_str().is_empty()) {
        let _ = std::fs::File::open(parent).and_then(|d| d.sync_all());
    }
    Ok(())
}

fn exchange(a: &Path, b: &Path) -> std::io::Result<()> {
    use std::ffi::CString;
    use std::os::unix::ffi::OsStrExt;
    let a = CString::new(a.as_os_str().as_bytes())?;
    let b = CString::new(b.as_os_str().as_bytes())?;
    // SAFETY: both paths are valid NUL-terminated strings; AT_FDCWD resolves them as given.
    let status =
        unsafe { libc::renameat2(libc::AT_FDCWD, a.as_ptr(), libc::AT_FDCWD, b.as_ptr(), libc::RENAME_EXCHANGE) };
    if status == 0 {
        Ok(())
    } else {
        Err(std::io::Error::last_os_error())
    }
}
