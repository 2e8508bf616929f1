import { AlertPage, AlertCounts } from '@enviro/contracts/alerts';
import { ComplianceData, ComplianceStats, Timeline, UptimeList } from '@enviro/contracts/compliance';
import { OversightOverview } from '@enviro/contracts/oversight';
import { beforeAll, describe, expect, it } from 'vitest';
import { AlertEvaluator } from '../src/modules/alerts/alert-evaluation.ts';
import { drainComplianceDays } from '../src/modules/compliance/compliance-days-worker.ts';
import { drainRollups } from '../src/modules/data/rollups.ts';
import type { Auth } from '../src/platform/access/auth.ts';
import { csvRows } from './csv-rows.ts';
import { useTestApp } from './test-app.ts';

const XHR = { 'x-requested-with': 'XMLHttpRequest' };
const MINUTE = 60_000;
const QUARTER = 15 * MINUTE;
const DAY = 86_400_000;
const IST = 330 * MINUTE;
const PM_MAX = 50;
const istDay = (ts: number) => new Date(ts + IST).toISOString().slice(0, 10);
const istAt = (day: string, hhmm: string) => Date.parse(`${day}T${hhmm}:00+05:30`);
const addDays = (day: string, n: number) => istDay(istAt(day, '12:00') + n * DAY);
const share = (part: number, whole: number) => (whole <= 0 ? null : Math.round((1000 * part) / whole) / 10);

type Reading = { ts: number; pm: number };

/**
 * Independent figures of docs/DEFINITIONS.md, computed here from the readings sent (never by the
 * product's code): 15-minute averages, exceedances, episodes, minutes above the limit, capture.
 */
function quarterAverages(readings: readonly Reading[]): Map<number, number> {
  const sums = new Map<number, { sum: number; n: number }>();
  for (const r of readings) {
    const q = Math.floor(r.ts / QUARTER) * QUARTER;
    const o = sums.get(q) ?? { sum: 0, n: 0 };
    o.sum += r.pm;
    o.n += 1;
    sums.set(q, o);
  }
  return new Map([...sums].map(([q, o]) => [q, o.sum / o.n]));
}

/** Episodes: runs of quarters above the limit; a quarter without data neither ends nor adds; a quarter within ends. */
function episodes(avgs: Map<number, number>): { start: number; slots: number; peak: number }[] {
  const out: { start: number; slots: number; peak: number }[] = [];
  let open: (typeof out)[number] | null = null;
  for (const q of [...avgs.keys()].sort((a, b) => a - b)) {
    const v = avgs.get(q)!;
    if (v > PM_MAX) {
      if (!open) out.push((open = { start: q, slots: 0, peak: v }));
      open.slots++;
      open.peak = Math.max(open.peak, v);
    } else open = null;
  }
  return out;
}

/**
 * The issue 28 reproductions put in through ingestion, and every view that shows a figure checked
 * against the figures computed above: compliance, its stats, the timeline, report 3, the alert list,
 * the board overview, the station panel's readings outside a limit, daily and monthly averages,
 * availability (35, 36) and uptime averaged by station.
 */
