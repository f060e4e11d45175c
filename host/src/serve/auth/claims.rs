//! An access token checked and read: its signature against the issuer's published key
//! ([`super::jwks`]), `iss` exactly the configured issuer, `aud` holding this server's
//! canonical URI (RFC 8707: a token for another resource of the same issuer is refused),
//! `exp` required and `nbf` honoured with a leeway of at most a minute, at most
//! [`MAX_TOKEN_BYTES`]; then what the server needs of it: the [`Identity`]. A token that
//! verified is remembered by its digest until it expires ([`super::verified`]), so the
//! signature is checked once per token, not once per call.
//!
//! The policy context comes from the verified claims only, through `[identity.claims]`
//! (context key -> claim): a string claim as it is, a number or boolean as its text, a list
//! of strings joined with commas (the form `in_context` row filters read). A mapped claim
//! that is absent, empty, or a list item holding a comma (which would read as two items) is
//! `missing_context`, and nothing runs.

use std::collections::{BTreeMap, BTreeSet};

use jsonwebtoken::{decode, decode_header, Validation};
use serde_json::{Map, Value};

use super::jwks::{KeySet, SigningKey};
use super::settings::IdentitySettings;
use super::verified::{Verified, VerifiedTokens};
use crate::answer::trace::Caller;
use crate::error::{Code, Error, Result};

/// Tokens longer than this are refused unread (8 KiB: real access tokens are 1 to 2 KiB).
pub const MAX_TOKEN_BYTES: usize = 8 << 10;

/// Who a verified token speaks for, and what it allows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Identity {
    /// Subject and client, for the audit trace.
    pub caller: Caller,
    /// The token's scopes (`scope`, space-separated, or `scp`).
    pub scopes: BTreeSet<String>,
    /// The policy context its claims give, by `[identity.claims]`.
    pub context: BTreeMap<String, String>,
}

/// Checks tokens for one resource from one issuer.
pub struct TokenChecker {
    issuer: String,
    resource: String,
    leeway_s: u64,
    claims: BTreeMap<String, String>,
    keys: KeySet,
    verified: VerifiedTokens,
}

impl TokenChecker {
    /// A checker for `settings`; keys are fetched on the first token.
    pub fn new(settings: &IdentitySettings) -> TokenChecker {
        TokenChecker {
            issuer: settings.issuer.clone(),
            resource: settings.resource.clone(),
            leeway_s: settings.leeway_s.unwrap_or(30).min(60),
            claims: settings.claims.clone(),
            keys: KeySet::new(settings),
            verified: VerifiedTokens::default(),
        }
    }

    /// The verified claims of `token`, or `invalid_token` saying why not (the reason is for
    /// the server's answer; the token itself is never repeated).
    pub async fn verify(&self, token: &str) -> Result<Map<String, Value>> {
        if token.len() > MAX_TOKEN_BYTES {
            return Err(invalid(format!("the token is over {MAX_TOKEN_BYTES} bytes")));
        }
        let digest = VerifiedTokens::digest(token);
        let now = jsonwebtoken::get_current_timestamp();
        if let Some(known) = self.verified.get(&digest, now, self.leeway_s) {
            // The key must still be published and from the current fetch of the set.
            let key = self.keys.key_for(known.kid.as_deref(), known.algorithm).await?;
            if key.generation == known.generation {
                return Ok(known.claims);
            }
        }
        let header = decode_header(token).map_err(|e| invalid(format!("the token is not a signed JWT: {e}")))?;
        let key = self.keys.key_for(header.kid.as_deref(), header.alg).await?;
        let claims = self.check_signature_and_claims(token, &key)?;
        let expires = claims.get("exp").and_then(Value::as_f64).unwrap_or(0.0).max(0.0) as u64;
        let verified = Verified {
            claims: claims.clone(),
            expires,
            kid: key.kid.clone(),
            algorithm: key.algorithm,
            generation: key.generation,
        };
        self.verified.remember(digest, verified, now, self.leeway_s);
        Ok(claims)
    }

    /// `token`'s claims if its signature verifies with `key` and its `iss`, `aud`, `exp` and
    /// `nbf` hold.
    fn check_signature_and_claims(&self, token: &str, key: &SigningKey) -> Result<Map<String, Value>> {
        let mut validation = Validation::new(key.algorithm);
        validation.set_issuer(&[&self.issuer]);
        validation.set_audience(&[&self.resource]);
        validation.set_required_spec_claims(&["exp", "iss", "aud"]);
        validation.validate_nbf = true;
        validation.leeway = self.leeway_s;
        let data = decode::<Map<String, Value>>(token, &key.key, &validation).map_err(|e| {
            use jsonwebtoken::errors::ErrorKind;
            invalid(match e.kind() {
                ErrorKind::ExpiredSignature => "the token has expired".to_string(),
                ErrorKind::ImmatureSignature => "the token is not valid yet (nbf)".to_string(),
                ErrorKind::InvalidIssuer => "the token is from another issuer".to_string(),
                ErrorKind::InvalidAudience => "the token is not for this resource (aud)".to_string(),
                ErrorKind::InvalidSignature => "the token's signature does not verify".to_string(),
                ErrorKind::MissingRequiredClaim(claim) => format!("the token has no {claim} claim"),
                other => format!("the token cannot be verified: {other:?}"),
            })
        })?;
        Ok(data.claims)
    }

