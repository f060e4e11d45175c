//! Structured plans for the plan compiler: a small Rust model of
//! the plan language that `arbitrary` derives from raw fuzz bytes, serialised to plan JSON.
//!
//! Byte-level mutation of JSON (target `compile_plan`) spends most of its time on text that
//! is not JSON or names nothing; this model makes almost every input a well-formed plan over
//! the oracle's catalog, so the fuzzer's time goes into the compiler's name resolution, type
//! checks, relative dates, having/order_by resolution and SQL emission. Names are picked by
//! index from the catalog (so most are real); columns are now and then paths through the
//! catalog's relationships (`teams.region`, `services.teams.region`) wherever a column
//! stands; aggregations take `where`, `share`, `percentile` with `p`, and now and then name
//! one of the catalog's metrics (`{"metric": …}`), so keys, filters and `where` over paths
//! make many plans fan out (refused with `fan_out`) and many read several grains side by
//! side. The related-rows forms too: existence tests (`exists` / `not_exists`, in `filters`
//! and in an aggregation's `where`, with or without `via`, with a `where` of their own),
//! aggregations from the one side (`"of"`, leaning to count, sum and avg), and steps named by
//! key column (`team.region`; `from_team.region` and `to_team.region`, the two roles of
//! handoffs → teams), each now and then wrong (a table no relationship leads from, a `via`
//! that is no key, no `via` where two relationships lead back, a nested test, a path under
//! `"of"`). Values mostly fit the column they compare with,
//! and a small, deliberate share is wrong or odd (names, words, types, huge numbers, broken
//! relative dates, text-level damage) to keep the refusal paths covered too.
//!
//! Shared by `fuzz_targets/plan_structured.rs` and the stable replay in
//! `tests/all/fuzz/fuzz_regressions.rs` (both include it with `#[path]`), so a kept regression
//! decodes to the same plan in both. Changing how bytes decode changes what every kept
//! input means: add variants at the end of weight lists rather than reorder them.

#![allow(dead_code)]

use arbitrary::{Arbitrary, Result, Unstructured};
use querycell_guest::model::{Column, Table};
use querycell_guest::{CatalogView, ValueKind};
use serde_json::{Map, Value};

/// The plan JSON text `data` decodes to, or `None` where `arbitrary` gives up (it does not
/// on short input: missing bytes read as zeros, which pick the first, simplest variant).
pub fn plan_text(data: &[u8], view: &CatalogView) -> Option<String> {
    let mut u = Unstructured::new(data);
    let plan = Plan::arbitrary(&mut u).ok()?;
    Some(plan.to_json(view))
}

/// An index into `weights`, each option as likely as its weight; option 0 when the input is
/// used up, so exhausted input ends in the simplest forms instead of recursing.
fn pick(u: &mut Unstructured, weights: &[u32]) -> Result<usize> {
    let total: u32 = weights.iter().sum();
    let mut x = u.int_in_range(0..=total - 1)?;
    for (i, w) in weights.iter().enumerate() {
        if x < *w {
            return Ok(i);
        }
        x -= w;
    }
    Ok(weights.len() - 1)
}

/// A part present when the next byte is at least `AT` (never when the input is used up).
#[derive(Debug)]
pub struct Sometimes<T, const AT: u8>(pub Option<T>);

impl<'a, T: Arbitrary<'a>, const AT: u8> Arbitrary<'a> for Sometimes<T, AT> {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        Ok(Sometimes(if u8::arbitrary(u)? >= AT { Some(T::arbitrary(u)?) } else { None }))
    }
}

/// A part present in about one input in sixteen: for damage that would otherwise make most
/// plans refusals.
pub type Rare<T> = Sometimes<T, 240>;

/// A part present in about one input in four.
pub type Quarter<T> = Sometimes<T, 192>;

#[derive(Debug, Arbitrary)]
pub struct Plan {
    table: TableRef,
    shape: Shape,
    filters: Vec<RowFilter>,
    order_by: Vec<OrderKey>,
    limit: Option<Limit>,
    /// A field of the wrong type, an unknown field, an empty list.
    field_oddity: Rare<FieldOddity>,
    /// Damage to the JSON text itself.
    text_oddity: Rare<TextOddity>,
    /// Without it, answer columns that would repeat a name are left out (a repeat is
    /// refused, and drew most refusals before), an aggregation without keys or functions
    /// counts rows, and a listing without columns lists the first one: `Shape::Neither` and
    /// `FieldOddity::EmptyColumns` keep the empty forms covered.
    keep_repeats_and_empties: Rare<()>,
    /// In about one plan in four: its group keys and filters name columns of the table the
    /// first aggregation of a related column reads (`teams.region` beside `sum` of
    /// `teams.headcount`), so that plans of several grains are accepted, not only refused
    /// as fan-out.
    follow_grain: Quarter<()>,
}

/// Mostly a catalog table (by index); now and then a near miss.
#[derive(Debug)]
pub enum TableRef {
    Catalog(u8),
    Odd(OddName),
}

impl<'a> Arbitrary<'a> for TableRef {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        Ok(match pick(u, &[30, 1])? {
            0 => TableRef::Catalog(u8::arbitrary(u)?),
            _ => TableRef::Odd(OddName::arbitrary(u)?),
        })
    }
}

/// A column of the plan's table (by index), a column of a related table by path (the path
/// and the column by index), or now and then a near miss.
#[derive(Debug)]
pub enum ColumnRef {
    Catalog(u8),
    Odd(OddName),
    Path(u8, u8),
}

impl<'a> Arbitrary<'a> for ColumnRef {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        Ok(match pick(u, &[30, 1, 14])? {
            0 => ColumnRef::Catalog(u8::arbitrary(u)?),
            1 => ColumnRef::Odd(OddName::arbitrary(u)?),
            _ => ColumnRef::Path(u8::arbitrary(u)?, u8::arbitrary(u)?),
        })
    }
}

/// A name derived from a real one (`base` indexes the table's columns, or the tables) the
/// way a model gets names wrong, or one of a few hostile words.
#[derive(Debug, Arbitrary)]
pub struct OddName {
    base: u8,
    how: Misspelling,
}

#[derive(Debug, Arbitrary)]
pub enum Misspelling {
    Upper,
    TrailingSpace,
    LeadingSpace,
    Qualified,
    DoubleQuoted,
    DropLastChar,
    Plural,
    Accented,
    NulByte,
    Empty,
    Hostile(u8),
    Free(String),
}

const HOSTILE_NAMES: &[&str] = &[
    "*",
    "count(*)",
    "select",
    "1",
    "rowid",
    "__querycell_rows",
    "__querycell_nulls_0",
    "NULL",
    "team; DROP TABLE incidents",
    "team\" OR \"1\"=\"1",
    "team' OR '1'='1",
    "information_schema.tables",
    "read_csv('/etc/passwd')",
    "$1",
    "?",
    "-- comment",
    "/*",
    "\u{202e}maet",
    "ｔｅａｍ",
    "team\u{0}",
    "total_rows",
    "answer",
];

impl OddName {
    fn render(&self, real: &[&str], qualifier: &str) -> String {
        let base = if real.is_empty() { "x" } else { real[self.base as usize % real.len()] };
        match &self.how {
            Misspelling::Upper => base.to_uppercase(),
            Misspelling::TrailingSpace => format!("{base} "),
            Misspelling::LeadingSpace => format!(" {base}"),
            Misspelling::Qualified => format!("{qualifier}.{base}"),
            Misspelling::DoubleQuoted => format!("\"{base}\""),
            Misspelling::DropLastChar => base.chars().take(base.chars().count().saturating_sub(1)).collect(),
            Misspelling::Plural => format!("{base}s"),
            Misspelling::Accented => base.replacen('e', "é", 1).replacen('a', "а", 1),
            Misspelling::NulByte => format!("{base}\u{0}"),
            Misspelling::Empty => String::new(),
            Misspelling::Hostile(i) => HOSTILE_NAMES[*i as usize % HOSTILE_NAMES.len()].to_string(),
            Misspelling::Free(text) => text.clone(),
        }
    }
}

/// What the plan asks for: mostly an aggregation or a listing; rarely both (refused as
/// mixed) or neither (refused as empty).
#[derive(Debug)]
pub enum Shape {
    Aggregate { group_by: Vec<GroupKey>, aggregations: Vec<Aggregation>, having: Vec<Condition<OutputRef>> },
    Listing { columns: Vec<ColumnRef>, having: Rare<Vec<Condition<OutputRef>>> },
    Both { columns: Vec<ColumnRef>, group_by: Vec<GroupKey>, aggregations: Vec<Aggregation> },
    Neither,
}

