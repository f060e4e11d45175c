// Building a workspace crate as a WebAssembly component from a build script, and linking
// its binaries alike. Included (`include!`) by host/build.rs for the compiler guest and by
// tests/build.rs for the malicious-compiler fixture, so the two cannot drift apart.

/// Build `package` for the WebAssembly `target` (profile `guest`, see Cargo.toml) with a
/// nested cargo into `<target>/guest`, its own target folder, so it never contends for the
/// outer build's lock, and return the path of the `.wasm` it wrote. `out_dir` is the
/// calling build script's OUT_DIR.
///
/// For `wasm32-wasip2` that file is already a component (rustup's linker makes one, with
/// the WASI imports Rust's std brings). For `wasm32-unknown-unknown` it is a core module
/// that imports nothing, carrying wit-bindgen's component-type section; the caller wraps it
/// into a component.
fn build_wasm(workspace: &std::path::Path, package: &str, target: &str, out_dir: &std::path::Path) -> std::path::PathBuf {
    // OUT_DIR is <target>/<profile>/build/<pkg>-<hash>/out.
    let target_dir = out_dir.ancestors().nth(4).expect("OUT_DIR has the usual depth").join("guest");
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let mut command = std::process::Command::new(cargo);
    command
        .current_dir(workspace)
        .args(["build", "--profile", "guest", "--locked", "-p", package, "--target", target, "--target-dir"])
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
    let status = command.status().expect("running cargo for a guest component");
    if !status.success() {
        panic!(
            "building the {package} component failed ({status}). Is the wasm target installed? \
             Run `rustup target add {target}` (or `just setup`)."
        );
    }
    target_dir.join(target).join("guest").join(format!("{}.wasm", package.replace('-', "_")))
}

/// Tell cargo to rerun the build script when `path`, or anything under it, changes.
fn rerun_if_changed(path: &std::path::Path) {
    println!("cargo:rerun-if-changed={}", path.display());
    if path.is_dir() {
        for entry in std::fs::read_dir(path).unwrap().flatten() {
            rerun_if_changed(&entry.path());
        }
    }
}

/// A CLI answer starts the binary twice (itself, then its query worker), and each start
/// the dynamic loader applies the binary's relative relocations, about a hundred thousand
/// (DuckDB's C++ is position-independent, like the binary): read from a 2.7 MB table, a
/// millisecond of every start. Packed as RELR (binutils 2.38, glibc 2.36) the table is a
/// few kilobytes. A linker that does not know the option warns and ignores it; GNU ld
/// records the need as the symbol version GLIBC_ABI_DT_RELR, so a C library too old to
/// unpack refuses to start the binary by name rather than running it half-relocated.
fn pack_relative_relocations() {
    let target = |key: &str| std::env::var(key).unwrap_or_default();
    if target("CARGO_CFG_TARGET_OS") == "linux" && target("CARGO_CFG_TARGET_ENV") == "gnu" {
        println!("cargo:rustc-link-arg-bins=-Wl,-z,pack-relative-relocs");
    }
}
