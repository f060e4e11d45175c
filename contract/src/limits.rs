//! The default request limits: what the host puts in `catalog-view.limits` unless the
//! deployment says otherwise (`host/src/limits.rs`), and what the compiler assumes when a
//! native caller builds a view without them (`guest/src/model.rs`). One definition, so the
//! two defaults cannot drift apart; `tests/all/repo/shared_words.rs` holds `docs/limits.md`'s
//! table to them.

/// Rows an answer may carry; a plan's `limit` is clamped to it.
pub const MAX_ROWS: u32 = 1000;

/// Values an `in` / `not_in` list may hold.
pub const MAX_IN_LIST: u32 = 100;

/// Longest request text (plan JSON or SQL) accepted, in bytes.
pub const MAX_REQUEST_BYTES: u32 = 64 << 10;
