#!/usr/bin/env python3
"""Recall and precision of motionsync's inventory against sites.py, per app and per form.

One app:
    measure.py APPDIR INVENTORY.json [--import IMPORT.json] [--name NAME] [--json] [--misses]
All apps of apps.tsv (results written by run.sh as RESULTS/<name>-inv.json, -import.json):
    measure.py --all CORPUS RESULTS [--json] [--misses]

INVENTORY.json is `motionsync --db X inventory --format json`; IMPORT.json is the JSON lines
of `motionsync --db X import APPDIR --format json` (optional: it gives rejected files and the
"unresolved … not read / skipped" messages used to explain misses). APPDIR must be the same
path given to import, so the rows' `source` and sites.py's files agree.

Matching a row to a site
  * Rows with `line` (and `column`, 1-based): same file, same line, and the row's column is
    the site's name token, the `.` before it, or the start of its callee on that line;
    failing that, one unmatched site of the same file and line (counted as "loose").
  * Rows WITHOUT `line` (motionsync before issue 48): per file, by count. Rows and sites are
    split into SwiftUI rows (kind implicit/keyframes/phases) and layer rows (UIKit, Core
    Animation); a layer row `Type.method[-N]` first takes a site inside `func method`; the
    rest pair up in line order, sites that import reported as "not read"/"skipped" last.
    WHICH site of a file a row stands for is then a guess: recall per app is right as long
    as no file has both a missed site and an extra row, per form it is approximate (sites
    import wrote a non-fatal "unresolved" note about are taken as read first). The output
    says so in capitals.
Precision = rows matched to a site / rows read from code (source *.swift). Core recall counts
the forms of issue 48 (sites.py's CORE_FORMS); extra forms (withTransaction, .transaction, …)
only serve to keep rows read from them from counting as false positives.
Rows on non-view types: rows whose `screen` ends in one of NON_VIEW_SUFFIXES (or holds a `<`):
the share of such rows, with examples.
"""
import collections
import json
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import sites as sitesmod  # noqa: E402

SWIFTUI_FORMS = {"withAnimation", ".animation(_:value:)", ".animation(_:)", ".animation(_:body:)",
                 "Binding.animation", "keyframeAnimator", "phaseAnimator", "withTransaction",
                 ".transaction", "KeyframeTimeline", "mapCameraKeyframeAnimator"}
NON_VIEW_SUFFIXES = ("ViewModel", "Model", "Store", "Style", "Modifier", "Manager", "Delegate",
                     "DataSource", "Coordinator", "Service", "Helper", "Handler", "Presenter",
                     "Router", "Provider", "Animator", "Transitioning", "Reducer", "Feature",
                     "Interactor", "State", "Action", "Environment", "Client", "Controller_",
                     "Animation", "Layer")
DROP_RE = re.compile(r"unresolved \((?P<file>/[^:)]+\.swift):(?P<line>\d+)\): (?P<msg>.*)")


def group_of_form(form):
    return "swiftui" if form in SWIFTUI_FORMS else "layer"


def group_of_row(row):
    return "layer" if row.get("kind") == "layer" else "swiftui"


def load_import(path):
    files, drops = {}, collections.defaultdict(list)
    if not path:
        return files, drops
    with open(path) as fh:
        for line in fh:
            line = line.strip()
            if not line.startswith("{"):
                continue
            o = json.loads(line)
            files[os.path.abspath(o["file"])] = o
            for p in o.get("problems", []):
                m = DROP_RE.search(p)
                if m:
                    drops[(os.path.abspath(m["file"]), int(m["line"]))].append(m["msg"])
    return files, drops


def is_drop(msg):
    return ("not read" in msg or "skipped" in msg) and "timing is kept" not in msg


def non_view(screen):
    if screen is None:
        return False
    if "<" in screen:
        return True
    return any(screen.endswith(s) for s in NON_VIEW_SUFFIXES) or screen in (
        "Binding", "Model")


def normalise(msg):
    msg = re.sub(r"`[^`]*`", "X", msg)
    msg = re.sub(r"\b\d+(\.\d+)?\b", "N", msg)
    return msg[:110]


