-- Administration: licence counts per station type and each user's preferences.

-- How many stations of a type a tenant's licence covers; stations in use are counted from entity.
CREATE TABLE license_count (
  tenant_id    integer NOT NULL REFERENCES tenant (id),
  station_type text NOT NULL CHECK (station_type IN
                 ('eqms', 'cems', 'caaqms', 'space', 'ground water', 'water', 'wfm', 'audi', 'chiller',
                  'lobby', 'Energy Meter', 'Ash', 'Bore well', 'inverter', 'meter', 'Water Level',
                  'mobile stack', 'chp')),
  licensed     integer NOT NULL CHECK (licensed >= 0),
  updated_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, station_type)
);

-- A user's preference (SPEC 3: a map by key) for one tenant: a site user acting as several tenants
-- keeps settings per tenant. tenant_id is the tenant acted for; the user belongs to user_tenant_id.
CREATE TABLE user_preference (
  tenant_id      integer NOT NULL REFERENCES tenant (id),
  user_tenant_id integer NOT NULL,
  user_id        bigint NOT NULL,
  key            text NOT NULL CHECK (key ~ '^[A-Z][A-Z0-9_]{0,63}$'),
  value          text NOT NULL CHECK (length(value) <= 1000),
  updated_at     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, user_tenant_id, user_id, key),
  FOREIGN KEY (user_tenant_id, user_id) REFERENCES app_user (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX user_preference_user_idx ON user_preference (user_tenant_id, user_id);
