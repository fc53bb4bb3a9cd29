#!/usr/bin/env bash
# Builds scripts/oracle/c-api-test.c against include/windowlab.h and libWindowLabOracle.a
# with gcc (as C) and g++ (as C++), outside SwiftPM, by scripts/oracle/link-flags.sh, and
# runs each over the bundled corpus (corpus/*.wlpack unpacked): see the program's header.
#   scripts/oracle/c-api-test.sh [--work DIR]
# Environment: WINDOWLAB (default .build/release/windowlab), WINDOWLAB_ORACLE_BUILD,
# C_API_TEST_SEED (the random inputs' seed, printed by each run). Exit 1 on a failure.
set -euo pipefail
cd "$(dirname "$0")/../.."
work=.build-in-process/c-api-test
[[ ${1:-} == --work ]] && work=$2
windowlab=${WINDOWLAB:-.build/release/windowlab}
rm -rf "$work" && mkdir -p "$work/seeds"
for pack in corpus/*.wlpack; do "$windowlab" corpus unpack "$pack" -o "$work/seeds" >/dev/null; done
flags=$(scripts/oracle/link-flags.sh) || exit 2
cflags=$(scripts/oracle/link-flags.sh --cflags)
gcc -std=c11 -O2 -Wall -Wextra -DCWINDOWS_NO_MAIN -c Examples/engines/c/engine.c -o "$work/engine.o"
gcc -std=c11 -O2 -Wall -Wextra -DCWINDOWS_NO_MAIN -c Examples/engines/c/protocol.c -o "$work/protocol.o"
# shellcheck disable=SC2086
gcc -std=c11 -O2 -Wall -Wextra $cflags -c scripts/oracle/c-api-test.c -o "$work/test-c.o"
# shellcheck disable=SC2086
g++ -std=c++17 -O2 -Wall -Wextra $cflags -x c++ -c scripts/oracle/c-api-test.c -o "$work/test-cxx.o"
for language in c cxx; do
  # shellcheck disable=SC2086
  g++ -o "$work/c-api-test-$language" "$work/test-$language.o" "$work/engine.o" "$work/protocol.o" $flags \
    2> >(grep -v -e mktemp -e createTemporaryFile >&2)   # (Foundation's archive warns about mktemp; harmless)
  echo "== $language"
  SWIFT_BACKTRACE=enable=no WINDOWLAB_FUZZ_SHRINK=0 "$work/c-api-test-$language" "$work"/seeds/*
done
