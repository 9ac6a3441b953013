#!/usr/bin/env python3
"""Checks the relative links of the project's Markdown pages: every linked file exists and every
#anchor names a heading of its page (GitHub's anchor rules). Web addresses are not fetched.
   python3 Scripts/check-links.py [FILE.md ...]     (default: README.md, BENCHMARKS.md, Docs/, Specs/)
Exit 1 with one line per broken link."""
import os, re, sys

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

def anchors(path):
    """The anchors GitHub gives the headings of a Markdown file."""
    seen, out = {}, set()
    in_code = False
    for line in open(path, encoding="utf-8"):
        if line.startswith("```"):
            in_code = not in_code
        if in_code or not line.startswith("#"):
            continue
        text = line.lstrip("#").strip()
        slug = re.sub(r"[^\w\- ]", "", text.lower()).replace(" ", "-")
        n = seen.get(slug, 0)
        seen[slug] = n + 1
        out.add(slug if n == 0 else f"{slug}-{n}")
    return out

def links(path):
    text = open(path, encoding="utf-8").read()
    text = re.sub(r"```.*?```", "", text, flags=re.S)
    for m in re.finditer(r"\]\(([^)\s]+)\)", text):
        yield m.group(1)

def main(files):
    broken = []
    for f in files:
        for target in links(f):
            if re.match(r"^[a-z]+:", target):
                continue
            file, _, anchor = target.partition("#")
            dest = os.path.normpath(os.path.join(os.path.dirname(f), file)) if file else f
            if not os.path.exists(dest):
                broken.append(f"{os.path.relpath(f, root)}: {target}: no such file")
            elif anchor and dest.endswith(".md") and anchor not in anchors(dest):
                broken.append(f"{os.path.relpath(f, root)}: {target}: no heading with that anchor")
    for b in broken:
        print(b)
    print(f"{len(files)} pages, {len(broken)} broken links", file=sys.stderr)
    return 1 if broken else 0

if __name__ == "__main__":
    os.chdir(root)
    files = sys.argv[1:] or ["README.md", "BENCHMARKS.md"] + sorted(
        os.path.join(d, f) for d in ["Docs", "Specs"] for f in os.listdir(d) if f.endswith(".md"))
    sys.exit(main([os.path.abspath(f) for f in files]))
