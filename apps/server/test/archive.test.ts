import { describe, expect, it } from 'vitest';
import { ArchiveRepository } from '../src/modules/data/archive.repository.ts';
import { RecentRepository } from '../src/modules/data/recent.repository.ts';
import { RollupRepository } from '../src/modules/data/rollups.repository.ts';
import { AlertEvaluationRepository } from '../src/modules/alerts/alert-evaluation.repository.ts';
import { DeviceRepository } from '../src/modules/devices/devices.repository.ts';
import { OutboxRepository } from '../src/modules/regulator/outbox.repository.ts';
import { compactHistory, post, seedPlant, SLOT, T0, MINUTE, type Plant } from './data-fixture.ts';
import { useTestApp, type TestApp } from './test-app.ts';

const at = (iso: string) => Date.parse(iso);
// The plant's India day of 10 March 2024 (from 18:30Z on the 9th), and D1's gap in it.
const DAY = { from: at('2024-03-09T18:30:00Z'), to: at('2024-03-10T18:30:00Z') };
const IN_GAP = at('2024-03-10T02:30:00Z');

/**
 * Compacted history (docs/STORAGE.md): a plant's readings, then a late reading, a resend and a
 * correction for an archived day, told to two databases, one of which archives everything past the
 * window (and again after the late data); every query path must answer both alike, as JSON.
 */
describe('compacted history', () => {
  const kept = useTestApp();
  const compacted = useTestApp();

  it('answers every query path exactly as raw history, before and after late data and a correction for an archived day', async () => {
    const rawAnswers = await scenario(kept, false);
    const compactAnswers = await scenario(compacted, true);
    expect(compactAnswers.archived.every((n) => n > 0)).toBe(true);
    // Nothing of March 2024 is left raw, and its partition is gone.
    const { rows } = await compacted.database.pool.query(`SELECT to_regclass('reading_2024_03') AS part, (SELECT count(*)::int FROM reading) AS raw`);
    expect(rows[0]).toEqual({ part: null, raw: 0 });
    expect(compactAnswers.before).toEqual(rawAnswers.before);
    expect(compactAnswers.after).toEqual(rawAnswers.after);
    expect(compactAnswers.recompacted).toEqual(rawAnswers.after);
    // The late data changed the answers (so the comparison above saw it): the gap's minute now has
    // D1's reading, the resent instant kept its stored value and gained its new parameter.
    expect(rawAnswers.after).not.toEqual(rawAnswers.before);
    expect(rawAnswers.after.lateRow).toEqual([{ pm: 777, so2: 3, flow: null }]);
    expect(rawAnswers.after.resent).toEqual([{ pm: 11, so2: 99.5, flow: 4 }]);
  });

  it('archives one device day per transaction under its lock, leaving a held device to the server holding it', async () => {
    const archive = new ArchiveRepository(compacted.database);
    const p = await seedPlant(compacted.database);
    const client = await compacted.database.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('SELECT pg_advisory_xact_lock(enviro_archive_lock($1, $2))', [p.tenantId, p.d1]);
      const pass = await archive.compact({ afterDays: 7, devices: 10, days: 3660 });
      // D2 archived, D1 skipped while another holds it.
      expect(pass.ranges).toBe(1);
      const { rows } = await compacted.database.pool.query('SELECT device_id::int AS d, count(*)::int AS n FROM reading WHERE device_id = ANY($1) GROUP BY 1 ORDER BY 1', [[p.d1, p.d2]]);
      expect(rows).toEqual([{ d: p.d1, n: p.readings.d1.length }]);
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
    expect(await compactHistory(compacted.database)).toBe(p.readings.d1.reduce((n, r) => n + r.vals.filter((v) => v !== null).length, 0));
  });
});

interface Answers {
  trends: unknown[];
  raw: unknown;
  lateRow: unknown;
  resent: unknown;
  deviceReadings: unknown;
  dataSlots: unknown;
  halfMinutes: unknown;
  firstAfter: unknown;
  latestWithin: unknown;
}

async function scenario(ctx: TestApp, compact: boolean): Promise<{ before: Answers; after: Answers; recompacted: Answers; archived: number[] }> {
  const p = await seedPlant(ctx.database);
  await settle(ctx);
  const archived: number[] = [];
  if (compact) archived.push(await compactHistory(ctx.database));
  const before = await answers(ctx, p);

  // A reading in D1's gap, and a resend of D1's minute 1 with a new pm (the stored one wins) and the
  // flow it lacked (filled): both on the archived day, through HTTP ingestion.
  const late = await ctx.inject({ method: 'POST', url: `/api/v1/${p.tokens.d1}/telemetry`, payload: [
    { ts: IN_GAP, values: { pm: 777, so2: 3 } },
    { ts: T0 + MINUTE, values: { pm: 555, flow: 4 } },
  ] });
  expect(late.json()).toEqual({ accepted: 4, refused: [] });
  // A correction of D2's pm over two hours of the archived day.
  await ctx.database.db.transaction().execute((trx) =>
    ctx.app.data.corrections.in(trx).apply({
      tenantId: p.tenantId, deviceId: String(p.d2), slot: SLOT.pm, from: new Date(at('2024-03-10T04:00:00Z')), to: new Date(at('2024-03-10T06:00:00Z')),
      rule: { kind: 'LINEAR', factor: 0.5, offset: 1 }, reason: 'zero drift', source: 'test:archive', requestedBy: 'Industry', approvedBy: 'Board', at: new Date(),
    }),
  );
  await settle(ctx);
  const after = await answers(ctx, p);
  if (!compact) return { before, after, recompacted: after, archived };
  archived.push(await compactHistory(ctx.database));
  return { before, after, recompacted: await answers(ctx, p), archived };
}

