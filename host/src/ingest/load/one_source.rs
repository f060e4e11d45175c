//! One source's tables: which load each format takes (a CSV/TSV file, each sheet of a
//! workbook, a Parquet or JSON file), after its transcoding where it needs one, and the name
//! each table gets.

use std::os::fd::AsRawFd;
use std::path::Path;

use super::text_table::load_text_table;
use super::typed_sources;
use crate::catalog::{Skipped, TableEntry};
use crate::duck::Database as Connection;
use crate::error::{Error, Result};
use crate::ingest::excel::Workbook;
use crate::ingest::layout::text_layout;
use crate::ingest::names::{normalize_identifier, unique};
use crate::ingest::sources::{Format, Root, Source};
use crate::ingest::transcode;

/// Load `source` into its tables. `taken` holds the table names given so far, each with the
/// file (or sheet) it came from; the new tables are added to it. Empty sheets and empty
/// files go to `skipped`.
pub fn load_source(
    connection: &Connection,
    source: &Source,
    root: &Root,
    staging: &Path,
    taken: &mut Vec<(String, String)>,
    skipped: &mut Vec<Skipped>,
) -> Result<Vec<TableEntry>> {
    let stem = {
        let file = source.relative.rsplit('/').next().unwrap_or(&source.relative);
        file.rsplit_once('.').map(|(s, _)| s).unwrap_or(file).to_string()
    };
    let mut loading = Loading { connection, source, root, stem, staging, taken, skipped };
    match source.format {
        Format::Csv | Format::Tsv => Ok(loading.csv()?.into_iter().collect()),
        Format::Xlsx => loading.sheets(),
        Format::Json | Format::Ndjson if typed_sources::only_white_space(source)? => {
            loading
                .skipped
                .push(Skipped { path: source.shown.clone(), reason: "the file is empty (no records)".into() });
            Ok(Vec::new())
        }
        Format::Parquet | Format::Json | Format::Ndjson => Ok(vec![loading.typed()?]),
    }
}

/// One source being loaded: what each format's load reads, and the lists it adds to (see
/// [`load_source`]).
struct Loading<'a> {
    connection: &'a Connection,
    source: &'a Source,
    root: &'a Root,
    /// The file's name without its folder and ending: the table's name, or its start.
    stem: String,
    staging: &'a Path,
    taken: &'a mut Vec<(String, String)>,
    skipped: &'a mut Vec<Skipped>,
}

impl Loading<'_> {
    /// The CSV/TSV source as table `stem` (or the name it gets); `None` when the file is
    /// empty, which goes to `skipped`.
    fn csv(&mut self) -> Result<Option<TableEntry>> {
        let (connection, root) = (self.connection, self.root);
        let sidecar = &root.sidecar;
        let (name, note) = name_table(&self.stem, self.source.shown.clone(), self.taken);
        let over = sidecar.table(&name);
        // A file in another encoding is loaded from its UTF-8 copy in the staging folder.
        let setting = sidecar.encoding(&over, &name, &root.sidecar_path);
        let transcoded = transcode::prepare(self.source, setting.as_ref(), self.staging)?;
        let (source, encoding_note) = match &transcoded {
            Some(copy) => (&copy.source, Some(copy.note.clone())),
            None => (self.source, None),
        };
        let descriptor = format!("/proc/self/fd/{}", source.file.as_raw_fd());
        let Some(layout) = text_layout::csv(connection, &descriptor, source, &over, &name)? else {
            self.taken.pop();
            let reason = "the file is empty (no header, no data)".into();
            self.skipped.push(Skipped { path: source.shown.clone(), reason });
            return Ok(None);
        };
        let mut entry = load_text_table(connection, &name, &layout, source, sidecar, &over)?;
        entry.decisions.splice(0..0, note.into_iter().chain(encoding_note));
        Ok(Some(entry))
    }

    /// Each sheet of the workbook source as table `<stem>_<sheet>` (or the name it gets); an
    /// empty sheet goes to `skipped`.
    fn sheets(&mut self) -> Result<Vec<TableEntry>> {
        let (source, root) = (self.source, self.root);
        let mut tables = Vec::new();
        let file = source.file.try_clone().map_err(|e| Error::io(&format!("reading {}", source.shown), &e))?.into_std();
        let mut workbook = Workbook::open(file, &source.shown)?;
        for (i, sheet_name) in workbook.sheet_names().into_iter().enumerate() {
            let from = format!("{} (sheet {sheet_name})", source.shown);
            let Some(sheet) = workbook.sheet(&sheet_name)? else {
                self.skipped.push(Skipped { path: from, reason: "the sheet is empty".into() });
                continue;
            };
            let (name, note) = name_table(&format!("{}_{sheet_name}", self.stem), from, self.taken);
            let over = root.sidecar.table(&name);
            text_layout::check_keys_apply(&over, &name, source, &root.sidecar_path)?;
            let staged = self.staging.join(format!("sheet-{i}.csv"));
            let layout = text_layout::sheet(&sheet, &over, &source.shown, &staged)?;
            let mut entry = load_text_table(self.connection, &name, &layout, source, &root.sidecar, &over)?;
            entry.source = format!("{} (sheet {sheet_name})", source.relative);
            entry.decisions.splice(0..0, note.into_iter().chain(workbook.date_system_decision()));
            tables.push(entry);
        }
        Ok(tables)
    }

    /// The Parquet, JSON or NDJSON source as table `stem` (or the name it gets).
    fn typed(&mut self) -> Result<TableEntry> {
        // A JSON file with a byte-order mark is loaded from its UTF-8 copy without one.
        let prepared = match self.source.format {
            Format::Parquet => None,
            _ => transcode::prepare_json(self.source, self.staging)?,
        };
        let (source, encoding_note) = match &prepared {
            Some(copy) => (&copy.source, Some(copy.note.clone())),
            None => (self.source, None),
        };
        let (name, note) = name_table(&self.stem, source.shown.clone(), self.taken);
        let over = self.root.sidecar.table(&name);
        text_layout::check_keys_apply(&over, &name, source, &self.root.sidecar_path)?;
        let (reader, origin, unwrap_note) = typed_sources::reader(self.connection, source)?;
        let mut entry = typed_sources::load_typed_table(self.connection, &name, &reader, origin, source, &over)?;
        entry.decisions.splice(0..0, note.into_iter().chain(encoding_note).chain(unwrap_note));
        Ok(entry)
    }
}

/// The table's name for `base` (a file stem, or stem and sheet), unique among `taken`, to
/// which it is added with `from`; and when the name `base` suggests was taken, the decision
/// saying which table has it: two files with one stem must both be findable by a person.
fn name_table(base: &str, from: String, taken: &mut Vec<(String, String)>) -> (String, Option<String>) {
    let wanted = normalize_identifier(base, "table");
    let name = unique(wanted.clone(), taken.iter().map(|t| t.0.as_str()));
    let note = (name != wanted).then(|| {
        let owner = taken.iter().find(|t| t.0 == wanted).map(|t| t.1.clone()).unwrap_or_default();
        format!("named {name} because {wanted} is the table from {owner}; its querycell.toml settings go under [tables.{name}]")
    });
    taken.push((name.clone(), from));
    (name, note)
}