def site_drops(site, file_sites, drops):
    """Import's "not read"/"skipped" messages for a site: on its line or the next ten
    (motionsync may point at an argument's line, or at a Core Animation property set
    after the constructor), before the file's next site."""
    nxt = min((s["line"] for s in file_sites if s["line"] > site["line"]), default=10**9)
    out = []
    for ln in range(site["line"], min(site["line"] + 11, nxt)):
        out += [m for m in drops.get((site["file"], ln), []) if is_drop(m)]
    return out


def site_notes(site, file_sites, drops):
    """Import's other messages on the site's line or the next three, before the next site."""
    nxt = min((s["line"] for s in file_sites if s["line"] > site["line"]), default=10**9)
    return [m for ln in range(site["line"], min(site["line"] + 4, nxt))
            for m in drops.get((site["file"], ln), []) if not is_drop(m)]


def miss_cause(site, imp_files, drops, file_sites=()):
    f = site["file"]
    o = imp_files.get(f)
    msgs = site_drops(site, file_sites, drops)
    if msgs and not (o is not None and o.get("result") == "rejected"):
        return "dropped: " + normalise(msgs[0])
    if o is not None and o.get("result") == "rejected":
        first = next((p for p in o.get("problems", []) if "rejected" in p), "")
        why = "duplicate screen/id" if "already defined" in first else normalise(first)
        return f"file rejected ({why})"
    if o is not None and o.get("result") == "skipped":
        return f"file skipped, no message on this site ({o.get('note', '')})"
    if imp_files and o is None:
        return "file not in import output (its byte search passed over it)"
    return "no row, no message"


def measure_app(name, appdir, inv, imp_path=None, site_list=None):
    imp_files, drops = load_import(imp_path)
    if site_list is None:
        site_list = sitesmod.scan([appdir], include_extra=True)
    rows = [r for r in inv if str(r.get("source", "")).endswith(".swift")]
    has_lines = any(r.get("line") is not None for r in rows)
    by_file_sites = collections.defaultdict(list)
    for s in site_list:
        s = dict(s)
        s["matched"] = None
        s["file"] = os.path.abspath(s["file"])
        by_file_sites[s["file"]].append(s)
    by_file_rows = collections.defaultdict(list)
    for r in rows:
        # motionsync names a file under the working directory by its relative path; sites.py
        # by the path it was given (run.sh gives absolute ones).
        source = r["source"] if os.path.isabs(r["source"]) else os.path.abspath(r["source"])
        by_file_rows[source].append(r)
    loose = 0
    row_match = {}
    for f, rs in by_file_rows.items():
        ss = by_file_sites.get(f, [])
        if has_lines:
            for r in rs:
                if r.get("line") is None:
                    continue
                cand = [s for s in ss if s["matched"] is None and s["line"] == r["line"]]
                exact = [s for s in cand if r.get("column") in
                         (s["column"], s["column"] - 1, s["callee"])]
                pick = exact[0] if exact else (cand[0] if len(cand) == 1 else None)
                if pick is not None:
                    if not exact:
                        loose += 1
                    pick["matched"] = r
                    row_match[id(r)] = pick
        else:
            for grp in ("layer", "swiftui"):
                gr = [r for r in rs if group_of_row(r) == grp]
                gs = [s for s in ss if group_of_form(s["form"]) == grp]
                # dropped-with-a-message sites are matched last
                # sites import spoke of without dropping them first, then silent ones,
                # then those it reported as "not read"/"skipped"
                gs.sort(key=lambda s: (bool(site_drops(s, ss, drops)),
                                       not site_notes(s, ss, drops), s["line"], s["column"]))
                if grp == "layer":
                    for r in gr:
                        meth = re.sub(r"-\d+$", "", r["id"].split(".", 1)[-1])
                        for s in gs:
                            if s["matched"] is None and s.get("function") == meth:
                                s["matched"] = r
                                row_match[id(r)] = s
                                break
                for r in gr:
                    if id(r) in row_match:
                        continue
                    for s in gs:
                        if s["matched"] is None:
                            s["matched"] = r
                            row_match[id(r)] = s
                            break
    all_sites = [s for ss in by_file_sites.values() for s in ss]
    core = [s for s in all_sites if s["core"]]
    forms = collections.OrderedDict((f, {"sites": 0, "matched": 0}) for f in sitesmod.CORE_FORMS)
    for s in core:
        forms[s["form"]]["sites"] += 1
        forms[s["form"]]["matched"] += s["matched"] is not None
    misses = [s for s in core if s["matched"] is None]
    for s in misses:
        s["cause"] = miss_cause(s, imp_files, drops, by_file_sites[s["file"]])
    causes = collections.Counter(s["cause"] for s in misses)
    unmatched_rows = [r for r in rows if id(r) not in row_match]
    rejected = {f: next((p for p in o.get("problems", []) if "rejected" in p), "")
                for f, o in imp_files.items() if o.get("result") == "rejected"}
    nv = [r for r in rows if non_view(r.get("screen"))]
    res = {
        "app": name,
        "matching": "line" if has_lines else "count-per-file (NO LINE IN ROWS)",
        "loose_matches": loose,
        "sites": len(core),
        "matched": len(core) - len(misses),
        "recall": (len(core) - len(misses)) / len(core) if core else None,
        "rows_from_code": len(rows),
        "rows_matched": len(row_match),
        "precision": len(row_match) / len(rows) if rows else None,
        "extra_sites": len(all_sites) - len(core),
        "forms": {k: dict(v, recall=(v["matched"] / v["sites"] if v["sites"] else None))
                  for k, v in forms.items()},
        "miss_causes": dict(causes.most_common()),
        "misses": [{k: s[k] for k in ("file", "line", "column", "form", "type", "function",
                                       "cause")} for s in misses],
        "unmatched_rows": [{k: r.get(k) for k in ("screen", "id", "kind", "source", "line")}
                           for r in unmatched_rows],
        "rejected_files": rejected,
        "non_view_rows": len(nv),
        "non_view_share": len(nv) / len(rows) if rows else None,
        "non_view_examples": sorted({(r["screen"], r["id"], r["source"]) for r in nv})[:12],
    }
    return res


