//! The sandbox-boundary oracles, shared by the fuzz target
//! (`fuzz_targets/sandbox_boundary.rs`) and the stable replay
//! (`tests/all/fuzz/fuzz_regressions.rs`): a request through the host's real `Sandbox` (on
//! demand, with a small fuel budget), compared with the same compiler run natively.
//!
//! The first byte picks plan or SQL mode; the rest is the request text. Oracles:
//! - no panic in the host, and no `guest_fault` (a trap inside the compiler is a bug);
//! - a refusal is typed: a code, a message, a class;
//! - unless a sandbox limit stopped it (fuel, memory, deadline, output size), the sandboxed
//!   compiler gives exactly what the native one gives: the same statements, parameters,
//!   columns and receipt text, or the same refusal (code, path, message). The component is
//!   the product; the native build is what the other fuzz targets test.
//!
//! The differential oracle holds for ASCII requests only. The native compiler here is built
//! by nightly Rust and the component by stable, and their Unicode tables differ: a code
//! point one version has not assigned yet (the run's first finding was U+058B) is a letter
//! to the other, so SQL tokenises differently. Other text still goes through both, held to
//! every other oracle.

use std::sync::OnceLock;

use querycell::sandbox::{wit, Sandbox};
use querycell::{EnginePolicy, ErrorClass, Limits, SandboxEngine};
use querycell_guest::model;

/// The guest's budget here: enough for every ordinary request, small enough that a slow
/// input ends in milliseconds with `guest_fuel_exhausted` instead of a libFuzzer timeout.
const FUEL: u64 = 50_000_000;

/// The sandbox every check uses: loaded once.
pub fn sandbox() -> &'static Sandbox {
    static SANDBOX: OnceLock<Sandbox> = OnceLock::new();
    SANDBOX.get_or_init(|| {
        // On demand: no pool reservation to share with libFuzzer's own allocations.
        let engine = SandboxEngine::new(EnginePolicy { pool_slots: None, ..EnginePolicy::default() }).expect("engine");
        Sandbox::bundled_on(&engine, Limits { guest_fuel: FUEL, ..Limits::default() })
            .expect("the bundled compiler loads")
    })
}

/// `view`, as the host hands it to the guest.
pub fn wit_view(view: &querycell_guest::CatalogView) -> wit::CatalogView {
    wit::CatalogView {
        tables: view
            .tables
            .iter()
            .map(|t| wit::Table {
                name: t.name.clone(),
                relation: t.relation.clone(),
                columns: t
                    .columns
                    .iter()
                    .map(|c| wit::Column {
                        name: c.name.clone(),
                        display_name: c.display_name.clone(),
                        sql_type: c.sql_type.clone(),
                        kind: wit_kind(c.kind),
                    })
                    .collect(),
                policy: None,
            })
            .collect(),
        limits: wit::RequestLimits {
            max_rows: view.limits.max_rows,
            max_in_list: view.limits.max_in_list,
            max_request_bytes: view.limits.max_request_bytes,
        },
        today: view.today,
        relationships: view
            .relationships
            .iter()
            .map(|r| wit::Relationship {
                name: r.name.clone(),
                from_table: r.from_table.clone(),
                from_column: r.from_column.clone(),
                to_table: r.to_table.clone(),
                to_column: r.to_column.clone(),
            })
            .collect(),
        metrics: view
            .metrics
            .iter()
            .map(|m| wit::Metric {
                name: m.name.clone(),
                table: m.table.clone(),
                aggregation: m.aggregation.clone(),
                description: m.description.clone(),
                unit: m.unit.clone(),
            })
            .collect(),
        dialect: wit::Dialect::Duckdb,
    }
}

fn wit_kind(kind: model::ValueKind) -> wit::ValueKind {
    match kind {
        model::ValueKind::Integer => wit::ValueKind::Integer,
        model::ValueKind::Float => wit::ValueKind::Float,
        model::ValueKind::Text => wit::ValueKind::Text,
        model::ValueKind::Boolean => wit::ValueKind::Boolean,
        model::ValueKind::Date => wit::ValueKind::Date,
        model::ValueKind::Timestamp => wit::ValueKind::Timestamp,
        model::ValueKind::Other => wit::ValueKind::Other,
    }
}

