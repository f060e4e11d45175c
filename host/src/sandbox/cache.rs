//! Compiled requests, remembered so a question asked again skips the sandbox.
//!
//! The compiler is a pure function of its inputs: the request text, the catalog view it is
//! given (tables and columns as the caller's policy shows them, each policed table's row
//! filters with the trusted context's values, the request limits, today) and the
//! deployment's limits. A [`CacheKey`] is a SHA-256 over exactly those inputs plus the data
//! snapshot, so a hit can only serve the same request under the same view: another policy
//! context, another day or another data version is another key. The view enters the hash
//! through its `Debug` form, which names every field the bindings generate, so a field added
//! to the contract is hashed without anyone remembering to. That form grows with the
//! catalog, so the view's own hash is a [`ViewFingerprint`], taken once per view (the caller
//! keeps a view for as long as it holds: `QueryCell` per version and day) rather than per
//! request.
//!
//! Only what the guest compiled is remembered; everything the host checks on a fresh compile
//! (the parse-tree check, the policy's form, the statement's kind, row caps) still
//! runs on a remembered one. Refusals and traps are not remembered: a trap depends on the
//! clock (the epoch deadline) and a refusal is cheap to compute again.
//!
//! The memory is bounded twice, by entries and by an estimate of their bytes; the oldest
//! entries go first.

use std::collections::{HashMap, VecDeque};
use std::fmt::Write as _;
use std::sync::{Arc, Mutex, PoisonError};

use sha2::{Digest, Sha256};

use super::wit;
use crate::limits::Limits;

/// Compiled requests remembered at most.
pub const MAX_ENTRIES: usize = 512;

/// The most bytes (estimated from each entry's `Debug` form) the remembered requests hold.
pub const MAX_BYTES: usize = 16 << 20;

/// Which compiler entry point a request goes to; a receipt names it as `plan` or `sql`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RequestKind {
    /// A plan (JSON text), for `compile-plan`.
    Plan,
    /// One SQL statement, for `compile-sql`.
    Sql,
}

/// The SHA-256 of a catalog view's `Debug` form: the view's part of a [`CacheKey`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ViewFingerprint([u8; 32]);

impl ViewFingerprint {
    /// The fingerprint of `view`.
    pub fn of(view: &wit::CatalogView) -> Self {
        let mut hasher = Sha256::new();
        write!(HashWriter(&mut hasher), "{view:?}").expect("hashing never fails");
        ViewFingerprint(hasher.finalize().into())
    }
}

/// The hash of everything a compile depends on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct CacheKey([u8; 32]);

impl CacheKey {
    /// The key of compiling `request` (a plan or SQL text) against the view whose fingerprint
    /// is `view`, under `limits`, for the data version `snapshot`.
    pub fn new(kind: RequestKind, request: &str, view: &ViewFingerprint, limits: &Limits, snapshot: &str) -> Self {
        let mut hasher = Sha256::new();
        hasher.update(match kind {
            RequestKind::Plan => b"plan\0",
            RequestKind::Sql => b"sql\0\0",
        });
        // Length-prefixed, so no request can end early and pass off the rest as the view.
        for part in [request, snapshot] {
            hasher.update((part.len() as u64).to_le_bytes());
            hasher.update(part.as_bytes());
        }
        // The fingerprint has a fixed length, so the limits' `Debug` form after it is unambiguous.
        hasher.update(view.0);
        write!(HashWriter(&mut hasher), "{limits:?}").expect("hashing never fails");
        CacheKey(hasher.finalize().into())
    }
}

/// Counts the bytes of formatted text without building the string.
struct ByteCount(usize);

impl std::fmt::Write for ByteCount {
    fn write_str(&mut self, text: &str) -> std::fmt::Result {
        self.0 += text.len();
        Ok(())
    }
}

/// Feeds formatted text to a hasher without building the string.
struct HashWriter<'a>(&'a mut Sha256);

impl std::fmt::Write for HashWriter<'_> {
    fn write_str(&mut self, text: &str) -> std::fmt::Result {
        self.0.update(text.as_bytes());
        Ok(())
    }
}

/// Whether a compile came from the cache.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CacheOutcome {
    /// Remembered from an identical earlier compile.
    Hit,
    /// Compiled in the sandbox now.
    Miss,
}

/// How the cache has served so far.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct CacheStats {
    /// Lookups that found a remembered compile.
    pub hits: u64,
    /// Lookups that did not (each one compiled in the sandbox).
    pub misses: u64,
    /// Requests remembered now.
    pub entries: usize,
    /// Their estimated size.
    pub bytes: usize,
}

/// A bounded map from [`CacheKey`] to what the compiler returned (`V`: the guest's
/// [`wit::Compiled`]); safe to share between threads.
pub struct CompileCache<V = wit::Compiled> {
    inner: Mutex<Inner<V>>,
}

impl<V> Default for CompileCache<V> {
    fn default() -> Self {
        CompileCache {
            inner: Mutex::new(Inner { entries: HashMap::new(), order: VecDeque::new(), stats: CacheStats::default() }),
        }
    }
}

struct Inner<V> {
    entries: HashMap<CacheKey, (Arc<V>, usize)>,
    /// Insertion order, oldest first: who goes when the bounds are reached.
    order: VecDeque<CacheKey>,
    stats: CacheStats,
}

