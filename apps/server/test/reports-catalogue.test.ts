import { ReportCatalogue, ReportJob, ReportSchedule, ReportScheduleList, ReportScheduleRunList } from '@enviro/contracts/report-catalogue';
import { beforeAll, describe, expect, it } from 'vitest';
import { drainComplianceDays } from '../src/modules/compliance/compliance-days-worker.ts';
import { drainRollups } from '../src/modules/data/rollups.ts';
import { ReportCatalogueService } from '../src/modules/reports/report-catalogue.service.ts';
import { ReportJobsService } from '../src/modules/reports/report-jobs.service.ts';
import { duePeriod, periodContaining } from '../src/modules/reports/schedule-period.ts';
import { createMailer } from '../src/platform/mail/mailer.ts';
import { twoReportServers } from './report-servers.ts';
import { useTestApp } from './test-app.ts';
import { csvRows } from './csv-rows.ts';

const XHR = { 'x-requested-with': 'XMLHttpRequest' };
const MINUTE = 60_000;
const DAY = 86_400_000;
const IST = 330 * MINUTE;
const istDay = (ts: number) => new Date(ts + IST).toISOString().slice(0, 10);
const istMidnight = (day: string) => Date.parse(`${day}T00:00:00+05:30`);

/**
 * An industry with one station (pm, so2) reporting over two IST days (the day before yesterday and
 * yesterday): pm in 10 quarters of the first day from IST midnight, so2 in 4 of them, one reading a
 * minute before IST midnight (first day) and one a minute after (second day), and a gap after.
 */
