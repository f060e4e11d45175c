//! SQL mode's reading proof: DuckDB's tree of the caller's own text must be the tree of the
//! statement that runs, up to the compiler's documented rewrites, or nothing runs
//! (`reading_differs`).
//!
//! The compiler validates the tree *sqlparser* reads in the caller's text, and the round-trip
//! proof and the host's parse-tree check show that what runs is what it validated. Neither
//! shows that DuckDB would have read the caller's text the same way: a word one grammar reads
//! as an operator and the other as an alias (`d ISNULL`, `avg(d) EXPORT_STATE`) is a silent
//! rewrite of the question. So DuckDB parses the caller's text too (in a query worker, never
//! in the host's own process: docs/security.md, invariant 1), and the two trees are walked
//! side by side. Equal everywhere except where the compiler's rewrites stand:
//!
//! - a literal in the caller's text is a parameter in the statement, bound to the value
//!   DuckDB reads in the literal (`'P1'` ↔ `$1` = `P1`; `1.50` ↔ `CAST($1 AS DECIMAL(3,2))`
//!   bound to `1.50`, the type DuckDB gives the literal; a whole number past BIGINT ↔
//!   `CAST($1 AS HUGEINT)`; `1e3` ↔ a DOUBLE of the same bits);
//! - `current_date` / `current_date()` / `today()` ↔ `CAST($n AS DATE)` bound to the
//!   answer's today;
//! - the statement's own `LIMIT n` (or none) ↔ `LIMIT $k` bound to `min(max(n, 1), max_rows)
//!   + 1` (`max_rows + 1` without one), the row cap the host reads to; any OFFSET unchanged;
//! - a table a deployment policy restricts ↔ the policy's source query under the same name
//!   or alias (its form is checked by [`crate::check::policy`]).
//!
//! FROM-first (`FROM t SELECT …`) needs no rule: DuckDB's tree of it is the tree of
//! `SELECT … FROM t`. Positions (`query_location`) are not part of a reading. The first
//! difference is reported at its place in the caller's text.

use crate::check::tree::{Node, Object};
use crate::error::{Code, Error, Result};
use crate::statement::{CallerReading, Param};

/// Keys that say where a node stands in its text, not what it is.
const POSITION_KEYS: &[&str] = &["query_location", "query_location_length"];

/// How deep the side-by-side walk goes (the parse-tree check's own bound).
const MAX_DEPTH: usize = 256;

/// Refuse unless `caller` (DuckDB's tree of `reading.text`) is `compiled` (DuckDB's tree of
/// the statement about to run, with `params`) up to the rewrites above. `rows_read` is how
/// many rows the executor reads of the statement (its row cap plus one); `policed` says
/// whether a deployment policy restricts a table (by lowercased name).
pub(crate) fn prove(
    caller: &Node<'_>,
    compiled: &Node<'_>,
    params: &[Param],
    reading: &CallerReading,
    rows_read: usize,
    policed: &dyn Fn(&str) -> bool,
) -> Result<()> {
    let caller_root = caller_statement(caller, &reading.text)?;
    let Some(compiled_root) = single_statement(compiled) else {
        return Err(Error::new(Code::StatementRefused, "the compiled statement is not one SELECT")
            .hint("the compiler returned SQL the host will not run; nothing was executed"));
    };
    let mut walk = SideBySide { params, reading, rows_read, policed, location: None };
    walk.root(caller_root, compiled_root).map_err(|difference| difference.into_error(&reading.text))
}

/// The one SELECT DuckDB reads in the caller's text, or the refusal that says why not.
fn caller_statement<'n, 'a>(caller: &'n Node<'a>, text: &str) -> Result<&'n Node<'a>> {
    if caller.get("error").and_then(Node::as_bool) == Some(true) {
        let message = caller.get("error_message").and_then(Node::as_str).unwrap_or("it does not parse");
        if caller.get("error_type").and_then(Node::as_str) == Some("parser") {
            let path = caller
                .get("position")
                .and_then(Node::as_str)
                .and_then(|p| p.parse::<usize>().ok())
                .map_or_else(|| "sql".to_string(), |at| sql_position(text, at));
            return Err(Error::new(Code::SqlSyntax, format!("DuckDB cannot parse the SQL: {message}"))
                .at(path)
                .hint("send one DuckDB SELECT statement; double-quote names that are keywords"));
        }
        return Err(differs_error("sql", format!("DuckDB does not read the text as one SELECT: {message}")));
    }
    match caller.get("statements").and_then(Node::as_array).map(Vec::as_slice) {
        Some([statement]) => statement.get("node").ok_or_else(|| differs_error("sql", "DuckDB's tree has no query")),
        Some(many) => Err(differs_error(
            "sql",
            format!("DuckDB reads {} statements in the text, where the compiler read one", many.len()),
        )),
        None => Err(differs_error("sql", "DuckDB's tree of the text has no statement")),
    }
}

