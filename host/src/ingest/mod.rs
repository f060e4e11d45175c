//! Trusted ingest: files under the roots the operator named become tables of a new index.
//!
//! - [`sources`]: confinement (cap-std `Dir` per root, no symlinks), format detection, and
//!   the list of what was skipped and why.
//! - [`sidecar`]: `querycell.toml` overrides beside the data.
//! - [`encoding`]: CSV/TSV files in windows-1252, latin-1 or UTF-16, transcoded to UTF-8
//!   in the staging folder (the file on disk never changes).
//! - [`layout`]: where the table sits in a CSV or sheet (delimiter, header, title rows,
//!   totals rows, ragged lines), every decision recorded.
//! - [`types`]: careful, recorded type decisions for text sources.
//! - [`numbers`]: which marks a column's numbers use (decimal comma, thousands separators).
//! - [`excel`]: `.xlsx` sheets through calamine.
//! - [`load`]: per-source loading, allowed-value checks and statistics.
//! - [`names`]: the field map from headers to SQL identifiers.
//! - [`staging`]: the locked folder a new index is built in, and cleanup of abandoned ones.
//! - [`relationships`]: declared relationships verified (unique, present keys; counts of the
//!   rows that reach nothing), and undeclared ones seen in the data suggested.
//! - [`metrics`]: declared metrics gathered, each compiled before the index is published.
//!
//! The index is built in a temporary folder beside the target and swapped in with one atomic
//! `renameat2(RENAME_EXCHANGE)`, so a failed or killed ingest leaves the previous index as
//! it was. A folder that is not a querycell index is never replaced.

pub mod encoding;
pub mod excel;
pub mod layout;
pub mod load;
pub mod metrics;
pub mod names;
pub mod numbers;
pub mod relationships;
pub mod sidecar;
pub mod sources;
pub mod spark;
pub mod staging;
pub mod types;

use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::catalog::{Catalog, MetricEntry, Skipped, TableEntry, CATALOG_FILE, CATALOG_FORMAT, DATA_FILE};
use crate::duck::{Access, Database};
use crate::error::{Code, Error, ErrorClass, Result};

pub use names::normalize_identifier;

/// Load `inputs` (files or folders) into a new index at `index`, replacing any index there.
/// The catalog returned (and written) records what was decided about each table
/// (`decisions`) and what under the folders was not loaded (`skipped`).
pub fn ingest(index: &Path, inputs: &[PathBuf]) -> Result<Catalog> {
    if inputs.is_empty() {
        return Err(Error::new(Code::NoInputs, "name at least one file or folder to load").at("inputs"));
    }
    let mut found = sources::Found::default();
    for input in inputs {
        sources::collect(input, &mut found)?;
    }
    if found.sources.is_empty() {
        return Err(nothing_found(inputs, &found));
    }
    check_replaceable(index)?;
    let parent = index.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    std::fs::create_dir_all(parent).map_err(|e| Error::io(&format!("creating {}", parent.display()), &e))?;
    let staging = staging::Staging::create(parent)?;
    let scratch = staging.path().join("scratch");
    std::fs::create_dir(&scratch).map_err(|e| Error::io("creating the scratch folder", &e))?;

    let data_file = staging.path().join(DATA_FILE);
    let settings =
        ["SET autoinstall_known_extensions = false".to_string(), "SET autoload_known_extensions = false".to_string()];
    let connection = Database::open(&data_file, Access::ReadWrite, &settings).map_err(|e| {
        Error::classed(ErrorClass::Internal, Code::IngestFailed, format!("creating the data file: {e}"))
    })?;
    let mut tables: Vec<TableEntry> = Vec::new();
    let mut skipped = std::mem::take(&mut found.skipped);
    let mut names: Vec<(String, String)> = Vec::new();
    // Which root each table came from: its querycell.toml is the one that configures it.
    let mut table_roots: Vec<usize> = Vec::new();
    for source in &found.sources {
        let progress = Progress::start(&source.relative);
        let loaded =
            load::load_source(&connection, source, &found.roots[source.root], &scratch, &mut names, &mut skipped);
        progress.finish();
        let loaded = loaded?;
        table_roots.extend(loaded.iter().map(|_| source.root));
        tables.extend(loaded);
    }
    if tables.is_empty() {
        return Err(Error::new(Code::NoInputs, "every file found is empty: there is no table to load")
            .at(inputs.iter().map(|p| p.display().to_string()).collect::<Vec<_>>().join(", "))
            .hint(skipped.iter().map(|s| format!("{}: {}", s.path, s.reason)).collect::<Vec<_>>().join("; ")));
    }
    check_sidecars_match(&found.roots, &tables, &table_roots)?;
    let mut catalog = linked_catalog(&connection, tables, skipped, &found.roots)?;
    catalog.index_id = Some(index_id_for(index));
    connection
        .execute_batch("CHECKPOINT")
        .map_err(|e| Error::classed(ErrorClass::Internal, Code::IngestFailed, e.to_string()))?;
    // Closed before the file is hashed and swapped in; the query side opens it afterwards.
    drop(connection);
    std::fs::remove_dir_all(&scratch).map_err(|e| Error::io("removing the scratch folder", &e))?;

    write_synced(
        &staging.path().join(CATALOG_FILE),
        serde_json::to_string_pretty(&catalog).expect("catalogs serialise").as_bytes(),
    )?;
    sync_path(&data_file)?;
    swap_into_place(staging.into_finished()?, index)?;
    Ok(catalog)
}

