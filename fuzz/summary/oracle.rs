//! The summary checker's fuzz oracles, and how fuzz bytes become a receipt and a summary.
//!
//! The first byte chooses the input's shape: raw (a receipt's bytes, a zero byte, a
//! summary's bytes), a summary of one of three fixed receipts, or a receipt and a summary
//! built from the bytes out of the checker's own vocabulary (labels, numbers in every form it
//! reads, hedges, universal, trend and rank words, punctuation), which reaches the attribution
//! and claims code far more often than raw text does.
//!
//! Oracles: no panic; an error is `summary_too_large` or `receipt_invalid`; a report's
//! `flagged` counts its flagged findings; every span lies inside the text on character
//! boundaries and covers the finding's text; character offsets agree with byte offsets;
//! sentences are in order and do not overlap; the work done is bounded by the text's bytes
//! (64 units a byte, plus 100 000).

use querycell::limits::SummaryLimits;
use querycell::summary::{check as check_summary, Report};

/// Three receipts of the shapes a summary is checked against: averages and counts by team
/// with a null warning, counts and maxima by month and severity, a cut answer.
const RECEIPTS: [&str; 3] = [
    r#"{"columns":[{"name":"team","type":"VARCHAR"},{"name":"average_minutes","type":"DOUBLE"},{"name":"incidents","type":"BIGINT"}],"rows":[["Search",31.0,2],["Platform",14.666666666666666,3],["Payments",10.0,2]],"row_count":3,"truncated":false,"total_rows":3,"sql":"SELECT \"team\", avg(\"ack_minutes\") AS \"average_minutes\", count(*) AS \"incidents\" FROM \"incidents\" WHERE \"severity\" = ? GROUP BY \"team\" ORDER BY \"average_minutes\" DESC LIMIT ?","params":["P1",6],"explanation":"average ack_minutes by team, top 5","warnings":["average_minutes: 1 null value was skipped in the matching rows"]}"#,
    r#"{"columns":[{"name":"opened_at_month","type":"DATE"},{"name":"severity","type":"VARCHAR"},{"name":"incidents","type":"BIGINT"},{"name":"max_ack_minutes","type":"INTEGER"}],"rows":[["2026-01-01","P1",2,20],["2026-02-01","P1",2,12],["2026-02-01","P2",1,90],["2026-03-01","P1",3,31],["2026-03-01","P3",1,240]],"row_count":5,"truncated":false,"total_rows":5,"sql":"SELECT date_trunc('month', \"opened_at\") AS \"opened_at_month\", \"severity\", count(*) AS \"incidents\", max(\"ack_minutes\") AS \"max_ack_minutes\" FROM \"incidents\" GROUP BY ALL LIMIT ?","params":[1001],"warnings":["max_ack_minutes: 1 null value was skipped in the matching rows"]}"#,
    r#"{"columns":[{"name":"teams_region","type":"VARCHAR"},{"name":"acked_within_15","type":"DOUBLE"},{"name":"headcount","type":"HUGEINT"}],"rows":[["EMEA",0.6666666666666666,18],["AMER",1.0,8]],"row_count":2,"truncated":true,"total_rows":3,"sql":"SELECT \"r\" AS \"teams_region\", avg(CASE WHEN \"x\" <= ? THEN 1.0 ELSE 0.0 END) AS \"acked_within_15\", sum(\"h\") AS \"headcount\" FROM t ORDER BY \"headcount\" DESC LIMIT ?","params":[15,3],"warnings":["filters[0] (ack_minutes ne 240) also left out 1 row where ack_minutes is missing","the answer shows 2 of 3 rows"]}"#,
];

/// Words the structured shape builds summaries from.
const WORDS: &[&str] = &[
    "Search",
    "Platform",
    "Payments",
    "EMEA",
    "AMER",
    "P1",
    "P2",
    "January",
    "March",
    "2026",
    "2026-01",
    "Q1",
    "about",
    "roughly",
    "~",
    "over",
    "under",
    "at least",
    "more than",
    "within",
    "every",
    "all",
    "each",
    "none",
    "never",
    "teams",
    "incidents",
    "increased",
    "fell",
    "went up",
    "top",
    "highest",
    "lowest",
    "the most",
    "average",
    "median",
    "maximum",
    "p90",
    "total",
    "respectively",
    "and",
    "than",
    "while",
    "missing",
    "null",
    "shown",
    "of",
    "'s",
    ",",
    ";",
    ":",
    "(",
    ")",
    ".",
    "\n\n",
    "\n- ",
    "1.",
    "e.g.",
    "—",
    "percent",
    "%",
    "k",
    "M",
];

/// A cursor over fuzz bytes: each read takes one byte, zero once they run out.
struct Bytes<'a>(&'a [u8]);

impl Bytes<'_> {
    fn next(&mut self) -> u8 {
        let (first, rest) = self.0.split_first().unwrap_or((&0, &[]));
        self.0 = rest;
        *first
    }
}