/** Runs the rollup worker's passes until no bucket is marked. */
async function settle(ctx: TestApp): Promise<void> {
  const rollups = new RollupRepository(ctx.database);
  while ((await rollups.refresh({ limit: 5000 })).refreshed > 0);
}

/** Every path reading raw readings, over the plant's archived days. */
async function answers(ctx: TestApp, p: Plant): Promise<Answers> {
  const json = async (url: string, request: unknown) => {
    const res = await post(ctx.app, url, p.key, request);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const every = ['pm', 'so2', 'flow'].map((name) => ({ name }));
  const trendRequests = [
    { entityIds: [p.plant], params: ['avg', 'min', 'max', 'sum', 'count', 'first', 'last'].map((dsAgg) => ({ name: 'pm', dsAgg })), interval: 'hour_1', startDate: '2024-03-10T00:07:00Z', endDate: '2024-03-10T21:53:00Z' },
    { entityIds: [p.plant], params: [{ name: 'so2', availability: true }, { name: 'flow', dsAgg: 'sum' }], interval: 'minute_15', startDate: '2024-03-10T01:00:00Z', endDate: '2024-03-10T06:00:00Z' },
    { entityIds: [p.plant], params: every, interval: 'day_1', startDate: '2024-03-08T18:30:00Z', endDate: '2024-03-11T18:30:00Z' },
    { entityIds: [p.plant], params: [{ name: 'pm', dsAgg: 'first' }], interval: 'minute_30', timezone: 'UTC', startDate: '2024-03-10T04:10:00Z', endDate: '2024-03-10T06:20:00Z' },
    { entityIds: [p.plant], params: every, interval: 'instances', startDate: '2024-03-10T02:00:00Z', endDate: '2024-03-10T05:00:00Z' },
    { entityIds: [p.plant], params: every, interval: 'hour_1', timezone: 'Asia/Kathmandu', startDate: '2024-03-10T00:00:00Z', endDate: '2024-03-10T12:00:00Z' },
  ];
  const trends = [];
  for (const request of trendRequests) {
    trends.push(await json('/api/data/metric', request), await json('/api/data/entityMetric', request));
  }
  const rawRows = (startDate: number, endDate: number) =>
    json('/api/rawdata/metric', { entityIds: [p.plant], includeDescendants: true, params: every, startDate: new Date(startDate).toISOString(), endDate: new Date(endDate).toISOString(), limit: 5000 });
  const raw = await rawRows(DAY.from, DAY.to);
  const valuesAt = (page: { rows: { time: number; deviceId: number; values: unknown }[] }, time: number) => page.rows.filter((r) => r.time === time && r.deviceId === p.d1).map((r) => r.values);
  const devices = new DeviceRepository(ctx.database.db);
  const tenMinutes = { from: new Date(at('2024-03-10T04:00:00Z')), to: new Date(at('2024-03-10T04:10:00Z')) };
  return {
    trends,
    raw,
    lateRow: valuesAt(raw, IN_GAP),
    resent: valuesAt(await rawRows(T0, T0 + 5 * MINUTE), T0 + MINUTE),
    deviceReadings: await devices.readings(p.tenantId, p.d1, new Date(DAY.from), new Date(DAY.to), 5000),
    dataSlots: await devices.dataSlots(p.tenantId, p.d1, new Date(DAY.from), new Date(DAY.to)),
    halfMinutes: await new OutboxRepository(ctx.database.db).halfMinuteValues(p.tenantId, [String(p.d1), String(p.d2)], tenMinutes.from, tenMinutes.to),
    firstAfter: await new AlertEvaluationRepository(ctx.database.db).firstReadingAfter(p.tenantId, String(p.d1), new Date(at('2024-03-10T02:09:30Z'))),
    latestWithin: await new RecentRepository(ctx.database).latestWithin(
      [{ tenantId: p.tenantId, deviceId: String(p.d1), slot: SLOT.pm, fromMs: DAY.from, toMs: at('2024-03-10T03:00:00Z') }],
      new Date(DAY.from),
    ),
  };
}
