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
//!
//! With DuckDB (the `duckdb` feature), it also compiles `cpp/parse_tree.cpp`, which calls
//! DuckDB's parser and parse-tree serializer directly, `cpp/submit.cpp`, which runs a
//! statement the connection's parser split with its values, and `cpp/open.cpp`, which opens a
//! database as the query side needs (DuckDB's core functions only, paths used as given),
//! against the headers of the very sources libduckdb-sys compiled (`DEP_DUCKDB_INCLUDE`),
//! with the include folders its manifest lists and the same release/debug define, so both
//! sides agree on every layout.

use std::path::{Path, PathBuf};

fn main() {
    println!("cargo:rerun-if-env-changed=QUERYCELL_GUEST_WASM");
    let manifest_dir = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap());
    let workspace = manifest_dir.parent().unwrap().to_path_buf();
    for watched in [
        "Cargo.toml",
        "guest/src",
        "guest/build.rs",
        "guest/Cargo.toml",
        "contract/src",
        "contract/Cargo.toml",
        "wit",
        "Cargo.lock",
    ] {
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

    if std::env::var_os("CARGO_FEATURE_DUCKDB").is_some() {
        build_duckdb_shims(&manifest_dir);
        link_cxx_runtime_statically();
    }
    pack_relative_relocations();
}

/// `cpp/parse_tree.cpp`, `cpp/submit.cpp` and `cpp/open.cpp` as a static library linked into the crate
/// (DuckDB itself comes from libduckdb-sys, linked whole).
fn build_duckdb_shims(manifest_dir: &Path) {
    let sources = ["parse_tree.cpp", "submit.cpp", "open.cpp"].map(|file| manifest_dir.join("cpp").join(file));
    for source in &sources {
        println!("cargo:rerun-if-changed={}", source.display());
    }
    let include =
        PathBuf::from(std::env::var("DEP_DUCKDB_INCLUDE").expect("libduckdb-sys publishes its include folder"));
    // DEP_DUCKDB_INCLUDE is <sources>/duckdb/src/include.
    let duckdb_root = include.parent().and_then(Path::parent).expect("DuckDB's source folder").to_path_buf();
    let manifest: serde_json::Value = serde_json::from_slice(
        &std::fs::read(duckdb_root.join("manifest.json")).expect("reading DuckDB's source manifest"),
    )
    .expect("DuckDB's source manifest is JSON");
    let mut build = cc::Build::new();
    build.cpp(true).std("c++17").warnings(false).files(&sources);
    for sources in [&manifest["base"], &manifest["extensions"]["json"]] {
        for folder in sources["include_dirs"].as_array().expect("include_dirs").iter().filter_map(|f| f.as_str()) {
            build.include(duckdb_root.join(folder));
        }
    }
    // libduckdb-sys defines DEBUG when cargo says DEBUG, NDEBUG otherwise; DuckDB's headers
    // assume exactly one of them.
    let debug = std::env::var("DEBUG").is_ok_and(|v| v != "false" && v != "0");
    build.define(if debug { "DEBUG" } else { "NDEBUG" }, None);
    build.compile("querycell_duckdb_shims");
}

/// Link the C++ runtime (libstdc++) into the binaries instead of loading it at every start.
/// A CLI answer is one process start, and before `main` the dynamic loader mapped
/// libstdc++.so, ran its relocations and resolved most of the binary's symbol relocations
/// against it; after, every call DuckDB made into it went through the PLT. What linking it
/// in saves is measured in `docs/benchmarks.md`.
///
/// libduckdb-sys and the shims above ask for `-lstdc++`. The linker takes the first
/// `libstdc++.so` or `libstdc++.a` along its search path, so a folder holding only the
/// compiler's `libstdc++.a`, searched first, makes that request a static one without
/// rebuilding DuckDB. The GCC runtime library exception allows this. Where the compiler
/// has no static archive, the binaries load libstdc++.so as before, with a build warning;
/// `tests/all/repo/binary_start.rs` fails on such a build.
fn link_cxx_runtime_statically() {
    let target = |key: &str| std::env::var(key).unwrap_or_default();
    if target("CARGO_CFG_TARGET_OS") != "linux" || target("CARGO_CFG_TARGET_ENV") != "gnu" {
        return;
    }
    let compiler = cc::Build::new().cpp(true).get_compiler();
    let archive = compiler
        .to_command()
        .arg("-print-file-name=libstdc++.a")
        .output()
        .ok()
        .map(|output| PathBuf::from(String::from_utf8_lossy(&output.stdout).trim()))
        // The compiler echoes the bare name when it has no such file.
        .filter(|path| path.is_absolute() && path.is_file());
    let Some(archive) = archive else {
        println!("cargo:warning=the C++ compiler has no libstdc++.a: binaries load libstdc++.so at every start");
        return;
    };
    println!("cargo:rerun-if-changed={}", archive.display());
    let folder = PathBuf::from(std::env::var("OUT_DIR").unwrap()).join("static-cxx-runtime");
    std::fs::create_dir_all(&folder).expect("creating the static C++ runtime folder");
    let link = folder.join("libstdc++.a");
    let _ = std::fs::remove_file(&link);
    std::os::unix::fs::symlink(&archive, &link).expect("linking libstdc++.a into the search folder");
    println!("cargo:rustc-link-search=native={}", folder.display());
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
