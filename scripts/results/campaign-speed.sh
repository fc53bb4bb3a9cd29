#!/usr/bin/env bash
# Measures the default campaign's commands per second on the built-in engines
# (reference and indexed), this checkout against a base commit, in alternating
# runs of the same seed, and writes docs/results/campaign-speed.md.
#
#   scripts/results/campaign-speed.sh [BASE_COMMIT] [--runs N] [--time SECONDS]
#
# BASE_COMMIT (default cbbe938, the commit before deviations) is built in a git
# worktree under .build-results/; OLD_BIN and NEW_BIN skip the builds.
set -euo pipefail
cd "$(dirname "$0")/../.."
base=cbbe938 runs=3 time=20
while (($#)); do
  case $1 in
    --runs) runs=$2; shift 2 ;;
    --time) time=$2; shift 2 ;;
    -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
    *) base=$1; shift ;;
  esac
done
source scripts/results/builds.sh
build_pair "$base"
rate() {  # commands per second of one campaign, from its last progress line
  "$1" check --time "$time" --seed 7 --examples none --corpus none --failures none --jobs 2 \
    --out "$work/speed-out" 2>&1 | grep -E '^\[' | tail -1 | sed -E 's/.*\(([0-9]+)\/s\).*/\1/'
}
old=() new=()
for ((i = 1; i <= runs; i++)); do
  old+=("$(rate "$OLD_BIN")")
  new+=("$(rate "$NEW_BIN")")
  echo "run $i: base ${old[-1]}/s, this ${new[-1]}/s" >&2
done
median() { printf '%s\n' "$@" | sort -n | sed -n "$(( ($# + 1) / 2 ))p"; }
mo=$(median "${old[@]}") mn=$(median "${new[@]}")
ratio=$(python3 -c "print(f'{$mn / $mo:.3f}')")
out=docs/results/campaign-speed.md
tmp=$out.tmp-$$
cat >"$tmp" <<MD
# Campaign speed: commands per second on the built-in engines

Written by \`scripts/results/campaign-speed.sh $base --runs $runs --time $time\` on $(date -u +%Y-%m-%d),
at commit $(git rev-parse --short HEAD), on $(nproc) cores ($(uname -m)). Each run is
\`windowlab check --time $time --seed 7 --examples none --corpus none --failures none --jobs 2\`
(reference and indexed, the mixed profiles); the two builds alternate.

| build | runs (commands/s) | median |
|---|---|---|
| base $base | ${old[*]} | $mo |
| this commit | ${new[*]} | $mn |

Ratio of medians, this commit to base: **$ratio**.
MD
mv "$tmp" "$out"
echo "wrote $out (ratio $ratio)"
