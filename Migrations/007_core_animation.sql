-- 007: Core Animation and UIKit sources (issue 13). A third kind of animation, `layer` (the
-- layer animations a trigger adds: CABasicAnimation, CAKeyframeAnimation, CASpringAnimation, a
-- CAAnimationGroup, and UIKit's view animations read as those), its animations for SQL readers,
-- and which revisions rest on an estimate (a model where Apple publishes no exact mapping).
-- motionsync: foreign keys off (the migrator checks them before committing)

-- `revisions.kind` gains 'layer': SQLite cannot alter a CHECK, so the table is rebuilt (SQLite's
-- documented procedure: its views dropped and recreated, every row and id kept).
DROP VIEW inventory_figures;
DROP VIEW inventory;
DROP VIEW animation_history;

CREATE TABLE revisions_007 (
    id             INTEGER PRIMARY KEY,
    animation_id   INTEGER NOT NULL REFERENCES animations(id),
    number         INTEGER NOT NULL,             -- 1, 2, … per animation
    import_id      INTEGER NOT NULL REFERENCES imports(id),
    kind           TEXT NOT NULL CHECK (kind IN ('keyframes', 'phases', 'layer')),
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
    UNIQUE (animation_id, number)
);
INSERT INTO revisions_007 (id, animation_id, number, import_id, kind, trigger, component, reduce_motion, notes, repeating,
                           duration, content_hash, definition, created_at, haptics, cues)
SELECT id, animation_id, number, import_id, kind, trigger, component, reduce_motion, notes, repeating,
       duration, content_hash, definition, created_at, haptics, cues
FROM revisions;
DROP TABLE revisions;
ALTER TABLE revisions_007 RENAME TO revisions;
CREATE INDEX revisions_by_animation ON revisions(animation_id);

-- Layer animations of a revision, one row per CAAnimation (the definition is the revision's
-- canonical JSON; these columns are for reading). Seconds; repeat_count -1 = forever.
CREATE TABLE layer_animations (
    revision_id          INTEGER NOT NULL REFERENCES revisions(id),
    position             INTEGER NOT NULL,
    key_path             TEXT NOT NULL,        -- opacity, transform.scale, position, …
    type                 TEXT NOT NULL CHECK (type IN ('basic', 'spring', 'keyframe')),
    components           TEXT,                 -- x,y for a point value; NULL for a number
    duration             REAL NOT NULL,        -- the basic duration that plays (0 is played as 0.25)
    begin_time           REAL NOT NULL,
    speed                REAL NOT NULL,
    time_offset          REAL NOT NULL,
    repeat_count         REAL NOT NULL,
    repeat_duration      REAL NOT NULL,
    autoreverses         INTEGER NOT NULL CHECK (autoreverses IN (0, 1)),
    fill_mode            TEXT NOT NULL CHECK (fill_mode IN ('removed', 'forwards', 'backwards', 'both')),
    calculation_mode     TEXT,                 -- keyframe: linear | discrete | paced | cubic | cubicPaced
    key_count            INTEGER,              -- keyframe: number of values
    spring_mass          REAL,                 -- spring: the physical spring that plays
    spring_stiffness     REAL,
    spring_damping       REAL,
    spring_damping_ratio REAL,
    initial_velocity     REAL,                 -- spring: distances per second
    settles              INTEGER NOT NULL CHECK (settles IN (0, 1)),  -- spring: plays until settled
    PRIMARY KEY (revision_id, position)
);

-- Revisions whose timeline rests on a model (Docs/core-animation-semantics.md): why, one reason
-- a line. No row: every number is exact.
CREATE TABLE estimates (
    revision_id  INTEGER PRIMARY KEY REFERENCES revisions(id),
    reasons      TEXT NOT NULL
);

-- The views of 002 and 006, recreated over the rebuilt table, with `estimated` (the reasons, or
-- NULL when exact) in the inventory.
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
       r.created_at      AS updated_at,
       e.reasons         AS estimated
FROM animations a
JOIN screens s     ON s.id = a.screen_id
JOIN revisions r   ON r.id = a.current_revision
JOIN sources src   ON src.id = a.source_id
LEFT JOIN estimates e ON e.revision_id = r.id
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
       f.analysis_version     AS analysis_version,
       e.reasons              AS estimated
FROM animations a
JOIN screens s     ON s.id = a.screen_id
JOIN revisions r   ON r.id = a.current_revision
JOIN sources src   ON src.id = a.source_id
LEFT JOIN figures f ON f.revision_id = r.id
LEFT JOIN estimates e ON e.revision_id = r.id
WHERE a.removed_at IS NULL;