/// A number written in one of the ways the checker reads.
fn number(bytes: &mut Bytes) -> String {
    let whole = u32::from(bytes.next()) * u32::from(bytes.next() % 8 + 1);
    match bytes.next() % 8 {
        0 => whole.to_string(),
        1 => format!("{whole}.{}", bytes.next() % 100),
        2 => format!("{whole}%"),
        3 => format!("{},{:03}", whole % 1000 + 1, bytes.next()),
        4 => format!("{}.{}k", whole % 100, bytes.next() % 10),
        5 => format!("-{whole}"),
        6 => format!("{whole}th"),
        _ => format!("{}.{:02}", whole % 300, bytes.next() % 100),
    }
}

/// A receipt of up to four columns and eight rows, its cells drawn from the bytes.
fn structured_receipt(bytes: &mut Bytes) -> String {
    let kinds = ["VARCHAR", "DOUBLE", "BIGINT", "DATE"];
    let names = ["team", "average_minutes", "incidents", "opened_at_month", "p90_x", "share_x", "max_x"];
    let columns: Vec<(String, &str)> = (0..bytes.next() % 4 + 1)
        .map(|i| {
            (
                format!("{}{i}", names[usize::from(bytes.next()) % names.len()]),
                kinds[usize::from(bytes.next()) % kinds.len()],
            )
        })
        .collect();
    let labels = ["Search", "Platform", "Payments", "EMEA", "P1", "2026-01-01", "2026-03-01", "a b c", ""];
    let rows: Vec<serde_json::Value> = (0..bytes.next() % 8)
        .map(|_| {
            let cells = columns.iter().map(|(_, kind)| match (*kind, bytes.next() % 8) {
                (_, 0) => serde_json::Value::Null,
                ("VARCHAR" | "DATE", n) => serde_json::json!(labels[usize::from(n) % labels.len()]),
                (_, n) => serde_json::json!(f64::from(bytes.next()) / f64::from(n)),
            });
            serde_json::Value::Array(cells.collect())
        })
        .collect();
    let columns: Vec<serde_json::Value> =
        columns.iter().map(|(name, kind)| serde_json::json!({"name": name, "type": kind})).collect();
    serde_json::json!({
        "columns": columns, "rows": rows, "truncated": bytes.next().is_multiple_of(2), "total_rows": bytes.next(),
        "params": [bytes.next(), "P1"], "warnings": ["average_minutes0: 2 null values were skipped in the matching rows", "the answer shows 1 of 9 rows"],
    })
    .to_string()
}

/// A summary of words and numbers drawn from the bytes.
fn structured_text(bytes: &mut Bytes) -> String {
    let mut text = String::new();
    while !bytes.0.is_empty() {
        match bytes.next() % 3 {
            0 => text.push_str(&number(bytes)),
            _ => text.push_str(WORDS[usize::from(bytes.next()) % WORDS.len()]),
        }
        if !bytes.next().is_multiple_of(4) {
            text.push(' ');
        }
    }
    text
}

/// The receipt and summary fuzz bytes stand for.
pub fn decode(data: &[u8]) -> (String, String) {
    let Some((&shape, rest)) = data.split_first() else { return (RECEIPTS[0].into(), String::new()) };
    match shape % 3 {
        0 => {
            let split = rest.iter().position(|b| *b == 0).unwrap_or(rest.len());
            let text = rest.get(split + 1..).unwrap_or(&[]);
            (String::from_utf8_lossy(&rest[..split]).into_owned(), String::from_utf8_lossy(text).into_owned())
        }
        1 => (RECEIPTS[usize::from(shape / 3) % RECEIPTS.len()].into(), String::from_utf8_lossy(rest).into_owned()),
        _ => {
            let mut bytes = Bytes(rest);
            let receipt = if shape & 0x80 == 0 {
                structured_receipt(&mut bytes)
            } else {
                RECEIPTS[usize::from(shape) % 3].into()
            };
            (receipt, structured_text(&mut bytes))
        }
    }
}

/// Checks the decoded input and holds the report to the oracles.
pub fn check(data: &[u8]) {
    let (receipt, text) = decode(data);
    match check_summary(&receipt, &text, &SummaryLimits::default()) {
        Ok(report) => holds(&report, &text),
        Err(error) => assert!(
            matches!(error.code.as_str(), "summary_too_large" | "receipt_invalid"),
            "an error the checker must not raise: {error}"
        ),
    }
}

fn holds(report: &Report, text: &str) {
    assert_eq!(report.flagged, report.findings.iter().filter(|f| f.flagged).count());
    let char_at = |byte: usize| text[..byte].chars().count();
    for finding in &report.findings {
        let span = finding.span;
        assert!(span.start < span.end && span.end <= text.len(), "{finding:?}");
        assert!(text.is_char_boundary(span.start) && text.is_char_boundary(span.end), "{finding:?}");
        assert_eq!(&text[span.start..span.end], finding.text, "{finding:?}");
        assert_eq!((finding.chars.start, finding.chars.end), (char_at(span.start), char_at(span.end)), "{finding:?}");
        assert_eq!(finding.flagged, finding.kind.flagged());
        assert!(finding.sentence < report.sentences.len());
    }
    let mut end = 0;
    for sentence in &report.sentences {
        assert!(sentence.span.start >= end && sentence.span.start < sentence.span.end, "{sentence:?}");
        assert_eq!(sentence.chars.start, char_at(sentence.span.start));
        end = sentence.span.end;
    }
    assert!(report.work <= 64 * text.len() as u64 + 100_000, "{} units of work for {} bytes", report.work, text.len());
}
