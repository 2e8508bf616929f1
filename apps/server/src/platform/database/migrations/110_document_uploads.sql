-- Uploaded documents (issue 33): PDFs, images and office files of a tenant, a station or a device,
-- with every version kept. The bytes stay in PostgreSQL, like the documents of 004, so every server
-- of a deployment reads the same ones and they are backed up and distributed with the tenant's rows;
-- but as rows of at most 256 KiB (document_chunk) rather than one bytea or a large object: a
-- server writes each piece as it arrives and streams a download piece by piece, never holding a
-- file whole, and large objects would live outside the tenant's rows (no tenant_id, no
-- distribution by tenant, their own clean-up).
--
-- An uploaded document keeps content NULL and points at its newest version; the documents of 004
-- (a station's CTO path, logos, calibration certificates) keep their single content as before.
ALTER TABLE document ALTER COLUMN content DROP NOT NULL;
ALTER TABLE document
  ADD COLUMN device_id        bigint,
  ADD COLUMN title            text CHECK (length(title) BETWEEN 1 AND 200),
  ADD COLUMN current_version  integer CHECK (current_version >= 1),
  ADD COLUMN updated_at       timestamptz NOT NULL DEFAULT now(),
  ADD CONSTRAINT document_bytes_somewhere CHECK ((content IS NULL) <> (current_version IS NULL)),
  ADD CONSTRAINT document_device_fk FOREIGN KEY (tenant_id, device_id) REFERENCES device (tenant_id, id);

-- A tenant's uploaded documents, newest first (the documents list).
CREATE INDEX document_uploaded_idx ON document (tenant_id, id DESC) WHERE current_version IS NOT NULL;

CREATE TABLE document_version (
  tenant_id     integer NOT NULL,
  document_id   bigint NOT NULL,
  version       integer NOT NULL CHECK (version >= 1),
  file_name     text NOT NULL CHECK (length(file_name) BETWEEN 1 AND 120),
  content_type  text NOT NULL,
  bytes         bigint NOT NULL CHECK (bytes > 0),
  sha256        text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  uploaded_by   bigint,
  created_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, document_id, version),
  FOREIGN KEY (tenant_id, document_id) REFERENCES document (tenant_id, id) ON DELETE CASCADE
);

CREATE TABLE document_chunk (
  tenant_id    integer NOT NULL,
  document_id  bigint NOT NULL,
  version      integer NOT NULL,
  seq          integer NOT NULL CHECK (seq >= 0),
  data         bytea NOT NULL CHECK (octet_length(data) BETWEEN 1 AND 262144),
  PRIMARY KEY (tenant_id, document_id, version, seq),
  -- Checked at commit: the pieces are written as they arrive, the version once the file is whole.
  FOREIGN KEY (tenant_id, document_id, version) REFERENCES document_version (tenant_id, document_id, version) ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED
);
-- PDFs, images and office files are compressed already: spare PostgreSQL trying again.
ALTER TABLE document_chunk ALTER COLUMN data SET STORAGE EXTERNAL;
