#!/usr/bin/env bash
# One-command fuzz campaign for WindowLab.
#
#   Fuzz/run-campaign.sh [--target differential|scale|scenario-parser|corpus-reader|serve]
#                        [--time SECONDS] [--jobs N] [--asan] [--merge]
#
# Builds the libFuzzer target (release, --sanitize=fuzzer, scratch path .build-fuzz),
# unpacks the target's seeds (every corpus/*.wlpack for the differential target,
# Examples/*.wls for the parser, corpus/*.wlpack for the corpus reader, a few
# profile/seed prefixes from Fuzz/scale-seeds.sh for the scale target), fuzzes for
# --time seconds (with -fork=N when --jobs N > 1), then:
#   - says how the time went: libFuzzer first replays every seed, and only then
#     mutates; a run whose time went to the seeds says that nothing was mutated;
#   - differential with --merge: merges the inputs that add coverage into the tracked
#     corpus/differential.wlpack (`windowlab corpus merge`, a temporary file renamed);
#     without --merge (the default) no tracked file changes, and the new inputs are
#     kept in fuzz-corpus/differential/ (not committed) like the other targets';
#   - the other targets keep their new inputs in fuzz-corpus/TARGET/ (not committed),
#     and the next run starts from them too;
#   - every crash becomes a new regression input under corpus/regressions/ (replayed by
#     `swift test` and CI forever: commit it) and, for the differential target, a shrunk
#     scenario file under fuzz-findings/ (`windowlab corpus shrink`).
# A progress line every 10 seconds shows the phase (replaying seeds, fuzzing),
# executions, coverage and speed.
# Environment: WINDOWLAB_BIN=PATH, the windowlab binary to unpack, merge and shrink with
# (default: built here into .build/release, where `swift run -c release windowlab` builds it).
# --no-merge is accepted and changes nothing (it was the way to skip merging).
# Exit status: 0 when nothing crashed, 1 when something did, 2 on a usage error.
set -euo pipefail

target=differential time=60 jobs=1 asan=0 merge=0
while (($#)); do
  case "$1" in
    --target) target=$2; shift 2 ;;
    --time) time=$2; shift 2 ;;
    --jobs) jobs=$2; shift 2 ;;
    --asan) asan=1; shift ;;
    --merge) merge=1; shift ;;
    --no-merge) merge=0; shift ;;
    -h|--help) sed -n '2,30p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "run-campaign: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done
case "$target" in
  differential) product=FuzzDifferential ;;
  scale) product=FuzzScale ;;
  scenario-parser) product=FuzzScenarioParser ;;
  corpus-reader) product=FuzzCorpusReader ;;
  serve) product=FuzzServe ;;
  *) echo "run-campaign: unknown target '$target'" >&2; exit 2 ;;
esac
[[ "$time" =~ ^[0-9]+$ && "$jobs" =~ ^[1-9][0-9]*$ ]] || { echo "run-campaign: --time and --jobs take whole numbers" >&2; exit 2; }

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
sanitizers=(--sanitize=fuzzer)
((asan)) && sanitizers+=(--sanitize=address)
echo "== building $product and windowlab"
swift build -c release --package-path Fuzz --scratch-path "$root/.build-fuzz" "${sanitizers[@]}" --product "$product" >&2
if [[ -n ${WINDOWLAB_BIN:-} ]]; then
  windowlab=$WINDOWLAB_BIN
else
  swift build -c release --product windowlab >&2
  windowlab="$root/.build/release/windowlab"
fi
fuzzer="$root/.build-fuzz/release/$product"

