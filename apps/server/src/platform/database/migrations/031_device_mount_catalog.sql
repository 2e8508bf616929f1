-- Data requests resolve a station's series from the mount history (which device served it when), so a
-- change of device_mount is a change of the tenant's catalog (migration 016).
CREATE TRIGGER device_mount_catalog
AFTER INSERT OR DELETE OR UPDATE
ON device_mount FOR EACH ROW EXECUTE FUNCTION enviro_catalog_row_changed();

CREATE TRIGGER device_mount_catalog_truncate AFTER TRUNCATE ON device_mount
FOR EACH STATEMENT EXECUTE FUNCTION enviro_catalog_statement_changed();