fn single_statement<'n, 'a>(tree: &'n Node<'a>) -> Option<&'n Node<'a>> {
    match tree.get("statements").and_then(Node::as_array).map(Vec::as_slice) {
        Some([statement]) if tree.get("error").and_then(Node::as_bool) == Some(false) => statement.get("node"),
        _ => None,
    }
}

fn differs_error(path: impl Into<String>, message: impl Into<String>) -> Error {
    Error::new(Code::ReadingDiffers, message).at(path).hint(
        "write the statement so it cannot be read two ways: `x IS NULL` rather than `x ISNULL`, `AS` before \
         every alias, double quotes around a name that is a keyword; nothing ran",
    )
}

/// `sql:<line>:<column>` of byte `at` in `text` (lines and columns from 1, columns in
/// characters), as the compiler's own refusals write positions.
pub(crate) fn sql_position(text: &str, at: usize) -> String {
    let at = (0..=at.min(text.len())).rev().find(|&i| text.is_char_boundary(i)).unwrap_or(0);
    let before = &text[..at];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().unwrap_or("").chars().count() + 1;
    format!("sql:{line}:{column}")
}

/// The first place the two trees part, at the innermost caller node with a position.
struct Difference {
    at: Option<usize>,
    what: String,
}

impl Difference {
    fn into_error(self, text: &str) -> Error {
        let (path, quoted) = match self.at {
            Some(at) if at <= text.len() => (sql_position(text, at), format!(" at `{}`", snippet(text, at))),
            _ => ("sql".to_string(), String::new()),
        };
        differs_error(path, format!("DuckDB reads your text{quoted} otherwise than the compiler did: {}", self.what))
    }
}

/// A few words of `text` from byte `at`, for a message.
fn snippet(text: &str, at: usize) -> String {
    let rest = text.get(at..).unwrap_or("");
    let words: String = rest.chars().take(40).collect();
    let cut = words.split('\n').next().unwrap_or("").trim_end();
    if cut.len() < rest.trim_end().len() {
        format!("{cut}…")
    } else {
        cut.to_string()
    }
}

struct SideBySide<'r> {
    params: &'r [Param],
    reading: &'r CallerReading,
    rows_read: usize,
    policed: &'r dyn Fn(&str) -> bool,
    /// The position of the innermost caller node being compared that has one.
    location: Option<usize>,
}

type Walked = std::result::Result<(), Difference>;

