-- Data quality (issue 36, docs/DATA-QUALITY.md).
--
-- The 'quality' consumer of the closed-slot feed (019) runs the detectors of
-- packages/domain/src/data-quality over a device's IST day, with the days before it as context, each
-- time a slot of that day closes or changes, in the transaction that takes the slot, so any number of
-- servers share the work and late data re-runs its day, as the compliance days do. Values are never
-- changed: the verdicts sit beside them.

-- The slots of a series that are not valid: calibration, maintenance, suspect or invalid, with the
-- detectors that fired. A slot with data in the rollups and no row here is valid, so the table holds
-- the few slots in question rather than a copy of the rollups' keys.
CREATE TABLE slot_quality (
  tenant_id integer NOT NULL,
  device_id bigint NOT NULL,
  slot      smallint NOT NULL,
  bucket    timestamptz NOT NULL,
  state     text NOT NULL CHECK (state IN ('calibration', 'maintenance', 'suspect', 'invalid')),
  detectors text[] NOT NULL DEFAULT '{}',
  PRIMARY KEY (tenant_id, device_id, slot, bucket)
);

-- One device on one IST day: what the daily data-quality score (DEFINITIONS.md) is made of.
CREATE TABLE quality_device_day (
  tenant_id integer NOT NULL,
  device_id bigint NOT NULL,
  day       date NOT NULL,
  -- Parameter slots with data, those outside calibration and maintenance windows (the score's
  -- denominator), and the credit they earned (each 1 less the heaviest penalty of what fired).
  slots     integer NOT NULL,
  counted   integer NOT NULL,
  credit    double precision NOT NULL,
  -- Slots per state and per detector that fired, e.g. {"suspect": 24} and {"flat_line": 24}.
  states    jsonb NOT NULL DEFAULT '{}',
  fired     jsonb NOT NULL DEFAULT '{}',
  PRIMARY KEY (tenant_id, device_id, day)
);

INSERT INTO slot_consumer (name) VALUES ('quality') ON CONFLICT DO NOTHING;

-- The history rolled up before this migration: every device's days with data, assessed by the
-- consumer once a server runs.
INSERT INTO slot_change (tenant_id, consumer, device_id, bucket)
SELECT DISTINCT tenant_id, 'quality', device_id, date_trunc('day', bucket AT TIME ZONE 'Asia/Kolkata') AT TIME ZONE 'Asia/Kolkata'
FROM reading_15m;
