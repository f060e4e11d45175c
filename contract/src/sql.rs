//! SQL mode's allowlist: the functions and cast types a statement may name.
//!
//! Everything not listed is refused, including every table function (`read_csv`, `glob`,
//! `range`, `query`, `duckdb_*`, `pragma_*`), functions that reach outside the data
//! (`current_setting`, `getenv`, `read_text`, `enable_logging`), and functions that can be
//! asked for enormous outputs (`repeat`, `lpad`, `rpad`, `range`, `generate_series`).
//! Reviewed as a list: adding a name is a security decision.

/// Scalar functions that compute on values.
pub const SCALAR: &[&str] = &[
    // numbers
    "abs",
    "ceil",
    "ceiling",
    "floor",
    "round",
    "trunc",
    "sign",
    "sqrt",
    "cbrt",
    "power",
    "pow",
    "exp",
    "ln",
    "log",
    "log10",
    "log2",
    "greatest",
    "least",
    "mod",
    "isnan",
    "isinf",
    "isfinite",
    // nulls and conditionals
    "coalesce",
    "nullif",
    "ifnull",
    "if",
    // text
    "lower",
    "upper",
    "lcase",
    "ucase",
    "length",
    "char_length",
    "character_length",
    "trim",
    "ltrim",
    "rtrim",
    "substr",
    "substring",
    "replace",
    "concat",
    "concat_ws",
    "left",
    "right",
    "starts_with",
    "ends_with",
    "suffix",
    "prefix",
    "contains",
    "strpos",
    "instr",
    "position",
    "reverse",
    "split_part",
    "regexp_matches",
    "regexp_replace",
    "regexp_extract",
    "like_escape",
    "chr",
    "unicode",
    // bits
    "bit_count",
    // dates and times
    "date_trunc",
    "datetrunc",
    "date_part",
    "datepart",
    "date_diff",
    "datediff",
    "date_sub",
    "datesub",
    "year",
    "month",
    "day",
    "dayofmonth",
    "quarter",
    "week",
    "weekofyear",
    "isodow",
    "dayofweek",
    "dayofyear",
    "hour",
    "minute",
    "second",
    "yearweek",
    "last_day",
    "make_date",
    "make_timestamp",
    "strftime",
    "strptime",
    "epoch",
    "to_timestamp",
    "age",
    "monthname",
    "dayname",
    "to_days",
    "to_months",
    "to_years",
    "to_hours",
    "to_minutes",
    "to_seconds",
    // DuckDB reads `INTERVAL n WEEK` (and the other units) as these calls.
    "to_weeks",
    "to_quarters",
    "to_decades",
    "to_centuries",
    "to_millennia",
    "to_milliseconds",
    "to_microseconds",
];

/// Aggregate functions.
pub const AGGREGATE: &[&str] = &[
    "count",
    "count_star",
    "sum",
    "avg",
    "mean",
    "min",
    "max",
    "median",
    "mode",
    "quantile",
    "quantile_cont",
    "quantile_disc",
    "stddev",
    "stddev_samp",
    "stddev_pop",
    "variance",
    "var_samp",
    "var_pop",
    "string_agg",
    "group_concat",
    "listagg",
    "arg_min",
    "arg_max",
    "argmin",
    "argmax",
    "min_by",
    "max_by",
    "bool_and",
    "bool_or",
    "count_if",
    "countif",
    "approx_count_distinct",
    "approx_quantile",
    "first",
    "last",
    "any_value",
    "corr",
    "covar_pop",
    "covar_samp",
    "regr_slope",
    "regr_intercept",
    "regr_r2",
    "product",
    "fsum",
    "sumkahan",
    "kahan_sum",
    "entropy",
    "kurtosis",
    "kurtosis_pop",
    "skewness",
    "mad",
    "sem",
    "favg",
    "regr_count",
    "regr_avgx",
    "regr_avgy",
    "regr_sxx",
    "regr_syy",
    "regr_sxy",
    "bit_and",
    "bit_or",
    "bit_xor",
    // `first`'s and `any_value`'s other name: the type of its argument.
    "arbitrary",
    // DuckDB's macros `sum(value * weight) / sum(weight)` (weights of NULL values left out);
    // a macro takes no DISTINCT, FILTER, ORDER BY or OVER (the compiler refuses them there).
    "weighted_avg",
    "wavg",
    "grouping",
    // `grouping`'s other name in DuckDB's grammar (the same GROUPING_FUNCTION node).
    "grouping_id",
];

/// Window functions.
pub const WINDOW: &[&str] = &[
    "row_number",
    "rank",
    "dense_rank",
    "percent_rank",
    "cume_dist",
    "ntile",
    "lag",
    "lead",
    "first_value",
    "last_value",
    "nth_value",
];

