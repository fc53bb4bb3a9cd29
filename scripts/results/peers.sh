#!/usr/bin/env bash
# The engine beside its peers and beside a base build, to a million windows: runs
# Benchmarks/Peers/run.sh --base BASE several times in a row (--json) and writes
# docs/results/peers.md (every run's figures, the update targets of issue 24 at
# 100,000 windows run by run, and the growth slopes) and, from the last run,
# docs/benchmarks/growth.svg.
#
#   scripts/results/peers.sh [BASE_COMMIT] [--runs 3] [--n 1000,10000,100000,1000000]
#
# BASE_COMMIT (default 0f7281d, the engine before its cells kept blocks) is built in a
# git worktree under .build-results/ (BASE_BIN names one already built). Run it on an
# otherwise idle machine: it takes about ten minutes a run.
set -euo pipefail
cd "$(dirname "$0")/../.."
base=0f7281d runs=3 ns=1000,10000,100000,1000000
while (($#)); do
  case $1 in
    --runs) runs=$2; shift 2 ;;
    --n) ns=$2; shift 2 ;;
    -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
    *) base=$1; shift ;;
  esac
done
work=.build-results
mkdir -p "$work"
for ((i = 1; i <= runs; i++)); do
  svg=()
  ((i == runs)) && svg=(--svg "$work/growth.svg")
  Benchmarks/Peers/run.sh --base "$base" --n "$ns" --json "${svg[@]}" >"$work/peers-run-$i.json"
  echo "run $i of $runs done" >&2
done
out=docs/results/peers.md
tmp=$out.tmp-$$
trap 'rm -f "$tmp"' EXIT
python3 - "$work" "$runs" "$base" "$ns" "$(git rev-parse --short HEAD)" "$(date -u +%Y-%m-%d)" \
  "$(nproc)" "$(uname -m)" "$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)" >"$tmp" <<'PY'
import json, math, sys
work, runs, base, ns, commit, date, cores, arch, cpu = sys.argv[1:]
runs = int(runs)
results = [json.load(open(f"{work}/peers-run-{i}.json")) for i in range(1, runs + 1)]
kinds = ["moveResize", "raise", "hide", "show", "levelChange", "moveByHandle"]
def f(v): return f"{v:,.0f}"
def pair(s): return f"{f(s['p50'])} / {f(s['p99'])}" if s else "–"
def rng(values):
    lo, hi = min(values), max(values)
    return f(lo) if f(lo) == f(hi) else f"{f(lo)}–{f(hi)}"
def cell(samples): return f"{rng([s['p50'] for s in samples])} / {rng([s['p99'] for s in samples])}"
def points(run): return {(r["workload"], r["windows"]): r for r in run}
keys = sorted(points(results[0]), key=lambda k: (k[0], k[1]))
print("# The engine beside real peers and beside a base build: measured\n")
print(f"Written by `scripts/results/peers.sh {base} --runs {runs} --n {ns}` on {date}, at commit {commit},")
print(f"on {cores} cores ({arch}, {cpu}): {runs} runs in a row of `Benchmarks/Peers/run.sh --base {base}`")
print("(4,096 points and 1,000 updates of each kind per workload and N). Each figure is p50 / p99 in ns, the")
print(f"range over the runs. The base build is commit {base}, measured in the same runs, each workload and N")
print("right after this build's. What the runs measure is in [../benchmarks.md](../benchmarks.md).\n")
print("## Routing\n")
print("*Route by handle*: `hitHandles`, the full route answered with handles, not names (builds before it: –).\n")
print("| workload | N | full route, this | full route, base | route by handle, this | grid alone, this | grid alone, base | Box2D tree | Boost R-tree | linear, AVX-512 |")
print("|---|---|---|---|---|---|---|---|---|---|")
def peer(rs, name):
    out = [p["route"] for r in rs for p in r["peers"] if p["peer"] == name]
    return cell(out) if out else "–"
for k in keys:
    rs = [points(run)[k] for run in results]
    by_handle = cell([r["engineRouteByHandle"] for r in rs]) if all(r.get("engineRouteByHandle") for r in rs) else "–"
    print(f"| {k[0]} | {k[1]:,} | {cell([r['engineRoute'] for r in rs])} | {cell([r['base']['route'] for r in rs])} "
          f"| {by_handle} | {cell([r['engineGrid'] for r in rs])} | {cell([r['base']['grid'] for r in rs])} "
          f"| {peer(rs, 'box2d-dynamic-tree')} | {peer(rs, 'boost-rstar16')} | {peer(rs, 'linear-avx512')} |")
