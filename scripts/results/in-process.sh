#!/usr/bin/env bash
# The C example engine fuzzed in process (Examples/engines/c/fuzz, the oracle linked
# beside it) against the same engine through `--engine exec:`, same run, same machine,
# and writes docs/results/in-process-fuzzing.md:
#   1. the bundled corpus (unpacked, each input once) replayed both ways: inputs and
#      commands per second;
#   2. --time seconds of fuzzing from nothing both ways (libFuzzer with the oracle;
#      `windowlab check --jobs 1 --profile small --examples none --corpus none`):
#      executions (inputs or generated cases) and commands per second;
#   3. time to each bug both ways, one at a time, from the bundled corpus and from nothing
#      (at most --time seconds each; seed 1 both ways): the example's 8 planted bugs and
#      the bugs written for this measurement only (scripts/results/measured-bugs/
#      c-engine.patch, applied to a copy of the engine; no seed or test was made for them);
#   4. all of them built in together, each way for --together seconds on one core: the
#      in-process target keeping going (WINDOWLAB_FUZZ_KEEP_GOING=1, scripts/in-process/
#      keep-going.sh) against `windowlab check --jobs 1` with its defaults
#      (scripts/many-bugs/run.sh --with-corpus); each finding attributed by replaying it on
#      the single-bug engines.
#
#   scripts/results/in-process.sh [--time 60] [--together 120] [--runs 3] [--out FILE]
#
# Environment: WINDOWLAB (default .build/release/windowlab, built when missing),
# WINDOWLAB_ORACLE_BUILD (where libWindowLabOracle.a is built; default .build/release), CLANG, CC.
set -euo pipefail
cd "$(dirname "$0")/../.."
time=60 together=120 runs=3 out=docs/results/in-process-fuzzing.md
while (($#)); do
  case "$1" in
    --time) time=$2; shift 2 ;;
    --together) together=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    -h|--help) sed -n '2,24p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "in-process.sh: unknown argument '$1' (see --help)" >&2; exit 64 ;;
  esac
done
windowlab=${WINDOWLAB:-.build/release/windowlab}
[[ -x $windowlab ]] || swift build -c release --product windowlab >&2
windowlab=$(realpath "$windowlab")
oracle_build=${WINDOWLAB_ORACLE_BUILD:-.build/release}
swift build -c release --product WindowLabOracle --scratch-path "$(dirname "$oracle_build")" >&2
export WINDOWLAB_ORACLE_BUILD=$oracle_build
clang=${CLANG:-clang} cc=${CC:-cc}
work=$(realpath -m .build-results/in-process)
rm -rf "$work" && mkdir -p "$work/seeds" "$work/bin"
cp -r Examples/engines/c "$work/c"   # the example, and the measurement's bugs beside its own
patch -s -o "$work/c/engine.c" Examples/engines/c/engine.c scripts/results/measured-bugs/c-engine.patch
flags=$(scripts/oracle/link-flags.sh)
for pack in corpus/*.wlpack; do "$windowlab" corpus unpack "$pack" -o "$work/seeds" >/dev/null; done
"$windowlab" corpus pack "$work/seeds" -o "$work/seeds.wlpack" >/dev/null
seeds=$(ls "$work/seeds" | wc -l)
mapfile -t planted < <(grep -ho 'BUG_[A-Z0-9_]*' Examples/engines/c/engine.c | sed 's/^BUG_//' | sort -u)
mapfile -t measured < <(grep -ho 'BUG_[A-Z0-9_]*' "$work/c/engine.c" | sed 's/^BUG_//' | sort -u \
  | grep -vxF -f <(printf '%s\n' "${planted[@]}"))
bugs=("${planted[@]}" "${measured[@]}")
build() {  # build NAME [-DBUG_X]: fuzz target and protocol binary, by the README's commands
  local name=$1; shift
  # shellcheck disable=SC2086
  "$clang" -fsanitize=fuzzer -std=c11 -O2 -ffp-contract=off -DCWINDOWS_NO_MAIN "$@" -o "$work/bin/fuzz-$name" \
    "$work/c/fuzz/fuzz_cwindows.c" "$work/c/engine.c" "$work/c/protocol.c" $flags 2>/dev/null
  "$cc" -std=c11 -O2 -Wall -Wextra "$@" -o "$work/bin/cwindows-$name" "$work/c"/*.c -lm
}
build clean
for bug in "${bugs[@]}"; do build "$bug" "-DBUG_$bug"; done
now() { date +%s.%N; }
since() { python3 -c "print(f'{$(now) - $1:.2f}')"; }
ratio() { python3 -c "print(f'{$1 / $2:.2f}')"; }
rate() { python3 -c "print(f'{$1 / $2:.0f}')"; }
median() { printf '%s\n' "$@" | sort -g | sed -n "$(( ($# + 1) / 2 ))p"; }

echo "== 1. replaying the $seeds inputs of the bundled corpus, $runs runs each way" >&2
in_inputs=() in_commands=() ex_inputs=() ex_commands=()
for ((i = 1; i <= runs; i++)); do
  stats=$(cd "$work" && WINDOWLAB_FUZZ_STATS=1 "$work/bin/fuzz-clean" -runs=0 "$work/seeds" 2>&1 | grep '^windowlab: [0-9]* inputs')
  read -r n m s < <(sed -E 's/windowlab: ([0-9]+) inputs, ([0-9]+) commands in ([0-9.]+) s.*/\1 \2 \3/' <<<"$stats")
  in_inputs+=("$(rate "$n" "$s")") in_commands+=("$(rate "$m" "$s")")
  started=$(now)
  line=$("$windowlab" corpus replay "$work/seeds.wlpack" --engine "exec:$work/bin/cwindows-clean" 2>&1 | grep '^replay: ')
  s=$(since "$started")
  read -r n m < <(sed -E 's/replay: ([0-9]+) entries, ([0-9]+) commands.*/\1 \2/' <<<"$line")
  ex_inputs+=("$(rate "$n" "$s")") ex_commands+=("$(rate "$m" "$s")")
  echo "   run $i: in process ${in_inputs[-1]} inputs/s ${in_commands[-1]} commands/s; exec ${ex_inputs[-1]} inputs/s ${ex_commands[-1]} commands/s" >&2
