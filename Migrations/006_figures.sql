-- 006: what the analysis found in each revision, stored when it is imported, so that queries
-- read figures instead of re-analysing every animation. `analysis_version` names the analysis
-- that made a row; a store whose rows are older is brought up to date on first use.

CREATE TABLE figures (
    revision_id         INTEGER PRIMARY KEY REFERENCES revisions(id),
    analysis_version    INTEGER NOT NULL,
    peaks               INTEGER NOT NULL,      -- significant peaks (all properties)
    holds               INTEGER NOT NULL,      -- holds between movements (interior)
    haptic_events       INTEGER NOT NULL,      -- planned haptic events
    first_peak          REAL,                  -- seconds; NULL when nothing peaks
    budget_apple_touch  TEXT NOT NULL CHECK (budget_apple_touch IN ('pass', 'warn', 'fail')),
    budget_material3    TEXT NOT NULL CHECK (budget_material3 IN ('pass', 'warn', 'fail')),
    computed_at         TEXT NOT NULL
);

-- The details behind the counts, apart so that the counts stay a few pages to read.
CREATE TABLE figure_details (
    revision_id         INTEGER PRIMARY KEY REFERENCES figures(revision_id),
    analysis            TEXT NOT NULL,         -- JSON: {"peaks","holds","writtenHolds","snaps","impacts"}
    haptic_plan         TEXT NOT NULL,         -- JSON: [{"time","kind","duration","intensity","sharpness"}]
    budget              TEXT NOT NULL          -- JSON: {"apple-touch":[{"rule","value","verdict","variant"}], "material3":[…]}
);

-- The inventory with its stored figures (NULL figures: not computed yet).
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
       f.analysis_version     AS analysis_version
FROM animations a
JOIN screens s     ON s.id = a.screen_id
JOIN revisions r   ON r.id = a.current_revision
JOIN sources src   ON src.id = a.source_id
LEFT JOIN figures f ON f.revision_id = r.id
WHERE a.removed_at IS NULL;
