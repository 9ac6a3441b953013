-- 004: named cue points of an animation (Lottie markers, or a spec's optional `cues`), kept per
-- revision as canonical JSON: [{"name","time","duration"?}] with times in seconds. NULL = none.

ALTER TABLE revisions ADD COLUMN cues TEXT;
