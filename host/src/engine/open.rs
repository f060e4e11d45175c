//! Opening one version of an index for a caller: its catalog as the policy shows it and an
//! executor of the same version (in this process, in query workers, or on a Spark cluster),
//! started again when an ingest swaps the index midway.

use std::path::Path;

use crate::catalog::{Catalog, PinnedIndex};
use crate::error::Result;
use crate::exec::worker::WorkerPolicy;
use crate::exec::Executor;
use crate::limits::Limits;
use crate::policy::{BoundPolicy, Policy};
use crate::statement::Readable;

/// Where an index's queries run: the trade between isolation and cost an embedder chooses.
#[derive(Debug, Clone, PartialEq, Default)]
pub enum QueryIsolation {
    /// DuckDB runs in the calling process, on one connection that concurrent callers wait
    /// for. No process to start or deploy, the cheapest answer; but a query that ignores
    /// DuckDB's interrupt holds its caller past the timeout, an allocation DuckDB does not
    /// count is the embedding process's memory, and a crash in DuckDB is a crash of the
    /// embedding process.
    #[default]
    InProcess,
    /// DuckDB runs in query worker processes ([`crate::exec::worker`]): killed at the deadline
    /// plus a grace or past a memory ceiling, confined (rlimits, Landlock), replaced when
    /// lost; concurrent answers beyond the pool are refused as `busy`. The CLI's mode.
    Workers(WorkerPolicy),
}

/// How many times opening starts again when an ingest replaced the index midway.
const OPEN_ATTEMPTS: usize = 8;

/// One version of an index, opened for a caller.
pub(super) struct Version {
    /// The catalog as the policy lets the caller see it.
    pub(super) catalog: Catalog,
    /// A read-only executor whose connections carry the policy's views and hold answers to
    /// `limits`.
    pub(super) executor: Executor,
    /// The policy bound to this version's catalog and the caller's context.
    pub(super) bound: Option<BoundPolicy>,
    /// The deployment's limits tightened by the policy's request limits for the caller.
    pub(super) limits: Limits,
}

/// Open the index's current version for the caller. The catalog and the executor are of one
/// and the same version: an ingest that swaps the index between reading the catalog and
/// opening the data deletes the pinned version's data file, and the open then starts again
/// on the new version.
pub(super) fn open_version(
    index: &Path,
    limits: &Limits,
    isolation: &QueryIsolation,
    policy: Option<&(Policy, std::collections::BTreeMap<String, String>)>,
    spark_token: Option<&str>,
) -> Result<Version> {
    let mut attempt = 0;
    loop {
        attempt += 1;
        let pinned = PinnedIndex::open(index)?;
        let bound = policy.map(|(policy, context)| policy.bind(&pinned.catalog, context)).transpose()?;
        let catalog = match &bound {
            Some(bound) => bound.visible_catalog(&pinned.catalog),
            None => pinned.catalog.clone(),
        };
        // The executor is opened with the caller's limits, so the host's row cap and
        // deadline are the caller's whatever the compiler makes of the catalog view's.
        let mut limits = match &bound {
            Some(bound) => bound.request_limits.tighten(limits.clone()),
            None => limits.clone(),
        };
        let largest_table_rows = catalog.tables.iter().map(|t| t.row_count).max().unwrap_or(0);
        limits.query_threads = limits.query_threads_for(largest_table_rows);
        let readable = Readable {
            tables: catalog.tables.iter().map(|t| t.name.clone()).collect(),
            policed: bound.as_ref().map(|b| b.policed.clone()).unwrap_or_default(),
            hidden_tables: bound.as_ref().map(|b| b.hidden_tables.clone()).unwrap_or_default(),
        };
        if let Some(source) = &pinned.catalog.spark {
            // The data is on the cluster: there is no file to pin, and no worker to run DuckDB in.
            let executor = open_spark(source, spark_token, &pinned.catalog, &catalog, bound.as_ref(), &limits)?;
            return Ok(Version { catalog, executor, bound, limits });
        }
        let opened = match isolation {
            QueryIsolation::InProcess => Executor::open(&pinned.data_path(), &limits, readable),
            QueryIsolation::Workers(policy) => {
                pinned.open_data_file().and_then(|data| Executor::open_in_workers(data, &limits, readable, policy))
            }
        };
        match opened {
            Ok(executor) => return Ok(Version { catalog, executor, bound, limits }),
            Err(_) if attempt < OPEN_ATTEMPTS && !pinned.data_present() => continue,
            Err(error) => return Err(error),
        }
    }
}

/// An executor on the Spark cluster `source` for a catalog built by `ingest --spark`: the
/// caller may read the tables of `visible`, policed ones only in their policy's form.
/// `token` is the server's, as the application gave it to [`Opening::spark_token`](super::Opening::spark_token).
fn open_spark(
    source: &crate::catalog::SparkSource,
    token: Option<&str>,
    full: &Catalog,
    visible: &Catalog,
    bound: Option<&BoundPolicy>,
    limits: &Limits,
) -> Result<Executor> {
    let relation_of = |name: &str| {
        full.tables
            .iter()
            .find(|t| t.name == name)
            .map(|t| t.relation_parts())
            .unwrap_or_else(|| vec![name.to_string()])
    };
    let readable = crate::exec::spark::SparkReadable {
        relations: visible.tables.iter().map(|t| t.relation_parts()).collect(),
        policed: bound
            .map(|b| b.policed.iter().map(|p| (relation_of(&p.name), p.columns.clone(), p.filters.clone())).collect())
            .unwrap_or_default(),
        hidden: bound.map(|b| b.hidden_tables.iter().map(|name| relation_of(name)).collect()).unwrap_or_default(),
    };
    let endpoint = crate::exec::spark::SparkEndpoint { url: source.url.clone(), token: token.map(str::to_string) };
    let backend = crate::exec::spark::SparkBackend::open(&endpoint, limits, readable)?;
    Ok(Executor::on(Box::new(backend), limits))
}
