//! Arbitrary requests through the real sandbox: the compiler
//! component, loaded by the host's own `Sandbox` (built without DuckDB), compared with the
//! same compiler run natively. The oracles are `boundary::check`, shared with the stable
//! replay of the seeds and kept regressions.

#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../../oracle.rs"]
mod oracle;

#[path = "../boundary.rs"]
mod boundary;

fuzz_target!(|data: &[u8]| {
    // The native side is built by nightly here and the component by stable: see
    // `boundary`'s note on Unicode tables.
    boundary::check(data, &oracle::view(), false);
});
