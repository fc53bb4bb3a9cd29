#!/usr/bin/env bash
# Every cause in one in-process run: an example engine with its planted bugs built in
# together is fuzzed in process with WINDOWLAB_FUZZ_KEEP_GOING=1 from the bundled corpus;
# each new cause is shrunk and written, the run goes on, and at its end says one line per
# cause. Each written finding is then replayed on engines carrying one of the bugs alone
# (scripts/many-bugs/attribute.py, as for `check`): the run must show at least
# --min-share of the bugs, none by more than --max-groups findings.
# --runs N ends the run after N inputs instead of --time seconds: the same seed then makes
# the same inputs and findings on any machine at any load (what CI runs; a timed run's
# count of findings grows with what the seconds allowed). For the same reason each cause is
# shrunk with a budget of 600 s (WINDOWLAB_FUZZ_SHRINK) rather than the target's 10, which a
# loaded machine can cut short: a shrink ends on its own long before.
#
#   scripts/in-process/keep-going.sh [--engine c|rust] [--time 120 | --runs N] [--seed 1]
#                                    [--min-share 0.9] [--max-groups 2] [--work DIR] [--json FILE]
#
# --json FILE: attribute.py's tally as JSON (findings, bugs, each bug's findings, missed).
#
# c: Examples/engines/c (or the copy at $C_ENGINE) with its `#ifdef BUG_*` bugs
#   (fuzz/fuzz_cwindows.c).
# rust: Examples/engines/rust with its `bug = "..."` bugs that can coexist (all but
#   `show-at-back`, as scripts/many-bugs/run.sh), through fuzz/lib.rs and fuzz_rwindows.c.
#
# Environment: WINDOWLAB (default .build/release/windowlab), WINDOWLAB_ORACLE_BUILD (where
# libWindowLabOracle.a is; default .build/release), CLANG (default clang), CC (default cc),
# RUSTC (default rustc), C_ENGINE (a copy of Examples/engines/c with other bugs). Exit:
# attribute.py's (0 PASS, 1 FAIL); 1 too when the run did not end with exit 1 and its
# causes; 2 when something cannot be built.
set -euo pipefail
cd "$(dirname "$0")/../.."
engine=c time=120 runs="" seed=1 share=0.9 groups=2 work="" json=()
while (($#)); do
  case "$1" in
    --engine) engine=$2; shift 2 ;;
    --time) time=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    --min-share) share=$2; shift 2 ;;
    --max-groups) groups=$2; shift 2 ;;
    --work) work=$2; shift 2 ;;
    --json) json=(--json "$(realpath -m "$2")"); shift 2 ;;
    -h|--help) sed -n '2,28p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "keep-going.sh: unknown argument '$1' (see --help)" >&2; exit 64 ;;
  esac
done
windowlab=$(realpath -m "${WINDOWLAB:-.build/release/windowlab}")
[[ -x $windowlab ]] || { echo "keep-going.sh: no windowlab at $windowlab (set WINDOWLAB)" >&2; exit 2; }
work=$(realpath -m "${work:-.build-in-process/keep-going-$engine}")
rm -rf "$work" && mkdir -p "$work/seeds" "$work/corpus" "$work/bin" "$work/findings"
flags=$(scripts/oracle/link-flags.sh) || exit 2
clang=${CLANG:-clang}

