#!/usr/bin/env bash
# Writes docs/results/tests.md: how long `swift test` (the README's test command) and
# the whole CI run take from a fresh clone, and how many tests ran.
#
#   scripts/results/tests.sh                  # clone HEAD, run CI=true .ci/run, write the page
#   scripts/results/tests.sh --log FILE REV   # write the page from the log of such a run of REV
#
# WINDOWLAB_RESULTS_NOTE, when set, is added to the page (say what else ran meanwhile).
#
# The figures come from the section lines `.ci/run` prints (`== NAME (SECONDS s)`) and
# from Swift Testing's last line (`Test run with N tests ... after S seconds`).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
note=""
if [[ "${1:-}" == "--log" ]]; then
  log=$2
  commit=$(git -C "$root" rev-parse --short "$3")
  note=" (from the log of that run)"
else
  commit=$(git -C "$root" rev-parse --short HEAD)
  clone=$(mktemp -d /tmp/windowlab-tests-XXXXXX)
  log=$clone.log
  git clone -q "$root" "$clone"
  (cd "$clone" && CI=true bash .ci/run) >"$log" 2>&1
fi

# The second a section began, by its name's first words.
started() { grep -E "^== $1" "$log" | head -1 | sed -E 's/.*\(([0-9]+)s\)$/\1/'; }
tests_start=$(started "tests")
tests_end=$(started "release build")
total=$(started "done")
summary=$(grep -E "Test run with [0-9]+ tests" "$log" | tail -1)
count=$(sed -E 's/.*Test run with ([0-9]+) tests.*/\1/' <<<"$summary")
inner=$(sed -E 's/.* after ([0-9.]+) seconds.*/\1/' <<<"$summary")
if [[ -z "$tests_start" || -z "$tests_end" || -z "$total" || -z "$count" ]]; then
  echo "error: $log is not the log of a whole CI run (a section or the test summary is missing)" >&2
  exit 1
fi

out="$root/docs/results/tests.md"
tmp="$out.tmp-$$"
# Sections added by hand below the generated part (from the first `## ` heading on) are kept.
kept=$(sed -n '/^## /,$p' "$out" 2>/dev/null || true)
cat >"$tmp" <<EOF
# \`swift test\` from a fresh clone

Written by \`scripts/results/tests.sh\`$note: a \`git clone\` of the repository, then
\`CI=true bash .ci/run\` in the clone (its first step after the system packages is
\`swift test\`, the README's test command). Commit $commit, $(date -u +%Y-%m-%d), on
$(nproc) cores ($(uname -m)), system packages already installed.${WINDOWLAB_RESULTS_NOTE:+ $WINDOWLAB_RESULTS_NOTE}

| | seconds |
|---|---|
| \`swift test\`, first build included | $((tests_end - tests_start)) |
| the tests themselves | ${inner%.*} |
| the whole CI run | $total |

\`swift test\` ran $count tests at that commit.
EOF
if [[ -n "$kept" ]]; then printf '\n%s\n' "$kept" >>"$tmp"; fi
mv "$tmp" "$out"
echo "wrote $out"
