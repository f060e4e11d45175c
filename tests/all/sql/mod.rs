//! SQL mode: hostile statements refused and benign ones answered as DuckDB answers them,
//! the analyst corpus compared with a plain DuckDB connection, and the reading proof that
//! what runs is DuckDB's reading of the caller's text.

mod reading_proof;
mod sql_differential;
mod sql_mode;