impl SideBySide<'_> {
    fn differ(&self, what: impl Into<String>) -> Walked {
        Err(Difference { at: self.location, what: what.into() })
    }

    /// The statement's query node: compared like any other, except its modifiers, whose
    /// last is the compiler's row cap.
    fn root(&mut self, caller: &Node<'_>, compiled: &Node<'_>) -> Walked {
        let (Some(a), Some(b)) = (caller.as_object(), compiled.as_object()) else {
            return self.differ("the statement is not a query");
        };
        self.enter(a);
        self.same_keys(a, b)?;
        for (key, a_value) in a.iter().filter(|(key, _)| !POSITION_KEYS.contains(key)) {
            let b_value = b.get(key).unwrap_or(&Node::Null);
            if key == "modifiers" {
                self.row_cap(a_value, b_value)?;
            } else {
                self.node(a_value, b_value, 1)?;
            }
        }
        Ok(())
    }

    /// The caller's modifiers, then the compiler's `LIMIT $k`: the caller's own LIMIT (and
    /// OFFSET) if it had one, the deployment's row cap otherwise.
    fn row_cap(&mut self, caller: &Node<'_>, compiled: &Node<'_>) -> Walked {
        let (Some(a), Some(b)) = (caller.as_array(), compiled.as_array()) else {
            return self.differ("the statement's modifiers are unreadable");
        };
        let Some((cap, b_rest)) = b.split_last() else {
            return self.differ("the compiled statement has no row cap");
        };
        let is_limit = |node: &Node<'_>| node.get("type").and_then(Node::as_str) == Some("LIMIT_MODIFIER");
        let (a_rest, a_limit) = match a.split_last() {
            Some((last, rest)) if is_limit(last) => (rest, Some(last)),
            _ => (a.as_slice(), None),
        };
        if a_rest.len() != b_rest.len() || !is_limit(cap) {
            return self.differ("its ORDER BY, DISTINCT or LIMIT clauses are not the compiler's");
        }
        for (a_item, b_item) in a_rest.iter().zip(b_rest) {
            self.node(a_item, b_item, 2)?;
        }
        let requested = match a_limit.and_then(|limit| limit.get("limit")).filter(|n| !n.is_null()) {
            None => None,
            // `LIMIT ALL` and `LIMIT NULL` are no limit to DuckDB.
            Some(constant)
                if constant.get("class").and_then(Node::as_str) == Some("CONSTANT")
                    && constant.pointer("/literal/kind").and_then(Node::as_str) == Some("NULL_LITERAL") =>
            {
                None
            }
            Some(constant) => match constant.pointer("/literal/text").and_then(Node::as_str) {
                Some(text) if constant.pointer("/literal/kind").and_then(Node::as_str) == Some("INTEGER") => {
                    Some(text.parse::<u64>().unwrap_or(u64::MAX))
                }
                _ => return self.differ("its LIMIT is not a plain number"),
            },
        };
        let a_offset = a_limit.and_then(|limit| limit.get("offset")).unwrap_or(&Node::Null);
        self.node(a_offset, cap.get("offset").unwrap_or(&Node::Null), 3)?;
        if cap.get("limit_type").and_then(Node::as_str) != Some("ROW_COUNT")
            || a_limit.is_some_and(|limit| limit.get("limit_type") != cap.get("limit_type"))
        {
            return self.differ("its LIMIT is not a row count");
        }
        let max_rows = u64::from(self.reading.max_rows.max(1));
        let rows = requested.unwrap_or(max_rows).clamp(1, max_rows) + 1;
        let bound = cap.get("limit").and_then(|limit| self.parameter(limit));
        if bound != Some(&Param::Integer(rows as i64)) || self.rows_read as u64 != rows {
            return self.differ(format!(
                "the compiled row cap reads {} rows where {} are due ({})",
                self.rows_read,
                rows,
                requested.map_or("no LIMIT".to_string(), |n| format!("LIMIT {n}"))
            ));
        }
        Ok(())
    }

    fn enter(&mut self, object: &Object<'_>) {
        // DuckDB writes u64::MAX where a node has no place in the text.
        if let Some(at) = object.get("query_location").and_then(Node::as_u64).filter(|&at| at != u64::MAX) {
            self.location = Some(at as usize);
        }
    }

    fn node(&mut self, a: &Node<'_>, b: &Node<'_>, depth: usize) -> Walked {
        if depth > MAX_DEPTH {
            return self.differ(format!("the statement is deeper than {MAX_DEPTH} levels"));
        }
        match (a, b) {
            (Node::Object(a), Node::Object(b)) => {
                let outer = self.location;
                self.enter(a);
                self.object(a, b, depth)?;
                self.location = outer;
                Ok(())
            }
            (Node::Array(a), Node::Array(b)) => {
                if a.len() != b.len() {
                    return self.differ(format!("it has {} parts where the compiler has {}", a.len(), b.len()));
                }
                a.iter().zip(b).try_for_each(|(a, b)| self.node(a, b, depth + 1))
            }
            _ if a == b => Ok(()),
            (Node::Object(a), b) => {
                self.enter(a);
                self.differ(format!("as {}, where the compiler has {}", describe(a), brief(b)))
            }
            (a, b) => self.differ(format!("as {}, where the compiler has {}", brief(a), brief(b))),
        }
    }

    fn object(&mut self, a: &Object<'_>, b: &Object<'_>, depth: usize) -> Walked {
        if let Some(rewrite) = self.rewrite(a, b) {
            return rewrite;
        }
        self.same_keys(a, b)?;
        let date_part = [a, b].iter().all(|o| o.get("function_name").and_then(Node::as_str) == Some("date_part"));
        let type_node = [a, b].iter().all(|o| o.get("class").and_then(Node::as_str) == Some("TYPE"));
        for (key, a_value) in a.iter().filter(|(key, _)| !POSITION_KEYS.contains(key)) {
            let b_value = b.get(key).unwrap_or(&Node::Null);
            if type_node && same_type_name(key, a_value, b_value) {
                continue;
            } else if date_part && key == "arguments" && same_date_part_field(a_value, b_value) {
                // The same field; the other arguments are compared as any others.
                self.node(&after_first(a_value), &after_first(b_value), depth + 1)?;
            } else if let (Node::Object(_) | Node::Array(_), _) | (_, Node::Object(_) | Node::Array(_)) =
                (a_value, b_value)
            {
                self.node(a_value, b_value, depth + 1)?;
            } else if a_value != b_value {
                return self.differ(format!(
                    "as {} with {key} {a_value}, where the compiler has {} with {key} {b_value}",
                    describe(a),
                    describe(b)
                ));
            }
        }
        Ok(())
    }

    fn same_keys(&self, a: &Object<'_>, b: &Object<'_>) -> Walked {
        let keys = |o: &Object<'_>| o.keys().filter(|key| !POSITION_KEYS.contains(key)).collect::<Vec<_>>().join(",");
        if keys(a) == keys(b) {
            Ok(())
        } else {
            self.differ(format!("as {}, where the compiler has {}", describe(a), describe(b)))
        }
    }

    /// The outcome where the compiler's node is one of its rewrites; `None` where it is not.
    fn rewrite(&mut self, a: &Object<'_>, b: &Object<'_>) -> Option<Walked> {
        let class = b.get("class").and_then(Node::as_str);
        let kind = b.get("type").and_then(Node::as_str);
        match (class, kind) {
            (Some("PARAMETER"), _) => Some(self.bound_literal(a, b, None)),
            (Some("CAST"), _) if b.str_at("child", "class") == Some("PARAMETER") => Some(self.cast_parameter(a, b)),
            (None, Some("SUBQUERY")) if a.get("type").and_then(Node::as_str) == Some("BASE_TABLE") => {
                Some(self.policy_source(a, b))
            }
            _ => None,
        }
    }

    fn parameter(&self, node: &Node<'_>) -> Option<&Param> {
        self.parameter_of(node.as_object()?)
    }

    /// The value bound to a `PARAMETER` node (`$n` binds `params[n - 1]`).
    fn parameter_of(&self, node: &Object<'_>) -> Option<&Param> {
        if node.get("class").and_then(Node::as_str) != Some("PARAMETER") {
            return None;
        }
        let number: usize = node.get("identifier").and_then(Node::as_str)?.parse().ok()?;
        self.params.get(number.checked_sub(1)?)
    }

    /// A literal of the caller's text where the compiler has a parameter (`cast` is the
    /// type the compiler cast it to: `DECIMAL(p,s)` or `HUGEINT`).
    fn bound_literal(&self, a: &Object<'_>, parameter: &Object<'_>, cast: Option<LiteralType>) -> Walked {
        let param = self.parameter_of(parameter);
        let kind = a.get("literal").and_then(|l| l.get("kind")).and_then(Node::as_str);
        let text = a.get("literal").and_then(|l| l.get("text")).and_then(Node::as_str);
        let (Some("CONSTANT"), Some(kind), Some(text), Some(param)) =
            (a.get("class").and_then(Node::as_str), kind, text, param)
        else {
            return self.differ(format!("as {}, where the compiler has a bound value", describe(a)));
        };
        if literal_matches(kind, text, param, cast) {
            Ok(())
        } else {
            self.differ(format!("the literal {text} ({kind}) was bound as {param:?}"))
        }
    }

    /// `CAST($n AS …)`: a literal bound at its exact type, or today's date.
    fn cast_parameter(&mut self, a: &Object<'_>, b: &Object<'_>) -> Walked {
        let child = b.get("child").and_then(Node::as_object);
        let type_name = b.str_at("type_expr", "type_name").unwrap_or("");
        let modifiers: Vec<u32> = b
            .get("type_expr")
            .and_then(|t| t.get("children"))
            .and_then(Node::as_array)
            .map(|children| {
                children
                    .iter()
                    .filter_map(|c| c.pointer("/literal/text").and_then(Node::as_str)?.parse().ok())
                    .collect()
            })
            .unwrap_or_default();
        if b.get("try_cast").and_then(Node::as_bool) != Some(false) || a.get("alias") != b.get("alias") {
            return self.differ(format!("as {}, where the compiler has a cast value", describe(a)));
        }
        let Some(child) = child else { return self.differ("the compiler's cast has no value") };
        match (type_name, modifiers.as_slice()) {
            ("DATE", []) => self.todays_date(a, child),
            ("DECIMAL", [width, scale]) => self.bound_literal(a, child, Some(LiteralType::Decimal(*width, *scale))),
            ("HUGEINT", []) => self.bound_literal(a, child, Some(LiteralType::HugeInt)),
            _ => self.differ(format!("as {}, where the compiler has a value cast to {type_name}", describe(a))),
        }
    }

    /// `current_date`, `current_date()` or `today()` where the compiler bound the answer's
    /// today.
    fn todays_date(&self, a: &Object<'_>, parameter: &Object<'_>) -> Walked {
        let is_today = match a.get("class").and_then(Node::as_str) {
            Some("COLUMN_REF") => {
                matches!(a.get("column_names").and_then(Node::as_array).map(Vec::as_slice),
                    Some([Node::String(name)]) if name.eq_ignore_ascii_case("current_date"))
            }
            Some("FUNCTION") => {
                let name = a.get("function_name").and_then(Node::as_str).unwrap_or("");
                matches!(name, "current_date" | "today")
                    && a.get("arguments").and_then(Node::as_array).is_some_and(Vec::is_empty)
                    && a.get("schema").and_then(Node::as_str) == Some("")
                    && a.get("catalog").and_then(Node::as_str) == Some("")
                    && a.get("filter").is_some_and(Node::is_null)
                    && a.get("distinct").and_then(Node::as_bool) == Some(false)
                    && a.get("export_state").and_then(Node::as_bool) == Some(false)
                    && a.get("order_bys")
                        .and_then(|o| o.get("orders"))
                        .and_then(Node::as_array)
                        .is_some_and(Vec::is_empty)
            }
            _ => false,
        };
        let bound = self.parameter_of(parameter);
        if is_today && bound == Some(&Param::Date(self.reading.today)) {
            Ok(())
        } else {
            self.differ(format!("as {}, where the compiler has today's date", describe(a)))
        }
    }

    /// A read of a table a policy restricts, which the compiler wrote as the policy's
    /// source query under the same name (or the caller's alias).
    fn policy_source(&mut self, a: &Object<'_>, b: &Object<'_>) -> Walked {
        let text = |o: &Object<'_>, key: &str| o.get(key).and_then(Node::as_str).unwrap_or("").to_string();
        let table = text(a, "table_name");
        let alias = if text(a, "alias").is_empty() { table.clone() } else { text(a, "alias") };
        let inner = b.get("subquery").and_then(|s| s.get("node")).and_then(|n| n.get("from_table"));
        let inner_table = inner.and_then(|t| t.get("table_name")).and_then(Node::as_str).unwrap_or("");
        let plain = text(a, "schema_name").is_empty()
            && text(a, "catalog_name").is_empty()
            && a.get("sample").is_some_and(Node::is_null)
            && a.get("at_clause").is_some_and(Node::is_null)
            && b.get("sample").is_some_and(Node::is_null);
        if !plain
            || !(self.policed)(&table.to_lowercase())
            || !inner_table.eq_ignore_ascii_case(&table)
            || !text(b, "alias").eq_ignore_ascii_case(&alias)
        {
            return self.differ(format!("as the table {table}, where the compiler reads another source"));
        }
        self.node(
            a.get("column_name_alias").unwrap_or(&Node::Null),
            b.get("column_name_alias").unwrap_or(&Node::Null),
            1,
        )
    }
}

