-- Late readings can join two alerts of a series into one (a late breach in the clean slot that had
-- split them). The later one is resolved and points at the alert that absorbed its slots, so the
-- evaluation no longer counts it and its page can link to the survivor.
ALTER TABLE alert_episode ADD COLUMN merged_into bigint;
