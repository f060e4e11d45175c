//! A JSON Schema (2020-12) validator for the keywords the plan JSON Schema uses, for the
//! tests that hold plans to it. No JSON Schema crate is in the build, so [`SchemaCheck`]
//! validates those keywords (types, properties, required, additionalProperties, items, $ref,
//! anyOf, oneOf, allOf, enum, const, bounds, pattern) and fails on any keyword it does not
//! know, so a schema that grows a new kind of constraint cannot pass unchecked.

use serde_json::Value;

/// A JSON Schema (2020-12) validator for the keywords the plan schema uses.
pub struct SchemaCheck<'s> {
    root: &'s Value,
}

/// Keywords that describe and constrain nothing.
const ANNOTATIONS: [&str; 11] = [
    "$schema",
    "$defs",
    "$id",
    "$comment",
    "title",
    "description",
    "format",
    "default",
    "examples",
    "deprecated",
    "readOnly",
];

impl<'s> SchemaCheck<'s> {
    pub fn new(root: &'s Value) -> Self {
        SchemaCheck { root }
    }

    /// Every way `value` breaks the schema, each with its JSON path; empty when valid.
    pub fn errors(&self, value: &Value) -> Vec<String> {
        let mut errors = Vec::new();
        self.check(self.root, value, "$", &mut errors);
        errors
    }

    fn resolve(&self, reference: &str) -> &'s Value {
        let pointer =
            reference.strip_prefix('#').unwrap_or_else(|| panic!("only local references are supported: {reference}"));
        self.root.pointer(pointer).unwrap_or_else(|| panic!("the schema has no {reference}"))
    }

    fn valid(&self, schema: &Value, value: &Value) -> bool {
        let mut errors = Vec::new();
        self.check(schema, value, "$", &mut errors);
        errors.is_empty()
    }

    fn check(&self, schema: &Value, value: &Value, path: &str, errors: &mut Vec<String>) {
        let schema = match schema {
            Value::Bool(true) => return,
            Value::Bool(false) => return errors.push(format!("{path}: nothing is allowed here")),
            Value::Object(schema) => schema,
            other => panic!("not a schema: {other}"),
        };
        for (keyword, argument) in schema {
            match keyword.as_str() {
                "$ref" => self.check(self.resolve(argument.as_str().expect("$ref is a string")), value, path, errors),
                "type" => {
                    let allowed: Vec<&str> = match argument {
                        Value::String(one) => vec![one.as_str()],
                        Value::Array(many) => {
                            many.iter().map(|t| t.as_str().expect("type names are strings")).collect()
                        }
                        other => panic!("type {other}"),
                    };
                    if !allowed.iter().any(|t| has_type(value, t)) {
                        errors.push(format!("{path}: {value} is not of type {}", allowed.join(" or ")));
                    }
                }
                "enum" => {
                    if !argument.as_array().expect("enum is a list").contains(value) {
                        errors.push(format!("{path}: {value} is not one of {argument}"));
                    }
                }
                "const" if argument != value => errors.push(format!("{path}: {value} is not {argument}")),
                "const" => {}
                "anyOf" | "oneOf" | "allOf" => {
                    let branches = argument.as_array().expect("a list of schemas");
                    let passing = branches.iter().filter(|branch| self.valid(branch, value)).count();
                    let ok = match keyword.as_str() {
                        "anyOf" => passing > 0,
                        "oneOf" => passing == 1,
                        _ => passing == branches.len(),
                    };
                    if !ok {
                        errors.push(format!(
                            "{path}: {value} fits {passing} of the {} {keyword} branches",
                            branches.len()
                        ));
                    }
                }
                "properties" => {
                    if let Value::Object(object) = value {
                        for (name, property) in argument.as_object().expect("properties is an object") {
                            if let Some(field) = object.get(name) {
                                self.check(property, field, &format!("{path}.{name}"), errors);
                            }
                        }
                    }
                }
                "required" => {
                    if let Value::Object(object) = value {
                        for name in argument.as_array().expect("required is a list") {
                            let name = name.as_str().expect("required names are strings");
                            if !object.contains_key(name) {
                                errors.push(format!("{path}: \"{name}\" is missing"));
                            }
                        }
                    }
                }
                "additionalProperties" => {
                    if let Value::Object(object) = value {
                        let declared = schema.get("properties").and_then(Value::as_object);
                        for (name, field) in object {
                            if !declared.is_some_and(|d| d.contains_key(name)) {
                                match argument {
                                    Value::Bool(false) => {
                                        errors.push(format!("{path}: \"{name}\" is not a field here"))
                                    }
                                    extra => self.check(extra, field, &format!("{path}.{name}"), errors),
                                }
                            }
                        }
                    }
                }
                "items" => {
                    if let Value::Array(items) = value {
                        for (i, item) in items.iter().enumerate() {
                            self.check(argument, item, &format!("{path}[{i}]"), errors);
                        }
                    }
                }
                "minItems" | "maxItems" => {
                    if let Value::Array(items) = value {
                        check_bound(keyword, argument, items.len() as f64, path, errors);
                    }
                }
                "minLength" | "maxLength" => {
                    if let Value::String(text) = value {
                        check_bound(keyword, argument, text.chars().count() as f64, path, errors);
                    }
                }
                "minimum" | "maximum" | "exclusiveMinimum" | "exclusiveMaximum" => {
                    if let Some(number) = value.as_f64() {
                        check_bound(keyword, argument, number, path, errors);
                    }
                }
                "pattern" => {
                    if let Value::String(text) = value {
                        let pattern = argument.as_str().expect("a pattern is a string");
                        if !Pattern::parse(pattern).is_match(text) {
                            errors.push(format!("{path}: {value} does not match {pattern}"));
                        }
                    }
                }
                known if ANNOTATIONS.contains(&known) => {}
                unknown => panic!(
                    "the schema uses \"{unknown}\", which this check does not know: teach SchemaCheck what it means"
                ),
            }
        }
    }
}

