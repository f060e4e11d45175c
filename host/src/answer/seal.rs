//! The receipt's digest: `sha256:` over a canonical serialization of every field of the
//! receipt but `digest` itself, so an edited receipt is detected (`querycell verify`).
//!
//! The canonical form is JSON without whitespace, object keys sorted by their UTF-8 bytes,
//! strings escaped as serde_json escapes them, and numbers by their value: a whole number
//! below 2⁵³ as its digits whether it was written `15` or `15.0` (a JavaScript client that
//! passes a receipt back writes `15.0` as `15`), any other as serde_json writes it (the
//! shortest form that reads back to the same value: `14.666666666666666`). Re-indenting a
//! receipt, reordering its keys, re-escaping its strings or re-writing a number with the same
//! value keeps the digest; changing any value, or adding or removing a field, changes it.
//!
//! What it proves, and what not: the digest has no secret in it, so anyone who edits a
//! receipt can compute the digest of the edit. It catches edits made without doing so (by
//! hand, by a tool that rewrites a value, by a model retelling the receipt), not forgery.
//! What stands against forgery is the re-run: `verify` asks the receipt's request again and
//! compares the rows (docs/receipt.md, "What a verified receipt proves").

use serde_json::Value;
use sha2::{Digest, Sha256};

/// The field that holds the digest, the one field it does not cover.
pub const DIGEST_FIELD: &str = "digest";

/// The digest of `receipt`: `sha256:<hex>` of the canonical form of every top-level field
/// but [`DIGEST_FIELD`]. `receipt` is a JSON object; another value is hashed whole.
pub fn digest(receipt: &Value) -> String {
    let mut text = String::new();
    match receipt {
        Value::Object(fields) => {
            write_object(fields.iter().filter(|(name, _)| name.as_str() != DIGEST_FIELD), &mut text)
        }
        other => write_canonical(other, &mut text),
    }
    format!("sha256:{}", hex::encode(Sha256::digest(text.as_bytes())))
}

/// Set `receipt`'s [`DIGEST_FIELD`] to its [`digest`]. Whatever adds a field to a receipt
/// afterwards (the CLI adds `cost.process`) seals it again.
pub fn seal(receipt: &mut Value) {
    let sealed = digest(receipt);
    if let Value::Object(fields) = receipt {
        fields.insert(DIGEST_FIELD.to_string(), Value::String(sealed));
    }
}

/// `value` in the canonical form: two JSON values of the same content (numbers of the same
/// value, objects with the same fields in any order) have the same canonical text.
pub fn canonical(value: &Value) -> String {
    let mut text = String::new();
    write_canonical(value, &mut text);
    text
}

/// Whole numbers a double holds exactly: up to 2⁵³.
const EXACT_WHOLE: f64 = 9_007_199_254_740_992.0;

/// `value` in the canonical form. Receipts are shallow (rows hold scalars), and a receipt
/// read back was parsed by serde_json, whose recursion limit (128) bounds this walk.
fn write_canonical(value: &Value, out: &mut String) {
    match value {
        Value::Number(n) => match n.as_f64().filter(|x| n.is_f64() && x.fract() == 0.0 && x.abs() < EXACT_WHOLE) {
            // `15.0` as `15`, and `-0.0` as `0`.
            Some(whole) => out.push_str(&(whole as i64).to_string()),
            None => out.push_str(&serde_json::to_string(n).expect("numbers serialise")),
        },
        Value::Null | Value::Bool(_) | Value::String(_) => {
            out.push_str(&serde_json::to_string(value).expect("scalars serialise"))
        }
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_canonical(item, out);
            }
            out.push(']');
        }
        Value::Object(fields) => write_object(fields.iter(), out),
    }
}

/// An object's fields in the canonical form, sorted by key whatever order `fields` has
/// (serde_json keeps insertion order when a dependency turns on `preserve_order`).
fn write_object<'a>(fields: impl Iterator<Item = (&'a String, &'a Value)>, out: &mut String) {
    let mut sorted: Vec<(&String, &Value)> = fields.collect();
    sorted.sort_by(|a, b| a.0.as_bytes().cmp(b.0.as_bytes()));
    out.push('{');
    for (i, (name, value)) in sorted.into_iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str(&serde_json::to_string(name).expect("strings serialise"));
        out.push(':');
        write_canonical(value, out);
    }
    out.push('}');
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_digest_covers_every_field_but_itself_in_any_order_or_layout() {
        let mut receipt =
            json!({"rows": [["Platform", 15.0]], "sql": "SELECT 1", "limits": {"max_rows": 5, "timeout_ms": 9}});
        seal(&mut receipt);
        let sealed = receipt["digest"].as_str().unwrap().to_string();
        assert!(sealed.starts_with("sha256:") && sealed.len() == 7 + 64, "{sealed}");
        assert_eq!(digest(&receipt), sealed, "the digest field itself is left out");
        let pretty = serde_json::to_string_pretty(&receipt).unwrap();
        let reindented: Value = serde_json::from_str(&pretty).unwrap();
        assert_eq!(digest(&reindented), sealed, "indentation does not matter");
        let by_hand = json!({"digest": "x", "sql": "SELECT 1", "limits": {"timeout_ms": 9, "max_rows": 5}, "rows": [["Platform", 15.0]]});
        assert_eq!(digest(&by_hand), sealed, "key order does not matter, at any depth");
        let whole =
            json!({"sql": "SELECT 1", "limits": {"timeout_ms": 9.0, "max_rows": 5}, "rows": [["Platform", 15]]});
        assert_eq!(digest(&whole), sealed, "15 and 15.0 are one value, as a JavaScript client writes it");
        for edited in [
            json!({"rows": [["Platform", 15.5]], "sql": "SELECT 1", "limits": {"max_rows": 5, "timeout_ms": 9}}),
            json!({"rows": [["Platform", 15.0]], "sql": "SELECT 2", "limits": {"max_rows": 5, "timeout_ms": 9}}),
            json!({"rows": [["Platform", 15.0]], "sql": "SELECT 1", "limits": {"max_rows": 6, "timeout_ms": 9}}),
            json!({"rows": [["Platform", 15.0]], "sql": "SELECT 1", "limits": {"max_rows": 5, "timeout_ms": 9}, "x": null}),
            json!({"rows": [["Platform", 15.0]], "sql": "SELECT 1"}),
        ] {
            assert_ne!(digest(&edited), sealed, "{edited}");
        }
    }

    #[test]
    fn numbers_are_canonical_by_value() {
        assert_eq!(
            canonical(&json!([15.0, 15, -0.0, 0, 1e300, 0.5, 9007199254740993u64, -3])),
            "[15,15,0,0,1e+300,0.5,9007199254740993,-3]"
        );
        assert_eq!(canonical(&json!(9007199254740992.0)), "9007199254740992.0", "2^53 and above stay floats");
    }

    #[test]
    fn floats_read_back_to_the_digest_they_were_sealed_with() {
        // Values whose text serde_json's default (fast) parse gets wrong in the last bit;
        // the host reads JSON with `float_roundtrip`, so they come back exact.
        let mut receipt =
            json!({"rows": [[100.08176360064923, 909.2150537634409, 2.3646624014571274e-157, 14.666666666666666]]});
        seal(&mut receipt);
        let text = serde_json::to_string_pretty(&receipt).unwrap();
        let read: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(read, receipt);
        assert_eq!(digest(&read), receipt["digest"].as_str().unwrap());
    }
}
