//! Native mirror of the WIT contract's types (`wit/compiler.wit`), so the compiler can be
//! used and tested without the component machinery.

/// Coarse type of a column or output value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ValueKind {
    Text,
    Integer,
    Float,
    Boolean,
    Date,
    Timestamp,
    Other,
}

impl ValueKind {
    pub fn is_numeric(self) -> bool {
        matches!(self, ValueKind::Integer | ValueKind::Float)
    }

    pub fn is_temporal(self) -> bool {
        matches!(self, ValueKind::Date | ValueKind::Timestamp)
    }

    /// Types with a meaningful `<`, `min` and `max`.
    pub fn is_ordered(self) -> bool {
        !matches!(self, ValueKind::Other | ValueKind::Boolean)
    }

    pub fn describe(self) -> &'static str {
        match self {
            ValueKind::Text => "text",
            ValueKind::Integer => "integer",
            ValueKind::Float => "number",
            ValueKind::Boolean => "boolean",
            ValueKind::Date => "date",
            ValueKind::Timestamp => "timestamp",
            ValueKind::Other => "other",
        }
    }
}

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
    pub columns: Vec<Column>,
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

impl Default for RequestLimits {
    fn default() -> Self {
        RequestLimits { max_rows: 1000, max_in_list: 100, max_request_bytes: 64 * 1024 }
    }
}

#[derive(Debug, Clone, PartialEq, Default)]
pub struct CatalogView {
    pub tables: Vec<Table>,
    pub limits: RequestLimits,
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
}

#[derive(Debug, Clone, PartialEq)]
pub struct NullProbe {
    pub query: Query,
    pub labels: Vec<String>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Compiled {
    pub main: Query,
    pub count: Query,
    pub null_probe: Option<NullProbe>,
    pub columns: Vec<OutputColumn>,
    pub limit: u32,
    pub explanation: String,
    pub warnings: Vec<String>,
}
