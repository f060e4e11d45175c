//! Grammar-aware SQL for SQL mode's compiler, driven by
//! `arbitrary::Unstructured` over raw fuzz bytes.
//!
//! Byte-level mutation (target `compile_sql`) rarely gets past the tokenizer and parser
//! with something that also names real tables; this generator writes statements that parse
//! (SELECT, WITH, set operations, subqueries, joins, GROUP BY/HAVING/QUALIFY/WINDOW, ORDER BY,
//! LIMIT) over the oracle's catalog, and mixes into them what SQL mode must refuse or handle
//! with care: DuckDB functions off the allowlist (table functions such as `read_text`,
//! `read_csv`, `glob`, `query`, `query_table`, `range`, `json_execute_serialized_sql`, and
//! `getenv`, `current_setting`, …), statements that are not queries (PRAGMA, ATTACH, COPY,
//! SET, INSTALL, …), wrong and qualified names, quoting tricks (double quotes with `""`
//! inside, unicode, `U&""`, backquotes, brackets), string forms (`''` escapes, `E''`, `N''`,
//! `X''`, `$$…$$`), comments (`--`, nested `/* */`), odd white space, semicolons, model
//! framing (code fences, `<think>`) and deep parentheses and call nesting.
//!
//! Shared by `fuzz_targets/sql_grammar.rs` and the stable replay in
//! `tests/all/fuzz/fuzz_regressions.rs` (both include it with `#[path]`), so a kept regression
//! decodes to the same text in both. Changing how bytes decode changes what every kept input
//! means: add choices at the end of weight lists rather than reorder them.

#![allow(dead_code)]

use arbitrary::Unstructured;
use querycell_contract::sql as allowlist;
use querycell_guest::CatalogView;

/// The SQL text `data` decodes to. Never fails: used-up input reads as zeros, which pick the
/// first (simplest, terminal) choice everywhere, so every input ends in a finite statement.
pub fn sql_text(data: &[u8], view: &CatalogView) -> String {
    let mut g = Gen {
        u: Unstructured::new(data),
        view,
        budget: 160,
        scopes: Vec::new(),
        ctes: Vec::new(),
        aliases: Vec::new(),
        odd_level: 0,
        operand_only: false,
    };
    g.odd_level = match g.byte() {
        0..=127 => 0,
        128..=191 => 1,
        192..=231 => 2,
        _ => 3,
    };
    g.statement()
}

/// Expressions, queries and lists stop growing past these, whatever the input says; the
/// deliberately deep shapes (`nested_parens`, `nested_calls`) are generated apart.
const MAX_QUERY_DEPTH: usize = 3;
const MAX_EXPR_DEPTH: usize = 5;

/// Functions DuckDB has that SQL mode must refuse: table functions, and functions that
/// read files, settings, the environment or the clock, or make huge outputs.
const REFUSED_FUNCTIONS: &[&str] = &[
    "read_text",
    "read_csv",
    "read_csv_auto",
    "read_parquet",
    "read_json",
    "read_json_auto",
    "read_blob",
    "glob",
    "query",
    "query_table",
    "range",
    "generate_series",
    "json_execute_serialized_sql",
    "getenv",
    "current_setting",
    "repeat",
    "lpad",
    "rpad",
    "enable_logging",
    "duckdb_tables",
    "duckdb_settings",
    "duckdb_extensions",
    "pragma_table_info",
    "pragma_version",
    "list_transform",
    "unnest",
    "now",
    "current_timestamp",
    "get_current_time",
    "random",
    "uuid",
    "nextval",
    "setseed",
    "version",
    "to_json",
    "struct_pack",
    "map",
    "string_split",
    "regexp_split_to_table",
    "sniff_csv",
    "parquet_metadata",
    "which_secret",
    "duckdb_secrets",
    "current_database",
    "current_schema",
    "txid_current",
    "export_database",
    "system",
    "load_extension",
    "icu_sort_key",
    "sql_auto_complete",
    "json_serialize_sql",
    "json_deserialize_sql",
    "checkpoint",
    "force_checkpoint",
    "test_all_types",
];

/// Table functions written in FROM.
const TABLE_FUNCTIONS: &[&str] = &[
    "read_text('/etc/passwd')",
    "read_csv('/etc/passwd')",
    "read_csv_auto('data/*.csv', header = true)",
    "read_parquet('s3://bucket/x.parquet')",
    "glob('*')",
    "query('SELECT 1')",
    "query_table('incidents')",
    "query_table(['incidents', 'teams'])",
    "range(10)",
    "generate_series(1, 1000000000)",
    "json_execute_serialized_sql(json_serialize_sql('SELECT 1'))",
    "duckdb_settings()",
    "duckdb_tables()",
    "pragma_table_info('incidents')",
    "unnest([1, 2, 3])",
    "sniff_csv('/etc/passwd')",
    "read_blob('/proc/self/environ')",
    "test_all_types()",
];

/// Relations that are not catalog tables.
const OTHER_RELATIONS: &[&str] = &[
    "'/etc/passwd'",
    "'data.csv'",
    "\"data.parquet\"",
    "main.incidents",
    "memory.main.incidents",
    "information_schema.tables",
    "pg_catalog.pg_tables",
    "sqlite_master",
    "duckdb_tables",
    "incident",
    "Incidents",
    "\"incidents\"",
    "INCIDENTS",
    "\"teams \"",
    "system.main.teams",
    "temp.teams",
];

/// Statements that are not queries, whole.
const OTHER_STATEMENTS: &[&str] = &[
    "PRAGMA version",
    "PRAGMA table_info('incidents')",
    "PRAGMA enable_profiling",
    "ATTACH 'other.db' AS other",
    "ATTACH DATABASE ':memory:' AS m",
    "ATTACH 'https://example.com/x.db' (READ_ONLY)",
    "DETACH other",
    "COPY incidents TO '/tmp/out.csv'",
    "COPY (SELECT * FROM incidents) TO '/tmp/out.parquet' (FORMAT parquet)",
    "COPY incidents FROM '/etc/passwd'",
    "SET memory_limit = '100GB'",
    "SET enable_external_access = true",
    "SET VARIABLE x = 1",
    "RESET ALL",
    "INSTALL httpfs",
    "FORCE INSTALL httpfs FROM 'http://example.com'",
    "LOAD httpfs",
    "CALL pragma_version()",
    "EXPORT DATABASE '/tmp/x'",
    "IMPORT DATABASE '/tmp/x'",
    "CREATE TABLE x AS SELECT 1",
    "CREATE MACRO m(a) AS a",
    "CREATE SECRET (TYPE s3)",
    "DROP TABLE incidents",
    "INSERT INTO incidents VALUES (1)",
    "UPDATE incidents SET team = 'x'",
    "DELETE FROM incidents",
    "CHECKPOINT",
    "VACUUM",
    "USE other",
    "BEGIN TRANSACTION",
    "SUMMARIZE incidents",
    "DESCRIBE incidents",
    "SHOW TABLES",
    "EXPLAIN ANALYZE SELECT 1",
    "TABLE incidents",
    "VALUES (1), (2)",
    "FROM incidents",
];

