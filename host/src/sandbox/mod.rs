//! The WebAssembly sandbox the compiler guest runs in.
//!
//! Guests run on a [`SandboxEngine`] the embedder chose (pooled or on-demand instances,
//! fuel on or off, the epoch tick), or on [`SandboxEngine::shared`]. A component is
//! checked against an import allowlist,
//! precompiled once (cached on disk, keyed by its hash and the engine's compatibility hash)
//! and pre-linked (`QueryCompilerPre`). Every call then gets a fresh [`Store`] with its own
//! fuel, epoch deadline and memory limiter. The bundled compiler imports nothing, so its
//! store holds nothing else; a component that imports WASI (one a plugin host built for
//! `wasm32-wasip2`) also gets an empty WASI context: no preopened folders, no environment,
//! no arguments, no sockets, stdout/stderr into small in-memory pipes. A trap becomes a typed
//! [`Error`]; the next call starts clean.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use querycell_contract::text::clip;
use sha2::{Digest, Sha256};
use wasmtime::component::{Component, Linker, ResourceTable};
use wasmtime::{Engine, PoolConcurrencyLimitError, ResourceLimiter, Store, Trap};
use wasmtime_wasi::p2::pipe::MemoryOutputPipe;
use wasmtime_wasi::{WasiCtx, WasiCtxView, WasiView};

use crate::error::{Code, Error, ErrorClass, Result};
use crate::limits::Limits;
use crate::sandbox::engine::SandboxEngine;

pub mod cache;
pub mod engine;

/// What `bindgen!` generates from `wit/compiler.wit`. Its items carry no Rust docs of their
/// own: the WIT file documents them, and `wit` below is the public way in.
#[allow(missing_docs)]
mod bindings {
    wasmtime::component::bindgen!({
        path: "../wit",
        world: "query-compiler",
    });
}

/// The WIT types of the compiler interface, as the host sees them (documented in
/// `wit/compiler.wit`).
pub use bindings::exports::querycell::engine::compiler as wit;
use bindings::{QueryCompiler, QueryCompilerPre};

/// The compiler component built from `guest/`, embedded at build time.
pub const BUNDLED_GUEST: &[u8] = include_bytes!(env!("QUERYCELL_GUEST_WASM_PATH"));

/// The start of [`BUNDLED_GUEST`]'s SHA-256 in hex, as the compiled-code cache names it,
/// computed by the build script: hashing the component's megabytes on every start would
/// cost a short-lived process milliseconds.
const BUNDLED_GUEST_DIGEST: &str = env!("QUERYCELL_GUEST_DIGEST");

/// The interface, with the contract's version, a compiler component must export: the
/// package version of `wit/compiler.wit` (a test ties the two).
pub const COMPILER_INTERFACE: &str = "querycell:engine/compiler@0.9.0";

/// WASI interfaces a guest may import. The bundled compiler imports none of them (it is built
/// for `wasm32-unknown-unknown`); a component built for `wasm32-wasip2` gets them from
/// Rust's std even when unused, and with the empty context they can read nothing and reach
/// nothing. Anything else (sockets, http, custom host functions) makes the component
/// unloadable.
const ALLOWED_IMPORTS: &[&str] = &[
    "wasi:cli/environment",
    "wasi:cli/exit",
    "wasi:cli/stdin",
    "wasi:cli/stdout",
    "wasi:cli/stderr",
    "wasi:cli/terminal-input",
    "wasi:cli/terminal-output",
    "wasi:cli/terminal-stdin",
    "wasi:cli/terminal-stdout",
    "wasi:cli/terminal-stderr",
    "wasi:io/error",
    "wasi:io/poll",
    "wasi:io/streams",
    "wasi:clocks/wall-clock",
    "wasi:clocks/monotonic-clock",
    "wasi:random/random",
    "wasi:random/insecure",
    "wasi:random/insecure-seed",
    "wasi:filesystem/types",
    "wasi:filesystem/preopens",
];

/// Per-call store state: the memory limiter, and the empty WASI context when the component
/// imports WASI.
struct GuestState {
    limiter: GuestLimiter,
    wasi: Option<GuestWasi>,
}

