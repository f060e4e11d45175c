//! `querycell verify` and the MCP `verify_receipt` tool: does a receipt still hold?
//!
//! A receipt carries its request (plan JSON or SQL, as text), the day it was answered for,
//! the index's id, the policy context's id and a digest over all of it
//! ([`crate::answer::seal`]). Verifying one:
//!
//! 1. **Tampered** when the digest does not match the fields: something was edited after the
//!    answer (nothing else is looked at).
//! 2. **Cannot verify** when the receipt has no digest or no request, comes from another
//!    index, ran under another policy context or other limits than the verifier's: a re-run
//!    would answer another question.
//! 3. Otherwise the request is **asked again** ([`QueryCell::ask`]), as of the receipt's day,
//!    under the verifier's own policy context and limits: compiled in the sandbox, checked
//!    and run like any request, traced and charged to the caller's budget. Nothing the
//!    receipt says is executed: its SQL and parameters are only compared with what the
//!    compiler writes now.
//! 4. The rows are compared ([`diff`]), and every other field the answer determines
//!    ([`CLAIMS_SKIPPED`] says which are not): **same** when the index is still at the
//!    receipt's snapshot, the compiler writes the receipt's SQL and parameters, and the rows
//!    and fields match; **data changed** when the snapshot moved on, with the rows added,
//!    removed and changed by group key; **tampered** when the snapshot and the SQL are the
//!    receipt's but the rows are not, or when the compiler the receipt names (`compiler`,
//!    the component that wrote its SQL) writes other SQL or fields for its request (edited,
//!    and the digest computed again); **cannot verify** (`compiler_changed`) when another
//!    compiler does, since what the receipt says ran is then vouched for by nothing here.
//!
//! The receipt itself is data to the host, parsed by serde_json (numbers exactly, nesting at
//! most 128 deep, at most [`MAX_RECEIPT_BYTES`]); its request text is never read here.

pub mod diff;

use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use crate::answer::{printable, seal, Answer};
use crate::calendar::Date;
use crate::engine::QueryCell;
use crate::error::{Code, Error, Result};
use crate::sandbox::cache::RequestKind;

pub use diff::RowDiff;

/// The largest receipt read: far above an answer at the default row cap (1000 rows), small
/// enough that a stray file cannot exhaust memory.
pub const MAX_RECEIPT_BYTES: usize = 64 << 20;

/// What verifying a receipt found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// The index is at the receipt's snapshot and its request gives the receipt's rows.
    Same,
    /// The index holds other data than the receipt was computed from; `diff` says how the
    /// answer changed.
    DataChanged,
    /// The receipt cannot be compared with this index as this verifier sees it; `reasons`
    /// say why.
    CannotVerify,
    /// The receipt was edited after it was answered.
    Tampered,
}

impl Outcome {
    /// The CLI's exit status: `0` same, `4` data changed, `5` cannot verify, `6` tampered
    /// (`1`–`3` stay errors, as for every command).
    pub fn exit_status(self) -> u8 {
        match self {
            Outcome::Same => 0,
            Outcome::DataChanged => 4,
            Outcome::CannotVerify => 5,
            Outcome::Tampered => 6,
        }
    }

    /// The outcome in words, as the table format prints it.
    pub fn words(self) -> &'static str {
        match self {
            Outcome::Same => "same",
            Outcome::DataChanged => "data changed",
            Outcome::CannotVerify => "cannot verify",
            Outcome::Tampered => "tampered",
        }
    }
}

/// Top-level fields of a receipt that verifying does not compare as claims: how long this
/// run took (`cost`, `elapsed_ms`), the digest itself, and those compared on their own: the
/// request and its context (which make a re-run comparable), the snapshot, the SQL and its
/// parameters (`same_sql`), and the answer's parts [`diff`] compares. Every other field, one
/// a receipt gained by an edit included, is compared with the re-run's.
pub const CLAIMS_SKIPPED: &[&str] = &[
    seal::DIGEST_FIELD,
    "cost",
    "elapsed_ms",
    "request",
    "today",
    "index_id",
    "policy_context",
    "limits",
    "snapshot",
    "sql",
    "params",
    "compiler",
    "columns",
    "rows",
    "total_rows",
    "warnings",
];

/// One reason behind an outcome: a stable code and words.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Reason {
    /// `digest_mismatch`, `sql_differs`, `rows_differ`, `fields_differ` (tampered); `no_digest`,
    /// `no_request`, `no_today`, `other_index`, `policy_context_differs`, `limits_differ`,
    /// `rerun_refused`, `compiler_changed` (cannot verify); `snapshot_changed` (data changed).
    pub code: &'static str,
    /// What was found, in words.
    pub message: String,
}