print("\n## Updates\n")
print("One `apply` of the command (its name lookup included); *moveByHandle*: moves of the same kind through")
print("`IndexedWindowSystem.setFrame(_:to:)` with the window's handle found beforehand (as `MoveProxy` takes a")
print("proxy id; builds before it have none: –). Box2D's `MoveProxy` and Boost's remove + insert on the same")
print("moves as moveResize.\n")
print("| workload | N | build | " + " | ".join(kinds) + " | Box2D move | Boost move |")
print("|---|---|---|" + "---|" * (len(kinds) + 2))
for k in keys:
    rs = [points(run)[k] for run in results]
    for label, get in (("this", lambda r: r["engineUpdates"]), ("base", lambda r: r["base"]["updates"])):
        row = [cell([get(r)[kind] for r in rs]) if all(kind in get(r) for r in rs) else "–" for kind in kinds]
        movers = []
        for name in ("box2d-dynamic-tree", "boost-rstar16"):
            m = [p["move"] for r in rs for p in r["peers"] if p["peer"] == name and p.get("move")]
            movers.append(cell(m) if label == "this" and m else "")
        print(f"| {k[0]} | {k[1]:,} | {label} | " + " | ".join(row) + " | " + " | ".join(movers) + " |")
print("\n## The targets at 100,000 windows, run by run\n")
print("Each update kind p50 <= 1,000 ns and p99 <= 5,000 ns; the move's p50 (by name, and by handle where the build")
print("has one) below Box2D's `MoveProxy` in the same run.\n")
print("| run | workload | " + " | ".join(kinds) + " | move vs Box2D |")
print("|---|---|" + "---|" * (len(kinds) + 1))
for i, run in enumerate(results, 1):
    for (w, n), r in sorted(points(run).items()):
        if n != 100000: continue
        cells = []
        for kind in kinds:
            s = r["engineUpdates"].get(kind)
            ok = s and s["p50"] <= 1000 and s["p99"] <= 5000
            cells.append(f"{pair(s)} {'met' if ok else 'missed'}")
        box = next((p["move"] for p in r["peers"] if p["peer"] == "box2d-dynamic-tree" and p.get("move")), None)
        def versus_box(move):
            return f"{f(move['p50'])} vs {f(box['p50'])}: {'ahead' if move['p50'] < box['p50'] else 'behind'}" if box and move else "–"
        versus = versus_box(r["engineUpdates"].get("moveResize"))
        if r["engineUpdates"].get("moveByHandle"):
            versus += "; by handle " + versus_box(r["engineUpdates"]["moveByHandle"])
        print(f"| {i} | {w} | " + " | ".join(cells) + f" | {versus} |")
def slope(xy):
    xy = [(math.log10(x), math.log10(y)) for x, y in xy if x > 0 and y > 0]
    if len(xy) < 2: return None
    mx = sum(x for x, _ in xy) / len(xy); my = sum(y for _, y in xy) / len(xy)
    sxx = sum((x - mx) ** 2 for x, _ in xy)
    return sum((x - mx) * (y - my) for x, y in xy) / sxx if sxx else None
print("\n## Growth of a move with N\n")
print("Slope of log p50 against log N over the sizes measured (0 flat, 1 linear), per run.\n")
print("| run | workload | this build | base build | Box2D `MoveProxy` |")
print("|---|---|---|---|---|")
for i, run in enumerate(results, 1):
    for w in sorted({r["workload"] for r in run}):
        rs = sorted((r for r in run if r["workload"] == w), key=lambda r: r["windows"])
        this = slope([(r["windows"], r["engineUpdates"]["moveResize"]["p50"]) for r in rs])
        old = slope([(r["windows"], r["base"]["updates"]["moveResize"]["p50"]) for r in rs])
        box = slope([(r["windows"], p["move"]["p50"]) for r in rs for p in r["peers"] if p["peer"] == "box2d-dynamic-tree"])
        fmt = lambda v: "n/a" if v is None else f"{v:.2f}"
        print(f"| {i} | {w} | {fmt(this)} | {fmt(old)} | {fmt(box)} |")
print("\n![routing and move latency against N, engine, base build and peers](../benchmarks/growth.svg)")
PY
mv "$tmp" "$out"
mv "$work/growth.svg" docs/benchmarks/growth.svg
echo "wrote $out and docs/benchmarks/growth.svg"
