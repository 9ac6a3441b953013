-- 001: the inventory. Times are ISO 8601 UTC text; durations in seconds; angles in degrees.
-- Every import is one transaction: a file's rows are all there or none are.

CREATE TABLE screens (
    id          INTEGER PRIMARY KEY,
    name        TEXT NOT NULL UNIQUE,
    created_at  TEXT NOT NULL
);

-- An imported file, keyed by its absolute path.
CREATE TABLE sources (
    id            INTEGER PRIMARY KEY,
    path          TEXT NOT NULL UNIQUE,
    format        TEXT NOT NULL,                 -- 'spec-v1'
    content_hash  TEXT NOT NULL,                 -- SHA-256 (hex) of the bytes last imported
    imported_at   TEXT NOT NULL
);

-- One row per import that changed something (an unchanged or rejected file writes nothing).
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

-- An animation on a screen: `name` is the spec's id. Its definitions live in revisions.
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

-- Every definition an animation has had; a changed spec adds one and keeps the old ones.
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

-- Keyframe animations: start values (every property, tracked or not) …
CREATE TABLE initial_values (
    revision_id  INTEGER NOT NULL REFERENCES revisions(id),
    position     INTEGER NOT NULL,
    property     TEXT NOT NULL,
    value        REAL NOT NULL,
    PRIMARY KEY (revision_id, position)
);

-- … tracks …
CREATE TABLE tracks (
    id           INTEGER PRIMARY KEY,
    revision_id  INTEGER NOT NULL REFERENCES revisions(id),
    position     INTEGER NOT NULL,
    property     TEXT NOT NULL,
    duration     REAL NOT NULL,                  -- seconds, from the motion core
    UNIQUE (revision_id, position)
);

-- … and keyframes, as written plus the timing the motion core resolved.
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

-- Phase animations: phases, their values, and the steps the motion core timed.
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

CREATE TABLE phase_values (
    phase_id  INTEGER NOT NULL REFERENCES phases(id),
    position  INTEGER NOT NULL,
    property  TEXT NOT NULL,
    value     REAL NOT NULL,
    PRIMARY KEY (phase_id, position)
);

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
