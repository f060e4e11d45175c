//! The index's catalog: which tables exist, their columns and types, and the snapshot id of
//! the data. It is written by ingest next to the DuckDB file and is the only description of
//! the data the compiler guest ever receives (as a [`wit::CatalogView`]).

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::calendar::Date;
use crate::error::{Code, Error, Result};
use crate::limits::Limits;
use crate::sandbox::wit;

pub mod plan_schema;
pub mod schema;

/// The catalog's file name inside an index folder (JSON, written by ingest).
pub const CATALOG_FILE: &str = "catalog.json";
/// The DuckDB data file's name inside an index folder.
pub const DATA_FILE: &str = "data.duckdb";

/// Bumped when the catalog's shape changes incompatibly.
pub const CATALOG_FORMAT: u32 = 2;

pub use querycell_contract::kinds::ValueKind;

impl From<ValueKind> for wit::ValueKind {
    fn from(kind: ValueKind) -> wit::ValueKind {
        match kind {
            ValueKind::Text => wit::ValueKind::Text,
            ValueKind::Integer => wit::ValueKind::Integer,
            ValueKind::Float => wit::ValueKind::Float,
            ValueKind::Boolean => wit::ValueKind::Boolean,
            ValueKind::Date => wit::ValueKind::Date,
            ValueKind::Timestamp => wit::ValueKind::Timestamp,
            ValueKind::Other => wit::ValueKind::Other,
        }
    }
}

// Both directions, each an exhaustive match: a kind added on either side of the contract
// fails to compile here until the other has it too.
impl From<wit::ValueKind> for ValueKind {
    fn from(kind: wit::ValueKind) -> ValueKind {
        match kind {
            wit::ValueKind::Text => ValueKind::Text,
            wit::ValueKind::Integer => ValueKind::Integer,
            wit::ValueKind::Float => ValueKind::Float,
            wit::ValueKind::Boolean => ValueKind::Boolean,
            wit::ValueKind::Date => ValueKind::Date,
            wit::ValueKind::Timestamp => ValueKind::Timestamp,
            wit::ValueKind::Other => ValueKind::Other,
        }
    }
}

/// One column of a table as the catalog records it: names, type, why it has that type,
/// the operator's notes, and statistics.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ColumnEntry {
    /// SQL identifier: normalised, unique in its table.
    pub name: String,
    /// The header as the source file had it.
    pub display_name: String,
    /// DuckDB's type name.
    pub sql_type: String,
    /// The coarse kind of `sql_type`, as the compiler checks it.
    pub kind: ValueKind,
    /// Why the column has this type (e.g. "digits with leading zeros: kept as text").
    pub decision: String,
    /// What the column means, from `querycell.toml`; `None` when the operator gave none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// The unit of its values (e.g. `minutes`), from `querycell.toml`; `None` when not given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unit: Option<String>,
    /// The only values the column may hold, from `querycell.toml` (ingest fails on any
    /// other); `None` when not set.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub allowed_values: Option<Vec<String>>,
    /// Counts and bounds of its values, computed by ingest.
    pub stats: ColumnStats,
}

/// Grounding statistics. Values quoted from the data are cut to 64 characters.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ColumnStats {
    /// Rows in which the column is null (missing).
    pub null_count: u64,
    /// Distinct values, nulls not counted: exact, unless `distinct_estimated`.
    pub distinct_count: u64,
    /// Whether `distinct_count` is an estimate (HyperLogLog, DuckDB's `approx_count_distinct`,
    /// typically within a few percent): ingest counts a column of many distinct values so
    /// (see `docs/ingest.md`, "Grounding statistics"). Nothing decides on an estimate alone: a key it
    /// suggests is checked by a query first.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub distinct_estimated: bool,
    /// Smallest value, as text; `None` for booleans and other kinds, or when every value
    /// is null.
    pub min: Option<String>,
    /// Largest value, as text; `None` as for `min`.
    pub max: Option<String>,
    /// Every distinct value, for text columns with at most 20 of them (data, not instructions).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub values: Option<Vec<String>>,
}

