//! Plan → SQL. Names are resolved against the catalog view (the only tables and columns
//! that exist), values are type-checked and bound as parameters, identifiers are quoted
//! from the catalog, and the output is deterministic (every order ends in a tie-breaker).

use querycell_contract::sql::COUNT_COLUMN_PREFIX;
use serde_json::Value;

use crate::calendar;
use crate::error::{Code, CompileError, Result};
use crate::model::{
    AggregateRole, CatalogView, Column, ColumnRole, Compiled, Dialect, ExcludedNulls, NullProbe, OrderKey,
    OutputColumn, Param, ProbeCount, Query, ResolvedDate, Table, ValueKind,
};
use crate::plan::{self, clip, Aggregation, At, Condition, Direction, FilterValue, Function, Op, Plan, RelativeDate};
use crate::sql::{like_literal, Params};
use crate::suggest;
use crate::values::{format_date, format_timestamp, param_for, MICROS_PER_DAY};

mod exists;
mod grain;
mod grains;
mod metrics;
mod one_side;
mod paths;
mod ways;

use grain::Reaches;
use paths::Frame;

/// Compile plan JSON against the catalog view the host allows.
pub fn compile_plan(plan_json: &str, view: &CatalogView) -> Result<Compiled> {
    compile(plan_json, view).map_err(|error| match error.hint {
        Some(_) => error,
        // Every refusal says what to do next, even where no more specific hint exists.
        None => {
            let hint = format!("fix {} and send the plan again; the plan's JSON Schema (`querycell schema --plan-json-schema`) lists every field and word", error.path);
            error.with_hint(hint)
        }
    })
}

fn compile(plan_json: &str, view: &CatalogView) -> Result<Compiled> {
    let plan = plan::parse_plan(plan_json, view.limits.max_request_bytes)?;
    let table = resolve_table(&plan.table, view)?;
    let plan = metrics::expand(plan, view)?;
    let reaches = Reaches::of(&plan, view, table)?;
    let grains = reaches.grains();
    if let [grain @ (steps, None)] = grains.as_slice() {
        let frame = Frame::at(view, table, steps.clone(), &reaches.at(grain));
        let shape = Shape::of(&plan, Scope { view, table, frame: &frame })?;
        return Compilation { view, table, frame: &frame, shape, params: Params::default(), warnings: Vec::new() }
            .run(&plan);
    }
    // Aggregations at several grains: a plan that also lists rows is refused here, as
    // `Shape::of` refuses it for one grain; the grains' compile never reads `columns`, and
    // it answered such a plan without them, joining their paths at the wrong grain.
    if plan.columns.is_some() {
        return Err(mixed_query_kinds());
    }
    grains::compile(&plan, view, table, &reaches, &grains)
}

/// The refusal of a plan that both lists rows and aggregates.
fn mixed_query_kinds() -> CompileError {
    CompileError::new(
        Code::MixedQueryKinds,
        "columns",
        "a plan either lists rows (\"columns\") or aggregates (\"group_by\" / \"aggregations\"), not both",
    )
    .with_hint("to show a column next to an aggregate, put it in \"group_by\"")
}

fn resolve_table<'a>(name: &At<String>, view: &'a CatalogView) -> Result<&'a Table> {
    view.table(&name.value).ok_or_else(|| {
        CompileError::new(Code::UnknownTable, &name.path, format!("there is no table '{}'", clip(&name.value)))
            .with_hint(suggest::hint(&name.value, view.tables.iter().map(|t| t.name.as_str())))
    })
}

/// One column of the answer: its name, the SQL expression that computes it, its kind.
#[derive(Debug, Clone)]
struct Output {
    name: String,
    expression: String,
    kind: ValueKind,
    /// The phrase the explanation uses for it.
    phrase: String,
    /// For avg/sum/min/max/median/percentile: the expression of the column whose nulls the
    /// aggregate skips.
    skips_nulls_of: Option<String>,
    /// The values bound to the `?`s of `expression`, in order (an aggregation's `where` and
    /// `p`); every place the expression is written binds them again.
    params: Vec<Param>,
    /// An aggregation's own `where`, compiled: its `FILTER`, which the count of the nulls it
    /// skips repeats.
    filter: Option<CompiledFilter>,
    /// The days the relative dates of an aggregation's `where` resolved to.
    resolved: Vec<ResolvedDate>,
    /// What the column is, for the receipt.
    role: ColumnRole,
}

/// An aggregation's `where` as SQL (its conditions joined by `AND`) and the values bound to it.
#[derive(Debug, Clone)]
struct CompiledFilter {
    sql: String,
    params: Vec<Param>,
}

impl CompiledFilter {
    /// The conditions together, or `None` when there are none.
    fn of(conditions: &[CompiledCondition]) -> Option<CompiledFilter> {
        (!conditions.is_empty()).then(|| CompiledFilter {
            sql: conditions.iter().map(|c| c.sql.as_str()).collect::<Vec<_>>().join(" AND "),
            params: conditions.iter().flat_map(|c| c.params.iter().cloned()).collect(),
        })
    }
}

/// Where a having condition's SQL takes its answer column's expression: compiled with this
/// mark in the expression's place, then spliced ([`with_expression`]) so that the
/// expression's own bound values land among the condition's in the order the `?`s stand.
const EXPRESSION_MARK: &str = "\u{1}";

/// `compiled` (a condition on [`EXPRESSION_MARK`]) on `output`'s expression: each mark
/// becomes the expression and binds its values again; each `?` keeps its own value. The
/// condition's SQL holds no `?` but its placeholders: names reach it only inside the
/// expression, and its only string literal is a `LIKE` escape character.
fn with_expression(compiled: CompiledCondition, output: &Output) -> CompiledCondition {
    let mut own = compiled.params.into_iter();
    let mut sql = String::with_capacity(compiled.sql.len() + output.expression.len());
    let mut params = Vec::new();
    for (i, piece) in compiled.sql.split(EXPRESSION_MARK).enumerate() {
        if i > 0 {
            sql.push_str(&output.expression);
            params.extend(output.params.iter().cloned());
        }
        for c in piece.chars() {
            if c == '?' {
                params.extend(own.next());
            }
            sql.push(c);
        }
    }
    CompiledCondition { sql, params, ..compiled }
}

/// One filter or having condition, compiled.
#[derive(Debug, Clone)]
struct CompiledCondition {
    sql: String,
    /// The values bound to the `?`s of `sql`, in order.
    params: Vec<Param>,
    /// The condition in the explanation's words: `severity <> 'P1'`.
    phrase: String,
    /// The column (or answer column) it tests, as the plan named it.
    column: String,
    /// The SQL of what it tests (the column, qualified where the query joins).
    expression: String,
    /// Where it stands in the plan: `filters[1]`.
    path: String,
    /// `ne` and `not_in` also drop the rows where the column is null, which a caller asking
    /// for "everything but P1" rarely means; the null probe counts them.
    drops_nulls_silently: bool,
    /// For a relative date: the days it resolved to (an existence test: those of its
    /// `where`'s relative dates).
    resolved: Vec<ResolvedDate>,
}

