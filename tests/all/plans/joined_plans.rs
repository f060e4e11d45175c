//! Plan language v2 (relationships, paths, grains, `fan_out`, metrics; see
//! docs/relationships.md) proved against an independent computation. Three related tables
//! are generated with missing keys, orphan keys (set, matching no row), missing values and
//! a name shared across tables, and ingested through the library with their relationships
//! and metrics declared in `querycell.toml`. Hundreds of seeded plans then run through the
//! whole library, and each answer (or refusal) is compared with what this file computes in
//! Rust from the rows it wrote: paths resolved by key lookup, each aggregation computed over
//! the rows of its own grain, the grains' groups merged by key. No SQL of querycell's is on
//! the expected side.
//!
//! Details the spec leaves open, chosen here:
//! - an aggregation whose grain is another table reads every row of that table (every team,
//!   also the teams no incident reaches), kept by the plan's filters read from that table;
//! - an answer's groups are those of the grains its aggregations have: a plan on incidents
//!   whose only aggregation is over `teams.headcount` has the groups of teams;
//! - with no `group_by`, every grain gives its one row even when the filters keep no row
//!   (as an aggregate without GROUP BY does), so the answer is one row;
//! - a `share` (always at the plan's table) in a group its grain lacks is null;
//! - an existence test (`exists` / `not_exists`) keeps a row of the plan's table when some
//!   (no) row of the related table has its key and meets the test's `where`; it stands only
//!   beside aggregations at the plan's table (others fan out, as a filter on the plan's table
//!   does);
//! - the orphan warning is checked only when the plan groups by a path and has an
//!   aggregation at the plan's table (where the orphan rows are counted), by the number of
//!   kept rows of the plan's table whose path breaks at each step.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::Path;

use querycell::policy::Policy;
use querycell::{ingest, Answer, Limits, QueryCell};
use querycell_tests::write_file;
use serde_json::{json, Value};

/// One cell of a generated table.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
enum V {
    Null,
    Bool(bool),
    Int(i64),
    Text(String),
    /// A date as `YYYY-MM-DD`, which orders as the dates do.
    Date(String),
}

impl V {
    fn csv(&self) -> String {
        match self {
            V::Null => String::new(),
            V::Bool(b) => b.to_string(),
            V::Int(i) => i.to_string(),
            V::Text(s) | V::Date(s) => s.clone(),
        }
    }

    fn json(&self) -> Value {
        match self {
            V::Null => Value::Null,
            V::Bool(b) => json!(b),
            V::Int(i) => json!(i),
            V::Text(s) | V::Date(s) => json!(s),
        }
    }

    /// A cell of an answer's group key, read back.
    fn from_json(value: &Value) -> V {
        match value {
            Value::Null => V::Null,
            Value::Bool(b) => V::Bool(*b),
            Value::Number(n) => V::Int(n.as_i64().unwrap_or_else(|| panic!("a group key that is not an integer: {n}"))),
            Value::String(s) => V::Text(s.clone()),
            other => panic!("a group key that is not a value: {other}"),
        }
    }
}

fn text(s: &str) -> V {
    V::Text(s.to_string())
}

/// What a column holds, which decides the ops and functions generated for it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Int,
    Text,
    Bool,
    Date,
}

type Columns = &'static [(&'static str, Kind)];

const TEAMS: Columns =
    &[("team_id", Kind::Int), ("name", Kind::Text), ("region", Kind::Text), ("headcount", Kind::Int)];
const SERVICES: Columns =
    &[("service_id", Kind::Int), ("name", Kind::Text), ("team_id", Kind::Int), ("tier", Kind::Text)];
const INCIDENTS: Columns = &[
    ("incident_id", Kind::Int),
    ("team_id", Kind::Int),
    ("service_id", Kind::Int),
    ("severity", Kind::Text),
    ("ack_minutes", Kind::Int),
    ("reopened", Kind::Bool),
    ("opened_at", Kind::Date),
];

/// The declared relationships: `(from table, from column, to table, to column)`.
const RELATIONSHIPS: [(&str, &str, &str, &str); 3] = [
    ("incidents", "team_id", "teams", "team_id"),
    ("incidents", "service_id", "services", "service_id"),
    ("services", "team_id", "teams", "team_id"),
];

/// The metrics `querycell.toml` declares, and their tables.
const METRICS: [(&str, &str); 3] = [("mtta", "incidents"), ("p90_ack", "incidents"), ("total_headcount", "teams")];

/// `querycell.toml`'s `[[relationships]]` entry declaring `from` → `to` (`table.column`).
pub(super) fn declared(from: &str, to: &str) -> String {
    format!("[[relationships]]\nfrom = \"{from}\"\nto = \"{to}\"\n\n")
}

/// A `[[relationships]]` entry with a name (a role): `owner`, followed as `owner.region`.
pub(super) fn declared_as(name: &str, from: &str, to: &str) -> String {
    format!("[[relationships]]\nname = \"{name}\"\nfrom = \"{from}\"\nto = \"{to}\"\n\n")
}

/// The generated tables' `querycell.toml`: `RELATIONSHIPS` declared, then the metrics.
fn settings() -> String {
    let relationships =
        RELATIONSHIPS.iter().map(|(ft, fc, tt, tc)| declared(&format!("{ft}.{fc}"), &format!("{tt}.{tc}")));
    relationships.collect::<String>() + METRIC_SETTINGS
}

const METRIC_SETTINGS: &str = r#"
[metrics.mtta]
table = "incidents"
function = "avg"
column = "ack_minutes"
where = [{column = "severity", op = "in", value = ["P1", "P2"]}, {column = "reopened", op = "eq", value = false}]
unit = "minutes"
description = "Mean time to acknowledge: P1 and P2 incidents, reopened ones excluded"

[metrics.p90_ack]
table = "incidents"
function = "percentile"
column = "ack_minutes"
p = 0.9
unit = "minutes"
description = "The 90th percentile of the time to acknowledge"

[metrics.total_headcount]
table = "teams"
function = "sum"
column = "headcount"
unit = "people"
description = "People in the teams"
"#;

/// A generated table: its name, its columns and its rows.
struct Table {
    name: &'static str,
    columns: Columns,
    rows: Vec<Vec<V>>,
}

impl Table {
    fn column(&self, name: &str) -> usize {
        self.columns.iter().position(|(c, _)| *c == name).unwrap_or_else(|| panic!("{}.{name}", self.name))
    }

    fn kind(&self, name: &str) -> Kind {
        self.columns[self.column(name)].1
    }

    fn csv(&self) -> String {
        let mut csv = self.columns.iter().map(|(c, _)| *c).collect::<Vec<_>>().join(",") + "\n";
        for row in &self.rows {
            csv += &(row.iter().map(V::csv).collect::<Vec<_>>().join(",") + "\n");
        }
        csv
    }

    /// The distinct values of `column` that are present, in order.
    fn values(&self, column: &str) -> Vec<V> {
        let at = self.column(column);
        let set: BTreeSet<&V> = self.rows.iter().map(|row| &row[at]).filter(|v| **v != V::Null).collect();
        set.into_iter().cloned().collect()
    }
}

/// The generated tables, with each relationship's target rows indexed by their key.
pub(super) struct Db {
    tables: Vec<Table>,
    /// Per table a relationship leads to, its row by key (`teams` by `team_id`, ...).
    keys: HashMap<&'static str, HashMap<V, usize>>,
}

impl Db {
    fn new(tables: Vec<Table>) -> Db {
        let mut db = Db { tables, keys: HashMap::new() };
        for (_, _, to, key) in RELATIONSHIPS {
            let table = db.table(to);
            let at = table.column(key);
            let index = table.rows.iter().enumerate().map(|(i, row)| (row[at].clone(), i)).collect();
            db.keys.insert(to, index);
        }
        db
    }

    fn table(&self, name: &str) -> &Table {
        self.tables.iter().find(|t| t.name == name).unwrap_or_else(|| panic!("no table {name}"))
    }

