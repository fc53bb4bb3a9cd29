#!/usr/bin/env bash
# One bug shown two ways, or two bugs: the C example's ROOT_KEEPS_SIZE (a root view that
# keeps its size when its window is resized) shows as two causes in one keep-going run:
# `hit/ancestor` where the window grew, `hit/descendant` where it shrank. This script
# builds a copy of the engine in which that bug is two (root-keeps-size-split.patch:
# ROOT_NOT_GROWN, ROOT_NOT_SHRUNK; both built in, the root view never changes size, as
# with ROOT_KEEPS_SIZE) and runs scripts/in-process/keep-going.sh on both engines with the
# same seed. The two engines answer every scenario alike, so no grouping could tell them
# apart: it must show the one bug twice, or show the two as one group (the second found
# only once the first is fixed). The check: the original
# engine's bug is shown by exactly 2 findings, the split engine's two bugs by exactly 1
# each, and those are the same scenarios (docs/fuzz-your-engine.md, "Every cause in one
# run"). Only that is checked here: keep-going.sh's own verdict on the other bugs (CI runs
# it on the original engine) is printed, not counted.
#
#   scripts/in-process/one-bug-two-ways.sh [--runs 12000] [--seed 1] [--write] [--work DIR]
#
# --write writes docs/results/one-bug-two-ways.md (by a temporary file renamed into place).
# Environment: as keep-going.sh (WINDOWLAB, WINDOWLAB_ORACLE_BUILD, CLANG, CC).
# Exit 0 when the check holds, 1 when it does not, 2 when something cannot be built.
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=12000 seed=1 write=0 work=""
while (($#)); do
  case "$1" in
    --runs) runs=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    --write) write=1; shift ;;
    --work) work=$2; shift 2 ;;
    -h|--help) sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "one-bug-two-ways.sh: unknown argument '$1' (see --help)" >&2; exit 64 ;;
  esac
done
windowlab=$(realpath -m "${WINDOWLAB:-.build/release/windowlab}")
[[ -x $windowlab ]] || { echo "one-bug-two-ways.sh: no windowlab at $windowlab (set WINDOWLAB)" >&2; exit 2; }
work=$(realpath -m "${work:-.build-in-process/one-bug-two-ways}")
rm -rf "$work" && mkdir -p "$work"
cp -r Examples/engines/c "$work/c-split"
patch -s "$work/c-split/engine.c" <scripts/in-process/root-keeps-size-split.patch \
  || { echo "one-bug-two-ways.sh: root-keeps-size-split.patch no longer applies to Examples/engines/c/engine.c" >&2; exit 2; }

for side in one two; do
  status=0
  echo "== keep-going run on the C engine ($([[ $side == one ]] && echo ROOT_KEEPS_SIZE || echo 'ROOT_NOT_GROWN and ROOT_NOT_SHRUNK'), with its other planted bugs)"
  engine_dir=Examples/engines/c; [[ $side == two ]] && engine_dir=$work/c-split
  C_ENGINE=$engine_dir scripts/in-process/keep-going.sh --engine c --runs "$runs" --seed "$seed" \
    --min-share 1 --max-groups 2 --work "$work/$side" --json "$work/$side.json" >"$work/$side.log" 2>&1 || status=$?
  ((status == 2)) && { cat "$work/$side.log" >&2; exit 2; }
  # The run's causes and each bug's findings (the whole log: $work/$side.log).
  { grep -E "^windowlab: [0-9]+ cause|^findings: |^  [A-Z_0-9]+: [0-9]+ finding|^(PASS|FAIL) " "$work/$side.log" || true; } \
    | sed 's/^/  /'
  echo "  (log: $work/$side.log)"
  [[ -f $work/$side.json ]] || { echo "one-bug-two-ways.sh: FAIL: the run made no tally ($work/$side.json); see its log" >&2; exit 1; }
done

python3 - "$work" "$write" "$runs" "$seed" "$(git rev-parse --short HEAD)" "$(date -u +%Y-%m-%d)" \
  "$(nproc) cores ($(uname -m))" <<'PY'
import json, os, re, sys
work, write, runs, seed, commit, day, machine = sys.argv[1:]
one, two = (json.load(open(f"{work}/{side}.json")) for side in ("one", "two"))

def commands(side, name):
    """The scenario's statements, comments and blank lines left out."""
    with open(f"{work}/{side}/findings/{name}", encoding="utf-8") as handle:
        return [l for l in handle.read().splitlines() if l.strip() and not l.startswith("#")]