/// Whether two `date_part` calls' arguments start with the same field, written in another
/// case: `EXTRACT(year FROM d)` is `date_part('year', d)` to DuckDB, which keeps the field as
/// written, and the compiler re-emits it as `EXTRACT(YEAR FROM d)`; date_part reads its field
/// in any case. Only a plain string constant, unnamed and without alias, on both sides.
fn same_date_part_field(a: &Node<'_>, b: &Node<'_>) -> bool {
    let field = |args: &Node<'_>| -> Option<String> {
        let first = args.as_array()?.first()?;
        let constant = first.get("expression")?;
        let plain = first.get("name").and_then(Node::as_str) == Some("")
            && constant.get("class").and_then(Node::as_str) == Some("CONSTANT")
            && constant.get("alias").and_then(Node::as_str) == Some("")
            && constant.pointer("/literal/kind").and_then(Node::as_str) == Some("STRING");
        plain.then(|| constant.pointer("/literal/text").and_then(Node::as_str).map(str::to_ascii_lowercase))?
    };
    matches!((field(a), field(b)), (Some(x), Some(y)) if x == y)
}

/// Whether `key` of a `TYPE` node is its name (`type_name`, `qualified_name`) and the two
/// differ at most in case: DuckDB keeps a type name it reads as an identifier as written
/// (`CAST(x AS double)`, `text '_'`), the compiler re-emits it in upper case, and DuckDB looks
/// type names up in any case.
fn same_type_name(key: &str, a: &Node<'_>, b: &Node<'_>) -> bool {
    let same = |x: &Node<'_>, y: &Node<'_>| matches!((x.as_str(), y.as_str()), (Some(x), Some(y)) if x.eq_ignore_ascii_case(y));
    match key {
        "type_name" => same(a, b),
        "qualified_name" => {
            let keys = |n: &Node<'_>| n.as_object().map(|o| o.keys().count());
            let (x, y) = (a.get("path").and_then(Node::as_array), b.get("path").and_then(Node::as_array));
            matches!((x, y), (Some(x), Some(y)) if x.len() == y.len() && x.iter().zip(y).all(|(x, y)| same(x, y)))
                && keys(a) == Some(1)
                && keys(b) == Some(1)
        }
        _ => false,
    }
}

