#!/usr/bin/env bash
# Regenerates docs/examples/NAME.svg from every Examples/NAME.wls.
#
# Usage: scripts/render-examples.sh        (run from anywhere)
#        SCRATCH_PATH=.build-x scripts/render-examples.sh
#
# Builds windowlab, then renders each example at the statement listed in
# `focus` below (the first line of the example that starts with that text), or
# at its last statement when the example is not listed. The output is
# deterministic, so unchanged examples give unchanged SVGs.
set -euo pipefail
cd "$(dirname "$0")/.."
scratch="${SCRATCH_PATH:-.build}"
swift build --scratch-path "$scratch" --product windowlab >&2
bin="$scratch/debug/windowlab"

# The statement each picture shows: the moment that best illustrates the example.
focus() {
    case "$1" in
        alert-over-app) echo "touch 1 began 450 510" ;;
        half-screen-window) echo "hit 30 530" ;;
        passthrough-hud) echo "touch 2 began 500 500" ;;
        scenes) echo "touch 1 began 900 100 in car" ;;
        scrolling-bounds-origin) echo "touch 1 moved 10 150" ;;
        touch-binding) echo "touch 2 moved 200 900" ;;
        rotated-button) echo "touch 1 began 200 300" ;;
        scaled-window) echo "hit 790 580" ;;
        external-display) echo "touch 2 began 200 200 in external" ;;
        scene-move-with-finger-down) echo "move player to external" ;;
        exclusive-touch-button) echo "touch 2 began 200 300" ;;
        *) echo "" ;;
    esac
}

mkdir -p docs/examples
for file in Examples/*.wls; do
    name="$(basename "$file" .wls)"
    statement="$(focus "$name")"
    if [ -n "$statement" ]; then
        line="$(grep -n -m1 -F -x "$statement" "$file" | cut -d: -f1)"
        if [ -z "$line" ]; then
            echo "error: $file has no line '$statement' (update focus in $0)" >&2
            exit 1
        fi
        # A withheld touch has no target to zoom to: draw the whole scene.
        extra=()
        [ "$name" = exclusive-touch-button ] && extra=(--whole-scene)
        "$bin" render "$file" --line "$line" "${extra[@]}" -o "docs/examples/$name.svg"
    else
        "$bin" render "$file" -o "docs/examples/$name.svg"
    fi
    echo "docs/examples/$name.svg" >&2
done