/// Cast types DuckDB has that SQL mode does not list, and modifier forms it refuses.
const REFUSED_TYPES: &[&str] = &[
    "BLOB",
    "JSON",
    "BPCHAR(1)",
    "STRUCT(a INT)",
    "INT[]",
    "MAP(INT, INT)",
    "mytype",
    "DECIMAL(100, 200)",
    "VARCHAR(x)",
    "UUID",
    "BIT",
    "TIMESTAMPTZ",
    "TIMESTAMP WITH TIME ZONE",
    "UNION(a INT)",
    "ENUM('a')",
    "INTEGER(1)",
    "DECIMAL(1, 2, 3)",
    "\"INTEGER\"",
];

/// Binary operators: the allowlisted ones (mostly) and DuckDB's others.
const REFUSED_OPERATORS: &[&str] = &[
    "^",
    "**",
    "->",
    "->>",
    "@>",
    "<@",
    "<<",
    ">>",
    "&",
    "|",
    "~",
    "!~",
    "~~",
    "!~~",
    "~~*",
    "SIMILAR TO",
    "GLOB",
    "<=>",
    "==",
    "^@",
    "&&",
    "IS DISTINCT FROM",
    "IS NOT DISTINCT FROM",
    "@",
    "#",
];

struct Gen<'a, 'v> {
    u: Unstructured<'a>,
    view: &'v CatalogView,
    /// Nodes left before everything turns terminal: bounds the text whatever the input.
    budget: usize,
    /// Per enclosing query: the columns and qualifiers its FROM makes visible.
    scopes: Vec<Scope>,
    /// CTE names defined so far (any scope: using one out of scope is a useful mistake).
    ctes: Vec<String>,
    /// Select-list aliases defined so far.
    aliases: Vec<String>,
    /// How often deliberate oddities appear, 0 to 3. Half the inputs (and any input once
    /// used up) have none: one odd name or token in thirty nodes refuses nearly every
    /// statement, and the oracles only learn something from what the compiler accepts.
    odd_level: u32,
    /// Set for one [`Gen::expr`] call: an operand of a comparison or LIKE, which must not
    /// itself be one (`a < b < c` is refused, and drew most refusals before).
    operand_only: bool,
}

#[derive(Default, Clone)]
struct Scope {
    columns: Vec<String>,
    qualifiers: Vec<String>,
}

impl Gen<'_, '_> {
    /// An index into `weights`, each option as likely as its weight; 0 once input is used up.
    fn pick(&mut self, weights: &[u32]) -> usize {
        let total: u32 = weights.iter().sum();
        let Ok(mut x) = self.u.int_in_range(0..=total - 1) else { return 0 };
        for (i, w) in weights.iter().enumerate() {
            if x < *w {
                return i;
            }
            x -= w;
        }
        weights.len() - 1
    }

    /// [`Gen::pick`] over `normal` then `odd` options, the odd ones as often as
    /// [`Gen::odd_level`] says (never at 0, as weighted at 2).
    fn pick_odd(&mut self, normal: &[u32], odd: &[u32]) -> usize {
        let weights: Vec<u32> = normal.iter().map(|w| w * 2).chain(odd.iter().map(|w| w * self.odd_level)).collect();
        self.pick(&weights)
    }

    /// [`Gen::chance`] for an oddity, scaled by [`Gen::odd_level`] like [`Gen::pick_odd`].
    fn odd_chance(&mut self, per256: u32) -> bool {
        self.odd_level > 0 && self.chance(per256 * self.odd_level / 2)
    }

    /// True with probability `per256`/256, never once input is used up (so exhausted input
    /// stops adding clauses and list items).
    fn chance(&mut self, per256: u32) -> bool {
        self.u.arbitrary::<u8>().is_ok_and(|b| u32::from(b) >= 256 - per256.min(256))
    }

    fn index(&mut self, len: usize) -> usize {
        self.u.choose_index(len).unwrap_or(0)
    }

