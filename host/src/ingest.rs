//! Trusted ingest: files under the roots the operator named become tables of a new index.
//!
//! Every file is opened through a cap-std [`Dir`] on its root, so no path can leave it
//! (`..`, absolute names and escaping symlinks are impossible by construction, and symlinks
//! are refused outright). DuckDB then reads the file the host already opened, through
//! `/proc/self/fd/<n>`, never a path of its own choosing. The index is built in a temporary
//! folder beside the target and swapped in with one atomic `renameat2(RENAME_EXCHANGE)`,
//! so a failed or killed ingest leaves the previous index as it was.

use std::os::fd::AsRawFd;
use std::path::{Path, PathBuf};

use cap_std::ambient_authority;
use cap_std::fs::Dir;
use sha2::{Digest, Sha256};

use crate::catalog::{Catalog, ColumnEntry, TableEntry, ValueKind, CATALOG_FILE, CATALOG_FORMAT, DATA_FILE};
use crate::error::{Error, Result};

/// File name endings ingest loads.
const LOADABLE: &[&str] = &["csv", "tsv"];

/// A file found under a root, already open.
struct Source {
    /// Path relative to the root, for the catalog and messages.
    relative: String,
    file: cap_std::fs::File,
    extension: String,
}

/// Load `inputs` (files or folders) into a new index at `index`, replacing any index there.
pub fn ingest(index: &Path, inputs: &[PathBuf]) -> Result<Catalog> {
    if inputs.is_empty() {
        return Err(Error::refused("no_inputs", "name at least one file or folder to load").at("PATH"));
    }
    let mut sources = Vec::new();
    for input in inputs {
        collect(input, &mut sources)?;
    }
    if sources.is_empty() {
        return Err(Error::refused("no_inputs", format!("no loadable files ({}) were found", LOADABLE.join(", "))).at("PATH"));
    }
    check_replaceable(index)?;
    let parent = index.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    std::fs::create_dir_all(parent).map_err(|e| Error::io(&format!("creating {}", parent.display()), &e))?;
    let staging = tempfile::Builder::new()
        .prefix(".querycell-ingest-")
        .tempdir_in(parent)
        .map_err(|e| Error::io(&format!("creating a staging folder in {}", parent.display()), &e))?;

    let tables = load_tables(&staging.path().join(DATA_FILE), &sources)?;
    let data = std::fs::read(staging.path().join(DATA_FILE)).map_err(|e| Error::io("reading the new data file", &e))?;
    let catalog = Catalog { format: CATALOG_FORMAT, snapshot: format!("sha256:{}", hex::encode(Sha256::digest(&data))), tables };
    write_synced(&staging.path().join(CATALOG_FILE), serde_json::to_string_pretty(&catalog).expect("catalogs serialise").as_bytes())?;
    sync_path(&staging.path().join(DATA_FILE))?;
    swap_into_place(staging, index)?;
    Ok(catalog)
}

/// Find loadable files under `input`; a file names its own folder as root.
fn collect(input: &Path, sources: &mut Vec<Source>) -> Result<()> {
    let metadata = std::fs::symlink_metadata(input).map_err(|e| {
        Error::refused("input_not_found", format!("{} cannot be read: {e}", input.display())).at("PATH")
    })?;
    if metadata.file_type().is_symlink() {
        return Err(symlink_refused(&input.display().to_string()));
    }
    if metadata.is_dir() {
        let root = Dir::open_ambient_dir(input, ambient_authority()).map_err(|e| Error::io(&format!("opening {}", input.display()), &e))?;
        walk(&root, "", sources)
    } else {
        let parent = input.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
        let name = input.file_name().and_then(|n| n.to_str()).ok_or_else(|| {
            Error::refused("invalid_input", format!("{} is not a file name querycell can use", input.display())).at("PATH")
        })?;
        let root = Dir::open_ambient_dir(parent, ambient_authority()).map_err(|e| Error::io(&format!("opening {}", parent.display()), &e))?;
        match extension_of(name) {
            Some(extension) => open_source(&root, name, name.to_string(), extension, sources),
            None => Err(Error::refused("unsupported_format", format!("{} is not a loadable file", input.display()))
                .at("PATH")
                .hint(format!("loadable endings: {}", LOADABLE.join(", ")))),
        }
    }
}

fn walk(dir: &Dir, prefix: &str, sources: &mut Vec<Source>) -> Result<()> {
    let mut entries: Vec<_> = dir
        .entries()
        .map_err(|e| Error::io(&format!("listing {prefix}"), &e))?
        .collect::<std::io::Result<Vec<_>>>()
        .map_err(|e| Error::io(&format!("listing {prefix}"), &e))?;
    entries.sort_by_key(|e| e.file_name());
    for entry in entries {
        let Some(name) = entry.file_name().to_str().map(str::to_string) else { continue };
        if name.starts_with('.') {
            continue;
        }
        let relative = if prefix.is_empty() { name.clone() } else { format!("{prefix}/{name}") };
        let kind = entry.file_type().map_err(|e| Error::io(&format!("reading {relative}"), &e))?;
        if kind.is_symlink() {
            return Err(symlink_refused(&relative));
        } else if kind.is_dir() {
            let child = dir.open_dir(&name).map_err(|e| Error::io(&format!("opening {relative}"), &e))?;
            walk(&child, &relative, sources)?;
        } else if let Some(extension) = extension_of(&name) {
            open_source(dir, &name, relative, extension, sources)?;
        }
    }
    Ok(())
}

