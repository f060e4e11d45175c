//! The bundled compiler component in a second, independent component host: jco
//! (`@bytecodealliance/jco`, pinned in `tests/jco/package-lock.json`; `just test-deps`
//! installs it) transpiles it to JavaScript plus core WebAssembly, Node runs it
//! (`tests/jco/compile.mjs`), and every answer must be the one wasmtime's `Sandbox` gives:
//! the same SQL bytes, the same parameters (64-bit integers exactly, floats by their bits),
//! the same receipt parts, the same typed refusals (code, message, path, hint). So a plugin
//! host that loads `just component`'s output, in whatever runtime, gets querycell's compiler.
//!
//! Both sides are written in one neutral JSON form (WIT names, variants as `{tag, val}`,
//! s64 as decimal strings, f64 as the hex of its bits, none as null) and compared whole.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use querycell::sandbox::{wit, Sandbox, BUNDLED_GUEST};
use querycell::Limits;
use querycell_tests::workspace;
use serde_json::{json, Value};

/// A catalog with a column of every kind, a display name that differs from its SQL name,
/// a second table to join, and a small `in` list limit so `list_too_long` is reachable.
fn view() -> wit::CatalogView {
    use wit::ValueKind::*;
    let table = |name: &str, columns: &[(&str, &str, &str, wit::ValueKind)]| wit::Table {
        name: name.into(),
        relation: Vec::new(),
        columns: columns
            .iter()
            .map(|&(name, display, sql_type, kind)| wit::Column {
                name: name.into(),
                display_name: display.into(),
                sql_type: sql_type.into(),
                kind,
            })
            .collect(),
        policy: None,
    };
    let incidents = [
        ("incident_id", "Incident ID", "VARCHAR", Text),
        ("team", "Team", "VARCHAR", Text),
        ("severity", "Severity", "VARCHAR", Text),
        ("ack_minutes", "Ack (min)", "BIGINT", Integer),
        ("cost", "Cost €", "DOUBLE", Float),
        ("resolved", "Resolved?", "BOOLEAN", Boolean),
        ("opened_at", "Opened", "DATE", Date),
        ("closed_at", "Closed", "TIMESTAMP", Timestamp),
        ("tags", "Tags", "VARCHAR[]", Other),
    ];
    let teams = [
        ("team", "Team", "VARCHAR", Text),
        ("region", "Region", "VARCHAR", Text),
        ("headcount", "Headcount", "INTEGER", Integer),
    ];
    // A table a deployment policy restricts: its source query and bound filter values must
    // come out the same from both hosts.
    let mut tickets = table(
        "tickets",
        &[
            ("ticket_id", "Ticket", "VARCHAR", Text),
            ("team", "Team", "VARCHAR", Text),
            ("minutes", "Minutes", "BIGINT", Integer),
        ],
    );
    // Known to the engine by a qualified name of its own, which both hosts must hand over.
    tickets.relation = vec!["lake".into(), "tickets".into()];
    tickets.policy = Some(wit::TablePolicy {
        row_filters: vec![
            wit::RowFilter { column: "tenant".into(), values: vec!["acme ✓".into()] },
            wit::RowFilter { column: "region".into(), values: vec!["eu".into(), "us".into()] },
        ],
    });
    wit::CatalogView {
        tables: vec![table("incidents", &incidents), table("teams", &teams), tickets],
        limits: wit::RequestLimits { max_rows: 1000, max_in_list: 5, max_request_bytes: 64 << 10 },
        // 2026-03-15.
        today: 20527,
        relationships: Vec::new(),
        metrics: Vec::new(),
        dialect: wit::Dialect::Duckdb,
    }
}

/// One request and what it must come to (on both hosts): `Ok(())` compiled, or the
/// refusal's code, so a typo in a request cannot turn an intended answer into a refusal
/// both hosts happen to agree on.
struct Request {
    kind: &'static str,
    text: &'static str,
    expect: Result<(), &'static str>,
}

fn plan(text: &'static str) -> Request {
    Request { kind: "plan", text, expect: Ok(()) }
}

fn plan_refused(text: &'static str, code: &'static str) -> Request {
    Request { kind: "plan", text, expect: Err(code) }
}

fn sql(text: &'static str) -> Request {
    Request { kind: "sql", text, expect: Ok(()) }
}

