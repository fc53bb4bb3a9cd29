#!/usr/bin/env bash
# The C example engine fuzzed in process (Examples/engines/c/fuzz, the oracle linked
# beside it) against the same engine through `--engine exec:`, same run, same machine,
# and writes docs/results/in-process-fuzzing.md:
#   1. the bundled corpus (unpacked, each input once) replayed both ways: inputs and
#      commands per second;
#   2. --time seconds of fuzzing from nothing both ways (libFuzzer with the oracle;
#      `windowlab check --jobs 1 --profile small --examples none --corpus none`):
#      executions (inputs or generated cases) and commands per second;
#   3. time to each of the 8 planted bugs both ways, from the bundled corpus and from
#      nothing (at most --time seconds each; seed 1 both ways).
#
#   scripts/results/in-process.sh [--time 60] [--runs 3] [--out FILE]
#
# Environment: WINDOWLAB (default .build/release/windowlab, built when missing), CLANG, CC.
set -euo pipefail
cd "$(dirname "$0")/../.."
time=60 runs=3 out=docs/results/in-process-fuzzing.md
while (($#)); do
  case "$1" in
    --time) time=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    -h|--help) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "in-process.sh: unknown argument '$1' (see --help)" >&2; exit 64 ;;
  esac
done
windowlab=${WINDOWLAB:-.build/release/windowlab}
[[ -x $windowlab ]] || swift build -c release --product windowlab >&2
windowlab=$(realpath "$windowlab")
swift build -c release --product WindowLabOracle >&2
clang=${CLANG:-clang} cc=${CC:-cc}
work=$(realpath -m .build-results/in-process)
rm -rf "$work" && mkdir -p "$work/seeds" "$work/bin"
flags=$(scripts/oracle/link-flags.sh)
for pack in corpus/*.wlpack; do "$windowlab" corpus unpack "$pack" -o "$work/seeds" >/dev/null; done
"$windowlab" corpus pack "$work/seeds" -o "$work/seeds.wlpack" >/dev/null
seeds=$(ls "$work/seeds" | wc -l)
mapfile -t bugs < <(grep -ho 'BUG_[A-Z0-9_]*' Examples/engines/c/engine.c | sed 's/^BUG_//' | sort -u)
build() {  # build NAME [-DBUG_X]: fuzz target and protocol binary, by the README's commands
  local name=$1; shift
  # shellcheck disable=SC2086
  "$clang" -fsanitize=fuzzer -std=c11 -O2 -ffp-contract=off -DCWINDOWS_NO_MAIN "$@" -o "$work/bin/fuzz-$name" \
    Examples/engines/c/fuzz/fuzz_cwindows.c Examples/engines/c/engine.c Examples/engines/c/protocol.c $flags 2>/dev/null
  "$cc" -std=c11 -O2 -Wall -Wextra "$@" -o "$work/bin/cwindows-$name" Examples/engines/c/*.c -lm
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

echo "== 3. time to each planted bug, at most ${time}s" >&2
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
  rows+=("| \`BUG_$bug\` | ${cells[0]} | ${cells[1]} | ${cells[2]} | ${cells[3]} |")
  echo "   $bug: ${cells[*]}" >&2
done

mi=$(median "${in_inputs[@]}") mc=$(median "${in_commands[@]}") ei=$(median "${ex_inputs[@]}") ec=$(median "${ex_commands[@]}")
tmp=$out.tmp-$$
cat >"$tmp" <<MD
# The C engine fuzzed in process against the same engine through \`--engine exec:\`

Written by \`scripts/results/in-process.sh --time $time --runs $runs\` on $(date -u +%Y-%m-%d), at commit
$(git rev-parse --short HEAD), on $(nproc) cores ($(uname -m); load average $(cut -d' ' -f1-3 /proc/loadavg) at the end).
Both ways run the same engine (\`Examples/engines/c\`, built by its README's commands, the
fuzz target by \`Examples/engines/c/fuzz/README.md\`'s) against the reference model, compared
command by command with snapshots and invariants after each: in process, libFuzzer calls
the oracle (\`libWindowLabOracle.a\`), which calls the engine's protocol code through a C
callback; through \`exec:\`, \`windowlab\` writes the same requests down a pipe to the
engine's process, batched.

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

## 3. Time to each planted bug

Each of the C engine's planted bugs (\`-DBUG_NAME\`, Examples/engines/c/README.md), seed 1,
at most $time s. In process: the seconds from the first input to the crash (the oracle's
report says it) and the process's wall time (libFuzzer reading the corpus, and shrinking
in process, included). Through \`exec:\`: the wall time of \`windowlab check --stop-on-finding
--seed 1 --jobs 1\` (from the corpus: its replays first; from nothing: \`--examples none
--corpus none\`), which ends once a divergence is shrunk and saved.

| bug | in process, from the corpus | exec, from the corpus | in process, from nothing | exec, from nothing |
|---|---|---|---|---|
$(printf '%s\n' "${rows[@]}")

From the bundled corpus, libFuzzer reaches most bugs while it replays the seeds (an input
number below the $seeds seeds), the others by mutating them. From nothing, \`check\`'s
generator, weighted toward the rules' edges (alpha 0.01, shared edges, zero sizes),
finds every bug in its first cases; libFuzzer, from an empty corpus, has to build such
states by mutation, and some take longer than the run. Runs from nothing vary from one run
of this script to the next: libFuzzer's seed fixes its choices, but it rereads its corpus
folder every second and stops on the clock, so a long run is not repeated exactly (the
bugs it finds within a second are).
MD
mv "$tmp" "$out"
echo "wrote $out" >&2