    /// The key column of the one declared relationship from `from` to `to`.
    fn key_column(from: &str, to: &str) -> &'static str {
        RELATIONSHIPS.iter().find(|r| r.0 == from && r.2 == to).unwrap_or_else(|| panic!("{from} -> {to}")).1
    }

    /// The table a path of `steps` from `table` ends on.
    fn end(table: &'static str, steps: &[&'static str]) -> &'static str {
        steps.last().copied().unwrap_or(table)
    }

    /// The row a path of `steps` from row `row` of `table` reaches, or where it breaks: the
    /// step whose key is missing (`Err(None)`) or matches no row (`Err(Some(step))`).
    fn follow(&self, mut table: &'static str, mut row: usize, steps: &[&'static str]) -> Result<usize, Option<usize>> {
        for (i, &step) in steps.iter().enumerate() {
            let from = self.table(table);
            let key = &from.rows[row][from.column(Db::key_column(table, step))];
            if *key == V::Null {
                return Err(None);
            }
            row = *self.keys[step].get(key).ok_or(Some(i))?;
            table = step;
        }
        Ok(row)
    }

    /// The value of `column` reached from row `row` of `table` through `steps`: every step a
    /// left join, so a missing or orphan key gives a missing value.
    fn value(&self, table: &'static str, row: usize, steps: &[&'static str], column: &str) -> V {
        match self.follow(table, row, steps) {
            Ok(reached) => {
                let end = self.table(Db::end(table, steps));
                end.rows[reached][end.column(column)].clone()
            }
            Err(_) => V::Null,
        }
    }

    /// Every path from `table` through declared relationships (the empty one first).
    fn paths(table: &'static str) -> Vec<Vec<&'static str>> {
        let mut paths = vec![Vec::new()];
        for (from, _, to, _) in RELATIONSHIPS.iter().filter(|r| r.0 == table) {
            debug_assert_eq!(*from, table);
            paths.extend(Db::paths(to).into_iter().map(|rest| [vec![*to], rest].concat()));
        }
        paths
    }

    /// Every column a plan on `table` can name, its own and by path.
    fn reachable(&self, table: &'static str) -> Vec<ColRef> {
        let mut columns = Vec::new();
        for steps in Db::paths(table) {
            for (column, _) in self.table(Db::end(table, &steps)).columns {
                columns.push(ColRef { steps: steps.clone(), column });
            }
        }
        columns
    }

    fn kind(&self, table: &'static str, column: &ColRef) -> Kind {
        self.table(Db::end(table, &column.steps)).kind(column.column)
    }
}

