//! `querycell ingest --spark URL --tables db.t1,db.t2`: a catalog built from a Spark
//! cluster's own metadata, so plans are checked against real columns and types before
//! anything runs. Schemas come from Spark's catalog (an `AnalyzePlan` of each table); row
//! counts, missing values, bounds, distinct counts of text columns and their value lists
//! (within the same cap as a DuckDB index) from a few aggregate SELECTs, which pass the
//! same lexical gate as every statement the session sends. No data is copied: the index
//! folder holds the catalog alone.
//!
//! The snapshot id covers what the catalog records (tables, columns, types, row counts), not
//! the data's content: Spark tables can change under querycell, and a new ingest is what
//! refreshes the catalog.

use std::path::Path;
use std::time::{Duration, Instant};

use querycell_contract::quote;

use crate::catalog::{
    Catalog, ColumnEntry, ColumnStats, LeftOutColumn, MetricEntry, SparkSource, TableEntry, ValueKind, CATALOG_FORMAT,
};
use crate::duck::Cell;
use crate::error::{Code, Error, Result};

use crate::exec::spark::client::{SparkEndpoint, SparkSession};

use super::sidecar::Sidecar;
use super::sources::Root;
use super::{declared, metrics, relationships};

/// Distinct values a text column may have for the catalog to list them (as for DuckDB).
const VALUE_LIST_CAP: u64 = 20;

/// How long one catalog query may take.
const CATALOG_QUERY_TIMEOUT: Duration = Duration::from_secs(600);

/// Build the catalog of `tables` (`db.table`, or `table`) on the server at `endpoint`.
pub fn build(endpoint: &SparkEndpoint, tables: &[String]) -> Result<Catalog> {
    build_with(endpoint, tables, None)
}

/// [`build`], with the relationships and metrics of a settings file (`ingest --spark …
/// --settings querycell.toml`): each relationship verified on the server (one query for
/// uniqueness, one for orphans), each metric compiled, before the catalog is returned.
pub fn build_with(endpoint: &SparkEndpoint, tables: &[String], settings: Option<&Path>) -> Result<Catalog> {
    let root = settings.map(settings_root).transpose()?;
    if tables.is_empty() {
        return Err(Error::new(Code::NoInputs, "name at least one Spark table")
            .at("--tables")
            .hint("e.g. --tables lake.incidents,lake.teams"));
    }
    let session = SparkSession::connect(endpoint)?;
    let mut entries: Vec<TableEntry> = Vec::new();
    for qualified in tables {
        let relation = parse_relation(qualified)?;
        let name = relation.last().expect("a relation has parts").to_lowercase();
        if entries.iter().any(|t| t.name == name) {
            return Err(Error::new(
                Code::DuplicateTable,
                format!("two tables would be called '{name}' in the catalog"),
            )
            .at("--tables")
            .hint("plans name tables by their last part; index tables of the same name separately"));
        }
        entries.push(table_entry(&session, &relation, name, qualified)?);
    }
    let roots: Vec<Root> = root.into_iter().collect();
    let defined = metrics::gather(&roots)?;
    let run = |sql: &str| session.catalog_query(sql, Instant::now() + CATALOG_QUERY_TIMEOUT, 2).map(|r| r.rows);
    let engine = relationships::Engine { run: &run, quote: quote::spark_identifier };
    let relationships = relationships::verify(&engine, &entries, &declared::gather(&roots))?;
    let metrics: Vec<MetricEntry> = defined.iter().map(|d| d.entry.clone()).collect();
    let catalog = Catalog {
        format: CATALOG_FORMAT,
        snapshot: Catalog::snapshot_with(&entries, &relationships, &metrics),
        // Given when the catalog is published into its folder (`publish_catalog`).
        index_id: None,
        tables: entries,
        skipped: Vec::new(),
        spark: Some(SparkSource { url: endpoint.url.clone() }),
        relationships,
        metrics,
    };
    metrics::check(&catalog, &defined)?;
    Ok(catalog)
}

