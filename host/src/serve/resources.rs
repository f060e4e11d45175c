//! The catalog as MCP resources: each table's description (the Markdown `describe_table`
//! gives) at `querycell://tables/{table}`, each column's catalog entry (JSON) at
//! `querycell://tables/{table}/columns/{column}`, listed a page at a time, and completions of
//! table and column names for those two templates.
//!
//! Pages are bounded ([`PAGE_SIZE`] tables), so a catalog of thousands of tables never lands
//! in one message; the cursor is opaque to clients (`tables:<offset>`) and one that is not
//! ours is refused as invalid params. Completions are bounded at the protocol's 100 values,
//! with `total` and `hasMore` telling the rest. The catalog is the one the server answers
//! from, under its policy: a hidden column is neither listed, readable nor completed.

use rmcp::model::{
    CompleteRequestParams, CompleteResult, CompletionInfo, ListResourceTemplatesResult, ListResourcesResult,
    ReadResourceResult, Reference, Resource, ResourceContents, ResourceTemplate,
};
use rmcp::ErrorData;

use crate::catalog::{schema, Catalog, TableEntry};

/// Tables in one `resources/list` page.
pub const PAGE_SIZE: usize = 100;

/// Every table's description.
pub const TABLE_TEMPLATE: &str = "querycell://tables/{table}";

/// One column's catalog entry.
pub const COLUMN_TEMPLATE: &str = "querycell://tables/{table}/columns/{column}";

const TABLES_PREFIX: &str = "querycell://tables/";
const CURSOR_PREFIX: &str = "tables:";

/// One page of the tables as resources, from `cursor` (the previous page's `nextCursor`).
pub fn list(catalog: &Catalog, cursor: Option<&str>) -> Result<ListResourcesResult, ErrorData> {
    let start = match cursor {
        None => 0,
        Some(cursor) => cursor
            .strip_prefix(CURSOR_PREFIX)
            .and_then(|offset| offset.parse::<usize>().ok())
            .filter(|offset| *offset <= catalog.tables.len())
            .ok_or_else(|| ErrorData::invalid_params(format!("{cursor:?} is not a cursor this server gave"), None))?,
    };
    let end = (start + PAGE_SIZE).min(catalog.tables.len());
    let mut page = ListResourcesResult::with_all_items(catalog.tables[start..end].iter().map(table_resource).collect());
    page.next_cursor = (end < catalog.tables.len()).then(|| format!("{CURSOR_PREFIX}{end}"));
    Ok(page)
}

/// The two templates, tables and columns.
pub fn templates() -> ListResourceTemplatesResult {
    let template = |uri: &str, name: &str, description: &str, mime: &str| {
        let mut template = ResourceTemplate::new(uri, name);
        template.description = Some(description.into());
        template.mime_type = Some(mime.into());
        template
    };
    ListResourceTemplatesResult::with_all_items(vec![
        template(
            TABLE_TEMPLATE,
            "table",
            "A table's columns, relationships and metrics (Markdown, as describe_table gives)",
            "text/markdown",
        ),
        template(
            COLUMN_TEMPLATE,
            "column",
            "One column's catalog entry: type, unit, description, values or range (JSON)",
            "application/json",
        ),
    ])
}

/// The resource at `uri`: a table's Markdown or a column's JSON; `-32002` for a table or
/// column the catalog does not have, or a URI that is not ours.
pub fn read(catalog: &Catalog, uri: &str) -> Result<ReadResourceResult, ErrorData> {
    let not_found = || ErrorData::resource_not_found(format!("there is no resource {uri:?}"), None);
    let path = uri.strip_prefix(TABLES_PREFIX).ok_or_else(not_found)?;
    let (table, column) = match path.split_once("/columns/") {
        Some((table, column)) => (table, Some(column)),
        None => (path, None),
    };
    let table = catalog.tables.iter().find(|t| t.name == table).ok_or_else(not_found)?;
    let contents = match column {
        None => {
            ResourceContents::text(schema::markdown(&one_table(catalog, table)), uri).with_mime_type("text/markdown")
        }
        Some(column) => {
            let column = table.columns.iter().find(|c| c.name == column).ok_or_else(not_found)?;
            let json = serde_json::to_string_pretty(column).expect("catalogs serialise");
            ResourceContents::text(json, uri).with_mime_type("application/json")
        }
    };
    Ok(ReadResourceResult::new(vec![contents]))
}