impl<'a> Arbitrary<'a> for Shape {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        Ok(match pick(u, &[16, 8, 1, 1])? {
            0 => Shape::Aggregate {
                group_by: Vec::arbitrary(u)?,
                aggregations: Vec::arbitrary(u)?,
                having: Vec::arbitrary(u)?,
            },
            1 => Shape::Listing { columns: Vec::arbitrary(u)?, having: Rare::arbitrary(u)? },
            2 => Shape::Both {
                columns: Vec::arbitrary(u)?,
                group_by: Vec::arbitrary(u)?,
                aggregations: Vec::arbitrary(u)?,
            },
            _ => Shape::Neither,
        })
    }
}

#[derive(Debug, Arbitrary)]
pub struct GroupKey {
    column: ColumnRef,
    granularity: Option<Word<Granularity>>,
    /// Without it a granularity is only sent for a date or timestamp column, since on any
    /// other it is refused and the rest of the plan would go untested.
    even_if_not_temporal: Rare<()>,
    object_form: bool,
}

#[derive(Debug, Arbitrary)]
pub struct Aggregation {
    function: Word<Function>,
    column: Option<ColumnRef>,
    alias: Option<Alias>,
    /// Without it the column is repaired where the function would refuse it (no column for
    /// sum, a text column for avg), `share` gets a `where` and no column, `percentile` a
    /// `p`: most aggregations should compile.
    as_is: Rare<()>,
    /// The aggregation's own conditions (columns, paths and existence tests, like `filters`).
    where_: Option<Vec<RowFilter>>,
    /// `percentile`'s fraction (sent with other functions only as is).
    p: PValue,
    /// In about one aggregation in four: `{"metric": …}` instead (with the alias, if any).
    metric: Quarter<MetricRef>,
    /// In about one aggregation in four: `"of"`, the rows of a table whose relationship
    /// leads to the plan's table; its column and `where` then name that table's columns.
    of: Quarter<OneSide>,
}

/// `"of"`: the related rows, and the function, which leans to the ones asked of related rows
/// most (a count, a sum or an average of a column of theirs).
#[derive(Debug, Arbitrary)]
pub struct OneSide {
    related: RelatedRef,
    function: OneSideFunction,
}

#[derive(Debug)]
pub enum OneSideFunction {
    AsWritten,
    Count,
    Sum,
    Avg,
}

impl<'a> Arbitrary<'a> for OneSideFunction {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        Ok(match pick(u, &[3, 2, 1, 1])? {
            0 => OneSideFunction::AsWritten,
            1 => OneSideFunction::Count,
            2 => OneSideFunction::Sum,
            _ => OneSideFunction::Avg,
        })
    }
}

/// One of the metrics of the plan's table (by index), or rarely any of the catalog's (one
/// defined on another table is refused as `unknown_metric`), or a name that is none.
#[derive(Debug, Arbitrary)]
pub struct MetricRef {
    index: u8,
    any_table: Rare<()>,
    odd: Rare<OddName>,
}

/// `p`: mostly a fraction strictly between 0 and 1, now and then one that is not.
#[derive(Debug)]
pub enum PValue {
    Percent(u8),
    Odd(OddP),
}

impl<'a> Arbitrary<'a> for PValue {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        Ok(match pick(u, &[20, 1])? {
            0 => PValue::Percent(u8::arbitrary(u)?),
            _ => PValue::Odd(OddP::arbitrary(u)?),
        })
    }
}

#[derive(Debug, Arbitrary)]
pub enum OddP {
    Zero,
    One,
    Negative,
    OverOne,
    Text,
    Null,
    Tiny,
    AlmostOne,
    Huge(HugeNumber),
}

impl PValue {
    /// The fraction, when it is one a percentile takes.
    fn fraction(&self) -> Option<f64> {
        match self {
            PValue::Percent(n) => Some(f64::from(1 + *n % 99) / 100.0),
            PValue::Odd(OddP::AlmostOne) => Some(0.99999),
            PValue::Odd(_) => None,
        }
    }

    fn value(&self, raw: &mut Raw) -> Value {
        match self {
            PValue::Odd(OddP::Zero) => Value::from(0),
            PValue::Odd(OddP::One) => Value::from(1),
            PValue::Odd(OddP::Negative) => raw.number("-0.5".into()),
            PValue::Odd(OddP::OverOne) => raw.number("1.5".into()),
            PValue::Odd(OddP::Text) => Value::String("0.9".into()),
            PValue::Odd(OddP::Null) => Value::Null,
            PValue::Odd(OddP::Tiny) => raw.number("1e-400".into()),
            PValue::Odd(OddP::Huge(n)) => raw.number(n.text()),
            other => serde_json::Number::from_f64(other.fraction().unwrap_or(0.5)).map_or(Value::Null, Value::Number),
        }
    }
}

/// `p` as a percent in a default name (`95` for 0.95, `99_999` for 0.99999), as the
/// compiler writes it.
fn percent_label(p: f64) -> String {
    let percent = format!("{:.4}", p * 100.0);
    percent.trim_end_matches('0').trim_end_matches('.').replace('.', "_")
}

/// One of a language's words (by index), or now and then a word it does not have.
#[derive(Debug)]
pub enum Word<T> {
    Known(u8, std::marker::PhantomData<T>),
    Odd(OddWord),
}

impl<'a, T> Arbitrary<'a> for Word<T> {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        Ok(match pick(u, &[60, 1])? {
            0 => Word::Known(u8::arbitrary(u)?, std::marker::PhantomData),
            _ => Word::Odd(OddWord::arbitrary(u)?),
        })
    }
}

pub trait Words {
    const WORDS: &'static [&'static str];
}

#[derive(Debug)]
pub struct Op;
impl Words for Op {
    const WORDS: &'static [&'static str] = &[
        "eq",
        "ne",
        "lt",
        "lte",
        "gt",
        "gte",
        "in",
        "not_in",
        "between",
        "is_null",
        "is_not_null",
        "contains",
        "starts_with",
    ];
}

#[derive(Debug)]
pub struct Function;
impl Words for Function {
    const WORDS: &'static [&'static str] =
        &["count", "count_distinct", "sum", "avg", "min", "max", "median", "percentile", "share"];
}

#[derive(Debug)]
pub struct Granularity;
impl Words for Granularity {
    const WORDS: &'static [&'static str] = &["day", "week", "month", "quarter", "year"];
}

#[derive(Debug)]
pub struct Direction;
impl Words for Direction {
    const WORDS: &'static [&'static str] = &["asc", "desc"];
}

impl<T: Words> Word<T> {
    fn text(&self) -> String {
        match self {
            Word::Known(i, _) => T::WORDS[*i as usize % T::WORDS.len()].to_string(),
            Word::Odd(odd) => odd.text(),
        }
    }

    /// The known word, if it is one.
    fn known(&self) -> Option<&'static str> {
        match self {
            Word::Known(i, _) => Some(T::WORDS[*i as usize % T::WORDS.len()]),
            Word::Odd(_) => None,
        }
    }
}

/// Words a model writes where the language has its own: symbols, other spellings, plurals.
#[derive(Debug, Arbitrary)]
pub enum OddWord {
    Listed(u8),
    Free(String),
}

const ODD_WORDS: &[&str] = &[
    ">=",
    "=",
    "==",
    "<>",
    "!=",
    "like",
    "EQ",
    "Eq",
    "eq ",
    "",
    "not in",
    "isnull",
    "days",
    "Month",
    "decade",
    "hour",
    "weeks",
    "DESC",
    "descending",
    "average",
    "mean",
    "count(*)",
    "distinct",
    "quarterly",
    "\u{0}",
    "between ",
    "in_list",
    "ilike",
];

impl OddWord {
    fn text(&self) -> String {
        match self {
            OddWord::Listed(i) => ODD_WORDS[*i as usize % ODD_WORDS.len()].to_string(),
            OddWord::Free(text) => text.clone(),
        }
    }
}

#[derive(Debug)]
pub enum Alias {
    Good(u8),
    Long(u8),
    Odd(OddString),
}

