//! Plan language v2: the JSON request parsed into typed parts, each remembering its JSON
//! path so that every later refusal can say exactly where the problem is. This module only
//! checks shape (fields, types, known words); names are resolved in [`crate::compile`].

use serde_json::{Map, Value};

pub use querycell_contract::plan_language::{Direction, Function, Granularity, Op};
use querycell_contract::plan_language::{
    AGGREGATION, CONDITION, DIRECTED_KEY, EXISTENCE_KEYS, EXISTS, MAX_LAST_COUNT, METRIC_FIELDS, NOT_EXISTS, PLAN,
    RELATED_ROWS, RELATED_TABLE, RELATIVE_DATES, TRUNCATED_KEY,
};

use crate::error::{Code, CompileError, Result};
use crate::suggest;

/// A request value together with where it stood in the request.
#[derive(Debug, Clone, PartialEq)]
pub struct At<T> {
    pub value: T,
    pub path: String,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Plan {
    pub table: At<String>,
    /// Present for a plain row listing.
    pub columns: Option<Vec<At<String>>>,
    pub filters: Vec<Condition>,
    /// The `exists` / `not_exists` items of `filters` (each keeps its own path).
    pub exists: Vec<Existence>,
    pub group_by: Vec<GroupKey>,
    pub aggregations: Vec<Aggregation>,
    pub having: Vec<Condition>,
    pub order_by: Vec<OrderKey>,
    pub limit: Option<At<i64>>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Condition {
    pub column: At<String>,
    pub op: At<Op>,
    pub value: Option<At<FilterValue>>,
    pub path: String,
}

/// `{"exists": {…}}` or `{"not_exists": {…}}`: whether a row of the plan's table has
/// related rows (rows of another table whose relationship leads to it) meeting a `where`.
#[derive(Debug, Clone, PartialEq)]
pub struct Existence {
    /// `not_exists`: the row has no such related row.
    pub negated: bool,
    pub related: RelatedRows,
    /// Where the filter stands: `filters[1]`.
    pub path: String,
}

/// The rows of `table` that point to a row of the plan's table, through the relationship
/// whose key column is `via` (or the one relationship from `table` to it).
#[derive(Debug, Clone, PartialEq)]
pub struct RelatedRows {
    pub table: At<String>,
    pub via: Option<At<String>>,
    /// Conditions on the related table's rows (its columns, or paths from it).
    pub where_: Vec<Condition>,
    /// Where the object stands: `filters[1].exists`.
    pub path: String,
}

/// What a condition compares with.
#[derive(Debug, Clone, PartialEq)]
pub enum FilterValue {
    /// A JSON value (or a list of them), checked against the column's kind when compiled.
    Json(Value),
    /// A date range named relative to today (a JSON object in the request).
    Relative(RelativeDate),
}

/// A range of days named relative to today, which the host supplies (the compiler has no
/// clock). [`crate::calendar::resolve`] says exactly which days each form covers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RelativeDate {
    /// `{"last": N, "unit": "day"}`: the N units ending with today, today included.
    Last { count: i32, unit: Granularity },
    /// `{"this": "month"}`: the whole calendar period containing today.
    This(Granularity),
    /// `{"previous": "month"}`: the whole calendar period before the current one.
    Previous(Granularity),
}

impl RelativeDate {
    /// The three forms, for hints.
    pub const FORMS: &'static str = r#"{"last": 30, "unit": "day"}, {"this": "month"} or {"previous": "quarter"}"#;

    /// The form in words, as explanations and receipts show it: `last 30 days`, `this quarter`.
    pub fn phrase(self) -> String {
        match self {
            RelativeDate::Last { count, unit } => {
                format!("last {count} {}{}", unit.name(), if count == 1 { "" } else { "s" })
            }
            RelativeDate::This(unit) => format!("this {}", unit.name()),
            RelativeDate::Previous(unit) => format!("previous {}", unit.name()),
        }
    }

