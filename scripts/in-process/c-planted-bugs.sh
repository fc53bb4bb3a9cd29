#!/usr/bin/env bash
# Each planted bug of the C example engine (Examples/engines/c, `#ifdef BUG_NAME`)
# caught by its in-process fuzz target (Examples/engines/c/fuzz), from the bundled corpus,
# and brought home as a scenario that `windowlab run --engine exec:…` shows diverging.
#
#   scripts/in-process/c-planted-bugs.sh [--time 60] [--seed 1] [--bugs A,B,...] [--work DIR]
#
# For each bug: builds fuzz_cwindows and cwindows (the protocol binary) with -DBUG_NAME
# by the commands of Examples/engines/c/fuzz/README.md, fuzzes at most --time seconds
# from corpus/*.wlpack unpacked (-seed=SEED), and requires
#   - a crash, the oracle's scenario (WINDOWLAB_FUZZ_FINDINGS) passing on the reference
#     and diverging on cwindows-NAME through `windowlab run --engine exec:` (exit 1);
#   - the crash input shrunk by `windowlab corpus shrink --engine exec:cwindows-NAME` to a
#     scenario that `windowlab run --engine exec:cwindows-NAME` shows diverging too.
# Prints `caught NAME at input N, T s after the first (process W s); …` or `MISSED NAME`;
# exit 1 when one is missed, 2 when something cannot be built.
# Environment: WINDOWLAB (default .build/release/windowlab), WINDOWLAB_ORACLE_BUILD (where
# libWindowLabOracle.a is; default .build/release), CLANG (default clang), CC (default cc).
set -euo pipefail
cd "$(dirname "$0")/../.."
time=60 seed=1 only="" work=""
while (($#)); do
  case "$1" in
    --time) time=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    --bugs) only=$2; shift 2 ;;
    --work) work=$2; shift 2 ;;
    -h|--help) sed -n '2,19p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "c-planted-bugs.sh: unknown argument '$1' (see --help)" >&2; exit 64 ;;
  esac
done
windowlab=$(realpath -m "${WINDOWLAB:-.build/release/windowlab}")
[[ -x $windowlab ]] || { echo "c-planted-bugs.sh: no windowlab at $windowlab (set WINDOWLAB)" >&2; exit 2; }
clang=${CLANG:-clang} cc=${CC:-cc}
work=$(realpath -m "${work:-.build-in-process/c-planted-bugs}")
rm -rf "$work" && mkdir -p "$work/seeds"
flags=$(scripts/oracle/link-flags.sh) || exit 2
if [[ -n $only ]]; then IFS=, read -r -a bugs <<<"$only"
else mapfile -t bugs < <(grep -ho 'BUG_[A-Z0-9_]*' Examples/engines/c/engine.c | sed 's/^BUG_//' | sort -u); fi
for pack in corpus/*.wlpack; do "$windowlab" corpus unpack "$pack" -o "$work/seeds" >/dev/null; done
echo "== ${#bugs[@]} planted bugs, at most ${time}s each from $(ls "$work/seeds" | wc -l) seeds (seed $seed)"

missed=0
for bug in "${bugs[@]}"; do
  dir=$work/$bug
  mkdir -p "$dir/corpus" "$dir/findings"
  # shellcheck disable=SC2086  # the flags are words
  "$clang" -fsanitize=fuzzer -std=c11 -O2 -ffp-contract=off -DCWINDOWS_NO_MAIN "-DBUG_$bug" -o "$dir/fuzz_cwindows" \
    Examples/engines/c/fuzz/fuzz_cwindows.c Examples/engines/c/engine.c Examples/engines/c/protocol.c $flags \
    2>"$dir/link.log" || { cat "$dir/link.log" >&2; exit 2; }
  "$cc" -std=c11 -O2 -Wall -Wextra "-DBUG_$bug" -o "$dir/cwindows" Examples/engines/c/*.c -lm || exit 2
  started=$EPOCHREALTIME
  set +e
  (cd "$dir" && SWIFT_BACKTRACE=enable=no WINDOWLAB_FUZZ_FINDINGS="$dir/findings" ./fuzz_cwindows \
    -max_total_time="$time" -seed="$seed" -artifact_prefix="$dir/" "$dir/corpus" "$work/seeds" >"$dir/fuzz.log" 2>&1)
  set -e
  wall=$(awk -v a="$started" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }')
  crash=$(ls "$dir"/crash-* 2>/dev/null | head -n 1 || true)
  scenario=$(ls "$dir"/findings/divergence-*.wls 2>/dev/null | head -n 1 || true)
  if [[ -z $crash || -z $scenario ]]; then
    echo "MISSED $bug (no crash in ${time}s; log: $dir/fuzz.log)"
    missed=$((missed + 1)); continue
  fi
  found=$(grep -aoE "found at input [0-9]+ of this process, [0-9.]+ s after its first" "$dir/fuzz.log" | head -n 1)
  engine="exec:$dir/cwindows"
  # The oracle's own scenario: the reference passes it, the engine with the bug does not.
  "$windowlab" run --engine reference "$scenario" >/dev/null \
    || { echo "MISSED $bug: the oracle's scenario fails on the reference ($scenario)"; missed=$((missed + 1)); continue; }
  set +e; "$windowlab" run --engine "$engine" "$scenario" >"$dir/run-oracle.log" 2>&1; ran=$?; set -e
  ((ran == 1)) || { echo "MISSED $bug: windowlab run exits $ran on the oracle's scenario ($scenario)"; missed=$((missed + 1)); continue; }
  # The crash input home: shrunk through the protocol, replayed on the engine.
  "$windowlab" corpus shrink "$crash" --engine "$engine" -o "$dir/shrunk.wls" >"$dir/shrink.log" 2>&1 \
    || { echo "MISSED $bug: windowlab corpus shrink found no divergence in $crash"; missed=$((missed + 1)); continue; }
  set +e; "$windowlab" run --engine "$engine" "$dir/shrunk.wls" >"$dir/run-shrunk.log" 2>&1; ran=$?; set -e
  ((ran == 1)) || { echo "MISSED $bug: windowlab run exits $ran on $dir/shrunk.wls"; missed=$((missed + 1)); continue; }
  statements=$(grep -cvE '^(#|expect |$)' "$dir/shrunk.wls")
  printf 'caught %s %s (process %s s); windowlab run shows it diverging, from the oracle'"'"'s scenario and from `corpus shrink` (%s statements)\n' \
    "$bug" "${found#found }" "$wall" "$statements"
done
if ((missed)); then echo "== $missed of ${#bugs[@]} planted bugs missed"; exit 1; fi
echo "== all ${#bugs[@]} planted bugs caught in process, each replayed through windowlab run --engine exec:"
