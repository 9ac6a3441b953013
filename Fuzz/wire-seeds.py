#!/usr/bin/env python3
"""Seeds for the `wire` fuzz target: the reader's answer on each Swift file given.

    wire-seeds.py READER SEEDS FILE...

Asks READER (motionsync-swift) to read each file alone (a request in SwiftSourceWire's framing:
MSW2, one empty constant table, the file) and writes its answer to SEEDS/answer-N. Without the
reader (no `swift build` yet) it writes nothing and says so.
"""
import os
import struct
import subprocess
import sys


def request(name: str, source: bytes) -> bytes:
    encoded = name.encode()
    return (b"MSW2" + struct.pack("<I", 1) + struct.pack("<Q", 0)
            + struct.pack("<I", len(encoded)) + encoded + struct.pack("<I", 0)
            + struct.pack("<Q", len(source)) + source)


def main() -> int:
    reader, seeds, files = sys.argv[1], sys.argv[2], sys.argv[3:]
    if not os.access(reader, os.X_OK):
        print(f"no reader at {reader}: the wire target starts without answers to mutate", file=sys.stderr)
        return 0
    os.makedirs(seeds, exist_ok=True)
    for n, path in enumerate(sorted(files)[:60]):
        with open(path, "rb") as f:
            source = f.read()
        done = subprocess.run([reader], input=request(os.path.basename(path), source), capture_output=True, timeout=60)
        if done.returncode == 0 and done.stdout.startswith(b"MSA1"):
            with open(os.path.join(seeds, f"answer-{n}"), "wb") as f:
                f.write(done.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