/// A fixed linear congruential sequence, so every run generates the same data and plans.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, bound: usize) -> usize {
        self.0 = self.0.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) % bound as u64) as usize
    }

    fn one_in(&mut self, n: usize) -> bool {
        self.below(n) == 0
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

// ---- The data.

const TEAM_NAMES: [&str; 12] = [
    "platform", "payments", "search", "billing", "identity", "storage", "network", "mobile", "data", "growth",
    "security", "infra",
];
/// Two names (`search`, `billing`) are also teams' names: a name shared across tables.
const SERVICE_NAMES: [&str; 20] = [
    "api", "web", "search", "billing", "queue", "cache", "auth", "cdn", "etl", "mail", "push", "jobs", "ledger",
    "gateway", "dns", "vault", "logs", "metrics", "builds", "reports",
];
/// The team no service and no incident points at; its region (`latam`) is its alone, so
/// that region has a team and no incident.
const LONELY_TEAM: i64 = 12;

/// A key into `targets`: missing one time in twelve, an orphan (a key of no row) one in
/// twelve.
fn reference(rng: &mut Lcg, targets: &[i64], orphans: &[i64]) -> V {
    match rng.below(12) {
        0 => V::Null,
        1 => V::Int(*rng.pick(orphans)),
        _ => V::Int(*rng.pick(targets)),
    }
}

/// The teams' headcounts: two missing, some repeated (groups by headcount hold several).
const HEADCOUNTS: [Option<i64>; 12] =
    [Some(12), Some(30), Some(16), Some(8), None, Some(13), Some(13), Some(7), Some(12), None, Some(25), Some(21)];

/// Twelve teams; team 3 has no region, others lose it at random.
fn teams(rng: &mut Lcg) -> Table {
    let rows = (1..=12_i64)
        .map(|id| {
            let region = match id {
                3 => V::Null,
                LONELY_TEAM => text("latam"),
                _ if rng.one_in(6) => V::Null,
                _ => text(rng.pick::<&str>(&["eu", "us", "apac"])),
            };
            let headcount = HEADCOUNTS[id as usize - 1].map_or(V::Null, V::Int);
            vec![V::Int(id), text(TEAM_NAMES[id as usize - 1]), region, headcount]
        })
        .collect();
    Table { name: "teams", columns: TEAMS, rows }
}

/// Twenty services; service 101 has no team and 102 an orphan team, others at random.
fn services(rng: &mut Lcg) -> Table {
    let owners: Vec<i64> = (1..LONELY_TEAM).collect();
    let rows = (101..=120_i64)
        .map(|id| {
            let team = match id {
                101 => V::Null,
                102 => V::Int(99),
                _ => reference(rng, &owners, &[98, 99]),
            };
            let tier = if rng.one_in(7) { V::Null } else { text(rng.pick::<&str>(&["gold", "silver", "bronze"])) };
            vec![V::Int(id), text(SERVICE_NAMES[id as usize - 101]), team, tier]
        })
        .collect();
    Table { name: "services", columns: SERVICES, rows }
}

/// 400 incidents, with missing and orphan teams and services, missing severities, times and
/// flags.
fn incidents(rng: &mut Lcg) -> Table {
    let teams: Vec<i64> = (1..LONELY_TEAM).collect();
    let services: Vec<i64> = (101..=120).collect();
    let rows = (1..=400_i64)
        .map(|id| {
            let team = reference(rng, &teams, &[13, 77]);
            let service = reference(rng, &services, &[150, 151]);
            let severity = if rng.one_in(30) { V::Null } else { text(rng.pick::<&str>(&["P1", "P2", "P3"])) };
            let ack = if rng.one_in(9) { V::Null } else { V::Int(rng.below(121) as i64) };
            let reopened = if rng.one_in(25) { V::Null } else { V::Bool(rng.one_in(4)) };
            let opened = V::Date(format!("2025-{:02}-{:02}", 1 + rng.below(12), 1 + rng.below(28)));
            vec![V::Int(id), team, service, severity, ack, reopened, opened]
        })
        .collect();
    Table { name: "incidents", columns: INCIDENTS, rows }
}

fn generated() -> Db {
    let mut rng = Lcg(0x2545_f491_4f6c_dd1d);
    Db::new(vec![teams(&mut rng), services(&mut rng), incidents(&mut rng)])
}

/// The tables written as CSV with `settings` as their `querycell.toml`, ingested, opened.
pub(super) fn ingest_and_open(dir: &Path, tables: &[(&str, String)], settings: &str) -> QueryCell {
    let data = dir.join("data");
    for (name, csv) in tables {
        write_file(&data, &format!("{name}.csv"), csv);
    }
    write_file(&data, "querycell.toml", settings);
    let index = dir.join("idx");
    ingest::ingest(&index, &[data]).unwrap_or_else(|e| panic!("ingest: {e} ({e:?})"));
    QueryCell::open(&index, Limits::default()).expect("open")
}

/// The generated tables, and a library opened on them under a policy whose row filter keeps
/// the incidents of one severity (the context's `severity`, as a tenant's would be), with
/// the tables as that policy lets the caller read them.
fn open_under_severity_policy(severity: &str) -> (tempfile::TempDir, Db, QueryCell) {
    let (dir, full, _) = open();
    let policy = "[tables.incidents]\nrow_filters = [{ column = \"severity\", equals_context = \"severity\" }]\n";
    let context = BTreeMap::from([("severity".to_string(), severity.to_string())]);
    let cell = QueryCell::open(&dir.path().join("idx"), Limits::default())
        .expect("open")
        .with_policy(Policy::parse(policy).expect("policy parses"), context)
        .expect("policy applies");
    let mut tables = full.tables;
    let incidents = tables.iter_mut().find(|t| t.name == "incidents").expect("incidents");
    let at = incidents.column("severity");
    incidents.rows.retain(|row| row[at] == text(severity));
    (dir, Db::new(tables), cell)
}

/// The generated tables, and a library opened on them.
pub(super) fn open() -> (tempfile::TempDir, Db, QueryCell) {
    let db = generated();
    let dir = tempfile::tempdir().unwrap();
    let tables: Vec<(&str, String)> = db.tables.iter().map(|t| (t.name, t.csv())).collect();
    let cell = ingest_and_open(dir.path(), &tables, &settings());
    (dir, db, cell)
}

// ---- Plans.

/// A column named by path: the tables it walks through, then the column.
#[derive(Debug, Clone, PartialEq, Eq)]
struct ColRef {
    steps: Vec<&'static str>,
    column: &'static str,
}

impl ColRef {
    /// `teams.region` as a `ColRef`.
    fn parse(path: &'static str) -> ColRef {
        let mut parts: Vec<&'static str> = path.split('.').collect();
        let column = parts.pop().expect("a column");
        ColRef { steps: parts, column }
    }

    fn path(&self) -> String {
        [self.steps.as_slice(), &[self.column]].concat().join(".")
    }

    /// Its answer column: the path with `_` for `.`.
    fn output(&self) -> String {
        self.path().replace('.', "_")
    }
}

/// A filter, or a condition of an aggregation's `where`: its op is the plan language's word.
#[derive(Debug, Clone)]
struct Cond {
    column: ColRef,
    op: &'static str,
    values: Vec<V>,
}

impl Cond {
    fn json(&self) -> Value {
        let mut condition = json!({"column": self.column.path(), "op": self.op});
        match self.op {
            "is_null" | "is_not_null" => {}
            "in" | "not_in" | "between" => condition["value"] = self.values.iter().map(V::json).collect(),
            _ => condition["value"] = self.values[0].json(),
        }
        condition
    }

    /// Whether `value` meets it, as SQL says: a comparison with a missing value is not met
    /// (so `ne` and `not_in` leave missing values out too).
    fn holds(&self, value: &V) -> bool {
        let text = |v: &V| match v {
            V::Text(s) => s.clone(),
            other => panic!("a text op on {other:?}"),
        };
        match self.op {
            "is_null" => *value == V::Null,
            "is_not_null" => *value != V::Null,
            _ if *value == V::Null => false,
            "eq" => *value == self.values[0],
            "ne" => *value != self.values[0],
            "lt" => *value < self.values[0],
            "lte" => *value <= self.values[0],
            "gt" => *value > self.values[0],
            "gte" => *value >= self.values[0],
            "in" => self.values.contains(value),
            "not_in" => !self.values.contains(value),
            "between" => self.values[0] <= *value && *value <= self.values[1],
            "contains" => text(value).contains(&text(&self.values[0])),
            "starts_with" => text(value).starts_with(&text(&self.values[0])),
            other => panic!("no op {other}"),
        }
    }
}

/// `{"exists": …}` or `{"not_exists": …}`: rows of `table` whose key column `via` holds the
/// plan's row's key, meeting every condition (on `table`'s columns, or paths from it).
#[derive(Debug, Clone)]
struct Exists {
    negated: bool,
    table: &'static str,
    via: &'static str,
    /// Whether the plan names `via` (it may leave it out: one relationship leads back).
    names_via: bool,
    conditions: Vec<Cond>,
}

impl Exists {
    fn json(&self) -> Value {
        let mut related = json!({"table": self.table});
        if self.names_via {
            related["via"] = json!(self.via);
        }
        if !self.conditions.is_empty() {
            related["where"] = self.conditions.iter().map(Cond::json).collect();
        }
        json!({(if self.negated { "not_exists" } else { "exists" }): related})
    }

    /// Whether row `row` of the plan's `table` passes: some related row has its key (the
    /// column the relationship leads to) and meets the conditions, or for `not_exists` none.
    fn holds(&self, db: &Db, table: &'static str, row: usize) -> bool {
        let (_, _, _, to_column) = RELATIONSHIPS
            .iter()
            .find(|r| r.0 == self.table && r.1 == self.via && r.2 == table)
            .unwrap_or_else(|| panic!("{} -> {table}", self.table));
        let here = db.table(table);
        let key = &here.rows[row][here.column(to_column)];
        let related = db.table(self.table);
        let via = related.column(self.via);
        let found = *key != V::Null
            && (0..related.rows.len()).any(|r| {
                related.rows[r][via] == *key
                    && self.conditions.iter().all(|c| c.holds(&read(db, self.table, 0, r, &c.column)))
            });
        found != self.negated
    }
}

/// The relationships that lead to `table`: `(from table, its key column)`.
fn inbound(table: &str) -> Vec<(&'static str, &'static str)> {
    RELATIONSHIPS.iter().filter(|r| r.2 == table).map(|r| (r.0, r.1)).collect()
}

/// One aggregation of a plan: a function, or a metric with the definition it stands for.
#[derive(Debug, Clone)]
struct Agg {
    /// The plan language's word for its function.
    func: &'static str,
    column: Option<ColRef>,
    p: Option<f64>,
    conditions: Vec<Cond>,
    /// Existence tests of its own `where`.
    exists: Vec<Exists>,
    /// `"of"`: the related table (and its key column) whose rows it reads; its column and
    /// conditions are that table's.
    of: Option<(&'static str, &'static str)>,
    alias: Option<String>,
    metric: Option<&'static str>,
}

impl Agg {
    fn new(func: &'static str, column: Option<&'static str>, alias: Option<&str>) -> Agg {
        let column = column.map(ColRef::parse);
        let alias = alias.map(str::to_string);
        Agg { func, column, p: None, conditions: Vec::new(), exists: Vec::new(), of: None, alias, metric: None }
    }

    /// A metric of `METRICS`, as `querycell.toml` defines it.
    fn metric(name: &'static str, alias: Option<String>) -> Agg {
        let own = |column| ColRef { steps: Vec::new(), column };
        let (func, column, p, conditions) = match name {
            "mtta" => {
                let severe = Cond { column: own("severity"), op: "in", values: vec![text("P1"), text("P2")] };
                let first_time = Cond { column: own("reopened"), op: "eq", values: vec![V::Bool(false)] };
                ("avg", "ack_minutes", None, vec![severe, first_time])
            }
            "p90_ack" => ("percentile", "ack_minutes", Some(0.9), Vec::new()),
            "total_headcount" => ("sum", "headcount", None, Vec::new()),
            other => panic!("no metric {other}"),
        };
        let column = Some(own(column));
        Agg { func, column, p, conditions, exists: Vec::new(), of: None, alias, metric: Some(name) }
    }

    /// The path of its grain from the plan's table: the plan's table itself for `count`
    /// without a column, `share`, `count_distinct` and `"of"`, else where its column's path
    /// ends.
    fn grain(&self) -> Vec<&'static str> {
        if self.of.is_some() {
            // Read beside the plan's table, its column's path is from the related table.
            return Vec::new();
        }
        match (&self.column, self.func) {
            (None, _) | (Some(_), "count_distinct") => Vec::new(),
            (Some(column), _) => column.steps.clone(),
        }
    }

    /// Its answer column: the alias, the metric's name, or the default name.
    fn output(&self) -> String {
        if let Some(name) = self.alias.clone().or(self.metric.map(str::to_string)) {
            return name;
        }
        if let Some((related, _)) = self.of {
            return match (&self.column, self.p) {
                (Some(column), Some(p)) => format!("p{}_{related}_{}", (p * 100.0).round(), column.output()),
                (Some(column), None) => format!("{}_{related}_{}", self.func, column.output()),
                (None, _) => format!("{}_{related}", self.func),
            };
        }
        match (&self.column, self.func) {
            (None, func) => func.to_string(),
            (Some(column), "percentile") => format!("p{}_{}", (self.p.unwrap() * 100.0).round(), column.output()),
            (Some(column), func) => format!("{func}_{}", column.output()),
        }
    }

    fn json(&self) -> Value {
        let mut aggregation = match self.metric {
            Some(name) => json!({"metric": name}),
            None => json!({"function": self.func}),
        };
        if let (Some(column), None) = (&self.column, self.metric) {
            aggregation["column"] = json!(column.path());
        }
        if let (Some(p), None) = (self.p, self.metric) {
            aggregation["p"] = json!(p);
        }
        if (!self.conditions.is_empty() || !self.exists.is_empty()) && self.metric.is_none() {
            aggregation["where"] =
                self.conditions.iter().map(Cond::json).chain(self.exists.iter().map(Exists::json)).collect();
        }
        if let Some((related, via)) = self.of {
            aggregation["of"] = json!({"table": related, "via": via});
        }
        if let Some(alias) = &self.alias {
            aggregation["alias"] = json!(alias);
        }
        aggregation
    }
}

/// An aggregating plan: no `having`, `order_by` or `limit`, so its answer is every group.
#[derive(Debug, Clone)]
struct Plan {
    table: &'static str,
    group_by: Vec<ColRef>,
    filters: Vec<Cond>,
    /// Existence tests among the filters.
    exists: Vec<Exists>,
    aggregations: Vec<Agg>,
}

impl Plan {
    /// A plan on `table` with these group keys and aggregations, and no filter.
    fn grouped(table: &'static str, group_by: &[&'static str], aggregations: Vec<Agg>) -> Plan {
        let group_by = group_by.iter().map(|c| ColRef::parse(c)).collect();
        Plan { table, group_by, filters: Vec::new(), exists: Vec::new(), aggregations }
    }

    fn json(&self) -> String {
        let mut plan = json!({"table": self.table});
        if !self.group_by.is_empty() {
            plan["group_by"] = self.group_by.iter().map(|c| json!(c.path())).collect();
        }
        if !self.filters.is_empty() || !self.exists.is_empty() {
            plan["filters"] = self.filters.iter().map(Cond::json).chain(self.exists.iter().map(Exists::json)).collect();
        }
        plan["aggregations"] = self.aggregations.iter().map(Agg::json).collect();
        plan.to_string()
    }
}

// ---- The independent computation.

