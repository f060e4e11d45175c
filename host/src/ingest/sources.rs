//! Finding input files under the roots the operator named, through cap-std: a folder is a
//! root; a file's root is its own folder. Nothing outside a root can be opened (`..`,
//! absolute names and escaping symlinks are impossible by construction), and symbolic links
//! are refused outright, so what is loaded is exactly what sits under the root.
//!
//! Everything under a folder that is not loaded is listed with its reason ([`Skipped`]):
//! hidden entries, unknown endings, special files, the root's own `querycell.toml` and any
//! nested one (which is not read), so a table that is missing has a visible cause.

use std::path::Path;

use cap_std::ambient_authority;
use cap_std::fs::Dir;

use super::sidecar::{Sidecar, SIDECAR_FILE};
use crate::catalog::Skipped;
use crate::error::{Code, Error, Result};

/// A file format ingest loads, known by the file's ending.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// Delimited text (`.csv`); the delimiter is detected unless `querycell.toml` sets it.
    Csv,
    /// Tab-separated text (`.tsv`, `.tab`).
    Tsv,
    /// Apache Parquet (`.parquet`): types come from its schema.
    Parquet,
    /// A JSON document (`.json`), read by DuckDB's JSON reader.
    Json,
    /// Newline-delimited JSON (`.ndjson`, `.jsonl`): one object per line.
    Ndjson,
    /// An Excel workbook (`.xlsx`): one table per sheet.
    Xlsx,
}

impl Format {
    /// Every file ending ingest loads, for messages and hints.
    pub const ENDINGS: &'static str = ".csv, .tsv, .tab, .parquet, .json, .ndjson, .jsonl, .xlsx";

    fn of(name: &str) -> Option<Format> {
        let extension = name.rsplit_once('.')?.1.to_ascii_lowercase();
        Some(match extension.as_str() {
            "csv" => Format::Csv,
            "tsv" | "tab" => Format::Tsv,
            "parquet" => Format::Parquet,
            "json" => Format::Json,
            "ndjson" | "jsonl" => Format::Ndjson,
            "xlsx" => Format::Xlsx,
            _ => return None,
        })
    }

    /// The format's name as the catalog records it (`csv`, `xlsx`, ...).
    pub fn name(self) -> &'static str {
        match self {
            Format::Csv => "csv",
            Format::Tsv => "tsv",
            Format::Parquet => "parquet",
            Format::Json => "json",
            Format::Ndjson => "ndjson",
            Format::Xlsx => "xlsx",
        }
    }
}

/// A root and the overrides of its `querycell.toml`.
pub struct Root {
    /// The root's path as the operator named it (for a named file, its folder).
    pub label: String,
    /// Its `querycell.toml` settings (all unset when it has none).
    pub sidecar: Sidecar,
    /// Where that `querycell.toml` is (or would be), for messages about its settings.
    pub sidecar_path: String,
}

/// A file found under a root, already open.
pub struct Source {
    /// Its root: an index into [`Found::roots`].
    pub root: usize,
    /// Path relative to the root, for the catalog.
    pub relative: String,
    /// The path as the operator named it (root, then the relative path), for messages.
    pub shown: String,
    /// The file, opened through its root's directory handle: what DuckDB and calamine read.
    pub file: cap_std::fs::File,
    /// Its format, from its ending.
    pub format: Format,
}

/// What one input led to: its roots, the files to load, and what was passed over.
#[derive(Default)]
pub struct Found {
    /// Every root registered, in the order the inputs were named.
    pub roots: Vec<Root>,
    /// Every file to load, in the order found (by name within each folder).
    pub sources: Vec<Source>,
    /// What under the roots was not loaded, each with its reason.
    pub skipped: Vec<Skipped>,
}

/// Collect the loadable files under `input` into `found`, registering its root.
pub fn collect(input: &Path, found: &mut Found) -> Result<()> {
    if input.components().any(|c| matches!(c, std::path::Component::ParentDir)) {
        return Err(Error::new(Code::PathEscapesRoot, format!("{} contains '..'", input.display()))
            .at(input.display().to_string())
            .hint("name the folder or file directly, without '..'"));
    }
    let metadata = std::fs::symlink_metadata(input).map_err(|e| {
        Error::new(Code::InputNotFound, format!("{} cannot be read: {e}", input.display()))
            .at(input.display().to_string())
    })?;
    if metadata.file_type().is_symlink() {
        return Err(symlink_refused(&input.display().to_string()));
    }
    let (root_path, only) = if metadata.is_dir() {
        (input.to_path_buf(), None)
    } else {
        let parent = input.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new(".")).to_path_buf();
        let name = input.file_name().and_then(|n| n.to_str()).ok_or_else(|| {
            Error::new(Code::InvalidInput, format!("{} is not a file name querycell can use", input.display()))
                .at(input.display().to_string())
        })?;
        if Format::of(name).is_none() {
            return Err(Error::new(Code::UnsupportedFormat, format!("{} is not a loadable file", input.display()))
                .at(input.display().to_string())
                .hint(format!("loadable endings: {}", Format::ENDINGS)));
        }
        (parent, Some(name.to_string()))
    };
    let dir = Dir::open_ambient_dir(&root_path, ambient_authority())
        .map_err(|e| Error::io(&format!("opening {}", root_path.display()), &e))?;
    let sidecar_path = root_path.join(SIDECAR_FILE).display().to_string();
    let sidecar = match dir.read_to_string(SIDECAR_FILE) {
        Ok(text) => Sidecar::parse(&text, &sidecar_path)?,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Sidecar::default(),
        Err(e) => return Err(Error::io(&format!("reading {sidecar_path}"), &e)),
    };
    let label = root_path.display().to_string();
    found.roots.push(Root { label: label.clone(), sidecar, sidecar_path });
    let root = (found.roots.len() - 1, label.as_str());
    match only {
        Some(name) => open_source(&dir, &name, name.clone(), root, &mut found.sources),
        None => walk(&dir, "", root, found),
    }
}

