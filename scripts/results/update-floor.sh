#!/usr/bin/env bash
# What an update costs apart from its cells, beside Box2D's MoveProxy (issue 46: why no
# cell storage reaches Box2D's move). Builds this tree's windowlab and, in a git worktree
# under .build-results/, the same tree with docs/design/prototypes/no-cell-changes.patch
# applied (every update skips its cells: the grid goes stale, so routing after the
# updates disagrees; only the updates are read). Then, in one sitting:
#   - instructions (callgrind, the gate's update benchmarks) of both builds, and of Box2D's
#     b2DynamicTree::MoveProxy on the very moves `bench --peers` times (its workload files,
#     captured; the peers rebuilt without -march=native, which valgrind cannot run);
#   - time: `windowlab bench --peers --json` of both builds, alternating, --runs times.
# Writes docs/results/update-floor.md.
#
#   scripts/results/update-floor.sh [--runs 3] [--n 1000,10000,100000] [--also PATCH] [--report-only]
#
# --also PATCH applies another prototype to both builds (both then built in worktrees),
# for example docs/design/prototypes/moves-by-slot.patch (moves by slot, no name lookup):
# the page is then docs/results/update-floor-NAME.md (NAME: the patch's file name).
# About 20 minutes here. The raw data stay in .build-results/update-floor[-NAME]/;
# --report-only writes the page again from them without measuring.
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=3 ns=1000,10000,100000 measure=1 also=""
while (($#)); do
  case $1 in
    --runs) runs=$2; shift 2 ;;
    --n) ns=$2; shift 2 ;;
    --report-only) measure=0; shift ;;
    --also) also=$2; shift 2 ;;
    -h|--help) sed -n '2,21p' "$0"; exit 0 ;;
    *) echo "update-floor.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done
command -v valgrind >/dev/null || { echo "update-floor.sh: needs valgrind (apt-get install -y valgrind)" >&2; exit 1; }
patch=docs/design/prototypes/no-cell-changes.patch
work=.build-results
mkdir -p "$work"
suffix=""
if [[ -n $also ]]; then
  [[ -f $also ]] || { echo "update-floor.sh: no patch file '$also'" >&2; exit 2; }
  suffix=-$(basename "$also" .patch)
fi
scratch=$work/update-floor$suffix   # kept after the run: every figure's raw data
head=$(git rev-parse HEAD)

# A worktree at HEAD with the given patches applied, built; prints its windowlab.
build_tree() {
  local tree=$1; shift
  [[ -d $tree ]] || git worktree add -f "$tree" "$head" >/dev/null
  git -C "$tree" checkout -q --force --detach "$head"
  git -C "$tree" clean -q -fd Sources
  local p
  for p in "$@"; do git -C "$tree" apply "$(realpath "$p")"; done
  (cd "$tree" && swift build -c release --product windowlab >/dev/null)
  echo "$tree/.build/release/windowlab"
}

