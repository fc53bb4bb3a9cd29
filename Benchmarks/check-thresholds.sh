#!/usr/bin/env bash
# CI gate for routing performance (called by .ci/run when executable). Two checks at
# N = 10000 (not 100k: the reference model's O(n^2) build would dominate CI):
#  1. package-benchmark's own `benchmark thresholds check` against the committed static
#     p90 thresholds in Thresholds/ (mallocCountTotal only: every routed touch and update
#     at 0 allocations; times are neither measured here nor gated);
#  2. the speed ratio reference/indexed from one `windowlab bench` run, against
#     ratio-thresholds.txt (absolute times on a shared machine are too noisy to gate).
# Exits non-zero on any regression. Step 1 takes about 15 s once built (its first build,
# the benchmark tool and the suite in release, about 80 s); step 2 adds a release build of
# windowlab unless WINDOWLAB_BIN names one, then about 10 s. A line every 10 s says which
# step still runs (on a loaded machine the first build alone can take many minutes).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
cd "$here"
export WINDOWLAB_BENCH_MAX_N="${WINDOWLAB_BENCH_MAX_N:-10000}"

echo "-- package-benchmark thresholds check: mallocCountTotal p90 against Thresholds/, N <= $WINDOWLAB_BENCH_MAX_N"
# Benchmark names must not contain `/` or a space. In package-benchmark 1.38.1,
# `thresholds update` writes `<target>.<name>.p90.json` through cleanupStringForShellSafety
# (Plugins/BenchmarkTool/BenchmarkTool+Export.swift:276; `/` and ` ` become `_` at
# BenchmarkTool+Operations.swift:81-82), but `thresholds check` looks the file up with the
# raw name (Plugins/BenchmarkTool/BenchmarkTool+ReadP90AbsoluteThresholds.swift:41 and
# :45, `path.append("\(target).\(name).p90.json")`), so for "route/indexed/dense/100" it
# opens Thresholds/RoutingBenchmarks.route/indexed/dense/100.p90.json, gets ENOENT, skips
# it silently (line 94) and, with no file found, stops with "Could not find any matching
# absolute thresholds" (BenchmarkTool+Operations.swift:177). No --path can fix that; the
# names now use `_`, so both operations use the same file. To regenerate (from here):
#   WINDOWLAB_BENCH_MAX_N=10000 swift package --disable-sandbox benchmark thresholds update \
#     --metric mallocCountTotal --skip 'build_.*' --path "$PWD/Thresholds"
# (build_* allocate by design and stay ungated.) Only metrics present in a file are checked
# (BenchmarkTool+Baselines.swift:502-503), with zero tolerance; a p90 above the file fails
# ("WORSE", benchmarkThresholdRegression), one below it fails too ("BETTER",
# benchmarkThresholdImprovement: update the file). A benchmark without a file runs
# unchecked; a file matching no benchmark would be ignored, hence the loop below, which
# reads the tool's "Checking [...]" line (printed unless --no-progress).
exec 3>&1   # the heartbeat's lines reach the terminal whatever the command's output is redirected to
# Runs a command in the background and says every 10 s that it still runs (a build or
# a suite whose own output is buffered until it ends says nothing for minutes).
with_heartbeat() {
  local label=$1; shift
  "$@" &
  local pid=$! started=$SECONDS status=0
  while kill -0 "$pid" 2>/dev/null; do
    sleep 1
    if (( (SECONDS - started) % 10 == 0 )) && kill -0 "$pid" 2>/dev/null; then
      echo "   ... still running $label ($((SECONDS - started)) s)" >&3
    fi
  done
  wait "$pid" || status=$?
  return "$status"
}
status=0
rc=0
# stderr apart: merged, its lines land inside the tool's buffered UTF-8 tables.
errors="$(mktemp)"
output="$(mktemp)"; trap 'rm -f "$errors" "$output"' EXIT
with_heartbeat "the benchmark suite (built on its first run)" \
  swift package --disable-sandbox benchmark thresholds check --metric mallocCountTotal \
  --path "$here/Thresholds" >"$output" 2>"$errors" || rc=$?
log="$(cat "$output")"
# Keep the tool's report: from "Reading thresholds" on, without the progress bars.
report="$(printf '%s\n' "$log" | tr '\r' '\n' | grep -av 'ETA: ' | sed -n '/^Reading thresholds from/,$p')"
if [[ -z "$report" ]]; then
  printf '%s\n' "$log" | tail -30; tail -30 "$errors"
  echo "FAIL: the benchmark suite did not build or run (exit $rc)"; exit 1
fi
printf '%s\n' "$report" | grep -av -e '^Checking \[' -e '^[[:space:]]*$' || true
checked="$(printf '%s\n' "$report" | grep -a '^Checking \[' || true)"
shopt -s nullglob
files=(Thresholds/*.p90.json)
for file in "${files[@]}"; do
  id="${file#Thresholds/}"; id="${id%.p90.json}"   # <target>.<name>
  if [[ "$checked" != *"\"${id%%.*}:${id#*.}\""* ]]; then
    echo "FAIL $file: no benchmark named ${id#*.} ran, so the check never read this file"; status=1
  fi
done
if (( rc != 0 )); then
  # swift package exits 1 whatever the tool's code; its error line names the case
  # (benchmarkThresholdRegression, benchmarkThresholdImprovement, ...).
  echo "FAIL: benchmark thresholds check exited $rc ($(grep -a '^error: ' "$errors" | head -1))"
  status=1
elif (( status == 0 )); then
  echo "ok   ${#files[@]} threshold files read and met"
fi

echo "-- reference/indexed ratio, windowlab bench at N = 10000"
windowlab="${WINDOWLAB_BIN:-}"
if [[ -z "$windowlab" ]]; then
  with_heartbeat "the release build of windowlab" \
    bash -c 'cd .. && swift build -c release --scratch-path .build-release --product windowlab >/dev/null'
  windowlab="../.build-release/release/windowlab"
fi
json_file="$(mktemp)"; trap 'rm -f "$errors" "$output" "$json_file"' EXIT
with_heartbeat "windowlab bench at N = 10000" \
  bash -c '"$0" bench --n 10000 --touches 2048 --updates 0 --reference-budget 1 --json >"$1"' "$windowlab" "$json_file"
json="$(cat "$json_file")"
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
