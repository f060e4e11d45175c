//! Structured plans into the plan compiler: the bytes are decoded by
//! `plan_gen.rs` (`arbitrary`) into a plan over the oracle's catalog, mostly well formed and
//! naming real tables and columns, then serialised to plan JSON and checked by
//! `oracle::check_plan`. The stable replay (`tests/all/fuzz/fuzz_regressions.rs`) decodes kept
//! inputs with the same generator.

#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../oracle.rs"]
mod oracle;
#[path = "../plan_gen.rs"]
mod plan_gen;

fuzz_target!(|data: &[u8]| {
    if let Some(text) = plan_gen::plan_text(data, &oracle::view()) {
        let _ = oracle::check_plan(&text);
    }
});
