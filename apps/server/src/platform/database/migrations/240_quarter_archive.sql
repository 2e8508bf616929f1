-- Compacted quarters (issue 30, docs/STORAGE.md "Compacted history"): when the archive worker moves
-- a device's India day of raw readings into reading_archive, the same transaction moves the day's
-- 15-minute rollups (reading_15m rows, about 150 bytes each with their index) into one row of
-- reading_15m_archive. A day's quarters are raw or compacted, never both: whatever writes quarters
-- of a day (the rollup worker after late readings, a correction) first puts its compacted quarters
-- back (enviro_quarters_restore), and the archive worker compacts the day again once its quarters
-- are current. Readers go through enviro_quarters and enviro_slot_quarters, which read both forms
-- alike.
--
-- The form, per device and day, arrays slot-major over the day's 96 quarters (slot s, quarter q at
-- (s - 1) * 96 + q + 1; slots 1 to the highest with a row; NULL in every array where the quarter has
-- no row):
-- - n: the quarter's count (mostly one value repeated, which pglz shrinks to almost nothing).
-- - scale[s]: the decimal places k of slot s that day (the most its min, max, first and last need).
-- - isum, imin, imax, ifirst, ilast: each figure × 10^k as an integer, as its change from the same
--   figure of the slot's quarter before (one running sum per slot decodes them). A figure whose
--   integer does not decode to it bit for bit (n::float8 / 10^k, both exact doubles and one correctly
--   rounded division: checked when compacting), or is too large, counts as 0 there and is kept in the
--   matching float8 array fsum, fmin, fmax, ffirst, flast (NULL when the day has none). Sums are
--   float8 sums, so a sum off the decimal grid by an ulp goes there.
CREATE TABLE reading_15m_archive (
  tenant_id integer NOT NULL,
  device_id bigint NOT NULL,
  -- The India day (enviro_bucket_day) whose 96 quarters the row holds.
  day       timestamptz NOT NULL,
  scale     smallint[] NOT NULL,
  n         integer[] NOT NULL,
  isum      bigint[] NOT NULL,
  imin      integer[] NOT NULL,
  imax      integer[] NOT NULL,
  ifirst    integer[] NOT NULL,
  ilast     integer[] NOT NULL,
  fsum      double precision[],
  fmin      double precision[],
  fmax      double precision[],
  ffirst    double precision[],
  flast     double precision[],
  PRIMARY KEY (tenant_id, device_id, day)
) WITH (toast_tuple_target = 128); -- every array compressed, not only the largest until a row fits 2 kB

-- v × p as an integer when that integer decodes to v bit for bit (n::float8 / p) and is below bound;
-- NULL otherwise (-0, NaN, infinities, values off the decimal grid). Large values are refused before
-- the product, which PostgreSQL raises an error for when it overflows.
CREATE FUNCTION enviro_scaled(v double precision, p double precision, bound double precision) RETURNS bigint
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN CASE
  WHEN NOT abs(v) < 1e15 OR (v = 0 AND float8send(v) <> float8send(0::float8)) THEN NULL
  WHEN abs(round(v * p)) < bound AND round(v * p) / p = v THEN round(v * p)::bigint
END;

-- The quarters in [p_from, p_to) of slots p_slot_from..p_slot_to of one compacted day, as
-- reading_15m held them. Each array is read by one slice (a TOASTed array is decompressed at every
-- access), so one slot's quarters decode from 96 elements, not the whole day; the integers are
-- running sums per slot in float8, exact as every partial sum is one of the integers stored (below
-- 2^50).
CREATE FUNCTION enviro_quarters_decode(day timestamptz, scale smallint[], n integer[], isum bigint[], imin integer[], imax integer[], ifirst integer[], ilast integer[],
                                       fsum double precision[], fmin double precision[], fmax double precision[], ffirst double precision[], flast double precision[],
                                       p_slot_from integer, p_slot_to integer, p_from timestamptz, p_to timestamptz)
