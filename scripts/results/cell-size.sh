#!/usr/bin/env bash
# The grid's one knob measured in time (issue 46): what updates gain and routing gives back
# when a cell is F times the mean window's side (`StackingGrid.cellSideFactor`, 1 as
# shipped). Builds this tree (factor 1) and, for every other factor, the same tree with the
# knob set, in a git worktree under .build-results/cell-size-F; then times
# `windowlab bench --peers --json` of every build, alternating, --runs times, and writes
# docs/results/cell-size.md: routing (grid alone, full route, by handle, the AVX-512 walk),
# every update kind beside Box2D's MoveProxy from the same runs, and issue 46's targets at
# each factor. Instructions of the same builds: docs/results/prototype-cells-*.md.
#
#   scripts/results/cell-size.sh [--runs 3] [--n 1000,10000,100000] [--factors 1,2,4] [--report-only]
#
# --factors must hold 1 (the shipped build, what the others are compared with); the tree
# must be committed (every build is of HEAD).
# About 5 minutes a build and 2 a run of every factor here. The raw data stay in
# .build-results/cell-size/; --report-only writes the page again from them.
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=3 ns=1000,10000,100000 factors=1,2,4 measure=1
while (($#)); do
  case $1 in
    --runs) runs=$2; shift 2 ;;
    --n) ns=$2; shift 2 ;;
    --factors) factors=$2; shift 2 ;;
    --report-only) measure=0; shift ;;
    -h|--help) sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "cell-size.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done
work=.build-results
scratch=$(realpath -m $work/cell-size)   # kept after the run: every figure's raw data
knob='public static let cellSideFactor = 1.0'
layout=Sources/SpatialIndex/StackingGrid+Layout.swift

if ((measure)); then
  grep -qF "$knob" "$layout" || { echo "cell-size.sh: '$knob' not in $layout: the knob moved" >&2; exit 2; }
  [[ $factors =~ ^[0-9.]+(,[0-9.]+)*$ ]] || { echo "cell-size.sh: --factors takes numbers, as 1,2,4" >&2; exit 2; }
  [[ ,$factors, == *,1,* ]] || { echo "cell-size.sh: --factors must include 1 (the shipped build)" >&2; exit 2; }
  git diff --quiet HEAD -- Sources Package.swift || { echo "cell-size.sh: commit Sources first (every build is of HEAD)" >&2; exit 2; }
  final=$scratch scratch=$scratch.new   # measured apart; the last run's data stay until this one succeeds
  rm -rf "$scratch"; mkdir -p "$scratch"
  head=$(git rev-parse HEAD)
  git rev-parse --short HEAD >"$scratch/commit"
  date -u +%Y-%m-%d >"$scratch/date"
  echo "$runs $ns $factors" >"$scratch/arguments"
  declare -A bin
  IFS=, read -ra list <<<"$factors"
  for factor in "${list[@]}"; do
    if [[ $factor == 1 ]]; then
      swift build -c release --product windowlab --scratch-path .build-release >/dev/null
      bin[$factor]=.build-release/release/windowlab
      continue
    fi
    tree=$work/cell-size-$factor
    echo "building factor $factor in $tree" >&2
    [[ -e $tree/.git ]] || { rm -rf "$tree"; git worktree add -f "$tree" "$head" >/dev/null; }
    git -C "$tree" checkout -q --force --detach "$head"
    git -C "$tree" clean -q -fd Sources
    sed -i "s/$knob/public static let cellSideFactor: Double = $factor/" "$tree/$layout"
    grep -q "cellSideFactor: Double = $factor\$" "$tree/$layout" || { echo "cell-size.sh: could not set factor $factor" >&2; exit 2; }
    (cd "$tree" && swift build -c release --product windowlab >"$scratch/build-$factor.log" 2>&1) \
      || { tail -20 "$scratch/build-$factor.log" >&2; echo "cell-size.sh: the build of factor $factor failed" >&2; exit 2; }
    bin[$factor]=$tree/.build/release/windowlab
  done
  peers=$(Benchmarks/Peers/build.sh | tail -n 1)
  for ((i = 1; i <= runs; i++)); do
    for factor in "${list[@]}"; do
      "${bin[$factor]}" bench --peers "$peers" --n "$ns" --json >"$scratch/factor-$factor-$i.json" 2>"$scratch/factor-$factor-$i.err" \
        || { echo "cell-size.sh: bench --peers failed at factor $factor (a peer disagreed?): $scratch/factor-$factor-$i.err" >&2; exit 1; }
    done
    echo "run $i of $runs done" >&2
  done
  rm -rf "$final"; mv "$scratch" "$final"; scratch=$final
else
  [[ -f $scratch/arguments ]] || { echo "cell-size.sh: no measurements in $scratch (run without --report-only)" >&2; exit 1; }
  read -r runs ns factors <"$scratch/arguments"
fi

out=docs/results/cell-size.md
tmp=$out.tmp-$$
trap 'rm -f "$tmp"' EXIT
python3 - "$scratch" "$runs" "$ns" "$factors" "$(cat "$scratch/commit")" "$(cat "$scratch/date")" "$(nproc)" "$(uname -m)" \
  "$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)" >"$tmp" <<'PY'