const ALIASES: &[&str] = &[
    "n",
    "total",
    "average_minutes",
    "worst",
    "x1",
    "_a",
    "Count",
    "team",
    "count",
    "cost",
    "opened_at_month",
    "A",
    "select",
    "order",
];

impl<'a> Arbitrary<'a> for Alias {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        Ok(match pick(u, &[12, 1, 2])? {
            0 => Alias::Good(u8::arbitrary(u)?),
            1 => Alias::Long(u8::arbitrary(u)?),
            _ => Alias::Odd(OddString::arbitrary(u)?),
        })
    }
}

impl Alias {
    fn text(&self) -> String {
        match self {
            Alias::Good(i) => ALIASES[*i as usize % ALIASES.len()].to_string(),
            // Around the 63-character limit of an alias.
            Alias::Long(n) => "a".repeat(56 + (*n as usize % 12)),
            Alias::Odd(odd) => odd.text(),
        }
    }
}

/// A condition of `filters` (on a table column) or `having` (on an answer column).
#[derive(Debug, Arbitrary)]
pub struct Condition<C> {
    column: C,
    op: Word<Op>,
    value: ValueSpec,
    /// Without it an op the column's kind does not take is swapped for one it does
    /// (contains on a number, gt on a boolean), which would otherwise refuse many plans.
    as_is: Rare<()>,
}

/// An item of `filters` or of an aggregation's `where`: mostly a condition on a column,
/// now and then an existence test.
#[derive(Debug)]
pub enum RowFilter {
    Column(Condition<ColumnRef>),
    Exists(ExistenceTest),
}

impl<'a> Arbitrary<'a> for RowFilter {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        Ok(match pick(u, &[5, 2])? {
            0 => RowFilter::Column(Condition::arbitrary(u)?),
            _ => RowFilter::Exists(ExistenceTest::arbitrary(u)?),
        })
    }
}

/// `{"exists": {"table", "via", "where"}}` or `{"not_exists": …}`: the related table by
/// index among those whose relationship leads to the plan's table, its `where` on that
/// table's columns and paths from it.
#[derive(Debug, Arbitrary)]
pub struct ExistenceTest {
    negated: bool,
    related: RelatedRef,
    where_: Vec<Condition<ColumnRef>>,
    /// An existence test inside the `where` (not part of the language: refused).
    nested: Rare<()>,
}

/// The related rows of an existence test or an `"of"`: a relationship by index among those
/// that lead to the plan's table, with `via` written as asked; or, rarely, a table that is
/// wrong on purpose.
#[derive(Debug, Arbitrary)]
pub struct RelatedRef {
    index: u8,
    via: ViaSpec,
    wrong: Rare<WrongRelated>,
}

/// `via`: left out unless two relationships lead from the related table to the plan's
/// (`Auto`), always written, or wrong: a column of the related table that is no key to the
/// plan's table, or a misspelled name.
#[derive(Debug)]
pub enum ViaSpec {
    Auto,
    Key,
    NotKey(u8),
    Odd(OddName),
}

impl<'a> Arbitrary<'a> for ViaSpec {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        Ok(match pick(u, &[10, 6, 1, 1])? {
            0 => ViaSpec::Auto,
            1 => ViaSpec::Key,
            2 => ViaSpec::NotKey(u8::arbitrary(u)?),
            _ => ViaSpec::Odd(OddName::arbitrary(u)?),
        })
    }
}

/// Related tables a model gets wrong: one no relationship leads from to the plan's table
/// (`teams` from incidents points the wrong way), the plan's own table, a misspelled name,
/// and a table two relationships lead from without `via`.
#[derive(Debug, Arbitrary)]
pub enum WrongRelated {
    Unrelated(u8),
    PlanTable,
    Odd(OddName),
    AmbiguousWithoutVia,
}

/// A column of the answer, for `having` and `order_by`: mostly one the plan produces.
#[derive(Debug)]
pub enum OutputRef {
    Output(u8),
    Column(ColumnRef),
    Odd(OddName),
}

impl<'a> Arbitrary<'a> for OutputRef {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        Ok(match pick(u, &[14, 2, 1])? {
            0 => OutputRef::Output(u8::arbitrary(u)?),
            1 => OutputRef::Column(ColumnRef::arbitrary(u)?),
            _ => OutputRef::Odd(OddName::arbitrary(u)?),
        })
    }
}

#[derive(Debug, Arbitrary)]
pub struct OrderKey {
    column: OutputRef,
    direction: Option<Word<Direction>>,
    string_form: bool,
}

/// A condition's value: mostly one that fits the op and the column's kind (a list for in
/// and between, none for is_null, a relative date now and then for dates); otherwise any
/// JSON value at all, or none.
#[derive(Debug)]
pub enum ValueSpec {
    Fitting(Fitting),
    Raw(RawValue),
    Absent,
}

impl<'a> Arbitrary<'a> for ValueSpec {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        Ok(match pick(u, &[30, 4, 1])? {
            0 => ValueSpec::Fitting(Fitting::arbitrary(u)?),
            1 => ValueSpec::Raw(RawValue::arbitrary(u)?),
            _ => ValueSpec::Absent,
        })
    }
}

#[derive(Debug, Arbitrary)]
pub struct Fitting {
    items: Vec<u32>,
    /// For a date or timestamp column with a single-value op.
    relative: Option<RelativeDate>,
    /// 0 or over the catalog's limit of 100 items for in/not_in, when present.
    list_length: Rare<u8>,
}

/// A single value, any shape, for when fitting values are not what is wanted.
#[derive(Debug, Arbitrary)]
pub enum RawValue {
    Null,
    Bool(bool),
    Int(i64),
    Float(f64),
    Str(OddString),
    Date(DateText),
    Timestamp(TimestampText),
    Relative(RelativeDate),
    List(Vec<RawScalar>),
    Number(HugeNumber),
    EmptyObject,
    Nested(u8),
    OddObject(OddWord, RawScalar),
    LongString(u8),
}

#[derive(Debug, Arbitrary)]
pub enum RawScalar {
    Null,
    Bool(bool),
    Int(i64),
    Float(f64),
    Str(OddString),
    Date(DateText),
    Timestamp(TimestampText),
    Number(HugeNumber),
    Relative(RelativeDate),
    EmptyList,
}

/// Numbers at and past the edges of what JSON readers hold exactly; written as raw JSON text
/// (serde_json's own numbers cannot express most of them).
#[derive(Debug, Arbitrary)]
pub enum HugeNumber {
    I64Min,
    I64MaxPlusOne,
    U64Max,
    BelowI64Min,
    Exp400,
    NegExp400,
    Tiny,
    ManyDigits(u8),
    LongFraction,
    NegZero,
    WholeAsFloat,
    UpperExp,
    F64Max,
}

impl HugeNumber {
    fn text(&self) -> String {
        match self {
            HugeNumber::I64Min => i64::MIN.to_string(),
            HugeNumber::I64MaxPlusOne => "9223372036854775808".into(),
            HugeNumber::U64Max => u64::MAX.to_string(),
            HugeNumber::BelowI64Min => "-9223372036854775809".into(),
            HugeNumber::Exp400 => "1e400".into(),
            HugeNumber::NegExp400 => "-1e400".into(),
            HugeNumber::Tiny => "1e-400".into(),
            HugeNumber::ManyDigits(n) => "9".repeat(1 + *n as usize),
            HugeNumber::LongFraction => "0.30000000000000004440892098500626161694526672363281".into(),
            HugeNumber::NegZero => "-0".into(),
            HugeNumber::WholeAsFloat => "10.0".into(),
            HugeNumber::UpperExp => "1E5".into(),
            HugeNumber::F64Max => "1.7976931348623157e308".into(),
        }
    }
}

/// Strings a compiler that pastes text into SQL would get wrong.
#[derive(Debug, Arbitrary)]
pub enum OddString {
    Listed(u8),
    Free(String),
}

const ODD_STRINGS: &[&str] = &[
    "",
    "'",
    "''",
    "\"",
    "\\",
    "%",
    "_",
    "%_%",
    "\\%",
    "a'b",
    "P1",
    "P1'; DROP TABLE incidents; --",
    "\u{0}",
    "é",
    "ｔｅａｍ",
    "🙂",
    "\u{202e}",
    "?",
    "$1",
    "-- x",
    "/* x",
    "*/",
    "NULL",
    "null",
    "true",
    "2026-03-15",
    "2026-02-30",
    "1e308",
    "\n",
    "\r\n",
    "\t",
    "\u{2028}",
    "\u{feff}",
    "[",
    "{",
    "E'\\x41'",
    "$$x$$",
];

