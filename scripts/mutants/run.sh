#!/usr/bin/env bash
# Applies each planted bug (a patch here, or a built-in IndexedEngineMutation) to a
# copy of the committed project (HEAD), builds windowlab in release mode and runs the
# main job's campaign against it, with no scenario or corpus replay: only generated
# cases count.
#
#   scripts/mutants/run.sh [--time 60] [--seeds "1 random random random"] [--full] [NAME ...]
#
# NAME is a patch name (scripts/mutants/NAME.patch) or a built-in mutant; default:
# every patch and every built-in one. Each mutant runs once per seed ("random" draws
# a fresh one, printed). Without --full a campaign stops at its first saved finding
# (all that "caught within --time seconds" needs); with it, it runs the whole time.
# One line per mutant and seed: caught or SURVIVED, cases to the first divergence,
# the finding's profile, group and shrunk length. Exit 1 when any run survived.
# WINDOWLAB_BIN: a release windowlab of HEAD for the built-in mutants (--mutant), which
# then need no build (CI passes the one it built); patches are always built.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
time=60 seeds="random" stop=--stop-on-finding names=()
while (($#)); do
  case "$1" in
    --time) time=$2; shift 2 ;;
    --seed|--seeds) seeds=$2; shift 2 ;;
    --full) stop=""; shift ;;
    -h|--help) sed -n '2,15p' "$0"; exit 0 ;;
    *) names+=("$1"); shift ;;
  esac
done
work=$(realpath -m "${WINDOWLAB_MUTANT_WORK:-/tmp/windowlab-mutants}")
mkdir -p "$work/src" "$work/empty"
builtins=$(sed -n 's/^    case \([a-zA-Z]*\)$/\1/p' Sources/IndexedEngineMutants/IndexedEngineMutation.swift)
if ((${#names[@]} == 0)); then
  for p in scripts/mutants/*.patch; do names+=("$(basename "$p" .patch)"); done
  for b in $builtins; do names+=("$b"); done
fi

# The committed tree (HEAD), extracted once per run; each mutant starts from a copy
# that keeps its timestamps, so only what a patch touches is rebuilt.
rm -rf "$work/base"; mkdir -p "$work/base"
git archive HEAD Sources Tests Package.swift | tar -x -C "$work/base"
# git archive stamps every file with the commit's time; make them newer than any
# build left in the work folder by an earlier run, so nothing stale is reused.
find "$work/base" -type f -exec touch {} +
git rev-parse HEAD >"$work/base/.commit"   # Benchmarks/instruction-drill.sh reuses this copy and its build
sync_source() {
  rm -rf "$work/src/Sources" "$work/src/Tests"
  cp -a "$work/base/Sources" "$work/base/Tests" "$work/base/Package.swift" "$work/src/"
}
survivors=0
for name in "${names[@]}"; do
  sync_source
  extra=()
  if [[ -f "scripts/mutants/$name.patch" ]]; then
    (cd "$work/src" && patch -s -p1 < "$root/scripts/mutants/$name.patch")
  elif grep -qx "$name" <<<"$builtins"; then
    extra=(--mutant "$name")
  else
    echo "unknown mutant $name" >&2; exit 2
  fi
  binary="$work/build/release/windowlab"
  if ((${#extra[@]})) && [[ -n ${WINDOWLAB_BIN:-} ]]; then
    binary=$WINDOWLAB_BIN
  else
    (cd "$work/src" && swift build -c release --product windowlab --scratch-path "$work/build" >"$work/build.log" 2>&1) \
      || { echo "$name: build failed, see $work/build.log" >&2; exit 2; }
  fi
  for seed in $seeds; do
    s=$seed
    [[ $s == random ]] && s=$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')
    out="$work/findings-$name-$s"; rm -rf "$out"
    log="$work/log-$name-$s"
    start=$SECONDS
    status=0
    "$binary" check --time "$time" --seed "$s" --jobs 2 --examples "$work/empty" \
      --corpus "$work/empty" --out "$out" --failures none $stop "${extra[@]}" >"$log" 2>&1 || status=$?
    took=$((SECONDS - start))
    first=$(sed -n 's/^first divergence after \([0-9]*\) case.*/\1/p' "$log" | head -1)
    finding=$(sed -n 's/^finding: [^:]*: \(.*\)$/\1/p' "$log" | head -1)
    crash=$(sed -n 's/^FAIL crash: [^:]*: \(.*\)$/\1/p' "$log" | head -1)
    if ((status == 1)) && [[ -n "$first" ]]; then
      echo "$name: caught (seed $s): first divergence after $first cases, ${took}s; $finding"
    elif ((status == 1)) && [[ -n "$crash" ]]; then
      echo "$name: caught as a crash (seed $s), ${took}s; $crash"
    else
      echo "$name: SURVIVED (seed $s, ${time}s, exit $status): see $log"; survivors=$((survivors + 1))
    fi
  done
done
exit $((survivors > 0))
