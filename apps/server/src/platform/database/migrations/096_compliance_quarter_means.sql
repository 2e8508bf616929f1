-- Daily and monthly averages are means of the 15-minute averages (docs/DEFINITIONS.md; issue 28),
-- not of the raw readings, whose density varies. Each compliance day keeps the sum of its slots'
-- 15-minute averages outside calibration and maintenance windows, so a year's daily report reads a
-- row a day instead of 96 rollups; the day's average is avg_sum / with_data. The raw sums it
-- replaces were read by nobody.
ALTER TABLE compliance_param_day ADD COLUMN avg_sum double precision NOT NULL DEFAULT 0;
ALTER TABLE compliance_param_day DROP COLUMN value_sum, DROP COLUMN value_n;

-- An exceedance is one slot beyond a limit, counted as `beyond`; runs of them were a second count
-- that disagreed with the alerts' episodes (a quarter without data ended a run, not an episode).
-- Episodes are the alerts module's; the runs go, and the key's index carries what periods read.
ALTER TABLE compliance_param_day DROP CONSTRAINT compliance_param_day_pkey;
ALTER TABLE compliance_param_day DROP COLUMN runs, DROP COLUMN carried_in;
ALTER TABLE compliance_param_day ADD PRIMARY KEY (tenant_id, device_id, day, slot) INCLUDE (with_data, within, beyond, suppressed, avg_sum);

-- The days derived before: derived again by the 'compliance' consumer once a server runs (as 070).
INSERT INTO slot_change (tenant_id, consumer, device_id, bucket)
SELECT DISTINCT tenant_id, 'compliance', device_id, (day::timestamp AT TIME ZONE 'Asia/Kolkata')
FROM compliance_param_day;
