//! The host's side of running a statement, handed compiler output directly (as a compromised
//! or buggy guest would hand it): the parse-tree check, the locked read-only connection and
//! its limits, query workers in child processes and their spill folders (and what Landlock
//! lets them write), a statement run once with its values, and
//! the reader of DuckDB's results.

mod confinement;
mod executor_limits;
mod host_check;
mod query_workers;
mod result_values;
mod run_once;
mod spill;