take_measurements() {
rm -rf "$scratch"; mkdir -p "$scratch"
git rev-parse --short HEAD >"$scratch/commit"
date -u +%Y-%m-%d >"$scratch/date"
echo "$runs $ns" >"$scratch/arguments"

echo "$also" >"$scratch/also"
echo "building this tree and the floor (this tree with $patch)${also:+, both with $also}" >&2
if [[ -n $also ]]; then
  this=$(build_tree "$work/floor-this" "$also")
else
  swift build -c release --product windowlab --scratch-path .build-release >/dev/null
  this=.build-release/release/windowlab
fi
floor=$(build_tree "$work/floor" "$patch" ${also:+"$also"})

peers=$(Benchmarks/Peers/build.sh | tail -n 1)
counting_peers=$work/peers-counting
here=Benchmarks/Peers
g++ -O3 -DNDEBUG -march=x86-64-v2 -std=c++17 -o "$counting_peers" "$here/main.cpp" "$here/workload.cpp" \
  "$here/linear_walk.cpp" "$here/boost_rtree.cpp" "$here/box2d_tree.cpp" -lbox2d

echo "counting instructions: both builds' updates" >&2
only='(move|raise|hide_show|level)_.*'
for build in this floor; do
  bin=$this; [[ $build == floor ]] && bin=$floor
  cp Benchmarks/instruction-thresholds.txt "$scratch/$build.txt"
  "$bin" instructions --only "$only" --update --thresholds "$scratch/$build.txt" >"$scratch/$build.count.log"
done

echo "timing: bench --peers, $runs runs of each build, alternating" >&2
# The first run's workload files are kept (a wrapper copies each before the peers read it),
# so Box2D's moves are counted on the moves that were timed.
mkdir -p "$scratch/workloads"
cat >"$scratch/capture" <<EOF
#!/bin/sh
cp "\$1" "$scratch/workloads/\$(date +%s%N).wlpeer"
exec "$(realpath "$peers")" "\$@"
EOF
chmod +x "$scratch/capture"
for ((i = 1; i <= runs; i++)); do
  wrapper=$peers; ((i == 1)) && wrapper=$scratch/capture
  "$this" bench --peers "$wrapper" --n "$ns" --json >"$scratch/this-$i.json" 2>"$scratch/this-$i.err"
  # The floor's grid is stale after its updates: its peers disagree (status 1), by design.
  "$floor" bench --peers "$peers" --n "$ns" --json >"$scratch/floor-$i.json" 2>"$scratch/floor-$i.err" || [[ $? == 1 ]]
  echo "run $i of $runs done" >&2
done

echo "counting Box2D's MoveProxy on the captured workloads, and the moves' first-level cache misses" >&2
# Callgrind's cache simulation (first level as this machine's): the lines a move fetches
# from beyond L1, in both builds and in Box2D.
for file in "$scratch"/workloads/*.wlpeer; do
  valgrind --tool=callgrind --cache-sim=yes --callgrind-out-file="$file.cg" --collect-atstart=no \
    --toggle-collect='b2DynamicTree::MoveProxy*' "$counting_peers" "$file" --only box2d-dynamic-tree >/dev/null 2>&1
done
for build in this floor; do
  bin=$this; [[ $build == floor ]] && bin=$floor
  objcopy --strip-debug "$bin" "$scratch/$build-stripped"
  for name in move_desktop_1k move_desktop_10k move_desktop_100k move_dense_1k move_dense_10k move_dense_100k; do
    SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --cache-sim=yes --callgrind-out-file="$scratch/$build.$name.cg" \
      --collect-atstart=no --toggle-collect=windowlab_counted_region "$scratch/$build-stripped" instructions \
      --run-one "$name" >/dev/null 2>&1
  done
  rm -f "$scratch/$build-stripped"
done
}

if ((measure)); then
  take_measurements
else
  [[ -f $scratch/arguments ]] || { echo "update-floor.sh: no measurements in $scratch to report (run without --report-only)" >&2; exit 1; }
  read -r runs ns <"$scratch/arguments"
fi

out=docs/results/update-floor$suffix.md
tmp=$out.tmp-$$
trap 'rm -f "$tmp"' EXIT
python3 - "$scratch" "$runs" "$ns" "$(cat "$scratch/also")" "$(cat "$scratch/commit")" "$(cat "$scratch/date")" "$(nproc)" "$(uname -m)" \
  "$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)" >"$tmp" <<'PY'
import glob, json, re, struct, sys
scratch, runs, ns, also, commit, date, cores, arch, cpu = sys.argv[1:]
runs = int(runs)
label = {1000: "1k", 10000: "10k", 100000: "100k"}

def thresholds(build):
    rows = {}
    for line in open(f"{scratch}/{build}.txt"):
        parts = line.split()
        if len(parts) == 2 and not line.startswith("#"):
            rows[parts[0]] = int(parts[1])
    return rows

def callgrind(path):
    """{event: total} from a callgrind output file."""
    events = totals = None
    for line in open(path):
        if line.startswith("events:"): events = line.split()[1:]
        if line.startswith("summary:") or line.startswith("totals:"): totals = [int(v) for v in line.split()[1:]]
    return dict(zip(events, totals + [0] * (len(events) - len(totals))))

def misses(c): return c.get("D1mr", 0) + c.get("D1mw", 0)

def box2d():
    """Per MoveProxy, keyed by the workload file's window count: (instructions, L1 misses)."""
    out = {}
    for path in glob.glob(f"{scratch}/workloads/*.wlpeer"):
        windows, points, moves, _ = struct.unpack_from("<4I", open(path, "rb").read(32), 8)
        c = callgrind(path + ".cg")
        if windows in out:   # the key must tell the workloads apart, or a row would take another's count
            sys.exit(f"update-floor.sh: two workloads of {windows} windows: cannot tell their Box2D counts apart")
        out[windows] = (c["Ir"] / moves, misses(c) / moves)
    return out

def engine_misses(build, name, per_op):
    c = callgrind(f"{scratch}/{build}.{name}.cg")
    return misses(c) * per_op / c["Ir"]

def f(v): return f"{v:,.0f}"
def rng(values):
    lo, hi = min(values), max(values)
    return f(lo) if f(lo) == f(hi) else f"{f(lo)}–{f(hi)}"
def pair(samples): return f"{rng([s['p50'] for s in samples])} / {rng([s['p99'] for s in samples])}"

this = [json.load(open(f"{scratch}/this-{i}.json")) for i in range(1, runs + 1)]
floor = [json.load(open(f"{scratch}/floor-{i}.json")) for i in range(1, runs + 1)]
def by_key(run): return {(r["workload"], r["windows"]): r for r in run}
keys = sorted(by_key(this[0]), key=lambda k: (k[0], k[1]))
def box2d_move(r): return next(p for p in r["peers"] if p["peer"] == "box2d-dynamic-tree")["move"]
def both(key):
    """The runs' results for `key`: this build's, the floor build's."""
    return [by_key(run)[key] for run in this], [by_key(run)[key] for run in floor]
b2 = box2d()
counted_this, counted_floor = thresholds("this"), thresholds("floor")

title = "An update without its cells: the floor under any cell storage, beside Box2D"
if also: title += f", both builds with `{also.split('/')[-1]}`"
print(f"# {title}\n")
option = f" --also {also}" if also else ""
print(f"Written by `scripts/results/update-floor.sh --runs {runs} --n {ns}{option}` at {commit} on {date}, on {cores} cores")
if also:
    print(f"({arch}, {cpu}). Both builds carry `{also}` (see its first line); *this* is the engine")
    print("with it; *floor* is the same with")
else:
    print(f"({arch}, {cpu}). *This* is the engine as built; *floor* is the same tree with")
print("`docs/design/prototypes/no-cell-changes.patch`: every update does all it does today except")
print("change a cell (its grid goes stale, so nothing routes right after it: a bound, not an engine).")
print("What an update costs in the floor build is what it would cost with a cell storage whose")
print("changes were free. Box2D's `b2DynamicTree::MoveProxy` runs on the same moves in the same runs.")
print("What it means: docs/design/update-storage.md, \"The floor under the cells\".\n")

print("## A move: instructions and first-level cache misses (callgrind)\n")
how = "as the patch named above makes them" if also else "one `apply` each, the window found by its name"
print(f"The engine: the instruction gate's move benchmarks (teleporting moves, {how}).")
print("Box2D: `MoveProxy` and all it calls, on the 1,000 moves of the first")
print("timed run's workload. *Misses*: callgrind's simulated first-level data cache (this machine's")
print("size), reads and writes: the lines a move fetches from further out.\n")
print("| workload | N | this: instructions / misses | floor: instructions / misses | the cells' share (this - floor) | Box2D MoveProxy: instructions / misses |")
print("|---|---|---|---|---|---|")
for workload, n in keys:
    name = f"move_{workload}_{label.get(n, n)}"
    if name not in counted_this or name not in counted_floor: continue
    t, fl = counted_this[name], counted_floor[name]
    mt, mf = engine_misses("this", name, t), engine_misses("floor", name, fl)
    b = b2.get(by_key(this[0])[(workload, n)]["visibleWindows"])
    bt = f"{f(b[0])} / {b[1]:.0f}" if b else "–"
    print(f"| {workload} | {n:,} | {f(t)} / {mt:.0f} | {f(fl)} / {mf:.0f} | {f(t - fl)} / {mt - mf:.0f} | {bt} |")
print()
print("Every update kind (the gate's benchmarks), instructions an operation:\n")
print("| benchmark | this | floor | floor's share |")
print("|---|---|---|---|")
for name in counted_this:
    if re.fullmatch(r"(move|raise|hide_show|level)_.*", name) and name in counted_floor:
        t, fl = counted_this[name], counted_floor[name]
        print(f"| {name} | {f(t)} | {f(fl)} | {fl / t:.0%} |")
print()

print("## Time (ns, p50 / p99, the range over the runs)\n")
print(f"`windowlab bench --peers --n {ns} --json`, this build and the floor build alternating, {runs} runs")
print("each, a randomly chosen window per update (so its records are seldom in cache); Box2D's move")
print("from the same runs, both builds' (it does not depend on the engine).\n")
print("| workload | N | move, this | move, floor | Box2D move |")
print("|---|---|---|---|---|")
for key in keys:
    t, fl = both(key)
    print(f"| {key[0]} | {key[1]:,} | {pair([r['engineUpdates']['moveResize'] for r in t])} | "
          f"{pair([r['engineUpdates']['moveResize'] for r in fl])} | {pair([box2d_move(r) for r in t + fl])} |")
print()
print("The other kinds. A hide is timed before the show of the same window, and a level change")
print("before the change back, so a show and every second level change find the window's records in")
print("cache.\n")
print("| workload | N | raise, this | raise, floor | hide, this | hide, floor | show, this | show, floor | level change, this | level change, floor |")
print("|---|---|---|---|---|---|---|---|---|---|")
for key in keys:
    t, fl = both(key)
    cells = []
    for kind in ["raise", "hide", "show", "levelChange"]:
        cells += [pair([r["engineUpdates"][kind] for r in t]), pair([r["engineUpdates"][kind] for r in fl])]
    print(f"| {key[0]} | {key[1]:,} | " + " | ".join(cells) + " |")
PY
mv "$tmp" "$out"
echo "wrote $out" >&2
