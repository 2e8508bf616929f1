import type pg from 'pg';
import { arrayLiteral } from '../../platform/database/array-literal.ts';
import { READINGS_CHANNEL } from '../../platform/database/notify-channels.ts';
import { PooledRepository } from '../../platform/database/pooled-repository.ts';
import { DEVICE_ROWS_TEXT, raiseLastDataAtOfDevices } from '../devices/devices.queries.ts';
import { raiseLastDataAtOfEntities } from '../entities/entities.queries.ts';
import type { DeviceProfile } from './device-profile.repository.ts';
import type { ReadingRow } from './telemetry-parser.ts';

/** One notification per tenant of the batch on READINGS_CHANNEL, delivered when the batch commits. */
const NOTIFY_TENANTS = `SELECT pg_notify('${READINGS_CHANNEL}', t::text) FROM unnest($1::int[]) AS t`;

/** One device's rows of a batch, by epoch milliseconds. */
export interface StagedDevice {
  device: DeviceProfile;
  rows: Map<number, ReadingRow>;
}

const TS = (ms: string) => `timestamptz 'epoch' + ${ms} * interval '1 millisecond'`;

// New instants are inserted; a known instant is merged (stored slots win) only when the merge changes
// something, so a resend writes nothing (260_insert_readings.sql). In key order, as every write below,
// so that commits running at once (BatchWriter's, other servers') take their row locks in one order.
// The rows come as column arrays, each row's values an array literal of text ('{1.5,NULL,3}'),
// written as literals by `stage` (see RowLiterals).
const insertReadings = (rows: RowLiterals): string =>
  `SELECT enviro_insert_readings('{${rows.tenants}}'::int[], '{${rows.devices}}'::bigint[], '{${rows.times}}'::bigint[], '{${rows.vals}}'::text[]) AS n`;

/*
 * What follows from the batch, from small per-device summaries computed while staging it:
 * - rollup_dirty: the touched 15-minute buckets. DO UPDATE ... WHERE false writes nothing but locks an
 *   existing mark, so if the rollup worker holds it (recomputing from a snapshot without these rows)
 *   we wait until it has deleted the mark, then insert a fresh one instead of trusting a mark that is
 *   about to vanish. Sorted so that concurrent writers lock marks in one order;
 * - series_latest: per series, the batch's newest instant with a value, at the value now stored there
 *   (a merge may have kept an older one), moving only forward in time;
 * - device and station last_data_at: raised, never lowered, so backlog leaves them alone;
 * - alert: a SYSTEM alert per out-of-limit candidate whose value is the one stored;
 * - slot_receipt: per touched bucket, when the batch arrived against its device times (the
 *   data-quality module's late and clock-drift checks), merged by least and greatest as
 *   `mergeReceipts` does, so a resend only widens what was seen.
 */
