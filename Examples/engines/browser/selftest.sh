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
# commands) or $WINDOWLAB. Exit 0 when all three end as said. The steps are
# scripts/real-systems/selftest.sh's, shared with the other real systems' selftests.
set -euo pipefail
cd "$(dirname "$0")/../../.."
time=45 work=.build-release/browser
while (($#)); do
  case "$1" in
    --time) time=$2; shift 2 ;;
    --work) work=$2; shift 2 ;;
    -h|--help) sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "selftest.sh: unknown argument '$1' (see --help)" >&2; exit 64 ;;
  esac
done
command -v chromium >/dev/null || command -v chromium-browser >/dev/null \
  || { echo "selftest.sh: no chromium (apt-get install chromium)" >&2; exit 2; }
exec scripts/real-systems/selftest.sh --name browserwindows --engine "exec:python3 Examples/engines/browser/browserwindows.py" \
  --where "in a real browser" --time "$time" --work "$work"