/// The empty WASI context of one call, and the pipe its stderr goes to (quoted when the
/// guest traps).
struct GuestWasi {
    ctx: WasiCtx,
    table: ResourceTable,
    stderr: MemoryOutputPipe,
}

impl WasiView for GuestState {
    fn ctx(&mut self) -> WasiCtxView<'_> {
        // WASI is linked only for components that import it, and their stores always get a
        // context (`Sandbox::new_store`): no WASI function can be reached without one.
        let wasi = self.wasi.as_mut().expect("a component that imports WASI has a WASI context");
        WasiCtxView { ctx: &mut wasi.ctx, table: &mut wasi.table }
    }
}

/// Caps linear memory and table growth, and remembers whether it said no, so that the
/// resulting trap can be reported as `guest_memory`.
struct GuestLimiter {
    max_memory_bytes: usize,
    max_table_elements: usize,
    memory_refused: bool,
}

impl ResourceLimiter for GuestLimiter {
    fn memory_growing(&mut self, _current: usize, desired: usize, _maximum: Option<usize>) -> wasmtime::Result<bool> {
        if desired > self.max_memory_bytes {
            self.memory_refused = true;
            return Err(wasmtime::Error::msg(format!("guest memory limit of {} bytes reached", self.max_memory_bytes)));
        }
        Ok(true)
    }

    fn table_growing(&mut self, _current: usize, desired: usize, _maximum: Option<usize>) -> wasmtime::Result<bool> {
        Ok(desired <= self.max_table_elements)
    }

    fn instances(&self) -> usize {
        32
    }

    fn tables(&self) -> usize {
        16
    }

    fn memories(&self) -> usize {
        4
    }
}

/// What one guest call cost.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CallStats {
    /// Fuel the call burned (about one unit per instruction); 0 when the engine does not
    /// count fuel.
    pub fuel_used: u64,
    /// The whole call: store creation to store drop.
    pub elapsed: Duration,
    /// Where the time went, for the benchmark's split of sandbox overhead.
    pub phases: CallPhases,
}

/// The parts of one guest call.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct CallPhases {
    /// A new store with its fuel, deadline and limiter (and an empty WASI context, for a
    /// component that imports WASI).
    pub new_store: Duration,
    /// Instantiating the component in it (taking a pool slot, or mapping memory).
    pub instantiate: Duration,
    /// The export itself: the guest's own work, and lifting the result.
    pub export: Duration,
    /// Dropping the store (returning the slot, or unmapping memory).
    pub drop_store: Duration,
}

/// A loaded compiler component, ready to be called any number of times.
pub struct Sandbox {
    pre: QueryCompilerPre<GuestState>,
    engine: SandboxEngine,
    limits: Limits,
    /// Whether the component imports anything (only WASI passes [`check_imports`]), so its
    /// stores need a WASI context.
    imports_wasi: bool,
    /// [`component_digest`] of the component: which compiler wrote an answer's SQL.
    compiler_id: String,
}

impl Sandbox {
    /// The bundled compiler on the shared engine, precompiled through the on-disk cache
    /// when one is available.
    pub fn bundled(limits: Limits) -> Result<Self> {
        Self::bundled_on(SandboxEngine::shared(), limits)
    }

    /// The bundled compiler on an engine the embedder built.
    pub fn bundled_on(engine: &SandboxEngine, limits: Limits) -> Result<Self> {
        let source = ComponentSource { bytes: BUNDLED_GUEST, digest: Some(BUNDLED_GUEST_DIGEST) };
        Self::load(engine, source, limits, default_cache_dir().as_deref())
    }

    /// Load any component that exports the `querycell:engine/compiler` interface, on the
    /// shared engine.
    pub fn from_component_bytes(bytes: &[u8], limits: Limits, cache_dir: Option<&Path>) -> Result<Self> {
        Self::from_component_bytes_on(SandboxEngine::shared(), bytes, limits, cache_dir)
    }

    /// Load a component on an engine the embedder built.
    pub fn from_component_bytes_on(
        sandbox_engine: &SandboxEngine,
        bytes: &[u8],
        limits: Limits,
        cache_dir: Option<&Path>,
    ) -> Result<Self> {
        Self::load(sandbox_engine, ComponentSource { bytes, digest: None }, limits, cache_dir)
    }

