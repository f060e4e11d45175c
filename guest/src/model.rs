//! Native mirror of the WIT contract's types (`wit/compiler.wit`), so the compiler can be
//! used and tested without the component machinery.

pub use querycell_contract::kinds::ValueKind;
pub use querycell_contract::roles::{AggregateRole, ColumnRole};

#[derive(Debug, Clone, PartialEq)]
pub struct Column {
    pub name: String,
    pub display_name: String,
    pub sql_type: String,
    pub kind: ValueKind,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Table {
    pub name: String,
    /// The name the engine knows the table by, part by part (`["lake", "incidents"]`); empty
    /// means `name`. Only FROM uses it: the query still calls the table `name`.
    pub relation: Vec<String>,
    /// The columns the caller may see.
    pub columns: Vec<Column>,
    /// Set when a deployment policy restricts the table: every read goes through
    /// [`crate::policy::source_query`].
    pub policy: Option<TablePolicy>,
}

/// A deployment policy's restriction of one table (WIT `table-policy`).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct TablePolicy {
    /// Only rows that pass every filter may be read.
    pub row_filters: Vec<RowFilter>,
}

/// `CAST(column AS VARCHAR)` equals one of `values`, which come from the host's trusted
/// context.
#[derive(Debug, Clone, PartialEq)]
pub struct RowFilter {
    /// The column compared, which may be hidden from the caller.
    pub column: String,
    /// Never empty from the host; one value compares with `=`, several with `IN`.
    pub values: Vec<String>,
}

impl Table {
    pub fn column(&self, name: &str) -> Option<&Column> {
        self.columns.iter().find(|c| c.name == name)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RequestLimits {
    pub max_rows: u32,
    pub max_in_list: u32,
    pub max_request_bytes: u32,
}

/// The host's defaults (the host always sends its limits; these serve native callers).
impl Default for RequestLimits {
    fn default() -> Self {
        use querycell_contract::limits;
        RequestLimits {
            max_rows: limits::MAX_ROWS,
            max_in_list: limits::MAX_IN_LIST,
            max_request_bytes: limits::MAX_REQUEST_BYTES,
        }
    }
}

/// The SQL the compiler writes (WIT `dialect`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Dialect {
    /// DuckDB: `"quoted"` identifiers, `CAST(x AS VARCHAR)`.
    #[default]
    DuckDb,
    /// Spark SQL: `` `quoted` `` identifiers, `CAST(x AS STRING)`; plans only.
    Spark,
}

#[derive(Debug, Clone, PartialEq, Default)]
pub struct CatalogView {
    pub tables: Vec<Table>,
    /// The engine the SQL is for.
    pub dialect: Dialect,
    pub limits: RequestLimits,
    /// Today's date in days since 1970-01-01, from the host (the compiler has no clock).
    /// Relative dates and SQL mode's `current_date` resolve against it.
    pub today: i32,
    /// The many-to-one relationships plans may follow (verified by the host at ingest).
    pub relationships: Vec<Relationship>,
    /// The aggregations the operator defined.
    pub metrics: Vec<Metric>,
}

/// A declared, verified many-to-one relationship (WIT `relationship`): each `to_column`
/// value is unique and not null in `to_table`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Relationship {
    /// The role the operator named it by (`owner`), which a path may use in place of
    /// `to_table`: how a plan chooses between two relationships to one table.
    pub name: Option<String>,
    pub from_table: String,
    pub from_column: String,
    pub to_table: String,
    pub to_column: String,
}

impl Relationship {
    /// `incidents.team_id → teams.team_id` (`owner: tickets.owner_team_id → teams.team_id`
    /// when named), as hints and warnings name it.
    pub fn describe(&self) -> String {
        let arrow = format!("{}.{} → {}.{}", self.from_table, self.from_column, self.to_table, self.to_column);
        match &self.name {
            Some(name) => format!("{name}: {arrow}"),
            None => arrow,
        }
    }
}

/// An operator-defined aggregation (WIT `metric`).
#[derive(Debug, Clone, PartialEq)]
pub struct Metric {
    pub name: String,
    pub table: String,
    /// One `aggregations` object as plan JSON.
    pub aggregation: String,
    pub description: String,
    pub unit: Option<String>,
}

impl CatalogView {
    pub fn table(&self, name: &str) -> Option<&Table> {
        self.tables.iter().find(|t| t.name == name)
    }
}

/// A bound parameter. Dates are days since the Unix epoch, timestamps microseconds.
#[derive(Debug, Clone, PartialEq)]
pub enum Param {
    Null,
    Boolean(bool),
    Integer(i64),
    Float(f64),
    Text(String),
    Date(i32),
    Timestamp(i64),
}

#[derive(Debug, Clone, PartialEq)]
pub struct Query {
    pub sql: String,
    pub params: Vec<Param>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct OutputColumn {
    pub name: String,
    pub kind: ValueKind,
    pub role: ColumnRole,
}

/// A key the rows are sorted by (WIT `order-key`): an index into [`Compiled::columns`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct OrderKey {
    pub column: u32,
    pub descending: bool,
}

/// What one count of a [`NullProbe`] measures.
#[derive(Debug, Clone, PartialEq)]
pub enum ProbeCount {
    /// Nulls skipped by the aggregate behind this answer column, in the rows the main query
    /// kept.
    AggregateSkipped(String),
    /// Rows left out by `ne` / `not_in` filters only because their column is null.
    FilterExcluded(ExcludedNulls),
    /// Rows the answer has before its LIMIT (only as a main count).
    AnswerRows,
    /// Kept rows of `.0` (a table) whose path breaks at relationship `.1`: an orphan key.
    Unmatched(String, Relationship),
}

/// Rows that match every other filter and are null in `column`, which its `ne` / `not_in`
/// filters therefore left out.
#[derive(Debug, Clone, PartialEq)]
pub struct ExcludedNulls {
    pub column: String,
    /// Where the filters stand in the plan: `filters[1]` (or `filters[0], filters[2]`).
    pub path: String,
    /// The filters in the explanation's words: `severity <> 'P1'`.
    pub filter: String,
}

/// A one-row query of counts: column i counts what `counts[i]` describes.
#[derive(Debug, Clone, PartialEq)]
pub struct NullProbe {
    pub query: Query,
    pub counts: Vec<ProbeCount>,
}

/// A relative date (or SQL mode's `current_date`) and the days it resolved to.
#[derive(Debug, Clone, PartialEq)]
pub struct ResolvedDate {
    /// The column it filters; `None` in SQL mode.
    pub column: Option<String>,
    /// Where it stood in the request: `filters[0].value`, or `sql`.
    pub path: String,
    /// As the request said it: `last 30 days`, `this quarter`, `current_date`.
    pub phrase: String,
    /// The first day of the range, in days since 1970-01-01.
    pub start: i32,
    /// The first day after the range (the range is half-open).
    pub end: i32,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Compiled {
    pub main: Query,
    pub count: Query,
    /// Counts riding in the main query as trailing columns (see the WIT contract).
    pub main_counts: Vec<ProbeCount>,
    pub null_probe: Option<NullProbe>,
    pub columns: Vec<OutputColumn>,
    /// The keys the rows are sorted by, first key first.
    pub order: Vec<OrderKey>,
    pub limit: u32,
    pub explanation: String,
    pub warnings: Vec<String>,
    /// Every relative date the request used and the days it resolved to.
    pub resolved_dates: Vec<ResolvedDate>,
    /// SQL mode: the byte ranges of the request that, joined by one space each, are the
    /// statement the compiler read (see the WIT contract); empty for plans.
    pub reading: Vec<std::ops::Range<usize>>,
}