const APPLY = `
WITH dirty AS (
  INSERT INTO rollup_dirty AS d (tenant_id, device_id, bucket)
  SELECT tenant_id, device_id, ${TS('bucket_ms')}
  FROM unnest($1::int[], $2::bigint[], $3::bigint[]) AS m(tenant_id, device_id, bucket_ms)
  ORDER BY 1, 2, 3
  ON CONFLICT (tenant_id, device_id, bucket) DO UPDATE SET bucket = excluded.bucket WHERE false
), receipt AS (
  INSERT INTO slot_receipt AS x (tenant_id, device_id, bucket, received_first, lag_min_ms, lag_max_ms, first_ms, last_ms)
  SELECT tenant_id, device_id, ${TS('bucket_ms')}, ${TS('$19::bigint')},
         $19::bigint - bucket_ms - last_ms, $19::bigint - bucket_ms - first_ms, first_ms, last_ms
  FROM unnest($1::int[], $2::bigint[], $3::bigint[], $17::int[], $18::int[]) AS m(tenant_id, device_id, bucket_ms, first_ms, last_ms)
  ORDER BY 1, 2, 3
  ON CONFLICT (tenant_id, device_id, bucket) DO UPDATE SET
    received_first = least(x.received_first, excluded.received_first),
    lag_min_ms = least(x.lag_min_ms, excluded.lag_min_ms), lag_max_ms = greatest(x.lag_max_ms, excluded.lag_max_ms),
    first_ms = least(x.first_ms, excluded.first_ms), last_ms = greatest(x.last_ms, excluded.last_ms)
), latest AS (
  INSERT INTO series_latest AS s (tenant_id, device_id, slot, ts, value)
  SELECT c.tenant_id, c.device_id, c.slot, r.ts, r.vals[c.slot]
  FROM unnest($4::int[], $5::bigint[], $6::smallint[], $7::bigint[]) AS c(tenant_id, device_id, slot, ts_ms)
  JOIN reading r ON r.tenant_id = c.tenant_id AND r.device_id = c.device_id AND r.ts = ${TS('c.ts_ms')}
  WHERE r.vals[c.slot] IS NOT NULL
  ORDER BY 1, 2, 3
  ON CONFLICT (tenant_id, device_id, slot) DO UPDATE SET ts = excluded.ts, value = excluded.value
  WHERE excluded.ts > s.ts
), dev AS (
  ${raiseLastDataAtOfDevices('unnest($8::int[], $9::bigint[], $10::bigint[]) AS m(tenant_id, device_id, ts_ms)', TS('m.ts_ms'))}
), station AS (
  ${raiseLastDataAtOfEntities(`(SELECT tenant_id, entity_id, max(${TS('ts_ms')}) AS ts
        FROM unnest($8::int[], $11::bigint[], $10::bigint[]) AS u(tenant_id, entity_id, ts_ms)
        WHERE entity_id IS NOT NULL GROUP BY tenant_id, entity_id ORDER BY 1, 2) m`)}
)
INSERT INTO alert (tenant_id, device_id, entity_id, slot, std_param_id, type, ts, value, limit_min, limit_max)
SELECT c.tenant_id, c.device_id, d.entity_id, c.slot, p.std_param_id, 'SYSTEM', r.ts, c.value, l.min_value, l.max_value
FROM unnest($12::int[], $13::bigint[], $14::smallint[], $15::bigint[], $16::float8[]) AS c(tenant_id, device_id, slot, ts_ms, value)
JOIN reading r ON r.tenant_id = c.tenant_id AND r.device_id = c.device_id AND r.ts = ${TS('c.ts_ms')}
JOIN ${DEVICE_ROWS_TEXT} d ON d.tenant_id = c.tenant_id AND d.id = c.device_id
JOIN device_param p ON p.tenant_id = c.tenant_id AND p.device_id = c.device_id AND p.slot = c.slot
JOIN param_limit l ON l.tenant_id = c.tenant_id AND l.device_id = c.device_id AND l.slot = c.slot
WHERE r.vals[c.slot] = c.value
ON CONFLICT (tenant_id, device_id, slot, ts, type) DO NOTHING`;

// Readings this much older than their arrival may fall on an archived day (the back-fill window is
// at least a day; 220_reading_archive.sql): their devices' archived days in the range go back to raw
// first, so the insert below merges with them as with any stored row, and their months' partitions
// are held against a drop until commit. Newer readings never meet an archived day and skip this.
const MAY_BE_ARCHIVED_MS = 23 * 3600 * 1000;
const RESTORE_ARCHIVED = 'SELECT enviro_archive_restore($1::int[], $2::bigint[], $3::bigint[], $4::bigint[])';

/**
 * A parameter written as a literal, for a statement sent with others as one simple query (which
 * takes no parameters). Only what the batch holds: numbers, and arrays of numbers, digit strings and
 * nulls (arrayLiteral), each quoted as a string literal for the statement's cast.
 */
function literal(value: unknown, n: number): string {
  const text = Array.isArray(value) ? arrayLiteral(value) : typeof value === 'number' && Number.isFinite(value) ? String(value) : undefined;
  if (text === undefined) throw new Error(`parameter $${n} cannot be written as a literal`);
  return `'${text.replaceAll("'", "''")}'`;
}

