-- A store made by migration 1 alone (motionsync before 002), with two imported animations.
-- Generated once with MotionStore + Migrator(migrations: [migration 1]) and dumped by sqlite3 .dump.
PRAGMA foreign_keys=OFF;
BEGIN TRANSACTION;
CREATE TABLE schema_migrations (
    version     INTEGER PRIMARY KEY,
    name        TEXT NOT NULL,
    checksum    TEXT NOT NULL,
    applied_at  TEXT NOT NULL
);
INSERT INTO schema_migrations VALUES(1,'initial','62477a465fc8ee4725828238b78c64fa4d9761a10166555986ab344c9beabbdf','2026-05-28T20:26:40.000Z');
CREATE TABLE screens (
    id          INTEGER PRIMARY KEY,
    name        TEXT NOT NULL UNIQUE,
    created_at  TEXT NOT NULL
);
INSERT INTO screens VALUES(1,'Feed','2026-05-28T20:26:40.000Z');
INSERT INTO screens VALUES(2,'Timer','2026-05-28T20:26:40.000Z');
CREATE TABLE sources (
    id            INTEGER PRIMARY KEY,
    path          TEXT NOT NULL UNIQUE,
    format        TEXT NOT NULL,                 -- 'spec-v1'
    content_hash  TEXT NOT NULL,                 -- SHA-256 (hex) of the bytes last imported
    imported_at   TEXT NOT NULL
);
INSERT INTO sources VALUES(1,'/fixture/Specs/Feed.json','spec-v1','fixture-feed','2026-05-28T20:26:40.000Z');
INSERT INTO sources VALUES(2,'/fixture/Specs/Timer.json','spec-v1','fixture-timer','2026-05-28T20:26:40.000Z');
CREATE TABLE imports (
    id                    INTEGER PRIMARY KEY,
    source_id             INTEGER NOT NULL REFERENCES sources(id),
    imported_at           TEXT NOT NULL,
    result                TEXT NOT NULL CHECK (result IN ('added', 'changed')),
    content_hash          TEXT NOT NULL,
    animations_added      INTEGER NOT NULL DEFAULT 0,
    animations_changed    INTEGER NOT NULL DEFAULT 0,
    animations_removed    INTEGER NOT NULL DEFAULT 0,
    animations_unchanged  INTEGER NOT NULL DEFAULT 0
);
INSERT INTO imports VALUES(1,1,'2026-05-28T20:26:40.000Z','added','fixture-feed',1,0,0,0);
INSERT INTO imports VALUES(2,2,'2026-05-28T20:26:40.000Z','added','fixture-timer',1,0,0,0);
CREATE TABLE animations (
    id                INTEGER PRIMARY KEY,
    screen_id         INTEGER NOT NULL REFERENCES screens(id),
    name              TEXT NOT NULL,
    source_id         INTEGER NOT NULL REFERENCES sources(id),
    current_revision  INTEGER REFERENCES revisions(id),
    created_at        TEXT NOT NULL,
    removed_at        TEXT,                      -- set when a re-import of its file no longer has it
    UNIQUE (screen_id, name)
);
INSERT INTO animations VALUES(1,1,'heart-pulse',1,1,'2026-05-28T20:26:40.000Z',NULL);
INSERT INTO animations VALUES(2,2,'timer-finished',2,2,'2026-05-28T20:26:40.000Z',NULL);
CREATE TABLE revisions (
    id             INTEGER PRIMARY KEY,
    animation_id   INTEGER NOT NULL REFERENCES animations(id),
    number         INTEGER NOT NULL,             -- 1, 2, … per animation
    import_id      INTEGER NOT NULL REFERENCES imports(id),
    kind           TEXT NOT NULL CHECK (kind IN ('keyframes', 'phases')),
    trigger        TEXT NOT NULL,                -- tap | appear | repeating | scroll | drag | event:<name>
    component      TEXT,
    reduce_motion  TEXT CHECK (reduce_motion IN ('none', 'crossfade', 'shortened', 'instant', 'static')),
    notes          TEXT,
    repeating      INTEGER NOT NULL CHECK (repeating IN (0, 1)),
    duration       REAL NOT NULL,                -- seconds (one cycle when repeating), from the motion core
    content_hash   TEXT NOT NULL,                -- SHA-256 of `definition`
    definition     TEXT NOT NULL,                -- the animation as canonical spec JSON
    created_at     TEXT NOT NULL,
    UNIQUE (animation_id, number)
);
INSERT INTO revisions VALUES(1,1,1,1,'keyframes','tap','HeartPulse','shortened',NULL,0,0.58000000000000007105,'8d1af15108db675f2c8881d4cf95c7e4877a89e8f181e7a19eec5115cea0ac89','{"id":"heart-pulse","component":"HeartPulse","kind":"keyframes","trigger":"tap","reduceMotion":"shortened","initial":{"scale":1},"tracks":{"scale":[{"type":"linear","to":1,"duration":0},{"type":"spring","to":1.28,"duration":0.18,"spring":{"response":0.18,"dampingRatio":0.85}},{"type":"cubic","to":1.28,"duration":0.06},{"type":"spring","to":1,"duration":0.34,"spring":{"response":0.34,"dampingRatio":1}}]}}','2026-05-28T20:26:40.000Z');
INSERT INTO revisions VALUES(2,2,1,2,'phases','repeating',NULL,'static',NULL,1,2.5300000000000002486,'41013d7e600162ac0850906865ea257e5b1e3a3a29eea6baae9a1e292d5dba46','{"id":"timer-finished","kind":"phases","trigger":"repeating","reduceMotion":"static","phases":[{"name":"rest","values":{"scale":1,"y":0},"animation":{"type":"spring","response":0.35,"dampingFraction":1,"delay":1.5}},{"name":"lift","values":{"scale":1.03,"y":-8},"animation":{"type":"spring","response":0.4,"dampingFraction":0.75}},{"name":"tilt","values":{"rotation":-2},"animation":{"type":"easeInOut","duration":0.16,"speed":2}},{"name":"snap","values":{"rotation":2},"animation":null},{"name":"custom","values":{"scale":0.9},"animation":{"type":"timingCurve","bezier":[0.3,0,0.8,0.15],"duration":0.2}}]}','2026-05-28T20:26:40.000Z');
CREATE TABLE initial_values (
    revision_id  INTEGER NOT NULL REFERENCES revisions(id),
    position     INTEGER NOT NULL,
    property     TEXT NOT NULL,
    value        REAL NOT NULL,
    PRIMARY KEY (revision_id, position)
);
INSERT INTO initial_values VALUES(1,0,'scale',1.0);
CREATE TABLE tracks (
    id           INTEGER PRIMARY KEY,
    revision_id  INTEGER NOT NULL REFERENCES revisions(id),
    position     INTEGER NOT NULL,
    property     TEXT NOT NULL,
    duration     REAL NOT NULL,                  -- seconds, from the motion core
    UNIQUE (revision_id, position)
);
INSERT INTO tracks VALUES(1,1,0,'scale',0.58000000000000007105);
CREATE TABLE keyframes (
    id                     INTEGER PRIMARY KEY,
    track_id               INTEGER NOT NULL REFERENCES tracks(id),
    position               INTEGER NOT NULL,
    type                   TEXT NOT NULL CHECK (type IN ('linear', 'cubic', 'spring', 'move')),
    to_value               REAL NOT NULL,
    duration               REAL,                 -- as written; NULL for move and for a spring until settled
    start_time             REAL NOT NULL,        -- resolved, seconds from the trigger
    resolved_duration      REAL NOT NULL,        -- resolved (a spring until settled gets its settling time)
    curve                  TEXT,                 -- linear: linear | easeIn | easeOut | easeInOut | bezier
    curve_x1               REAL, curve_y1 REAL, curve_x2 REAL, curve_y2 REAL,
    start_velocity         REAL,                 -- as written (units/s), NULL = automatic
    end_velocity           REAL,
    spring_angular_frequency REAL,               -- spring: ω0 (rad/s), ζ and mass define it exactly
    spring_damping_ratio   REAL,
    spring_mass            REAL,
    spring_response        REAL,                 -- derived, for reading: 2π/ω0 (s)
    spring_stiffness       REAL,
    spring_damping         REAL,
    UNIQUE (track_id, position)
);
INSERT INTO keyframes VALUES(1,1,0,'linear',1.0,0.0,0.0,0.0,'linear',0.0,0.0,1.0,1.0,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL);
INSERT INTO keyframes VALUES(2,1,1,'spring',1.2800000000000000266,0.17999999999999999333,0.0,0.17999999999999999333,NULL,NULL,NULL,NULL,NULL,NULL,NULL,34.906585039886593336,0.84999999999999997779,1.0,0.17999999999999999333,1218.4696791468345508,59.341194567807207249);
INSERT INTO keyframes VALUES(3,1,2,'cubic',1.2800000000000000266,0.059999999999999997779,0.17999999999999999333,0.059999999999999997779,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL);
INSERT INTO keyframes VALUES(4,1,3,'spring',1.0,0.34000000000000002442,0.23999999999999999111,0.34000000000000002442,NULL,NULL,NULL,NULL,NULL,NULL,NULL,18.479956785822309939,1.0,1.0,0.34000000000000002442,341.50880280586005709,36.959913571644619878);
CREATE TABLE phases (
    id                      INTEGER PRIMARY KEY,
    revision_id             INTEGER NOT NULL REFERENCES revisions(id),
    position                INTEGER NOT NULL,
    name                    TEXT NOT NULL,
    animation               TEXT NOT NULL CHECK (animation IN ('jump', 'curve', 'spring')),
    curve_x1                REAL, curve_y1 REAL, curve_x2 REAL, curve_y2 REAL,
    curve_duration          REAL,
    spring_angular_frequency REAL,
    spring_damping_ratio    REAL,
    spring_mass             REAL,
    delay                   REAL NOT NULL DEFAULT 0,
    speed                   REAL NOT NULL DEFAULT 1,
    UNIQUE (revision_id, position)
);
INSERT INTO phases VALUES(1,2,0,'rest','spring',NULL,NULL,NULL,NULL,NULL,17.951958020513103519,1.0,1.0,1.5,1.0);
INSERT INTO phases VALUES(2,2,1,'lift','spring',NULL,NULL,NULL,NULL,NULL,15.707963267948965579,0.75,1.0,0.0,1.0);
INSERT INTO phases VALUES(3,2,2,'tilt','curve',0.41999999999999998445,0.0,0.57999999999999996003,1.0,0.16000000000000000333,NULL,NULL,NULL,0.0,2.0);
INSERT INTO phases VALUES(4,2,3,'snap','jump',NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,0.0,1.0);
INSERT INTO phases VALUES(5,2,4,'custom','curve',0.29999999999999998889,0.0,0.8000000000000000444,0.14999999999999999444,0.2000000000000000111,NULL,NULL,NULL,0.0,1.0);
CREATE TABLE phase_values (
    phase_id  INTEGER NOT NULL REFERENCES phases(id),
    position  INTEGER NOT NULL,
    property  TEXT NOT NULL,
    value     REAL NOT NULL,
    PRIMARY KEY (phase_id, position)
);
INSERT INTO phase_values VALUES(1,0,'scale',1.0);
INSERT INTO phase_values VALUES(1,1,'y',0.0);
INSERT INTO phase_values VALUES(2,0,'scale',1.0300000000000000266);
INSERT INTO phase_values VALUES(2,1,'y',-8.0);
INSERT INTO phase_values VALUES(3,0,'rotation',-2.0);
INSERT INTO phase_values VALUES(4,0,'rotation',2.0);
INSERT INTO phase_values VALUES(5,0,'scale',0.9000000000000000222);
CREATE TABLE phase_steps (
    revision_id        INTEGER NOT NULL REFERENCES revisions(id),
    position           INTEGER NOT NULL,
    from_phase         INTEGER NOT NULL,
    to_phase           INTEGER NOT NULL,
    start_time         REAL NOT NULL,            -- seconds from the trigger
    logical_duration   REAL NOT NULL,            -- when the next step starts, from this one's start
    settling_duration  REAL NOT NULL,            -- when this step's motion is over
    PRIMARY KEY (revision_id, position)
);
INSERT INTO phase_steps VALUES(2,0,0,1,0.0,0.4000000000000000222,0.80262583212214777539);
INSERT INTO phase_steps VALUES(2,1,1,2,0.4000000000000000222,0.080000000000000001665,0.080000000000000001665);
INSERT INTO phase_steps VALUES(2,2,2,3,0.48000000000000003774,0.0,0.0);
INSERT INTO phase_steps VALUES(2,3,3,4,0.48000000000000003774,0.2000000000000000111,0.2000000000000000111);
INSERT INTO phase_steps VALUES(2,4,4,0,0.68000000000000004884,1.8500000000000000888,2.0143401887364236202);
COMMIT;
