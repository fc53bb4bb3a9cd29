#!/usr/bin/env bash
# The engine side by side with its peers, in one run on the same points:
#   Benchmarks/Peers/run.sh                                 # N = 1,000 / 10,000 / 100,000, both workloads
#   Benchmarks/Peers/run.sh --n 1000000 --workload desktop  # any `windowlab bench` option
#   Benchmarks/Peers/run.sh --n 1000,10000,100000,1000000 --svg docs/benchmarks/growth.svg
#   Benchmarks/Peers/run.sh --base 0f7281d                  # and an older commit's engine beside this one
# Builds the peers (build.sh; needs g++, libboost-dev and libbox2d-dev) and the
# release windowlab (WINDOWLAB_BIN overrides it), then runs
# `windowlab bench --peers .build/peers`, which prints one table with ratios, the
# growth slopes, and exits 1 if any peer disagrees with the engine on any point.
# --base REV also builds REV's windowlab (a git worktree under .build-results/, as
# scripts/results/builds.sh does) and prints its engine's figures beside this build's
# (`windowlab bench --base-build`); BASE_BIN names a base windowlab already built.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"

base=""
args=()
while (($#)); do
  case "$1" in
    --base) base=$2; shift 2 ;;
    *) args+=("$1"); shift ;;
  esac
done
peers="$("$here/build.sh" | tail -n 1)"
windowlab="${WINDOWLAB_BIN:-}"
if [[ -z "$windowlab" ]]; then
  (cd "$root" && swift build -c release --scratch-path .build-release --product windowlab >&2)
  windowlab="$root/.build-release/release/windowlab"
fi
if [[ -n $base && -z ${BASE_BIN:-} ]]; then
  (cd "$root" && source scripts/results/builds.sh && OLD_BIN= NEW_BIN=skip build_pair "$base" >&2)
  BASE_BIN="$root/.build-results/base/.build/release/windowlab"
fi
[[ -n ${BASE_BIN:-} ]] && args=(--base-build "$BASE_BIN" "${args[@]}")
# The default sizes come first: a --n of the caller's (either form) comes later and wins.
exec "$windowlab" bench --peers "$peers" --n 1000,10000,100000 "${args[@]}"
