import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { DeviceProfile } from './device-profile.repository.ts';
import type { ReadingRow } from './telemetry-parser.ts';

/** One device's rows of a batch, by epoch milliseconds. */
export interface StagedDevice {
  device: DeviceProfile;
  rows: Map<number, ReadingRow>;
}

// A temp table per connection, emptied at each commit: COPY is the cheapest way in, and the set-based
// statement below takes it from there.
const CREATE_STAGE = `CREATE TEMP TABLE IF NOT EXISTS ingest_stage (
  tenant_id integer NOT NULL, device_id bigint NOT NULL, ts_ms bigint NOT NULL, vals float8[] NOT NULL
) ON COMMIT DELETE ROWS`;

/*
 * Everything a batch changes, in one statement over the staged rows:
 * - reading: new instants inserted; a known instant merged (stored slots win), and only when the merge
 *   changes something, so a resend writes nothing and `ins` holds only real changes;
 * - rollup_dirty: the changed 15-minute buckets. DO UPDATE ... WHERE false writes nothing but locks an
 *   existing mark, so if the rollup worker holds it (recomputing from a snapshot without these rows)
 *   we wait until it has deleted the mark, then insert a fresh one instead of trusting a mark that is
 *   about to vanish. Sorted so concurrent writers lock marks in the same order;
 * - series_latest: the newest value per series, only ever moving forward in time;
 * - device / station last_data_at: raised, never lowered, so backlog leaves them alone;
 * - alert: SYSTEM alerts for the out-of-limit candidates ($1..$5) whose value is the one now stored.
 */
const APPLY = `
WITH ins AS (
  INSERT INTO reading AS r (tenant_id, device_id, ts, vals)
  SELECT tenant_id, device_id, timestamptz 'epoch' + ts_ms * interval '1 millisecond', vals FROM ingest_stage
  ON CONFLICT (tenant_id, device_id, ts) DO UPDATE SET vals = enviro_merge_vals(r.vals, excluded.vals)
  WHERE enviro_merge_vals(r.vals, excluded.vals) IS DISTINCT FROM r.vals
  RETURNING r.tenant_id, r.device_id, r.ts, r.vals
), dirty AS (
  INSERT INTO rollup_dirty AS d (tenant_id, device_id, bucket)
  SELECT DISTINCT tenant_id, device_id, enviro_bucket15(ts) FROM ins ORDER BY 1, 2, 3
  ON CONFLICT (tenant_id, device_id, bucket) DO UPDATE SET bucket = excluded.bucket WHERE false
), latest AS (
  INSERT INTO series_latest AS s (tenant_id, device_id, slot, ts, value)
  SELECT DISTINCT ON (ins.tenant_id, ins.device_id, v.slot) ins.tenant_id, ins.device_id, v.slot, ins.ts, v.value
  FROM ins CROSS JOIN LATERAL unnest(ins.vals) WITH ORDINALITY AS v(value, slot)
  WHERE v.value IS NOT NULL
  ORDER BY ins.tenant_id, ins.device_id, v.slot, ins.ts DESC
  ON CONFLICT (tenant_id, device_id, slot) DO UPDATE SET ts = excluded.ts, value = excluded.value
  WHERE excluded.ts > s.ts
), seen AS (
  SELECT tenant_id, device_id, max(ts) AS ts FROM ins GROUP BY tenant_id, device_id
), dev AS (
  UPDATE device AS d SET last_data_at = seen.ts FROM seen
  WHERE d.tenant_id = seen.tenant_id AND d.id = seen.device_id AND (d.last_data_at IS NULL OR d.last_data_at < seen.ts)
), station AS (
  UPDATE entity AS e SET last_data_at = m.ts
  FROM (SELECT d.tenant_id, d.entity_id, max(seen.ts) AS ts FROM seen
        JOIN device d ON d.tenant_id = seen.tenant_id AND d.id = seen.device_id
        WHERE d.entity_id IS NOT NULL GROUP BY d.tenant_id, d.entity_id) m
  WHERE e.tenant_id = m.tenant_id AND e.id = m.entity_id AND (e.last_data_at IS NULL OR e.last_data_at < m.ts)
), alerts AS (
  INSERT INTO alert (tenant_id, device_id, entity_id, slot, std_param_id, type, ts, value, limit_min, limit_max)
  SELECT c.tenant_id, c.device_id, d.entity_id, c.slot, p.std_param_id, 'SYSTEM', ins.ts, c.value, l.min_value, l.max_value
  FROM unnest($1::int[], $2::bigint[], $3::smallint[], $4::bigint[], $5::float8[]) AS c(tenant_id, device_id, slot, ts_ms, value)
  JOIN ins ON ins.tenant_id = c.tenant_id AND ins.device_id = c.device_id
          AND ins.ts = timestamptz 'epoch' + c.ts_ms * interval '1 millisecond'
  JOIN device d ON d.tenant_id = c.tenant_id AND d.id = c.device_id
  JOIN device_param p ON p.tenant_id = c.tenant_id AND p.device_id = c.device_id AND p.slot = c.slot
  JOIN param_limit l ON l.tenant_id = c.tenant_id AND l.device_id = c.device_id AND l.slot = c.slot
  WHERE ins.vals[c.slot] = c.value
  ON CONFLICT (tenant_id, device_id, slot, ts, type) DO NOTHING
)
SELECT count(*)::int AS changed FROM ins`;

