#!/usr/bin/env bash
# Runs .clusterfuzzlite/build.sh here, with the environment variables the
# ClusterFuzzLite / OSS-Fuzz infrastructure sets, and checks what it produced:
# five runnable targets, their seed corpora and the parser's dictionary.
# Reuses the README's release build of windowlab (.build). SANITIZER (default address)
# and WINDOWLAB_FUZZ_SCRATCH (default .build-fuzz-asan) may be set: CI sets
# SANITIZER=none and the fuzz build folder of run-campaign.sh (.build-fuzz), whose flags
# are then the same, so nothing is built twice.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/windowlab-ossfuzz.XXXXXX")
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/out" "$work/work"
export SRC="$work/src" OUT="$work/out" WORK="$work/work" SANITIZER="${SANITIZER:-address}" FUZZING_ENGINE=libfuzzer ARCHITECTURE=x86_64
export WINDOWLAB_SOURCE="$root" WINDOWLAB_FUZZ_SCRATCH="${WINDOWLAB_FUZZ_SCRATCH:-$root/.build-fuzz-asan}"
export WINDOWLAB_SCRATCH="${WINDOWLAB_SCRATCH:-$root/.build}"
bash "$root/.clusterfuzzlite/build.sh"
for target in FuzzDifferential FuzzScale FuzzScenarioParser FuzzCorpusReader FuzzServe; do
  [[ -x $OUT/$target ]] || { echo "missing target $target" >&2; exit 1; }
  [[ -s $OUT/${target}_seed_corpus.zip ]] || { echo "missing seed corpus for $target" >&2; exit 1; }
  # Each target must run its seeds without a crash.
  mkdir -p "$work/unzipped/$target"
  unzip -q -o "$OUT/${target}_seed_corpus.zip" -d "$work/unzipped/$target"
  SWIFT_BACKTRACE=enable=no "$OUT/$target" -runs=0 "$work/unzipped/$target" >"$work/$target.log" 2>&1 \
    || { tail -20 "$work/$target.log" >&2; exit 1; }
  echo "ok $target: $(ls "$work/unzipped/$target" | wc -l) seeds replayed"
done
[[ -s $OUT/FuzzScenarioParser.dict ]] || { echo "missing dictionary" >&2; exit 1; }
echo "oss-fuzz build: ok"
