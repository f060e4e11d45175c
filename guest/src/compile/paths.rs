//! Columns of related tables, named by path (`teams.region` from `incidents`): each step
//! follows the one relationship the operator declared from the current table to the named
//! one. A [`Frame`] is the FROM of one query: a root table and the left joins its paths
//! need, which gives every column reached its SQL expression.
//!
//! Relationships are many-to-one (the host verified each `to` column unique and present), so
//! following them never repeats a row of the table a query starts from. Where a plan would
//! read a table's rows through a path that can repeat them, [`super::grain`] refuses it.

use crate::error::{Code, CompileError, Result};
use crate::model::{CatalogView, Column, Dialect, Param, Relationship, Table};
use crate::plan::{clip, At};
use crate::sql::Params;
use crate::suggest;

/// A column reached from the plan's table.
#[derive(Debug, Clone)]
pub(super) struct Reach<'a> {
    /// The relationships followed, as indices into the view's, from the plan's table on.
    pub steps: Vec<usize>,
    /// The table the path ends at.
    pub table: &'a Table,
    pub column: &'a Column,
    /// As the plan wrote it: `teams.region`, or `severity` for a column of the plan's table.
    pub written: String,
}

impl Reach<'_> {
    /// The answer column's name for it: the path with `_` for `.` (`teams_region`).
    pub fn output_name(&self) -> String {
        self.written.replace('.', "_")
    }
}

/// Resolve `name` (a column of `base`, or a path from it) against the view's relationships.
pub(super) fn resolve<'a>(view: &'a CatalogView, base: &'a Table, name: &At<String>) -> Result<Reach<'a>> {
    if let Some(column) = base.column(&name.value) {
        return Ok(Reach { steps: Vec::new(), table: base, column, written: name.value.clone() });
    }
    let mut parts: Vec<&str> = name.value.split('.').collect();
    let column_name = parts.pop().unwrap_or_default();
    let mut table = base;
    let mut steps = Vec::new();
    for (i, part) in parts.iter().enumerate() {
        let (index, next) = step(view, table, part, name).map_err(|error| {
            let rest = [&parts[i + 1..], &[column_name][..]].concat().join(".");
            the_way(view, (base, table), (&parts[..i], part, &rest), error)
        })?;
        steps.push(index);
        table = next;
    }
    let Some(column) = table.column(column_name) else {
        let mut hint = suggest::column_hint(column_name, &table.columns);
        let walked = parts.iter().map(|p| format!("{p}.")).collect::<String>();
        let further: Vec<String> = super::ways::columns_named(view, table, column_name)
            .into_iter()
            .map(|path| format!("\"{walked}{}", path.trim_start_matches('"')))
            .collect();
        if !further.is_empty() {
            hint = format!("{hint}; related tables have it: {}", further.join(", "));
        } else if !steps.is_empty() {
            hint.push_str("; a path names its tables, then a column of the last");
        } else if let Some(elsewhere) = super::ways::many_side_with(view, table, column_name) {
            hint = format!("{hint}; {elsewhere}");
        }
        return Err(CompileError::new(
            Code::UnknownColumn,
            &name.path,
            format!("table '{}' has no column '{}'", table.name, clip(column_name)),
        )
        .with_hint(hint));
    };
    Ok(Reach { steps, table, column, written: name.value.clone() })
}

/// `error` (a step from `at` to `part` that no relationship takes) with a hint that names the
/// way: the full paths from `base` that reach `part` from `at`, or how to ask about a table
/// whose rows lead to `at`.
fn the_way(
    view: &CatalogView,
    (base, at): (&Table, &Table),
    (walked, part, rest): (&[&str], &str, &str),
    error: CompileError,
) -> CompileError {
    let lead = walked.iter().map(|w| format!("{w}.")).collect::<String>();
    if error.code == Code::AmbiguousRelationship.as_str() {
        let roles: Vec<String> = view
            .relationships
            .iter()
            .enumerate()
            .filter(|(_, r)| r.from_table == at.name && r.to_table == part)
            .map(|(index, _)| format!("\"{lead}{}.{rest}\"", super::ways::step_name(view, index)))
            .collect();
        let hint = format!(
            "{} relationships lead from {} to {part}: name the one to follow by its role, by the path {} (each answer column keeps the name it was asked by)",
            roles.len(),
            at.name,
            roles.join(" or ")
        );
        return error.with_hint(hint);
    }
    if error.code != Code::UnknownRelationship.as_str() {
        return error;
    }
    let paths: Vec<String> = super::ways::paths_to(view, at, part, rest)
        .into_iter()
        .map(|path| format!("\"{lead}{}", path.trim_start_matches('"')))
        .collect();
    let closest = || {
        super::ways::closest_path(view, at, part, rest)
            .map(|path| format!("did you mean the path \"{lead}{}?", path.trim_start_matches('"')))
    };
    let way = match paths.as_slice() {
        [] if walked.is_empty() => super::ways::from_the_one_side(view, base, part, None).or_else(closest),
        [] => closest(),
        some => Some(format!("{} is reached from {} by the path {}", part, base.name, some.join(" or "))),
    };
    match way {
        Some(way) => {
            let hint = error.hint.clone().unwrap_or_default();
            error.with_hint(format!("{way}; {hint}"))
        }
        None => error,
    }
}