fn reason(code: &'static str, message: impl Into<String>) -> Reason {
    Reason { code, message: message.into() }
}

/// The verdict on a receipt, with what it rests on.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Verification {
    /// The verdict.
    pub outcome: Outcome,
    /// Why, one entry per finding (empty for a plain `same`).
    pub reasons: Vec<Reason>,
    /// The digest the receipt claims (`null` when it has none).
    pub receipt_digest: Option<String>,
    /// The digest of the receipt's fields as given.
    pub computed_digest: String,
    /// The snapshot the receipt says it was computed from.
    pub receipt_snapshot: Option<String>,
    /// The snapshot the index answers from now.
    pub index_snapshot: String,
    /// Whether the compiler wrote the receipt's SQL and parameters again (`null` without a
    /// re-run). Compared only: the receipt's SQL never runs.
    pub same_sql: Option<bool>,
    /// How the re-run's answer differs from the receipt's (`null` without a re-run).
    pub diff: Option<RowDiff>,
    /// The receipt's other fields that differ from the re-run's (the explanation, the row
    /// count, a field an edit added; see [`CLAIMS_SKIPPED`]): empty when they all match or
    /// nothing was asked again.
    pub fields: Vec<FieldChange>,
    /// The re-run's own receipt: the answer as the index gives it now.
    pub rerun: Option<Value>,
    /// The typed error the re-run was refused with, when it was.
    pub rerun_error: Option<Value>,
}

/// A field of the receipt that the re-run's receipt has otherwise (`null` where one lacks it).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FieldChange {
    /// The field's name.
    pub field: String,
    /// As the receipt has it.
    pub receipt: Value,
    /// As the re-run has it.
    pub now: Value,
}

/// A receipt from its JSON text: at most [`MAX_RECEIPT_BYTES`], a JSON object, and an
/// answer rather than a refusal. Its fields are read by [`verify`].
pub fn parse_receipt(text: &str) -> Result<Value> {
    if text.len() > MAX_RECEIPT_BYTES {
        return Err(Error::new(
            Code::ReceiptInvalid,
            format!("the receipt is {} bytes; at most {MAX_RECEIPT_BYTES} are read", text.len()),
        ));
    }
    let receipt: Value = serde_json::from_str(text).map_err(|e| {
        Error::new(Code::ReceiptInvalid, format!("the receipt is not JSON: {e}")).hint(
            "give the receipt as `querycell query --format json` printed it, or an MCP answer's structured content",
        )
    })?;
    check_receipt_shape(&receipt)?;
    Ok(receipt)
}

/// A receipt is a JSON object, and not a refusal (`{"error": …}`), which answers nothing.
pub fn check_receipt_shape(receipt: &Value) -> Result<()> {
    match receipt {
        Value::Object(fields) if fields.contains_key("error") && !fields.contains_key("rows") => {
            Err(Error::new(Code::ReceiptInvalid, "this is a refusal, not an answer: there are no rows to verify"))
        }
        Value::Object(_) => Ok(()),
        _ => Err(Error::new(Code::ReceiptInvalid, "a receipt is a JSON object")
            .hint("give the receipt as `querycell query --format json` printed it")),
    }
}

/// The receipt's field `name` as a `T`; `None` when it is absent or null.
fn field<T: serde::de::DeserializeOwned>(receipt: &Value, name: &str) -> Result<Option<T>> {
    match receipt.get(name) {
        None | Some(Value::Null) => Ok(None),
        Some(value) => serde_json::from_value(value.clone()).map(Some).map_err(|e| {
            Error::new(Code::ReceiptInvalid, format!("the receipt's `{name}` is not what a receipt holds there: {e}"))
                .at(name)
        }),
    }
}

/// The request a receipt answers, as it records it.
#[derive(Deserialize)]
struct ClaimedRequest {
    kind: RequestKind,
    text: String,
}