const staged = new WeakSet<pg.ClientBase>();

/**
 * Writes one batch in one transaction on `client`: COPY into the staging table, then one set-based
 * statement. Resolves with the number of reading rows inserted or changed, after COMMIT.
 */
export async function commitBatch(client: pg.ClientBase, devices: StagedDevice[]): Promise<number> {
  const alerts = alertCandidates(devices);
  await client.query('BEGIN');
  try {
    if (!staged.has(client)) {
      await client.query(CREATE_STAGE);
      staged.add(client);
    }
    await pipeline(Readable.from(copyText(devices)), client.query(copyFrom('COPY ingest_stage FROM STDIN')));
    const result = await client.query<{ changed: number }>(APPLY, alerts);
    await client.query('COMMIT');
    return result.rows[0]!.changed;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

const CHUNK_CHARS = 64 * 1024;

/** COPY text lines `tenant \t device \t ts_ms \t {v1,NULL,v3}`, in chunks of about 64 kB. */
function* copyText(devices: StagedDevice[]): Generator<string> {
  let chunk = '';
  for (const { device, rows } of devices) {
    const prefix = `${device.tenantId}\t${device.deviceId}\t`;
    for (const [ts, row] of rows) {
      let line = prefix + ts + '\t{';
      for (let i = 0; i < row.length; i++) {
        const v = row[i];
        line += (i === 0 ? '' : ',') + (v === undefined ? 'NULL' : v);
      }
      chunk += line + '}\n';
      if (chunk.length >= CHUNK_CHARS) {
        yield chunk;
        chunk = '';
      }
    }
  }
  if (chunk.length > 0) yield chunk;
}

/** Column arrays of readings outside their parameter's limits; usually empty. */
function alertCandidates(devices: StagedDevice[]): [number[], string[], number[], number[], number[]] {
  const out: [number[], string[], number[], number[], number[]] = [[], [], [], [], []];
  for (const { device, rows } of devices) {
    if (device.limited.length === 0) continue;
    for (const [ts, row] of rows) {
      for (const p of device.limited) {
        const v = row[p.slot - 1];
        if (v === undefined) continue;
        if ((p.min !== null && v < p.min) || (p.max !== null && v > p.max)) {
          out[0].push(device.tenantId);
          out[1].push(device.deviceId);
          out[2].push(p.slot);
          out[3].push(ts);
          out[4].push(v);
        }
      }
    }
  }
  return out;
}