/// The names DuckDB's parse tree gives to operators written in SQL (`a + b` is the function
/// `+`, `a LIKE b` is `~~`, `a NOT ILIKE b` is `!~~*`, `a LIKE b ESCAPE c` is `like_escape`).
/// The host accepts these function names because the guest only lets the operators through
/// (`BINARY_OPERATORS`, `LIKE` and `ILIKE`); nobody can call them by name through the guest,
/// which refuses quoted and symbol function names.
pub const OPERATOR_FUNCTIONS: &[&str] = &[
    "+",
    "-",
    "*",
    "/",
    "//",
    "%",
    "||",
    "~~",
    "!~~",
    "~~*",
    "!~~*",
    "like_escape",
    "not_like_escape",
    "ilike_escape",
    "not_ilike_escape",
];

/// Collations `x COLLATE name` may name: DuckDB's own, which need no extension (`nocase`,
/// `noaccent`, `nfc`), alone or combined with dots (`nocase.noaccent`), in any case, and
/// `binary` (no collation) alone. The collations of the `icu` extension (`de`, `en_us`, …)
/// are not, nor any other.
pub const COLLATIONS: &[&str] = &["nocase", "noaccent", "nfc"];

/// Whether `name` (as DuckDB's parse tree spells it, `nocase.noaccent` for a combination)
/// is `binary`, a collation of [`COLLATIONS`], or a combination of them each named once.
pub fn is_allowed_collation(name: &str) -> bool {
    if name.eq_ignore_ascii_case("binary") {
        return true;
    }
    let parts: Vec<String> = name.split('.').map(str::to_ascii_lowercase).collect();
    let known = parts.iter().all(|part| COLLATIONS.contains(&part.as_str()));
    let once = parts.iter().enumerate().all(|(i, part)| !parts[..i].contains(part));
    known && once
}

/// Binary operators SQL mode accepts, as written in SQL. Comparisons and AND/OR are
/// DuckDB's own expression classes, not functions; arithmetic and `||` become the
/// [`OPERATOR_FUNCTIONS`] above.
pub const BINARY_OPERATORS: &[&str] =
    &["+", "-", "*", "/", "//", "%", "||", "=", "<>", "!=", "<", "<=", ">", ">=", "AND", "OR"];

/// Type names a CAST (or a typed literal such as `DATE '2025-01-31'`) may name, spelled as
/// DuckDB's parse tree spells them. Only `DECIMAL`/`NUMERIC` (precision, scale) and
/// `VARCHAR` (length) take modifiers, and only plain numbers.
pub const CAST_TYPES: &[&str] = &[
    "TINYINT",
    "SMALLINT",
    "INTEGER",
    "INT",
    "BIGINT",
    "HUGEINT",
    "UTINYINT",
    "USMALLINT",
    "UINTEGER",
    "UBIGINT",
    "UHUGEINT",
    "INT2",
    "INT4",
    "INT8",
    "DOUBLE",
    "FLOAT",
    "REAL",
    "FLOAT4",
    "FLOAT8",
    "DECIMAL",
    "NUMERIC",
    "VARCHAR",
    "TEXT",
    "STRING",
    "BOOLEAN",
    "BOOL",
    "DATE",
    "TIME",
    "TIMESTAMP",
    "INTERVAL",
];

/// Cast types that take numeric modifiers, and at most how many.
pub const CAST_TYPE_MODIFIERS: &[(&str, usize)] = &[("DECIMAL", 2), ("NUMERIC", 2), ("VARCHAR", 1)];

/// Whether `name` (any case) is a function SQL mode lets a statement call.
pub fn is_allowed_function(name: &str) -> bool {
    let name = name.to_ascii_lowercase();
    functions().any(|f| f == name)
}

/// Every callable function name, in list order.
pub fn functions() -> impl Iterator<Item = &'static str> + Clone {
    SCALAR.iter().chain(AGGREGATE).chain(WINDOW).copied()
}

/// Whether `name` (any case) is an allowed cast type, and how many modifiers it may carry.
pub fn cast_type_modifiers(name: &str) -> Option<usize> {
    let upper = name.to_ascii_uppercase();
    CAST_TYPES
        .iter()
        .any(|t| *t == upper)
        .then(|| CAST_TYPE_MODIFIERS.iter().find(|(t, _)| *t == upper).map_or(0, |(_, n)| *n))
}

/// The name every trailing count column of a main query starts with (`__querycell_rows`,
/// `__querycell_nulls_0`, …). The compiler names them so; the host strips only columns that
/// are named so, and refuses a statement whose promised count columns are named otherwise.
pub const COUNT_COLUMN_PREFIX: &str = "__querycell_";

