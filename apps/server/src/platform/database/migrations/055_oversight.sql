-- Oversight views (boards, quasi-regulators, corporates, investors across their industries).
--
-- Data availability of thousands of industries cannot be counted from the rollups on every page
-- load (15,000 stations x 96 quarters x their parameters). Instead each device keeps, per day of
-- Asia/Kolkata, a 96-bit map of the quarters holding data: bit i is the quarter starting i x 15
-- minutes after local midnight. The 'oversight' consumer of the closed-slot feed (migration 019)
-- sets the bits of every slot the rollup worker (re)computes, in one transaction with taking the
-- slots, so any number of servers keep it exact; OR-ing makes a slot seen twice harmless.
CREATE TABLE device_day_quarters (
  tenant_id integer NOT NULL,
  device_id bigint NOT NULL,
  day       date NOT NULL,
  quarters  bit(96) NOT NULL,
  PRIMARY KEY (tenant_id, device_id, day)
);

INSERT INTO slot_consumer (name) VALUES ('oversight') ON CONFLICT DO NOTHING;

-- The 96-bit map with the given quarter indexes (0-95) set.
CREATE FUNCTION enviro_quarter_bits(quarters integer[]) RETURNS bit(96)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT string_agg(CASE WHEN i = ANY (quarters) THEN '1' ELSE '0' END, '' ORDER BY i)::bit(96)
  FROM generate_series(0, 95) AS i
$$;

-- Exceedances this month per industry: the alert table's own index leads with entity_id, which a
-- month's count across all of an industry's stations cannot use as a range.
CREATE INDEX oversight_alert_month_idx ON alert (tenant_id, ts);

-- Quarters already rolled up before this migration: the last two local days, so the overview's
-- 24-hour availability is right from the start.
INSERT INTO device_day_quarters (tenant_id, device_id, day, quarters)
SELECT tenant_id, device_id, day, enviro_quarter_bits(array_agg(quarter))
FROM (
  SELECT DISTINCT tenant_id, device_id,
         (bucket AT TIME ZONE 'Asia/Kolkata')::date AS day,
         (extract(epoch FROM (bucket AT TIME ZONE 'Asia/Kolkata') - (bucket AT TIME ZONE 'Asia/Kolkata')::date) / 900)::integer AS quarter
  FROM reading_15m
  WHERE bucket >= date_trunc('day', now() AT TIME ZONE 'Asia/Kolkata') AT TIME ZONE 'Asia/Kolkata' - interval '1 day'
) q
GROUP BY tenant_id, device_id, day;
