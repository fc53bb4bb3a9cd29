#!/usr/bin/env bash
# Many bugs at once: builds an example engine with its planted bugs all built in together,
# runs one `windowlab check` on it, and replays each saved finding on engines that carry
# one of those bugs alone (attribute.py): the check must show at least --min-share of the
# bugs, each by a finding that reproduces with that bug alone, in at most --max-groups
# findings each.
#
#   scripts/many-bugs/run.sh --engine rust|c [--time 60] [--seed 1] [--jobs 2] [--work DIR]
#                            [--json OUT] [--with-masking] [--with-corpus]
#                            [--max-groups 2] [--max-mean X] [--min-share 0.9]
#                            [-- EXTRA CHECK OPTIONS]
#
# rust: Examples/engines/rust, its `#[cfg(bug = "NAME")]` bugs. `show-at-back` is left
#   out unless --with-masking: it reverses every same-level order that `make-key-no-front`
#   and `same-level-reorders` need to be seen, so no case can show either while it is there
#   without showing it first (their findings then need both bugs to reproduce).
# c: Examples/engines/c (or the copy at $C_ENGINE), its `#ifdef BUG_NAME` bugs.
# --with-corpus: the check replays the bundled examples and corpus before it generates (its
#   defaults), instead of `--examples none --corpus none`.
# --max-groups, --max-mean, --min-share: attribute.py's bars (defaults 2, none, 0.9).
# A check bounded by cases (`-- --cases N` with a --time it does not reach) runs the same
# cases at any load (which of its two jobs shrinks a group first may still differ); one
# bounded by --time runs more cases on a faster machine, and may find more.
#
# Environment: WINDOWLAB (the windowlab binary, default .build-release/release/windowlab),
# RUSTC (default rustc), CC (default cc), C_ENGINE (a copy of Examples/engines/c). Exit
# status: attribute.py's (0 PASS, 1 FAIL), 2 when something cannot be built.
set -euo pipefail
cd "$(dirname "$0")/../.."
engine="" time=60 seed=1 jobs=2 work="" json="" masking=0 sources=(--examples none --corpus none) extra=() bars=()
while (($#)); do
  case "$1" in
    --engine) engine=$2; shift 2 ;;
    --time) time=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    --jobs) jobs=$2; shift 2 ;;
    --work) work=$2; shift 2 ;;
    --json) json=$2; shift 2 ;;
    --with-masking) masking=1; shift ;;
    --with-corpus) sources=(); shift ;;
    --max-groups|--max-mean|--min-share) bars+=("$1" "$2"); shift 2 ;;
    --) shift; extra=("$@"); break ;;
    -h|--help) sed -n '2,26p' "$0"; exit 0 ;;
    *) echo "many-bugs/run.sh: unknown argument '$1' (see --help)" >&2; exit 64 ;;
  esac
done
windowlab=${WINDOWLAB:-.build-release/release/windowlab}
[[ -x $windowlab ]] || { echo "many-bugs/run.sh: no windowlab at $windowlab (set WINDOWLAB)" >&2; exit 2; }
work=$(realpath -m "${work:-.build-many-bugs/$engine}")
mkdir -p "$work/bin"

bugs=()
case "$engine" in
  rust)
    command -v "${RUSTC:-rustc}" >/dev/null || export PATH="$PATH:$HOME/.cargo/bin"
    rustc=${RUSTC:-rustc}
    for bug in $(grep -ho 'bug = "[a-z0-9-]*"' Examples/engines/rust/*.rs | sed 's/bug = "\(.*\)"/\1/' | sort -u); do
      [[ $bug == show-at-back && $masking == 0 ]] && continue
      bugs+=("$bug")
    done
    build() {  # build OUT BUG...
      local out=$1; shift
      local cfgs=(); for b in "$@"; do cfgs+=(--cfg "bug=\"$b\""); done
      "$rustc" --edition 2021 -O "${cfgs[@]}" -o "$out" Examples/engines/rust/main.rs
    } ;;
  c)
    cc=${CC:-cc}
    c_dir=${C_ENGINE:-Examples/engines/c}
    mapfile -t bugs < <(grep -ho 'BUG_[A-Z0-9_]*' "$c_dir/engine.c" | sed 's/^BUG_//' | sort -u)
    build() {
      local out=$1; shift
      local defines=(); for b in "$@"; do defines+=("-DBUG_$b"); done
      "$cc" -std=c11 -O2 -Wall -Wextra "${defines[@]}" -o "$out" "$c_dir"/*.c -lm
    } ;;
  *) echo "many-bugs/run.sh: --engine rust or --engine c" >&2; exit 64 ;;
esac

echo "== building the $engine engine with ${#bugs[@]} bugs together, and each alone (in $work/bin)"
build "$work/bin/all" "${bugs[@]}" || exit 2
for bug in "${bugs[@]}"; do build "$work/bin/$bug" "$bug" & done
wait
for bug in "${bugs[@]}"; do [[ -x $work/bin/$bug ]] || { echo "cannot build $bug" >&2; exit 2; }; done

echo "== windowlab check on all ${#bugs[@]} at once: --time $time --seed $seed --jobs $jobs"
rm -rf "$work/findings"
set +e
"$windowlab" check --engine "exec:$work/bin/all" --time "$time" --seed "$seed" --jobs "$jobs" \
  "${sources[@]}" --failures none --out "$work/findings" "${extra[@]}" 2>&1 \
  | grep -Ev '^(finding|superseded): |^\[ ' | tee "$work/check.log"
set -e

echo "== each finding replayed on each single-bug engine"
engines=(); for bug in "${bugs[@]}"; do engines+=(--engine "$bug=exec:$work/bin/$bug"); done
python3 scripts/many-bugs/attribute.py --windowlab "$windowlab" --findings "$work/findings" "${engines[@]}" \
  ${json:+--json "$json"} "${bars[@]}"
