#!/usr/bin/env bash
# The Rust and Swift example engines fuzzed in process, as their READMEs build them:
# a short clean run from the bundled corpus must not crash, and a build with one planted
# bug must crash with a scenario that passes on the reference and shows the bug.
#
#   scripts/in-process/examples.sh --engine rust|swift [--time 30] [--bug-time 60] [--seed 1] [--work DIR]
#                                  [--no-served]
#
# rust (Examples/engines/rust/fuzz): the bug is `max-edge-in`; its scenario must diverge
#   on rwindows built with it, through `windowlab run --engine exec:` (exit 1).
# swift (Examples/engines/swift): the bug is SWINDOWS_BUGS=oldest-successor (switched on at
#   run time in the same build); the crash input must crash the buggy run again (the oracle is deterministic), and the scenario must pass on
#   the clean swindows served over the protocol (so what differed is the bug), which also
#   runs every example scenario. --no-served leaves the served swindows out (one release
#   build of WindowLab fewer: CI's time).
# Environment: WINDOWLAB (default .build/release/windowlab), WINDOWLAB_ORACLE_BUILD, CLANG,
# RUSTC. Exit status 0 when all holds, 1 when not, 2 when something cannot be built.
set -euo pipefail
cd "$(dirname "$0")/../.."
engine="" time=30 bug_time=60 seed=1 work="" served_build=1
while (($#)); do
  case "$1" in
    --engine) engine=$2; shift 2 ;;
    --time) time=$2; shift 2 ;;
    --bug-time) bug_time=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    --work) work=$2; shift 2 ;;
    --no-served) served_build=0; shift ;;
    -h|--help) sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "examples.sh: unknown argument '$1' (see --help)" >&2; exit 64 ;;
  esac
done
windowlab=$(realpath -m "${WINDOWLAB:-.build/release/windowlab}")
[[ -x $windowlab ]] || { echo "examples.sh: no windowlab at $windowlab (set WINDOWLAB)" >&2; exit 2; }
work=$(realpath -m "${work:-.build-in-process/$engine}")
rm -rf "$work" && mkdir -p "$work/seeds" "$work/clean" "$work/bug/findings"
for pack in corpus/*.wlpack; do "$windowlab" corpus unpack "$pack" -o "$work/seeds" >/dev/null; done

# fuzz DIR BINARY SECONDS [NAME=VALUE...]: runs BINARY from the seeds, with the
# environment given; its status.
fuzz() {
  mkdir -p "$1/corpus"
  set +e
  (cd "$1" && env "${@:4}" SWIFT_BACKTRACE=enable=no WINDOWLAB_FUZZ_FINDINGS="$1/findings" "$2" -max_total_time="$3" -seed="$seed" \
    -artifact_prefix="$1/" "$1/corpus" "$work/seeds" >"$1/fuzz.log" 2>&1)
  local status=$?
  set -e
  return $status
}
fail() { echo "examples.sh ($engine): $*" >&2; exit 1; }
bug_env=()   # the environment that switches the planted bug on (swift); rust builds it in

case "$engine" in
  rust)
    command -v "${RUSTC:-rustc}" >/dev/null || export PATH="$PATH:$HOME/.cargo/bin"
    rustc=${RUSTC:-rustc}
    build() {  # build DIR [--cfg …]: the fuzz target and the protocol binary
      local dir=$1; shift
      scripts/in-process/rust-fuzz-target.sh "$dir" "$@" || exit 2
      "$rustc" --edition 2021 -O "$@" -o "$dir/rwindows" Examples/engines/rust/main.rs || exit 2
    }
    build "$work/clean"
    build "$work/bug" --cfg 'bug="max-edge-in"'
    clean="$work/clean/fuzz_rwindows" buggy="$work/bug/fuzz_rwindows" ;;
  swift)
    swift build -c release --package-path Examples/engines/swift --scratch-path .build-swindows-fuzz \
      --sanitize=fuzzer --product FuzzSwindows >&2 || exit 2
    if ((served_build)); then
      swift build -c release --package-path Examples/engines/swift --scratch-path .build-swindows \
        --product swindows >&2 || exit 2
    fi
    clean=$PWD/.build-swindows-fuzz/release/FuzzSwindows buggy=$clean bug_env=(SWINDOWS_BUGS=oldest-successor)
    served=exec:$PWD/.build-swindows/release/swindows
    if ((served_build)); then
      "$windowlab" run --engine "$served" Examples/*.wls >/dev/null || fail "swindows fails the example scenarios"
    fi ;;
  *) echo "examples.sh: --engine rust or --engine swift" >&2; exit 64 ;;
esac

echo "== $engine: clean, ${time}s from $(ls "$work/seeds" | wc -l) seeds"
fuzz "$work/clean" "$clean" "$time" || { tail -n 40 "$work/clean/fuzz.log" >&2; fail "the clean engine crashed"; }
grep -aE "^#[0-9]+[[:space:]]+DONE" "$work/clean/fuzz.log" | tail -n 1
echo "== $engine: one planted bug, at most ${bug_time}s"
if fuzz "$work/bug" "$buggy" "$bug_time" "${bug_env[@]}"; then fail "the planted bug was not found in ${bug_time}s"; fi
crash=$(ls "$work"/bug/crash-* 2>/dev/null | head -n 1) || true
scenario=$(ls "$work"/bug/findings/divergence-*.wls 2>/dev/null | head -n 1) || true
[[ -n $crash && -n $scenario ]] || { tail -n 40 "$work/bug/fuzz.log" >&2; fail "no crash input or scenario"; }
grep -aoE "found at input [0-9]+ of this process, [0-9.]+ s after its first" "$work/bug/fuzz.log" | head -n 1
"$windowlab" run --engine reference "$scenario" >/dev/null || fail "the oracle's scenario fails on the reference"
case "$engine" in
  rust)
    set +e; "$windowlab" run --engine "exec:$work/bug/rwindows" "$scenario" >"$work/bug/run.log" 2>&1; ran=$?; set -e
    ((ran == 1)) || fail "windowlab run --engine exec:rwindows (max-edge-in) exits $ran on $scenario" ;;
  swift)
    env "${bug_env[@]}" SWIFT_BACKTRACE=enable=no WINDOWLAB_FUZZ_SHRINK=0 "$buggy" "$crash" >"$work/bug/again.log" 2>&1 \
      && fail "the crash input does not crash the bug build again"
    if ((served_build)); then
      "$windowlab" run --engine "$served" "$scenario" >/dev/null || fail "the clean swindows fails the scenario"
    fi ;;
esac
echo "== $engine: clean in process, and the planted bug caught with a scenario that shows it"
