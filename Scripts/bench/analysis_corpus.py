"""Seeded corpora for the analysis benchmark (Scripts/benchmark-analysis.sh, Scripts/benchmark.sh)
and the analysis digest test. Deterministic (seed 15).

    python3 analysis_corpus.py OUT

OUT/s2k, OUT/s20k   100 and 1,000 files of 20 animations: half keyframes (4 tracks of 6
                    keyframes of every type), half phases (4 phases, 4 properties, springs and curves)
OUT/kf2k, OUT/ph2k  100 files of keyframe animations only, and of phase animations only

Tests/MotionFormatsTests/Fixtures/AnalysisDigest holds the first three files of s2k (mixed),
kf2k (keyframes) and ph2k (phases).
"""
import json, os, random, sys
work = sys.argv[1]
rng = random.Random(15)
def keyframe(i):
    to = round(rng.uniform(-100, 100), 3)
    kind = i % 4
    if kind == 0: return {"type": "linear", "to": to, "duration": round(rng.uniform(0.05, 0.4), 3), "curve": rng.choice(["easeIn", "easeOut", "easeInOut", "linear"])}
    if kind == 1: return {"type": "cubic", "to": to, "duration": round(rng.uniform(0.05, 0.4), 3)}
    if kind == 2: return {"type": "spring", "to": to, "duration": round(rng.uniform(0.1, 0.5), 3), "spring": {"response": round(rng.uniform(0.2, 0.8), 3), "dampingRatio": round(rng.uniform(0.3, 1.0), 3)}}
    return {"type": "move", "to": to}
def animation(k, kind=None):
    if (k % 2 == 0) if kind is None else kind == "keyframes":
        return {"id": "kf%d" % k, "kind": "keyframes", "trigger": "tap",
                "tracks": {p: [keyframe(i + j) for i in range(6)] for j, p in enumerate(["scale", "x", "y", "opacity"])}}
    phases = []
    for p in range(4):
        phase = {"name": "p%d" % p, "values": {q: round(rng.uniform(-50, 50), 3) for q in ["scale", "x", "y", "opacity"]}}
        if p > 0 or True:
            phase["animation"] = rng.choice([{"type": "spring", "response": round(rng.uniform(0.2, 0.6), 3), "dampingFraction": round(rng.uniform(0.5, 1.0), 3)},
                                             {"type": "easeInOut", "duration": round(rng.uniform(0.1, 0.4), 3)}])
        phases.append(phase)
    return {"id": "ph%d" % k, "kind": "phases", "trigger": "tap", "phases": phases}
for n, files in [("s2k", 100), ("s20k", 1000)]:
    os.makedirs(os.path.join(work, n))
    for f in range(files):
        json.dump({"specVersion": 1, "screen": "Screen%d" % f, "animations": [animation(k) for k in range(20)]},
                  open(os.path.join(work, n, "f%d.json" % f), "w"))
for n, kind in [("kf2k", "keyframes"), ("ph2k", "phases")]:
    rng = random.Random(15)
    os.makedirs(os.path.join(work, n))
    for f in range(100):
        json.dump({"specVersion": 1, "screen": "Screen%d" % f, "animations": [animation(k, kind) for k in range(20)]},
                  open(os.path.join(work, n, "f%d.json" % f), "w"))