/** A statement with its parameters written in as literals. */
function inline(text: string, params: readonly unknown[]): string {
  return text.replace(/\$(\d+)/g, (_, n: string) => literal(params[Number(n) - 1], Number(n)));
}

/** EXECUTE of a prepared statement with its parameters as literals. */
function execute(name: string, params: readonly unknown[]): string {
  return `EXECUTE ${name}(${params.map((v, i) => literal(v, i + 1)).join(', ')})`;
}

/*
 * APPLY is prepared once per connection and executed by name in the batch's simple query: planned
 * anew in each batch it cost 5 ms (six writes and joins), a quarter of the statements' time in a
 * batch of 16 devices' 100 minutes; prepared, PostgreSQL plans it once for the connection (a generic
 * plan after the first five). The insert's function keeps its plans for the connection itself.
 */
const PREPARE = `PREPARE enviro_ingest_apply AS ${APPLY}`;

/** Connections whose prepared statements exist. */
const staged = new WeakSet<pg.ClientBase>();

/**
 * The readings of devices (reading) and what follows from them in the same transaction: the rollup
 * marks the data module's rollup passes consume (rollup_dirty), latest values (series_latest),
 * last_data_at of devices and stations, and SYSTEM alerts. Those are written here, by one statement,
 * rather than through the modules that read them: a mark must commit with its readings for trends
 * to stay exact, and a statement per concern would cost the hot path a round trip each. Pooled (see
 * PooledRepository): a batch holds a connection of its own, where its statements are prepared.
 */
export class ReadingsRepository extends PooledRepository {
  /**
   * Writes one batch in one transaction sent as one simple query: the set-based insert of the
   * readings, then one statement for everything that follows from them. Resolves after COMMIT with
   * the number of reading rows inserted or changed.
   */
  async commit(devices: StagedDevice[]): Promise<number> {
    const batch = stage(devices, Date.now());
    const client = await this.pool.connect();
    try {
      // The whole transaction in one round trip, rows included: every statement waits on the one
      // before, and under load each round trip waited for the server's event loop as long as a
      // statement ran (BEGIN, then a COPY in which PostgreSQL sat in ClientRead, was the batch's
      // largest wait in the ingest bench). A failing statement skips the rest, COMMIT included. Old
      // readings first bring their archived days back to raw. Live-value streams on every server
      // hear of the batch once it commits (live.ts in the data module).
      const prepare = staged.has(client) ? '' : `${PREPARE};\n`;
      const restore = batch.old[0].length > 0 ? `${inline(RESTORE_ARCHIVED, batch.old)};\n` : '';
      const results = (await client.query(
        `${prepare}BEGIN;\n${restore}${insertReadings(batch.rows)};\n${execute('enviro_ingest_apply', batch.params)};\n` +
          `${inline(NOTIFY_TENANTS, [batch.tenantIds])};\nCOMMIT`,
      )) as unknown as pg.QueryResult[];
      staged.add(client);
      client.release();
      return Number((results[(prepare ? 1 : 0) + 1 + (restore ? 1 : 0)]!.rows[0] as { n: string }).n);
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      // A broken connection must not go back to the pool.
      client.release(error as Error);
      throw error;
    }
  }
}

const BUCKET_MS = 15 * 60 * 1000;

/**
 * The rows as columns for insertReadings, each the inside of an array literal: tenants, devices,
 * epoch ms, and each row's values as a quoted array literal ("{v1,NULL,v3}"). Written at once
 * rather than as arrays turned into literals after: that second pass over every row, quoting and
 * escaping, took 6 % of the server's thread in the ingest bench, and staging grew by half as much
 * without it (CPU profiles, 2026-11-28). They hold digits, signs, points, commas, braces, double
 * quotes and NULL: nothing to escape in a string literal.
 */
interface RowLiterals {
  tenants: string;
  devices: string;
  times: string;
  vals: string;
}

