//! The transcoding phase: a CSV/TSV file in another encoding (its `querycell.toml` setting or
//! its UTF-16 byte-order mark says which, see [`super::encoding`]), or a JSON file that starts
//! with a byte-order mark DuckDB's reader does not skip, copied as UTF-8 into the ingest's
//! private staging folder; the copy is what the later phases read. The file on disk never
//! changes.

use std::io::{BufWriter, Write};
use std::os::unix::fs::FileExt;
use std::path::Path;

use super::encoding::{plan, Bom, Decoder, Plan, Setting, Undecodable, SETTINGS};
use super::sources::Source;
use crate::error::{Code, Error, Result};

/// A file transcoded to UTF-8 in the staging folder: what is loaded in its place.
pub struct Transcoded {
    /// The source, its file the UTF-8 copy (its names still the original's, for messages).
    pub source: Source,
    /// The decision, in words.
    pub note: String,
    /// The copy, removed when this is dropped.
    _copy: tempfile::NamedTempFile,
}

/// Transcode `source` to UTF-8 into `scratch` when its encoding setting or its byte-order
/// mark says it is not UTF-8; `Ok(None)` when it is read as it is.
pub fn prepare(source: &Source, setting: Option<&(Setting, String)>, scratch: &Path) -> Result<Option<Transcoded>> {
    let (setting, set_at) = (setting.map(|s| s.0), setting.map_or("", |s| s.1.as_str()));
    let Some(plan) = plan(&head(source)?, setting, set_at, &source.shown)? else { return Ok(None) };
    let note = format!(
        "read as {} ({}), converted to UTF-8 for loading; the file itself is unchanged",
        plan.decoding.name(),
        plan.why
    );
    copied(source, Some(&plan), plan.skip, note, scratch).map(Some)
}

/// A JSON or NDJSON file that starts with a byte-order mark, copied into `scratch` as UTF-8
/// without it; `Ok(None)` for any other file. DuckDB's JSON reader does not skip the mark:
/// a UTF-8 one made an array of records one row of JSON text and failed an NDJSON file, and
/// UTF-16 (PowerShell's `Out-File`) failed both. No setting names a JSON file's encoding:
/// JSON is UTF-8, or UTF-16 that says so by its mark.
pub fn prepare_json(source: &Source, scratch: &Path) -> Result<Option<Transcoded>> {
    let head = head(source)?;
    let plan = match Bom::of(&head) {
        None => return Ok(None),
        Some(Bom::Utf8) => None,
        Some(_) => plan(&head, None, "", &source.shown)?,
    };
    let (skip, note) = match &plan {
        Some(plan) => (
            plan.skip,
            format!("read as {} ({}), converted to UTF-8 for loading; the file itself is unchanged", plan.decoding.name(), plan.why),
        ),
        None => (3, "a UTF-8 byte-order mark at its start, which DuckDB's JSON reader does not skip, left out for loading; the file itself is unchanged".to_string()),
    };
    copied(source, plan.as_ref(), skip, note, scratch).map(Some)
}

/// The first bytes of `source`, read at an offset, never through the descriptor's
/// position, which clones share.
fn head(source: &Source) -> Result<Vec<u8>> {
    let input = source.file.try_clone().map_err(|e| Error::io(&format!("reading {}", source.shown), &e))?.into_std();
    let mut head = [0u8; 4];
    let read = input.read_at(&mut head, 0).map_err(|e| Error::io(&format!("reading {}", source.shown), &e))?;
    Ok(head[..read].to_vec())
}

/// `source` from byte `skip` on, decoded by `plan` (copied as it is without one), in a file of
/// `scratch` that is loaded in its place.
fn copied(source: &Source, plan: Option<&Plan>, skip: u64, note: String, scratch: &Path) -> Result<Transcoded> {
    let reading = |e: std::io::Error| Error::io(&format!("reading {}", source.shown), &e);
    let input = source.file.try_clone().map_err(reading)?.into_std();
    let ending = source.relative.rsplit_once('.').map_or("", |(_, ending)| ending);
    let copy = tempfile::Builder::new()
        .prefix("transcoded-")
        .suffix(&format!(".{ending}"))
        .tempfile_in(scratch)
        .map_err(|e| Error::io("creating a file in the staging folder", &e))?;
    let writing = |e: std::io::Error| Error::io("writing the transcoded copy in the staging folder", &e);
    {
        let mut offset = skip;
        let mut output = BufWriter::new(copy.as_file());
        let mut decoder = plan.map(|plan| Decoder::new(plan.decoding));
        let mut chunk = vec![0u8; 256 * 1024];
        let mut text = String::new();
        loop {
            let n = input.read_at(&mut chunk, offset).map_err(reading)?;
            offset += n as u64;
            match (&mut decoder, plan) {
                (Some(decoder), Some(plan)) => {
                    let done = if n == 0 { decoder.finish() } else { decoder.feed(&chunk[..n], &mut text) };
                    done.map_err(|bad| mismatch(source, plan, &bad))?;
                    output.write_all(text.as_bytes()).map_err(writing)?;
                    text.clear();
                }
                _ => output.write_all(&chunk[..n]).map_err(writing)?,
            }
            if n == 0 {
                break;
            }
        }
        output.flush().map_err(writing)?;
    }
    let file = std::fs::File::open(copy.path()).map_err(|e| Error::io("opening the transcoded copy", &e))?;
    let source = Source {
        root: source.root,
        relative: source.relative.clone(),
        shown: source.shown.clone(),
        file: cap_std::fs::File::from_std(file),
        format: source.format,
    };
    Ok(Transcoded { source, note, _copy: copy })
}

fn mismatch(source: &Source, plan: &Plan, bad: &Undecodable) -> Error {
    Error::new(
        Code::CsvEncodingMismatch,
        format!(
            "{}: line {} is not {} text: it has {} ({})",
            source.shown,
            bad.line,
            plan.decoding.name(),
            bad.what,
            plan.why
        ),
    )
    .at(format!("{}:{}", source.shown, bad.line))
    .hint(format!("set the encoding the file is in ({SETTINGS}); latin-1 reads every byte"))
}