    /// The phrase as a sentence uses it: `the last 30 days`, `this quarter`, `the previous month`.
    pub fn in_words(self) -> String {
        match self {
            RelativeDate::This(_) => self.phrase(),
            _ => format!("the {}", self.phrase()),
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct GroupKey {
    pub column: At<String>,
    pub granularity: Option<At<Granularity>>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Aggregation {
    pub function: At<Function>,
    pub column: Option<At<String>>,
    pub alias: Option<At<String>>,
    /// Conditions on the table's rows, all of which a row must meet to count: the
    /// aggregation's own filter (`FILTER (WHERE …)`), or for `share` what it measures.
    pub where_: Vec<Condition>,
    /// The `exists` / `not_exists` items of its `where`.
    pub where_exists: Vec<Existence>,
    /// `"of"`: the related table whose rows it reads (its `column` and `where` are that
    /// table's), with an empty `where_`.
    pub of: Option<RelatedRows>,
    /// `percentile`'s fraction, as written (the compiler checks it lies in (0, 1)).
    pub p: Option<At<f64>>,
    /// `{"metric": "<name>"}`: the operator's definition stands in for `function`,
    /// `column`, `where` and `p` (the compiler puts it in their place).
    pub metric: Option<At<String>>,
    pub path: String,
}

#[derive(Debug, Clone, PartialEq)]
pub struct OrderKey {
    pub column: At<String>,
    pub direction: Direction,
}

/// How a repeated key's refusal begins (serde_json appends where it is).
const TWICE: &str = "a key appears twice in one object";

/// A JSON value read as serde_json reads one, except that an object naming a key twice is
/// refused: serde_json keeps the last (`"op": "eq", …, "op": "ne"` asked the `ne` question),
/// another reader the first, and a person reading the receipt's request text either. The
/// depth stays serde_json's to guard: each nested value is read by its deserializer.
struct OnceKeyed(Value);

impl<'de> serde::Deserialize<'de> for OnceKeyed {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> std::result::Result<Self, D::Error> {
        deserializer.deserialize_any(OnceKeyedVisitor).map(OnceKeyed)
    }
}

struct OnceKeyedVisitor;

impl<'de> serde::de::Visitor<'de> for OnceKeyedVisitor {
    type Value = Value;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a JSON value")
    }
    fn visit_bool<E>(self, v: bool) -> std::result::Result<Value, E> {
        Ok(Value::Bool(v))
    }
    fn visit_i64<E>(self, v: i64) -> std::result::Result<Value, E> {
        Ok(Value::from(v))
    }
    fn visit_u64<E>(self, v: u64) -> std::result::Result<Value, E> {
        Ok(Value::from(v))
    }
    fn visit_f64<E>(self, v: f64) -> std::result::Result<Value, E> {
        Ok(serde_json::Number::from_f64(v).map_or(Value::Null, Value::Number))
    }
    fn visit_str<E>(self, v: &str) -> std::result::Result<Value, E> {
        Ok(Value::String(v.to_string()))
    }
    fn visit_string<E>(self, v: String) -> std::result::Result<Value, E> {
        Ok(Value::String(v))
    }
    fn visit_unit<E>(self) -> std::result::Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> std::result::Result<Value, A::Error> {
        let mut items = Vec::new();
        while let Some(OnceKeyed(item)) = seq.next_element()? {
            items.push(item);
        }
        Ok(Value::Array(items))
    }
    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> std::result::Result<Value, A::Error> {
        let mut object = serde_json::Map::new();
        while let Some(key) = map.next_key::<String>()? {
            if object.contains_key(&key) {
                return Err(serde::de::Error::custom(format!("{TWICE}: {}", Value::String(key))));
            }
            let OnceKeyed(value) = map.next_value()?;
            object.insert(key, value);
        }
        Ok(Value::Object(object))
    }
}

/// Parse plan JSON text into a [`Plan`], refusing unknown fields and ill-typed parts.
pub fn parse_plan(text: &str, max_bytes: u32) -> Result<Plan> {
    if text.len() > max_bytes as usize {
        return Err(CompileError::new(
            Code::RequestTooLarge,
            "$",
            format!("the plan is {} bytes; at most {max_bytes} are accepted", text.len()),
        )
        .with_hint("a plan needs a few hundred bytes; long value lists belong in fewer, broader filters"));
    }
    let root: Value = serde_json::from_str::<OnceKeyed>(text).map(|once| once.0).map_err(|e| {
        // serde_json stops at 128 levels of arrays and objects (its own depth guard, before
        // any of the plan is walked); a plan needs five.
        if e.to_string().starts_with("recursion limit exceeded") {
            return CompileError::new(
                Code::TooDeeplyNested,
                "$",
                format!("the plan nests arrays and objects deeper than JSON allows here: {e}"),
            )
            .with_hint("a plan nests at most five levels: plan, list, condition, value, relative date");
        }
        if e.to_string().starts_with(TWICE) {
            return CompileError::new(Code::InvalidJson, "$", format!("the plan is ambiguous: {e}"))
                .with_hint("write each key once in an object: JSON readers disagree on which of two values counts");
        }
        CompileError::new(Code::InvalidJson, "$", format!("the plan is not valid JSON: {e}")).with_hint(
            "send one JSON object, e.g. {\"table\": \"incidents\", \"aggregations\": [{\"function\": \"count\"}]}",
        )
    })?;
    let fields = object(&root, "$", PLAN.field_names())?;
    let table = match fields.get("table") {
        Some(v) => string(v, "table")?,
        None => {
            return Err(CompileError::new(Code::MissingField, "table", "the plan must name a table")
                .with_hint("add \"table\": \"<name>\"; `querycell schema` lists the tables"))
        }
    };
    let columns = match fields.get("columns") {
        Some(v) => Some(
            list(v, "columns")?
                .iter()
                .enumerate()
                .map(|(i, c)| string(c, &format!("columns[{i}]")))
                .collect::<Result<Vec<_>>>()?,
        ),
        None => None,
    };
    let (filters, exists) = row_filters(fields.get("filters"), "filters")?;
    Ok(Plan {
        table,
        columns,
        filters,
        exists,
        group_by: parse_list(fields.get("group_by"), "group_by", group_key)?,
        aggregations: parse_list(fields.get("aggregations"), "aggregations", aggregation)?,
        having: parse_list(fields.get("having"), "having", condition)?,
        order_by: parse_list(fields.get("order_by"), "order_by", order_key)?,
        limit: fields.get("limit").map(|v| integer(v, "limit")).transpose()?,
    })
}

fn parse_list<T>(value: Option<&Value>, path: &str, item: fn(&Value, String) -> Result<T>) -> Result<Vec<T>> {
    match value {
        None => Ok(Vec::new()),
        Some(v) => list(v, path)?.iter().enumerate().map(|(i, v)| item(v, format!("{path}[{i}]"))).collect(),
    }
}

/// One item of `filters` or of an aggregation's `where`.
enum RowFilter {
    Column(Condition),
    Exists(Existence),
}

/// A list of filters, split into conditions on columns and existence tests (each keeps its
/// path, so the order they were written in is still known).
fn row_filters(value: Option<&Value>, path: &str) -> Result<(Vec<Condition>, Vec<Existence>)> {
    let mut conditions = Vec::new();
    let mut existences = Vec::new();
    for item in parse_list(value, path, row_filter)? {
        match item {
            RowFilter::Column(condition) => conditions.push(condition),
            RowFilter::Exists(existence) => existences.push(existence),
        }
    }
    Ok((conditions, existences))
}

fn row_filter(value: &Value, path: String) -> Result<RowFilter> {
    let key = value.as_object().and_then(|fields| EXISTENCE_KEYS.into_iter().find(|k| fields.contains_key(*k)));
    let Some(key) = key else { return condition(value, path).map(RowFilter::Column) };
    let negated = key == "not_exists";
    let shape = if negated { &NOT_EXISTS } else { &EXISTS };
    let fields = object(value, &path, shape.field_names())?;
    let at = format!("{path}.{key}");
    let related = object(&fields[key], &at, RELATED_ROWS.field_names())?;
    let table = string(required(related, &at, "table")?, &format!("{at}.table"))?;
    let via = related.get("via").map(|v| string(v, &format!("{at}.via"))).transpose()?;
    // Related rows are tested by conditions on their own columns: an existence test inside
    // another is not part of the language, which keeps every walk one level deep.
    let where_ = parse_list(related.get("where"), &format!("{at}.where"), related_condition)?;
    Ok(RowFilter::Exists(Existence { negated, related: RelatedRows { table, via, where_, path: at }, path }))
}

/// `{"table": …, "via": …}`: an aggregation's `"of"`.
fn related_table(value: &Value, path: String) -> Result<RelatedRows> {
    let fields = object(value, &path, RELATED_TABLE.field_names())?;
    let table = string(required(fields, &path, "table")?, &format!("{path}.table"))?;
    let via = fields.get("via").map(|v| string(v, &format!("{path}.via"))).transpose()?;
    Ok(RelatedRows { table, via, where_: Vec::new(), path })
}

/// A condition of an existence test's `where`: on a column of the related table, never
/// another existence test.
fn related_condition(value: &Value, path: String) -> Result<Condition> {
    let nested = value.as_object().and_then(|fields| EXISTENCE_KEYS.into_iter().find(|k| fields.contains_key(*k)));
    if let Some(key) = nested {
        return Err(CompileError::new(
            Code::UnknownField,
            format!("{path}.{key}"),
            format!("an existence test's \"where\" tests the related rows' columns; '{key}' cannot stand inside it"),
        )
        .with_hint(
            "put each existence test in the plan's \"filters\" (they are ANDed), or ask a plan on the related table",
        ));
    }
    condition(value, path)
}

fn condition(value: &Value, path: String) -> Result<Condition> {
    let fields = object(value, &path, CONDITION.field_names())?;
    let column = string(required(fields, &path, "column")?, &format!("{path}.column"))?;
    let op_value = required(fields, &path, "op")?;
    let op = word(op_value, &format!("{path}.op"), &Op::ALL).map_err(|error| {
        match op_value.as_str().and_then(op_for_symbol) {
            // Models write the symbol they know; the hint gives the exact word to send instead.
            Some(op) => error.with_hint(format!(
                "write \"op\": \"{}\" for '{}'",
                op.name(),
                op_value.as_str().unwrap_or_default()
            )),
            None => error,
        }
    })?;
    let value = fields
        .get("value")
        .map(|v| {
            let at = format!("{path}.value");
            // A condition's value is never an object otherwise, so an object is a relative date.
            let parsed = match v {
                Value::Object(_) => FilterValue::Relative(relative_date(v, &at)?),
                other => FilterValue::Json(other.clone()),
            };
            Ok(At { value: parsed, path: at })
        })
        .transpose()?;
    match (op.value.takes_value(), &value) {
        (true, None) => Err(CompileError::new(
            Code::MissingField,
            format!("{path}.value"),
            format!("op '{}' needs a value", op.value.name()),
        )
        .with_hint("add \"value\": the value to compare with (a list for in, not_in and between)")),
        (false, Some(_)) => Err(CompileError::new(
            Code::UnexpectedField,
            format!("{path}.value"),
            format!("op '{}' takes no value", op.value.name()),
        )
        .with_hint("remove \"value\"")),
        _ => Ok(Condition { column, op, value, path }),
    }
}

/// `{"last": N, "unit": U}`, `{"this": U}` or `{"previous": U}`, U a calendar word.
fn relative_date(value: &Value, path: &str) -> Result<RelativeDate> {
    let forms = || format!("a relative date is {}", RelativeDate::FORMS);
    let fields = object(value, path, RELATIVE_DATES.iter().flat_map(|form| form.field_names())).map_err(|error| {
        let hint = match error.hint.as_deref() {
            Some(close) if close.starts_with("did you mean") => format!("{close} {}", forms()),
            _ => forms(),
        };
        error.with_hint(hint)
    })?;
    let anchors: Vec<&str> = ["last", "this", "previous"].into_iter().filter(|k| fields.contains_key(*k)).collect();
    match anchors.as_slice() {
        [] => {
            Err(CompileError::new(Code::MissingField, path, "a relative date says \"last\", \"this\" or \"previous\"")
                .with_hint(forms()))
        }
        ["last"] => {
            let count_path = format!("{path}.last");
            let count = integer(&fields["last"], &count_path)?;
            if !(1..=MAX_LAST_COUNT).contains(&count.value) {
                return Err(CompileError::new(
                    Code::InvalidValue,
                    count_path,
                    format!("\"last\" counts 1 to {} units; got {}", MAX_LAST_COUNT, count.value),
                )
                .with_hint("write a positive whole number, e.g. {\"last\": 30, \"unit\": \"day\"}"));
            }
            let unit = required(fields, path, "unit")
                .map_err(|e| e.with_hint("add \"unit\": \"day\", \"week\", \"month\", \"quarter\" or \"year\""))?;
            let unit = word(unit, &format!("{path}.unit"), &Granularity::ALL)?;
            Ok(RelativeDate::Last { count: count.value as i32, unit: unit.value })
        }
        [anchor] => {
            if fields.contains_key("unit") {
                return Err(CompileError::new(
                    Code::UnexpectedField,
                    format!("{path}.unit"),
                    format!("\"{anchor}\" names its unit itself"),
                )
                .with_hint(format!("write {{\"{anchor}\": \"month\"}}; \"unit\" goes with \"last\"")));
            }
            let unit = word(&fields[*anchor], &format!("{path}.{anchor}"), &Granularity::ALL)?.value;
            Ok(if *anchor == "this" { RelativeDate::This(unit) } else { RelativeDate::Previous(unit) })
        }
        several => Err(CompileError::new(
            Code::InvalidValue,
            path,
            format!("a relative date takes one of \"last\", \"this\" and \"previous\", not {}", several.join(" and ")),
        )
        .with_hint(forms())),
    }
}

/// The op a comparison symbol means (`>` is `gt`), for hints.
fn op_for_symbol(symbol: &str) -> Option<Op> {
    Some(match symbol.trim() {
        "=" | "==" => Op::Eq,
        "!=" | "<>" => Op::Ne,
        "<" => Op::Lt,
        "<=" => Op::Lte,
        ">" => Op::Gt,
        ">=" => Op::Gte,
        _ => return None,
    })
}

fn group_key(value: &Value, path: String) -> Result<GroupKey> {
    if let Value::String(_) = value {
        return Ok(GroupKey { column: string(value, &path)?, granularity: None });
    }
    let fields = object(value, &path, TRUNCATED_KEY.field_names())?;
    let column = string(required(fields, &path, "column")?, &format!("{path}.column"))?;
    let granularity =
        fields.get("granularity").map(|g| word(g, &format!("{path}.granularity"), &Granularity::ALL)).transpose()?;
    Ok(GroupKey { column, granularity })
}

fn aggregation(value: &Value, path: String) -> Result<Aggregation> {
    let fields = object(value, &path, AGGREGATION.field_names())?;
    if let Some(metric) = fields.get("metric") {
        object(value, &path, METRIC_FIELDS.into_iter()).map_err(|e| {
            e.with_hint("a metric's function, column and conditions are the operator's definition: next to \"metric\" give only \"alias\", or leave out \"metric\" and write the aggregation yourself")
        })?;
        let metric = string(metric, &format!("{path}.metric"))?;
        let alias = fields.get("alias").map(|a| string(a, &format!("{path}.alias"))).transpose()?;
        let function = At { value: Function::Count, path: format!("{path}.metric") };
        return Ok(Aggregation {
            function,
            column: None,
            alias,
            where_: Vec::new(),
            where_exists: Vec::new(),
            of: None,
            p: None,
            metric: Some(metric),
            path,
        });
    }
    let function = word(required(fields, &path, "function")?, &format!("{path}.function"), &Function::ALL)?;
    let column = fields.get("column").map(|c| string(c, &format!("{path}.column"))).transpose()?;
    let alias = fields.get("alias").map(|a| string(a, &format!("{path}.alias"))).transpose()?;
    let (where_, where_exists) = row_filters(fields.get("where"), &format!("{path}.where"))?;
    let p = fields.get("p").map(|p| number(p, &format!("{path}.p"))).transpose()?;
    let of = fields.get("of").map(|of| related_table(of, format!("{path}.of"))).transpose()?;
    Ok(Aggregation { function, column, alias, where_, where_exists, of, p, metric: None, path })
}

/// A metric's definition (one `aggregations` object as JSON, from the operator's settings
/// by way of the host), parsed as a plan's aggregation is; `path` says where errors point.
/// A definition that itself names a metric is refused: metrics do not nest.
pub fn parse_metric_definition(text: &str, path: &str) -> Result<Aggregation> {
    let value: Value = serde_json::from_str(text)
        .map_err(|e| CompileError::new(Code::InvalidJson, path, format!("the metric's definition is not JSON: {e}")))?;
    let aggregation = aggregation(&value, path.to_string())?;
    match &aggregation.metric {
        Some(metric) => Err(CompileError::new(
            Code::UnexpectedField,
            &metric.path,
            "a metric's definition cannot name another metric",
        )),
        None => Ok(aggregation),
    }
}

fn order_key(value: &Value, path: String) -> Result<OrderKey> {
    if let Value::String(_) = value {
        return Ok(OrderKey { column: string(value, &path)?, direction: Direction::Asc });
    }
    let fields = object(value, &path, DIRECTED_KEY.field_names())?;
    let column = string(required(fields, &path, "column")?, &format!("{path}.column"))?;
    let direction = match fields.get("direction") {
        None => Direction::Asc,
        Some(d) => word(d, &format!("{path}.direction"), &Direction::ALL)?.value,
    };
    Ok(OrderKey { column, direction })
}

fn object<'a>(
    value: &'a Value,
    path: &str,
    allowed: impl Iterator<Item = &'static str> + Clone,
) -> Result<&'a Map<String, Value>> {
    let Value::Object(fields) = value else {
        return Err(CompileError::new(
            Code::InvalidType,
            path,
            format!("expected an object, got {}", crate::values::describe_json(value)),
        ));
    };
    if let Some(unknown) = fields.keys().find(|k| !allowed.clone().any(|name| name == k.as_str())) {
        let at = if path == "$" { unknown.clone() } else { format!("{path}.{unknown}") };
        return Err(CompileError::new(Code::UnknownField, at, format!("'{}' is not a field here", clip(unknown)))
            .with_hint(suggest::hint(unknown, allowed)));
    }
    Ok(fields)
}

fn required<'a>(fields: &'a Map<String, Value>, path: &str, name: &str) -> Result<&'a Value> {
    fields.get(name).ok_or_else(|| {
        CompileError::new(Code::MissingField, format!("{path}.{name}"), format!("'{name}' is required here"))
            .with_hint(format!("add \"{name}\""))
    })
}