impl OddString {
    fn text(&self) -> String {
        match self {
            OddString::Listed(i) => ODD_STRINGS[*i as usize % ODD_STRINGS.len()].to_string(),
            OddString::Free(text) => text.clone(),
        }
    }
}

/// `YYYY-MM-DD` from parts that may not make a date (month 13, day 31 of a 30-day month,
/// year 0 or five digits), or another way of writing one.
#[derive(Debug, Arbitrary)]
pub struct DateText {
    year: i16,
    month: u8,
    day: u8,
    form: u8,
}

impl DateText {
    fn text(&self) -> String {
        let (m, d) = (self.month % 14, self.day % 33);
        match self.form % 8 {
            0..=3 => format!("{:04}-{m:02}-{d:02}", 1990 + (self.year.rem_euclid(60))),
            4 => format!("{:04}-{m:02}-{d:02}", self.year),
            5 => format!("{}-{m}-{d}", self.year),
            6 => format!("{d:02}/{m:02}/{:04}", self.year),
            _ => format!("{:04}{m:02}{d:02}", self.year.rem_euclid(10000)),
        }
    }
}

#[derive(Debug, Arbitrary)]
pub struct TimestampText {
    date: DateText,
    hour: u8,
    minute: u8,
    second: u8,
    fraction: u32,
    form: u8,
}

impl TimestampText {
    fn text(&self) -> String {
        let date = self.date.text();
        let (h, m, s) = (self.hour % 26, self.minute % 62, self.second % 62);
        match self.form % 6 {
            0 | 1 => format!("{date} {h:02}:{m:02}:{s:02}"),
            2 => format!("{date}T{h:02}:{m:02}:{s:02}.{}", self.fraction),
            3 => format!("{date} {h:02}:{m:02}"),
            4 => format!("{date}T{h:02}:{m:02}:{s:02}Z"),
            _ => format!("{date} {h:02}:{m:02}:{s:02}+02:00"),
        }
    }
}

/// `{"last": N, "unit": U}`, `{"this": U}`, `{"previous": U}`, or a broken one.
#[derive(Debug)]
pub enum RelativeDate {
    Last { count: LastCount, unit: Word<Granularity> },
    This(Word<Granularity>),
    Previous(Word<Granularity>),
    Broken(BrokenRelative),
}

impl<'a> Arbitrary<'a> for RelativeDate {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        Ok(match pick(u, &[6, 3, 3, 1])? {
            0 => RelativeDate::Last { count: LastCount::arbitrary(u)?, unit: Word::arbitrary(u)? },
            1 => RelativeDate::This(Word::arbitrary(u)?),
            2 => RelativeDate::Previous(Word::arbitrary(u)?),
            _ => RelativeDate::Broken(BrokenRelative::arbitrary(u)?),
        })
    }
}

#[derive(Debug)]
pub enum LastCount {
    Small(u8),
    /// From 1 to the maximum of 10 000, so every unit reaches back far (10 000 years goes
    /// before year 1, which must be refused).
    Any(u16),
    Max,
    OverMax,
    Zero,
    Negative(i8),
    Huge(HugeNumber),
    Float,
    Text,
}

impl<'a> Arbitrary<'a> for LastCount {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        Ok(match pick(u, &[12, 3, 1, 1, 1, 1, 1, 1, 1])? {
            0 => LastCount::Small(u8::arbitrary(u)?),
            1 => LastCount::Any(u16::arbitrary(u)?),
            2 => LastCount::Max,
            3 => LastCount::OverMax,
            4 => LastCount::Zero,
            5 => LastCount::Negative(i8::arbitrary(u)?),
            6 => LastCount::Huge(HugeNumber::arbitrary(u)?),
            7 => LastCount::Float,
            _ => LastCount::Text,
        })
    }
}

#[derive(Debug, Arbitrary)]
pub enum BrokenRelative {
    ThisWithUnit,
    ThisAndPrevious,
    LastWithoutUnit,
    Empty,
    UnknownKey(OddWord),
    LastAndThis,
    UnitOnly,
    UnitNotAString,
}

/// A top-level field of the wrong shape, or one the language does not have.
#[derive(Debug, Arbitrary)]
pub enum FieldOddity {
    UnknownField(OddWord),
    Misspelled(u8),
    TableAsNumber,
    TableMissing,
    ColumnsAsString,
    FiltersAsObject,
    EmptyColumns,
    EmptyAggregationObject,
    GroupByNumber,
    OrderByNull,
    ConditionUnknownField,
    AggregationUnknownField,
}

/// Damage to the serialised text.
#[derive(Debug, Arbitrary)]
pub enum TextOddity {
    TrailingText(OddString),
    InAList,
    ByteOrderMark,
    Pretty,
    DuplicateTable(TableRef),
    Truncated(u16),
    TrailingComma,
    Padded(u8),
}

/// Raw JSON number texts, carried through `serde_json::Value` as marked strings and put in
/// place after serialisation.
#[derive(Default)]
struct Raw(Vec<String>);

impl Raw {
    fn number(&mut self, text: String) -> Value {
        self.0.push(text);
        Value::String(format!("\u{1}raw{}\u{1}", self.0.len() - 1))
    }

    fn splice(&self, mut json: String) -> String {
        // Highest index first, so "raw1" never matches the start of "raw10".
        for (i, text) in self.0.iter().enumerate().rev() {
            json = json.replace(&format!("\"\\u0001raw{i}\\u0001\""), text);
        }
        json
    }
}