/// The frame SQL mode's count statement puts around its main statement's text (`SELECT
/// count(*) AS total_rows FROM (<main>) AS answer`, its row cap bound to NULL): the compiler
/// writes it so, and the host runs a SQL-mode count only when it is exactly that.
pub const SQL_COUNT_FRAME: (&str, &str) = ("SELECT count(*) AS total_rows FROM (", ") AS answer");

/// The words a statement the host runs may begin with (after white space). The compiler
/// refuses SQL whose re-emitted text would begin otherwise (a parenthesised query); the
/// host refuses such text again before DuckDB binds it.
pub const QUERY_FIRST_WORDS: &[&str] = &["SELECT", "WITH"];

/// DuckDB's reserved keywords (its grammar's `ReservedKeyword`): the words it reads as an
/// identifier only in double quotes. sqlparser takes some of them as aliases (`FROM t AS
/// from`), so the compiler refuses them unquoted where DuckDB wants an identifier: table and
/// CTE names and their column lists, and window names. `tests/all/executor/host_check.rs` holds
/// the list to DuckDB's own (`duckdb_keywords()`).
pub const RESERVED_WORDS: &[&str] = &[
    "ALL",
    "ANALYSE",
    "ANALYZE",
    "AND",
    "ANY",
    "ARRAY",
    "AS",
    "ASC",
    "ASYMMETRIC",
    "BOTH",
    "CASE",
    "CAST",
    "CHECK",
    "COLLATE",
    "COLUMN",
    "CONSTRAINT",
    "CREATE",
    "DEFAULT",
    "DEFERRABLE",
    "DESC",
    "DESCRIBE",
    "DISTINCT",
    "DO",
    "ELSE",
    "END",
    "EXCEPT",
    "FALSE",
    "FETCH",
    "FOR",
    "FOREIGN",
    "FROM",
    "GROUP",
    "HAVING",
    "IN",
    "INITIALLY",
    "INTERSECT",
    "INTO",
    "LAMBDA",
    "LATERAL",
    "LEADING",
    "LIMIT",
    "NOT",
    "NULL",
    "OFFSET",
    "ON",
    "ONLY",
    "OR",
    "ORDER",
    "PIVOT",
    "PIVOT_LONGER",
    "PIVOT_WIDER",
    "PLACING",
    "PRIMARY",
    "QUALIFY",
    "REFERENCES",
    "RETURNING",
    "SELECT",
    "SHOW",
    "SOME",
    "SUMMARIZE",
    "SYMMETRIC",
    "TABLE",
    "THEN",
    "TO",
    "TRAILING",
    "TRUE",
    "UNION",
    "UNIQUE",
    "UNPIVOT",
    "USING",
    "VARIADIC",
    "WHEN",
    "WHERE",
    "WINDOW",
    "WITH",
];

/// DuckDB's keywords that may name a function or label a column after `AS`, but never a
/// table, CTE, window or column unquoted (its grammar's `TypeFuncNameKeyword`, less the words
/// that are also column-name keywords): `FROM incidents AS left`, `WITH join AS (…)` and
/// `SELECT at FROM t` do not parse. The compiler refuses them unquoted where it refuses
/// [`RESERVED_WORDS`]; `tests/all/executor/host_check.rs` holds the list to
/// `duckdb_keywords()`.
pub const FUNCTION_NAME_KEYWORDS: &[&str] = &[
    "ANTI",
    "ASOF",
    "AT",
    "AUTHORIZATION",
    "BINARY",
    "BY",
    "COLLATION",
    "CONCURRENTLY",
    "CROSS",
    "FREEZE",
    "FULL",
    "GLOB",
    "ILIKE",
    "INNER",
    "IS",
    "ISNULL",
    "JOIN",
    "LEFT",
    "LIKE",
    "NATURAL",
    "NOTNULL",
    "OUTER",
    "OVERLAPS",
    "POSITIONAL",
    "RIGHT",
    "SEMI",
    "SIMILAR",
    "TABLESAMPLE",
    "UNPACK",
    "VERBOSE",
];

/// Whether `word` is on `list`, one of the keyword lists above ([`RESERVED_WORDS`],
/// [`FUNCTION_NAME_KEYWORDS`]), ignoring ASCII case. The lists are upper case and sorted
/// (a test holds them so), so the compiler's check of every name it reads is a binary search
/// that upper-cases as it compares, with no copy of the name.
pub fn is_keyword_on(list: &[&str], word: &str) -> bool {
    list.binary_search_by(|listed| listed.bytes().cmp(word.bytes().map(|b| b.to_ascii_uppercase()))).is_ok()
}

