//! DuckDB's own parser, without a database: the tree of a statement text as the JSON
//! `json_serialize_sql` returns. `cpp/parse_tree.cpp` calls the same parser (DuckDB's
//! built-in grammar and settings) and the same serializer directly, so a check needs no
//! database instance of its own and pays no query per statement ([`parse_tree`]: the text
//! reaches no connection). [`extracted_tree`] writes the same JSON for the statements a
//! connection's parser has split, nothing bound yet, so an executor checks the trees it then
//! runs. A test holds all three to the same output (`tests/all/executor/host_check.rs`).

use std::os::raw::c_char;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;

use libduckdb_sys as ffi;

use super::{DuckResult, Failure};

extern "C" {
    /// The tree of `sql[..sql_len]`, in a buffer for [`querycell_parse_tree_free`], its
    /// length in `*out_len`; null only when memory ran out or the tree could not be written.
    /// Catches every C++ exception: a statement DuckDB rejects is an `"error": true` tree.
    fn querycell_parse_tree(sql: *const c_char, sql_len: usize, out_len: *mut usize) -> *mut c_char;
    fn querycell_parse_tree_free(json: *mut c_char);
    /// The same tree for the statements in `extracted`, a live handle whose extraction
    /// succeeded; reads them only. Catches every C++ exception.
    fn querycell_extracted_tree(extracted: ffi::duckdb_extracted_statements, out_len: *mut usize) -> *mut c_char;
    /// Builds DuckDB's keyword table if it is not built yet; catches every C++ exception.
    fn querycell_build_keywords();
}

/// DuckDB's parse tree of `sql` as JSON text (`{"error": true, ...}` when it does not parse
/// or a statement is not a SELECT). Parsed only: nothing is bound, planned or run.
pub fn parse_tree(sql: &str) -> DuckResult<String> {
    let mut len = 0usize;
    // SAFETY: `sql` is valid for `sql.len()` bytes during the call, which copies them before
    // returning; `len` is a valid out-pointer; the function lets no exception escape.
    let json = unsafe { querycell_parse_tree(sql.as_ptr().cast(), sql.len(), &mut len) };
    take_tree(json, len)
}

/// The tree of the statements in `extracted`, as [`parse_tree`] writes it.
///
/// # Safety
/// `extracted` is a live handle from `duckdb_extract_statements` that split at least one
/// statement, and no other thread uses it during the call.
pub(super) unsafe fn extracted_tree(extracted: ffi::duckdb_extracted_statements) -> DuckResult<String> {
    let mut len = 0usize;
    // SAFETY: the caller keeps `extracted` live and unshared; `len` is a valid out-pointer;
    // the function lets no exception escape.
    let json = unsafe { querycell_extracted_tree(extracted, &mut len) };
    take_tree(json, len)
}

/// Copy out and free a tree buffer from `cpp/parse_tree.cpp` (`len` bytes; null when
/// memory ran out).
fn take_tree(json: *mut c_char, len: usize) -> DuckResult<String> {
    if json.is_null() {
        return Err(Failure::other("DuckDB's parser could not write the statement's tree (out of memory)"));
    }
    // SAFETY: non-null, so `len` bytes were written there, and they stay valid until the
    // buffer is freed below, after this copy.
    let bytes = unsafe { std::slice::from_raw_parts(json.cast::<u8>(), len) }.to_vec();
    // SAFETY: allocated by `cpp/parse_tree.cpp` with malloc, freed once, never read again.
    unsafe { querycell_parse_tree_free(json) };
    String::from_utf8(bytes).map_err(|_| Failure::other("DuckDB's parse tree was not UTF-8"))
}

/// DuckDB's grammar, compiled on a thread of its own while the process's first database
/// opens. DuckDB compiles its grammar once per process, on the first parse, and opening a
/// database is that first parse (loading the built-in functions parses their macros): on
/// its own the compile is about a third of a first open. Begun beside the open, it overlaps
/// the open's catalog and function set-up; the open's own parse waits for it rather than
/// compiling again (a C++ function-local static). The thread then builds DuckDB's keyword
/// table, which the binder of the process's first query would otherwise build (it parses
/// the grammar's text again): that first query is the rest of a one-answer process's wait.
/// Dropping this waits for the thread, so no compile is left running while the process
/// exits and C++ destroys its statics.
pub(super) struct GrammarCompile(Option<JoinHandle<()>>);

impl GrammarCompile {
    /// Start the compile, the first time in this process; later opens find it done.
    pub(super) fn start_once() -> Self {
        static STARTED: AtomicBool = AtomicBool::new(false);
        if STARTED.swap(true, Ordering::AcqRel) {
            return GrammarCompile(None);
        }
        // A thread that cannot start leaves the compile to the open, as before.
        let compile = std::thread::Builder::new().name("querycell-parse".into()).spawn(|| {
            // The tree is not wanted, only the grammar the parse compiles on the way.
            let _ = parse_tree("SELECT 1");
            // SAFETY: takes nothing, lets no exception escape, and builds a C++ static
            // under its own once-only guard.
            unsafe { querycell_build_keywords() };
        });
        GrammarCompile(compile.ok())
    }
}

impl Drop for GrammarCompile {
    fn drop(&mut self) {
        if let Some(compile) = self.0.take() {
            // parse_tree catches every C++ exception; a panic here would only be Rust's
            // own, and the open does not depend on this thread's result.
            let _ = compile.join();
        }
    }
}
