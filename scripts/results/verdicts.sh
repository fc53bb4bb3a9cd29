#!/usr/bin/env bash
# Writes docs/results/verdicts/ (one page per verdict kind: run, check, corpus replay,
# the handshake, bench --engine, fuzzing in process; and an index, verdicts.md): each
# verdict against hostile engines that decline, declare nothing to compare, fail or are
# slow, and the exit each gets (issue 43: a pass means compared). The hostile engines
# are `windowlab serve` with its options (--unsupported WORDS, --unsupported-after N,
# --fault KIND:WORD, --mutant) over the protocol, and in process the C example behind
# a wrapper that declines every touch (scripts/in-process/declined.sh).
#
#   scripts/results/verdicts.sh [--time SECONDS]    # check's time per engine (default 20)
#
# Needs the release build (swift build -c release --product windowlab --product
# WindowLabOracle --scratch-path .build-release) and clang (the Swift toolchain's).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
time=20
while (($#)); do
  case "$1" in
    --time) time=$2; shift 2 ;;
    -h|--help) sed -n '2,13p' "$0"; exit 0 ;;
    *) echo "verdicts.sh: unknown argument '$1'" >&2; exit 64 ;;
  esac
done
windowlab=${WINDOWLAB:-$root/.build-release/release/windowlab}
[[ -x $windowlab ]] || { echo "verdicts.sh: no windowlab at $windowlab (build it, or set WINDOWLAB)" >&2; exit 2; }
work=$(mktemp -d /tmp/windowlab-verdicts-XXXXXX)
trap 'rm -rf "$work"' EXIT
serve="'$windowlab' serve"

# row PAGE VERDICT ENGINE-WORDS COMMAND...: runs the command, keeps its exit and its
# verdict line (a failure's reason first) on page PAGE.
declare -A pages=()
row() {
  local page=$1 verdict=$2 engine=$3; shift 3
  local status=0
  "$@" >"$work/out" 2>"$work/err" || status=$?
  local line
  line=$( (grep -hE "FAIL|nothing to compare|nothing was measured|error:" "$work/err" "$work/out";
           grep -hE ": clean|problem\(s\)|divergences in|commands/s|^ok:" "$work/err" "$work/out") \
         | head -1 | cut -c1-160 | sed 's/|/\\|/g' || true)
  pages[$page]+="| $verdict | $engine | $status | ${line:-(no verdict line)} |"$'\n'
  echo "$verdict / $engine: exit $status" >&2
}

examples=(Examples/*.wls)
for mode in "" "--unsupported-after 0" "--unsupported touch" "--unsupported hit"; do
  row run "run Examples/*.wls" "serve ${mode:-(declines nothing)}" \
    "$windowlab" run --engine "exec:$serve $mode" "${examples[@]}"
done
for mode in "" "--unsupported-after 0" "--unsupported-after 3" "--unsupported hit" "--unsupported order" \
            "--unsupported keyWindow" "--unsupported convert" "--unsupported touch" "--unsupported 'touch moved'" \
            "--unsupported 'touch ended'"; do
  row check "check --time $time" "serve ${mode:-(declines nothing)}" \
    "$windowlab" check --engine "exec:$serve $mode" --time "$time" --seed 1 --jobs 2 --examples none --corpus none \
      --failures none --out "$work/findings"
done
for mode in "" "--unsupported window"; do
  row corpus-replay "corpus replay seed-v3" "serve ${mode:-(declines nothing)}" \
    "$windowlab" corpus replay --engine reference --engine "exec:$serve $mode" corpus/seed-v3.wlpack
done
for limits in "range 0 0" "range 3.5 3.5" "sizes 0 0" "sizes 0 1e-300" "range 0 10 sizes 20 30"; do
  row handshake "handshake (run)" "declares \`$limits\`" \
    "$windowlab" run --engine "exec:read request; printf 'hello 1 fake all $limits\\nok\\n'; cat >/dev/null" \
      Examples/levels-and-order.wls
done
# A slow engine: --time bounds the whole check, corpus replays included; what is left is not compared.
row check "check --time 0.5 (corpus included)" "serve (declines nothing)" \
  "$windowlab" check --engine "exec:$serve" --time 0.5 --seed 1 --examples none --failures none --out "$work/findings"
for mode in "" "--fault crash:hit" "--fault garbage:hit" "--fault hang:hit" "--engine indexed --mutant maxEdgeInclusive"; do
  row bench "bench --engine" "serve ${mode:-(answers right)}" "$windowlab" bench --engine "exec:$serve $mode"
done

# In process: libFuzzer runs of the C example, as it is and declining every touch.
oracle_build=${WINDOWLAB_ORACLE_BUILD:-$(dirname "$windowlab")}
command -v clang >/dev/null || export PATH="$(dirname "$(command -v swift)"):$PATH"
row in-process "libFuzzer -runs=3000 from the bundled corpus" "cwindows declining every touch" \
  env WINDOWLAB="$windowlab" WINDOWLAB_ORACLE_BUILD="$oracle_build" scripts/in-process/declined.sh --work "$work/declined"

header() {
  echo "Written by \`scripts/results/verdicts.sh --time $time\` at commit $(git rev-parse --short HEAD), $(date -u +%Y-%m-%d),"
  echo "on $(nproc) cores ($(uname -m)). A pass means compared (docs/engine-protocol.md, \"Statements an"
  echo "engine does not do\"). Exit 0 is a pass, 1 a failed verdict, 2 bad input (a declaration refused)."
}
declare -A titles=([run]="windowlab run" [check]="windowlab check" [corpus-replay]="windowlab corpus replay"
                   [handshake]="the handshake (declarations that leave nothing to compare)"
                   [bench]="windowlab bench --engine" [in-process]="fuzzing in process (windowlab.h)")
order=(run check corpus-replay handshake bench in-process)
mkdir -p docs/results/verdicts
for page in "${order[@]}"; do
  out=docs/results/verdicts/$page.md tmp=docs/results/verdicts/$page.md.tmp-$$
  {
    echo "# Verdicts against hostile engines: ${titles[$page]}"
    echo
    header
    if [[ $page == in-process ]]; then
      echo "(The declining engine's exit is that of \`scripts/in-process/declined.sh\`: 0 when the fuzz run"
      echo "failed as it must, with exit 1 and the reason quoted.)"
    fi
    echo
    echo "| verdict | engine | exit | what it said |"
    echo "|---|---|---|---|"
    printf '%s' "${pages[$page]}"
  } >"$tmp"
  mv "$tmp" "$out"
done
out=docs/results/verdicts.md tmp=docs/results/verdicts.md.tmp-$$
{
  echo "# Verdicts against hostile engines"
  echo
  header
  echo
  echo "One page per verdict kind, each engine with its exit and what the verdict said:"
  echo
  for page in "${order[@]}"; do
    echo "- [${titles[$page]}](verdicts/$page.md): $(printf '%s' "${pages[$page]}" | grep -c '^|') engine(s)"
  done
} >"$tmp"
mv "$tmp" "$out"
echo "wrote $out and docs/results/verdicts/" >&2
