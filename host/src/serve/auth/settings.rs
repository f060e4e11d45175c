//! The configuration file's `[identity]` table: who issues the access tokens the HTTP MCP
//! server accepts, the resource they must be for, the scope each tool needs, and which token
//! claims become the policy context. None of it is a secret (the server only ever checks
//! signatures with the issuer's public keys), so it lives in the operator's file.
//!
//! ```toml
//! [identity]
//! resource = "https://querycell.example.com/mcp"   # this server's canonical URI (RFC 8707)
//! issuer = "https://login.example.com"             # the authorization server, exactly as tokens name it
//! # jwks_uri = "https://login.example.com/jwks"    # else read from the issuer's metadata
//! behind_tls_proxy = true                          # or TLS here: tls_cert_file and tls_key_file
//!
//! [identity.scopes]                                # tool -> the scope a token needs for it
//! sql = "querycell:sql"
//!
//! [identity.claims]                                # policy context key -> token claim
//! tenant = "org_id"
//! teams = "groups"
//! caller = "sub"
//! ```

use std::collections::BTreeMap;

use serde::Deserialize;

use crate::error::{Code, Error, Result};

/// The scope every read-only tool needs when `[identity.scopes]` does not say otherwise.
pub const DEFAULT_READ_SCOPE: &str = "querycell:read";
/// The scope the `sql` tool needs when `[identity.scopes]` does not say otherwise.
pub const DEFAULT_SQL_SCOPE: &str = "querycell:sql";
/// The tools a scope can be set for.
pub const TOOLS: [&str; 6] = ["list_tables", "describe_table", "query", "check_summary", "verify_receipt", "sql"];

/// `[identity]` as written.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct IdentitySettings {
    /// This server's canonical URI, e.g. `https://querycell.example.com/mcp`: tokens must
    /// name it in `aud`, and the protected resource metadata names it as `resource`.
    pub resource: String,
    /// The authorization server's issuer identifier, compared exactly with a token's `iss`.
    pub issuer: String,
    /// Where the issuer publishes its keys; read from the issuer's metadata when left out.
    pub jwks_uri: Option<String>,
    /// Clock skew allowed on `exp` and `nbf`, in seconds (at most 60; 30 if left out).
    pub leeway_s: Option<u64>,
    /// Seconds after which the cached keys are fetched again before use (300 if left out).
    pub jwks_max_age_s: Option<u64>,
    /// Least seconds between two fetches of the keys caused by tokens naming an unknown
    /// key id (30 if left out): a stream of made-up key ids cannot hammer the issuer.
    pub jwks_refetch_min_s: Option<u64>,
    /// Serve beyond loopback over plain HTTP because a TLS-terminating proxy is in front.
    #[serde(default)]
    pub behind_tls_proxy: bool,
    /// Serve TLS in the process: the certificate chain, PEM (with `tls_key_file`).
    pub tls_cert_file: Option<std::path::PathBuf>,
    /// Serve TLS in the process: the private key, PEM (a path; the key stays in its file).
    pub tls_key_file: Option<std::path::PathBuf>,
    /// Policy contexts with their own opened index at once (16 if left out).
    pub max_contexts: Option<usize>,
    /// Seconds a context's opened index stays unused before it is closed (600 if left out).
    pub context_idle_s: Option<u64>,
    /// Tool name -> the scope a token needs to see and call it.
    #[serde(default)]
    pub scopes: BTreeMap<String, String>,
    /// Policy context key -> the claim its value is read from.
    #[serde(default)]
    pub claims: BTreeMap<String, String>,
}