fn list<'a>(value: &'a Value, path: &str) -> Result<&'a Vec<Value>> {
    match value {
        Value::Array(items) => Ok(items),
        other => Err(CompileError::new(
            Code::InvalidType,
            path,
            format!("expected a list, got {}", crate::values::describe_json(other)),
        )
        .with_hint("write a JSON list: [ … ]")),
    }
}

fn string(value: &Value, path: &str) -> Result<At<String>> {
    match value {
        Value::String(s) => Ok(At { value: s.clone(), path: path.to_string() }),
        other => Err(CompileError::new(
            Code::InvalidType,
            path,
            format!("expected a string, got {}", crate::values::describe_json(other)),
        )),
    }
}

fn integer(value: &Value, path: &str) -> Result<At<i64>> {
    match value.as_i64() {
        Some(n) => Ok(At { value: n, path: path.to_string() }),
        None => Err(CompileError::new(
            Code::InvalidType,
            path,
            format!("expected a whole number, got {}", crate::values::describe_json(value)),
        )
        .with_hint("write a whole number, e.g. 10")),
    }
}

fn number(value: &Value, path: &str) -> Result<At<f64>> {
    match value.as_f64() {
        Some(n) => Ok(At { value: n, path: path.to_string() }),
        None => Err(CompileError::new(
            Code::InvalidType,
            path,
            format!("expected a number, got {}", crate::values::describe_json(value)),
        )
        .with_hint("write a number between 0 and 1, e.g. 0.95")),
    }
}

