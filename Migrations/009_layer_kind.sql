-- 009: the `layer` kind (issue 13) beside 008's `implicit`, and `estimated` in the inventory.
--
-- motionsync: foreign keys off
-- (The line above makes the migrator apply this file with foreign keys off and check them before
-- it commits: SQLite's documented way to change a table's constraints, here the list of kinds.)

-- The table is rebuilt to widen the CHECK on `kind` (every column and row kept, 008's `feedback`
-- included); the views that read it are dropped first and made again, the inventory's two with
-- `estimated`: the reasons (one a line, from 007's `estimates`) when the timeline rests on a
-- model, NULL when every number is exact.
DROP VIEW inventory_figures;
DROP VIEW inventory;
DROP VIEW animation_history;

CREATE TABLE revisions_009 (
    id             INTEGER PRIMARY KEY,
    animation_id   INTEGER NOT NULL REFERENCES animations(id),
    number         INTEGER NOT NULL,             -- 1, 2, … per animation
    import_id      INTEGER NOT NULL REFERENCES imports(id),
    kind           TEXT NOT NULL CHECK (kind IN ('keyframes', 'phases', 'implicit', 'layer')),
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
INSERT INTO revisions_009 (id, animation_id, number, import_id, kind, trigger, component, reduce_motion, notes, repeating,
                           duration, content_hash, definition, created_at, haptics, cues, feedback)
SELECT id, animation_id, number, import_id, kind, trigger, component, reduce_motion, notes, repeating,
       duration, content_hash, definition, created_at, haptics, cues, feedback
FROM revisions;
DROP TABLE revisions;
ALTER TABLE revisions_009 RENAME TO revisions;
CREATE INDEX revisions_by_animation ON revisions(animation_id);

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