/// Every unquoted word the plan compiler writes in Spark SQL: keywords, the cast types, and
/// the functions. The host refuses Spark text with any other bare word (names are always
/// quoted), so Spark reads exactly the statement the host checked. Reviewed as a list: a
/// word here must mean the same to Spark's parser as to DuckDB's.
pub const SPARK_WORDS: &[&str] = &[
    "SELECT",
    "FROM",
    "WHERE",
    "GROUP",
    "BY",
    "HAVING",
    "ORDER",
    "LIMIT",
    "AS",
    "AND",
    "OR",
    "NOT",
    // `EXISTS (SELECT …)` only: Spark's `exists(array, x -> …)` needs `->`, which the
    // gate refuses, and DuckDB's tree check would see a function it does not allow.
    "EXISTS",
    "IN",
    "IS",
    "NULL",
    "BETWEEN",
    "LIKE",
    "ESCAPE",
    "ASC",
    "DESC",
    "NULLS",
    "LAST",
    "DISTINCT",
    "FILTER",
    "OVER",
    "WITHIN",
    "CASE",
    "WHEN",
    "THEN",
    "ELSE",
    "END",
    "LEFT",
    "FULL",
    "OUTER",
    "CROSS",
    "JOIN",
    "ON",
    "CAST",
    "STRING",
    "DATE",
    "DOUBLE",
    "count",
    "sum",
    "avg",
    "min",
    "max",
    "median",
    "percentile_cont",
    "date_trunc",
    "coalesce",
];

/// The string literals Spark SQL may hold: `date_trunc`'s units and the `LIKE` escape
/// character. Every value is a bound parameter.
pub const SPARK_STRING_LITERALS: &[&str] = &["day", "week", "month", "quarter", "year", "!"];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_lowercase() {
        let all: Vec<&str> = functions().collect();
        let unique: std::collections::BTreeSet<&str> = all.iter().copied().collect();
        assert_eq!(all.len(), unique.len(), "a function is listed twice");
        assert!(all.iter().all(|f| f.chars().all(|c| c.is_ascii_lowercase() || c == '_' || c.is_ascii_digit())));
        assert!(CAST_TYPES.iter().all(|t| t.chars().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit())));
    }

    #[test]
    fn nothing_that_reaches_outside_is_listed() {
        for name in [
            "read_text",
            "read_csv",
            "query",
            "query_table",
            "current_setting",
            "getenv",
            "glob",
            "range",
            "repeat",
            "enable_logging",
            "json_execute_serialized_sql",
        ] {
            assert!(!is_allowed_function(name), "{name}");
        }
    }

    #[test]
    fn keyword_lists_are_upper_case_sorted_and_found_in_any_case() {
        for list in [RESERVED_WORDS, FUNCTION_NAME_KEYWORDS] {
            assert!(list.windows(2).all(|pair| pair[0] < pair[1]), "sorted, each word once: {list:?}");
            assert!(list.iter().all(|w| w.bytes().all(|b| b.is_ascii_uppercase() || b == b'_')), "{list:?}");
            for word in list {
                assert!(is_keyword_on(list, word) && is_keyword_on(list, &word.to_ascii_lowercase()), "{word}");
            }
        }
        assert!(is_keyword_on(RESERVED_WORDS, "From") && is_keyword_on(FUNCTION_NAME_KEYWORDS, "positional"));
        for name in ["team", "fro", "fromm", "", "ack_minutes", "pivot_", "ünion"] {
            assert!(!is_keyword_on(RESERVED_WORDS, name) && !is_keyword_on(FUNCTION_NAME_KEYWORDS, name), "{name}");
        }
    }

    #[test]
    fn collations_are_duckdbs_own_alone_or_combined() {
        for name in ["nocase", "NOCASE", "noaccent", "nocase.noaccent", "NoAccent.NoCase", "nfc", "binary"] {
            assert!(is_allowed_collation(name), "{name}");
        }
        for name in [
            "",
            "de",
            "en_us",
            "icu_noaccent",
            "nocase.nocase",
            "nocase.",
            ".nocase",
            "nocase.de",
            "c",
            "nocase.binary",
        ] {
            assert!(!is_allowed_collation(name), "{name}");
        }
    }

    #[test]
    fn modifiers_only_where_listed() {
        assert_eq!(cast_type_modifiers("decimal"), Some(2));
        assert_eq!(cast_type_modifiers("VARCHAR"), Some(1));
        assert_eq!(cast_type_modifiers("INTEGER"), Some(0));
        assert_eq!(cast_type_modifiers("BPCHAR"), None);
    }
}