impl<V: std::fmt::Debug> CompileCache<V> {
    /// The compile remembered under `key`, or `compile`'s result (remembered when it is a
    /// compile, not an error).
    pub fn get_or_compile<E>(
        &self,
        key: CacheKey,
        compile: impl FnOnce() -> Result<V, E>,
    ) -> Result<(Arc<V>, CacheOutcome), E> {
        if let Some(hit) = self.lock().hit(&key) {
            return Ok((hit, CacheOutcome::Hit));
        }
        // The lock is not held while the guest runs: concurrent first sights of one question
        // may both compile, and the second insert replaces the first with the same value.
        let compiled = Arc::new(compile()?);
        self.lock().insert(key, Arc::clone(&compiled));
        Ok((compiled, CacheOutcome::Miss))
    }

    /// Hits, misses and what is held now.
    pub fn stats(&self) -> CacheStats {
        self.lock().stats
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Inner<V>> {
        // A panic while holding the lock leaves the map consistent (each step is one call).
        self.inner.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

impl<V: std::fmt::Debug> Inner<V> {
    fn hit(&mut self, key: &CacheKey) -> Option<Arc<V>> {
        let found = self.entries.get(key).map(|(compiled, _)| Arc::clone(compiled));
        match found {
            Some(_) => self.stats.hits += 1,
            None => self.stats.misses += 1,
        }
        found
    }

    fn insert(&mut self, key: CacheKey, compiled: Arc<V>) {
        let mut counted = ByteCount(0);
        write!(counted, "{compiled:?}").expect("counting never fails");
        let bytes = counted.0;
        if bytes > MAX_BYTES {
            return;
        }
        if let Some((_, old)) = self.entries.insert(key, (compiled, bytes)) {
            self.stats.bytes -= old;
            self.order.retain(|k| k != &key);
        }
        self.order.push_back(key);
        self.stats.bytes += bytes;
        while self.entries.len() > MAX_ENTRIES || self.stats.bytes > MAX_BYTES {
            let Some(oldest) = self.order.pop_front() else { break };
            if let Some((_, size)) = self.entries.remove(&oldest) {
                self.stats.bytes -= size;
            }
        }
        self.stats.entries = self.entries.len();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn view(today: i32) -> ViewFingerprint {
        ViewFingerprint::of(&wit::CatalogView {
            tables: Vec::new(),
            dialect: wit::Dialect::Duckdb,
            limits: wit::RequestLimits { max_rows: 100, max_in_list: 10, max_request_bytes: 1000 },
            today,
            relationships: Vec::new(),
            metrics: Vec::new(),
        })
    }

    #[test]
    fn every_input_is_part_of_the_key() {
        let limits = Limits::default();
        let base = CacheKey::new(RequestKind::Plan, "{}", &view(1), &limits, "sha256:a");
        assert_eq!(base, CacheKey::new(RequestKind::Plan, "{}", &view(1), &limits, "sha256:a"));
        let tighter = Limits { max_rows: limits.max_rows - 1, ..limits.clone() };
        for other in [
            CacheKey::new(RequestKind::Sql, "{}", &view(1), &limits, "sha256:a"),
            CacheKey::new(RequestKind::Plan, "{} ", &view(1), &limits, "sha256:a"),
            CacheKey::new(RequestKind::Plan, "{}", &view(2), &limits, "sha256:a"),
            CacheKey::new(RequestKind::Plan, "{}", &view(1), &tighter, "sha256:a"),
            CacheKey::new(RequestKind::Plan, "{}", &view(1), &limits, "sha256:b"),
            // The length prefix: moving a character between request and snapshot changes it.
            CacheKey::new(RequestKind::Plan, "{}s", &view(1), &limits, "ha256:a"),
        ] {
            assert_ne!(base, other);
        }
    }

    #[test]
    fn hits_serve_what_was_compiled_and_errors_are_not_remembered() {
        let cache = CompileCache::<String>::default();
        let key = CacheKey::new(RequestKind::Sql, "SELECT 1", &view(1), &Limits::default(), "s");
        let failed: Result<_, &str> = cache.get_or_compile(key, || Err("refused"));
        assert!(failed.is_err());
        let (first, outcome) = cache.get_or_compile::<()>(key, || Ok("SELECT 1".to_string())).unwrap();
        assert_eq!(outcome, CacheOutcome::Miss);
        let (second, outcome) = cache.get_or_compile::<()>(key, || panic!("a hit must not compile")).unwrap();
        assert_eq!((outcome, &second), (CacheOutcome::Hit, &first));
        let stats = cache.stats();
        assert_eq!((stats.hits, stats.misses, stats.entries), (1, 2, 1));
    }

    #[test]
    fn the_oldest_entries_go_past_the_entry_bound() {
        let cache = CompileCache::<String>::default();
        let key = |i: usize| CacheKey::new(RequestKind::Sql, &format!("SELECT {i}"), &view(1), &Limits::default(), "s");
        for i in 0..MAX_ENTRIES + 10 {
            cache.get_or_compile::<()>(key(i), || Ok(format!("SELECT {i}"))).unwrap();
        }
        assert_eq!(cache.stats().entries, MAX_ENTRIES);
        let (_, oldest) = cache.get_or_compile::<()>(key(0), || Ok("SELECT 0".to_string())).unwrap();
        let (_, newest) = cache.get_or_compile::<()>(key(MAX_ENTRIES + 9), || panic!("remembered")).unwrap();
        assert_eq!((oldest, newest), (CacheOutcome::Miss, CacheOutcome::Hit));
    }

    #[test]
    fn the_byte_bound_holds() {
        let cache = CompileCache::<String>::default();
        let big = "x".repeat(MAX_BYTES / 4);
        for i in 0..8 {
            let key = CacheKey::new(RequestKind::Sql, &i.to_string(), &view(1), &Limits::default(), "s");
            cache.get_or_compile::<()>(key, || Ok(big.clone())).unwrap();
        }
        let stats = cache.stats();
        assert!(stats.bytes <= MAX_BYTES && stats.entries < 4, "{stats:?}");
    }
}
