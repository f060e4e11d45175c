//! Ingest: files as real exports write them (every format, messy layouts, text tables, wide
//! columns, numbers and dates, encodings, the `tests/messy/` corpus) loaded into an index
//! with the types, names and decisions the catalog promises, or refused with a typed error;
//! relationships and metrics declared in `querycell.toml`; and one snapshot per answer.
//! Each checks an answer against a figure computed from the file's own text.

mod amounts_and_decimals;
mod catalog_lookup;
mod ingest_formats;
mod ingest_layouts;
mod ingest_text_tables;
mod ingest_wide_columns;
mod messy_corpus;
mod messy_files;
mod real_exports;
mod relationships_ingest;
mod snapshots;
