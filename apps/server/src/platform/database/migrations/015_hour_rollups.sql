-- Hourly rollups on the hours of India Standard Time (UTC+5:30), i.e. hours starting at :30 UTC.
-- A 30-day hour_1 trend in Asia/Kolkata reads one row per series and hour instead of four, and a
-- local day (18:30 UTC to 18:30 UTC) is whole hours of this grid, so day_1 and month_1 use it too.
-- Requests whose bucket boundaries are off this grid (UTC hours, minute_15, minute_30) keep
-- reading reading_15m.
--
-- reading_1h is derived from reading_15m only, never from raw: the rollup worker recomputes an
-- hour from its quarters in the transaction that refreshes any of them. An hour is current exactly
-- when none of its quarters is marked in rollup_dirty; queries read a marked hour's quarters
-- instead (clean ones from reading_15m, marked ones from raw).

CREATE FUNCTION enviro_bucket_hour(ts timestamptz) RETURNS timestamptz
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN date_bin('1 hour', ts, timestamptz '2000-01-01 00:30:00+00');

CREATE TABLE reading_1h (
  tenant_id integer NOT NULL,
  device_id bigint NOT NULL,
  slot      smallint NOT NULL,
  bucket    timestamptz NOT NULL,
  n         integer NOT NULL,
  sum       double precision NOT NULL,
  min       double precision NOT NULL,
  max       double precision NOT NULL,
  first     double precision NOT NULL,
  last      double precision NOT NULL,
  -- Quarters of the hour holding data: availability counts 15-minute slots.
  slots     smallint NOT NULL CHECK (slots BETWEEN 1 AND 4),
  PRIMARY KEY (tenant_id, device_id, slot, bucket)
) PARTITION BY RANGE (bucket);

-- reading_1h joins the monthly partitions. Its first hour of a month starts at 23:30 UTC on the
-- last day of the month before, so it also gets the partition of the month of from_ts - 30 minutes.
CREATE OR REPLACE FUNCTION enviro_ensure_partitions(from_ts timestamptz, to_ts timestamptz) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  m timestamptz;
  nxt timestamptz;
  suffix text;
  parent text;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('enviro_ensure_partitions'));
  FOREACH parent IN ARRAY ARRAY['reading', 'reading_15m', 'reading_1h'] LOOP
    m := date_trunc('month', (CASE WHEN parent = 'reading_1h' THEN enviro_bucket_hour(from_ts) ELSE from_ts END) AT TIME ZONE 'UTC') AT TIME ZONE 'UTC';
    WHILE m < to_ts LOOP
      nxt := (date_trunc('month', m AT TIME ZONE 'UTC') + interval '1 month') AT TIME ZONE 'UTC';
      suffix := to_char(m AT TIME ZONE 'UTC', 'YYYY_MM');
      IF to_regclass(format('%I', parent || '_' || suffix)) IS NULL THEN
        EXECUTE format('CREATE TABLE %I (LIKE %I INCLUDING DEFAULTS INCLUDING CONSTRAINTS)', parent || '_' || suffix, parent);
        EXECUTE format('ALTER TABLE %I ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)', parent, parent || '_' || suffix, m, nxt);
      END IF;
      m := nxt;
    END LOOP;
  END LOOP;
END $$;

-- Existing installations: partitions for the months that hold rollups, then their hours.
SELECT enviro_ensure_partitions(min(bucket), max(bucket) + interval '15 minutes') FROM reading_15m HAVING count(*) > 0;

INSERT INTO reading_1h (tenant_id, device_id, slot, bucket, n, sum, min, max, first, last, slots)
SELECT tenant_id, device_id, slot, enviro_bucket_hour(bucket), sum(n), sum(sum), min(min), max(max),
       (array_agg(first ORDER BY bucket))[1], (array_agg(last ORDER BY bucket DESC))[1], count(*)
FROM reading_15m
GROUP BY 1, 2, 3, 4;