def pct(x):
    return "   -  " if x is None else f"{100 * x:5.1f}%"


def print_report(results, show_misses):
    out = []
    if any(not r["matching"].startswith("line") for r in results):
        out.append("!!! ROWS CARRY NO `line`: MATCHED PER FILE BY COUNT. Per-app recall is right "
                   "unless a file has both a miss and an extra row; per-form figures and the list "
                   "of misses are a best guess (see measure.py). !!!\n")
    out.append(f'{"app":<12} {"sites":>5} {"found":>5} {"recall":>7} {"rows":>5} {"match":>5} '
               f'{"precis.":>7} {"rejected":>8} {"non-view":>8}  matching')
    tot = collections.Counter()
    for r in results:
        out.append(f'{r["app"]:<12} {r["sites"]:>5} {r["matched"]:>5} {pct(r["recall"]):>7} '
                   f'{r["rows_from_code"]:>5} {r["rows_matched"]:>5} {pct(r["precision"]):>7} '
                   f'{len(r["rejected_files"]):>8} {pct(r["non_view_share"]):>8}  {r["matching"]}'
                   + (f' ({r["loose_matches"]} loose)' if r["loose_matches"] else ""))
        for k in ("sites", "matched", "rows_from_code", "rows_matched", "non_view_rows"):
            tot[k] += r[k]
        tot["rejected"] += len(r["rejected_files"])
    if len(results) > 1:
        rc = tot["matched"] / tot["sites"] if tot["sites"] else None
        pr = tot["rows_matched"] / tot["rows_from_code"] if tot["rows_from_code"] else None
        nv = tot["non_view_rows"] / tot["rows_from_code"] if tot["rows_from_code"] else None
        out.append(f'{"TOTAL":<12} {tot["sites"]:>5} {tot["matched"]:>5} {pct(rc):>7} '
                   f'{tot["rows_from_code"]:>5} {tot["rows_matched"]:>5} {pct(pr):>7} '
                   f'{tot["rejected"]:>8} {pct(nv):>8}')
    out.append("")
    names = [r["app"] for r in results]
    out.append("recall per form (found/sites)")
    out.append(f'{"form":<36}' + "".join(f"{n[:11]:>12}" for n in names) + f'{"total":>12}')
    for form in sitesmod.CORE_FORMS:
        cells, s_all, m_all = [], 0, 0
        for r in results:
            v = r["forms"][form]
            s_all += v["sites"]
            m_all += v["matched"]
            cells.append(f'{v["matched"]}/{v["sites"]}' if v["sites"] else "-")
        if s_all == 0:
            continue
        out.append(f"{form:<36}" + "".join(f"{c:>12}" for c in cells)
                   + f'{f"{m_all}/{s_all}":>12}')
    out.append("")
    causes = collections.Counter()
    for r in results:
        causes.update(r["miss_causes"])
    out.append("misses by cause")
    for c, k in causes.most_common():
        out.append(f"{k:>5}  {c}")
    for r in results:
        if r["rejected_files"]:
            out.append(f'\n{r["app"]}: rejected files')
            for f, p in r["rejected_files"].items():
                out.append(f"  {f}: {p[:220]}")
        if r["non_view_examples"]:
            out.append(f'\n{r["app"]}: rows on non-view types ({r["non_view_rows"]}), e.g.')
            for sc, i, src in r["non_view_examples"][:6]:
                out.append(f"  {sc}  {i}  ({src})")
    if show_misses:
        for r in results:
            out.append(f'\n{r["app"]}: misses')
            for m in r["misses"]:
                out.append(f'  {m["file"]}:{m["line"]}:{m["column"]}  {m["form"]}  [{m["cause"]}]')
            out.append(f'{r["app"]}: rows matched to no site')
            for u in r["unmatched_rows"]:
                out.append(f'  {u["screen"]}/{u["id"]} ({u["kind"]})  {u["source"]}'
                           + (f':{u["line"]}' if u.get("line") else ""))
    print("\n".join(out))


