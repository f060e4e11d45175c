//! Arbitrary summaries and receipts through the summary checker (`querycell::summary`). The
//! oracles are `oracle::check`, shared with the stable replay of the seeds and kept
//! regressions (`tests/all/serve/summary_check.rs`).

#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../oracle.rs"]
mod oracle;

fuzz_target!(|data: &[u8]| {
    oracle::check(data);
});