RETURNS TABLE (slot smallint, bucket timestamptz, n integer, sum double precision, min double precision, max double precision, first double precision, last double precision)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT x.slot, x.bucket, x.n,
         coalesce(x.fsum, x.isum / x.p), coalesce(x.fmin, x.imin / x.p), coalesce(x.fmax, x.imax / x.p),
         coalesce(x.ffirst, x.ifirst / x.p), coalesce(x.flast, x.ilast / x.p)
  FROM (
    SELECT (o.i / 96 + 1)::smallint AS slot, day + (o.i % 96) * interval '15 minutes' AS bucket, o.n,
           o.fsum, o.fmin, o.fmax, o.ffirst, o.flast,
           sum(o.isum::float8) OVER w AS isum, sum(o.imin::float8) OVER w AS imin, sum(o.imax::float8) OVER w AS imax,
           sum(o.ifirst::float8) OVER w AS ifirst, sum(o.ilast::float8) OVER w AS ilast,
           ('{1,10,100,1000,10000,100000,1000000}'::float8[])[scale[o.i / 96 + 1] + 1] AS p
    FROM (
      -- i: the element's offset in the whole arrays (0-based).
      SELECT (p_slot_from - 1) * 96 + o.j - 1 AS i, o.*
      FROM unnest(n[(p_slot_from - 1) * 96 + 1 : p_slot_to * 96], isum[(p_slot_from - 1) * 96 + 1 : p_slot_to * 96],
                  imin[(p_slot_from - 1) * 96 + 1 : p_slot_to * 96], imax[(p_slot_from - 1) * 96 + 1 : p_slot_to * 96],
                  ifirst[(p_slot_from - 1) * 96 + 1 : p_slot_to * 96], ilast[(p_slot_from - 1) * 96 + 1 : p_slot_to * 96],
                  fsum[(p_slot_from - 1) * 96 + 1 : p_slot_to * 96], fmin[(p_slot_from - 1) * 96 + 1 : p_slot_to * 96],
                  fmax[(p_slot_from - 1) * 96 + 1 : p_slot_to * 96], ffirst[(p_slot_from - 1) * 96 + 1 : p_slot_to * 96],
                  flast[(p_slot_from - 1) * 96 + 1 : p_slot_to * 96])
             WITH ORDINALITY AS o(n, isum, imin, imax, ifirst, ilast, fsum, fmin, fmax, ffirst, flast, j)
    ) o
    WINDOW w AS (PARTITION BY o.i / 96 ORDER BY o.i ROWS UNBOUNDED PRECEDING)
  ) x
  WHERE x.n IS NOT NULL AND x.bucket >= p_from AND x.bucket < p_to
$$;

-- The quarters of one device in [p_from, p_to), raw and compacted alike: the one way every path reads
-- reading_15m. Inlined by the planner into the calling statement (a single SQL SELECT, STABLE): the
-- raw branch keeps its partition pruning, and the compacted branch reads only the days the range
-- touches.
CREATE FUNCTION enviro_quarters(p_tenant integer, p_device bigint, p_from timestamptz, p_to timestamptz)
RETURNS TABLE (tenant_id integer, device_id bigint, slot smallint, bucket timestamptz, n integer, sum double precision, min double precision, max double precision,
               first double precision, last double precision)
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT r.tenant_id, r.device_id, r.slot, r.bucket, r.n, r.sum, r.min, r.max, r.first, r.last FROM reading_15m r
  WHERE r.tenant_id = p_tenant AND r.device_id = p_device AND r.bucket >= p_from AND r.bucket < p_to
  UNION ALL
  SELECT a.tenant_id, a.device_id, x.slot, x.bucket, x.n, x.sum, x.min, x.max, x.first, x.last
  FROM reading_15m_archive a
  CROSS JOIN LATERAL enviro_quarters_decode(a.day, a.scale, a.n, a.isum, a.imin, a.imax, a.ifirst, a.ilast, a.fsum, a.fmin, a.fmax, a.ffirst, a.flast,
                                            1, cardinality(a.scale), p_from, p_to) x
  WHERE a.tenant_id = p_tenant AND a.device_id = p_device
    AND a.day > p_from - interval '1 day' AND a.day < p_to
$$;

-- The same for one slot of the device. A function of its own, not a condition beside
-- enviro_quarters: there the slot of a caller's row is a join condition the planner keeps above the
-- raw branch (which then walks every slot of the device in the range), here it is in the branch's
-- primary key probe; and the compacted branch decodes the slot's 96 quarters only.
CREATE FUNCTION enviro_slot_quarters(p_tenant integer, p_device bigint, p_slot integer, p_from timestamptz, p_to timestamptz)
RETURNS TABLE (tenant_id integer, device_id bigint, slot smallint, bucket timestamptz, n integer, sum double precision, min double precision, max double precision,
               first double precision, last double precision)
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT r.tenant_id, r.device_id, r.slot, r.bucket, r.n, r.sum, r.min, r.max, r.first, r.last FROM reading_15m r
  WHERE r.tenant_id = p_tenant AND r.device_id = p_device AND r.slot = p_slot AND r.bucket >= p_from AND r.bucket < p_to
  UNION ALL
  SELECT a.tenant_id, a.device_id, x.slot, x.bucket, x.n, x.sum, x.min, x.max, x.first, x.last
  FROM reading_15m_archive a
  CROSS JOIN LATERAL enviro_quarters_decode(a.day, a.scale, a.n, a.isum, a.imin, a.imax, a.ifirst, a.ilast, a.fsum, a.fmin, a.fmax, a.ffirst, a.flast,
                                            p_slot, p_slot, p_from, p_to) x
  WHERE a.tenant_id = p_tenant AND a.device_id = p_device
    AND a.day > p_from - interval '1 day' AND a.day < p_to
