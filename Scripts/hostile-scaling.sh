#!/usr/bin/env bash
# How motionsync's time grows with hostile input (issue 49): each case at sizes 1×, 4× and 16×,
# one run each, wall time and peak memory of the whole process. Growth n log n or better shows
# as about 4× (a little over) per step; quadratic as about 16×.
#   bash Scripts/hostile-scaling.sh              release build (built here)
#   BENCH_BIN=.build/debug bash Scripts/hostile-scaling.sh   another build's binaries
#   BENCH_BASE=1000 …                            size 1× of the keyframe cases (default 1000)
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${BENCH_BIN:-}" ]; then
  swift build -c release --product motionsync >/dev/null
  swift build -c release --product motionsync-swift >/dev/null
  BENCH_BIN="$(swift build -c release --show-bin-path)"
fi
bin=$BENCH_BIN/motionsync
base=${BENCH_BASE:-1000}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# lively N: a track of N lively springs (response 2 ms, damping ratio 0.01, 35 ms each,
# alternating targets): thousands of near-equal peaks and haptic moments.
lively() {
  python3 - "$1" <<'PY'
import json, sys
n = int(sys.argv[1])
kf = [{"type": "spring", "to": float(i % 2), "duration": 0.035, "spring": {"response": 0.002, "dampingRatio": 0.01}} for i in range(n)]
print(json.dumps({"specVersion": 1, "screen": "Lively", "animations": [
    {"id": "a", "kind": "keyframes", "trigger": "tap", "initial": {"x": 0}, "tracks": {"x": kf}}]}))
PY
}
# chain N / calls N: one view with N chained .animation(…, value: on), or N withAnimation calls.
chain() {
  printf 'import SwiftUI\n\nstruct Chain: View {\n    @State private var on = false\n\n    var body: some View {\n        Circle()\n'
  for _ in $(seq "$1"); do printf '            .animation(.easeIn(duration: 0.1), value: on)\n'; done
  printf '    }\n}\n'
}
calls() {
  printf 'import SwiftUI\n\nstruct Calls: View {\n    @State private var on = false\n\n    var body: some View {\n        Button("Go") {\n'
  for _ in $(seq "$1"); do printf '            withAnimation(.easeIn(duration: 0.1)) { on.toggle() }\n'; done
  printf '        }\n        .scaleEffect(on ? 1.2 : 1)\n    }\n}\n'
}

# big BYTES: one Swift file of about BYTES bytes: views of plain code (a data table, helper
# functions), each with one withAnimation and one .animation(_:value:), about one site per KB.
big() {
  python3 - "$1" <<'PY'
import sys
target = int(sys.argv[1])
out = ["import SwiftUI\n"]
size, k = 0, 0
while size < target:
    rows = ",\n".join(f"        ({k}, {j}, \"row {j} of view {k}\", {j * 0.25})" for j in range(12))
    view = f'''
struct Card{k}: View {{
    @State private var isOpen = false
    static let table: [(Int, Int, String, Double)] = [
{rows}
    ]

    func total(_ scale: Double) -> Double {{
        Self.table.reduce(0) {{ $0 + $1.3 * scale }}
    }}

    var body: some View {{
        Text("card {k}: \\(total(2))")
            .scaleEffect(isOpen ? 1.2 : 1)
            .animation(.spring(response: 0.3, dampingFraction: 0.7), value: isOpen)
            .onTapGesture {{
                withAnimation(.easeOut(duration: 0.25)) {{ isOpen.toggle() }}
            }}
    }}
}}
'''
    out.append(view)
    size += len(view)
    k += 1
sys.stdout.write("".join(out))
PY
}

# run LABEL N FILE CMD…: one timed run.
run() {
  local label=$1 n=$2; shift 2
  /usr/bin/time -f "%e %M" -o "$work/time" "$@" >/dev/null 2>&1 || true
  printf "%-34s %7d  %8.2f s  %7d KB\n" "$label" "$n" $(cat "$work/time")
}

printf "%-34s %7s  %10s  %10s\n" CASE SIZE WALL "PEAK RSS"
for k in 1 4 16; do
  n=$((base * k))
  lively "$n" > "$work/lively.json"
  rm -f "$work/l.sqlite"
  run "import: lively springs (keyframes)" "$n" "$bin" -q --db "$work/l.sqlite" import "$work/lively.json"
  run "haptics: lively springs" "$n" "$bin" --db "$work/l.sqlite" haptics Lively/a
done
for k in 1 4 16; do
  n=$((base / 4 * k))
  chain "$n" > "$work/Chain.swift"
  rm -f "$work/c.sqlite"
  run "import: chained .animation" "$n" "$bin" -q --db "$work/c.sqlite" import "$work/Chain.swift"
  calls "$n" > "$work/Calls.swift"
  rm -f "$work/w.sqlite"
  run "import: withAnimation calls" "$n" "$bin" -q --db "$work/w.sqlite" import "$work/Calls.swift"
done
# One Swift file of 1.25, 5 and 20 MB (SIZE in KB).
for k in 1 4 16; do
  n=$((1280 * k))
  big $((n * 1024)) > "$work/Big.swift"
  rm -f "$work/b.sqlite"
  run "import: one large Swift file (KB)" "$n" "$bin" -q --db "$work/b.sqlite" import "$work/Big.swift"
done
