-- A dirty mark whose rollup fails keeps its retry state, so one bucket (one tenant's bad data, a
-- missing partition, a trigger) cannot stop the rollup of every other bucket: the worker isolates it,
-- records why, and tries it again after a growing pause (rollups.repository.ts). Queries keep reading
-- a marked bucket from raw meanwhile, so answers stay exact. Operators list the failing buckets with
--   SELECT * FROM rollup_dirty WHERE attempts > 0 ORDER BY next_try;
ALTER TABLE rollup_dirty
  ADD COLUMN attempts   integer NOT NULL DEFAULT 0,
  ADD COLUMN last_error text,
  -- Not taken before this instant; NULL for a mark that never failed.
  ADD COLUMN next_try   timestamptz;

-- Values beyond ±1e15 are no readings (ingestion refuses them, rollups and trends leave out the ones
-- stored before): rollups that hold such a value are recomputed without it.
INSERT INTO rollup_dirty (tenant_id, device_id, bucket)
SELECT DISTINCT tenant_id, device_id, bucket FROM reading_15m WHERE min < -1e15 OR max > 1e15
ON CONFLICT DO NOTHING;
