//! Walking DuckDB's parse tree with the CTE names in scope at each node: the one walk both the
//! allowlist ([`super::ParseTreeCheck`]) and the policy's source check ([`super::policy`])
//! take, below both of them.

use crate::check::tree::{Node, Object};

/// How deep the walk over DuckDB's JSON goes before it refuses (serde_json itself stops at
/// 128 levels while parsing; this guards the walk independently).
const MAX_TREE_DEPTH: usize = 256;

/// Whether [`walk_in_scope`] goes on into a node's children.
pub(crate) enum Descend {
    Yes,
    No,
}

/// Visit every object of a `json_serialize_sql` tree, with the CTE names in scope there
/// (lowercased, innermost last): a CTE's body sees the CTEs defined before it, the rest of
/// its query node sees them all. Deeper than [`MAX_TREE_DEPTH`] is an error.
pub(crate) fn walk_in_scope(
    tree: &Node<'_>,
    visit: &mut impl FnMut(&Object<'_>, &[String]) -> std::result::Result<Descend, String>,
) -> std::result::Result<(), String> {
    fn step(
        node: &Node<'_>,
        depth: usize,
        ctes: &mut Vec<String>,
        visit: &mut impl FnMut(&Object<'_>, &[String]) -> std::result::Result<Descend, String>,
    ) -> std::result::Result<(), String> {
        if depth > MAX_TREE_DEPTH {
            return Err(format!("the statement's tree is deeper than {MAX_TREE_DEPTH} levels"));
        }
        match node {
            Node::Array(items) => items.iter().try_for_each(|item| step(item, depth + 1, ctes, visit)),
            Node::Object(map) => {
                if let Descend::No = visit(map, ctes)? {
                    return Ok(());
                }
                let in_scope = ctes.len();
                let entries = map
                    .get("cte_map")
                    .and_then(|c| c.get("map"))
                    .and_then(Node::as_array)
                    .map(Vec::as_slice)
                    .unwrap_or_default();
                for entry in entries {
                    step(entry.get("value").unwrap_or(&Node::Null), depth + 1, ctes, visit)?;
                    ctes.push(entry.get("key").and_then(Node::as_str).unwrap_or_default().to_lowercase());
                }
                let walked = map
                    .iter()
                    .filter(|(key, _)| *key != "cte_map")
                    .try_for_each(|(_, value)| step(value, depth + 1, ctes, visit));
                ctes.truncate(in_scope);
                walked
            }
            _ => Ok(()),
        }
    }
    step(tree, 0, &mut Vec::new(), visit)
}
