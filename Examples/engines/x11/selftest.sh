#!/usr/bin/env bash
# The X11 adapter (xwindows.py) against a real X server, as CI runs it:
#   1. the example scenarios run on it (statements it lacks features for are skipped);
#   2. a check from generated cases is clean under its declarations;
#   3. its planted bug (--bug screen-point: a hit's point in screen coordinates) is
#      caught past them, as a hit/point group.
#
#   Examples/engines/x11/selftest.sh [--time 45] [--work DIR]
#
# Needs Xvfb (Debian's xvfb) and python-xlib (`pip install python-xlib`, or Debian's
# python3-xlib for /usr/bin/python3); windowlab from .build/release (the README's
# commands) or $WINDOWLAB. Exit 0 when all three end as said. The steps are
# scripts/real-systems/selftest.sh's, shared with the other real systems' selftests.
set -euo pipefail
cd "$(dirname "$0")/../../.."
time=45 work=.build-release/x11
while (($#)); do
  case "$1" in
    --time) time=$2; shift 2 ;;
    --work) work=$2; shift 2 ;;
    -h|--help) sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "selftest.sh: unknown argument '$1' (see --help)" >&2; exit 64 ;;
  esac
done
command -v Xvfb >/dev/null || { echo "selftest.sh: no Xvfb (apt-get install xvfb)" >&2; exit 2; }
python3 -c 'import Xlib' 2>/dev/null || { echo "selftest.sh: no python-xlib (pip install python-xlib)" >&2; exit 2; }
exec scripts/real-systems/selftest.sh --name xwindows --engine "exec:python3 Examples/engines/x11/xwindows.py" \
  --where "on a real X server" --time "$time" --work "$work"
