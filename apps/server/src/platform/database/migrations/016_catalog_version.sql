-- A version per tenant of what data requests resolve before reading any value: the entity tree,
-- the devices in service and their parameters (the tenant's catalog), and one for the shared
-- parameter catalogue (tenant_id 0). Servers keep catalogs in memory and check them with one
-- indexed read per request instead of resolving the tree and series again each time (recent
-- values of 200 stations spent more on that than on reading the values).
--
-- Versions come from one sequence, so a version is never written twice: a cache comparing for
-- equality cannot mistake a changed catalog for the one it holds, even after a TRUNCATE.
-- Ingestion only raises last_data_at, which is not part of a catalog: the UPDATE OF lists leave
-- it out, so the hot path fires no trigger. A new column that data requests read must be added
-- to its table's list (a test compares the lists with the tables).

CREATE SEQUENCE catalog_version_seq;

CREATE TABLE catalog_version (
  -- 0: the shared parameter catalogue (std_param); otherwise a tenant, with or without a row yet.
  tenant_id integer PRIMARY KEY,
  version   bigint NOT NULL
);

CREATE FUNCTION enviro_bump_catalog_version(tenant integer) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO catalog_version (tenant_id, version) VALUES (tenant, nextval('catalog_version_seq'))
  ON CONFLICT (tenant_id) DO UPDATE SET version = excluded.version
$$;

CREATE FUNCTION enviro_catalog_row_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM enviro_bump_catalog_version(OLD.tenant_id);
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.tenant_id IS DISTINCT FROM OLD.tenant_id) THEN
    PERFORM enviro_bump_catalog_version(NEW.tenant_id);
  END IF;
  RETURN NULL;
END $$;

-- The shared catalogue changes as a whole; a TRUNCATE of a tenant table changes every tenant.
CREATE FUNCTION enviro_catalog_statement_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'std_param' THEN
    PERFORM enviro_bump_catalog_version(0);
  ELSE
    UPDATE catalog_version SET version = nextval('catalog_version_seq');
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER entity_catalog
AFTER INSERT OR DELETE OR UPDATE OF tenant_id, id, parent_id, type, name, properties, status, working_status, created_at
ON entity FOR EACH ROW EXECUTE FUNCTION enviro_catalog_row_changed();

CREATE TRIGGER device_catalog
AFTER INSERT OR DELETE OR UPDATE OF tenant_id, id, entity_id, model_id, name, serial_no, sensor_id, tags, deleted_date, created_at
ON device FOR EACH ROW EXECUTE FUNCTION enviro_catalog_row_changed();

CREATE TRIGGER device_param_catalog
AFTER INSERT OR DELETE OR UPDATE
ON device_param FOR EACH ROW EXECUTE FUNCTION enviro_catalog_row_changed();

CREATE TRIGGER std_param_catalog
AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE
ON std_param FOR EACH STATEMENT EXECUTE FUNCTION enviro_catalog_statement_changed();

CREATE TRIGGER entity_catalog_truncate AFTER TRUNCATE ON entity
FOR EACH STATEMENT EXECUTE FUNCTION enviro_catalog_statement_changed();
CREATE TRIGGER device_catalog_truncate AFTER TRUNCATE ON device
FOR EACH STATEMENT EXECUTE FUNCTION enviro_catalog_statement_changed();
CREATE TRIGGER device_param_catalog_truncate AFTER TRUNCATE ON device_param
FOR EACH STATEMENT EXECUTE FUNCTION enviro_catalog_statement_changed();

INSERT INTO catalog_version (tenant_id, version)
SELECT 0, nextval('catalog_version_seq')
UNION ALL
SELECT id, nextval('catalog_version_seq') FROM tenant;
