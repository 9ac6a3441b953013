-- 007: Core Animation and UIKit sources (issue 13): the layer animations of a revision (kind
-- `layer`: the CAAnimations a trigger adds, CABasicAnimation, CAKeyframeAnimation,
-- CASpringAnimation, a CAAnimationGroup, and UIKit's view animations read as those), and which
-- revisions rest on an estimate (a model where Apple publishes no exact mapping). The kind itself
-- and the inventory's `estimated` column come with 009, after 008 has rebuilt `revisions`.

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
