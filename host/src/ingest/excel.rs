//! Excel workbooks (`.xlsx`): each sheet becomes a table named `<file stem>_<sheet name>`.
//! DuckDB has no Excel reader here, so calamine reads the workbook from the descriptor the
//! host opened and each sheet's cells become text; [`super::layout::text_layout::sheet`] then finds the
//! table in the sheet (header row, title rows above it) and writes it as CSV into the
//! private staging folder, from where it is loaded like any CSV (types decided the same
//! careful way). Excel dates become ISO text, so they type as DATE/TIMESTAMP, read in the
//! date system the workbook declares: serial day 0 is 1899-12-30 in the default 1900 system,
//! 1904-01-01 in the 1904 system (`<workbookPr date1904="1"/>`, written by older Mac Excel and
//! some tools), which [`Workbook::date_system_decision`] records.
//!
//! A region of merged cells spanning several rows holds its value in its top-left cell
//! only; it is filled into every cell of the region, as the sheet shows it, and recorded.
//! A formula whose result the file does not hold (written by a program that does not
//! calculate) is refused: its cell is empty, not missing.

use std::io::BufReader;

use calamine::{Data, Reader, Xlsx};

use crate::error::{Code, Error, ErrorClass, Result};

/// A sheet's cells as text, from its first filled row and column.
pub struct SheetRows {
    /// The sheet's name in the workbook.
    pub name: String,
    /// The cells as text, row by row (an empty cell as empty text).
    pub rows: Vec<Vec<String>>,
    /// The sheet row number (1-based, as Excel shows it) of `rows[0]`.
    pub first_row: u64,
    /// What reading the cells decided (merged cells filled), for the table's decisions.
    pub notes: Vec<String>,
    /// For each column of `rows`, whether it holds a number cell with a fraction, written
    /// out with a decimal dot (see [`super::numbers::FileEvidence::decimal_dot`]).
    pub dotted_numbers: Vec<bool>,
    /// For each column of `rows`, whether it holds a duration cell, written out in seconds
    /// (see [`super::numbers::FileEvidence::durations`]).
    pub duration_columns: Vec<bool>,
}

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
        let Some((first_row, first_column)) = range.start() else { return Ok(None) };
        if range.is_empty() {
            return Ok(None);
        }
        self.check_formulas_calculated(name, &range)?;
        let epoch_shift = if self.date1904 { DAYS_1900_TO_1904 } else { 0.0 };
        let mut rows: Vec<Vec<String>> =
            range.rows().map(|row| row.iter().map(|cell| cell_text(cell, epoch_shift)).collect()).collect();
        let (mut dotted_numbers, mut duration_columns) = (vec![false; range.width()], vec![false; range.width()]);
        for row in range.rows() {
            for (column, cell) in row.iter().enumerate() {
                match cell {
                    Data::Float(f) if f.fract() != 0.0 => dotted_numbers[column] = true,
                    Data::DateTime(dt) if !dt.is_datetime() => duration_columns[column] = true,
                    _ => {}
                }
            }
        }
        let merged =
            self.workbook.merge_cells_by_sheet_name(name).map_err(|e| unreadable(&self.shown, e.to_string()))?;
        let notes = fill_merged(&mut rows, (first_row, first_column), &merged).into_iter().collect();
        Ok(Some(SheetRows {
            name: name.to_string(),
            rows,
            first_row: u64::from(first_row) + 1,
            notes,
            dotted_numbers,
            duration_columns,
        }))
    }

    /// Refuse a sheet with formulas whose result the file does not hold: a program that
    /// writes workbooks without calculating them leaves the cell empty, and loading it as
    /// missing would change every answer that reads it.
    fn check_formulas_calculated(&mut self, name: &str, values: &calamine::Range<Data>) -> Result<()> {
        let formulas = self.workbook.worksheet_formula(name).map_err(|e| unreadable(&self.shown, e.to_string()))?;
        let Some((top, left)) = formulas.start() else { return Ok(()) };
        let empty: Vec<String> = formulas
            .used_cells()
            .filter(|(_, _, formula)| !formula.is_empty())
            .map(|(r, c, _)| (top + r as u32, left + c as u32))
            .filter(|&at| values.get_value(at).is_none_or(|v| matches!(v, Data::Empty)))
            .map(|(r, c)| cell_name(r, c))
            .collect();
        let Some(first) = empty.first() else { return Ok(()) };
        Err(Error::classed(
            ErrorClass::Refused,
            Code::IngestFailed,
            format!(
                "{} (sheet {name}): {} cell(s) hold a formula without a saved result ({first}{}), so their values are not in the file",
                self.shown,
                empty.len(),
                if empty.len() > 1 { format!(", {}", empty[1..].iter().take(4).cloned().collect::<Vec<_>>().join(", ")) } else { String::new() }
            ),
        )
        .at(format!("{} (sheet {name})", self.shown))
        .hint("the program that wrote the workbook did not calculate it: open it in Excel or LibreOffice and save it, which stores every formula's result"))
    }
}

