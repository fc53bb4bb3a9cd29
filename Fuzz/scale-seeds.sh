#!/usr/bin/env bash
# Writes seed inputs for the scale fuzz target (FuzzScale) into DIR: for each scale
# profile (byte 0: 0 crowd, 1 lattice, 2 parked, 3 magnitudes) two case seeds
# (bytes 1...8, little-endian), followed by a short version-1 body: a hit at
# (400, 400) and a touch that begins and moves (see FuzzChecks.scale).
#   Fuzz/scale-seeds.sh DIR
set -euo pipefail
dir=$1
mkdir -p "$dir"
for profile in 0 1 2 3; do
  for seed in 1 2; do
    printf "\\x0$profile\\x0$seed\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x1a\\x18\\x18\\x00\\x14\\x01\\x18\\x18\\x00\\x16\\x01\\x19\\x19" \
      >"$dir/scale-$profile-$seed"
  done
done
