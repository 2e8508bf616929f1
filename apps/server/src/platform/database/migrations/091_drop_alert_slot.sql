-- The alert evaluation no longer keeps each slot's verdict: it judges the slots around a change
-- from reading_15m when it plans the episode (alert-evaluation.ts, ALERTS.md). Writing a row for
-- every slot of every rule was the evaluation's largest write, about 100,000 rows a run of the
-- alerts bench, and a slot's stored verdict could lag its aggregate while the slot waited in the
-- feed.
DROP TABLE alert_slot;
