//! Excel workbooks (`.xlsx`): each sheet becomes a table named `<file stem>_<sheet name>`.
//! DuckDB has no Excel reader here, so calamine reads the workbook from the descriptor the
//! host opened and each sheet's cells become text; [`super::layout::sheet`] then finds the
//! table in the sheet (header row, title rows above it) and writes it as CSV into the
//! private staging folder, from where it is loaded like any CSV (types decided the same
//! careful way). Excel dates become ISO text, so they type as DATE/TIMESTAMP, read in the
//! date system the workbook declares: serial day 0 is 1899-12-30 in the default 1900 system,
//! 1904-01-01 in the 1904 system (`<workbookPr date1904="1"/>`, written by older Mac Excel and
//! some tools), which [`Workbook::date_system_decision`] records.

use std::io::BufReader;

use calamine::{Data, Reader, Xlsx};

use super::layout::SheetRows;
use crate::error::{Code, Error, ErrorClass, Result};

/// An open workbook, read sheet by sheet so only one sheet's cells are held at a time.
pub struct Workbook {
    workbook: Xlsx<BufReader<std::fs::File>>,
    shown: String,
    /// The workbook counts days from 1904-01-01 (`workbookPr date1904`).
    date1904: bool,
}

/// Days from the 1900 system's day 0 (1899-12-30) to the 1904 system's (1904-01-01).
const DAYS_1900_TO_1904: f64 = 1_462.0;

impl Workbook {
    /// Open the workbook in `file`; `shown` names it in messages.
    pub fn open(file: std::fs::File, shown: &str) -> Result<Workbook> {
        let workbook = Xlsx::new(BufReader::new(file)).map_err(|e| unreadable(shown, e.to_string()))?;
        let date1904 = workbook.has_1904_epoch();
        Ok(Workbook { workbook, shown: shown.to_string(), date1904 })
    }

    /// The decision to record on every table of a workbook in the 1904 date system, whose
    /// serial numbers mean dates 4 years and 1 day later than the same numbers in the 1900
    /// system (`None` for the default system).
    pub fn date_system_decision(&self) -> Option<String> {
        self.date1904.then(|| {
            "dates read in the workbook's 1904 date system (workbookPr date1904): Excel's day 0 is 1904-01-01, not 1899-12-30".to_string()
        })
    }

    /// The workbook's sheet names, in the workbook's order.
    pub fn sheet_names(&self) -> Vec<String> {
        self.workbook.sheet_names()
    }

    /// The sheet's cells as text, from its first filled row and column; `None` when the
    /// sheet has no cells.
    pub fn sheet(&mut self, name: &str) -> Result<Option<SheetRows>> {
        let range = self.workbook.worksheet_range(name).map_err(|e| unreadable(&self.shown, e.to_string()))?;
        let Some((first_row, _)) = range.start() else { return Ok(None) };
        if range.is_empty() {
            return Ok(None);
        }
        let epoch_shift = if self.date1904 { DAYS_1900_TO_1904 } else { 0.0 };
        let rows = range.rows().map(|row| row.iter().map(|cell| cell_text(cell, epoch_shift)).collect()).collect();
        Ok(Some(SheetRows { name: name.to_string(), rows, first_row: u64::from(first_row) + 1 }))
    }
}

fn unreadable(shown: &str, problem: String) -> Error {
    Error::classed(
        ErrorClass::Refused,
        Code::IngestFailed,
        format!("{shown} could not be read as an Excel workbook: {problem}"),
    )
    .at(shown)
}

/// A cell as text; `epoch_shift` days are added to date serials to count them from the 1900
/// system's day 0.
fn cell_text(cell: &Data, epoch_shift: f64) -> String {
    match cell {
        Data::Empty => String::new(),
        Data::String(s) => s.clone(),
        Data::Int(i) => i.to_string(),
        Data::Float(f) if f.fract() == 0.0 && f.abs() < 1e15 => format!("{}", *f as i64),
        Data::Float(f) => f.to_string(),
        Data::Bool(b) => b.to_string(),
        Data::DateTime(dt) if dt.is_datetime() => excel_serial_to_iso(dt.as_f64() + epoch_shift),
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

    #[test]
    fn a_1904_serial_is_shifted_to_the_1900_count() {
        // 2026-01-05 is serial 46 027 in the 1900 system and 44 565 in the 1904 system.
        assert_eq!(excel_serial_to_iso(44_565.0 + DAYS_1900_TO_1904), "2026-01-05");
        assert_eq!(excel_serial_to_iso(0.0 + DAYS_1900_TO_1904), "1904-01-01");
    }
}
