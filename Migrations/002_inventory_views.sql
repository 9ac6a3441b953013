-- 002: views for querying the inventory directly, and indexes for them.

CREATE INDEX animations_by_source ON animations(source_id);
CREATE INDEX revisions_by_animation ON revisions(animation_id);
CREATE INDEX tracks_by_revision ON tracks(revision_id);
CREATE INDEX phases_by_revision ON phases(revision_id);

-- Live animations with their current revision, one row each.
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

-- Every revision of every animation, removed ones included, newest last.
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
