//! The field map: stable SQL identifiers for header and file-stem text. Lowercase ASCII
//! letters, digits and `_`; accents folded (`Région` → `region`); every other run of
//! characters becomes one `_`; never empty, never starting with a digit, never a reserved
//! word, unique within its table (or index).

use unicode_normalization::char::is_combining_mark;
use unicode_normalization::UnicodeNormalization;

/// Words that would need quoting in SQL mode get a trailing `_`.
const RESERVED: &[&str] = &[
    "all",
    "and",
    "any",
    "as",
    "asc",
    "between",
    "by",
    "case",
    "cast",
    "create",
    "cross",
    "default",
    "delete",
    "desc",
    "distinct",
    "drop",
    "else",
    "end",
    "except",
    "false",
    "from",
    "full",
    "group",
    "having",
    "in",
    "inner",
    "insert",
    "intersect",
    "into",
    "is",
    "join",
    "left",
    "like",
    "limit",
    "not",
    "null",
    "offset",
    "on",
    "or",
    "order",
    "outer",
    "qualify",
    "right",
    "select",
    "table",
    "then",
    "true",
    "union",
    "update",
    "using",
    "when",
    "where",
    "window",
    "with",
];

/// Letters NFKD does not decompose into ASCII plus marks.
fn fold_special(c: char) -> Option<&'static str> {
    Some(match c {
        'ß' => "ss",
        'æ' | 'Æ' => "ae",
        'œ' | 'Œ' => "oe",
        'ø' | 'Ø' => "o",
        'đ' | 'Đ' | 'ð' | 'Ð' => "d",
        'ł' | 'Ł' => "l",
        'þ' | 'Þ' => "th",
        'ı' => "i",
        _ => return None,
    })
}

/// A stable SQL identifier for `text`; `fallback` names the thing when nothing is left.
pub fn normalize_identifier(text: &str, fallback: &str) -> String {
    let mut out = String::new();
    let push = |c: char, out: &mut String| {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.ends_with('_') {
            out.push('_');
        }
    };
    for c in text.chars() {
        if let Some(folded) = fold_special(c) {
            folded.chars().for_each(|f| push(f, &mut out));
            continue;
        }
        for d in c.to_string().nfkd().filter(|d| !is_combining_mark(*d)) {
            push(d, &mut out);
        }
    }
    let trimmed = out.trim_matches('_');
    let mut name = if trimmed.is_empty() { fallback.to_string() } else { trimmed.to_string() };
    if name.starts_with(|c: char| c.is_ascii_digit()) {
        name = format!("{}_{name}", &fallback[..1]);
    }
    if RESERVED.contains(&name.as_str()) {
        name.push('_');
    }
    name
}

/// `name`, or `name_2`, `name_3`, … if taken.
pub fn unique<'a>(name: String, taken: impl Iterator<Item = &'a str> + Clone) -> String {
    if !taken.clone().any(|t| t == name) {
        return name;
    }
    (2..)
        .map(|n| format!("{name}_{n}"))
        .find(|candidate| !taken.clone().any(|t| t == candidate))
        .expect("some suffix is free")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn identifiers_are_normalised() {
        assert_eq!(normalize_identifier("Customer ID", "column"), "customer_id");
        assert_eq!(normalize_identifier("Région", "column"), "region");
        assert_eq!(normalize_identifier("Straße Nº", "column"), "strasse_no");
        assert_eq!(normalize_identifier("  --Total $ (EUR)--", "column"), "total_eur");
        assert_eq!(normalize_identifier("2024 sales", "table"), "t_2024_sales");
        assert_eq!(normalize_identifier("!!!", "column"), "column");
        assert_eq!(normalize_identifier("日本", "column"), "column");
        assert_eq!(normalize_identifier("Order", "column"), "order_");
    }

    #[test]
    fn duplicates_get_a_suffix() {
        let taken = ["team", "team_2"];
        assert_eq!(unique("team".into(), taken.iter().copied()), "team_3");
        assert_eq!(unique("region".into(), taken.iter().copied()), "region");
    }
}