/// The plan's table as the serialiser sees it: the catalog table named, or (for an odd name)
/// the first one, whose columns the rest of the plan then names.
#[derive(Clone)]
struct Scope<'v> {
    view: &'v CatalogView,
    table: &'v Table,
    column_names: Vec<&'v str>,
    table_names: Vec<&'v str>,
    /// The paths from `table` through the catalog's relationships, one and two steps deep
    /// (`teams`, `services`, `services.teams`), with the table each ends at; each step is
    /// also named by its key column, a role (`team`, `service.teams`, `from_team`), and by
    /// the table it leads to only once where two relationships lead there (`teams` from
    /// handoffs: ambiguous, refused).
    paths: Vec<(String, &'v Table)>,
    /// Set for group keys and filters under [`Plan::follow_grain`]: the path every column
    /// not misspelled is named under.
    pinned: Option<(String, &'v Table)>,
}

impl<'v> Scope<'v> {
    fn new(view: &'v CatalogView, table: &'v Table, table_names: Vec<&'v str>) -> Scope<'v> {
        let mut paths: Vec<(String, &Table)> = Vec::new();
        let mut frontier = vec![(String::new(), table)];
        for _ in 0..2 {
            let mut next = Vec::new();
            for (prefix, from) in &frontier {
                let leading: Vec<_> = view.relationships.iter().filter(|r| r.from_table == from.name).collect();
                for (i, r) in leading.iter().enumerate() {
                    let Some(to) = view.table(&r.to_table) else { continue };
                    let first_to_its_table = leading[..i].iter().all(|earlier| earlier.to_table != r.to_table);
                    let steps = first_to_its_table
                        .then_some(to.name.as_str())
                        .into_iter()
                        .chain([r.from_column.as_str()])
                        .chain(r.name.as_deref());
                    for step in steps {
                        let path = if prefix.is_empty() { step.to_string() } else { format!("{prefix}.{step}") };
                        next.push((path, to));
                    }
                }
            }
            paths.extend(next.iter().cloned());
            frontier = next;
        }
        let column_names = table.columns.iter().map(|c| c.name.as_str()).collect();
        Scope { view, table, column_names, table_names, paths, pinned: None }
    }

    fn column(&self, reference: &ColumnRef) -> (String, Option<&'v Column>) {
        match reference {
            ColumnRef::Catalog(j) | ColumnRef::Path(_, j) if self.pinned.is_some() => {
                let (prefix, table) = self.pinned.as_ref().expect("pinned");
                let column = &table.columns[*j as usize % table.columns.len()];
                (format!("{prefix}.{}", column.name), Some(column))
            }
            ColumnRef::Catalog(i) => {
                let column = &self.table.columns[*i as usize % self.table.columns.len()];
                (column.name.clone(), Some(column))
            }
            ColumnRef::Odd(odd) => (odd.render(&self.column_names, &self.table.name), None),
            // A table no relationship leaves (teams) names its own column instead.
            ColumnRef::Path(_, j) if self.paths.is_empty() => self.column(&ColumnRef::Catalog(*j)),
            ColumnRef::Path(i, j) => {
                let (prefix, table) = &self.paths[*i as usize % self.paths.len()];
                let column = &table.columns[*j as usize % table.columns.len()];
                (format!("{prefix}.{}", column.name), Some(column))
            }
        }
    }
}

/// An answer column the plan produces, as the compiler would name it, and its kind.
struct Output {
    name: String,
    kind: ValueKind,
}

impl Plan {
    pub fn to_json(&self, view: &CatalogView) -> String {
        let table_names: Vec<&str> = view.tables.iter().map(|t| t.name.as_str()).collect();
        let (table_name, table) = match &self.table {
            TableRef::Catalog(i) => {
                let t = &view.tables[*i as usize % view.tables.len()];
                (t.name.clone(), t)
            }
            TableRef::Odd(odd) => (odd.render(&table_names, "main"), &view.tables[0]),
        };
        let scope = Scope::new(view, table, table_names);
        let keys_scope = self.keys_scope(&scope);
        let mut raw = Raw::default();
        let mut root = Map::new();
        root.insert("table".into(), Value::String(table_name));

        let mut outputs = Vec::new();
        let as_is = self.keep_repeats_and_empties.0.is_some();
        let mut having_conditions: &[Condition<OutputRef>] = &[];
        match &self.shape {
            Shape::Aggregate { group_by, aggregations, having } => {
                self.aggregate_fields((&scope, &keys_scope), group_by, aggregations, &mut root, &mut outputs, &mut raw);
                if !as_is && outputs.is_empty() {
                    root.insert("aggregations".into(), Value::Array(vec![object([("function", "count".into())])]));
                    outputs.push(Output { name: "count".into(), kind: ValueKind::Integer });
                }
                having_conditions = having;
            }
            Shape::Listing { columns, having } => {
                let mut list = Vec::new();
                for c in columns {
                    let (name, column) = scope.column(c);
                    if as_is || !outputs.iter().any(|o: &Output| o.name == name) {
                        let kind = column.map_or(ValueKind::Text, |c| c.kind);
                        outputs.push(Output { name: name.replace('.', "_"), kind });
                        list.push(Value::String(name));
                    }
                }
                if !as_is && list.is_empty() {
                    let first = &scope.table.columns[0];
                    outputs.push(Output { name: first.name.clone(), kind: first.kind });
                    list.push(Value::String(first.name.clone()));
                }
                root.insert("columns".into(), Value::Array(list));
                if let Some(having) = &having.0 {
                    having_conditions = having;
                }
            }
            Shape::Both { columns, group_by, aggregations } => {
                let list = columns.iter().map(|c| Value::String(scope.column(c).0)).collect();
                root.insert("columns".into(), Value::Array(list));
                self.aggregate_fields((&scope, &keys_scope), group_by, aggregations, &mut root, &mut outputs, &mut raw);
            }
            Shape::Neither => {}
        }

        let filters: Vec<Value> = self.filters.iter().filter_map(|f| row_filter(&keys_scope, f, &mut raw)).collect();
        if !filters.is_empty() {
            root.insert("filters".into(), Value::Array(filters));
        }
        if !having_conditions.is_empty() {
            let having = having_conditions
                .iter()
                .map(|c| {
                    let (name, kind) = output(&scope, &outputs, &c.column);
                    condition(name, kind, c, &mut raw)
                })
                .collect();
            root.insert("having".into(), Value::Array(having));
        }
        if !self.order_by.is_empty() {
            let keys = self
                .order_by
                .iter()
                .map(|k| {
                    let name = output(&scope, &outputs, &k.column).0;
                    match (&k.direction, k.string_form) {
                        (None, true) => Value::String(name),
                        (None, false) => object([("column", Value::String(name))]),
                        (Some(direction), _) => {
                            object([("column", Value::String(name)), ("direction", Value::String(direction.text()))])
                        }
                    }
                })
                .collect();
            root.insert("order_by".into(), Value::Array(keys));
        }
        if let Some(limit) = &self.limit {
            root.insert("limit".into(), limit.value(&mut raw));
        }
        if let Some(oddity) = &self.field_oddity.0 {
            oddity.apply(&mut root);
        }
        let root = Value::Object(root);
        let text = match &self.text_oddity.0 {
            Some(TextOddity::Pretty) => serde_json::to_string_pretty(&root),
            _ => serde_json::to_string(&root),
        }
        .expect("a Value always serialises");
        let text = raw.splice(text);
        match &self.text_oddity.0 {
            Some(oddity) => oddity.apply(text, &scope),
            None => text,
        }
    }

    /// The scope group keys and filters name columns in: under [`Plan::follow_grain`], the
    /// path of the first aggregation of a related column, if there is one.
    fn keys_scope<'v>(&self, scope: &Scope<'v>) -> Scope<'v> {
        let mut keys_scope = scope.clone();
        let Shape::Aggregate { aggregations, .. } = &self.shape else { return keys_scope };
        if self.follow_grain.0.is_none() || scope.paths.is_empty() {
            return keys_scope;
        }
        keys_scope.pinned = aggregations.iter().find_map(|agg| match (&agg.metric.0, &agg.of.0, &agg.column) {
            (None, None, Some(ColumnRef::Path(i, _))) => Some(scope.paths[*i as usize % scope.paths.len()].clone()),
            _ => None,
        });
        keys_scope
    }

    fn aggregate_fields(
        &self,
        (scope, keys_scope): (&Scope, &Scope),
        group_by: &[GroupKey],
        aggregations: &[Aggregation],
        root: &mut Map<String, Value>,
        outputs: &mut Vec<Output>,
        raw: &mut Raw,
    ) {
        let as_is = self.keep_repeats_and_empties.0.is_some();
        if !group_by.is_empty() {
            let keys = group_by
                .iter()
                .filter_map(|key| {
                    let (name, column) = keys_scope.column(&key.column);
                    let kind = column.map_or(ValueKind::Text, |c| c.kind);
                    let granularity =
                        key.granularity.as_ref().filter(|_| kind.is_temporal() || key.even_if_not_temporal.0.is_some());
                    let output_name = match granularity.and_then(Word::known) {
                        Some(part) => format!("{name}_{part}"),
                        None => name.clone(),
                    }
                    .replace('.', "_");
                    if !as_is && outputs.iter().any(|o| o.name == output_name) {
                        return None;
                    }
                    outputs.push(Output { name: output_name, kind });
                    Some(match granularity {
                        Some(g) => object([("column", Value::String(name)), ("granularity", Value::String(g.text()))]),
                        None if key.object_form => object([("column", Value::String(name))]),
                        None => Value::String(name),
                    })
                })
                .collect();
            root.insert("group_by".into(), Value::Array(keys));
        }
        if !aggregations.is_empty() {
            let list: Vec<Value> = aggregations
                .iter()
                .filter_map(|agg| {
                    // A table without metrics of its own asks for one only when the
                    // reference is meant to miss.
                    let own = scope.view.metrics.iter().any(|m| m.table == scope.table.name);
                    let (fields, output) = match &agg.metric.0 {
                        Some(m) if own || m.any_table.0.is_some() || m.odd.0.is_some() => {
                            metric_aggregation(scope, agg, m)
                        }
                        _ => match &agg.of.0 {
                            Some(of) => one_side_aggregation(scope, agg, of, raw),
                            None => aggregation(scope, agg, agg.function.text(), false, raw),
                        },
                    };
                    if !as_is && outputs.iter().any(|o| o.name == output.name) {
                        return None;
                    }
                    outputs.push(output);
                    Some(Value::Object(fields))
                })
                .collect();
            if as_is || !list.is_empty() {
                root.insert("aggregations".into(), Value::Array(list));
            }
        }
    }
}

