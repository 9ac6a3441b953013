#!/usr/bin/env python3
"""Which hand-checked rows a motionsync build answers differently from the one that was checked.

    python3 Scripts/realapps/handcheck-diff.py HANDCHECK.json CORPUS MOTIONSYNC [OUT]

HANDCHECK is a list of rows as a hand check writes them (`handcheck-*.json`: id, app, source
relative to CORPUS/<app>, line, column, the build's answer under "tool", the reader's "truth" and
"verdict" per fact). Each app is imported afresh into OUT/<app>.sqlite (OUT defaults to a folder
under /tmp) and every row whose screen, also-on screens, trigger, repeating, duration or estimate
mark changed is printed with the verdict it had and the truth, so the change can be judged.
Our own runs only; nothing here is used by `swift test` or CI.
"""
import json
import os
import subprocess
import sys
import tempfile


def inventory(motionsync, corpus, app, out):
    db = os.path.join(out, app + ".sqlite")
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(db + suffix):
            os.remove(db + suffix)
    subprocess.run([motionsync, "-q", "--db", db, "import", os.path.join(corpus, app)],
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    listed = subprocess.run([motionsync, "--db", db, "inventory", "--format", "json"], capture_output=True, text=True, check=True)
    rows = {}
    for row in json.loads(listed.stdout):
        rel = os.path.relpath(row["source"], os.path.join(corpus, app))
        rows[(rel, row["line"], row["column"])] = row
    return rows


def changes(checked, row):
    found = []
    for key in ("screen", "alsoOn", "trigger", "repeating", "duration"):
        a, b = checked.get(key), row.get(key)
        if isinstance(a, float) and isinstance(b, float) and abs(a - b) < 1e-6:
            continue
        if a != b:
            found.append(f"{key}: {a} -> {b}")
    if (checked.get("estimated") is None) != (row.get("estimated") is None):
        found.append("estimated: %s -> %s" % (checked.get("estimated") is not None, row.get("estimated") is not None))
    return found


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    rows, corpus, motionsync = json.load(open(sys.argv[1])), sys.argv[2], sys.argv[3]
    out = sys.argv[4] if len(sys.argv) > 4 else tempfile.mkdtemp(prefix="handcheck-")
    os.makedirs(out, exist_ok=True)
    listed = {app: inventory(motionsync, corpus, app, out) for app in sorted({r["app"] for r in rows})}
    changed = 0
    for r in rows:
        row = listed[r["app"]].get((r["source"], r["line"], r["column"]))
        if row is None:
            print(r["id"], "no row at", r["source"], r["line"], r["column"])
            changed += 1
            continue
        found = changes(r["tool"], row)
        if found:
            changed += 1
            wrong = {k: v for k, v in r["verdict"].items() if v != "right"}
            print(r["id"], f'{r["source"]}:{r["line"]}', wrong or "all right", "|", "; ".join(found))
            print("    truth:", {k: r["truth"].get(k) for k in ("screen", "trigger", "duration")})
    print(changed, "of", len(rows), "rows answered differently")


if __name__ == "__main__":
    main()
