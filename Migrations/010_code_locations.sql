-- 010: where each animation is written, the screen code is on, and the haptics its code fires
-- itself (issue 48).
--
-- `source_line` and `source_column` (1-based) are the animation's place in its file: the call that
-- starts or declares it in Swift (`withAnimation`, `.animation`, `UIView.animate`, …), the
-- animation's object in a spec. They belong to the animation, not to a revision: moving code
-- down a line changes no definition, and the place is written again on every import of the file.
-- NULL where the place is not known (rows stored before this migration, until their file is
-- imported again).
--
-- The inventory views gain them, and `code_haptics`: how many haptics the code fires with the
-- animation (the length of the revision's `feedback`; NULL when the source does not say, as in
-- a spec), beside motionsync's own planned events.
ALTER TABLE animations ADD COLUMN source_line INTEGER CHECK (source_line IS NULL OR source_line >= 1);
ALTER TABLE animations ADD COLUMN source_column INTEGER CHECK (source_column IS NULL OR source_column >= 1);

-- Specs and code stored before this migration have no place: their next import reads them again
-- (a recorded hash that matches no file's bytes), which writes the places and changes no
-- definition.
UPDATE sources SET content_hash = content_hash || '+010' WHERE format IN ('spec-v1', 'swift');

-- An animation read from code is on the screens that contain the type its code is written in
-- (`code_container`: a type, or `func:NAME` for a View extension method; NULL for specs and for
-- code whose screen a `// motionsync: screen=` comment names). Its screen is the first of them by
-- name; `also_on` lists the others, one a line (NULL: none).
ALTER TABLE animations ADD COLUMN code_container TEXT;
ALTER TABLE animations ADD COLUMN also_on TEXT;

-- What every Swift file read says about the module's types (`SwiftModuleFacts`, one fact a line:
-- `t<TAB>name<TAB>kind` or `u<TAB>container<TAB>used<TAB>part|presented`), by path: the
-- screens come from all of them, the files without animations included.
CREATE TABLE code_facts (
    path   TEXT PRIMARY KEY,
    facts  TEXT NOT NULL
);

DROP VIEW IF EXISTS inventory_figures;
DROP VIEW IF EXISTS inventory;

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
       e.reasons         AS estimated,
       a.source_line     AS source_line,
       a.source_column   AS source_column,
       CASE WHEN r.feedback IS NULL THEN NULL ELSE json_array_length(r.feedback) END AS code_haptics,
       a.also_on         AS also_on
FROM animations a
JOIN screens s     ON s.id = a.screen_id
JOIN revisions r   ON r.id = a.current_revision
JOIN sources src   ON src.id = a.source_id
LEFT JOIN estimates e ON e.revision_id = r.id
WHERE a.removed_at IS NULL;

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
       e.reasons              AS estimated,
       a.source_line          AS source_line,
       a.source_column        AS source_column,
       CASE WHEN r.feedback IS NULL THEN NULL ELSE json_array_length(r.feedback) END AS code_haptics,
       a.also_on              AS also_on
FROM animations a
JOIN screens s     ON s.id = a.screen_id
JOIN revisions r   ON r.id = a.current_revision
JOIN sources src   ON src.id = a.source_id
LEFT JOIN figures f ON f.revision_id = r.id
LEFT JOIN estimates e ON e.revision_id = r.id
WHERE a.removed_at IS NULL;
