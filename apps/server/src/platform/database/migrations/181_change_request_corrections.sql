-- An approved correction request applies a version of the correction layer (reading_correction,
-- data module, 180) and republishes the station's period to the regulators (regulator_republish,
-- regulator module): the request keeps which, as an approved maintenance request keeps its window.
ALTER TABLE change_request ADD COLUMN correction_id bigint;
ALTER TABLE change_request ADD COLUMN republish_id bigint;
