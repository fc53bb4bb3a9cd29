#!/usr/bin/env bash
# Routing of the indexed engine at 100,000 and a million windows, this checkout
# against a base commit: `windowlab bench --peers --base-build` (the reference model
# cannot be built at a million windows, so plain `bench` cannot go there) with one
# cheap peer only, several runs; writes docs/results/routing-blocks-large-n.md (or FILE) with
# the full route's and the grid's p50 and p99, both builds: the median over the runs,
# each build's fastest run, and the median of each run's own ratio.
#
#   scripts/results/routing-large-n.sh [BASE_COMMIT] [--runs 5] [--n 100000,1000000] [--out FILE]
#
# BASE_COMMIT (default 0f7281d, the engine before its cells kept blocks) is built in a
# git worktree under .build-results/; OLD_BIN and NEW_BIN skip the builds. In each run
# the base build measures each workload and N right after this build (its own process).
# The page names the machine's transparent huge page mode, which moves these figures
# by up to half (docs/results/update-attempts.md); for steadier figures, as root:
# `echo always > /sys/kernel/mm/transparent_hugepage/enabled` first, `madvise` after.
set -euo pipefail
cd "$(dirname "$0")/../.."
base=0f7281d runs=5 ns=100000,1000000 out=docs/results/routing-blocks-large-n.md out_flag=""
while (($#)); do
  case $1 in
    --runs) runs=$2; shift 2 ;;
    --n) ns=$2; shift 2 ;;
    --out) out=$2 out_flag=" --out $2"; shift 2 ;;
    -h|--help) sed -n '2,16p' "$0"; exit 0 ;;
    *) base=$1; shift ;;
  esac
done
source scripts/results/builds.sh
build_pair "$base"
peers="$(Benchmarks/Peers/build.sh | tail -n 1)"
wrapper=$work/peers-avx512-only
printf '#!/bin/sh\nexec %q --only linear-avx512 "$@"\n' "$(realpath "$peers")" >"$wrapper"
chmod +x "$wrapper"
for ((i = 1; i <= runs; i++)); do
  "$NEW_BIN" bench --peers "$wrapper" --base-build "$OLD_BIN" --n "$ns" --workload all --touches 16384 \
    --updates 100 --json >"$work/routing-large-run-$i.json"
  echo "run $i of $runs done" >&2
done
tmp=$out.tmp-$$
trap 'rm -f "$tmp"' EXIT
python3 - "$work" "$runs" "$base" "$ns" "$(git rev-parse --short HEAD)" "$(date -u +%Y-%m-%d)" "$(nproc)" "$(uname -m)" \
  "$out_flag" "$(sed -n 's/.*\[\(.*\)\].*/\1/p' /sys/kernel/mm/transparent_hugepage/enabled 2>/dev/null || true)" >"$tmp" <<'PY'
import json, statistics, sys
work, runs, base, ns, commit, date, cores, arch, out_flag, thp = sys.argv[1:]
points = {}
for i in range(1, int(runs) + 1):
    for r in json.load(open(f"{work}/routing-large-run-{i}.json")):
        figures = points.setdefault((r["workload"], r["windows"]), {k: [] for k in ("rt", "rb", "gt", "gb")})
        figures["rt"].append(r["engineRoute"]); figures["rb"].append(r["base"]["route"])
        figures["gt"].append(r["engineGrid"]); figures["gb"].append(r["base"]["grid"])
sizes = [f"{int(n):,}" for n in ns.split(",")]
print(f"# Routing at {', '.join(sizes[:-1]) + ' and ' if len(sizes) > 1 else ''}{sizes[-1]} windows: the engine against the build before blocks\n")
print(f"Written by `scripts/results/routing-large-n.sh {base} --runs {runs} --n {ns}{out_flag}` on {date}, at commit {commit},")
print(f"on {cores} cores ({arch}, transparent huge pages: {thp or 'unknown'}). Each run is `windowlab bench --peers (linear-avx512 only) --base-build` over both")
print(f"workloads, 16,384 points each; base is commit {base}, measured right after this build at each workload")
print("and N. Each figure is the median over the runs, in ns; a ratio above 1 means this build is faster.\n")
print("| workload | N | full route p50, base / this | ratio | p99, base / this | ratio | grid alone p50, base / this | ratio | p99, base / this | ratio |")
print("|---|---|---|---|---|---|---|---|---|---|")
def table(pick):
    ratios = []
    for (workload, n) in sorted(points):
        f = points[(workload, n)]
        cells = []
        for this, old in (("rt", "rb"), ("gt", "gb")):
            for q in ("p50", "p99"):
                b, t = pick(x[q] for x in f[old]), pick(x[q] for x in f[this])
                ratios.append(b / t)
                cells.append(f"{b:,.0f} / {t:,.0f} | {b / t:.2f}")
        print(f"| {workload} | {n:,} | " + " | ".join(cells) + " |")
    print(f"\nGeometric mean of the {len(ratios)} ratios: **{statistics.geometric_mean(ratios):.3f}**.")
table(statistics.median)
print("\nThe same figures from each build's fastest run (the least disturbed: this machine's speed")
print("swings by up to 2x between minutes, and a run of either build may fall in a slow phase):\n")
print("| workload | N | full route p50, base / this | ratio | p99, base / this | ratio | grid alone p50, base / this | ratio | p99, base / this | ratio |")
print("|---|---|---|---|---|---|---|---|---|---|")
table(min)
print("\nThe median over the runs of each run's own ratio (base and this build measured in the same")
print("run, one right after the other), with the smallest and largest run's ratio:\n")
print("| workload | N | full route p50 | p99 | grid alone p50 | p99 |")
print("|---|---|---|---|---|---|")
for (workload, n) in sorted(points):
    f = points[(workload, n)]
    cells = []
    for this, old in (("rt", "rb"), ("gt", "gb")):
        for q in ("p50", "p99"):
            r = [b[q] / t[q] for b, t in zip(f[old], f[this])]
            cells.append(f"{statistics.median(r):.2f} ({min(r):.2f}–{max(r):.2f})")
    print(f"| {workload} | {n:,} | " + " | ".join(cells) + " |")
PY
mv "$tmp" "$out"
trap - EXIT
echo "wrote $out"
