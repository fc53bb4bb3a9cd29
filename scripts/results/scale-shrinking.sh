#!/usr/bin/env bash
# Scale findings shrink: the grid's planted bugs that only scale cases reach (crowds of
# windows, gathers, level ladders, parked windows), each run through the campaign alone
# (scripts/mutants/run.sh, which stops at the first saved finding), and the length of
# that finding. Writes docs/results/scale-shrinking.md.
#
#   scripts/results/scale-shrinking.sh [--seeds "1 2"] [--time 120] [NAME ...]
#
# WINDOWLAB_MUTANT_WORK is the mutants' work folder (default .build-results/mutants).
set -euo pipefail
cd "$(dirname "$0")/../.."
seeds="1 2" time=120 names=()
while (($#)); do
  case $1 in
    --seeds) seeds=$2; shift 2 ;;
    --time) time=$2; shift 2 ;;
    -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
    *) names+=("$1"); shift ;;
  esac
done
# The patches the sweeps of docs/results/mutant-sweeps.md found only through scale
# profiles (or as crashes of scale cases).
((${#names[@]})) || names=(cell-max-edge-exclusive compaction-keeps-front-block fixed-max-y-on-x-axis
  insert-shift-truncated outside-run-y-uses-x-range query-border-reads-previous-cell relayout-drops-front-leaf
  relayout-skips-first-fixed-box renumber-skips-refill spill-back-off-by-one)
export WINDOWLAB_MUTANT_WORK=${WINDOWLAB_MUTANT_WORK:-$PWD/.build-results/mutants}
log=$(mktemp)
scripts/mutants/run.sh --time "$time" --seeds "$seeds" "${names[@]}" | tee "$log" || true
out=docs/results/scale-shrinking.md
tmp=$out.tmp-$$
{
  cat <<MD
# Scale findings shrink: the grid's planted bugs that need scale cases

Written by \`scripts/results/scale-shrinking.sh --seeds "$seeds" --time $time\` at $(git rev-parse --short HEAD) on $(date -u +%Y-%m-%d), $(nproc) cores.

Each planted bug (\`scripts/mutants/NAME.patch\`, docs/mutants.md) that only cases of many
windows reach is built into a copy of the engine and checked by the campaign alone
(\`scripts/mutants/run.sh\`: no replays, stopping at the first saved finding). The bar (issue
33): each caught with a saved finding of at most about 100 statements, or as small as the bug
allows. Shrinking cuts a scale case's bulk first: every command of a kind at once, windows in
halves (each with every command that names it), then each bulk kind (a probe phase's hits, a
gather's frames, a ladder's levels) thinned by halves to its last few; a crash is shrunk the
same way in fresh child processes.

| planted bug | seed | caught | cases to the first divergence | finding | profile | shrunk from → to (commands) |
|---|---|---|---|---|---|---|
MD
  python3 - "$log" <<'PY'
import re, sys
for line in open(sys.argv[1], encoding="utf-8"):
    m = re.match(r"(\S+): (caught as a crash|caught|SURVIVED) \(seed ([^,)]+)[,)]?(.*)", line.strip())
    if not m:
        continue
    name, verdict, seed, rest = m.groups()
    cases = re.search(r"after (\d+) cases", rest)
    shrunk = re.search(r"shrunk from (\d+) to (\d+) commands", rest)
    profile = re.search(r"profile (\w+)", rest)
    kind = "crash" if verdict.endswith("crash") else ("divergence" if verdict == "caught" else "—")
    group = re.search(r"; (.*?)(, profile|, shrunk| in \d| \(|$)", rest)
    print(f"| `{name}` | {seed} | {verdict} | {cases.group(1) if cases else '—'} | {kind}: {group.group(1) if group else '—'} | "
          f"{profile.group(1) if profile else '—'} | {shrunk.group(1) + ' → ' + shrunk.group(2) if shrunk else '—'} |")
PY
  echo
  echo "The runner's own output: \`$(basename "$log")\` is not kept; rerun the command to see it."
} >"$tmp"
mv "$tmp" "$out"
rm -f "$log"
echo "wrote $out" >&2