    /// What the server takes from verified `claims`, or `missing_context` naming the context
    /// keys (never the values) that a mapped claim did not give.
    pub fn identity(&self, claims: &Map<String, Value>) -> Result<Identity> {
        let caller = Self::caller(claims);
        let mut scopes: BTreeSet<String> = BTreeSet::new();
        if let Some(scope) = claims.get("scope").and_then(Value::as_str) {
            scopes.extend(scope.split(' ').filter(|s| !s.is_empty()).map(str::to_string));
        }
        match claims.get("scp") {
            Some(Value::String(scp)) => scopes.extend(scp.split(' ').filter(|s| !s.is_empty()).map(str::to_string)),
            Some(Value::Array(items)) => scopes.extend(items.iter().filter_map(Value::as_str).map(str::to_string)),
            _ => {}
        }
        let mut context = BTreeMap::new();
        let mut missing = Vec::new();
        for (key, claim) in &self.claims {
            match claims.get(claim).and_then(context_value) {
                Some(value) => {
                    context.insert(key.clone(), value);
                }
                None => missing.push(format!("{key} (claim {claim})")),
            }
        }
        if !missing.is_empty() {
            return Err(Error::new(
                Code::MissingContext,
                format!("the token does not give the policy context {}", missing.join(", ")),
            )
            .hint("the authorization server must put these claims in the access token; nothing was run"));
        }
        Ok(Identity { caller, scopes, context })
    }
}

impl TokenChecker {
    /// Who verified `claims` speak for: `sub`, and `azp` or else `client_id`.
    pub fn caller(claims: &Map<String, Value>) -> Caller {
        let text = |name: &str| claims.get(name).and_then(Value::as_str).map(str::to_string);
        Caller { subject: text("sub"), client: text("azp").or_else(|| text("client_id")) }
    }
}

/// A claim's value as a context value, or `None` when it cannot be one.
fn context_value(claim: &Value) -> Option<String> {
    match claim {
        Value::String(text) if !text.is_empty() => Some(text.clone()),
        Value::Number(number) => Some(number.to_string()),
        Value::Bool(flag) => Some(flag.to_string()),
        Value::Array(items) if !items.is_empty() => {
            let texts: Option<Vec<&str>> =
                items.iter().map(|item| item.as_str().filter(|t| !t.is_empty() && !t.contains(','))).collect();
            texts.map(|texts| texts.join(","))
        }
        _ => None,
    }
}

fn invalid(message: String) -> Error {
    Error::new(Code::InvalidToken, message).hint(
        "send a current access token from the configured issuer for this resource, as `Authorization: Bearer <token>`",
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn checker() -> TokenChecker {
        let settings: IdentitySettings = toml::from_str(
            "resource = \"https://q.example.com/mcp\"\nissuer = \"https://login.example.com\"\n[claims]\ntenant = \"org_id\"\nteams = \"groups\"",
        )
        .unwrap();
        TokenChecker::new(&settings)
    }

    #[test]
    fn claims_give_the_context_scopes_and_caller() {
        let claims = json!({"sub": "u1", "azp": "app", "org_id": "acme", "groups": ["Platform", "Search"], "scope": "querycell:read x"});
        let identity = checker().identity(claims.as_object().unwrap()).unwrap();
        assert_eq!(identity.context["tenant"], "acme");
        assert_eq!(identity.context["teams"], "Platform,Search");
        assert_eq!(identity.caller, Caller { subject: Some("u1".into()), client: Some("app".into()) });
        assert!(identity.scopes.contains("querycell:read") && identity.scopes.contains("x"));
    }

    #[test]
    fn a_missing_or_unusable_claim_is_missing_context() {
        for claims in [
            json!({"org_id": "acme"}),
            json!({"org_id": "acme", "groups": []}),
            json!({"org_id": "acme", "groups": ["a,b"]}),
            json!({"org_id": "", "groups": ["a"]}),
            json!({"org_id": {"nested": 1}, "groups": ["a"]}),
        ] {
            let error = checker().identity(claims.as_object().unwrap()).unwrap_err();
            assert_eq!(error.code, "missing_context", "{claims}");
            assert!(!error.message.contains("acme"), "values are never repeated: {error}");
        }
    }
}
