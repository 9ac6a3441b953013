-- 011: where each animation comes from (issue 45), so that a spec's animation and the code that
-- plays it can be shown as one.
--
-- `given_id` is the id the source gave the animation where it differs from `name` (NULL: the
-- name): an animation read from code whose id another file already holds on the screen is named
-- `id@folder` to keep (screen, name) unique, and pairing a spec with its code compares the
-- code's own id. Rows stored before this migration get it from their name (an `@` is only ever
-- added by the store, and Swift names have none).
ALTER TABLE animations ADD COLUMN given_id TEXT;
UPDATE animations SET given_id = substr(name, 1, instr(name, '@') - 1)
WHERE instr(name, '@') > 1 AND (SELECT format FROM sources WHERE id = animations.source_id) = 'swift';

-- motionsync reads the origins from `sources` by their format (spec files, the usual bulk, are
-- not read at all), which this index makes a lookup.
CREATE INDEX sources_by_format ON sources(format);

-- The inventory views gain `origin` (`spec` for a spec file, `code` for Swift, `design` for a
-- design file such as a Lottie export: what the source's importer was) and `given_id`. Which
-- code animation plays which spec animation is not stored: the pairing looks at every animation
-- of a screen at once, so motionsync works it out when it lists them (`inventory`, `diff`).
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
       a.also_on         AS also_on,
       CASE src.format WHEN 'swift' THEN 'code' WHEN 'spec-v1' THEN 'spec' ELSE 'design' END AS origin,
       a.given_id        AS given_id
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
       a.also_on              AS also_on,
       CASE src.format WHEN 'swift' THEN 'code' WHEN 'spec-v1' THEN 'spec' ELSE 'design' END AS origin,
       a.given_id             AS given_id
FROM animations a
JOIN screens s     ON s.id = a.screen_id
JOIN revisions r   ON r.id = a.current_revision
JOIN sources src   ON src.id = a.source_id
LEFT JOIN figures f ON f.revision_id = r.id
LEFT JOIN estimates e ON e.revision_id = r.id
WHERE a.removed_at IS NULL;
