import { startReceiver, type Receiver } from '@enviro/regulator-receiver/receiver';
import { OpenBoardList, OpenFileChangeList, OpenFileList, OpenSeriesAnswer, OpenStationAnswer, OpenStationList } from '@enviro/contracts/open-data';
import { roundValue } from '@enviro/domain/format-number';
import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drainComplianceDays } from '../src/modules/compliance/compliance-days-worker.ts';
import { AlertEvaluator } from '../src/modules/alerts/alert-evaluation.ts';
import { drainRollups } from '../src/modules/data/rollups.ts';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/platform/database/database.ts';
import { RegulatorOutbox } from '../src/modules/regulator/outbox.ts';
import { csvRows } from './csv-rows.ts';
import { useTestApp } from './test-app.ts';

/**
 * The open data API (issue 37) against real parts: a published board's industry read without a
 * session; its values beside the portal's, report 1's and the regulator push's for the same slot and
 * day; keys signed up through a real SMTP server; limits counted in PostgreSQL; and every route
 * tried with every kind of id that is not published.
 */

const MINUTE = 60_000;
const QUARTER = 15 * MINUTE;
const DAY = 86_400_000;
const XHR = { 'x-requested-with': 'XMLHttpRequest' };
const OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+05:30$/;
const istDay = (ts: number) => new Date(ts + 330 * MINUTE).toISOString().slice(0, 10);
const istMidnight = (day: string) => Date.parse(`${day}T00:00:00Z`) - 330 * MINUTE;

const ctx = useTestApp({ mail: true });
await ctx.start();

const t = {
  site: (await ctx.b.newTenant({ name: 'Operations', type: 'site' })).id,
  board: (await ctx.b.newTenant({ name: 'Gujarat Board', type: 'statutory' })).id,
  industry: (await ctx.b.newTenant({ name: 'Open Cement' })).id,
  disabled: (await ctx.b.newTenant({ name: 'Hidden Disabled Mills' })).id,
  quietBoard: (await ctx.b.newTenant({ name: 'Quiet Board', type: 'statutory' })).id,
  quietIndustry: (await ctx.b.newTenant({ name: 'Hidden Quiet Chemicals' })).id,
  loner: (await ctx.b.newTenant({ name: 'Hidden Lone Steel' })).id,
};
const associate = (tenant: number, board: number) => ctx.database.pool.query('INSERT INTO statutory_association (tenant_id, statutory_id) VALUES ($1, $2)', [tenant, board]);
await associate(t.industry, t.board);
await associate(t.disabled, t.board);
await associate(t.quietIndustry, t.quietBoard);
await ctx.database.pool.query(`UPDATE tenant SET status = 'DISABLED' WHERE id = $1`, [t.disabled]);

const group = (await ctx.b.newEntity({ tenantId: t.industry, name: 'Plant', type: 'group' })).id;
const stack = (await ctx.b.newEntity({ tenantId: t.industry, parentId: group, name: 'Kiln stack', type: 'cems', properties: [{ name: 'Latitude', value: '21.17' }, { name: 'Longitude', value: '72.83' }] })).id;
const ambient = (await ctx.b.newEntity({ tenantId: t.industry, name: 'Fence line', type: 'caaqms' })).id;
const device = await ctx.b.newDevice({ tenantId: t.industry, entityId: stack, params: [{ name: 'pm', max: 50 }] });
await ctx.b.newDevice({ tenantId: t.industry, entityId: ambient, params: [{ name: 'pm10' }] });
const hidden = {
  disabled: (await ctx.b.newEntity({ tenantId: t.disabled, name: 'Hidden disabled stack' })).id,
  quiet: (await ctx.b.newEntity({ tenantId: t.quietIndustry, name: 'Hidden quiet stack' })).id,
  loner: (await ctx.b.newEntity({ tenantId: t.loner, name: 'Hidden lone stack' })).id,
};
for (const [tenantId, entityId] of [[t.disabled, hidden.disabled], [t.quietIndustry, hidden.quiet], [t.loner, hidden.loner]] as const) await ctx.b.newDevice({ tenantId, entityId });

const as = {
  site: (await ctx.signedIn({ tenantId: t.site, userType: 'site', role: 'admin' })).cookie,
  boardAdmin: (await ctx.signedIn({ tenantId: t.board, userType: 'statutory', role: 'admin' })).cookie,
  boardUser: (await ctx.signedIn({ tenantId: t.board, userType: 'statutory', role: 'user' })).cookie,
  quietAdmin: (await ctx.signedIn({ tenantId: t.quietBoard, userType: 'statutory', role: 'admin' })).cookie,
  industryAdmin: (await ctx.signedIn({ tenantId: t.industry, role: 'admin' })).cookie,
};
const signedIn = (method: 'GET' | 'PUT' | 'POST', url: string, cookie: string, payload?: object) =>
  ctx.inject({ method, url, headers: { cookie, ...XHR }, ...(payload ? { payload } : {}) });

// Slot values: a closed quarter of today (or of yesterday just after midnight) whose mean has more
// digits than shown, and a whole day D (yesterday) with every quarter, for the daily mean.
const SLOT = Math.floor(Date.now() / QUARTER) * QUARTER - 3 * QUARTER;
const D = istDay(Date.now() - DAY);
const slotReadings = [10.1, 11.35, 12.5];
let key = '';
let receiver: Receiver;

