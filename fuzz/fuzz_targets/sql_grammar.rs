//! Grammar-generated SQL into SQL mode's compiler: the bytes drive
//! `sql_gen.rs` (`arbitrary::Unstructured`), which writes statements over the oracle's
//! catalog mixed with what SQL mode must refuse, then `oracle::check` holds the compiler to
//! its oracles. The stable replay (`tests/all/fuzz/fuzz_regressions.rs`) decodes kept inputs
//! with the same generator and adds DuckDB's parser as a further oracle.

#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../oracle.rs"]
mod oracle;
#[path = "../sql_gen.rs"]
mod sql_gen;

fuzz_target!(|data: &[u8]| {
    let text = sql_gen::sql_text(data, &oracle::view());
    let _ = oracle::check(&text);
});