/// The relationship from `from` to the table named `to`, and that table.
fn step<'a>(view: &'a CatalogView, from: &Table, to: &str, name: &At<String>) -> Result<(usize, &'a Table)> {
    let declared: Vec<(usize, &Relationship)> =
        view.relationships.iter().enumerate().filter(|(_, r)| r.from_table == from.name).collect();
    // A step names a relationship by its role (`owner`, which the host keeps unique among the
    // relationships from a table and distinct from every table's name), by the table it leads
    // to, or by the key column it starts from (`owner_team_id`): the role or the key column is
    // how a plan chooses between two relationships that lead to one table.
    let mut matching: Vec<&(usize, &Relationship)> =
        declared.iter().filter(|(_, r)| r.name.as_deref() == Some(to)).collect();
    if matching.is_empty() {
        matching = declared.iter().filter(|(_, r)| r.to_table == to).collect();
    }
    if matching.is_empty() {
        matching = declared.iter().filter(|(_, r)| r.from_column == to).collect();
    }
    let listed = || declared.iter().map(|(_, r)| r.describe()).collect::<Vec<_>>().join(", ");
    match matching.as_slice() {
        [(index, relationship)] => match view.table(&relationship.to_table) {
            Some(table) => Ok((*index, table)),
            None => Err(unknown_relationship(from, to, name, listed())),
        },
        [] => Err(unknown_relationship(from, to, name, listed())),
        several => Err(CompileError::new(
            Code::AmbiguousRelationship,
            &name.path,
            format!(
                "'{}' could mean {} relationships from {} to {}",
                clip(&name.value),
                several.len(),
                from.name,
                clip(to)
            ),
        )
        .with_hint(format!(
            "a plan can follow only a table that one declared relationship leads to; declared from {}: {}; a path cannot choose between them: ask the operator to keep one, or ask in SQL mode where it is enabled",
            from.name,
            listed()
        ))),
    }
}

fn unknown_relationship(from: &Table, to: &str, name: &At<String>, declared: String) -> CompileError {
    let message = format!("no declared relationship leads from {} to '{}'", from.name, clip(to));
    let hint = if declared.is_empty() {
        format!(
            "no relationship is declared from {}; name its own columns without a prefix (the operator declares relationships in querycell.toml)",
            from.name
        )
    } else {
        format!(
            "a path names the tables it walks through, then a column (\"teams.region\"); declared from {}: {declared}; columns of {} itself take no prefix",
            from.name, from.name
        )
    };
    CompileError::new(Code::UnknownRelationship, &name.path, message).with_hint(hint)
}

/// The FROM of one query: a root table (the plan's table, or for an aggregation computed at
/// a related table's grain, that table) and the left joins the query's paths need.
#[derive(Debug, Clone)]
pub(super) struct Frame<'a> {
    view: &'a CatalogView,
    /// The steps from the plan's table to `root`: every path this frame resolves starts
    /// with them.
    grain: Vec<usize>,
    root: &'a Table,
    /// The name the query gives the root: its table's name, or another where the frame is a
    /// subquery's and the outer query may read the same table.
    root_alias: String,
    /// Whether every column is qualified even when nothing is joined: a subquery's columns
    /// must never be read as the outer query's.
    qualify: bool,
    /// The joined nodes, each as its steps after `grain`, parents before children.
    joins: Vec<Vec<usize>>,
}

