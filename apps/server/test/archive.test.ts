import { describe, expect, it } from 'vitest';
import { ArchiveRepository } from '../src/modules/data/archive.repository.ts';
import { RecentRepository } from '../src/modules/data/recent.repository.ts';
import { RollupRepository } from '../src/modules/data/rollups.repository.ts';
import { AlertEvaluationRepository } from '../src/modules/alerts/alert-evaluation.repository.ts';
import { DeviceRepository } from '../src/modules/devices/devices.repository.ts';
import { OutboxRepository } from '../src/modules/regulator/outbox.repository.ts';
import { ComplianceRepository } from '../src/modules/compliance/compliance.repository.ts';
import { AvailabilityRepository, ComplianceDaysRepository } from '../src/modules/compliance/compliance-days.repository.ts';
import { OversightRepository } from '../src/modules/dashboards/oversight.repository.ts';
import { QualityDaysRepository } from '../src/modules/data-quality/quality-days.repository.ts';
import { DataQualityRepository } from '../src/modules/data-quality/data-quality.repository.ts';
import { AirQualityRepository } from '../src/modules/data/air-quality.repository.ts';
import { compactHistory, post, seedPlant, SLOT, T0, MINUTE, type Plant } from './data-fixture.ts';
import { builders } from './builders.ts';
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
    // Nothing of March 2024 is left raw, and its partition is gone; its quarters are compacted too.
    const { rows } = await compacted.database.pool.query(
      `SELECT to_regclass('reading_2024_03') AS part, (SELECT count(*)::int FROM reading) AS raw,
              (SELECT count(*)::int FROM reading_15m) AS quarters, (SELECT count(*)::int FROM reading_15m_archive) > 0 AS compacted`,
    );
    expect(rows[0]).toEqual({ part: null, raw: 0, quarters: 0, compacted: true });
    expect(compactAnswers.before).toEqual(rawAnswers.before);
    expect(compactAnswers.after).toEqual(rawAnswers.after);
    expect(compactAnswers.recompacted).toEqual(rawAnswers.after);
    // The late data changed the answers (so the comparison above saw it): the gap's minute now has
    // D1's reading, the resent instant kept its stored value and gained its new parameter.
    expect(rawAnswers.after).not.toEqual(rawAnswers.before);
    expect(rawAnswers.after.lateRow).toEqual([{ pm: 777, so2: 3, flow: null }]);
    expect(rawAnswers.after.resent).toEqual([{ pm: 11, so2: 99.5, flow: 4 }]);
    // The quarter readers saw quarters, and the late data and the correction changed some of them.
    for (const [name, answer] of Object.entries(rawAnswers.before.quarters)) expect(answer, name).not.toEqual([]);
    expect(rawAnswers.after.quarters.aggregates).not.toEqual(rawAnswers.before.quarters.aggregates);
  });

  it('archives one device day per transaction under its lock, leaving a held device to the server holding it', async () => {
    const archive = new ArchiveRepository(compacted.database);
    const p = await seedPlant(compacted.database);
    await settle(compacted);
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

  it("leaves a device's days from its first stale quarter raw until the rollups have caught up", async () => {
    const p = await seedPlant(compacted.database);
    const marked = `SELECT device_id, enviro_bucket_day(min(bucket)) AS day FROM rollup_dirty WHERE tenant_id = $1 GROUP BY 1`;
    expect((await compacted.database.pool.query(marked, [p.tenantId])).rows.length).toBeGreaterThan(0);
    await new ArchiveRepository(compacted.database).compact({ afterDays: 7, devices: 10, days: 3660 });
    const { rows } = await compacted.database.pool.query(
      `SELECT (SELECT count(*)::int FROM reading_archive a JOIN (${marked}) m USING (device_id) WHERE a.tenant_id = $1 AND a.day >= m.day) AS archived,
              (SELECT count(*)::int FROM reading_15m_archive a JOIN (${marked}) m USING (device_id) WHERE a.tenant_id = $1 AND a.day >= m.day) AS compacted,
              (SELECT count(*)::int FROM reading r JOIN (${marked}) m USING (device_id) WHERE r.tenant_id = $1 AND r.ts >= m.day) > 0 AS raw`,
      [p.tenantId],
    );
    expect(rows[0]).toEqual({ archived: 0, compacted: 0, raw: true });
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
  quarters: Record<string, unknown[]>;
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
    quarters: await quarterAnswers(ctx, p),
  };
}

/** Rows in an order of their own, so plans that return them differently compare alike. */
const sorted = <T>(rows: readonly T[]): T[] => [...rows].sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));

