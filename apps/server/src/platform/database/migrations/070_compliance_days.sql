-- Compliance per Asia/Kolkata day (issue 14).
--
-- A month's compliance of 500 stations counted from reading_15m reads 7 million rollup rows (80 s
-- measured); counted from these tables it reads 30 rows per series. The 'compliance' consumer of
-- the closed-slot feed (019) re-derives a device's whole IST day from its rollups, its limits and its
-- calibration and maintenance windows whenever a slot of that day closes or changes, in the
-- transaction that takes the slot, so any number of servers keep the tables exact. What else changes
-- a day's figures queues the day on the same feed (a row of slot_change whose bucket is the day's
-- IST midnight): the triggers below for windows and limits, and this migration for the history
-- already rolled up. The IST day still open is read from the rollups by the queries themselves.

-- One parameter of a device on one IST day.
CREATE TABLE compliance_param_day (
  tenant_id  integer NOT NULL,
  device_id  bigint NOT NULL,
  day        date NOT NULL,
  slot       smallint NOT NULL,
  -- Slots with data outside calibration and maintenance windows, those whose 15-minute average lies
  -- within the limits, and those beyond a limit (exceedance slots; with_data = within + beyond).
  with_data  integer NOT NULL,
  within     integer NOT NULL,
  beyond     integer NOT NULL,
  -- Runs of consecutive beyond slots that start this day (a missing or suppressed slot ends a run),
  -- and whether the day's first quarter continues a run of the day before: a period counts the runs
  -- starting in it plus the one in progress at its start.
  runs       integer NOT NULL,
  carried_in boolean NOT NULL,
  -- Slots with data inside a window: calibration or maintenance data, not counted against the industry.
  suppressed integer NOT NULL,
  -- Sum and count of the readings outside windows: the day's average is value_sum / value_n.
  value_sum  double precision NOT NULL,
  value_n    bigint NOT NULL,
  -- The figures a period reads ride in the key's index: a month of 500 stations is then read
  -- from the index alone instead of one heap page per row (days are written a day at a time).
  PRIMARY KEY (tenant_id, device_id, day, slot) INCLUDE (with_data, within, beyond, runs, carried_in, suppressed)
);

-- One device on one IST day: quarters with data of any parameter, and those outside windows (uptime).
CREATE TABLE compliance_device_day (
  tenant_id    integer NOT NULL,
  device_id    bigint NOT NULL,
  day          date NOT NULL,
  quarters     integer NOT NULL,
  unsuppressed integer NOT NULL,
  PRIMARY KEY (tenant_id, device_id, day) INCLUDE (quarters, unsuppressed)
);

INSERT INTO slot_consumer (name) VALUES ('compliance') ON CONFLICT DO NOTHING;

-- A window decides which slots of its days count, and (through the runs crossing midnight) the day
-- after its last: those days of its device, or of its station's devices, are derived again. Only
-- days already derived with data, and the last two (whose slots may still be on their way through
-- the rollups), so a window open for years queues its days with data, not every day.
CREATE FUNCTION enviro_compliance_window_days(w suppression_window) RETURNS void
LANGUAGE sql AS $$
  WITH devices AS (
    SELECT d.id FROM device d WHERE d.tenant_id = w.tenant_id AND (d.id = w.device_id OR (w.device_id IS NULL AND d.entity_id = w.entity_id))
  ),
  span AS (
    SELECT (w.starts_at AT TIME ZONE 'Asia/Kolkata')::date AS first,
           (least(coalesce(w.ends_at, now()), now()) AT TIME ZONE 'Asia/Kolkata')::date + 1 AS last
  ),
  days AS (
    SELECT c.device_id, c.day FROM compliance_device_day c, span
    WHERE c.tenant_id = w.tenant_id AND c.device_id IN (SELECT id FROM devices) AND c.day BETWEEN span.first AND span.last
    UNION
    SELECT v.id, day::date FROM devices v, span,
      generate_series(greatest(span.first, (now() AT TIME ZONE 'Asia/Kolkata')::date - 1), span.last, interval '1 day') AS day
  )
  INSERT INTO slot_change (tenant_id, consumer, device_id, bucket)
  SELECT w.tenant_id, 'compliance', device_id, day::timestamp AT TIME ZONE 'Asia/Kolkata' FROM days
  ON CONFLICT (tenant_id, consumer, device_id, bucket) DO UPDATE SET changed_at = now()
$$;

CREATE FUNCTION enviro_compliance_window_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM enviro_compliance_window_days(OLD); END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN PERFORM enviro_compliance_window_days(NEW); END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER compliance_window_days AFTER INSERT OR UPDATE OR DELETE ON suppression_window
FOR EACH ROW EXECUTE FUNCTION enviro_compliance_window_changed();

-- A limit judges every slot of its parameter: every day of the device with data is derived again.
CREATE FUNCTION enviro_compliance_limit_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  l param_limit := CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
BEGIN
  INSERT INTO slot_change (tenant_id, consumer, device_id, bucket)
  SELECT c.tenant_id, 'compliance', c.device_id, c.day::timestamp AT TIME ZONE 'Asia/Kolkata'
  FROM compliance_device_day c
  WHERE c.tenant_id = l.tenant_id AND c.device_id = l.device_id
  ON CONFLICT (tenant_id, consumer, device_id, bucket) DO UPDATE SET changed_at = now();
  RETURN NULL;
END $$;

CREATE TRIGGER compliance_limit_days AFTER INSERT OR UPDATE OR DELETE ON param_limit
FOR EACH ROW EXECUTE FUNCTION enviro_compliance_limit_changed();

-- The history rolled up before this migration: every device's days with data, derived by the
-- consumer once a server runs.
INSERT INTO slot_change (tenant_id, consumer, device_id, bucket)
SELECT DISTINCT tenant_id, 'compliance', device_id, date_trunc('day', bucket AT TIME ZONE 'Asia/Kolkata') AT TIME ZONE 'Asia/Kolkata'
FROM reading_15m
ON CONFLICT (tenant_id, consumer, device_id, bucket) DO NOTHING;
