-- Open data (issue 37): a statutory body chooses to publish its industries' data through the open
-- API and bulk files; nothing of a board without a row here is ever served. Keyed by the board.
CREATE TABLE open_data_publication (
  tenant_id    integer NOT NULL REFERENCES tenant (id),
  published_at timestamptz NOT NULL DEFAULT now(),
  published_by bigint,
  PRIMARY KEY (tenant_id)
);

-- Self-service keys of outside developers: no tenant, an e-mail address confirmed by a link before
-- the key works. Only hashes are kept: the key is shown once, the confirmation token mailed once.
CREATE TABLE open_api_key (
  id                  bigserial PRIMARY KEY,
  email               text NOT NULL CHECK (length(email) <= 254),
  purpose             text NOT NULL DEFAULT '' CHECK (length(purpose) <= 500),
  key_hash            text NOT NULL UNIQUE,
  key_prefix          text NOT NULL,
  confirm_hash        text UNIQUE,
  confirm_expires_at  timestamptz NOT NULL,
  confirmed_at        timestamptz,
  per_minute          integer NOT NULL DEFAULT 60 CHECK (per_minute > 0),
  per_hour            integer NOT NULL DEFAULT 2000 CHECK (per_hour > 0),
  revoked_at          timestamptz,
  created_at          timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX open_api_key_email_idx ON open_api_key (lower(email));

-- Request counters shared by every server: one row per caller (a key id, or an anonymous address)
-- and fixed window; one upsert per request counts both windows. Rows of past windows are deleted by
-- the open-data worker.
CREATE TABLE open_api_hits (
  caller       text NOT NULL,
  window_kind  text NOT NULL CHECK (window_kind IN ('m', 'h')),
  window_start timestamptz NOT NULL,
  hits         integer NOT NULL DEFAULT 0,
  PRIMARY KEY (caller, window_kind, window_start)
) WITH (fillfactor = 70);
CREATE INDEX open_api_hits_window_idx ON open_api_hits (window_start);