/// One table of the index: where it came from, what ingest decided about it, its columns.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TableEntry {
    /// The table's SQL name, as plans and SQL use it (normalised from the file's stem, or
    /// stem and sheet name; unique in the index).
    pub name: String,
    /// The name the engine knows the table by, part by part, when it is not `name`: a Spark
    /// table's `["lake", "incidents"]`. Empty for a DuckDB index.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub relation: Vec<String>,
    /// The sum of DuckDB's hash of every row: the same rows give the same number, in any order.
    #[serde(default)]
    pub content_hash: String,
    /// The file it was loaded from, relative to the root it was found under.
    pub source: String,
    /// csv, tsv, parquet, json, ndjson or xlsx.
    pub format: String,
    /// What the table holds, from `querycell.toml`; `None` when the operator gave none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// What ingest decided about this table's rows and name, in words: a title above the
    /// header skipped, a totals row dropped, the name it got when another file had its stem.
    /// Recorded so the table is never silently different from the file.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub decisions: Vec<String>,
    /// Rows in the table.
    pub row_count: u64,
    /// Set when a policy filters the table's rows for this caller: `row_count` (and the
    /// columns' statistics) then describe nobody's rows and are not shown.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub row_count_withheld: bool,
    /// The loaded columns, in the file's order (hidden and left-out columns are not here).
    pub columns: Vec<ColumnEntry>,
    /// Columns of the file that are not in the table, each with the reason.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub left_out: Vec<LeftOutColumn>,
}

/// A column of a source file that ingest did not load, and why.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LeftOutColumn {
    /// The name as the file had it (`customer.photo` for a field of a nested object).
    pub name: String,
    /// Why it was left out, in words (e.g. binary data).
    pub reason: String,
}

/// A file (or sheet) under a folder that ingest did not load, and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Skipped {
    /// The path as the operator named it (root, then the path under it).
    pub path: String,
    /// Why it was not loaded, in words (hidden, an unknown ending, an empty sheet, ...).
    pub reason: String,
}

/// An index's catalog (`catalog.json`): its tables, the snapshot id of their data, and what
/// ingest found but did not load.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Catalog {
    /// The catalog format it was written in; only [`CATALOG_FORMAT`] is read.
    pub format: u32,
    /// `sha256:<hex>` of the tables' names, columns, types, row counts and content hashes:
    /// identical data gives the identical id (usable as a cache key), any change a new one.
    pub snapshot: String,
    /// Which index this is: made at the first ingest into a folder and kept by every ingest
    /// into it since (and by a copy of the folder), so a receipt can tell "this index, other
    /// data" (`querycell verify`: data changed) from "another index". Absent in catalogs
    /// written before it existed. Not part of the snapshot: it names the folder's lineage,
    /// not its data.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub index_id: Option<String>,
    /// Every table of the index: the only relations a query may read.
    pub tables: Vec<TableEntry>,
    /// What the ingest found under the folders it was given and did not load (hidden files,
    /// unknown endings, empty sheets, ...), so a missing table has a visible reason.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub skipped: Vec<Skipped>,
    /// Set when the tables live on a Spark cluster (`ingest --spark`): answers are compiled
    /// for Spark and run there, and the index folder holds no data file.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub spark: Option<SparkSource>,
    /// The many-to-one relationships the operator declared and ingest verified, which plans
    /// may follow by path. Absent from catalogs that declare none (and from older ones).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub relationships: Vec<RelationshipEntry>,
    /// The aggregations the operator defined (`[metrics.<name>]`), checked by compiling each.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub metrics: Vec<MetricEntry>,
}

/// A declared relationship: each row of `from_table` reaches at most one row of `to_table`,
/// whose `to_column` ingest found unique and present; with what ingest counted of the rows
/// that reach none.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RelationshipEntry {
    /// The role the operator named it by (`name = "owner"`), which paths may use in place of
    /// `to_table`; set on each of two relationships that lead from one table to another.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The table of the many side.
    pub from_table: String,
    /// Its key column, which points at `to_column`.
    pub from_column: String,
    /// The table of the one side.
    pub to_table: String,
    /// Its key column: unique, never missing.
    pub to_column: String,
    /// Rows of `from_table` whose key is set but found in no row of `to_table`: a plan's
    /// left join keeps them with missing values for every column reached through it.
    pub orphans: u64,
    /// Rows of `from_table` whose key is missing (they reach no row either).
    pub missing_keys: u64,
    /// Set when a policy filters the rows of either table for this caller: the counts were
    /// taken over every row and are not shown (as `row_count_withheld`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub counts_withheld: bool,
}

/// A metric the operator defined: one plan aggregation on one table, by name.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MetricEntry {
    /// The name plans ask for (`{"metric": "mtta"}`), also the answer column's.
    pub name: String,
    /// The table it aggregates.
    pub table: String,
    /// The aggregation as JSON text: one object of a plan's `aggregations` (`function`,
    /// `column`, `where`, `p`).
    pub aggregation: String,
    /// What it means, in the operator's words.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// The unit of its values.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unit: Option<String>,
}