done

echo "== 2. fuzzing ${time}s from nothing, each way" >&2
mkdir -p "$work/empty"
stats=$(cd "$work" && WINDOWLAB_FUZZ_STATS=1 "$work/bin/fuzz-clean" -max_total_time="$time" -seed=1 "$work/empty" 2>&1 \
  | grep '^windowlab: [0-9]* inputs')
read -r fn fm fs < <(sed -E 's/windowlab: ([0-9]+) inputs, ([0-9]+) commands in ([0-9.]+) s.*/\1 \2 \3/' <<<"$stats")
summary=$("$windowlab" check --engine "exec:$work/bin/cwindows-clean" --time "$time" --seed 1 --jobs 1 --profile small \
  --examples none --corpus none --failures none --out "$work/check-clean" 2>&1 | grep '^check: ')
read -r cn cm < <(sed -E 's/.* ([0-9]+) generated cases, ([0-9]+) commands.*/\1 \2/' <<<"$summary")

echo "== 3. time to each bug, one at a time, at most ${time}s" >&2
rows=()
for bug in "${bugs[@]}"; do
  cells=()
  for from in corpus nothing; do
    dir=$work/$bug-$from && mkdir -p "$dir/corpus"
    extra=() && [[ $from == corpus ]] && extra=("$work/seeds")
    started=$(now)
    (cd "$dir" && "$work/bin/fuzz-$bug" -max_total_time="$time" -seed=1 -artifact_prefix="$dir/" "$dir/corpus" "${extra[@]}" \
      >"$dir/fuzz.log" 2>&1) || true
    wall=$(since "$started")
    crash=$(grep -aoE "found at input [0-9]+ of this process, [0-9.]+ s" "$dir/fuzz.log" | head -n 1 || true)
    if [[ -n $crash ]]; then
      cells+=("$(sed -E 's/.* ([0-9.]+) s$/\1/' <<<"$crash") s (input $(sed -E 's/found at input ([0-9]+).*/\1/' <<<"$crash")), ${wall} s")
    else
      cells+=("not in ${time} s")
    fi
    none=() && [[ $from == nothing ]] && none=(--examples none --corpus none)
    started=$(now)
    "$windowlab" check --engine "exec:$work/bin/cwindows-$bug" --stop-on-finding --time "$time" --seed 1 --jobs 1 \
      --failures none "${none[@]}" --out "$dir/findings" >"$dir/check.log" 2>&1 || true
    wall=$(since "$started")
    if ls "$dir"/findings/*.wls >/dev/null 2>&1; then cells+=("${wall} s"); else cells+=("not in ${time} s"); fi
  done
  written="the example" && [[ " ${measured[*]} " == *" $bug "* ]] && written="this measurement"
  rows+=("| \`BUG_$bug\` | $written | ${cells[0]} | ${cells[1]} | ${cells[2]} | ${cells[3]} |")
  echo "   $bug: ${cells[*]}" >&2
done

echo "== 4. all ${#bugs[@]} bugs together, ${together}s each way" >&2
together_run() {  # together_run NAME COMMAND...: the run and its attribution, into $work/NAME.log
  local name=$1; shift
  C_ENGINE="$work/c" WINDOWLAB="$windowlab" "$@" --work "$work/$name" >"$work/$name.log" 2>&1 || true
  grep -q '^findings: ' "$work/$name.log" || { echo "in-process.sh: $name gave no attribution; see $work/$name.log" >&2; exit 1; }
}
together_cells() {  # bugs shown (of the example's, of the measurement's), findings, most for one bug, missed, wall
  local log=$work/$1.log shown=0 mine=0 most=0 n name count
  for bug in "${bugs[@]}"; do
    n=$(sed -nE "s/^  $bug: ([0-9]+) finding.*/\1/p" "$log")
    ((n > most)) && most=$n
    ((n > 0)) || continue
    if [[ " ${measured[*]} " == *" $bug "* ]]; then mine=$((mine + 1)); else shown=$((shown + 1)); fi
  done
  count=$(sed -nE 's/^findings: ([0-9]+);.*/\1/p' "$log")
  name=$(sed -nE 's/^  missed: (.*)/\1/p' "$log")
  echo "$((shown + mine)) of ${#bugs[@]} | $shown of ${#planted[@]} | $mine of ${#measured[@]} | $count | $most | ${name:-none}"
}
together_run together-in scripts/in-process/keep-going.sh --engine c --time "$together" --seed 1 --min-share 0 --max-groups 1000
together_run together-check scripts/many-bugs/run.sh --engine c --time "$together" --seed 1 --jobs 1 --with-corpus
in_row=$(together_cells together-in) check_row=$(together_cells together-check)
in_causes=$(sed -nE 's/^windowlab: ([0-9]+) cause\(s\) of difference.*/\1/p' "$work/together-in/fuzz.log")
echo "   in process: $in_row; check: $check_row" >&2

