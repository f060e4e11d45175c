//! Below the data, once the text is loaded: rows whose every cell is empty are dropped (in
//! tables of two or more columns), rows that repeat the header (files joined end to end), and
//! a last row that reads as totals (`Total`, `Sum`, `Gesamt`, … then only numbers), each
//! recorded. A totals row with other rows under it is refused with a hint (`footer_rows`), as
//! is nothing else guessed: `footer_rows = N` drops exactly N rows, `footer_rows = 0` keeps
//! every row.

use querycell_contract::quote;

use super::text_layout::TextLayout;
use super::wording::{clip, plural};
use crate::duck::{first_row, Cell, Database as Connection};
use crate::error::{Code, Error, Result};
use crate::ingest::failure::failed;
use crate::ingest::padding::blank;
use crate::ingest::sidecar::TableOverride;
use crate::ingest::sources::Source;

/// How far from the bottom a totals row is looked for.
const TOTALS_WINDOW: usize = 3;

/// First cells that mark a totals row (compared lowercased, without a trailing colon), in the
/// languages exports are written in: English, German, Dutch, French, Italian, Scandinavian,
/// Russian, Japanese and Chinese.
const TOTAL_WORDS: &[&str] = &[
    "total",
    "totals",
    "sum",
    "subtotal",
    "sub-total",
    "sub total",
    "grand total",
    "grand totals",
    "gesamt",
    "summe",
    "gesamtsumme",
    "totaal",
    "total général",
    "total general",
    "totale",
    "totalt",
    "summa",
    "итого",
    "всего",
    "合計",
    "总计",
    "合计",
];

/// Drop what is below the data in the raw text table `raw` (columns `columns`): empty rows,
/// then `footer_rows` or a detected totals row. Returns the decisions made.
pub fn trim_rows(
    connection: &Connection,
    raw: &str,
    columns: &[String],
    over: &TableOverride,
    layout: &TextLayout,
    source: &Source,
) -> Result<Vec<String>> {
    let table = quote::identifier(raw);
    let count = |condition: &str| -> Result<i64> {
        let rows =
            connection.query(&format!("SELECT count(*) FROM {table} WHERE {condition}")).map_err(failed(source))?;
        Ok(first_row(rows).first().and_then(Cell::integer).unwrap_or(0))
    };
    let run = |sql: String| connection.execute_batch(&sql).map_err(failed(source));
    let mut notes = Vec::new();
    // In a one-column table an empty row is a missing value, not a separator.
    if columns.len() >= 2 {
        let blank = columns.iter().map(|c| blank(&quote::identifier(c))).collect::<Vec<_>>().join(" AND ");
        let empty = count(&blank)?;
        if empty > 0 {
            run(format!("DELETE FROM {table} WHERE {blank}"))?;
            notes.push(format!("dropped {} (every cell empty)", plural(empty as u64, "empty row")));
        }
    }
    notes.extend(drop_repeated_headers(connection, raw, columns, layout, source)?);
    match over.footer_rows {
        Some(0) => {}
        Some(rows) => {
            let dropped = count("true")?.min(rows);
            run(format!(
                "DELETE FROM {table} WHERE rowid IN (SELECT rowid FROM {table} ORDER BY rowid DESC LIMIT {dropped})"
            ))?;
            notes.push(format!(
                "dropped the last {}, as querycell.toml says (footer_rows = {rows})",
                plural(dropped as u64, "row")
            ));
        }
        None if columns.len() >= 2 => {
            // Only the bottom is looked at: a totals row closes an export (a subtotal, a
            // total and a grand total at most). A totals row with other rows under it is
            // refused rather than guessed around.
            for _ in 0..TOTALS_WINDOW {
                let remaining = count("true")?;
                let last = connection
                    .query(&format!("SELECT rowid, * FROM {table} ORDER BY rowid DESC LIMIT {TOTALS_WINDOW}"))
                    .map_err(failed(source))?;
                let constant = |at: usize| holds_one_text(connection, &table, &columns[at]);
                let Some(from_bottom) = last.iter().position(|row| is_totals_row(&row[1..], &constant)) else { break };
                let row = &last[from_bottom];
                let rowid = row.first().and_then(Cell::integer).unwrap_or(0) as u64;
                let cells: Vec<String> = row[1..].iter().take(8).map(|c| clip(&c.text().unwrap_or_default())).collect();
                let which = match layout.first_data_row {
                    Some(first) => format!("row {}", first + rowid),
                    None if from_bottom == 0 => "the last row".to_string(),
                    None => format!("data row {} of {remaining}", remaining - from_bottom as i64),
                };
                if from_bottom > 0 {
                    return Err(Error::new(
                        Code::TotalsRowNotLast,
                        format!("{}: {which} ({}) reads as a totals row, but {} below it", source.shown, cells.join(", "), plural(from_bottom as u64, "row")),
                    )
                    .at(&source.shown)
                    .hint(format!(
                        "set footer_rows = {} in querycell.toml to drop it and what follows, or footer_rows = 0 to keep every row as data",
                        from_bottom + 1
                    )));
                }
                run(format!("DELETE FROM {table} WHERE rowid = {rowid}"))?;
                notes.push(format!(
                    "dropped {which} ({}): a totals row, not data; set footer_rows = 0 in querycell.toml to keep it",
                    cells.join(", ")
                ));
            }
        }
        None => {}
    }
    Ok(notes)
}

