-- 010: where each animation is written, and the haptics its code fires itself (issue 48).
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

DROP VIEW inventory_figures;
DROP VIEW inventory;

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
       CASE WHEN r.feedback IS NULL THEN NULL ELSE json_array_length(r.feedback) END AS code_haptics
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
       CASE WHEN r.feedback IS NULL THEN NULL ELSE json_array_length(r.feedback) END AS code_haptics
FROM animations a
JOIN screens s     ON s.id = a.screen_id
JOIN revisions r   ON r.id = a.current_revision
JOIN sources src   ON src.id = a.source_id
LEFT JOIN figures f ON f.revision_id = r.id
LEFT JOIN estimates e ON e.revision_id = r.id
WHERE a.removed_at IS NULL;
