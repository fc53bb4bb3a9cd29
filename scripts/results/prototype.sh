#!/usr/bin/env bash
# A storage prototype of issue 46 counted on the instruction gate's benchmarks: the patch
# applied to the commit it was written on (its `Base:` line), that commit and the patched
# one built in release mode in git worktrees under .build-results/, and each chosen
# benchmark counted by callgrind in both (`windowlab instructions --update` into a copy of
# the thresholds). Writes docs/results/prototype-NAME.md (NAME: the patch's file name).
#
#   scripts/results/prototype.sh docs/design/prototypes/dead-entries.patch [--only REGEX]
#
# --only picks benchmarks as `windowlab instructions --only` does (default: the routing
# and update benchmarks, every N, both workloads). About 12 minutes here.
set -euo pipefail
cd "$(dirname "$0")/../.."
patch="" only='(route|grid_query|move|raise|hide_show|level)_.*'
while (($#)); do
  case $1 in
    --only) only=$2; shift 2 ;;
    -h|--help) sed -n '2,11p' "$0"; exit 0 ;;
    *) patch=$1; shift ;;
  esac
done
[[ -f $patch ]] || { echo "prototype.sh: no patch file '$patch' (see --help)" >&2; exit 2; }
base=$(sed -n 's/^Base: \([0-9a-f]*\).*/\1/p' "$patch" | head -1)
[[ -n $base ]] || { echo "prototype.sh: $patch has no 'Base: COMMIT' line" >&2; exit 2; }
name=$(basename "$patch" .patch)
work=.build-results
mkdir -p "$work"
counts=$(mktemp -d); trap 'rm -rf "$counts"' EXIT
for build in base prototype; do
  tree=$work/proto-$build
  [[ -d $tree ]] || git worktree add -f "$tree" "$base" >/dev/null
  git -C "$tree" checkout -q --force --detach "$base"
  git -C "$tree" clean -q -fd Sources
  [[ $build == prototype ]] && git -C "$tree" apply "$(realpath "$patch")"
  (cd "$tree" && swift build -c release --product windowlab >/dev/null)
  cp "$tree/Benchmarks/instruction-thresholds.txt" "$counts/$build.txt"
  echo "counting $build (this takes minutes)"
  "$tree/.build/release/windowlab" instructions --only "$only" --update --thresholds "$counts/$build.txt" >"$counts/$build.log"
done
out=docs/results/prototype-$name.md
tmp=$out.tmp-$$
trap 'rm -rf "$counts" "$tmp"' EXIT
python3 - "$counts" "$only" "$patch" "$base" "$(git rev-parse --short HEAD)" "$(date -u +%Y-%m-%d)" "$(nproc)" "$(uname -m)" >"$tmp" <<'PY'
import re, sys
counts, only, patch, base, head, date, cores, arch = sys.argv[1:]
def read(build):
    rows = {}
    for line in open(f"{counts}/{build}.txt"):
        parts = line.split()
        if len(parts) == 2 and not line.startswith("#"):
            rows[parts[0]] = int(parts[1])
    return rows
pattern = re.compile(only)
old, new = read("base"), read("prototype")
names = [n for n in old if pattern.fullmatch(n) and n in new]
print(f"# Prototype `{patch.split('/')[-1]}`: instructions counted\n")
print(f"Written by `scripts/results/prototype.sh {patch} --only '{only}'` on {date}, from the tree of {head},")
print(f"on {cores} cores ({arch}). The patch applied to its base commit {base}; both builds counted by callgrind")
print("(`windowlab instructions --update`, the gate's benchmarks: the same count whatever the load).")
print("Instructions per operation: a routed touch, a grid query, or one update of the kind named.\n")
print("| benchmark | base | prototype | ratio |")
print("|---|---|---|---|")
for n in names:
    print(f"| {n} | {old[n]:,} | {new[n]:,} | {new[n] / old[n]:.2f} |")
PY
mv "$tmp" "$out"
echo "wrote $out"