/// `no_inputs` for folders that held nothing loadable, naming a few of the files skipped.
fn nothing_found(inputs: &[PathBuf], found: &sources::Found) -> Error {
    let named = inputs.iter().map(|p| p.display().to_string()).collect::<Vec<_>>().join(", ");
    let error =
        Error::new(Code::NoInputs, format!("no loadable files ({}) were found in {named}", sources::Format::ENDINGS))
            .at(named.as_str());
    if found.skipped.is_empty() {
        return error;
    }
    let listed: Vec<String> = found.skipped.iter().take(5).map(|s| format!("{}: {}", s.path, s.reason)).collect();
    let more = found.skipped.len().saturating_sub(listed.len());
    error.hint(format!(
        "skipped {}{}",
        listed.join("; "),
        if more > 0 { format!("; and {more} more") } else { String::new() }
    ))
}

/// The catalog of the loaded `tables`: the declared relationships verified and counted,
/// those the data shows suggested, the metrics gathered and each compiled. Run before the
/// index is published, so a declaration that cannot stand leaves the previous index in place.
fn linked_catalog(
    connection: &Database,
    mut tables: Vec<TableEntry>,
    skipped: Vec<Skipped>,
    roots: &[sources::Root],
) -> Result<Catalog> {
    let defined = metrics::gather(roots)?;
    let run = relationships::Engine::duckdb(connection);
    let engine = relationships::Engine { run: &run, quote: types::quote };
    let relationships = relationships::verify(&engine, &tables, &relationships::gather(roots))?;
    relationships::suggest(connection, &mut tables, &relationships)?;
    let metrics: Vec<MetricEntry> = defined.iter().map(|d| d.entry.clone()).collect();
    let catalog = Catalog {
        format: CATALOG_FORMAT,
        snapshot: Catalog::snapshot_with(&tables, &relationships, &metrics),
        // Given when the index is written into its folder ([`index_id_for`]).
        index_id: None,
        tables,
        skipped,
        spark: None,
        relationships,
        metrics,
    };
    metrics::check(&catalog, &defined)?;
    Ok(catalog)
}

/// Put an index that is a catalog alone (its tables live elsewhere: `ingest --spark`) at
/// `index`, replacing any index there the way [`ingest`] does. Returns the catalog as
/// written, with the index's id.
pub fn publish_catalog(index: &Path, mut catalog: Catalog) -> Result<Catalog> {
    check_replaceable(index)?;
    catalog.index_id = Some(index_id_for(index));
    let parent = index.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    std::fs::create_dir_all(parent).map_err(|e| Error::io(&format!("creating {}", parent.display()), &e))?;
    let staging = staging::Staging::create(parent)?;
    write_synced(
        &staging.path().join(CATALOG_FILE),
        serde_json::to_string_pretty(&catalog).expect("catalogs serialise").as_bytes(),
    )?;
    swap_into_place(staging.into_finished()?, index)?;
    Ok(catalog)
}

