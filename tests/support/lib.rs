//! Helpers shared by the cross-crate tests: locating the built `querycell` binary, writing
//! fixture files and indexes, fingerprinting an index folder, building hostile guest
//! components, the malicious fixture compiler and compiler output to hand the executor, and
//! reading the fuzz targets' kept inputs; [`spark`], the Spark servers and their setup;
//! [`differential`], the differential fuzz target's oracle; [`oauth`], a test authorization
//! server and a raw HTTP client for the MCP server's access-token checks.

pub mod differential;
pub mod json_schema;
pub mod listening;
pub mod oauth;
pub mod spark;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use querycell::sandbox::wit;

/// The workspace root: the checkout cargo runs the tests from. Not only the path compiled
/// in: one target folder serves every checkout on a machine (the justfile's), and cargo
/// reuses a test built from another checkout when these sources are older than it, so the
/// compiled-in path can name that other checkout, or one that no longer exists.
pub fn workspace() -> PathBuf {
    let manifest = std::env::var_os("CARGO_MANIFEST_DIR").unwrap_or_else(|| env!("CARGO_MANIFEST_DIR").into());
    PathBuf::from(manifest).parent().expect("tests/ sits in the workspace").to_path_buf()
}

/// The `querycell` binary of the same build as this test (`<target>/<profile>/querycell`,
/// next to a binary such as the bench, or one folder up from a test in `deps/`), or
/// `$QUERYCELL_BIN`.
pub fn querycell_bin() -> PathBuf {
    if let Some(path) = std::env::var_os("QUERYCELL_BIN") {
        return PathBuf::from(path);
    }
    let exe = std::env::current_exe().expect("executable path");
    let folder = exe.parent().expect("an executable is in a folder");
    let profile_dir = if folder.ends_with("deps") { folder.parent().expect("<target>/<profile>/deps") } else { folder };
    let bin = profile_dir.join("querycell");
    assert!(
        bin.is_file(),
        "{} is missing: build it first (`just test` does: cargo build --release -p querycell)",
        bin.display()
    );
    bin
}

/// A `QueryCell` over `index` that answers SQL mode: its queries run in query workers (this
/// build's `querycell worker`), since DuckDB reads a caller's SQL only there (the reading
/// proof, docs/sql-mode.md), with SQL mode enabled.
pub fn sql_cell(index: &Path, limits: querycell::Limits) -> querycell::QueryCell {
    let sandbox = querycell::sandbox::Sandbox::bundled(limits).expect("the bundled compiler loads");
    let workers = querycell::QueryIsolation::Workers(querycell::WorkerPolicy::new(querycell_bin()));
    querycell::QueryCell::builder(index)
        .sandbox(sandbox)
        .isolation(workers)
        .open()
        .expect("the index opens")
        .with_sql_enabled(true)
}

/// Run `querycell` with `args`.
pub fn querycell(args: &[&str]) -> Output {
    Command::new(querycell_bin()).args(args).output().expect("running querycell")
}

/// Run `querycell` with `args` and `stdin` as standard input.
pub fn querycell_with_stdin(args: &[impl AsRef<std::ffi::OsStr>], stdin: &str) -> Output {
    use std::io::Write;
    let mut child = Command::new(querycell_bin())
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("running querycell");
    child.stdin.take().expect("stdin").write_all(stdin.as_bytes()).expect("writing stdin");
    child.wait_with_output().expect("waiting for querycell")
}

pub fn stdout_json(output: &Output) -> serde_json::Value {
    serde_json::from_slice(&output.stdout).unwrap_or_else(|e| {
        panic!(
            "stdout is not JSON ({e}):\n{}\nstderr:\n{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        )
    })
}

pub fn write_file(dir: &Path, name: &str, contents: &str) -> PathBuf {
    let path = dir.join(name);
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).expect("creating fixture folder");
    }
    std::fs::write(&path, contents).expect("writing fixture");
    path
}

/// Ingest `csv` as the table `name` into `dir/index` with the binary (again, when it is
/// there: the same folder, a new version); the index's path.
pub fn ingest_table(dir: &Path, name: &str, csv: &str) -> String {
    let data = write_file(dir, &format!("data/{name}.csv"), csv);
    let index = dir.join("index");
    let output = querycell(&["ingest", "--index", index.to_str().unwrap(), data.to_str().unwrap()]);
    assert!(output.status.success(), "ingest failed: {}", String::from_utf8_lossy(&output.stderr));
    index.to_str().unwrap().to_string()
}

/// A small incidents table as a CSV: four incidents of two teams.
pub const INCIDENTS_CSV: &str = "incident_id,team,severity,ack_minutes\nI-101,Platform,P1,10\nI-102,Platform,P1,20\nI-103,Payments,P1,12\nI-104,Payments,P2,90\n";

/// [`INCIDENTS_CSV`] as `dir/data/incidents.csv`, ingested through the library into
/// `dir/index`; the index's path.
pub fn incidents_index(dir: &Path) -> PathBuf {
    let csv = write_file(dir, "data/incidents.csv", INCIDENTS_CSV);
    let index = dir.join("index");
    querycell::ingest::ingest(&index, &[csv]).expect("ingest");
    index
}

