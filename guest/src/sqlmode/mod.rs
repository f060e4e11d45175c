//! SQL mode: model-written SQL, cleaned of framing, checked token by token ([`lexical`]),
//! parsed with sqlparser's DuckDB dialect, checked against the allowlist ([`validate`],
//! [`types`]), rewritten with bound parameters and an outer row cap ([`rewrite`]), every
//! table a deployment policy restricts read through the policy's source ([`policy`]), and
//! re-emitted only once the printed text provably parses back to the same tree
//! ([`roundtrip`]). The host then re-checks the result with DuckDB's own parser.

pub mod agreement;
pub mod cleanup;
pub mod clock;
pub mod dialect;
pub mod from_first;
pub mod grouping_sets;
pub mod lexical;
pub mod plain_parse;
pub mod policy;
pub mod position;
pub mod rewrite;
pub mod roles;
pub mod roundtrip;
pub mod scan;
pub mod types;
pub mod validate;
pub mod window_scope;

use sqlparser::ast::{Query, Statement};
use sqlparser::parser::{Parser, ParserError};

use crate::error::{Code, CompileError, Result};
use crate::model::{CatalogView, Compiled, ResolvedDate};

/// How deeply expressions and subqueries may nest before parsing stops.
pub const MAX_NESTING: usize = 40;

/// Compile one SQL statement (possibly wrapped in model output) against the catalog view.
pub fn compile_sql(text: &str, view: &CatalogView) -> Result<Compiled> {
    compile(text, view).map_err(|error| match error.hint {
        Some(_) => error,
        // Every refusal says what to do next, even where no more specific hint exists.
        None => error.with_hint("send one DuckDB SELECT statement over the tables of the schema"),
    })
}

fn compile(text: &str, view: &CatalogView) -> Result<Compiled> {
    check_request(text, view)?;
    let cleanup::Cleaned { statement: statement_text, spans: reading, mut warnings } = statement_text(text)?;
    let tokens = lexical::tokenize(&statement_text)?;
    lexical::check_tokens(&tokens, lexical::Source::Request)?;
    let tokens = grouping_sets::parenthesize(tokens)?;
    let mut query = single_query(parse_tokens(tokens)?, view)?;
    if from_first::to_standard(&mut query) {
        warnings.push("rewrote FROM-first syntax as SELECT … FROM".into());
    }
    let tables = validate::validate(&query, view)?;
    let (columns, order) = roles::of(&query);

    let bound = rewrite::bind_literals(&mut query, view.today);
    let mut params = bound.params;
    let policies = policy::apply(&mut query, view, &mut params)?;
    let limit = capped_limit(&query, view, &mut warnings);
    let bound_count = params.len();
    params.push(crate::model::Param::Integer(i64::from(limit) + 1));
    rewrite::set_limit(&mut query, params.len());

    let resolved_dates = todays_date_resolved(&bound.today_spellings, view.today);
    let explanation = explanation(&tables, bound_count, resolved_dates.first(), &policies, limit);
    let main_sql = roundtrip::emit(&query)?;
    check_first_word(&main_sql)?;
    let count = count_query(&main_sql, &params);
    Ok(Compiled {
        main: crate::model::Query { sql: main_sql, params },
        count,
        main_counts: Vec::new(),
        null_probe: None,
        columns,
        order,
        limit,
        explanation,
        warnings,
        resolved_dates,
        reading,
    })
}

/// Refusals that need no parse: a catalog SQL mode cannot answer, and an oversized request.
fn check_request(text: &str, view: &CatalogView) -> Result<()> {
    // The validator re-emits the statement from sqlparser's tree in DuckDB's dialect, and
    // the allowlists and round-trip proof are DuckDB's: there is no Spark SQL it could vouch for.
    if view.dialect != crate::model::Dialect::DuckDb {
        return Err(CompileError::new(
            Code::SqlModeUnavailable,
            "sql",
            "SQL mode answers from DuckDB indexes only; this catalog is answered by Spark",
        )
        .with_hint("send a plan: plans compile to Spark SQL"));
    }
    let max = view.limits.max_request_bytes;
    if text.len() > max as usize {
        return Err(CompileError::new(
            Code::RequestTooLarge,
            "sql",
            format!("the SQL is {} bytes; at most {max} are accepted", text.len()),
        )
        .with_hint("ask a narrower question"));
    }
    Ok(())
}

/// The statement inside the model's output, where it lies in `text`, and the warnings its
/// cleanup raised, or a refusal when nothing is left.
fn statement_text(text: &str) -> Result<cleanup::Cleaned> {
    let cleaned = cleanup::clean_spans(text);
    if cleaned.statement.is_empty() {
        if cleaned.warnings.iter().any(|w| w == cleanup::UNCLOSED_THINK) {
            return Err(CompileError::new(
                Code::EmptySql,
                "sql",
                format!("no SQL statement was found: {}", cleanup::UNCLOSED_THINK),
            )
            .with_hint("close the reasoning with </think> before the statement, or send the SELECT statement alone"));
        }
        return Err(CompileError::new(Code::EmptySql, "sql", "no SQL statement was found")
            .with_hint("send one SELECT statement"));
    }
    Ok(cleaned)
}