impl CompiledCondition {
    /// `condition` on column `name`, compiled to `sql` with its `params`; `rendered` is the
    /// op and value in the explanation's words.
    fn new(
        condition: &Condition,
        (name, expression): (&str, &str),
        sql: String,
        params: Vec<Param>,
        rendered: &str,
        resolved: Option<ResolvedDate>,
    ) -> Self {
        CompiledCondition {
            sql,
            params,
            phrase: format!("{name} {rendered}"),
            column: name.to_string(),
            expression: expression.to_string(),
            path: condition.path.clone(),
            drops_nulls_silently: matches!(condition.op.value, Op::Ne | Op::NotIn),
            resolved: resolved.into_iter().collect(),
        }
    }
}

/// The answer's order: its SQL, the explanation's words for its first key, and the answer
/// columns it sorts by (WIT `order-key`).
struct Ordering {
    sql: String,
    phrase: Option<String>,
    keys: Vec<OrderKey>,
}

/// What kind of answer the plan asks for.
enum Shape {
    Listing(Vec<Output>),
    Aggregation { keys: Vec<Output>, aggregates: Vec<Output> },
}

impl Shape {
    fn of(plan: &Plan, scope: Scope<'_>) -> Result<Shape> {
        let aggregating = !plan.group_by.is_empty() || !plan.aggregations.is_empty();
        match &plan.columns {
            Some(columns) => {
                if aggregating {
                    return Err(mixed_query_kinds());
                }
                if columns.is_empty() {
                    return Err(CompileError::new(Code::EmptyList, "columns", "\"columns\" names no column")
                        .with_hint("name at least one column, or use aggregations"));
                }
                if !plan.having.is_empty() {
                    return Err(CompileError::new(Code::HavingWithoutAggregation, "having", "\"having\" filters aggregated groups; this plan lists rows")
                        .with_hint("use \"filters\" for conditions on rows"));
                }
                let outputs = columns
                    .iter()
                    .map(|name| {
                        let (reach, expression) = scope.resolve(name)?;
                        Ok(Output {
                            name: reach.output_name(),
                            expression,
                            kind: reach.column.kind,
                            phrase: reach.written.clone(),
                            skips_nulls_of: None,
                            params: Vec::new(),
                            filter: None,
                            resolved: Vec::new(),
                            role: ColumnRole::Listed { column: reach.written.clone() },
                        })
                    })
                    .collect::<Result<Vec<_>>>()?;
                Ok(Shape::Listing(outputs))
            }
            None if !aggregating => Err(CompileError::new(
                Code::EmptyPlan,
                "$",
                "the plan asks for nothing: give \"columns\" to list rows, or \"aggregations\" / \"group_by\" to aggregate",
            )
            .with_hint("e.g. \"aggregations\": [{\"function\": \"count\"}]")),
            None => {
                let keys = plan.group_by.iter().map(|key| group_output(scope, key)).collect::<Result<Vec<_>>>()?;
                let aggregates = plan.aggregations.iter().map(|agg| aggregate_output(scope, agg)).collect::<Result<Vec<_>>>()?;
                Ok(Shape::Aggregation { keys, aggregates })
            }
        }
    }

    fn outputs(&self) -> Vec<&Output> {
        match self {
            Shape::Listing(outputs) => outputs.iter().collect(),
            Shape::Aggregation { keys, aggregates } => keys.iter().chain(aggregates).collect(),
        }
    }
}

fn group_output(scope: Scope<'_>, key: &plan::GroupKey) -> Result<Output> {
    let (reach, quoted) = scope.resolve(&key.column)?;
    let column = reach.column;
    let Some(granularity) = &key.granularity else {
        return Ok(Output {
            name: reach.output_name(),
            expression: quoted,
            kind: column.kind,
            phrase: reach.written.clone(),
            skips_nulls_of: None,
            params: Vec::new(),
            filter: None,
            resolved: Vec::new(),
            role: ColumnRole::GroupKey { by: reach.written.clone(), grain: None },
        });
    };
    if !column.kind.is_temporal() {
        return Err(CompileError::new(
            Code::InvalidGranularity,
            &granularity.path,
            format!(
                "'{}' is a {} column; a granularity needs a date or timestamp column",
                reach.written,
                column.kind.word()
            ),
        )
        .with_hint("drop \"granularity\", or group by a date column"));
    }
    // Both engines take the unit first and truncate weeks to Monday; Spark's result is always
    // a timestamp, DuckDB's a timestamp for a timestamp: dates are cast back alike.
    let part = granularity.value.name();
    let truncated = format!("date_trunc('{part}', {quoted})");
    let expression = if column.kind == ValueKind::Date { format!("CAST({truncated} AS DATE)") } else { truncated };
    Ok(Output {
        name: format!("{}_{part}", reach.output_name()),
        expression,
        kind: column.kind,
        phrase: format!("{part} of {}", reach.written),
        skips_nulls_of: None,
        params: Vec::new(),
        filter: None,
        resolved: Vec::new(),
        role: ColumnRole::GroupKey { by: reach.written.clone(), grain: Some(part.to_string()) },
    })
}

fn aggregate_output(scope: Scope<'_>, agg: &Aggregation) -> Result<Output> {
    let dialect = scope.view.dialect;
    let function = agg.function.value;
    let p = percentile_fraction(agg)?;
    let target = agg.column.as_ref().map(|c| Target::of(scope, c)).transpose()?;
    let mut conditions = scope.column_conditions(&agg.where_)?;
    conditions.extend(scope.existence_conditions(&agg.where_exists)?);
    let filter = CompiledFilter::of(&conditions);
    let mut params = Vec::new();
    let (expression, kind, phrase, skips) = match (function, &target) {
        (Function::Share, _) => return share_output(agg, &conditions, filter, metrics::role(scope.view, agg)),
        (Function::Count, None) => ("count(*)".to_string(), ValueKind::Integer, "number of rows".to_string(), None),
        (Function::Count, Some(c)) => {
            (format!("count({})", c.expression), ValueKind::Integer, format!("count of {}", c.written), None)
        }
        (Function::CountDistinct, Some(c)) => (
            format!("count(DISTINCT {})", c.expression),
            ValueKind::Integer,
            format!("number of distinct {}", c.written),
            None,
        ),
        (Function::CountDistinct, None) => return Err(needs_column(agg, "to count distinct values of")),
        (_, None) => return Err(needs_column(agg, "to aggregate")),
        (Function::Sum | Function::Avg | Function::Median | Function::Percentile, Some(c))
            if !c.kind().is_numeric() =>
        {
            return Err(wrong_column_kind(agg, c.column, "a numeric column"))
        }
        (Function::Min | Function::Max, Some(c)) if !c.kind().is_ordered() => {
            return Err(wrong_column_kind(agg, c.column, "an ordered column (number, text, date)"))
        }
        (Function::Percentile, Some(c)) => {
            params.push(Param::Float(p.unwrap_or_default()));
            percentile_aggregate(p.unwrap_or_default(), c, dialect)
        }
        (f, Some(c)) => value_aggregate(f, c, dialect),
    };
    let name = match &agg.alias {
        Some(alias) => {
            check_alias(alias)?;
            alias.value.clone()
        }
        None => match (&target, p) {
            (Some(c), Some(p)) => format!("p{}_{}", percent_label(p), c.output),
            (Some(c), None) => format!("{}_{}", function.name(), c.output),
            (None, _) => function.name().to_string(),
        },
    };
    let (expression, phrase) = match &filter {
        Some(filter) => {
            params.extend(filter.params.iter().cloned());
            (format!("{expression} FILTER (WHERE {})", filter.sql), format!("{phrase} where {}", phrases(&conditions)))
        }
        None => (expression, phrase),
    };
    let role = ColumnRole::Aggregate(AggregateRole {
        function: function.name().to_string(),
        column: target.as_ref().map(|c| c.written.clone()),
        filter: (!conditions.is_empty()).then(|| phrases(&conditions)),
        p,
        ..metrics::role(scope.view, agg)
    });
    let phrase = metrics::phrase(scope.view, agg, &name, phrase);
    let resolved = conditions.iter().flat_map(|c| c.resolved.iter().cloned()).collect();
    Ok(Output { name, expression, kind, phrase, skips_nulls_of: skips, params, filter, resolved, role })
}

