"""Peak time error in Scripts/benchmark.sh (issue 10): for spring keyframes from 0 to 1 with their
closed-form first peak t = π/ωd (springs.tsv), the error of motionsync's peak (its times on stdin,
`id time` per line, from `motionsync-peer-bench peaks`) and of `scipy.signal.find_peaks` on the
closed form sampled at 1 kHz. Prints the largest and the mean absolute error of each, in ms.

    motionsync-peer-bench peaks springs.json | python3 peaks_peer.py springs.tsv
"""
import math, sys
import numpy as np
from scipy.signal import find_peaks

exact, motion = {}, {}
for line in open(sys.argv[1]):
    name, w0, z, t = line.split("\t")
    exact[name] = (float(w0), float(z), float(t))
for line in sys.stdin:
    name, t = line.split()
    motion[name] = None if t == "none" else float(t)

ours, theirs = [], []
for name, (w0, z, t_peak) in exact.items():
    if motion[name] is None:
        sys.exit("motionsync found no peak for %s" % name)
    ours.append(abs(motion[name] - t_peak))
    wd = w0 * math.sqrt(1 - z * z)
    t = np.arange(0, 4 * t_peak, 0.001)
    x = 1 - np.exp(-z * w0 * t) * (np.cos(wd * t) + z * w0 / wd * np.sin(wd * t))
    peaks, _ = find_peaks(x)
    theirs.append(abs(t[peaks[0]] - t_peak))
print("motionsync max %.3g ms mean %.3g ms; find_peaks @1 kHz max %.3g ms mean %.3g ms (%d springs)" %
      (max(ours) * 1e3, sum(ours) / len(ours) * 1e3, max(theirs) * 1e3, sum(theirs) / len(theirs) * 1e3, len(ours)))
