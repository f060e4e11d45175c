//! Answers from a Spark cluster over Spark Connect: the same plans, compiled by the same
//! sandboxed compiler for Spark SQL (`catalog-view.dialect = spark`), checked by the host and
//! run through a session that can send nothing but that checked SELECT.
//!
//! What holds on Spark, and who holds it:
//! - **querycell**: the compiler's output passes the lexical gate ([`lexicon`]), then the
//!   same DuckDB parse-tree allowlist and policy check as a DuckDB index
//!   ([`crate::check`]), with the catalog's qualified relations as the only tables; values
//!   travel as typed literal arguments; the deadline interrupts the operation by its tag;
//!   at most `limit + 1` rows and [`crate::Limits::max_result_bytes`] of Arrow data are read,
//!   and the operation is interrupted when either is reached.
//! - **Spark**: authentication (Spark Connect's bearer token), the permissions of the
//!   server's user on the data files, executor memory. Spark has no read-only session:
//!   querycell's guarantee that nothing is written rests on sending nothing but a checked
//!   SELECT, and deployments should give the server's user no write access to the data.
//! - **Not on Spark**: SQL mode (the compiler refuses it: `sql_mode_unavailable`), the
//!   query connection's policy views (layer 3 of a DuckDB index), DuckDB's memory limit.
//!
//! Module map: [`client`] (the session), [`arrow`] (reading results); the lexical gate for
//! Spark SQL is a check ([`crate::check::spark`]), and `ingest --spark` is ingest's
//! ([`crate::ingest::spark`]).

pub(crate) mod arrow;
pub(crate) mod client;

use std::sync::Mutex;
use std::time::Instant;

use crate::check::policy::{PolicyCheck, SourceRule};
use crate::check::relation::relation_key;
use crate::check::{check_statement_shape, ParseTreeCheck};
use crate::duck::Rows;
use crate::error::{Code, Error, Result};
use crate::exec::backend::{Backend, BackendSession};
use crate::limits::Limits;
use crate::sandbox::wit;
use crate::statement::{timeout_error, CallerReading, Param, TreeCheck};

pub use client::{SparkEndpoint, SparkSession};

/// The environment variable that carries Spark Connect's authentication token.
pub const TOKEN_VARIABLE: &str = "QUERYCELL_SPARK_TOKEN";

/// What one Spark-backed executor may read: relations by their parts, and the policy's
/// sources and hidden tables keyed the same way.
/// A policed table on Spark: its relation, the columns it shows, and its row filters
/// (`(column, values)`), as [`crate::statement::PolicedTable`] holds them for DuckDB.
pub type PolicedRelation = (Vec<String>, Vec<String>, Vec<(String, Vec<String>)>);

#[derive(Debug, Clone, Default)]
pub struct SparkReadable {
    /// Each readable table's relation (`["lake", "incidents"]`).
    pub relations: Vec<Vec<String>>,
    /// Policed tables: relation, visible columns, row filters.
    pub policed: Vec<PolicedRelation>,
    /// Tables a policy hides, by relation.
    pub hidden: Vec<Vec<String>>,
}

/// A [`Backend`] on a Spark cluster.
pub struct SparkBackend {
    session: SparkSession,
    check: Mutex<ParseTreeCheck>,
    limits: Limits,
}

impl SparkBackend {
    /// A backend on `endpoint` that lets statements read `readable`.
    pub fn open(endpoint: &SparkEndpoint, limits: &Limits, readable: SparkReadable) -> Result<Self> {
        let policy = PolicyCheck {
            hidden_tables: readable.hidden.iter().map(|r| relation_key(r)).collect(),
            sources: readable
                .policed
                .iter()
                .map(|(relation, columns, filters)| {
                    let rule = SourceRule {
                        columns: columns.iter().map(|c| c.to_lowercase()).collect(),
                        filters: filters.iter().map(|(c, v)| (c.to_lowercase(), v.clone())).collect(),
                    };
                    (relation_key(relation), rule)
                })
                .collect(),
        };
        let check = ParseTreeCheck::open_policed(readable.relations.iter().map(|r| relation_key(r)), policy);
        Ok(SparkBackend { session: SparkSession::connect(endpoint)?, check: Mutex::new(check), limits: limits.clone() })
    }
}

impl Backend for SparkBackend {
    fn session(&self) -> Result<Box<dyn BackendSession + '_>> {
        Ok(Box::new(SparkStatements { backend: self }))
    }
}

struct SparkStatements<'b> {
    backend: &'b SparkBackend,
}

impl BackendSession for SparkStatements<'_> {
    fn execute(
        &mut self,
        query: &wit::Query,
        params: &[Param],
        reading: Option<&CallerReading>,
        deadline: Instant,
        tree_check: TreeCheck,
        max_rows: usize,
    ) -> Result<Rows> {
        let limits = &self.backend.limits;
        let refused = |message: String| {
            Error::new(Code::StatementRefused, message)
                .hint("the compiler returned SQL the host will not run; nothing was executed")
        };
        if reading.is_some() {
            // SQL mode's reading proof is DuckDB's; no SQL-mode statement is for Spark.
            return Err(refused("a SQL-mode statement was sent to Spark".into()));
        }
        if query.sql.len() > limits.max_statement_bytes {
            return Err(Error::new(
                Code::GuestOutputTooLarge,
                format!(
                    "the compiler returned a statement of {} bytes; the host accepts at most {}",
                    query.sql.len(),
                    limits.max_statement_bytes
                ),
            ));
        }
        // The gate holds whatever the tree check is set to: it is what makes the check's
        // reading of the text Spark's reading.
        let spelled = crate::check::spark::duckdb_spelling(&query.sql)
            .map_err(|why| refused(format!("the Spark statement is refused: {why}")))?;
        match tree_check {
            TreeCheck::On => {
                self.backend.check.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).check(&spelled, params)?
            }
            TreeCheck::Off => check_statement_shape(&spelled)?,
        }
        self.backend.session.run_select(&query.sql, params, deadline, max_rows, limits.max_result_bytes).map_err(
            |stop| match stop {
                client::Stop::Deadline { interrupted: true } => timeout_error(limits),
                client::Stop::Deadline { interrupted: false } => {
                    let error = timeout_error(limits);
                    let message = format!(
                        "{}; Spark did not confirm the interrupt, so its job may run on until it ends",
                        error.message
                    );
                    Error { message, ..error }
                }
                client::Stop::TooLarge(bytes) => result_too_large(limits, bytes),
                client::Stop::Failed(error) => error,
            },
        )
    }
}

/// `result_too_large`: Spark sent more than `limits.max_result_bytes` for one statement.
pub fn result_too_large(limits: &Limits, bytes: u64) -> Error {
    Error::new(
        Code::ResultTooLarge,
        format!(
            "the result passed its {} byte limit ({bytes} bytes read) and the query was stopped",
            limits.max_result_bytes
        ),
    )
    .hint("ask for fewer rows or columns")
}
