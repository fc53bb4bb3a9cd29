#!/usr/bin/env bash
# The campaign's instructions per generated case, profile by profile, this checkout
# against a base commit: the instruction gate's campaign benchmarks (`windowlab
# instructions --only 'campaign_.*'`: seed 7, both built-in engines, as `check` runs a
# case), counted by callgrind for each build. Writes docs/results/campaign-instructions.md.
#
#   scripts/results/campaign-instructions.sh BASE_COMMIT
#
# OLD_BIN and NEW_BIN name release windowlab binaries already built (see builds.sh).
set -euo pipefail
cd "$(dirname "$0")/../.."
base=${1:?usage: campaign-instructions.sh BASE_COMMIT}
source scripts/results/builds.sh
build_pair "$base"
counts=$(mktemp -d); trap 'rm -rf "$counts"' EXIT
for side in old new; do
  bin=$OLD_BIN; [[ $side == new ]] && bin=$NEW_BIN
  echo "== counting the campaign benchmarks of the $side build ($bin)"
  "$bin" instructions --only 'campaign_.*' --update --thresholds "$counts/$side.txt" | grep -v '^\['
done
out=docs/results/campaign-instructions.md
tmp=$out.tmp-$$
{
  cat <<MD
# The campaign's instructions per generated case

Written by \`scripts/results/campaign-instructions.sh $base\` at $(git rev-parse --short HEAD) on $(date -u +%Y-%m-%d),
$(nproc) cores ($(uname -m)). Each figure is the instruction gate's campaign benchmark
(\`windowlab instructions --only 'campaign_.*'\`, docs/benchmarks.md): generated cases of one
profile, seed 7, on the reference and the indexed engine as \`check\` runs them (invariants on
the profile's cadence, rule outcomes recorded), counted by callgrind and divided by the
cases; the same count on every run of a build, however loaded the machine.

| benchmark | base $(git rev-parse --short "$base") | this commit | this commit / base |
|---|---|---|---|
MD
  python3 - "$counts/old.txt" "$counts/new.txt" <<'PY'
import sys
def read(path):
    out = {}
    for line in open(path):
        if line.startswith("#") or not line.strip():
            continue
        name, count = line.split()
        out[name] = int(count)
    return out
old, new = read(sys.argv[1]), read(sys.argv[2])
for name in old:
    print(f"| {name} | {old[name]:,} | {new[name]:,} | {new[name] / old[name]:.3f} |")
PY
} >"$tmp"
mv "$tmp" "$out"
echo "wrote $out"
