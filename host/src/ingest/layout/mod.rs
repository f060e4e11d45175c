//! Where the table sits inside a text source (a CSV/TSV file or an Excel sheet), decided
//! before anything is typed and recorded in the catalog, so the table is never silently
//! different from what the file means:
//!
//! - **Delimiter** (CSV): querycell.toml's `delimiter`, else an Excel `sep=;` first line,
//!   else tab for `.tsv`, else whichever of `,` `;` TAB `|` splits the first lines most
//!   consistently into more than one field. DuckDB is then told the delimiter and the quote
//!   and reads in strict mode, so a ragged line is an error rather than a different shape.
//! - **Header**: querycell.toml's `header_row` / `skip_rows`, else the first row with two or
//!   more filled cells. Rows above it with at most one filled cell (a report title, an
//!   export date, empty lines) are a title block: skipped, and the decision recorded. In a
//!   CSV the skip is kept only when DuckDB then sees a header below it; a first row that
//!   reads as data stays data.
//! - **Below the data**: rows whose every cell is empty are dropped (in tables of two or
//!   more columns), and a last row that reads as totals (`Total`, `Sum`, `Gesamt`, … then
//!   only numbers) is dropped, each recorded. A totals row with other rows under it is
//!   refused with a hint (`footer_rows`), as is nothing else guessed: `footer_rows = N`
//!   drops exactly N rows, `footer_rows = 0` keeps every row.
//! - **Ragged lines**: when DuckDB refuses a CSV, the file is scanned here to name the first
//!   line whose field count differs from the header's (or whose quotes do not close) in
//!   words, with the line's start, instead of DuckDB's message and its reader options.
//!
//! The rooms, in the order a file goes through them (each uses only those above it):
//!
//! - [`csv_scanner`]: a small CSV scanner with DuckDB's reading of the format, which counts
//!   lines and notices quote problems; [`wording`]: how decisions count and quote cells.
//! - [`dialect`]: the delimiter and the quote, and the `read_csv` call DuckDB runs.
//! - [`misfit`]: the first line that does not fit the dialect, in words, when DuckDB refuses.
//! - [`header`]: the header and the title block above it, in a CSV or a sheet.
//! - [`text_layout`]: the whole decision for one CSV or sheet ([`text_layout::TextLayout`]).
//! - [`below_data`]: empty rows, repeated headers and totals rows dropped from the loaded text.

pub mod below_data;
pub mod csv_scanner;
pub mod dialect;
pub mod header;
pub mod misfit;
pub mod text_layout;
pub mod wording;
