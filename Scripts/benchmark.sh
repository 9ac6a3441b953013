#!/usr/bin/env bash
# Times motionsync's main jobs on generated inputs, in a release build. Not part of the tests
# (timings depend on the machine); run it by hand: bash Scripts/benchmark.sh
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product motionsync >/dev/null
bin="$(swift build -c release --show-bin-path)/motionsync"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

python3 - "$work" <<'PY'
import json, sys, os
work = sys.argv[1]
kfs = [{"type": "cubic" if i % 3 else "spring", "to": (i % 7) * 1.5, "duration": 0.01} for i in range(100000)]
json.dump({"specVersion": 1, "screen": "Big", "animations": [{"id": "big", "kind": "keyframes", "trigger": "tap", "tracks": {"x": kfs}}]},
          open(os.path.join(work, "big.json"), "w"))
os.makedirs(os.path.join(work, "many"))
for s in range(500):
    anims = [{"id": "a%d" % a, "kind": "keyframes", "trigger": "tap", "tracks": {"scale": [
        {"type": "spring", "to": 1.2, "duration": 0.2, "spring": {"preset": "snappy", "duration": 0.2}},
        {"type": "cubic", "to": 1.2, "duration": 0.06}, {"type": "spring", "to": 1.0, "duration": 0.3}]}} for a in range(4)]
    json.dump({"specVersion": 1, "screen": "S%d" % s, "animations": anims}, open(os.path.join(work, "many", "s%d.json" % s), "w"))
# A SwiftUI app tree: 2,000 Swift files in 20 modules, 1 % with an animator.
for k in range(2000):
    folder = os.path.join(work, "app", "Module%d" % (k // 100))
    os.makedirs(folder, exist_ok=True)
    if k % 100 == 0:
        text = ("import SwiftUI\nstruct View%d: View {\n  @State var t = 0\n  var body: some View { Text(\"\").keyframeAnimator("
                "initialValue: 1.0, trigger: t) { v, s in v.scaleEffect(s) } keyframes: { _ in\n    SpringKeyframe(1.2, duration: 0.2)\n"
                "    SpringKeyframe(1.0, duration: 0.3)\n  } }\n}\n" % k)
    else:
        text = "import Foundation\nstruct Model%d {\n  var name = \"model %d\"\n  func total(_ xs: [Int]) -> Int { xs.reduce(0, +) }\n}\n" % (k, k)
    open(os.path.join(folder, "File%d.swift" % k), "w").write(text)
PY

t() { local label=$1; shift; local start=$(date +%s.%N); "$@" >/dev/null; local end=$(date +%s.%N); printf "%-58s %8.3f s\n" "$label" "$(echo "$end - $start" | bc)"; }
t "import 100,000 keyframes (one file)"              "$bin" --db "$work/a.sqlite" import "$work/big.json"
t "re-import it unchanged (hash only)"               "$bin" --db "$work/a.sqlite" import "$work/big.json"
t "import 500 files, 2,000 animations"               "$bin" --db "$work/b.sqlite" import "$work/many"
t "re-import the 500 files unchanged"                "$bin" --db "$work/b.sqlite" import "$work/many"
t "inventory of 2,000 animations (peaks, haptics, budget)" "$bin" --db "$work/b.sqlite" inventory --format json
t "export 2,000 AHAP files"                          "$bin" --db "$work/b.sqlite" export --out "$work/out"
t "import a SwiftUI tree: 2,000 files, 1 % with animators" "$bin" --db "$work/c.sqlite" import "$work/app"
t "re-import the SwiftUI tree unchanged"             "$bin" --db "$work/c.sqlite" import "$work/app"
t "demo"                                             "$bin" demo
