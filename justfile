# querycell tasks. One target folder outside the clone, shared by every checkout on this
# machine (DuckDB's C++ takes ~47 minutes to compile from zero; afterwards seconds).

set shell := ["bash", "-euo", "pipefail", "-c"]

export CARGO_TARGET_DIR := env_var_or_default("CARGO_TARGET_DIR", env_var("HOME") / ".cache/querycell/target")
querycell := CARGO_TARGET_DIR / "release/querycell"
demo_index := CARGO_TARGET_DIR / "demo-index"

# Build everything and answer a few questions over the bundled sample data.
default: demo

# Install what a fresh machine lacks (the WebAssembly target for the compiler guest).
setup:
    rustup target add wasm32-wasip2

# Build the compiler guest component, the querycell binary and the test crates (release).
# Always the whole workspace, so every recipe shares one feature set and nothing rebuilds.
build: setup
    cargo build --release --locked --workspace

# Ingest host/demo/data and answer the sample plans (a table, then a JSON receipt, then a refusal).
demo: build
    {{querycell}} ingest --index {{demo_index}} host/demo/data
    {{querycell}} query --index {{demo_index}} --plan host/demo/plans/p1-ack-by-team.json
    {{querycell}} query --index {{demo_index}} --plan host/demo/plans/incidents-per-month.json --format json
    {{querycell}} query --index {{demo_index}} --plan host/demo/plans/typo.json --format json || echo "(exit $? — refused as expected)"

# The whole test suite: guest unit tests, host unit tests, cross-crate tests against real DuckDB files.
test: build
    cargo test --release --locked --workspace

# Benchmarks: numbers and ratios measured side by side in one run.
bench: build
    cargo run --release --locked -p querycell-tests --bin bench
