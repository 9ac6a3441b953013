-- 008: implicit animations (issue 17) and the haptics an app fires with its animations.
--
-- motionsync: foreign keys off
-- (The line above makes the migrator apply this file with foreign keys off and check them before
-- it commits: SQLite's documented way to change a table's constraints, here the list of kinds.)

-- Revisions may be of kind 'implicit' (`withAnimation`, `.animation(_:value:)`); `feedback` is the
-- animation's optional `feedback` field as canonical JSON ([{"type","time","source"?}]; NULL = not
-- known, '[]' = the code fires none). The table is rebuilt to widen the CHECK on `kind`; the views
-- that read it are dropped first and made again as they were.
DROP VIEW inventory_figures;
DROP VIEW inventory;
DROP VIEW animation_history;

CREATE TABLE revisions_new (
    id             INTEGER PRIMARY KEY,
    animation_id   INTEGER NOT NULL REFERENCES animations(id),
    number         INTEGER NOT NULL,             -- 1, 2, … per animation
    import_id      INTEGER NOT NULL REFERENCES imports(id),
    kind           TEXT NOT NULL CHECK (kind IN ('keyframes', 'phases', 'implicit')),
    trigger        TEXT NOT NULL,                -- tap | appear | repeating | scroll | drag | event:<name>
    component      TEXT,
    reduce_motion  TEXT CHECK (reduce_motion IN ('none', 'crossfade', 'shortened', 'instant', 'static')),
    notes          TEXT,
    repeating      INTEGER NOT NULL CHECK (repeating IN (0, 1)),
    duration       REAL NOT NULL,                -- seconds (one cycle when repeating), from the motion core
    content_hash   TEXT NOT NULL,                -- SHA-256 of `definition`
    definition     TEXT NOT NULL,                -- the animation as canonical spec JSON
    created_at     TEXT NOT NULL,
    haptics        TEXT,                         -- 003
    cues           TEXT,                         -- 004
    feedback       TEXT,                         -- 008
    UNIQUE (animation_id, number)
);
INSERT INTO revisions_new (id, animation_id, number, import_id, kind, trigger, component, reduce_motion, notes, repeating,
                           duration, content_hash, definition, created_at, haptics, cues)
SELECT id, animation_id, number, import_id, kind, trigger, component, reduce_motion, notes, repeating,
       duration, content_hash, definition, created_at, haptics, cues
FROM revisions;
DROP TABLE revisions;
ALTER TABLE revisions_new RENAME TO revisions;
CREATE INDEX revisions_by_animation ON revisions(animation_id);

-- An implicit animation's `Animation`, one row per role: 'motion' (what plays) and
-- 'reduce-motion' (what plays instead with Reduce Motion on, when given). Its run is a curve or
-- a spring with a delay (s, real time) and a speed; `repeat_count` is NULL for one run, -1 for
-- repeatForever; `start_delay` is played once before the runs; `run_length` and `duration`
-- come from the motion core.
CREATE TABLE implicit_animations (
    revision_id              INTEGER NOT NULL REFERENCES revisions(id),
    role                     TEXT NOT NULL CHECK (role IN ('motion', 'reduce-motion')),
    animation                TEXT NOT NULL CHECK (animation IN ('curve', 'spring')),
    curve_x1 REAL, curve_y1 REAL, curve_x2 REAL, curve_y2 REAL,
    curve_duration           REAL,
    spring_angular_frequency REAL,
    spring_damping_ratio     REAL,
    spring_mass              REAL,
    delay                    REAL NOT NULL DEFAULT 0,
    speed                    REAL NOT NULL DEFAULT 1,
    repeat_count             INTEGER,
    autoreverses             INTEGER NOT NULL DEFAULT 0 CHECK (autoreverses IN (0, 1)),
    start_delay              REAL NOT NULL DEFAULT 0,
    run_length               REAL NOT NULL,
    duration                 REAL NOT NULL,
    PRIMARY KEY (revision_id, role)
);

-- The properties an implicit animation moves, from the value before its state changes to after.
CREATE TABLE implicit_values (
    revision_id  INTEGER NOT NULL REFERENCES revisions(id),
    position     INTEGER NOT NULL,
    property     TEXT NOT NULL,
    from_value   REAL NOT NULL,
    to_value     REAL NOT NULL,
    PRIMARY KEY (revision_id, position)
);

-- Haptics found in code with no animation on their trigger (`.sensoryFeedback(.success, trigger:
-- saved)` where nothing animates on `saved`), per imported file; replaced when the file is.
CREATE TABLE unpaired_feedback (
    source_id    INTEGER NOT NULL REFERENCES sources(id),
    position     INTEGER NOT NULL,
    screen       TEXT NOT NULL,
    component    TEXT,
    feedback     TEXT NOT NULL,                  -- impact | selection | success | … | core-haptics | custom
    trigger      TEXT NOT NULL,                  -- the state it fires on, as written
    line         INTEGER NOT NULL,
    PRIMARY KEY (source_id, position)
);

CREATE VIEW inventory AS
SELECT s.name            AS screen,
       a.name            AS id,
       r.kind            AS kind,
       r.trigger         AS trigger,
       r.component       AS component,
       r.reduce_motion   AS reduce_motion,
       r.duration        AS duration,
       r.repeating       AS repeating,
       r.number          AS revision,
       src.path          AS source,
       r.created_at      AS updated_at
FROM animations a
JOIN screens s     ON s.id = a.screen_id
JOIN revisions r   ON r.id = a.current_revision
JOIN sources src   ON src.id = a.source_id
WHERE a.removed_at IS NULL;

CREATE VIEW animation_history AS
SELECT s.name          AS screen,
       a.name          AS id,
       r.number        AS revision,
       r.id = a.current_revision AS is_current,
       a.removed_at    AS removed_at,
       r.duration      AS duration,
       r.content_hash  AS content_hash,
       r.definition    AS definition,
       r.created_at    AS created_at
FROM revisions r
JOIN animations a ON a.id = r.animation_id
JOIN screens s    ON s.id = a.screen_id;

CREATE VIEW inventory_figures AS
SELECT s.name                 AS screen,
       a.name                 AS id,
       r.kind                 AS kind,
       r.trigger              AS trigger,
       r.component            AS component,
       r.reduce_motion        AS reduce_motion,
       r.duration             AS duration,
       r.repeating            AS repeating,
       r.number               AS revision,
       src.path               AS source,
       r.created_at           AS updated_at,
       f.peaks                AS peaks,
       f.holds                AS holds,
       f.haptic_events        AS haptic_events,
       f.first_peak           AS first_peak,
       f.budget_apple_touch   AS budget_apple_touch,
       f.budget_material3     AS budget_material3,
       f.analysis_version     AS analysis_version
FROM animations a
JOIN screens s     ON s.id = a.screen_id
JOIN revisions r   ON r.id = a.current_revision
JOIN sources src   ON src.id = a.source_id
LEFT JOIN figures f ON f.revision_id = r.id
WHERE a.removed_at IS NULL;