/// The settings file of a Spark catalog, read as a `querycell.toml`. Only its
/// `[[relationships]]` and `[metrics]` apply: the tables are read as Spark has them, so a
/// layout or type setting would be silently ignored, and is refused instead.
fn settings_root(path: &Path) -> Result<Root> {
    let shown = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|e| Error::io(&format!("reading {shown}"), &e))?;
    let sidecar = Sidecar::parse(&text, &shown)?;
    if !sidecar.tables.is_empty() || sidecar.null_tokens.is_some() {
        return Err(Error::new(
            Code::SidecarInvalid,
            format!("{shown}: a Spark catalog's settings hold only [[relationships]] and [metrics.<name>]"),
        )
        .at("--settings")
        .hint("Spark's tables are read with the columns and types Spark gives them; remove [tables] and null_tokens"));
    }
    Ok(Root { label: shown.clone(), sidecar, sidecar_path: shown })
}

/// `db.table` as its parts. Parts are plain names (letters, digits, `_`): the operator names
/// tables as Spark's catalog lists them.
fn parse_relation(qualified: &str) -> Result<Vec<String>> {
    let parts: Vec<String> = qualified.trim().split('.').map(str::to_string).collect();
    let plain = |part: &String| !part.is_empty() && part.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    if parts.len() > 3 || !parts.iter().all(plain) {
        return Err(Error::new(
            Code::InvalidTableName,
            format!("'{qualified}' is not a Spark table name querycell reads"),
        )
        .at("--tables")
        .hint("name tables as [catalog.]database.table, each part letters, digits or _"));
    }
    Ok(parts)
}

fn table_entry(session: &SparkSession, relation: &[String], name: String, qualified: &str) -> Result<TableEntry> {
    let schema = session.table_schema(relation).map_err(|error| match Code::from_text(&error.code) {
        Some(Code::QueryFailed) => {
            Error::new(Code::UnknownTable, format!("Spark has no table {qualified}: {}", error.message)).at("--tables")
        }
        _ => error,
    })?;
    let from = relation.iter().map(|part| quote::spark_identifier(part)).collect::<Vec<_>>().join(".");
    let (mut columns, left_out) = readable_columns(schema);
    if columns.is_empty() {
        return Err(Error::new(Code::NoInputs, format!("{qualified} has no column querycell reads")).at("--tables"));
    }
    let row_count = count_rows_and_bounds(session, &from, qualified, &mut columns)?;
    list_text_values(session, &from, &mut columns)?;
    Ok(TableEntry {
        name,
        relation: relation.to_vec(),
        content_hash: String::new(),
        source: format!("spark:{qualified}"),
        format: "spark".into(),
        description: None,
        decisions: vec![format!("read from Spark's table {qualified}; the data stays on the cluster")],
        row_count,
        row_count_withheld: false,
        columns,
        left_out,
    })
}

/// The catalog's columns from Spark's `schema` (name and Spark type), and those left out
/// with why: a name with a control character, or a type querycell cannot read back.
fn readable_columns(schema: Vec<(String, String)>) -> (Vec<ColumnEntry>, Vec<LeftOutColumn>) {
    let mut columns = Vec::new();
    let mut left_out = Vec::new();
    for (column, spark_type) in schema {
        let sql_type = spark_type.to_ascii_uppercase();
        let kind = ValueKind::of_sql_type(&sql_type);
        let readable = kind != ValueKind::Other || sql_type == "TIMESTAMP";
        if column.chars().any(char::is_control) || column.is_empty() {
            left_out.push(LeftOutColumn {
                name: column.escape_debug().to_string(),
                reason: "its name holds a control character".into(),
            });
        } else if !readable {
            left_out.push(LeftOutColumn {
                name: column,
                reason: format!("its type {spark_type} is not one querycell reads back"),
            });
        } else {
            let kind = if sql_type == "TIMESTAMP" { ValueKind::Timestamp } else { kind };
            columns.push(ColumnEntry {
                display_name: column.clone(),
                name: column,
                decision: format!("Spark's type {spark_type}"),
                sql_type,
                kind,
                description: None,
                unit: None,
                allowed_values: None,
                stats: ColumnStats::default(),
            });
        }
    }
    (columns, left_out)
}

