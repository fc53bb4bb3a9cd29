#!/usr/bin/env bash
# Routing of the indexed engine, this checkout against a base commit, in one run:
# `windowlab bench` at each N on both workloads, the two builds alternating, and
# the median of the runs' p50 and p99 per point; writes docs/results/routing-before-after.md.
#
#   scripts/results/routing-before-after.sh [BASE_COMMIT] [--runs N] [--n LIST] [--out FILE]
#
# BASE_COMMIT (default 83d7260, the engine before EngineBehavior) is built in a git
# worktree under .build-results/; OLD_BIN and NEW_BIN skip the builds.
set -euo pipefail
cd "$(dirname "$0")/../.."
base=83d7260 runs=5 ns=1000,10000,100000 out=docs/results/routing-before-after.md
while (($#)); do
  case $1 in
    --runs) runs=$2; shift 2 ;;
    --n) ns=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
    *) base=$1; shift ;;
  esac
done
source scripts/results/builds.sh
build_pair "$base"
raw=$work/routing-runs.txt
: >"$raw"
for ((i = 1; i <= runs; i++)); do
  for build in base this; do
    bin=$OLD_BIN; [[ $build == this ]] && bin=$NEW_BIN
    "$bin" bench --n "$ns" --workload all 2>&1 | grep -E '^(desktop|dense) ' | sed "s/^/$build /" >>"$raw"
  done
  echo "run $i of $runs done" >&2
done
tmp=$out.tmp-$$
python3 - "$raw" "$base" "$runs" "$ns" "$out" "$(git rev-parse --short HEAD)" "$(date -u +%Y-%m-%d)" "$(nproc)" "$(uname -m)" >"$tmp" <<'PY'
import re, statistics, sys
raw, base, runs, ns, out, commit, date, cores, arch = sys.argv[1:]
def ns_of(v, unit): return float(v) * (1000 if unit == "us" else 1)
points = {}
for line in open(raw):
    m = re.match(r"(\w+) (\w+)\s+N=(\d+).*indexed p50 ([\d.]+) (ns|us) p99 ([\d.]+) (ns|us)", line)
    if not m: continue
    build, workload, n = m.group(1), m.group(2), int(m.group(3))
    points.setdefault((workload, n), {}).setdefault(build, []).append((ns_of(m.group(4), m.group(5)), ns_of(m.group(6), m.group(7))))
print("# Routing before and after: the indexed engine against a base build, in one run\n")
extra = "" if out == "docs/results/routing-before-after.md" else f" --out {out}"
print(f"Written by `scripts/results/routing-before-after.sh {base} --runs {runs} --n {ns}{extra}` on {date}, at commit")
print(f"{commit}, on {cores} cores ({arch}). Each run is `windowlab bench --n {ns} --workload all` (a routed")
print("touch of the indexed engine: grid query and exact hit test); the two builds alternate, and each figure is")
print("the median over the runs. A ratio above 1 means this commit routes faster than the base.\n")
print("| workload | N | base p50 | this p50 | p50 ratio base/this | base p99 | this p99 | p99 ratio |")
print("|---|---|---|---|---|---|---|---|")
ratios = []
for (workload, n) in sorted(points):
    b, t = points[(workload, n)].get("base", []), points[(workload, n)].get("this", [])
    if not b or not t: continue
    bp50, tp50 = statistics.median(x[0] for x in b), statistics.median(x[0] for x in t)
    bp99, tp99 = statistics.median(x[1] for x in b), statistics.median(x[1] for x in t)
    ratios.append(bp50 / tp50)
    print(f"| {workload} | {n:,} | {bp50:.0f} ns | {tp50:.0f} ns | {bp50 / tp50:.2f} | {bp99:.0f} ns | {tp99:.0f} ns | {bp99 / tp99:.2f} |")
print(f"\nGeometric mean of the p50 ratios: **{statistics.geometric_mean(ratios):.3f}**.")
PY
mv "$tmp" "$out"
echo "wrote $out"
tail -1 "$out"
