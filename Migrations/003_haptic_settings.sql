-- 003: the optional `haptics` field of an animation (spec format v1 extension), kept per revision
-- as canonical JSON (NULL = defaults: events on, unscaled, nothing pinned).

ALTER TABLE revisions ADD COLUMN haptics TEXT;