/// The id of the index at `index`: the one its current catalog carries, so every ingest
/// into a folder keeps it, or a new random one for a new index (or one written before ids
/// existed). A receipt carries it, and `querycell verify` tells this index's later data
/// from another index by it.
fn index_id_for(index: &Path) -> String {
    let kept = std::fs::read(index.join(CATALOG_FILE))
        .ok()
        .and_then(|bytes| serde_json::from_slice::<serde_json::Value>(&bytes).ok())
        .and_then(|catalog| catalog.get("index_id")?.as_str().map(str::to_string));
    kept.unwrap_or_else(|| format!("idx-{}", uuid::Uuid::new_v4()))
}

/// Every table and column a `querycell.toml` names must exist: a typo must not silently
/// leave a column unprotected or untyped.
fn check_sidecars_match(roots: &[sources::Root], tables: &[TableEntry], table_roots: &[usize]) -> Result<()> {
    for (i, root) in roots.iter().enumerate() {
        let root_tables: Vec<&TableEntry> =
            tables.iter().zip(table_roots).filter(|(_, r)| **r == i).map(|(t, _)| t).collect();
        for (table_name, over) in &root.sidecar.tables {
            let Some(table) = root_tables.iter().find(|t| &t.name == table_name) else {
                return Err(Error::new(
                    Code::SidecarUnknownTable,
                    format!("querycell.toml in {} configures table '{table_name}', which was not loaded", root.label),
                )
                .at(&root.sidecar_path)
                .hint(format!(
                    "tables loaded from there: {}",
                    root_tables.iter().map(|t| t.name.as_str()).collect::<Vec<_>>().join(", ")
                )));
            };
            for (column_name, column_over) in &over.columns {
                if column_over.hidden {
                    continue;
                }
                if !table.columns.iter().any(|c| &c.name == column_name) {
                    return Err(Error::new(
                        Code::SidecarUnknownColumn,
                        format!("{} configures {table_name}.{column_name}, which does not exist", root.sidecar_path),
                    )
                    .at(&root.sidecar_path)
                    .hint(format!(
                        "columns of {table_name}: {}",
                        table.columns.iter().map(|c| c.name.as_str()).collect::<Vec<_>>().join(", ")
                    )));
                }
            }
        }
    }
    Ok(())
}

/// A progress spinner on a terminal, shown only once a file has taken more than a second.
struct Progress {
    bar: indicatif::ProgressBar,
}

impl Progress {
    fn start(what: &str) -> Progress {
        let bar = indicatif::ProgressBar::hidden();
        if std::io::stderr().is_terminal() {
            bar.set_message(format!("loading {what}"));
            let shown = bar.clone();
            std::thread::spawn(move || {
                std::thread::sleep(Duration::from_secs(1));
                if !shown.is_finished() {
                    shown.set_draw_target(indicatif::ProgressDrawTarget::stderr());
                    shown.enable_steady_tick(Duration::from_millis(120));
                }
            });
        }
        Progress { bar }
    }

    fn finish(self) {
        self.bar.finish_and_clear();
    }
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

fn write_synced(path: &Path, bytes: &[u8]) -> Result<()> {
    use std::io::Write;
    let mut file = std::fs::File::create(path).map_err(|e| Error::io(&format!("creating {}", path.display()), &e))?;
    file.write_all(bytes)
        .and_then(|_| file.sync_all())
        .map_err(|e| Error::io(&format!("writing {}", path.display()), &e))
}

fn sync_path(path: &Path) -> Result<()> {
    std::fs::File::open(path)
        .and_then(|f| f.sync_all())
        .map_err(|e| Error::io(&format!("syncing {}", path.display()), &e))
}

/// Put the staged index at `index`: a plain rename when nothing is there, otherwise an
/// atomic exchange, after which the old index (now at the staging path) is removed.
fn swap_into_place(staging: tempfile::TempDir, index: &Path) -> Result<()> {
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
