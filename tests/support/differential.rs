//! The differential oracle: what DuckDB says of a statement SQL mode accepted
//! ([`case::Request`]), for the fuzz target `sql_differential` (through the `sql-oracle`
//! process, `tests/oracle/main.rs`) and its stable replay
//! (`tests/all/fuzz/differential_replay.rs`).
//!
//! First the host's own checks, as its statement runner makes them
//! (`host/src/exec/runner.rs`): the parse-tree check of the compiled statement
//! ([`ParseTreeCheck::check_tree_of`]) and then the reading proof against the caller's text
//! ([`ParseTreeCheck::prove_reading`]), with the row cap the executor reads to. Where the
//! reading is proved, DuckDB answers both the caller's text and the compiled statement with
//! its parameters bound, over the fixture ([`case::fixture_sql`], one in-memory database,
//! one thread), and the answers must be the same multiset of rows: a number compared by
//! its value (exactly for whole numbers and decimals, to a relative 1e-9 for doubles), any
//! other value by its text; both failing counts as the same answer, one failing as a
//! difference. Column names and types that differ are noted, not failed (`$1` names a
//! column where the caller wrote `'P1'`, and a bound whole number is a BIGINT where the
//! literal was an INTEGER).
//!
//! Skipped, since they cannot be compared (the reading proof still ran): a LIMIT or OFFSET
//! anywhere in the caller's statement (which rows come first is up to DuckDB where ORDER BY
//! leaves ties); more than `max_rows` rows (the compiled statement reads at most its row
//! cap); `DISTINCT ON`, a sample, and an order-sensitive function without an ORDER BY of
//! its own (`any_value`, `first`, `last`, `arbitrary`, `mode`, `string_agg`, `list`,
//! `arg_max`, `row_number`, `lag`, …, and `random()` and its kind); a statement DuckDB
//! stops at the deadline ([`DEADLINE`], by interrupt, so a cross join cannot hang the
//! fuzzer) or for memory; a caller's text with placeholders of its own; a run-time error
//! (a failed cast, an overflow) on one side only, since which values DuckDB evaluates
//! depends on its plan, and binding a literal as a parameter changes the plan.

