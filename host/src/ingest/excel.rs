//! Excel workbooks (`.xlsx`): each sheet becomes a table named `<file stem>_<sheet name>`.
//! DuckDB has no Excel reader here, so calamine reads the workbook from the descriptor the
//! host opened, and each sheet is written as a CSV of text cells into the private staging
//! folder, from where it is loaded like any CSV (header row first, types decided the same
//! careful way). Excel dates become ISO text, so they type as DATE/TIMESTAMP.

use std::io::BufReader;
use std::path::{Path, PathBuf};

use calamine::{Data, Reader, Xlsx};

use crate::error::{Error, Result};

/// One sheet written out as CSV.
pub struct Sheet {
    pub name: String,
    pub csv: PathBuf,
    pub rows: usize,
}

/// Write every non-empty sheet of the workbook in `file` as `<staging>/<n>.csv`.
pub fn sheets_to_csv(file: std::fs::File, relative: &str, staging: &Path) -> Result<Vec<Sheet>> {
    let failed = |e: String| Error::refused("ingest_failed", format!("{relative} could not be read as an Excel workbook: {e}")).at(relative);
    let mut workbook: Xlsx<_> = Xlsx::new(BufReader::new(file)).map_err(|e| failed(e.to_string()))?;
    let mut sheets = Vec::new();
    for (i, name) in workbook.sheet_names().into_iter().enumerate() {
        let range = workbook.worksheet_range(&name).map_err(|e| failed(e.to_string()))?;
        if range.is_empty() {
            continue;
        }
        let path = staging.join(format!("sheet-{i}.csv"));
        let mut writer = csv::Writer::from_path(&path).map_err(|e| failed(e.to_string()))?;
        let mut rows: usize = 0;
        for row in range.rows() {
            writer.write_record(row.iter().map(cell_text)).map_err(|e| failed(e.to_string()))?;
            rows += 1;
        }
        writer.flush().map_err(|e| failed(e.to_string()))?;
        sheets.push(Sheet { name, csv: path, rows: rows.saturating_sub(1) });
    }
    Ok(sheets)
}

fn cell_text(cell: &Data) -> String {
    match cell {
        Data::Empty => String::new(),
        Data::String(s) => s.clone(),
        Data::Int(i) => i.to_string(),
        Data::Float(f) if f.fract() == 0.0 && f.abs() < 1e15 => format!("{}", *f as i64),
        Data::Float(f) => f.to_string(),
        Data::Bool(b) => b.to_string(),
        Data::DateTime(dt) if dt.is_datetime() => excel_serial_to_iso(dt.as_f64()),
        Data::DateTime(dt) => dt.as_f64().to_string(),
        Data::DateTimeIso(s) | Data::DurationIso(s) => s.clone(),
        Data::Error(e) => format!("#{e:?}"),
    }
}

/// Excel's serial day number (days since 1899-12-30, fraction = time of day) as ISO text:
/// `YYYY-MM-DD` for whole days, `YYYY-MM-DD HH:MM:SS` otherwise.
pub fn excel_serial_to_iso(serial: f64) -> String {
    let days = serial.floor() as i64;
    let seconds = ((serial - serial.floor()) * 86_400.0).round() as i64;
    let (days, seconds) = if seconds == 86_400 { (days + 1, 0) } else { (days, seconds) };
    // 1899-12-30 is 25_569 days before 1970-01-01.
    let date = crate::calendar::format_date(days - 25_569);
    if seconds == 0 {
        date
    } else {
        format!("{date} {:02}:{:02}:{:02}", seconds / 3600, seconds % 3600 / 60, seconds % 60)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn excel_serials_become_iso_text() {
        assert_eq!(excel_serial_to_iso(25_569.0), "1970-01-01");
        assert_eq!(excel_serial_to_iso(46_023.0), "2026-01-01");
        assert_eq!(excel_serial_to_iso(46_023.5), "2026-01-01 12:00:00");
    }
}
