//! The wasmtime engine compiler guests run on, and the policy that shapes it.
//!
//! The embedder chooses the policy (the way Spin's `crates/core` lets its host choose
//! pooling and the epoch ticker) instead of a hidden process-wide default: a plugin host
//! can run querycell's guests in a pool sized for its own concurrency, next to its own
//! engines. [`SandboxEngine::shared`] is the default the CLI and [`crate::QueryCell`] use.
//!
//! Every call still gets a fresh instance (a new store, a new instantiation): pooling only
//! reuses the *memory slot* an instance lives in, which wasmtime resets (zeroes, or
//! returns to the kernel) before reuse, so nothing one call wrote is visible to the next.

use std::sync::{Arc, OnceLock};
use std::time::Duration;

use wasmtime::{Config, Enabled, Engine, InstanceAllocationStrategy, OptLevel, PoolingAllocationConfig};

use crate::error::{Code, Error, ErrorClass, Result};

/// How guests run: chosen once per engine by the embedder.
#[derive(Debug, Clone, PartialEq)]
pub struct EnginePolicy {
    /// Guest instances that may exist at once, each in a pre-reserved pool slot; `None`
    /// allocates every instance on demand (mmap per call, pages faulted in again). With a
    /// pool, a call beyond this many concurrent calls is refused with `guest_busy` at once,
    /// never queued: back-pressure the caller can see.
    pub pool_slots: Option<u32>,
    /// Largest linear memory one guest instance may grow to; sizes each pool slot. A
    /// sandbox whose `Limits::guest_memory_bytes` is larger is refused when it is created.
    pub max_memory_bytes: usize,
    /// Bytes at the start of each slot's linear memory that are zeroed with memset on
    /// reuse instead of being returned to the kernel, so the next call does not fault them
    /// in again. The guest's stack and data segments live here.
    pub keep_resident_bytes: usize,
    /// How often the epoch advances: the granularity of every guest's wall-clock deadline.
    pub epoch_tick: Duration,
    /// Count fuel (about one unit per WebAssembly instruction) in every guest call: a
    /// deterministic CPU budget on top of the epoch deadline. Off leaves only the deadline.
    pub fuel: bool,
}

impl Default for EnginePolicy {
    fn default() -> Self {
        EnginePolicy {
            pool_slots: Some(32),
            max_memory_bytes: 64 << 20,
            keep_resident_bytes: 2 << 20,
            epoch_tick: Duration::from_millis(5),
            fuel: true,
        }
    }
}

/// Core instances, memories and tables one compiler component may create: the Rust guest
/// (main module, WASI adapter, shims) needs far fewer; the hostile-guest tests check that
/// a component needing more is refused rather than let grow.
const CORE_INSTANCES_PER_COMPONENT: u32 = 16;
const MEMORIES_PER_COMPONENT: u32 = 4;
const TABLES_PER_COMPONENT: u32 = 16;

/// An engine and its epoch ticker. Cheap to clone; the ticker stops when the last clone
/// (and every sandbox loaded on it) is gone.
#[derive(Clone)]
pub struct SandboxEngine {
    inner: Arc<Inner>,
}

struct Inner {
    engine: Engine,
    policy: EnginePolicy,
}

impl SandboxEngine {
    /// Build an engine for `policy` and start its epoch ticker.
    pub fn new(policy: EnginePolicy) -> Result<SandboxEngine> {
        let mut config = Config::new();
        config.wasm_component_model(true);
        // Fuel: a per-call instruction budget (Store::set_fuel), deterministic.
        config.consume_fuel(policy.fuel);
        // Epochs: a per-call wall-clock deadline (Store::set_epoch_deadline).
        config.epoch_interruption(true);
        // Bounds the host stack a guest's recursion may use; overflow traps the call.
        config.max_wasm_stack(1 << 20);
        // Smaller machine code for the same speed in a loop: a compile inside an answer runs
        // after DuckDB's work has pushed the compiler's code out of the core's caches, so less
        // code to fetch again is time saved (about 20 µs of a first-sight SQL-mode answer;
        // docs/benchmarks.md). Part of the compiled-code cache's key, like every setting.
        config.cranelift_opt_level(OptLevel::SpeedAndSize);
        if let Some(slots) = policy.pool_slots {
            let mut pool = PoolingAllocationConfig::new();
            // Bounds concurrent guest calls; one more gets PoolConcurrencyLimitError.
            pool.total_component_instances(slots);
            pool.total_core_instances(slots * CORE_INSTANCES_PER_COMPONENT);
            pool.total_memories(slots * MEMORIES_PER_COMPONENT);
            pool.total_tables(slots * TABLES_PER_COMPONENT);
            pool.max_core_instances_per_component(CORE_INSTANCES_PER_COMPONENT);
            pool.max_memories_per_component(MEMORIES_PER_COMPONENT);
            pool.max_tables_per_component(TABLES_PER_COMPONENT);
            // Fiber stacks serve async calls only, and guests are called synchronously
            // (async support stays off), so none is reserved. Each reserved stack costs an
            // mprotect'd guard page as the pool is built: the default 1000 were the largest
            // part of building the engine, paid by every CLI run before its first compile.
            pool.total_stacks(0);
            // Bounds each linear memory: a slot is reserved for this much and no more.
            pool.max_memory_size(policy.max_memory_bytes);
            pool.linear_memory_keep_resident(policy.keep_resident_bytes);
            pool.table_keep_resident(64 << 10);
            // Resets only the pages a call dirtied, where the kernel can tell (Linux 6.7+).
            pool.pagemap_scan(Enabled::Auto);
            config.allocation_strategy(InstanceAllocationStrategy::Pooling(pool));
        }
        let engine = Engine::new(&config).map_err(|e| {
            Error::classed(
                ErrorClass::Internal,
                Code::SandboxConfigInvalid,
                format!("the sandbox engine cannot be built: {e:#}"),
            )
        })?;
        let ticker = engine.weak();
        let tick = policy.epoch_tick;
        std::thread::Builder::new()
            .name("querycell-epoch".into())
            .spawn(move || loop {
                std::thread::sleep(tick);
                match ticker.upgrade() {
                    Some(engine) => engine.increment_epoch(),
                    None => return,
                }
            })
            .map_err(|e| {
                Error::classed(
                    ErrorClass::Internal,
                    Code::SandboxConfigInvalid,
                    format!("the epoch ticker cannot start: {e}"),
                )
            })?;
        Ok(SandboxEngine { inner: Arc::new(Inner { engine, policy }) })
    }

    /// The process-wide engine with the default policy, built on first use.
    pub fn shared() -> &'static SandboxEngine {
        static SHARED: OnceLock<SandboxEngine> = OnceLock::new();
        SHARED.get_or_init(|| SandboxEngine::new(EnginePolicy::default()).expect("the default sandbox policy is valid"))
    }

    /// The policy this engine was built with.
    pub fn policy(&self) -> &EnginePolicy {
        &self.inner.policy
    }

    pub(crate) fn engine(&self) -> &Engine {
        &self.inner.engine
    }
}