/// Completions of `table` (either template) and `column` (the column template, for the table
/// named in the request's context): names starting with what was typed, case-insensitively,
/// in catalog order. Any other reference or argument completes to nothing.
pub fn complete(catalog: &Catalog, request: &CompleteRequestParams) -> CompleteResult {
    let template = match &request.r#ref {
        Reference::Resource(reference) => reference.uri.as_str(),
        _ => "",
    };
    let typed = request.argument.value.to_lowercase();
    let starts = |name: &&str| name.to_lowercase().starts_with(&typed);
    let names: Vec<&str> = match (template, request.argument.name.as_str()) {
        (TABLE_TEMPLATE | COLUMN_TEMPLATE, "table") => {
            catalog.tables.iter().map(|t| t.name.as_str()).filter(starts).collect()
        }
        (COLUMN_TEMPLATE, "column") => {
            let table = request.context.as_ref().and_then(|context| context.get_argument("table"));
            match catalog.tables.iter().find(|t| Some(&t.name) == table) {
                Some(table) => table.columns.iter().map(|c| c.name.as_str()).filter(starts).collect(),
                None => Vec::new(),
            }
        }
        _ => Vec::new(),
    };
    let shown: Vec<String> = names.iter().take(CompletionInfo::MAX_VALUES).map(|name| name.to_string()).collect();
    let has_more = names.len() > shown.len();
    let total = u32::try_from(names.len()).unwrap_or(u32::MAX);
    CompleteResult::new(CompletionInfo::with_pagination(shown, Some(total), has_more).expect("bounded above"))
}

/// The catalog narrowed to `table`, with the relationships that start or end at it and its
/// metrics: what `describe_table` and a table's resource describe.
pub fn one_table(catalog: &Catalog, table: &TableEntry) -> Catalog {
    Catalog {
        tables: vec![table.clone()],
        skipped: Vec::new(),
        relationships: catalog.relationships.iter().filter(|r| r.touches(&table.name)).cloned().collect(),
        metrics: catalog.metrics.iter().filter(|m| m.table == table.name).cloned().collect(),
        ..catalog.clone()
    }
}

fn table_resource(table: &TableEntry) -> Resource {
    let summary = format!("{} ({} columns)", schema::row_count_phrase(table), table.columns.len());
    let description = match &table.description {
        Some(description) => format!("{description}: {summary}"),
        None => summary,
    };
    Resource::new(format!("{TABLES_PREFIX}{}", table.name), table.name.clone())
        .with_description(description)
        .with_mime_type("text/markdown")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn catalog_of(tables: usize) -> Catalog {
        let table = |i: usize| serde_json::json!({"name": format!("t{i:04}"), "source": "t.csv", "format": "csv", "row_count": 1, "columns": []});
        let tables: Vec<_> = (0..tables).map(table).collect();
        serde_json::from_value(serde_json::json!({"format": 1, "snapshot": "sha256:0", "tables": tables}))
            .expect("a catalog")
    }

    #[test]
    fn paging_visits_every_table_once_in_bounded_pages() {
        let catalog = catalog_of(2 * PAGE_SIZE + 7);
        let (mut seen, mut cursor, mut pages) = (Vec::new(), None::<String>, 0);
        loop {
            let page = list(&catalog, cursor.as_deref()).unwrap();
            assert!(page.resources.len() <= PAGE_SIZE);
            seen.extend(page.resources.into_iter().map(|r| r.name));
            pages += 1;
            match page.next_cursor {
                Some(next) => cursor = Some(next),
                None => break,
            }
        }
        assert_eq!(pages, 3);
        assert_eq!(seen, catalog.tables.iter().map(|t| t.name.clone()).collect::<Vec<_>>());
        for bad in ["tables:99999", "7", "tables:-1"] {
            assert_eq!(list(&catalog, Some(bad)).unwrap_err().code, rmcp::model::ErrorCode::INVALID_PARAMS, "{bad}");
        }
    }

    #[test]
    fn completion_is_bounded_and_counts_the_rest() {
        let catalog = catalog_of(250);
        let request = |value: &str| {
            CompleteRequestParams::new(
                Reference::for_resource(TABLE_TEMPLATE),
                rmcp::model::ArgumentInfo::new("table", value),
            )
        };
        let all = complete(&catalog, &request("T"));
        assert_eq!(
            (all.completion.values.len(), all.completion.total, all.completion.has_more),
            (100, Some(250), Some(true))
        );
        let few = complete(&catalog, &request("t01"));
        assert_eq!(few.completion.values.len(), 100, "t0100..t0199");
        let one = complete(&catalog, &request("t0249"));
        assert_eq!((one.completion.values, one.completion.has_more), (vec!["t0249".to_string()], Some(false)));
        let prompt = CompleteRequestParams::new(Reference::for_prompt("p"), rmcp::model::ArgumentInfo::new("a", ""));
        assert!(complete(&catalog, &prompt).completion.values.is_empty());
    }
}
