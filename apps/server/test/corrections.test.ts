import { ChangeRequest } from '@enviro/contracts/change-requests';
import { ComplianceData } from '@enviro/contracts/compliance';
import { RepublishList } from '@enviro/contracts/regulator';
import { TrendResponse } from '@enviro/contracts/data/trend';
import { startReceiver, type Receiver } from '@enviro/regulator-receiver/receiver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drainComplianceDays } from '../src/modules/compliance/compliance-days-worker.ts';
import { drainRollups } from '../src/modules/data/rollups.ts';
import { RegulatorOutbox } from '../src/modules/regulator/outbox.ts';
import { csvRows } from './csv-rows.ts';
import { insertReadings, type Reading } from './data-fixture.ts';
import { useTestApp } from './test-app.ts';
import { userAuth } from './user-auth.ts';

const XHR = { 'x-requested-with': 'XMLHttpRequest' };
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const QUARTER = 15 * MINUTE;
const IST = 330 * MINUTE;

/**
 * The correction layer (issue 35, docs/CHANGE-REQUESTS.md): a kiln stack's dust monitor read pm 95
 * (limit 50) every 5 minutes for a whole IST day, but for six hours its range was set wrong and the
 * true values were 0.4 of what it sent. The industry asks, the board approves: the raw readings stay,
 * and the trend (marked, the original on request), the daily-average report, the compliance figures
 * and the regulator (through a republish request) all carry the corrected values. A second
 * correction of the same period supersedes the first with version 2; one cutting it in part is refused.
 */