/// The column an aggregation reads, resolved: the catalog's column, its SQL in the query's
/// frame, the plan's words for it and its part of a default answer-column name.
struct Target<'a> {
    column: &'a Column,
    expression: String,
    written: String,
    output: String,
}

impl<'a> Target<'a> {
    fn of(scope: Scope<'a>, name: &At<String>) -> Result<Target<'a>> {
        let (reach, expression) = scope.resolve(name)?;
        Ok(Target { column: reach.column, expression, output: reach.output_name(), written: reach.written })
    }

    fn kind(&self) -> ValueKind {
        self.column.kind
    }
}

/// The aggregation's `p`, checked: present exactly for `percentile`, and strictly between 0
/// and 1 (0 and 1 are `min` and `max`, which say so more plainly).
fn percentile_fraction(agg: &Aggregation) -> Result<Option<f64>> {
    match (agg.function.value, &agg.p) {
        (Function::Percentile, None) => Err(CompileError::new(
            Code::MissingField,
            format!("{}.p", agg.path),
            "'percentile' needs \"p\", the fraction of values at or below the answer",
        )
        .with_hint("add \"p\": 0.95 for the 95th percentile (0.5 is the median)")),
        (Function::Percentile, Some(p)) if p.value > 0.0 && p.value < 1.0 => Ok(Some(p.value)),
        (Function::Percentile, Some(p)) => Err(CompileError::new(
            Code::InvalidValue,
            &p.path,
            format!("\"p\" must lie strictly between 0 and 1; got {}", p.value),
        )
        .with_hint("write the percentile as a fraction, e.g. 0.95 for the 95th; use min or max for 0 or 1")),
        (_, Some(p)) => Err(CompileError::new(
            Code::UnexpectedField,
            &p.path,
            format!("\"p\" applies only to 'percentile', not to '{}'", agg.function.value.name()),
        )
        .with_hint("remove \"p\", or use \"function\": \"percentile\"")),
        (_, None) => Ok(None),
    }
}

/// `p` as a percent for a default name: `95` for 0.95, `99_9` for 0.999.
fn percent_label(p: f64) -> String {
    let percent = format!("{:.4}", p * 100.0);
    percent.trim_end_matches('0').trim_end_matches('.').replace('.', "_")
}

/// The continuous percentile `p` of a numeric column: the expression (its `?` is `p`), its
/// kind, its phrase, and the column whose nulls it skips. Both engines spell it the same.
fn percentile_aggregate(p: f64, c: &Target<'_>, dialect: Dialect) -> (String, ValueKind, String, Option<String>) {
    let quoted = &c.expression;
    let argument = match dialect {
        // As for avg: Spark keeps DECIMAL arithmetic in DECIMAL; doubles agree with DuckDB.
        Dialect::Spark if c.kind() == ValueKind::Float => format!("CAST({quoted} AS DOUBLE)"),
        _ => interpolated(c),
    };
    (
        format!("percentile_cont(?) WITHIN GROUP (ORDER BY {argument})"),
        ValueKind::Float,
        format!("{} percentile of {} (continuous: interpolated between the nearest values)", ordinal(p), c.written),
        Some(c.expression.clone()),
    )
}

/// The argument of a continuous percentile (the median too) on DuckDB. DuckDB answers one in
/// its input's type, so over a DECIMAL the value interpolated between two neighbours was cut
/// to the column's places (the median of 0.99 and 2.00 came back 1.49, not 1.495): a DECIMAL
/// is read as a DOUBLE, as `avg` reads it. Other numbers interpolate as doubles already.
fn interpolated(c: &Target<'_>) -> String {
    if c.column.sql_type.trim_start().get(..7).is_some_and(|head| head.eq_ignore_ascii_case("DECIMAL")) {
        format!("CAST({} AS DOUBLE)", c.expression)
    } else {
        c.expression.clone()
    }
}

/// `95th`, `50th`, `99.9th`, `1st`, `2nd`, `3rd`.
fn ordinal(p: f64) -> String {
    let label = percent_label(p).replace('_', ".");
    let suffix = match label.as_str() {
        l if l.ends_with("11") || l.ends_with("12") || l.ends_with("13") => "th",
        l if l.ends_with('1') => "st",
        l if l.ends_with('2') => "nd",
        l if l.ends_with('3') => "rd",
        _ => "th",
    };
    format!("{label}{suffix}")
}

/// `share`: the fraction of the rows the plan's filters keep that meet every condition of
/// its `where`. A row where a condition is unknown (its column is null) does not meet it.
fn share_output(
    agg: &Aggregation,
    conditions: &[CompiledCondition],
    filter: Option<CompiledFilter>,
    metric: AggregateRole,
) -> Result<Output> {
    if let Some(column) = &agg.column {
        return Err(CompileError::new(
            Code::UnexpectedField,
            &column.path,
            "'share' takes no column: it measures the rows that meet its \"where\"",
        )
        .with_hint(format!(
            "put the condition on the column in \"where\", e.g. {{\"column\": {}, \"op\": \"eq\", \"value\": …}}",
            serde_json::Value::String(column.value.clone())
        )));
    }
    let Some(filter) = filter else {
        return Err(CompileError::new(
            Code::MissingField,
            format!("{}.where", agg.path),
            "'share' needs \"where\": the condition whose share of rows it gives",
        )
        .with_hint("add \"where\": [{\"column\": \"<a column>\", \"op\": \"eq\", \"value\": …}], the rows whose share it gives"));
    };
    let name = match &agg.alias {
        Some(alias) => {
            check_alias(alias)?;
            alias.value.clone()
        }
        None => "share".to_string(),
    };
    Ok(Output {
        name,
        // avg over 1s and 0s: a DOUBLE on both engines, and null (not a division by zero)
        // when no row is left.
        expression: format!("avg(CASE WHEN {} THEN 1 ELSE 0 END)", filter.sql),
        kind: ValueKind::Float,
        phrase: format!(
            "share of rows where {} (a fraction from 0 to 1, of the rows the filters keep)",
            phrases(conditions)
        ),
        skips_nulls_of: None,
        params: filter.params,
        filter: None,
        resolved: conditions.iter().flat_map(|c| c.resolved.iter().cloned()).collect(),
        role: ColumnRole::Aggregate(AggregateRole {
            function: Function::Share.name().to_string(),
            filter: Some(phrases(conditions)),
            ..metric
        }),
    })
}

/// Conditions in the explanation's words, joined by `and`.
fn phrases(conditions: &[CompiledCondition]) -> String {
    conditions.iter().map(|c| c.phrase.as_str()).collect::<Vec<_>>().join(" and ")
}

/// sum, avg, median, min or max of a column whose kind suits it: the expression, its kind,
/// its phrase, and the column whose nulls it skips.
fn value_aggregate(
    function: Function,
    target: &Target<'_>,
    dialect: Dialect,
) -> (String, ValueKind, String, Option<String>) {
    let c = target.column;
    let (sql_name, words, kind) = match function {
        Function::Sum => {
            ("sum", "total", if c.kind == ValueKind::Integer { ValueKind::Integer } else { ValueKind::Float })
        }
        Function::Avg => ("avg", "average", ValueKind::Float),
        Function::Median => ("median", "median", ValueKind::Float),
        Function::Min => ("min", "smallest", c.kind),
        _ => ("max", "largest", c.kind),
    };
    let argument = match (dialect, function) {
        // Spark averages a DECIMAL as a DECIMAL rounded to 4 more places, DuckDB as a
        // DOUBLE: averaging doubles on Spark gives both engines the same answer.
        (Dialect::Spark, Function::Avg | Function::Median) if c.kind == ValueKind::Float => {
            format!("CAST({} AS DOUBLE)", target.expression)
        }
        (Dialect::DuckDb, Function::Median) => interpolated(target),
        _ => target.expression.clone(),
    };
    (format!("{sql_name}({argument})"), kind, format!("{words} {}", target.written), Some(target.expression.clone()))
}

fn needs_column(agg: &Aggregation, why: &str) -> CompileError {
    let function = agg.function.value;
    CompileError::new(
        Code::MissingField,
        format!("{}.column", agg.path),
        format!("'{}' needs a column {why}", function.name()),
    )
    .with_hint("add \"column\": \"<name>\"")
}

fn wrong_column_kind(agg: &Aggregation, column: &Column, wanted: &str) -> CompileError {
    let function = agg.function.value;
    CompileError::new(
        Code::InvalidAggregation,
        agg.column.as_ref().map(|c| c.path.clone()).unwrap_or_else(|| agg.path.clone()),
        format!(
            "'{}' needs {wanted}; '{}' is {} ({})",
            function.name(),
            column.name,
            column.kind.word(),
            column.sql_type
        ),
    )
    .with_hint(match (function, column.kind) {
        // Booleans have no order either: what is asked of them is how many are true.
        (_, ValueKind::Boolean) => format!(
            "use count, or share with \"where\": [{{\"column\": {}, \"op\": \"eq\", \"value\": true}}] for the fraction that is true",
            serde_json::Value::String(column.name.clone())
        ),
        (Function::Sum | Function::Avg | Function::Median | Function::Percentile, _) => {
            "use count, count_distinct, min or max on this column".to_string()
        }
        _ => "use count or count_distinct on this column".to_string(),
    })
}

fn check_alias(alias: &At<String>) -> Result<()> {
    let text = &alias.value;
    // The compiler's helper columns (the rows behind a share, null counts) are named with
    // this prefix; an alias spelled like one (in any case: DuckDB and Spark read names
    // without regard to case) would be the column ORDER BY sorts by, a constant.
    if text.get(..COUNT_COLUMN_PREFIX.len()).is_some_and(|head| head.eq_ignore_ascii_case(COUNT_COLUMN_PREFIX)) {
        return Err(CompileError::new(
            Code::InvalidAlias,
            &alias.path,
            format!("'{}' is reserved: querycell names its own helper columns {COUNT_COLUMN_PREFIX}…", clip(text)),
        )
        .with_hint(format!("choose an alias that does not start with {COUNT_COLUMN_PREFIX}")));
    }
    let mut chars = text.chars();
    let well_formed = matches!(chars.next(), Some(c) if c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
        && text.len() <= 63;
    if well_formed {
        Ok(())
    } else {
        Err(CompileError::new(Code::InvalidAlias, &alias.path, format!("'{}' is not a usable alias", clip(text)))
            .with_hint(
                "an alias is 1 to 63 ASCII letters, digits or '_', not starting with a digit, e.g. \"average_minutes\"",
            ))
    }
}

struct Compilation<'a> {
    view: &'a CatalogView,
    /// The plan's table.
    table: &'a Table,
    /// What the query reads: the plan's table (or a related table's rows, for aggregations
    /// at its grain) and the joins its paths need.
    frame: &'a Frame<'a>,
    shape: Shape,
    params: Params,
    warnings: Vec<String>,
}

impl Compilation<'_> {
    fn run(mut self, plan: &Plan) -> Result<Compiled> {
        self.check_unique_outputs()?;
        let dialect = self.view.dialect;
        let (from, from_params) = self.frame.sources_sql();
        let outputs: Vec<Output> = self.shape.outputs().into_iter().cloned().collect();
        let select_list = select_list(&outputs, dialect);
        // The values in the order their `?`s stand: the select list's, the count columns'
        // (main query only), then the body's: FROM, WHERE, HAVING.
        let select_params: Vec<Param> = outputs.iter().flat_map(|o| o.params.iter().cloned()).collect();

        let filters = self.filters(plan)?;
        let (main_counts, count_columns, count_params) = self.count_columns(&outputs);
        let mut body = format!(" FROM {from}{}", joined_with_and(" WHERE", &filters));
        body.push_str(&self.group_by_clause());
        let having = self.having(plan, &outputs)?;
        body.push_str(&joined_with_and(" HAVING", &having));
        let body_params: Vec<Param> = from_params
            .iter()
            .cloned()
            .chain(filters.iter().chain(&having).flat_map(|c| c.params.iter().cloned()))
            .collect();
        self.params.extend(select_params.iter().cloned());
        self.params.extend(count_params);
        self.params.extend(body_params.iter().cloned());

        let Ordering { sql: order_sql, phrase: order_phrase, keys: order } = self.order_by(plan, &outputs)?;
        let limit = self.limit(plan);
        let limit_placeholder = self.params.bind(Param::Integer(i64::from(limit) + 1));
        let main_sql =
            format!("SELECT {select_list}{count_columns}{body} ORDER BY {order_sql} LIMIT {limit_placeholder}");

        let null_probe = null_probe(&from, &from_params, &filters, dialect);

        let explanation = self.explanation(plan, &outputs, &filters, &having, order_phrase, limit);
        let resolved_dates = resolved_dates(&filters, &having, &outputs);
        Ok(Compiled {
            main: Query { sql: main_sql, params: self.params.into_vec() },
            count: count_query(&select_list, &body, select_params.into_iter().chain(body_params).collect(), dialect),
            main_counts,
            null_probe,
            columns: outputs
                .iter()
                .map(|o| OutputColumn { name: o.name.clone(), kind: o.kind, role: o.role.clone() })
                .collect(),
            order,
            limit,
            explanation,
            warnings: self.warnings,
            resolved_dates,
            reading: Vec::new(),
        })
    }

