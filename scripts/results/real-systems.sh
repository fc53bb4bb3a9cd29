#!/usr/bin/env bash
# Writes docs/results/real-systems.md: `windowlab check` on each real window system of
# Examples/engines/ (an X.Org server, Examples/engines/x11, and headless Chromium,
# Examples/engines/browser), under its declared
# dialect: cases a minute, differences, and for each kind of statement how many were
# compared, masked, declined, cut off by a declined statement, steered around by a
# declared deviation, or skipped for a missing feature (check --json's ledger).
#
#   scripts/results/real-systems.sh [--time 60] [--seed 1]
#
# Needs windowlab (.build/release, the README's commands, or $WINDOWLAB), Xvfb and
# python-xlib (Examples/engines/x11/README.md), and chromium (Examples/engines/browser).
# The two checks run one after the other, each with --jobs 2.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
time=60 seed=1
while (($#)); do
  case "$1" in
    --time) time=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    -h|--help) sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "real-systems.sh: unknown argument '$1'" >&2; exit 64 ;;
  esac
done
windowlab=${WINDOWLAB:-$root/.build/release/windowlab}
[[ -x $windowlab ]] || { echo "real-systems.sh: no windowlab at $windowlab" >&2; exit 2; }
work=$(mktemp -d /tmp/windowlab-real-systems-XXXXXX)
trap 'rm -rf "$work"' EXIT

# system NAME ENGINE: one check, its JSON kept as $work/NAME.json.
system() {
  local status=0
  "$windowlab" check --engine "$2" --time "$time" --seed "$seed" --jobs 2 --corpus none \
    --engine-timeout 30 --failures none --out "$work/$1-findings" --json >"$work/$1.json" 2>"$work/$1.err" || status=$?
  ((status <= 1)) || { tail -20 "$work/$1.err" >&2; echo "real-systems.sh: check on $1 exited $status" >&2; exit 1; }
}
x11_engine="exec:python3 Examples/engines/x11/xwindows.py"
system x11 "$x11_engine"
browser_engine="exec:python3 Examples/engines/browser/browserwindows.py"
system browser "$browser_engine"

out=docs/results/real-systems.md
python3 - "$work" "$out.tmp" "$time" "$seed" "$(git rev-parse --short HEAD)" "$(date -u +%Y-%m-%d)" \
  "$(nproc) cores, $(uname -m), load $(cut -d' ' -f1 /proc/loadavg) at the end" "$x11_engine" "$browser_engine" <<'PY'
import json, sys
work, out, time, seed, commit, day, machine, x11, browser = sys.argv[1:]
systems = [("An X.Org server (Xvfb) through Examples/engines/x11", "x11", x11),
           ("Headless Chromium through Examples/engines/browser", "browser", browser)]
lines = ["# Real window systems under `windowlab check`", "",
         "Written by `scripts/results/real-systems.sh --time %s --seed %s` at commit %s, %s, on %s." % (time, seed, commit, day, machine),
         "Each system is checked as its README says (`--corpus none --engine-timeout 30 --jobs 2`);",
         "its declared dialect does the work (Examples/engines/*/README.md says what each word means for it).",
         "Compared: sent and compared (masked: compared with a declared deviation relaxing part of it);",
         "declined: answered `unsupported`; cut off: never sent because a declined statement before it",
         "ended its case; steered: left out by a declared deviation; skipped: needs a feature the system",
         "does not declare.", ""]
for title, key, engine in systems:
    doc = json.load(open("%s/%s.json" % (work, key)))
    seconds = doc.get("campaignSeconds") or float(time)
    lines += ["## " + title, "",
              "`windowlab check --engine \"%s\"`: %d generated cases in %.1f s (%.0f a minute), %d commands; "
              "%d differences in %d group(s); check %s." % (
                  engine, doc["cases"], seconds, doc["cases"] * 60 / max(seconds, 0.001), doc["commands"],
                  doc.get("differences", 0), len(doc.get("groups", [])), "clean (exit 0)" if doc.get("status") == 0 else "not clean (exit %s)" % doc.get("status")),
              ""]
    for g in doc.get("groups", []):
        lines.append("- %d x %s (%s)" % (g["count"], g["signature"], g["status"]))
    if doc.get("groups"):
        lines.append("")
    ledger = doc.get("unsupported", {}).get("ledger", {}).get("byKind", {})
    lines += ["| statement | compared | masked | declined | cut off | steered | skipped |",
              "|---|---|---|---|---|---|---|"]
    for kind in sorted(ledger, key=lambda k: -sum(ledger[k].values())):
        row = ledger[kind]
        lines.append("| %s | %s |" % (kind, " | ".join(str(row.get(c, 0)) for c in
                                              ("compared", "masked", "declined", "cutOff", "steered", "skipped"))))
    cov = doc.get("coverage", {})
    lines += ["", "Rule outcomes reached: %s of %s (compared on every engine: %s)." % (
        cov.get("reached"), cov.get("total"), cov.get("comparedOnEveryEngine")), ""]
open(out, "w").write("\n".join(lines))
PY
mv "$out.tmp" "$out"
echo "wrote $out"
