"""The peer of `motionsync import` in Scripts/benchmark.sh (issue 10): an idiomatic Python importer
(`json` + `sqlite3`, standard library only) writing the same rows for keyframe specs into a store
made from the same migrations: sources, imports, screens, animations, revisions (canonical JSON
definition and its SHA-256), initial_values, tracks and keyframes with resolved start times and
spring coefficients, one transaction per file. It checks types the way a careful script would,
but computes no figures (peaks, haptics, budgets), which motionsync does at import.

    python3 py_import.py DB FOLDER MIGRATIONS_FOLDER
"""
import glob, hashlib, json, math, os, sqlite3, sys, datetime

db_path, folder, migrations = sys.argv[1:4]
db = sqlite3.connect(db_path, isolation_level=None)
db.execute("PRAGMA journal_mode = WAL")
db.execute("PRAGMA synchronous = NORMAL")
db.execute("PRAGMA foreign_keys = ON")
for script in sorted(glob.glob(os.path.join(migrations, "*.sql"))):
    db.executescript(open(script).read())

PRESET_BOUNCE = {"smooth": 0.0, "snappy": 0.15, "bouncy": 0.3}
CURVES = {"linear": (0, 0, 1, 1), "easeIn": (0.42, 0, 1, 1), "easeOut": (0, 0, 0.58, 1), "easeInOut": (0.42, 0, 0.58, 1)}

def spring(s):
    s = s or {"duration": 0.5, "bounce": 0}
    if "preset" in s:
        s = {"duration": s.get("duration", 0.5), "bounce": PRESET_BOUNCE[s["preset"]] + s.get("extraBounce", 0)}
    if "stiffness" in s:
        m, k, c = float(s.get("mass", 1)), float(s["stiffness"]), float(s["damping"])
        w0 = math.sqrt(k / m)
        return w0, c / (2 * m) / w0, m
    if "response" in s:
        return 2 * math.pi / float(s["response"]), float(s["dampingRatio"]), 1.0
    b = float(s.get("bounce", 0))
    z = 0.0 if b > 1 else (1 - b if b >= 0 else 1 / (1 + b))
    return 2 * math.pi / float(s["duration"]), z, 1.0

def number(v, where):
    if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v):
        raise ValueError("%s: not a number" % where)
    return float(v)

now = datetime.datetime.now(datetime.timezone.utc).isoformat()
for path in sorted(glob.glob(os.path.join(folder, "*.json"))):
    raw = open(path, "rb").read()
    digest = hashlib.sha256(raw).hexdigest()
    spec = json.loads(raw)
    if spec.get("specVersion") != 1 or not isinstance(spec.get("screen"), str):
        raise ValueError("%s: not a spec" % path)
    db.execute("BEGIN IMMEDIATE")
    row = db.execute("SELECT id, content_hash FROM sources WHERE path = ?", (path,)).fetchone()
    if row and row[1] == digest:
        db.execute("COMMIT")
        continue
    source = db.execute("INSERT INTO sources (path, format, content_hash, imported_at) VALUES (?, 'spec-v1', ?, ?)",
                        (path, digest, now)).lastrowid
    imp = db.execute("INSERT INTO imports (source_id, imported_at, result, content_hash, animations_added) VALUES (?, ?, 'added', ?, ?)",
                     (source, now, digest, len(spec["animations"]))).lastrowid
    found = db.execute("SELECT id FROM screens WHERE name = ?", (spec["screen"],)).fetchone()
    screen = found[0] if found else db.execute("INSERT INTO screens (name, created_at) VALUES (?, ?)", (spec["screen"], now)).lastrowid
    for a in spec["animations"]:
        definition = json.dumps(a, sort_keys=True, separators=(",", ":"))
        anim = db.execute("INSERT INTO animations (screen_id, name, source_id, created_at) VALUES (?, ?, ?, ?)",
                          (screen, a["id"], source, now)).lastrowid
        rows, track_rows, total = [], [], 0.0
        for position, (prop, keys) in enumerate(a["tracks"].items()):
            t = 0.0
            for k, key in enumerate(keys):
                to = number(key["to"], "%s/%s/%d/to" % (a["id"], prop, k))
                d = key.get("duration")
                if d is not None: d = number(d, "duration")
                curve = x1 = y1 = x2 = y2 = w0 = z = m = response = stiffness = damping = None
                if key["type"] == "linear":
                    c = key.get("curve", "linear")
                    curve, (x1, y1, x2, y2) = (c, CURVES[c]) if isinstance(c, str) else ("bezier", tuple(c["bezier"]))
                elif key["type"] == "spring":
                    w0, z, m = spring(key.get("spring"))
                    response, stiffness, damping = 2 * math.pi / w0, w0 * w0 * m, 2 * z * w0 * m
                resolved = d or 0.0
                rows.append((position, k, key["type"], to, d, t, resolved, curve, x1, y1, x2, y2,
                             key.get("startVelocity"), key.get("endVelocity"), w0, z, m, response, stiffness, damping))
                t += resolved
            track_rows.append((position, prop, t))
            total = max(total, t)
        revision = db.execute("""INSERT INTO revisions (animation_id, number, import_id, kind, trigger, component, reduce_motion, notes,
                                 repeating, duration, content_hash, definition, created_at) VALUES (?, 1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""",
                              (anim, imp, a["kind"], a["trigger"], a.get("component"), a.get("reduceMotion"), a.get("notes"),
                               int(a.get("repeating", False)), total, hashlib.sha256(definition.encode()).hexdigest(), definition, now)).lastrowid
        db.execute("UPDATE animations SET current_revision = ? WHERE id = ?", (revision, anim))
        db.executemany("INSERT INTO initial_values (revision_id, position, property, value) VALUES (?, ?, ?, ?)",
                       [(revision, k, p, number(v, p)) for k, (p, v) in enumerate(a.get("initial", {}).items())])
        track_ids = {}
        for position, prop, duration in track_rows:
            track_ids[position] = db.execute("INSERT INTO tracks (revision_id, position, property, duration) VALUES (?, ?, ?, ?)",
                                             (revision, position, prop, duration)).lastrowid
        db.executemany("""INSERT INTO keyframes (track_id, position, type, to_value, duration, start_time, resolved_duration, curve,
                          curve_x1, curve_y1, curve_x2, curve_y2, start_velocity, end_velocity, spring_angular_frequency,
                          spring_damping_ratio, spring_mass, spring_response, spring_stiffness, spring_damping)
                          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""",
                       [(track_ids[r[0]],) + r[1:] for r in rows])
    db.execute("COMMIT")
db.close()
