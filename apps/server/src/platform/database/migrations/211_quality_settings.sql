-- Issue 36: a device parameter's own detector settings (docs/DATA-QUALITY.md, "Settings"): the
-- analyser's full scale as installed, the flat-line run and tolerance, the spike factor, the largest
-- step, detectors switched off. Absent: the parameter's defaults.
CREATE TABLE quality_setting (
  tenant_id  integer NOT NULL,
  device_id  bigint NOT NULL,
  slot       smallint NOT NULL,
  settings   jsonb NOT NULL,
  updated_by integer,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, device_id, slot)
);

-- Settings change what the detectors say of data already judged: the device's last 8 days are
-- queued for the 'quality' consumer again, as a completed calibration check queues its days (131).
CREATE FUNCTION enviro_quality_setting_days() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  r := CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
  INSERT INTO slot_change (tenant_id, consumer, device_id, bucket)
  SELECT q.tenant_id, 'quality', q.device_id, (q.day + time '12:00') AT TIME ZONE 'Asia/Kolkata'
  FROM quality_device_day q
  WHERE q.tenant_id = r.tenant_id AND q.device_id = r.device_id
    AND q.day >= ((now() AT TIME ZONE 'Asia/Kolkata')::date - 8)
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;

CREATE TRIGGER quality_setting_days AFTER INSERT OR UPDATE OR DELETE ON quality_setting
FOR EACH ROW EXECUTE FUNCTION enviro_quality_setting_days();