/// Does a column of `kind` have bounds (a min and a max) worth recording?
fn ordered(kind: ValueKind) -> bool {
    !matches!(kind, ValueKind::Boolean | ValueKind::Other)
}

/// The table's row count, with each column's missing values and bounds recorded, all in
/// one pass over the table on the cluster.
fn count_rows_and_bounds(
    session: &SparkSession,
    from: &str,
    qualified: &str,
    columns: &mut [ColumnEntry],
) -> Result<u64> {
    let mut select = vec!["count(*)".to_string()];
    for column in columns.iter() {
        let quoted = quote::spark_identifier(&column.name);
        select.push(format!("count({quoted})"));
        if ordered(column.kind) {
            select.push(format!("min({quoted})"));
            select.push(format!("max({quoted})"));
        }
    }
    let deadline = Instant::now() + CATALOG_QUERY_TIMEOUT;
    let totals = session.catalog_query(&format!("SELECT {} FROM {from}", select.join(", ")), deadline, 2)?;
    let row = totals
        .rows
        .first()
        .ok_or_else(|| Error::new(Code::SparkCatalogUnreadable, format!("counting {qualified} returned no row")))?;
    let mut cells = row.iter();
    let row_count = count(cells.next());
    for column in columns.iter_mut() {
        column.stats.null_count = row_count.saturating_sub(count(cells.next()));
        if ordered(column.kind) {
            column.stats.min = text(cells.next());
            column.stats.max = text(cells.next());
        }
    }
    Ok(row_count)
}

/// Each text column's distinct count, and its values when there are few enough to list
/// (at most `VALUE_LIST_CAP`), one query each.
fn list_text_values(session: &SparkSession, from: &str, columns: &mut [ColumnEntry]) -> Result<()> {
    let deadline = || Instant::now() + CATALOG_QUERY_TIMEOUT;
    for column in columns.iter_mut().filter(|c| c.kind == ValueKind::Text) {
        let quoted = quote::spark_identifier(&column.name);
        let distinct = session.catalog_query(&format!("SELECT count(DISTINCT {quoted}) FROM {from}"), deadline(), 2)?;
        column.stats.distinct_count = count(distinct.rows.first().and_then(|r| r.first()));
        if column.stats.distinct_count > 0 && column.stats.distinct_count <= VALUE_LIST_CAP {
            let listed = session.catalog_query(
                &format!("SELECT DISTINCT {quoted} FROM {from} WHERE {quoted} IS NOT NULL ORDER BY {quoted} ASC LIMIT {VALUE_LIST_CAP}"),
                deadline(),
                VALUE_LIST_CAP as usize,
            )?;
            column.stats.values = Some(listed.rows.iter().filter_map(|r| text(r.first())).collect());
        }
    }
    Ok(())
}

fn count(cell: Option<&Cell>) -> u64 {
    match cell {
        Some(Cell::Integer(n)) => u64::try_from(*n).unwrap_or(0),
        _ => 0,
    }
}

/// A value as the catalog quotes it, cut to 64 characters as a DuckDB index's are.
fn text(cell: Option<&Cell>) -> Option<String> {
    let text = match cell? {
        Cell::Null => return None,
        Cell::Boolean(b) => b.to_string(),
        Cell::Integer(i) => i.to_string(),
        Cell::Float(f) => f.to_string(),
        Cell::Decimal(t) | Cell::Text(t) => t.clone(),
    };
    Some(text.chars().take(64).collect())
}
