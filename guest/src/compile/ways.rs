//! Hints that name the way: where a plan names a table or column its table does not reach
//! directly, the full paths that do reach it (`services.teams.region` for `teams.region`
//! from incidents), and where only a table on the other side of a relationship has it, how
//! to ask from here (`exists`, `"of"`) or which table to ask from. The walk over the
//! relationships is breadth first and bounded in depth and in the paths it keeps, so a
//! catalog with cycles or many relationships costs a fixed amount.

use crate::model::{CatalogView, Table};

/// The longest path, in steps, a hint proposes.
const MAX_DEPTH: usize = 4;
/// The most paths the walk keeps, and the most a hint lists.
const MAX_PATHS: usize = 64;
const MAX_LISTED: usize = 5;

/// The paths from `from` through declared relationships (`teams`, `services.teams`), each
/// with the table it ends at, shortest first. A step two relationships could take is named
/// by its role (`owner`), as a path must name it ([`step_name`]).
fn paths_from<'a>(view: &'a CatalogView, from: &Table) -> Vec<(String, &'a Table)> {
    let mut found: Vec<(String, &Table)> = Vec::new();
    let mut frontier: Vec<(String, &str)> = vec![(String::new(), from.name.as_str())];
    for _ in 0..MAX_DEPTH {
        let mut next = Vec::new();
        for (prefix, table) in &frontier {
            for (index, r) in view.relationships.iter().enumerate().filter(|(_, r)| r.from_table == *table) {
                let Some(to) = view.table(&r.to_table) else { continue };
                let step = step_name(view, index);
                let path = if prefix.is_empty() { step } else { format!("{prefix}.{step}") };
                if found.len() < MAX_PATHS && !found.iter().any(|(p, _)| *p == path) {
                    found.push((path.clone(), to));
                    next.push((path, r.to_table.as_str()));
                }
            }
        }
        frontier = next;
    }
    found
}

/// `"services.teams.region"`-style full names: each path from `from` that ends at the table
/// `to`, followed by `rest` (the column, and any steps after it).
pub(super) fn paths_to(view: &CatalogView, from: &Table, to: &str, rest: &str) -> Vec<String> {
    paths_from(view, from)
        .into_iter()
        .filter(|(_, table)| table.name == to)
        .take(MAX_LISTED)
        .map(|(path, _)| format!("\"{path}.{rest}\""))
        .collect()
}

/// The paths from `from` to a column named `column` in a related table.
pub(super) fn columns_named(view: &CatalogView, from: &Table, column: &str) -> Vec<String> {
    paths_from(view, from)
        .into_iter()
        .filter(|(_, table)| table.column(column).is_some())
        .take(MAX_LISTED)
        .map(|(path, _)| format!("\"{path}.{column}\""))
        .collect()
}

/// How to reach the rows of `other` from `from` when `other`'s relationship leads to
/// `from` (the one-to-many side): test them, aggregate them, or ask from `other`.
pub(super) fn from_the_one_side(view: &CatalogView, from: &Table, other: &str, column: Option<&str>) -> Option<String> {
    let relationship = view.relationships.iter().find(|r| r.from_table == other && r.to_table == from.name)?;
    let about = column.map(|c| format!("'{c}' is a column of {other}; ")).unwrap_or_default();
    let asked = column.map(|c| format!("\"{c}\"")).unwrap_or_else(|| "its columns".to_string());
    Some(format!(
        "{about}many {other} rows lead to one {} ({}): from {} keep rows with {{\"exists\": {{\"table\": \"{other}\", \"where\": [...]}}}} or aggregate them with \"of\": {{\"table\": \"{other}\"}} and {asked} as the column; or ask a plan with \"table\": \"{other}\"",
        from.name,
        relationship.describe(),
        from.name,
    ))
}

/// The tables whose relationship leads to `from` that have a column named `column`.
pub(super) fn many_side_with(view: &CatalogView, from: &Table, column: &str) -> Option<String> {
    view.relationships
        .iter()
        .filter(|r| r.to_table == from.name)
        .find(|r| view.table(&r.from_table).is_some_and(|t| t.column(column).is_some()))
        .and_then(|r| from_the_one_side(view, from, &r.from_table, Some(column)))
}

/// For a step to a table no path reaches (a misspelt table, say): the full name through the
/// reachable table whose name is closest to `part`, followed by `rest`.
pub(super) fn closest_path(view: &CatalogView, from: &Table, part: &str, rest: &str) -> Option<String> {
    let paths = paths_from(view, from);
    let names: Vec<&str> = paths.iter().map(|(_, table)| table.name.as_str()).collect();
    let name = crate::suggest::closest(part, names.iter().copied())?;
    let (path, _) = paths.iter().find(|(_, table)| table.name == name)?;
    Some(format!("\"{path}.{rest}\""))
}

/// How a path names the step of relationship `index`: the table it leads to, or where two
/// relationships from one table lead to it, its role (`owner`), or for a relationship the
/// operator left unnamed, the key column it starts from (`owner_team_id`).
pub(super) fn step_name(view: &CatalogView, index: usize) -> String {
    let r = &view.relationships[index];
    let parallel =
        view.relationships.iter().filter(|o| o.from_table == r.from_table && o.to_table == r.to_table).count();
    match (&r.name, parallel > 1) {
        (_, false) => r.to_table.clone(),
        (Some(name), true) => name.clone(),
        (None, true) => r.from_column.clone(),
    }
}
