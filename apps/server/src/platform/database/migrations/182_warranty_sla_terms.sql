-- A service partner's warranty terms have two clocks (issue 35, docs/CHANGE-REQUESTS.md "Warranty
-- requests"): the hours to respond (take a request up, or answer in its thread) and the hours to
-- resolve it (sla_hours, as before). Set by the partner's administrators and site administrators
-- (PUT /api/warrantyTerms/{partnerId}); each request keeps the terms it was raised under.
ALTER TABLE partner_warranty_terms ADD COLUMN response_hours integer;
UPDATE partner_warranty_terms SET response_hours = least(24, sla_hours);
ALTER TABLE partner_warranty_terms ALTER COLUMN response_hours SET NOT NULL;
ALTER TABLE partner_warranty_terms ADD CHECK (response_hours BETWEEN 1 AND sla_hours);

ALTER TABLE warranty_request ADD COLUMN response_hours integer;
ALTER TABLE warranty_request ADD COLUMN respond_by timestamptz;
-- The partner's first answer: its first move or comment.
ALTER TABLE warranty_request ADD COLUMN responded_at timestamptz;
UPDATE warranty_request SET response_hours = least(24, sla_hours), respond_by = created_at + least(24, sla_hours) * interval '1 hour',
  responded_at = CASE WHEN status <> 'OPEN' THEN updated_at END;
ALTER TABLE warranty_request ALTER COLUMN response_hours SET NOT NULL;
ALTER TABLE warranty_request ALTER COLUMN respond_by SET NOT NULL;
