-- The oversight overview counts each industry's exceedance episodes since the month began
-- (AlertEpisodeService.exceedancesSince: tenant, started_at, type). With the type in the index
-- the count is an index-only scan instead of fetching ~1 lakh episode rows of a board's industries.
CREATE INDEX oversight_episode_month_idx ON alert_episode (tenant_id, started_at, type);
