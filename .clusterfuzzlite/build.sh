#!/bin/bash -eu
# ClusterFuzzLite / OSS-Fuzz build for WindowLab. The infrastructure sets:
#   SRC       where the sources are (this repository at $SRC/windowlab)
#   OUT       where fuzz targets, seed corpora and dictionaries go
#   WORK      scratch space
#   SANITIZER address | undefined | coverage | none (default address)
# Local check on this machine: Fuzz/check-oss-fuzz-build.sh sets them and runs this.
repo="${WINDOWLAB_SOURCE:-$SRC/windowlab}"
scratch="${WINDOWLAB_FUZZ_SCRATCH:-$WORK/.build-fuzz}"
sanitizers=(--sanitize=fuzzer)
case "${SANITIZER:-address}" in
  address) sanitizers+=(--sanitize=address) ;;
  undefined) sanitizers+=(--sanitize=undefined) ;;
  *) ;;
esac

cd "$repo"
swift build -c release --package-path Fuzz --scratch-path "$scratch" "${sanitizers[@]}"
# windowlab, which unpacks the seed corpora (WINDOWLAB_SCRATCH: a release build to reuse).
windowlab_scratch="${WINDOWLAB_SCRATCH:-$WORK/.build-windowlab}"
swift build -c release --scratch-path "$windowlab_scratch" --product windowlab
windowlab="$windowlab_scratch/release/windowlab"

for target in FuzzDifferential FuzzScale FuzzScenarioParser FuzzCorpusReader FuzzServe; do
  cp "$scratch/release/$target" "$OUT/$target"
done
cp Fuzz/scenario.dict "$OUT/FuzzScenarioParser.dict"
cp Fuzz/scenario.dict "$OUT/FuzzServe.dict"

# Seed corpora: the packs unpacked for the differential target, the examples for
# the parser, the packs themselves for the corpus reader.
zip_dir() {  # zip_dir DIR ZIPFILE: a flat zip of DIR's files
  if command -v zip >/dev/null; then
    (cd "$1" && zip -q -j "$2" ./*)
  else
    python3 -c 'import sys, zipfile, pathlib
with zipfile.ZipFile(sys.argv[2], "w") as z:
    for p in sorted(pathlib.Path(sys.argv[1]).iterdir()): z.write(p, p.name)' "$1" "$2"
  fi
}
seeds="$WORK/seeds"
rm -rf "$seeds" && mkdir -p "$seeds/differential" "$seeds/parser" "$seeds/reader" "$seeds/scale"
Fuzz/scale-seeds.sh "$seeds/scale"
for pack in corpus/*.wlpack; do
  "$windowlab" corpus unpack "$pack" -o "$seeds/differential/$(basename "$pack" .wlpack)" >/dev/null
  cp "$seeds/differential/$(basename "$pack" .wlpack)"/* "$seeds/differential/"
  rm -rf "$seeds/differential/$(basename "$pack" .wlpack)"
  cp "$pack" "$seeds/reader/"
done
cp Examples/*.wls "$seeds/parser/"
zip_dir "$seeds/differential" "$OUT/FuzzDifferential_seed_corpus.zip"
zip_dir "$seeds/parser" "$OUT/FuzzScenarioParser_seed_corpus.zip"
zip_dir "$seeds/parser" "$OUT/FuzzServe_seed_corpus.zip"
zip_dir "$seeds/scale" "$OUT/FuzzScale_seed_corpus.zip"
zip_dir "$seeds/reader" "$OUT/FuzzCorpusReader_seed_corpus.zip"