/// Exports joined end to end (`cat january.csv february.csv`) repeat the header line as a
/// row: as data it made every number column text and counted the header as a row. Such
/// rows of staging table `raw` are deleted; the note says how many.
fn drop_repeated_headers(
    connection: &Connection,
    raw: &str,
    columns: &[String],
    layout: &TextLayout,
    source: &Source,
) -> Result<Option<String>> {
    let (Some(headers), true) = (&layout.header_texts, columns.len() >= 2) else { return Ok(None) };
    let table = quote::identifier(raw);
    let repeats = columns
        .iter()
        .zip(headers)
        .map(|(c, header)| match header.trim() {
            "" => format!("coalesce({}, '') = ''", quote::identifier(c)),
            text => format!("{} = {}", quote::identifier(c), quote::literal(text)),
        })
        .collect::<Vec<_>>()
        .join(" AND ");
    // One scan: DuckDB's DELETE answers with the number of rows it deleted.
    let rows = connection.query(&format!("DELETE FROM {table} WHERE {repeats}")).map_err(failed(source))?;
    let repeated = first_row(rows).first().and_then(Cell::integer).unwrap_or(0);
    if repeated == 0 {
        return Ok(None);
    }
    Ok(Some(format!(
        "dropped {} that {} the header (files joined end to end): not data",
        plural(repeated as u64, "row"),
        if repeated == 1 { "repeats" } else { "repeat" }
    )))
}

/// Whether `column` of `table` holds one text in every row (a currency column's `EUR`): a
/// text cell beside a totals row's numbers is allowed there.
fn holds_one_text(connection: &Connection, table: &str, column: &str) -> bool {
    let c = quote::identifier(column);
    connection
        .query(&format!("SELECT count(DISTINCT {c}) = 1 AND count({c}) = count(*) FROM {table}"))
        .ok()
        .and_then(|rows| first_row(rows).first().and_then(Cell::boolean))
        .unwrap_or(false)
}

/// A row whose first filled cell is a totals label ([`is_totals_label`]) and whose other
/// filled cells are numbers (at least one), or texts of a `constant` column (one whose every
/// row holds that text: `EUR` beside the amounts of a bank export).
fn is_totals_row(cells: &[Cell], constant: &dyn Fn(usize) -> bool) -> bool {
    let filled: Vec<(usize, String)> = cells
        .iter()
        .enumerate()
        .filter_map(|(at, cell)| Some((at, cell.text()?.trim().to_string())))
        .filter(|(_, text)| !text.is_empty())
        .collect();
    let Some(((_, label), rest)) = filled.split_first() else { return false };
    is_totals_label(label)
        && rest.iter().any(|(_, text)| looks_numeric(text))
        && rest.iter().all(|(at, text)| looks_numeric(text) || constant(*at))
}

/// SQL condition: the text `value` may be a totals label ([`is_totals_label`]) once trimmed:
/// it starts with a totals word, in any case, after white space. It holds of every text
/// that is a label (and of some that are not, `Total Wine & More`), so it only asks too much.
pub(crate) fn may_be_totals_label(value: &str) -> String {
    // The words hold no character a pattern reads otherwise (a test says so).
    let words = TOTAL_WORDS.join("|");
    // Rust's `trim` takes what is White_Space: `\s` and `\pZ`, with U+000B and U+0085.
    let pattern = format!("(?i)^[\\s\\pZ\\x{{0B}}\\x{{85}}]*({words})");
    format!("regexp_matches({value}, {})", quote::literal(&pattern))
}

/// A totals word ([`TOTAL_WORDS`], any case, a trailing `:` allowed), alone or followed by a
/// note in parentheses (`Grand Totals (3 records)`, as Salesforce writes it) or a currency
/// code (`Total EUR`). A longer label (`Total Wine & More`) may be a name, and is data.
fn is_totals_label(label: &str) -> bool {
    let written = label.trim_end_matches(':').trim();
    let label = written.to_lowercase();
    // A currency code is written in capitals: `Total EUR`, not `Total net`.
    let tail: Vec<char> = written.chars().rev().take(4).collect();
    let code = tail.len() == 4 && tail[3] == ' ' && tail[..3].iter().all(char::is_ascii_uppercase);
    TOTAL_WORDS.iter().any(|word| {
        let Some(rest) = label.strip_prefix(word) else { return false };
        let rest = rest.trim_start_matches(':');
        rest.is_empty()
            || (rest.starts_with(" (") && rest.ends_with(')'))
            || (code && rest.len() == 4 && rest.starts_with(' ') && rest[1..].chars().all(|c| c.is_ascii_lowercase()))
    })
}

