#!/usr/bin/env bash
# How motionsync's time grows with hostile input (issue 49): each case at sizes 1×, 4× and 16×,
# one run each, CPU (user + system, all threads and the Swift reader), wall time and peak memory
# of the whole process. Growth n log n or better shows as about 4× (a little over) per step, an
# exponent (log of the step's CPU ratio, base 4) near 1; quadratic as about 16×, exponent 2.
#   bash Scripts/hostile-scaling.sh              release build (built here)
#   BENCH_BIN=.build/debug bash Scripts/hostile-scaling.sh   another build's binaries
#   BENCH_BASE=1000 …                            size 1× of the keyframe and Swift-site cases (default 1000)
#   BENCH_BIG_KB=1280 …                          size 1× of the large Swift file, in KB (default 1280)
#   SCALING_MD=FILE …                            also writes the table as a Markdown section to FILE
#                                                (Scripts/benchmark.sh puts it in BENCHMARKS.md)
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
# chain N / calls N: one view with N chained .animation(…, value: on), or N withAnimation calls
# in one closure.
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
# free N: N withAnimation calls outside any type (a top-level function), each toggling one
# global state that a top-level view reads.
free() {
  printf 'import SwiftUI\n\nvar on = false\n\nfunc go() {\n'
  for _ in $(seq "$1"); do printf '    withAnimation(.easeIn(duration: 0.1)) { on.toggle() }\n'; done
  printf '}\n\nlet preview = Circle().scaleEffect(on ? 1.2 : 1)\n'
}
# states N: one view with N states, each changed by its own withAnimation and read by its own
# modifier.
states() {
  printf 'import SwiftUI\n\nstruct States: View {\n'
  for k in $(seq "$1"); do printf '    @State private var s%d = false\n' "$k"; done
  printf '\n    var body: some View {\n        VStack {\n'
  for k in $(seq "$1"); do printf '            Text("%d").scaleEffect(s%d ? 1.2 : 1).onTapGesture { withAnimation { s%d.toggle() } }\n' "$k" "$k" "$k"; done
  printf '        }\n    }\n}\n'
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

# run CASE N CMD…: one timed run, "CASE<TAB>N<TAB>cpu<TAB>wall<TAB>peakKB" appended to $work/rows.
run() {
  local label=$1 n=$2; shift 2
  /usr/bin/time -f "%e %U %S %M" -o "$work/time" "$@" >/dev/null 2>&1 || true
  read -r wall user sys peak < "$work/time"
  local cpu; cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }')
  printf "%s\t%s\t%s\t%s\t%s\n" "$label" "$n" "$cpu" "$wall" "$peak" >> "$work/rows"
  printf "%-40s %7d  %8.2f s  %8.2f s  %7d KB\n" "$label" "$n" "$cpu" "$wall" "$peak"
}
: > "$work/rows"

printf "%-40s %7s  %10s  %10s  %10s\n" CASE SIZE CPU WALL "PEAK RSS"
for k in 1 4 16; do
  n=$((base * k))
  lively "$n" > "$work/lively.json"
  rm -f "$work/l.sqlite"
  run "import: lively springs (keyframes)" "$n" "$bin" -q --db "$work/l.sqlite" import "$work/lively.json"
  run "haptics: lively springs" "$n" "$bin" --db "$work/l.sqlite" haptics Lively/a
done
for k in 1 4 16; do
  n=$((base * k))
  chain "$n" > "$work/Chain.swift"
  rm -f "$work/c.sqlite"
  run "import: chained .animation" "$n" "$bin" -q --db "$work/c.sqlite" import "$work/Chain.swift"
  calls "$n" > "$work/Calls.swift"
  rm -f "$work/w.sqlite"
  run "import: withAnimation calls" "$n" "$bin" -q --db "$work/w.sqlite" import "$work/Calls.swift"
  free "$n" > "$work/Free.swift"
  rm -f "$work/f.sqlite"
  run "import: withAnimation outside any type" "$n" "$bin" -q --db "$work/f.sqlite" import "$work/Free.swift"
  states "$n" > "$work/States.swift"
  rm -f "$work/s.sqlite"
  run "import: states, each its withAnimation" "$n" "$bin" -q --db "$work/s.sqlite" import "$work/States.swift"
done
# One Swift file of 1.25, 5 and 20 MB by default (SIZE in KB).
for k in 1 4 16; do
  n=$((${BENCH_BIG_KB:-1280} * k))
  big $((n * 1024)) > "$work/Big.swift"
  rm -f "$work/b.sqlite"
  run "import: one large Swift file (KB)" "$n" "$bin" -q --db "$work/b.sqlite" import "$work/Big.swift"
done

# One line per case: CPU at each size, the growth exponent of each 4× step and the verdict on
# the last (n log n from 4× to 16× is an exponent of about 1.1; above 1.3 is called superlinear).
summary() {
  awk -F'\t' -v md="$1" '
    !($1 in seen) { seen[$1] = 1; order[++cases] = $1 }
    { k = ++count[$1]; size[$1, k] = $2; cpu[$1, k] = $3; wall[$1, k] = $4; peak[$1, k] = $5 }
    function exponent(a, b) { return (a > 0 && b > 0) ? log(b / a) / log(4) : -1 }
    function shown(e) { return e < 0 ? "-" : sprintf("%.2f", e) }
    END {
      if (md) {
        print "| case | sizes 1× / 4× / 16× | CPU 1× / 4× / 16× | peak memory at 16× | exponent 1×→4×, 4×→16× | growth |"
        print "|---|---|---|---|---|---|"
      }
      for (c = 1; c <= cases; c++) {
        name = order[c]
        e1 = exponent(cpu[name, 1], cpu[name, 2]); e2 = exponent(cpu[name, 2], cpu[name, 3])
        verdict = e2 < 0 ? "too fast to tell" : (e2 <= 1.3 ? "n log n or better" : "superlinear")
        sizes = size[name, 1] " / " size[name, 2] " / " size[name, 3]
        cpus = sprintf("%.2f / %.2f / %.2f s", cpu[name, 1], cpu[name, 2], cpu[name, 3])
        if (md) printf "| %s | %s | %s | %d MB | %s, %s | %s |\n", name, sizes, cpus, peak[name, 3] / 1024, shown(e1), shown(e2), (verdict == "superlinear" ? "**superlinear**" : verdict)
        else printf "%-40s %-22s %-28s exponent %s, %s: %s\n", name, sizes, cpus, shown(e1), shown(e2), verdict
      }
    }' "$work/rows"
}
echo
summary ""
if [ -n "${SCALING_MD:-}" ]; then
  {
    echo "## Growth with hostile input"
    echo
    echo "Each case at sizes 1×, 4× and 16× (\`Scripts/hostile-scaling.sh\`, one run each, the same binaries):"
    echo "CPU of the whole process (user + system, the Swift reader included). The exponent is the"
    echo "base-4 logarithm of a step's CPU ratio: 1 is linear, about 1.1 n log n, 2 quadratic."
    echo
    summary md
  } > "$SCALING_MD"
fi