/// An aggregation's object and its answer column. Unless `as_is`, what the function would
/// refuse is repaired: a column of the wrong kind or none where one is needed, a column or
/// no `where` for `share`, no fitting `p` for `percentile`.
fn aggregation(
    scope: &Scope,
    agg: &Aggregation,
    mut function: String,
    one_side: bool,
    raw: &mut Raw,
) -> (Map<String, Value>, Output) {
    let as_is = agg.as_is.0.is_some();
    let mut column = agg.column.as_ref().map(|c| scope.column(c));
    // With `"of"` an existence test is refused, so it is left out unless as is.
    let mut wheres: Vec<Value> = agg
        .where_
        .iter()
        .flatten()
        .filter(|f| !one_side || as_is || matches!(f, RowFilter::Column(_)))
        .filter_map(|f| row_filter(scope, f, raw))
        .collect();
    let mut p = (function == "percentile" || as_is).then(|| agg.p.value(raw));
    if !as_is {
        let numeric_only = matches!(function.as_str(), "sum" | "avg" | "median" | "percentile");
        let ordered_only = matches!(function.as_str(), "min" | "max");
        let needs_column = !matches!(function.as_str(), "count" | "share");
        let fits_kind = |c: &Column| (!numeric_only || c.kind.is_numeric()) && (!ordered_only || c.kind.is_ordered());
        if column.as_ref().is_some_and(|(_, c)| c.is_some_and(|c| !fits_kind(c))) || (needs_column && column.is_none())
        {
            match scope.table.columns.iter().find(|c| fits_kind(c)) {
                Some(wanted) => column = Some((wanted.name.clone(), Some(wanted))),
                // No column of this table fits (the table has no number).
                None => function = "count_distinct".into(),
            }
            if column.is_none() {
                column = Some((scope.table.columns[0].name.clone(), Some(&scope.table.columns[0])));
            }
        }
        if function == "share" {
            column = None;
            if wheres.is_empty() {
                let first = &scope.table.columns[0].name;
                wheres.push(object([("column", Value::String(first.clone())), ("op", "is_not_null".into())]));
            }
        }
        if function == "percentile" && agg.p.fraction().is_none() {
            p = Some(Value::from(0.5));
        }
    }
    let alias = agg.alias.as_ref().map(Alias::text);
    let kind = match (function.as_str(), &column) {
        ("count" | "count_distinct", _) => ValueKind::Integer,
        ("avg" | "median" | "percentile" | "share", _) => ValueKind::Float,
        (_, Some((_, Some(c)))) => c.kind,
        _ => ValueKind::Integer,
    };
    let fraction = p.as_ref().and_then(Value::as_f64).filter(|p| *p > 0.0 && *p < 1.0);
    let name = match (&alias, &column, function.as_str(), fraction) {
        (Some(alias), ..) => alias.clone(),
        (None, Some((c, _)), "percentile", Some(p)) => format!("p{}_{}", percent_label(p), c.replace('.', "_")),
        (None, Some((c, _)), ..) => format!("{function}_{}", c.replace('.', "_")),
        (None, None, ..) => function.clone(),
    };
    let mut fields = Map::new();
    fields.insert("function".into(), Value::String(function));
    if let Some((name, _)) = column {
        fields.insert("column".into(), Value::String(name));
    }
    if let Some(alias) = alias {
        fields.insert("alias".into(), Value::String(alias));
    }
    if !wheres.is_empty() || (as_is && agg.where_.is_some()) {
        fields.insert("where".into(), Value::Array(wheres));
    }
    if let Some(p) = p {
        fields.insert("p".into(), p);
    }
    (fields, Output { name, kind })
}

/// `{"metric": …}` (with the aggregation's alias, if any) and its answer column.
fn metric_aggregation(scope: &Scope, agg: &Aggregation, metric: &MetricRef) -> (Map<String, Value>, Output) {
    let own: Vec<_> = scope.view.metrics.iter().filter(|m| m.table == scope.table.name).collect();
    let all: Vec<_> = scope.view.metrics.iter().collect();
    let candidates = if own.is_empty() || metric.any_table.0.is_some() { &all } else { &own };
    let chosen = (!candidates.is_empty()).then(|| candidates[metric.index as usize % candidates.len()]);
    let name = match (&metric.odd.0, chosen) {
        (Some(odd), _) => {
            let names: Vec<&str> = all.iter().map(|m| m.name.as_str()).collect();
            odd.render(&names, &scope.table.name)
        }
        (None, Some(m)) => m.name.clone(),
        (None, None) => "mtta".into(),
    };
    let function = chosen
        .and_then(|m| serde_json::from_str::<Value>(&m.aggregation).ok())
        .and_then(|d| d.get("function").and_then(Value::as_str).map(str::to_string))
        .unwrap_or_default();
    let kind = match function.as_str() {
        "avg" | "median" | "percentile" | "share" => ValueKind::Float,
        _ => ValueKind::Integer,
    };
    let alias = agg.alias.as_ref().map(Alias::text);
    let mut fields = Map::new();
    fields.insert("metric".into(), Value::String(name.clone()));
    if let Some(alias) = &alias {
        fields.insert("alias".into(), Value::String(alias.clone()));
    }
    (fields, Output { name: alias.unwrap_or(name), kind })
}

/// An aggregation with `"of"`: [`aggregation`] over the related table's own columns (paths
/// and existence tests in its `where` are refused there, so they are kept only as is), its
/// default name carrying the table (`count_incidents`, `avg_incidents_ack_minutes`). A plan
/// table no relationship leads to (handoffs) gets a plain aggregation instead, unless the
/// related table is wrong on purpose.
fn one_side_aggregation(
    scope: &Scope,
    agg: &Aggregation,
    one_side: &OneSide,
    raw: &mut Raw,
) -> (Map<String, Value>, Output) {
    let Some((of, inner)) = one_side.related.render(scope) else {
        return aggregation(scope, agg, agg.function.text(), false, raw);
    };
    let mut inner = Scope::new(scope.view, inner, scope.table_names.clone());
    if agg.as_is.0.is_none() {
        inner.paths.clear();
    }
    let function = match one_side.function {
        OneSideFunction::AsWritten => agg.function.text(),
        OneSideFunction::Count => "count".into(),
        OneSideFunction::Sum => "sum".into(),
        OneSideFunction::Avg => "avg".into(),
    };
    let (mut fields, mut output) = aggregation(&inner, agg, function, true, raw);
    let table = of.get("table").and_then(Value::as_str).unwrap_or_default().to_string();
    fields.insert("of".into(), Value::Object(of));
    if agg.alias.is_none() {
        let text = |key: &str| fields.get(key).and_then(Value::as_str).unwrap_or_default().to_string();
        let (function, column) = (text("function"), text("column"));
        let p = fields.get("p").and_then(Value::as_f64).filter(|p| *p > 0.0 && *p < 1.0);
        output.name = match (column.is_empty(), function.as_str(), p) {
            (true, ..) => format!("{function}_{table}"),
            (false, "percentile", Some(p)) => format!("p{}_{table}_{column}", percent_label(p)),
            (false, ..) => format!("{function}_{table}_{column}"),
        };
    }
    (fields, output)
}

/// An item of `filters` or `where`: a condition on a column `scope` names, or an existence
/// test from `scope`'s table (left out where no relationship leads to it).
fn row_filter(scope: &Scope, filter: &RowFilter, raw: &mut Raw) -> Option<Value> {
    match filter {
        RowFilter::Column(c) => {
            let (name, column) = scope.column(&c.column);
            Some(condition(name, column.map_or(ValueKind::Text, |c| c.kind), c, raw))
        }
        RowFilter::Exists(test) => existence(scope, test, raw),
    }
}

/// `{"exists": {"table", "via", "where"}}` (or `not_exists`), its `where` naming the related
/// table's columns and paths from it.
fn existence(scope: &Scope, test: &ExistenceTest, raw: &mut Raw) -> Option<Value> {
    let (mut related, inner) = test.related.render(scope)?;
    let inner = Scope::new(scope.view, inner, scope.table_names.clone());
    let mut wheres: Vec<Value> = test
        .where_
        .iter()
        .map(|c| {
            let (name, column) = inner.column(&c.column);
            condition(name, column.map_or(ValueKind::Text, |c| c.kind), c, raw)
        })
        .collect();
    if test.nested.0.is_some() {
        let table = related.get("table").cloned().unwrap_or(Value::Null);
        wheres.push(object([("exists", object([("table", table)]))]));
    }
    if !wheres.is_empty() {
        related.insert("where".into(), Value::Array(wheres));
    }
    let key = if test.negated { "not_exists" } else { "exists" };
    Some(object([(key, Value::Object(related))]))
}

