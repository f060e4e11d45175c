//! Hostile guest components: one test per sandbox limit. Each hostile behaviour must end in a
//! typed error (never a host crash), and the next call on the same sandbox must succeed.

use std::time::{Duration, Instant};

use querycell::sandbox::{wit, Sandbox};
use querycell::{EnginePolicy, ErrorClass, Limits, SandboxEngine};
use querycell_tests::{component_from_core_wat, component_from_core_wat_and_wit, workspace};

/// A core module that misbehaves according to the first byte of the plan text:
/// `L` loops forever, `M` grows memory until refused, `U` traps, `S` recurses without end,
/// `K` traps if an earlier call's marker is in its memory or globals and then leaves one;
/// anything else (and `K` on a clean instance) returns a well-formed typed refusal with code
/// `empty_plan` (a code the compiler may refuse with: the host turns any other into a fault of
/// the component; `a_refusal_code_that_is_not_the_compilers_is_a_compiler_fault` swaps it).
pub(crate) const HOSTILE_CORE: &str = r#"
(module
  (memory (export "memory") 1)
  (global $bump (mut i32) (i32.const 4096))
  (global $seen (mut i32) (i32.const 0))
  (func (export "cabi_realloc") (param $old i32) (param $old_size i32) (param $align i32) (param $size i32) (result i32)
    (local $ptr i32) (local $end i32)
    (local.set $ptr (i32.and (i32.add (global.get $bump) (i32.sub (local.get $align) (i32.const 1)))
                             (i32.sub (i32.const 0) (local.get $align))))
    (local.set $end (i32.add (local.get $ptr) (local.get $size)))
    (if (i32.gt_u (local.get $end) (i32.mul (memory.size) (i32.const 65536)))
      (then
        (if (i32.eq (memory.grow (i32.add (i32.shr_u (i32.sub (local.get $end) (i32.mul (memory.size) (i32.const 65536))) (i32.const 16)) (i32.const 1)))
                    (i32.const -1))
          (then unreachable))))
    (global.set $bump (local.get $end))
    (local.get $ptr))
  (func $recurse (param i32) (result i32)
    (i32.add (call $recurse (i32.add (local.get 0) (i32.const 1))) (i32.const 1)))
  (data (i32.const 1024) "empty_planthe hostile guest answered$")
  (func (export "querycell:engine/compiler@0.9.0#compile-sql")
        (param $plan i32) (param $len i32) (param i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32) (result i32)
    (call $misbehave (local.get $plan)))
  (func (export "querycell:engine/compiler@0.9.0#compile-plan")
        (param $plan i32) (param $len i32) (param i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32) (result i32)
    (call $misbehave (local.get $plan)))
  (func $misbehave (param $plan i32) (result i32)
    (local $mode i32)
    (local.set $mode (i32.load8_u (local.get $plan)))
    (if (i32.eq (local.get $mode) (i32.const 76)) (then (loop $spin (br $spin))))
    (if (i32.eq (local.get $mode) (i32.const 77))
      (then (loop $grow (br_if $grow (i32.ne (memory.grow (i32.const 16)) (i32.const -1)))) unreachable))
    (if (i32.eq (local.get $mode) (i32.const 85)) (then unreachable))
    (if (i32.eq (local.get $mode) (i32.const 83)) (then (drop (call $recurse (i32.const 0)))))
    (if (i32.eq (local.get $mode) (i32.const 75))
      (then
        (if (i32.or (global.get $seen) (i32.load8_u (i32.const 3000))) (then unreachable))
        (global.set $seen (i32.const 1))
        (i32.store8 (i32.const 3000) (i32.const 42))))
    ;; result<compiled, compile-error>: discriminant 1 (err), then the record at offset 4.
    (i32.store8 (i32.const 2048) (i32.const 1))
    (i32.store (i32.const 2052) (i32.const 1024)) (i32.store (i32.const 2056) (i32.const 10))
    (i32.store (i32.const 2060) (i32.const 1034)) (i32.store (i32.const 2064) (i32.const 26))
    (i32.store (i32.const 2068) (i32.const 1060)) (i32.store (i32.const 2072) (i32.const 1))
    (i32.store8 (i32.const 2076) (i32.const 0))
    (i32.const 2048))
)
"#;