/// One expected cell of an answer.
#[derive(Debug, Clone, PartialEq)]
enum Out {
    Null,
    Int(i64),
    Float(f64),
    Text(String),
}

impl Out {
    fn of(value: &V) -> Out {
        match value {
            V::Null => Out::Null,
            V::Int(i) => Out::Int(*i),
            V::Text(s) | V::Date(s) => Out::Text(s.clone()),
            V::Bool(b) => panic!("no aggregation here gives a boolean ({b})"),
        }
    }

    /// Whether the answer's `cell` is this: integers exactly, floats within a relative 1e-9.
    fn matches(&self, cell: &Value) -> bool {
        match self {
            Out::Null => cell.is_null(),
            Out::Int(i) => {
                cell.as_i64() == Some(*i) || cell.as_f64() == Some(*i as f64) || cell.as_str() == Some(&i.to_string())
            }
            Out::Float(x) => cell.as_f64().is_some_and(|a| (a - x).abs() <= 1e-9 * x.abs().max(1.0)),
            Out::Text(s) => cell.as_str() == Some(s),
        }
    }
}

/// What a plan must give: a `fan_out` refusal, or these rows by group key (one value per
/// aggregation, in the plan's order).
#[derive(Debug)]
enum Expected {
    FanOut,
    Rows(BTreeMap<Vec<V>, Vec<Out>>),
}

/// Whether `agg` would count a row of its grain more than once: some group key, filter or
/// condition of its own `where` has a path that does not start with its grain's.
fn fans_out(plan: &Plan, agg: &Agg) -> bool {
    let grain = agg.grain();
    let tests_rows = !plan.exists.is_empty() || !agg.exists.is_empty();
    if !grain.is_empty() && tests_rows {
        return true;
    }
    let mut named = plan.group_by.iter().chain(plan.filters.iter().chain(&agg.conditions).map(|c| &c.column));
    named.any(|column| !column.steps.starts_with(&grain))
}

/// The answer `plan` must have over `db`, computed from the rows.
fn expected(db: &Db, plan: &Plan) -> Expected {
    if plan.aggregations.iter().any(|agg| fans_out(plan, agg)) {
        return Expected::FanOut;
    }
    let mut merged: BTreeMap<Vec<V>, Vec<Option<Out>>> = BTreeMap::new();
    let own = |agg: &&Agg| agg.of.is_none();
    let grains: BTreeSet<Vec<&'static str>> = plan.aggregations.iter().filter(own).map(Agg::grain).collect();
    for grain in grains {
        let grain_table = Db::end(plan.table, &grain);
        for (key, rows) in groups(db, plan, grain_table, grain.len()) {
            let slots = merged.entry(key).or_insert_with(|| vec![None; plan.aggregations.len()]);
            let here = |(_, agg): &(&mut Option<Out>, &Agg)| agg.of.is_none() && agg.grain() == grain;
            for (slot, agg) in slots.iter_mut().zip(&plan.aggregations).filter(here) {
                *slot = Some(aggregate(db, grain_table, grain.len(), agg, &rows));
            }
        }
    }
    one_side_aggregates(db, plan, &mut merged);
    // A group one grain lacks: 0 for its counts, missing for its other aggregations.
    let absent = |agg: &Agg| if matches!(agg.func, "count" | "count_distinct") { Out::Int(0) } else { Out::Null };
    let rows = merged
        .into_iter()
        .map(|(key, slots)| {
            let cells =
                slots.into_iter().zip(&plan.aggregations).map(|(slot, agg)| slot.unwrap_or_else(|| absent(agg)));
            (key, cells.collect())
        })
        .collect();
    Expected::Rows(rows)
}

/// The aggregations of related rows (`"of"`): every group of the plan's table's kept rows,
/// each aggregating the related rows whose key leads to one of the group's rows.
fn one_side_aggregates(db: &Db, plan: &Plan, merged: &mut BTreeMap<Vec<V>, Vec<Option<Out>>>) {
    if plan.aggregations.iter().all(|agg| agg.of.is_none()) {
        return;
    }
    for (key, rows) in groups(db, plan, plan.table, 0) {
        let slots = merged.entry(key).or_insert_with(|| vec![None; plan.aggregations.len()]);
        for (slot, agg) in slots.iter_mut().zip(&plan.aggregations) {
            let Some((related, via)) = agg.of else { continue };
            let to_column =
                RELATIONSHIPS.iter().find(|r| r.0 == related && r.1 == via && r.2 == plan.table).expect("declared").3;
            let here = db.table(plan.table);
            let keys: BTreeSet<&V> = rows.iter().map(|&row| &here.rows[row][here.column(to_column)]).collect();
            let inner = db.table(related);
            let at = inner.column(via);
            let reached: Vec<usize> = (0..inner.rows.len())
                .filter(|&r| inner.rows[r][at] != V::Null && keys.contains(&inner.rows[r][at]))
                .collect();
            *slot = Some(aggregate(db, related, 0, agg, &reached));
        }
    }
}

/// A column of the plan read from row `row` of a grain `depth` steps down its paths: the
/// part of the column's path after the grain's (the fan-out check made sure it starts so).
fn read(db: &Db, grain_table: &'static str, depth: usize, row: usize, column: &ColRef) -> V {
    db.value(grain_table, row, &column.steps[depth..], column.column)
}

/// The rows of a grain the plan's filters keep, by group key; with no `group_by`, the one
/// group of every kept row (there even when none is kept).
fn groups(db: &Db, plan: &Plan, grain_table: &'static str, depth: usize) -> BTreeMap<Vec<V>, Vec<usize>> {
    let mut groups: BTreeMap<Vec<V>, Vec<usize>> = BTreeMap::new();
    if plan.group_by.is_empty() {
        groups.insert(Vec::new(), Vec::new());
    }
    for row in 0..db.table(grain_table).rows.len() {
        let kept = plan.filters.iter().all(|f| f.holds(&read(db, grain_table, depth, row, &f.column)))
            && plan.exists.iter().all(|e| e.holds(db, grain_table, row));
        if kept {
            let key = plan.group_by.iter().map(|c| read(db, grain_table, depth, row, c)).collect();
            groups.entry(key).or_default().push(row);
        }
    }
    groups
}

/// `agg` over the `rows` of one group of its grain: the rows meeting its `where`, their
/// present values (missing ones skipped, as SQL's aggregates do).
fn aggregate(db: &Db, grain_table: &'static str, depth: usize, agg: &Agg, rows: &[usize]) -> Out {
    let met: Vec<usize> = rows
        .iter()
        .copied()
        .filter(|&row| agg.conditions.iter().all(|c| c.holds(&read(db, grain_table, depth, row, &c.column))))
        .filter(|&row| agg.exists.iter().all(|e| e.holds(db, grain_table, row)))
        .collect();
    let values: Vec<V> = match &agg.column {
        Some(column) => {
            met.iter().map(|&row| read(db, grain_table, depth, row, column)).filter(|v| *v != V::Null).collect()
        }
        None => Vec::new(),
    };
    let numbers: Vec<i64> = values.iter().filter_map(|v| if let V::Int(i) = v { Some(*i) } else { None }).collect();
    let numeric = matches!(agg.func, "sum" | "avg" | "median" | "percentile");
    if numeric && numbers.is_empty() {
        return Out::Null;
    }
    match agg.func {
        "count" if agg.column.is_none() => Out::Int(met.len() as i64),
        "count" => Out::Int(values.len() as i64),
        "count_distinct" => Out::Int(values.iter().collect::<BTreeSet<_>>().len() as i64),
        "share" if rows.is_empty() => Out::Null,
        "share" => Out::Float(met.len() as f64 / rows.len() as f64),
        "sum" => Out::Int(numbers.iter().sum()),
        "avg" => Out::Float(numbers.iter().sum::<i64>() as f64 / numbers.len() as f64),
        "min" => values.iter().min().map_or(Out::Null, Out::of),
        "max" => values.iter().max().map_or(Out::Null, Out::of),
        "median" => Out::Float(percentile(&numbers, 0.5)),
        "percentile" => Out::Float(percentile(&numbers, agg.p.expect("a percentile has p"))),
        other => panic!("no function {other}"),
    }
}

/// The continuous percentile `p` of some `values`: linear interpolation at position
/// `(n - 1) * p` of the sorted values, as `percentile_cont` does.
fn percentile(values: &[i64], p: f64) -> f64 {
    let mut sorted = values.to_vec();
    sorted.sort_unstable();
    let position = p * (sorted.len() - 1) as f64;
    let (lower, upper) = (position.floor() as usize, position.ceil() as usize);
    sorted[lower] as f64 + (sorted[upper] - sorted[lower]) as f64 * (position - lower as f64)
}

// ---- Comparing.

