//! The issuer's signing keys: its JWKS, found at `jwks_uri` (configured, or read from the
//! issuer's RFC 8414 / OpenID metadata), kept in memory, fetched again when older than
//! `jwks_max_age_s`, and when a token names a key id the set lacks (a key rotation) at most
//! once per `jwks_refetch_min_s`, so tokens with made-up key ids cannot make the server
//! hammer the issuer.
//!
//! Each key's algorithm is decided here, from the key itself: an RSA key verifies RS256,
//! a P-256 key ES256, an Ed25519 key EdDSA, and nothing else (no symmetric keys, no `none`);
//! a key whose `alg` names anything else, or whose `use` is not `sig`, is left out. A token's
//! header only selects a key: its `alg` must then equal the key's.

use std::time::{Duration, Instant};

use jsonwebtoken::jwk::{AlgorithmParameters, EllipticCurve, Jwk, JwkSet, KeyAlgorithm, PublicKeyUse};
use jsonwebtoken::{Algorithm, DecodingKey};
use serde_json::Value;
use tokio::sync::Mutex;

use super::fetch::get_json;
use super::settings::IdentitySettings;
use crate::error::{Code, Error, Result};

/// One usable key.
#[derive(Clone)]
pub struct SigningKey {
    /// The key's `kid`, if it has one.
    pub kid: Option<String>,
    /// The one algorithm it verifies.
    pub algorithm: Algorithm,
    /// The key itself.
    pub key: DecodingKey,
    /// Which fetch of the key set it came from ([`KeySet::key_for`] counts them): a token
    /// verified under an earlier fetch is verified again, so a removed key stops verifying.
    pub generation: u64,
}

/// The issuer's keys as last fetched.
pub struct KeySet {
    issuer: String,
    jwks_uri: Option<String>,
    max_age: Duration,
    refetch_min: Duration,
    held: Mutex<Held>,
}

#[derive(Default)]
struct Held {
    keys: Vec<SigningKey>,
    /// When the set was last fetched (successfully or not).
    fetched: Option<Instant>,
    /// The `jwks_uri` found in the issuer's metadata, once read.
    discovered: Option<String>,
    /// Successful fetches so far; the keys carry the one they came from.
    generation: u64,
}

impl KeySet {
    /// Keys for the issuer in `settings`; nothing is fetched until the first token.
    pub fn new(settings: &IdentitySettings) -> KeySet {
        KeySet {
            issuer: settings.issuer.clone(),
            jwks_uri: settings.jwks_uri.clone(),
            max_age: Duration::from_secs(settings.jwks_max_age_s.unwrap_or(300).max(1)),
            refetch_min: Duration::from_secs(settings.jwks_refetch_min_s.unwrap_or(30)),
            held: Mutex::new(Held::default()),
        }
    }

    /// The key a token with header `kid` and `alg` is to be checked with, or `invalid_token`
    /// (no such key, or the header's algorithm is not the key's). Without a `kid` the set
    /// must hold exactly one key.
    pub async fn key_for(&self, kid: Option<&str>, alg: Algorithm) -> Result<SigningKey> {
        let mut held = self.held.lock().await;
        let stale = held.fetched.is_none_or(|at| at.elapsed() >= self.max_age);
        let unknown = find(&held.keys, kid).is_none();
        let may_refetch = held.fetched.is_none_or(|at| at.elapsed() >= self.refetch_min);
        if stale || (unknown && may_refetch) {
            held.fetched = Some(Instant::now());
            match self.fetch(&mut held).await {
                Ok(mut keys) => {
                    held.generation += 1;
                    keys.iter_mut().for_each(|key| key.generation = held.generation);
                    held.keys = keys;
                }
                // A failed refresh keeps the keys it had: an issuer's hiccup does not lock
                // everyone out until the next try.
                Err(error) if held.keys.is_empty() => return Err(error),
                Err(_) => {}
            }
        }
        let key = find(&held.keys, kid)
            .ok_or_else(|| invalid("the token is signed with a key the issuer does not publish"))?;
        if key.algorithm != alg {
            return Err(invalid("the token's algorithm is not its key's"));
        }
        Ok(key.clone())
    }

    async fn fetch(&self, held: &mut Held) -> Result<Vec<SigningKey>> {
        let uri = match (&self.jwks_uri, &held.discovered) {
            (Some(uri), _) | (None, Some(uri)) => uri.clone(),
            (None, None) => {
                let found = discover_jwks_uri(&self.issuer).await?;
                held.discovered = Some(found.clone());
                found
            }
        };
        let document = get_json(&uri).await?;
        let set: JwkSet = serde_json::from_value(document)
            .map_err(|e| Error::new(Code::IssuerUnreachable, format!("{uri} is not a JWK set: {e}")))?;
        Ok(set.keys.iter().filter_map(usable).collect())
    }
}