/// A compiled answer as comparable text: statements, parameters (floats by their bits),
/// columns, limit, explanation and warnings. The sandbox's answer is first carried into the
/// native compiler's types, so both sides are printed by the same code.
#[allow(clippy::too_many_arguments, reason = "one argument per part of a compiled answer, printed side by side")]
fn summary(
    main: &model::Query,
    count: &model::Query,
    probe: Option<&model::Query>,
    counts: usize,
    columns: Vec<&str>,
    limit: u32,
    explanation: &str,
    warnings: &[String],
) -> String {
    let param = |p: &model::Param| match p {
        model::Param::Null => "null".to_string(),
        model::Param::Boolean(b) => format!("bool {b}"),
        model::Param::Integer(i) => format!("int {i}"),
        model::Param::Float(f) => format!("float {:x}", f.to_bits()),
        model::Param::Text(t) => format!("text {t:?}"),
        model::Param::Date(d) => format!("date {d}"),
        model::Param::Timestamp(t) => format!("ts {t}"),
    };
    let query = |q: &model::Query| format!("{} {:?}", q.sql, q.params.iter().map(param).collect::<Vec<_>>());
    format!(
        "main {}\ncount {}\nprobe {:?}\ncounts {counts}\ncolumns {columns:?}\nlimit {limit}\n{explanation}\n{warnings:?}",
        query(main),
        query(count),
        probe.map(query),
    )
}

fn from_wit(q: &wit::Query) -> model::Query {
    let params = q
        .params
        .iter()
        .map(|p| match p {
            wit::Param::Null => model::Param::Null,
            wit::Param::Boolean(b) => model::Param::Boolean(*b),
            wit::Param::Integer(i) => model::Param::Integer(*i),
            wit::Param::Float(f) => model::Param::Float(*f),
            wit::Param::Text(t) => model::Param::Text(t.clone()),
            wit::Param::Date(d) => model::Param::Date(*d),
            wit::Param::Timestamp(t) => model::Param::Timestamp(*t),
        })
        .collect();
    model::Query { sql: q.sql.clone(), params }
}

pub fn wit_summary(c: &wit::Compiled) -> String {
    let probe = c.null_probe.as_ref().map(|p| from_wit(&p.query));
    let columns = c.columns.iter().map(|c| c.name.as_str()).collect();
    summary(
        &from_wit(&c.main),
        &from_wit(&c.count),
        probe.as_ref(),
        c.main_counts.len(),
        columns,
        c.limit,
        &c.explanation,
        &c.warnings,
    )
}

pub fn native_summary(c: &model::Compiled) -> String {
    let columns = c.columns.iter().map(|c| c.name.as_str()).collect();
    summary(
        &c.main,
        &c.count,
        c.null_probe.as_ref().map(|p| &p.query),
        c.main_counts.len(),
        columns,
        c.limit,
        &c.explanation,
        &c.warnings,
    )
}

/// Every oracle on one input: its first byte picks plan (even) or SQL mode (odd), the rest
/// is the request. `differential_beyond_ascii` extends the comparison with the native
/// compiler to non-ASCII text, where both are built by the same Rust (the stable replay).
pub fn check(data: &[u8], view: &querycell_guest::CatalogView, differential_beyond_ascii: bool) {
    let Some((&mode, rest)) = data.split_first() else { return };
    let text = String::from_utf8_lossy(rest);
    let sql_mode = mode & 1 == 1;
    let wit_view = wit_view(view);
    let (sandboxed, native) = if sql_mode {
        (sandbox().compile_sql(&text, &wit_view), querycell_guest::compile_sql(&text, view))
    } else {
        (sandbox().compile_plan(&text, &wit_view), querycell_guest::compile_plan(&text, view))
    };
    if !differential_beyond_ascii && !text.is_ascii() {
        if let Err(error) = &sandboxed {
            assert!(!error.code.is_empty() && !error.message.is_empty(), "an untyped refusal: {error:?}");
            assert_ne!(error.code, "guest_fault", "the compiler trapped: {error}");
        }
        return;
    }
    match (sandboxed, native) {
        (Ok(inside), Ok(outside)) => {
            assert_eq!(wit_summary(&inside), native_summary(&outside), "the sandboxed and native compilers disagree")
        }
        (Err(error), native) => {
            assert!(!error.code.is_empty() && !error.message.is_empty(), "an untyped refusal: {error:?}");
            assert_ne!(error.code, "guest_fault", "the compiler trapped: {error}");
            // A sandbox limit ends a call the native build would finish: nothing to compare.
            let sandbox_limit = error.class == ErrorClass::Limit || error.code == "guest_output_too_large";
            if !sandbox_limit {
                match native {
                    Err(refusal) => assert_eq!(
                        (error.code.as_str(), error.path.as_str(), error.message.as_str()),
                        (refusal.code, refusal.path.as_str(), refusal.message.as_str()),
                        "the sandboxed and native compilers refuse differently"
                    ),
                    Ok(_) => panic!("the sandbox refused ({error}) what the native compiler accepted"),
                }
            }
        }
        (Ok(_), Err(refusal)) => panic!("the sandbox accepted what the native compiler refused ({})", refusal.message),
    }
}