fn sql_refused(text: &'static str, code: &'static str) -> Request {
    Request { kind: "sql", text, expect: Err(code) }
}

fn requests() -> Vec<Request> {
    vec![
        plan(r#"{"table": "incidents", "aggregations": [{"function": "count"}]}"#),
        // host/demo/plans: a filter, an alias, order and limit; a month bucket.
        plan(
            r#"{"table": "incidents", "filters": [{"column": "severity", "op": "eq", "value": "P1"}], "group_by": ["team"],
                "aggregations": [{"function": "avg", "column": "ack_minutes", "alias": "average_minutes"}, {"function": "count", "alias": "incidents"}],
                "order_by": [{"column": "average_minutes", "direction": "desc"}], "limit": 5}"#,
        ),
        plan(
            r#"{"table": "incidents", "group_by": [{"column": "opened_at", "granularity": "month"}, "severity"],
                "aggregations": [{"function": "count", "alias": "incidents"}, {"function": "max", "column": "ack_minutes"}]}"#,
        ),
        // Every other time bucket, on a date and on a timestamp.
        plan(
            r#"{"table": "incidents", "group_by": [{"column": "opened_at", "granularity": "week"}, {"column": "closed_at", "granularity": "quarter"},
                {"column": "opened_at", "granularity": "year"}, {"column": "closed_at", "granularity": "day"}],
                "aggregations": [{"function": "count_distinct", "column": "team"}]}"#,
        ),
        // Rows, not groups: `ne` leaves out nulls, so there is a null probe.
        plan(
            r#"{"table": "incidents", "columns": ["incident_id", "team", "cost"], "filters": [{"column": "severity", "op": "ne", "value": "P3"}],
                "order_by": [{"column": "cost", "direction": "desc"}], "limit": 7}"#,
        ),
        // in / not_in / between, and non-ASCII text.
        plan(
            r#"{"table": "incidents", "filters": [{"column": "team", "op": "in", "value": ["Platform", "Payments", "Zürich ops ✓"]},
                {"column": "ack_minutes", "op": "between", "value": [5, 120]}, {"column": "severity", "op": "not_in", "value": ["P4", "P5"]}],
                "group_by": ["team"], "aggregations": [{"function": "count"}]}"#,
        ),
        // Floats that must keep every bit, and an integer past 2^53 that a JS number would round.
        plan(
            r#"{"table": "incidents", "filters": [{"column": "cost", "op": "gte", "value": 0.1}, {"column": "cost", "op": "lt", "value": 1.7976931348623157e308},
                {"column": "cost", "op": "ne", "value": -0.0}, {"column": "ack_minutes", "op": "lte", "value": 9007199254740993},
                {"column": "ack_minutes", "op": "gt", "value": -9223372036854775808}],
                "aggregations": [{"function": "sum", "column": "cost"}, {"function": "avg", "column": "cost"}, {"function": "median", "column": "cost"}]}"#,
        ),
        // having on an alias and on a group key, order by a bare name.
        plan(
            r#"{"table": "incidents", "group_by": ["team"], "aggregations": [{"function": "avg", "column": "ack_minutes", "alias": "avg_ack"}, {"function": "sum", "column": "cost"}],
                "having": [{"column": "avg_ack", "op": "gt", "value": 10}, {"column": "sum_cost", "op": "lte", "value": 2.5}, {"column": "team", "op": "ne", "value": "Ops"}],
                "order_by": ["team"]}"#,
        ),
        // contains / starts_with escape % and _.
        plan(
            r#"{"table": "incidents", "columns": ["incident_id"], "filters": [{"column": "incident_id", "op": "starts_with", "value": "I-1_"},
                {"column": "team", "op": "contains", "value": "50%"}]}"#,
        ),
        // is_null / is_not_null, a boolean value.
        plan(
            r#"{"table": "incidents", "filters": [{"column": "closed_at", "op": "is_null"}, {"column": "resolved", "op": "eq", "value": false},
                {"column": "cost", "op": "is_not_null"}], "aggregations": [{"function": "count"}]}"#,
        ),
        // Relative dates: resolved-dates, a date and a timestamp bound.
        plan(
            r#"{"table": "incidents", "filters": [{"column": "opened_at", "op": "eq", "value": {"last": 30, "unit": "day"}},
                {"column": "closed_at", "op": "gte", "value": {"this": "quarter"}}, {"column": "opened_at", "op": "lt", "value": {"previous": "year"}}],
                "group_by": [{"column": "opened_at", "granularity": "day"}], "aggregations": [{"function": "count"}]}"#,
        ),
        // Literal dates and timestamps with fractional seconds.
        plan(
            r#"{"table": "incidents", "columns": ["incident_id", "opened_at", "closed_at"], "filters": [{"column": "opened_at", "op": "gte", "value": "2026-01-01"},
                {"column": "closed_at", "op": "lt", "value": "2026-03-01 12:30:00.123456"}], "order_by": [{"column": "closed_at", "direction": "asc"}]}"#,
        ),
        // A limit over max_rows is clamped, with a warning.
        plan(r#"{"table": "incidents", "columns": ["incident_id"], "limit": 5000}"#),
        // min / max on ordered columns of each kind.
        plan(
            r#"{"table": "incidents", "group_by": ["severity"], "aggregations": [{"function": "min", "column": "opened_at"}, {"function": "max", "column": "closed_at"},
                {"function": "min", "column": "incident_id"}, {"function": "max", "column": "cost", "alias": "worst"}], "order_by": [{"column": "worst", "direction": "desc"}]}"#,
        ),
        plan(r#"{"table": "teams", "group_by": ["region"], "aggregations": [{"function": "sum", "column": "headcount"}], "limit": 1}"#),
        // A policed table: the source query in FROM, with its values bound.
        plan(r#"{"table": "tickets", "group_by": ["team"], "aggregations": [{"function": "avg", "column": "minutes"}], "filters": [{"column": "team", "op": "ne", "value": "x"}]}"#),
        // Refusals.
        plan_refused(r#"{"table": "incidents", "filters": [{"column": "severty", "op": "eq", "value": "P1"}], "aggregations": [{"function": "count"}]}"#, "unknown_column"),
        plan_refused(r#"{"table": "incidents", "filters": [{"column": "ack_minutes", "op": "eq", "value": "ten"}], "aggregations": [{"function": "count"}]}"#, "invalid_value"),
        plan_refused(r#"{"table": "incidents", "filters": [{"column": "ack_minutes", "op": ">=", "value": 3}], "aggregations": [{"function": "count"}]}"#, "unknown_word"),
        plan_refused(r#"{"table": "incidents", "filters": [{"column": "ack_minutes", "op": "contains", "value": "1"}], "columns": ["team"]}"#, "invalid_operator"),
        plan_refused(r#"{"table": "incidents", "aggregations": [{"function": "count"}"#, "invalid_json"),
        plan_refused(r#"{"table": "incident", "aggregations": [{"function": "count"}]}"#, "unknown_table"),
        plan_refused(r#"{"table": "incidents", "filter": [], "aggregations": [{"function": "count"}]}"#, "unknown_field"),
        plan_refused(r#"{"table": "incidents", "columns": ["team"], "aggregations": [{"function": "count"}]}"#, "mixed_query_kinds"),
        plan_refused(r#"{"table": "incidents", "filters": [{"column": "team", "op": "in", "value": ["a", "b", "c", "d", "e", "f"]}], "columns": ["team"]}"#, "list_too_long"),
        plan_refused(r#"{"table": "incidents", "aggregations": [{"function": "avg", "column": "team"}]}"#, "invalid_aggregation"),
        plan_refused(r#"{"table": "incidents", "group_by": [{"column": "team", "granularity": "month"}]}"#, "invalid_granularity"),
        plan_refused(r#"{"table": "incidents", "aggregations": [{"function": "count", "alias": "n-1"}]}"#, "invalid_alias"),
        plan_refused(r#"{"table": "incidents", "filters": [{"column": "team", "op": "eq", "value": {"last": 3, "unit": "day"}}], "columns": ["team"]}"#, "invalid_value"),
        // SQL mode.
        sql("SELECT team, count(*) AS n FROM incidents GROUP BY team ORDER BY n DESC LIMIT 3"),
        sql("SELECT incident_id, cost FROM incidents WHERE cost > 0.5 AND severity IN ('P1', 'P2') AND opened_at >= DATE '2026-01-01' AND team LIKE 'Pay%'"),
        sql("SELECT count(*) FROM incidents WHERE opened_at > current_date - INTERVAL 7 DAY"),
        sql("<think>which table?</think>\nHere is the query:\n```sql\nSELECT * FROM incidents;\n```"),
        sql("WITH t AS (SELECT team, region FROM teams) SELECT i.team, t.region, avg(i.ack_minutes) AS a FROM incidents i JOIN t ON i.team = t.team GROUP BY ALL"),
        sql("FROM incidents SELECT count(*)"),
        sql("SELECT t.*, (SELECT count(*) FROM tickets) AS n FROM tickets AS t JOIN teams ON t.team = teams.team WHERE t.minutes > 5"),
        sql("SELECT team, ack_minutes * 1.5 AS weighted, CAST(opened_at AS VARCHAR) AS day FROM incidents WHERE ack_minutes BETWEEN 1 AND 9223372036854775807 LIMIT 5000"),
        sql_refused("SELECT getenv('HOME')", "function_not_allowed"),
        sql_refused("SELECT now() FROM incidents", "function_not_allowed"),
        sql_refused("SELECT * FROM read_csv('/etc/passwd')", "table_function_refused"),
        sql_refused("SELECT 1; SELECT 2", "multiple_statements"),
        sql_refused("SELECT severty FROM incidents", "unknown_column"),
        sql_refused("DROP TABLE incidents", "not_a_query"),
        sql_refused("SELEC team FROM incidents", "sql_syntax"),
        sql_refused("SELECT * FROM incidents WHERE team = ?", "placeholder_refused"),
        sql_refused("SELECT * FROM 'data.csv'", "string_as_table"),
    ]
}

fn kind_name(kind: wit::ValueKind) -> &'static str {
    match kind {
        wit::ValueKind::Text => "text",
        wit::ValueKind::Integer => "integer",
        wit::ValueKind::Float => "float",
        wit::ValueKind::Boolean => "boolean",
        wit::ValueKind::Date => "date",
        wit::ValueKind::Timestamp => "timestamp",
        wit::ValueKind::Other => "other",
    }
}

/// The catalog view in the neutral form `compile.mjs` reads.
fn view_json(view: &wit::CatalogView) -> Value {
    json!({
        "tables": view.tables.iter().map(|t| json!({
            "name": t.name,
            "relation": t.relation,
            "columns": t.columns.iter().map(|c| json!({"name": c.name, "display-name": c.display_name, "sql-type": c.sql_type, "kind": kind_name(c.kind)})).collect::<Vec<_>>(),
            "policy": t.policy.as_ref().map(|p| json!({"row-filters": p.row_filters.iter().map(|f| json!({"column": f.column, "values": f.values})).collect::<Vec<_>>()})),
        })).collect::<Vec<_>>(),
        "limits": {"max-rows": view.limits.max_rows, "max-in-list": view.limits.max_in_list, "max-request-bytes": view.limits.max_request_bytes},
        "today": view.today,
        "relationships": view.relationships.iter().map(relationship_json).collect::<Vec<_>>(),
        "metrics": view.metrics.iter().map(|m| json!({"name": m.name, "table": m.table, "aggregation": m.aggregation, "description": m.description, "unit": m.unit})).collect::<Vec<_>>(),
        "dialect": match view.dialect { wit::Dialect::Duckdb => "duckdb", wit::Dialect::Spark => "spark" },
    })
}

fn relationship_json(r: &wit::Relationship) -> Value {
    json!({"from-table": r.from_table, "from-column": r.from_column, "to-table": r.to_table, "to-column": r.to_column})
}

fn param_json(param: &wit::Param) -> Value {
    match param {
        wit::Param::Null => json!({"tag": "null"}),
        wit::Param::Boolean(b) => json!({"tag": "boolean", "val": b}),
        wit::Param::Integer(i) => json!({"tag": "integer", "val": i.to_string()}),
        wit::Param::Float(f) => json!({"tag": "float", "val": format!("{:016x}", f.to_bits())}),
        wit::Param::Text(t) => json!({"tag": "text", "val": t}),
        wit::Param::Date(d) => json!({"tag": "date", "val": d}),
        wit::Param::Timestamp(t) => json!({"tag": "timestamp", "val": t.to_string()}),
    }
}

fn query_json(query: &wit::Query) -> Value {
    json!({"sql": query.sql, "params": query.params.iter().map(param_json).collect::<Vec<_>>()})
}

fn probe_count_json(count: &wit::ProbeCount) -> Value {
    match count {
        wit::ProbeCount::AggregateSkipped(column) => json!({"tag": "aggregate-skipped", "val": column}),
        wit::ProbeCount::FilterExcluded(e) => {
            json!({"tag": "filter-excluded", "val": {"column": e.column, "path": e.path, "filter": e.filter}})
        }
        wit::ProbeCount::AnswerRows => json!({"tag": "answer-rows"}),
        wit::ProbeCount::Unmatched(u) => {
            json!({"tag": "unmatched", "val": {"rows-of": u.rows_of, "relationship": relationship_json(&u.relationship)}})
        }
    }
}

/// wasmtime's answer in the neutral form.
fn outcome_json(outcome: &Result<wit::Compiled, querycell::Error>) -> Value {
    match outcome {
        Ok(c) => json!({"ok": {
            "main": query_json(&c.main),
            "count": query_json(&c.count),
            "main-counts": c.main_counts.iter().map(probe_count_json).collect::<Vec<_>>(),
            "null-probe": c.null_probe.as_ref().map(|p| json!({"query": query_json(&p.query), "counts": p.counts.iter().map(probe_count_json).collect::<Vec<_>>()})),
            "columns": c.columns.iter().map(|o| json!({"name": o.name, "kind": kind_name(o.kind)})).collect::<Vec<_>>(),
            "limit": c.limit,
            "explanation": c.explanation,
            "warnings": c.warnings,
            "resolved-dates": c.resolved_dates.iter().map(|d| json!({"column": d.column, "path": d.path, "phrase": d.phrase, "start": d.start, "end": d.end})).collect::<Vec<_>>(),
        }}),
        Err(e) => json!({"err": {"code": e.code, "message": e.message, "path": e.path, "hint": e.hint}}),
    }
}

/// Where `wasmtime` and `jco` differ, one line per JSON path (`ok.main.params[2].val`).
fn differences(wasmtime: &Value, jco: &Value, path: &str, found: &mut Vec<String>) {
    let at = |key: &str| if path.is_empty() { key.to_string() } else { format!("{path}.{key}") };
    match (wasmtime, jco) {
        (Value::Object(w), Value::Object(j)) => {
            for key in w.keys().chain(j.keys().filter(|k| !w.contains_key(*k))) {
                match (w.get(key), j.get(key)) {
                    (Some(w), Some(j)) => differences(w, j, &at(key), found),
                    (w, j) => found.push(format!("  at {}: only one has it: wasmtime {w:?}, jco {j:?}", at(key))),
                }
            }
        }
        (Value::Array(w), Value::Array(j)) if w.len() == j.len() => {
            for (i, (w, j)) in w.iter().zip(j).enumerate() {
                differences(w, j, &format!("{path}[{i}]"), found);
            }
        }
        (w, j) if w != j => found.push(format!("  at {path}: wasmtime {w}, jco {j}")),
        _ => {}
    }
}

/// Run `command` (with `stdin`), and panic with everything it printed unless it succeeded.
fn run(command: &mut Command, stdin: &[u8]) -> Output {
    let shown = format!("{command:?}");
    let mut child = command.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap_or_else(|e| {
        panic!("{shown} did not start ({e}): Node 20 or later must be on PATH, and `just test-deps` installs jco into tests/jco")
    });
    // A command that ends early closes its stdin; what it printed says why, below.
    let _ = child.stdin.take().unwrap().write_all(stdin);
    let output = child.wait_with_output().unwrap();
    assert!(
        output.status.success(),
        "{shown} failed ({}).\nstdout:\n{}\nstderr:\n{}",
        output.status,
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    output
}

/// The installed jco, the version `tests/jco/package.json` pins, or a loud failure naming
/// the recipe that installs it.
fn jco() -> (PathBuf, String) {
    let folder = workspace().join("tests/jco");
    let installed = folder.join("node_modules/@bytecodealliance/jco/package.json");
    let installed: Value = match std::fs::read(&installed) {
        Ok(bytes) => serde_json::from_slice(&bytes).unwrap(),
        Err(e) => panic!(
            "{} is missing ({e}): run `just test-deps` (it runs `npm ci --prefix tests/jco`)",
            installed.display()
        ),
    };
    let pinned: Value = serde_json::from_slice(&std::fs::read(folder.join("package.json")).unwrap()).unwrap();
    assert_eq!(
        installed["version"], pinned["dependencies"]["@bytecodealliance/jco"],
        "tests/jco/node_modules holds another jco than tests/jco/package.json pins: `rm -rf tests/jco/node_modules && just test-deps`"
    );
    (folder.join("node_modules/.bin/jco"), installed["version"].as_str().unwrap().to_string())
}

/// The bundled component transpiled by jco into `folder`: JavaScript bindings plus the core
/// module, which `compile.mjs` instantiates synchronously with an empty import object (no
/// WASI shim: the component imports nothing, and a missing import would fail there).
/// Returns jco's version.
fn transpile(folder: &Path) -> String {
    let component = folder.join("querycell_compiler.wasm");
    std::fs::write(&component, BUNDLED_GUEST).unwrap();
    let out = folder.join("js");
    let (jco, version) = jco();
    let mut command = Command::new("node");
    command.arg(jco).arg("transpile").arg(&component).arg("-o").arg(&out);
    command.args(["--name", "querycell_compiler", "--instantiation", "sync", "--strict", "--no-typescript", "--quiet"]);
    run(&mut command, b"");
    // The bindings are an ES module; Node reads a `.js` file as one only under this.
    std::fs::write(out.join("package.json"), r#"{"type": "module"}"#).unwrap();
    version
}

#[test]
fn jco_and_wasmtime_give_the_same_answers_and_refusals() {
    let dir = tempfile::tempdir().unwrap();
    let node_version = run(Command::new("node").arg("--version"), b"");
    let jco_version = transpile(dir.path());

    let view = view();
    let requests = requests();
    let input = json!({
        "view": view_json(&view),
        "requests": requests.iter().map(|r| json!({"kind": r.kind, "text": r.text})).collect::<Vec<_>>(),
    });
    let mut command = Command::new("node");
    command.arg(workspace().join("tests/jco/compile.mjs")).arg(dir.path().join("js"));
    let output = run(&mut command, input.to_string().as_bytes());
    let from_jco: Vec<Value> = serde_json::from_slice(&output.stdout).unwrap_or_else(|e| {
        panic!("compile.mjs printed no JSON list ({e}):\n{}", String::from_utf8_lossy(&output.stdout))
    });
    assert_eq!(from_jco.len(), requests.len(), "one answer per request");

    let sandbox = Sandbox::bundled(Limits::default()).expect("the bundled compiler loads");
    let (mut differing, mut unexpected) = (Vec::new(), Vec::new());
    let (mut compiled, mut refused) = (0, 0);
    for (request, jco_answer) in requests.iter().zip(&from_jco) {
        let outcome = match request.kind {
            "plan" => sandbox.compile_plan(request.text, &view),
            _ => sandbox.compile_sql(request.text, &view),
        };
        match (&outcome, request.expect) {
            (Ok(_), Ok(())) => compiled += 1,
            (Err(e), Err(code)) if e.code == code => refused += 1,
            (outcome, expect) => unexpected.push(format!(
                "{} {:?}\n  expected {expect:?}, wasmtime gave {:#}",
                request.kind,
                request.text,
                outcome_json(outcome)
            )),
        }
        let mut found = Vec::new();
        differences(&outcome_json(&outcome), jco_answer, "", &mut found);
        if !found.is_empty() {
            differing.push(format!("{} {:?}\n{}", request.kind, request.text, found.join("\n")));
        }
    }
    assert!(
        unexpected.is_empty(),
        "{} requests did not come to what the test expects of them:\n{}",
        unexpected.len(),
        unexpected.join("\n")
    );
    assert!(
        differing.is_empty(),
        "jco and wasmtime differ on {} of {} requests:\n{}",
        differing.len(),
        requests.len(),
        differing.join("\n")
    );
    eprintln!(
        "jco {jco_version} (node {}) and wasmtime agree on {} requests: {compiled} compiled, {refused} refused",
        String::from_utf8_lossy(&node_version.stdout).trim(),
        requests.len()
    );
}