    fn choose<'s>(&mut self, items: &[&'s str]) -> &'s str {
        items[self.index(items.len())]
    }

    fn byte(&mut self) -> u8 {
        self.u.arbitrary().unwrap_or(0)
    }

    /// Spend one node of the budget; false once it is spent.
    fn spend(&mut self) -> bool {
        if self.budget == 0 {
            return false;
        }
        self.budget -= 1;
        true
    }

    fn scope(&self) -> Scope {
        self.scopes.last().cloned().unwrap_or_default()
    }

    // ---- the whole request ----

    fn statement(&mut self) -> String {
        let body = match self.pick_odd(&[40], &[3, 1]) {
            0 => self.query(0),
            1 => self.choose(OTHER_STATEMENTS).to_string(),
            // A query after a statement that is not one, or two queries.
            _ => {
                let first = if self.chance(128) { self.choose(OTHER_STATEMENTS).to_string() } else { self.query(0) };
                let second = self.query(0);
                format!("{first}; {second}")
            }
        };
        let ending = match self.pick_odd(&[60, 20], &[2, 2, 2, 2, 2, 1]) {
            0 => "",
            1 => ";",
            2 => ";;",
            3 => "; ",
            4 => " -- the end",
            5 => "\n/* done */",
            6 => ";\n-- trailing",
            _ => " /* unterminated",
        };
        let text = format!("{body}{ending}");
        // What a model wraps SQL in.
        match self.pick_odd(&[120], &[6, 3, 3, 1, 3, 1, 2]) {
            0 => text,
            1 => format!("```sql\n{text}\n```"),
            2 => format!("<think>which table?</think>\n{text}"),
            3 => format!("Here is the SQL:\n{text}"),
            4 => format!("\u{feff}{text}"),
            5 => format!("  \n\t{text}\n\n"),
            6 => format!("<think>{text}"),
            _ => format!("```\n{text}\n```\nThis counts the rows."),
        }
    }

    // ---- queries ----

    fn query(&mut self, depth: usize) -> String {
        self.query_with(depth, 40)
    }

    /// A query that starts with WITH `with_per256` times in 256.
    fn query_with(&mut self, depth: usize, with_per256: u32) -> String {
        let mut text = String::new();
        if depth < MAX_QUERY_DEPTH && self.chance(with_per256) && self.spend() {
            text.push_str(&self.kw("WITH"));
            if self.odd_chance(8) {
                text.push_str(" RECURSIVE");
            }
            let mut first = true;
            loop {
                let name = self.new_name("c");
                let columns = if self.chance(30) { format!(" ({})", self.column_alias_list()) } else { String::new() };
                let materialized = match self.pick_odd(&[60], &[1, 1]) {
                    0 => "",
                    1 => " MATERIALIZED",
                    _ => " NOT MATERIALIZED",
                };
                // A CTE that uses itself or a later one must be refused: sometimes define the
                // name before its body is generated.
                let early = self.odd_chance(10);
                if early {
                    self.ctes.push(name.clone());
                }
                let body = self.query(depth + 1);
                if !early {
                    self.ctes.push(name.clone());
                }
                text.push_str(&format!(
                    "{} {}{columns} AS{materialized} ({body})",
                    if first { "" } else { "," },
                    self.ident(&name)
                ));
                first = false;
                if !(self.chance(60) && self.spend()) {
                    break;
                }
            }
            text.push(' ');
        }
        text.push_str(&self.set_expr(depth));
        if self.chance(70) {
            text.push_str(&format!(" {} {}", self.kw("ORDER BY"), self.order_list(depth)));
        }
        if self.chance(70) {
            text.push(' ');
            text.push_str(&self.limit());
        }
        if self.odd_chance(4) {
            text.push_str(self.choose(&[
                " FOR UPDATE",
                " FETCH FIRST 5 ROWS ONLY",
                " SETTINGS max_threads = 1",
                " FORMAT JSON",
                " |> WHERE true",
            ]));
        }
        // CTEs stay listed after their query: using one out of scope is a mistake worth making.
        text
    }

    fn set_expr(&mut self, depth: usize) -> String {
        let mut text = self.set_operand(depth);
        while depth < MAX_QUERY_DEPTH && self.chance(30) && self.spend() {
            let op = self.choose(&[
                "UNION",
                "UNION ALL",
                "INTERSECT",
                "EXCEPT",
                "UNION BY NAME",
                "UNION ALL BY NAME",
                "INTERSECT ALL",
                "EXCEPT ALL",
                "MINUS",
            ]);
            let right = self.set_operand(depth + 1);
            text = format!("{text} {} {right}", self.kw(op));
        }
        text
    }

    fn set_operand(&mut self, depth: usize) -> String {
        match self.pick_odd(&[80], &[1, 2, 1]) {
            0 => self.select(depth),
            // A query in parentheses: as a whole or first of a set operation it is refused.
            1 if depth < MAX_QUERY_DEPTH => format!("({})", self.query(depth + 1)),
            2 => self.from_first(depth),
            3 => format!("{} {}", self.kw("VALUES"), self.values_rows(depth)),
            _ => self.select(depth),
        }
    }

    fn values_rows(&mut self, depth: usize) -> String {
        let mut rows = vec![format!("({})", self.expr_list(depth, MAX_EXPR_DEPTH - 1))];
        while self.chance(60) && rows.len() < 4 {
            rows.push(format!("({})", self.expr_list(depth, MAX_EXPR_DEPTH - 1)));
        }
        rows.join(", ")
    }

    #[allow(clippy::wrong_self_convention, reason = "writes a FROM-first statement; it converts nothing")]
    fn from_first(&mut self, depth: usize) -> String {
        let from = self.from_clause(depth);
        let items = self.select_list(depth);
        let filter =
            if self.chance(60) { format!(" {} {}", self.kw("WHERE"), self.expr(depth, 0)) } else { String::new() };
        self.scopes.pop();
        match self.pick(&[3, 1]) {
            0 => format!("{} {from} {} {items}{filter}", self.kw("FROM"), self.kw("SELECT")),
            _ => format!("{} {from}{filter}", self.kw("FROM")),
        }
    }

    fn select(&mut self, depth: usize) -> String {
        // FROM first, so the select list can name what it makes visible.
        let has_from = self.pick_odd(&[12], &[1]) == 0;
        let from = if has_from { Some(self.from_clause(depth)) } else { None };
        if from.is_none() {
            self.scopes.push(Scope::default());
        }
        let mut text = self.kw("SELECT");
        match self.pick_odd(&[80, 10], &[1, 2, 1]) {
            0 => {}
            1 => text.push_str(" DISTINCT"),
            2 => text.push_str(&format!(" DISTINCT ON ({})", self.expr(depth, 2))),
            3 => text.push_str(" ALL"),
            _ => text.push_str(&format!(" TOP {}", self.number())),
        }
        text.push(' ');
        text.push_str(&self.select_list(depth));
        if self.odd_chance(3) {
            text.push_str(" INTO backup");
        }
        if let Some(from) = from {
            text.push_str(&format!(" {} {from}", self.kw("FROM")));
        }
        if self.chance(110) {
            text.push_str(&format!(" {} {}", self.kw("WHERE"), self.condition(depth)));
        }
        if self.chance(90) {
            text.push_str(&format!(" {} {}", self.kw("GROUP BY"), self.group_by(depth)));
            if self.chance(90) {
                text.push_str(&format!(" {} {}", self.kw("HAVING"), self.condition(depth)));
            }
        }
        if self.chance(12) {
            text.push_str(&format!(" {} {}", self.kw("WINDOW"), self.window_definitions(depth)));
        }
        if self.chance(12) {
            text.push_str(&format!(" {} {}", self.kw("QUALIFY"), self.condition(depth)));
        }
        if self.odd_chance(3) {
            text.push_str(self.choose(&[
                " USING SAMPLE 10%",
                " TABLESAMPLE 5 ROWS",
                " LATERAL VIEW explode(x) t",
                " CONNECT BY PRIOR a = b",
                " CLUSTER BY team",
            ]));
        }
        self.scopes.pop();
        text
    }

    fn select_list(&mut self, depth: usize) -> String {
        let mut items = vec![self.select_item(depth)];
        while items.len() < 6 && self.chance(90) && self.spend() {
            items.push(self.select_item(depth));
        }
        items.join(", ")
    }

    fn select_item(&mut self, depth: usize) -> String {
        match self.pick_odd(&[80, 8, 4], &[2, 2, 1, 1, 1]) {
            0 => {
                let e = self.expr(depth, 0);
                match self.pick_odd(&[12, 12, 3], &[1]) {
                    0 => e,
                    1 => {
                        let alias = self.new_name("a");
                        self.aliases.push(alias.clone());
                        format!("{e} {} {}", self.kw("AS"), self.ident(&alias))
                    }
                    2 => {
                        let alias = self.new_name("a");
                        self.aliases.push(alias.clone());
                        format!("{e} {}", self.ident(&alias))
                    }
                    // An alias written as a string.
                    _ => format!("{e} AS {}", self.string()),
                }
            }
            1 => "*".into(),
            2 => format!("{}.*", self.qualifier()),
            3 => format!("* {} ({})", self.kw("EXCLUDE"), self.column()),
            4 => {
                let e = self.expr(depth, 2);
                let c = self.column();
                if self.chance(128) {
                    format!("* {} ({e} AS {c})", self.kw("REPLACE"))
                } else {
                    format!("* {} ({e} {c})", self.kw("REPLACE"))
                }
            }
            5 => format!("COLUMNS({})", if self.chance(128) { "*".to_string() } else { self.string() }),
            6 => {
                let word = self.choose(&["ILIKE", "LIKE", "SIMILAR TO"]);
                format!("* {} {}", self.kw(word), self.string())
            }
            _ => format!("{} {}", self.column(), self.column()),
        }
    }

    // ---- FROM ----

    /// The FROM clause's text; pushes the scope it makes visible (the caller pops it).
    #[allow(clippy::wrong_self_convention, reason = "writes a FROM clause; it converts nothing")]
    fn from_clause(&mut self, depth: usize) -> String {
        let mut scope = Scope::default();
        let mut text = self.table_ref(depth, &mut scope);
        while self.chance(60) && self.spend() {
            const JOINS: &[&str] = &[
                "JOIN",
                "INNER JOIN",
                "LEFT JOIN",
                "LEFT OUTER JOIN",
                "RIGHT JOIN",
                "FULL JOIN",
                "CROSS JOIN",
                "NATURAL JOIN",
                ",",
                "ASOF JOIN",
                "POSITIONAL JOIN",
                "SEMI JOIN",
                "ANTI JOIN",
                "LEFT LATERAL JOIN",
                "JOIN LATERAL",
                "STRAIGHT_JOIN",
            ];
            let join = JOINS[self.pick_odd(&[10, 4, 6, 2, 2, 2, 3, 1, 3], &[1, 1, 1, 1, 1, 1, 1])];
            let right = self.table_ref(depth, &mut scope);
            let join = if join == "," { ",".to_string() } else { format!(" {}", self.kw(join)) };
            text = format!("{text}{join} {right}");
            // ON and USING see both sides. Joins that take neither get one now and then.
            self.scopes.push(scope.clone());
            let takes_condition =
                !matches!(join.trim(), "," | "CROSS JOIN" | "NATURAL JOIN" | "POSITIONAL JOIN") || self.odd_chance(8);
            match if takes_condition { self.pick(&[6, 2, 1]) } else { 2 } {
                0 => text.push_str(&format!(" {} {}", self.kw("ON"), self.condition(depth))),
                1 => text.push_str(&format!(" {} ({})", self.kw("USING"), self.column())),
                _ => {}
            }
            self.scopes.pop();
        }
        self.scopes.push(scope);
        text
    }

    fn table_ref(&mut self, depth: usize, scope: &mut Scope) -> String {
        let text = match self.pick_odd(&[60, 12, 8], &[1, 1, 1]) {
            0 => {
                let i = self.index(self.view.tables.len());
                let table = &self.view.tables[i];
                scope.columns.extend(table.columns.iter().map(|c| c.name.clone()));
                scope.qualifiers.push(table.name.clone());
                let name = table.name.clone();
                self.ident(&name)
            }
            1 if !self.ctes.is_empty() => {
                let i = self.index(self.ctes.len());
                let name = self.ctes[i].clone();
                scope.qualifiers.push(name.clone());
                // A CTE's columns are whatever its body selects: offer the catalog's.
                scope.columns.extend(self.view.tables.iter().flat_map(|t| t.columns.iter().map(|c| c.name.clone())));
                self.ident(&name)
            }
            2 if depth < MAX_QUERY_DEPTH => {
                let lateral = if self.odd_chance(10) { "LATERAL " } else { "" };
                // sqlparser reads `FROM (WITH …)` as a join, not a subquery: rarely.
                let q = self.query_with(depth + 1, 4);
                scope.columns.extend(self.view.tables.iter().flat_map(|t| t.columns.iter().map(|c| c.name.clone())));
                format!("{lateral}({q})")
            }
            3 => self.choose(TABLE_FUNCTIONS).to_string(),
            4 => self.choose(OTHER_RELATIONS).to_string(),
            5 => format!("(VALUES {})", self.values_rows(depth)),
            _ => {
                let name = self.view.tables[0].name.clone();
                scope.columns.extend(self.view.tables[0].columns.iter().map(|c| c.name.clone()));
                scope.qualifiers.push(name.clone());
                self.ident(&name)
            }
        };
        if self.chance(110) {
            let alias = self.new_name("t");
            scope.qualifiers.push(alias.clone());
            let columns = if self.chance(20) {
                let list = self.column_alias_list();
                scope.columns.extend(list.split(", ").map(|c| c.trim_matches('"').to_string()));
                format!(" ({list})")
            } else {
                String::new()
            };
            let keyword = if self.chance(160) { format!(" {}", self.kw("AS")) } else { String::new() };
            format!("{text}{keyword} {}{columns}", self.ident(&alias))
        } else {
            text
        }
    }

    fn column_alias_list(&mut self) -> String {
        let mut names = vec![self.new_name("k")];
        while names.len() < 3 && self.chance(80) {
            names.push(self.new_name("k"));
        }
        if self.odd_chance(10) {
            // Typed alias columns are refused.
            return names.iter().map(|n| format!("{n} INTEGER")).collect::<Vec<_>>().join(", ");
        }
        names.join(", ")
    }

    // ---- clauses ----

    fn group_by(&mut self, depth: usize) -> String {
        match self.pick(&[12, 3, 2, 1, 1, 1]) {
            0 => self.expr_list(depth, 2),
            1 => self.kw("ALL"),
            2 => format!("{}", 1 + self.byte() % 4),
            3 => format!("{} ({})", self.kw("ROLLUP"), self.expr_list(depth, 3)),
            4 => format!("{} ({})", self.kw("CUBE"), self.expr_list(depth, 3)),
            _ => format!("{} (({}), ())", self.kw("GROUPING SETS"), self.expr_list(depth, 3)),
        }
    }

    fn order_list(&mut self, depth: usize) -> String {
        if self.chance(10) {
            return self.kw("ALL");
        }
        let mut items = Vec::new();
        loop {
            let key = match self.pick(&[8, 3, 2]) {
                0 => self.expr(depth, 2),
                1 => format!("{}", 1 + self.byte() % 4),
                _ if !self.aliases.is_empty() => {
                    let i = self.index(self.aliases.len());
                    let alias = self.aliases[i].clone();
                    self.ident(&alias)
                }
                _ => self.column(),
            };
            const DIRECTIONS: &[&str] =
                &["", " ASC", " DESC", " DESC NULLS LAST", " NULLS FIRST", " ASC NULLS LAST", " USING <"];
            let direction = DIRECTIONS[self.pick_odd(&[10, 4, 6, 2, 2, 2], &[1])];
            items.push(format!("{key}{direction}"));
            if items.len() >= 4 || !self.chance(70) {
                break;
            }
        }
        items.join(", ")
    }

    fn limit(&mut self) -> String {
        let limit = self.kw("LIMIT");
        match self.pick_odd(&[30, 3, 4, 6], &[1, 1, 2, 1, 1, 2]) {
            0 => format!("{limit} {}", 1 + self.byte() % 50),
            1 => format!("{limit} 0"),
            2 => format!(
                "{limit} {}",
                self.choose(&[
                    "1000",
                    "1001",
                    "4294967296",
                    "9223372036854775807",
                    "18446744073709551616",
                    "99999999999999999999999"
                ])
            ),
            3 => format!("{limit} {} {} {}", 1 + self.byte() % 20, self.kw("OFFSET"), self.byte()),
            4 => format!("{limit} {}, {}", self.byte(), self.byte()),
            5 => format!(
                "{limit} {}",
                self.choose(&["-1", "1.5", "'5'", "NULL", "ALL", "10%", "1e3", "(SELECT 1)", "?", "$1", "1 + 1"])
            ),
            6 => format!("{} {}", self.kw("OFFSET"), self.byte()),
            7 => format!(
                "{limit} {} {} {}",
                self.byte(),
                self.kw("OFFSET"),
                self.choose(&["-1", "'1'", "1.5", "99999999999999999999"])
            ),
            8 => format!("{limit} {} BY team", self.byte()),
            _ => format!("{limit} {}", self.number()),
        }
    }

    fn window_definitions(&mut self, depth: usize) -> String {
        let name = self.new_name("w");
        let spec = self.window_spec(depth);
        let mut text = format!("{name} AS ({spec})");
        if self.chance(60) {
            let other = self.new_name("w");
            // Sometimes refer to a window that is not defined.
            let base = if self.odd_chance(128) { self.new_name("w") } else { name.clone() };
            text.push_str(&format!(", {other} AS ({base})"));
        }
        text
    }

    fn window_spec(&mut self, depth: usize) -> String {
        let mut parts = Vec::new();
        if self.odd_chance(4) {
            parts.push(self.new_name("w"));
        }
        if self.chance(130) {
            parts.push(format!("{} {}", self.kw("PARTITION BY"), self.expr_list(depth, 3)));
        }
        if self.chance(130) {
            parts.push(format!("{} {}", self.kw("ORDER BY"), self.order_list(depth)));
        }
        if self.chance(60) {
            parts.push(
                self.choose(&[
                    "ROWS BETWEEN 1 PRECEDING AND CURRENT ROW",
                    "ROWS UNBOUNDED PRECEDING",
                    "RANGE BETWEEN INTERVAL 1 DAY PRECEDING AND CURRENT ROW",
                    "GROUPS BETWEEN 1 PRECEDING AND 1 FOLLOWING",
                    "ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING EXCLUDE CURRENT ROW",
                    "ROWS 99999999999999999999 PRECEDING",
                    "RANGE BETWEEN ack_minutes PRECEDING AND CURRENT ROW",
                ])
                .to_string(),
            );
        }
        parts.join(" ")
    }

    // ---- expressions ----

    fn expr_list(&mut self, depth: usize, level: usize) -> String {
        let mut items = vec![self.expr(depth, level)];
        while items.len() < 4 && self.chance(70) && self.spend() {
            items.push(self.expr(depth, level));
        }
        items.join(", ")
    }

    /// A condition: mostly a comparison, combined with AND/OR.
    fn condition(&mut self, depth: usize) -> String {
        let mut text = self.comparison(depth, 1);
        while self.chance(60) && self.spend() {
            let word = self.choose(&["AND", "OR", "AND NOT", "OR NOT"]);
            let op = self.kw(word);
            let next = self.comparison(depth, 1);
            text = format!("{text} {op} {next}");
        }
        text
    }

    fn comparison(&mut self, depth: usize, level: usize) -> String {
        if !self.spend() {
            return format!("{} = {}", self.column(), self.literal());
        }
        match self.pick(&[10, 2, 2, 2, 2, 1, 3]) {
            0 => {
                let op = self.choose(&["=", "<>", "!=", "<", "<=", ">", ">="]);
                format!("{} {op} {}", self.operand(depth, level + 1), self.operand(depth, level + 1))
            }
            1 => format!("{} {}", self.expr(depth, level + 1), {
                const TESTS: &[&str] = &["IS NULL", "IS NOT NULL", "IS TRUE", "IS NOT FALSE", "ISNULL", "NOTNULL"];
                let word = TESTS[self.pick_odd(&[8, 8, 2, 2], &[1, 1])];
                self.kw(word)
            }),
            2 => {
                let not = if self.chance(60) { " NOT" } else { "" };
                let list = if self.chance(50) && depth < MAX_QUERY_DEPTH {
                    self.query(depth + 1)
                } else {
                    self.expr_list(depth, level + 1)
                };
                format!("{}{not} {} ({list})", self.expr(depth, level + 1), self.kw("IN"))
            }
            3 => {
                let not = if self.chance(60) { " NOT" } else { "" };
                let (a, b, c) = (self.expr(depth, level + 1), self.expr(depth, level + 1), self.expr(depth, level + 1));
                format!("{a}{not} {} {b} {} {c}", self.kw("BETWEEN"), self.kw("AND"))
            }
            4 => {
                const LIKES: &[&str] =
                    &["LIKE", "ILIKE", "NOT LIKE", "NOT ILIKE", "LIKE ANY", "SIMILAR TO", "GLOB", "~", "RLIKE"];
                let op = LIKES[self.pick_odd(&[12, 6, 4, 3], &[1, 1, 1, 1, 1])];
                let op = self.kw(op);
                let escape = match self.pick_odd(&[6, 1], &[1]) {
                    0 => String::new(),
                    1 => " ESCAPE '\\'".to_string(),
                    _ => format!(" ESCAPE {}", self.string()),
                };
                let pattern = if self.chance(200) { self.string() } else { self.operand(depth, level + 1) };
                format!("{} {op} {pattern}{escape}", self.operand(depth, level + 1))
            }
            5 if depth < MAX_QUERY_DEPTH => {
                let not = if self.chance(60) { "NOT " } else { "" };
                format!("{not}{} ({})", self.kw("EXISTS"), self.query(depth + 1))
            }
            _ => self.expr(depth, level),
        }
    }

    /// An expression that is not a comparison (in clean mode; now and then otherwise).
    fn operand(&mut self, depth: usize, level: usize) -> String {
        self.operand_only = !self.odd_chance(64);
        self.expr(depth, level)
    }

    fn expr(&mut self, depth: usize, level: usize) -> String {
        let operand_only = std::mem::replace(&mut self.operand_only, false);
        if level >= MAX_EXPR_DEPTH || !self.spend() {
            return match self.pick(&[3, 2]) {
                0 => self.column_ref(),
                _ => self.literal(),
            };
        }
        let next = level + 1;
        match self.pick_odd(&[40, 24, 18, 20, 6, 6, 6, 6, 8, 3, 3, 2, 6], &[1, 1, 1, 2, 1]) {
            0 => self.column_ref(),
            1 => self.literal(),
            2 => {
                let op = if self.odd_chance(6) {
                    self.choose(REFUSED_OPERATORS)
                } else if operand_only {
                    self.choose(&["+", "-", "*", "/", "//", "%", "||"])
                } else {
                    self.choose(allowlist::BINARY_OPERATORS)
                };
                // Operands are written without parentheses, so only AND and OR may take a
                // comparison: `a + b < c` would parse as `(a + b) < c`.
                if ["AND", "OR"].contains(&op) {
                    format!("{} {op} {}", self.expr(depth, next), self.expr(depth, next))
                } else {
                    format!("{} {op} {}", self.operand(depth, next), self.operand(depth, next))
                }
            }
            3 => self.call(depth, next),
            4 => {
                const UNARY: &[&str] = &["NOT ", "-", "+", "~", "!", "@", "- -"];
                let op = UNARY[self.pick_odd(&[12, 12, 3], &[1, 1, 1, 2])];
                let operand =
                    if operand_only || op != "NOT " { self.operand(depth, next) } else { self.expr(depth, next) };
                format!("{op}{operand}")
            }
            5 => format!("({})", self.expr(depth, next)),
            6 => self.case(depth, next),
            7 => self.cast(depth, next),
            8 if operand_only => self.column_ref(),
            8 => self.comparison(depth, next),
            9 if depth < MAX_QUERY_DEPTH => format!("({})", self.query(depth + 1)),
            10 => self.typed_literal(),
            11 => self.clock().to_string(),
            12 => self.special_form(depth, next),
            13 => self.nested_parens(),
            14 => self.nested_calls(),
            15 => self.operator_chain(),
            16 => {
                let word = self.choose(&["COLLATE nocase", "COLLATE \"C\"", "IS DISTINCT FROM NULL", "::VARCHAR"]);
                format!("{} {}", self.expr(depth, next), self.kw(word))
            }
            _ => self
                .choose(&[
                    "?",
                    "$1",
                    "$name",
                    ":x",
                    "@x",
                    "$$",
                    "[1, 2]",
                    "{'a': 1}",
                    "[1, 2][1]",
                    "x -> x + 1",
                    "#1",
                    "'a'.upper()",
                    "team.upper()",
                    "(1, 2)",
                    "ROW(1, 2)",
                ])
                .to_string(),
        }
    }

    fn call(&mut self, depth: usize, level: usize) -> String {
        let refused = self.odd_chance(8);
        let name = if refused {
            self.choose(REFUSED_FUNCTIONS).to_string()
        } else {
            let all: Vec<&str> = allowlist::functions().collect();
            self.choose(&all).to_string()
        };
        let name = match self.pick_odd(&[150], &[4, 1, 1, 1]) {
            0 => name,
            1 => name.to_uppercase(),
            2 => format!("\"{name}\""),
            3 => format!("main.{name}"),
            _ => format!("system.main.{name}"),
        };
        let args = match self.pick_odd(&[60, 4, 6, 3], &[1, 1]) {
            0 => {
                let mut args = Vec::new();
                let n = self.byte() % 4;
                for _ in 0..n {
                    args.push(self.expr(depth, level));
                }
                args.join(", ")
            }
            1 => "*".to_string(),
            2 => format!("DISTINCT {}", self.expr(depth, level)),
            3 => format!("{} ORDER BY {}", self.expr_list(depth, level), self.expr(depth, level)),
            4 => format!("{} := {}", self.new_name("p"), self.expr(depth, level)),
            _ => format!("{} IGNORE NULLS", self.expr(depth, level)),
        };
        let mut text = format!("{name}({args})");
        if self.chance(8) {
            text.push_str(&format!(" {} ({} {})", self.kw("FILTER"), self.kw("WHERE"), self.comparison(depth, level)));
        }
        if self.odd_chance(2) {
            text.push_str(" WITHIN GROUP (ORDER BY 1)");
        }
        if self.odd_chance(2) {
            text.push_str(" IGNORE NULLS");
        }
        if self.chance(25) {
            let over = if self.odd_chance(30) { self.new_name("w") } else { format!("({})", self.window_spec(depth)) };
            text.push_str(&format!(" {} {over}", self.kw("OVER")));
        }
        text
    }

    fn case(&mut self, depth: usize, level: usize) -> String {
        let operand = if self.chance(60) { format!(" {}", self.expr(depth, level)) } else { String::new() };
        let mut text = format!("{}{operand}", self.kw("CASE"));
        loop {
            let (w, t) = (self.comparison(depth, level), self.expr(depth, level));
            text.push_str(&format!(" {} {w} {} {t}", self.kw("WHEN"), self.kw("THEN")));
            if !self.chance(60) {
                break;
            }
        }
        if self.chance(150) {
            text.push_str(&format!(" {} {}", self.kw("ELSE"), self.expr(depth, level)));
        }
        text.push_str(&format!(" {}", self.kw("END")));
        text
    }

    fn cast_type(&mut self) -> String {
        if self.odd_chance(8) {
            return self.choose(REFUSED_TYPES).to_string();
        }
        let name = self.choose(allowlist::CAST_TYPES);
        match (allowlist::cast_type_modifiers(name), self.pick_odd(&[4, 1], &[1])) {
            (Some(2), 1) => format!("{name}({}, {})", 1 + self.byte() % 38, self.byte() % 38),
            (Some(1), 1) => format!("{name}({})", self.byte()),
            (_, 2) => format!("{name}[]"),
            _ => name.to_string(),
        }
    }

    fn cast(&mut self, depth: usize, level: usize) -> String {
        let e = self.expr(depth, level);
        let t = self.cast_type();
        match self.pick_odd(&[12, 10], &[1, 1]) {
            0 => format!("{}({e} AS {t})", self.kw("CAST")),
            1 => format!("{e}::{t}"),
            2 => format!("{}({e} AS {t})", self.kw("TRY_CAST")),
            _ => format!("CAST({e} AS {t} FORMAT 'YYYY')"),
        }
    }

    fn typed_literal(&mut self) -> String {
        match self.pick_odd(&[8, 5, 8, 2], &[2, 1, 1]) {
            0 => format!(
                "DATE {}",
                self.choose(&[
                    "'2026-01-01'",
                    "'2026-02-30'",
                    "'0001-01-01'",
                    "'294247-01-10'",
                    "'today'",
                    "'epoch'",
                    "'infinity'",
                    "''"
                ])
            ),
            1 => format!(
                "TIMESTAMP {}",
                self.choose(&["'2026-01-01 10:00:00'", "'2026-01-01T10:00:00.123456'", "'now'", "'2026-01-01 25:00'"])
            ),
            2 => format!(
                "INTERVAL {}",
                self.choose(&[
                    "1 DAY",
                    "'1 day'",
                    "30 DAY",
                    "(1) MONTH",
                    "'1' YEAR",
                    "1 MICROSECOND",
                    "99999999999 YEAR",
                    "'1 day 2 hours'",
                    "1 DAY TO SECOND",
                    "-1 WEEK"
                ])
            ),
            3 => format!("TIME '{:02}:00'", self.byte() % 30),
            4 => format!(
                "{} '1'",
                self.choose(&["INTEGER", "BLOB", "JSON", "UUID", "VARCHAR", "BOOLEAN", "DECIMAL(10, 2)"])
            ),
            5 => "{d '2026-01-01'}".into(),
            _ => format!("DATE {}", self.string()),
        }
    }

    fn clock(&mut self) -> &'static str {
        const CLOCKS: &[&str] = &[
            "current_date",
            "CURRENT_DATE",
            "today()",
            "current_date()",
            "now()",
            "current_timestamp",
            "localtimestamp",
            "current_time",
            "get_current_time()",
            "get_current_timestamp()",
            "transaction_timestamp()",
            "epoch_ms(now())",
            "\"current_date\"",
            "main.today()",
        ];
        // The first four are the spellings of today SQL mode binds; the rest read the clock.
        CLOCKS[self.pick_odd(&[3, 3, 3, 3], &[1, 1, 1, 1, 1, 1, 1, 1, 1, 1])]
    }

    fn special_form(&mut self, depth: usize, level: usize) -> String {
        let a = self.expr(depth, level);
        match self.pick_odd(&[8, 6, 6, 6, 3], &[1, 1, 1, 1]) {
            0 => {
                const PARTS: &[&str] =
                    &["year", "month", "day", "epoch", "dow", "week", "quarter", "hour", "nonsense", "'year'"];
                format!("EXTRACT({} FROM {a})", PARTS[self.pick_odd(&[1, 1, 1, 1, 1, 1, 1, 1], &[1, 1])])
            }
            1 => format!("position({} IN {a})", self.string()),
            2 => format!("substring({a} FROM {} FOR {})", self.byte() % 5, self.byte() % 5),
            3 => format!("trim({} {} FROM {a})", self.choose(&["BOTH", "LEADING", "TRAILING"]), self.string()),
            4 => format!("ceil({a})"),
            5 => format!("floor({a} TO DAY)"),
            6 => format!("overlay({a} PLACING 'x' FROM 1)"),
            7 => format!("convert({a}, INTEGER)"),
            _ => format!("{a} AT TIME ZONE 'UTC'"),
        }
    }

    /// Parentheses around the column or literal, up to past the 40 levels SQL mode parses.
    fn nested_parens(&mut self) -> String {
        let n = 1 + self.byte() as usize % 48;
        format!("{}{}{}", "(".repeat(n), self.column_ref(), ")".repeat(n))
    }

    /// Calls inside calls, up to past the 10 SQL mode allows (`position(` re-parses its
    /// argument at each level).
    fn nested_calls(&mut self) -> String {
        let n = 1 + self.byte() as usize % 14;
        let mut text = self.column_ref();
        for _ in 0..n {
            text = match self.pick(&[3, 1, 1, 1]) {
                0 => format!("{}({text})", self.choose(&["abs", "lower", "coalesce", "round", "upper", "length"])),
                1 => format!("position('a' IN {text})"),
                2 => format!("CAST({text} AS VARCHAR)"),
                _ => format!("trim({text})"),
            };
        }
        text
    }

    /// One operator chained up to past the 32 per level SQL mode allows.
    fn operator_chain(&mut self) -> String {
        let n = 1 + self.byte() as usize % 40;
        let op = self.choose(&[" + ", " || ", " AND ", " * ", " - "]);
        let operand = self.column_ref();
        vec![operand; n + 1].join(op)
    }

    // ---- names and literals ----

    /// A column reference: mostly a visible column, plain or qualified; now and then an
    /// alias, a column of another table or a wrong name.
    fn column_ref(&mut self) -> String {
        match self.pick_odd(&[50, 8, 6], &[1, 1]) {
            1 if !self.scope().qualifiers.is_empty() || self.odd_level > 0 => {
                format!("{}.{}", self.qualifier(), self.column())
            }
            2 if !self.aliases.is_empty() => {
                let i = self.index(self.aliases.len());
                let alias = self.aliases[i].clone();
                self.ident(&alias)
            }
            0..=2 => self.column(),
            3 => {
                let name = self.choose(&[
                    "tem",
                    "teams",
                    "ack",
                    "rowid",
                    "incidents",
                    "nonexistent",
                    "t",
                    "x",
                    "TEAM",
                    "Team",
                    "team_",
                    "ʻteam",
                ]);
                self.ident(name)
            }
            _ => format!("{}.{}.{}", self.choose(&["main", "memory", "incidents"]), self.qualifier(), self.column()),
        }
    }

    fn column(&mut self) -> String {
        let scope = self.scope();
        let name = if !scope.columns.is_empty() && !self.odd_chance(20) {
            scope.columns[self.index(scope.columns.len())].clone()
        } else {
            let all: Vec<&str> =
                self.view.tables.iter().flat_map(|t| t.columns.iter().map(|c| c.name.as_str())).collect();
            all[self.index(all.len())].to_string()
        };
        self.ident(&name)
    }

    fn qualifier(&mut self) -> String {
        let scope = self.scope();
        let name = if !scope.qualifiers.is_empty() && !self.odd_chance(20) {
            scope.qualifiers[self.index(scope.qualifiers.len())].clone()
        } else {
            self.choose(&["incidents", "teams", "i", "t", "x", "main", "answer"]).to_string()
        };
        self.ident(&name)
    }

    /// A fresh name (`prefix` and a small number, so names repeat sometimes).
    fn new_name(&mut self, prefix: &str) -> String {
        match self.pick_odd(&[50], &[2, 1, 1]) {
            0 => format!("{prefix}{}", self.byte() % 8),
            1 => self
                .choose(&[
                    "team",
                    "incidents",
                    "count",
                    "total_rows",
                    "answer",
                    "__querycell_rows",
                    "select",
                    "from",
                    "order",
                ])
                .to_string(),
            2 => format!("{prefix} {}", self.byte() % 4),
            _ => self.choose(&["é", "ｔ", "名前", "a\"b", "", "a.b", "a'b", "-", "1a"]).to_string(),
        }
    }

    /// `name` as written in SQL: mostly plain, otherwise quoted in one of the ways DuckDB
    /// and sqlparser may read differently.
    fn ident(&mut self, name: &str) -> String {
        let plain = !name.is_empty()
            && name.chars().next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
            && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
        let quoted = || format!("\"{}\"", name.replace('"', "\"\""));
        match self.pick_odd(&[300, 30], &[3, 3, 1, 1, 1, 2, 1, 1, 1]) {
            0 if plain => name.to_string(),
            0 | 1 => quoted(),
            2 => name.to_uppercase(),
            3 => format!("\"{}\"", name.to_uppercase().replace('"', "\"\"")),
            4 => format!("\"{}\"\"\"", name.replace('"', "\"\"")),
            5 => format!("`{name}`"),
            6 => format!("[{name}]"),
            7 => format!("U&\"{}\"", name.chars().map(|c| format!("\\{:04x}", c as u32 & 0xffff)).collect::<String>()),
            8 => format!("\"{name} \""),
            9 => name.replacen('e', "é", 1),
            _ => "\"\"".to_string(),
        }
    }

    fn literal(&mut self) -> String {
        match self.pick(&[6, 6, 1, 1, 1]) {
            0 => self.number(),
            1 => self.string(),
            2 => {
                let word = self.choose(&["NULL", "TRUE", "FALSE"]);
                self.kw(word)
            }
            3 => self.typed_literal(),
            _ => self.clock().to_string(),
        }
    }

    fn number(&mut self) -> String {
        match self.pick_odd(&[60, 12, 4, 4], &[1, 2, 1, 1, 1, 4]) {
            0 => format!("{}", self.byte()),
            1 => format!("{}.{}", self.byte(), self.byte() % 10),
            2 => "0".into(),
            3 => "-1".into(),
            4 => self
                .choose(&[
                    "9223372036854775807",
                    "9223372036854775808",
                    "-9223372036854775808",
                    "18446744073709551616",
                    "170141183460469231731687303715884105728",
                ])
                .into(),
            5 => self.choose(&["1e10", "1e400", "1E-400", ".5", "1.", "00012", "1.5e3"]).into(),
            6 => self.choose(&["0x1F", "0b101", "1_000", "1e", "1.2.3", "1a", "1 _000"]).into(),
            7 => "99999999999999999999999999999999999999999".into(),
            8 => self.choose(&["'NaN'::DOUBLE", "'inf'::DOUBLE", "-0.0"]).into(),
            _ => format!("{}", u32::from(self.byte()) * 997),
        }
    }

    /// A string literal in one of SQL's many spellings; only plain `'…'` is allowed.
    fn string(&mut self) -> String {
        let body = self.choose(&[
            "P1",
            "platform",
            "EU",
            "%",
            "_",
            "a%b",
            "",
            "it's",
            "'",
            "''",
            "--",
            "/*",
            "*/",
            ";",
            "é",
            "🙂",
            "\u{0}",
            "\n",
            "$1",
            "?",
            "SELECT 1",
            "'; DROP TABLE incidents; --",
            "%plat%",
            "2026-03-15",
            "month",
            "/etc/passwd",
            "\\",
            "a\\'b",
        ]);
        // Each quote written as ''. A backslash escapes nothing in DuckDB's strings; the last
        // two bodies ask whether sqlparser reads them the same way (and, refused, are odd).
        let body = if body.contains('\\') && self.odd_level == 0 { "P1" } else { body };
        let escaped = body.replace('\'', "''");
        match self.pick_odd(&[120], &[1, 1, 1, 1, 1, 1, 1, 8]) {
            0 => format!("'{escaped}'"),
            1 => format!("E'{}'", self.choose(&["\\x41", "\\'", "a\\nb", "\\\\", "x"])),
            2 => format!("N'{escaped}'"),
            3 => "X'41'".into(),
            4 => "B'01'".into(),
            5 => format!("$${body}$$"),
            6 => format!("$tag${body}$tag$"),
            7 => "U&'\\0041'".into(),
            _ => format!("'{}'", body.replace('\'', "")),
        }
    }

    /// A keyword, mostly as written, sometimes in lower or mixed case, sometimes with odd
    /// white space or a comment before it.
    fn kw(&mut self, word: &str) -> String {
        let word = match self.pick(&[18, 2, 1]) {
            0 => word.to_string(),
            1 => word.to_lowercase(),
            _ => word.chars().enumerate().map(|(i, c)| if i % 2 == 0 { c.to_ascii_lowercase() } else { c }).collect(),
        };
        let before = match self.pick_odd(&[300, 4, 4, 3, 3], &[1, 2, 1, 1, 1, 2]) {
            0 => "",
            1 => "\n",
            2 => "\t",
            3 => "/* c */ ",
            4 => "-- note\n",
            // DuckDB nests block comments, sqlparser does not: the rest is code to one of them.
            5 => "/* /* nested */ */ ",
            6 => "\r\n",
            7 => "\u{a0}",
            8 => "\u{3000}",
            9 => "\x0c",
            _ => "/**/",
        };
        format!("{before}{word}")
    }
}