interface Staged {
  rows: RowLiterals;
  params: unknown[];
  /** The batch's tenants, for NOTIFY_TENANTS. */
  tenantIds: number[];
  /** Per device with readings that may fall on archived days: tenant, device, first and last such instant (RESTORE_ARCHIVED). */
  old: [number[], string[], number[], number[]];
}

/**
 * One pass over the batch: its rows, and per device its touched buckets (with the first and
 * last device time in each), each series' newest instant, its newest instant overall and its
 * out-of-limit values, as column arrays for APPLY.
 */
function stage(devices: StagedDevice[], receivedAt: number): Staged {
  const readings: RowLiterals = { tenants: '', devices: '', times: '', vals: '' };
  const marks: [number[], string[], number[]] = [[], [], []];
  const spans: [number[], number[]] = [[], []];
  const latest: [number[], string[], number[], number[]] = [[], [], [], []];
  const seen: [number[], string[], number[], (string | null)[]] = [[], [], [], []];
  const alerts: [number[], string[], number[], number[], number[]] = [[], [], [], [], []];
  const old: Staged['old'] = [[], [], [], []];
  const oldBefore = receivedAt - MAY_BE_ARCHIVED_MS;
  /** Touched bucket → [first, last] device time in it, ms after its start. */
  const buckets = new Map<number, [number, number]>();
  // Devices in key order: the devices' and stations' rows are then updated in one order.
  const ordered = [...devices].sort((a, b) => a.device.tenantId - b.device.tenantId || compareIds(a.device.deviceId, b.device.deviceId));
  for (const { device, rows } of ordered) {
    const { tenantId, deviceId } = device;
    const newest = new Array<number>(device.width).fill(-Infinity);
    let maxTs = -Infinity;
    let oldFrom = Infinity;
    let oldTo = -Infinity;
    buckets.clear();
    for (const [ts, row] of rows) {
      const sep = readings.times === '' ? '' : ',';
      let line = `${sep}"{`;
      for (let i = 0; i < row.length; i++) {
        const v = row[i];
        if (i > 0) line += ',';
        if (v === undefined) {
          line += 'NULL';
          continue;
        }
        line += v;
        if (ts > newest[i]!) newest[i] = ts;
      }
      readings.vals += `${line}}"`;
      readings.tenants += sep + tenantId;
      readings.devices += sep + deviceId;
      readings.times += sep + ts;
      if (ts > maxTs) maxTs = ts;
      if (ts < oldBefore) {
        if (ts < oldFrom) oldFrom = ts;
        if (ts > oldTo) oldTo = ts;
      }
      const offset = ((ts % BUCKET_MS) + BUCKET_MS) % BUCKET_MS;
      const span = buckets.get(ts - offset);
      if (span === undefined) buckets.set(ts - offset, [offset, offset]);
      else if (offset < span[0]) span[0] = offset;
      else if (offset > span[1]) span[1] = offset;
      for (const p of device.limited) {
        const v = row[p.slot - 1];
        if (v !== undefined && ((p.min !== null && v < p.min) || (p.max !== null && v > p.max))) {
          push(alerts, tenantId, deviceId, p.slot, ts, v);
        }
      }
    }
    for (const [bucket, [first, last]] of buckets) {
      push(marks, tenantId, deviceId, bucket);
      push(spans, first, last);
    }
    for (let i = 0; i < newest.length; i++) {
      if (newest[i] !== -Infinity) push(latest, tenantId, deviceId, i + 1, newest[i]!);
    }
    push(seen, tenantId, deviceId, maxTs, device.entityId);
    if (oldFrom <= oldTo) push(old, tenantId, deviceId, oldFrom, oldTo);
  }
  return { rows: readings, params: [...marks, ...latest, ...seen, ...alerts, ...spans, receivedAt], tenantIds: [...new Set(seen[0])], old };
}

/** Decimal bigint ids in numeric order. */
function compareIds(a: string, b: string): number {
  return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
}

function push<T extends unknown[][]>(columns: T, ...values: { [K in keyof T]: T[K][number] }): void {
  for (let i = 0; i < columns.length; i++) columns[i]!.push(values[i]);
}
