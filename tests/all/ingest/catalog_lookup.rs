//! Looking up what the tests ingested: a table and a column of a catalog by name (failing
//! with the names there are), and a plan's answer as JSON.

use std::path::Path;

use querycell::catalog::{Catalog, ColumnEntry, TableEntry};
use querycell::{Limits, QueryCell};
use serde_json::Value;

pub(crate) fn table<'a>(catalog: &'a Catalog, name: &str) -> &'a TableEntry {
    catalog
        .tables
        .iter()
        .find(|t| t.name == name)
        .unwrap_or_else(|| panic!("no table {name}: {:?}", catalog.tables.iter().map(|t| &t.name).collect::<Vec<_>>()))
}

pub(crate) fn column<'a>(table: &'a TableEntry, name: &str) -> &'a ColumnEntry {
    table.columns.iter().find(|c| c.name == name).unwrap_or_else(|| {
        panic!("no column {name} in {}: {:?}", table.name, table.columns.iter().map(|c| &c.name).collect::<Vec<_>>())
    })
}

/// The answer to `plan` over `index`, as its receipt's JSON.
pub(crate) fn answer(index: &Path, plan: &str) -> Value {
    let cell = QueryCell::open(index, Limits::default()).unwrap();
    cell.query_plan(plan).unwrap_or_else(|e| panic!("{plan}: {e}")).to_json()
}
