-- Data quality (issue 36): a completed calibration check may raise the drift detector's alarm (a
-- CUSUM over the device's zero and span deviations, docs/DATA-QUALITY.md), which puts in doubt what the
-- analyser measured since the check before it. Those days were judged before the check existed, so
-- they are queued for the 'quality' consumer again: the device's days with verdicts from the previous
-- completed check (at most 90 days back) to this one.
CREATE FUNCTION enviro_quality_calibration_days() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  since timestamptz;
BEGIN
  IF NEW.status <> 'COMPLETED' OR (TG_OP = 'UPDATE' AND OLD.status = 'COMPLETED') THEN RETURN NULL; END IF;
  SELECT greatest(max(c.ended_at), NEW.ended_at - interval '90 days') INTO since
  FROM calibration c
  WHERE c.tenant_id = NEW.tenant_id AND c.device_id = NEW.device_id AND c.status = 'COMPLETED' AND c.id <> NEW.id AND c.ended_at < NEW.ended_at;
  INSERT INTO slot_change (tenant_id, consumer, device_id, bucket)
  SELECT q.tenant_id, 'quality', q.device_id, (q.day + time '12:00') AT TIME ZONE 'Asia/Kolkata'
  FROM quality_device_day q
  WHERE q.tenant_id = NEW.tenant_id AND q.device_id = NEW.device_id
    AND q.day BETWEEN (coalesce(since, NEW.ended_at - interval '90 days') AT TIME ZONE 'Asia/Kolkata')::date AND (NEW.ended_at AT TIME ZONE 'Asia/Kolkata')::date;
  RETURN NULL;
END $$;

CREATE TRIGGER quality_calibration_days AFTER INSERT OR UPDATE OF status ON calibration
FOR EACH ROW EXECUTE FUNCTION enviro_quality_calibration_days();
