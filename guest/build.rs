//! Sizes the component's stack. A WebAssembly build of Rust keeps its stack in linear memory,
//! placed first so that running past its end reads below address 0 and traps; the toolchain's
//! default is 1 MiB.
//!
//! The compiler's walks over a statement's tree recurse, and sqlparser's own guard against
//! deep recursion (its `recursive-protection` feature) is left out of the component: it
//! cannot see where a WebAssembly stack ends, so it moved every compile onto a fresh stack
//! from the heap, growing the instance's memory by 2 MiB on every call. The depth guards
//! bound every walk instead (`src/sqlmode/lexical.rs` and the parser's recursion limit), and
//! this stack holds the deepest statement each admits:
//! `tests/all/fuzz/sandbox_boundary.rs` compiles each in the component.

/// Bytes of the component's stack. The deepest admitted statement (nested derived tables)
/// compiled on the default 1 MiB and overflowed 512 KiB, so this is at least twice what it
/// needs; pages it never touches cost an instance nothing.
const STACK_BYTES: usize = 2 << 20;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    if std::env::var("CARGO_CFG_TARGET_ARCH").as_deref() == Ok("wasm32") {
        println!("cargo:rustc-link-arg-cdylib=-zstack-size={STACK_BYTES}");
    }
}