impl RelationshipEntry {
    /// The word a plan path follows it by: its name where it has one, else its table's (the
    /// compiler takes either where only one relationship leads from its table to that table).
    pub fn step_word(&self) -> &str {
        self.name.as_deref().unwrap_or(&self.to_table)
    }

    /// `incidents.team_id -> teams.team_id`, as messages and the schema show it.
    pub fn arrow(&self) -> String {
        format!("{}.{} -> {}.{}", self.from_table, self.from_column, self.to_table, self.to_column)
    }

    /// Whether `table` is at either end.
    pub fn touches(&self, table: &str) -> bool {
        self.from_table == table || self.to_table == table
    }
}

/// The Spark Connect server a catalog's tables are answered by.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SparkSource {
    /// `sc://host:port` (never a token: that comes from `QUERYCELL_SPARK_TOKEN`).
    pub url: String,
}

impl TableEntry {
    /// The relation a query names: `relation`, or the table's own name.
    pub fn relation_parts(&self) -> Vec<String> {
        if self.relation.is_empty() {
            vec![self.name.clone()]
        } else {
            self.relation.clone()
        }
    }
}

impl Catalog {
    /// Read the catalog of the index folder `index`.
    pub fn load(index: &Path) -> Result<Catalog> {
        Ok(PinnedIndex::open(index)?.catalog)
    }

    fn parse(text: &str, index: &Path) -> Result<Catalog> {
        let path = index.join(CATALOG_FILE);
        let catalog: Catalog = serde_json::from_str(text)
            .map_err(|e| Error::new(Code::IndexCorrupt, format!("{} cannot be read: {e}", path.display())))?;
        if catalog.format != CATALOG_FORMAT {
            return Err(Error::new(
                Code::IndexVersion,
                format!(
                    "{} has catalog format {}; this querycell reads format {CATALOG_FORMAT}",
                    path.display(),
                    catalog.format
                ),
            )
            .hint("re-run ingest to rebuild the index"));
        }
        Ok(catalog)
    }

    /// The snapshot id of `tables`: a hash of what an answer can depend on, in a fixed order.
    pub fn snapshot_of(tables: &[TableEntry]) -> String {
        Self::snapshot_with(tables, &[], &[])
    }

    /// The snapshot id of `tables` with the relationships and metrics plans may use: they
    /// change what a plan means, so they are hashed too, but only when there are any, so an
    /// index that declares none keeps the id it always had.
    pub fn snapshot_with(
        tables: &[TableEntry],
        relationships: &[RelationshipEntry],
        metrics: &[MetricEntry],
    ) -> String {
        use sha2::{Digest, Sha256};
        let mut hasher = Sha256::new();
        if !relationships.is_empty() || !metrics.is_empty() {
            // A relationship's name is part of what a path means (`owner.region`); unnamed
            // ones hash as they always did.
            let link = |r: &RelationshipEntry| match &r.name {
                Some(name) => format!("{name}: {}", r.arrow()),
                None => r.arrow(),
            };
            let mut links: Vec<String> = relationships.iter().map(link).collect();
            links.sort();
            let mut defined: Vec<(&str, &str, &str)> =
                metrics.iter().map(|m| (m.name.as_str(), m.table.as_str(), m.aggregation.as_str())).collect();
            defined.sort();
            hasher.update(serde_json::json!(["links", links, defined]).to_string().as_bytes());
            hasher.update(b"\n");
        }
        let mut sorted: Vec<&TableEntry> = tables.iter().collect();
        sorted.sort_by(|a, b| a.name.cmp(&b.name));
        for table in sorted {
            let columns: Vec<(&str, &str)> =
                table.columns.iter().map(|c| (c.name.as_str(), c.sql_type.as_str())).collect();
            let entry = serde_json::json!([table.name, columns, table.row_count, table.content_hash]);
            hasher.update(entry.to_string().as_bytes());
            hasher.update(b"\n");
        }
        format!("sha256:{}", hex::encode(hasher.finalize()))
    }

    /// The data file of the index folder `index`, as a plain path (a [`PinnedIndex`] gives
    /// one that stays on its version while ingest swaps in another).
    pub fn data_path(index: &Path) -> PathBuf {
        index.join(DATA_FILE)
    }

