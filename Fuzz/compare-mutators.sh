#!/usr/bin/env bash
# Measures the differential target's structure-aware mutator against libFuzzer's
# byte mutator alone (WINDOWLAB_FUZZ_MUTATOR=bytes): the two run side by side, one
# core each, for the same time from the same seeds and the same -seed.
#
#   Fuzz/compare-mutators.sh [--time 60] [--seed 1] [--value-profile] [PATCH ...]
#
# With no PATCH it fuzzes the correct engines and prints each mode's final coverage
# (cov: edges, ft: features) and executions. With PATCH names (scripts/mutants/*.patch)
# it builds the target once per planted bug and prints how long each mode took to
# catch it (a crash of the target), or "not caught".
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
time=60 seed=1 extra=() patches=()
while (($#)); do
  case "$1" in
    --time) time=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    --value-profile) extra+=(-use_value_profile=1); shift ;;
    -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
    *) patches+=("$1"); shift ;;
  esac
done
work=$(realpath -m "${WINDOWLAB_FUZZ_COMPARE_WORK:-/tmp/windowlab-fuzz-compare}")
mkdir -p "$work"
swift build -c release --scratch-path "$root/.build-release" --product windowlab >&2
rm -rf "$work/seeds"; mkdir -p "$work/seeds"
for pack in corpus/*.wlpack; do "$root/.build-release/release/windowlab" corpus unpack "$pack" -o "$work/seeds" >/dev/null; done

# run MODE FUZZER LOG: one campaign in the background.
run() {
  rm -rf "$work/new-$1" "$work/artifacts-$1"; mkdir -p "$work/new-$1" "$work/artifacts-$1"
  local start=$SECONDS
  SWIFT_BACKTRACE=enable=no WINDOWLAB_FUZZ_MUTATOR=$1 "$2" "$work/new-$1" "$work/seeds" -max_total_time="$time" \
    -seed="$seed" -timeout=10 -rss_limit_mb=4096 -artifact_prefix="$work/artifacts-$1/" -print_final_stats=1 \
    "${extra[@]}" >"$3" 2>&1 || true
  echo $((SECONDS - start)) >"$3.seconds"
}
summary() {   # the last status line: cov, ft, corp, exec/s
  grep -E "^#[0-9]+" "$1" | tail -1 | sed -E 's/.*(cov: [0-9]+ ft: [0-9]+ corp: [0-9]+\/[^ ]+).*exec\/s: ([0-9]+).*/\1, \2 exec\/s/'
}
caught() {    # LOG ARTIFACTS: seconds from the start to the crash
  if ls "$2"/crash-* >/dev/null 2>&1; then
    echo "caught after $(cat "$1.seconds") s"
  else
    echo "not caught in ${time}s"
  fi
}

build() {   # build FuzzDifferential from $1 (a source tree) into $work/build-$2
  swift build -c release --package-path "$1/Fuzz" --scratch-path "$work/build-$2" --sanitize=fuzzer \
    --product FuzzDifferential >"$work/build.log" 2>&1 || { echo "build failed: $work/build.log" >&2; exit 2; }
}

if ((${#patches[@]} == 0)); then
  build "$root" root
  run structure "$work/build-root/release/FuzzDifferential" "$work/structure.log" &
  run bytes "$work/build-root/release/FuzzDifferential" "$work/bytes.log" &
  wait
  echo "structure-aware: $(summary "$work/structure.log")"
  echo "bytes only:      $(summary "$work/bytes.log")"
  exit 0
fi
for name in "${patches[@]}"; do
  rm -rf "$work/src"; mkdir -p "$work/src"
  git archive HEAD Sources Tests Package.swift Fuzz | tar -x -C "$work/src"
  # git archive stamps every file with the commit's time: make them newer than any
  # earlier build, or the shared build folder keeps the previous mutant's objects.
  find "$work/src" -type f -exec touch {} +
  (cd "$work/src" && patch -s -p1 < "$root/scripts/mutants/$name.patch")
  build "$work/src" mutant
  run structure "$work/build-mutant/release/FuzzDifferential" "$work/structure-$name.log" &
  run bytes "$work/build-mutant/release/FuzzDifferential" "$work/bytes-$name.log" &
  wait
  echo "$name: structure-aware $(caught "$work/structure-$name.log" "$work/artifacts-structure"); bytes only $(caught "$work/bytes-$name.log" "$work/artifacts-bytes")"
done
