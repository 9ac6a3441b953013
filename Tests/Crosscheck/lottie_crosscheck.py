#!/usr/bin/env python3
"""Cross-checks motionsync's Lottie import against an independent evaluator.

For every Lottie file given, every animated transform component motionsync imports is sampled
by `motionsync sample FILE#ID --times … --format json` and compared, frame by frame, with
python-lottie (PyPI `lottie`, run here as a separate process; AGPL, never copied into the
project) within 1e-6 relative. The file's one animation is its main composition, with its
precompositions played inside it: each precomposed property is evaluated by python-lottie at the
frame lottie-web's rules give it (written out in `properties`).

python-lottie's known limits (designer-formats.md): it uses only the first easing component, and
it evaluates spatial tangents (to/ti) along the path without easing. Where a property hits one of
those limits, this script says so and checks motionsync against lottie-web's rule instead,
evaluated here from the JSON (per-dimension Bézier easing; spatial tangents are not imported by
motionsync, which warns, so the rule is the straight per-dimension segment).

Usage: lottie_crosscheck.py MOTIONSYNC_BINARY FILE.json…   (exit 1 on any mismatch)
"""
import json
import subprocess
import sys

from lottie.parsers.tgs import parse_tgs

TOLERANCE = 1e-6
PROPS = [("a", "anchor", "anchor_point"), ("p", "position", "position"), ("s", "scale", "scale"),
         ("r", "rotation", "rotation"), ("o", "opacity", "opacity"), ("sk", "skew", "skew"), ("sa", "skewAxis", "skew_axis")]


def bezier(u, c1, c2):
    v = 1 - u
    return 3 * v * v * u * c1 + 3 * v * u * u * c2 + u * u * u


def ease(x, x1, y1, x2, y2):
    """lottie-web's rule: solve x(u) = x by bisection, return y(u)."""
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0
    lo, hi = 0.0, 1.0
    for _ in range(200):
        mid = (lo + hi) / 2
        if bezier(mid, x1, x2) < x:
            lo = mid
        else:
            hi = mid
    return bezier((lo + hi) / 2, y1, y2)


def comp(v, c):
    if isinstance(v, list):
        return v[c] if c < len(v) else v[0]
    return v


def web_value(keys, frame, c):
    """lottie-web's per-dimension value at a layer-local frame, from the JSON keyframes."""
    vals = []
    for i, k in enumerate(keys):
        s = k.get("s")
        if s is None:
            s = keys[i - 1].get("e")
        vals.append(comp(s, c))
    if frame <= keys[0]["t"]:
        return vals[0]
    for i in range(len(keys) - 1):
        a, b = keys[i], keys[i + 1]
        if a["t"] <= frame < b["t"]:
            end = comp(a["e"], c) if "e" in a else vals[i + 1]
            if a.get("h", 0) == 1:
                return vals[i]
            x = (frame - a["t"]) / (b["t"] - a["t"])
            o, ii = a.get("o"), a.get("i")
            y = x if o is None else ease(x, comp(o["x"], c), comp(o["y"], c), comp(ii["x"], c), comp(ii["y"], c))
            return vals[i] + (end - vals[i]) * y
    return vals[-1]


def differs_per_dimension(keys):
    for k in keys:
        for h in ("o", "i"):
            e = k.get(h)
            if e:
                for axis in ("x", "y"):
                    v = e.get(axis)
                    if isinstance(v, list) and len(v) > 1 and any(abs(z - v[0]) > 1e-12 for z in v):
                        return True
    return False


def has_spatial(keys):
    return any(any(abs(z) > 0 for z in (k.get("to") or []) + (k.get("ti") or [])) for k in keys)


def components(name, value):
    return {"anchor": "xyz", "position": "xyz", "scale": "xyz"}.get(name, "")


def clamp(f, layer):
    """lottie-web shows a layer while ip <= frame < op and keeps its last state outside."""
    return min(max(f, layer.get("ip", float("-inf"))), layer.get("op", float("inf")))