/** Open API GET with the test's key (its limits raised so the suite's calls never meet them). */
const open = (url: string, headers: Record<string, string> = {}) => ctx.inject({ method: 'GET', url, headers: { 'x-api-key': key, ...headers } });

beforeAll(async () => {
  const readings: { ts: number; values: Record<string, number> }[] = [];
  for (let q = istMidnight(D); q < istMidnight(D) + DAY; q += QUARTER) readings.push({ ts: q + MINUTE, values: { pm: 20 + ((q / QUARTER) % 7) / 3 } });
  // Above the limit at 09:00 and 09:30 of D, no data at 09:15: one episode of 2 slots.
  const nine = istMidnight(D) + 9 * 60 * MINUTE;
  for (const r of readings) {
    if (r.ts - MINUTE === nine) r.values.pm = 95;
    if (r.ts - MINUTE === nine + 2 * QUARTER) r.values.pm = 80;
  }
  // In the first 45 minutes of an IST day SLOT is a quarter of D: its readings stand in for D's there.
  const kept = readings.filter((r) => r.ts - MINUTE !== nine + QUARTER && r.ts - MINUTE !== SLOT);
  slotReadings.forEach((pm, i) => kept.push({ ts: SLOT + (i + 1) * MINUTE, values: { pm } }));
  for (let i = 0; i < kept.length; i += 500) {
    const res = await ctx.inject({ method: 'POST', url: `/api/v1/${device.accessToken}/telemetry`, payload: kept.slice(i, i + 500) });
    expect(res.statusCode).toBe(200);
  }

  // The regulator push of the same station, to a generic JSON receiver.
  receiver = await startReceiver();
  receiver.register({ token: 'open-token', industryId: 'GJ-OPEN' });
  const conn = await signedIn('POST', '/api/regulatorConnections', as.site, { statutoryId: t.board, name: 'State push', protocol: 'GENERIC_JSON', url: receiver.url });
  expect(conn.statusCode).toBe(201);
  const mapped = await signedIn('PUT', `/api/regulatorMappings/${t.industry}/${conn.json().id}`, as.site, {
    industryId: 'GJ-OPEN',
    credentials: { token: 'open-token' },
    stations: [{ stationId: stack, regulatorStationId: 'STN-KILN', devices: [{ deviceId: device.id, regulatorDeviceId: 'DEV-1', params: [{ slot: device.params[0]!.slot, code: 'PM', unit: 'mg/Nm3' }] }] }],
  });
  // The ambient station is left unmapped on purpose: only the stack's slot is compared.
  expect(mapped.json().issues.map((i: { code: string }) => i.code)).toEqual(['UNMAPPED_STATION']);

  await new AlertEvaluator(ctx.db, ctx.app.devices.windows).ensureDefaults();
  await drainRollups(ctx.database);
  await new AlertEvaluator(ctx.db, ctx.app.devices.windows).drain();
  await drainComplianceDays(ctx.db);
  await new RegulatorOutbox(ctx.db, ctx.app.devices.windows, ctx.app.regulator.vault, { baseBackoffMs: 0, maxBackoffMs: 0, leaseMs: 60_000 }).drain();

  // A developer's key, its limits raised for the suite (the limit tests use keys of their own).
  const signUp = await ctx.inject({ method: 'POST', url: '/api/open/v1/keys', payload: { email: 'suite@example.org' } });
  expect(signUp.statusCode).toBe(202);
  key = await confirmFromMail('suite@example.org');
  await ctx.database.pool.query(`UPDATE open_api_key SET per_minute = 100000, per_hour = 100000 WHERE email = 'suite@example.org'`);
}, 120_000);
afterAll(() => receiver?.close());

/** Waits out the last seconds of a minute, so a run of counted requests falls in one minute window. */
async function inOneMinute() {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 8_000) await new Promise((r) => setTimeout(r, left + 100));
}

