//! What DuckDB's parser split from a text, owned, and the parses a connection keeps by text.
//!
//! DuckDB 2.0's parser is a large part of a small statement's cost (in a query worker, about a
//! quarter of the CPU an MCP `sql` call spends there). Agents ask the same statement again,
//! and a parse is a pure function of the text and the connection's parser settings, which are
//! locked, so a connection keeps the parses of the texts it split last and runs a copy of the
//! kept statement (`cpp/submit.cpp`) instead of parsing it again. Every check on the text
//! still runs each time: the shape check and the parse-tree check (whose verdict is itself
//! kept by text), the single-SELECT check, and the placeholder count.

use std::collections::{HashMap, VecDeque};
use std::sync::Arc;

use libduckdb_sys as ffi;

/// How many parses a connection keeps; the oldest goes first.
pub const KEPT_PARSES: usize = 64;

/// How many bytes of text the kept parses may add up to. A syntax tree grows with its text,
/// and is many times its size where the text is dense (each constant of a long `IN` list is
/// a node of its own), and a statement may be as long as `Limits::max_statement_bytes` (a
/// mebibyte): the kept trees must stay small beside a worker's memory ceiling whatever the
/// texts are. The statements agents and plans make are a few hundred bytes to a few
/// kilobytes.
pub const KEPT_TEXT_BYTES: usize = 128 << 10;

/// The longest text whose parse is kept; a longer one is parsed every time.
pub const KEPT_TEXT_MAX: usize = KEPT_TEXT_BYTES / 8;

/// The statements one `duckdb_extract_statements` call split, destroyed when the last
/// holder lets go.
pub(super) struct Extracted {
    pub(super) handle: ffi::duckdb_extracted_statements,
    pub(super) count: ffi::idx_t,
}

// SAFETY: an `Extracted` is only read, copied from or moved out of through the `Database`
// that split it, which has one caller at a time (it is not Sync); nothing in it refers to a
// thread.
unsafe impl Send for Extracted {}
// SAFETY: as above: shared references exist only within that one caller's calls.
unsafe impl Sync for Extracted {}

impl Drop for Extracted {
    fn drop(&mut self) {
        // SAFETY: created by duckdb_extract_statements, destroyed once, here; prepared or
        // submitted statements do not borrow it.
        unsafe { ffi::duckdb_destroy_extracted(&mut self.handle) };
    }
}

/// The parses a connection keeps, by exact text.
#[derive(Default)]
pub(super) struct KeptParses {
    by_text: HashMap<Box<str>, Arc<Extracted>>,
    /// Oldest first.
    order: VecDeque<Box<str>>,
    /// The length of every kept text, added up.
    text_bytes: usize,
}

impl KeptParses {
    pub(super) fn get(&self, text: &str) -> Option<Arc<Extracted>> {
        self.by_text.get(text).cloned()
    }

    /// Keep `parse` for `text`, letting the oldest go until both bounds hold; a text longer
    /// than [`KEPT_TEXT_MAX`] is not kept.
    pub(super) fn keep(&mut self, text: &str, parse: Arc<Extracted>) {
        if text.len() > KEPT_TEXT_MAX || self.by_text.contains_key(text) {
            return;
        }
        while self.order.len() >= KEPT_PARSES || self.text_bytes + text.len() > KEPT_TEXT_BYTES {
            let Some(oldest) = self.order.pop_front() else { break };
            self.text_bytes -= oldest.len();
            self.by_text.remove(&oldest);
        }
        self.text_bytes += text.len();
        self.order.push_back(text.into());
        self.by_text.insert(text.into(), parse);
    }

    /// How many parses are kept, and their texts' length added up.
    #[cfg(test)]
    pub(super) fn size(&self) -> (usize, usize) {
        (self.by_text.len(), self.text_bytes)
    }
}
