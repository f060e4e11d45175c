//! Builds the compiler guest as a WebAssembly component and hands its path to the host
//! crate, which embeds it (`include_bytes!`), so the `querycell` binary is self-contained.
//!
//! The guest is built by a nested cargo into its own target folder (`<target>/guest`) so it
//! never contends for the outer build's lock, for `wasm32-unknown-unknown`: a core module
//! that imports nothing, not even WASI, which this script wraps into a component with
//! wit-component. So the compiler the host runs has no way to ask the host for anything
//! (no clock, no random, no streams), and a call needs no WASI context.
//! The component lands beside the module as `querycell_guest.component.wasm`.
//! `QUERYCELL_GUEST_WASM=<path>` skips the nested build and embeds a component built some
//! other way (see ../shared notes on the fallback toolchain). The start of the component's
//! SHA-256 goes to the crate as `QUERYCELL_GUEST_DIGEST` (its compiled-code cache key).

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
    // The start of the component's SHA-256, which names its compiled-code cache entry, so
    // that a process need not hash the embedded megabytes each time it starts.
    use sha2::Digest;
    let digest = sha2::Sha256::digest(std::fs::read(&wasm).expect("reading the guest component"));
    let hex: String = digest[..16].iter().map(|byte| format!("{byte:02x}")).collect();
    println!("cargo:rustc-env=QUERYCELL_GUEST_DIGEST={hex}");
}

fn build_guest(workspace: &Path) -> PathBuf {
    let out_dir = PathBuf::from(std::env::var("OUT_DIR").unwrap());
    let module_path = build_wasm(workspace, "querycell-guest", "wasm32-unknown-unknown", &out_dir);
    let module = std::fs::read(&module_path).expect("reading the guest module");
    let component = wit_component::ComponentEncoder::default()
        .module(&module)
        .expect("the guest module carries its WIT (wit-bindgen's component-type section)")
        .validate(true)
        .encode()
        .expect("encoding the guest module as a component");
    // Written atomically: two host builds (other features, the fuzz package) may share the
    // guest's target folder.
    let path = module_path.with_file_name("querycell_guest.component.wasm");
    let staging = out_dir.join("querycell_guest.component.wasm.tmp");
    std::fs::write(&staging, component).expect("writing the guest component");
    if std::fs::rename(&staging, &path).is_err() {
        // OUT_DIR and the guest's target folder are on different file systems: embed the
        // copy in OUT_DIR instead.
        let local = out_dir.join("querycell_guest.component.wasm");
        std::fs::rename(&staging, &local).expect("keeping the guest component in OUT_DIR");
        return local;
    }
    path
}

include!("build_support.rs");