/// The one statement sent, which must be a query.
fn single_query(mut statements: Vec<Statement>, view: &CatalogView) -> Result<Box<Query>> {
    let statement = match statements.as_slice() {
        [_] => statements.remove(0),
        [] => {
            return Err(CompileError::new(Code::EmptySql, "sql", "no SQL statement was found")
                .with_hint("send one SELECT statement"))
        }
        many => {
            return Err(CompileError::new(
                Code::MultipleStatements,
                "sql",
                format!("{} statements were sent; exactly one is allowed", many.len()),
            )
            .with_hint("send a single SELECT; combine questions with CTEs or UNION"))
        }
    };
    let Statement::Query(query) = statement else {
        let kind = statement_kind(&statement);
        let hint = if matches!(kind.as_str(), "DESCRIBE" | "SHOW") {
            format!(
                "the tables and columns are given in the schema; send a SELECT over them. {}",
                crate::suggest::schema_listing(view)
            )
        } else {
            "send one SELECT statement (WITH … SELECT is fine)".to_string()
        };
        return Err(CompileError::new(
            Code::NotAQuery,
            "sql",
            format!("{kind} statements are not allowed; only queries are"),
        )
        .with_hint(hint));
    };
    Ok(query)
}

/// The row cap: the query's own LIMIT, within 1 and the deployment's maximum, with a warning
/// whenever it had to move.
fn capped_limit(query: &Query, view: &CatalogView, warnings: &mut Vec<String>) -> u32 {
    let max_rows = view.limits.max_rows.max(1);
    match rewrite::requested_limit(query) {
        None => max_rows,
        Some(n) if n > u64::from(max_rows) => {
            warnings.push(format!("LIMIT {n} was lowered to the maximum of {max_rows} rows"));
            max_rows
        }
        Some(0) => {
            warnings.push("LIMIT 0 was raised to 1 row".into());
            1
        }
        Some(n) => n as u32,
    }
}

/// The date a mention of today was bound to, so the answer can say which day it meant.
fn todays_date_resolved(spellings: &[&str], today: i32) -> Vec<ResolvedDate> {
    if spellings.is_empty() {
        Vec::new()
    } else {
        let phrase = spellings.join(", ");
        vec![ResolvedDate { column: None, path: "sql".into(), phrase, start: today, end: today + 1 }]
    }
}

fn explanation(
    tables: &[String],
    bound_count: usize,
    today: Option<&ResolvedDate>,
    policies: &[String],
    limit: u32,
) -> String {
    let policy_clause: String = policies.iter().map(|p| format!("; over {p}")).collect();
    let today_clause = match today {
        Some(date) => format!("; {} is {}", date.phrase, crate::values::format_date(date.start)),
        None => String::new(),
    };
    format!(
        "SQL over {}, validated and re-emitted; {bound_count} value{} bound as parameters{today_clause}{policy_clause}; at most {limit} rows",
        tables.join(", "),
        if bound_count == 1 { "" } else { "s" }
    )
}

/// The host runs only text that begins with SELECT or WITH; a query in parentheses as a
/// whole, or as the first part of a UNION, would be accepted here and refused there
/// (found by replaying the fuzz corpus through the host's check).
fn check_first_word(main_sql: &str) -> Result<()> {
    let first_word: String = main_sql.trim_start().chars().take_while(char::is_ascii_alphabetic).collect();
    if !querycell_contract::sql::QUERY_FIRST_WORDS.iter().any(|word| first_word.eq_ignore_ascii_case(word)) {
        return Err(CompileError::new(
            Code::UnsupportedSyntax,
            "sql",
            "a query in parentheses as a whole, or as the first part of a set operation, is not accepted",
        )
        .with_hint("remove the parentheses around the query (or around its first SELECT)"));
    }
    Ok(())
}

/// Parse with the settings every SQL-mode parse uses (the request and the round-trip proof).
pub(crate) fn parse(text: &str) -> Result<Vec<Statement>> {
    Parser::new(&dialect::SqlModeDialect)
        .with_recursion_limit(MAX_NESTING)
        .try_with_sql(text)
        .and_then(|mut parser| parser.parse_statements())
        .map_err(syntax_error)
}

