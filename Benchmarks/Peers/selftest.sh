#!/usr/bin/env bash
# Proves the peers can fail, under AddressSanitizer and UBSan (build.sh --sanitize):
# a small correct workload passes (exit 0), one wrong expected answer fails (exit 1,
# naming the point), a truncated file is refused (exit 2, naming the file and offset).
# Needs python3 (to write the workloads). CI runs it.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
peers="$("$here/build.sh" --sanitize | tail -n 1)"
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
python3 - "$dir" <<'PY'
import random, struct, sys
out = sys.argv[1]
rng = random.Random(7)
windows = [(0.0, 0.0, 800.0, 600.0)]
for _ in range(59):
    w, h = rng.randint(0, 200), rng.randint(0, 200)
    x, y = rng.randint(-50, 750), rng.randint(-50, 550)
    windows.append((float(x), float(y), float(x + w), float(y + h)))
points = [(rng.uniform(-20, 820), rng.uniform(-20, 620)) for _ in range(300)]
moves = []
for _ in range(40):
    w, h = rng.randint(0, 300), rng.randint(0, 300)
    x, y = rng.randint(0, 700), rng.randint(0, 500)
    moves.append((rng.randrange(len(windows)), (float(x), float(y), float(x + w), float(y + h))))
def answers(rects):
    def front(p):
        for i in range(len(rects) - 1, -1, -1):
            a, b, c, d = rects[i]
            if a <= p[0] < c and b <= p[1] < d:
                return i
        return -1
    return [front(p) for p in points]
before = answers(windows)
after_rects = list(windows)
for i, r in moves:
    after_rects[i] = r
after = answers(after_rects)
def encode(before, after):
    data = b"WLPEER01" + struct.pack("<4I", len(windows), len(points), len(moves), 0)
    data += b"".join(struct.pack("<4d", *r) for r in windows)
    data += b"".join(struct.pack("<2d", *p) for p in points)
    data += struct.pack(f"<{len(points)}i", *before)
    data += b"".join(struct.pack("<2I4d", i, 0, *r) for i, r in moves)
    data += struct.pack(f"<{len(points)}i", *after)
    return data
good = encode(before, after)
open(f"{out}/good.wlpeer", "wb").write(good)
wrong = list(after)
wrong[5] = (wrong[5] + 1) % len(windows)
open(f"{out}/wrong.wlpeer", "wb").write(encode(before, wrong))
open(f"{out}/cut.wlpeer", "wb").write(good[:len(good) - 3])
PY
fail() { echo "selftest: $*" >&2; exit 1; }
"$peers" "$dir/good.wlpeer" > "$dir/good.out" || fail "a correct workload failed"
[[ $(wc -l < "$dir/good.out") -ge 3 ]] || fail "fewer than three peers reported"
status=0; "$peers" "$dir/wrong.wlpeer" > /dev/null 2> "$dir/wrong.err" || status=$?
[[ $status == 1 ]] || fail "a wrong expected answer gave exit $status, not 1"
grep -q "at point 5 " "$dir/wrong.err" || fail "the disagreement does not name point 5: $(cat "$dir/wrong.err")"
status=0; "$peers" "$dir/cut.wlpeer" > /dev/null 2> "$dir/cut.err" || status=$?
[[ $status == 2 ]] || fail "a truncated file gave exit $status, not 2"
grep -q "cut.wlpeer" "$dir/cut.err" || fail "the error does not name the file: $(cat "$dir/cut.err")"
echo "selftest: the peers agree on a correct workload, fail on a wrong answer (exit 1) and refuse a truncated file (exit 2), sanitizers on"
