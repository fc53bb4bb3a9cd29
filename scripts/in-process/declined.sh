#!/usr/bin/env bash
# A pass in process means compared: the C example engine behind a wrapper that answers
# `unsupported` to every touch (one of issue 43's hostile engines) is fuzzed in
# process from the bundled corpus for a fixed number of inputs. The oracle finds no
# difference (nothing it was sent differs), so libFuzzer itself would end with exit 0;
# the run must end with exit 1 and say that no touch was compared.
#
#   scripts/in-process/declined.sh [--runs 3000] [--work DIR]
#
# Environment: WINDOWLAB (default .build/release/windowlab), WINDOWLAB_ORACLE_BUILD (where
# libWindowLabOracle.a is; default .build/release), CLANG (default clang).
# Exit 0 when the run failed as it must, 1 when it passed, 2 when it cannot be built.
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=3000 work=""
while (($#)); do
  case "$1" in
    --runs) runs=$2; shift 2 ;;
    --work) work=$2; shift 2 ;;
    -h|--help) sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "declined.sh: unknown argument '$1' (see --help)" >&2; exit 64 ;;
  esac
done
windowlab=$(realpath -m "${WINDOWLAB:-.build/release/windowlab}")
[[ -x $windowlab ]] || { echo "declined.sh: no windowlab at $windowlab (set WINDOWLAB)" >&2; exit 2; }
work=$(realpath -m "${work:-.build-in-process/declined}")
rm -rf "$work" && mkdir -p "$work/seeds" "$work/corpus"
flags=$(scripts/oracle/link-flags.sh) || exit 2
for pack in corpus/*.wlpack; do "$windowlab" corpus unpack "$pack" -o "$work/seeds" >/dev/null; done

cat >"$work/fuzz_declines_touches.c" <<'C'
/* cwindows, but every touch statement is answered `unsupported`. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "engine.h"
#include "windowlab.h"

static Engine engine;
static windowlab_oracle *oracle;
static char line[1 << 16];

static const char *answer(void *context, const char *request, size_t length, size_t *answer_length)
{
    if (strncmp(request, "touch ", 6) == 0) return "unsupported touches are not done here\nok\n";
    if (length + 1 > sizeof line) return NULL;
    memcpy(line, request, length + 1);
    return cwindows_answer(context, line, length, answer_length);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc; (void)argv;
    engine_init(&engine);
    windowlab_engine callbacks = {answer, &engine, NULL};
    char why[1024];
    if (!(oracle = windowlab_oracle_new(&callbacks, why, sizeof why))) exit(2);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) { return windowlab_fuzz_one(oracle, data, size); }
C
# shellcheck disable=SC2086  # the flags are words
"${CLANG:-clang}" -fsanitize=fuzzer -std=c11 -O2 -ffp-contract=off -DCWINDOWS_NO_MAIN -IExamples/engines/c \
  -o "$work/fuzz_declines_touches" "$work/fuzz_declines_touches.c" Examples/engines/c/engine.c \
  Examples/engines/c/protocol.c $flags 2>"$work/link.log" || { cat "$work/link.log" >&2; exit 2; }
set +e
SWIFT_BACKTRACE=enable=no "$work/fuzz_declines_touches" -runs="$runs" -seed=1 "$work/corpus" "$work/seeds" \
  >"$work/fuzz.log" 2>&1
status=$?
set -e
if ((status == 1)) && grep -q "FAIL compared too little (not an agreement): no touch statement was compared" "$work/fuzz.log"; then
  echo "ok: an engine that declines every touch fails in process too (exit 1): $(grep -m1 'FAIL compared too little' "$work/fuzz.log")"
  exit 0
fi
echo "declined.sh: the run of an engine that declines every touch ended with exit $status, not 1 with the reason; log: $work/fuzz.log" >&2
tail -5 "$work/fuzz.log" >&2
exit 1
