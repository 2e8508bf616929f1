-- Monthly partitions are now created standalone and then attached. CREATE TABLE ... PARTITION OF takes
-- an ACCESS EXCLUSIVE lock on the parent, which waits behind every running query of reading or
-- reading_15m, stalls every later one behind it, and deadlocks with a transaction that reads one
-- parent while holding the other (the rollup worker reads reading and writes reading_15m).
-- ATTACH PARTITION needs only SHARE UPDATE EXCLUSIVE on the parent, which readers and writers do not
-- conflict with; the new table is empty, so validating its bounds costs nothing.
CREATE OR REPLACE FUNCTION enviro_ensure_partitions(from_ts timestamptz, to_ts timestamptz) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  m timestamptz := date_trunc('month', from_ts AT TIME ZONE 'UTC') AT TIME ZONE 'UTC';
  nxt timestamptz;
  suffix text;
  parent text;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('enviro_ensure_partitions'));
  WHILE m < to_ts LOOP
    nxt := (date_trunc('month', m AT TIME ZONE 'UTC') + interval '1 month') AT TIME ZONE 'UTC';
    suffix := to_char(m AT TIME ZONE 'UTC', 'YYYY_MM');
    FOREACH parent IN ARRAY ARRAY['reading', 'reading_15m'] LOOP
      IF to_regclass(format('%I', parent || '_' || suffix)) IS NULL THEN
        EXECUTE format('CREATE TABLE %I (LIKE %I INCLUDING DEFAULTS INCLUDING CONSTRAINTS)', parent || '_' || suffix, parent);
        EXECUTE format('ALTER TABLE %I ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)', parent, parent || '_' || suffix, m, nxt);
      END IF;
    END LOOP;
    m := nxt;
  END LOOP;
END $$;