describe('corrections of data', () => {
  const ctx = useTestApp({ mail: true });
  // The IST day before yesterday, whole and closed.
  const todayIst = Date.parse(`${new Date(Date.now() + IST).toISOString().slice(0, 10)}T00:00:00+05:30`);
  const D = todayIst - 2 * 24 * HOUR;
  const day = new Date(D + IST).toISOString().slice(0, 10);
  const P = { from: D + 6 * HOUR, to: D + 12 * HOUR };
  const RAW = 95;
  const LIMIT = 50;
  let tenantId = 0;
  let stationId = 0;
  let device: Awaited<ReturnType<typeof ctx.b.newDevice>>;
  const as = { industry: '', board: '', otherIndustry: '', site: '' };
  const ids = { industry: 0 };
  let receiver: Receiver;
  let outbox: RegulatorOutbox;
  const readings: Reading[] = [];
  for (let ts = D; ts < D + 24 * HOUR; ts += 5 * MINUTE) readings.push({ ts, vals: [RAW] });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, cookie: string, payload?: object) =>
    ctx.inject({ method, url, headers: { cookie, ...(method === 'GET' ? {} : XHR) }, ...(payload ? { payload } : {}) });
  const ask = (factor: number, period = P, cookie = as.industry) =>
    call('POST', '/api/cr/correction', cookie, {
      stationId,
      deviceId: device.id,
      param: 'pm',
      from: new Date(period.from).toISOString(),
      to: new Date(period.to).toISOString(),
      reason: 'Analyser range set to 0-250 instead of 0-100 after the service visit',
      correction: { kind: 'LINEAR', factor },
    });
  const approve = (id: number) => call('PATCH', `/api/changeRequest/${id}`, as.board, { status: 'APPROVED', comment: 'Service report checked' });
  const trend = async (interval: string, original = false, range = { from: D, to: D + 24 * HOUR }) => {
    const res = await call('POST', '/api/data/metric', as.industry, {
      request: { entityIds: [stationId], params: [{ name: 'pm' }], startDate: new Date(range.from).toISOString(), endDate: new Date(range.to).toISOString(), interval, ...(original ? { original } : {}) },
    });
    expect(res.statusCode).toBe(200);
    return TrendResponse.parse(res.json())[0]!;
  };
  /** What every figure expects of the day with the period corrected by `factor`, from the readings sent. */
  const expected = (factor: number) => {
    const corrected = readings.map((r) => ({ ts: r.ts, value: r.ts >= P.from && r.ts < P.to ? r.vals[0]! * factor : r.vals[0]! }));
    const quarters = new Map<number, number[]>();
    for (const r of corrected) {
      const q = Math.floor(r.ts / QUARTER) * QUARTER;
      quarters.set(q, [...(quarters.get(q) ?? []), r.value]);
    }
    const means = [...quarters].map(([q, vs]) => ({ q, mean: vs.reduce((a, b) => a + b, 0) / vs.length }));
    return {
      quarter: (q: number) => means.find((m) => m.q === q)!.mean,
      daily: means.reduce((a, m) => a + m.mean, 0) / means.length,
      exceedances: means.filter((m) => m.mean > LIMIT).length,
    };
  };

  beforeAll(async () => {
    tenantId = (await ctx.b.newTenant({ name: 'Narmada Cement' })).id;
    const board = (await ctx.b.newTenant({ name: 'Central Board', type: 'statutory' })).id;
    const other = (await ctx.b.newTenant({ name: 'Godavari Steel' })).id;
    const site = (await ctx.b.newTenant({ name: 'Operations', type: 'site' })).id;
    await ctx.database.pool.query('INSERT INTO statutory_association (tenant_id, statutory_id) VALUES ($1, $2)', [tenantId, board]);
    stationId = (await ctx.b.newEntity({ tenantId, name: 'Kiln stack', type: 'cems' })).id;
    device = await ctx.b.newDevice({ tenantId, entityId: stationId, name: 'Dust monitor', params: [{ name: 'pm', max: LIMIT }] });
    const industryUser = await ctx.signedIn({ tenantId, userType: 'tenant', role: 'admin' });
    as.industry = industryUser.cookie;
    ids.industry = industryUser.id;
    as.board = (await ctx.signedIn({ tenantId: board, userType: 'statutory', role: 'user' })).cookie;
    as.otherIndustry = (await ctx.signedIn({ tenantId: other, userType: 'tenant', role: 'admin' })).cookie;
    as.site = (await ctx.signedIn({ tenantId: site, userType: 'site', role: 'admin' })).cookie;

    receiver = await startReceiver();
    receiver.registerDevice({ iotId: 'DEV-DUST', stationId: 'STN-KILN', tokenId: 'TOK-1', industryId: 'IND-NARMADA' });
    const connection = await call('POST', '/api/regulatorConnections', as.site, { statutoryId: board, name: 'CPCB ODAMS', protocol: 'CPCB_ODAMS', url: receiver.url, credentials: { publicKey: receiver.publicKeyPem } });
    expect(connection.statusCode).toBe(201);
    const slot = device.params.find((p) => p.name === 'pm')!.slot;
    const mapped = await call('PUT', `/api/regulatorMappings/${tenantId}/${connection.json().id}`, as.site, {
      industryId: 'IND-NARMADA',
      credentials: { token: 'odams-token-of-narmada', tokenId: 'TOK-1' },
      stations: [{ stationId, regulatorStationId: 'STN-KILN', devices: [{ deviceId: device.id, regulatorDeviceId: 'DEV-DUST', params: [{ slot, code: 'PM', unit: 'mg/Nm3' }] }] }],
    });
    expect(mapped.statusCode).toBe(200);
    outbox = new RegulatorOutbox(ctx.db, ctx.app.devices.windows, ctx.app.regulator.vault, { baseBackoffMs: 0, maxBackoffMs: 0, leaseMs: 60_000 });

    // The day as sent, its figures derived and pushed.
    await insertReadings(ctx.database, tenantId, device.id, readings);
    await drainRollups(ctx.database);
    await drainComplianceDays(ctx.db);
    await outbox.drain();
  });
  afterAll(() => receiver?.close());

  const received = (at: number) => receiver.values().find((v) => v.stationId === 'STN-KILN' && v.parameter === 'pm' && v.timestamp === at);

  it('puts an approved correction through the trend, the report, the compliance figures and the regulator, keeping the raw readings', async () => {
    const before = expected(1);
    expect(received(P.from)?.value).toBe(RAW);

    const raised = await ask(0.4);
    expect(raised.statusCode).toBe(201);
    const cr = ChangeRequest.parse(raised.json());
    expect(cr).toMatchObject({ status: 'SUBMITTED', applied: null, republishId: null });
    // Pending, nothing changed.
    expect((await trend('minute_15')).corrected).toBeUndefined();

    const approved = await approve(cr.id);
    expect(approved.statusCode).toBe(200);
    const done = ChangeRequest.parse(approved.json());
    expect(done).toMatchObject({ status: 'APPROVED', applied: { version: 1, current: true, supersededByRequestId: null }, republishId: expect.any(Number) });

    const after = expected(0.4);
    // Trend: corrected quarters marked, the others as sent; hours (reading_1h) recomputed too.
    const quarters = await trend('minute_15');
    expect(quarters.data).toHaveLength(96);
    for (const p of quarters.data) {
      const inside = p.time >= P.from && p.time < P.to;
      expect([p.value, p.corrected ?? false]).toEqual([expect.closeTo(after.quarter(p.time), 9), inside]);
    }
    expect(quarters.corrected).toEqual([{ from: new Date(P.from).toISOString(), to: new Date(P.to).toISOString(), version: 1, kind: 'LINEAR', reason: expect.stringMatching(/^Analyser range/), changeRequestId: cr.id }]);
    const hours = await trend('hour_1');
    expect(hours.data.find((p) => p.time === P.from)!.value).toBeCloseTo(after.quarter(P.from), 9);
    expect(hours.data.find((p) => p.time === P.to)!.value).toBeCloseTo(before.quarter(P.to), 9);
    // The original on request: the values as sent, still marked.
    const original = await trend('minute_15', true);
    expect(original.data.find((p) => p.time === P.from)).toEqual({ time: P.from, value: before.quarter(P.from), corrected: true });
    expect(original.data.map((p) => p.value)).toEqual(quarters.data.map((p) => before.quarter(p.time)));
    // Readings one by one read through the layer too (the raw path of trends), marked.
    const instances = await trend('instances');
    expect(instances.data.find((p) => p.time === P.from)).toEqual({ time: P.from, value: RAW * 0.4, corrected: true });
    expect(instances.data.find((p) => p.time === P.to)).toEqual({ time: P.to, value: RAW });
    // A range starting inside a quarter reads that part raw, through the layer as well.
    const edge = await trend('minute_15', false, { from: P.from + 7 * MINUTE, to: P.from + HOUR });
    expect(edge.data[0]).toEqual({ time: P.from, value: RAW * 0.4, corrected: true });
    // Raw readings untouched.
    const { rows: raw } = await ctx.database.pool.query<{ v: number }>('SELECT DISTINCT vals[1] AS v FROM reading WHERE tenant_id = $1 AND device_id = $2', [tenantId, device.id]);
    expect(raw).toEqual([{ v: RAW }]);

    // The closed-slot consumers take the recomputed slots (the workers' passes): compliance days first.
    await drainComplianceDays(ctx.db);

    // Report 1: the day's average of the corrected quarters (the stored day's sums).
    const report = await call('POST', '/api/reports/1', as.industry, { format: 'CSV', request: { tenantId, entityIds: [stationId], startDate: day, endDate: day } });
    expect(report.statusCode).toBe(200);
    const row = csvRows(report.body).find((r) => r[0] === day && r[2]!.toLowerCase().includes('pm'))!;
    expect(Number(row[4])).toBeCloseTo(after.daily, 2);
    // Its notes (on the PDF and the sheet) name the corrected period, its rule and version.
    const table = await ctx.app.reports.catalogue.table(userAuth(ids.industry, tenantId, 'tenant', 'admin', [tenantId]), 1, { tenantId, entityIds: [stationId], params: [], startDate: day, endDate: day });
    expect(table.notes).toContainEqual(expect.stringMatching(/^Corrected values: Kiln stack PM, .+ IST \(reading × 0\.4; version 1, approved by /));
    expect(after.daily).not.toBeCloseTo(before.daily, 0);

    // Compliance: the stored day recomputed from the closed-slot feed.
    const compliance = await call('GET', `/api/getComplianceData?from=${day}&to=${day}&tenantId=${tenantId}`, as.industry);
    const pm = ComplianceData.parse(compliance.json()).stations.find((s) => s.stationId === stationId)!.parameters[0]!;
    expect(pm).toMatchObject({ exceedances: after.exceedances, slotsWithData: 96 });
    expect(after.exceedances).toBeLessThan(before.exceedances);

    // Regulator: the period republished with the corrected averages, the request listed with its reason.
    await outbox.drain();
    for (let q = P.from; q < P.to; q += QUARTER) expect(received(q)?.value).toBeCloseTo(after.quarter(q), 6);
    expect(received(P.to)?.value).toBe(RAW);
    const republishes = RepublishList.parse((await call('GET', `/api/getRepublishData?tenantId=${tenantId}`, as.industry)).json());
    expect(republishes.find((r) => r.id === done.republishId)).toMatchObject({ stationId, params: ['pm'], from: new Date(P.from).toISOString(), reason: expect.stringContaining(`Correction request ${cr.id} approved (version 1)`) });
  });

  it('supersedes a correction of the same period with the next version, keeps the history, and refuses one cutting it in part', async () => {
    const partial = await ask(0.5, { from: P.from + 2 * HOUR, to: P.to + 2 * HOUR });
    expect([partial.statusCode, partial.json().message]).toEqual([409, expect.stringMatching(/^from: the period overlaps in part the approved correction change-request:\d+ \(version 1/)]);

    const cr = ChangeRequest.parse((await ask(0.5)).json());
    expect((await approve(cr.id)).statusCode).toBe(200);
    const q = await trend('minute_15');
    expect(q.corrected).toEqual([expect.objectContaining({ version: 2, changeRequestId: cr.id })]);
    expect(q.data.find((p) => p.time === P.from)!.value).toBeCloseTo(expected(0.5).quarter(P.from), 9);
    const { rows } = await ctx.database.pool.query<{ version: number; superseded: boolean }>(
      'SELECT version, superseded_at IS NOT NULL AS superseded FROM reading_correction WHERE tenant_id = $1 ORDER BY version',
      [tenantId],
    );
    expect(rows).toEqual([{ version: 1, superseded: true }, { version: 2, superseded: false }]);
    const first = (await call('GET', `/api/changeRequest?crType=correction&sort=createdAt&order=asc`, as.board)).json().items[0];
    expect(first.applied).toEqual({ version: 1, current: false, supersededByRequestId: cr.id });
  });

  it('refuses corrections of the future, of another industry, longer than 31 days, and of a tenant it cannot see', async () => {
    const future = await ask(2, { from: Date.now() - HOUR, to: Date.now() + HOUR });
    expect([future.statusCode, future.json().message]).toEqual([400, 'to: a correction is of data already recorded: the period must end by now']);
    const long = await ask(2, { from: D - 40 * 24 * HOUR, to: D });
    expect([long.statusCode, long.json().message]).toEqual([400, expect.stringMatching(/^to: a correction covers at most 31 days/)]);
    const backwards = await ask(2, { from: P.to, to: P.from });
    expect([backwards.statusCode, backwards.json().message]).toEqual([400, 'to: the period must end after it starts']);
    const foreign = await ask(2, { from: D - 2 * HOUR, to: D - HOUR }, as.otherIndustry);
    expect(foreign.statusCode).toBe(404);
    const wild = await call('POST', '/api/cr/correction', as.industry, { stationId, deviceId: device.id, param: 'pm', from: new Date(D - 2 * HOUR).toISOString(), to: new Date(D - HOUR).toISOString(), reason: 'x', correction: { kind: 'LINEAR', factor: 1e12 } });
    expect([wild.statusCode, wild.json().field]).toEqual([400, 'body.correction.factor']);
  });
});