fn word<T: Copy>(value: &Value, path: &str, words: &[(&'static str, T)]) -> Result<At<T>> {
    let text = string(value, path)?;
    match words.iter().find(|(w, _)| *w == text.value) {
        Some((_, t)) => Ok(At { value: *t, path: text.path }),
        None => Err(CompileError::new(
            Code::UnknownWord,
            path,
            format!("'{}' is not one of the accepted words", clip(&text.value)),
        )
        .with_hint(suggest::hint(&text.value, words.iter().map(|(w, _)| *w)))),
    }
}

/// Caller text echoed into a message is cut short, so errors stay readable and bounded.
pub fn clip(text: &str) -> String {
    const MAX_CHARS: usize = 64;
    querycell_contract::text::clip(text, MAX_CHARS)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// JSON nested as deep as a request may be long: refused by serde_json's depth guard,
    /// and named for what it is.
    #[test]
    fn json_nested_to_the_request_limit_is_too_deeply_nested() {
        for (open, close) in [("[", "]"), ("{\"a\":", "}")] {
            let depth = ((64 << 10) - 1) / (open.len() + close.len());
            let text = format!("{}1{}", open.repeat(depth), close.repeat(depth));
            assert_eq!(parse_plan(&text, 64 << 10).unwrap_err().code, "too_deeply_nested");
            let nested_value = format!(
                "{{\"table\": \"t\", \"filters\": [{{\"column\": \"a\", \"op\": \"eq\", \"value\": {}1{}}}]}}",
                open.repeat(200),
                close.repeat(200)
            );
            assert_eq!(parse_plan(&nested_value, 64 << 10).unwrap_err().code, "too_deeply_nested");
        }
    }

    #[test]
    fn parses_the_design_example() {
        let plan = parse_plan(
            r#"{"table": "incidents", "filters": [{"column": "severity", "op": "eq", "value": "P1"}],
                "group_by": ["team", {"column": "opened_at", "granularity": "month"}],
                "aggregations": [{"function": "avg", "column": "ack_minutes", "alias": "average_minutes"}],
                "having": [{"column": "average_minutes", "op": "gt", "value": 10}],
                "order_by": [{"column": "average_minutes", "direction": "desc"}], "limit": 5}"#,
            65536,
        )
        .unwrap();
        assert_eq!(plan.table.value, "incidents");
        assert_eq!(plan.group_by[1].granularity.as_ref().unwrap().value, Granularity::Month);
        assert_eq!(plan.aggregations[0].function.value, Function::Avg);
        assert_eq!(plan.order_by[0].direction, Direction::Desc);
        assert_eq!(plan.limit.unwrap().value, 5);
    }

    #[test]
    fn unknown_fields_name_their_path_and_a_hint() {
        let err = parse_plan(r#"{"table": "t", "filters": [{"column": "a", "opp": "eq"}]}"#, 65536).unwrap_err();
        assert_eq!(err.code, "unknown_field");
        assert_eq!(err.path, "filters[0].opp");
        assert_eq!(err.hint.as_deref(), Some("did you mean 'op'?"));
        let err = parse_plan(r#"{"tabel": "t"}"#, 65536).unwrap_err();
        assert_eq!((err.code, err.path.as_str()), ("unknown_field", "tabel"));
        for (symbol, word) in
            [(">", "gt"), (">=", "gte"), ("<", "lt"), ("<=", "lte"), ("=", "eq"), ("!=", "ne"), ("<>", "ne")]
        {
            let err = parse_plan(
                &format!(r#"{{"table": "t", "filters": [{{"column": "a", "op": "{symbol}", "value": 1}}]}}"#),
                65536,
            )
            .unwrap_err();
            assert_eq!(err.hint.unwrap(), format!("write \"op\": \"{word}\" for '{symbol}'"));
        }
    }

    /// A key twice in one object is refused wherever it is, not read as its last value
    /// (which asked the `ne` question of `"op": "eq", …, "op": "ne"`); the same keys once
    /// each, and a repeated key's text inside a string, are fine.
    #[test]
    fn a_key_twice_in_one_object_is_refused() {
        for plan in [
            r#"{"table": "sales", "filters": [{"column": "region", "op": "eq", "value": "north", "op": "ne"}], "aggregations": [{"function": "count"}]}"#,
            r#"{"table": "sales", "table": "stores", "aggregations": [{"function": "count"}]}"#,
            r#"{"table": "t", "filters": [{"column": "a", "op": "in_last", "value": {"last": 3, "last": 4, "unit": "day"}}]}"#,
        ] {
            let err = parse_plan(plan, 65536).unwrap_err();
            assert_eq!(err.code, "invalid_json", "{plan}: {err}");
            assert!(err.message.contains("a key appears twice in one object"), "{err}");
            assert!(err.hint.as_deref().is_some_and(|h| h.contains("each key once")), "{err:?}");
        }
        let fine = r#"{"table": "sales", "filters": [{"column": "op", "op": "eq", "value": "\"op\": 1"}], "aggregations": [{"function": "count"}]}"#;
        assert!(parse_plan(fine, 65536).is_ok());
        // Numbers read as serde_json reads them.
        let numbers =
            parse_plan(r#"{"table": "t", "limit": 3, "filters": [{"column": "a", "op": "eq", "value": 0.1}]}"#, 65536)
                .unwrap();
        assert_eq!(numbers.limit.map(|l| l.value), Some(3));
    }

    #[test]
    fn shape_errors_are_typed() {
        let cases = [
            ("[]", "invalid_type", "$"),
            ("{", "invalid_json", "$"),
            (r#"{"columns": ["a"]}"#, "missing_field", "table"),
            (r#"{"table": 3}"#, "invalid_type", "table"),
            (r#"{"table": "t", "limit": 2.5}"#, "invalid_type", "limit"),
            (
                r#"{"table": "t", "filters": [{"column": "a", "op": "like", "value": 1}]}"#,
                "unknown_word",
                "filters[0].op",
            ),
            (
                r#"{"table": "t", "filters": [{"column": "a", "op": ">=", "value": 1}]}"#,
                "unknown_word",
                "filters[0].op",
            ),
            (r#"{"table": "t", "filters": [{"column": "a", "op": "eq"}]}"#, "missing_field", "filters[0].value"),
            (
                r#"{"table": "t", "filters": [{"column": "a", "op": "is_null", "value": 1}]}"#,
                "unexpected_field",
                "filters[0].value",
            ),
            (
                r#"{"table": "t", "aggregations": [{"function": "average"}]}"#,
                "unknown_word",
                "aggregations[0].function",
            ),
            (
                r#"{"table": "t", "group_by": [{"column": "d", "granularity": "decade"}]}"#,
                "unknown_word",
                "group_by[0].granularity",
            ),
        ];
        for (text, code, path) in cases {
            let err = parse_plan(text, 65536).unwrap_err();
            assert_eq!((err.code, err.path.as_str()), (code, path), "{text}");
        }
    }

    fn filter_value(value: &str) -> Result<FilterValue> {
        parse_plan(&format!(r#"{{"table": "t", "filters": [{{"column": "d", "op": "eq", "value": {value}}}]}}"#), 65536)
            .map(|plan| plan.filters[0].value.clone().expect("eq has a value").value)
    }

    #[test]
    fn relative_dates_parse_from_objects() {
        use Granularity::*;
        assert_eq!(
            filter_value(r#"{"last": 30, "unit": "day"}"#).unwrap(),
            FilterValue::Relative(RelativeDate::Last { count: 30, unit: Day })
        );
        assert_eq!(filter_value(r#"{"this": "quarter"}"#).unwrap(), FilterValue::Relative(RelativeDate::This(Quarter)));
        assert_eq!(
            filter_value(r#"{"previous": "month"}"#).unwrap(),
            FilterValue::Relative(RelativeDate::Previous(Month))
        );
        assert_eq!(filter_value(r#""2026-03-15""#).unwrap(), FilterValue::Json(Value::from("2026-03-15")));
        assert_eq!(RelativeDate::Last { count: 1, unit: Week }.phrase(), "last 1 week");
        assert_eq!(RelativeDate::Last { count: 3, unit: Month }.phrase(), "last 3 months");
        assert_eq!(RelativeDate::Previous(Year).phrase(), "previous year");
    }

    #[test]
    fn bad_relative_dates_are_typed_refusals() {
        let cases = [
            (r#"{"last": 30}"#, "missing_field", "filters[0].value.unit", "unit"),
            (r#"{"last": 30, "unit": "days"}"#, "unknown_word", "filters[0].value.unit", "did you mean 'day'?"),
            (r#"{"last": 0, "unit": "day"}"#, "invalid_value", "filters[0].value.last", "positive"),
            (r#"{"last": -3, "unit": "day"}"#, "invalid_value", "filters[0].value.last", "positive"),
            (r#"{"last": 100000, "unit": "day"}"#, "invalid_value", "filters[0].value.last", "positive"),
            (r#"{"last": 2.5, "unit": "day"}"#, "invalid_type", "filters[0].value.last", "whole number"),
            (r#"{"last": "30", "unit": "day"}"#, "invalid_type", "filters[0].value.last", "whole number"),
            (r#"{"this": "decade"}"#, "unknown_word", "filters[0].value.this", "valid names: day"),
            (
                r#"{"this": "month", "unit": "day"}"#,
                "unexpected_field",
                "filters[0].value.unit",
                "\"unit\" goes with \"last\"",
            ),
            (r#"{"this": "month", "previous": "month"}"#, "invalid_value", "filters[0].value", "{\"this\": \"month\"}"),
            (r#"{"unit": "day"}"#, "missing_field", "filters[0].value", "{\"last\": 30"),
            (r#"{}"#, "missing_field", "filters[0].value", "{\"previous\": \"quarter\"}"),
            (r#"{"next": "month"}"#, "unknown_field", "filters[0].value.next", "a relative date is"),
            (
                r#"{"relative": "last", "count": 30, "unit": "day"}"#,
                "unknown_field",
                "filters[0].value.count",
                "a relative date is",
            ),
            (
                r#"{"lats": 30, "unit": "day"}"#,
                "unknown_field",
                "filters[0].value.lats",
                "did you mean 'last'? a relative date is",
            ),
        ];
        for (value, code, path, hint) in cases {
            let err = filter_value(value).unwrap_err();
            assert_eq!((err.code, err.path.as_str()), (code, path), "{value}: {err}");
            assert!(err.hint.as_deref().unwrap_or_default().contains(hint), "{value}: {err}");
        }
    }

    #[test]
    fn oversized_requests_are_refused_before_parsing() {
        let err = parse_plan(&format!("{{\"table\": \"{}\"}}", "x".repeat(100)), 50).unwrap_err();
        assert_eq!(err.code, "request_too_large");
    }
}
