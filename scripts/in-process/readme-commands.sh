#!/usr/bin/env bash
# Runs the commands a README gives under its heading "## Build and run" (the first
# fenced block there), from the repository root, as a user would paste them; CI uses it
# so that the example fuzz targets build and run exactly as their READMEs say.
#
#   scripts/in-process/readme-commands.sh README.md [--time SECONDS]
#
# --time shortens the block's `-max_total_time=60` (the fuzz run) for CI. Exit status:
# the block's (every command must succeed); 2 when the README has no such block.
set -euo pipefail
cd "$(dirname "$0")/../.."
readme=${1:?usage: readme-commands.sh README.md [--time SECONDS]}
time=""
[[ ${2:-} == --time ]] && time=${3:?--time takes seconds}
block=$(awk '/^## Build and run/ { section = 1; next }
             section && /^```/ { if (inside) exit; inside = 1; next }
             inside { print }' "$readme")
[[ -n $block ]] || { echo "readme-commands.sh: $readme has no code block under '## Build and run'" >&2; exit 2; }
[[ -n $time ]] && block=${block//-max_total_time=60/-max_total_time=$time}
echo "== the commands of $readme"
bash -euxo pipefail -c "$block"