impl RelatedRef {
    /// `{"table", "via"}` for the related rows, and the table whose columns its `where` and
    /// column name; `None` where no relationship leads to the plan's table and nothing is
    /// meant to be wrong.
    fn render<'v>(&self, scope: &Scope<'v>) -> Option<(Map<String, Value>, &'v Table)> {
        let view = scope.view;
        let here = scope.table;
        let leads_here =
            |table: &Table| view.relationships.iter().any(|r| r.from_table == table.name && r.to_table == here.name);
        let inbound: Vec<_> = view
            .relationships
            .iter()
            .filter(|r| r.to_table == here.name && view.table(&r.from_table).is_some())
            .collect();
        let twice = |table: &str| inbound.iter().filter(|r| r.from_table == table).count() > 1;
        let named = |name: String, via: Option<String>| {
            let mut fields = Map::new();
            fields.insert("table".into(), Value::String(name));
            if let Some(via) = via {
                fields.insert("via".into(), Value::String(via));
            }
            fields
        };
        match &self.wrong.0 {
            Some(WrongRelated::Unrelated(i)) => {
                let unrelated: Vec<&Table> = view.tables.iter().filter(|t| !leads_here(t)).collect();
                let table = unrelated.get(*i as usize % unrelated.len().max(1)).copied().unwrap_or(here);
                return Some((named(table.name.clone(), None), table));
            }
            Some(WrongRelated::PlanTable) => return Some((named(here.name.clone(), None), here)),
            Some(WrongRelated::Odd(odd)) => return Some((named(odd.render(&scope.table_names, "main"), None), here)),
            Some(WrongRelated::AmbiguousWithoutVia) => {
                if let Some(r) = inbound.iter().find(|r| twice(&r.from_table)) {
                    let table = view.table(&r.from_table)?;
                    return Some((named(table.name.clone(), None), table));
                }
            }
            None => {}
        }
        let r = inbound.get(self.index as usize % inbound.len().max(1))?;
        let table = view.table(&r.from_table)?;
        let via = match &self.via {
            ViaSpec::Auto => twice(&r.from_table).then(|| r.name.clone().unwrap_or_else(|| r.from_column.clone())),
            ViaSpec::Key => Some(r.from_column.clone()),
            ViaSpec::NotKey(i) => {
                let keys: Vec<&str> =
                    inbound.iter().filter(|k| k.from_table == table.name).map(|k| k.from_column.as_str()).collect();
                let others: Vec<&Column> = table.columns.iter().filter(|c| !keys.contains(&c.name.as_str())).collect();
                others.get(*i as usize % others.len().max(1)).map(|c| c.name.clone())
            }
            ViaSpec::Odd(odd) => {
                let names: Vec<&str> = table.columns.iter().map(|c| c.name.as_str()).collect();
                Some(odd.render(&names, &table.name))
            }
        };
        Some((named(table.name.clone(), via), table))
    }
}

fn object<const N: usize>(fields: [(&str, Value); N]) -> Value {
    Value::Object(fields.into_iter().map(|(k, v)| (k.to_string(), v)).collect())
}

/// The name (and kind) an [`OutputRef`] points at among the plan's answer columns.
fn output(scope: &Scope, outputs: &[Output], reference: &OutputRef) -> (String, ValueKind) {
    match reference {
        OutputRef::Output(i) if !outputs.is_empty() => {
            let o = &outputs[*i as usize % outputs.len()];
            (o.name.clone(), o.kind)
        }
        OutputRef::Output(i) => {
            let c = &scope.table.columns[*i as usize % scope.table.columns.len()];
            (c.name.clone(), c.kind)
        }
        OutputRef::Column(c) => {
            let (name, column) = scope.column(c);
            (name, column.map_or(ValueKind::Text, |c| c.kind))
        }
        OutputRef::Odd(odd) => {
            let names: Vec<&str> = outputs.iter().map(|o| o.name.as_str()).collect();
            (odd.render(&names, &scope.table.name), ValueKind::Text)
        }
    }
}

fn condition<C>(name: String, kind: ValueKind, condition: &Condition<C>, raw: &mut Raw) -> Value {
    let mut op = condition.op.text();
    let mut known = condition.op.known();
    if condition.as_is.0.is_none() {
        let swap = match (kind, known) {
            (ValueKind::Boolean, Some(o)) if !matches!(o, "eq" | "ne" | "is_null" | "is_not_null") => Some("eq"),
            (ValueKind::Integer | ValueKind::Float | ValueKind::Date | ValueKind::Timestamp, Some("contains")) => {
                Some("lte")
            }
            (ValueKind::Integer | ValueKind::Float | ValueKind::Date | ValueKind::Timestamp, Some("starts_with")) => {
                Some("gte")
            }
            _ => None,
        };
        if let Some(swap) = swap {
            op = swap.to_string();
            known = Some(swap);
        }
    }
    let mut fields = Map::new();
    fields.insert("column".into(), Value::String(name));
    let value = match &condition.value {
        ValueSpec::Absent => None,
        ValueSpec::Raw(value) => Some(value.value(raw)),
        ValueSpec::Fitting(fitting) => fitting.value(kind, known, raw),
    };
    fields.insert("op".into(), Value::String(op));
    if let Some(value) = value {
        fields.insert("value".into(), value);
    }
    Value::Object(fields)
}

/// Text values a model would compare the catalog's text columns with.
const TEXTS: &[&str] =
    &["P1", "P2", "P3", "platform", "payments", "EU", "US", "a", "", "%", "_", "plat%", "it's", "Ünïcode", "P1 ", "p1"];

/// A value of `kind` from a seed: near the catalog's `today` for dates and timestamps, small
/// for numbers.
fn fitting_scalar(kind: ValueKind, seed: u32, raw: &mut Raw) -> Value {
    const TODAY: i32 = 20527;
    let small = (seed % 2001) as i64 - 1000;
    match kind {
        ValueKind::Integer => Value::from(small),
        ValueKind::Float => match seed % 4 {
            0 => Value::from(small),
            1 => raw.number(format!("{}.5", small)),
            _ => serde_json::Number::from_f64(small as f64 / 7.0).map_or(Value::Null, Value::Number),
        },
        ValueKind::Text => Value::String(TEXTS[seed as usize % TEXTS.len()].to_string()),
        ValueKind::Boolean => Value::Bool(seed & 1 == 1),
        ValueKind::Date => Value::String(querycell_guest::values::format_date(TODAY + small as i32)),
        ValueKind::Timestamp => {
            let micros = i64::from(TODAY) * 86_400_000_000 + small * 3_600_000_000 + i64::from(seed % 60) * 60_000_000;
            Value::String(querycell_guest::values::format_timestamp(micros))
        }
        ValueKind::Other => Value::Null,
    }
}

impl Fitting {
    fn value(&self, kind: ValueKind, op: Option<&str>, raw: &mut Raw) -> Option<Value> {
        let seed = |i: usize| self.items.get(i).copied().unwrap_or(i as u32 * 7919);
        match op {
            Some("is_null" | "is_not_null") => None,
            Some("in" | "not_in") => {
                let n = match self.list_length.0 {
                    Some(n) if n % 2 == 0 => 0,
                    Some(n) => 100 + n as usize % 4,
                    None => self.items.len().clamp(1, 8),
                };
                Some(Value::Array((0..n).map(|i| fitting_scalar(kind, seed(i), raw)).collect()))
            }
            Some("between") => Some(Value::Array((0..2).map(|i| fitting_scalar(kind, seed(i), raw)).collect())),
            Some("contains" | "starts_with") => Some(fitting_scalar(ValueKind::Text, seed(0), raw)),
            _ => match &self.relative {
                Some(relative) if kind.is_temporal() => Some(relative.value(raw)),
                _ => Some(fitting_scalar(kind, seed(0), raw)),
            },
        }
    }
}

impl RawValue {
    fn value(&self, raw: &mut Raw) -> Value {
        match self {
            RawValue::Null => Value::Null,
            RawValue::Bool(b) => Value::Bool(*b),
            RawValue::Int(i) => Value::from(*i),
            // Not finite: serde_json writes null.
            RawValue::Float(f) => Value::from(*f),
            RawValue::Str(s) => Value::String(s.text()),
            RawValue::Date(d) => Value::String(d.text()),
            RawValue::Timestamp(t) => Value::String(t.text()),
            RawValue::Relative(r) => r.value(raw),
            RawValue::List(items) => Value::Array(items.iter().map(|i| i.value(raw)).collect()),
            RawValue::Number(n) => raw.number(n.text()),
            RawValue::EmptyObject => Value::Object(Map::new()),
            // Up to past serde_json's 128 levels.
            RawValue::Nested(depth) => (0..*depth).fold(Value::from(1), |inner, _| Value::Array(vec![inner])),
            RawValue::OddObject(key, value) => Value::Object([(key.text(), value.value(raw))].into_iter().collect()),
            // Up to past the request's 64 KiB.
            RawValue::LongString(n) => Value::String("x".repeat(*n as usize * 300)),
        }
    }
}