/// A root: its index in the list of roots, and its path as the operator named it.
type RootRef<'a> = (usize, &'a str);

fn walk(dir: &Dir, prefix: &str, root: RootRef<'_>, found: &mut Found) -> Result<()> {
    let listing = |e: std::io::Error| Error::io(&format!("listing {}", shown(root, prefix)), &e);
    let mut entries: Vec<_> = dir.entries().map_err(listing)?.collect::<std::io::Result<Vec<_>>>().map_err(listing)?;
    entries.sort_by_key(|e| e.file_name());
    for entry in entries {
        let file_name = entry.file_name();
        let name = file_name.to_string_lossy().into_owned();
        let relative = if prefix.is_empty() { name.clone() } else { format!("{prefix}/{name}") };
        let mut skip = |reason: String| found.skipped.push(Skipped { path: shown(root, &relative), reason });
        if file_name.to_str().is_none() {
            skip("the name is not valid UTF-8, so no table name can be made from it".into());
            continue;
        }
        let kind = entry.file_type().map_err(|e| Error::io(&format!("reading {}", shown(root, &relative)), &e))?;
        if kind.is_symlink() {
            // Refused rather than skipped: a link under the data folder was put there to be
            // loaded, and leaving its table out would be a silently different index.
            return Err(symlink_refused(&shown(root, &relative)));
        }
        if name.starts_with('.') {
            skip(format!(
                "hidden {} (the name starts with '.')",
                if kind.is_dir() { "folder, not searched" } else { "file" }
            ));
        } else if kind.is_dir() {
            let child =
                dir.open_dir(&name).map_err(|e| Error::io(&format!("opening {}", shown(root, &relative)), &e))?;
            walk(&child, &relative, root, found)?;
        } else if name == SIDECAR_FILE {
            if prefix.is_empty() {
                skip("the settings of this folder (read as settings, not data)".into());
            } else {
                skip(format!("not read: only the querycell.toml at the root ({}) applies", shown(root, SIDECAR_FILE)));
            }
        } else if !kind.is_file() {
            skip("not a regular file (a pipe, socket or device)".into());
        } else if Format::of(&name).is_some() {
            open_source(dir, &name, relative, root, &mut found.sources)?;
        } else {
            let ending = name
                .rsplit_once('.')
                .map(|(_, e)| format!("the ending .{e} is not a loadable format"))
                .unwrap_or_else(|| "no file ending".into());
            skip(format!("{ending} (loadable: {})", Format::ENDINGS));
        }
    }
    Ok(())
}

fn open_source(dir: &Dir, name: &str, relative: String, root: RootRef<'_>, sources: &mut Vec<Source>) -> Result<()> {
    let shown = shown(root, &relative);
    let metadata = dir.symlink_metadata(name).map_err(|e| Error::io(&format!("reading {shown}"), &e))?;
    if metadata.file_type().is_symlink() {
        return Err(symlink_refused(&shown));
    }
    if !metadata.is_file() {
        // Opening a pipe would wait for a writer forever.
        return Err(Error::new(
            Code::UnsupportedFormat,
            format!("{shown} is not a regular file (a folder, pipe, socket or device)"),
        )
        .at(&shown));
    }
    let file = dir.open(name).map_err(|e| Error::io(&format!("opening {shown}"), &e))?;
    let format = Format::of(name).expect("callers pass loadable names");
    sources.push(Source { root: root.0, relative, shown, file, format });
    Ok(())
}

fn shown(root: RootRef<'_>, relative: &str) -> String {
    Path::new(root.1).join(relative).display().to_string()
}

fn symlink_refused(path: &str) -> Error {
    Error::new(Code::SymlinkRefused, format!("{path} is a symbolic link; ingest reads only real files under the root"))
        .at(path)
        .hint("copy the file under the folder you ingest, or name its real location")
}