    fn load(
        sandbox_engine: &SandboxEngine,
        source: ComponentSource<'_>,
        limits: Limits,
        cache_dir: Option<&Path>,
    ) -> Result<Self> {
        let policy = sandbox_engine.policy();
        if policy.pool_slots.is_some() && limits.guest_memory_bytes > policy.max_memory_bytes {
            return Err(Error::classed(
                ErrorClass::Refused,
                Code::SandboxConfigInvalid,
                format!(
                    "the guest memory limit ({} bytes) is larger than the engine's pool slots ({} bytes)",
                    limits.guest_memory_bytes, policy.max_memory_bytes
                ),
            )
            .hint("raise EnginePolicy::max_memory_bytes, or lower Limits::guest_memory_bytes"));
        }
        let engine = sandbox_engine.engine();
        // Hashed once: the compiled-code cache names its entry by the same digest.
        let compiler_id = source.digest.map_or_else(|| component_digest(source.bytes), str::to_string);
        let source = ComponentSource { bytes: source.bytes, digest: Some(&compiler_id) };
        let component = load_component(engine, source, cache_dir)?;
        check_imports(engine, &component)?;
        check_contract_version(engine, &component)?;
        let imports_wasi = component.component_type().imports(engine).next().is_some();
        let mut linker = Linker::<GuestState>::new(engine);
        if imports_wasi {
            wasmtime_wasi::p2::add_to_linker_sync(&mut linker)
                .map_err(|e| guest_load_error(format!("linking WASI: {e}")))?;
        }
        let instance_pre = linker.instantiate_pre(&component).map_err(|e| guest_load_error(format!("{e:#}")))?;
        let pre = QueryCompilerPre::new(instance_pre).map_err(|e| guest_load_error(format!("{e:#}")))?;
        Ok(Sandbox { pre, engine: sandbox_engine.clone(), limits, imports_wasi, compiler_id })
    }

    /// Whether the component imports anything. The bundled compiler does not: it cannot
    /// even read a clock.
    pub fn imports_anything(&self) -> bool {
        self.imports_wasi
    }

    /// The compiler component's id: the first 16 bytes of its SHA-256, in hex. A receipt
    /// names it, so verifying can tell an edited SQL from one another compiler wrote.
    pub fn compiler_id(&self) -> &str {
        &self.compiler_id
    }

    /// The limits every call runs under; a [`crate::QueryCell`] opened with this sandbox
    /// answers with them too.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// Compile a plan in a fresh store. A guest refusal is an [`ErrorClass::Refused`] error,
    /// or `guest_code_unknown` when its code is not one the compiler may refuse with.
    pub fn compile_plan(&self, plan_json: &str, view: &wit::CatalogView) -> Result<wit::Compiled> {
        self.compile_plan_measured(plan_json, view).0
    }

    /// [`Sandbox::compile_plan`], also reporting fuel and time used.
    pub fn compile_plan_measured(
        &self,
        plan_json: &str,
        view: &wit::CatalogView,
    ) -> (Result<wit::Compiled>, CallStats) {
        self.call(|compiler, store| compiler.querycell_engine_compiler().call_compile_plan(store, plan_json, view))
    }

    /// Compile one SQL statement in a fresh store (whether SQL mode is enabled is the
    /// caller's decision).
    pub fn compile_sql(&self, sql: &str, view: &wit::CatalogView) -> Result<wit::Compiled> {
        self.compile_sql_measured(sql, view).0
    }

    /// [`Sandbox::compile_sql`], also reporting fuel and time used.
    pub fn compile_sql_measured(&self, sql: &str, view: &wit::CatalogView) -> (Result<wit::Compiled>, CallStats) {
        self.call(|compiler, store| compiler.querycell_engine_compiler().call_compile_sql(store, sql, view))
    }