describe('report catalogue, jobs and scheduled reports', () => {
  const ctx = useTestApp({ mail: true });
  let tenantId: number;
  let entityId: number;
  let cookie: string;
  let otherCookie: string;
  let adminCookie: string;
  let dayA: string;
  let dayB: string;
  const readings: { ts: number; values: Record<string, number> }[] = [];

  beforeAll(async () => {
    tenantId = (await ctx.b.newTenant({ name: 'Acme Cement' })).id;
    entityId = (await ctx.b.newEntity({ tenantId, name: 'Stack 1' })).id;
    const device = await ctx.b.newDevice({ tenantId, entityId });
    dayA = istDay(Date.now() - 2 * DAY);
    dayB = istDay(Date.now() - DAY);
    const a0 = istMidnight(dayA);
    for (let q = 0; q < 10; q++) readings.push({ ts: a0 + q * 15 * MINUTE + MINUTE, values: q < 4 ? { pm: 10 + q, so2: 5 } : { pm: 10 + q } });
    readings.push({ ts: istMidnight(dayB) - MINUTE, values: { pm: 40 } });
    readings.push({ ts: istMidnight(dayB) + MINUTE, values: { pm: 60 } });
    readings.push({ ts: istMidnight(dayB) + 3 * 60 * MINUTE, values: { pm: 20 } });
    const res = await ctx.inject({ method: 'POST', url: `/api/v1/${device.accessToken}/telemetry`, payload: readings });
    expect(res.statusCode).toBe(200);
    await drainRollups(ctx.database);
    // Availability of closed days is read from the compliance days the feed keeps.
    await drainComplianceDays(ctx.db);
    await ctx.database.pool.query(
      `INSERT INTO billing_address (tenant_id, owner_kind, owner_id, line1, city, state, pincode) VALUES ($1, 'tenant', $2, 'Plot 4, RIICO Area', 'Kota', 'Rajasthan', '324001')`,
      [tenantId, tenantId],
    );
    cookie = (await ctx.signedIn({ tenantId, userType: 'tenant', role: 'user' })).cookie;
    adminCookie = (await ctx.signedIn({ tenantId, userType: 'tenant', role: 'admin' })).cookie;
    const other = (await ctx.b.newTenant()).id;
    otherCookie = (await ctx.signedIn({ tenantId: other, userType: 'tenant', role: 'admin' })).cookie;
  });

  /** Expected figures computed here from the readings sent, not by the report code. */
  function expected(param: string) {
    const quarters = new Map<string, Set<number>>();
    for (const r of readings) {
      const v = r.values[param];
      if (v === undefined) continue;
      const day = istDay(r.ts);
      const q = Math.floor((r.ts - istMidnight(day)) / (15 * MINUTE));
      quarters.set(day, (quarters.get(day) ?? new Set()).add(q));
    }
    return { slots: (day: string) => quarters.get(day)?.size ?? 0 };
  }

  const body = (over: object = {}) => ({ format: 'CSV', request: { tenantId, entityIds: [entityId], startDate: dayA, endDate: dayB, ...over } });
  const post = (url: string, payload: object, c = cookie) => ctx.inject({ method: 'POST', url, headers: { cookie: c, ...XHR }, payload });

  it('lists the catalogue by user type, with the data-availability ids 35 and 36', async () => {
    const res = await ctx.inject({ method: 'GET', url: '/api/reports', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const ids = ReportCatalogue.parse(res.json()).items.map((d) => d.id);
    expect(ids).toContain(35);
    expect(ids).not.toContain(36);
    const statutory = ReportCatalogue.parse((await ctx.inject({ method: 'GET', url: '/api/reports/statutory', headers: { cookie } })).json());
    expect(statutory.items.find((d) => d.id === 36)?.dataAvailability).toBe(true);
    expect((await ctx.inject({ method: 'GET', url: '/api/reports', headers: XHR })).statusCode).toBe(401);
  });

  it('data availability (35): slots with data per station, parameter and IST day, across the IST midnight', async () => {
    const res = await post('/api/data-availability-report/35', body());
    expect(res.statusCode).toBe(200);
    const [header, ...rows] = csvRows(res.body);
    expect(header).toEqual(['Date', 'Station', 'Parameter', 'Unit', 'Slots with data', 'Slots expected', 'Availability (%)']);
    for (const param of ['pm', 'so2']) {
      const e = expected(param);
      for (const day of [dayA, dayB]) {
        const row = rows.find((r) => r[0] === day && r[2]!.toLowerCase().includes(param));
        expect(row, `${param} ${day}`).toBeDefined();
        expect(Number(row![4])).toBe(e.slots(day));
        expect(Number(row![6])).toBeCloseTo((100 * e.slots(day)) / 96, 1);
      }
    }
    expect(expected('pm').slots(dayA)).toBe(11);
    expect(expected('pm').slots(dayB)).toBe(2);
    // A total over the range per parameter: the device is in service from its first reading, dayA's midnight.
    const total = rows.find((r) => r[0] === `${dayA} to ${dayB}` && r[2]!.toLowerCase().includes('pm'))!;
    expect(total.slice(4).map(Number)).toEqual([13, 192, Math.round(1000 * 13 / 192) / 10]);
    const same = await post('/api/dataAvailabilityReport', body());
    expect(csvRows(same.body)).toEqual([header, ...rows]);
  });

  // Under docs/DEFINITIONS.md a day's average needs 64 quarters with data: these days have 11 and 2, so
  // their average is left empty beside the capture (it used to be the mean of the raw readings).
  // one-voice.test.ts checks the mean of 15-minute averages on a day that has enough.
  it('daily averages (1): days short of 16 hours of data show their capture, not an average', async () => {
    const res = await post('/api/reports/1', body());
    expect(res.statusCode).toBe(200);
    const [header, ...rows] = csvRows(res.body);
    expect(header).toEqual(['Date', 'Station', 'Parameter', 'Unit', 'Average', 'Quarters with data', 'Data capture (%)']);
    const e = expected('pm');
    for (const day of [dayA, dayB]) {
      const row = rows.find((r) => r[0] === day && r[2]!.toLowerCase().includes('pm'))!;
      expect(row.slice(4)).toEqual(['', String(e.slots(day)), String(Math.round((1000 * e.slots(day)) / 96) / 10)]);
    }
  });

  it('parallel measurements (7): each lab result of the period beside the analyser average the measurements route gives', async () => {
    const template = await post('/api/measure-templates', { name: 'Stack monitoring', fields: [{ paramName: 'pm', unit: 'mg/Nm3', method: 'USEPA Method 17' }] }, adminCookie);
    expect(template.statusCode, template.body).toBe(200);
    // Sampled over dayA's first hour, where the analyser averaged 10..13 mg/Nm3; one more result outside the period.
    const sampledAt = new Date(istMidnight(dayA)).toISOString();
    for (const [at, value] of [[sampledAt, 12.4], [new Date(istMidnight(dayA) - 5 * DAY).toISOString(), 50]] as const) {
      const res = await post('/api/measure-data', { templateId: template.json().id, entityId, sampledAt: at, durationMinutes: 60, lab: 'EnviroLabs Kota (NABL)', values: [{ paramName: 'pm', value }] }, adminCookie);
      expect(res.statusCode, res.body).toBe(200);
    }
    const listed = (await ctx.inject({ method: 'GET', url: `/api/measure-data?entityId=${entityId}&from=${encodeURIComponent(sampledAt)}`, headers: { cookie } })).json();
    const value = listed.items[0].values[0];
    const res = await post('/api/reports/7', body());
    expect(res.statusCode, res.body).toBe(200);
    const [header, ...rows] = csvRows(res.body);
    expect(header).toEqual(['Station', 'Sampled (IST)', 'Minutes', 'Lab', 'Parameter', 'Unit', 'Method', 'Lab result', 'Analyser average', 'Deviation (%)']);
    expect(rows.filter((r) => r[0] === 'Stack 1')).toEqual([
      ['Stack 1', `${dayA.slice(8, 10)} ${new Date(`${dayA}T00:00:00Z`).toLocaleString('en-GB', { month: 'short', timeZone: 'UTC' })} ${dayA.slice(0, 4)} 00:00`, '60', 'EnviroLabs Kota (NABL)', 'pm', 'mg/Nm3', 'USEPA Method 17', '12.4', String(value.continuousAverage), String(value.deviationPercent)],
    ]);
    expect(value.continuousAverage).toBe(11.5);
    // Another tenant's user names this station: 404, as every report.
    expect((await post('/api/reports/7', body(), otherCookie)).statusCode).toBe(404);
  });

  it('parameter-wise report carries its name; PDF has the letterhead and pages', async () => {
    const res = await post('/api/parameterwisereport', { reportName: 'PM daily', reportType: 'monthly', format: 'CSV', request: body().request });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('PM daily');
    const pdf = await post('/api/reports/2', body({}) && { format: 'PDF', request: body().request });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
  });

  it('mails a report with ?isemail=email as an attachment', async () => {
    const since = ctx.mail.mails.length;
    const res = await post('/api/reports/35?isemail=email', { ...body(), emails: ['plant@acme.example'] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ emailed: ['plant@acme.example'] });
    const mail = await ctx.mail.next('plant@acme.example', since);
    expect(mail.subject).toContain('Data availability report');
    // The CSV rides as an attachment named like the download.
    expect(mail.raw).toMatch(/Content-Type: text\/csv/i);
    expect(mail.raw).toMatch(/Content-Disposition: attachment;\s+filename="?Data availability report/i);
  });

  it('answers 400 naming the field, 404 for another tenant and a non-availability id on the availability route', async () => {
    const bad = await post('/api/reports/1', body({ endDate: 'yesterday' }));
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('endDate');
    const reversed = await post('/api/reports/1', body({ startDate: dayB, endDate: dayA }));
    expect(reversed.statusCode).toBe(400);
    expect((await post('/api/reports/1', body(), otherCookie)).statusCode).toBe(404);
    expect((await post('/api/reports/999', body())).statusCode).toBe(404);
    expect((await post('/api/data-availability-report/1', body())).statusCode).toBe(400);
  });

  it('billing address of the industry, 404 to another tenant', async () => {
    const res = await ctx.inject({ method: 'GET', url: `/api/address/tenant/BILLING/${tenantId}`, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ addressType: 'BILLING', city: 'Kota', pincode: '324001' });
    expect((await ctx.inject({ method: 'GET', url: `/api/address/tenant/BILLING/${tenantId}`, headers: { cookie: otherCookie } })).statusCode).toBe(404);
    expect((await ctx.inject({ method: 'GET', url: `/api/address/tenant/SHIPPING/${tenantId}`, headers: { cookie } })).statusCode).toBe(404);
    expect((await ctx.inject({ method: 'GET', url: `/api/address/tenant/BILLING/0`, headers: { cookie } })).statusCode).toBe(400);
  });

  it('runs a long report as a job with progress, and the file downloads when done', async () => {
    const res = await post('/api/report-jobs', { reportId: 35, format: 'CSV', request: body().request });
    expect(res.statusCode).toBe(200);
    const job = ReportJob.parse(res.json());
    expect(job.status).toBe('queued');
    expect((await ctx.inject({ method: 'GET', url: `/api/report-jobs/${job.id}/file`, headers: { cookie } })).statusCode).toBe(400);
    // A worker of another "server" takes it: the state is in the database.
    const worker = ctx.app.reports.jobs.withMailer(createMailer(undefined, 'x@y', ctx.app.log));
    expect(await worker.runNextJob()).toBe(true);
    expect(await worker.runNextJob()).toBe(false);
    const done = ReportJob.parse((await ctx.inject({ method: 'GET', url: `/api/report-jobs/${job.id}`, headers: { cookie } })).json());
    // 2 days x 2 parameters, and each parameter's total over the range.
    expect(done).toMatchObject({ status: 'done', percent: 100, rows: 6 });
    const file = await ctx.inject({ method: 'GET', url: `/api/report-jobs/${job.id}/file`, headers: { cookie } });
    expect(csvRows(file.body)).toHaveLength(7);
    expect((await ctx.inject({ method: 'GET', url: `/api/report-jobs/${job.id}`, headers: { cookie: otherCookie } })).statusCode).toBe(404);
  });

  it("a report runs with its asker's rights, a job with those they have when it is built: a user limited to a station gets that station only", async () => {
    const works = (await ctx.b.newTenant({ name: 'Limited Works' })).id;
    const stations = [(await ctx.b.newEntity({ tenantId: works, name: 'Stack A' })).id, (await ctx.b.newEntity({ tenantId: works, name: 'Stack B' })).id];
    for (const entityId of stations) {
      const device = await ctx.b.newDevice({ tenantId: works, entityId });
      const sent = await ctx.inject({ method: 'POST', url: `/api/v1/${device.accessToken}/telemetry`, payload: [{ ts: istMidnight(dayA) + MINUTE, values: { pm: 5 } }] });
      expect(sent.statusCode).toBe(200);
    }
    await drainRollups(ctx.database);
    await drainComplianceDays(ctx.db);
    const everyone = (await ctx.signedIn({ tenantId: works, userType: 'tenant', role: 'user' })).cookie;
    const limited = await ctx.signedIn({ tenantId: works, userType: 'tenant', role: 'user' });
    await ctx.database.pool.query('INSERT INTO user_entity_access (tenant_id, user_id, entity_id) VALUES ($1, $2, $3)', [works, limited.id, stations[0]]);
    const request = { tenantId: works, startDate: dayA, endDate: dayB };
    const stationsIn = (csv: string) => new Set(csvRows(csv).slice(1).map((r) => r[1]));

    // At once: the limited user's report leaves the other station out, even when named.
    expect(stationsIn((await post('/api/data-availability-report/35', { format: 'CSV', request }, everyone)).body)).toEqual(new Set(['Stack A', 'Stack B']));
    expect(stationsIn((await post('/api/data-availability-report/35', { format: 'CSV', request }, limited.cookie)).body)).toEqual(new Set(['Stack A']));
    expect(stationsIn((await post('/api/data-availability-report/35', { format: 'CSV', request: { ...request, entityIds: stations } }, limited.cookie)).body)).toEqual(new Set(['Stack A']));

    // As a job, built by a worker with no request.
    const worker = ctx.app.reports.jobs.withMailer(createMailer(undefined, 'x@y', ctx.app.log));
    const queue = async (c: string) => ReportJob.parse((await post('/api/report-jobs', { reportId: 35, format: 'CSV', request }, c)).json());
    const fileOf = async (id: number, c: string) => {
      const file = await ctx.inject({ method: 'GET', url: `/api/report-jobs/${id}/file`, headers: { cookie: c } });
      expect(file.statusCode).toBe(200);
      return file.body;
    };
    const all = await queue(everyone);
    expect(await worker.runNextJob()).toBe(true);
    expect(stationsIn(await fileOf(all.id, everyone))).toEqual(new Set(['Stack A', 'Stack B']));
    const mine = await queue(limited.cookie);
    expect(await worker.runNextJob()).toBe(true);
    expect(stationsIn(await fileOf(mine.id, limited.cookie))).toEqual(new Set(['Stack A']));

    // Disabled after asking: the job is not built with rights the user no longer has.
    const late = await queue(limited.cookie);
    await ctx.database.pool.query(`UPDATE app_user SET status = 'DISABLED' WHERE id = $1`, [limited.id]);
    expect(await worker.runNextJob()).toBe(true);
    const failed = (await ctx.database.pool.query<{ status: string; error: string }>('SELECT status, error FROM report_job WHERE id = $1', [late.id])).rows[0]!;
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatch(/may no longer sign in/);
  });

  it("a board's availability report (36) as a job covers its industries, figured from the readings", async () => {
    const board = (await ctx.b.newTenant({ name: 'State Board', type: 'statutory' })).id;
    await ctx.database.pool.query('INSERT INTO statutory_association (tenant_id, statutory_id) VALUES ($1, $2)', [tenantId, board]);
    const boardCookie = (await ctx.signedIn({ tenantId: board, userType: 'statutory', role: 'user' })).cookie;
    const res = await post('/api/report-jobs', { reportId: 36, format: 'CSV', request: { startDate: dayA, endDate: dayB } }, boardCookie);
    expect(res.statusCode).toBe(200);
    const job = ReportJob.parse(res.json());
    const worker = ctx.app.reports.jobs.withMailer(createMailer(undefined, 'x@y', ctx.app.log));
    expect(await worker.runNextJob()).toBe(true);
    const file = await ctx.inject({ method: 'GET', url: `/api/report-jobs/${job.id}/file`, headers: { cookie: boardCookie } });
    expect(file.statusCode).toBe(200);
    const [header, ...rows] = csvRows(file.body);
    expect(header).toEqual(['Industry', 'Devices', 'Period (%)', dayA, dayB]);
    // Quarters with any parameter: pm's (so2 reported only beside pm); one device.
    const e = expected('pm');
    const share = (n: number, d: number) => Math.round((1000 * n) / d) / 10;
    const figures = [String(share(e.slots(dayA) + e.slots(dayB), 192)), String(share(e.slots(dayA), 96)), String(share(e.slots(dayB), 96))];
    expect(rows).toEqual([
      ['Acme Cement', '1', ...figures],
      ['All industries', '1', ...figures],
    ]);
  });

  it('schedules in IST: the latest whole period due at the time', () => {
    // 2026-04-01 09:00 IST is 03:30 UTC.
    const at9 = Date.parse('2026-04-01T03:30:00Z');
    expect(duePeriod('quarterly', 8 * 60, at9)).toEqual({ start: '2026-01-01', end: '2026-03-31' });
    expect(duePeriod('quarterly', 10 * 60, at9)).toEqual({ start: '2025-10-01', end: '2025-12-31' });
    expect(duePeriod('monthly', 0, at9)).toEqual({ start: '2026-03-01', end: '2026-03-31' });
    expect(duePeriod('daily', 9 * 60, at9)).toEqual({ start: '2026-03-31', end: '2026-03-31' });
    // 2026-04-01 is a Wednesday; the week before ran Monday 23 to Sunday 29 March.
    expect(duePeriod('weekly', 0, at9)).toEqual({ start: '2026-03-23', end: '2026-03-29' });
    // 00:10 IST on 1 April is still 31 March in UTC.
    expect(duePeriod('daily', 5, Date.parse('2026-03-31T18:40:00Z'))).toEqual({ start: '2026-03-31', end: '2026-03-31' });
    expect(periodContaining('monthly', '2024-02-10')).toEqual({ start: '2024-02-01', end: '2024-02-29' });
  });

  it('sends a scheduled report once per period even with two servers, with its run in the history', async () => {
    const bad = await post('/api/scheduled-reports', { name: 'x', reportId: 35, frequency: 'daily', time: '25:00', recipients: ['a@b.example'] }, adminCookie);
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('time');
    const res = await post(
      '/api/scheduled-reports',
      { name: 'Daily availability', reportId: 35, format: 'CSV', entityIds: [entityId], frequency: 'daily', time: '00:00', recipients: ['board@rspcb.example'] },
      adminCookie,
    );
    expect(res.statusCode).toBe(200);
    const schedule = ReportSchedule.parse(res.json());
    const { mailer, a, b } = twoReportServers(ctx);
    const since = ctx.mail.mails.length;
    const [sentA, sentB] = await Promise.all([a.runDueSchedules(), b.runDueSchedules()]);
    expect(sentA + sentB).toBeGreaterThanOrEqual(1);
    expect(await a.runDueSchedules()).toBe(0);
    const mail = await ctx.mail.next('board@rspcb.example', since);
    // A desk receiving many industries' reports is told whose this one is.
    expect(schedule.tenantName).toBe('Acme Cement');
    expect(mail.subject).toBe(`Acme Cement: Daily availability, ${dayB} to ${dayB}`);
    expect(mail.text).toContain('"Daily availability" of Acme Cement');
    expect(mail.raw).toMatch(/Content-Disposition: attachment/i);
    expect(ctx.mail.mails.slice(since).filter((m) => m.to.includes('board@rspcb.example'))).toHaveLength(1);
    const runs = ReportScheduleRunList.parse((await ctx.inject({ method: 'GET', url: `/api/scheduled-reports/${schedule.id}/runs`, headers: { cookie } })).json());
    expect(runs.items).toMatchObject([{ periodStart: dayB, periodEnd: dayB, status: 'sent', attempts: 1 }]);
    expect((await ctx.inject({ method: 'GET', url: `/api/scheduled-reports/${schedule.id}/runs`, headers: { cookie: otherCookie } })).statusCode).toBe(404);
    const del = await ctx.inject({ method: 'DELETE', url: `/api/scheduled-reports/${schedule.id}`, headers: { cookie: otherCookie, ...XHR } });
    expect(del.statusCode).toBe(404);
    // A board reading this industry and another sees each schedule with its industry's name.
    const board = (await ctx.b.newTenant({ name: 'Schedules Board', type: 'statutory' })).id;
    const second = (await ctx.b.newTenant({ name: 'Bharat Sugar', statutoryIds: [board] })).id;
    await ctx.database.pool.query('INSERT INTO statutory_association (statutory_id, tenant_id) VALUES ($1, $2)', [board, tenantId]);
    const secondAdmin = (await ctx.signedIn({ tenantId: second, userType: 'tenant', role: 'admin' })).cookie;
    expect((await post('/api/scheduled-reports', { name: 'Sugar availability', reportId: 35, format: 'CSV', frequency: 'daily', time: '00:00', recipients: ['board@rspcb.example'] }, secondAdmin)).statusCode).toBe(200);
    const boardCookie = (await ctx.signedIn({ tenantId: board, userType: 'statutory', role: 'user' })).cookie;
    const listed = ReportScheduleList.parse((await ctx.inject({ method: 'GET', url: '/api/scheduled-reports', headers: { cookie: boardCookie } })).json());
    expect(listed.items.map((i) => [i.name, i.tenantName]).sort()).toEqual([['Daily availability', 'Acme Cement'], ['Sugar availability', 'Bharat Sugar']]);
    await mailer.close();
  });

  it('holds the scheduled reports of a tenant whose subscription expired, and sends the due period once it renews', async () => {
    const lapsed = (await ctx.b.newTenant({ name: 'Lapsed Paper Mill' })).id;
    const lapsedAdmin = (await ctx.signedIn({ tenantId: lapsed, userType: 'tenant', role: 'admin' })).cookie;
    const body = { name: 'Mill availability', reportId: 35, format: 'CSV', frequency: 'daily', time: '00:00', recipients: ['mill@lapsed.example'] };
    const created = await post('/api/scheduled-reports', body, lapsedAdmin);
    expect(created.statusCode).toBe(200);
    const schedule = ReportSchedule.parse(created.json());
    await ctx.database.pool.query(`UPDATE tenant SET status = 'EXPIRED' WHERE id = $1`, [lapsed]);

    const refused = await post('/api/scheduled-reports', { ...body, name: 'Another' }, lapsedAdmin);
    expect([refused.statusCode, refused.json().field]).toEqual([403, 'subscription']);
    expect(refused.json().message).toContain('scheduled reports is a premium feature');
    const { mailer, a } = twoReportServers(ctx);
    const since = ctx.mail.mails.length;
    await a.runDueSchedules();
    const runs = () => ctx.inject({ method: 'GET', url: `/api/scheduled-reports/${schedule.id}/runs`, headers: { cookie: lapsedAdmin } }).then((r) => ReportScheduleRunList.parse(r.json()).items);
    expect(await runs()).toEqual([]);
    expect(ctx.mail.mails.slice(since).filter((m) => m.to.includes('mill@lapsed.example'))).toHaveLength(0);

    await ctx.database.pool.query(`UPDATE tenant SET status = 'ENABLED' WHERE id = $1`, [lapsed]);
    await a.runDueSchedules();
    expect(await runs()).toMatchObject([{ periodStart: dayB, periodEnd: dayB, status: 'sent' }]);
    await ctx.mail.next('mill@lapsed.example', since);
    await mailer.close();
  });
});
