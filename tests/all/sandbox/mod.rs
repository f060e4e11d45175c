//! The compiler guest's sandbox: hostile guest components (one test per sandbox limit), a
//! malicious compiler whose every output the host re-checks, the depth limits that hold
//! inside the guest, and the bundled component answering alike in a second component host
//! (jco on Node).

mod component_jco;
mod depth_limits;
// The hygiene tests build their hostile cache from its core module.
pub(crate) mod hostile_guests;
mod malicious_compiler;