    /// Run one export in a new store with this sandbox's limits.
    fn call(
        &self,
        export: impl FnOnce(
            &QueryCompiler,
            &mut Store<GuestState>,
        ) -> wasmtime::Result<std::result::Result<wit::Compiled, wit::CompileError>>,
    ) -> (Result<wit::Compiled>, CallStats) {
        let started = Instant::now();
        let mut store = self.new_store();
        let stored = Instant::now();
        let instantiated = self.pre.instantiate(&mut store);
        let instantiated_at = Instant::now();
        let outcome = instantiated.and_then(|compiler| export(&compiler, &mut store));
        let exported_at = Instant::now();
        let result = match outcome {
            Ok(Ok(compiled)) => Ok(compiled),
            Ok(Err(refusal)) => Err(guest_refusal(refusal)),
            Err(trap) => Err(classify_failure(&trap, store.data(), &self.limits)),
        };
        let fuel_used = match store.get_fuel() {
            Ok(left) => self.limits.guest_fuel.saturating_sub(left),
            Err(_) => 0, // the engine does not meter fuel
        };
        let dropping = Instant::now();
        drop(store);
        let finished = Instant::now();
        let phases = CallPhases {
            new_store: stored - started,
            instantiate: instantiated_at - stored,
            export: exported_at - instantiated_at,
            drop_store: finished - dropping,
        };
        (result, CallStats { fuel_used, elapsed: finished - started, phases })
    }

    fn new_store(&self) -> Store<GuestState> {
        let state = GuestState {
            limiter: GuestLimiter {
                max_memory_bytes: self.limits.guest_memory_bytes,
                max_table_elements: 100_000,
                memory_refused: false,
            },
            wasi: self.imports_wasi.then(|| empty_wasi(&self.limits)),
        };
        let mut store = Store::new(self.pre.engine(), state);
        store.limiter(|state| &mut state.limiter);
        let policy = self.engine.policy();
        if policy.fuel {
            store.set_fuel(self.limits.guest_fuel).expect("fuel is enabled on the engine");
        }
        // Bounds what lifting the compiler's answer may copy into the host: a statement
        // larger than the host would run cannot even leave the sandbox.
        store.set_hostcall_fuel(self.limits.guest_output_lift_bytes());
        let ticks = self.limits.guest_timeout.as_nanos().div_ceil(policy.epoch_tick.as_nanos().max(1)).max(1) as u64;
        store.set_epoch_deadline(ticks);
        store.epoch_deadline_trap();
        store
    }
}

/// A WASI context that grants nothing: the builder's defaults are no preopens, no env, no
/// args, and network access is switched off explicitly on top.
fn empty_wasi(limits: &Limits) -> GuestWasi {
    let stdout = MemoryOutputPipe::new(limits.guest_output_bytes);
    let stderr = MemoryOutputPipe::new(limits.guest_output_bytes);
    let ctx = WasiCtx::builder()
        .stdout(stdout)
        .stderr(stderr.clone())
        .allow_tcp(false)
        .allow_udp(false)
        .allow_ip_name_lookup(false)
        .build();
    GuestWasi { ctx, table: ResourceTable::new(), stderr }
}

fn classify_failure(failure: &wasmtime::Error, state: &GuestState, limits: &Limits) -> Error {
    if failure.downcast_ref::<PoolConcurrencyLimitError>().is_some() {
        return Error::new(Code::GuestBusy, "every sandbox slot is in use by other calls; this one was not started")
            .hint("retry in a moment; the deployment's EnginePolicy::pool_slots sets how many compiles run at once");
    }
    // wasmtime's hostcall fuel ran out lifting the answer (its error type is private; its
    // message is the stable part).
    if format!("{failure:#}").contains("too much data is being copied between the host and the guest") {
        return Error::new(
            Code::GuestOutputTooLarge,
            format!(
                "the compiler's answer is larger than the {} bytes the host lifts out of the sandbox",
                limits.guest_output_lift_bytes()
            ),
        )
        .hint("the compiler returned more than the host will take; nothing was executed");
    }
    if state.limiter.memory_refused {
        return Error::new(
            Code::GuestMemory,
            format!(
                "the compiler needed more than its {} MiB of memory and was stopped",
                limits.guest_memory_bytes >> 20
            ),
        )
        .hint("simplify the request; a plan needs far less");
    }
    match failure.downcast_ref::<Trap>() {
        Some(Trap::OutOfFuel) => Error::new(
            Code::GuestFuelExhausted,
            format!("the compiler used its whole budget of {} instructions and was stopped", limits.guest_fuel),
        )
        .hint("simplify the request"),
        Some(Trap::Interrupt) => Error::new(
            Code::GuestTimeout,
            format!("the compiler ran past its {} ms deadline and was stopped", limits.guest_timeout.as_millis()),
        )
        .hint("simplify the request"),
        other => {
            let what = other.map(|t| t.to_string()).unwrap_or_else(|| format!("{failure:#}"));
            let stderr = state.wasi.as_ref().map(|wasi| wasi.stderr.contents()).unwrap_or_default();
            let said = String::from_utf8_lossy(&stderr[..stderr.len().min(600)]).trim().to_string();
            let message = if said.is_empty() {
                format!("the compiler failed: {what}")
            } else {
                format!("the compiler failed: {what}; it said: {said}")
            };
            Error::new(Code::GuestFault, message)
                .hint("this is a bug in the compiler component; the request was not run")
        }
    }
}

