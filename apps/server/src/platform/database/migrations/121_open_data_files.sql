-- Bulk files of the open data API (issue 37): one CSV.gz per published station and IST month,
-- made again after late data or a correction changed a slot of the month.
INSERT INTO slot_consumer (name) VALUES ('open-data') ON CONFLICT DO NOTHING;

-- Months of a device whose stations' files are to be made again: marked from the closed-slot feed,
-- due an hour after the first change (a month changing all day is made again once an hour at most),
-- leased by the server making them so that several can share the work.
CREATE TABLE open_data_stale (
  tenant_id    integer NOT NULL REFERENCES tenant (id),
  device_id    bigint NOT NULL,
  month        date NOT NULL CHECK (extract(day FROM month) = 1),
  marked_at    timestamptz NOT NULL DEFAULT now(),
  due_at       timestamptz NOT NULL,
  leased_until timestamptz,
  PRIMARY KEY (tenant_id, device_id, month)
);
CREATE INDEX open_data_stale_due_idx ON open_data_stale (due_at);

-- The files: the industry's tenant first, as every tenant-owned table.
CREATE TABLE open_data_file (
  tenant_id    integer NOT NULL REFERENCES tenant (id),
  station_id   bigint NOT NULL,
  month        date NOT NULL CHECK (extract(day FROM month) = 1),
  board_id     integer NOT NULL REFERENCES tenant (id),
  rows         integer NOT NULL,
  sha256       text NOT NULL,
  content      bytea NOT NULL,
  generated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, station_id, month)
);
CREATE INDEX open_data_file_board_idx ON open_data_file (board_id, month);
CREATE INDEX open_data_file_station_idx ON open_data_file (station_id, month);

-- What changed in which file when: the change log the API lists.
CREATE TABLE open_data_file_change (
  tenant_id  integer NOT NULL REFERENCES tenant (id),
  id         bigserial,
  station_id bigint NOT NULL,
  month      date NOT NULL,
  board_id   integer NOT NULL,
  reason     text NOT NULL CHECK (reason IN ('NEW', 'CHANGED')),
  rows       integer NOT NULL,
  sha256     text NOT NULL,
  changed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id)
);
CREATE INDEX open_data_file_change_at_idx ON open_data_file_change (changed_at, id);

-- A board that begins publishing has its industries' recent months made once.
ALTER TABLE open_data_publication ADD COLUMN files_seeded_at timestamptz;
