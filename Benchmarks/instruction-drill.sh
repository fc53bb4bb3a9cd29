#!/usr/bin/env bash
# The instruction gate's drill: each planted slowdown in Benchmarks/drills/ (a patch with
# an `Expect: REGEX` line naming the benchmarks it must fail) is applied to a copy of the
# committed project (HEAD), built in release mode, and `windowlab instructions` runs those
# benchmarks against the committed Benchmarks/instruction-thresholds.txt. The drill passes
# when the gate fails every expected benchmark as a regression; it fails (exit 1) when the
# gate lets a planted slowdown through.
#
#   Benchmarks/instruction-drill.sh [--work DIR] [NAME ...]
#
# NAME is a drill (Benchmarks/drills/NAME.patch); default: every drill. DIR holds the copy
# and its build (default .build-drills; scripts/mutants/run.sh's folder works too, and
# then only what a patch touches is rebuilt). Needs valgrind and objcopy.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
work=.build-drills names=()
while (($#)); do
  case $1 in
    --work) work=$2; shift 2 ;;
    -h|--help) sed -n '2,13p' "$0"; exit 0 ;;
    *) names+=("$1"); shift ;;
  esac
done
work=$(realpath -m "$work")
if ((${#names[@]} == 0)); then
  for p in Benchmarks/drills/*.patch; do names+=("$(basename "$p" .patch)"); done
fi
for name in "${names[@]}"; do
  [[ -f Benchmarks/drills/$name.patch ]] || { echo "no drill named $name (Benchmarks/drills/$name.patch)" >&2; exit 2; }
done
mkdir -p "$work/src"
# The committed tree, extracted once per commit (scripts/mutants/run.sh leaves the same
# layout: with --work on its folder, only what a patch touches is rebuilt).
if [[ "$(cat "$work/base/.commit" 2>/dev/null)" != "$(git rev-parse HEAD)" ]]; then
  rm -rf "$work/base"; mkdir -p "$work/base"
  git archive HEAD Sources Tests Package.swift | tar -x -C "$work/base"
  find "$work/base" -type f -exec touch {} +   # newer than any older build in $work
  git rev-parse HEAD >"$work/base/.commit"
fi
failed=0
for name in "${names[@]}"; do
  patch_file="$root/Benchmarks/drills/$name.patch"
  expect=$(sed -n 's/^Expect: //p' "$patch_file" | head -1)
  [[ -n $expect ]] || { echo "$patch_file has no 'Expect: REGEX' line" >&2; exit 2; }
  rm -rf "$work/src/Sources" "$work/src/Tests"
  cp -a "$work/base/Sources" "$work/base/Tests" "$work/base/Package.swift" "$work/src/"
  (cd "$work/src" && patch -s -p1 < "$patch_file")
  echo "== drill $name: building a copy with the planted slowdown"
  (cd "$work/src" && swift build -c release --product windowlab --scratch-path "$work/build" >"$work/build-$name.log" 2>&1) \
    || { echo "$name: the build failed, see $work/build-$name.log" >&2; exit 2; }
  log="$work/gate-$name.log"
  status=0
  "$work/build/release/windowlab" instructions --only "$expect" --thresholds "$root/Benchmarks/instruction-thresholds.txt" \
    | tee "$log" || status=$?
  expected=$(grep -c '^\[[0-9]*/[0-9]*\] counting' "$log" || true)
  caught=$(grep -c '^FAIL [a-z_0-9]*: committed .*: a regression$' "$log" || true)
  if ((status == 1 && expected > 0 && caught == expected)); then
    echo "drill $name: the gate failed as it must, all $caught benchmarks matching '$expect' a regression"
  else
    echo "drill $name: FAILED: the gate let the planted slowdown through ($caught of $expected benchmarks matching '$expect' caught, exit $status)"
    failed=1
  fi
done
exit $failed
