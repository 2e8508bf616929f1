-- The closed-slot feed becomes append-only: each (re)computed slot is a new row, never an update of
-- a queued one. With one row per (consumer, device, slot), a rollup re-marking a slot that a
-- consumer had taken (locked and deleted in its uncommitted pass) waited for that pass to end, while
-- holding its rollup_dirty marks, so ingestion touching those buckets waited too. An alert pass of
-- 2,000 slots lasts seconds: in one sitting of the alerts bench the feed's insert took 42 s and the
-- consumers' takes 85 s of a run (pg_stat_statements), and ingestion fell to half its rate.
--
-- A slot changed twice before its consumer comes is queued twice; `take` hands it out once
-- (SlotChangeRepository). A change made while a consumer holds the slot is a row that consumer did
-- not take: the slot is handed out again, as before.
ALTER TABLE slot_change ADD COLUMN seq bigint GENERATED ALWAYS AS IDENTITY;
ALTER TABLE slot_change DROP CONSTRAINT slot_change_pkey;
ALTER TABLE slot_change ADD PRIMARY KEY (tenant_id, seq);

CREATE OR REPLACE FUNCTION enviro_compliance_window_days(w suppression_window) RETURNS void
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
$$;

CREATE OR REPLACE FUNCTION enviro_compliance_limit_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  l param_limit := CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
BEGIN
  INSERT INTO slot_change (tenant_id, consumer, device_id, bucket)
  SELECT c.tenant_id, 'compliance', c.device_id, c.day::timestamp AT TIME ZONE 'Asia/Kolkata'
  FROM compliance_device_day c
  WHERE c.tenant_id = l.tenant_id AND c.device_id = l.device_id;
  RETURN NULL;
END $$;
