//! The functions SQL mode may call: scalar, aggregate and window functions that compute on
//! values. Everything else is refused, including every table function (`read_csv`, `glob`,
//! `range`, `query`, `duckdb_*`, `pragma_*`), functions that reach outside the data
//! (`current_setting`, `getenv`, `read_text`, `enable_logging`), and functions that can be
//! asked for enormous outputs (`repeat`, `lpad`, `rpad`, `range`, `generate_series`).
//! Reviewed as a list: adding a name is a security decision.

pub const SCALAR: &[&str] = &[
    // numbers
    "abs", "ceil", "ceiling", "floor", "round", "trunc", "sign", "sqrt", "cbrt", "power", "pow", "exp", "ln", "log", "log10", "log2",
    "greatest", "least", "mod", "isnan", "isinf", "isfinite",
    // nulls and conditionals
    "coalesce", "nullif", "ifnull", "if",
    // text
    "lower", "upper", "lcase", "ucase", "length", "char_length", "character_length", "trim", "ltrim", "rtrim", "substr", "substring",
    "replace", "concat", "concat_ws", "left", "right", "starts_with", "ends_with", "suffix", "prefix", "contains", "strpos", "instr",
    "position", "reverse", "split_part", "regexp_matches", "regexp_replace", "regexp_extract", "like_escape",
    // dates and times
    "date_trunc", "datetrunc", "date_part", "datepart", "date_diff", "datediff", "date_sub", "datesub", "year", "month", "day",
    "dayofmonth", "quarter", "week", "weekofyear", "isodow", "dayofweek", "dayofyear", "hour", "minute", "second", "yearweek",
    "last_day", "make_date", "make_timestamp", "strftime", "strptime", "epoch", "to_timestamp", "age", "monthname", "dayname",
    "to_days", "to_months", "to_years", "to_hours", "to_minutes", "to_seconds",
];

pub const AGGREGATE: &[&str] = &[
    "count", "count_star", "sum", "avg", "mean", "min", "max", "median", "mode", "quantile", "quantile_cont", "quantile_disc",
    "stddev", "stddev_samp", "stddev_pop", "variance", "var_samp", "var_pop", "string_agg", "group_concat", "listagg", "arg_min",
    "arg_max", "argmin", "argmax", "min_by", "max_by", "bool_and", "bool_or", "count_if", "countif", "approx_count_distinct",
    "approx_quantile", "first", "last", "any_value", "corr", "covar_pop", "covar_samp", "regr_slope", "regr_intercept", "regr_r2",
    "product", "fsum", "sumkahan", "kahan_sum", "entropy", "kurtosis", "skewness", "grouping",
];

pub const WINDOW: &[&str] = &[
    "row_number", "rank", "dense_rank", "percent_rank", "cume_dist", "ntile", "lag", "lead", "first_value", "last_value", "nth_value",
];

pub fn is_allowed(name: &str) -> bool {
    let name = name.to_ascii_lowercase();
    SCALAR.contains(&name.as_str()) || AGGREGATE.contains(&name.as_str()) || WINDOW.contains(&name.as_str())
}

pub fn all() -> impl Iterator<Item = &'static str> + Clone {
    SCALAR.iter().chain(AGGREGATE).chain(WINDOW).copied()
}
