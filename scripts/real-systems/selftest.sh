#!/usr/bin/env bash
# What each real window system's selftest (Examples/engines/*/selftest.sh) runs once its
# own prerequisites are there, as CI runs it:
#   1. the example scenarios run on the adapter (statements it lacks features for are skipped);
#   2. a check from generated cases is clean under its declarations;
#   3. its planted bug (`--bug screen-point`: a hit's point in the wrong coordinates) is
#      caught past them, as a hit/point group.
#
#   scripts/real-systems/selftest.sh --name NAME --engine ENGINE --where TEXT --time S --work DIR
#
# NAME: the name the adapter's handshake gives; ENGINE: its `exec:` command; TEXT: how the
# first step's heading names the system ("on a real X server"). windowlab from
# .build/release (the README's commands) or $WINDOWLAB. Exit 0 when all three end as said.
set -euo pipefail
cd "$(dirname "$0")/../.."
name="" engine="" where="" time=45 work=""
while (($#)); do
  case "$1" in
    --name) name=$2; shift 2 ;;
    --engine) engine=$2; shift 2 ;;
    --where) where=$2; shift 2 ;;
    --time) time=$2; shift 2 ;;
    --work) work=$2; shift 2 ;;
    *) echo "selftest.sh: unknown argument '$1'" >&2; exit 64 ;;
  esac
done
[[ -n $name && -n $engine && -n $where && -n $work ]] || { echo "selftest.sh: --name, --engine, --where and --work" >&2; exit 64; }
windowlab=${WINDOWLAB:-.build/release/windowlab}
# A real system answers in milliseconds, but under a load of 2 a Python client and the
# system sharing two cores can stall for seconds: 30 s per answer before it counts as hung.
common=(--jobs 2 --corpus none --engine-timeout 30 --failures none --seed 1)
rm -rf "$work" && mkdir -p "$work"
fail() { echo "selftest.sh: FAIL: $*" >&2; exit 1; }

echo "== 1. the example scenarios $where"
"$windowlab" run --engine "$engine" Examples/*.wls >"$work/run.log" 2>&1 || { tail -20 "$work/run.log" >&2; fail "windowlab run"; }
tail -n 1 "$work/run.log"

echo "== 2. check, ${time} s: clean under the declared dialect"
# (Its status taken alone: under pipefail, `check | grep || true` would hide it.)
set +e
"$windowlab" check --engine "$engine" --time "$time" "${common[@]}" --out "$work/clean" >"$work/clean.log" 2>&1
status=$?
set -e
grep -E "^($name|campaign|compared|check|FAIL|  [0-9]+ x )" "$work/clean.log" || true
((status == 0)) || fail "check exits $status: the adapter is not clean (above; $work/clean.log)"

echo "== 3. the planted bug (--bug screen-point) caught past the declarations"
set +e
"$windowlab" check --engine "$engine --bug screen-point" --time 120 --stop-on-finding "${common[@]}" \
  --examples none --out "$work/bug" >"$work/bug.log" 2>&1
status=$?
set -e
((status == 1)) || { tail -20 "$work/bug.log" >&2; fail "check exits $status on the planted bug, not 1"; }
grep -E "^  [0-9]+ x hit observations hit/point" "$work/bug.log" || { tail -20 "$work/bug.log" >&2; fail "no hit/point group"; }
echo "selftest.sh: ok"
