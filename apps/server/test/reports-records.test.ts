import { ReportCatalogue, ReportIndustryList, ReportJob, ReportParamsList, ReportSchedule, ReportScheduleRunList } from '@enviro/contracts/report-catalogue';
import { LogoInfo, LogoState } from '@enviro/contracts/documents';
import { beforeAll, describe, expect, it } from 'vitest';
import { AlertEvaluator } from '../src/modules/alerts/alert-evaluation.ts';
import { drainRollups } from '../src/modules/data/rollups.ts';
import { drainComplianceDays } from '../src/modules/compliance/compliance-days-worker.ts';
import { ReportCatalogueService } from '../src/modules/reports/report-catalogue.service.ts';
import { ReportJobsService } from '../src/modules/reports/report-jobs.service.ts';
import { createMailer } from '../src/platform/mail/mailer.ts';
import { insertReadings, type Reading } from './data-fixture.ts';
import { pdfImages, pdfText, tinyPng } from './pdf-text.ts';
import { twoReportServers } from './report-servers.ts';
import { useTestApp } from './test-app.ts';

const XHR = { 'x-requested-with': 'XMLHttpRequest' };
const MINUTE = 60_000;
const QUARTER = 15 * MINUTE;
const DAY = 86_400_000;
const IST = 330 * MINUTE;
const istMidnight = (date: string) => Date.parse(`${date}T00:00:00Z`) - IST;
const istTime = (ts: number) => new Date(ts + IST).toISOString().slice(0, 16).replace('T', ' ');
const pct = (a: number, b: number) => (b <= 0 ? null : Math.round((1000 * a) / b) / 10);

/**
 * One station, one device with pm (max 50) and so2 (5 to 100), read every 5 minutes from
 * 2024-03-30T00:00Z to 2024-04-02T12:00Z: across the IST midnights (18:30Z), the IST month and
 * the IST quarter boundary of 1 April. A 2-hour gap after the IST midnight of 1 April, so2 missing
 * every fourth reading, and four calibrations with their windows: a multipoint in Q1, an aborted
 * pm zero check across the IST midnight, a so2 zero and a so2 span check (drifting) on 1 April.
 * Every expected figure is computed here from these readings and records, not by the reports.
 */
const T0 = Date.parse('2024-03-30T00:00:00Z');
const T1 = Date.parse('2024-04-02T12:00:00Z');
const GAP = { from: Date.parse('2024-03-31T20:00:00Z'), to: Date.parse('2024-03-31T22:00:00Z') };
const PM_MAX = 50;

interface Cal {
  type: 'ZERO' | 'SPAN' | 'MULTIPOINT';
  status: 'COMPLETED' | 'ABORTED';
  param: string;
  from: number;
  to: number;
  points: { kind: 'ZERO' | 'SPAN' | 'POINT'; expected: number; measured: number; range: number | null }[];
  certificate: boolean;
}
const CALS: Cal[] = [
  { type: 'MULTIPOINT', status: 'COMPLETED', param: 'so2', from: Date.parse('2024-03-30T10:00:00Z'), to: Date.parse('2024-03-30T10:40:00Z'), points: [{ kind: 'ZERO', expected: 0, measured: 0, range: 200 }, { kind: 'POINT', expected: 50, measured: 51, range: 200 }, { kind: 'SPAN', expected: 100, measured: 101, range: 200 }], certificate: false },
  { type: 'ZERO', status: 'ABORTED', param: 'pm', from: Date.parse('2024-03-31T19:00:00Z'), to: Date.parse('2024-03-31T19:10:00Z'), points: [{ kind: 'ZERO', expected: 0, measured: 1, range: 100 }], certificate: false },
  { type: 'ZERO', status: 'COMPLETED', param: 'so2', from: Date.parse('2024-04-01T05:07:00Z'), to: Date.parse('2024-04-01T05:20:00Z'), points: [{ kind: 'ZERO', expected: 0, measured: 0.5, range: 200 }], certificate: true },
  { type: 'SPAN', status: 'COMPLETED', param: 'so2', from: Date.parse('2024-04-01T05:20:00Z'), to: Date.parse('2024-04-01T05:52:00Z'), points: [{ kind: 'SPAN', expected: 100, measured: 107, range: 200 }], certificate: false },
];

