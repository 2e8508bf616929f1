-- Compacted history (issue 30, docs/STORAGE.md "Compacted history"): the raw readings of a device's
-- India day older than the back-fill window move from `reading` into one row of reading_archive, and
-- the monthly partitions of `reading` they leave empty are dropped. The rollups stay as they are.
--
-- A day is either raw or archived, never both: compaction moves all of a device's rows of the day in
-- one statement, and ingestion of a reading for an archived day first restores that day to raw
-- (enviro_archive_restore, in the ingestion transaction), so the stored first-write-wins merge of
-- `reading` applies as before and the compaction worker archives the day again later. Readers go
-- through enviro_readings, which reads both forms alike.
--
-- The form, per device and day (measured options in docs/STORAGE.md):
-- - ms: the instants as milliseconds, the first after the day's start and each next after the one
--   before (a device reporting every minute repeats 60000); us: the microseconds below that, NULL
--   when every instant is a whole millisecond. width: the length of each instant's vals, NULL when
--   all are as long as the longest.
-- - scale[s]: the decimal places of slot s that day: every value v of the slot is n / 10^scale with n
--   an integer, and n::float8 / 10^scale (both exact doubles, one correctly rounded division) is v
--   bit for bit, checked when archiving. NULL: the slot has a value without such a form, and all its
--   values are in fvals.
-- - ivals: slot-major (slot s, instant i at (s - 1) * instants + i), the change of n from the
--   value before it in that order (the slot's previous value; a slot's first from the last of the
--   slot before): a slowly moving series is small integers, which PostgreSQL's default pglz TOAST
--   compression shrinks well, and one running sum decodes the day. NULL: no value (or a slot in
--   fvals). Every |n| is below 2^30, so every change fits int4.
-- - checkpoints: per slot (slot-major), the running sum of ivals before each block of 64 instants,
--   so a few minutes of a day decode from the block holding them, not from the day's start.
-- - fvals: slot-major float8 values of the slots with no decimal form; NULL when there are none.
CREATE TABLE reading_archive (
  tenant_id integer NOT NULL,
  device_id bigint NOT NULL,
  -- The India day (enviro_bucket_day), whose 24 hours the row holds.
  day       timestamptz NOT NULL,
  -- The instants of the day holding a row (the length of ms).
  instants  integer NOT NULL,
  ms        integer[] NOT NULL,
  us        smallint[],
  width     smallint[],
  scale     smallint[] NOT NULL,
  ivals     integer[] NOT NULL,
  checkpoints integer[] NOT NULL,
  fvals     double precision[],
  PRIMARY KEY (tenant_id, device_id, day)
);

-- The digits a value needs: the fewest decimal places (0-6) k such that round(v * 10^k) / 10^k is v
-- (float equality, which is equality of bits but for zero's sign: -0 has none); NULL when there is
-- none or the value is too large for n to stay exact.
CREATE FUNCTION enviro_decimal_places(v double precision) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN CASE
  WHEN NOT abs(v) < 1e9 OR (v = 0 AND float8send(v) <> float8send(0::float8)) THEN NULL
  WHEN round(v) = v THEN 0
  WHEN round(v * 10) / 10 = v THEN 1
  WHEN round(v * 100) / 100 = v THEN 2
  WHEN round(v * 1000) / 1000 = v THEN 3
  WHEN round(v * 10000) / 10000 = v THEN 4
  WHEN round(v * 100000) / 100000 = v THEN 5
  WHEN round(v * 1000000) / 1000000 = v THEN 6
END;

-- The instants in [p_from, p_to) of one archived day and their value rows, as `reading` held them.
-- Each array is touched as few times as possible (ms by one unnest, ivals and fvals by one slice a
-- slot): a compressed (TOASTed) array is decompressed again at every access, so reading ivals[k] per
-- element made a day's decoding quadratic (150 ms instead of a few).
-- The instants asked for are a contiguous run (time grows with the instant); each slot's values are
-- summed from the checkpoint of the 64-instant block holding the run's first instant (a slice of
-- the arrays per slot: a quarter of an hour decodes in a third of the time a whole day's running
-- sums took), turned from
-- slot-major into rows by one sort, and find their times by position in an array, not by a join the
-- planner may run as a nested loop over the sort (which made a whole day take a second).
CREATE FUNCTION enviro_archive_decode(day timestamptz, instants integer, ms integer[], us smallint[], width smallint[], scale smallint[], ivals integer[],
                                      checkpoints integer[], fvals double precision[], p_from timestamptz, p_to timestamptz)