pub(crate) fn view() -> wit::CatalogView {
    wit::CatalogView {
        tables: vec![wit::Table {
            name: "incidents".into(),
            relation: Vec::new(),
            columns: vec![wit::Column {
                name: "team".into(),
                display_name: "Team".into(),
                sql_type: "VARCHAR".into(),
                kind: wit::ValueKind::Text,
            }],
            policy: None,
        }],
        limits: wit::RequestLimits { max_rows: 1000, max_in_list: 100, max_request_bytes: 65536 },
        today: 20527,
        relationships: Vec::new(),
        metrics: Vec::new(),
        dialect: wit::Dialect::Duckdb,
    }
}

fn hostile(limits: Limits) -> Sandbox {
    Sandbox::from_component_bytes(&component_from_core_wat(HOSTILE_CORE), limits, None)
        .expect("the hostile component loads")
}

/// The next call after a trap gets a fresh store and answers normally.
fn assert_next_call_succeeds(sandbox: &Sandbox) {
    let refusal = sandbox.compile_plan("ok", &view()).expect_err("the hostile guest always refuses");
    assert_eq!((refusal.code.as_str(), refusal.class), ("empty_plan", ErrorClass::Refused), "{refusal}");
    assert_eq!(refusal.message, "the hostile guest answered");
}

#[test]
fn a_well_behaved_call_returns_the_guests_typed_refusal() {
    assert_next_call_succeeds(&hostile(Limits::default()));
}

/// A refusal's code is text from an untrusted component. One that is not among the
/// compiler's codes (no code at all, or a host code: a limit, an internal fault) is a fault of
/// the component, `guest_code_unknown`: never passed on as the caller's refusal, never a
/// limit the compiler claims, never an exit status it chooses.
#[test]
fn a_refusal_code_that_is_not_the_compilers_is_a_compiler_fault() {
    // Each is as many bytes in the module as `empty_plan` (WAT's `\00` is one byte), so the
    // module's offsets stay right.
    for code in ["hostile_ok", "EMPTY_PLAN", "guest_busy", "mcp_failed", "empty_pla\\00"] {
        let core = HOSTILE_CORE.replace("\"empty_plan", &format!("\"{code}"));
        assert_ne!(core, HOSTILE_CORE);
        let sandbox = Sandbox::from_component_bytes(&component_from_core_wat(&core), Limits::default(), None)
            .expect("the component loads");
        let error = sandbox.compile_plan("ok", &view()).expect_err("the guest refuses");
        assert_eq!((error.code.as_str(), error.class), ("guest_code_unknown", ErrorClass::Internal), "{code}: {error}");
        assert!(error.message.contains("the hostile guest answered"), "{code}: {error}");
        assert!(error.hint.as_deref().unwrap_or_default().contains("bug in the compiler component"), "{code}: {error}");
    }
}

#[test]
fn an_endless_loop_is_stopped_by_the_epoch_deadline() {
    let sandbox =
        hostile(Limits { guest_fuel: u64::MAX / 2, guest_timeout: Duration::from_millis(200), ..Limits::default() });
    let started = Instant::now();
    let error = sandbox.compile_plan("L", &view()).expect_err("the loop never returns");
    let elapsed = started.elapsed();
    assert_eq!((error.code.as_str(), error.class), ("guest_timeout", ErrorClass::Limit), "{error}");
    // The deadline counts whole epoch ticks, and the first tick can come at once.
    let earliest = Duration::from_millis(200) - EnginePolicy::default().epoch_tick;
    assert!(elapsed >= earliest && elapsed < Duration::from_secs(5), "stopped after {elapsed:?}");
    assert_next_call_succeeds(&sandbox);
}

#[test]
fn burning_cpu_is_stopped_by_fuel() {
    let sandbox =
        hostile(Limits { guest_fuel: 20_000_000, guest_timeout: Duration::from_secs(120), ..Limits::default() });
    let (result, stats) = sandbox.compile_plan_measured("L", &view());
    let error = result.expect_err("the loop never returns");
    assert_eq!((error.code.as_str(), error.class), ("guest_fuel_exhausted", ErrorClass::Limit), "{error}");
    assert_eq!(stats.fuel_used, 20_000_000);
    assert!(stats.elapsed < Duration::from_secs(60), "fuel, not the deadline, stopped it: {:?}", stats.elapsed);
    assert_next_call_succeeds(&sandbox);
}

#[test]
fn growing_memory_past_the_cap_is_stopped() {
    let sandbox = hostile(Limits { guest_memory_bytes: 8 << 20, ..Limits::default() });
    let error = sandbox.compile_plan("M", &view()).expect_err("memory growth is capped");
    assert_eq!((error.code.as_str(), error.class), ("guest_memory", ErrorClass::Limit), "{error}");
    assert_next_call_succeeds(&sandbox);
}

