"""Seeded corpus for Scripts/benchmark.sh (issue 10). Deterministic for a given seed.

    python3 corpus.py OUT [--seed 10]

OUT/specs       300 spec files, 20 keyframe animations each, 4 tracks of 6 keyframes (144,000
                keyframes; every keyframe type, springs in all four spellings), pretty-printed
OUT/specs1000   1,000 files of the same kind (peak memory)
OUT/app         2,000 Swift files in 20 modules, 1 % with a keyframeAnimator
OUT/lottie.json one null layer, 6 animated transform components, 1 s at 30 fps, eased keyframes
OUT/springs.json / springs.tsv   spring keyframes from 0 to 1 with their closed-form first peak
"""
import json, math, os, random, sys

out = sys.argv[1]
seed = int(sys.argv[sys.argv.index("--seed") + 1]) if "--seed" in sys.argv else 10
rng = random.Random(seed)
PROPS = ["scale", "x", "y", "opacity"]

def spring():
    k = rng.randrange(4)
    if k == 0: return {"duration": round(rng.uniform(0.2, 0.6), 3), "bounce": round(rng.uniform(0, 0.4), 3)}
    if k == 1: return {"response": round(rng.uniform(0.2, 0.8), 3), "dampingRatio": round(rng.uniform(0.4, 1.0), 3)}
    if k == 2: return {"mass": 1, "stiffness": round(rng.uniform(100, 400), 1), "damping": round(rng.uniform(10, 30), 2)}
    return {"preset": rng.choice(["smooth", "snappy", "bouncy"]), "duration": round(rng.uniform(0.2, 0.5), 3)}

def keyframe(i):
    to = round(rng.uniform(-100, 100), 3)
    kind = i % 4
    if kind == 0: return {"type": "linear", "to": to, "duration": round(rng.uniform(0.05, 0.4), 3),
                          "curve": rng.choice(["easeIn", "easeOut", "easeInOut", "linear", {"bezier": [0.2, 0, 0.2, 1]}])}
    if kind == 1: return {"type": "cubic", "to": to, "duration": round(rng.uniform(0.05, 0.4), 3)}
    if kind == 2: return {"type": "spring", "to": to, "duration": round(rng.uniform(0.1, 0.5), 3), "spring": spring()}
    return {"type": "move", "to": to}

def animation(f, k):
    return {"id": "anim-%d" % k, "component": "Component%d" % (k % 7), "kind": "keyframes",
            "trigger": rng.choice(["tap", "appear", "scroll", "event:done"]),
            "initial": {p: round(rng.uniform(-10, 10), 3) for p in PROPS},
            "tracks": {p: [keyframe(i + j) for i in range(6)] for j, p in enumerate(PROPS)}}

def specs(folder, files):
    os.makedirs(folder, exist_ok=True)
    for f in range(files):
        spec = {"specVersion": 1, "screen": "Screen%d" % f, "animations": [animation(f, k) for k in range(20)]}
        with open(os.path.join(folder, "screen%04d.json" % f), "w") as fh:
            json.dump(spec, fh, indent=2)

specs(os.path.join(out, "specs"), 300)
specs(os.path.join(out, "specs1000"), 1000)

for k in range(2000):
    folder = os.path.join(out, "app", "Module%d" % (k // 100))
    os.makedirs(folder, exist_ok=True)
    if k % 100 == 0:
        text = ("import SwiftUI\nstruct View%d: View {\n  @State var t = 0\n  var body: some View { Text(\"\").keyframeAnimator("
                "initialValue: 1.0, trigger: t) { v, s in v.scaleEffect(s) } keyframes: { _ in\n    SpringKeyframe(1.2, duration: 0.2)\n"
                "    SpringKeyframe(1.0, duration: 0.3)\n  }.onTapGesture { t += 1 } }\n}\n" % k)
    else:
        lines = ["import Foundation", "struct Model%d {" % k, "  var name = \"model %d\"" % k]
        lines += ["  func total%d(_ xs: [Int]) -> Int { xs.reduce(%d, +) }" % (m, m) for m in range(rng.randrange(20, 60))]
        text = "\n".join(lines + ["}", ""])
    with open(os.path.join(folder, "File%d.swift" % k), "w") as fh:
        fh.write(text)

def lottie_property(dims, frames):
    keys = []
    for n, t in enumerate(frames):
        s = [round(rng.uniform(-200, 200), 2) for _ in range(dims)]
        key = {"t": t, "s": s}
        if n < len(frames) - 1:
            key["o"] = {"x": [round(rng.uniform(0.1, 0.5), 2)] * dims, "y": [0] * dims}
            key["i"] = {"x": [round(rng.uniform(0.5, 0.9), 2)] * dims, "y": [1] * dims}
        keys.append(key)
    return {"a": 1, "k": keys}

frames = [0, 6, 12, 18, 24, 30]
lottie = {"v": "5.7.4", "fr": 30, "ip": 0, "op": 30, "w": 200, "h": 200, "nm": "bench", "ddd": 0, "assets": [],
          "layers": [{"ddd": 0, "ind": 1, "ty": 3, "nm": "mover", "sr": 1, "ip": 0, "op": 30, "st": 0, "bm": 0,
                      "ks": {"o": lottie_property(1, frames), "r": lottie_property(1, frames), "p": lottie_property(2, frames),
                             "a": {"a": 0, "k": [0, 0]}, "s": lottie_property(2, frames)}}]}
with open(os.path.join(out, "lottie.json"), "w") as fh:
    json.dump(lottie, fh)

# Springs from 0 to 1 (no duration: until settled). Closed form, from rest: x(t) = 1 - e^(-ζω0 t)(cos ωd t
# + ζω0/ωd sin ωd t), whose velocity first vanishes at t = π/ωd, ωd = ω0 √(1 - ζ²).
anims, rows = [], []
for k in range(40):
    d, b = round(rng.uniform(0.2, 1.0), 3), round(rng.uniform(0.25, 0.7), 3)
    w0, z = 2 * math.pi / d, 1 - b
    rows.append("spring-%d\t%r\t%r\t%r" % (k, w0, z, math.pi / (w0 * math.sqrt(1 - z * z))))
    anims.append({"id": "spring-%d" % k, "kind": "keyframes", "trigger": "tap", "initial": {"x": 0},
                  "tracks": {"x": [{"type": "spring", "to": 1, "spring": {"duration": d, "bounce": b}}]}})
with open(os.path.join(out, "springs.json"), "w") as fh:
    json.dump({"specVersion": 1, "screen": "Springs", "animations": anims}, fh, indent=2)
with open(os.path.join(out, "springs.tsv"), "w") as fh:
    fh.write("\n".join(rows) + "\n")