function readings(): Reading[] {
  const out: Reading[] = [];
  for (let ts = T0, i = 0; ts < T1; ts += 5 * MINUTE, i++) {
    if (ts >= GAP.from && ts < GAP.to) continue;
    out.push({ ts, vals: [20 + (i % 40) * 1.5, i % 4 === 3 ? null : 10 + (i % 9) * 10] });
  }
  return out;
}
const RAW = readings();
const suppressed = (b: number) => CALS.some((c) => c.from < b + QUARTER && c.to > b);

/** 15-minute buckets of a parameter (slot 1 pm, 2 so2; 0 any) with the average of their readings. */
function buckets(slot: number): Map<number, number> {
  const acc = new Map<number, { sum: number; n: number }>();
  for (const r of RAW) {
    const v = slot === 0 ? r.vals.find((x) => x !== null) : r.vals[slot - 1];
    if (v === null || v === undefined) continue;
    const b = Math.floor(r.ts / QUARTER) * QUARTER;
    const o = acc.get(b) ?? { sum: 0, n: 0 };
    acc.set(b, { sum: o.sum + v, n: o.n + 1 });
  }
  return new Map([...acc].map(([b, o]) => [b, o.sum / o.n]));
}

/** Uptime over [from, to): no slot expected before the first reading, calibration slots neither expected nor counted. */
function uptime(from: number, to: number) {
  const data = buckets(0);
  let slots = 0;
  let supp = 0;
  let withData = 0;
  for (let b = Math.max(from, Math.floor(T0 / QUARTER) * QUARTER); b < to; b += QUARTER) {
    slots++;
    if (suppressed(b)) supp++;
    else if (data.has(b)) withData++;
  }
  return { slots, supp, withData, availability: pct(withData, slots - supp) };
}

/** Compliance of a parameter over [from, to): availability, within limits, exceedances (slots beyond the limit) and their minutes. */
function compliance(slot: number, max: number | null, min: number | null, from: number, to: number) {
  const data = buckets(slot);
  const f = { slots: 0, supp: 0, withData: 0, within: 0, runs: 0, minutes: 0 };
  for (let b = Math.max(from, Math.floor(T0 / QUARTER) * QUARTER); b < to; b += QUARTER) {
    f.slots++;
    if (suppressed(b)) f.supp++;
    else if (data.has(b)) {
      f.withData++;
      const v = data.get(b)!;
      if ((max === null || v <= max) && (min === null || v >= min)) f.within++;
      else {
        f.minutes += 15;
        f.runs++;
      }
    }
  }
  return { ...f, availability: pct(f.withData, f.slots - f.supp), withinLimits: pct(f.within, f.withData) };
}

/**
 * pm's exceedance episodes as the CPCB 15-minute rule makes them: breaching slots with data (outside
 * calibration) in a row, slots without data skipped, one clean slot ending it at the end of its
 * last breaching slot; one never followed by a clean slot is ongoing.
 */
function pmEpisodes() {
  const data = buckets(1);
  const out: { start: number; end: number | null; peak: number; slots: number }[] = [];
  let open: (typeof out)[number] | null = null;
  let last = 0;
  for (const b of [...data.keys()].sort((x, y) => x - y)) {
    const breach = !suppressed(b) && data.get(b)! > PM_MAX;
    if (breach) {
      if (!open) out.push((open = { start: b, end: null, peak: data.get(b)!, slots: 0 }));
      open.slots++;
      open.peak = Math.max(open.peak, data.get(b)!);
      last = b;
    } else if (open) {
      open.end = last + QUARTER;
      open = null;
    }
  }
  return out;
}