impl RawScalar {
    fn value(&self, raw: &mut Raw) -> Value {
        match self {
            RawScalar::Null => Value::Null,
            RawScalar::Bool(b) => Value::Bool(*b),
            RawScalar::Int(i) => Value::from(*i),
            RawScalar::Float(f) => Value::from(*f),
            RawScalar::Str(s) => Value::String(s.text()),
            RawScalar::Date(d) => Value::String(d.text()),
            RawScalar::Timestamp(t) => Value::String(t.text()),
            RawScalar::Number(n) => raw.number(n.text()),
            RawScalar::Relative(r) => r.value(raw),
            RawScalar::EmptyList => Value::Array(Vec::new()),
        }
    }
}

impl RelativeDate {
    fn value(&self, raw: &mut Raw) -> Value {
        let unit = |w: &Word<Granularity>| Value::String(w.text());
        match self {
            RelativeDate::Last { count, unit: u } => object([("last", count.value(raw)), ("unit", unit(u))]),
            RelativeDate::This(u) => object([("this", unit(u))]),
            RelativeDate::Previous(u) => object([("previous", unit(u))]),
            RelativeDate::Broken(broken) => match broken {
                BrokenRelative::ThisWithUnit => object([("this", "month".into()), ("unit", "day".into())]),
                BrokenRelative::ThisAndPrevious => object([("this", "month".into()), ("previous", "month".into())]),
                BrokenRelative::LastWithoutUnit => object([("last", 30.into())]),
                BrokenRelative::Empty => object([]),
                BrokenRelative::UnknownKey(key) => Value::Object([(key.text(), Value::from(1))].into_iter().collect()),
                BrokenRelative::LastAndThis => {
                    object([("last", 3.into()), ("unit", "day".into()), ("this", "week".into())])
                }
                BrokenRelative::UnitOnly => object([("unit", "day".into())]),
                BrokenRelative::UnitNotAString => object([("last", 3.into()), ("unit", 1.into())]),
            },
        }
    }
}

impl LastCount {
    fn value(&self, raw: &mut Raw) -> Value {
        match self {
            LastCount::Small(n) => Value::from(1 + *n as i64 % 60),
            LastCount::Any(n) => Value::from(1 + *n as i64 % 10_000),
            LastCount::Max => Value::from(10_000),
            LastCount::OverMax => Value::from(10_001),
            LastCount::Zero => Value::from(0),
            LastCount::Negative(n) => Value::from(-1 - (*n as i64).abs()),
            LastCount::Huge(n) => raw.number(n.text()),
            LastCount::Float => raw.number("2.5".into()),
            LastCount::Text => Value::String("30".into()),
        }
    }
}

#[derive(Debug)]
pub enum Limit {
    Small(u8),
    Zero,
    Max,
    OverMax,
    Huge(i64),
    I64Max,
    Negative(i8),
    Float,
    Text,
    Null,
    Number(HugeNumber),
}

impl<'a> Arbitrary<'a> for Limit {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        Ok(match pick(u, &[30, 3, 2, 2, 1, 1, 1, 1, 1, 1, 1])? {
            0 => Limit::Small(u8::arbitrary(u)?),
            1 => Limit::Zero,
            2 => Limit::Max,
            3 => Limit::OverMax,
            4 => Limit::Huge(i64::arbitrary(u)?),
            5 => Limit::I64Max,
            6 => Limit::Negative(i8::arbitrary(u)?),
            7 => Limit::Float,
            8 => Limit::Text,
            9 => Limit::Null,
            _ => Limit::Number(HugeNumber::arbitrary(u)?),
        })
    }
}

impl Limit {
    fn value(&self, raw: &mut Raw) -> Value {
        match self {
            Limit::Small(n) => Value::from(*n),
            Limit::Zero => Value::from(0),
            Limit::Max => Value::from(1000),
            Limit::OverMax => Value::from(1001),
            Limit::Huge(n) => Value::from(*n),
            Limit::I64Max => Value::from(i64::MAX),
            Limit::Negative(n) => Value::from(-1 - (*n as i64).abs()),
            Limit::Float => raw.number("5.5".into()),
            Limit::Text => Value::String("10".into()),
            Limit::Null => Value::Null,
            Limit::Number(n) => raw.number(n.text()),
        }
    }
}

const PLAN_FIELD_TYPOS: &[&str] = &[
    "tabel",
    "tables",
    "where",
    "select",
    "Limit",
    "group",
    "groupBy",
    "orderBy",
    "filter",
    "aggregation",
    "columns ",
];

impl FieldOddity {
    fn apply(&self, root: &mut Map<String, Value>) {
        let first = |root: &mut Map<String, Value>, field: &str| -> Option<Map<String, Value>> {
            root.get(field).and_then(|v| v.as_array()).and_then(|a| a.first()).and_then(|v| v.as_object()).cloned()
        };
        match self {
            FieldOddity::UnknownField(word) => {
                root.insert(word.text(), Value::from(1));
            }
            FieldOddity::Misspelled(i) => {
                root.insert(
                    PLAN_FIELD_TYPOS[*i as usize % PLAN_FIELD_TYPOS.len()].into(),
                    Value::String("incidents".into()),
                );
            }
            FieldOddity::TableAsNumber => {
                root.insert("table".into(), Value::from(3));
            }
            FieldOddity::TableMissing => {
                root.remove("table");
            }
            FieldOddity::ColumnsAsString => {
                root.insert("columns".into(), Value::String("team".into()));
            }
            FieldOddity::FiltersAsObject => {
                root.insert(
                    "filters".into(),
                    object([("column", "team".into()), ("op", "eq".into()), ("value", "P1".into())]),
                );
            }
            FieldOddity::EmptyColumns => {
                root.insert("columns".into(), Value::Array(Vec::new()));
            }
            FieldOddity::EmptyAggregationObject => {
                root.insert("aggregations".into(), Value::Array(vec![Value::Object(Map::new())]));
            }
            FieldOddity::GroupByNumber => {
                root.insert("group_by".into(), Value::Array(vec![Value::from(1)]));
            }
            FieldOddity::OrderByNull => {
                root.insert("order_by".into(), Value::Array(vec![Value::Null]));
            }
            FieldOddity::ConditionUnknownField => {
                if let Some(mut c) = first(root, "filters") {
                    c.insert("opp".into(), "eq".into());
                    root.insert("filters".into(), Value::Array(vec![Value::Object(c)]));
                }
            }
            FieldOddity::AggregationUnknownField => {
                if let Some(mut a) = first(root, "aggregations") {
                    a.insert("distinct".into(), true.into());
                    root.insert("aggregations".into(), Value::Array(vec![Value::Object(a)]));
                }
            }
        }
    }
}

impl TextOddity {
    fn apply(&self, text: String, scope: &Scope) -> String {
        match self {
            TextOddity::TrailingText(s) => format!("{text}{}", s.text()),
            TextOddity::InAList => format!("[{text}]"),
            TextOddity::ByteOrderMark => format!("\u{feff}{text}"),
            TextOddity::Pretty => text,
            // serde_json keeps the last of two equal keys; the compiler must too, or refuse.
            TextOddity::DuplicateTable(table) => {
                let name = match table {
                    TableRef::Catalog(i) => scope.table_names[*i as usize % scope.table_names.len()].to_string(),
                    TableRef::Odd(odd) => odd.render(&scope.table_names, "main"),
                };
                format!("{{\"table\":{},{}", Value::String(name), &text[1..])
            }
            TextOddity::Truncated(at) => {
                let mut cut = *at as usize % (text.len() + 1);
                while !text.is_char_boundary(cut) {
                    cut -= 1;
                }
                text[..cut].to_string()
            }
            TextOddity::TrailingComma => match text.strip_suffix('}') {
                Some(body) => format!("{body},}}"),
                None => text,
            },
            TextOddity::Padded(n) => {
                format!("{}{text}{}", " \n\t\r".repeat(*n as usize % 16), "\n".repeat(*n as usize / 16))
            }
        }
    }
}
