//! The statements every load runs on the ingest connection, in words when they fail:
//! `DESCRIBE` of a query (its columns and their types) and `CREATE TABLE … AS` a query.

use querycell_contract::quote;

use crate::duck::{cell_text, Database as Connection};
use crate::error::{Code, Error, ErrorClass, Result};
use crate::ingest::failure::{failed, plain_words};
use crate::ingest::sources::Source;

pub(crate) fn describe(connection: &Connection, query: &str, source: &Source) -> Result<Vec<(String, String)>> {
    let rows = connection.query(&format!("DESCRIBE {query}")).map_err(failed(source))?;
    Ok(rows.iter().map(|row| (cell_text(row, 0).unwrap_or_default(), cell_text(row, 1).unwrap_or_default())).collect())
}

pub(crate) fn create_table(connection: &Connection, name: &str, select: &str, source: &Source) -> Result<()> {
    connection.execute_batch(&format!("CREATE TABLE {} AS {select}", quote::identifier(name))).map_err(|e| {
        Error::classed(
            ErrorClass::Refused,
            Code::IngestFailed,
            format!("{} could not be loaded: {}", source.shown, plain_words(&e.message, source)),
        )
        .at(&source.shown)
        .hint("a value does not fit the type chosen for its column; check the types and date formats in querycell.toml")
    })
}
