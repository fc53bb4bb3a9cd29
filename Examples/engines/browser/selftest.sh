#!/usr/bin/env bash
# The browser adapter (browserwindows.py) against headless Chromium, as CI runs it:
#   1. the example scenarios run on it (statements it lacks features for are skipped);
#   2. a check from generated cases is clean under its declarations;
#   3. its planted bug (--bug screen-point: a hit's point in viewport coordinates) is
#      caught past them, as a hit/point group.
#
#   Examples/engines/browser/selftest.sh [--time 45] [--work DIR]
#
# Needs chromium (Debian's chromium); windowlab from .build/release (the README's
# commands) or $WINDOWLAB. Exit 0 when all three end as said.
set -euo pipefail
cd "$(dirname "$0")/../../.."
time=45 work=.build-release/browser
while (($#)); do
  case "$1" in
    --time) time=$2; shift 2 ;;
    --work) work=$2; shift 2 ;;
    -h|--help) sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "selftest.sh: unknown argument '$1' (see --help)" >&2; exit 64 ;;
  esac
done
windowlab=${WINDOWLAB:-.build/release/windowlab}
command -v chromium >/dev/null || command -v chromium-browser >/dev/null \
  || { echo "selftest.sh: no chromium (apt-get install chromium)" >&2; exit 2; }
engine="exec:python3 Examples/engines/browser/browserwindows.py"
# A DevTools round trip takes milliseconds, but a browser and a Python client sharing two
# loaded cores can stall for seconds: 30 s per answer before it counts as hung.
common=(--jobs 2 --corpus none --engine-timeout 30 --failures none --seed 1)
rm -rf "$work" && mkdir -p "$work"
fail() { echo "selftest.sh: FAIL: $*" >&2; exit 1; }

echo "== 1. the example scenarios in a real browser"
"$windowlab" run --engine "$engine" Examples/*.wls >"$work/run.log" 2>&1 || { tail -20 "$work/run.log" >&2; fail "windowlab run"; }
tail -n 1 "$work/run.log"

echo "== 2. check, ${time} s: clean under the declared dialect"
"$windowlab" check --engine "$engine" --time "$time" "${common[@]}" --out "$work/clean" | tee "$work/clean.log" \
  | grep -E "^(browserwindows|campaign|compared|check|FAIL)" || true
[[ ${PIPESTATUS[0]} == 0 ]] || fail "the adapter is not clean (above; $work/clean.log)"

echo "== 3. the planted bug (--bug screen-point) caught past the declarations"
set +e
"$windowlab" check --engine "$engine --bug screen-point" --time 120 --stop-on-finding "${common[@]}" \
  --examples none --out "$work/bug" >"$work/bug.log" 2>&1
status=$?
set -e
((status == 1)) || { tail -20 "$work/bug.log" >&2; fail "check exits $status on the planted bug, not 1"; }
grep -E "^  [0-9]+ x hit observations hit/point" "$work/bug.log" || { tail -20 "$work/bug.log" >&2; fail "no hit/point group"; }
echo "selftest.sh: ok"
