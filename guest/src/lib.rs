//! querycell's compiler: the only code that reads untrusted request text (plans and SQL).
//!
//! It is a plain library of pure functions (no I/O, no clock, no globals) so that it can be
//! unit-tested and fuzzed natively, and it is also built as a WebAssembly component
//! (`wasm32-unknown-unknown`, wrapped as a component) that the host runs in a sandbox. The component glue in
//! [`component`] only converts between the WIT types and [`model`].

#![deny(clippy::undocumented_unsafe_blocks)]

pub mod arena;
pub mod calendar;
pub mod compile;
pub mod error;
pub mod model;
pub mod plan;
pub mod policy;
pub mod sql;
pub mod sqlmode;
pub mod suggest;
pub mod values;

#[cfg(target_arch = "wasm32")]
mod component;

pub use compile::compile_plan;
pub use error::{Code, CompileError};
pub use model::{CatalogView, Compiled, Param, ValueKind};
pub use sqlmode::compile_sql;