impl<'a> Frame<'a> {
    /// A frame at `grain` (steps from the plan's table, ending at `root`) that joins what
    /// `reaches` need; every reach must start with `grain`.
    pub fn new(view: &'a CatalogView, root: &'a Table, grain: Vec<usize>, reaches: &[&Reach<'a>]) -> Frame<'a> {
        let mut joins: Vec<Vec<usize>> = Vec::new();
        for reach in reaches {
            let relative = &reach.steps[grain.len().min(reach.steps.len())..];
            for end in 1..=relative.len() {
                let node = relative[..end].to_vec();
                if !joins.contains(&node) {
                    joins.push(node);
                }
            }
        }
        joins.sort_by_key(Vec::len);
        Frame { view, grain, root, root_alias: root.name.clone(), qualify: false, joins }
    }

    /// This frame with its root named `alias` and every column qualified: the FROM of a
    /// subquery.
    pub fn named(self, alias: &str) -> Frame<'a> {
        Frame { root_alias: alias.to_string(), qualify: true, ..self }
    }

    /// The name the query gives the root table.
    pub fn root_alias(&self) -> &str {
        &self.root_alias
    }

    /// The frame of a query at `grain` (steps from the plan's table `base`), joining what
    /// `reaches` need.
    pub fn at(view: &'a CatalogView, base: &'a Table, grain: Vec<usize>, reaches: &[&Reach<'a>]) -> Frame<'a> {
        let root = grain.last().and_then(|i| view.table(&view.relationships[*i].to_table)).unwrap_or(base);
        Frame::new(view, root, grain, reaches)
    }

    pub fn root(&self) -> &'a Table {
        self.root
    }

    /// Whether the frame joins anything: only then are its columns qualified, so a plan
    /// on one table compiles to the SQL it always did.
    pub fn joins_anything(&self) -> bool {
        !self.joins.is_empty()
    }

    /// The tables joined, with the relationship that reached each (for explanations and
    /// orphan counts).
    pub fn joined(&self) -> impl Iterator<Item = (&'a Table, &'a Relationship, String, String)> + '_ {
        self.joins.iter().filter_map(|node| {
            let relationship = &self.view.relationships[*node.last()?];
            let table = self.view.table(&relationship.to_table)?;
            Some((table, relationship, self.alias(&node[..node.len() - 1]), self.alias(node)))
        })
    }

    /// The alias of the node `relative` steps below the root: the root's name, then the
    /// tables the steps reach, joined by dots (`incidents.teams`). Two steps to one table
    /// from the same table would be an ambiguous path, so the names identify the node.
    fn alias(&self, relative: &[usize]) -> String {
        let mut alias = self.root_alias.clone();
        for index in relative {
            alias.push('.');
            alias.push_str(&super::ways::step_name(self.view, *index));
        }
        alias
    }

    /// The SQL of `reach`'s column in this frame: `"severity"` when nothing is joined,
    /// else qualified by its node's alias.
    pub fn expression(&self, reach: &Reach<'_>) -> String {
        let dialect = self.view.dialect;
        let column = dialect.quote(&reach.column.name);
        if !self.joins_anything() && !self.qualify {
            return column;
        }
        let relative = &reach.steps[self.grain.len().min(reach.steps.len())..];
        format!("{}.{column}", dialect.quote(&self.alias(relative)))
    }

    /// ` <from>` with every left join, and the values its placeholders bind (policy
    /// sources), in the order they stand.
    pub fn sources_sql(&self) -> (String, Vec<Param>) {
        let (root, joins, params) = self.sources_apart();
        (root + &joins, params)
    }

    /// The root's source and the left joins after it, apart (with the values they bind, in
    /// that order): a frame joined into another query puts its own ON between the two.
    pub fn sources_apart(&self) -> (String, String, Vec<Param>) {
        let dialect = self.view.dialect;
        let mut params = Params::default();
        let root = source(self.root, &self.root_alias, dialect, &mut params);
        let mut sql = String::new();
        for (table, relationship, parent, alias) in self.joined() {
            sql.push_str(&format!(
                " LEFT JOIN {} ON {}.{} = {}.{}",
                source(table, &alias, dialect, &mut params),
                dialect.quote(&parent),
                dialect.quote(&relationship.from_column),
                dialect.quote(&alias),
                dialect.quote(&relationship.to_column),
            ));
        }
        (root, sql, params.into_vec())
    }

    /// For each join: the condition under which a kept row's path breaks there (its key is
    /// set and matched nothing), with the relationship.
    pub fn unmatched_conditions(&self) -> Vec<(String, &'a Relationship)> {
        let dialect = self.view.dialect;
        self.joined()
            .map(|(_, relationship, parent, alias)| {
                let condition = format!(
                    "{}.{} IS NOT NULL AND {}.{} IS NULL",
                    dialect.quote(&parent),
                    dialect.quote(&relationship.from_column),
                    dialect.quote(&alias),
                    dialect.quote(&relationship.to_column),
                );
                (condition, relationship)
            })
            .collect()
    }

    /// Every policed table the frame reads, for the explanation.
    pub fn tables(&self) -> impl Iterator<Item = &'a Table> + '_ {
        std::iter::once(self.root).chain(self.joined().map(|(table, ..)| table))
    }
}

/// One table of a FROM under `alias`: its relation, or a policed table's source query.
fn source(table: &Table, alias: &str, dialect: Dialect, params: &mut Params) -> String {
    let quoted_alias = dialect.quote(alias);
    match &table.policy {
        Some(policy) => {
            let query = crate::policy::source_query(table, policy, dialect, |value| params.bind(value).to_string());
            format!("({query}) AS {quoted_alias}")
        }
        None => {
            let relation = dialect.relation(table);
            if relation == quoted_alias {
                relation
            } else {
                format!("{relation} AS {quoted_alias}")
            }
        }
    }
}
