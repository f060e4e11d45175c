//! Builds the compiler guest as a WebAssembly component and hands its path to the host
//! crate, which embeds it (`include_bytes!`), so the `querycell` binary is self-contained.
//!
//! The guest is built by a nested cargo into its own target folder (`<target>/guest`) so it
//! never contends for the outer build's lock. `QUERYCELL_GUEST_WASM=<path>` skips the nested
//! build and embeds a component built some other way (see ../shared notes on the fallback
//! toolchain).

use std::path::{Path, PathBuf};
use std::process::Command;

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
    // OUT_DIR is <target>/<profile>/build/<pkg>-<hash>/out.
    let target_dir = out_dir.ancestors().nth(4).expect("OUT_DIR has the usual depth").join("guest");
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let mut command = Command::new(cargo);
    command
        .current_dir(workspace)
        .args(["build", "--release", "--locked", "-p", "querycell-guest", "--target", "wasm32-wasip2", "--target-dir"])
        .arg(&target_dir);
    // The outer build's settings (target, flags, jobserver, profile) must not leak into
    // the nested one.
    for (key, _) in std::env::vars_os() {
        let key = key.to_string_lossy();
        let leaks = (key.starts_with("CARGO_") && key != "CARGO_HOME" && !key.starts_with("CARGO_NET_") && !key.starts_with("CARGO_REGISTRIES_"))
            || key.starts_with("__CARGO")
            || matches!(key.as_ref(), "RUSTFLAGS" | "RUSTC" | "RUSTC_WRAPPER" | "RUSTC_WORKSPACE_WRAPPER" | "RUSTDOC" | "TARGET" | "HOST" | "PROFILE" | "OUT_DIR" | "DEBUG" | "OPT_LEVEL" | "NUM_JOBS");
        if leaks {
            command.env_remove(key.as_ref());
        }
    }
    let status = command.status().expect("running cargo for the guest");
    if !status.success() {
        panic!(
            "building the guest component failed ({status}). Is the wasm target installed? \
             Run `rustup target add wasm32-wasip2` (or `just setup`)."
        );
    }
    target_dir.join("wasm32-wasip2/release/querycell_guest.wasm")
}

fn rerun_if_changed(path: &Path) {
    println!("cargo:rerun-if-changed={}", path.display());
    if path.is_dir() {
        for entry in std::fs::read_dir(path).unwrap().flatten() {
            rerun_if_changed(&entry.path());
        }
    }
}