def read_apps_tsv():
    here = os.path.dirname(os.path.abspath(__file__))
    names = []
    with open(os.path.join(here, "apps.tsv")) as fh:
        for line in fh:
            if line.strip() and not line.startswith("#"):
                names.append(line.split("\t")[0])
    return names


def main(argv):
    as_json = "--json" in argv
    show_misses = "--misses" in argv
    opts = {}
    pos = []
    i = 0
    while i < len(argv):
        a = argv[i]
        if a in ("--import", "--name"):
            opts[a] = argv[i + 1]
            i += 2
            continue
        if not a.startswith("--"):
            pos.append(a)
        i += 1
    if "--help" in argv or "-h" in argv:
        print(__doc__)
        return 0
    results = []
    if "--all" in argv:
        if len(pos) != 2:
            print(__doc__, file=sys.stderr)
            return 64
        corpus, resdir = pos
        for name in read_apps_tsv():
            inv_p = os.path.join(resdir, f"{name}-inv.json")
            if not os.path.exists(inv_p):
                print(f"{name}: no {inv_p}; skipped", file=sys.stderr)
                continue
            imp_p = os.path.join(resdir, f"{name}-import.json")
            try:
                with open(inv_p) as fh:
                    inv = json.load(fh)
            except ValueError as e:
                print(f"{name}: {inv_p} is not JSON ({e}); skipped", file=sys.stderr)
                continue
            results.append(measure_app(name, os.path.join(corpus, name), inv,
                                       imp_p if os.path.exists(imp_p) else None))
    else:
        if len(pos) != 2:
            print(__doc__, file=sys.stderr)
            return 64
        appdir, inv_p = pos
        with open(inv_p) as fh:
            inv = json.load(fh)
        results.append(measure_app(opts.get("--name", os.path.basename(appdir.rstrip("/"))),
                                   appdir, inv, opts.get("--import")))
    if as_json:
        json.dump(results, sys.stdout, indent=1)
        print()
    else:
        print_report(results, show_misses)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