/// `answer` against the expected `rows`: the same groups (keyed by the group keys' answer
/// columns), and in each the expected value of every aggregation (found by its name).
fn compare(plan: &Plan, rows: &BTreeMap<Vec<V>, Vec<Out>>, answer: &Answer) -> Result<(), String> {
    let names: Vec<&str> = answer.columns.iter().map(|c| c.name.as_str()).collect();
    let position = |name: String| names.iter().position(|n| *n == name).ok_or(format!("no column {name} in {names:?}"));
    let keys: Vec<usize> = plan.group_by.iter().map(|c| position(c.output())).collect::<Result<_, _>>()?;
    let cells: Vec<usize> = plan.aggregations.iter().map(|a| position(a.output())).collect::<Result<_, _>>()?;
    if answer.truncated {
        return Err(format!("truncated at {} rows", answer.rows.len()));
    }
    let mut answered: BTreeMap<Vec<V>, &Vec<Value>> = BTreeMap::new();
    for row in &answer.rows {
        let key: Vec<V> = keys.iter().map(|&i| V::from_json(&row[i])).collect();
        if answered.insert(key.clone(), row).is_some() {
            return Err(format!("the group {key:?} is there twice"));
        }
    }
    if !answered.keys().eq(rows.keys()) {
        return Err(format!(
            "groups {:?}, expected {:?}",
            answered.keys().collect::<Vec<_>>(),
            rows.keys().collect::<Vec<_>>()
        ));
    }
    for (key, expected) in rows {
        for ((agg, &at), out) in plan.aggregations.iter().zip(&cells).zip(expected) {
            let cell = &answered[key][at];
            if !out.matches(cell) {
                return Err(format!("group {key:?}, {}: {cell} against {out:?}", agg.output()));
            }
        }
    }
    Ok(())
}

/// When the plan groups by a path and has an aggregation at its own table, the kept rows
/// whose path breaks at a step (an orphan key) are counted in a warning: for each step of
/// each group key's path, the number of kept rows of the plan's table broken there must be
/// in a warning that says the key "matches no row" of the step's table.
fn orphan_warnings(db: &Db, plan: &Plan, answer: &Answer) -> Result<(), String> {
    if !plan.aggregations.iter().any(|agg| agg.grain().is_empty()) {
        return Ok(());
    }
    let kept: Vec<usize> = groups(db, plan, plan.table, 0).into_values().flatten().collect();
    let prefixes: BTreeSet<&[&'static str]> =
        plan.group_by.iter().flat_map(|c| (1..=c.steps.len()).map(|n| &c.steps[..n])).collect();
    for prefix in prefixes {
        let last = prefix.len() - 1;
        let count = kept.iter().filter(|&&row| db.follow(plan.table, row, prefix) == Err(Some(last))).count();
        let said = format!("matches no row of {}", prefix[last]);
        if count > 0 && !answer.warnings.iter().any(|w| w.contains(&said) && w.contains(&count.to_string())) {
            return Err(format!(
                "no warning counts the {count} kept rows whose {prefix:?} breaks: {:?}",
                answer.warnings
            ));
        }
    }
    Ok(())
}

// ---- The generator.

/// Seeded plans over the generated tables. Half keep to one path from the plan's
/// table (its *focus*): group keys and filters under it, aggregations at the plan's table or
/// at the focus, so most of them answer; the others name any reachable column anywhere, and
/// fan out often. Every plan it makes is valid: distinct group keys, distinct aliases, values
/// of each column's kind, `share` with a `where`, metrics only on their table.
struct Generator<'a> {
    db: &'a Db,
    rng: Lcg,
}

const PERCENTS: [f64; 6] = [0.1, 0.25, 0.333, 0.9, 0.95, 0.99];

impl Generator<'_> {
    fn plan(&mut self) -> Plan {
        let table = *self.rng.pick(&["incidents", "incidents", "services", "teams"]);
        let reachable = self.db.reachable(table);
        let paths = Db::paths(table);
        let focus = if self.rng.one_in(2) { None } else { Some(self.rng.pick(&paths).clone()) };
        let around: Vec<ColRef> = match &focus {
            Some(focus) => reachable.iter().filter(|c| c.steps.starts_with(focus)).cloned().collect(),
            None => reachable.clone(),
        };
        let mut keys: Vec<ColRef> = around.iter().filter(|c| self.groupable(table, c)).cloned().collect();
        let mut group_by = Vec::new();
        for _ in 0..self.rng.below(3).min(keys.len()) {
            group_by.push(keys.remove(self.rng.below(keys.len())));
        }
        let filters = (0..self.rng.below(3))
            .map(|_| {
                let column = self.rng.pick(&around).clone();
                self.condition(table, column)
            })
            .collect();
        let aggregations = (0..1 + self.rng.below(3))
            .map(|i| self.aggregation(table, &reachable, focus.as_deref(), format!("a{i}")))
            .collect();
        let exists = (0..[0, 0, 0, 0, 1, 1, 2][self.rng.below(7)]).filter_map(|_| self.exists(table)).collect();
        Plan { table, group_by, filters, exists, aggregations }
    }

    /// An aggregation of the rows of `related` whose key column `via` leads to the plan's
    /// table: a count of them, or a function of one of their columns or of a column their
    /// paths reach, now and then with a condition on either.
    fn one_side(&mut self, (related, via): (&'static str, &'static str), alias: String) -> Agg {
        // The related table's columns and the paths from it (`services.tier` of an incident).
        let own: Vec<ColRef> = self.db.reachable(related);
        let mut agg = Agg::new("count", None, Some(&alias));
        if !self.rng.one_in(4) {
            let column = self.rng.pick(&own).clone();
            agg.func = *self.rng.pick(functions(self.db.kind(related, &column)));
            agg.p = (agg.func == "percentile").then(|| *self.rng.pick(&PERCENTS));
            agg.column = Some(column);
        }
        if self.rng.one_in(3) {
            let column = self.rng.pick(&own).clone();
            agg.conditions.push(self.condition(related, column));
        }
        agg.of = Some((related, via));
        agg
    }

    /// An existence test of rows related to `table` (none when no relationship leads
    /// there), with up to two conditions on the related rows.
    fn exists(&mut self, table: &'static str) -> Option<Exists> {
        let leading = inbound(table);
        if leading.is_empty() {
            return None;
        }
        let (related, via) = *self.rng.pick(&leading);
        let reachable = self.db.reachable(related);
        let conditions = (0..self.rng.below(3))
            .map(|_| {
                let column = self.rng.pick(&reachable).clone();
                self.condition(related, column)
            })
            .collect();
        let negated = self.rng.one_in(2);
        Some(Exists { negated, table: related, via, names_via: self.rng.one_in(2), conditions })
    }

    /// Text and boolean columns, and headcounts: few distinct values, so groups stay few.
    fn groupable(&self, table: &'static str, column: &ColRef) -> bool {
        matches!(self.db.kind(table, column), Kind::Text | Kind::Bool) || column.column == "headcount"
    }

    fn aggregation(&mut self, table: &'static str, reachable: &[ColRef], focus: Option<&[&str]>, alias: String) -> Agg {
        let metrics: Vec<&'static str> = METRICS.iter().filter(|m| m.1 == table).map(|m| m.0).collect();
        if !metrics.is_empty() && self.rng.one_in(8) {
            return Agg::metric(self.rng.pick::<&str>(&metrics), Some(alias));
        }
        let leading = inbound(table);
        if !leading.is_empty() && self.rng.one_in(5) {
            let chosen = *self.rng.pick(&leading);
            return self.one_side(chosen, alias);
        }
        let mut agg = Agg::new("count", None, Some(&alias));
        match self.rng.below(8) {
            0 => {}
            1 => agg.func = "share",
            _ => {
                // In focus, a column of the plan's table or of the focus's (the grains a
                // focused plan may aggregate at).
                let candidates: Vec<&ColRef> = match focus {
                    Some(focus) => reachable.iter().filter(|c| c.steps.is_empty() || c.steps == focus).collect(),
                    None => reachable.iter().collect(),
                };
                let column = (*self.rng.pick(&candidates)).clone();
                agg.func = *self.rng.pick(functions(self.db.kind(table, &column)));
                agg.p = (agg.func == "percentile").then(|| *self.rng.pick(&PERCENTS));
                agg.column = Some(column);
            }
        }
        let wanted = match agg.func {
            "share" => 1 + self.rng.below(2),
            _ => usize::from(self.rng.one_in(3)),
        };
        // In focus, its own `where` stays under its grain; otherwise anywhere.
        let grain = agg.grain();
        let allowed: Vec<&ColRef> =
            reachable.iter().filter(|c| focus.is_none() || c.steps.starts_with(&grain)).collect();
        agg.conditions = (0..wanted)
            .map(|_| {
                let column = (*self.rng.pick(&allowed)).clone();
                self.condition(table, column)
            })
            .collect();
        if (focus.is_none() || grain.is_empty()) && self.rng.one_in(6) {
            agg.exists.extend(self.exists(table));
        }
        agg
    }

    /// A condition on `column`, with values taken from its table's (now and then one that
    /// no row has).
    fn condition(&mut self, table: &'static str, column: ColRef) -> Cond {
        let kind = self.db.kind(table, &column);
        let seen = self.db.table(Db::end(table, &column.steps)).values(column.column);
        let op = *self.rng.pick(ops(kind));
        let value = |rng: &mut Lcg| if rng.one_in(10) { absent(kind) } else { rng.pick(&seen).clone() };
        let values = match op {
            "is_null" | "is_not_null" => Vec::new(),
            "in" | "not_in" => {
                let mut list: Vec<V> = (0..1 + self.rng.below(3)).map(|_| value(&mut self.rng)).collect();
                list.sort();
                list.dedup();
                list
            }
            "between" => {
                let mut two = vec![value(&mut self.rng), value(&mut self.rng)];
                two.sort();
                two
            }
            "contains" | "starts_with" => vec![self.part_of(&seen, op)],
            _ => vec![value(&mut self.rng)],
        };
        Cond { column, op, values }
    }

    /// A piece of one of the `seen` texts: a prefix for `starts_with`, any run of it for
    /// `contains`.
    fn part_of(&mut self, seen: &[V], op: &str) -> V {
        let V::Text(whole) = self.rng.pick(seen).clone() else { panic!("a text op on a text column") };
        let start = if op == "contains" { self.rng.below(whole.len()) } else { 0 };
        let end = start + 1 + self.rng.below(whole.len() - start);
        text(&whole[start..end])
    }
}