def group(side, name):
    with open(f"{work}/{side}/findings/{name}", encoding="utf-8") as handle:
        match = re.search(r"^# group: (.*?); shrunk", handle.read(), re.M)
    return match.group(1) if match else "?"

kept = sorted(one["shown"].get("ROOT_KEEPS_SIZE", []))
grown = sorted(two["shown"].get("ROOT_NOT_GROWN", []))
shrunk = sorted(two["shown"].get("ROOT_NOT_SHRUNK", []))
problems = []
if len(kept) != 2:
    problems.append(f"ROOT_KEEPS_SIZE is shown by {len(kept)} finding(s), not 2")
if len(grown) != 1 or len(shrunk) != 1:
    problems.append(f"ROOT_NOT_GROWN is shown by {len(grown)} and ROOT_NOT_SHRUNK by {len(shrunk)} finding(s), not 1 each")
if set(grown) & set(shrunk):
    problems.append("one finding shows both split bugs: the two were put in one group")
same = sorted(commands("one", n) for n in kept) == sorted(commands("two", n) for n in grown + shrunk) \
    if len(kept) == 2 and len(grown) == 1 and len(shrunk) == 1 else False
if not problems and not same:
    problems.append("the split engine's two findings are not the original's two scenarios")
for p in problems:
    print("one-bug-two-ways.sh: " + p)
print("== " + ("PASS: one bug shown two ways is two findings; split into two bugs, one finding each, the same scenarios"
               if not problems else "FAIL"))

if write == "1":
    rows = []
    for side, bugs in (("one", {"ROOT_KEEPS_SIZE": kept}), ("two", {"ROOT_NOT_GROWN": grown, "ROOT_NOT_SHRUNK": shrunk})):
        for bug, names in bugs.items():
            for name in names:
                rows.append(f"| {'original' if side == 'one' else 'split'} | `{bug}` | `{group(side, name)}` | `{name}` |")
    def tally(data):
        return f"{data['findings']} findings, {data['bugs'] - len(data['missed'])} of {data['bugs']} bugs shown"
    def twice(data):
        named = [f"`{b}` ({len(n)})" for b, n in sorted(data["shown"].items()) if len(n) > 1]
        return ", ".join(named) or "none"
    scenario = "\n".join("\n".join(commands("one", n)) + "\n" for n in kept)
    page = f"""# One bug shown two ways, and two bugs

Written by `scripts/in-process/one-bug-two-ways.sh --runs {runs} --seed {seed} --write` at commit
{commit} on {day} ({machine}). The C example engine with its planted bugs built in together runs
once in process with `WINDOWLAB_FUZZ_KEEP_GOING=1` for {runs} inputs (seed {seed}); then a copy in
which `ROOT_KEEPS_SIZE` (a root view that keeps its size when its window is resized) is two
bugs, `ROOT_NOT_GROWN` and `ROOT_NOT_SHRUNK` (scripts/in-process/root-keeps-size-split.patch;
built in together, the root view never changes size, as with the one bug), runs the same
way, with the same seed. Each finding is replayed on engines carrying one bug alone
(scripts/many-bugs/attribute.py).

- Original: {tally(one)}; `ROOT_KEEPS_SIZE` by {len(kept)}.
- Split: {tally(two)}; `ROOT_NOT_GROWN` by {len(grown)}, `ROOT_NOT_SHRUNK` by {len(shrunk)}.
- The split engine's two findings are the original's two scenarios: {"yes" if same else "no"}.
- Bugs shown by more than one finding: original {twice(one)}; split {twice(two)}. (The copy's
  code is not the original's, so the inputs libFuzzer's coverage leads it to can part after the
  first few thousand: a bug met a second way in one run only is that, not the split.)

| engine | bug | group | finding |
|---|---|---|---|
""" + "\n".join(rows) + f"""

The two engines answer every scenario alike, so the harness cannot tell them apart: a grouping
that put `ROOT_KEEPS_SIZE`'s two findings in one group would put the split engine's two bugs in
one group too, whose scenario shows one of them; the other would be found only once the first
is fixed. It reports two findings for the one bug, one for each of the two.

The scenarios:

```
{scenario}```
"""
    path = "docs/results/one-bug-two-ways.md"
    with open(path + ".tmp", "w", encoding="utf-8") as handle:
        handle.write(page)
    os.replace(path + ".tmp", path)
    print("wrote " + path)
sys.exit(1 if problems else 0)
PY