    /// The plan's filters: on the table's columns in the plan's order, then its existence
    /// tests.
    fn filters(&self, plan: &Plan) -> Result<Vec<CompiledCondition>> {
        self.scope().row_filters(plan)
    }

    /// The plan's having conditions, on the answer's columns (a listing has none: `Shape::of`
    /// refuses them).
    fn having(&self, plan: &Plan, outputs: &[Output]) -> Result<Vec<CompiledCondition>> {
        let aggregating = matches!(self.shape, Shape::Aggregation { .. });
        let mut having = Vec::new();
        for condition in plan.having.iter().filter(|_| aggregating) {
            let output = outputs.iter().find(|o| o.name == condition.column.value).ok_or_else(|| {
                CompileError::new(
                    Code::UnknownOutput,
                    &condition.column.path,
                    format!("'{}' is not a column of the answer", clip(&condition.column.value)),
                )
                .with_hint(suggest::hint(&condition.column.value, outputs.iter().map(|o| o.name.as_str())))
            })?;
            let compiled = self.scope().condition(condition, EXPRESSION_MARK, &output.name, output.kind)?;
            having.push(with_expression(compiled, output));
        }
        Ok(having)
    }

    /// Counts ride in the main query as trailing window columns over every row (group) the
    /// answer has before the LIMIT: the nulls each aggregate skips, and for aggregations,
    /// whose groups are materialised anyway, the number of groups, so a truncated answer
    /// needs no second scan for its total. (A listing keeps the separate count: a window
    /// over all its rows would defeat DuckDB's top-N.)
    /// An aggregation with its own `where` counts only the skipped nulls of the rows that
    /// meet it, binding its values again (returned third).
    fn count_columns(&self, outputs: &[Output]) -> (Vec<ProbeCount>, String, Vec<Param>) {
        let dialect = self.view.dialect;
        let quote_ident = |name: &str| dialect.quote(name);
        let skipping: Vec<&Output> = outputs.iter().filter(|o| o.skips_nulls_of.is_some()).collect();
        let mut main_counts: Vec<ProbeCount> =
            skipping.iter().map(|o| ProbeCount::AggregateSkipped(o.name.clone())).collect();
        let mut params = Vec::new();
        let mut count_columns = String::new();
        for (i, o) in skipping.iter().enumerate() {
            let null = format!("{} IS NULL", o.skips_nulls_of.as_deref().unwrap_or_default());
            let condition = match &o.filter {
                Some(filter) => {
                    params.extend(filter.params.iter().cloned());
                    format!("{null} AND {}", filter.sql)
                }
                None => null,
            };
            count_columns.push_str(&format!(
                ", sum(count(*) FILTER (WHERE {condition})) OVER () AS {}",
                quote_ident(&format!("{COUNT_COLUMN_PREFIX}nulls_{i}"))
            ));
        }
        if matches!(self.shape, Shape::Aggregation { .. }) {
            for (i, (condition, relationship)) in self.frame.unmatched_conditions().into_iter().enumerate() {
                main_counts.push(ProbeCount::Unmatched(self.frame.root().name.clone(), relationship.clone()));
                count_columns.push_str(&format!(
                    ", sum(count(*) FILTER (WHERE {condition})) OVER () AS {}",
                    quote_ident(&format!("{COUNT_COLUMN_PREFIX}unmatched_{i}"))
                ));
            }
            main_counts.push(ProbeCount::AnswerRows);
            count_columns
                .push_str(&format!(", count(*) OVER () AS {}", quote_ident(&format!("{COUNT_COLUMN_PREFIX}rows"))));
        }
        (main_counts, count_columns, params)
    }

