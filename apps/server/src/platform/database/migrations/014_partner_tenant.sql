-- Access plumbing: partners' links to the industries they serve, and corporates as administrators
-- edit them.

-- A partner (partner_id, a tenant of type partner) serves an industry (tenant_id, of type tenant):
-- the partner's users read the industry and may act for it in manage mode. Keyed by the industry
-- first like every tenant-owned table; the service checks both tenants' types.
CREATE TABLE partner_tenant (
  tenant_id  integer NOT NULL REFERENCES tenant (id),
  partner_id integer NOT NULL REFERENCES tenant (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, partner_id),
  CHECK (tenant_id <> partner_id)
);
-- Resolving a partner user's session reads its links by partner.
CREATE INDEX partner_tenant_partner_idx ON partner_tenant (partner_id, tenant_id);

-- Corporates: contact details, and names unique whatever their case. Names that already clash
-- keep the first and suffix the others with their id, so the unique index can be built.
ALTER TABLE corporate
  ADD COLUMN contact_email text CHECK (contact_email IS NULL OR length(contact_email) BETWEEN 3 AND 254),
  ADD COLUMN contact_phone text CHECK (contact_phone IS NULL OR length(contact_phone) BETWEEN 6 AND 20),
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
UPDATE corporate c SET name = c.name || ' (' || c.id || ')'
 WHERE EXISTS (SELECT 1 FROM corporate d WHERE lower(d.name) = lower(c.name) AND d.id < c.id);
CREATE UNIQUE INDEX corporate_name_key ON corporate (lower(name));
