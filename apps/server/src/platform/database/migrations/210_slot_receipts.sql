-- Issue 36: when the server received each device's readings, per 15-minute slot, for the
-- late_timestamp and clock_drift detectors (docs/DATA-QUALITY.md, "Receive times"). One row per
-- device and slot, written by the ingestion commit's one statement and merged batch by batch with
-- least and greatest (a resend only widens what was seen): about 80 bytes a slot, a quarter of a
-- byte per reading of a device reporting 18 parameters a minute, rather than 8 bytes per reading.
CREATE TABLE slot_receipt (
  tenant_id      integer NOT NULL,
  device_id      bigint NOT NULL,
  bucket         timestamptz NOT NULL,
  -- When the first of the slot's readings arrived.
  received_first timestamptz NOT NULL,
  -- Receive time minus device time (ms), least and greatest over the slot's readings.
  lag_min_ms     bigint NOT NULL,
  lag_max_ms     bigint NOT NULL,
  -- The earliest and latest device time in the slot, ms after the bucket's start.
  first_ms       integer NOT NULL,
  last_ms        integer NOT NULL,
  PRIMARY KEY (tenant_id, device_id, bucket)
);
