//! Compiles Spark Connect's .proto files (proto/spark/connect, vendored with the crate) into
//! Rust with protox and tonic-prost-build. Nothing outside this crate is read: the
//! `google/protobuf/*.proto` imports resolve to the copies protox compiles in, so the build
//! needs no `protoc` and no system include folder.

use std::path::PathBuf;

const PROTOS: [&str; 10] =
    ["base", "catalog", "commands", "common", "expressions", "ml", "ml_common", "pipelines", "relations", "types"];

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // Read when the script runs, not when it was compiled: cargo reuses a compiled build
    // script across checkouts that share a target folder, and `env!` would keep the first
    // checkout's path (a clean clone's, long deleted).
    let proto_root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR")?).join("proto");
    let protos: Vec<PathBuf> =
        PROTOS.iter().map(|name| proto_root.join("spark").join("connect").join(format!("{name}.proto"))).collect();
    for proto in &protos {
        println!("cargo:rerun-if-changed={}", proto.display());
    }
    let descriptors = protox::compile(&protos, [&proto_root])?;
    tonic_prost_build::configure().build_server(false).build_client(true).bytes(".").compile_fds(descriptors)?;
    Ok(())
}