/** Every reader of the 15-minute rollups, over the plant's archived days. */
async function quarterAnswers(ctx: TestApp, p: Plant): Promise<Record<string, unknown[]>> {
  const { db } = ctx.database;
  const scope = { tenantIds: [p.tenantId] };
  const from = new Date(DAY.from - 24 * 60 * MINUTE);
  const to = new Date(DAY.to + 24 * 60 * MINUTE);
  const compliance = new ComplianceRepository(db);
  const derived = async () => {
    await new ComplianceDaysRepository(db).derive([p.d1, p.d2].map((d) => ({ tenantId: p.tenantId, deviceId: String(d), day: '2024-03-10' })));
    const { rows } = await ctx.database.pool.query('SELECT * FROM compliance_param_day WHERE tenant_id = $1 AND day = $2', [p.tenantId, '2024-03-10']);
    return rows;
  };
  const dayMap = async () => {
    await new OversightRepository(db).rebuildQuarters([p.tenantId], from);
    const { rows } = await ctx.database.pool.query('SELECT device_id, day, quarters FROM device_day_quarters WHERE tenant_id = $1', [p.tenantId]);
    return rows;
  };
  const series = [p.d1, p.d2].flatMap((d) => [SLOT.pm, SLOT.so2, SLOT.flow].map((slot) => ({ deviceId: String(d), slot })));
  const aqiSeries = series.map((s, i) => ({ tenantId: p.tenantId, ...s, stationId: String(p.stack1), pollutant: i % 3, fromMs: null, toMs: null, factor: 1, offset: 0 }));
  // A maintenance window over two hours of the day, so the NAQI reads those hours by their quarters.
  const windows = [{ deviceId: String(p.d1), fromMs: at('2024-03-10T04:20:00Z'), toMs: at('2024-03-10T05:40:00Z') }];
  const aqi = { readFrom: at('2024-03-10T00:30:00Z'), readTo: at('2024-03-10T12:30:00Z'), daysFrom: DAY.from, daysTo: DAY.from, nowEnd: at('2024-03-10T12:30:00Z'), zone: 'Asia/Kolkata', eightHour: [1], validQuarters: 3, minValidHours8: 6 };
  // A republish of the station's range on a connection of its own: the slots with data it queues.
  const republished = async () => {
    const board = (await builders(db).newTenant({ name: `Board ${Date.now()}`, type: 'statutory' })).id;
    const { rows: [connection] } = await ctx.database.pool.query<{ id: string }>(
      `INSERT INTO regulator_connection (statutory_id, name, protocol, url) VALUES ($1, 'ODAMS', 'CPCB_ODAMS', 'http://127.0.0.1:9/') RETURNING id`,
      [board],
    );
    await new OutboxRepository(db).enqueueRange({ tenantId: p.tenantId, connectionIds: [connection!.id], stationId: p.stack1, from, to, republishId: '1', params: [] });
    const { rows } = await ctx.database.pool.query('SELECT slot FROM regulator_outbox WHERE tenant_id = $1 AND connection_id = $2 ORDER BY slot', [p.tenantId, connection!.id]);
    return rows.map((r) => r.slot as Date);
  };
  await ctx.database.pool.query(
    `INSERT INTO slot_quality (tenant_id, device_id, slot, bucket, state, detectors) VALUES ($1, $2, $3, $4, 'suspect', '{flatline}') ON CONFLICT DO NOTHING`,
    [p.tenantId, p.d1, SLOT.pm, new Date(at('2024-03-10T04:15:00Z'))],
  );
  return {
    parameterDays: sorted(await compliance.parameterDays(scope, from, to)),
    uptimeDays: sorted(await compliance.uptimeDays(scope, from, to)),
    timeline: sorted(await compliance.timeline(scope, from, to, 100)),
    inService: sorted((await compliance.devices(scope)).map((d) => ({ device: d.device_id, from: d.in_service_from }))),
    quarterSums: sorted(await new AvailabilityRepository(db).quarterSums(scope, [p.d1, p.d2], from, to)),
    complianceDays: sorted(await derived()),
    qualitySeries: await new QualityDaysRepository(db).series(p.tenantId, String(p.d1), from, to),
    qualityFlags: sorted(await new DataQualityRepository(db).flags(p.tenantId, String(p.stack1), from, to)),
    dayMap: sorted(await dayMap()),
    aggregates: sorted(await new AlertEvaluationRepository(db).aggregates(p.tenantId, series.map((s) => ({ ...s, from: DAY.from, to: DAY.to - 15 * MINUTE })))),
    slotValues: sorted(await new OutboxRepository(db).slotValues([at('2024-03-10T02:00:00Z'), at('2024-03-10T04:15:00Z'), at('2024-03-10T05:00:00Z')].flatMap((t) =>
      [p.stack1, p.stack2].map((station) => ({ tenantId: p.tenantId, stationId: String(station), slot: new Date(t) })),
    ))),
    republished: await republished(),
    aqi: sorted(await new AirQualityRepository(ctx.database).averages(aqiSeries, windows, aqi)),
  };
}
