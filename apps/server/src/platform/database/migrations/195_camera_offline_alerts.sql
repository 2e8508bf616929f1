-- A camera offline for 15 minutes raises a system alert (issue 32, docs/CAMERAS.md "Health"): an alert
-- of a rule of its own condition, raised by the cameras module through the alerts module's
-- RaisedAlertService as energy budgets are, so it is listed, escalated and mailed as any alert.
ALTER TABLE alert_rule DROP CONSTRAINT alert_rule_condition_check;
ALTER TABLE alert_rule ADD CONSTRAINT alert_rule_condition_check CHECK (condition IN
  ('AVG_15M', 'SUSTAINED', 'INSTANT', 'DATA_LOSS', 'DATA_FILL', 'DEVICE_DIAGNOSTIC', 'ENERGY_BUDGET', 'CAMERA_OFFLINE'));

-- An alert about something that is no device (a camera): no device_id, but the raising module's id
-- of it (`subject_id`) and its name to show (`subject`). Every other alert keeps its device.
ALTER TABLE alert_episode ALTER COLUMN device_id DROP NOT NULL;
ALTER TABLE alert_episode ADD COLUMN subject_id bigint, ADD COLUMN subject text;
ALTER TABLE alert_episode ADD CONSTRAINT alert_episode_device_or_subject CHECK ((device_id IS NULL) = (subject_id IS NOT NULL));
-- At most one active alert per rule and subject (alert_episode_active_idx does it for devices).
CREATE UNIQUE INDEX alert_episode_active_subject_idx ON alert_episode (tenant_id, rule_id, subject_id)
  WHERE subject_id IS NOT NULL AND status IN ('OPEN', 'ACKNOWLEDGED');
