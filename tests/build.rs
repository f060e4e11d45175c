//! Builds the malicious-compiler fixture (`tests/malicious-guest`) as a WebAssembly
//! component, the same way host/build.rs builds the real compiler, and hands its path to
//! the tests as `QUERYCELL_MALICIOUS_GUEST_WASM_PATH`.

use std::path::PathBuf;

include!("../host/build_support.rs");

fn main() {
    let manifest_dir = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap());
    let workspace = manifest_dir.parent().unwrap().to_path_buf();
    for watched in ["tests/malicious-guest/src", "tests/malicious-guest/Cargo.toml", "wit", "Cargo.lock"] {
        rerun_if_changed(&workspace.join(watched));
    }
    let out_dir = PathBuf::from(std::env::var("OUT_DIR").unwrap());
    // Built for wasm32-wasip2 on purpose: this fixture is the component that imports WASI,
    // so the tests cover the empty WASI context a third-party component gets.
    let wasm = build_wasm(&workspace, "querycell-malicious-guest", "wasm32-wasip2", &out_dir);
    println!("cargo:rustc-env=QUERYCELL_MALICIOUS_GUEST_WASM_PATH={}", wasm.display());
    // The bench's plain open-and-query process is linked as the querycell binary is.
    pack_relative_relocations();
}
