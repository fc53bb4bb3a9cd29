#!/usr/bin/env bash
# build.sh: builds the peer benchmark `peers` into Benchmarks/Peers/.build/ with a
# single g++ invocation, and prints the binary's path as its last line.
#   build.sh              optimized build: .build/peers
#   build.sh --sanitize   address + undefined behaviour sanitizers: .build/peers-sanitize
# CXX overrides the compiler (default g++).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cxx="${CXX:-g++}"
mode="${1:-}"

case "$mode" in
    "") out="$here/.build/peers"; flags=(-O3 -DNDEBUG) ;;
    --sanitize) out="$here/.build/peers-sanitize"; flags=(-O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all) ;;
    *) echo "usage: build.sh [--sanitize]" >&2; exit 2 ;;
esac

if ! command -v "$cxx" >/dev/null 2>&1; then
    echo "build.sh: no C++ compiler '$cxx' (install g++, or set CXX)" >&2
    exit 1
fi
missing=()
for header in boost/geometry/index/rtree.hpp box2d/b2_dynamic_tree.h; do
    if ! echo "#include <$header>" | "$cxx" -std=c++17 -x c++ -fsyntax-only - >/dev/null 2>&1; then
        missing+=("$header")
    fi
done
if ((${#missing[@]})); then
    echo "build.sh: missing headers: ${missing[*]}" >&2
    echo "build.sh: install them with: apt-get install -y libboost-dev libbox2d-dev" >&2
    exit 1
fi

mkdir -p "$here/.build"
"$cxx" "${flags[@]}" -march=native -std=c++17 -Wall -Wextra -Werror \
    -o "$out" \
    "$here/main.cpp" "$here/workload.cpp" "$here/linear_walk.cpp" "$here/boost_rtree.cpp" "$here/box2d_tree.cpp" \
    -lbox2d
echo "$out"