#[test]
fn a_trap_is_a_guest_fault_not_a_crash() {
    let sandbox = hostile(Limits::default());
    let error = sandbox.compile_plan("U", &view()).expect_err("unreachable traps");
    assert_eq!((error.code.as_str(), error.class), ("guest_fault", ErrorClass::Internal), "{error}");
    assert_next_call_succeeds(&sandbox);
}

#[test]
fn unbounded_recursion_overflows_the_guest_stack_not_the_host() {
    let sandbox = hostile(Limits::default());
    let error = sandbox.compile_plan("S", &view()).expect_err("recursion overflows");
    assert_eq!(error.code, "guest_fault", "{error}");
    assert!(error.message.contains("stack"), "{error}");
    assert_next_call_succeeds(&sandbox);
}

#[test]
fn components_importing_anything_off_the_allowlist_are_refused() {
    for import in ["wasi:sockets/tcp@0.2.0", "wasi:http/outgoing-handler@0.2.0", "evil:host/exec"] {
        let component =
            wat::parse_str(format!(r#"(component (import "{import}" (instance)))"#)).expect("valid component");
        let error = Sandbox::from_component_bytes(&component, Limits::default(), None).err().expect("refused at load");
        assert_eq!(error.code, "guest_load_failed");
        assert!(error.message.contains(import), "{error}");
    }
}

#[test]
fn the_bundled_compiler_imports_nothing() {
    // Built for wasm32-unknown-unknown: no WASI, so not even a clock or a random source. A
    // WASI import creeping back in (a dependency that reads the time, a build for wasip2)
    // fails here.
    let sandbox = Sandbox::bundled(Limits::default()).expect("bundled guest loads");
    assert!(!sandbox.imports_anything(), "the bundled compiler component imports something");
    let malicious = querycell_tests::malicious_sandbox(Limits::default());
    assert!(
        malicious.imports_anything(),
        "the wasip2 fixture should import WASI, so the empty-context path stays tested"
    );
}

#[test]
fn the_real_compiler_is_metered_too() {
    let plan = r#"{"table": "incidents", "group_by": ["team"], "aggregations": [{"function": "count"}]}"#;
    let tiny = Sandbox::bundled(Limits { guest_fuel: 10_000, ..Limits::default() }).expect("bundled guest loads");
    let error = tiny.compile_plan(plan, &view()).expect_err("10k instructions are not enough");
    assert_eq!(error.code, "guest_fuel_exhausted", "{error}");

    let normal = Sandbox::bundled(Limits::default()).expect("bundled guest loads");
    let compiled = normal.compile_plan(plan, &view()).expect("compiles");
    assert!(compiled.main.sql.starts_with("SELECT \"team\", count(*)"), "{}", compiled.main.sql);
    // After a hostile guest trapped in the same engine, the real one still answers.
    let _ = hostile(Limits::default()).compile_plan("U", &view());
    assert!(normal.compile_plan(plan, &view()).is_ok());
}

#[test]
fn deeply_nested_json_is_refused_by_the_real_compiler_without_a_crash() {
    let sandbox = Sandbox::bundled(Limits::default()).expect("bundled guest loads");
    let deep = format!("{}{}", "[".repeat(30_000), "]".repeat(30_000));
    let error = sandbox.compile_plan(&deep, &view()).expect_err("refused");
    assert_eq!((error.code.as_str(), error.class), ("too_deeply_nested", ErrorClass::Refused), "{error}");
    let huge = format!("{{\"table\": \"{}\"}}", "x".repeat(70_000));
    let error = sandbox.compile_plan(&huge, &view()).expect_err("refused");
    assert_eq!(error.code, "request_too_large", "{error}");
}

fn hostile_on(engine: &SandboxEngine, limits: Limits) -> Sandbox {
    Sandbox::from_component_bytes_on(engine, &component_from_core_wat(HOSTILE_CORE), limits, None)
        .expect("the hostile component loads")
}

#[test]
fn nothing_a_call_leaves_in_memory_or_globals_reaches_the_next_one() {
    // One pool slot, so every call reuses the slot the previous one wrote into; and the
    // on-demand allocator for comparison.
    let pooled = SandboxEngine::new(EnginePolicy { pool_slots: Some(1), ..EnginePolicy::default() }).unwrap();
    let on_demand = SandboxEngine::new(EnginePolicy { pool_slots: None, ..EnginePolicy::default() }).unwrap();
    for engine in [&pooled, &on_demand] {
        let sandbox = hostile_on(engine, Limits::default());
        for call in 0..5 {
            let refusal = sandbox.compile_plan("K", &view()).expect_err("the hostile guest refuses");
            assert_eq!(
                refusal.code,
                "empty_plan",
                "call {call} saw an earlier call's marker (pool {:?}): {refusal}",
                engine.policy().pool_slots
            );
        }
    }
}

#[test]
fn a_full_pool_refuses_at_once_with_a_typed_error() {
    let engine = SandboxEngine::new(EnginePolicy { pool_slots: Some(1), ..EnginePolicy::default() }).unwrap();
    let sandbox = std::sync::Arc::new(hostile_on(
        &engine,
        Limits { guest_timeout: Duration::from_secs(5), guest_fuel: u64::MAX / 2, ..Limits::default() },
    ));
    let busy = std::sync::Arc::clone(&sandbox);
    // The looping call retries while the probing calls below hold the slot.
    let looping = std::thread::spawn(move || loop {
        let error = busy.compile_plan("L", &view()).expect_err("loops until the deadline");
        if error.code != "guest_busy" {
            return error;
        }
    });
    // Wait until the loop holds the only slot (the thread may start late on a busy
    // machine): from then on a second call must be refused, not queued.
    let started = Instant::now();
    let refused = loop {
        let error = sandbox.compile_plan("ok", &view()).expect_err("the hostile guest always refuses");
        if error.code == "guest_busy" {
            break error;
        }
        assert!(started.elapsed() < Duration::from_secs(4), "the pool never filled: {error}");
        std::thread::sleep(Duration::from_millis(10));
    };
    let refused_at = Instant::now();
    let again = sandbox.compile_plan("ok", &view()).expect_err("still busy");
    assert_eq!(again.code, "guest_busy", "{again}");
    assert!(refused_at.elapsed() < Duration::from_millis(500), "refused at once, not after waiting for the slot");
    assert_eq!(refused.class, ErrorClass::Limit, "{refused}");
    assert!(refused.hint.as_deref().unwrap_or_default().contains("pool_slots"), "{refused}");
    assert_eq!(looping.join().unwrap().code, "guest_timeout");
    assert_next_call_succeeds(&sandbox);
}

#[test]
fn without_fuel_the_epoch_deadline_still_stops_a_loop() {
    let engine = SandboxEngine::new(EnginePolicy { fuel: false, ..EnginePolicy::default() }).unwrap();
    let sandbox = hostile_on(&engine, Limits { guest_timeout: Duration::from_millis(200), ..Limits::default() });
    let (result, stats) = sandbox.compile_plan_measured("L", &view());
    assert_eq!(result.expect_err("loops").code, "guest_timeout");
    assert_eq!(stats.fuel_used, 0, "nothing is metered");
    assert_next_call_succeeds(&sandbox);
}

#[test]
fn a_memory_limit_larger_than_the_pool_slot_is_refused_when_loading() {
    let engine = SandboxEngine::new(EnginePolicy { max_memory_bytes: 16 << 20, ..EnginePolicy::default() }).unwrap();
    let error = Sandbox::from_component_bytes_on(
        &engine,
        &component_from_core_wat(HOSTILE_CORE),
        Limits { guest_memory_bytes: 32 << 20, ..Limits::default() },
        None,
    )
    .err()
    .expect("refused");
    assert_eq!(error.code, "sandbox_config_invalid", "{error}");
}

/// A compiler built against another version of the contract is refused at load, naming both
/// versions, rather than with wasmtime's "no exported instance" alone: an older compiler
/// would not read the policies the newer catalog view carries.
#[test]
fn a_compiler_of_another_contract_version_is_refused_by_name() {
    let current = querycell::sandbox::COMPILER_INTERFACE;
    let wit = std::fs::read_to_string(workspace().join("wit/compiler.wit")).unwrap();
    let version = current.split_once('@').unwrap().1;
    let old_wit = wit.replace(&format!("package querycell:engine@{version};"), "package querycell:engine@0.3.0;");
    assert_ne!(old_wit, wit);
    let old_core = HOSTILE_CORE.replace(&format!("compiler@{version}#"), "compiler@0.3.0#");
    let bytes = component_from_core_wat_and_wit(&old_core, &old_wit);
    let error =
        Sandbox::from_component_bytes(&bytes, Limits::default(), None).err().expect("another version is refused");
    assert_eq!(error.code, "guest_load_failed");
    assert!(
        error.message.contains(&format!("exports querycell:engine/compiler@0.3.0; this host speaks {current} only")),
        "{error}"
    );
    assert!(error.hint.as_deref().unwrap_or_default().contains("wit/compiler.wit"), "{error}");
}