/// Fill each merged region that spans more than one row with its value (held by its
/// top-left cell; Excel leaves the others empty), as the sheet shows it: `Nord` merged down
/// three rows is the region of each of them. Regions within one row (a title or a label
/// over several columns) are one value and stay one cell. Returns the decision, if any
/// region was filled. `origin` is the sheet position of `rows[0][0]`.
fn fill_merged(rows: &mut [Vec<String>], origin: (u32, u32), merged: &[calamine::Dimensions]) -> Option<String> {
    let mut filled = Vec::new();
    for region in merged.iter().filter(|r| r.end.0 > r.start.0) {
        let at = |(r, c): (u32, u32)| Some((r.checked_sub(origin.0)? as usize, c.checked_sub(origin.1)? as usize));
        let Some((top, left)) = at(region.start) else { continue };
        let Some(value) = rows.get(top).and_then(|row| row.get(left)).filter(|v| !v.is_empty()).cloned() else {
            continue;
        };
        for row in region.start.0..=region.end.0 {
            for column in region.start.1..=region.end.1 {
                if let Some(cell) = at((row, column)).and_then(|(r, c)| rows.get_mut(r)?.get_mut(c)) {
                    cell.clone_from(&value);
                }
            }
        }
        let span = format!("{}:{}", cell_name(region.start.0, region.start.1), cell_name(region.end.0, region.end.1));
        filled.push(format!(
            "{span} ({})",
            serde_json::to_string(&querycell_contract::text::clip(&value, 64)).unwrap_or_default()
        ));
    }
    let (shown, more) = (filled.iter().take(3).cloned().collect::<Vec<_>>().join(", "), filled.len().saturating_sub(3));
    (!filled.is_empty()).then(|| {
        format!(
            "merged cells {shown}{}: each merged value fills every row it spans, as the sheet shows it",
            if more > 0 { format!(" and {more} more") } else { String::new() }
        )
    })
}

/// A cell's name as Excel shows it (`D2`) from its 0-based row and column.
fn cell_name(row: u32, column: u32) -> String {
    let mut letters = String::new();
    let mut n = column + 1;
    while n > 0 {
        let rest = (n - 1) % 26;
        letters.insert(0, char::from(b'A' + rest as u8));
        n = (n - 1) / 26;
    }
    format!("{letters}{}", row + 1)
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
        // A time of day alone (under 1) is the same in either date system.
        Data::DateTime(dt) if dt.is_datetime() && dt.as_f64() < 1.0 => excel_serial_to_iso(dt.as_f64()),
        Data::DateTime(dt) if dt.is_datetime() => excel_serial_to_iso(dt.as_f64() + epoch_shift),
        // A duration (`[h]:mm:ss`, stored as a fraction of a day) in seconds, to the
        // millisecond: a number a question can add up, with its unit on the column.
        Data::DateTime(dt) => {
            let seconds = (dt.as_f64() * 86_400_000.0).round() / 1000.0;
            if seconds.fract() == 0.0 && seconds.abs() < 1e15 {
                format!("{}", seconds as i64)
            } else {
                seconds.to_string()
            }
        }
        Data::DateTimeIso(s) | Data::DurationIso(s) => s.clone(),
        // As the sheet shows it (`#N/A`, `#DIV/0!`), so `#N/A` is missing in a number
        // column as in a CSV export of the sheet.
        Data::Error(e) => e.to_string(),
    }
}

