//! The malicious-compiler fixture (docs/security.md, invariant 9): a component that exports the
//! same WIT world as querycell's compiler and returns whatever hostile output the test
//! describes.
//!
//! Its request text (plan or SQL alike) is a JSON description of the `compiled` record to
//! return, so every hostile shape travels through the real component boundary (lifting,
//! the host's checks, DuckDB), exactly as a buggy or malicious compiler's output would:
//!
//! ```json
//! {"sql": "SELECT * FROM big", "repeat_sql": 1, "count_sql": "...", "params": [1, "x"],
//!  "param_count": 1000000, "columns": 2, "answer_rows": true, "limit": 10, "reading": [[0, 8]]}
//! ```
//! `repeat_sql` repeats `sql` that many times (a huge statement without a huge request);
//! `param_count` binds that many integer parameters instead of `params`; `columns` is the
//! output columns the record claims: a list of `{"name": "team", "kind": "text", "role":
//! "group_key"}` (roles `group_key`, `listed`, `aggregate:<function>`, else an expression),
//! or a number of columns named `c0`, `c1`, … of kind `other`; `order` the sort keys it
//! claims, as `[{"column": 0, "descending": true}]`; `answer_rows` claims a trailing
//! row-count column; `count_params` are the count statement's parameters (the main
//! statement's unless given); `reading` is the SQL-mode reading the record claims, as `[start, end]`
//! byte ranges of the request (none unless given).
//!
//! Only the WebAssembly build has content: natively (the workspace's own builds) the crate
//! is empty, since export names like `querycell:engine/compiler@0.9.0#compile-plan` are not
//! symbols a native linker accepts.

#![cfg(target_arch = "wasm32")]

wit_bindgen::generate!({
    path: "../../wit",
    world: "query-compiler",
});

use exports::querycell::engine::compiler as wit;

struct Malicious;

impl wit::Guest for Malicious {
    fn compile_plan(request: String, _view: wit::CatalogView) -> Result<wit::Compiled, wit::CompileError> {
        compiled(&request)
    }

    fn compile_sql(request: String, _view: wit::CatalogView) -> Result<wit::Compiled, wit::CompileError> {
        compiled(&request)
    }
}

export!(Malicious);

fn compiled(request: &str) -> Result<wit::Compiled, wit::CompileError> {
    let spec: serde_json::Value = serde_json::from_str(request).map_err(|e| wit::CompileError {
        code: "invalid_json".into(),
        message: format!("the fixture's request is not JSON: {e}"),
        path: "$".into(),
        hint: None,
    })?;
    let text = |key: &str| spec.get(key).and_then(|v| v.as_str()).map(str::to_string);
    let number = |key: &str| spec.get(key).and_then(|v| v.as_u64());
    let sql = text("sql").unwrap_or_default().repeat(number("repeat_sql").unwrap_or(1) as usize);
    let params: Vec<wit::Param> = match number("param_count") {
        Some(count) => (0..count).map(|i| wit::Param::Integer(i as i64)).collect(),
        None => spec
            .get("params")
            .and_then(|v| v.as_array())
            .map(|values| values.iter().map(param).collect())
            .unwrap_or_default(),
    };
    let count_sql = text("count_sql").unwrap_or_else(|| format!("SELECT count(*) FROM ({sql}) AS answer"));
    let count_params: Vec<wit::Param> = match spec.get("count_params").and_then(|v| v.as_array()) {
        Some(values) => values.iter().map(param).collect(),
        None => params.clone(),
    };
    let columns = match spec.get("columns") {
        Some(serde_json::Value::Array(listed)) => listed
            .iter()
            .map(|c| wit::OutputColumn {
                name: c["name"].as_str().unwrap_or_default().to_string(),
                kind: kind(c["kind"].as_str().unwrap_or_default()),
                role: role(c["role"].as_str().unwrap_or_default(), c["name"].as_str().unwrap_or_default()),
            })
            .collect(),
        _ => (0..number("columns").unwrap_or(0))
            .map(|i| wit::OutputColumn {
                name: format!("c{i}"),
                kind: wit::ValueKind::Other,
                role: wit::ColumnRole::Expression,
            })
            .collect(),
    };
    let order = spec
        .get("order")
        .and_then(serde_json::Value::as_array)
        .map(|keys| {
            keys.iter()
                .map(|k| wit::OrderKey {
                    column: k["column"].as_u64().unwrap_or(0) as u32,
                    descending: k["descending"].as_bool().unwrap_or(false),
                })
                .collect()
        })
        .unwrap_or_default();
    let main_counts = if spec.get("answer_rows").and_then(|v| v.as_bool()).unwrap_or(false) {
        vec![wit::ProbeCount::AnswerRows]
    } else {
        Vec::new()
    };
    Ok(wit::Compiled {
        main: wit::Query { sql, params: params.clone() },
        count: wit::Query { sql: count_sql, params: count_params },
        main_counts,
        null_probe: None,
        columns,
        order,
        limit: number("limit").unwrap_or(10) as u32,
        explanation: "whatever the test asked for".into(),
        warnings: Vec::new(),
        resolved_dates: Vec::new(),
        reading: spec
            .get("reading")
            .and_then(serde_json::Value::as_array)
            .map(|spans| {
                spans
                    .iter()
                    .filter_map(|span| Some((span.get(0)?.as_u64()? as u32, span.get(1)?.as_u64()? as u32)))
                    .map(|(start, end)| wit::TextSpan { start, end })
                    .collect()
            })
            .unwrap_or_default(),
    })
}

fn param(value: &serde_json::Value) -> wit::Param {
    match value {
        serde_json::Value::Null => wit::Param::Null,
        serde_json::Value::Bool(b) => wit::Param::Boolean(*b),
        serde_json::Value::Number(n) => {
            n.as_i64().map(wit::Param::Integer).unwrap_or_else(|| wit::Param::Float(n.as_f64().unwrap_or(0.0)))
        }
        other => wit::Param::Text(other.as_str().map(str::to_string).unwrap_or_else(|| other.to_string())),
    }
}

/// A `value-kind` by its WIT name; anything else is `other`.
fn kind(name: &str) -> wit::ValueKind {
    match name {
        "text" => wit::ValueKind::Text,
        "integer" => wit::ValueKind::Integer,
        "float" => wit::ValueKind::Float,
        "boolean" => wit::ValueKind::Boolean,
        "date" => wit::ValueKind::Date,
        "timestamp" => wit::ValueKind::Timestamp,
        _ => wit::ValueKind::Other,
    }
}

/// A column's claimed role: `group_key`, `listed`, `aggregate:<function>`, else an expression.
fn role(word: &str, name: &str) -> wit::ColumnRole {
    match word.split_once(':') {
        _ if word == "group_key" => wit::ColumnRole::GroupKey(wit::GroupKey { by: name.to_string(), grain: None }),
        _ if word == "listed" => wit::ColumnRole::Listed(name.to_string()),
        Some(("aggregate", function)) => wit::ColumnRole::Aggregate(wit::AggregateRole {
            function: function.to_string(),
            column: None,
            of: None,
            filter: None,
            p: None,
            metric: None,
            unit: None,
        }),
        _ => wit::ColumnRole::Expression,
    }
}