impl IdentitySettings {
    /// Check what serde cannot: URIs that are absolute and, beyond loopback, https; a leeway
    /// of at most a minute; scopes only for tools that exist.
    pub fn check(&self) -> Result<()> {
        let invalid = |message: String| Err(Error::new(Code::ConfigInvalid, message).at("--config"));
        for (name, uri) in
            [("resource", Some(&self.resource)), ("issuer", Some(&self.issuer)), ("jwks_uri", self.jwks_uri.as_ref())]
        {
            if let Some(uri) = uri {
                if let Err(why) = check_uri(uri) {
                    return invalid(format!("[identity] {name} {uri:?}: {why}"));
                }
            }
        }
        if self.tls_cert_file.is_some() != self.tls_key_file.is_some() {
            return invalid("[identity] tls_cert_file and tls_key_file go together".into());
        }
        if self.leeway_s.is_some_and(|s| s > 60) {
            return invalid("[identity] leeway_s is at most 60".into());
        }
        if let Some(tool) = self.scopes.keys().find(|tool| !TOOLS.contains(&tool.as_str())) {
            return invalid(format!("[identity.scopes] names no tool {tool:?}; tools: {}", TOOLS.join(", ")));
        }
        if let Some((key, _)) = self.scopes.iter().find(|(_, scope)| !is_scope_token(scope)) {
            return invalid(format!(
                "[identity.scopes] {key}: a scope is one word of printable ASCII, no quote or backslash"
            ));
        }
        Ok(())
    }

    /// The scope `tool` needs: `[identity.scopes]`, else the default for it.
    pub fn scope_for(&self, tool: &str) -> Option<String> {
        if let Some(scope) = self.scopes.get(tool) {
            return Some(scope.clone());
        }
        match tool {
            "sql" => Some(DEFAULT_SQL_SCOPE.to_string()),
            tool if TOOLS.contains(&tool) => Some(DEFAULT_READ_SCOPE.to_string()),
            _ => None,
        }
    }
}

/// An absolute `http` or `https` URI without fragment; plain `http` only to a loopback host.
fn check_uri(uri: &str) -> std::result::Result<(), &'static str> {
    let parsed: hyper::Uri = uri.parse().map_err(|_| "not a URI")?;
    let host = parsed.host().ok_or("not an absolute URI")?;
    if uri.contains('#') {
        return Err("a fragment is not allowed");
    }
    match parsed.scheme_str() {
        Some("https") => Ok(()),
        Some("http") if is_loopback_host(host) => Ok(()),
        Some("http") => Err("plain http is accepted for loopback hosts only"),
        _ => Err("the scheme must be https"),
    }
}

/// `localhost`, or a loopback IP address (with or without IPv6 brackets).
pub fn is_loopback_host(host: &str) -> bool {
    let bare = host.trim_start_matches('[').trim_end_matches(']');
    bare.eq_ignore_ascii_case("localhost") || bare.parse::<std::net::IpAddr>().is_ok_and(|ip| ip.is_loopback())
}

/// RFC 6749's scope-token: printable ASCII without space, `"` or `\`, so it can stand in a
/// `WWW-Authenticate` header's quoted value as it is.
fn is_scope_token(scope: &str) -> bool {
    !scope.is_empty() && scope.bytes().all(|b| (0x21..=0x7e).contains(&b) && b != b'"' && b != b'\\')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings(extra: &str) -> Result<IdentitySettings> {
        let text = format!("resource = \"https://q.example.com/mcp\"\nissuer = \"https://login.example.com\"\n{extra}");
        let settings: IdentitySettings =
            toml::from_str(&text).map_err(|e| Error::new(Code::ConfigInvalid, e.to_string()))?;
        settings.check().map(|()| settings)
    }

    #[test]
    fn defaults_give_read_and_sql_scopes() {
        let settings = settings("").unwrap();
        assert_eq!(settings.scope_for("query").as_deref(), Some(DEFAULT_READ_SCOPE));
        assert_eq!(settings.scope_for("sql").as_deref(), Some(DEFAULT_SQL_SCOPE));
        assert_eq!(settings.scope_for("drop_tables"), None);
        let settings = self::settings("[scopes]\nquery = \"analytics\"").unwrap();
        assert_eq!(settings.scope_for("query").as_deref(), Some("analytics"));
    }

    #[test]
    fn bad_settings_are_refused() {
        for extra in [
            "leeway_s = 61",
            "[scopes]\nqeury = \"x\"",
            "[scopes]\nquery = \"two words\"",
            "jwks_uri = \"http://keys.example.com/jwks\"",
            "jwks_uri = \"/jwks\"",
            "tls_cert_file = \"/etc/q/cert.pem\"",
        ] {
            assert!(settings(extra).is_err(), "{extra:?} was accepted");
        }
        assert!(settings("jwks_uri = \"http://127.0.0.1:9/jwks\"").is_ok());
    }
}
