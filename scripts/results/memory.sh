#!/usr/bin/env bash
# Memory per window of the indexed engine, this checkout against a base commit:
# `windowlab bench --json` of each build at each N on both workloads (the grid's own
# bytes per visible window, and the resident-memory growth of building the whole
# engine per window); writes docs/results/memory.md.
#
#   scripts/results/memory.sh [BASE_COMMIT] [--n 1000,10000,100000]
#
# BASE_COMMIT (default 0f7281d, the engine before its cells kept blocks) is built in a
# git worktree under .build-results/; OLD_BIN and NEW_BIN skip the builds.
set -euo pipefail
cd "$(dirname "$0")/../.."
base=0f7281d ns=1000,10000,100000
while (($#)); do
  case $1 in
    --n) ns=$2; shift 2 ;;
    -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
    *) base=$1; shift ;;
  esac
done
source scripts/results/builds.sh
build_pair "$base"
for build in base this; do
  bin=$OLD_BIN; [[ $build == this ]] && bin=$NEW_BIN
  "$bin" bench --n "$ns" --workload all --touches 16 --updates 0 --reference-budget 0.01 --json >"$work/memory-$build.json"
done
out=docs/results/memory.md
tmp=$out.tmp-$$
trap 'rm -f "$tmp"' EXIT
python3 - "$work" "$base" "$ns" "$(git rev-parse --short HEAD)" "$(date -u +%Y-%m-%d)" "$(nproc)" "$(uname -m)" >"$tmp" <<'PY'
import json, sys
work, base, ns, commit, date, cores, arch = sys.argv[1:]
rows = {b: {(r["workload"], r["windows"]): r for r in json.load(open(f"{work}/memory-{b}.json"))} for b in ("base", "this")}
print("# Memory per window: measured\n")
print(f"Written by `scripts/results/memory.sh {base} --n {ns}` on {date}, at commit {commit}, on {cores} cores")
what = ", the engine before its cells kept blocks" if base == "0f7281d" else ""
print(f"({arch}). Each build runs `windowlab bench --n {ns} --workload all --json`; base is commit {base}{what}.")
print("*Grid*: the scene's `StackingGrid` arrays (by element count) over its")
print("visible windows. *Engine*: resident-memory growth while building the whole indexed engine (records,")
print("names, views, grid) over all its windows, hidden ones included (coarse: pages, not bytes).\n")
print("| workload | N | grid, base | grid, this | ratio | engine, base | engine, this | ratio |")
print("|---|---|---|---|---|---|---|---|")
for key in sorted(rows["this"]):
    b, t = rows["base"][key], rows["this"][key]
    gb, gt = b["indexBytesPerWindow"], t["indexBytesPerWindow"]
    eb, et = b["indexedEngineResidentBytesPerWindow"], t["indexedEngineResidentBytesPerWindow"]
    ratio = lambda new, old: f"{new / old:.2f}" if old > 0 else "–"
    print(f"| {key[0]} | {key[1]:,} | {gb:.0f} | {gt:.0f} | {ratio(gt, gb)} | {eb:.0f} | {et:.0f} | {ratio(et, eb)} |")
PY
mv "$tmp" "$out"
echo "wrote $out"
