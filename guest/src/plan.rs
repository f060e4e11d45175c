//! Plan language v1: the JSON request parsed into typed parts, each remembering its JSON
//! path so that every later refusal can say exactly where the problem is. This module only
//! checks shape (fields, types, known words); names are resolved in [`crate::compile`].

use serde_json::{Map, Value};

use crate::error::{CompileError, Result};
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
    pub group_by: Vec<GroupKey>,
    pub aggregations: Vec<Aggregation>,
    pub having: Vec<Condition>,
    pub order_by: Vec<OrderKey>,
    pub limit: Option<At<i64>>,
}

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

    pub fn takes_value(self) -> bool {
        !matches!(self, Op::IsNull | Op::IsNotNull)
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct Condition {
    pub column: At<String>,
    pub op: At<Op>,
    pub value: Option<At<Value>>,
    pub path: String,
}

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

    pub fn name(self) -> &'static str {
        Self::ALL.iter().find(|(_, g)| *g == self).map(|(n, _)| *n).unwrap_or("day")
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct GroupKey {
    pub column: At<String>,
    pub granularity: Option<At<Granularity>>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Function {
    Count,
    CountDistinct,
    Sum,
    Avg,
    Min,
    Max,
    Median,
}

impl Function {
    pub const ALL: [(&'static str, Function); 7] = [
        ("count", Function::Count),
        ("count_distinct", Function::CountDistinct),
        ("sum", Function::Sum),
        ("avg", Function::Avg),
        ("min", Function::Min),
        ("max", Function::Max),
        ("median", Function::Median),
    ];

    pub fn name(self) -> &'static str {
        Self::ALL.iter().find(|(_, f)| *f == self).map(|(n, _)| *n).unwrap_or("count")
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct Aggregation {
    pub function: At<Function>,
    pub column: Option<At<String>>,
    pub alias: Option<At<String>>,
    pub path: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    Asc,
    Desc,
}

#[derive(Debug, Clone, PartialEq)]
pub struct OrderKey {
    pub column: At<String>,
    pub direction: Direction,
}

const PLAN_FIELDS: [&str; 8] = ["table", "columns", "filters", "group_by", "aggregations", "having", "order_by", "limit"];

/// Parse plan JSON text into a [`Plan`], refusing unknown fields and ill-typed parts.
pub fn parse_plan(text: &str, max_bytes: u32) -> Result<Plan> {
    if text.len() > max_bytes as usize {
        return Err(CompileError::new(
            "request_too_large",
            "$",
            format!("the plan is {} bytes; at most {max_bytes} are accepted", text.len()),
        )
        .with_hint("a plan needs a few hundred bytes; long value lists belong in fewer, broader filters"));
    }
    let root: Value = serde_json::from_str(text).map_err(|e| {
        CompileError::new("invalid_json", "$", format!("the plan is not valid JSON: {e}"))
            .with_hint("send one JSON object, e.g. {\"table\": \"incidents\", \"aggregations\": [{\"function\": \"count\"}]}")
    })?;
    let fields = object(&root, "$", &PLAN_FIELDS)?;
    let table = match fields.get("table") {
        Some(v) => string(v, "table")?,
        None => {
            return Err(CompileError::new("missing_field", "table", "the plan must name a table")
                .with_hint("add \"table\": \"<name>\"; `querycell schema` lists the tables"))
        }
    };
    let columns = match fields.get("columns") {
        Some(v) => Some(list(v, "columns")?.iter().enumerate().map(|(i, c)| string(c, &format!("columns[{i}]"))).collect::<Result<Vec<_>>>()?),
        None => None,
    };
    Ok(Plan {
        table,
        columns,
        filters: parse_list(fields.get("filters"), "filters", condition)?,
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

fn condition(value: &Value, path: String) -> Result<Condition> {
    let fields = object(value, &path, &["column", "op", "value"])?;
    let column = string(required(fields, &path, "column")?, &format!("{path}.column"))?;
    let op_value = required(fields, &path, "op")?;
    let op = word(op_value, &format!("{path}.op"), &Op::ALL).map_err(|error| match op_value.as_str().and_then(op_for_symbol) {
        // Models write the symbol they know; the hint gives the exact word to send instead.
        Some(op) => error.with_hint(format!("write \"op\": \"{}\" for '{}'", op_name(op), op_value.as_str().unwrap_or_default())),
        None => error,
    })?;
    let value = fields.get("value").map(|v| At { value: v.clone(), path: format!("{path}.value") });
    match (op.value.takes_value(), &value) {
        (true, None) => Err(CompileError::new("missing_field", format!("{path}.value"), format!("op '{}' needs a value", op_name(op.value)))
            .with_hint("add \"value\": the value to compare with (a list for in, not_in and between)")),
        (false, Some(_)) => Err(CompileError::new("unexpected_field", format!("{path}.value"), format!("op '{}' takes no value", op_name(op.value)))
            .with_hint("remove \"value\"")),
        _ => Ok(Condition { column, op, value, path }),
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
    let fields = object(value, &path, &["column", "granularity"])?;
    let column = string(required(fields, &path, "column")?, &format!("{path}.column"))?;
    let granularity = fields.get("granularity").map(|g| word(g, &format!("{path}.granularity"), &Granularity::ALL)).transpose()?;
    Ok(GroupKey { column, granularity })
}

fn aggregation(value: &Value, path: String) -> Result<Aggregation> {
    let fields = object(value, &path, &["function", "column", "alias"])?;
    let function = word(required(fields, &path, "function")?, &format!("{path}.function"), &Function::ALL)?;
    let column = fields.get("column").map(|c| string(c, &format!("{path}.column"))).transpose()?;
    let alias = fields.get("alias").map(|a| string(a, &format!("{path}.alias"))).transpose()?;
    Ok(Aggregation { function, column, alias, path })
}

fn order_key(value: &Value, path: String) -> Result<OrderKey> {
    if let Value::String(_) = value {
        return Ok(OrderKey { column: string(value, &path)?, direction: Direction::Asc });
    }
    let fields = object(value, &path, &["column", "direction"])?;
    let column = string(required(fields, &path, "column")?, &format!("{path}.column"))?;
    let direction = match fields.get("direction") {
        None => Direction::Asc,
        Some(d) => word(d, &format!("{path}.direction"), &[("asc", Direction::Asc), ("desc", Direction::Desc)])?.value,
    };
    Ok(OrderKey { column, direction })
}

pub fn op_name(op: Op) -> &'static str {
    Op::ALL.iter().find(|(_, o)| *o == op).map(|(n, _)| *n).unwrap_or("eq")
}

fn object<'a>(value: &'a Value, path: &str, allowed: &[&str]) -> Result<&'a Map<String, Value>> {
    let Value::Object(fields) = value else {
        return Err(CompileError::new("invalid_type", path, format!("expected an object, got {}", crate::values::describe_json(value))));
    };
    if let Some(unknown) = fields.keys().find(|k| !allowed.contains(&k.as_str())) {
        let at = if path == "$" { unknown.clone() } else { format!("{path}.{unknown}") };
        return Err(CompileError::new("unknown_field", at, format!("'{}' is not a field here", clip(unknown)))
            .with_hint(suggest::hint(unknown, allowed.iter().copied())));
    }
    Ok(fields)
}

fn required<'a>(fields: &'a Map<String, Value>, path: &str, name: &str) -> Result<&'a Value> {
    fields
        .get(name)
        .ok_or_else(|| CompileError::new("missing_field", format!("{path}.{name}"), format!("'{name}' is required here")).with_hint(format!("add \"{name}\"")))
}

fn list<'a>(value: &'a Value, path: &str) -> Result<&'a Vec<Value>> {
    match value {
        Value::Array(items) => Ok(items),
        other => Err(CompileError::new("invalid_type", path, format!("expected a list, got {}", crate::values::describe_json(other)))
            .with_hint("write a JSON list: [ … ]")),
    }
}

fn string(value: &Value, path: &str) -> Result<At<String>> {
    match value {
        Value::String(s) => Ok(At { value: s.clone(), path: path.to_string() }),
        other => Err(CompileError::new("invalid_type", path, format!("expected a string, got {}", crate::values::describe_json(other)))),
    }
}

fn integer(value: &Value, path: &str) -> Result<At<i64>> {
    match value.as_i64() {
        Some(n) => Ok(At { value: n, path: path.to_string() }),
        None => Err(CompileError::new("invalid_type", path, format!("expected a whole number, got {}", crate::values::describe_json(value)))
            .with_hint("write a whole number, e.g. 10")),
    }
}

fn word<T: Copy>(value: &Value, path: &str, words: &[(&'static str, T)]) -> Result<At<T>> {
    let text = string(value, path)?;
    match words.iter().find(|(w, _)| *w == text.value) {
        Some((_, t)) => Ok(At { value: *t, path: text.path }),
        None => Err(CompileError::new("unknown_word", path, format!("'{}' is not one of the accepted words", clip(&text.value)))
            .with_hint(suggest::hint(&text.value, words.iter().map(|(w, _)| *w)))),
    }
}

/// Caller text echoed into a message is cut short, so errors stay readable and bounded.
pub fn clip(text: &str) -> String {
    const MAX: usize = 64;
    if text.chars().count() <= MAX {
        text.to_string()
    } else {
        format!("{}…", text.chars().take(MAX).collect::<String>())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
        for (symbol, word) in [(">", "gt"), (">=", "gte"), ("<", "lt"), ("<=", "lte"), ("=", "eq"), ("!=", "ne"), ("<>", "ne")] {
            let err = parse_plan(&format!(r#"{{"table": "t", "filters": [{{"column": "a", "op": "{symbol}", "value": 1}}]}}"#), 65536).unwrap_err();
            assert_eq!(err.hint.unwrap(), format!("write \"op\": \"{word}\" for '{symbol}'"));
        }
    }

    #[test]
    fn shape_errors_are_typed() {
        let cases = [
            ("[]", "invalid_type", "$"),
            ("{", "invalid_json", "$"),
            (r#"{"columns": ["a"]}"#, "missing_field", "table"),
            (r#"{"table": 3}"#, "invalid_type", "table"),
            (r#"{"table": "t", "limit": 2.5}"#, "invalid_type", "limit"),
            (r#"{"table": "t", "filters": [{"column": "a", "op": "like", "value": 1}]}"#, "unknown_word", "filters[0].op"),
            (r#"{"table": "t", "filters": [{"column": "a", "op": ">=", "value": 1}]}"#, "unknown_word", "filters[0].op"),
            (r#"{"table": "t", "filters": [{"column": "a", "op": "eq"}]}"#, "missing_field", "filters[0].value"),
            (r#"{"table": "t", "filters": [{"column": "a", "op": "is_null", "value": 1}]}"#, "unexpected_field", "filters[0].value"),
            (r#"{"table": "t", "aggregations": [{"function": "average"}]}"#, "unknown_word", "aggregations[0].function"),
            (r#"{"table": "t", "group_by": [{"column": "d", "granularity": "decade"}]}"#, "unknown_word", "group_by[0].granularity"),
        ];
        for (text, code, path) in cases {
            let err = parse_plan(text, 65536).unwrap_err();
            assert_eq!((err.code, err.path.as_str()), (code, path), "{text}");
        }
    }

    #[test]
    fn oversized_requests_are_refused_before_parsing() {
        let err = parse_plan(&format!("{{\"table\": \"{}\"}}", "x".repeat(100)), 50).unwrap_err();
        assert_eq!(err.code, "request_too_large");
    }
}
