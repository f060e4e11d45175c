//! Tokens already verified, remembered by their SHA-256 digest (never the token itself) until
//! they expire, so an agent's session that sends the same access token with every call pays
//! for the signature check once, not per call (an ES256 check is about 0.1 ms).
//!
//! A remembered token still answers to everything that could end it: its `exp` (with the same
//! leeway as a first check), and the key it was verified with, which must come from the key
//! set's current fetch ([`super::jwks::SigningKey::generation`]), else the token is verified
//! again: a key the issuer removed stops verifying at the next fetch, as for a new token.
//! The store is bounded ([`MAX_REMEMBERED`]): past the bound expired entries go, then all.

use std::collections::HashMap;
use std::sync::Mutex;

use jsonwebtoken::Algorithm;
use serde_json::{Map, Value};
use sha2::{Digest, Sha256};

/// Tokens remembered at most (each at most `MAX_TOKEN_BYTES` of claims: 32 MiB at worst).
pub const MAX_REMEMBERED: usize = 4096;

/// A token that verified, and what it must still satisfy.
#[derive(Clone)]
pub struct Verified {
    /// Its verified claims.
    pub claims: Map<String, Value>,
    /// Its `exp`, seconds since the epoch.
    pub expires: u64,
    /// The `kid` of the key it verified with.
    pub kid: Option<String>,
    /// That key's one algorithm.
    pub algorithm: Algorithm,
    /// The key set's fetch that key came from.
    pub generation: u64,
}

/// The remembered tokens, by digest.
#[derive(Default)]
pub struct VerifiedTokens {
    held: Mutex<HashMap<[u8; 32], Verified>>,
}

impl VerifiedTokens {
    /// The key a token is remembered by.
    pub fn digest(token: &str) -> [u8; 32] {
        Sha256::digest(token.as_bytes()).into()
    }

    /// The token with `digest`, if remembered and not expired at `now` (give or take `leeway`).
    pub fn get(&self, digest: &[u8; 32], now: u64, leeway: u64) -> Option<Verified> {
        let held = self.held.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        held.get(digest).filter(|token| now <= token.expires.saturating_add(leeway)).cloned()
    }

    /// Remember a token that verified at `now`.
    pub fn remember(&self, digest: [u8; 32], token: Verified, now: u64, leeway: u64) {
        let mut held = self.held.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if held.len() >= MAX_REMEMBERED {
            held.retain(|_, kept| now <= kept.expires.saturating_add(leeway));
            if held.len() >= MAX_REMEMBERED {
                held.clear();
            }
        }
        held.insert(digest, token);
    }

    /// Tokens held now.
    #[cfg(test)]
    fn len(&self) -> usize {
        self.held.lock().unwrap_or_else(std::sync::PoisonError::into_inner).len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn token(expires: u64) -> Verified {
        Verified { claims: Map::new(), expires, kid: None, algorithm: Algorithm::ES256, generation: 1 }
    }

    #[test]
    fn a_token_is_forgotten_once_it_expires() {
        let tokens = VerifiedTokens::default();
        let digest = VerifiedTokens::digest("a.b.c");
        tokens.remember(digest, token(1_000), 900, 30);
        assert!(tokens.get(&digest, 1_000, 30).is_some());
        assert!(tokens.get(&digest, 1_030, 30).is_some(), "within the leeway");
        assert!(tokens.get(&digest, 1_031, 30).is_none(), "past exp and the leeway");
        assert!(tokens.get(&VerifiedTokens::digest("a.b.d"), 900, 30).is_none());
    }

    #[test]
    fn the_store_stays_within_its_bound() {
        let tokens = VerifiedTokens::default();
        for i in 0..MAX_REMEMBERED + 10 {
            // Half expired by `now`, so the first pass past the bound drops those.
            let expires = if i % 2 == 0 { 10 } else { 10_000 };
            tokens.remember(VerifiedTokens::digest(&i.to_string()), token(expires), 100, 0);
            assert!(tokens.len() <= MAX_REMEMBERED);
        }
        assert!(tokens.len() > MAX_REMEMBERED / 2 - 10, "live tokens kept: {}", tokens.len());
    }
}
