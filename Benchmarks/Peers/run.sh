#!/usr/bin/env bash
# The engine side by side with its peers, in one run on the same points:
#   Benchmarks/Peers/run.sh                                 # N = 1,000 / 10,000 / 100,000, both workloads
#   Benchmarks/Peers/run.sh --n 1000000 --workload desktop  # any `windowlab bench` option
#   Benchmarks/Peers/run.sh --n 1000,10000,100000,1000000 --svg docs/benchmarks/growth.svg
# Builds the peers (build.sh; needs g++, libboost-dev and libbox2d-dev) and the
# release windowlab (WINDOWLAB_BIN overrides it), then runs
# `windowlab bench --peers .build/peers`, which prints one table with ratios, the
# growth slopes, and exits 1 if any peer disagrees with the engine on any point.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"

peers="$("$here/build.sh" | tail -n 1)"
windowlab="${WINDOWLAB_BIN:-}"
if [[ -z "$windowlab" ]]; then
  (cd "$root" && swift build -c release --scratch-path .build-release --product windowlab >&2)
  windowlab="$root/.build-release/release/windowlab"
fi
# The default sizes come first: a --n of the caller's (either form) comes later and wins.
exec "$windowlab" bench --peers "$peers" --n 1000,10000,100000 "$@"