    /// ` GROUP BY …` over the group keys, or nothing for a listing or a single aggregate row.
    fn group_by_clause(&self) -> String {
        match &self.shape {
            Shape::Aggregation { keys, .. } if !keys.is_empty() => {
                let group_list = keys.iter().map(|k| k.expression.clone()).collect::<Vec<_>>().join(", ");
                format!(" GROUP BY {group_list}")
            }
            _ => String::new(),
        }
    }

    /// The answer in words: what [`Self::explain`] says, and the policy a restricted table is
    /// read through.
    fn explanation(
        &self,
        plan: &Plan,
        outputs: &[Output],
        filters: &[CompiledCondition],
        having: &[CompiledCondition],
        order_phrase: Option<String>,
        limit: u32,
    ) -> String {
        let where_phrases: Vec<String> = filters.iter().map(|f| f.phrase.clone()).collect();
        let having_phrases: Vec<String> = having.iter().map(|h| h.phrase.clone()).collect();
        let mut explanation = self.explain(plan, outputs, &where_phrases, &having_phrases, order_phrase, limit);
        for (i, (_, relationship, ..)) in self.frame.joined().enumerate() {
            let lead = if i == 0 { ", following " } else { " and " };
            explanation.push_str(&format!("{lead}{}", relationship.describe()));
        }
        if self.frame.joins_anything() {
            explanation.push_str(" (left joins: a row whose key matches nothing keeps missing values there)");
        }
        for policy in self.frame.tables().filter_map(crate::policy::described) {
            explanation.push_str(&format!(", over {policy}"));
        }
        explanation
    }

    fn check_unique_outputs(&self) -> Result<()> {
        let outputs = self.shape.outputs();
        for (i, output) in outputs.iter().enumerate() {
            // DuckDB and Spark read names without regard to case: `"Count"` beside `count`
            // made ORDER BY sort by the other column.
            if let Some(first) = outputs[..i].iter().find(|o| o.name.eq_ignore_ascii_case(&output.name)) {
                let path = match &self.shape {
                    Shape::Listing(_) => format!("columns[{i}]"),
                    Shape::Aggregation { keys, .. } if i < keys.len() => format!("group_by[{i}]"),
                    Shape::Aggregation { keys, .. } => format!("aggregations[{}]", i - keys.len()),
                };
                return Err(CompileError::new(
                    Code::DuplicateOutput,
                    path,
                    match first.name == output.name {
                        true => format!("the answer would have two columns named '{}'", output.name),
                        false => format!(
                            "the answer would have two columns named '{}' and '{}', one name to SQL, which ignores case",
                            first.name, output.name
                        ),
                    },
                )
                .with_hint("give one of them another \"alias\", or drop the repeat"));
            }
        }
        Ok(())
    }

