//! The plan language's shape, defined once: every object a plan is made of, the fields each
//! may have, what each field holds, and the words (ops, functions, granularities,
//! directions) a field accepts, with the text that describes them to a model.
//!
//! The compiler guest's parser (`guest/src/plan.rs`) refuses a field an object here does not
//! list and a word its list does not hold; the host writes the plan's JSON Schema by walking
//! [`PLAN`] (`host/src/catalog/plan_schema.rs`). So a field or a word added here is a field the
//! parser reads and the schema offers at once; nothing restates them.

/// A filter's or a `having` condition's comparison.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Op {
    Eq,
    Ne,
    Lt,
    Lte,
    Gt,
    Gte,
    In,
    NotIn,
    Between,
    IsNull,
    IsNotNull,
    Contains,
    StartsWith,
}

impl Op {
    pub const ALL: [(&'static str, Op); 13] = [
        ("eq", Op::Eq),
        ("ne", Op::Ne),
        ("lt", Op::Lt),
        ("lte", Op::Lte),
        ("gt", Op::Gt),
        ("gte", Op::Gte),
        ("in", Op::In),
        ("not_in", Op::NotIn),
        ("between", Op::Between),
        ("is_null", Op::IsNull),
        ("is_not_null", Op::IsNotNull),
        ("contains", Op::Contains),
        ("starts_with", Op::StartsWith),
    ];

    /// Whether a condition with this op compares with a `value`.
    pub fn takes_value(self) -> bool {
        !matches!(self, Op::IsNull | Op::IsNotNull)
    }

    /// The op's word in a plan.
    pub fn name(self) -> &'static str {
        word_of(&Self::ALL, self)
    }
}

/// A calendar unit: group-by granularities and relative-date units are the same words.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Granularity {
    Day,
    Week,
    Month,
    Quarter,
    Year,
}

impl Granularity {
    pub const ALL: [(&'static str, Granularity); 5] = [
        ("day", Granularity::Day),
        ("week", Granularity::Week),
        ("month", Granularity::Month),
        ("quarter", Granularity::Quarter),
        ("year", Granularity::Year),
    ];

    /// The unit's word in a plan.
    pub fn name(self) -> &'static str {
        word_of(&Self::ALL, self)
    }
}

/// An aggregation's function.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Function {
    Count,
    CountDistinct,
    Sum,
    Avg,
    Min,
    Max,
    Median,
    /// A continuous percentile (linear interpolation between the two nearest values) at the
    /// aggregation's `p`.
    Percentile,
    /// The fraction of rows that meet the aggregation's `where`, among the rows the plan's
    /// filters keep.
    Share,
}

impl Function {
    pub const ALL: [(&'static str, Function); 9] = [
        ("count", Function::Count),
        ("count_distinct", Function::CountDistinct),
        ("sum", Function::Sum),
        ("avg", Function::Avg),
        ("min", Function::Min),
        ("max", Function::Max),
        ("median", Function::Median),
        ("percentile", Function::Percentile),
        ("share", Function::Share),
    ];

    /// The function's word in a plan.
    pub fn name(self) -> &'static str {
        word_of(&Self::ALL, self)
    }
}

/// An order key's direction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    Asc,
    Desc,
}