/// Verify `receipt` against the index `cell` answers from, under `cell`'s own policy
/// context and limits. `Err` only when the receipt is not one ([`Code::ReceiptInvalid`]);
/// every verdict, `tampered` and `cannot verify` included, is `Ok`.
pub fn verify(cell: &QueryCell, receipt: &Value) -> Result<Verification> {
    check_receipt_shape(receipt)?;
    let computed_digest = seal::digest(receipt);
    // Read leniently: a digest or snapshot of the wrong type is an edit to report, not a
    // malformed receipt.
    let text_of = |name: &str| match receipt.get(name) {
        None | Some(Value::Null) => None,
        Some(Value::String(text)) => Some(text.clone()),
        Some(other) => Some(other.to_string()),
    };
    let receipt_digest = text_of(seal::DIGEST_FIELD);
    let mut verification = Verification {
        outcome: Outcome::CannotVerify,
        reasons: Vec::new(),
        receipt_digest: receipt_digest.clone(),
        computed_digest: computed_digest.clone(),
        receipt_snapshot: text_of("snapshot"),
        index_snapshot: cell.snapshot().to_string(),
        same_sql: None,
        diff: None,
        fields: Vec::new(),
        rerun: None,
        rerun_error: None,
    };
    if receipt_digest.as_ref().is_some_and(|claimed| claimed != &computed_digest) {
        verification.outcome = Outcome::Tampered;
        verification.reasons.push(reason(
            "digest_mismatch",
            "the receipt's fields do not match its digest: it was edited after the answer",
        ));
        return Ok(verification);
    }
    let request: Option<ClaimedRequest> = field(receipt, "request")?;
    let today: Option<String> = field(receipt, "today")?;
    let today = today
        .map(|text| {
            text.parse::<Date>()
                .map_err(|e| Error::new(Code::ReceiptInvalid, format!("the receipt's `today`: {e}")).at("today"))
        })
        .transpose()?;
    verification.reasons = comparability(cell, receipt, receipt_digest.is_none(), request.is_none(), today.is_none());
    let (Some(request), Some(today), true) = (request, today, verification.reasons.is_empty()) else {
        return Ok(verification);
    };
    match cell.ask(request.kind, &request.text, today) {
        Err(error) => {
            verification
                .reasons
                .push(reason("rerun_refused", format!("asking the receipt's request again was refused: {error}")));
            verification.rerun_error = Some(error.to_json());
            Ok(verification)
        }
        Ok(answer) => judge(verification, receipt, &answer),
    }
}

/// Why `receipt` cannot be compared with what `cell` answers, one reason each: nothing when
/// it can.
fn comparability(cell: &QueryCell, receipt: &Value, no_digest: bool, no_request: bool, no_today: bool) -> Vec<Reason> {
    let mut reasons = Vec::new();
    if no_digest {
        reasons.push(reason(
            "no_digest",
            "the receipt has no digest, so an edit to it could not be told from an answer (receipts before querycell sealed them)",
        ));
    }
    if no_request {
        reasons.push(reason("no_request", "the receipt does not carry its request, so it cannot be asked again"));
    }
    if no_today {
        reasons.push(reason("no_today", "the receipt does not say which day it was answered for"));
    }
    let index_id = json!(cell.catalog().index_id);
    if receipt.get("index_id").unwrap_or(&Value::Null) != &index_id {
        reasons.push(reason(
            "other_index",
            format!(
                "the receipt was answered by the index {}; this is the index {index_id}",
                receipt.get("index_id").unwrap_or(&Value::Null)
            ),
        ));
    }
    if receipt.get("policy_context") != Some(&Value::String(cell.policy_context())) {
        reasons.push(reason(
            "policy_context_differs",
            "the receipt was answered under another policy or other context values than this verifier's (--policy, --context)",
        ));
    }
    let limits = cell.limits();
    let ours = json!({"max_rows": limits.max_rows, "timeout_ms": limits.query_timeout.as_millis() as u64});
    if receipt.get("limits").map(seal::canonical) != Some(seal::canonical(&ours)) {
        reasons.push(reason(
            "limits_differ",
            format!(
                "the receipt ran under the limits {}; this verifier's are {ours} (set them with --max-rows and --timeout-ms)",
                receipt.get("limits").unwrap_or(&Value::Null)
            ),
        ));
    }
    reasons
}

