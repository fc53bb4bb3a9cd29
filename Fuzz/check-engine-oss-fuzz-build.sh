#!/usr/bin/env bash
# Runs Examples/clusterfuzzlite/build.sh (the template for an engine's in-process target)
# here, with the variables the ClusterFuzzLite / OSS-Fuzz infrastructure sets for an
# address-sanitized libFuzzer build (SRC, OUT, WORK, CC, CXX, CFLAGS, CXXFLAGS,
# LIB_FUZZING_ENGINE, SANITIZER), and checks what it produced: the target, linked with
# no Swift library to find at run time (the runner has no toolchain), its seed corpus,
# every seed replayed without a crash, and ten seconds of fuzzing without one.
# Reuses the README's release build (.build: the oracle and windowlab) unless
# WINDOWLAB_SCRATCH names another.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/windowlab-engine-ossfuzz.XXXXXX")
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/out" "$root/.build-engine-oss-fuzz"
export SRC="$work/src" OUT="$work/out" WORK="$root/.build-engine-oss-fuzz" SANITIZER=address
export FUZZING_ENGINE=libfuzzer ARCHITECTURE=x86_64 CC=clang CXX=clang++
export CFLAGS="-O1 -fno-omit-frame-pointer -gline-tables-only -fsanitize=address -fsanitize-address-use-after-scope -fsanitize=fuzzer-no-link"
export CXXFLAGS="$CFLAGS" LIB_FUZZING_ENGINE="-fsanitize=fuzzer"
export WINDOWLAB_SOURCE="$root" WINDOWLAB_SCRATCH="${WINDOWLAB_SCRATCH:-$root/.build}"
bash "$root/Examples/clusterfuzzlite/build.sh" 2> >(grep -v -e mktemp -e createTemporaryFile -e "Cannot export local symbol" >&2)
target=$OUT/fuzz_cwindows
[[ -x $target ]] || { echo "missing target fuzz_cwindows" >&2; exit 1; }
if ldd "$target" | grep -q swift; then
  echo "fuzz_cwindows needs Swift libraries at run time:" >&2; ldd "$target" | grep swift >&2; exit 1
fi
[[ -s $OUT/fuzz_cwindows_seed_corpus.zip ]] || { echo "missing seed corpus" >&2; exit 1; }
mkdir -p "$work/seeds" "$work/corpus"
unzip -q -o "$OUT/fuzz_cwindows_seed_corpus.zip" -d "$work/seeds"
"$target" -runs=0 "$work/seeds" >"$work/replay.log" 2>&1 || { tail -40 "$work/replay.log" >&2; exit 1; }
echo "ok fuzz_cwindows: $(ls "$work/seeds" | wc -l) seeds replayed"
"$target" -max_total_time=10 -seed=1 "$work/corpus" "$work/seeds" >"$work/fuzz.log" 2>&1 \
  || { tail -40 "$work/fuzz.log" >&2; exit 1; }
echo "ok fuzz_cwindows: fuzzed 10 s ($(grep -aoE '^#[0-9]+' "$work/fuzz.log" | tail -n 1 | tr -d '#') inputs)"
echo "engine oss-fuzz build: ok"