/// How much of a faulty compiler's code and message an error shows, in characters: enough to
/// find the bug, bounded because the text is the component's and could be megabytes.
const SHOWN_GUEST_TEXT_CHARS: usize = 200;

/// The compiler's refusal as the host's error. Its code is text from an untrusted component:
/// only a code the contract lets the compiler raise is passed on (a refusal, as the contract
/// declares every compiler code). Any other, a host code included, is a fault of the
/// component: it must not choose the caller's exit status or claim a limit stopped it.
fn guest_refusal(refusal: wit::CompileError) -> Error {
    match Code::from_text(&refusal.code).filter(|code| code.raised_by_compiler()) {
        Some(code) => Error { hint: refusal.hint, ..Error::new(code, refusal.message).at(refusal.path) },
        None => Error::new(
            Code::GuestCodeUnknown,
            format!(
                "the compiler refused with the code {:?}, which is not one of the compiler's codes; it said: {}",
                clip(&refusal.code, SHOWN_GUEST_TEXT_CHARS),
                clip(&refusal.message, SHOWN_GUEST_TEXT_CHARS)
            ),
        )
        .hint("this is a bug in the compiler component; the request was not run"),
    }
}

fn guest_load_error(message: String) -> Error {
    Error::new(Code::GuestLoadFailed, message)
}

/// Refuse, by name and version, a component built against another version of the contract
/// (wasmtime's own refusal names only the export it looked for). The contract's versions
/// change what the catalog view carries (0.4.0 added table policies, 0.5.0 the dialect, 0.6.0 relationships and metrics;
/// 0.7.0 the reading a SQL-mode statement is proved against, 0.8.0 the columns' roles, 0.9.0 relationship names), so an older compiler
/// cannot be answered through this host: it would ignore a policy it cannot read.
fn check_contract_version(engine: &Engine, component: &Component) -> Result<()> {
    let (package, _) = COMPILER_INTERFACE.split_once('@').expect("the interface name carries its version");
    let exported: Vec<String> = component.component_type().exports(engine).map(|(name, _)| name.to_string()).collect();
    if exported.iter().any(|name| name == COMPILER_INTERFACE) {
        return Ok(());
    }
    let other = exported.iter().find(|name| name.split('@').next() == Some(package));
    let message = match other {
        Some(name) => format!("the component exports {name}; this host speaks {COMPILER_INTERFACE} only"),
        None => format!("the component does not export {COMPILER_INTERFACE} (it exports: {})", exported.join(", ")),
    };
    Err(guest_load_error(message)
        .hint("build the compiler against this host's wit/compiler.wit (the bundled compiler always matches)"))
}

/// Refuse components that import anything outside [`ALLOWED_IMPORTS`].
fn check_imports(engine: &Engine, component: &Component) -> Result<()> {
    for (name, _) in component.component_type().imports(engine) {
        let unversioned = name.split('@').next().unwrap_or(name);
        if !ALLOWED_IMPORTS.contains(&unversioned) {
            return Err(guest_load_error(format!(
                "the component imports '{name}', which is not on the sandbox's allowlist"
            ))
            .hint("a compiler component may import only the WASI interfaces Rust's std needs"));
        }
    }
    Ok(())
}

