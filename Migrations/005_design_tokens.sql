-- 005: motion design tokens (DTCG files): named durations, curves, springs and transitions that
-- spec files may reference as "{group.token}". `value` is canonical JSON:
--   duration   {"seconds": s}
--   curve      {"bezier": [x1, y1, x2, y2]}
--   spring     {"angularFrequency": rad/s, "dampingRatio": ζ, "mass": m}
--   transition {"duration": s, "delay": s, "bezier": [x1, y1, x2, y2]}

CREATE TABLE tokens (
    id         INTEGER PRIMARY KEY,
    source_id  INTEGER NOT NULL REFERENCES sources(id),
    path       TEXT NOT NULL UNIQUE,            -- dotted: motion.duration.short1
    type       TEXT NOT NULL CHECK (type IN ('duration', 'curve', 'spring', 'transition')),
    value      TEXT NOT NULL
);

CREATE INDEX tokens_by_source ON tokens(source_id);
