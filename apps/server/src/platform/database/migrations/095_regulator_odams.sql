-- CPCB ODAMS as CPCB's "ODAMS RESTful API v1.0" document specifies it (issue 29; docs/REGULATOR.md).

-- An industry's link on a connection stopped by a configuration error the regulator answered
-- (ODAMS 109, 113-116): nothing of it goes out until an administrator saves the mapping or the
-- connection again. The reason is kept in words for the pages and the mail to its administrators.
ALTER TABLE regulator_mapping
  ADD COLUMN stopped_at      timestamptz,
  ADD COLUMN stopped_code    text,
  ADD COLUMN stopped_message text,
  ADD COLUMN stopped_device  text;

-- Since when a record waits to be accepted: set when it is queued or goes back to waiting (a
-- correction), kept across retries. The not-connected task flags records waiting over an hour by it
-- (a back-filled slot is old the moment it is queued, so the slot time cannot say how long it waited).
ALTER TABLE regulator_outbox ADD COLUMN waiting_since timestamptz NOT NULL DEFAULT now();
UPDATE regulator_outbox SET waiting_since = created_at WHERE status = 'PENDING';

-- Existing ODAMS mappings spoke an inferred vocabulary ('SO2', 'mg/Nm3'): their parameter codes and
-- units become the annexure's keys where they name one (packages/domain/src/odams-annexure.ts has
-- the same lists and the same folding as normalizeUnit); anything else is left for the mapping's
-- issues to show.
CREATE FUNCTION pg_temp.odams_fold(u text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT regexp_replace(translate(lower(regexp_replace(u, '\s+', '', 'g')), '³µμ', '3uu'), '^(°|deg)(?=[cfk]$)', '')
$$;

CREATE FUNCTION pg_temp.odams_param(code text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(
    (SELECT k FROM unnest(ARRAY[
      'acid_mist', 'ammonia', 'ammonical_nitrogen', 'ammonium', 'an', 'aox', 'arsenic', 'as', 'benzene', 'bod',
      'chlorine', 'chromium', 'cl', 'cl2', 'co', 'co2', 'cocl2', 'cod', 'color', 'conductivity', 'cr6', 'cs2',
      'cyanide', 'cynide', 'do', 'ec', 'flow back water', 'flow_emission', 'flow_inlet', 'flow_inlet_totalizer',
      'flow_totalizer', 'fluoride', 'fluoride_effluent', 'gas', 'h2o', 'h2s', 'hc', 'hcl', 'hcn', 'hf', 'hg',
      'inlet flow2', 'inlet flow2 totalizer', 'n03-n', 'Nh3-n', 'nh3_effluent', 'nh4', 'nh4-n', 'ni', 'no3', 'no3-n',
      'o2', 'o3', 'oil in water', 'oil_grease', 'opacity', 'ph', 'phenol', 'phosphates', 'phosphorous', 'pm',
      'pressure', 'primary_temperature', 'secondary_temperature', 'so2', 'so2_ppm', 'sox', 'sulphide', 'tc', 'tds',
      'temp_test', 'temperature', 'temperature_emission', 'thc', 'tn', 'toc', 'toc_effluent',
      'total hydrocarbon content(thc)', 'total_chromium', 'total_nitrogen', 'totalizer', 'tss', 'tvoc', 'vcm',
      'velocity', 'voc']) k WHERE lower(k) = lower(btrim(code)) LIMIT 1),
    CASE lower(btrim(code)) WHEN 'flow' THEN 'flow_emission' WHEN 'nh3' THEN 'nh3_effluent' END,
    code)
$$;

CREATE FUNCTION pg_temp.odams_unit(unit text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(
    (SELECT k FROM unnest(ARRAY[
      '%', '°C', '°F', 'cm', 'cm/s', 'cm³', 'F/m', 'g/m³', 'H/m', 'Hrs', 'Hz', 'Imperial gpm', 'inch', 'K', 'Kg/Hr',
      'kg/m³', 'km/hr', 'kmph', 'knm3/h', 'L', 'Lat-Lng', 'l/hr', 'l/min', 'l/s', 'm', 'm/s', 'm²', 'm³', 'm³/day',
      'm³/hr', 'm³/s', 'mbar', 'mg/L', 'mg/m³', 'mg/Nm³', 'mile', 'miles/hr', 'min', 'mm', 'Mole', 'mph', 'mS/cm',
      'Number', 'Pa', 'pH', 'ppb', 'ppm', 'ratio', 's', 'T/D', 'Text', 'ton/hr', 'TR', 'True False', 'uS/cm',
      'US gpm', 'μg/m³']) WITH ORDINALITY AS x(k, n)
     WHERE unit <> '' AND (k = unit OR pg_temp.odams_fold(k) = pg_temp.odams_fold(unit)) ORDER BY k = unit DESC, n LIMIT 1),
    unit)
$$;

UPDATE regulator_mapping m SET stations = (
  SELECT coalesce(jsonb_agg(jsonb_set(st, '{devices}', (
    SELECT coalesce(jsonb_agg(jsonb_set(dv, '{params}', (
      SELECT coalesce(jsonb_agg(CASE WHEN coalesce((p->>'skip')::boolean, false) THEN p ELSE
        p || jsonb_build_object('code', pg_temp.odams_param(coalesce(p->>'code', '')), 'unit', pg_temp.odams_unit(coalesce(p->>'unit', ''))) END
        ORDER BY pn), '[]'::jsonb)
      FROM jsonb_array_elements(coalesce(dv->'params', '[]'::jsonb)) WITH ORDINALITY AS pp(p, pn)))
      ORDER BY dn), '[]'::jsonb)
    FROM jsonb_array_elements(coalesce(st->'devices', '[]'::jsonb)) WITH ORDINALITY AS dd(dv, dn)))
    ORDER BY sn), '[]'::jsonb)
  FROM jsonb_array_elements(m.stations) WITH ORDINALITY AS ss(st, sn))
FROM regulator_connection c
WHERE c.id = m.connection_id AND c.protocol = 'CPCB_ODAMS';
