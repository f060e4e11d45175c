//! Deployment policies, as the compiler applies them: a table the policy restricts is read
//! only through the one query [`source_query`] writes, the visible columns under the row
//! filters, with every filter value bound as a parameter. Plans put it in their FROM
//! ([`crate::compile`]); SQL mode puts it in place of every reference to the table
//! ([`crate::sqlmode::policy`]). The host checks each statement for exactly this form
//! before it runs, and shadows the table with a view that filters again, so a compiler
//! that forgot the filter is refused rather than trusted.

use crate::model::{Dialect, Param, Table, TablePolicy};

/// `SELECT "a", "b" FROM "t" WHERE CAST("tenant" AS VARCHAR) = <placeholder> AND
/// CAST("team" AS VARCHAR) IN (<placeholder>, …)`: the table as the policy lets the caller
/// read it. `bind` receives each filter value in order and returns the placeholder that
/// stands for it.
pub fn source_query(
    table: &Table,
    policy: &TablePolicy,
    dialect: Dialect,
    mut bind: impl FnMut(Param) -> String,
) -> String {
    let columns = table.columns.iter().map(|c| dialect.quote(&c.name)).collect::<Vec<_>>().join(", ");
    let mut sql = format!("SELECT {columns} FROM {}", dialect.relation(table));
    for (i, filter) in policy.row_filters.iter().enumerate() {
        sql.push_str(if i == 0 { " WHERE " } else { " AND " });
        let placeholders: Vec<String> = filter.values.iter().map(|value| bind(Param::Text(value.clone()))).collect();
        let test = match placeholders.as_slice() {
            [one] => format!("= {one}"),
            // The host never sends an empty list; if it did, no row would pass.
            [] => "IN (NULL)".to_string(),
            many => format!("IN ({})", many.join(", ")),
        };
        sql.push_str(&format!("CAST({} AS {}) {test}", dialect.quote(&filter.column), dialect.text_type()));
    }
    sql
}

/// The row filters of `table` in words, for explanations: `tenant = the context's value`.
pub fn described(table: &Table) -> Option<String> {
    let policy = table.policy.as_ref()?;
    if policy.row_filters.is_empty() {
        return Some(format!("the columns of {} the policy shows", table.name));
    }
    let filters = policy.row_filters.iter().map(|f| f.column.as_str()).collect::<Vec<_>>().join(", ");
    Some(format!("the rows of {} the policy allows (by {filters})", table.name))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Column, RowFilter, ValueKind};

    #[test]
    fn the_source_query_names_only_visible_columns_and_binds_every_filter_value() {
        let column = |name: &str| Column {
            name: name.into(),
            display_name: name.into(),
            sql_type: "VARCHAR".into(),
            kind: ValueKind::Text,
        };
        let policy = TablePolicy {
            row_filters: vec![
                RowFilter { column: "ten\"ant".into(), values: vec!["o'brien".into()] },
                RowFilter { column: "region".into(), values: vec!["eu".into(), "us".into()] },
            ],
        };
        let table = Table {
            name: "tick ets".into(),
            relation: Vec::new(),
            columns: vec![column("id"), column("title")],
            policy: Some(policy.clone()),
        };
        let mut bound = Vec::new();
        let sql = source_query(&table, &policy, Dialect::DuckDb, |value| {
            bound.push(value);
            format!("${}", bound.len())
        });
        assert_eq!(sql, "SELECT \"id\", \"title\" FROM \"tick ets\" WHERE CAST(\"ten\"\"ant\" AS VARCHAR) = $1 AND CAST(\"region\" AS VARCHAR) IN ($2, $3)");
        assert_eq!(bound, vec![Param::Text("o'brien".into()), Param::Text("eu".into()), Param::Text("us".into())]);
    }
}