/// The rows of DuckDB's `select` written to `path` as a Parquet file (its folder made if
/// missing) by an in-memory DuckDB, as an exporting tool would write them.
pub fn write_parquet(path: &Path, select: &str) {
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).expect("creating fixture folder");
    }
    let maker = querycell::testing::Database::in_memory(&[]).expect("in-memory DuckDB");
    maker.execute_batch(&format!("COPY ({select}) TO '{}' (FORMAT parquet)", path.display())).expect("writing Parquet");
}

/// Every file under `dir` with its full contents, to prove nothing changed.
pub fn snapshot_folder(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    let mut files = BTreeMap::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(folder) = pending.pop() {
        for entry in std::fs::read_dir(&folder).expect("listing folder") {
            let path = entry.expect("folder entry").path();
            if path.is_dir() {
                pending.push(path);
            } else {
                files
                    .insert(path.strip_prefix(dir).unwrap().to_path_buf(), std::fs::read(&path).expect("reading file"));
            }
        }
    }
    files
}

/// A component exporting querycell's compiler interface whose implementation is the core
/// module `core_wat`. The module must export `memory`, `cabi_realloc` and
/// `querycell:engine/compiler@0.9.0#compile-plan` and `#compile-sql` with the canonical ABI's flat signature
/// `(param i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32) (result i32)` (the text, then the catalog view:
/// tables, three limits, today, dialect, relationships, metrics); wit-component wraps it in the WIT
/// contract's types, exactly as it does for the real guest.
pub fn component_from_core_wat(core_wat: &str) -> Vec<u8> {
    let wit = std::fs::read_to_string(workspace().join("wit/compiler.wit")).expect("reading the WIT contract");
    component_from_core_wat_and_wit(core_wat, &wit)
}

/// [`component_from_core_wat`] against the contract text `wit` (another version of it, say).
pub fn component_from_core_wat_and_wit(core_wat: &str, wit: &str) -> Vec<u8> {
    let mut module = wat::parse_str(core_wat).expect("hostile core module is valid WAT");
    let mut resolve = wit_parser::Resolve::default();
    let package = resolve.push_str("compiler.wit", wit).expect("the WIT contract parses");
    let world = resolve.select_world(&[package], Some("query-compiler")).expect("the world exists");
    wit_component::embed_component_metadata(&mut module, &resolve, world, wit_component::StringEncoding::UTF8)
        .expect("embedding the WIT");
    wit_component::ComponentEncoder::default()
        .module(&module)
        .expect("core module accepted")
        .validate(true)
        .encode()
        .expect("component encodes")
}

/// The malicious fixture compiler (`tests/malicious-guest`, built by tests/build.rs): it
/// exports the real compiler's WIT world and returns whatever output the request describes.
pub const MALICIOUS_GUEST: &[u8] = include_bytes!(env!("QUERYCELL_MALICIOUS_GUEST_WASM_PATH"));

/// A sandbox running [`MALICIOUS_GUEST`] under `limits`, with no compile cache.
pub fn malicious_sandbox(limits: querycell::Limits) -> querycell::sandbox::Sandbox {
    querycell::sandbox::Sandbox::from_component_bytes(MALICIOUS_GUEST, limits, None)
        .expect("the malicious fixture loads")
}

/// What a compiler might return, as the executor takes it: `main` and its `count` query,
/// `columns`, the row cap `limit`, and nothing else (no counts carried, null probe, order,
/// explanation, warnings, resolved dates or reading).
pub fn compiled(main: wit::Query, count: wit::Query, columns: Vec<wit::OutputColumn>, limit: u32) -> wit::Compiled {
    wit::Compiled {
        main,
        count,
        main_counts: Vec::new(),
        null_probe: None,
        columns,
        order: Vec::new(),
        limit,
        explanation: String::new(),
        warnings: Vec::new(),
        resolved_dates: Vec::new(),
        reading: Vec::new(),
    }
}

/// `count` output columns `c0`, `c1`, …, of no known kind, each an expression.
pub fn expression_columns(count: usize) -> Vec<wit::OutputColumn> {
    (0..count)
        .map(|i| wit::OutputColumn {
            name: format!("c{i}"),
            kind: wit::ValueKind::Other,
            role: wit::ColumnRole::Expression,
        })
        .collect()
}

/// The inputs a fuzz folder keeps (seeds, regressions, a run's corpus): its files, sorted,
/// not dotfiles (a `.gitkeep` keeps an empty folder in git and is no input); none when the
/// folder is missing.
pub fn fuzz_inputs(folder: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(folder) else { return Vec::new() };
    let mut files: Vec<PathBuf> = entries
        .flatten()
        .filter(|e| !e.file_name().to_string_lossy().starts_with('.'))
        .map(|e| e.path())
        .filter(|p| p.is_file())
        .collect();
    files.sort();
    files
}

/// The inputs of the corpus folder the environment variable `var` names, when it is set
/// (`just fuzz` sets it after a run): relative to the workspace, where `just fuzz` names it,
/// not to tests/, where cargo runs the tests. A folder named but holding no inputs fails.
pub fn fuzz_corpus(var: &str) -> Vec<PathBuf> {
    let Some(corpus) = std::env::var_os(var) else { return Vec::new() };
    let corpus = workspace().join(corpus);
    let found = fuzz_inputs(&corpus);
    assert!(!found.is_empty(), "{var} names {}, which holds no inputs", corpus.display());
    found
}