/// A list of arguments without its first.
fn after_first<'a>(args: &Node<'a>) -> Node<'a> {
    Node::Array(args.as_array().map_or(&[][..], |a| &a[1..]).to_vec())
}

/// The exact type the compiler cast a bound literal to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum LiteralType {
    Decimal(u32, u32),
    HugeInt,
}

/// Whether `param` (cast to `cast`, if the compiler cast it) is the value DuckDB reads in
/// the literal `text` of `kind`, at the type DuckDB gives it.
fn literal_matches(kind: &str, text: &str, param: &Param, cast: Option<LiteralType>) -> bool {
    match (kind, param, cast) {
        ("STRING", Param::Text(value), None) => value == text,
        ("BOOLEAN", Param::Boolean(value), None) => text == if *value { "true" } else { "false" },
        ("INTEGER", Param::Integer(value), None) => text.parse::<i128>() == Ok(i128::from(*value)),
        ("INTEGER", Param::Text(value), Some(LiteralType::HugeInt)) => {
            // A whole number no BIGINT holds, which DuckDB reads as a HUGEINT.
            let read = text.parse::<i128>();
            read.is_ok() && read == value.parse::<i128>() && read.is_ok_and(|n| i64::try_from(n).is_err())
        }
        ("NUMERIC", Param::Text(value), Some(LiteralType::Decimal(width, scale))) => {
            value == text && decimal_type(text) == Some((width, scale))
        }
        ("NUMERIC", Param::Float(value), None) => {
            decimal_type(text).is_none() && text.parse::<f64>().is_ok_and(|read| read.to_bits() == value.to_bits())
        }
        _ => false,
    }
}

