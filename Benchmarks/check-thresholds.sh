#!/usr/bin/env bash
# CI gate for routing performance (called by .ci/run when executable). Two checks at
# N = 10000 (not 100k: the reference model's O(n^2) build would dominate CI):
#  1. package-benchmark static thresholds (Thresholds/): mallocCountTotal of every
#     registered benchmark, above all zero allocations per indexed routed touch;
#  2. the speed ratio reference/indexed from one `windowlab bench` run, against
#     ratio-thresholds.txt (absolute times on a shared machine are too noisy to gate).
# Exits non-zero on any regression. About 3-4 minutes on 2 cores after a first build.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
cd "$here"
export WINDOWLAB_BENCH_MAX_N=10000

echo "-- package-benchmark thresholds (mallocCountTotal), N <= $WINDOWLAB_BENCH_MAX_N"
swift package --disable-sandbox benchmark thresholds check \
  --filter '^route/' --filter '^build/' --filter '^update/' --metric mallocCountTotal --no-progress

echo "-- reference/indexed ratio, windowlab bench at N = 10000"
windowlab="${WINDOWLAB_BIN:-}"
if [[ -z "$windowlab" ]]; then
  (cd .. && swift build -c release --scratch-path .build-release --product windowlab >/dev/null)
  windowlab="../.build-release/release/windowlab"
fi
json="$("$windowlab" bench --n 10000 --touches 2048 --updates 0 --reference-budget 1 --json)"
status=0
while read -r workload n minimum; do
  [[ -z "$workload" || "$workload" == \#* ]] && continue
  # Pretty-printed, sorted keys: each object has its "ratioP50", then later its
  # "windows" and "workload"; pick the ratio of the object that matches.
  ratio="$(printf '%s\n' "$json" | awk -v w="$workload" -v n="$n" '
    /"ratioP50"/ { gsub(/[ ,]/, "", $3); r = $3 }
    /"windows"/ { gsub(/[ ,]/, "", $3); count = $3 }
    /"workload"/ { gsub(/[ ",]/, "", $3); if ($3 == w && count == n) print r }')"
  if [[ -z "$ratio" ]]; then
    echo "FAIL $workload N=$n: no result"; status=1; continue
  fi
  if awk -v r="$ratio" -v m="$minimum" 'BEGIN { exit !(r >= m) }'; then
    echo "ok   $workload N=$n: ratio $ratio >= $minimum"
  else
    echo "FAIL $workload N=$n: ratio $ratio < $minimum (indexed routing regressed against the reference)"
    status=1
  fi
done < ratio-thresholds.txt
exit $status
