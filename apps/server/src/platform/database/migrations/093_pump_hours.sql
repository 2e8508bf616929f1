-- CGWA flow meters report cumulative volume (the totalizer) and cumulative pump hours, at least twice
-- a day (REGULATORY.md, "CGWA ground water"): the catalogue gets the pump hours. A counter's bucket
-- keeps its last reading; across series they add up.
INSERT INTO std_param (name, label, unit, metric_agg, downsample_agg, is_conversion) VALUES
  ('pump_hours', 'Pump Hours', 'h', 'sum', 'last', false)
ON CONFLICT (name) DO NOTHING;
