#!/usr/bin/env bash
# Prints the compiler and linker flags that put WindowLab's oracle (include/windowlab.h,
# libWindowLabOracle.a) and the Swift runtime it needs into a C, C++ or Rust fuzz
# target, for the Swift toolchain on PATH (docs/fuzz-your-engine.md):
#
#   swift build -c release --product WindowLabOracle          # once, from the repository root
#   clang -fsanitize=fuzzer my_fuzz.c my_engine.c $(scripts/oracle/link-flags.sh) -o my_fuzz
#
# The archive is linked whole: a file of it that only adds a protocol conformance (the
# reference's answer relations, edge proximity for G2) is referred to by no symbol, and a
# plain link leaves it out, so the oracle would find the conformance missing at run time.
# The Swift runtime is linked statically (the toolchain's lib/swift_static), so the
# fuzzer runs where the toolchain is absent (ClusterFuzzLite's runner). It needs, in
# this order: the archive; swiftrt.o (it registers the Swift metadata sections: without
# it the runtime finds no protocol conformance and the oracle fails its first check);
# Foundation, Dispatch and the standard library archives as one group (they refer to
# each other); libstdc++, libm, libdl, libpthread.
#
#   --build-path DIR   where `swift build` put the archive (default: .build/release, or
#                      $WINDOWLAB_ORACLE_BUILD)
#   --cflags | --libs  only the include flag, or only the linker flags
# Exit status 2 when the archive or the toolchain's static runtime is missing.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${WINDOWLAB_ORACLE_BUILD:-$root/.build/release} part=all
while (($#)); do
  case "$1" in
    --build-path) build=$2; shift 2 ;;
    --cflags) part=cflags; shift ;;
    --libs) part=libs; shift ;;
    -h|--help) sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "link-flags.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done
archive=$build/libWindowLabOracle.a
[[ -f $archive ]] || {
  echo "link-flags.sh: no $archive; build it first: swift build -c release --product WindowLabOracle" >&2
  exit 2
}
info=$(swiftc -print-target-info) || { echo "link-flags.sh: no swiftc on PATH" >&2; exit 2; }
resources=$(sed -n 's/.*"runtimeResourcePath": "\(.*\)".*/\1/p' <<<"$info")
arch=$(sed -n 's/.*"arch": "\(.*\)".*/\1/p' <<<"$info" | head -n 1)
static=$(dirname "$resources")/swift_static/linux
[[ -f $static/$arch/swiftrt.o && -f $static/libswiftCore.a ]] || {
  echo "link-flags.sh: the toolchain has no static Swift runtime at $static" >&2
  exit 2
}
cflags="-I$root/Sources/CWindowLabOracle/include"
libs="-Wl,--whole-archive $archive -Wl,--no-whole-archive $static/$arch/swiftrt.o -L$static -Wl,--start-group -lFoundation -lFoundationEssentials"
libs+=" -lFoundationInternationalization -l_FoundationICU -l_FoundationCShims -l_FoundationCollections"
libs+=" -lCoreFoundation -lswiftDispatch -ldispatch -lBlocksRuntime -lswiftSynchronization -lswift_StringProcessing"
libs+=" -lswift_RegexParser -lswift_Concurrency -lswiftCore -lswiftGlibc -Wl,--end-group -lstdc++ -lm -ldl -lpthread"
case "$part" in
  cflags) echo "$cflags" ;;
  libs) echo "$libs" ;;
  *) echo "$cflags $libs" ;;
esac