work=$(mktemp -d "${TMPDIR:-/tmp}/windowlab-fuzz.XXXXXX")
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/seeds" "$work/new" "$work/artifacts" "$work/merged"
pack="corpus/differential.wlpack"
extra=()
case "$target" in
  differential)
    for seedpack in corpus/*.wlpack; do
      "$windowlab" corpus unpack "$seedpack" -o "$work/seeds" >&2
    done ;;
  scale) Fuzz/scale-seeds.sh "$work/seeds"; extra+=(-timeout=60) ;;
  scenario-parser) cp Examples/*.wls "$work/seeds/" 2>/dev/null || true; extra+=(-dict=Fuzz/scenario.dict) ;;
  corpus-reader) cp corpus/*.wlpack "$work/seeds/" 2>/dev/null || true ;;
  serve) cp Examples/*.wls "$work/seeds/" 2>/dev/null || true; extra+=(-dict=Fuzz/scenario.dict) ;;
esac
kept="fuzz-corpus/$target"   # each target's own new inputs, kept between runs (git-ignored)
if [[ -d $kept ]]; then cp "$kept"/* "$work/seeds/" 2>/dev/null || true; fi
fork=()
((jobs > 1)) && fork=(-fork="$jobs" -ignore_crashes=1)

echo "== fuzzing $product for ${time}s ($jobs job(s)); seeds: $(ls "$work/seeds" | wc -l)"
status=0
SWIFT_BACKTRACE=enable=no "$fuzzer" "$work/new" "$work/seeds" -max_total_time="$time" -timeout=10 \
  -rss_limit_mb=4096 -artifact_prefix="$work/artifacts/" -print_final_stats=1 "${fork[@]}" "${extra[@]}" \
  >"$work/fuzz.log" 2>&1 &
fuzzing=$!
started=$SECONDS
while kill -0 "$fuzzing" 2>/dev/null; do
  for _ in 1 2 3 4 5 6 7 8 9 10; do kill -0 "$fuzzing" 2>/dev/null && sleep 1; done
  if kill -0 "$fuzzing" 2>/dev/null; then
    latest=$(grep -aE "^#[0-9]+" "$work/fuzz.log" | tail -n 1 | tr -s ' ' | cut -c1-110 || true)
    phase=fuzzing
    grep -aqE "^#[0-9]+[[:space:]]+INITED|starting to fuzz" "$work/fuzz.log" || phase="replaying seeds"
    echo "   [$((SECONDS - started))s/${time}s] $phase: ${latest:-starting}; new inputs: $(ls "$work/new" | wc -l)"
  fi
done
wait "$fuzzing" || status=$?
grep -aE "^(stat::|#[0-9]+ +DONE|==[0-9]+== ERROR|SUMMARY)" "$work/fuzz.log" | tail -n 12 || true
# How the time went: libFuzzer replays every seed before it mutates anything.
seeds=$(ls "$work/seeds" | wc -l)
inited=$(grep -aoE "^#[0-9]+[[:space:]]+INITED" "$work/fuzz.log" | head -n 1 | grep -oE "[0-9]+" || true)
# (-print_final_stats prints the inputs run at the end, a crash's end included.)
ran=$(grep -aoE "^stat::number_of_executed_units: *[0-9]+" "$work/fuzz.log" | tail -n 1 | grep -oE "[0-9]+$" || true)
idle=0   # 1 when the run ended before libFuzzer mutated anything
if ((jobs > 1)); then
  if grep -aq "starting to fuzz" "$work/fuzz.log"; then
    echo "== replayed the $seeds seeds, then fuzzed with $jobs jobs"
  else
    idle=1
  fi
elif [[ -n $inited ]]; then
  mutated=$(( ${ran:-$inited} - inited ))
  if ((mutated > 0)); then
    echo "== replayed the $seeds seeds (inputs 1 to $inited), then ran $mutated mutated inputs"
  else
    idle=1
    echo "== replayed the $seeds seeds (inputs 1 to $inited); the time went to them: nothing was mutated (give it more --time)"
  fi
else
  idle=1
  echo "== the run ended while it replayed the $seeds seeds: nothing was mutated (give it more --time, or fewer seeds)"
fi
if [[ -n $(ls "$work/new") && ( $target != differential || $merge == 0 ) ]]; then
  mkdir -p "$kept"
  cp "$work/new"/* "$kept/"
  echo "== kept $(ls "$work/new" | wc -l) new input(s) in $kept/ (the next run starts from them; not committed)"
fi

if [[ $target == differential && $merge == 1 && -n $(ls "$work/new") ]]; then
  echo "== merging new inputs that add coverage into $pack (--merge: a tracked file changes)"
  SWIFT_BACKTRACE=enable=no "$fuzzer" -merge=1 "$work/merged" "$work/seeds" "$work/new" >>"$work/fuzz.log" 2>&1
  if [[ -f $pack ]]; then
    "$windowlab" corpus merge "$pack" "$work/merged" -o "$pack"
  else
    "$windowlab" corpus pack "$work/merged" -o "$pack"
  fi
fi

crashes=("$work"/artifacts/crash-* "$work"/artifacts/timeout-* "$work"/artifacts/oom-*)
found=0
for crash in "${crashes[@]}"; do
  [[ -f $crash ]] || continue
  found=$((found + 1))
  hash=$(sha1sum < "$crash" | cut -d" " -f1)
  case "$target" in
    differential) dir=corpus/regressions ;;
    *) dir=corpus/regressions/$target ;;
  esac
  mkdir -p "$dir"
  cp "$crash" "$dir/$hash.tmp" && mv "$dir/$hash.tmp" "$dir/$hash"
  echo "== $(basename "$crash"): regression input $dir/$hash"
  if [[ $target == differential ]]; then
    mkdir -p fuzz-findings
    "$windowlab" corpus shrink "$dir/$hash" -o "fuzz-findings/$hash.wls" || true
  fi
done
if ((found)); then
  echo "== $found crash(es); see corpus/regressions/ and fuzz-findings/ (fuzzer log kept in fuzz-findings/$product.log)"
  mkdir -p fuzz-findings && cp "$work/fuzz.log" "fuzz-findings/$product.log"
  exit 1
fi
if ((status != 0)); then
  echo "== the fuzzer exited with status $status but left no artifact; log:" >&2
  tail -n 30 "$work/fuzz.log" >&2
  exit 1
fi
if ((idle)); then echo "== no crash, and nothing was mutated"; else echo "== no crash"; fi