/** Follows the link of the newest confirmation mail to `email` as the developers' page does. */
async function confirmFromMail(email: string): Promise<string> {
  const mail = await ctx.mail.next(email);
  expect(mail.subject).toBe('Confirm your Enviro open data API key');
  expect(mail.text).toContain('GODL-India');
  const token = decodeURIComponent(/\/developers\/confirm\?token=([^\s&"]+)/.exec(mail.text)![1]!);
  const res = await ctx.inject({ method: 'POST', url: '/api/open/v1/keys/confirm', payload: { token } });
  expect(res.statusCode).toBe(200);
  return res.json().key as string;
}

describe('publishing is a board-level setting, off by default', () => {
  it('serves nothing until the board publishes; only its administrators (or site administrators) decide', async () => {
    expect(OpenBoardList.parse((await open('/api/open/v1/boards')).json()).data).toEqual([]);
    expect((await open(`/api/open/v1/stations/${stack}`)).statusCode).toBe(404);
    expect((await signedIn('GET', `/api/open-data/publication/${t.board}`, as.boardUser)).json()).toMatchObject({ published: false, publishedSince: null });

    expect((await signedIn('PUT', `/api/open-data/publication/${t.board}`, as.boardUser, { published: true })).statusCode).toBe(403);
    expect((await signedIn('PUT', `/api/open-data/publication/${t.board}`, as.industryAdmin, { published: true })).statusCode).toBe(403);
    expect((await signedIn('PUT', `/api/open-data/publication/${t.board}`, as.quietAdmin, { published: true })).statusCode).toBe(404);
    const bad = await signedIn('PUT', `/api/open-data/publication/${t.board}`, as.boardAdmin, { published: 'yes' });
    expect([bad.statusCode, bad.json().field]).toEqual([400, 'body.published']);

    const on = await signedIn('PUT', `/api/open-data/publication/${t.board}`, as.boardAdmin, { published: true });
    expect(on.statusCode).toBe(200);
    expect(on.json().published).toBe(true);
    expect(on.json().publishedSince).toMatch(OFFSET);
    const audit = await ctx.database.pool.query(`SELECT action FROM audit_log WHERE tenant_id = $1 AND action LIKE 'OPEN_DATA_%'`, [t.board]);
    expect(audit.rows).toEqual([{ action: 'OPEN_DATA_PUBLISHED' }]);

    const boards = OpenBoardList.parse((await open('/api/open/v1/boards')).json());
    expect(boards.data.map((b) => b.name)).toEqual(['Gujarat Board']);
    expect(boards.licence.name).toContain('GODL-India');
    expect(boards.attribution).toContain('Gujarat Board');
  });
});

describe('stations', () => {
  it('lists the published stations with industry, board, type, location, parameters, units and limits', async () => {
    const res = await open('/api/open/v1/stations');
    expect(res.statusCode).toBe(200);
    const list = OpenStationList.parse(res.json());
    expect(list.data.map((s) => s.name).sort()).toEqual(['Fence line', 'Kiln stack']);
    const kiln = list.data.find((s) => s.id === stack)!;
    expect(kiln).toMatchObject({
      type: 'cems',
      industry: { id: t.industry, name: 'Open Cement' },
      board: { id: t.board, name: 'Gujarat Board' },
      location: { latitude: 21.17, longitude: 72.83 },
      parameters: [{ name: 'pm', unit: expect.any(String), limit: { min: null, max: 50 } }],
    });
    expect(kiln.lastDataAt).toMatch(OFFSET);
    expect(list.attribution).toContain('Gujarat Board');
    expect(res.body).not.toContain('Hidden');

    const one = OpenStationAnswer.parse((await open(`/api/open/v1/stations/${stack}`)).json());
    expect(one.data).toEqual(kiln);
    const paged = OpenStationList.parse((await open('/api/open/v1/stations?pageSize=1')).json());
    expect(paged.data).toHaveLength(1);
    expect(paged.next).toBe('/api/open/v1/stations?pageSize=1&page=1');
    const last = OpenStationList.parse((await open(paged.next!)).json());
    expect([last.data.length, last.next]).toEqual([1, null]);
    const tooMany = await open('/api/open/v1/stations?pageSize=5000');
    expect([tooMany.statusCode, tooMany.json().field]).toEqual([400, 'querystring.pageSize']);
  });
});

describe('one voice: the open API, the portal, report 1 and the regulator push agree to the last digit', () => {
  it('the same 15-minute slot', async () => {
    const expected = roundValue(slotReadings.reduce((a, b) => a + b, 0) / slotReadings.length)!;
    const day = istDay(SLOT);
    const series = OpenSeriesAnswer.parse((await open(`/api/open/v1/stations/${stack}/series?parameter=pm&resolution=15m&from=${day}`)).json());
    const point = series.data.points.find((p) => Date.parse(p.time) === SLOT)!;
    expect(point.time).toMatch(OFFSET);
    expect(point.coverage).toEqual({ expected: 1, observed: 1, percent: 100 });

    const portal = await ctx.inject({
      method: 'POST',
      url: '/api/data/entityMetric',
      headers: { portal: 'PUBLIC', 'public-tenant-id': String(t.board) },
      payload: { request: { entityIds: [stack], params: [{ name: 'pm' }], interval: 'minute_15', startDate: new Date(SLOT).toISOString(), endDate: new Date(SLOT + QUARTER).toISOString(), aggLevel: 'entity' } },
    });
    expect(portal.statusCode).toBe(200);
    const portalValue = roundValue(portal.json()[0].data.find((p: { time: number }) => p.time === SLOT).value);

    const pushed = receiver.values().find((v) => v.stationId === 'STN-KILN' && v.timestamp === SLOT)!;
    expect([point.value, portalValue, roundValue(pushed.value)]).toEqual([expected, expected, expected]);
  });

  it('the same IST day: the daily mean of 15-minute averages with its capture', async () => {
    const series = OpenSeriesAnswer.parse((await open(`/api/open/v1/stations/${stack}/series?parameter=pm&resolution=1d&from=${D}`)).json());
    const [point] = series.data.points;
    const report = await signedIn('POST', '/api/reports/1', as.industryAdmin, { format: 'CSV', request: { tenantId: t.industry, entityIds: [stack], startDate: D, endDate: D } });
    expect(report.statusCode).toBe(200);
    const [, row] = csvRows(report.body);
    // 95 quarters with data of 96 (09:15 is missing).
    expect([point!.time, point!.value, point!.coverage.observed, point!.coverage.expected, point!.coverage.percent]).toEqual([
      `${D}T00:00:00.000+05:30`,
      Number(row![4]),
      Number(row![5]),
      96,
      Number(row![6]),
    ]);
    expect(point!.coverage.observed).toBe(95);
  });

  it('hourly values count their quarters; exceedance episodes are the timeline\'s', async () => {
    const hours = OpenSeriesAnswer.parse((await open(`/api/open/v1/stations/${stack}/series?parameter=pm&resolution=1h&from=${D}`)).json());
    expect(hours.data.points).toHaveLength(24);
    expect(hours.data.points[9]!.coverage).toEqual({ expected: 4, observed: 3, percent: 75 });
    const episodes = (await open(`/api/open/v1/stations/${stack}/exceedances?from=${D}`)).json();
    const nine = istMidnight(D) + 9 * 60 * MINUTE;
    expect(episodes.data.map((e: { start: string; slots: number; minutesAboveLimit: number; peak: number }) => [Date.parse(e.start), e.slots, e.minutesAboveLimit, e.peak])).toEqual([[nine, 2, 30, 95]]);
    const timeline = (await signedIn('GET', `/api/complianceTimeline?from=${D}&to=${D}&stationId=${stack}`, as.industryAdmin)).json();
    const fromTimeline = timeline.items.filter((e: { kind: string }) => e.kind === 'EXCEEDANCE').map((e: { at: number; slots: number }) => [e.at, e.slots]);
    expect(fromTimeline).toEqual([[nine, 2]]);
  });

  it('uptime per day is getAvgUptimeByStation\'s; NAQI is given for ambient stations only', async () => {
    const uptime = (await open(`/api/open/v1/stations/${stack}/uptime?from=${D}`)).json();
    const avg = (await signedIn('GET', `/api/getAvgUptimeByStation?from=${D}&to=${D}&stationId=${stack}`, as.industryAdmin)).json();
    // 95 of D's 96 quarters hold data (09:15 is missing).
    expect(uptime.data).toEqual([{ day: D, uptime: avg.items[0].availability, expected: 96, observed: 95 }]);
    expect(avg.items[0].availability).toBe(99);
    const naqi = await open(`/api/open/v1/stations/${ambient}/naqi`);
    expect(naqi.statusCode).toBe(200);
    expect(naqi.json().data).toHaveLength(30);
    // A second ambient station with three pollutants all day D (NAQI needs three, one of them PM):
    // the day's index, for any range, is POST /api/data/aqi's, and the 30 days' answer's.
    const aqms = (await ctx.b.newEntity({ tenantId: t.industry, name: 'Gate AQMS', type: 'caaqms' })).id;
    const analyser = await ctx.b.newDevice({ tenantId: t.industry, entityId: aqms, params: [{ name: 'pm10' }, { name: 'no2' }, { name: 'so2', unit: 'µg/m3' }] });
    const day = Array.from({ length: 96 }, (_, q) => ({ ts: istMidnight(D) + q * QUARTER + MINUTE, values: { pm10: 120, no2: 30, so2: 20 } }));
    expect((await ctx.inject({ method: 'POST', url: `/api/v1/${analyser.accessToken}/telemetry`, payload: day })).statusCode).toBe(200);
    await drainRollups(ctx.database);
    const aqi = (await signedIn('POST', '/api/data/aqi', as.industryAdmin, { request: { entityId: aqms, startDate: D, endDate: D } })).json();
    const ranged = (await open(`/api/open/v1/stations/${aqms}/naqi?from=${D}&to=${D}`)).json();
    expect(ranged.data).toEqual([{ day: D, aqi: aqi.days[0].aqi, category: aqi.days[0].category, prominent: ['pm10'], pollutants: 3 }]);
    expect(ranged.data[0].aqi).toBeGreaterThan(100);
    expect((await open(`/api/open/v1/stations/${aqms}/naqi`)).json().data.find((d: { day: string }) => d.day === D)).toEqual(ranged.data[0]);
    // A year is paged by quarters; `to` alone is refused.
    const year = (await open(`/api/open/v1/stations/${ambient}/naqi?from=2025-01-01&to=2025-12-31`)).json();
    expect([year.data.length, year.next]).toEqual([92, `/api/open/v1/stations/${ambient}/naqi?from=2025-04-03&to=2025-12-31`]);
    const toAlone = await open(`/api/open/v1/stations/${ambient}/naqi?to=${D}`);
    expect([toAlone.statusCode, toAlone.json().field]).toEqual([400, 'query.from']);
    const notAmbient = await open(`/api/open/v1/stations/${stack}/naqi`);
    expect([notAmbient.statusCode, notAmbient.json().field]).toEqual([400, 'params.stationId']);
    const calibrations = await open(`/api/open/v1/stations/${stack}/calibrations`);
    expect([calibrations.statusCode, calibrations.json().data]).toEqual([200, []]);
  });
});

describe('calibration records', () => {
  it("lists the station's calibrations without who ran them, their remarks or documents", async () => {
    const started = await signedIn('POST', '/api/startCalibration', as.industryAdmin, {
      deviceId: device.id,
      type: 'ZERO',
      params: [{ name: 'pm', range: 500, points: [{ kind: 'ZERO', expected: 0 }] }],
      remarks: 'Hidden cylinder 42',
    });
    expect(started.statusCode).toBe(200);
    const finished = await signedIn('POST', `/api/calibrate/${started.json().id}`, as.industryAdmin, { params: [{ name: 'pm', measured: [0.4] }] });
    expect(finished.statusCode).toBe(200);
    const res = await open(`/api/open/v1/stations/${stack}/calibrations`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      { id: started.json().id, deviceId: device.id, type: 'ZERO', status: 'COMPLETED', startedAt: expect.stringMatching(OFFSET), endedAt: expect.stringMatching(OFFSET), verdict: finished.json().verdict, parameters: [{ name: 'pm', unit: expect.any(String), verdict: finished.json().params[0].verdict }] },
    ]);
    expect(res.body).not.toContain('Hidden');
  });
});

describe('ranges are paged with a clear maximum', () => {
  it('cuts a long range at the maximum and links the next page', async () => {
    const from = istDay(Date.now() - 20 * DAY);
    const res = await open(`/api/open/v1/stations/${stack}/series?parameter=pm&resolution=15m&from=${from}&to=${istDay(Date.now())}`);
    expect(res.statusCode).toBe(200);
    const body = OpenSeriesAnswer.parse(res.json());
    expect(body.data.points).toHaveLength(7 * 96);
    expect(body.next).toContain(`from=${istDay(Date.now() - 13 * DAY)}`);
  });

  it('answers ranges long before any data without an error', async () => {
    for (const resolution of ['15m', '1h', '1d']) {
      const res = await open(`/api/open/v1/stations/${stack}/series?parameter=pm&resolution=${resolution}&from=1900-01-01&to=2999-12-31`);
      expect([resolution, res.statusCode]).toEqual([resolution, 200]);
      const body = OpenSeriesAnswer.parse(res.json());
      expect(body.data.points.every((p) => p.value === null)).toBe(true);
      expect(body.next).not.toBeNull();
    }
    for (const route of ['exceedances', 'uptime']) expect((await open(`/api/open/v1/stations/${stack}/${route}?from=1900-01-01`)).statusCode).toBe(200);
  });

  it('refuses malformed dates, reversed ranges and unknown parameters, naming the field', async () => {
    for (const [query, field] of [
      ['parameter=pm&resolution=15m&from=2026-02-30', 'querystring.from'],
      ['parameter=pm&resolution=15m&from=yesterday', 'querystring.from'],
      ['parameter=pm&resolution=5m&from=2026-01-01', 'querystring.resolution'],
      [`parameter=pm&resolution=1d&from=${D}&to=2020-01-01`, 'query.to'],
      ['parameter=nox&resolution=1d&from=2026-01-01', 'query.parameter'],
      ['parameter=pm&resolution=1d&from=2999-01-01', 'query.from'],
      ['parameter=pm&resolution=1d&from=2026-01-01&debug=1', 'querystring'],
    ] as const) {
      const res = await open(`/api/open/v1/stations/${stack}/series?${query}`);
      expect([query, res.statusCode, res.json().field]).toEqual([query, 400, field]);
    }
  });
});

describe('keys and limits', () => {
  it('signs up by e-mail confirmation; a link works once; an unknown key is refused', async () => {
    const bad = await ctx.inject({ method: 'POST', url: '/api/open/v1/keys', payload: { email: 'not an address' } });
    expect([bad.statusCode, bad.json().field]).toEqual([400, 'body.email']);
    await ctx.inject({ method: 'POST', url: '/api/open/v1/keys', payload: { email: 'reporter@example.org', purpose: 'air quality stories' } });
    const mail = await ctx.mail.next('reporter@example.org');
    const token = decodeURIComponent(/token=([^\s&"]+)/.exec(mail.text)![1]!);
    const first = await ctx.inject({ method: 'POST', url: '/api/open/v1/keys/confirm', payload: { token } });
    expect(first.json()).toMatchObject({ key: expect.stringMatching(/^eo_/), perMinute: 60, perHour: 2000 });
    expect((await ctx.inject({ method: 'POST', url: '/api/open/v1/keys/confirm', payload: { token } })).statusCode).toBe(404);
    const stored = await ctx.database.pool.query(`SELECT key_hash FROM open_api_key WHERE email = 'reporter@example.org'`);
    expect(stored.rows[0].key_hash).not.toContain(first.json().key);
    const wrong = await ctx.inject({ method: 'GET', url: '/api/open/v1/boards', headers: { 'x-api-key': 'eo_nonsense' } });
    expect([wrong.statusCode, wrong.json().message]).toEqual([401, expect.stringContaining('X-API-Key')]);
  });

  it('answers X-RateLimit headers and 429 with Retry-After over a key\'s limit, counted in PostgreSQL', async () => {
    await ctx.inject({ method: 'POST', url: '/api/open/v1/keys', payload: { email: 'busy@example.org' } });
    const busy = await confirmFromMail('busy@example.org');
    await ctx.database.pool.query(`UPDATE open_api_key SET per_minute = 3 WHERE email = 'busy@example.org'`);
    const answers = [];
    await inOneMinute();
    for (let i = 0; i < 4; i++) answers.push(await ctx.inject({ method: 'GET', url: '/api/open/v1/boards', headers: { 'x-api-key': busy } }));
    expect(answers.map((r) => [r.statusCode, r.headers['x-ratelimit-limit'], r.headers['x-ratelimit-remaining']])).toEqual([
      [200, '3', '2'],
      [200, '3', '1'],
      [200, '3', '0'],
      [429, '3', '0'],
    ]);
    const over = answers[3]!;
    expect(Number(over.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(over.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(over.headers['x-ratelimit-reset']).toBe(over.headers['retry-after']);
    expect(over.json().message).toContain('3 requests a minute');
    const rows = await ctx.database.pool.query(`SELECT window_kind, hits FROM open_api_hits WHERE caller = (SELECT 'key:' || id FROM open_api_key WHERE email = 'busy@example.org') ORDER BY window_kind`);
    expect(rows.rows).toEqual([{ window_kind: 'h', hits: 4 }, { window_kind: 'm', hits: 4 }]);
  });

  it('counts one limit across several servers on the same database', async () => {
    await ctx.inject({ method: 'POST', url: '/api/open/v1/keys', payload: { email: 'shared@example.org' } });
    const shared = await confirmFromMail('shared@example.org');
    await ctx.database.pool.query(`UPDATE open_api_key SET per_minute = 4 WHERE email = 'shared@example.org'`);
    const database = openDatabase(ctx.database.url);
    const second = await buildApp({ database }, { logger: false });
    try {
      const servers = [ctx.app, second, ctx.app, second, second];
      const answers = [];
      await inOneMinute();
      for (const server of servers) answers.push(await server.inject({ method: 'GET', url: '/api/open/v1/boards', headers: { 'x-api-key': shared } }));
      expect(answers.map((r) => [r.statusCode, r.headers['x-ratelimit-remaining']])).toEqual([
        [200, '3'],
        [200, '2'],
        [200, '1'],
        [200, '0'],
        [429, '0'],
      ]);
    } finally {
      await second.close();
      await database.close();
    }
  });

  it('counts far from a limit in memory, written in one batch; in the last half of a window at once', async () => {
    // A confirmed key written directly: the anonymous sign-ups of this minute may have spent the address's limit.
    const batch = 'eo_batch_test_key';
    await ctx.database.pool.query(
      `INSERT INTO open_api_key (email, key_hash, key_prefix, confirm_expires_at, confirmed_at, per_minute, per_hour) VALUES ('batch@example.org', $1, 'eo_batch', now(), now(), 40, 2000)`,
      [createHash('sha256').update(batch).digest('hex')],
    );
    const hits = async () =>
      (await ctx.database.pool.query(`SELECT window_kind, hits FROM open_api_hits WHERE caller = (SELECT 'key:' || id FROM open_api_key WHERE email = 'batch@example.org') ORDER BY window_kind`)).rows;
    const remaining = async (n: number) => {
      const out = [];
      for (let i = 0; i < n; i++) out.push((await ctx.inject({ method: 'GET', url: '/api/open/v1/boards', headers: { 'x-api-key': batch } })).headers['x-ratelimit-remaining']);
      return out;
    };
    await inOneMinute();
    expect(await remaining(12)).toEqual(['39', '38', '37', '36', '35', '34', '33', '32', '31', '30', '29', '28']);
    expect(await hits()).toEqual([]);
    await ctx.app.openData.keys.flush();
    expect(await hits()).toEqual([{ window_kind: 'h', hits: 12 }, { window_kind: 'm', hits: 12 }]);
    // The 20th request leaves half of the 40: it and the 7 batched before it are written at once.
    expect(await remaining(8)).toEqual(['27', '26', '25', '24', '23', '22', '21', '20']);
    expect(await hits()).toEqual([{ window_kind: 'h', hits: 20 }, { window_kind: 'm', hits: 20 }]);
    expect(await remaining(1)).toEqual(['19']);
    expect(await hits()).toEqual([{ window_kind: 'h', hits: 21 }, { window_kind: 'm', hits: 21 }]);
  });

  it('serves anonymous callers under a lower limit, and browsers of any site (CORS)', async () => {
    await inOneMinute();
    const anon = await ctx.inject({ method: 'GET', url: '/api/open/v1/boards', remoteAddress: '203.0.113.9', headers: { origin: 'https://example.org' } });
    expect([anon.statusCode, anon.headers['x-ratelimit-limit'], anon.headers['access-control-allow-origin']]).toEqual([200, '10', '*']);
    expect(anon.headers['access-control-expose-headers']).toContain('X-RateLimit-Remaining');
    const preflight = await ctx.inject({ method: 'OPTIONS', url: `/api/open/v1/stations/${stack}/series`, headers: { origin: 'https://example.org', 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-api-key' } });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-headers']).toContain('X-API-Key');
    for (let i = 0; i < 9; i++) await ctx.inject({ method: 'GET', url: '/api/open/v1/boards', remoteAddress: '203.0.113.9' });
    const over = await ctx.inject({ method: 'GET', url: '/api/open/v1/boards', remoteAddress: '203.0.113.9' });
    expect([over.statusCode, over.json().message]).toEqual([429, expect.stringContaining('without a key')]);
  });
});

describe('bulk files', () => {
  /** What the worker does a pass, until nothing is due (marks made due at once, as an hour later). */
  async function makeFiles() {
    while ((await ctx.app.openData.files.consume()) > 0);
    await ctx.app.openData.files.seedBoards();
    await ctx.database.pool.query("UPDATE open_data_stale SET due_at = now() - interval '1 minute'");
    while ((await ctx.app.openData.files.makeDue()) > 0);
  }

  it("makes each published station's month as CSV.gz with the licence, and again after late data, logging the change", async () => {
    await makeFiles();
    const month = D.slice(0, 7);
    const list = OpenFileList.parse((await open(`/api/open/v1/files?station=${stack}`)).json());
    const file = list.data.find((f) => f.month === month)!;
    expect(file).toMatchObject({ stationId: stack, boardId: t.board, url: `/api/open/v1/files/${stack}/${month}` });
    expect(list.licence.name).toContain('GODL-India');
    const res = await ctx.inject({ method: 'GET', url: file.url, headers: { 'x-api-key': key } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/gzip');
    const lines = gunzipSync(res.rawPayload).toString('utf8').split('\n');
    expect(lines[0]).toContain('published by Gujarat Board');
    expect(lines[1]).toContain('GODL-India');
    // The file's value of the day's 09:00 quarter is the series route's.
    const nine = `${D}T09:00:00.000+05:30`;
    const series = OpenSeriesAnswer.parse((await open(`/api/open/v1/stations/${stack}/series?parameter=pm&resolution=15m&from=${D}`)).json());
    const row = lines.find((l) => l.includes(nine))!.split(',');
    expect(Number(row[7])).toBe(series.data.points.find((p) => p.time === nine)!.value);
    expect(file.rows).toBe(lines.filter((l) => l.startsWith(String(stack))).length);

    // A late reading in the 09:15 quarter of D: the month is made again and the change logged.
    const since = D;
    const late = await ctx.inject({ method: 'POST', url: `/api/v1/${device.accessToken}/telemetry`, payload: [{ ts: istMidnight(D) + (9 * 60 + 16) * MINUTE, values: { pm: 70 } }] });
    expect(late.statusCode).toBe(200);
    await drainRollups(ctx.database);
    await makeFiles();
    const changes = OpenFileChangeList.parse((await open(`/api/open/v1/files/changes?since=${since}`)).json());
    const ofMonth = changes.data.filter((c) => c.stationId === stack && c.month === month);
    expect(ofMonth.map((c) => c.reason)).toEqual(['NEW', 'CHANGED']);
    const again = gunzipSync((await ctx.inject({ method: 'GET', url: file.url, headers: { 'x-api-key': key } })).rawPayload).toString('utf8');
    expect(again).toContain(`${D}T09:15:00.000+05:30,70,1,1,100,OK`);

    // Nothing of a board that does not publish, nor a month without a file.
    for (const url of [`/api/open/v1/files/${hidden.quiet}/${month}`, `/api/open/v1/files/${stack}/1999-01`]) expect((await open(url)).statusCode).toBe(404);
    const badMonth = await open(`/api/open/v1/files/${stack}/2026-13`);
    expect([badMonth.statusCode, badMonth.json().field]).toEqual([400, 'params.month']);
  });
});

describe('nothing of a tenant that does not publish', () => {
  it('tries every route with every kind of unpublished id: 404 or 400, never 5xx, never a name', async () => {
    const ids = { ...hidden, group, missing: 987_654_321, huge: 2 ** 60 };
    const routes = ['', '/series?parameter=pm&resolution=1d&from=2026-01-01', '/exceedances?from=2026-01-01', '/uptime?from=2026-01-01', '/naqi', '/calibrations'];
    const fileRoutes = [`/api/open/v1/files/ID/${D.slice(0, 7)}`];
    for (const [kind, id] of Object.entries(ids)) {
      for (const route of routes) {
        const res = await open(`/api/open/v1/stations/${id}${route}`);
        expect([kind, route, res.statusCode]).toEqual([kind, route, id > Number.MAX_SAFE_INTEGER ? 400 : 404]);
        expect(res.body).not.toMatch(/Hidden|Plant/);
      }
    }
    for (const route of routes) expect((await open(`/api/open/v1/stations/abc${route}`)).statusCode).toBe(400);
    for (const [kind, id] of Object.entries(ids)) {
      for (const route of fileRoutes) {
        const res = await open(route.replace('ID', String(id)));
        expect([kind, res.statusCode]).toEqual([kind, id > Number.MAX_SAFE_INTEGER ? 400 : 404]);
      }
    }
    const files = await open(`/api/open/v1/files?board=${t.quietBoard}`);
    expect([files.statusCode, OpenFileList.parse(files.json()).data]).toEqual([200, []]);
    for (const query of [`board=${t.quietBoard}`, `industry=${t.quietIndustry}`, `industry=${t.disabled}`, `industry=${t.loner}`, 'board=987654']) {
      const res = await open(`/api/open/v1/stations?${query}`);
      expect([query, res.statusCode]).toEqual([query, 404]);
      expect(res.body).not.toContain('Hidden');
    }
    // Withdrawn: everything of the board is gone at once.
    await signedIn('PUT', `/api/open-data/publication/${t.board}`, as.boardAdmin, { published: false });
    expect((await open(`/api/open/v1/stations/${stack}`)).statusCode).toBe(404);
    expect(OpenStationList.parse((await open('/api/open/v1/stations')).json()).data).toEqual([]);
    await signedIn('PUT', `/api/open-data/publication/${t.board}`, as.boardAdmin, { published: true });
  });

  it('documents itself in its own OpenAPI page', async () => {
    const doc = (await open('/api/open/v1/openapi.json')).json();
    const paths = Object.keys(doc.paths);
    expect(paths.length).toBeGreaterThan(5);
    expect(paths.every((p) => p.startsWith('/api/open/v1'))).toBe(true);
    expect(doc.info.description).toContain('GODL-India');
    // The page a person browses: the same document, read without spending a request of the limits.
    const page = await ctx.inject({ method: 'GET', url: '/api/open/v1/docs/', remoteAddress: '203.0.113.77' });
    expect([page.statusCode, page.headers['content-type']]).toEqual([200, expect.stringContaining('text/html')]);
    expect(page.headers['x-ratelimit-remaining']).toBeUndefined();
    const browsed = (await ctx.inject({ method: 'GET', url: '/api/open/v1/docs/json' })).json();
    expect(Object.keys(browsed.paths).sort()).toEqual(paths.sort());
    expect(browsed.info.title).toBe('Enviro open data API');
  });
});

describe('stations asked at the same moment are read together, each with its own answer', () => {
  it("a closed day's hours: the portal's hourly values, and the quarters with data of one series or of several", async () => {
    // A station with two devices measuring pm: the first reports until 12:00 of D, the second from 06:00.
    const twin = (await ctx.b.newEntity({ tenantId: t.industry, name: 'Twin stack', type: 'cems' })).id;
    const early = await ctx.b.newDevice({ tenantId: t.industry, entityId: twin, params: [{ name: 'pm', max: 50 }] });
    const late = await ctx.b.newDevice({ tenantId: t.industry, entityId: twin, params: [{ name: 'pm', max: 50 }] });
    const quarters = (from: number, to: number, value: (q: number) => number) =>
      Array.from({ length: (to - from) * 4 }, (_, i) => istMidnight(D) + from * 60 * MINUTE + i * QUARTER).map((q) => ({ ts: q + MINUTE, values: { pm: value(q) } }));
    for (const [d, readings] of [[early, quarters(0, 12, (q) => 10 + ((q / QUARTER) % 5))], [late, quarters(6, 24, (q) => 30 + ((q / QUARTER) % 3) / 7)]] as const) {
      expect((await ctx.inject({ method: 'POST', url: `/api/v1/${d.accessToken}/telemetry`, payload: readings })).statusCode).toBe(200);
    }
    await drainRollups(ctx.database);

    const hoursOf = (station: number) => open(`/api/open/v1/stations/${station}/series?parameter=pm&resolution=1h&from=${D}`);
    const answers = await Promise.all([hoursOf(stack), hoursOf(twin)]);
    for (const [station, res] of [[stack, answers[0]], [twin, answers[1]]] as const) {
      const hours = OpenSeriesAnswer.parse(res.json()).data.points;
      expect(hours).toHaveLength(24);
      const day = OpenSeriesAnswer.parse((await open(`/api/open/v1/stations/${station}/series?parameter=pm&resolution=15m&from=${D}`)).json()).data.points;
      const portal = await ctx.inject({
        method: 'POST',
        url: '/api/data/entityMetric',
        headers: { portal: 'PUBLIC', 'public-tenant-id': String(t.board) },
        payload: { request: { entityIds: [station], params: [{ name: 'pm' }], interval: 'hour_1', startDate: D, endDate: istDay(istMidnight(D) + DAY), timezone: 'Asia/Kolkata', aggLevel: 'entity' } },
      });
      const portalHours = new Map(portal.json()[0].data.map((p: { time: number; value: number }) => [p.time, roundValue(p.value)]));
      hours.forEach((h, i) => {
        const observed = day.slice(4 * i, 4 * i + 4).filter((q) => q.value !== null).length;
        expect([station, h.time, h.value, h.coverage]).toEqual([station, h.time, portalHours.get(Date.parse(h.time)) ?? null, { expected: 4, observed, percent: observed * 25 }]);
      });
    }
    // The twin's hours 06:00 to 12:00 have both devices' quarters; every hour has one device's at least.
    const twinHours = OpenSeriesAnswer.parse(answers[1].json()).data.points;
    expect(twinHours.every((h) => h.coverage.observed === 4)).toBe(true);

    // Exceedance episodes of two stations asked together: each station's own, as its timeline gives them.
    const episodesOf = (station: number) => open(`/api/open/v1/stations/${station}/exceedances?from=${D}`);
    const [stackEpisodes, twinEpisodes] = await Promise.all([episodesOf(stack), episodesOf(twin)]);
    const timeline = (await signedIn('GET', `/api/complianceTimeline?from=${D}&to=${D}&stationId=${stack}`, as.industryAdmin)).json();
    const fromTimeline = timeline.items.filter((e: { kind: string }) => e.kind === 'EXCEEDANCE').map((e: { at: number; slots: number; peak: number }) => [e.at, e.slots, roundValue(e.peak)]);
    expect(stackEpisodes.json().data.map((e: { start: string; slots: number; peak: number }) => [Date.parse(e.start), e.slots, e.peak])).toEqual(fromTimeline);
    expect(fromTimeline).toHaveLength(1);
    expect(twinEpisodes.json().data).toEqual([]);
  });
});
