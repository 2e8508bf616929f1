-- E-invoice registration as a job kept with its invoice (issue 34; docs/SUBSCRIPTIONS.md): a B2B
-- invoice written while e-invoicing is on starts PENDING; any server's e-invoice pass claims the
-- due ones under SKIP LOCKED, asks the IRP, and either keeps the IRN (REGISTERED) or counts the
-- attempt, keeps the IRP's error and sets the next try (backing off); after the last attempt it is
-- FAILED for an operator. NULL: not to register (B2C, e-invoicing off).
ALTER TABLE invoice
  ADD COLUMN einvoice_status   text CHECK (einvoice_status IN ('PENDING', 'REGISTERED', 'FAILED')),
  ADD COLUMN einvoice_attempts integer NOT NULL DEFAULT 0 CHECK (einvoice_attempts >= 0),
  ADD COLUMN einvoice_next_at  timestamptz,
  ADD COLUMN einvoice_error    text CHECK (length(einvoice_error) <= 500);

UPDATE invoice SET einvoice_status = 'REGISTERED' WHERE irn IS NOT NULL;

CREATE INDEX invoice_einvoice_due_idx ON invoice (einvoice_next_at) WHERE einvoice_status = 'PENDING';