case "$engine" in
  c)
    cc=${CC:-cc}
    c_dir=${C_ENGINE:-Examples/engines/c}
    mapfile -t bugs < <(grep -ho 'BUG_[A-Z0-9_]*' "$c_dir/engine.c" | sed 's/^BUG_//' | sort -u)
    target=fuzz_cwindows
    build_target() {  # all bugs together, in process
      local defines=(); for bug in "${bugs[@]}"; do defines+=("-DBUG_$bug"); done
      # shellcheck disable=SC2086  # the flags are words
      "$clang" -fsanitize=fuzzer -std=c11 -O2 -ffp-contract=off -DCWINDOWS_NO_MAIN "${defines[@]}" \
        -o "$work/$target" "$c_dir/fuzz/fuzz_cwindows.c" "$c_dir/engine.c" \
        "$c_dir/protocol.c" $flags 2>"$work/link.log" || { cat "$work/link.log" >&2; return 1; }
    }
    build_alone() { "$cc" -std=c11 -O2 "-DBUG_$1" -o "$work/bin/$1" "$c_dir"/*.c -lm; } ;;
  rust)
    command -v "${RUSTC:-rustc}" >/dev/null || export PATH="$PATH:$HOME/.cargo/bin"
    rustc=${RUSTC:-rustc}
    mapfile -t bugs < <(grep -ho 'bug = "[a-z0-9-]*"' Examples/engines/rust/*.rs | sed 's/bug = "\(.*\)"/\1/' \
      | sort -u | grep -vx show-at-back)
    target=fuzz_rwindows
    build_target() {
      local cfgs=(); for bug in "${bugs[@]}"; do cfgs+=(--cfg "bug=\"$bug\""); done
      scripts/in-process/rust-fuzz-target.sh "$work" "${cfgs[@]}"
    }
    build_alone() { "$rustc" --edition 2021 -O --cfg "bug=\"$1\"" -o "$work/bin/$1" Examples/engines/rust/main.rs 2>/dev/null; } ;;
  *) echo "keep-going.sh: --engine c or --engine rust" >&2; exit 64 ;;
esac

for pack in corpus/*.wlpack; do "$windowlab" corpus unpack "$pack" -o "$work/seeds" >/dev/null; done
if [[ -n $runs ]]; then bound=(-runs="$runs") length="$runs inputs"; else bound=(-max_total_time="$time") length="${time}s"; fi
echo "== $target with all ${#bugs[@]} planted bugs, WINDOWLAB_FUZZ_KEEP_GOING=1, $length from $(ls "$work/seeds" | wc -l) seeds (seed $seed)"
build_target || exit 2
for bug in "${bugs[@]}"; do build_alone "$bug" || exit 2; done
set +e
(cd "$work" && SWIFT_BACKTRACE=enable=no SWIFT_DETERMINISTIC_HASHING=1 WINDOWLAB_FUZZ_SHRINK="${WINDOWLAB_FUZZ_SHRINK:-600}" WINDOWLAB_FUZZ_KEEP_GOING=1 WINDOWLAB_FUZZ_FINDINGS="$work/findings" \
  "./$target" "${bound[@]}" -reload=0 -seed="$seed" "$work/corpus" "$work/seeds" >"$work/fuzz.log" 2>&1)
status=$?
set -e
grep -E "^windowlab: ([0-9]+ cause|cause [0-9]+: [0-9]+ input)" "$work/fuzz.log" || true
if ((status != 1)) || ! grep -q "cause(s) of difference in this run" "$work/fuzz.log"; then
  echo "keep-going.sh: the run ended with exit $status, not 1 with its causes; log: $work/fuzz.log" >&2
  tail -5 "$work/fuzz.log" >&2
  exit 1
fi
if (($(grep -c "^windowlab: cause [0-9]*: [0-9]* input" "$work/fuzz.log") > 1)) \
  && ! grep -q "^windowlab: [0-9]* causes need not be [0-9]* bugs" "$work/fuzz.log"; then
  echo "keep-going.sh: the run found several causes but did not say that one bug can be two of them; log: $work/fuzz.log" >&2
  exit 1
fi

echo "== each finding replayed on each single-bug engine"
engines=(); for bug in "${bugs[@]}"; do engines+=(--engine "$bug=exec:$work/bin/$bug"); done
python3 scripts/many-bugs/attribute.py --windowlab "$windowlab" --findings "$work/findings" "${engines[@]}" \
  --min-share "$share" --max-groups "$groups" "${json[@]}"
