//! How the checks name a relation: the key a catalog relation and a `BASE_TABLE` node of
//! DuckDB's tree are compared by, below the checks that compare them.

use crate::check::tree::{text, Node, Object};

/// Joins the parts of a relation's name in a [`relation_key`]: a control character, which
/// no catalog name holds.
pub const RELATION_SEPARATOR: char = '\u{1f}';

/// How the checks compare relation names: the parts (`["lake", "incidents"]`, or the table's
/// name alone), lowercased as DuckDB and Spark compare them, joined by [`RELATION_SEPARATOR`].
pub fn relation_key<S: AsRef<str>>(parts: &[S]) -> String {
    parts.iter().map(|part| part.as_ref().to_lowercase()).collect::<Vec<_>>().join(&RELATION_SEPARATOR.to_string())
}

/// The [`relation_key`] of a `BASE_TABLE` node: its catalog, schema and table names, which
/// must agree with DuckDB 2's `qualified_name.path` where the tree has one.
pub(crate) fn base_table_key(map: &Object<'_>) -> std::result::Result<String, String> {
    let parts: Vec<&str> = ["catalog_name", "schema_name", "table_name"]
        .iter()
        .map(|key| text(map, key))
        .filter(|part| !part.is_empty())
        .collect();
    if let Some(path) = map.get("qualified_name").and_then(|q| q.get("path")) {
        let path: Option<Vec<&str>> = path.as_array().and_then(|items| items.iter().map(Node::as_str).collect());
        if path.as_deref() != Some(parts.as_slice()) {
            return Err(format!("the relation '{}' is named two ways in DuckDB's tree", parts.join(".")));
        }
    }
    if parts.is_empty() || parts.iter().any(|part| part.contains(RELATION_SEPARATOR)) {
        return Err("a relation has an empty or unreadable name".into());
    }
    Ok(relation_key(&parts))
}