/// Excel's serial day number (days since 1899-12-30, fraction = time of day) as ISO text:
/// `YYYY-MM-DD` for whole days, `YYYY-MM-DD HH:MM:SS` otherwise, and `HH:MM:SS` for a time
/// of day alone (a serial under 1, which Excel shows as a time). Excel counts 1900 as a leap
/// year (Lotus 1-2-3's mistake, kept for its files): serial 60 is a 29 February 1900 that
/// never was, written as Excel shows it (no date reads it, so its column stays text), and
/// serials under 60 are one day later than the count from 1899-12-30 says.
pub fn excel_serial_to_iso(serial: f64) -> String {
    if (0.0..1.0).contains(&serial) {
        let seconds = ((serial * 86_400.0).round() as i64).min(86_399);
        return format!("{:02}:{:02}:{:02}", seconds / 3600, seconds % 3600 / 60, seconds % 60);
    }
    if (60.0..61.0).contains(&serial) {
        return "1900-02-29".to_string();
    }
    let serial = if serial < 60.0 { serial + 1.0 } else { serial };
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
        // A time of day alone, and the first days of 1900 as Excel counts them.
        assert_eq!(excel_serial_to_iso(0.5), "12:00:00");
        assert_eq!(excel_serial_to_iso(1.0), "1900-01-01");
        assert_eq!(excel_serial_to_iso(59.0), "1900-02-28");
        assert_eq!(excel_serial_to_iso(60.0), "1900-02-29");
        assert_eq!(excel_serial_to_iso(61.0), "1900-03-01");
    }

    #[test]
    fn cells_are_named_as_excel_names_them() {
        assert_eq!(cell_name(0, 0), "A1");
        assert_eq!(cell_name(4, 25), "Z5");
        assert_eq!(cell_name(9, 26), "AA10");
        assert_eq!(cell_name(0, 701), "ZZ1");
        assert_eq!(cell_name(0, 702), "AAA1");
    }

    #[test]
    fn vertical_merges_are_filled_and_horizontal_ones_kept() {
        let text = |rows: &[&[&str]]| rows.iter().map(|r| r.iter().map(|c| c.to_string()).collect()).collect();
        let mut rows: Vec<Vec<String>> = text(&[
            &["Report", "", ""],
            &["Region", "Team", "n"],
            &["Nord", "A", "1"],
            &["", "B", "2"],
            &["Süd", "C", "3"],
        ]);
        let dims = |start, end| calamine::Dimensions { start, end };
        // Sheet rows 2–6 (0-based 1–5), columns B–D: the title B2:D2, Nord B4:B5.
        let note = fill_merged(&mut rows, (1, 1), &[dims((1, 1), (1, 3)), dims((3, 1), (4, 1))]).unwrap();
        assert_eq!(rows[3][0], "Nord");
        assert_eq!(rows[0], ["Report", "", ""], "a title over several columns stays one cell");
        assert!(note.contains("B4:B5 (\"Nord\")"), "{note}");
    }

    #[test]
    fn a_1904_serial_is_shifted_to_the_1900_count() {
        // 2026-01-05 is serial 46 027 in the 1900 system and 44 565 in the 1904 system.
        assert_eq!(excel_serial_to_iso(44_565.0 + DAYS_1900_TO_1904), "2026-01-05");
        assert_eq!(excel_serial_to_iso(0.0 + DAYS_1900_TO_1904), "1904-01-01");
    }
}
