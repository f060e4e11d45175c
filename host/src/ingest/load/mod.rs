//! The load phase: each source becomes one or more tables of the new index, on the trusted
//! read-write ingest connection. DuckDB reads the descriptor the host opened
//! (`/proc/self/fd/<n>`) or a file the host wrote into its private staging folder, never a
//! path of its own choosing.
//!
//! The rooms, each using only those above it in this list:
//!
//! - [`statements`]: the few statements every load runs (`DESCRIBE`, `CREATE TABLE … AS`).
//! - [`catalog_entry`]: a loaded table's catalog entry: column entries, the allowed-values
//!   check, the row count, the content hash and the statistics.
//! - [`typed_sources`]: Parquet, JSON and NDJSON, whose reader types the columns.
//! - [`columns`]: a text table's columns decided over its staged text (the layout's rows
//!   below the data dropped, then type detection and refinement, column by column).
//! - [`checked`]: the checked load, which converts a text table as it loads it where its
//!   first rows predict every column.
//! - [`text_table`]: one text table (CSV, TSV or a sheet): loaded straight, checked, or
//!   profiled.
//! - [`one_source`]: which of those a source takes, and the names its tables get.

pub mod catalog_entry;
pub mod checked;
pub mod columns;
pub mod one_source;
pub mod statements;
pub mod text_table;
pub mod typed_sources;