/// Compile `bytes`, or reuse the machine code cached for them by an earlier run.
///
/// Deserializing machine code is only as safe as the cache folder: whoever can write there
/// chooses the code this process runs. So the folder is created owner-only (0700), entries
/// are written atomically, and a folder (or entry) that is not this user's own, or that
/// others may write, is not used at all: the component is compiled in memory instead.
fn load_component(engine: &Engine, source: ComponentSource<'_>, cache_dir: Option<&Path>) -> Result<Component> {
    let bytes = source.bytes;
    let compile =
        || Component::new(engine, bytes).map_err(|e| guest_load_error(format!("compiling the component: {e:#}")));
    let Some(dir) = cache_dir.filter(|dir| cache_dir_trusted(dir)) else { return compile() };
    let entry = dir.join(cache_key(engine, &source));
    if owned_and_private(&entry, false) {
        // SAFETY: the entry was written by `Component::serialize` for this engine's
        // compatibility hash (part of the file name) into the owner-only cache folder.
        if let Ok(component) = unsafe { Component::deserialize_file(engine, &entry) } {
            return Ok(component);
        }
    }
    let component = compile()?;
    if let Ok(serialized) = component.serialize() {
        // A cache that cannot be written only costs time on the next run.
        let _ = write_cache_entry(dir, &entry, &serialized);
    }
    Ok(component)
}

/// A cache folder may be used if it does not exist yet (it will be created 0700), or is a
/// real folder (not a link) owned by this user that no one else may write.
fn cache_dir_trusted(dir: &Path) -> bool {
    match std::fs::symlink_metadata(dir) {
        Err(e) => e.kind() == std::io::ErrorKind::NotFound,
        Ok(_) => owned_and_private(dir, true),
    }
}

/// `path` is a real folder (`folder`) or regular file, owned by this process's user, and
/// neither group nor others may write it.
fn owned_and_private(path: &Path, folder: bool) -> bool {
    use std::os::unix::fs::MetadataExt;
    let Ok(meta) = std::fs::symlink_metadata(path) else { return false };
    let kind_ok = if folder { meta.is_dir() } else { meta.is_file() };
    // SAFETY: geteuid has no preconditions and cannot fail.
    let me = unsafe { libc::geteuid() };
    kind_ok && meta.uid() == me && meta.mode() & 0o022 == 0
}

/// A component's bytes, and the start of their SHA-256 when it is already known.
#[derive(Clone, Copy)]
struct ComponentSource<'b> {
    bytes: &'b [u8],
    /// [`component_digest`] of `bytes`, computed ahead (the bundled compiler's, at build time).
    digest: Option<&'b str>,
}

/// The first 16 bytes of the SHA-256 of `bytes`, in hex: the component's part of its cache
/// entry's name (the build script computes the bundled compiler's the same way).
fn component_digest(bytes: &[u8]) -> String {
    hex::encode(&Sha256::digest(bytes)[..16])
}

fn cache_key(engine: &Engine, source: &ComponentSource<'_>) -> String {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    engine.precompile_compatibility_hash().hash(&mut hasher);
    let component = source.digest.map_or_else(|| component_digest(source.bytes), str::to_string);
    format!("{component}-{:016x}.cwasm", hasher.finish())
}

fn write_cache_entry(dir: &Path, entry: &Path, serialized: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    use std::os::unix::fs::DirBuilderExt;
    std::fs::DirBuilder::new().recursive(true).mode(0o700).create(dir)?;
    let mut temp = tempfile::NamedTempFile::new_in(dir)?;
    temp.write_all(serialized)?;
    temp.persist(entry).map_err(|e| e.error)?;
    Ok(())
}

/// `$QUERYCELL_CACHE_DIR`, else `$XDG_CACHE_HOME/querycell/components`, else
/// `~/.cache/querycell/components`.
pub fn default_cache_dir() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("QUERYCELL_CACHE_DIR") {
        return Some(PathBuf::from(dir));
    }
    let base = std::env::var_os("XDG_CACHE_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|home| PathBuf::from(home).join(".cache")))?;
    Some(base.join("querycell").join("components"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The build script's digest of the bundled compiler is the one the cache would compute:
    /// a stale or differently computed one would name another component's cache entry.
    #[test]
    fn the_bundled_digest_is_the_components_own() {
        assert_eq!(BUNDLED_GUEST_DIGEST, component_digest(BUNDLED_GUEST));
    }
}
