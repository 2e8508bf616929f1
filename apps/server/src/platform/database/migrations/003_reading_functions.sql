-- The 15-minute slot a reading falls in: the grain of reading_15m, rollup_dirty and availability.
CREATE FUNCTION enviro_bucket15(ts timestamptz) RETURNS timestamptz
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN date_bin('15 minutes', ts, timestamptz '2000-01-01 00:00:00+00');

-- Merges a late reading row into a stored one: a slot already stored keeps its value (first write
-- wins), so a device resending the same instant is idempotent and a new parameter fills its slot.
CREATE FUNCTION enviro_merge_vals(stored double precision[], incoming double precision[])
RETURNS double precision[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN ARRAY(
  SELECT coalesce(stored[i], incoming[i])
  FROM generate_series(1, greatest(cardinality(stored), cardinality(incoming))) AS i
  ORDER BY i
);