fn functions(kind: Kind) -> &'static [&'static str] {
    match kind {
        Kind::Int => &["count", "count_distinct", "sum", "avg", "min", "max", "median", "percentile"],
        Kind::Text => &["count", "count_distinct", "min", "max"],
        Kind::Bool | Kind::Date => &["count", "count_distinct"],
    }
}

fn ops(kind: Kind) -> &'static [&'static str] {
    match kind {
        Kind::Int => &["eq", "ne", "lt", "lte", "gt", "gte", "in", "not_in", "between", "is_null", "is_not_null"],
        Kind::Text => &["eq", "ne", "in", "not_in", "is_null", "is_not_null", "contains", "starts_with"],
        Kind::Bool => &["eq", "ne", "is_null", "is_not_null"],
        Kind::Date => &["eq", "lt", "lte", "gt", "gte", "between", "is_null", "is_not_null"],
    }
}

/// A value of `kind` that no generated row has.
fn absent(kind: Kind) -> V {
    match kind {
        Kind::Int => V::Int(9_999),
        Kind::Text => text("zz"),
        Kind::Bool => V::Bool(true),
        Kind::Date => V::Date("2024-06-30".to_string()),
    }
}

// ---- The differential test.

/// What the library did with a plan.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Outcome {
    Answered,
    FanOut,
    OtherwiseRefused,
}

/// Runs `plan` and checks it against the computation: what the library did, and how it
/// differs from what it must do, if it does (with the plan's JSON).
fn run(db: &Db, cell: &QueryCell, plan: &Plan) -> (Outcome, Option<String>) {
    let json = plan.json();
    let result = cell.query_plan(&json);
    let outcome = match &result {
        Ok(_) => Outcome::Answered,
        Err(e) if e.code == "fan_out" => Outcome::FanOut,
        Err(_) => Outcome::OtherwiseRefused,
    };
    let failure = match (expected(db, plan), result) {
        (Expected::FanOut, Err(e)) if e.code == "fan_out" => None,
        (Expected::FanOut, Ok(answer)) => Some(format!("answered {:?}, expected a fan_out refusal", answer.rows)),
        (Expected::FanOut, Err(e)) => Some(format!("refused with {} ({e}), expected fan_out", e.code)),
        (Expected::Rows(rows), Ok(answer)) => {
            compare(plan, &rows, &answer).and_then(|()| orphan_warnings(db, plan, &answer)).err()
        }
        (Expected::Rows(_), Err(e)) => Some(format!("refused: {e} ({e:?})")),
    };
    (outcome, failure.map(|failure| format!("{json}\n  {failure}")))
}

/// How many of [`landmarks`] come first and must fan out.
const FAN_OUT_LANDMARKS: usize = 4;

/// The plans the spec names, asked first on every run: four fan-out traps, then plans of
/// two grains side by side.
fn landmarks() -> Vec<Plan> {
    let p1 = Cond { column: ColRef::parse("severity"), op: "eq", values: vec![text("P1")] };
    let people = Agg::new("sum", Some("teams.headcount"), Some("people"));
    let incidents = Agg::new("count", None, Some("incidents"));
    let plan = |group_by: &[&'static str], filters: Vec<Cond>, aggregations: Vec<Agg>| Plan {
        filters,
        ..Plan::grouped("incidents", group_by, aggregations)
    };
    vec![
        // Each team's headcount once per incident of a severity.
        plan(&["severity"], Vec::new(), vec![people.clone()]),
        // Filtered by a column a team has many of, by the plan or by its own `where`.
        plan(&[], vec![p1.clone()], vec![incidents.clone(), people.clone()]),
        plan(&[], Vec::new(), vec![Agg { conditions: vec![p1], ..people.clone() }]),
        // A team owns many services.
        plan(&["services.tier"], Vec::new(), vec![Agg::new("sum", Some("services.teams.headcount"), Some("people"))]),
        // Legal: two grains, by a column both reach.
        plan(&["teams.region"], Vec::new(), vec![incidents.clone(), people.clone()]),
        // Legal: three grains (incidents, services, the services' teams), by the region of
        // the team that owns the incident's service.
        plan(
            &["services.teams.region"],
            Vec::new(),
            vec![
                incidents,
                Agg::new("max", Some("services.tier"), Some("top_tier")),
                Agg::new("sum", Some("services.teams.headcount"), Some("people")),
            ],
        ),
    ]
}

/// Plans a seeded generator makes, each answered (or refused) as the computation here says.
#[test]
fn generated_plans_over_related_tables_match_the_computation_in_rust() {
    let (_dir, db, cell) = open();
    let mut plans = landmarks();
    let mut generator = Generator { db: &db, rng: Lcg(0x9e37_79b9_7f4a_7c15) };
    plans.extend((0..600).map(|_| generator.plan()));
    let mut tally: BTreeMap<Outcome, usize> = BTreeMap::new();
    let mut failures = Vec::new();
    for plan in &plans {
        let (outcome, failure) = run(&db, &cell, plan);
        *tally.entry(outcome).or_default() += 1;
        failures.extend(failure);
    }
    let count = |outcome| tally.get(&outcome).copied().unwrap_or(0);
    eprintln!(
        "joined_plans: {} plans: {} answered, {} refused with fan_out, {} otherwise refused; {} differ from the computation",
        plans.len(),
        count(Outcome::Answered),
        count(Outcome::FanOut),
        count(Outcome::OtherwiseRefused),
        failures.len()
    );
    for failure in &failures {
        eprintln!("{failure}");
    }
    assert!(
        failures.is_empty(),
        "{} of {} plans differ (each printed above); the first: {}",
        failures.len(),
        plans.len(),
        failures[0]
    );
}

/// Existence tests under a row policy: a policy keeps only the P1 incidents, so `exists` /
/// `not_exists` from teams and services must test only those (the policy's source stands
/// inside the subquery), as the computation over a copy holding only P1 incidents says. Every
/// generated plan runs, those on incidents too.
#[test]
fn existence_tests_under_a_row_policy_see_only_the_rows_it_allows() {
    let (_dir, db, cell) = open_under_severity_policy("P1");
    let full = generated();
    let mut generator = Generator { db: &full, rng: Lcg(0x5851_f42d_4c95_7f2d) };
    let plans: Vec<Plan> = (0..300).map(|_| generator.plan()).collect();
    let mut failures = Vec::new();
    let (mut answered, mut tested) = (0, 0);
    for plan in &plans {
        let (outcome, failure) = run(&db, &cell, plan);
        let tests = !plan.exists.is_empty() || plan.aggregations.iter().any(|a| !a.exists.is_empty() || a.of.is_some());
        answered += usize::from(outcome == Outcome::Answered);
        tested += usize::from(outcome == Outcome::Answered && tests);
        failures.extend(failure);
    }
    eprintln!(
        "joined_plans under a severity policy: {} plans, {answered} answered ({tested} with existence tests or aggregations of related rows); {} differ",
        plans.len(),
        failures.len()
    );
    for failure in &failures {
        eprintln!("{failure}");
    }
    assert!(failures.is_empty(), "{} of {} plans differ; the first: {}", failures.len(), plans.len(), failures[0]);
    assert!(tested >= 30, "only {tested} answered plans test existence or aggregate related rows");
}

