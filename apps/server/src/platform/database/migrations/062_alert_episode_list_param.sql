-- The alert list filtered by status and parameter (the Alerts page's usual filter: open alerts of
-- one parameter), newest first: its count reads only the matching entries instead of every alert of
-- the status, and its page comes in order without a sort.
CREATE INDEX alert_episode_list_param_idx ON alert_episode (tenant_id, status, std_param_id, started_at DESC, id DESC);
