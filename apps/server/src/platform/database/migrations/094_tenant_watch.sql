-- Investors and quasi-regulators follow industries without acting for them (SPEC 6 user types): an
-- investor the industries it invests in, a quasi-regulator those it watches. Their users read those
-- industries as a board's users read its associated ones. Keyed by the industry first like every
-- tenant-owned table; the service checks both tenants' types.
CREATE TABLE tenant_watch (
  tenant_id  integer NOT NULL REFERENCES tenant (id),
  watcher_id integer NOT NULL REFERENCES tenant (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, watcher_id),
  CHECK (tenant_id <> watcher_id)
);
-- Resolving a watcher's session reads its industries by watcher.
CREATE INDEX tenant_watch_watcher_idx ON tenant_watch (watcher_id, tenant_id);