$$;

-- The first quarter with data of one device's slot, raw or compacted; NULL when none. The compacted
-- form is read from its first day holding the slot only (scale[slot] is set exactly for the slots
-- with a row that day), not decoded over the whole history.
CREATE FUNCTION enviro_first_quarter(p_tenant integer, p_device bigint, p_slot integer) RETURNS timestamptz
LANGUAGE sql STABLE PARALLEL SAFE
RETURN least(
  (SELECT r.bucket FROM reading_15m r WHERE r.tenant_id = p_tenant AND r.device_id = p_device AND r.slot = p_slot ORDER BY r.bucket LIMIT 1),
  (SELECT min(x.bucket)
   FROM (SELECT * FROM reading_15m_archive a
         WHERE a.tenant_id = p_tenant AND a.device_id = p_device AND a.scale[p_slot] IS NOT NULL
         ORDER BY a.day LIMIT 1) a
   CROSS JOIN LATERAL enviro_quarters_decode(a.day, a.scale, a.n, a.isum, a.imin, a.imax, a.ifirst, a.ilast, a.fsum, a.fmin, a.fmax, a.ffirst, a.flast,
                                             p_slot, p_slot, '-infinity', 'infinity') x));

-- Puts the compacted quarters of the given device days back into reading_15m; answers the rows.
-- reading_15m's monthly partitions are never dropped, so the rows always have one to go to.
CREATE FUNCTION enviro_quarters_restore(p_tenant integer[], p_device bigint[], p_day timestamptz[]) RETURNS bigint
LANGUAGE sql AS $$
  WITH gone AS (
    DELETE FROM reading_15m_archive a
    USING (SELECT DISTINCT * FROM unnest(p_tenant, p_device, p_day)) AS k(tenant_id, device_id, day)
    WHERE a.tenant_id = k.tenant_id AND a.device_id = k.device_id AND a.day = k.day
    RETURNING a.*
  ),
  ins AS (
    INSERT INTO reading_15m (tenant_id, device_id, slot, bucket, n, sum, min, max, first, last)
    SELECT g.tenant_id, g.device_id, x.slot, x.bucket, x.n, x.sum, x.min, x.max, x.first, x.last
    FROM gone g
    CROSS JOIN LATERAL enviro_quarters_decode(g.day, g.scale, g.n, g.isum, g.imin, g.imax, g.ifirst, g.ilast, g.fsum, g.fmin, g.fmax, g.ffirst, g.flast,
                                              1, cardinality(g.scale), '-infinity', 'infinity') x
    RETURNING 1
  )
  SELECT count(*) FROM ins
$$;

