//! The fuzz targets on stable (`fuzz/`, docs/fuzzing.md): their seeds, every input they ever
//! found (kept forever in `fuzz/regressions/`), a run's corpus when `just fuzz` names one,
//! and fixed pseudo-random inputs, each through the target's own oracles plus the ones the
//! fuzz build cannot link: DuckDB's parse tree, the differential oracle, the native compiler
//! beside the component.

mod differential_replay;
mod fuzz_regressions;
mod sandbox_boundary;