/// [`parse`] of tokens [`lexical::tokenize`] read: the parser's own tokenizing
/// (`try_with_sql`) runs the same tokenizer with the same settings, so the statements are
/// the ones [`parse`] gives for the text.
pub(crate) fn parse_tokens(tokens: Vec<sqlparser::tokenizer::TokenWithSpan>) -> Result<Vec<Statement>> {
    if let Some(statement) = plain_parse::statement(&tokens) {
        return Ok(vec![statement]);
    }
    let mut parser =
        Parser::new(&dialect::SqlModeDialect).with_recursion_limit(MAX_NESTING).with_tokens_with_locations(tokens);
    let statements = parser.parse_statements().map_err(|e| not_an_alias(syntax_error(e)))?;
    // sqlparser stops at an END after a statement (a BEGIN … END block's) and leaves the rest
    // unread: `SELECT … FROM t end AS x` lost `end AS x` (found by the `sql_differential` target).
    let rest = parser.peek_token();
    if rest.token != sqlparser::tokenizer::Token::EOF {
        return Err(syntax_error(ParserError::ParserError(format!("Expected: end of statement, found: {rest}"))));
    }
    Ok(statements)
}

/// The statement that counts every row the main statement would give without its row cap:
/// `SELECT count(*) AS total_rows FROM (<main>) AS answer`, with the cap's parameter (the
/// last one) bound to NULL, which DuckDB reads as no limit (any OFFSET still applies).
///
/// It is built around the main statement's text, which [`roundtrip::emit`] has just proved
/// to parse back to the validated tree, instead of being printed from a tree of its own and
/// proved by a second parse: sqlparser parses a derived table's subquery with the same
/// `parse_query` a top-level query goes through, and a text that parses alone as exactly one
/// query ends where its parenthesis closes, so the subquery is that same tree. The unit tests
/// and the fuzz oracle parse every count statement again and hold it to that, and the host
/// checks it with DuckDB's parser like any statement before it runs.
fn count_query(main_sql: &str, main_params: &[crate::model::Param]) -> crate::model::Query {
    let mut params = main_params.to_vec();
    if let Some(cap) = params.last_mut() {
        *cap = crate::model::Param::Null;
    }
    let (prefix, suffix) = querycell_contract::sql::SQL_COUNT_FRAME;
    crate::model::Query { sql: format!("{prefix}{main_sql}{suffix}"), params }
}

fn syntax_error(error: ParserError) -> CompileError {
    match error {
        ParserError::RecursionLimitExceeded => CompileError::new(
            Code::TooDeeplyNested,
            "sql",
            format!("the statement nests deeper than {MAX_NESTING} levels"),
        )
        .with_hint("flatten nested subqueries and parentheses, e.g. with CTEs"),
        ParserError::TokenizerError(message) | ParserError::ParserError(message) => {
            // sqlparser ends its messages with "at Line: L, Column: C".
            let path = message
                .rsplit_once(" at Line: ")
                .and_then(|(_, at)| at.split_once(", Column: "))
                .map(|(line, column)| format!("sql:{}:{}", line.trim(), column.trim()))
                .unwrap_or_else(|| "sql".into());
            let message = message.split(" at Line: ").next().unwrap_or(&message).to_string();
            CompileError::new(Code::SqlSyntax, path, format!("the SQL does not parse: {message}"))
                .with_hint("send one DuckDB SELECT statement")
        }
    }
}

/// A parse that stopped at a word DuckDB does not read as an alias without AS (the dialect
/// would not take it as one: `x ISNULL`, `avg(x) EXPORT_STATE`, `x year`) says so, with what
/// to write instead.
fn not_an_alias(error: CompileError) -> CompileError {
    let word = error.message.rsplit_once("found: ").map(|(_, word)| word.trim()).unwrap_or("");
    let plain = !word.is_empty() && word.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    if !plain || agreement::is_bare_alias(word) || error.code != Code::SqlSyntax.as_str() {
        return error;
    }
    CompileError::new(
        Code::UnsupportedSyntax,
        error.path.clone(),
        format!("'{word}' is not read as an alias without AS by DuckDB, which reads it as part of the statement"),
    )
    .with_hint(format!("write AS \"{word}\" for an alias; for a null test write IS NULL or IS NOT NULL"))
}

/// The statement's kind in words, for refusals (`PRAGMA`, `COPY`, …).
fn statement_kind(statement: &Statement) -> String {
    let debug = format!("{statement:?}");
    let variant: String = debug.chars().take_while(|c| c.is_ascii_alphanumeric()).collect();
    match variant.as_str() {
        "Pragma" => "PRAGMA".into(),
        "Copy" | "CopyIntoSnowflake" => "COPY".into(),
        "AttachDatabase" | "AttachDuckDBDatabase" => "ATTACH".into(),
        "DetachDuckDBDatabase" => "DETACH".into(),
        "Install" => "INSTALL".into(),
        "Load" => "LOAD".into(),
        "Call" => "CALL".into(),
        "Set" | "SetVariable" | "SetNames" | "SetTimeZone" => "SET".into(),
        "Insert" => "INSERT".into(),
        "Update" => "UPDATE".into(),
        "Delete" => "DELETE".into(),
        "Explain" => "EXPLAIN".into(),
        "ExplainTable" => "DESCRIBE".into(),
        other if other.starts_with("Show") => "SHOW".into(),
        other if other.starts_with("Create") => "CREATE".into(),
        other if other.starts_with("Drop") => "DROP".into(),
        other if other.starts_with("Alter") => "ALTER".into(),
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests;
