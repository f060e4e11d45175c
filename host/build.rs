//! Builds the compiler guest as a WebAssembly component and hands its path to the host
//! crate, which embeds it (`include_bytes!`), so the `querycell` binary is self-contained.
//!
//! The guest is built by a nested cargo into its own target folder (`<target>/guest`) so it
//! never contends for the outer build's lock. `QUERYCELL_GUEST_WASM=<path>` skips the nested
//! build and embeds a component built some other way (see ../shared notes on the fallback
//! toolchain).

use std::path::{Path, PathBuf};

fn main() {
    println!("cargo:rerun-if-env-changed=QUERYCELL_GUEST_WASM");
    let manifest_dir = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap());
    let workspace = manifest_dir.parent().unwrap().to_path_buf();
    for watched in ["guest/src", "guest/Cargo.toml", "contract/src", "contract/Cargo.toml", "wit", "Cargo.lock"] {
        rerun_if_changed(&workspace.join(watched));
    }

    let wasm = match std::env::var_os("QUERYCELL_GUEST_WASM") {
        Some(path) => PathBuf::from(path),
        None => build_guest(&workspace),
    };
    if !wasm.is_file() {
        panic!("the guest component {} does not exist", wasm.display());
    }
    println!("cargo:rustc-env=QUERYCELL_GUEST_WASM_PATH={}", wasm.display());
}

fn build_guest(workspace: &Path) -> PathBuf {
    let out_dir = PathBuf::from(std::env::var("OUT_DIR").unwrap());
    build_component(workspace, "querycell-guest", &out_dir)
}

include!("build_support.rs");