def properties(lottie_json, py_animation):
    """(track name, json property, python-lottie property, scale, frame map) for every animated
    transform of the main composition, precompositions played inside it. The frame map turns a
    frame of the main composition into the frame the property is evaluated at, by lottie-web's
    rules (ICompElement.prepareFrame, RenderableElement.checkLayerLimits), written here from the
    JSON: a layer's frame is held inside [ip, op]; a precomposition's contents show
    (frame - st) / sr, or with time remapping tm(frame) * fr (tm evaluated by python-lottie)."""
    out = []
    fr = lottie_json["fr"]
    assets = {a["id"]: (a, p) for a, p in zip(lottie_json.get("assets", []), py_animation.assets) if "layers" in a}

    def transform(ks_json, ks_py, base, frame_of, quirk):
        for key, name, attr in PROPS:
            pj = ks_json.get(key)
            if key == "r" and pj is None:
                pj = ks_json.get("rz")
            if not isinstance(pj, dict) or pj.get("s") is True:
                continue
            keys = pj.get("k")
            if pj.get("a") != 1 and not (isinstance(keys, list) and keys and isinstance(keys[0], dict) and "t" in keys[0]):
                continue
            # An expression ("x") is not run: its keyframes are imported, as mobile players play them.
            out.append((base + "/" + name, name, keys, getattr(ks_py, attr, None), 0.01 if name in ("scale", "opacity") else 1.0, frame_of, quirk))

    def shapes(items_json, items_py, base, frame_of, quirk):
        for k, (sj, sp) in enumerate(zip(items_json, items_py)):
            if sj.get("ty") == "gr":
                group = sj.get("nm") or "group %d" % k
                for tj, tp in zip(sj.get("it", []), sp.shapes):
                    if tj.get("ty") == "tr":
                        transform(tj, tp, base + "/" + group, frame_of, quirk)
                shapes(sj.get("it", []), sp.shapes, base + "/" + group, frame_of, quirk)

    def layers(layers_json, layers_py, prefix, comp_frame, chain, quirk):
        for k, (lj, lp) in enumerate(zip(layers_json, layers_py)):
            base = prefix + (lj.get("nm") or "layer %s" % lj.get("ind", k))
            # A layer's keyframe times are frames of its composition: its st and sr only place
            # and stretch a precomposition's contents in the parent (lottie-web, lottie-android).
            shown = (lambda f, cf=comp_frame, l=lj: clamp(cf(f), l))
            transform(lj.get("ks", {}), lp.transform, base, shown, quirk)
            if "shapes" in lj:
                shapes(lj["shapes"], lp.shapes, base, shown, quirk)
            ref = lj.get("refId")
            if lj.get("ty") == 0 and ref in assets and ref not in chain:
                asset_json, asset_py = assets[ref]
                if lp.time_remapping is not None and lj.get("tm") is not None:
                    inner = (lambda f, s=shown, tm=lp.time_remapping: float(tm.get_value(s(f))) * fr)
                    # lottie-web shows frame op - 1 of a remapped precomposition at the instant its
                    # remapped frame equals the layer's out-point (ICompElement: timeRemapped ===
                    # data.op); motionsync plays the remapped frame itself: not compared there.
                    inner_quirk = (lambda f, q=quirk, i=inner, op=lj.get("op"): q(f) or i(f) == op)
                else:
                    st, sr = lj.get("st", 0), lj.get("sr") or 1
                    inner = (lambda f, s=shown, st=st, sr=sr: (s(f) - st) / sr)
                    inner_quirk = quirk
                layers(asset_json["layers"], asset_py.layers, base + "/", inner, chain + [ref], inner_quirk)

    layers(lottie_json.get("layers", []), py_animation.layers, "", lambda f: f, [], lambda f: False)
    return out


def main():
    binary, files = sys.argv[1], sys.argv[2:]
    failures, checked, limited, quirks = 0, 0, 0, 0
    for path in files:
        data = json.load(open(path))
        py = parse_tgs(path)
        fr, ip, op = data["fr"], data.get("ip", 0), data.get("op", 0)
        props = properties(data, py)
        if not props:
            continue
        animation = path.rsplit("/", 1)[-1].rsplit(".", 1)[0]
        # The main composition from its in-point, precompositions played inside it.
        frames = [f for f in range(int(ip), int(op) + 1)]
        times = ",".join(repr((f - ip) / fr) for f in frames)
        result = subprocess.run([binary, "sample", "%s#%s" % (path, animation), "--times", times, "--format", "json"],
                                capture_output=True, text=True)
        if result.returncode != 0:
            print("FAIL %s#%s: motionsync exited %d: %s" % (path, animation, result.returncode, result.stderr.strip()))
            failures += 1
            continue
        ours = json.loads(result.stdout)["properties"]
        seen = set()
        for track, name, keys, py_prop, scale, frame_of, quirk in props:
            spatial = name == "position" and has_spatial(keys)
            per_dim = differs_per_dimension(keys)
            dims = components(name, keys)
            width = max(len(k["s"]) if isinstance(k.get("s"), list) else 1 for k in keys if "s" in k)
            for c in range(len(dims[:width]) if dims else 1):
                label = track + ("." + dims[c] if dims else "")
                # motionsync keeps track names unique the same way: "name 2", "name 3", …
                base, n = label, 2
                while label in seen:
                    label, n = "%s %d" % (base, n), n + 1
                seen.add(label)
                if label not in ours:
                    print("FAIL %s: motionsync has no track %s" % (path, label))
                    failures += 1
                    continue
                rule = "lottie-web rule" if (spatial or per_dim) else "python-lottie"
                if spatial or per_dim:
                    limited += 1
                    why = "spatial tangents" if spatial else "per-dimension easing"
                    print("note %s %s: python-lottie's limit applies (%s); checked against lottie-web's rule" % (path, label, why))
                for f, mine in zip(frames, ours[label]):
                    if quirk(f):
                        quirks += 1
                        print("note %s %s frame %d: lottie-web shows the remapped precomposition's frame op - 1 here (one instant); not compared" % (path, label, f))
                        continue
                    local = frame_of(f)
                    if spatial or per_dim:
                        expected = web_value(keys, local, c) * scale
                    else:
                        v = py_prop.get_value(local)
                        v = v[c] if hasattr(v, "__len__") else v
                        expected = float(v) * scale
                    checked += 1
                    if abs(mine - expected) > TOLERANCE * max(1.0, abs(expected)):
                        print("FAIL %s %s frame %d: motionsync %.9f, %s %.9f" % (path, label, f, mine, rule, expected))
                        failures += 1
    print("crosscheck: %d passed, %d failed" % (checked - failures, failures))
    print("(%d components checked against lottie-web's rule where python-lottie's limits apply; %d remapped-out-point instants not compared)" % (limited, quirks))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