import json, sys
scratch, runs, ns, factors, commit, date, cores, arch, cpu = sys.argv[1:]
runs, factors = int(runs), factors.split(",")
baseline = "1"
results = {f: [{(r["workload"], r["windows"]): r for r in json.load(open(f"{scratch}/factor-{f}-{i}.json"))}
               for i in range(1, runs + 1)] for f in factors}
keys = sorted(results[factors[0]][0], key=lambda k: (k[0], k[1]))
kinds = [("moveResize", "move"), ("moveByHandle", "move by handle"), ("raise", "raise"), ("hide", "hide"),
         ("show", "show"), ("levelChange", "level change")]

def f(v): return f"{v:,.0f}"
def rng(values):
    lo, hi = min(values), max(values)
    return f(lo) if f(lo) == f(hi) else f"{f(lo)}–{f(hi)}"
def pair(samples): return f"{rng([s['p50'] for s in samples])} / {rng([s['p99'] for s in samples])}"
def runs_of(factor, key): return [run[key] for run in results[factor]]
def peer(r, name): return next(p for p in r["peers"] if p["peer"] == name)

print("# The grid's cell size in time: what updates gain and routing gives back\n")
print(f"Written by `scripts/results/cell-size.sh --runs {runs} --n {ns} --factors {','.join(factors)}` at {commit} on {date},")
print(f"on {cores} cores ({arch}, {cpu}). Each factor is a build of the same tree with")
print("`StackingGrid.cellSideFactor` set to it (1 as shipped: a cell the mean window's side); every")
print(f"build ran `windowlab bench --peers --n {ns} --json` {runs} times, the builds alternating. Figures: p50 / p99")
print("in ns, the range over the runs; Box2D's `MoveProxy` and the AVX-512 walk from the same runs.")
print("Instructions of the same knob: prototype-cells-twice-as-large.md, prototype-cells-four-times-as-large.md.")
print("What it means: docs/design/update-storage.md, \"The verdict\".\n")

print("## Routing\n")
print("| workload | N | factor | grid alone | full route | route by handle | by handle / grid, p50 | AVX-512 walk |")
print("|---|---|---|---|---|---|---|---|")
for key in keys:
    for factor in factors:
        rs = runs_of(factor, key)
        ratio = [r["engineRouteByHandle"]["p50"] / r["engineGrid"]["p50"] for r in rs]
        print(f"| {key[0]} | {key[1]:,} | {factor} | {pair([r['engineGrid'] for r in rs])} | "
              f"{pair([r['engineRoute'] for r in rs])} | {pair([r['engineRouteByHandle'] for r in rs])} | "
              f"{min(ratio):.2f}–{max(ratio):.2f} | {pair([peer(r, 'linear-avx512')['route'] for r in rs])} |")
print()

print("## Updates\n")
print("| workload | N | factor | " + " | ".join(name for _, name in kinds) + " | Box2D move |")
print("|---|---|---|" + "---|" * (len(kinds) + 1))
for key in keys:
    for factor in factors:
        rs = runs_of(factor, key)
        cells = [pair([r["engineUpdates"][kind] for r in rs]) for kind, _ in kinds]
        print(f"| {key[0]} | {key[1]:,} | {factor} | " + " | ".join(cells)
              + f" | {pair([peer(r, 'box2d-dynamic-tree')['move'] for r in rs])} |")
print()

largest = max(n for _, n in keys)
print(f"## Issue 46's targets at {largest:,} windows, by factor\n")
print("Over every run and both workloads: the update kinds whose p50 was at most 1 µs in every run,")
print("those whose p99 was at most 5 µs in every run, in how many runs a move by handle was ahead of")
print("Box2D's move (p50, same run), and routing's p50 over the shipped build's (factor 1) in")
print("the same run: above 1 gives routing back.\n")
print("| factor | p50 at most 1 µs | p99 at most 5 µs | move by handle ahead of Box2D | grid alone over factor 1 | full route over factor 1 |")
print("|---|---|---|---|---|---|")
big = [k for k in keys if k[1] == largest]
for factor in factors:
    met50 = [name for kind, name in kinds if all(r["engineUpdates"][kind]["p50"] <= 1000 for k in big for r in runs_of(factor, k))]
    met99 = [name for kind, name in kinds if all(r["engineUpdates"][kind]["p99"] <= 5000 for k in big for r in runs_of(factor, k))]
    ahead = sum(r["engineUpdates"]["moveByHandle"]["p50"] < peer(r, "box2d-dynamic-tree")["move"]["p50"]
                for k in big for r in runs_of(factor, k))
    total = len(big) * runs
    def over(field):
        ratios = [a[field]["p50"] / b[field]["p50"] for k in big
                  for a, b in zip(runs_of(factor, k), runs_of(baseline, k))]
        return f"{min(ratios):.2f}–{max(ratios):.2f}"
    print(f"| {factor} | {', '.join(met50) or 'none'} | {', '.join(met99) or 'none'} | {ahead} of {total} | "
          f"{over('engineGrid')} | {over('engineRoute')} |")
PY
mv "$tmp" "$out"
echo "wrote $out" >&2