fn has_type(value: &Value, name: &str) -> bool {
    match name {
        "null" => value.is_null(),
        "boolean" => value.is_boolean(),
        "string" => value.is_string(),
        "array" => value.is_array(),
        "object" => value.is_object(),
        "number" => value.is_number(),
        "integer" => value.is_i64() || value.is_u64() || value.as_f64().is_some_and(|f| f.fract() == 0.0),
        other => panic!("unknown JSON Schema type {other}"),
    }
}

fn check_bound(keyword: &str, argument: &Value, actual: f64, path: &str, errors: &mut Vec<String>) {
    let bound = argument.as_f64().unwrap_or_else(|| panic!("{keyword} is a number"));
    let ok = match keyword {
        "minimum" | "minItems" | "minLength" => actual >= bound,
        "maximum" | "maxItems" | "maxLength" => actual <= bound,
        "exclusiveMinimum" => actual > bound,
        _ => actual < bound,
    };
    if !ok {
        errors.push(format!("{path}: {actual} breaks {keyword} {bound}"));
    }
}

/// A pattern piece: the character ranges it accepts, and its least and most repetitions.
type Piece = (Vec<(char, char)>, usize, usize);

/// The regular expressions the schema's `pattern`s use: anchors, literals, bracketed
/// classes with ranges, and the quantifiers `?`, `*`, `+`, `{n}` and `{m,n}`. Anything else
/// panics, so a pattern this cannot read is never taken as matched.
struct Pattern {
    anchored_start: bool,
    anchored_end: bool,
    /// Each piece: the characters it accepts (inclusive ranges), and how often.
    pieces: Vec<Piece>,
}

