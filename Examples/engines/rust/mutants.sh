#!/usr/bin/env bash
# Builds rwindows and each of its planted bugs (mutants), runs a checker on each,
# and says which mutants the checker caught. The clean engine must pass (exit 0),
# every mutant must fail (exit 1). See README.md beside this file for the list.
set -euo pipefail

usage() {
    cat <<'EOF'
usage: Examples/engines/rust/mutants.sh [options]

Builds the clean engine and every mutant (`#[cfg(bug = "NAME")]` in the sources)
into the work folder, then runs the checker on each:

  "$WINDOWLAB" check --engine exec:BINARY --time TIME --seed SEED --examples none
      --corpus none --failures none --out WORK/findings-NAME --jobs 1

expecting exit status 0 for the clean engine and 1 for each mutant. Prints
`caught NAME in Ns` or `MISSED NAME` per mutant; exits 1 if a mutant is missed or
the clean engine is not clean.

options:
  --time SECONDS       campaign time per engine (default: $TIME or 60)
  --seed N             campaign seed (default: $SEED or 1)
  --only NAME          run only this mutant (repeatable); the clean engine still runs
  --x11                check the engines in their X11 dialect (`rwindows --x11`: integer
                       numbers, 16-bit limits, unsupported answers, W8 K1 K2 T4)
  --no-clean           do not run the clean engine (it is still built)
  --stop-on-finding    pass --stop-on-finding to check: stop at the first divergence
  --command CMD        run CMD (with bash -c) instead of the check above; it sees
                       ENGINE (binary), NAME (mutant or `clean`), OUT (findings
                       folder), TIME, SEED and WINDOWLAB in its environment
                       (default: $RWINDOWS_CHECK when set)
  --list               print the mutant names and exit
  -h, --help           this text

environment:
  WINDOWLAB       the windowlab binary (default: .build-release/release/windowlab)
  RWINDOWS_WORK   build and findings folder (default: .build-rwindows/ in the repo)
  RUSTC           the Rust compiler (default: rustc)
EOF
}

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../../.." && pwd)"
cd "$repo"

TIME="${TIME:-60}"
SEED="${SEED:-1}"
WINDOWLAB="${WINDOWLAB:-.build-release/release/windowlab}"
WORK="${RWINDOWS_WORK:-$repo/.build-rwindows}"
RUSTC="${RUSTC:-rustc}"
COMMAND="${RWINDOWS_CHECK:-}"
only=()
run_clean=1
stop_on_finding=0
list_only=0
mode=()

while [ $# -gt 0 ]; do
    case "$1" in
        --time) TIME="${2:?--time needs a value}"; shift 2 ;;
        --seed) SEED="${2:?--seed needs a value}"; shift 2 ;;
        --only) only+=("${2:?--only needs a name}"); shift 2 ;;
        --no-clean) run_clean=0; shift ;;
        --x11) mode=(--x11); shift ;;
        --stop-on-finding) stop_on_finding=1; shift ;;
        --command) COMMAND="${2:?--command needs a value}"; shift 2 ;;
        --list) list_only=1; shift ;;
        -h|--help) usage; exit 0 ;;
        *) echo "mutants.sh: unknown argument '$1'" >&2; usage >&2; exit 64 ;;
    esac
done

# The mutants are whatever the sources plant: every `bug = "NAME"` cfg.
mapfile -t all_mutants < <(grep -ho 'bug = "[a-z0-9-]*"' "$here"/*.rs | sed 's/bug = "\(.*\)"/\1/' | sort -u)
if [ "$list_only" = 1 ]; then
    printf '%s\n' "${all_mutants[@]}"
    exit 0
fi
if [ ${#only[@]} -gt 0 ]; then
    for name in "${only[@]}"; do
        if ! printf '%s\n' "${all_mutants[@]}" | grep -qx -- "$name"; then
            echo "mutants.sh: no mutant '$name' (see --list)" >&2
            exit 64
        fi
    done
    mutants=("${only[@]}")
else
    mutants=("${all_mutants[@]}")
fi

if [ -z "$COMMAND" ] && [ ! -x "$WINDOWLAB" ]; then
    echo "mutants.sh: no windowlab at '$WINDOWLAB' (build it, or set WINDOWLAB)" >&2
    exit 64
fi
mkdir -p "$WORK"
WORK="$(cd "$WORK" && pwd)"

build() {  # build NAME OUTPUT [CFG...]
    local name="$1" output="$2"
    shift 2
    if ! "$RUSTC" --edition 2021 -O "$@" -o "$output" "$here/main.rs" 2>"$WORK/build-$name.log"; then
        echo "mutants.sh: building $name failed:" >&2
        cat "$WORK/build-$name.log" >&2
        exit 2
    fi
}

# Runs the checker on one binary; sets `status` and `elapsed`.
check() {  # check NAME BINARY
    local name="$1" binary="$2" out="$WORK/findings-$1" started
    rm -rf "$out"
    started=$(date +%s)
    set +e
    if [ -n "$COMMAND" ]; then
        ENGINE="$binary${mode[@]+ ${mode[*]}}" NAME="$name" OUT="$out" TIME="$TIME" SEED="$SEED" WINDOWLAB="$WINDOWLAB" \
            bash -c "$COMMAND" >"$WORK/check-$name.log" 2>&1
    else
        local extra=()
        if [ "$stop_on_finding" = 1 ]; then extra+=(--stop-on-finding); fi
        "$WINDOWLAB" check --engine "exec:$binary${mode[@]+ ${mode[*]}}" --time "$TIME" --seed "$SEED" \
            --examples none --corpus none --failures none --out "$out" --jobs 1 \
            ${extra[@]+"${extra[@]}"} >"$WORK/check-$name.log" 2>&1
    fi
    status=$?
    set -e
    elapsed=$(( $(date +%s) - started ))
}

build clean "$WORK/rwindows"
for name in "${mutants[@]}"; do
    build "$name" "$WORK/rwindows-$name" --cfg "bug=\"$name\""
done

failed=0
if [ "$run_clean" = 1 ]; then
    check clean "$WORK/rwindows"
    if [ "$status" = 0 ]; then
        echo "clean rwindows in ${elapsed}s"
    else
        echo "NOT CLEAN rwindows (exit $status; see $WORK/check-clean.log)"
        failed=1
    fi
fi

caught=0
for name in "${mutants[@]}"; do
    check "$name" "$WORK/rwindows-$name"
    if [ "$status" = 1 ]; then
        echo "caught $name in ${elapsed}s"
        caught=$((caught + 1))
    else
        echo "MISSED $name (exit $status; see $WORK/check-$name.log)"
        failed=1
    fi
done
echo "$caught of ${#mutants[@]} mutants caught"
exit "$failed"
