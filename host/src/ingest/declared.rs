//! The `[[relationships]]` as the operator declared them: gathered from every root's
//! `querycell.toml` into one list, and their names (roles) checked across that list, before
//! [`super::relationships`] verifies each against the data.
//!
//! A plan path names a step by the table it leads to; where two relationships lead from one
//! table to another (a ticket's owner team and reporter team), only a name can tell them
//! apart, so each such relationship must have one. A name is unique among the relationships
//! from its table and never a loaded table's name, so a step word means one relationship.

use crate::catalog::TableEntry;
use crate::error::{Code, Error, Result};

use super::sources::Root;

/// A relationship as `querycell.toml` declared it, with the file that declared it first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Declared {
    /// The role paths may follow it by (`owner`).
    pub name: Option<String>,
    /// The many side's table.
    pub from_table: String,
    /// The many side's key column.
    pub from_column: String,
    /// The one side's table.
    pub to_table: String,
    /// The one side's key column.
    pub to_column: String,
    /// The `querycell.toml` it came from, for messages.
    pub source: String,
}

impl Declared {
    /// `incidents.team_id -> teams.team_id`, for messages.
    pub fn arrow(&self) -> String {
        format!("{}.{} -> {}.{}", self.from_table, self.from_column, self.to_table, self.to_column)
    }

    /// What makes it the same relationship whatever file declared it: every field but
    /// `source`.
    fn key(&self) -> (Option<&str>, [&str; 4]) {
        (self.name.as_deref(), [&self.from_table, &self.from_column, &self.to_table, &self.to_column])
    }

    /// The `querycell.toml` lines that declare it, for messages.
    pub fn declaration(&self) -> String {
        let name = self.name.as_ref().map(|n| format!("name = \"{n}\" ")).unwrap_or_default();
        format!(
            "{name}from = \"{}.{}\" to = \"{}.{}\"",
            self.from_table, self.from_column, self.to_table, self.to_column
        )
    }
}

/// Every root's relationships, in order; one declared twice (in one file or two, with the
/// same name or none) is one.
pub fn gather(roots: &[Root]) -> Vec<Declared> {
    let mut declared: Vec<Declared> = Vec::new();
    for root in roots {
        for setting in &root.sidecar.relationships {
            let (from_table, from_column, to_table, to_column) = setting.ends();
            let candidate = Declared {
                name: setting.name.clone(),
                from_table: from_table.to_string(),
                from_column: from_column.to_string(),
                to_table: to_table.to_string(),
                to_column: to_column.to_string(),
                source: root.sidecar_path.clone(),
            };
            let same = |d: &Declared| d.key() == candidate.key();
            if !declared.iter().any(same) {
                declared.push(candidate);
            }
        }
    }
    declared
}

/// Every step word a path could use means one relationship: two relationships from one
/// table to another each have a name; no two from one table share a name; a name is not a
/// loaded table's name, nor the key column another relationship from its table starts from
/// (a step may name a relationship by its key column).
pub fn check_names(declared: &[Declared], tables: &[TableEntry]) -> Result<()> {
    for (i, d) in declared.iter().enumerate() {
        let siblings = || declared.iter().enumerate().filter(move |(j, o)| *j != i && o.from_table == d.from_table);
        let Some(name) = &d.name else {
            if let Some((_, other)) = siblings().find(|(_, o)| o.to_table == d.to_table) {
                return Err(invalid(
                    d,
                    format!("and {} both lead from {} to {}, so a path could not say which to follow", other.arrow(), d.from_table, d.to_table),
                    "give each a name, the role its rows play (name = \"owner\", name = \"reporter\"); plans then follow a path by it (owner.region)".to_string(),
                ));
            }
            continue;
        };
        if let Some((_, other)) = siblings().find(|(_, o)| o.name.as_ref() == Some(name)) {
            return Err(invalid(
                d,
                format!("has the name '{name}', which {} has too", other.arrow()),
                format!("the relationships from {} need one name each", d.from_table),
            ));
        }
        if tables.iter().any(|t| t.name == *name) {
            return Err(invalid(
                d,
                format!("has the name '{name}', which is a table's name: a path step '{name}' would mean that table"),
                "name the role its rows play instead (\"owner\", \"billing\")".to_string(),
            ));
        }
        if let Some((_, other)) = siblings().find(|(_, o)| o.from_column == *name) {
            return Err(invalid(
                d,
                format!(
                    "has the name '{name}', the key column of {}, which a path step '{name}' already follows",
                    other.arrow()
                ),
                "name the role its rows play instead".to_string(),
            ));
        }
    }
    Ok(())
}

fn invalid(d: &Declared, what: String, hint: String) -> Error {
    Error::new(Code::RelationshipInvalid, format!("{}: the relationship {} {what}", d.source, d.arrow()))
        .at(&d.source)
        .hint(hint)
}
