-- The cameras' exceedance snapshots (issue 32) read the exceedance alerts opened in the last minutes
-- every pass (`AlertEpisodeService.exceedancesOpened`): by creation time, across tenants.
CREATE INDEX alert_episode_created_idx ON alert_episode (created_at);