RETURNS TABLE (ts timestamptz, vals double precision[])
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  WITH t AS (
    -- Instants as microseconds after the day's start, compared with the range's bounds as such: a
    -- timestamp is made only for the instants kept (made for every instant, it was most of the cost).
    SELECT o.i, o.w, day + o.off * interval '1 microsecond' AS ts
    FROM (
      SELECT o.i, o.w, (sum(o.d) OVER (ORDER BY o.i ROWS UNBOUNDED PRECEDING)) * 1000 + coalesce(o.u, 0) AS off
      FROM unnest(ms, us, width) WITH ORDINALITY AS o(d, u, w, i)
    ) o,
    (SELECT (extract(epoch FROM greatest(p_from, day) - day) * 1000000)::int8 AS lo,
            (extract(epoch FROM least(p_to, day + interval '1 day') - day) * 1000000)::int8 AS hi
     OFFSET 0) r -- computed once, not for every instant
    WHERE o.off >= r.lo AND o.off < r.hi
  ),
  b AS (
    SELECT min(i) AS lo, max(i) AS hi, (min(i) - 1) / 64 AS block, array_agg(ts ORDER BY i) AS tss,
           CASE WHEN width IS NOT NULL THEN array_agg(w ORDER BY i) END AS ws
    FROM t
  )
  SELECT b.tss[g.i - b.lo + 1], CASE WHEN b.ws IS NULL THEN g.vals ELSE g.vals[1:b.ws[g.i - b.lo + 1]] END
  FROM b
  CROSS JOIN LATERAL (
    -- Sorted by instant then slot, so each instant's values aggregate in slot order.
    SELECT e.i, array_agg(e.v) AS vals
    FROM (
      SELECT u.i,
             CASE WHEN sc.p IS NULL THEN u.f
                  WHEN u.x IS NOT NULL THEN (c.n + u.run)::float8 / ('{1,10,100,1000,10000,100000,1000000}'::float8[])[sc.p + 1] END AS v
      FROM (
        -- Each slot's run from the block's start: a slice of the arrays per slot (8 decompressions
        -- of them), not all of a day's values.
        SELECT sl.s, b.block * 64 + o.j AS i, (sl.s - 1) * instants + b.block * 64 + o.j AS k, o.x, o.f,
               sum(o.x) OVER (PARTITION BY sl.s ORDER BY o.j ROWS UNBOUNDED PRECEDING) AS run
        FROM generate_series(1, cardinality(scale)) AS sl(s)
        CROSS JOIN LATERAL unnest(ivals[(sl.s - 1) * instants + b.block * 64 + 1 : (sl.s - 1) * instants + b.hi],
                                  fvals[(sl.s - 1) * instants + b.block * 64 + 1 : (sl.s - 1) * instants + b.hi]) WITH ORDINALITY AS o(x, f, j)
      ) u
      JOIN unnest(scale) WITH ORDINALITY AS sc(p, s) ON sc.s = u.s
      LEFT JOIN unnest(checkpoints) WITH ORDINALITY AS c(n, j) ON c.j = (u.s - 1) * ((instants + 63) / 64) + b.block + 1
      WHERE u.i >= b.lo
      ORDER BY u.i, u.k
    ) e
    GROUP BY e.i
  ) g
  UNION ALL
  -- A day of rows without slots ('{}') has no values to turn.
  SELECT t.ts, '{}' FROM t WHERE cardinality(scale) = 0
$$;