use std::collections::BTreeMap;
use std::sync::{Arc, Condvar, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use querycell::testing::{Bind, CallerReading, Cell, Database, FailureKind, Param, ParseTreeCheck};
use serde_json::Value;

#[path = "../../fuzz/differential.rs"]
pub mod case;

use case::{Request, Verdict};

/// How long DuckDB may run one statement before it is interrupted.
pub const DEADLINE: Duration = Duration::from_secs(2);

/// Functions whose answer depends on the order rows arrive in, unless they carry an ORDER
/// BY of their own; and functions whose answer is random.
const ORDER_SENSITIVE: &[&str] = &[
    "any_value",
    "arbitrary",
    "first",
    "last",
    "mode",
    "string_agg",
    "group_concat",
    "listagg",
    "list",
    "array_agg",
    "arg_max",
    "arg_min",
    "argmax",
    "argmin",
    "max_by",
    "min_by",
    "arg_max_null",
    "arg_min_null",
    "histogram",
    "approx_quantile",
    "reservoir_quantile",
    "approx_count_distinct",
    "row_number",
    "ntile",
    "first_value",
    "last_value",
    "nth_value",
    "lag",
    "lead",
    "random",
    "uuid",
    "gen_random_uuid",
    "setseed",
];

/// Figures over a run, printed by the oracle process.
#[derive(Debug, Default, Clone)]
pub struct Tally {
    pub requests: u64,
    /// By verdict: `reading same`, `answer skipped: a LIMIT or OFFSET`, ….
    pub outcomes: BTreeMap<String, u64>,
}

impl Tally {
    fn add(&mut self, verdict: &Verdict) {
        self.requests += 1;
        let reading = match verdict.reading.as_str() {
            "same" => "reading same".to_string(),
            other => format!("reading {other}: {}", verdict.reading_detail.split(':').next().unwrap_or("")),
        };
        let answer = match verdict.answer.as_str() {
            "skipped" => format!("answer skipped: {}", verdict.answer_detail),
            "same" if verdict.answer_detail.starts_with("both fail") => "answer same (both fail)".to_string(),
            other => format!("answer {other}"),
        };
        for key in [reading, answer]
            .into_iter()
            .chain(verdict.cosmetic.iter().map(|c| format!("cosmetic: {}", cosmetic_kind(c))))
        {
            *self.outcomes.entry(key).or_default() += 1;
        }
    }

    /// One line per outcome.
    pub fn report(&self) -> String {
        let lines: Vec<String> = self.outcomes.iter().map(|(what, n)| format!("  {n:>8}  {what}")).collect();
        format!("{} statements judged\n{}", self.requests, lines.join("\n"))
    }
}

fn cosmetic_kind(note: &str) -> &str {
    note.split(':').next().unwrap_or(note)
}

/// Interrupts the connection's statement once its deadline passes: one thread for the
/// oracle's life.
struct Watchdog {
    shared: Arc<(Mutex<Watch>, Condvar)>,
    thread: Option<JoinHandle<()>>,
}

#[derive(Default)]
struct Watch {
    deadline: Option<Instant>,
    fired: bool,
    stop: bool,
}

impl Watchdog {
    fn start(interrupt: impl Fn() + Send + 'static) -> Watchdog {
        let shared = Arc::new((Mutex::new(Watch::default()), Condvar::new()));
        let watched = Arc::clone(&shared);
        let thread = std::thread::spawn(move || {
            let (lock, wake) = &*watched;
            let mut watch = lock.lock().unwrap();
            while !watch.stop {
                match watch.deadline {
                    None => watch = wake.wait(watch).unwrap(),
                    Some(deadline) if Instant::now() >= deadline => {
                        interrupt();
                        watch.deadline = None;
                        watch.fired = true;
                    }
                    Some(deadline) => watch = wake.wait_timeout(watch, deadline - Instant::now()).unwrap().0,
                }
            }
        });
        Watchdog { shared, thread: Some(thread) }
    }

    /// Run `call` under the deadline; whether the watchdog interrupted it.
    fn guard<T>(&self, call: impl FnOnce() -> T) -> (T, bool) {
        let (lock, wake) = &*self.shared;
        *lock.lock().unwrap() = Watch { deadline: Some(Instant::now() + DEADLINE), ..Watch::default() };
        wake.notify_all();
        let outcome = call();
        let mut watch = lock.lock().unwrap();
        watch.deadline = None;
        (outcome, std::mem::take(&mut watch.fired))
    }
}

impl Drop for Watchdog {
    fn drop(&mut self) {
        let (lock, wake) = &*self.shared;
        lock.lock().unwrap().stop = true;
        wake.notify_all();
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// The oracle: the fixture in DuckDB, the host's checks over its tables, and the tally.
pub struct Oracle {
    // Declared before the database: the watchdog's thread holds an interrupter of it.
    watchdog: Watchdog,
    database: Database,
    check: ParseTreeCheck,
    pub tally: Tally,
}

impl Oracle {
    pub fn open() -> Oracle {
        let mut setup: Vec<String> =
            ["SET threads = 1", "SET memory_limit = '1GB'"].into_iter().map(String::from).collect();
        setup.extend(case::fixture_sql());
        // The caller's `current_date` and `today()` are the request's today, as the compiler
        // binds them (a macro is found before DuckDB's own functions, which this build's
        // DuckDB would load from an extension).
        let today = format!("(DATE '1970-01-01' + {})", case::TODAY);
        setup.push(format!("CREATE MACRO current_date() AS {today}"));
        setup.push(format!("CREATE MACRO today() AS {today}"));
        setup.push("SET enable_external_access = false".into());
        setup.push("SET lock_configuration = true".into());
        let database = Database::in_memory(&setup).expect("the fixture loads");
        let check = ParseTreeCheck::open(case::fixture().iter().map(|t| t.name.to_string()));
        let interrupter = database.interrupter();
        let watchdog = Watchdog::start(move || interrupter.interrupt());
        Oracle { watchdog, database, check, tally: Tally::default() }
    }

    /// What DuckDB says of `request` (see the module's doc).
    pub fn judge(&mut self, request: &Request) -> Verdict {
        let verdict = self.verdict(request);
        self.tally.add(&verdict);
        verdict
    }

    fn verdict(&mut self, request: &Request) -> Verdict {
        let params: Vec<Param> = request.params.iter().map(host_param).collect();
        let limit = request.limit.clamp(1, request.max_rows.max(1)) as usize;
        if let Err((reading, detail)) = self.prove(request, &params, limit + 1) {
            return Verdict {
                reading: reading.into(),
                reading_detail: detail,
                answer: "none".into(),
                ..Verdict::default()
            };
        }
        let mut verdict = Verdict { reading: "same".into(), ..Verdict::default() };
        let (answer, detail) = match self.compare(request, &params, &mut verdict.cosmetic) {
            Compared::Same(detail) => ("same", detail),
            Compared::Differs(detail) => ("differs", detail),
            Compared::Skipped(why) => ("skipped", why),
        };
        verdict.answer = answer.into();
        verdict.answer_detail = detail;
        verdict
    }

    /// The host's parse-tree check, then its reading proof, as `host/src/exec/runner.rs`
    /// makes them: `Err((reading, why))` when either refuses.
    fn prove(&mut self, request: &Request, params: &[Param], rows_read: usize) -> Result<(), (&'static str, String)> {
        let refused = |error: querycell::Error| {
            let kind =
                if matches!(error.code.as_str(), "reading_differs" | "sql_syntax") { "differs" } else { "refused" };
            (kind, format!("{}: {} (at {})", error.code, error.message, error.path))
        };
        let sql = request.sql.as_str();
        let reading = CallerReading { text: request.caller.clone(), max_rows: request.max_rows, today: request.today };
        let parsed_tree = match self.database.parse(sql) {
            Ok(parsed) => parsed.tree(),
            Err(failure) => {
                // The runner checks the text with the parser alone, which says why it is refused.
                self.check.check(sql, params).map_err(refused)?;
                return Err(("refused", format!("DuckDB cannot split the compiled statement: {failure}")));
            }
        };
        let tree = || parsed_tree.clone();
        self.check.check_tree_of(sql, params, tree).map_err(refused)?;
        self.check.prove_reading(sql, params, &reading, rows_read, tree).map_err(refused)
    }

    /// DuckDB's answers to the caller's text and to the compiled statement, compared.
    fn compare(&mut self, request: &Request, params: &[Param], cosmetic: &mut Vec<String>) -> Compared {
        if let Some(why) = querycell::testing::parse_tree(&request.caller)
            .ok()
            .and_then(|tree| serde_json::from_str::<Value>(&tree).ok())
            .map_or(Some("DuckDB's tree of the text is unreadable here".to_string()), |tree| nondeterministic(&tree))
        {
            return Compared::Skipped(why);
        }
        let max_rows = request.max_rows as usize;
        let caller = self.run(&request.caller, &[], max_rows + 1);
        let binds: Vec<Bind<'_>> = params.iter().map(bind).collect();
        let limit = request.limit.clamp(1, request.max_rows.max(1)) as usize;
        let compiled = self.run(&request.sql, &binds, limit + 1);
        match (caller, compiled) {
            (Run::Stopped(why), _) | (_, Run::Stopped(why)) => Compared::Skipped(why),
            (Run::Failed(a), Run::Failed(b)) => Compared::Same(format!("both fail: {a} / {b}")),
            (Run::Failed(why), Run::Rows(..)) | (Run::Rows(..), Run::Failed(why)) if at_run_time(&why) => {
                Compared::Skipped(
                    "a run-time error on one side only (which values DuckDB evaluates depends on its plan)".into(),
                )
            }
            (Run::Failed(a), Run::Rows(..)) => {
                Compared::Differs(format!("the caller's text fails ({a}), the compiled statement answers"))
            }
            (Run::Rows(..), Run::Failed(b)) => {
                Compared::Differs(format!("the compiled statement fails ({b}), the caller's text answers"))
            }
            (Run::Rows(rows, _), _) if rows.len() > max_rows => Compared::Skipped(format!("more than {max_rows} rows")),
            (Run::Rows(a, a_columns), Run::Rows(b, b_columns)) => {
                if a_columns.len() != b_columns.len() {
                    return Compared::Differs(format!("columns {a_columns:?} against {b_columns:?}"));
                }
                for ((a_name, a_type), (b_name, b_type)) in a_columns.iter().zip(&b_columns) {
                    if a_name != b_name {
                        cosmetic.push(format!("name: {a_name} / {b_name}"));
                    }
                    if a_type != b_type {
                        cosmetic.push(format!("type: {a_type} / {b_type}"));
                    }
                }
                same_rows(a, b)
            }
        }
    }

    /// Run `sql` with `binds`, reading at most `max_rows` rows, under the deadline.
    fn run(&self, sql: &str, binds: &[Bind<'_>], max_rows: usize) -> Run {
        let ((outcome, placeholders), fired) = self.watchdog.guard(|| {
            let mut statement = match self.database.single_select(sql) {
                Ok(statement) => statement,
                Err(failure) => return (Err(failure), 0),
            };
            let placeholders = statement.parameter_count();
            if placeholders != binds.len() {
                return (Ok(Default::default()), placeholders);
            }
            (statement.bind_all(binds).and_then(|()| statement.run(max_rows)), placeholders)
        });
        if placeholders != binds.len() {
            return Run::Stopped("the caller's text has placeholders of its own".into());
        }
        match outcome {
            Ok(rows) => {
                let columns = rows.columns.iter().map(|c| (c.name.clone(), c.type_name.clone())).collect();
                Run::Rows(rows.rows, columns)
            }
            Err(failure) if fired || failure.kind == FailureKind::Interrupted => {
                Run::Stopped(format!("past the {}-second deadline", DEADLINE.as_secs()))
            }
            Err(failure) if failure.kind == FailureKind::OutOfMemory => Run::Stopped("out of memory".into()),
            Err(failure) => Run::Failed(format!("{:?}: {}", failure.kind, failure.message)),
        }
    }
}

/// Whether a failure is an error raised by a value as DuckDB evaluated it (a cast or an
/// overflow), which one plan meets and another, that filters first, does not.
fn at_run_time(failure: &str) -> bool {
    ["Conversion Error", "Out of Range Error", "Invalid Input Error"].iter().any(|kind| failure.contains(kind))
}

enum Run {
    Rows(Vec<Vec<Cell>>, Vec<(String, String)>),
    Failed(String),
    Stopped(String),
}

enum Compared {
    Same(String),
    Differs(String),
    Skipped(String),
}

/// A value the compiler bound, as the host binds it.
pub fn host_param(param: &querycell_guest::model::Param) -> Param {
    use querycell_guest::model::Param as Guest;
    match param {
        Guest::Null => Param::Null,
        Guest::Boolean(b) => Param::Boolean(*b),
        Guest::Integer(i) => Param::Integer(*i),
        Guest::Float(f) => Param::Float(*f),
        Guest::Text(t) => Param::Text(t.clone()),
        Guest::Date(d) => Param::Date(*d),
        Guest::Timestamp(t) => Param::Timestamp(*t),
    }
}

fn bind(param: &Param) -> Bind<'_> {
    match param {
        Param::Null => Bind::Null,
        Param::Boolean(b) => Bind::Boolean(*b),
        Param::Integer(i) => Bind::Integer(*i),
        Param::Float(f) => Bind::Float(*f),
        Param::Text(t) => Bind::Text(t),
        Param::Date(d) => Bind::Date(*d),
        Param::Timestamp(t) => Bind::Timestamp(*t),
    }
}

/// Why the answer to the statement DuckDB read in `tree` cannot be compared, if it cannot.
fn nondeterministic(tree: &Value) -> Option<String> {
    let mut pending = vec![tree];
    while let Some(node) = pending.pop() {
        match node {
            Value::Array(items) => pending.extend(items),
            Value::Object(map) => {
                if let Some(why) = nondeterministic_node(map) {
                    return Some(why);
                }
                pending.extend(map.values());
            }
            _ => {}
        }
    }
    None
}

fn nondeterministic_node(map: &serde_json::Map<String, Value>) -> Option<String> {
    let kind = map.get("type").and_then(Value::as_str).unwrap_or("");
    let set = |key: &str| map.get(key).is_some_and(|v| !v.is_null() && v.as_array().is_none_or(|a| !a.is_empty()));
    if kind.starts_with("LIMIT") && (set("limit") || set("offset")) {
        return Some("a LIMIT or OFFSET".into());
    }
    if kind == "DISTINCT_MODIFIER" && set("distinct_on_targets") {
        return Some("DISTINCT ON".into());
    }
    if set("sample") {
        return Some("a sample".into());
    }
    let name = map.get("function_name").and_then(Value::as_str)?;
    let ordered = map.get("order_bys").and_then(|o| o.get("orders")).is_some_and(set_array)
        || map.get("orders").is_some_and(set_array);
    (ORDER_SENSITIVE.contains(&name.to_ascii_lowercase().as_str()) && !ordered)
        .then(|| format!("{name} without an ORDER BY of its own"))
}

fn set_array(value: &Value) -> bool {
    value.as_array().is_some_and(|a| !a.is_empty())
}

/// A value as the comparison sees it.
#[derive(Debug, Clone)]
enum Seen {
    Null,
    /// A whole number or decimal, as its digits without trailing zeros after the point.
    Exact(String),
    Float(f64),
    Text(String),
}

fn seen(cell: &Cell) -> Seen {
    match cell {
        Cell::Null => Seen::Null,
        Cell::Integer(i) => Seen::Exact(i.to_string()),
        Cell::Decimal(d) => Seen::Exact(exact(d)),
        Cell::Float(f) => Seen::Float(*f),
        Cell::Boolean(b) => Seen::Text(b.to_string()),
        Cell::Text(t) => Seen::Text(t.clone()),
    }
}

/// `-012.500` as `-12.5`, `0.00` as `0`.
fn exact(digits: &str) -> String {
    let (sign, digits) = digits.strip_prefix('-').map_or(("", digits), |d| ("-", d));
    let (whole, fraction) = digits.split_once('.').unwrap_or((digits, ""));
    let whole = whole.trim_start_matches('0');
    let fraction = fraction.trim_end_matches('0');
    let whole = if whole.is_empty() { "0" } else { whole };
    let number = if fraction.is_empty() { whole.to_string() } else { format!("{whole}.{fraction}") };
    if number == "0" {
        number
    } else {
        format!("{sign}{number}")
    }
}

fn as_f64(value: &Seen) -> Option<f64> {
    match value {
        Seen::Exact(d) => d.parse().ok(),
        Seen::Float(f) => Some(*f),
        _ => None,
    }
}

fn same_value(a: &Seen, b: &Seen) -> bool {
    match (a, b) {
        (Seen::Null, Seen::Null) => true,
        (Seen::Exact(a), Seen::Exact(b)) | (Seen::Text(a), Seen::Text(b)) => a == b,
        (Seen::Float(_), Seen::Exact(_) | Seen::Float(_)) | (Seen::Exact(_), Seen::Float(_)) => {
            let (Some(a), Some(b)) = (as_f64(a), as_f64(b)) else { return false };
            a == b || (a.is_nan() && b.is_nan()) || (a - b).abs() <= 1e-9 * a.abs().max(b.abs())
        }
        _ => false,
    }
}

/// The sort key of a row: floats to nine significant digits, so near-equal rows sort alike.
fn sort_key(row: &[Seen]) -> String {
    row.iter()
        .map(|value| match value {
            Seen::Null => "N".to_string(),
            Seen::Float(f) => format!("F{f:.8e}"),
            Seen::Exact(d) => format!("F{:.8e}", d.parse::<f64>().unwrap_or(f64::NAN)),
            Seen::Text(t) => format!("T{t}"),
        })
        .collect::<Vec<_>>()
        .join("\u{1f}")
}

/// The rows as multisets, compared value by value.
fn same_rows(a: Vec<Vec<Cell>>, b: Vec<Vec<Cell>>) -> Compared {
    let sorted = |rows: Vec<Vec<Cell>>| {
        let mut rows: Vec<Vec<Seen>> = rows.iter().map(|row| row.iter().map(seen).collect()).collect();
        rows.sort_by_cached_key(|row| sort_key(row));
        rows
    };
    let (count_a, count_b) = (a.len(), b.len());
    if count_a != count_b {
        return Compared::Differs(format!("{count_a} rows against {count_b}"));
    }
    let (a, b) = (sorted(a), sorted(b));
    for (row_a, row_b) in a.iter().zip(&b) {
        if row_a.len() != row_b.len() || !row_a.iter().zip(row_b).all(|(x, y)| same_value(x, y)) {
            return Compared::Differs(format!("the row {row_a:?} against {row_b:?}"));
        }
    }
    Compared::Same(format!("{count_a} rows"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exact_numbers_are_compared_by_their_value() {
        assert_eq!(exact("-012.500"), "-12.5");
        assert_eq!(exact("0.00"), "0");
        assert_eq!(exact("-0.0"), "0");
        assert_eq!(exact("100"), "100");
        assert!(same_value(&Seen::Exact(exact("1.50")), &Seen::Float(1.5)));
        assert!(!same_value(&Seen::Exact(exact("1.51")), &Seen::Float(1.5)));
        assert!(!same_value(&Seen::Text("1".into()), &Seen::Exact("1".into())));
    }
}