    /// The view and table this plan's conditions are compiled against.
    fn scope(&self) -> Scope<'_> {
        Scope { view: self.view, table: self.table, frame: self.frame }
    }

    fn order_by(&mut self, plan: &Plan, outputs: &[Output]) -> Result<Ordering> {
        let dialect = self.view.dialect;
        let quote_ident = |name: &str| dialect.quote(name);
        let mut keys: Vec<String> = Vec::new();
        let mut ordered: Vec<String> = Vec::new();
        let mut phrase = None;
        // The answer columns the rows are sorted by, while the sort keys so far are all
        // answer columns (a listing may sort by a column it does not show).
        let mut order: Vec<OrderKey> = Vec::new();
        let mut by_outputs = true;
        let note = |name: &str, descending: bool, order: &mut Vec<OrderKey>, by_outputs: &mut bool| match outputs
            .iter()
            .position(|o| o.name == name)
        {
            Some(column) if *by_outputs => order.push(OrderKey { column: column as u32, descending }),
            _ => *by_outputs = false,
        };
        for (i, key) in plan.order_by.iter().enumerate() {
            let name = &key.column.value;
            let expression = if outputs.iter().any(|o| &o.name == name) {
                Some(quote_ident(name))
            } else if matches!(self.shape, Shape::Listing(_)) {
                self.scope().resolve(&key.column).ok().map(|(_, expression)| expression)
            } else {
                None
            };
            let Some(expression) = expression else {
                return Err(CompileError::new(
                    Code::UnknownOutput,
                    &key.column.path,
                    format!("cannot order by '{}': it is not a column of the answer", clip(name)),
                )
                .with_hint(suggest::hint(name, outputs.iter().map(|o| o.name.as_str()))));
            };
            if ordered.contains(name) {
                continue;
            }
            let direction = if key.direction == Direction::Desc { "DESC" } else { "ASC" };
            keys.push(format!("{expression} {direction} NULLS LAST"));
            note(name, key.direction == Direction::Desc, &mut order, &mut by_outputs);
            ordered.push(name.clone());
            if i == 0 {
                let words = if key.direction == Direction::Desc { "highest" } else { "lowest" };
                phrase = Some(format!("{words} {name} first"));
            }
        }
        // The tie-breaker: the group keys (which identify a group) or, for listings, every
        // output column, so equal sort keys still come back in one fixed order.
        let breakers: Vec<&Output> = match &self.shape {
            Shape::Aggregation { keys, .. } => keys.iter().collect(),
            Shape::Listing(outputs) => outputs.iter().collect(),
        };
        for output in breakers {
            if !ordered.contains(&output.name) {
                keys.push(format!("{} ASC NULLS LAST", quote_ident(&output.name)));
                note(&output.name, false, &mut order, &mut by_outputs);
                ordered.push(output.name.clone());
            }
        }
        if keys.is_empty() {
            // A single aggregate row: order by its first column keeps the SQL uniform.
            keys.push("1".to_string());
        }
        Ok(Ordering { sql: keys.join(", "), phrase, keys: order })
    }

    fn limit(&mut self, plan: &Plan) -> u32 {
        let max = self.view.limits.max_rows.max(1);
        match &plan.limit {
            None => max,
            Some(At { value, .. }) if *value > i64::from(max) => {
                self.warnings.push(format!("limit {value} was lowered to the maximum of {max} rows"));
                max
            }
            Some(At { value, .. }) if *value < 1 => {
                self.warnings.push(format!("limit {value} was raised to 1 row"));
                1
            }
            Some(At { value, .. }) => *value as u32,
        }
    }

    fn explain(
        &self,
        plan: &Plan,
        outputs: &[Output],
        filters: &[String],
        having: &[String],
        order: Option<String>,
        limit: u32,
    ) -> String {
        // "Top" only where the rows are ranked highest first: a cut alphabetical listing,
        // or one ordered lowest first, is its first rows, and a reader (or a summary of
        // it) must not take it for a ranking.
        let ranked = order.as_deref().is_some_and(|order| order.starts_with("highest "));
        let mut sentence = match &self.shape {
            Shape::Listing(_) => format!(
                "rows of {} ({})",
                self.frame.root().name,
                outputs.iter().map(|o| o.name.as_str()).collect::<Vec<_>>().join(", ")
            ),
            Shape::Aggregation { keys, aggregates } => {
                let what = if aggregates.is_empty() {
                    "distinct groups".to_string()
                } else {
                    aggregates.iter().map(|a| a.phrase.as_str()).collect::<Vec<_>>().join(", ")
                };
                if keys.is_empty() {
                    format!("{what} in {}", self.frame.root().name)
                } else {
                    format!("{what} by {}", keys.iter().map(|k| k.phrase.as_str()).collect::<Vec<_>>().join(" and "))
                }
            }
        };
        if !filters.is_empty() {
            sentence.push_str(&format!(", where {}", filters.join(" and ")));
        }
        if !having.is_empty() {
            sentence.push_str(&format!(", keeping groups where {}", having.join(" and ")));
        }
        if let Some(order) = order {
            sentence.push_str(&format!(", {order}"));
        }
        match plan.limit {
            Some(_) if ranked => sentence.push_str(&format!(", top {limit}")),
            Some(_) => sentence.push_str(&format!(", first {limit} rows")),
            None => sentence.push_str(&format!(", at most {limit} rows")),
        }
        sentence
    }
}

/// What a condition is compiled against: the view (its dialect, limits and today) and the
/// plan's table. Filters, having conditions and an aggregation's own `where` share it.
#[derive(Clone, Copy)]
struct Scope<'a> {
    view: &'a CatalogView,
    /// The plan's table: paths start here.
    table: &'a Table,
    /// The query's FROM, which gives each column its SQL.
    frame: &'a Frame<'a>,
}

impl<'a> Scope<'a> {
    /// A column of the plan's table, or a path from it: where it leads, and its SQL here.
    fn resolve(&self, name: &At<String>) -> Result<(paths::Reach<'a>, String)> {
        let reach = paths::resolve(self.view, self.table, name)?;
        let expression = self.frame.expression(&reach);
        Ok((reach, expression))
    }

    /// A plan's `filters`: the conditions on columns in the plan's order, then the
    /// existence tests.
    fn row_filters(&self, plan: &Plan) -> Result<Vec<CompiledCondition>> {
        let mut filters = self.column_conditions(&plan.filters)?;
        filters.extend(self.existence_conditions(&plan.exists)?);
        Ok(filters)
    }

    /// Conditions on the table's columns (a plan's filters, an aggregation's `where`), in
    /// the plan's order.
    fn column_conditions(&self, conditions: &[Condition]) -> Result<Vec<CompiledCondition>> {
        conditions
            .iter()
            .map(|condition| {
                let (reach, expression) = self.resolve(&condition.column)?;
                self.condition(condition, &expression, &reach.written, reach.column.kind)
            })
            .collect()
    }

    /// One filter or having condition on `expression` (the column `name`, of `kind`): its
    /// SQL, the values bound to it and its phrase in the explanation.
    fn condition(
        &self,
        condition: &Condition,
        expression: &str,
        name: &str,
        kind: ValueKind,
    ) -> Result<CompiledCondition> {
        let op = condition.op.value;
        check_op_applies(op, kind, name, &condition.op.path)?;
        let value = match &condition.value {
            Some(At { value: FilterValue::Relative(relative), path }) => {
                return self.relative_condition(condition, *relative, path, expression, name, kind)
            }
            Some(At { value: FilterValue::Json(value), path }) => Some((value, path.as_str())),
            None => None,
        };
        let mut params = Params::default();
        let (sql, rendered) = match op {
            Op::IsNull => (format!("{expression} IS NULL"), "is missing".to_string()),
            Op::IsNotNull => (format!("{expression} IS NOT NULL"), "is present".to_string()),
            Op::Eq | Op::Ne | Op::Lt | Op::Lte | Op::Gt | Op::Gte => {
                comparison(op, expression, kind, value.expect("checked by the plan parser"), &mut params)?
            }
            Op::In | Op::NotIn => {
                self.membership(op, expression, kind, value.expect("checked by the plan parser"), &mut params)?
            }
            Op::Between => self.between(expression, kind, value.expect("checked by the plan parser"), &mut params)?,
            Op::Contains | Op::StartsWith => {
                self.text_match(op, expression, kind, value.expect("checked by the plan parser"), &mut params)?
            }
        };
        Ok(CompiledCondition::new(condition, (name, expression), sql, params.into_vec(), &rendered, None))
    }

    /// `in` / `not_in`: each item bound in the list's order.
    fn membership(
        &self,
        op: Op,
        expression: &str,
        kind: ValueKind,
        (value, path): (&Value, &str),
        params: &mut Params,
    ) -> Result<(String, String)> {
        let items = self.value_list(value, path, None)?;
        let rendered: Vec<String> = items.iter().map(|(_, v)| v.clone()).collect();
        let mut placeholders = Vec::new();
        for (i, item) in items.iter().enumerate() {
            let param = list_item_param(kind, item.0, &format!("{path}[{i}]"))?;
            placeholders.push(params.bind(param));
        }
        let keyword = if op == Op::In { "IN" } else { "NOT IN" };
        let words = if op == Op::In { "is one of" } else { "is none of" };
        Ok((
            format!("{expression} {keyword} ({})", placeholders.join(", ")),
            format!("{words} {}", rendered.join(", ")),
        ))
    }