-- The readings of one device in [p_from, p_to), raw and archived alike: the one way every path reads
-- raw readings. Inlined by the planner into the calling statement (a single SQL SELECT, STABLE), so
-- the raw branch keeps its partition pruning and the archive branch reads only the days it needs.
CREATE FUNCTION enviro_readings(p_tenant integer, p_device bigint, p_from timestamptz, p_to timestamptz)
RETURNS TABLE (tenant_id integer, device_id bigint, ts timestamptz, vals double precision[])
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT r.tenant_id, r.device_id, r.ts, r.vals FROM reading r
  WHERE r.tenant_id = p_tenant AND r.device_id = p_device AND r.ts >= p_from AND r.ts < p_to
  UNION ALL
  SELECT a.tenant_id, a.device_id, x.ts, x.vals
  FROM reading_archive a
  CROSS JOIN LATERAL enviro_archive_decode(a.day, a.instants, a.ms, a.us, a.width, a.scale, a.ivals, a.checkpoints, a.fvals, p_from, p_to) x
  WHERE a.tenant_id = p_tenant AND a.device_id = p_device
    AND a.day > p_from - interval '1 day' AND a.day < p_to
$$;

-- The lock a device's archiving and the ingestion of its old readings take in turn.
CREATE FUNCTION enviro_archive_lock(tenant integer, device bigint) RETURNS bigint
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN hashtextextended('reading_archive:' || tenant || ':' || device, 0);

-- Moves one device's raw readings of the India days in [p_from, p_to) (day starts) into
-- reading_archive, each day merged with its archived row if there is one (its values first: the
-- first write wins, as in `reading`), in one statement. Returns the values archived. The caller
-- holds the device's enviro_archive_lock. Not inlined anywhere, so it may set its own work_mem: its
-- sorts are a few days of one device.
CREATE FUNCTION enviro_archive_days(p_tenant integer, p_device bigint, p_from timestamptz, p_to timestamptz) RETURNS bigint
LANGUAGE sql SET work_mem = '64MB' AS $$
  WITH old AS (
    DELETE FROM reading_archive a
    WHERE a.tenant_id = p_tenant AND a.device_id = p_device AND a.day >= p_from AND a.day < p_to
      -- Only days with raw readings to merge: archiving a range again rewrites nothing.
      AND EXISTS (SELECT 1 FROM reading r WHERE r.tenant_id = p_tenant AND r.device_id = p_device AND r.ts >= a.day AND r.ts < a.day + interval '1 day')
    RETURNING a.*
  ),
  raw AS (
    DELETE FROM reading r
    WHERE r.tenant_id = p_tenant AND r.device_id = p_device AND r.ts >= p_from AND r.ts < p_to
    RETURNING r.ts, r.vals
  ),
  inst AS (
    SELECT enviro_bucket_day(ts) AS day, ts,
           CASE WHEN count(*) = 1 THEN max(vals) ELSE enviro_merge_vals(max(vals) FILTER (WHERE src = 0), max(vals) FILTER (WHERE src = 1)) END AS vals
    FROM (
      SELECT x.ts, x.vals, 0 AS src
      FROM old o CROSS JOIN LATERAL enviro_archive_decode(o.day, o.instants, o.ms, o.us, o.width, o.scale, o.ivals, o.checkpoints, o.fvals, '-infinity', 'infinity') x
      UNION ALL
      SELECT ts, vals, 1 FROM raw
    ) u
    GROUP BY ts
  ),
  num AS (
    SELECT i.day, i.vals, coalesce(cardinality(i.vals), 0) AS len,
           row_number() OVER (PARTITION BY i.day ORDER BY i.ts) AS i,
           max(coalesce(cardinality(i.vals), 0)) OVER (PARTITION BY i.day) AS width,
           (extract(epoch FROM i.ts - i.day) * 1000000)::int8 AS off
    FROM inst i
  ),
  times AS (
    SELECT day,
           array_agg((off / 1000 - coalesce(prev / 1000, 0))::int ORDER BY i) AS ms,
           CASE WHEN bool_or(off % 1000 <> 0) THEN array_agg((off % 1000)::smallint ORDER BY i) END AS us,
           CASE WHEN bool_or(len <> width) THEN array_agg(len::smallint ORDER BY i) END AS width
    FROM (SELECT *, lag(off) OVER (PARTITION BY day ORDER BY i) AS prev FROM num) n
    GROUP BY day
  ),
  cell AS (
    SELECT n.day, s, n.i, n.vals[s] AS v, enviro_decimal_places(n.vals[s]) AS places
    FROM num n CROSS JOIN LATERAL generate_series(1, n.width) AS s
  ),
  -- A slot's decimal places: the most any of its values needs (checked again below).
  places AS (
    SELECT day, s, CASE WHEN bool_and(v IS NULL OR places IS NOT NULL) THEN coalesce(max(places), 0) END AS k
    FROM cell GROUP BY 1, 2
  ),
  scaled AS (
    SELECT c.day, c.s, c.i, c.v, p.k, round(c.v * ('{1,10,100,1000,10000,100000,1000000}'::float8[])[p.k + 1])::int8 AS n
    FROM cell c JOIN places p USING (day, s)
  ),
  -- The slot keeps its places only if every value decodes to itself (a value with places is no -0,
  -- so float equality is equality of bits here) and every n is below 2^30, so that every change
  -- between two of them fits int4.
  slot AS (
    SELECT day, s,
           CASE WHEN k IS NOT NULL AND bool_and(v IS NULL OR (n::float8 / ('{1,10,100,1000,10000,100000,1000000}'::float8[])[k + 1] = v
                                                             AND abs(n) < 1073741824)) THEN k END AS k
    FROM scaled GROUP BY 1, 2, k
  ),
  -- One running sequence per day through every scaled value, slot after slot: each value is its
  -- change from the one before in that order, so the decoder needs a single running sum.
  delta AS (
    SELECT c.day, c.s, c.i, c.v, sl.k,
           CASE WHEN sl.k IS NOT NULL AND c.v IS NOT NULL
                THEN c.n - coalesce(lag(c.n) OVER (PARTITION BY c.day, sl.k IS NULL OR c.v IS NULL ORDER BY c.s, c.i), 0) END AS dn
    FROM scaled c JOIN slot sl USING (day, s)
  ),
  prefixed AS (
    SELECT *, coalesce(sum(dn) OVER (PARTITION BY day ORDER BY s, i ROWS UNBOUNDED PRECEDING), 0) - coalesce(dn, 0) AS before
    FROM delta
  ),
  vals AS (
    SELECT d.day,
           array_agg(d.k::smallint ORDER BY d.s) FILTER (WHERE d.i = 1) AS scale,
           array_agg(d.dn::int ORDER BY d.s, d.i) AS ivals,
           array_agg(d.before::int ORDER BY d.s, d.i) FILTER (WHERE (d.i - 1) % 64 = 0) AS checkpoints,
           CASE WHEN bool_or(d.k IS NULL) THEN array_agg(CASE WHEN d.k IS NULL THEN d.v END ORDER BY d.s, d.i) END AS fvals,
           count(d.v) AS readings
    FROM prefixed d
    GROUP BY 1
  ),
  ins AS (
    INSERT INTO reading_archive (tenant_id, device_id, day, instants, ms, us, width, scale, ivals, checkpoints, fvals)
    SELECT p_tenant, p_device, t.day, cardinality(t.ms), t.ms, t.us, t.width, coalesce(v.scale, '{}'), coalesce(v.ivals, '{}'), coalesce(v.checkpoints, '{}'), v.fvals
    FROM times t LEFT JOIN vals v USING (day)
    RETURNING 1
  )
  SELECT coalesce(sum(readings), 0)::bigint FROM vals
