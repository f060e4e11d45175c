//! The repository's own promises: the README's and the docs' examples answer as printed,
//! their links resolve and the words they share with the code stay one list; the host's
//! modules keep their layers; no function grows too long; machine code is loaded only from a
//! private cache and a killed ingest's staging folders are cleaned up; and the build links
//! DuckDB as a release build and the C++ runtime statically.

mod binary_start;
mod doc_examples;
mod hygiene;
mod layers;
mod readme_examples;
mod release_duckdb;
mod shared_words;