/// The generated plans ask every kind of question the differential test means to check,
/// and the landmarks are what the spec says they are (this needs no library: it checks the
/// generator and the computation).
#[test]
fn the_generated_plans_cover_grains_paths_metrics_and_fan_out() {
    let db = generated();
    let landmarks = landmarks();
    for (i, plan) in landmarks.iter().enumerate() {
        let fans_out = matches!(expected(&db, plan), Expected::FanOut);
        assert_eq!(fans_out, i < FAN_OUT_LANDMARKS, "{}", plan.json());
    }
    let mut generator = Generator { db: &db, rng: Lcg(0x9e37_79b9_7f4a_7c15) };
    let plans: Vec<Plan> = (0..600).map(|_| generator.plan()).collect();
    let mut seen: BTreeMap<&str, usize> = BTreeMap::new();
    for plan in &plans {
        let answered = matches!(expected(&db, plan), Expected::Rows(_));
        let grains: BTreeSet<Vec<&str>> = plan.aggregations.iter().map(Agg::grain).collect();
        let deepest = plan.group_by.iter().chain(plan.filters.iter().map(|f| &f.column)).map(|c| c.steps.len()).max();
        let uses = |func| plan.aggregations.iter().any(|a| a.func == func && a.metric.is_none());
        for (what, true_) in [
            ("answered", answered),
            ("fan_out", !answered),
            ("two or more grains, answered", answered && grains.len() > 1),
            ("a grain other than the plan's table, answered", answered && grains.iter().any(|g| !g.is_empty())),
            ("a path of two steps in group_by or filters", deepest == Some(2)),
            ("a metric", plan.aggregations.iter().any(|a| a.metric.is_some())),
            ("share", uses("share")),
            ("percentile", uses("percentile")),
            ("median", uses("median")),
            ("count_distinct", uses("count_distinct")),
            ("min or max", uses("min") || uses("max")),
            (
                "an aggregation's own where",
                plan.aggregations.iter().any(|a| !a.conditions.is_empty() && a.func != "share"),
            ),
            ("exists, answered", answered && plan.exists.iter().any(|e| !e.negated)),
            ("not_exists, answered", answered && plan.exists.iter().any(|e| e.negated)),
            (
                "an existence test with a where, answered",
                answered && plan.exists.iter().any(|e| !e.conditions.is_empty()),
            ),
            (
                "an existence test in an aggregation's where, answered",
                answered && plan.aggregations.iter().any(|a| !a.exists.is_empty()),
            ),
            ("an existence test refused as fan_out", !answered && !plan.exists.is_empty()),
            ("an aggregation of related rows, answered", answered && plan.aggregations.iter().any(|a| a.of.is_some())),
            (
                "an aggregation of related rows along a path from them, answered",
                answered
                    && plan.aggregations.iter().any(|a| {
                        a.of.is_some()
                            && a.column
                                .iter()
                                .chain(a.conditions.iter().map(|c| &c.column))
                                .any(|c| !c.steps.is_empty())
                    }),
            ),
            (
                "an aggregation of related rows beside one of the plan's table, answered",
                answered
                    && plan.aggregations.iter().any(|a| a.of.is_some())
                    && plan.aggregations.iter().any(|a| a.of.is_none()),
            ),
        ] {
            *seen.entry(what).or_default() += usize::from(true_);
        }
        let missing_key = match expected(&db, plan) {
            Expected::Rows(rows) => rows.keys().any(|key| key.contains(&V::Null)),
            Expected::FanOut => false,
        };
        *seen.entry("a group whose key is missing").or_default() += usize::from(missing_key);
    }
    eprintln!("joined_plans generator: {seen:?}");
    for (what, count) in &seen {
        assert!(*count >= 15, "only {count} of {} plans have {what}: {seen:?}", plans.len());
    }
}

/// The computation's pieces on cases worked by hand: a path through a missing or orphan key
/// reaches a missing value, `ne` leaves missing values out, percentiles interpolate, and a
/// group one grain lacks shows 0 for its count (needs no library).
#[test]
fn the_computation_follows_paths_and_nulls_as_the_spec_says() {
    let db = generated();
    // Services 101 (no team) and 102 (team 99, no such team) are rows 0 and 1.
    assert_eq!(db.follow("services", 0, &["teams"]), Err(None));
    assert_eq!(db.follow("services", 1, &["teams"]), Err(Some(0)));
    for row in [0, 1] {
        assert_eq!(db.value("services", row, &["teams"], "region"), V::Null);
    }
    let ne = Cond { column: ColRef::parse("severity"), op: "ne", values: vec![text("P1")] };
    assert!(!ne.holds(&V::Null) && ne.holds(&text("P2")) && !ne.holds(&text("P1")));
    let not_in = Cond { op: "not_in", ..ne };
    assert!(!not_in.holds(&V::Null) && not_in.holds(&text("P3")));
    assert_eq!(percentile(&[4, 1, 3, 2], 0.5), 2.5);
    assert!((percentile(&[10, 20, 30], 0.9) - 28.0).abs() < 1e-12);
    // Incidents and team headcounts by region: latam has a team and no incident.
    let Expected::Rows(rows) = expected(&db, &landmarks()[4]) else { panic!("legal") };
    assert_eq!(rows[&vec![text("latam")]], [Out::Int(0), Out::Int(21)]);
    let Expected::Rows(one) =
        expected(&db, &Plan::grouped("incidents", &[], vec![Agg::new("sum", Some("teams.headcount"), None)]))
    else {
        panic!("legal")
    };
    let everyone: i64 = HEADCOUNTS.iter().flatten().sum();
    assert_eq!(one.into_values().collect::<Vec<_>>(), [vec![Out::Int(everyone)]], "each team once, every team");
}

// ---- The messages a model retries from, and the spec's own example.

fn answer_of(cell: &QueryCell, json: &str) -> Answer {
    cell.query_plan(json).unwrap_or_else(|e| panic!("{json}\nrefused: {e} ({e:?})"))
}

fn column_names(answer: &Answer) -> Vec<&str> {
    answer.columns.iter().map(|c| c.name.as_str()).collect()
}

/// Asks `plan` and checks that the answer's columns are `columns` and its rows those
/// computed here.
fn answered_as_computed(db: &Db, cell: &QueryCell, plan: &Plan, columns: &[&str]) -> Answer {
    let json = plan.json();
    let answer = answer_of(cell, &json);
    assert_eq!(column_names(&answer), columns, "{json}");
    let Expected::Rows(rows) = expected(db, plan) else { panic!("{json} fans out") };
    compare(plan, &rows, &answer).unwrap_or_else(|e| panic!("{json}\n{e}"));
    answer
}

/// `plan`'s refusal, printed (these are the words a model retries from), checked for its
/// `code` and for a `path` that starts at `at`.
fn refusal(cell: &QueryCell, plan: &str, code: &str, at: &str) -> querycell::Error {
    let error = cell.query_plan(plan).expect_err(plan);
    eprintln!("{code}: {}\n  path: {}\n  hint: {:?}", error.message, error.path, error.hint);
    assert_eq!(error.code, code, "{plan}: {error:?}");
    assert!(error.path.starts_with(at), "{plan}: {error:?}");
    error
}

/// `sum` of `teams.headcount` by `severity` would add each team's headcount once per
/// incident: refused with `fan_out` at the aggregation, naming the column and the key, with
/// a hint of what to ask instead; the same by a filter and by the aggregation's own `where`.
#[test]
fn team_headcounts_by_severity_are_refused_as_fan_out_with_what_to_ask_instead() {
    let (_dir, _db, cell) = open();
    let plan = r#"{"table": "incidents", "group_by": ["severity"],
                   "aggregations": [{"function": "sum", "column": "teams.headcount"}]}"#;
    let error = refusal(&cell, plan, "fan_out", "aggregations[0]");
    assert!(error.hint.as_deref().is_some_and(|hint| !hint.trim().is_empty()), "{error:?}");
    assert!(error.message.contains("teams.headcount") && error.message.contains("severity"), "{error:?}");
    for plan in [
        r#"{"table": "incidents", "filters": [{"column": "severity", "op": "eq", "value": "P1"}],
            "aggregations": [{"function": "sum", "column": "teams.headcount"}]}"#,
        r#"{"table": "incidents", "aggregations": [{"function": "sum", "column": "teams.headcount",
            "where": [{"column": "severity", "op": "eq", "value": "P1"}]}]}"#,
    ] {
        let error = cell.query_plan(plan).expect_err(plan);
        assert_eq!(error.code, "fan_out", "{plan}: {error:?}");
        assert!(error.message.contains("teams.headcount"), "{plan}: {error:?}");
    }
}

