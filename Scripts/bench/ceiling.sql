-- The ceiling for spec import in Scripts/benchmark.sh (issue 10): SQLite writing the same row
-- counts as importing the 300-file corpus (300 sources, imports and screens, 6,000 animations and
-- revisions with a 2.5 KB definition each, 24,000 initial values, 24,000 tracks, 144,000
-- keyframes) with INSERT … SELECT from a counter, in one transaction, into a migrated store.
PRAGMA journal_mode = WAL;
PRAGMA synchronous = NORMAL;
PRAGMA foreign_keys = ON;
BEGIN IMMEDIATE;
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 300)
INSERT INTO sources (id, path, format, content_hash, imported_at) SELECT i, 'specs/screen' || i || '.json', 'spec-v1', hex(randomblob(32)), '2026-01-01T00:00:00Z' FROM n;
INSERT INTO imports (id, source_id, imported_at, result, content_hash, animations_added) SELECT id, id, imported_at, 'added', content_hash, 20 FROM sources;
INSERT INTO screens (id, name, created_at) SELECT id, 'Screen' || id, imported_at FROM sources;
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 6000)
INSERT INTO animations (id, screen_id, name, source_id, created_at) SELECT i, (i - 1) / 20 + 1, 'anim-' || i, (i - 1) / 20 + 1, '2026-01-01T00:00:00Z' FROM n;
INSERT INTO revisions (id, animation_id, number, import_id, kind, trigger, component, repeating, duration, content_hash, definition, created_at)
SELECT id, id, 1, source_id, 'keyframes', 'tap', 'Component', 0, 1.5, hex(randomblob(32)), printf('%.2500c', '{'), created_at FROM animations;
UPDATE animations SET current_revision = id;
WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 23999)
INSERT INTO initial_values (revision_id, position, property, value) SELECT i / 4 + 1, i % 4, 'p' || (i % 4), i * 0.5 FROM n;
WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 23999)
INSERT INTO tracks (id, revision_id, position, property, duration) SELECT i + 1, i / 4 + 1, i % 4, 'p' || (i % 4), 1.5 FROM n;
WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 143999)
INSERT INTO keyframes (track_id, position, type, to_value, duration, start_time, resolved_duration, curve, curve_x1, curve_y1, curve_x2, curve_y2,
                       spring_angular_frequency, spring_damping_ratio, spring_mass, spring_response, spring_stiffness, spring_damping)
SELECT i / 6 + 1, i % 6, CASE i % 4 WHEN 0 THEN 'linear' WHEN 1 THEN 'cubic' WHEN 2 THEN 'spring' ELSE 'move' END, i * 0.25, 0.2, (i % 6) * 0.2, 0.2,
       CASE i % 4 WHEN 0 THEN 'easeIn' END, 0.42, 0, 1, 1, 12.5, 0.8, 1, 0.5, 156.25, 20 FROM n;
COMMIT;