    /// `between`: `[low, high]`, both inclusive.
    fn between(
        &self,
        expression: &str,
        kind: ValueKind,
        (value, path): (&Value, &str),
        params: &mut Params,
    ) -> Result<(String, String)> {
        let items = self.value_list(value, path, Some(2))?;
        let low = list_item_param(kind, items[0].0, &format!("{path}[0]"))?;
        let high = list_item_param(kind, items[1].0, &format!("{path}[1]"))?;
        let rendered = format!("is between {} and {}", render(&low), render(&high));
        let sql = format!("{expression} BETWEEN {} AND {}", params.bind(low), params.bind(high));
        Ok((sql, rendered))
    }

    /// `contains` / `starts_with`: a LIKE whose pattern escapes the value's own wildcards.
    fn text_match(
        &self,
        op: Op,
        expression: &str,
        kind: ValueKind,
        (value, path): (&Value, &str),
        params: &mut Params,
    ) -> Result<(String, String)> {
        let Param::Text(text) = param_for(kind, value, path)? else { unreachable!("text kind yields text") };
        let escape = self.view.dialect.like_escape();
        let pattern = match op {
            Op::Contains => format!("%{}%", like_literal(&text, escape)),
            _ => format!("{}%", like_literal(&text, escape)),
        };
        let words = if op == Op::Contains { "contains" } else { "starts with" };
        let rendered = format!("{words} {}", render(&Param::Text(text)));
        Ok((format!("{expression} LIKE {} ESCAPE '{escape}'", params.bind(Param::Text(pattern))), rendered))
    }

    /// A condition whose value is a relative date: resolved against the host's today into a
    /// half-open range of days, whose bounds are bound as parameters.
    fn relative_condition(
        &self,
        condition: &Condition,
        relative: RelativeDate,
        path: &str,
        expression: &str,
        name: &str,
        kind: ValueKind,
    ) -> Result<CompiledCondition> {
        let phrase = relative.phrase();
        if !kind.is_temporal() {
            return Err(self.relative_date_needs_dates(&phrase, path, name, kind));
        }
        let range = calendar::resolve(relative, self.view.today);
        if range.start < calendar::EARLIEST_DAY {
            return Err(CompileError::new(
                Code::InvalidValue,
                path,
                format!("{phrase} reaches back before the year 1"),
            )
            .with_hint("ask for fewer units"));
        }
        let mut params = Params::default();
        let (sql, rendered) =
            range_condition(condition.op.value, relative, range, expression, kind, path, &mut params)?;
        let resolved = ResolvedDate {
            column: Some(name.to_string()),
            path: path.to_string(),
            phrase,
            start: range.start,
            end: range.end,
        };
        Ok(CompiledCondition::new(condition, (name, expression), sql, params.into_vec(), &rendered, Some(resolved)))
    }

    /// A relative date on a column that holds no dates, with the table's date columns as
    /// the hint.
    fn relative_date_needs_dates(&self, phrase: &str, path: &str, name: &str, kind: ValueKind) -> CompileError {
        let dated: Vec<&str> =
            self.frame.root().columns.iter().filter(|c| c.kind.is_temporal()).map(|c| c.name.as_str()).collect();
        let hint = match dated.as_slice() {
            [] => format!(
                "'{}' has no date or timestamp column; compare '{name}' with a plain value",
                self.frame.root().name
            ),
            some => format!(
                "relative dates filter date and timestamp columns: {}",
                some.iter().map(|c| format!("'{c}'")).collect::<Vec<_>>().join(", ")
            ),
        };
        CompileError::new(
            Code::InvalidValue,
            path,
            format!(
                "a relative date ({phrase}) needs a date or timestamp column; '{name}' is a {} column",
                kind.word()
            ),
        )
        .with_hint(hint)
    }

    /// The items of a list value, bounded by the policy (or exactly `exact` long).
    fn value_list<'v>(&self, value: &'v Value, path: &str, exact: Option<usize>) -> Result<Vec<(&'v Value, String)>> {
        let Value::Array(items) = value else {
            let example = if exact == Some(2) { "[10, 20]" } else { "[\"P1\", \"P2\"]" };
            return Err(CompileError::new(Code::InvalidValue, path, "expected a list of values")
                .with_hint(format!("write it like {example}")));
        };
        let max = self.view.limits.max_in_list as usize;
        match exact {
            Some(n) if items.len() != n => {
                return Err(CompileError::new(
                    Code::InvalidValue,
                    path,
                    format!("expected exactly {n} values, got {}", items.len()),
                )
                .with_hint("between takes [low, high], both inclusive"))
            }
            None if items.is_empty() => {
                return Err(CompileError::new(Code::InvalidValue, path, "the list is empty")
                    .with_hint("give at least one value"))
            }
            None if items.len() > max => {
                return Err(CompileError::new(
                    Code::ListTooLong,
                    path,
                    format!("the list has {} values; at most {max} are accepted", items.len()),
                )
                .with_hint("use a range (between) or a broader filter"))
            }
            _ => {}
        }
        Ok(items.iter().map(|v| (v, crate::values::describe_json(v))).collect())
    }
}