-- Moves one device's quarters of the India days in [p_from, p_to) (day starts) from reading_15m into
-- reading_15m_archive, in the archive worker's transaction (which holds the device's
-- enviro_archive_lock and has checked that none of the days' quarters is marked stale). Days already
-- compacted that also hold raw quarters (never, while every writer restores first) are restored
-- before, so they are merged rather than kept twice. Answers the quarters moved.
CREATE FUNCTION enviro_quarters_archive(p_tenant integer, p_device bigint, p_from timestamptz, p_to timestamptz) RETURNS bigint
LANGUAGE sql AS $$
  SELECT enviro_quarters_restore(array_agg(p_tenant), array_agg(p_device), array_agg(a.day))
  FROM reading_15m_archive a
  WHERE a.tenant_id = p_tenant AND a.device_id = p_device AND a.day >= p_from AND a.day < p_to
    AND EXISTS (SELECT 1 FROM reading_15m r WHERE r.tenant_id = p_tenant AND r.device_id = p_device AND r.bucket >= a.day AND r.bucket < a.day + interval '1 day');

  WITH q AS (
    DELETE FROM reading_15m r
    WHERE r.tenant_id = p_tenant AND r.device_id = p_device AND r.bucket >= p_from AND r.bucket < p_to
    RETURNING r.slot, r.bucket, r.n, r.sum, r.min, r.max, r.first, r.last
  ),
  cell AS (
    SELECT enviro_bucket_day(bucket) AS day, slot, bucket, n, sum, min, max, first, last FROM q
  ),
  places AS (
    SELECT day, slot, coalesce(max(greatest(enviro_decimal_places(min), enviro_decimal_places(max), enviro_decimal_places(first), enviro_decimal_places(last))), 0) AS k
    FROM cell GROUP BY 1, 2
  ),
  scaled AS (
    SELECT c.*, p.k,
           enviro_scaled(c.sum, f.p, 2 ^ 50) AS isum, enviro_scaled(c.min, f.p, 2 ^ 30) AS imin, enviro_scaled(c.max, f.p, 2 ^ 30) AS imax,
           enviro_scaled(c.first, f.p, 2 ^ 30) AS ifirst, enviro_scaled(c.last, f.p, 2 ^ 30) AS ilast
    FROM cell c JOIN places p USING (day, slot)
    CROSS JOIN LATERAL (SELECT ('{1,10,100,1000,10000,100000,1000000}'::float8[])[p.k + 1] AS p) f
  ),
  -- Each figure as its change from the slot's quarter before (a figure kept as float8 counts as 0).
  delta AS (
    SELECT day, slot, (extract(epoch FROM bucket - day)::int / 900) AS q, n,
           coalesce(isum, 0) - coalesce(lag(coalesce(isum, 0)) OVER w, 0) AS isum,
           coalesce(imin, 0) - coalesce(lag(coalesce(imin, 0)) OVER w, 0) AS imin,
           coalesce(imax, 0) - coalesce(lag(coalesce(imax, 0)) OVER w, 0) AS imax,
           coalesce(ifirst, 0) - coalesce(lag(coalesce(ifirst, 0)) OVER w, 0) AS ifirst,
           coalesce(ilast, 0) - coalesce(lag(coalesce(ilast, 0)) OVER w, 0) AS ilast,
           CASE WHEN isum IS NULL THEN sum END AS fsum, CASE WHEN imin IS NULL THEN min END AS fmin, CASE WHEN imax IS NULL THEN max END AS fmax,
           CASE WHEN ifirst IS NULL THEN first END AS ffirst, CASE WHEN ilast IS NULL THEN last END AS flast
    FROM scaled
    WINDOW w AS (PARTITION BY day, slot ORDER BY bucket)
  ),
  grid AS (
    SELECT d.day, g.i FROM (SELECT day, max(slot) AS slots FROM cell GROUP BY day) d CROSS JOIN LATERAL generate_series(1, d.slots * 96) AS g(i)
  ),
  ins AS (
    INSERT INTO reading_15m_archive (tenant_id, device_id, day, scale, n, isum, imin, imax, ifirst, ilast, fsum, fmin, fmax, ffirst, flast)
    SELECT p_tenant, p_device, g.day,
           array_agg(p.k::smallint ORDER BY g.i) FILTER (WHERE g.i % 96 = 1),
           array_agg(e.n ORDER BY g.i), array_agg(e.isum ORDER BY g.i),
           array_agg(e.imin::int ORDER BY g.i), array_agg(e.imax::int ORDER BY g.i), array_agg(e.ifirst::int ORDER BY g.i), array_agg(e.ilast::int ORDER BY g.i),
           CASE WHEN bool_or(e.fsum IS NOT NULL) THEN array_agg(e.fsum ORDER BY g.i) END,
           CASE WHEN bool_or(e.fmin IS NOT NULL) THEN array_agg(e.fmin ORDER BY g.i) END,
           CASE WHEN bool_or(e.fmax IS NOT NULL) THEN array_agg(e.fmax ORDER BY g.i) END,
           CASE WHEN bool_or(e.ffirst IS NOT NULL) THEN array_agg(e.ffirst ORDER BY g.i) END,
           CASE WHEN bool_or(e.flast IS NOT NULL) THEN array_agg(e.flast ORDER BY g.i) END
    FROM grid g
    LEFT JOIN delta e ON e.day = g.day AND (e.slot - 1) * 96 + e.q + 1 = g.i
    LEFT JOIN places p ON p.day = g.day AND p.slot = (g.i - 1) / 96 + 1
    GROUP BY g.day
    RETURNING 1
  )
  SELECT count(*) FROM q
$$;
