//! DuckDB's parse tree (`json_serialize_sql`'s JSON) read into a tree that borrows its
//! text: strings and keys point into the JSON wherever they hold no escape, so reading a
//! statement's tree allocates one vector per object and array instead of a `String` per key
//! and value and a map node per entry (what `serde_json::Value` costs).
//!
//! It reads exactly what `serde_json::Value` reads, with the same parser: serde_json
//! validates the text, unescapes strings, parses numbers and stops at its recursion limit
//! (128 levels) exactly as before. An object's entries are kept in key order, a repeated key
//! keeping its last value, as `Value`'s map does (serde_json's `preserve_order` is off), so
//! a walk visits children in the order it always has and reports the same first refusal;
//! [`Node`]'s `Display` prints the compact JSON `Value` prints, for messages.

use std::borrow::Cow;
use std::fmt;

use serde::de::{Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::ser::{Serialize, SerializeMap, Serializer};
use serde_json::Number;

/// One JSON value of the tree, borrowing from the JSON text it was read from.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Node<'a> {
    Null,
    Bool(bool),
    Number(Number),
    String(Cow<'a, str>),
    Array(Vec<Node<'a>>),
    Object(Object<'a>),
}

/// A JSON object: its entries sorted by key, each key once.
#[derive(Debug, Clone, PartialEq, Default)]
pub(crate) struct Object<'a> {
    entries: Vec<(Cow<'a, str>, Node<'a>)>,
}

impl<'a> Node<'a> {
    /// Read JSON text (as `serde_json::from_str::<Value>` would, without copying strings).
    pub(crate) fn parse(json: &'a str) -> serde_json::Result<Node<'a>> {
        serde_json::from_str(json)
    }

    /// The value of `key` if this is an object that has it.
    pub(crate) fn get(&self, key: &str) -> Option<&Node<'a>> {
        self.as_object()?.get(key)
    }

    pub(crate) fn as_str(&self) -> Option<&str> {
        match self {
            Node::String(text) => Some(text.as_ref()),
            _ => None,
        }
    }

    pub(crate) fn as_bool(&self) -> Option<bool> {
        match self {
            Node::Bool(b) => Some(*b),
            _ => None,
        }
    }

    pub(crate) fn as_array(&self) -> Option<&Vec<Node<'a>>> {
        match self {
            Node::Array(items) => Some(items),
            _ => None,
        }
    }

    pub(crate) fn as_object(&self) -> Option<&Object<'a>> {
        match self {
            Node::Object(object) => Some(object),
            _ => None,
        }
    }

    pub(crate) fn is_null(&self) -> bool {
        matches!(self, Node::Null)
    }

    /// The number, if this is one that a `u64` holds.
    pub(crate) fn as_u64(&self) -> Option<u64> {
        match self {
            Node::Number(number) => number.as_u64(),
            _ => None,
        }
    }

    /// The value at a JSON pointer of object keys (`/type_expr/type_name`), as
    /// `Value::pointer` finds it for such a path (no array indexes, no `~` escapes).
    pub(crate) fn pointer(&self, pointer: &str) -> Option<&Node<'a>> {
        pointer.strip_prefix('/')?.split('/').try_fold(self, |node, key| node.get(key))
    }
}

impl<'a> Object<'a> {
    /// The value of `key`, if the object has it.
    pub(crate) fn get(&self, key: &str) -> Option<&Node<'a>> {
        self.entries.binary_search_by(|(k, _)| k.as_ref().cmp(key)).ok().map(|i| &self.entries[i].1)
    }

    /// The entries in key order.
    pub(crate) fn iter(&self) -> impl Iterator<Item = (&str, &Node<'a>)> {
        self.entries.iter().map(|(key, value)| (key.as_ref(), value))
    }

    /// The text at `key`'s `inner` key, if both are there and it is text.
    pub(crate) fn str_at(&self, key: &str, inner: &str) -> Option<&str> {
        self.get(key)?.get(inner)?.as_str()
    }

    /// The keys in order.
    pub(crate) fn keys(&self) -> impl Iterator<Item = &str> {
        self.entries.iter().map(|(key, _)| key.as_ref())
    }

    /// Sort `entries` (in document order) by key, keeping the last of a repeated key.
    fn from_document_order(mut entries: Vec<(Cow<'a, str>, Node<'a>)>) -> Self {
        // Reversed, a stable sort keeps later entries first among equal keys, and `dedup_by`
        // keeps the first of each run: the document's last.
        entries.reverse();
        entries.sort_by(|(a, _), (b, _)| a.cmp(b));
        entries.dedup_by(|later, kept| later.0 == kept.0);
        Object { entries }
    }
}

/// `Value`'s compact JSON, for refusal messages.
impl fmt::Display for Node<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = serde_json::to_string(self).map_err(|_| fmt::Error)?;
        f.write_str(&text)
    }
}

impl Serialize for Node<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Node::Null => serializer.serialize_unit(),
            Node::Bool(b) => serializer.serialize_bool(*b),
            Node::Number(n) => n.serialize(serializer),
            Node::String(text) => serializer.serialize_str(text),
            Node::Array(items) => serializer.collect_seq(items),
            Node::Object(object) => {
                let mut map = serializer.serialize_map(Some(object.entries.len()))?;
                for (key, value) in &object.entries {
                    map.serialize_entry(key.as_ref(), value)?;
                }
                map.end()
            }
        }
    }
}