fn find<'k>(keys: &'k [SigningKey], kid: Option<&str>) -> Option<&'k SigningKey> {
    match kid {
        Some(kid) => keys.iter().find(|key| key.kid.as_deref() == Some(kid)),
        None if keys.len() == 1 => keys.first(),
        None => None,
    }
}

/// The key with the one algorithm it may verify, or `None` for a key querycell never uses.
fn usable(jwk: &Jwk) -> Option<SigningKey> {
    if jwk.common.public_key_use.as_ref().is_some_and(|u| *u != PublicKeyUse::Signature) {
        return None;
    }
    let algorithm = match &jwk.algorithm {
        AlgorithmParameters::RSA(_) => Algorithm::RS256,
        AlgorithmParameters::EllipticCurve(ec) if ec.curve == EllipticCurve::P256 => Algorithm::ES256,
        AlgorithmParameters::OctetKeyPair(okp) if okp.curve == EllipticCurve::Ed25519 => Algorithm::EdDSA,
        _ => return None,
    };
    let declared_matches = match jwk.common.key_algorithm {
        None => true,
        Some(KeyAlgorithm::RS256) => algorithm == Algorithm::RS256,
        Some(KeyAlgorithm::ES256) => algorithm == Algorithm::ES256,
        Some(KeyAlgorithm::EdDSA) => algorithm == Algorithm::EdDSA,
        Some(_) => false,
    };
    if !declared_matches {
        return None;
    }
    let key = DecodingKey::from_jwk(jwk).ok()?;
    Some(SigningKey { kid: jwk.common.key_id.clone(), algorithm, key, generation: 0 })
}

/// `jwks_uri` from the issuer's authorization server metadata (RFC 8414: the well-known
/// path goes before the issuer's own path), else its OpenID configuration (appended). The
/// document must name the same issuer, exactly (RFC 8414 section 3.3).
async fn discover_jwks_uri(issuer: &str) -> Result<String> {
    let uri: hyper::Uri = issuer.parse().map_err(|_| Error::new(Code::ConfigInvalid, "the issuer is not a URI"))?;
    let origin = format!("{}://{}", uri.scheme_str().unwrap_or("https"), uri.authority().map_or("", |a| a.as_str()));
    let path = uri.path().trim_end_matches('/');
    let candidates = [
        format!("{origin}/.well-known/oauth-authorization-server{path}"),
        format!("{}/.well-known/openid-configuration", issuer.trim_end_matches('/')),
    ];
    let mut last = None;
    for candidate in candidates {
        match get_json(&candidate).await {
            Ok(document) => {
                if document.get("issuer").and_then(Value::as_str) != Some(issuer) {
                    last = Some(Error::new(
                        Code::IssuerUnreachable,
                        format!("{candidate} names another issuer than {issuer:?}"),
                    ));
                    continue;
                }
                match document.get("jwks_uri").and_then(Value::as_str) {
                    Some(found) => return Ok(found.to_string()),
                    None => last = Some(Error::new(Code::IssuerUnreachable, format!("{candidate} names no jwks_uri"))),
                }
            }
            Err(error) => last = Some(error),
        }
    }
    Err(last.expect("two candidates were tried"))
}

fn invalid(message: &str) -> Error {
    Error::new(Code::InvalidToken, message)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn jwk(json: Value) -> Jwk {
        serde_json::from_value(json).unwrap()
    }

    #[test]
    fn a_key_verifies_only_its_own_algorithm() {
        let ed = json_ed(None);
        assert_eq!(usable(&jwk(ed)).map(|k| k.algorithm), Some(Algorithm::EdDSA));
        // A symmetric key is never used, whatever it claims.
        let octet = serde_json::json!({"kty": "oct", "k": "c2VjcmV0", "alg": "HS256", "kid": "h"});
        assert!(usable(&jwk(octet)).is_none());
        // An Ed25519 key that says it is for RS256 is left out rather than trusted.
        assert!(usable(&jwk(json_ed(Some("RS256")))).is_none());
        let mut encryption = json_ed(None);
        encryption["use"] = "enc".into();
        assert!(usable(&jwk(encryption)).is_none());
    }

    fn json_ed(alg: Option<&str>) -> Value {
        let mut key = serde_json::json!({"kty": "OKP", "crv": "Ed25519", "kid": "e", "x": "11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo"});
        if let Some(alg) = alg {
            key["alg"] = alg.into();
        }
        key
    }
}
