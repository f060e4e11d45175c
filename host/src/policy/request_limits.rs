//! Per-caller request limits, from the policy file: the rows an answer may carry and the
//! time its query may run, for every caller (`[requests]`) and for named callers
//! (`[requests.callers."<caller>"]`).
//!
//! A policy only tightens: the limit an answer is held to is the smaller of the
//! deployment's (the configuration file and flags, [`Limits`]) and the policy's. The
//! operator who starts the deployment sets what the machine can afford; the policy shares
//! it out, and cannot give a caller more than the deployment allows.
//!
//! ```toml
//! [requests]
//! caller_context = "tenant"   # left out: [budget]'s caller_context
//! max_rows = 200              # every caller
//! timeout_ms = 5000
//!
//! [requests.callers."acme"]   # this caller's own, key by key over [requests]'s
//! max_rows = 20
//! ```
//!
//! The caller is a value of the trusted context, named by `caller_context`; a policy that
//! lists callers and a deployment that does not say who the caller is refuses every query
//! (`missing_context`), as a row filter without its value does.

use std::collections::BTreeMap;
use std::time::Duration;

use serde::Deserialize;

use crate::error::{Code, Error, Result};
use crate::limits::Limits;

/// The policy file's `[requests]` table.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RequestRules {
    /// The context key whose value names the caller; `[budget]`'s when left out.
    pub caller_context: Option<String>,
    /// [`Limits::max_rows`] for every caller (0 is read as 1).
    pub max_rows: Option<u32>,
    /// [`Limits::query_timeout`] for every caller, in milliseconds (0 is read as 1).
    pub timeout_ms: Option<u64>,
    /// Callers' own limits, by the caller context's value.
    #[serde(default)]
    pub callers: BTreeMap<String, RequestLimits>,
}

/// The request limits a policy sets for one caller; a limit left out is the deployment's.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RequestLimits {
    /// [`Limits::max_rows`] (0 is read as 1).
    pub max_rows: Option<u32>,
    /// [`Limits::query_timeout`], in milliseconds (0 is read as 1).
    pub timeout_ms: Option<u64>,
}

impl RequestRules {
    /// The limits for the caller named in `context`: its own where `callers` lists it, else
    /// `[requests]`'s, key by key. `budget_context` is `[budget]`'s `caller_context`, used
    /// when `[requests]` names none. A context that does not name the caller adds the key to
    /// `missing_context` (every query is then refused); callers listed with no
    /// `caller_context` anywhere is `policy_invalid`, since no one could ever match them.
    pub fn bind(
        &self,
        budget_context: Option<&str>,
        context: &BTreeMap<String, String>,
        missing_context: &mut Vec<String>,
    ) -> Result<RequestLimits> {
        let everyone = RequestLimits { max_rows: self.max_rows, timeout_ms: self.timeout_ms };
        if self.callers.is_empty() {
            return Ok(everyone);
        }
        let Some(key) = self.caller_context.as_deref().or(budget_context) else {
            return Err(Error::new(Code::PolicyInvalid, "[requests.callers] lists callers but no caller_context says which context value names the caller")
                .at("--policy")
                .hint("add caller_context = \"KEY\" to [requests] (or to [budget]), KEY being the --context key that names the caller"));
        };
        let Some(caller) = context.get(key) else {
            if !missing_context.iter().any(|k| k == key) {
                missing_context.push(key.to_string());
            }
            return Ok(everyone);
        };
        Ok(match self.callers.get(caller) {
            Some(own) => RequestLimits {
                max_rows: own.max_rows.or(everyone.max_rows),
                timeout_ms: own.timeout_ms.or(everyone.timeout_ms),
            },
            None => everyone,
        })
    }
}

impl RequestLimits {
    /// `deployment` with these limits applied where they are tighter: a policy never raises
    /// a limit.
    pub fn tighten(&self, mut deployment: Limits) -> Limits {
        if let Some(rows) = self.max_rows {
            deployment.max_rows = deployment.max_rows.min(rows.max(1));
        }
        if let Some(ms) = self.timeout_ms {
            deployment.query_timeout = deployment.query_timeout.min(Duration::from_millis(ms.max(1)));
        }
        deployment
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules(text: &str) -> RequestRules {
        toml::from_str(text).unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    fn context(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
        pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
    }

    const RULES: &str = "caller_context = \"tenant\"\nmax_rows = 200\ntimeout_ms = 5000\n[callers.acme]\nmax_rows = 20\n[callers.globex]\ntimeout_ms = 0\n";

    #[test]
    fn a_listed_caller_gets_its_own_limits_over_everyones() {
        let rules = rules(RULES);
        let mut missing = Vec::new();
        let bind = |caller: &str, missing: &mut Vec<String>| {
            rules.bind(None, &context(&[("tenant", caller)]), missing).unwrap()
        };
        assert_eq!(bind("acme", &mut missing), RequestLimits { max_rows: Some(20), timeout_ms: Some(5000) });
        assert_eq!(bind("globex", &mut missing), RequestLimits { max_rows: Some(200), timeout_ms: Some(0) });
        assert_eq!(bind("initech", &mut missing), RequestLimits { max_rows: Some(200), timeout_ms: Some(5000) });
        assert!(missing.is_empty());
    }

    #[test]
    fn a_policy_only_tightens_the_deployments_limits() {
        let deployment = Limits { max_rows: 100, query_timeout: Duration::from_secs(2), ..Limits::default() };
        let tighter = RequestLimits { max_rows: Some(20), timeout_ms: Some(0) }.tighten(deployment.clone());
        assert_eq!((tighter.max_rows, tighter.query_timeout), (20, Duration::from_millis(1)));
        let looser = RequestLimits { max_rows: Some(5000), timeout_ms: Some(60_000) }.tighten(deployment.clone());
        assert_eq!(looser, deployment, "a policy value above the deployment's is the deployment's");
        assert_eq!(RequestLimits::default().tighten(deployment.clone()), deployment);
        assert_eq!(RequestLimits { max_rows: Some(0), timeout_ms: None }.tighten(deployment).max_rows, 1);
    }

    #[test]
    fn the_caller_key_comes_from_budget_when_requests_names_none_and_must_be_given() {
        let rules = rules("[callers.acme]\nmax_rows = 3\n");
        let mut missing = vec!["tenant".to_string()];
        assert_eq!(
            rules.bind(Some("tenant"), &context(&[("tenant", "acme")]), &mut missing).unwrap().max_rows,
            Some(3)
        );
        assert_eq!(
            rules.bind(Some("tenant"), &context(&[("region", "eu")]), &mut missing).unwrap(),
            RequestLimits::default()
        );
        assert_eq!(missing, ["tenant"], "a key the budget already misses is named once");
        let error = rules.bind(None, &context(&[("tenant", "acme")]), &mut Vec::new()).unwrap_err();
        assert_eq!(error.code, "policy_invalid", "{error}");
        // Limits for everyone need no caller.
        assert_eq!(self::rules("max_rows = 7").bind(None, &BTreeMap::new(), &mut missing).unwrap().max_rows, Some(7));
    }

    #[test]
    fn unknown_keys_are_refused() {
        assert!(toml::from_str::<RequestRules>("max_row = 3").is_err());
        assert!(toml::from_str::<RequestRules>("[callers.acme]\nqueries_per_day = 3").is_err());
    }
}