caught() {  # caught COLUMN SET...: how many rows of those bugs have a time in that column (1-4)
  local column=$1 n=0; shift
  for bug in "$@"; do
    for row in "${rows[@]}"; do
      [[ $row == "| \`BUG_$bug\` "* ]] || continue
      cell=$(awk -F' [|] ' -v c=$((column + 2)) '{print $c}' <<<"$row")
      [[ $cell == not* ]] || n=$((n + 1))
    done
  done
  echo "$n"
}
headline=()
for column in 1 2 3 4; do headline+=("$(caught "$column" "${planted[@]}") + $(caught "$column" "${measured[@]}")"); done

mi=$(median "${in_inputs[@]}") mc=$(median "${in_commands[@]}") ei=$(median "${ex_inputs[@]}") ec=$(median "${ex_commands[@]}")
tmp=$out.tmp-$$
cat >"$tmp" <<MD
# The C engine fuzzed in process against the same engine through \`--engine exec:\`

Written by \`scripts/results/in-process.sh --time $time --together $together --runs $runs\` on $(date -u +%Y-%m-%d), at commit
$(git rev-parse --short HEAD), on $(nproc) cores ($(uname -m); load average $(cut -d' ' -f1-3 /proc/loadavg) at the end).
Both ways run the same engine (\`Examples/engines/c\`, built by its README's commands, the
fuzz target by \`Examples/engines/c/fuzz/README.md\`'s) against the reference model, compared
command by command with snapshots and invariants after each: in process, libFuzzer calls
the oracle (\`libWindowLabOracle.a\`), which calls the engine's protocol code through a C
callback; through \`exec:\`, \`windowlab\` writes the same requests down a pipe to the
engine's process, batched.

**Headline.** One bug at a time, within $time s (§3), of the example's ${#planted[@]} planted bugs + the
${#measured[@]} written for this measurement only (no seed or test was made for them; one, \`BUG_FRONT_SWAPS\`,
showed the generator a blind spot, mended before this run: docs/mutants.md):
in process from the bundled corpus **${headline[0]}** caught, \`check\` through \`exec:\` from the
corpus **${headline[1]}**; from nothing, in process ${headline[2]}, \`check\` ${headline[3]}. All
${#bugs[@]} built in together, $together s each on one core (§4): in process, keeping going, showed
**$(cut -d'|' -f1 <<<"$in_row" | xargs)**; \`check\` **$(cut -d'|' -f1 <<<"$check_row" | xargs)**.

## 1. The same inputs: the bundled corpus replayed

The $seeds distinct inputs of \`corpus/*.wlpack\`, each run once: in process
\`fuzz_cwindows -runs=0 SEEDS\` (rates from the oracle's \`WINDOWLAB_FUZZ_STATS=1\` line: first
input to exit), through \`exec:\` \`windowlab corpus replay SEEDS.wlpack --engine exec:cwindows\`
(wall time, start-up included). Median of $runs runs (each run: ${in_commands[*]} and ${ex_commands[*]} commands/s).

| way | inputs/s | commands/s |
|---|---|---|
| in process | $mi | $mc |
| \`--engine exec:\` | $ei | $ec |

In process to exec: **$(ratio "$mc" "$ec")x** the commands per second.

## 2. Fuzzing from nothing for $time s

In process: \`fuzz_cwindows -max_total_time=$time -seed=1 EMPTY\` (libFuzzer, the structure-aware
mutator, one process). Through \`exec:\`: \`windowlab check --engine exec:cwindows --time $time --seed 1
--jobs 1 --profile small --examples none --corpus none\` (generated cases of the small profile, at most
10 windows, the nearest to a fuzz input's 64; the engine in a second process).

| way | executions | per second | commands | commands/s |
|---|---|---|---|---|
| in process (inputs) | $fn | $(rate "$fn" "$fs") | $fm | $(rate "$fm" "$fs") |
| \`--engine exec:\` (cases) | $cn | $(rate "$cn" "$time") | $cm | $(rate "$cm" "$time") |

An execution is not the same size both ways (a fuzz input holds at most 512 commands; a
small case about 150): commands per second compare the work. Most of it, both ways, is
the reference model and the comparison (invariants after every command): the engine's
own share is small, so neither route is much faster per command; what the in-process
route adds is libFuzzer's coverage of the engine's code.

## 3. Time to each bug, one at a time

Each of the C engine's planted bugs (\`-DBUG_NAME\`, Examples/engines/c/README.md) and each
bug written for this measurement (\`scripts/results/measured-bugs/c-engine.patch\`, applied to a
copy of the engine; the bundled corpus and the tests were not changed for them, and the
generator only for the blind spot \`BUG_FRONT_SWAPS\` showed, docs/mutants.md), seed 1, at most $time s. In process: the seconds from the first input to the crash (the oracle's
report says it) and the process's wall time (libFuzzer reading the corpus, and shrinking
in process, included). Through \`exec:\`: the wall time of \`windowlab check --stop-on-finding
--seed 1 --jobs 1\` (from the corpus: its replays first; from nothing: \`--examples none
--corpus none\`), which ends once a divergence is shrunk and saved.

| bug | written for | in process, from the corpus | exec, from the corpus | in process, from nothing | exec, from nothing |
|---|---|---|---|---|---|
$(printf '%s\n' "${rows[@]}")

From the bundled corpus, libFuzzer reaches most bugs while it replays the seeds (an input
number below the $seeds seeds), the others by mutating them. From nothing, \`check\`'s
generator, weighted toward the rules' edges (alpha 0.01, shared edges, zero sizes),
finds every bug in its first cases; libFuzzer, from an empty corpus, has to build such
states by mutation, and some take longer than the run. Runs from nothing vary from one run
of this script to the next: libFuzzer's seed fixes its choices, but it rereads its corpus
folder every second and stops on the clock, so a long run is not repeated exactly (the
bugs it finds within a second are).

## 4. All ${#bugs[@]} bugs built in together

One engine with every bug of §3 built in, each way for $together s on one core, seed 1. In process:
\`scripts/in-process/keep-going.sh --engine c --time $together\` (\`fuzz_cwindows\` from the bundled
corpus with \`WINDOWLAB_FUZZ_KEEP_GOING=1\`: each new cause shrunk and written, the run goes on; it
ended with $in_causes causes). Through \`exec:\`: \`scripts/many-bugs/run.sh --engine c --time $together --jobs 1
--with-corpus\` (\`windowlab check\` with its defaults: the examples, the corpus, then generated
cases). Each saved finding is then replayed on engines that carry one of the bugs alone
(\`scripts/many-bugs/attribute.py\`): a bug is *shown* when a finding diverges on its engine
alone at the finding's own diverging statement.

| way | bugs shown | of the example's | of this measurement's | findings | most for one bug | missed |
|---|---|---|---|---|---|---|
| in process, keeping going | $in_row |
| \`check\` through \`exec:\` | $check_row |

*Most for one bug* counts the findings whose scenario diverges on that bug's engine alone:
a bug that confuses touch ids (\`BUG_IDS_BY_NUMBER\`) diverges on every scenario that
holds two ids it confuses, whatever statement shows it (a began ignored, a cancellation
missing at a hide, a removal or a placement), and both ways group by the statement and
its rule outcomes, so such a bug is reported in several groups (issue 42, point 3).
MD
mv "$tmp" "$out"
echo "wrote $out" >&2
