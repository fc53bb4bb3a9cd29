#!/usr/bin/env bash
# The CI workflows of this folder, run here on the C example engine (Examples/engines/c)
# by run-locally.py, since no CI service is reachable from WindowLab's own CI:
#   1. windowlab-pull-request.yml on the engine as it is: every job passes;
#   2. its fuzz job on the engine with a planted bug: the fuzz step fails;
#   3. its bench job against thresholds of another engine build: the gate fails;
#   4. windowlab-nightly.yml (two shards, short) on the engine with all 8 planted bugs: the
#      shards find them and the merge step replays their findings into one report and
#      one baseline, and fails (they still fail).
# The ClusterFuzzLite workflows are `uses:` steps only: Fuzz/check-engine-oss-fuzz-build.sh
# runs their build.sh (CI runs it).
#
#   Examples/ci/selftest.sh [--work DIR] [--seconds 45]   # check's and the shards' time
#
# Needs the toolchain's clang on PATH, valgrind, python3-yaml; builds windowlab and the
# oracle into .build/release (the README's commands). Exit 0 when all four end as said.
set -euo pipefail
cd "$(dirname "$0")/../.."
repo=$PWD work="" seconds=45
while (($#)); do
  case "$1" in
    --work) work=$2; shift 2 ;;
    --seconds) seconds=$2; shift 2 ;;
    -h|--help) sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "selftest.sh: unknown argument '$1' (see --help)" >&2; exit 64 ;;
  esac
done
work=$(realpath -m "${work:-.build-ci-examples}")
rm -rf "$work" && mkdir -p "$work"
swift build -c release --product WindowLabOracle >/dev/null && swift build -c release --product windowlab >/dev/null
flags=$(scripts/oracle/link-flags.sh)
c="$repo/Examples/engines/c"
bugs=$(grep -ho 'BUG_[A-Z0-9_]*' "$c/engine.c" | sort -u | sed 's/^/-D/' | tr '\n' ' ')
common=(
  --set "WINDOWLAB_DIR=$repo"
  --set "PROPERTY_CASES=60" --set "CHECK_SECONDS=$seconds" --set "FUZZ_SECONDS=10" --set "NIGHTLY_SECONDS=15"
  --set "BENCH=$work/bench_cwindows --n 1000 --workload desktop"
  --set "BENCH_THRESHOLDS=$work/cwindows-instructions.txt"
  --set "ENGINE=$work/cwindows"
  --set "FUZZ=$work/fuzz_cwindows"
)
bench="clang -std=c11 -O2 -DCWINDOWS_NO_MAIN -o $work/bench_cwindows $c/bench/bench_cwindows.c $c/engine.c $c/protocol.c $flags"
fuzz="clang -fsanitize=fuzzer -std=c11 -O2 -ffp-contract=off -DCWINDOWS_NO_MAIN -o $work/fuzz_cwindows $c/fuzz/fuzz_cwindows.c $c/engine.c $c/protocol.c $flags"
run() { python3 Examples/ci/run-locally.py "$@"; }

echo "==== 1. pull request workflow, the engine as it is: every job passes"
run Examples/ci/windowlab-pull-request.yml --work "$work/pr" "${common[@]}" \
  --set "BUILD_ENGINE=cc -std=c11 -O2 -o $work/cwindows $c/*.c -lm" \
  --set "BUILD_BENCH=$bench" --set "BUILD_FUZZ=$fuzz" \
  --before "$bench && $work/bench_cwindows --instructions --n 1000 --workload desktop --update --thresholds $work/cwindows-instructions.txt >/dev/null"

echo "==== 2. its fuzz job with BUG_MAX_EDGE_IN planted: the fuzz step fails"
run Examples/ci/windowlab-pull-request.yml --work "$work/pr-bug" "${common[@]}" --job fuzz \
  --set "BUILD_FUZZ=${fuzz/-DCWINDOWS_NO_MAIN/-DCWINDOWS_NO_MAIN -DBUG_MAX_EDGE_IN}" \
  --expect-failure "fuzz/fuzz in process from the bundled corpus, every cause in one run"

echo "==== 3. its bench job against thresholds counted on a build with a costlier route: the gate fails"
run Examples/ci/windowlab-pull-request.yml --work "$work/pr-bench" "${common[@]}" --job bench \
  --set "BUILD_BENCH=$bench" \
  --before "${bench/-O2/-O0} && $work/bench_cwindows --instructions --n 1000 --workload desktop --update --thresholds $work/cwindows-instructions.txt >/dev/null" \
  --expect-failure "bench/instruction gate (commit the thresholds with --update after a change you mean)"

echo "==== 4. nightly workflow, two shards on the engine with all its planted bugs: merged into one report, failing"
run Examples/ci/windowlab-nightly.yml --work "$work/nightly" "${common[@]}" --matrix-limit 2 \
  --set "BUILD_ENGINE=cc -std=c11 -O2 $bugs -o $work/cwindows $c/*.c -lm" \
  --expect-failure "merge/merge the shards' findings and failure databases into one report and one baseline"
[[ -s $work/nightly/nightly-known.txt && -s $work/nightly/nightly-report/report.html ]] \
  || { echo "selftest.sh: the merge wrote no baseline or report" >&2; exit 1; }
echo "ok: $(grep -c '^known' "$work/nightly/nightly-known.txt") group(s) in the merged baseline, report in $work/nightly/nightly-report/"
