-- Ingestion of old readings holds the partitions of its range against a drop with a SHARED hold of
-- enviro_ensure_partitions' lock, not an exclusive one (220_reading_archive.sql): the exclusive
-- hold made every transaction holding a reading older than 23 hours wait for the one before to
-- commit, so a server's concurrent batch commits (and servers back-filling at once) ran one at a
-- time. Creating partitions and dropping an emptied month still take the lock exclusively, so
-- neither runs while an ingesting transaction holds it; a range whose partitions are missing (a
-- month dropped since the batch writer ensured them) is created exclusively, as before.

-- Whether a monthly partition of reading, reading_15m or reading_1h is missing for [from_ts, to_ts),
-- by enviro_ensure_partitions' own months (015_hour_rollups.sql).
CREATE FUNCTION enviro_partitions_missing(from_ts timestamptz, to_ts timestamptz) RETURNS boolean
LANGUAGE plpgsql STABLE AS $$
DECLARE
  m timestamptz;
  parent text;
BEGIN
  FOREACH parent IN ARRAY ARRAY['reading', 'reading_15m', 'reading_1h'] LOOP
    m := date_trunc('month', (CASE WHEN parent = 'reading_1h' THEN enviro_bucket_hour(from_ts) ELSE from_ts END) AT TIME ZONE 'UTC') AT TIME ZONE 'UTC';
    WHILE m < to_ts LOOP
      IF to_regclass(format('%I', parent || '_' || to_char(m AT TIME ZONE 'UTC', 'YYYY_MM'))) IS NULL THEN
        RETURN true;
      END IF;
      m := (date_trunc('month', m AT TIME ZONE 'UTC') + interval '1 month') AT TIME ZONE 'UTC';
    END LOOP;
  END LOOP;
  RETURN false;
END $$;

CREATE OR REPLACE FUNCTION enviro_archive_restore(p_tenant integer[], p_device bigint[], p_from_ms bigint[], p_to_ms bigint[]) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
  restored bigint;
  lo timestamptz;
  hi timestamptz;
BEGIN
  PERFORM pg_advisory_xact_lock(enviro_archive_lock(t, d))
  FROM (SELECT DISTINCT t, d FROM unnest(p_tenant, p_device) AS k(t, d) ORDER BY 1, 2) k;
  SELECT enviro_bucket_day(min(f)), enviro_bucket_day(max(t)) + interval '1 day' INTO lo, hi
  FROM unnest(p_from_ms, p_to_ms) AS k(f_ms, t_ms),
       LATERAL (SELECT timestamptz 'epoch' + f_ms * interval '1 millisecond' AS f, timestamptz 'epoch' + t_ms * interval '1 millisecond' AS t) x;
  -- Held until commit: no month of the range is dropped (nor any partition created) meanwhile.
  PERFORM pg_advisory_xact_lock_shared(hashtext('enviro_ensure_partitions'));
  -- Checked under the hold, so a drop committed before it is seen. Creating takes the lock
  -- exclusively: two transactions doing so at once deadlock, one is aborted and its batch retried.
  IF enviro_partitions_missing(lo, hi) THEN
    PERFORM enviro_ensure_partitions(lo, hi);
  END IF;
  WITH k AS (
    SELECT DISTINCT t AS tenant_id, d AS device_id, day
    FROM unnest(p_tenant, p_device, p_from_ms, p_to_ms) AS k(t, d, f_ms, t_ms),
         LATERAL generate_series(enviro_bucket_day(timestamptz 'epoch' + f_ms * interval '1 millisecond'),
                                 timestamptz 'epoch' + t_ms * interval '1 millisecond', interval '1 day') AS day
  ), gone AS (
    DELETE FROM reading_archive a USING k
    WHERE a.tenant_id = k.tenant_id AND a.device_id = k.device_id AND a.day = k.day
    RETURNING a.*
  )
  INSERT INTO reading AS r (tenant_id, device_id, ts, vals)
  SELECT g.tenant_id, g.device_id, x.ts, x.vals
  FROM gone g CROSS JOIN LATERAL enviro_archive_decode(g.day, g.instants, g.ms, g.us, g.width, g.scale, g.ivals, g.checkpoints, g.fvals, '-infinity', 'infinity') x
  ON CONFLICT (tenant_id, device_id, ts) DO UPDATE SET vals = enviro_merge_vals(excluded.vals, r.vals);
  GET DIAGNOSTICS restored = ROW_COUNT;
  RETURN restored;
END $$;
