#!/usr/bin/env bash
# Writes docs/results/verdicts.md: each verdict WindowLab gives (run, check, corpus
# replay, the handshake, bench --engine) against hostile engines that decline, declare
# nothing to compare or fail, and the exit each gets (issue 43: a pass means compared).
# The hostile engines are `windowlab serve` with its options (--unsupported WORDS,
# --unsupported-after N, --limits, --fault KIND:WORD, --mutant), over the protocol.
#
#   scripts/results/verdicts.sh [--time SECONDS]    # check's time per engine (default 20)
#
# Needs the release build (swift build -c release --product windowlab --scratch-path .build-release).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
time=20
while (($#)); do
  case "$1" in
    --time) time=$2; shift 2 ;;
    -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
    *) echo "verdicts.sh: unknown argument '$1'" >&2; exit 64 ;;
  esac
done
windowlab=${WINDOWLAB:-$root/.build-release/release/windowlab}
[[ -x $windowlab ]] || { echo "verdicts.sh: no windowlab at $windowlab (build it, or set WINDOWLAB)" >&2; exit 2; }
work=$(mktemp -d /tmp/windowlab-verdicts-XXXXXX)
trap 'rm -rf "$work"' EXIT
serve="'$windowlab' serve"
rows=()

# row VERDICT ENGINE-WORDS COMMAND...: runs the command, keeps its exit and its verdict line.
row() {
  local verdict=$1 engine=$2; shift 2
  local status=0
  "$@" >"$work/out" 2>"$work/err" || status=$?
  local line
  line=$(grep -hE "compared too little|nothing to compare|nothing was measured|: clean|problem\(s\)|divergences in|commands/s" \
           "$work/err" "$work/out" | head -1 | cut -c1-160 | sed 's/|/\\|/g' || true)
  rows+=("| $verdict | $engine | $status | ${line:-(no verdict line)} |")
  echo "$verdict / $engine: exit $status" >&2
}

examples=(Examples/*.wls)
for mode in "" "--unsupported-after 0" "--unsupported touch" "--unsupported hit"; do
  row "run Examples/*.wls" "serve ${mode:-(declines nothing)}" \
    "$windowlab" run --engine "exec:$serve $mode" "${examples[@]}"
done
for mode in "" "--unsupported-after 0" "--unsupported-after 3" "--unsupported hit" "--unsupported order" \
            "--unsupported keyWindow" "--unsupported convert" "--unsupported touch" "--unsupported 'touch moved'" \
            "--unsupported 'touch ended'"; do
  row "check --time $time" "serve ${mode:-(declines nothing)}" \
    "$windowlab" check --engine "exec:$serve $mode" --time "$time" --seed 1 --jobs 2 --examples none --corpus none \
      --failures none --out "$work/findings"
done
for mode in "" "--unsupported window"; do
  row "corpus replay seed-v3" "serve ${mode:-(declines nothing)}" \
    "$windowlab" corpus replay --engine reference --engine "exec:$serve $mode" corpus/seed-v3.wlpack
done
for limits in "range 0 0" "range 3.5 3.5" "sizes 0 0" "sizes 0 1e-300" "range 0 10 sizes 20 30"; do
  row "handshake (run)" "declares \`$limits\`" \
    "$windowlab" run --engine "exec:read request; printf 'hello 1 fake all $limits\\nok\\n'; cat >/dev/null" \
      Examples/levels-and-order.wls
done
for mode in "" "--fault crash:hit" "--fault garbage:hit" "--fault hang:hit" "--engine indexed --mutant maxEdgeInclusive"; do
  row "bench --engine" "serve ${mode:-(answers right)}" "$windowlab" bench --engine "exec:$serve $mode"
done

out=docs/results/verdicts.md
tmp=$out.tmp-$$
{
  echo "# Verdicts against hostile engines"
  echo
  echo "Written by \`scripts/results/verdicts.sh --time $time\` at commit $(git rev-parse --short HEAD), $(date -u +%Y-%m-%d),"
  echo "on $(nproc) cores ($(uname -m)). Each engine is \`windowlab serve\` with the options shown, over the"
  echo "protocol; a pass means compared (docs/engine-protocol.md, \"Statements an engine does not do\")."
  echo "Exit 0 is a pass, 1 a failed verdict, 2 bad input (a declaration refused)."
  echo
  echo "| verdict | engine | exit | what it said |"
  echo "|---|---|---|---|"
  printf '%s\n' "${rows[@]}"
} >"$tmp"
mv "$tmp" "$out"
echo "wrote $out" >&2
