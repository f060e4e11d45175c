//! What the cross-crate tests (tests/all) need of the private layers, behind the `testing`
//! feature: the DuckDB layer to set up and inspect files, the host's checks to hold fuzz
//! corpora to, the executor to run a compiled query without a [`crate::QueryCell`], and the
//! statement vocabulary they speak. Not a stable API; an application has no use for it.

pub use crate::check::policy::{PolicyCheck, SourceRule};
pub use crate::check::relation::relation_key;
pub use crate::check::spark::duckdb_spelling;
pub use crate::check::ParseTreeCheck;
pub use crate::duck::{parse_tree, Access, Bind, Cell, Database, FailureKind};
pub use crate::exec::worker::confine;
pub use crate::exec::{Execution, Executor};
pub use crate::statement::{CallerReading, Param, Readable};