fn open_source(dir: &Dir, name: &str, relative: String, extension: String, sources: &mut Vec<Source>) -> Result<()> {
    let metadata = dir.symlink_metadata(name).map_err(|e| Error::io(&format!("reading {relative}"), &e))?;
    if metadata.file_type().is_symlink() {
        return Err(symlink_refused(&relative));
    }
    let file = dir.open(name).map_err(|e| Error::io(&format!("opening {relative}"), &e))?;
    sources.push(Source { relative, file, extension });
    Ok(())
}

fn symlink_refused(path: &str) -> Error {
    Error::refused("symlink_refused", format!("{path} is a symbolic link; ingest reads only real files under the root"))
        .at("PATH")
        .hint("copy the file under the folder you ingest, or name its real location")
}

fn extension_of(name: &str) -> Option<String> {
    let extension = name.rsplit_once('.')?.1.to_ascii_lowercase();
    LOADABLE.contains(&extension.as_str()).then_some(extension)
}

/// Refuse to replace anything that is not a querycell index (or empty).
fn check_replaceable(index: &Path) -> Result<()> {
    match std::fs::symlink_metadata(index) {
        Err(_) => Ok(()),
        Ok(m) if m.is_dir() => {
            let is_index = index.join(CATALOG_FILE).is_file();
            let is_empty = std::fs::read_dir(index).map(|mut d| d.next().is_none()).unwrap_or(false);
            if is_index || is_empty {
                Ok(())
            } else {
                Err(Error::refused("index_path_in_use", format!("{} exists and is not a querycell index; it will not be replaced", index.display()))
                    .at("--index")
                    .hint("choose a new folder for the index"))
            }
        }
        Ok(_) => Err(Error::refused("index_path_in_use", format!("{} exists and is not a folder", index.display())).at("--index")),
    }
}

/// Create every table in a new DuckDB file, then close it (checkpointing the data).
fn load_tables(data_file: &Path, sources: &[Source]) -> Result<Vec<TableEntry>> {
    let connection = duckdb::Connection::open(data_file).map_err(|e| Error::internal("ingest_failed", format!("creating the data file: {e}")))?;
    connection
        .execute_batch("SET autoinstall_known_extensions = false; SET autoload_known_extensions = false;")
        .map_err(|e| Error::internal("ingest_failed", e.to_string()))?;
    let mut tables: Vec<TableEntry> = Vec::new();
    for source in sources {
        let name = unique(normalize_identifier(stem(&source.relative), "table"), tables.iter().map(|t| t.name.as_str()));
        tables.push(load_table(&connection, source, name)?);
    }
    connection.execute_batch("CHECKPOINT").map_err(|e| Error::internal("ingest_failed", e.to_string()))?;
    connection.close().map_err(|(_, e)| Error::internal("ingest_failed", format!("closing the data file: {e}")))?;
    Ok(tables)
}

fn load_table(connection: &duckdb::Connection, source: &Source, name: String) -> Result<TableEntry> {
    let failed = |e: duckdb::Error| {
        Error::refused("ingest_failed", format!("{} could not be loaded: {e}", source.relative)).at("PATH")
    };
    // DuckDB reads the descriptor the host opened under the root (Linux /proc/self/fd).
    let descriptor_path = format!("/proc/self/fd/{}", source.file.as_raw_fd());
    let delimiter = if source.extension == "tsv" { ", delim = '\\t'" } else { "" };
    let reader = format!("read_csv('{descriptor_path}', header = true, auto_detect = true{delimiter})");

    let mut described = connection.prepare(&format!("DESCRIBE SELECT * FROM {reader}")).map_err(failed)?;
    let headers: Vec<(String, String)> = described
        .query_map([], |row| Ok((row.get::<_, String>(0)?, row.get::<_, String>(1)?)))
        .map_err(failed)?
        .collect::<std::result::Result<_, _>>()
        .map_err(failed)?;
    let mut columns: Vec<ColumnEntry> = Vec::new();
    for (header, sql_type) in headers {
        let column_name = unique(normalize_identifier(&header, "column"), columns.iter().map(|c| c.name.as_str()));
        columns.push(ColumnEntry { kind: ValueKind::of_sql_type(&sql_type), name: column_name, display_name: header, sql_type });
    }
    let select_list = columns.iter().map(|c| format!("{} AS {}", quote(&c.display_name), quote(&c.name))).collect::<Vec<_>>().join(", ");
    connection
        .execute_batch(&format!("CREATE TABLE {} AS SELECT {select_list} FROM {reader}", quote(&name)))
        .map_err(failed)?;
    let row_count: i64 = connection.query_row(&format!("SELECT count(*) FROM {}", quote(&name)), [], |r| r.get(0)).map_err(failed)?;
    Ok(TableEntry { name, source: source.relative.clone(), row_count: row_count as u64, columns })
}