/// Two declared relationships lead from incidents to teams, named `owner` and `reporter`, so
/// `teams.region` could mean either: `ambiguous_relationship`, whose hint names both roles'
/// paths (`owner.region`, `reporter.region`). Each role answers by its name or by its key
/// column, under the name it was asked by.
#[test]
fn a_path_two_relationships_could_take_is_refused_naming_both() {
    let dir = tempfile::tempdir().unwrap();
    let tables = [
        ("incidents", "incident_id,team_id,reporter_team_id\n1,1,2\n2,2,1\n3,1,\n".to_string()),
        ("teams", "team_id,region\n1,eu\n2,us\n".to_string()),
    ];
    let settings = declared_as("owner", "incidents.team_id", "teams.team_id")
        + &declared_as("reporter", "incidents.reporter_team_id", "teams.team_id");
    let cell = ingest_and_open(dir.path(), &tables, &settings);
    let plan = r#"{"table": "incidents", "group_by": ["teams.region"], "aggregations": [{"function": "count"}]}"#;
    let error = refusal(&cell, plan, "ambiguous_relationship", "group_by[0]");
    let hint = error.hint.clone().unwrap_or_default();
    assert!(hint.contains("\"owner.region\"") && hint.contains("\"reporter.region\""), "{error:?}");
    let (owner, reporter) = (json!([["eu", 2], ["us", 1]]), json!([["eu", 1], ["us", 1], [null, 1]]));
    for (path, column, rows) in [
        ("reporter.region", "reporter_region", &reporter),
        ("owner.region", "owner_region", &owner),
        ("reporter_team_id.region", "reporter_team_id_region", &reporter),
    ] {
        let plan = json!({"table": "incidents", "group_by": [path], "aggregations": [{"function": "count"}]});
        let answer = answer_of(&cell, &plan.to_string());
        assert_eq!(column_names(&answer), [column, "count"], "{plan}");
        let mut got: Vec<Value> = answer.rows.iter().map(|r| json!(r)).collect();
        got.sort_by_key(|r| r.to_string());
        let mut want: Vec<Value> = rows.as_array().unwrap().clone();
        want.sort_by_key(|r| r.to_string());
        assert_eq!(got, want, "{plan}");
    }
    // The plan's own columns take no path and answer.
    let answer =
        answer_of(&cell, r#"{"table": "incidents", "group_by": ["team_id"], "aggregations": [{"function": "count"}]}"#);
    assert_eq!(answer.rows.len(), 2, "{:?}", answer.rows);
}

/// No relationship leads from incidents to a `regions` table: `unknown_relationship`, whose
/// hint lists the relationships declared from incidents (and not those from services).
#[test]
fn a_path_through_no_declared_relationship_is_refused_listing_those_declared() {
    let (_dir, _db, cell) = open();
    let plan = r#"{"table": "incidents", "group_by": ["regions.name"], "aggregations": [{"function": "count"}]}"#;
    let error = refusal(&cell, plan, "unknown_relationship", "group_by[0]");
    let hint = error.hint.clone().unwrap_or_default();
    assert!(hint.contains("incidents.team_id") && hint.contains("incidents.service_id"), "{error:?}");
    assert!(!hint.contains("services.team_id"), "a relationship from services is no step from incidents: {error:?}");
    for plan in [
        r#"{"table": "incidents", "filters": [{"column": "regions.name", "op": "eq", "value": "eu"}], "aggregations": [{"function": "count"}]}"#,
        r#"{"table": "incidents", "aggregations": [{"function": "max", "column": "regions.name"}]}"#,
        r#"{"table": "teams", "group_by": ["incidents.severity"], "aggregations": [{"function": "count"}]}"#,
    ] {
        assert_eq!(cell.query_plan(plan).expect_err(plan).code, "unknown_relationship", "{plan}");
    }
}

/// The spec's example: incidents counted and team headcounts summed by the team's region,
/// each at its own grain, side by side under their default names. `latam` has a team and no
/// incident (count 0); the missing region gathers the incidents whose team is missing, an
/// orphan or without a region, and the teams without one.
#[test]
fn incidents_and_team_headcounts_by_region_stand_side_by_side_at_their_own_grains() {
    let (_dir, db, cell) = open();
    let aggregations = vec![Agg::new("count", None, None), Agg::new("sum", Some("teams.headcount"), None)];
    let plan = Plan::grouped("incidents", &["teams.region"], aggregations);
    let answer = answered_as_computed(&db, &cell, &plan, &["teams_region", "count", "sum_teams_headcount"]);
    orphan_warnings(&db, &plan, &answer).unwrap_or_else(|e| panic!("{}\n{e}", plan.json()));

    // The two groups the spec names, counted here by hand.
    let by_region: BTreeMap<String, &Vec<Value>> = answer.rows.iter().map(|row| (row[0].to_string(), row)).collect();
    let teams = db.table("teams");
    let headcounts = |region: &V| -> Value {
        let known: Vec<i64> = teams
            .rows
            .iter()
            .filter(|team| team[2] == *region)
            .filter_map(|team| if let V::Int(n) = team[3] { Some(n) } else { None })
            .collect();
        if known.is_empty() {
            Value::Null
        } else {
            json!(known.iter().sum::<i64>())
        }
    };
    let latam = by_region.get("\"latam\"").unwrap_or_else(|| panic!("no latam group: {:?}", answer.rows));
    assert_eq!((latam[1].as_i64(), &latam[2]), (Some(0), &headcounts(&text("latam"))), "{latam:?}");
    let unplaced = (0..db.table("incidents").rows.len())
        .filter(|&row| db.value("incidents", row, &["teams"], "region") == V::Null)
        .count();
    let missing = by_region.get("null").unwrap_or_else(|| panic!("no missing-region group: {:?}", answer.rows));
    assert_eq!(missing[1].as_i64(), Some(unplaced as i64), "{missing:?}");
    let summed = headcounts(&V::Null);
    assert!(missing[2] == summed || missing[2].as_f64() == summed.as_f64(), "{missing:?} against {summed}");
}

/// The issue's example: incidents counted and their time to acknowledge averaged from
/// teams, each team once; the team no incident points to (`latam`'s) has 0 and a missing
/// average, and incidents whose team is missing or an orphan count nowhere.
#[test]
fn incidents_per_team_from_the_team_side_include_the_team_with_none() {
    let (_dir, db, cell) = open();
    let count = Agg { of: Some(("incidents", "team_id")), ..Agg::new("count", None, None) };
    let avg = Agg { of: Some(("incidents", "team_id")), ..Agg::new("avg", Some("ack_minutes"), None) };
    let plan = Plan::grouped("teams", &["name"], vec![count, avg]);
    let answer = answered_as_computed(&db, &cell, &plan, &["name", "count_incidents", "avg_incidents_ack_minutes"]);
    let lonely = TEAM_NAMES[LONELY_TEAM as usize - 1];
    let row = answer.rows.iter().find(|row| row[0] == json!(lonely)).unwrap_or_else(|| panic!("{:?}", answer.rows));
    assert_eq!((row[1].as_i64(), &row[2]), (Some(0), &Value::Null), "{row:?}");
    let counted: i64 = answer.rows.iter().filter_map(|row| row[1].as_i64()).sum();
    let placed =
        (0..db.table("incidents").rows.len()).filter(|&r| db.follow("incidents", r, &["teams"]).is_ok()).count();
    assert_eq!(counted, placed as i64, "every incident with a team counts once, the others nowhere");
}

/// Metrics answer under their names (or an alias), as their definitions compute, grouped
/// by a path like any aggregation; a metric of another table is `unknown_metric`.
#[test]
fn metrics_answer_under_their_names_as_their_definitions_compute() {
    let (_dir, db, cell) = open();
    let json = r#"{"table": "incidents", "group_by": ["teams.region"],
                   "aggregations": [{"metric": "mtta"}, {"metric": "p90_ack", "alias": "slow_ack"}]}"#;
    let metrics = vec![Agg::metric("mtta", None), Agg::metric("p90_ack", Some("slow_ack".into()))];
    let plan = Plan::grouped("incidents", &["teams.region"], metrics);
    assert_eq!(serde_json::from_str::<Value>(&plan.json()).unwrap(), serde_json::from_str::<Value>(json).unwrap());
    let answer = answered_as_computed(&db, &cell, &plan, &["teams_region", "mtta", "slow_ack"]);
    assert!(answer.explanation.contains("ack_minutes"), "the definition is explained: {}", answer.explanation);

    let plan = Plan::grouped("teams", &["region"], vec![Agg::metric("total_headcount", None)]);
    answered_as_computed(&db, &cell, &plan, &["region", "total_headcount"]);

    let plan = r#"{"table": "services", "aggregations": [{"metric": "mtta"}]}"#;
    refusal(&cell, plan, "unknown_metric", "aggregations[0]");
}