/// Every output as `expression AS name`, or its quoted name alone where that is the expression.
fn select_list(outputs: &[Output], dialect: Dialect) -> String {
    let quote_ident = |name: &str| dialect.quote(name);
    outputs
        .iter()
        .map(|o| {
            if o.expression == quote_ident(&o.name) {
                o.expression.clone()
            } else {
                format!("{} AS {}", o.expression, quote_ident(&o.name))
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The answer's rows counted without its limit: the total reported when rows were cut.
fn count_query(select_list: &str, body: &str, params: Vec<Param>, dialect: Dialect) -> Query {
    Query {
        sql: format!(
            "SELECT count(*) AS {} FROM (SELECT {select_list}{body}) AS {}",
            dialect.quote("total_rows"),
            dialect.quote("answer")
        ),
        params,
    }
}

/// Every relative date the answer used: in its filters, its having conditions and its
/// aggregations' own `where`.
fn resolved_dates(
    filters: &[CompiledCondition],
    having: &[CompiledCondition],
    outputs: &[Output],
) -> Vec<ResolvedDate> {
    filters
        .iter()
        .chain(having)
        .flat_map(|c| c.resolved.iter().cloned())
        .chain(outputs.iter().flat_map(|o| o.resolved.iter().cloned()))
        .collect()
}

/// `<keyword> a AND b` over the conditions' SQL, or nothing when there are none.
fn joined_with_and(keyword: &str, conditions: &[CompiledCondition]) -> String {
    if conditions.is_empty() {
        String::new()
    } else {
        format!("{keyword} {}", conditions.iter().map(|c| c.sql.as_str()).collect::<Vec<_>>().join(" AND "))
    }
}

/// The one-row query that counts what the main query cannot see, or `None` when nothing
/// can be: the rows that `ne` / `not_in` filters dropped only because their column is null
/// (SQL compares nothing with null), counted among the rows every other filter keeps. (The
/// nulls aggregates skip are counted by the main query itself: `main_counts`.)
///
/// Filters that cannot drop rows silently stay in the probe's WHERE; the others move into
/// each count's own `FILTER (WHERE …)`, where a count about a column leaves out that
/// column's `ne` / `not_in` filters. Their values are bound again for every count that
/// repeats them, in the order the placeholders appear.
fn null_probe(from: &str, from_params: &[Param], filters: &[CompiledCondition], dialect: Dialect) -> Option<NullProbe> {
    let quote_ident = |name: &str| dialect.quote(name);
    let (silent, common): (Vec<&CompiledCondition>, Vec<&CompiledCondition>) =
        filters.iter().partition(|f| f.drops_nulls_silently);
    let mut excluded_columns: Vec<(&str, &str)> = Vec::new();
    for filter in &silent {
        if !excluded_columns.contains(&(filter.column.as_str(), filter.expression.as_str())) {
            excluded_columns.push((&filter.column, &filter.expression));
        }
    }
    if excluded_columns.is_empty() {
        return None;
    }
    let mut counts = Vec::new();
    let mut select = Vec::new();
    let mut params = Vec::new();
    let mut count_where = |kept: &[&CompiledCondition], null_column: &str| {
        let mut parts: Vec<&str> = kept.iter().map(|f| f.sql.as_str()).collect();
        let is_null = format!("{null_column} IS NULL");
        parts.push(&is_null);
        select.push(format!(
            "count(*) FILTER (WHERE {}) AS {}",
            parts.join(" AND "),
            quote_ident(&format!("nulls_{}", select.len()))
        ));
        params.extend(kept.iter().flat_map(|f| f.params.iter().cloned()));
    };
    for (column, expression) in excluded_columns {
        let (own, others): (Vec<&CompiledCondition>, Vec<&CompiledCondition>) =
            silent.iter().copied().partition(|f| f.column == column);
        count_where(&others, expression);
        counts.push(ProbeCount::FilterExcluded(ExcludedNulls {
            column: column.to_string(),
            path: own.iter().map(|f| f.path.as_str()).collect::<Vec<_>>().join(", "),
            filter: own.iter().map(|f| f.phrase.as_str()).collect::<Vec<_>>().join(" and "),
        }));
    }
    let where_clause = if common.is_empty() {
        String::new()
    } else {
        format!(" WHERE {}", common.iter().map(|f| f.sql.as_str()).collect::<Vec<_>>().join(" AND "))
    };
    params.extend(from_params.iter().cloned());
    params.extend(common.iter().flat_map(|f| f.params.iter().cloned()));
    Some(NullProbe {
        query: Query { sql: format!("SELECT {} FROM {from}{where_clause}", select.join(", ")), params },
        counts,
    })
}

/// Which ops a column's kind takes: text takes every op, booleans only equality, columns of
/// other types only the null tests, numbers and dates everything but text matching.
fn check_op_applies(op: Op, kind: ValueKind, name: &str, op_path: &str) -> Result<()> {
    let allowed = match kind {
        ValueKind::Other => matches!(op, Op::IsNull | Op::IsNotNull),
        ValueKind::Boolean => matches!(op, Op::Eq | Op::Ne | Op::IsNull | Op::IsNotNull),
        ValueKind::Text => true,
        _ => !matches!(op, Op::Contains | Op::StartsWith),
    };
    if allowed {
        return Ok(());
    }
    let why = format!("'{}' does not apply to '{name}', a {} column", op.name(), kind.word());
    Err(CompileError::new(Code::InvalidOperator, op_path, why).with_hint(match kind {
        ValueKind::Text => "text columns take eq, ne, lt, lte, gt, gte, in, not_in, between, contains, starts_with, is_null, is_not_null",
        ValueKind::Boolean => "boolean columns take eq, ne, is_null, is_not_null",
        ValueKind::Other => "this column only takes is_null and is_not_null",
        _ => "numbers and dates take eq, ne, lt, lte, gt, gte, in, not_in, between, is_null, is_not_null",
    }))
}

/// `eq` … `gte` against one value.
fn comparison(
    op: Op,
    expression: &str,
    kind: ValueKind,
    (value, path): (&Value, &str),
    params: &mut Params,
) -> Result<(String, String)> {
    let param = param_for(kind, value, path)?;
    let symbol = match op {
        Op::Eq => "=",
        Op::Ne => "<>",
        Op::Lt => "<",
        Op::Lte => "<=",
        Op::Gt => ">",
        _ => ">=",
    };
    let rendered = format!("{symbol} {}", render(&param));
    Ok((format!("{expression} {symbol} {}", params.bind(param)), rendered))
}

/// A comparison with a whole range of days: `eq` keeps the range, `lt` what comes before
/// it, `gt` what comes after it; a list op has no meaning for it.
fn range_condition(
    op: Op,
    relative: RelativeDate,
    range: calendar::DayRange,
    expression: &str,
    kind: ValueKind,
    path: &str,
    params: &mut Params,
) -> Result<(String, String)> {
    let bound = |day: i32| match kind {
        ValueKind::Date => Param::Date(day),
        _ => Param::Timestamp(i64::from(day) * MICROS_PER_DAY),
    };
    let (start, last, end) = (format_date(range.start), format_date(range.last_day()), format_date(range.end));
    let words = relative.in_words();
    Ok(match op {
        Op::Eq => (
            format!(
                "({expression} >= {} AND {expression} < {})",
                params.bind(bound(range.start)),
                params.bind(bound(range.end))
            ),
            format!("is in {words} ({start} through {last})"),
        ),
        Op::Ne => (
            format!(
                "({expression} < {} OR {expression} >= {})",
                params.bind(bound(range.start)),
                params.bind(bound(range.end))
            ),
            format!("is outside {words} ({start} through {last})"),
        ),
        Op::Lt => (
            format!("{expression} < {}", params.bind(bound(range.start))),
            format!("is before {words} (before {start})"),
        ),
        Op::Lte => (
            format!("{expression} < {}", params.bind(bound(range.end))),
            format!("is no later than {words} (through {last})"),
        ),
        Op::Gt => {
            (format!("{expression} >= {}", params.bind(bound(range.end))), format!("is after {words} (from {end})"))
        }
        Op::Gte => (
            format!("{expression} >= {}", params.bind(bound(range.start))),
            format!("is in or after {words} (from {start})"),
        ),
        other => {
            let hint = format!(
                "use \"op\": \"eq\" to keep rows in {words}, \"gte\" for rows from its start on, \"lt\" for rows before it"
            );
            return Err(CompileError::new(
                Code::InvalidValue,
                path,
                format!("'{}' takes a list of values; a relative date is a whole range on its own", other.name()),
            )
            .with_hint(hint));
        }
    })
}

/// A value inside an `in`, `not_in` or `between` list, where a relative date (an object)
/// cannot stand: it is a whole range by itself.
fn list_item_param(kind: ValueKind, value: &Value, path: &str) -> Result<Param> {
    if kind.is_temporal() && value.is_object() {
        return Err(CompileError::new(
            Code::InvalidValue,
            path,
            "a relative date cannot be an item of a list: it is a whole range by itself",
        )
        .with_hint(format!(
            "give the relative date alone with \"op\": \"eq\" (or gte / lt); {} are its forms",
            RelativeDate::FORMS
        )));
    }
    param_for(kind, value, path)
}

/// A parameter as the explanation shows it.
fn render(param: &Param) -> String {
    match param {
        Param::Null => "null".into(),
        Param::Boolean(b) => b.to_string(),
        Param::Integer(i) => i.to_string(),
        Param::Float(f) => f.to_string(),
        Param::Text(t) => format!("'{}'", clip(t)),
        Param::Date(d) => format_date(*d),
        Param::Timestamp(t) => format_timestamp(*t),
    }
}

#[cfg(test)]
mod exists_tests;
#[cfg(test)]
mod joined_tests;
#[cfg(test)]
mod tests;