/// The verdict once the request was asked again and answered.
fn judge(mut verification: Verification, receipt: &Value, answer: &Answer) -> Result<Verification> {
    let now = answer.to_json();
    // Compared by value: `6` and `6.0` are one parameter (a JavaScript client writes both as `6`).
    let same_sql = ["sql", "params"]
        .iter()
        .all(|name| receipt.get(*name).map(seal::canonical) == now.get(*name).map(seal::canonical));
    let diff = diff::compare(&diff::Side::of(receipt)?, &diff::Side::of(&now)?);
    let fields = changed_fields(receipt, &now);
    let same_snapshot = verification.receipt_snapshot.as_deref() == Some(answer.snapshot.as_str());
    let mut found = Vec::new();
    let outcome = if !same_snapshot {
        found.push(reason(
            "snapshot_changed",
            format!(
                "the receipt was computed from {}; the index is now at {}",
                verification.receipt_snapshot.as_deref().unwrap_or("an unnamed snapshot"),
                answer.snapshot
            ),
        ));
        Outcome::DataChanged
    } else if same_sql && diff.is_empty() && fields.is_empty() {
        Outcome::Same
    } else {
        // The compiler is a pure function of what comparability checked: the compiler that
        // wrote the receipt, asked again, writes its SQL and fields again. The same SQL
        // gives the same rows whichever compiler wrote it.
        let same_compiler = receipt.get("compiler") == Some(&Value::String(answer.compiler.clone()));
        if !same_sql && same_compiler {
            found.push(reason(
                "sql_differs",
                "the compiler that wrote the receipt writes other SQL or parameters for its request: the receipt was edited and its digest computed again",
            ));
        }
        if !diff.is_empty() && (same_sql || same_compiler) {
            found.push(reason(
                "rows_differ",
                "the index is at the receipt's snapshot and the receipt's SQL gives other rows than it shows: the receipt was edited and its digest computed again",
            ));
        }
        if !fields.is_empty() && same_compiler {
            let names: Vec<&str> = fields.iter().map(|f| f.field.as_str()).collect();
            found.push(reason(
                "fields_differ",
                format!(
                    "the answer's {} differ from the receipt's, at its snapshot and from the compiler that wrote it: the receipt was edited and its digest computed again",
                    names.join(", ")
                ),
            ));
        }
        if found.is_empty() {
            found.push(reason(
                "compiler_changed",
                "the index is at the receipt's snapshot, but another compiler than the one that wrote the receipt writes other SQL or fields for its request: what the receipt says cannot be checked here",
            ));
            Outcome::CannotVerify
        } else {
            Outcome::Tampered
        }
    };
    verification.outcome = outcome;
    verification.reasons.extend(found);
    verification.same_sql = Some(same_sql);
    verification.diff = Some(diff);
    verification.fields = fields;
    verification.rerun = Some(now);
    Ok(verification)
}

/// The fields of `receipt` and of the re-run's receipt `now`, but [`CLAIMS_SKIPPED`], whose
/// values differ (compared by value, as the digest compares them), in name order.
fn changed_fields(receipt: &Value, now: &Value) -> Vec<FieldChange> {
    let names = |receipt: &Value| -> Vec<String> {
        receipt.as_object().map(|fields| fields.keys().cloned().collect()).unwrap_or_default()
    };
    let mut all: Vec<String> = names(receipt).into_iter().chain(names(now)).collect();
    all.sort();
    all.dedup();
    all.into_iter()
        .filter(|name| !CLAIMS_SKIPPED.contains(&name.as_str()))
        .filter_map(|name| {
            let (ours, theirs) = (receipt.get(&name), now.get(&name));
            (ours.map(seal::canonical) != theirs.map(seal::canonical)).then(|| FieldChange {
                receipt: ours.cloned().unwrap_or(Value::Null),
                now: theirs.cloned().unwrap_or(Value::Null),
                field: name,
            })
        })
        .collect()
}

impl Verification {
    /// The verification as JSON, as `--format json` prints it and MCP returns it.
    pub fn to_json(&self) -> Value {
        serde_json::to_value(self).expect("verifications serialise")
    }

    /// The verdict for people at a terminal: the outcome, its reasons, what changed.
    pub fn render_table(&self) -> String {
        let mut out = format!("outcome: {}\n", self.outcome.words());
        for found in &self.reasons {
            out.push_str(&format!("  {}: {}\n", found.code, printable(&found.message)));
        }
        if let Some(diff) = &self.diff {
            out.push_str(&diff.render());
        }
        for change in &self.fields {
            out.push_str(&format!(
                "field {}: {} -> {}\n",
                printable(&change.field),
                printable(&change.receipt.to_string()),
                printable(&change.now.to_string())
            ));
        }
        if let Some(same) = self.same_sql {
            out.push_str(if same { "sql: as the receipt's\n" } else { "sql: not the receipt's\n" });
        }
        let digest_state = match &self.receipt_digest {
            None => "none in the receipt",
            Some(claimed) if claimed == &self.computed_digest => "matches the fields",
            Some(_) => "does not match the fields",
        };
        out.push_str(&format!("digest: {} ({digest_state})\n", self.computed_digest));
        out.push_str(&format!(
            "snapshot: receipt {}, index {}\n",
            self.receipt_snapshot.as_deref().map(printable).unwrap_or_else(|| "none".into()),
            self.index_snapshot
        ));
        out
    }
}