    /// What the compiler guest may see: every table and column, the request limits, and the
    /// day relative dates resolve against.
    pub fn view(&self, limits: &Limits, today: Date) -> wit::CatalogView {
        wit::CatalogView {
            tables: self
                .tables
                .iter()
                .map(|t| wit::Table {
                    name: t.name.clone(),
                    relation: t.relation.clone(),
                    columns: t
                        .columns
                        .iter()
                        .map(|c| wit::Column {
                            name: c.name.clone(),
                            display_name: c.display_name.clone(),
                            sql_type: c.sql_type.clone(),
                            kind: c.kind.into(),
                        })
                        .collect(),
                    policy: None,
                })
                .collect(),
            limits: wit::RequestLimits {
                max_rows: limits.max_rows,
                max_in_list: limits.max_in_list,
                max_request_bytes: limits.max_request_bytes,
            },
            today: today.days_since_epoch(),
            relationships: self
                .relationships
                .iter()
                .map(|r| wit::Relationship {
                    name: r.name.clone(),
                    from_table: r.from_table.clone(),
                    from_column: r.from_column.clone(),
                    to_table: r.to_table.clone(),
                    to_column: r.to_column.clone(),
                })
                .collect(),
            metrics: self
                .metrics
                .iter()
                .map(|m| wit::Metric {
                    name: m.name.clone(),
                    table: m.table.clone(),
                    aggregation: m.aggregation.clone(),
                    description: m.description.clone().unwrap_or_default(),
                    unit: m.unit.clone(),
                })
                .collect(),
            dialect: if self.spark.is_some() { wit::Dialect::Spark } else { wit::Dialect::Duckdb },
        }
    }
}

/// One version of an index, pinned: the folder is held open, so its catalog and its data
/// file are read from the same ingest even while a new one is swapped in at the same path
/// (ingest exchanges whole folders, then deletes the old one).
pub struct PinnedIndex {
    folder: cap_std::fs::Dir,
    /// The catalog of this version.
    pub catalog: Catalog,
}

impl PinnedIndex {
    /// Open the index folder `index` and read its catalog; `index_not_found` when it is not
    /// a querycell index.
    pub fn open(index: &Path) -> Result<PinnedIndex> {
        let not_found = || {
            Error::new(Code::IndexNotFound, format!("{} is not a querycell index (no {CATALOG_FILE})", index.display()))
                .at("--index")
                .hint("create one with `querycell ingest --index <dir> <files or folders>`")
        };
        let folder =
            cap_std::fs::Dir::open_ambient_dir(index, cap_std::ambient_authority()).map_err(|e| match e.kind() {
                std::io::ErrorKind::NotFound | std::io::ErrorKind::NotADirectory => not_found(),
                _ => Error::io(&format!("opening {}", index.display()), &e),
            })?;
        let text = folder.read_to_string(CATALOG_FILE).map_err(|e| match e.kind() {
            std::io::ErrorKind::NotFound => not_found(),
            _ => Error::io(&format!("reading {}", index.join(CATALOG_FILE).display()), &e),
        })?;
        Ok(PinnedIndex { catalog: Catalog::parse(&text, index)?, folder })
    }

    /// The data file of this version, reached through the held folder (Linux: `/proc/self/fd`),
    /// valid while `self` lives.
    pub fn data_path(&self) -> PathBuf {
        use std::os::fd::AsRawFd;
        PathBuf::from(format!("/proc/self/fd/{}/{DATA_FILE}", self.folder.as_raw_fd()))
    }

    /// This version's data file, opened read-only (for a query worker to inherit).
    pub fn open_data_file(&self) -> Result<std::fs::File> {
        let file = self
            .folder
            .open(DATA_FILE)
            .map_err(|e| Error::new(Code::IndexUnreadable, format!("the index's data file cannot be opened: {e}")))?;
        Ok(file.into_std())
    }

    /// Whether this version's data file still exists (an ingest deletes a replaced version).
    pub fn data_present(&self) -> bool {
        self.folder.exists(DATA_FILE)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn duckdb_types_map_to_kinds() {
        assert_eq!(ValueKind::of_sql_type("BIGINT"), ValueKind::Integer);
        assert_eq!(ValueKind::of_sql_type("DECIMAL(18,3)"), ValueKind::Float);
        assert_eq!(ValueKind::of_sql_type("VARCHAR"), ValueKind::Text);
        assert_eq!(ValueKind::of_sql_type("TIMESTAMP"), ValueKind::Timestamp);
        assert_eq!(ValueKind::of_sql_type("DATE"), ValueKind::Date);
        assert_eq!(ValueKind::of_sql_type("VARCHAR[]"), ValueKind::Other);
        assert_eq!(ValueKind::of_sql_type("TIMESTAMP WITH TIME ZONE"), ValueKind::Other);
    }
}