impl Direction {
    pub const ALL: [(&'static str, Direction); 2] = [("asc", Direction::Asc), ("desc", Direction::Desc)];
}

/// The word `value` has in `table`; every variant is in its table (the tables list them all).
fn word_of<T: Copy + PartialEq>(table: &[(&'static str, T)], value: T) -> &'static str {
    table.iter().find(|(_, v)| *v == value).map(|(word, _)| *word).unwrap_or("")
}

/// The words of a `(word, value)` table, in its order.
const fn words_of<T: Copy, const N: usize>(table: &[(&'static str, T); N]) -> [&'static str; N] {
    let mut words = [""; N];
    let mut i = 0;
    while i < N {
        words[i] = table[i].0;
        i += 1;
    }
    words
}

/// Largest N in a relative date's `{"last": N, …}`. Ten thousand of any unit is more than a
/// question about data needs, and keeps every resolved day far inside the calendar's range.
pub const MAX_LAST_COUNT: i64 = 10_000;

/// What an answer column's alias may be: 1-63 ASCII letters, digits or `_`, not starting
/// with a digit (DuckDB's identifier limit is far above; 63 keeps receipts readable).
pub const ALIAS_PATTERN: &str = "^[A-Za-z_][A-Za-z0-9_]{0,62}$";

/// A named list of words a field accepts.
#[derive(Debug)]
pub struct Words {
    /// The list's name, which the JSON Schema defines it under.
    pub name: &'static str,
    pub description: Option<&'static str>,
    pub words: &'static [&'static str],
}

/// One object of the plan language.
#[derive(Debug)]
pub struct Object {
    /// The object's name, which the JSON Schema defines it under.
    pub name: &'static str,
    pub description: Option<&'static str>,
    pub fields: &'static [Field],
}

impl Object {
    /// The names of the fields this object may have.
    pub fn field_names(&self) -> impl Iterator<Item = &'static str> + Clone {
        self.fields.iter().map(|field| field.name)
    }
}

/// One field of an object.
#[derive(Debug)]
pub struct Field {
    pub name: &'static str,
    /// Whether an object without it is refused (`missing_field`).
    pub required: bool,
    pub description: Option<&'static str>,
    pub value: Shape,
}

/// What a field (or an item of a list field) holds.
#[derive(Debug)]
pub enum Shape {
    /// A JSON string.
    Text,
    /// A JSON string matching a regular expression.
    Matching(&'static str),
    /// A JSON whole number within bounds.
    Integer { min: Option<i64>, max: Option<i64> },
    /// A JSON number within bounds.
    Number { min: f64, max: f64 },
    /// A JSON boolean.
    Boolean,
    /// A string that is one of the words.
    Word(&'static Words),
    /// A JSON list whose items are all of one shape.
    List(&'static Shape),
    /// A JSON list of any values (checked against a column's kind when compiled).
    AnyList,
    /// An object of the plan language.
    Object(&'static Object),
    /// Any one of these shapes, under a name the JSON Schema defines it by.
    OneOf { name: &'static str, description: Option<&'static str>, shapes: &'static [Shape] },
}

const fn field(name: &'static str, value: Shape, description: &'static str) -> Field {
    Field { name, required: false, description: if description.is_empty() { None } else { Some(description) }, value }
}

const fn required(name: &'static str, value: Shape, description: &'static str) -> Field {
    Field { required: true, ..field(name, value, description) }
}

pub static OPS: Words = Words { name: "Op", description: None, words: &words_of(&Op::ALL) };
pub static FUNCTIONS: Words = Words { name: "Function", description: None, words: &words_of(&Function::ALL) };
pub static GRANULARITIES: Words = Words {
    name: "Granularity",
    description: Some("A calendar unit: group-by granularities and relative-date units are the same words."),
    words: &words_of(&Granularity::ALL),
};
pub static DIRECTIONS: Words = Words { name: "Direction", description: None, words: &words_of(&Direction::ALL) };

/// A whole plan: a question about one table.
pub static PLAN: Object = Object {
    name: "Plan",
    description: Some("A question about one table: either list rows (`columns`) or aggregate (`group_by` and/or `aggregations`). Unknown fields are refused."),
    fields: &[
        required("table", Shape::Text, "The table to ask about (see the schema of the index). Wherever a column is named, a column of a related table is named by path: \"teams.region\" follows the declared relationship from this table to teams."),
        field("columns", Shape::List(&Shape::Text), "List these columns' rows (not with group_by / aggregations)."),
        field("filters", Shape::List(&ROW_FILTER), "Conditions on rows, all of which must hold: on a column, or {\"exists\": …} / {\"not_exists\": …} on the rows of a table whose declared relationship leads to this one (\"teams that have at least one P1 incident\")."),
        field("group_by", Shape::List(&GROUP_KEY), "Group keys: a column name, or a date/timestamp column truncated to a granularity."),
        field("aggregations", Shape::List(&Shape::Object(&AGGREGATION)), "Values computed per group (or over all rows without group_by): a function, its column, and an alias to name the answer column."),
        field("having", Shape::List(&Shape::Object(&CONDITION)), "Conditions on answer columns (aliases or group keys) after aggregation."),
        field("order_by", Shape::List(&ORDER_KEY), "Answer columns to sort by; a name alone sorts ascending."),
        field("limit", Shape::Integer { min: None, max: None }, "Rows to return: clamped to [1, the deployment's max_rows], with a warning when it was outside."),
    ],
};

/// A filter or a `having` condition.
pub static CONDITION: Object = Object {
    name: "Condition",
    description: None,
    fields: &[
        required("column", Shape::Text, ""),
        required("op", Shape::Word(&OPS), ""),
        field("value", CONDITION_VALUE, "Omitted for is_null / is_not_null; a list for in / not_in; [low, high] for between; dates as \"YYYY-MM-DD\", timestamps as \"YYYY-MM-DD HH:MM:SS\". Date and timestamp columns also take a relative date with eq (within it), ne (outside it), lt (before it), lte (up to its end), gt (after it) and gte (from its start on)."),
    ],
};

/// A filter: a condition on a column, or whether related rows exist.
const ROW_FILTER: Shape = Shape::OneOf {
    name: "RowFilter",
    description: None,
    shapes: &[Shape::Object(&CONDITION), Shape::Object(&EXISTS), Shape::Object(&NOT_EXISTS)],
};

/// `{"exists": {…}}`: the row has at least one related row that meets the `where`.
pub static EXISTS: Object = Object {
    name: "Exists",
    description: Some("Keeps a row of the plan's table that at least one row of another table points to (through a declared relationship to the plan's table) meeting every condition of its `where`: {\"exists\": {\"table\": \"incidents\", \"where\": [{\"column\": \"severity\", \"op\": \"eq\", \"value\": \"P1\"}]}} on teams keeps the teams with at least one P1 incident. Never repeats a row."),
    fields: &[required("exists", Shape::Object(&RELATED_ROWS), "")],
};

/// `{"not_exists": {…}}`: no related row meets the `where`.
pub static NOT_EXISTS: Object = Object {
    name: "NotExists",
    description: Some("Keeps a row of the plan's table that no row of the other table points to while meeting its `where`: teams with no P1 incident (teams with no incident at all included)."),
    fields: &[required("not_exists", Shape::Object(&RELATED_ROWS), "")],
};

/// The rows of another table that point to a row of the plan's table.
pub static RELATED_ROWS: Object = Object {
    name: "RelatedRows",
    description: None,
    fields: &[
        required("table", Shape::Text, "A table with a declared relationship to the plan's table (incidents, whose team_id leads to teams)."),
        field("via", Shape::Text, "Which of that table's relationships leads to the plan's table, by its name (a role: \"reporter\") or its key column (\"reporter_team_id\"): needed only when two of them lead there."),
        field("where", Shape::List(&Shape::Object(&CONDITION)), "Conditions on that table's rows (its columns, or paths from it), all of which a related row must meet."),
    ],
};

/// The table an aggregation from the one side reads (`"of"`).
pub static RELATED_TABLE: Object = Object {
    name: "RelatedTable",
    description: None,
    fields: &[
        required("table", Shape::Text, "A table with a declared relationship to the plan's table."),
        field("via", Shape::Text, "Which of that table's relationships leads to the plan's table, by its name (a role) or its key column: needed only when two of them lead there."),
    ],
};

/// The keys that say a filter is a [`RELATED_ROWS`] test rather than a column's condition.
pub const EXISTENCE_KEYS: [&str; 2] = ["exists", "not_exists"];

/// What a condition compares with.
const CONDITION_VALUE: Shape = Shape::OneOf {
    name: "ConditionValue",
    description: None,
    shapes: &[
        Shape::Text,
        Shape::Number { min: f64::NEG_INFINITY, max: f64::INFINITY },
        Shape::Boolean,
        Shape::AnyList,
        Shape::OneOf {
            name: "RelativeDate",
            description: Some("A range of days relative to today (the server's date, UTC, unless the operator pinned one); the answer's receipt records the dates it resolved to."),
            shapes: &[Shape::Object(&LAST_UNITS), Shape::Object(&THIS_PERIOD), Shape::Object(&PREVIOUS_PERIOD)],
        },
    ],
};

/// `{"last": N, "unit": U}`.
pub static LAST_UNITS: Object = Object {
    name: "LastUnits",
    description: Some("The last N units ending with today, today included: {\"last\": 30, \"unit\": \"day\"} is today and the 29 days before it; {\"last\": 3, \"unit\": \"month\"} starts the day after the same day three months ago (or after that month's last day when it is shorter)."),
    fields: &[
        required("last", Shape::Integer { min: Some(1), max: Some(MAX_LAST_COUNT) }, ""),
        required("unit", Shape::Word(&GRANULARITIES), ""),
    ],
};

/// `{"this": U}`.
pub static THIS_PERIOD: Object = Object {
    name: "ThisPeriod",
    description: Some(
        "The whole calendar period containing today, e.g. {\"this\": \"quarter\"}. Weeks start on Monday.",
    ),
    fields: &[required("this", Shape::Word(&GRANULARITIES), "")],
};

/// `{"previous": U}`.
pub static PREVIOUS_PERIOD: Object = Object {
    name: "PreviousPeriod",
    description: Some("The whole calendar period before the current one, e.g. {\"previous\": \"month\"}."),
    fields: &[required("previous", Shape::Word(&GRANULARITIES), "")],
};

/// The relative-date forms, in the order the parser reads them.
pub static RELATIVE_DATES: [&Object; 3] = [&LAST_UNITS, &THIS_PERIOD, &PREVIOUS_PERIOD];

/// A group key: a column's name, or an object truncating a date column.
const GROUP_KEY: Shape =
    Shape::OneOf { name: "GroupKey", description: None, shapes: &[Shape::Text, Shape::Object(&TRUNCATED_KEY)] };

pub static TRUNCATED_KEY: Object = Object {
    name: "TruncatedKey",
    description: None,
    fields: &[required("column", Shape::Text, ""), field("granularity", Shape::Word(&GRANULARITIES), "")],
};

/// One aggregation.
pub static AGGREGATION: Object = Object {
    name: "Aggregation",
    description: None,
    fields: &[
        field("function", Shape::Word(&FUNCTIONS), "Required unless `metric` is given."),
        field("column", Shape::Text, "Required except for count (which then counts rows) and share (which takes none). A column of a related table by path: \"teams.headcount\"."),
        field("alias", Shape::Matching(ALIAS_PATTERN), "1-63 ASCII letters, digits or '_', not starting with a digit."),
        field("where", Shape::List(&ROW_FILTER), "Conditions on rows, all of which a row must meet to be aggregated here (on top of the plan's filters), the same forms as `filters`; for share, required: the rows whose fraction it gives."),
        field("p", Shape::Number { min: 0.0, max: 1.0 }, "For percentile, required: the fraction of values at or below the answer, strictly between 0 and 1 (0.95 for the 95th percentile; interpolated between the nearest values)."),
        field("of", Shape::Object(&RELATED_TABLE), "Aggregate the rows of another table that point to each row of the plan's table (\"incidents\" from teams): `column` and `where` are then that table's columns, or paths from it. Each of its rows counts once, in the group of the row it points to; a group none points to gets 0 for count and a missing value otherwise."),
        field("metric", Shape::Text, "A metric the operator defined on the plan's table (see `describe_table`): it stands in for function, column, where and p, which are then not given; only alias may join it."),
    ],
};

/// The fields an aggregation that asks for a metric may have: the definition is the
/// operator's, so only the answer column's name is the caller's.
pub const METRIC_FIELDS: [&str; 2] = ["metric", "alias"];

/// An order key: an answer column's name, or an object with a direction.
const ORDER_KEY: Shape =
    Shape::OneOf { name: "OrderKey", description: None, shapes: &[Shape::Text, Shape::Object(&DIRECTED_KEY)] };

pub static DIRECTED_KEY: Object = Object {
    name: "DirectedKey",
    description: None,
    fields: &[required("column", Shape::Text, ""), field("direction", Shape::Word(&DIRECTIONS), "")],
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_word_names_its_own_value() {
        for (word, op) in Op::ALL {
            assert_eq!(op.name(), word);
        }
        for (word, function) in Function::ALL {
            assert_eq!(function.name(), word);
        }
        for (word, unit) in Granularity::ALL {
            assert_eq!(unit.name(), word);
        }
        assert_eq!(OPS.words, Op::ALL.map(|(w, _)| w));
    }

    #[test]
    fn a_metric_aggregation_takes_a_subset_of_an_aggregations_fields() {
        for name in METRIC_FIELDS {
            assert!(AGGREGATION.field_names().any(|f| f == name), "{name}");
        }
    }
}