/// A number as exports write them: signs, parentheses for negatives, currency symbols,
/// percent, and any of `.` `,` `'` or spaces between digits.
fn looks_numeric(text: &str) -> bool {
    let t = text.trim();
    let t = t.strip_prefix('(').and_then(|t| t.strip_suffix(')')).unwrap_or(t);
    let t = t
        .trim_start_matches(['+', '-', '−'])
        .trim_matches(|c: char| matches!(c, '$' | '€' | '£' | '¥' | '%') || c.is_whitespace());
    let t = t.trim_start_matches(['+', '-', '−']);
    t.starts_with(|c: char| c.is_ascii_digit() || c == '.' || c == ',')
        && t.chars().any(|c| c.is_ascii_digit())
        && t.chars().all(|c| c.is_ascii_digit() || matches!(c, '.' | ',' | '\'' | ' ' | '\u{a0}' | '\u{202f}'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn totals_rows_are_a_totals_word_then_numbers() {
        let row = |cells: &[Option<&str>]| {
            cells.iter().map(|c| c.map_or(Cell::Null, |t| Cell::Text(t.into()))).collect::<Vec<_>>()
        };
        let varied = |_: usize| false;
        assert!(is_totals_row(&row(&[Some("Total"), None, Some("1,234.50")]), &varied));
        assert!(is_totals_row(&row(&[None, Some("Grand total:"), Some("(12)"), Some("€ 3.000,00")]), &varied));
        assert!(is_totals_row(&row(&[Some("SUMME"), Some("12%")]), &varied));
        assert!(!is_totals_row(&row(&[Some("Total"), Some("Platform"), Some("3")]), &varied), "a team called Total");
        assert!(!is_totals_row(&row(&[Some("Total"), None]), &varied), "no number: not a totals row");
        assert!(!is_totals_row(&row(&[Some("Subtotals EU"), Some("3")]), &varied));
        // Labels exports write beyond the bare word, in several languages.
        for label in
            ["Grand Totals (3 records)", "Total EUR", "Gesamtsumme", "Totaal", "Total général", "Итого", "Subtotal:"]
        {
            assert!(is_totals_row(&row(&[Some(label), Some("60")]), &varied), "{label}");
        }
        for label in
            ["Total Wine & More", "Totals for EU teams", "Summer", "Total EU", "Total net", "Total é€É", "Итого ЕВР"]
        {
            assert!(!is_totals_row(&row(&[Some(label), Some("60")]), &varied), "{label}");
        }
        // A text beside the numbers counts only where its column holds that text in every row.
        let currency = |at: usize| at == 3;
        assert!(is_totals_row(&row(&[Some("Gesamt"), None, Some("1.700,00"), Some("EUR")]), &currency));
        assert!(!is_totals_row(&row(&[Some("Gesamt"), None, Some("1.700,00"), Some("EUR")]), &varied));
        assert!(!is_totals_row(&row(&[Some("Gesamt"), None, None, Some("EUR")]), &currency), "no number");
        assert!(looks_numeric("-1'234.5") && looks_numeric("1 234,5") && !looks_numeric("12a") && !looks_numeric("-"));
    }

    /// The label a table written in parallel is asked for holds of every text a totals row
    /// starts with, padded and in any case, in DuckDB itself; of a name too, which only
    /// costs the profiling.
    #[test]
    fn a_possible_totals_label_is_every_label_and_more() {
        let duck = Connection::in_memory(&[]).unwrap();
        assert!(TOTAL_WORDS.iter().all(|w| w.chars().all(|c| c.is_alphabetic() || c == ' ' || c == '-')));
        let labels = [
            "Total",
            " total:",
            "\u{a0}GRAND TOTAL",
            "\tSubtotal (3 records)",
            "Итого",
            "合計",
            "Total EUR",
            "Sub-Total",
        ];
        let others = ["Totally", "Net total", "Summer", "T-1", "", "Sub  total"];
        for (text, label) in labels.iter().map(|l| (l, true)).chain(others.iter().map(|o| (o, false))) {
            let asked = duck.query(&format!("SELECT {}", may_be_totals_label(&quote::literal(text)))).unwrap();
            let said = first_row(asked).first().and_then(Cell::boolean);
            let is_label = is_totals_label(text.trim());
            assert!(!is_label || label, "{text:?} is listed as a label");
            match label {
                true => assert_eq!(said, Some(true), "{text:?} may be a label"),
                false => {
                    let word_first = TOTAL_WORDS.iter().any(|w| text.trim_start().to_lowercase().starts_with(w));
                    assert_eq!(said, Some(word_first), "{text:?}");
                }
            }
        }
    }
}