impl<'de> Deserialize<'de> for Node<'de> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(NodeVisitor)
    }
}

struct NodeVisitor;

impl<'de> Visitor<'de> for NodeVisitor {
    type Value = Node<'de>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_bool<E>(self, b: bool) -> Result<Node<'de>, E> {
        Ok(Node::Bool(b))
    }

    fn visit_i64<E>(self, n: i64) -> Result<Node<'de>, E> {
        Ok(Node::Number(n.into()))
    }

    fn visit_u64<E>(self, n: u64) -> Result<Node<'de>, E> {
        Ok(Node::Number(n.into()))
    }

    fn visit_f64<E>(self, n: f64) -> Result<Node<'de>, E> {
        // As `Value` reads it: a float JSON cannot hold is null.
        Ok(Number::from_f64(n).map_or(Node::Null, Node::Number))
    }

    fn visit_borrowed_str<E>(self, text: &'de str) -> Result<Node<'de>, E> {
        Ok(Node::String(Cow::Borrowed(text)))
    }

    fn visit_str<E>(self, text: &str) -> Result<Node<'de>, E> {
        Ok(Node::String(Cow::Owned(text.to_owned())))
    }

    fn visit_string<E>(self, text: String) -> Result<Node<'de>, E> {
        Ok(Node::String(Cow::Owned(text)))
    }

    fn visit_unit<E>(self) -> Result<Node<'de>, E> {
        Ok(Node::Null)
    }

    fn visit_none<E>(self) -> Result<Node<'de>, E> {
        Ok(Node::Null)
    }

    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<Node<'de>, D::Error> {
        Node::deserialize(deserializer)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Node<'de>, A::Error> {
        let mut items = Vec::with_capacity(seq.size_hint().unwrap_or(0));
        while let Some(item) = seq.next_element()? {
            items.push(item);
        }
        Ok(Node::Array(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Node<'de>, A::Error> {
        let mut entries = Vec::with_capacity(map.size_hint().unwrap_or(0));
        while let Some(Key(key)) = map.next_key()? {
            entries.push((key, map.next_value()?));
        }
        Ok(Node::Object(Object::from_document_order(entries)))
    }
}

/// An object's key, borrowed where it holds no escape.
struct Key<'de>(Cow<'de, str>);

impl<'de> Deserialize<'de> for Key<'de> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct KeyVisitor;
        impl<'de> Visitor<'de> for KeyVisitor {
            type Value = Key<'de>;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an object key")
            }

            fn visit_borrowed_str<E>(self, text: &'de str) -> Result<Key<'de>, E> {
                Ok(Key(Cow::Borrowed(text)))
            }

            fn visit_str<E>(self, text: &str) -> Result<Key<'de>, E> {
                Ok(Key(Cow::Owned(text.to_owned())))
            }

            fn visit_string<E>(self, text: String) -> Result<Key<'de>, E> {
                Ok(Key(Cow::Owned(text)))
            }
        }
        deserializer.deserialize_str(KeyVisitor)
    }
}

/// The text under `key` of `map`; empty when there is none, or it is no string.
pub(crate) fn text<'a>(map: &'a Object<'_>, key: &str) -> &'a str {
    map.get(key).and_then(Node::as_str).unwrap_or("")
}

#[cfg(test)]
mod tests {
    use serde_json::Value;

    use super::*;

    /// The tree reads what `Value` reads: the same document, the same compact text, the
    /// same lookups, and the same refusals of malformed or too deeply nested JSON.
    #[test]
    fn reads_what_serde_json_value_reads() {
        for json in [
            r#"{"b": [1, -2, 3.5, 1e300, true, null], "a": {"x\"y": "caf\u00e9 \\ \n", "k": "plain"}}"#,
            r#"{"k": 1, "k": 2, "j": [], "l": {}}"#,
            r#"[{"z": 18446744073709551615, "y": -9223372036854775808, "x": 0.1}]"#,
            r#""just text""#,
        ] {
            let value: Value = serde_json::from_str(json).unwrap();
            let node = Node::parse(json).unwrap();
            assert_eq!(node.to_string(), value.to_string(), "{json}");
        }
        let node = Node::parse(r#"{"a": {"b": {"c": "d"}}, "k": 1, "k": [2]}"#).unwrap();
        assert_eq!(node.pointer("/a/b/c").and_then(Node::as_str), Some("d"));
        assert_eq!(node.get("k").and_then(Node::as_array).map(Vec::len), Some(1));
        assert!(node.pointer("/a/x").is_none() && node.get("missing").is_none());
        let keys: Vec<&str> = node.as_object().unwrap().keys().collect();
        assert_eq!(keys, ["a", "k"]);

        let deep = format!("{}{}", "[".repeat(200), "]".repeat(200));
        assert!(serde_json::from_str::<Value>(&deep).is_err());
        assert!(Node::parse(&deep).is_err(), "serde_json's recursion limit holds");
        for broken in [r#"{"a": }"#, r#"{"a": 1"#, "[1,]", "\"\\x\""] {
            assert!(Node::parse(broken).is_err(), "{broken}");
        }
    }
}
