//! What a caller may read and spend: policies (hidden tables and columns, tenant row
//! filters) that neither plans nor SQL get around, and budgets (daily ones, request limits
//! per caller, concurrent queries, a budget state file that stays whole).

mod budgets;
mod policies;

use std::path::Path;
use std::process::Output;

use querycell_tests::querycell_with_stdin;

/// The arguments of `querycell query` over `index` under `policy` with the caller's
/// `context` (`tenant=a`), answering in JSON; then `rest`: other flags, and the plan's
/// (`--plan -` for standard input, or a file).
fn query_args(index: &Path, policy: &Path, context: &str, rest: &[&str]) -> Vec<String> {
    let head = [
        "query",
        "--index",
        index.to_str().unwrap(),
        "--policy",
        policy.to_str().unwrap(),
        "--context",
        context,
        "--format",
        "json",
    ];
    head.iter().chain(rest).map(|arg| arg.to_string()).collect()
}

/// `querycell query` of `plan` (on standard input) over `index` as `tenant` under `policy`,
/// answering in JSON.
fn query_as(index: &Path, policy: &Path, tenant: &str, plan: &str) -> Output {
    querycell_with_stdin(&query_args(index, policy, &format!("tenant={tenant}"), &["--plan", "-"]), plan)
}
