-- Keys that distribute by tenant (docs/STORAGE.md, "Distribution by tenant"): Citus requires every
-- primary and unique key of a distributed table to include its distribution column, and a foreign key
-- between two distributed tables to join on it. These four tables were keyed by id alone.
ALTER TABLE report_schedule_run DROP CONSTRAINT report_schedule_run_schedule_id_fkey;
ALTER TABLE report_schedule_run DROP CONSTRAINT report_schedule_run_schedule_id_period_start_key;
ALTER TABLE report_schedule_run DROP CONSTRAINT report_schedule_run_pkey;
ALTER TABLE report_schedule DROP CONSTRAINT report_schedule_pkey;
ALTER TABLE report_job DROP CONSTRAINT report_job_pkey;

ALTER TABLE report_job ADD PRIMARY KEY (tenant_id, id);
ALTER TABLE report_schedule ADD PRIMARY KEY (tenant_id, id);
-- The tenant's own index now leads the primary key.
DROP INDEX report_schedule_tenant;
ALTER TABLE report_schedule_run ADD PRIMARY KEY (tenant_id, id);
ALTER TABLE report_schedule_run ADD CONSTRAINT report_schedule_run_period_key UNIQUE (tenant_id, schedule_id, period_start);
ALTER TABLE report_schedule_run ADD CONSTRAINT report_schedule_run_schedule_fkey
  FOREIGN KEY (tenant_id, schedule_id) REFERENCES report_schedule (tenant_id, id) ON DELETE CASCADE;

ALTER TABLE billing_address DROP CONSTRAINT billing_address_pkey;
ALTER TABLE billing_address ADD PRIMARY KEY (tenant_id, owner_kind, owner_id, address_type);

-- A site user acting for another tenant keeps preferences under that tenant (tenant_id) while the
-- user belongs to user_tenant_id: a key across two tenants, which no distributed table may hold.
-- Users are disabled, never deleted, so the cascade it gave was never taken.
ALTER TABLE user_preference DROP CONSTRAINT user_preference_user_tenant_id_user_id_fkey;

-- A device's answer to an RPC names the RPC by id and comes with the device's token, which gives the
-- tenant: the primary key (tenant_id, id) finds it.
DROP INDEX device_rpc_id_idx;

-- One live device per serial number across every tenant is held by the writers (an advisory lock on
-- the serial number around check and write, devices.repository.ts `lockSerial`); the index stays for
-- the lookup, no longer unique.
DROP INDEX device_serial_no_idx;
CREATE INDEX device_serial_no_idx ON device (lower(serial_no)) WHERE serial_no IS NOT NULL AND deleted_date IS NULL;
