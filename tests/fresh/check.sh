#!/usr/bin/env bash
# The newcomer's first command on a fresh machine, checked: a clean clone of this checkout's
# HEAD is built from nothing and the demo is run, with
#   - an empty cargo home (every crate downloaded from the registry) and an empty target folder;
#   - no protoc: PATH keeps no folder that holds one, and PROTOC and PATH's first `protoc` are a
#     tripwire that records its call and fails, so a build step that runs a protoc fails;
#   - under strace where it is installed, every .proto file any build step opens is listed, and
#     one outside the new cargo home or the clone fails the check.
# It prints the wall and CPU (user + system) minutes of the build and of the demo.
#
#   tests/fresh/check.sh [--cargo-home DIR] [--target DIR]
# DIR must be empty or absent; both default to folders under a new temporary folder, which the
# check leaves for a look afterwards. Run by `just fresh-check`; takes about an hour on 2 cores.
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d /tmp/querycell-fresh.XXXXXX)
cargo_home="$work/cargo-home" target="$work/target"
while [ $# -gt 0 ]; do
  case "$1" in
    --cargo-home) cargo_home=$2; shift 2 ;;
    --target) target=$2; shift 2 ;;
    *) echo "usage: $0 [--cargo-home DIR] [--target DIR]" >&2; exit 2 ;;
  esac
done
# A cargo home may hold rustup's proxies (bin/, env) and nothing else.
for dir in "$cargo_home" "$target"; do
  if [ -e "$dir" ] && [ -n "$(ls -A "$dir" | grep -vxE 'bin|env' || true)" ]; then
    echo "$dir is not empty: a fresh check starts from nothing" >&2; exit 2
  fi
  mkdir -p "$dir"
done

mkdir -p "$work/bin"
cat > "$work/bin/protoc" <<TRIP
#!/bin/sh
echo "protoc \$*" >> "$work/protoc-was-run"
exit 1
TRIP
chmod +x "$work/bin/protoc"
clean_path="$work/bin"
IFS=: read -r -a folders <<< "$PATH"
for folder in "${folders[@]}"; do
  [ -n "$folder" ] && [ ! -e "$folder/protoc" ] && clean_path="$clean_path:$folder"
done
export PATH="$clean_path" PROTOC="$work/bin/protoc" CARGO_HOME="$cargo_home" CARGO_TARGET_DIR="$target"
unset PROTOC_INCLUDE

git clone -q "$repo" "$work/src"
cd "$work/src"
echo "fresh check in $work: $(git log -1 --format='%h %s' | cut -c1-100)" >&2
trace=()
if command -v strace >/dev/null 2>&1; then
  trace=(strace -f -qq -e trace=open,openat -e signal=none -o "|grep --line-buffered -F .proto > $work/proto-opens")
else
  echo "(no strace here: the .proto files the build opens are not listed; the protoc tripwire still holds)" >&2
fi
timed() { # label command...
  local label=$1; shift
  /usr/bin/time -f "%e %U %S" -o "$work/time-$label" "$@"
  read -r wall user sys < "$work/time-$label"
  python3 -c "print(f'fresh check, $label: wall {$wall/60:.1f} min, CPU {($user+$sys)/60:.1f} min (user + system)')" | tee -a "$work/figures"
}
rustup target add wasm32-unknown-unknown wasm32-wasip2 >/dev/null
# The newcomer has `just`; where this machine does not, it is installed beside the tripwire,
# outside the timed build.
command -v just >/dev/null || CARGO_HOME="$work/tools-home" cargo install just --locked --quiet --root "$work/tools" && export PATH="$PATH:$work/tools/bin"
timed build "${trace[@]}" cargo build --release --locked --workspace --all-targets
timed demo just demo

status=0
if [ -e "$work/protoc-was-run" ]; then
  echo "FAILED: the build ran protoc:" >&2; cat "$work/protoc-was-run" >&2; status=1
fi
if [ -e "$work/proto-opens" ]; then
  outside=$(grep -oE '"[^"]*\.proto"' "$work/proto-opens" | tr -d '"' | grep -vE "^($cargo_home|$work/src)/" | sort -u || true)
  if [ -n "$outside" ]; then
    echo "FAILED: the build read .proto files outside the cargo home and the checkout:" >&2; echo "$outside" >&2; status=1
  else
    echo "fresh check: $(grep -oE '"[^"]*\.proto"' "$work/proto-opens" | sort -u | wc -l) .proto files read, all inside the cargo home or the checkout; no protoc run" | tee -a "$work/figures"
  fi
fi
[ "$status" = 0 ] && echo "fresh check passed ($work/figures)" >&2
exit "$status"