impl Pattern {
    fn parse(pattern: &str) -> Pattern {
        let mut chars: Vec<char> = pattern.chars().collect();
        let anchored_start = chars.first() == Some(&'^');
        if anchored_start {
            chars.remove(0);
        }
        let anchored_end = chars.last() == Some(&'$');
        if anchored_end {
            chars.pop();
        }
        let unsupported = |what: &str| -> ! { panic!("pattern {pattern}: {what} is not supported by this check") };
        let mut pieces = Vec::new();
        let mut i = 0;
        while i < chars.len() {
            let set = match chars[i] {
                '[' => {
                    let mut ranges = Vec::new();
                    i += 1;
                    if chars.get(i) == Some(&'^') {
                        unsupported("a negated class");
                    }
                    while chars.get(i) != Some(&']') {
                        let low = *chars.get(i).unwrap_or_else(|| unsupported("an unclosed class"));
                        if low == '\\' {
                            unsupported("an escape");
                        }
                        if chars.get(i + 1) == Some(&'-') && chars.get(i + 2).is_some_and(|c| *c != ']') {
                            ranges.push((low, chars[i + 2]));
                            i += 3;
                        } else {
                            ranges.push((low, low));
                            i += 1;
                        }
                    }
                    i += 1;
                    ranges
                }
                c if "\\.()|^$*+?{}".contains(c) => unsupported(&format!("'{c}' outside a class")),
                c => {
                    i += 1;
                    vec![(c, c)]
                }
            };
            let (min, max) = match chars.get(i) {
                Some('?') => (0, 1),
                Some('*') => (0, usize::MAX),
                Some('+') => (1, usize::MAX),
                Some('{') => {
                    let close =
                        chars[i..].iter().position(|c| *c == '}').unwrap_or_else(|| unsupported("an unclosed {")) + i;
                    let inside: String = chars[i + 1..close].iter().collect();
                    let number = |text: &str| {
                        text.trim().parse::<usize>().unwrap_or_else(|_| unsupported(&format!("{{{inside}}}")))
                    };
                    let bounds = match inside.split_once(',') {
                        Some((low, high)) => {
                            (number(low), if high.trim().is_empty() { usize::MAX } else { number(high) })
                        }
                        None => (number(&inside), number(&inside)),
                    };
                    i = close;
                    bounds
                }
                _ => (1, 1),
            };
            if (min, max) != (1, 1) {
                i += 1;
            }
            pieces.push((set, min, max));
        }
        Pattern { anchored_start, anchored_end, pieces }
    }

    fn is_match(&self, text: &str) -> bool {
        let chars: Vec<char> = text.chars().collect();
        let starts = if self.anchored_start { 0..=0 } else { 0..=chars.len() };
        starts.into_iter().any(|start| self.matches_from(0, &chars[start..]))
    }

    /// Whether pieces `piece..` match a prefix of `rest` (all of it when anchored at the end).
    fn matches_from(&self, piece: usize, rest: &[char]) -> bool {
        let Some((set, min, max)) = self.pieces.get(piece) else {
            return !self.anchored_end || rest.is_empty();
        };
        let accepted =
            rest.iter().take_while(|c| set.iter().any(|(low, high)| (low..=high).contains(c))).count().min(*max);
        (*min..=accepted).rev().any(|taken| self.matches_from(piece + 1, &rest[taken..]))
    }
}

#[cfg(test)]
mod tests {
    use super::Pattern;

    #[test]
    fn the_pattern_reader_reads_the_alias_pattern() {
        let alias = Pattern::parse(r"^[A-Za-z_][A-Za-z0-9_]{0,62}$");
        assert!(alias.is_match("average_minutes") && alias.is_match("_x") && alias.is_match(&"a".repeat(63)));
        assert!(
            !alias.is_match("9lives")
                && !alias.is_match("a b")
                && !alias.is_match("")
                && !alias.is_match(&"a".repeat(64))
        );
        assert!(Pattern::parse("b+").is_match("abba") && !Pattern::parse("^b+$").is_match("abba"));
    }
}
