"""The peer of timeline sampling in Scripts/benchmark.sh (issue 10): python-lottie's `get_value` on
every animated transform property of every layer, at FPS samples per second from the first to the
last frame (the grid `motionsync sample --fps FPS` uses). Prints values per second (process CPU).

    python3 lottie_sample.py LOTTIE FPS
"""
import json, sys, time
from lottie.objects import Animation

path, fps = sys.argv[1], float(sys.argv[2])
animation = Animation.load(json.load(open(path)))
properties = []
for layer in animation.layers:
    t = layer.transform
    for p in (t.position, t.scale, t.rotation, t.opacity):
        if p is not None and p.animated:
            properties.append(p)
start_frame, end_frame, rate = animation.in_point, animation.out_point, animation.frame_rate
duration = (end_frame - start_frame) / rate
count = int(duration * fps) + 1
frames = [start_frame + (k / fps) * rate for k in range(count)]
started = time.process_time()
values = 0
for p in properties:
    for f in frames:
        v = p.get_value(f)
        values += len(v) if hasattr(v, "__len__") else 1
elapsed = time.process_time() - started
print("sampled %d values (%d properties × %d frames) in %.3f s of CPU: %d values/s" % (values, len(properties), count, elapsed, values / elapsed))