describe('one voice: every view gives the figures of docs/DEFINITIONS.md', () => {
  const ctx = useTestApp();
  // D: yesterday (IST), a closed day read from the stored compliance days.
  const D = istDay(Date.now() - DAY);
  const today = istDay(Date.now());
  let tenantId: number;
  let stationA: number;
  let stationB: number;
  let stationC: number;
  let cookie: string;
  let boardCookie: string;
  const a: Reading[] = [];
  const b: Reading[] = [];
  const c1: Reading[] = [];
  const c2: Reading[] = [];

  async function send(token: string, readings: readonly Reading[]) {
    for (let i = 0; i < readings.length; i += 500) {
      const res = await ctx.inject({ method: 'POST', url: `/api/v1/${token}/telemetry`, payload: readings.slice(i, i + 500).map((r) => ({ ts: r.ts, values: { pm: r.pm } })) });
      expect(res.statusCode).toBe(200);
    }
  }

  beforeAll(async () => {
    tenantId = (await ctx.b.newTenant({ name: 'One Voice Cement' })).id;
    stationA = (await ctx.b.newEntity({ tenantId, name: 'Kiln stack' })).id;
    stationB = (await ctx.b.newEntity({ tenantId, name: 'Cooler stack' })).id;
    stationC = (await ctx.b.newEntity({ tenantId, name: 'Mill stack' })).id;
    const params = [{ name: 'pm', max: PM_MAX }];
    const devA = await ctx.b.newDevice({ tenantId, entityId: stationA, params });
    const devB = await ctx.b.newDevice({ tenantId, entityId: stationB, params });
    const devC1 = await ctx.b.newDevice({ tenantId, entityId: stationC, params });
    const devC2 = await ctx.b.newDevice({ tenantId, entityId: stationC, params });

    // A: every 5 minutes 08:00 to 10:59 at 20; 95 in the 09:00 quarter, nothing in 09:15, 80 in 09:30.
    for (let t = istAt(D, '08:00'); t < istAt(D, '11:00'); t += 5 * MINUTE) {
      const q = (t - istAt(D, '09:00')) / QUARTER;
      if (q >= 1 && q < 2) continue;
      a.push({ ts: t + MINUTE, pm: q >= 0 && q < 1 ? 95 : q >= 2 && q < 3 ? 80 : 20 });
    }
    // B: every minute at 10 from 00:00 to 12:00, then every 5 minutes at 40 until midnight.
    for (let t = istAt(D, '00:00'); t < istAt(D, '12:00'); t += MINUTE) b.push({ ts: t, pm: 10 });
    for (let t = istAt(D, '12:00'); t < istAt(addDays(D, 1), '00:00'); t += 5 * MINUTE) b.push({ ts: t, pm: 40 });
    // C: two devices; C1 every quarter of D, C2 from 12:00 (its first data) in every other quarter.
    for (let t = istAt(D, '00:00'); t < istAt(addDays(D, 1), '00:00'); t += QUARTER) {
      c1.push({ ts: t + MINUTE, pm: 20 });
      if (t >= istAt(D, '12:00') && ((t - istAt(D, '12:00')) / QUARTER) % 2 === 0) c2.push({ ts: t + MINUTE, pm: 20 });
    }
    await send(devA.accessToken, a);
    await send(devB.accessToken, b);
    await send(devC1.accessToken, c1);
    await send(devC2.accessToken, c2);
    await new AlertEvaluator(ctx.db, ctx.app.devices.windows).ensureDefaults();
    await drainRollups(ctx.database);
    await new AlertEvaluator(ctx.db, ctx.app.devices.windows).drain();
    await drainComplianceDays(ctx.db);

    cookie = (await ctx.signedIn({ tenantId, userType: 'tenant', role: 'admin' })).cookie;
    const board = (await ctx.b.newTenant({ name: 'One Voice Board', type: 'statutory' })).id;
    await ctx.database.pool.query('INSERT INTO statutory_association (tenant_id, statutory_id) VALUES ($1, $2)', [tenantId, board]);
    boardCookie = (await ctx.signedIn({ tenantId: board, userType: 'statutory', role: 'user' })).cookie;
  }, 120_000);

  const get = (url: string, c = cookie) => ctx.inject({ method: 'GET', url, headers: { cookie: c } });
  const post = (url: string, payload: object, c = cookie) => ctx.inject({ method: 'POST', url, headers: { cookie: c, ...XHR }, payload });
  const report = async (id: number, startDate: string, endDate: string, entityIds: number[]) => {
    const res = await post(`/api/reports/${id}`, { format: 'CSV', request: { tenantId, entityIds, startDate, endDate } });
    expect(res.statusCode).toBe(200);
    return csvRows(res.body);
  };

  it('exceedances: compliance, its stats, the timeline, report 3, the alert list and the board agree', async () => {
    const avgs = quarterAverages(a);
    const exceedances = [...avgs.values()].filter((v) => v > PM_MAX).length;
    const eps = episodes(avgs);
    // The reproduction: 2 exceedances, 30 minutes above the limit, in one episode.
    expect([exceedances, eps.length, eps[0]!.slots]).toEqual([2, 1, 2]);

    const data = ComplianceData.parse((await get(`/api/getComplianceData?from=${D}&to=${D}&stationId=${stationA}`)).json());
    const pm = data.stations[0]!.parameters[0]!;
    expect([pm.exceedances, pm.exceedanceMinutes]).toEqual([exceedances, exceedances * 15]);

    const stats = ComplianceStats.parse((await get(`/api/complianceStats?from=${D}&to=${D}`)).json());
    expect([stats.exceedances, stats.exceedanceEpisodes, stats.stationsWithExceedances]).toEqual([exceedances, eps.length, 1]);

    const timeline = Timeline.parse((await get(`/api/complianceTimeline?from=${D}&to=${D}&stationId=${stationA}`)).json());
    const events = timeline.items.filter((e) => e.kind === 'EXCEEDANCE');
    expect(events.map((e) => [e.at, e.slots, e.peak])).toEqual(eps.map((e) => [e.start, e.slots, e.peak]));
    expect(events[0]!.text).toContain(`${exceedances} exceedances (${exceedances * 15} min above the limit)`);

    const [header, ...rows] = await report(3, D, D, [stationA]);
    expect(header![5]).toBe('Minutes above limit');
    expect(rows.map((r) => [Number(r[5]), Number(r[8]), Number(r[6])])).toEqual(eps.map((e) => [e.slots * 15, e.slots, e.peak]));

    const alerts = AlertPage.parse((await post('/api/alerts', { type: ['AVG_15M', 'SUSTAINED'], stationId: stationA, startDate: new Date(istAt(D, '00:00')).toISOString(), endDate: new Date(istAt(addDays(D, 1), '00:00')).toISOString() })).json());
    expect(alerts.items.map((x) => [Date.parse(x.startedAt), x.slotCount])).toEqual(eps.map((e) => [e.start, e.slots]));

    // This month (IST) on the board and on the compliance page: the same exceedance episodes.
    const inMonth = D.slice(0, 7) === today.slice(0, 7) ? eps.length : 0;
    const month = ComplianceStats.parse((await get(`/api/complianceStats`)).json());
    const board = OversightOverview.parse((await get('/api/oversight', boardCookie)).json());
    const row = board.items.find((r) => r.tenantId === tenantId)!;
    expect([month.exceedanceEpisodes, row.exceedancesThisMonth, board.totals.exceedancesThisMonth]).toEqual([inMonth, inMonth, inMonth]);
  });

  it("the station panel counts that station's readings outside a limit, not the industry's", async () => {
    const inMonth = (r: Reading) => istDay(r.ts).slice(0, 7) === today.slice(0, 7);
    const outside = a.filter((r) => inMonth(r) && r.pm > PM_MAX).length;
    const count = async (nodeId: number) =>
      AlertCounts.parse((await post(`/api/tenants/${tenantId}/alertData?isGroupByParameter=false`, { period: 'month', interval: 'day_1', types: ['SYSTEM'], nodeId })).json()).total;
    expect(await count(stationA)).toBe(outside);
    expect(await count(stationB)).toBe(0);
  });

  it('daily and monthly averages are means of 15-minute averages with the capture rule', async () => {
    const avgs = [...quarterAverages(b).values()];
    const daily = avgs.reduce((x, y) => x + y, 0) / avgs.length;
    const rawMean = b.reduce((x, r) => x + r.pm, 0) / b.length;
    // The mean of the raw readings (720 at 10, 144 at 40) is 15: what the report must not show.
    expect([daily, avgs.length, rawMean]).toEqual([25, 96, 15]);

    const [header, ...rows] = await report(1, D, D, [stationB]);
    expect(header).toEqual(['Date', 'Station', 'Parameter', 'Unit', 'Average', 'Quarters with data', 'Data capture (%)']);
    expect(rows.map((r) => [r[0], Number(r[4]), Number(r[5]), Number(r[6])])).toEqual([[D, daily, 96, 100]]);

    // The month to D: its quarters expected run from B's first data (D's midnight) to the range's end,
    // all 96 with data, so the month stands; a month from the first to D with 3 days of data would not.
    const [, ...months] = await report(2, `${D.slice(0, 7)}-01`, D, [stationB]);
    expect(months.map((r) => [r[0], Number(r[4]), Number(r[5]), Number(r[6])])).toEqual([[D.slice(0, 7), daily, 96, 100]]);
  });

  it('availability divides by the quarters expected: nothing before the first data, closed quarters only, with a range total', async () => {
    const [, ...rows] = await report(35, addDays(D, -2), D, [stationB]);
    const byDay = new Map(rows.map((r) => [r[0], r.slice(4)]));
    expect(byDay.get(addDays(D, -2))).toEqual(['0', '0', '']);
    expect(byDay.get(addDays(D, -1))).toEqual(['0', '0', '']);
    expect(byDay.get(D)).toEqual(['96', '96', '100']);
    expect(byDay.get(`${addDays(D, -2)} to ${D}`)).toEqual(['96', '96', '100']);

    // 36 over the board: every device of the industry, each day and the range, a total row.
    const withData = (rs: Reading[]) => new Set(rs.filter((r) => istDay(r.ts) === D).map((r) => Math.floor(r.ts / QUARTER))).size;
    const first = (rs: Reading[]) => Math.floor(rs[0]!.ts / QUARTER) * QUARTER;
    const dayEnd = istAt(addDays(D, 1), '00:00');
    const quarters = [a, b, c1, c2].reduce((n, rs) => n + withData(rs), 0);
    const expectedQ = [a, b, c1, c2].reduce((n, rs) => n + (dayEnd - first(rs)) / QUARTER, 0);
    const res = await post('/api/data-availability-report/36', { format: 'CSV', request: { startDate: D, endDate: D } }, boardCookie);
    expect(res.statusCode).toBe(200);
    const [h, ...industries] = csvRows(res.body);
    expect(h).toEqual(['Industry', 'Devices', 'Period (%)', D]);
    const figure = String(share(quarters, expectedQ));
    expect(industries).toEqual([
      ['One Voice Cement', '4', figure, figure],
      ['All industries', '4', figure, figure],
    ]);
  });

  it("today's row counts closed quarters only and equals compliance", async () => {
    // A device reporting every 5 minutes from today's IST midnight, read as at 02:12 IST (or the
    // same time yesterday when the clock is earlier): 8 closed quarters, all with data.
    const day = Date.now() >= istAt(today, '02:13') ? today : D;
    const at = istAt(day, '02:12');
    const station = (await ctx.b.newEntity({ tenantId, name: 'Early stack' })).id;
    const dev = await ctx.b.newDevice({ tenantId, entityId: station, params: [{ name: 'pm', max: PM_MAX }] });
    const early: Reading[] = [];
    for (let t = istAt(day, '00:00'); t <= at; t += 5 * MINUTE) early.push({ ts: t, pm: 20 });
    await send(dev.accessToken, early);
    await drainRollups(ctx.database);
    const auth: Auth = { kind: 'apiKey', tenantId, tenantIds: [tenantId] };
    const rows = await ctx.app.compliance.availability.parameterDays(tenantId, [dev.id], day, day, at);
    expect(rows.map((r) => [r.day, r.withData, r.expected])).toEqual([[day, 8, 8]]);
    const data = await ctx.app.compliance.compliance.complianceData(auth, { from: day, to: day, stationId: station }, at);
    expect(data.stations[0]!.parameters[0]!.availability).toBe(100);
    expect(data.stations[0]!.uptime.availability).toBe(100);
  });

  it("a station's uptime is the mean of its devices' (getAvgUptimeByStation)", async () => {
    const dayEnd = istAt(addDays(D, 1), '00:00');
    const uptime = (rs: Reading[]) => share(new Set(rs.map((r) => Math.floor(r.ts / QUARTER))).size, (dayEnd - Math.floor(rs[0]!.ts / QUARTER) * QUARTER) / QUARTER)!;
    const mean = Math.round(((uptime(c1) + uptime(c2)) / 2) * 10) / 10;
    expect([uptime(c1), uptime(c2), mean]).toEqual([100, 50, 75]);
    const list = UptimeList.parse((await get(`/api/getAvgUptimeByStation?from=${D}&to=${D}&stationId=${stationC}`)).json());
    expect(list.items.map((r) => [r.id, r.availability])).toEqual([[stationC, mean]]);
    // getGroupByUptime keeps the share over all the station's quarters, as its summary says.
    const pooled = UptimeList.parse((await get(`/api/getGroupByUptime?groupBy=station&from=${D}&to=${D}&stationId=${stationC}`)).json());
    expect(pooled.items[0]!.availability).toBe(share(96 + 24, 96 + 48));
  });
});
