#!/usr/bin/env bash
# The instruction gate on unchanged code, run after run: `windowlab instructions` (every
# benchmark) --runs times in a row against the committed Benchmarks/instruction-thresholds.txt,
# half of the runs from an empty environment (env -i), with whatever else the machine is doing.
# Writes docs/results/instruction-gate.md: how many runs passed, and for each benchmark the
# committed count and the fewest and most instructions counted.
#
#   scripts/results/instruction-gate.sh [--runs 10] [--bin PATH]
#
# --bin is a release windowlab (default: built into .build-release).
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=10 bin=""
while (($#)); do
  case $1 in
    --runs) runs=$2; shift 2 ;;
    --bin) bin=$2; shift 2 ;;
    -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
    *) echo "unknown argument $1" >&2; exit 2 ;;
  esac
done
if [[ -z $bin ]]; then
  swift build -c release --scratch-path .build-release --product windowlab >/dev/null
  bin=.build-release/release/windowlab
fi
bin=$(realpath "$bin")
logs=$(mktemp -d); trap 'rm -rf "$logs"' EXIT
passed=0 loads=()
for ((i = 1; i <= runs; i++)); do
  loads+=("$(cut -d' ' -f1 /proc/loadavg)")
  status=0
  if ((i % 2 == 0)); then
    env -i HOME="$HOME" "$bin" instructions >"$logs/run-$i.log" 2>&1 || status=$?
  else
    "$bin" instructions >"$logs/run-$i.log" 2>&1 || status=$?
  fi
  ((status == 0)) && passed=$((passed + 1))
  echo "run $i of $runs: exit $status ($(tail -1 "$logs/run-$i.log"))"
done
out=docs/results/instruction-gate.md
tmp=$out.tmp-$$
{
  cat <<MD
# The instruction gate on unchanged code

Written by \`scripts/results/instruction-gate.sh --runs $runs\` at $(git rev-parse --short HEAD) on $(date -u +%Y-%m-%d),
$(nproc) cores ($(uname -m)), $(valgrind --version). Each run is \`windowlab instructions\` (every
benchmark, against the committed \`Benchmarks/instruction-thresholds.txt\`, tolerance 1.5%);
the even runs from an empty environment (\`env -i\`). Load averages when the runs started:
${loads[*]}.

**$passed of $runs runs passed.**

| benchmark | committed | fewest counted | most counted | spread |
|---|---|---|---|---|
MD
  cat "$logs"/run-*.log | python3 -c '
import re, sys
seen = {}
order = []
for line in sys.stdin:
    m = re.match(r"(?:ok  |FAIL) ([a-z_0-9]+): committed (\d+), measured (\d+)", line)
    if not m:
        continue
    name, committed, measured = m.group(1), int(m.group(2)), int(m.group(3))
    if name not in seen:
        order.append(name)
        seen[name] = (committed, [])
    seen[name][1].append(measured)
for name in order:
    committed, counts = seen[name]
    low, high = min(counts), max(counts)
    print(f"| {name} | {committed} | {low} | {high} | {(high - low) / committed * 100:.3f}% |")
'
} >"$tmp"
mv "$tmp" "$out"
echo "wrote $out ($passed of $runs runs passed)"