/** Rows of a CSV report (BOM and header kept apart); no cell here holds a comma. */
function csv(body: string): string[][] {
  return body.replace(/^\uFEFF/, '').trim().split('\r\n').map((l) => l.split(','));
}

describe('catalogue reports from alerts, compliance and calibration records', () => {
  const ctx = useTestApp({ mail: true });
  let tenantId: number;
  let stationId: number;
  let deviceId: number;
  let cookie: string;
  let adminCookie: string;
  let otherCookie: string;
  let boardCookie: string;
  const calIds: number[] = [];

  beforeAll(async () => {
    tenantId = (await ctx.b.newTenant({ name: 'Kota Cement' })).id;
    stationId = (await ctx.b.newEntity({ tenantId, name: 'Kiln stack' })).id;
    deviceId = (await ctx.b.newDevice({ tenantId, entityId: stationId, name: 'Kiln analyser', params: [{ name: 'pm', max: PM_MAX }, { name: 'so2', min: 5, max: 100 }] })).id;
    for (const c of CALS) {
      const { rows } = await ctx.database.pool.query(
        `INSERT INTO calibration (tenant_id, device_id, entity_id, type, status, method, started_at, ended_at, document_path)
         VALUES ($1, $2, $3, $4, $5, 'MANUAL', $6, $7, NULL) RETURNING id::int`,
        [tenantId, deviceId, stationId, c.type, c.status, new Date(c.from), new Date(c.to)],
      );
      const id = rows[0].id as number;
      calIds.push(id);
      if (c.certificate) await ctx.database.pool.query(`UPDATE calibration SET document_path = $3 WHERE tenant_id = $1 AND id = $2`, [tenantId, id, `${tenantId}/calibration/${id}/cert.pdf`]);
      for (const [seq, p] of c.points.entries()) {
        await ctx.database.pool.query(
          `INSERT INTO calibration_point (tenant_id, calibration_id, param, seq, kind, expected, measured, range) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
          [tenantId, id, c.param, seq, p.kind, p.expected, p.measured, p.range],
        );
      }
      await ctx.database.pool.query(`INSERT INTO suppression_window (tenant_id, device_id, kind, starts_at, ends_at, source) VALUES ($1, $2, 'CALIBRATION', $3, $4, $5)`, [
        tenantId,
        deviceId,
        new Date(c.from),
        new Date(c.to),
        `calibration:${id}`,
      ]);
    }
    const evaluator = new AlertEvaluator(ctx.db, ctx.app.devices.windows);
    await evaluator.ensureDefaults();
    await insertReadings(ctx.database, tenantId, deviceId, RAW);
    await drainRollups(ctx.database);
    await drainComplianceDays(ctx.db);
    await evaluator.drain();
    await ctx.database.pool.query(
      `INSERT INTO billing_address (tenant_id, owner_kind, owner_id, line1, city, state, pincode) VALUES ($1, 'tenant', $2, 'Plot 7, Industrial Area', 'Kota', 'Rajasthan', '324007')`,
      [tenantId, tenantId],
    );
    cookie = (await ctx.signedIn({ tenantId, userType: 'tenant', role: 'user' })).cookie;
    adminCookie = (await ctx.signedIn({ tenantId, userType: 'tenant', role: 'admin' })).cookie;
    const other = (await ctx.b.newTenant({ name: 'Other Works' })).id;
    otherCookie = (await ctx.signedIn({ tenantId: other, userType: 'tenant', role: 'admin' })).cookie;
    const board = (await ctx.b.newTenant({ name: 'Rajasthan Board', type: 'statutory' })).id;
    await ctx.database.pool.query('INSERT INTO statutory_association (tenant_id, statutory_id) VALUES ($1, $2)', [tenantId, board]);
    boardCookie = (await ctx.signedIn({ tenantId: board, userType: 'statutory', role: 'user' })).cookie;
  });

  const post = (url: string, payload: object, c = cookie) => ctx.inject({ method: 'POST', url, headers: { cookie: c, ...XHR }, payload });
  const run = (id: number, request: object, format = 'CSV', c = cookie) => post(`/api/reports/${id}`, { format, request: { tenantId, ...request } }, c);
  const DAYS = { startDate: '2024-03-31', endDate: '2024-04-01' };
  const Q2 = { startDate: '2024-04-01', endDate: '2024-06-30' };

  it('offers the new reports to industries, boards and the site with stable ids', async () => {
    for (const [url, c] of [['/api/reports', cookie], ['/api/reports', boardCookie], ['/api/reports/site', cookie]] as const) {
      const items = ReportCatalogue.parse((await ctx.inject({ method: 'GET', url, headers: { cookie: c } })).json()).items;
      expect(items.filter((d) => [3, 4, 5, 6].includes(d.id)).map((d) => d.name)).toEqual(['Exceedance report', 'Uptime report', 'Calibration report', 'Quarterly compliance report']);
      expect(items.find((d) => d.id === 6)?.period).toBe('quarter');
    }
  });

  it('exceedances (3): the alerts of the period as the 15-minute rule makes them from the readings', async () => {
    const res = await run(3, DAYS);
    expect(res.statusCode).toBe(200);
    const [header, ...rows] = csv(res.body);
    expect(header).toEqual(['Station', 'Parameter', 'Unit', 'Start (IST)', 'End (IST)', 'Minutes above limit', 'Peak', 'Limit', 'Exceedances (15-minute slots)', 'Status', 'Acknowledged by']);
    const from = istMidnight(DAYS.startDate);
    const to = istMidnight('2024-04-02');
    const expected = pmEpisodes().filter((e) => e.start >= from && e.start < to);
    expect(expected.length).toBeGreaterThan(5);
    // so2 stays within 5 to 100: every row is pm's.
    expect(rows.map((r) => [r[0], r[3], r[4], Number(r[8]), r[7]])).toEqual(
      expected.map((e) => ['Kiln stack', istTime(e.start), e.end === null ? 'ongoing' : istTime(e.end), e.slots, `max ${PM_MAX}`]),
    );
    rows.forEach((r, i) => {
      expect(Number(r[6])).toBeCloseTo(expected[i]!.peak, 6);
      // Minutes above the limit: exceeding slots x 15, not start to end (a quarter without data adds nothing).
      expect(Number(r[5])).toBe(expected[i]!.slots * 15);
    });
    // An episode across the IST midnight of 1 April starts on the 31 March side.
    expect(rows.some((r) => r[3]!.startsWith('2024-03-31'))).toBe(true);
    expect(rows.some((r) => r[3]!.startsWith('2024-04-01'))).toBe(true);
  });

  it('uptime (4): per station and device, slots with data of those expected, calibration slots left out', async () => {
    const res = await run(4, DAYS);
    expect(res.statusCode).toBe(200);
    const [header, ...rows] = csv(res.body);
    expect(header).toEqual(['Station', 'Device', 'Slots in period', 'Calibration and maintenance slots', 'Slots with data', 'Uptime (%)']);
    const u = uptime(istMidnight(DAYS.startDate), istMidnight('2024-04-02'));
    expect(u.supp).toBeGreaterThan(0);
    const figures = [String(u.slots), String(u.supp), String(u.withData), String(u.availability)];
    expect(rows).toEqual([
      ['Kiln stack', 'All devices', ...figures],
      ['Kiln stack', 'Kiln analyser', ...figures],
    ]);
    // The 2-hour gap is short of data; 2 days of 96 slots were expected.
    expect(u.slots).toBe(192);
    expect(u.availability!).toBeLessThan(100);
  });

  it('calibration (5): each point of the calibrations started in the period, with deviation, verdict, certificate and due state', async () => {
    const res = await run(5, DAYS);
    expect(res.statusCode).toBe(200);
    const [header, ...rows] = csv(res.body);
    expect(header).toEqual(['Started (IST)', 'Station', 'Device', 'Parameter', 'Unit', 'Kind', 'Point', 'Expected', 'Measured', 'Deviation (%)', 'Verdict', 'Status', 'Certificate', 'Next due', 'Due state']);
    // The multipoint check of 30 March lies before the period.
    const inPeriod = CALS.map((c, i) => ({ ...c, id: calIds[i]! })).filter((c) => c.from >= istMidnight(DAYS.startDate) && c.from < istMidnight('2024-04-02'));
    expect(inPeriod).toHaveLength(3);
    const expected = inPeriod.flatMap((c) =>
      c.points.map((p) => {
        const deviation = Math.round(((p.measured - p.expected) / (p.expected !== 0 ? p.expected : p.range!)) * 10_000) / 100;
        // Protocol tolerances: so2 5 % (gases), pm 10 %.
        const verdict = Math.abs(deviation) > (c.param === 'so2' ? 5 : 10) ? 'DRIFT' : 'PASS';
        return [istTime(c.from), 'Kiln stack', 'Kiln analyser', c.type, p.kind, String(p.expected), String(p.measured), String(deviation), verdict, c.status, c.certificate ? `${tenantId}/calibration/${c.id}/cert.pdf` : 'none'];
      }),
    );
    expect(rows.map((r) => [r[0], r[1], r[2], r[5], r[6], r[7], r[8], r[9], r[10], r[11], r[12]])).toEqual(expected);
    expect(rows.map((r) => r[10])).toContain('DRIFT');
    // so2's two-point check was last satisfied by the zero check's end (the span came later): due 15 days on, long past.
    const so2Due = istTime(CALS[2]!.to + 15 * DAY).slice(0, 10);
    for (const r of rows.filter((x) => x[3]!.toLowerCase().includes('so2'))) expect([r[13], r[14]]).toEqual([so2Due, 'OVERDUE']);
    // pm's zero check was aborted: never done, its first check falls due 90 days after the device was created (now).
    expect(rows.find((r) => r[3]!.toLowerCase().includes('pm'))![14]).toBe('OK');
  });

  it('quarterly compliance (6): per station and parameter figures of Q2 in IST, calibration checks done of due, a summary', async () => {
    const res = await run(6, Q2);
    expect(res.statusCode).toBe(200);
    const lines = csv(res.body);
    const [header, ...rows] = lines;
    expect(header).toEqual(['Station', 'Parameter', 'Unit', 'Limit', 'Availability (%)', 'Within limits (%)', 'Exceedances (15-minute slots)', 'Minutes above limit', 'Calibration checks done', 'Calibration checks due']);
    const from = istMidnight('2024-04-01');
    const to = istMidnight('2024-07-01');
    const pm = compliance(1, PM_MAX, null, from, to);
    const so2 = compliance(2, 100, 5, from, to);
    // Q2 has 91 days, all after the first reading. so2 (a gas): a two-point check every 15 days (6) and a multipoint
    // every 90 (1); the zero and span checks of 1 April make one two-point check. pm: one check every 90 days, none done.
    expect(rows.map((r) => [r[0], r[3], r[4], r[5], r[6], r[7], r[8], r[9]])).toEqual([
      ['Kiln stack', `max ${PM_MAX}`, String(pm.availability), String(pm.withinLimits), String(pm.runs), String(pm.minutes), '0', '1'],
      ['Kiln stack', '5 to 100', String(so2.availability), String(so2.withinLimits), String(so2.runs), String(so2.minutes), '1', '7'],
    ]);
    expect(pm.runs).toBeGreaterThan(0);
    // Readings of 31 March after 18:30Z are Q2's (IST): the quarter holds more than the 1.5 days after the IST midnight.
    expect(pm.withData).toBe(buckets(1).size - [...buckets(1).keys()].filter((b) => b < from || suppressed(b)).length);

    const xls = await run(6, Q2, 'XLS');
    expect(xls.statusCode).toBe(200);
    expect(xls.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it("the PDF carries the industry's logo, name, billing address, period, time zone, page numbers and Indian digits", async () => {
    const png = tinyPng(37, 11);
    const info = async (c: string) => LogoState.parse((await ctx.inject({ method: 'GET', url: `/api/logo/tenant/${tenantId}/info`, headers: { cookie: c } })).json());
    expect(await info(cookie)).toEqual({ logo: null });
    const up = await post(`/api/add-logo/tenant/${tenantId}`, { fileName: 'kota.png', content: png.toString('base64') }, adminCookie);
    expect(up.statusCode).toBe(200);
    expect(LogoInfo.parse(up.json())).toMatchObject({ ownerKind: 'tenant', contentType: 'image/png', width: 37, height: 11, bytes: png.length });
    const logo = await ctx.inject({ method: 'GET', url: `/api/logo/tenant/${tenantId}`, headers: { cookie } });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.rawPayload.equals(png)).toBe(true);
    expect((await info(cookie)).logo).toMatchObject({ contentType: 'image/png', width: 37, height: 11, fileName: 'kota.png' });
    expect((await ctx.inject({ method: 'GET', url: `/api/logo/tenant/${tenantId}/info`, headers: { cookie: otherCookie } })).statusCode).toBe(404);

    const res = await run(6, Q2, 'PDF');
    expect(res.statusCode).toBe(200);
    const text = pdfText(res.rawPayload);
    expect(pdfImages(res.rawPayload)).toContainEqual({ width: 37, height: 11 });
    for (const line of ['Kota Cement', 'Plot 7, Industrial Area', 'Kota, Rajasthan, 324007', 'Quarterly compliance report', 'Period: 2024-04-01 to 2024-06-30 (IST, Asia/Kolkata)', 'Summary: Kota Cement, Q2 2024 (April to June)']) {
      expect(text).toContain(line);
    }
    const pages = [...text.matchAll(/Page (\d+) of (\d+)/g)];
    expect(pages.length).toBeGreaterThanOrEqual(2);
    expect(pages.map((p) => p[1])).toEqual(pages.map((_, i) => String(i + 1)));
    // Exceedance minutes of so2+pm in the summary, grouped the Indian way when large enough.
    const pm = compliance(1, PM_MAX, null, istMidnight('2024-04-01'), istMidnight('2024-07-01'));
    expect(text).toContain(new Intl.NumberFormat('en-IN').format(pm.minutes));
  });

  it("a report of one station is headed by the logo nearest it in the tree, the industry's otherwise", async () => {
    const plant = (await ctx.b.newEntity({ tenantId, name: 'Kota works' })).id;
    await ctx.database.pool.query('UPDATE entity SET parent_id = $3 WHERE tenant_id = $1 AND id = $2', [tenantId, stationId, plant]);
    const industry = tinyPng(23, 9);
    const works = tinyPng(31, 13);
    expect((await post(`/api/add-logo/tenant/${tenantId}`, { fileName: 'kota.png', content: industry.toString('base64') }, adminCookie)).statusCode).toBe(200);
    expect((await post(`/api/add-logo/entity/${plant}`, { fileName: 'works.png', content: works.toString('base64') }, adminCookie)).statusCode).toBe(200);
    const station = await run(6, { ...Q2, entityIds: [stationId] }, 'PDF');
    expect(station.statusCode).toBe(200);
    expect(pdfImages(station.rawPayload)).toContainEqual({ width: 31, height: 13 });
    expect(pdfImages(station.rawPayload)).not.toContainEqual({ width: 23, height: 9 });
    const whole = await run(6, Q2, 'PDF');
    expect(pdfImages(whole.rawPayload)).toContainEqual({ width: 23, height: 9 });
    expect(pdfImages(whole.rawPayload)).not.toContainEqual({ width: 31, height: 13 });
  });

  it('refuses a logo that is not a PNG or JPEG, too large, damaged, from a reader, or of another tenant', async () => {
    const png = tinyPng(4, 4);
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
    const cases: [object, string, number][] = [
      [{ fileName: 'a.png', content: gif.toString('base64') }, adminCookie, 400],
      [{ fileName: 'a.png', content: Buffer.concat([png.subarray(0, 20), Buffer.alloc(30)]).toString('base64') }, adminCookie, 400],
      [{ fileName: 'a.png', content: Buffer.alloc(600 * 1024, 1).toString('base64') }, adminCookie, 400],
      [{ fileName: 'a/b.png', content: png.toString('base64') }, adminCookie, 400],
      [{ fileName: 'a.png', content: png.toString('base64') }, cookie, 403],
      [{ fileName: 'a.png', content: png.toString('base64') }, otherCookie, 404],
    ];
    for (const [body, c, status] of cases) {
      const res = await post(`/api/add-logo/tenant/${tenantId}`, body, c);
      expect(res.statusCode, JSON.stringify(body).slice(0, 60)).toBe(status);
      if (status === 400) expect(res.json().message).toMatch(/content|fileName/);
    }
    expect((await post(`/api/add-logo/planet/${tenantId}`, { fileName: 'a.png', content: png.toString('base64') }, adminCookie)).statusCode).toBe(404);
    expect((await ctx.inject({ method: 'GET', url: `/api/logo/tenant/${tenantId}`, headers: { cookie: otherCookie } })).statusCode).toBe(404);
    // A station's logo (SPEC: add-logo/entity/{id}).
    const station = await post(`/api/add-logo/entity/${stationId}`, { fileName: 'stack.png', content: png.toString('base64') }, adminCookie);
    expect(station.statusCode).toBe(200);
    expect((await ctx.inject({ method: 'GET', url: `/api/logo/entity/${stationId}`, headers: { cookie: otherCookie } })).statusCode).toBe(404);
  });

  it('another tenant reads none of these reports; bad input answers 400 naming the field', async () => {
    for (const id of [3, 4, 5, 6]) expect((await run(id, id === 6 ? Q2 : DAYS, 'CSV', otherCookie)).statusCode).toBe(404);
    const notQuarter = await run(6, { startDate: '2024-04-02', endDate: '2024-06-30' });
    expect(notQuarter.statusCode).toBe(400);
    expect(notQuarter.json().message).toContain('startDate');
    const shortQuarter = await run(6, { startDate: '2024-04-01', endDate: '2024-06-29' });
    expect(shortQuarter.statusCode).toBe(400);
    expect(shortQuarter.json().message).toContain('endDate');
    const job = await post('/api/report-jobs', { reportId: 6, format: 'PDF', request: { tenantId, startDate: '2024-04-01', endDate: '2024-04-30' } });
    expect(job.statusCode).toBe(400);
    const daily = await post('/api/scheduled-reports', { name: 'q', reportId: 6, frequency: 'daily', time: '08:00', recipients: ['a@b.example'] }, adminCookie);
    expect(daily.statusCode).toBe(400);
    expect(daily.json().message).toContain('frequency');
  });

  it('report industry and report params: the industries a caller may report on, and their stations and parameters', async () => {
    const mine = ReportIndustryList.parse((await post('/api/report-industry', { reportId: 6 })).json());
    expect(mine.items).toEqual([{ tenantId, name: 'Kota Cement', stations: 1 }]);
    const board = ReportIndustryList.parse((await post('/api/report-industry', { reportId: 36, search: 'kota' }, boardCookie)).json());
    expect(board.items.map((i) => i.tenantId)).toEqual([tenantId]);
    expect(ReportIndustryList.parse((await post('/api/report-industry', { reportId: 6 }, otherCookie)).json()).items.map((i) => i.name)).toEqual(['Other Works']);
    expect((await post('/api/report-industry', { reportId: 999 })).statusCode).toBe(400);

    const params = ReportParamsList.parse((await post('/api/report-params', { tenantId, entityIds: [stationId] }, boardCookie)).json());
    expect(params.stations).toEqual([{ id: stationId, name: 'Kiln stack' }]);
    expect(params.params.map((p) => p.name).sort()).toEqual(['pm', 'so2']);
    expect((await post('/api/report-params', { tenantId }, otherCookie)).statusCode).toBe(404);
    expect((await post('/api/report-params', { tenantId, entityIds: [stationId + 1000] })).statusCode).toBe(404);
    expect((await post('/api/report-params', { tenantId, entityIds: ['x'] })).statusCode).toBe(400);
  });

  it('runs each new report as a job a second server builds, with progress, and the file downloads', async () => {
    const worker = ctx.app.reports.jobs.withMailer(createMailer(undefined, 'x@y', ctx.app.log));
    for (const id of [3, 4, 5, 6]) {
      const res = await post('/api/report-jobs', { reportId: id, format: 'CSV', request: { tenantId, ...(id === 6 ? Q2 : DAYS) } });
      expect(res.statusCode).toBe(200);
      const job = ReportJob.parse(res.json());
      expect(await worker.runNextJob()).toBe(true);
      const done = ReportJob.parse((await ctx.inject({ method: 'GET', url: `/api/report-jobs/${job.id}`, headers: { cookie } })).json());
      expect(done).toMatchObject({ status: 'done', percent: 100 });
      const file = await ctx.inject({ method: 'GET', url: `/api/report-jobs/${job.id}/file`, headers: { cookie } });
      const direct = await run(id, id === 6 ? Q2 : DAYS);
      // The job's file holds what the report answers directly (the calibration report's "as of" minute aside).
      expect(csv(file.body).slice(1)).toEqual(csv(direct.body).slice(1));
      expect(done.rows).toBe(csv(direct.body).length - 1);
    }
  });

  it('sends a scheduled quarterly compliance report once for its quarter with two servers, as a PDF attachment', async () => {
    const res = await post(
      '/api/scheduled-reports',
      { name: 'Quarterly compliance to the board', reportId: 6, format: 'PDF', frequency: 'quarterly', time: '08:00', recipients: ['rspcb@board.example'] },
      adminCookie,
    );
    expect(res.statusCode).toBe(200);
    const schedule = ReportSchedule.parse(res.json());
    const { mailer, a, b } = twoReportServers(ctx);
    // 1 July 2024, 09:00 IST: Q2 is due (at 08:00 on the first day after it).
    const now = Date.parse('2024-07-01T03:30:00Z');
    const since = ctx.mail.mails.length;
    const [sentA, sentB] = await Promise.all([a.runDueSchedules(now), b.runDueSchedules(now)]);
    // Other tests' schedules are not due at this time; this one is sent by exactly one server.
    expect(sentA + sentB).toBe(1);
    expect(await a.runDueSchedules(now + 60 * MINUTE)).toBe(0);
    const mail = await ctx.mail.next('rspcb@board.example', since);
    expect(mail.subject).toBe('Kota Cement: Quarterly compliance to the board, 2024-04-01 to 2024-06-30');
    expect(mail.raw).toMatch(/Content-Type: application\/pdf/i);
    expect(ctx.mail.mails.slice(since).filter((m) => m.to.includes('rspcb@board.example'))).toHaveLength(1);
    const runs = ReportScheduleRunList.parse((await ctx.inject({ method: 'GET', url: `/api/scheduled-reports/${schedule.id}/runs`, headers: { cookie } })).json());
    expect(runs.items).toMatchObject([{ periodStart: '2024-04-01', periodEnd: '2024-06-30', status: 'sent', attempts: 1 }]);
    await mailer.close();
  });
});
