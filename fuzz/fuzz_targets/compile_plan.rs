//! Arbitrary bytes into the plan compiler. The oracles are
//! `oracle::check_plan`, shared with the stable test that replays seeds and regressions.

#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../oracle.rs"]
mod oracle;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = oracle::check_plan(text);
    }
});