$$;

-- Ingestion of readings for days that may be archived, in the ingestion transaction before its
-- insert: takes the devices' archive locks (so no compaction of theirs runs meanwhile), puts their
-- archived days overlapping [from, to] back into `reading`, and holds the partitions of the range
-- (enviro_ensure_partitions' lock, which dropping an emptied month takes too) until commit.
CREATE FUNCTION enviro_archive_restore(p_tenant integer[], p_device bigint[], p_from_ms bigint[], p_to_ms bigint[]) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
  restored bigint;
  lo timestamptz;
  hi timestamptz;
BEGIN
  PERFORM pg_advisory_xact_lock(enviro_archive_lock(t, d))
  FROM (SELECT DISTINCT t, d FROM unnest(p_tenant, p_device) AS k(t, d) ORDER BY 1, 2) k;
  SELECT min(f), max(t) INTO lo, hi
  FROM unnest(p_from_ms, p_to_ms) AS k(f_ms, t_ms),
       LATERAL (SELECT timestamptz 'epoch' + f_ms * interval '1 millisecond' AS f, timestamptz 'epoch' + t_ms * interval '1 millisecond' AS t) x;
  PERFORM enviro_ensure_partitions(enviro_bucket_day(lo), enviro_bucket_day(hi) + interval '1 day');
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
