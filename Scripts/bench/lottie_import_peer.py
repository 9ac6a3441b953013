"""A per-file Python peer of `motionsync import` on Lottie files (issue 47): the way the other
open-source tool derives haptics from a Lottie file, one process per file: python-lottie loads
it, every animated transform of every layer and shape group (precompositions' layers included)
is resampled at 120 Hz over the main composition, and the frames where the jerk (third
difference) peaks are kept. It does less than motionsync's import (no time remapping, no trim
paths, no store), so the ratio is a floor.

    python3 lottie_import_peer.py FILE.json     (run once per file, as that tool is)
"""
import sys
from lottie.parsers.tgs import parse_tgs

PROPS = ("anchor_point", "position", "scale", "rotation", "opacity", "skew", "skew_axis")


def transforms(layers, assets, seen):
    for layer in layers:
        t = getattr(layer, "transform", None)
        if t is not None:
            yield t
        for shape in getattr(layer, "shapes", None) or []:
            yield from groups(shape)
        ref = getattr(layer, "reference_id", None)
        if ref in assets and ref not in seen:
            yield from transforms(assets[ref].layers, assets, seen | {ref})


def groups(shape):
    for item in getattr(shape, "shapes", None) or []:
        if type(item).__name__ == "TransformShape":
            yield item
        yield from groups(item)


animation = parse_tgs(sys.argv[1])
assets = {a.id: a for a in animation.assets if getattr(a, "layers", None)}
ip, op, fr = animation.in_point, animation.out_point, animation.frame_rate
frames = [ip + k * fr / 120 for k in range(int((op - ip) / fr * 120) + 1)]
peaks = 0
for t in transforms(animation.layers, assets, frozenset()):
    for name in PROPS:
        p = getattr(t, name, None)
        if p is None or not p.animated:
            continue
        values = [p.get_value(f) for f in frames]
        series = [v[0] if hasattr(v, "__len__") else v for v in values]
        jerk = [series[k + 3] - 3 * series[k + 2] + 3 * series[k + 1] - series[k] for k in range(len(series) - 3)]
        peaks += sum(1 for k in range(1, len(jerk) - 1) if abs(jerk[k]) > abs(jerk[k - 1]) and abs(jerk[k]) >= abs(jerk[k + 1]) and abs(jerk[k]) > 1e-9)
print(peaks)
