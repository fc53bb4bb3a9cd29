#!/usr/bin/env bash
# A tiny self-test of rwindows without the harness: builds the engine into a
# temporary folder, feeds it each selftest/NAME.in and compares its answers with
# selftest/NAME.out. The .out files were checked line by line against
# `windowlab serve --engine reference` (see README.md: they differ from it only by
# the declared deviations). Usage: Examples/engines/rust/selftest.sh
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

"${RUSTC:-rustc}" --edition 2021 -O -o "$work/rwindows" "$here/main.rs"

passed=0
failed=0
for input in "$here"/selftest/*.in; do
    name="$(basename "$input" .in)"
    if "$work/rwindows" <"$input" >"$work/$name.got" && diff -u "$here/selftest/$name.out" "$work/$name.got"; then
        passed=$((passed + 1))
    else
        echo "selftest: $name differs (above)" >&2
        failed=$((failed + 1))
    fi
done
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
