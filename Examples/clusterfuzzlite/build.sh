#!/bin/bash -eu
# ClusterFuzzLite / OSS-Fuzz build of an engine's in-process fuzz target with WindowLab's
# reference model linked beside it as the oracle (docs/fuzz-your-engine.md). As written it
# builds WindowLab's C example engine (Examples/engines/c/fuzz); for yours, set `engine`,
# `target` and build_target() below. The infrastructure sets:
#   SRC, OUT, WORK                 sources, fuzz targets and seed corpora, scratch space
#   CC, CXX, CFLAGS, CXXFLAGS      clang, with the sanitizer's flags (-fsanitize=address,fuzzer-no-link)
#   LIB_FUZZING_ENGINE             -fsanitize=fuzzer (libFuzzer's main)
#   SANITIZER                      address | undefined | coverage | none
# WindowLab's Fuzz/check-engine-oss-fuzz-build.sh runs this file with them and checks $OUT.
windowlab="${WINDOWLAB_SOURCE:-$SRC/windowlab}"
engine="${ENGINE_SOURCE:-$windowlab/Examples/engines/c}"   # YOUR engine's folder
target=fuzz_cwindows                                       # YOUR fuzz target's name in $OUT

# The oracle (not instrumented: coverage guides libFuzzer through your engine) and the
# `windowlab` command, from the Swift toolchain; the Swift runtime is linked statically,
# so the target runs where the toolchain is absent.
# WINDOWLAB_SCRATCH: a release build of WindowLab to reuse (default: one in $WORK).
scratch="${WINDOWLAB_SCRATCH:-$WORK/windowlab}"
swift build -c release --package-path "$windowlab" --scratch-path "$scratch" --product WindowLabOracle
swift build -c release --package-path "$windowlab" --scratch-path "$scratch" --product windowlab
oracle_cflags=$("$windowlab/scripts/oracle/link-flags.sh" --cflags)
oracle_libs=$(WINDOWLAB_ORACLE_BUILD="$scratch/release" "$windowlab/scripts/oracle/link-flags.sh" --libs)

# YOUR build: your engine and its fuzz target with the infrastructure's flags, linked by
# $CXX with $LIB_FUZZING_ENGINE and the oracle's libraries.
build_target() {
  local objects="$WORK/objects"
  rm -rf "$objects" && mkdir -p "$objects"
  for source in "$engine/engine.c" "$engine/protocol.c" "$engine/fuzz/fuzz_cwindows.c"; do
    # shellcheck disable=SC2086
    $CC $CFLAGS -std=c11 -ffp-contract=off -DCWINDOWS_NO_MAIN $oracle_cflags -c "$source" \
      -o "$objects/$(basename "$source" .c).o"
  done
  # shellcheck disable=SC2086
  $CXX $CXXFLAGS $LIB_FUZZING_ENGINE "$objects"/*.o $oracle_libs -o "$OUT/$target"
}
build_target

# The seed corpus: WindowLab's corpus packs unpacked (add your own regression inputs),
# flat in one zip.
seeds="$WORK/seeds"
rm -rf "$seeds" && mkdir -p "$seeds"
for pack in "$windowlab"/corpus/*.wlpack; do
  "$scratch/release/windowlab" corpus unpack "$pack" -o "$seeds" >/dev/null
done
if command -v zip >/dev/null; then
  (cd "$seeds" && zip -q -j "$OUT/${target}_seed_corpus.zip" ./*)
else
  python3 -c 'import sys, zipfile, pathlib
with zipfile.ZipFile(sys.argv[2], "w") as z:
    for p in sorted(pathlib.Path(sys.argv[1]).iterdir()): z.write(p, p.name)' "$seeds" "$OUT/${target}_seed_corpus.zip"
fi
