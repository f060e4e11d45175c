//! Arbitrary text into SQL mode's compiler. The oracles are in `oracle.rs`, shared with the
//! stable test that replays the seeds, every regression and (under `just fuzz`) the whole
//! corpus through DuckDB's own parser as well.

#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../oracle.rs"]
mod oracle;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = oracle::check(text);
    }
});
