-- Lead (Pb), the eighth pollutant of CPCB's National Air Quality Index (REGULATORY.md): ambient
-- air, in µg/m3 like the index's breakpoints, which average it over 24 hours
-- (@enviro/domain/aqi). The catalogue's trigger (migration 016) moves its version, so servers
-- see the new entry without a restart.
INSERT INTO std_param (name, label, unit, metric_agg, downsample_agg, is_conversion) VALUES
  ('pb', 'Pb', 'µg/m3', 'avg', 'avg', false)
ON CONFLICT (name) DO NOTHING;
