#!/usr/bin/env bash
# Builds the Rust example engine's in-process fuzz target: Examples/engines/rust/fuzz/lib.rs
# as a static library with libFuzzer's coverage instrumentation, linked with
# fuzz_rwindows.c and WindowLab's oracle (scripts/oracle/link-flags.sh) into DIR/fuzz_rwindows.
# Arguments after DIR go to rustc (the planted bugs: --cfg 'bug="max-edge-in"').
#
#   scripts/in-process/rust-fuzz-target.sh DIR [RUSTC ARGUMENTS...]
#
# Environment: RUSTC (default rustc), CLANG (default clang), WINDOWLAB_ORACLE_BUILD (see
# link-flags.sh). Exit status 2 when something cannot be built (the compiler's words on
# standard error).
set -euo pipefail
cd "$(dirname "$0")/../.."
(($#)) || { echo "rust-fuzz-target.sh: DIR [RUSTC ARGUMENTS...]" >&2; exit 64; }
dir=$1; shift
command -v "${RUSTC:-rustc}" >/dev/null || export PATH="$PATH:$HOME/.cargo/bin"
flags=$(scripts/oracle/link-flags.sh) || exit 2
mkdir -p "$dir"
"${RUSTC:-rustc}" --edition 2021 -O --crate-type staticlib --crate-name rwindows_fuzz \
  -C passes=sancov-module -C llvm-args=-sanitizer-coverage-level=3 \
  -C llvm-args=-sanitizer-coverage-inline-8bit-counters -C llvm-args=-sanitizer-coverage-pc-table \
  -C llvm-args=-sanitizer-coverage-trace-compares "$@" \
  -o "$dir/librwindows_fuzz.a" Examples/engines/rust/fuzz/lib.rs || exit 2
# shellcheck disable=SC2086  # the flags are words
"${CLANG:-clang}" -fsanitize=fuzzer -O2 -o "$dir/fuzz_rwindows" Examples/engines/rust/fuzz/fuzz_rwindows.c \
  "$dir/librwindows_fuzz.a" $flags 2>"$dir/link.log" || { cat "$dir/link.log" >&2; exit 2; }