/// The `DECIMAL(width, scale)` DuckDB gives a number literal with a point and no exponent
/// (every digit counts toward the width, leading zeros too: `00012.50` is `DECIMAL(7,2)`),
/// or `None` where it reads a DOUBLE (an exponent, more than 38 digits).
fn decimal_type(text: &str) -> Option<(u32, u32)> {
    let (whole, fraction) = text.split_once('.')?;
    if !whole.bytes().chain(fraction.bytes()).all(|b| b.is_ascii_digit()) {
        return None;
    }
    let width = whole.len() + fraction.len();
    (1..=38).contains(&width).then_some((width as u32, fraction.len() as u32))
}

/// Any node in a few words: an object as [`describe`] says it, `nothing` for null, a list
/// by its length, a value as JSON.
fn brief(node: &Node<'_>) -> String {
    match node {
        Node::Object(object) => describe(object),
        Node::Null => "nothing".into(),
        Node::Array(items) => format!("a list of {}", items.len()),
        other => other.to_string(),
    }
}

/// A node in a few words, for a refusal: `OPERATOR_IS_NULL`, `COLUMN_REF d`, `FUNCTION avg`.
fn describe(node: &Object<'_>) -> String {
    let kind = node.get("type").and_then(Node::as_str).unwrap_or("a node");
    let name = node
        .get("function_name")
        .or_else(|| node.get("table_name"))
        .and_then(Node::as_str)
        .map(str::to_string)
        .or_else(|| {
            node.get("column_names")
                .and_then(Node::as_array)
                .map(|parts| parts.iter().filter_map(Node::as_str).collect::<Vec<_>>().join("."))
        });
    let alias = node.get("alias").and_then(Node::as_str).filter(|alias| !alias.is_empty());
    let mut words = kind.to_string();
    if let Some(name) = name {
        words.push(' ');
        words.push_str(&name);
    }
    if let Some(alias) = alias {
        words.push_str(&format!(" AS {alias}"));
    }
    words
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::duck::parse_tree;

    const TODAY: i32 = 20_000;

    /// Prove `compiled` (bound to `params`, read to `rows` rows) against the caller's text,
    /// with a row cap of 1 000 and `secret` the one policed table.
    fn prove_texts(caller: &str, compiled: &str, params: &[Param], rows: usize) -> Result<()> {
        let reading = CallerReading { text: caller.into(), max_rows: 1000, today: TODAY };
        let (a, b) = (parse_tree(caller).unwrap(), parse_tree(compiled).unwrap());
        let (a, b) = (Node::parse(&a).unwrap(), Node::parse(&b).unwrap());
        prove(&a, &b, params, &reading, rows, &|table| table == "secret")
    }

    fn cap(rows: i64) -> Param {
        Param::Integer(rows)
    }

    fn text(value: &str) -> Param {
        Param::Text(value.into())
    }

    #[track_caller]
    fn refused(outcome: Result<()>, code: &str, path: &str) -> String {
        let error = outcome.expect_err("must be refused");
        assert_eq!((error.code.as_str(), error.path.as_str()), (code, path), "{error}");
        error.message
    }

    #[test]
    fn a_postfix_operator_read_as_an_alias_is_refused_where_it_stands() {
        let message = refused(
            prove_texts("SELECT d, d ISNULL FROM t", "SELECT d, d AS ISNULL FROM t LIMIT $1", &[cap(1001)], 1001),
            "reading_differs",
            "sql:1:13",
        );
        assert!(message.contains("OPERATOR_IS_NULL") && message.contains("AS ISNULL"), "{message}");
        let message = refused(
            prove_texts(
                "SELECT avg(d) EXPORT_STATE\nFROM t",
                "SELECT avg(d) AS EXPORT_STATE FROM t LIMIT $1",
                &[cap(1001)],
                1001,
            ),
            "reading_differs",
            "sql:1:8",
        );
        assert!(message.contains("EXPORT_STATE"), "{message}");
        // Read alike, the same statements pass.
        prove_texts("SELECT d, d IS NULL FROM t", "SELECT d, d IS NULL FROM t LIMIT $1", &[cap(1001)], 1001).unwrap();
        prove_texts("SELECT avg(d) AS e FROM t", "SELECT avg(d) AS e FROM t LIMIT $1", &[cap(1001)], 1001).unwrap();
    }

    #[test]
    fn literals_may_be_bound_only_to_the_value_duckdb_reads_in_them() {
        let caller = "SELECT a FROM t WHERE b = 'it''s' AND c > 1.50 AND d = 5 AND e < 1e3 AND f = 99999999999999999999 AND g = true";
        let compiled = "SELECT a FROM t WHERE b = $1 AND c > CAST($2 AS DECIMAL(3,2)) AND d = $3 AND e < $4 AND f = CAST($5 AS HUGEINT) AND g = $6 LIMIT $7";
        let params = [
            text("it's"),
            text("1.50"),
            Param::Integer(5),
            Param::Float(1e3),
            text("99999999999999999999"),
            Param::Boolean(true),
            cap(1001),
        ];
        prove_texts(caller, compiled, &params, 1001).unwrap();
        let swap = |at: usize, param: Param| {
            let mut changed = params.to_vec();
            changed[at] = param;
            prove_texts(caller, compiled, &changed, 1001)
        };
        for (at, wrong) in [
            (0, text("its")),
            (1, text("1.5")),
            (2, Param::Integer(6)),
            (2, text("5")),
            (3, Param::Float(1000.0001)),
            (4, text("99999999999999999998")),
            (5, Param::Boolean(false)),
        ] {
            let error = swap(at, wrong.clone()).expect_err(&format!("{wrong:?}"));
            assert_eq!(error.code, "reading_differs", "{wrong:?}: {error}");
        }
        // A decimal cast narrower than the literal would round it.
        let narrower = compiled.replace("DECIMAL(3,2)", "DECIMAL(2,1)");
        assert_eq!(prove_texts(caller, &narrower, &params, 1001).unwrap_err().code, "reading_differs");
        // A whole number past HUGEINT is no HUGEINT, and one BIGINT holds is no HUGEINT.
        let huge = "SELECT a FROM t WHERE f = 170141183460469231731687303715884105728";
        let as_double = "SELECT a FROM t WHERE f = $1 LIMIT $2";
        let error = prove_texts(huge, as_double, &[Param::Float(1.7014118346046923e38), cap(1001)], 1001);
        assert_eq!(error.unwrap_err().code, "reading_differs");
        let small = prove_texts(
            "SELECT a FROM t WHERE f = 5",
            "SELECT a FROM t WHERE f = CAST($1 AS HUGEINT) LIMIT $2",
            &[text("5"), cap(1001)],
            1001,
        );
        assert_eq!(small.unwrap_err().code, "reading_differs");
    }

    #[test]
    fn the_row_cap_is_the_callers_limit_clamped_or_the_deployments() {
        let case = |caller: &str, compiled: &str, bound: i64, rows: usize| {
            let params = [cap(bound)];
            prove_texts(caller, compiled, &params, rows)
        };
        case("SELECT a FROM t", "SELECT a FROM t LIMIT $1", 1001, 1001).unwrap();
        case("SELECT a FROM t LIMIT 5", "SELECT a FROM t LIMIT $1", 6, 6).unwrap();
        case("SELECT a FROM t LIMIT 0", "SELECT a FROM t LIMIT $1", 2, 2).unwrap();
        case("SELECT a FROM t LIMIT 5000", "SELECT a FROM t LIMIT $1", 1001, 1001).unwrap();
        case("SELECT a FROM t LIMIT ALL", "SELECT a FROM t LIMIT $1", 1001, 1001).unwrap();
        case("SELECT a FROM t LIMIT NULL", "SELECT a FROM t LIMIT $1", 1001, 1001).unwrap();
        case("SELECT a FROM t ORDER BY a LIMIT 5 OFFSET 2", "SELECT a FROM t ORDER BY a LIMIT $1 OFFSET 2", 6, 6)
            .unwrap();
        for (caller, compiled, bound, rows) in [
            ("SELECT a FROM t LIMIT 5", "SELECT a FROM t LIMIT $1", 1001, 1001),
            ("SELECT a FROM t LIMIT 5", "SELECT a FROM t LIMIT $1", 6, 1001),
            ("SELECT a FROM t", "SELECT a FROM t LIMIT $1", 6, 6),
            ("SELECT a FROM t ORDER BY a LIMIT 5 OFFSET 2", "SELECT a FROM t ORDER BY a LIMIT $1", 6, 6),
            ("SELECT a FROM t ORDER BY a", "SELECT a FROM t LIMIT $1", 1001, 1001),
            ("SELECT a FROM t", "SELECT a FROM t", 1001, 1001),
        ] {
            let error = case(caller, compiled, bound, rows).expect_err(compiled);
            assert_eq!(error.code, "reading_differs", "{caller} / {compiled}: {error}");
        }
    }

    #[test]
    fn today_and_from_first_and_policy_sources_are_the_compilers_own_rewrites() {
        let compiled = "SELECT a FROM t WHERE d = CAST($1 AS DATE) LIMIT $2";
        for caller in [
            "SELECT a FROM t WHERE d = current_date",
            "SELECT a FROM t WHERE d = CURRENT_DATE",
            "SELECT a FROM t WHERE d = current_date()",
            "SELECT a FROM t WHERE d = today()",
        ] {
            prove_texts(caller, compiled, &[Param::Date(TODAY), cap(1001)], 1001).unwrap();
            let error = prove_texts(caller, compiled, &[Param::Date(TODAY - 1), cap(1001)], 1001).unwrap_err();
            assert_eq!(error.code, "reading_differs", "{caller}");
        }
        prove_texts("FROM t SELECT count(*)", "SELECT count(*) FROM t LIMIT $1", &[cap(1001)], 1001).unwrap();
        prove_texts("FROM t", "SELECT * FROM t LIMIT $1", &[cap(1001)], 1001).unwrap();
        let source = "(SELECT a FROM secret WHERE CAST(tenant AS VARCHAR) = $1)";
        prove_texts(
            "SELECT * FROM secret",
            &format!("SELECT * FROM {source} AS secret LIMIT $2"),
            &[text("acme"), cap(1001)],
            1001,
        )
        .unwrap();
        prove_texts(
            "SELECT s.a FROM secret s",
            &format!("SELECT s.a FROM {source} AS s LIMIT $2"),
            &[text("acme"), cap(1001)],
            1001,
        )
        .unwrap();
        // Another table's name, another alias, or a table no policy restricts: refused.
        for (caller, compiled) in [
            ("SELECT * FROM secret", format!("SELECT * FROM {source} AS other LIMIT $2")),
            ("SELECT * FROM open", format!("SELECT * FROM {} AS open LIMIT $2", source.replace("secret", "open"))),
            ("SELECT * FROM other", format!("SELECT * FROM {source} AS other LIMIT $2")),
        ] {
            let error = prove_texts(caller, &compiled, &[text("acme"), cap(1001)], 1001).unwrap_err();
            assert_eq!(error.code, "reading_differs", "{caller}");
        }
    }

    #[test]
    fn a_type_name_is_read_in_any_case() {
        let compiled = "SELECT CAST(d AS DOUBLE), d::VARCHAR, TEXT '_' FROM t LIMIT $1";
        prove_texts("SELECT CAST(d AS double), d::varchar, text '_' FROM t", compiled, &[cap(1001)], 1001).unwrap();
        let error = prove_texts("SELECT CAST(d AS float), d::varchar, text '_' FROM t", compiled, &[cap(1001)], 1001);
        assert_eq!(error.unwrap_err().code, "reading_differs");
    }

    #[test]
    fn an_extract_field_is_read_in_any_case() {
        // DuckDB keeps the field as written; the compiler re-emits it in upper case.
        let compiled = "SELECT EXTRACT(YEAR FROM d), EXTRACT(EPOCH FROM d) FROM t LIMIT $1";
        prove_texts("SELECT EXTRACT(year FROM d), extract(epoch FROM d) FROM t", compiled, &[cap(1001)], 1001).unwrap();
        // Another field, or another operand, still differs.
        for caller in [
            "SELECT EXTRACT(month FROM d), EXTRACT(epoch FROM d) FROM t",
            "SELECT EXTRACT(year FROM e), EXTRACT(epoch FROM d) FROM t",
        ] {
            let error = prove_texts(caller, compiled, &[cap(1001)], 1001).unwrap_err();
            assert_eq!(error.code, "reading_differs", "{caller}");
        }
    }

    #[test]
    fn text_duckdb_cannot_read_as_one_select_is_refused() {
        let compiled = "SELECT a FROM t LIMIT $1";
        let message =
            refused(prove_texts("SELECT a FROM t WHERE", compiled, &[cap(1001)], 1001), "sql_syntax", "sql:1:17");
        assert!(message.contains("DuckDB cannot parse"), "{message}");
        refused(prove_texts("SELECT a FROM t; SELECT 1", compiled, &[cap(1001)], 1001), "reading_differs", "sql");
        refused(prove_texts("PRAGMA version", compiled, &[cap(1001)], 1001), "reading_differs", "sql");
    }

    #[test]
    fn positions_are_lines_and_characters() {
        assert_eq!(sql_position("SELECT é, x", 10), "sql:1:10");
        assert_eq!(sql_position("SELECT\n  x", 9), "sql:2:3");
        assert_eq!(sql_position("ab", 99), "sql:1:3");
    }
}
