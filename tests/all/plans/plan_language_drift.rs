//! The plan language is described twice: by the guest's parser (`guest/src/plan.rs`) and
//! by the JSON Schema a model is given (`host/src/catalog/schema.rs`, served by `schema
//! --plan-json-schema` and as the MCP `query` tool's input). These tests fail when one side
//! gains or loses a word the other does not have: a field of any object, an op, an
//! aggregation function, a granularity, a direction; or states another bound.

use std::collections::BTreeSet;

use querycell::catalog::schema::plan_json_schema;
use querycell_guest::plan::{
    Direction, Function, Granularity, Op, RelativeDate, AGGREGATION_FIELDS, CONDITION_FIELDS, DIRECTIONS,
    GROUP_KEY_FIELDS, ORDER_KEY_FIELDS, PLAN_FIELDS, RELATIVE_DATE_FIELDS,
};
use serde_json::Value;

fn set<'a>(words: impl IntoIterator<Item = &'a str>) -> BTreeSet<String> {
    words.into_iter().map(str::to_string).collect()
}

fn properties(object: &Value) -> BTreeSet<String> {
    object["properties"].as_object().unwrap_or_else(|| panic!("no properties: {object}")).keys().cloned().collect()
}

fn definition<'s>(schema: &'s Value, name: &str) -> &'s Value {
    &schema["$defs"][name]
}

fn enumeration(schema: &Value, name: &str) -> BTreeSet<String> {
    let words = definition(schema, name)["enum"].as_array().unwrap_or_else(|| panic!("{name} is not an enum"));
    words.iter().map(|w| w.as_str().unwrap().to_string()).collect()
}

fn names<T>(table: &[(&'static str, T)]) -> BTreeSet<String> {
    set(table.iter().map(|(name, _)| *name))
}

#[test]
fn every_object_has_the_same_fields_on_both_sides() {
    let schema = plan_json_schema();
    assert_eq!(properties(&schema), set(PLAN_FIELDS), "the plan's fields");
    assert_eq!(
        properties(definition(&schema, "Condition")),
        set(CONDITION_FIELDS),
        "a filter's or having condition's fields"
    );
    assert_eq!(properties(definition(&schema, "TruncatedKey")), set(GROUP_KEY_FIELDS), "a group key's fields");
    assert_eq!(properties(definition(&schema, "Aggregation")), set(AGGREGATION_FIELDS), "an aggregation's fields");
    assert_eq!(properties(definition(&schema, "DirectedKey")), set(ORDER_KEY_FIELDS), "an order key's fields");
    let relative: BTreeSet<String> = ["LastUnits", "ThisPeriod", "PreviousPeriod"]
        .iter()
        .flat_map(|name| properties(definition(&schema, name)))
        .collect();
    assert_eq!(relative, set(RELATIVE_DATE_FIELDS), "a relative date's fields");
}

#[test]
fn every_word_is_in_both_sides() {
    let schema = plan_json_schema();
    assert_eq!(enumeration(&schema, "Op"), names(&Op::ALL), "filter ops");
    assert_eq!(enumeration(&schema, "Function"), names(&Function::ALL), "aggregation functions");
    assert_eq!(enumeration(&schema, "Granularity"), names(&Granularity::ALL), "granularities and relative-date units");
    assert_eq!(enumeration(&schema, "Direction"), names::<Direction>(&DIRECTIONS), "order directions");
}

/// The bounds the schema states are the ones the parser enforces: how many units `last`
/// may count back.
#[test]
fn the_schema_states_the_parsers_bounds() {
    let schema = plan_json_schema();
    let last = &definition(&schema, "LastUnits")["properties"]["last"];
    assert_eq!(
        (last["minimum"].as_i64(), last["maximum"].as_i64()),
        (Some(1), Some(RelativeDate::MAX_COUNT)),
        "{last}"
    );
}
