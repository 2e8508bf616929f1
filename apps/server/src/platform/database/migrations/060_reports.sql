-- Reports (issue 14): report jobs, scheduled reports with their runs, billing addresses.

-- A report built in the background: the caller polls its progress and downloads the file when done.
-- State lives here so a restart or a second server loses nothing; a job is claimed with
-- FOR UPDATE SKIP LOCKED and a lease, so a crashed server's job is picked up again.
CREATE TABLE report_job (
  id           bigserial PRIMARY KEY,
  tenant_id    integer NOT NULL,
  user_id      bigint,
  report_id    integer NOT NULL,
  format       text NOT NULL,
  params       jsonb NOT NULL,
  status       text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done', 'failed')),
  percent      integer NOT NULL DEFAULT 0,
  rows_done    integer NOT NULL DEFAULT 0,
  error        text,
  file_name    text,
  content_type text,
  content      bytea,
  leased_until timestamptz,
  created_at   timestamptz NOT NULL DEFAULT now(),
  finished_at  timestamptz
);
CREATE INDEX report_job_queue ON report_job (created_at) WHERE status IN ('queued', 'running');
CREATE INDEX report_job_finished ON report_job (finished_at) WHERE finished_at IS NOT NULL;

-- A report mailed on a schedule in IST.
CREATE TABLE report_schedule (
  id          bigserial PRIMARY KEY,
  tenant_id   integer NOT NULL,
  name        text NOT NULL,
  report_id   integer NOT NULL,
  format      text NOT NULL,
  params      jsonb NOT NULL,
  frequency   text NOT NULL CHECK (frequency IN ('daily', 'weekly', 'monthly', 'quarterly')),
  -- Minutes after IST midnight the run is due (on the period's first day after it ends).
  at_minute   integer NOT NULL CHECK (at_minute BETWEEN 0 AND 1439),
  recipients  text[] NOT NULL,
  enabled     boolean NOT NULL DEFAULT true,
  created_by  bigint,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX report_schedule_tenant ON report_schedule (tenant_id);

-- One run per schedule and period: the unique key makes a second server's attempt a no-op.
CREATE TABLE report_schedule_run (
  id           bigserial PRIMARY KEY,
  schedule_id  bigint NOT NULL REFERENCES report_schedule (id) ON DELETE CASCADE,
  tenant_id    integer NOT NULL,
  period_start date NOT NULL,
  period_end   date NOT NULL,
  status       text NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'sent', 'failed')),
  attempts     integer NOT NULL DEFAULT 0,
  error        text,
  next_try_at  timestamptz,
  leased_until timestamptz,
  started_at   timestamptz NOT NULL DEFAULT now(),
  sent_at      timestamptz,
  UNIQUE (schedule_id, period_start)
);

-- SPEC 3 Address (addressType BILLING) of a tenant or a station, printed on reports.
CREATE TABLE billing_address (
  tenant_id    integer NOT NULL,
  owner_kind   text NOT NULL CHECK (owner_kind IN ('tenant', 'entity')),
  owner_id     bigint NOT NULL,
  address_type text NOT NULL DEFAULT 'BILLING',
  line1        text NOT NULL,
  line2        text,
  city         text,
  state        text,
  pincode      text,
  gstin        text,
  PRIMARY KEY (owner_kind, owner_id, address_type)
);
