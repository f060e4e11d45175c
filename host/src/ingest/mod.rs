//! Trusted ingest: files under the roots the operator named become tables of a new index,
//! through a one-way pipeline of phases, split the way DuckDB's CSV sniffer is (dialect,
//! header, type detection, type refinement, then the load). [`ingest()`] is the one
//! orchestrator; a phase uses the output types of the phases before it, never the reverse
//! (`tests/all/repo/layers.rs` fails on any cycle between files).
//!
//! 1. [`sources`]: the files under each root (a cap-std `Dir` per root, no symlinks), their
//!    formats, and what was skipped and why; each root's [`sidecar`] (`querycell.toml`).
//! 2. [`transcode`]: CSV/TSV files in windows-1252, latin-1 or UTF-16 (see [`encoding`]), and
//!    JSON files that start with a byte-order mark, copied as UTF-8 into the staging folder
//!    (the file on disk never changes).
//! 3. [`layout`]: where the table sits in a CSV or an [`excel`] sheet (the dialect, the
//!    header and the title rows above it, and once the text is loaded the empty, repeated
//!    and totals rows below the data), ragged lines named in words, every decision recorded.
//! 4. [`column_types`]: careful, recorded type decisions for each text column, [`numbers`]
//!    saying how its numbers are written (decimal comma, thousands separators).
//! 5. [`load`]: each source's tables written (text tables straight, checked as they load, or
//!    profiled; typed sources with their own types), with catalog entries and statistics.
//! 6. [`relationships`] ([`declared`] in the sidecars, their names checked) verified (unique, present keys; counts of the rows that reach
//!    nothing) and suggested, [`metrics`] compiled, then the index published: built in a
//!    [`staging`] folder beside the target and swapped in with one atomic
//!    `renameat2(RENAME_EXCHANGE)`, so a failed or killed ingest leaves the previous index as
//!    it was. A folder that is not a querycell index is never replaced.
//!
//! Leaves any phase may use: [`names`] (headers and file stems to SQL identifiers),
//! [`padding`] (SQL reading a cell's padding as DuckDB's `trim` does) and [`failure`] (a
//! DuckDB failure in the operator's words). [`spark`] builds a catalog from a Spark cluster's
//! metadata instead.

pub mod column_types;
pub mod declared;
pub mod encoding;
pub mod excel;
pub mod failure;
pub mod layout;
pub mod load;
pub mod metrics;
pub mod names;
pub mod numbers;
pub mod padding;
mod publish;
pub mod relationships;
pub mod sidecar;
pub mod sources;
pub mod spark;
pub mod staging;
pub mod transcode;

use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::time::Duration;

use querycell_contract::quote;

use crate::catalog::{Catalog, MetricEntry, Skipped, TableEntry, CATALOG_FILE, CATALOG_FORMAT, DATA_FILE};
use crate::duck::{Access, Database};
use crate::error::{Code, Error, ErrorClass, Result};
use publish::{check_replaceable, index_id_for, swap_into_place, sync_path, write_synced};

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
        let loaded = load::one_source::load_source(
            &connection,
            source,
            &found.roots[source.root],
            &scratch,
            &mut names,
            &mut skipped,
        );
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
    let engine = relationships::Engine { run: &run, quote: quote::identifier };
    let relationships = relationships::verify(&engine, &tables, &declared::gather(roots))?;
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