fn quote(identifier: &str) -> String {
    format!("\"{}\"", identifier.replace('"', "\"\""))
}

fn stem(relative: &str) -> &str {
    let file = relative.rsplit('/').next().unwrap_or(relative);
    file.rsplit_once('.').map(|(s, _)| s).unwrap_or(file)
}

/// Words that stay usable unquoted in SQL mode get a trailing `_` when they would clash.
const RESERVED: &[&str] = &[
    "all", "and", "any", "as", "asc", "between", "by", "case", "cast", "create", "cross", "default", "delete", "desc", "distinct", "drop",
    "else", "end", "except", "false", "from", "full", "group", "having", "in", "inner", "insert", "intersect", "into", "is", "join",
    "left", "like", "limit", "not", "null", "offset", "on", "or", "order", "outer", "qualify", "right", "select", "table", "then",
    "true", "union", "update", "using", "when", "where", "window", "with",
];

/// A stable SQL identifier for header or file-stem text: lowercase ASCII letters, digits and
/// `_`, runs of anything else folded to one `_`, never empty, never starting with a digit,
/// never a reserved word.
pub fn normalize_identifier(text: &str, fallback: &str) -> String {
    let mut out = String::new();
    for c in text.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.ends_with('_') {
            out.push('_');
        }
    }
    let trimmed = out.trim_matches('_');
    let mut name = if trimmed.is_empty() { fallback.to_string() } else { trimmed.to_string() };
    if name.starts_with(|c: char| c.is_ascii_digit()) {
        name = format!("{}_{name}", &fallback[..1]);
    }
    if RESERVED.contains(&name.as_str()) {
        name.push('_');
    }
    name
}

/// `name`, or `name_2`, `name_3`, … if taken.
fn unique<'a>(name: String, taken: impl Iterator<Item = &'a str> + Clone) -> String {
    if !taken.clone().any(|t| t == name) {
        return name;
    }
    (2..).map(|n| format!("{name}_{n}")).find(|candidate| !taken.clone().any(|t| t == candidate)).expect("some suffix is free")
}

fn write_synced(path: &Path, bytes: &[u8]) -> Result<()> {
    use std::io::Write;
    let mut file = std::fs::File::create(path).map_err(|e| Error::io(&format!("creating {}", path.display()), &e))?;
    file.write_all(bytes).and_then(|_| file.sync_all()).map_err(|e| Error::io(&format!("writing {}", path.display()), &e))
}

fn sync_path(path: &Path) -> Result<()> {
    std::fs::File::open(path).and_then(|f| f.sync_all()).map_err(|e| Error::io(&format!("syncing {}", path.display()), &e))
}

/// Put the staged index at `index`: a plain rename when nothing is there, otherwise an
/// atomic exchange, after which the old index (now in the staging path) is removed.
fn swap_into_place(staging: tempfile::TempDir, index: &Path) -> Result<()> {
    let staged = staging.path().to_path_buf();
    if std::fs::symlink_metadata(index).is_err() {
        std::fs::rename(&staged, index).map_err(|e| Error::io(&format!("moving the new index to {}", index.display()), &e))?;
        // The staging path no longer exists; TempDir's cleanup finds nothing.
        drop(staging);
    } else {
        exchange(&staged, index).map_err(|e| Error::io(&format!("swapping the new index into {}", index.display()), &e))?;
        // `staging` now holds the previous index; dropping it removes it.
        drop(staging);
    }
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
    let status = unsafe { libc::renameat2(libc::AT_FDCWD, a.as_ptr(), libc::AT_FDCWD, b.as_ptr(), libc::RENAME_EXCHANGE) };
    if status == 0 {
        Ok(())
    } else {
        Err(std::io::Error::last_os_error())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn identifiers_are_normalised() {
        assert_eq!(normalize_identifier("Customer ID", "column"), "customer_id");
        assert_eq!(normalize_identifier("  --Total $ (EUR)--", "column"), "total_eur");
        assert_eq!(normalize_identifier("2024 sales", "table"), "t_2024_sales");
        assert_eq!(normalize_identifier("!!!", "column"), "column");
        assert_eq!(normalize_identifier("Order", "column"), "order_");
    }

    #[test]
    fn duplicates_get_a_suffix() {
        let taken = ["team", "team_2"];
        assert_eq!(unique("team".into(), taken.iter().copied()), "team_3");
        assert_eq!(unique("region".into(), taken.iter().copied()), "region");
    }
}
