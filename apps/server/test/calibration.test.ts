import { describe, expect, it } from 'vitest';
import { isSuppressed, SuppressionWindowService } from '../src/modules/devices/suppression-windows.service.ts';
import { useTestApp } from './test-app.ts';

/**
 * Calibration routes (SPEC 7 "Devices and calibration"): start with the certificate (JSON or
 * multipart), progress, finish, abort, the figures, schedules and what is due, and who may do what.
 */
const ctx = useTestApp();
await ctx.start();

const XHR = { 'x-requested-with': 'XMLHttpRequest' };
const tenantId = (await ctx.b.newTenant()).id;
const stationId = (await ctx.b.newEntity({ tenantId, type: 'cems' })).id;
const device = await ctx.b.newDevice({ tenantId, entityId: stationId, params: [{ name: 'so2', unit: 'ppm' }, { name: 'pm' }] });
const device2 = await ctx.b.newDevice({ tenantId, entityId: stationId, params: [{ name: 'nox' }] });
// The devices were installed 100 days ago, so never-done checks are past their first date.
await ctx.db.updateTable('device').set({ created_at: new Date(Date.now() - 100 * 86_400_000) } as never).where('tenant_id', '=', tenantId).execute();

const admin = await ctx.signedIn({ tenantId, userType: 'tenant', role: 'admin' });
const reader = await ctx.signedIn({ tenantId, userType: 'tenant', role: 'user' });
const otherTenant = (await ctx.b.newTenant()).id;
const outsider = await ctx.signedIn({ tenantId: otherTenant, userType: 'tenant', role: 'admin' });
const site = await ctx.signedIn({ tenantId: (await ctx.b.newTenant({ type: 'site' })).id, userType: 'site', role: 'operations' });

const as = (u: { cookie: string }) => ({ cookie: u.cookie, ...XHR });
const post = (url: string, payload: unknown, user: { cookie: string } = admin) => ctx.inject({ method: 'POST', url, headers: as(user), payload: payload as object });
const get = (url: string, user: { cookie: string } | null = admin) => ctx.inject({ method: 'GET', url, headers: user ? as(user) : {} });

const PDF = Buffer.from('%PDF-1.4 calibration certificate of cylinder 42');
const twoPoint = (type: 'ZERO' | 'SPAN' | 'MULTIPOINT', measured?: [number, number]) => ({
  deviceId: device.id,
  type,
  params: [{ name: 'so2', range: 500, points: [{ kind: 'ZERO', expected: 0, measured: measured?.[0] }, { kind: 'SPAN', expected: 400, measured: measured?.[1] }] }],
});

const windowsOf = (deviceId: number, from: Date, to: Date) =>
  new SuppressionWindowService(ctx.db).covering(tenantId, [{ deviceId: String(deviceId), entityId: String(stationId) }], from, to);

describe('POST /api/startCalibration', () => {
  it('starts a calibration with its certificate in JSON, opens a CALIBRATION window and keeps the file as a document', async () => {
    const before = new Date();
    const res = await post('/api/startCalibration', { ...twoPoint('ZERO'), remarks: 'cylinder 42', file: { fileName: 'cert.pdf', contentType: 'application/pdf', content: PDF.toString('base64') } });
    expect(res.statusCode).toBe(200);
    const c = res.json();
    expect(c).toMatchObject({ deviceId: device.id, entityId: stationId, type: 'ZERO', status: 'IN_PROGRESS', method: 'MANUAL', endedAt: null, remarks: 'cylinder 42', documentPath: `${tenantId}/calibration/${c.id}/cert.pdf` });
    expect(c.params[0]).toMatchObject({ name: 'so2', label: 'SO2', unit: 'ppm', range: 500, verdict: null });

    const windows = await windowsOf(device.id, new Date(before.getTime() - 1000), new Date(Date.now() + 3_600_000));
    expect(windows).toHaveLength(1);
    expect(windows[0]).toMatchObject({ kind: 'CALIBRATION', source: `calibration:${c.id}`, endsAt: null });
    // A reading now is calibration data; another device's is not.
    expect(isSuppressed(windows, { deviceId: String(device.id), entityId: String(stationId) }, new Date())).toBeDefined();
    expect(isSuppressed(windows, { deviceId: String(device2.id), entityId: String(stationId) }, new Date())).toBeUndefined();

    const doc = await post('/api/documentById', { pathName: c.documentPath });
    expect(doc.statusCode).toBe(200);
    expect(doc.rawPayload).toEqual(PDF);

    // A second start of the same device while this one runs.
    const again = await post('/api/startCalibration', twoPoint('SPAN'));
    expect(again.statusCode).toBe(409);
    expect(again.json().field).toBe('body.deviceId');

    const ongoing = await get(`/api/checkOnGoingCalibration/${device.id}`, reader);
    expect(ongoing.json()).toEqual({ ongoing: true, calibrationId: c.id, startedAt: c.startedAt });
    const progress = await get(`/api/inProgressCalibrate/${device.id}`, reader);
    expect(progress.statusCode).toBe(200);
    expect(progress.json().calibration.id).toBe(c.id);
    expect(progress.json().params).toEqual([{ name: 'so2', label: 'SO2', unit: 'ppm' }, { name: 'pm', label: 'PM', unit: 'mg/Nm3' }]);

    // Finished with what the analyser read: 2 ppm at zero is 0.4 % of the 500 ppm range.
    const done = await post(`/api/calibrate/${c.id}`, { params: [{ name: 'so2', measured: [2, 398] }] });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ status: 'COMPLETED', verdict: 'PASS' });
    expect(done.json().params[0].points.map((p: { deviationPercent: number }) => p.deviationPercent)).toEqual([0.4, -0.5]);
    const closed = await windowsOf(device.id, before, new Date(Date.now() + 3_600_000));
    expect(closed[0]!.endsAt).toEqual(new Date(done.json().endedAt));
    expect((await get(`/api/checkOnGoingCalibration/${device.id}`)).json().ongoing).toBe(false);
    // Finishing twice.
    expect((await post(`/api/calibrate/${c.id}`, {})).statusCode).toBe(409);
  });

  it('takes a multipart form: the calibration field and the file part', async () => {
    const boundary = '----enviro' + Date.now();
    const json = JSON.stringify(twoPoint('SPAN', [0, 340]));
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="calibration"\r\n\r\n${json}\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="span report.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
      PDF,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await ctx.inject({ method: 'POST', url: '/api/startCalibration', headers: { ...as(admin), 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: body });
    expect(res.statusCode).toBe(200);
    const c = res.json();
    expect(c.documentPath).toBe(`${tenantId}/calibration/${c.id}/span report.pdf`);
    expect((await post('/api/documentById', { pathName: c.documentPath })).rawPayload).toEqual(PDF);
    // 340 against 400 expected is 15 % off: beyond the gases' 5 %.
    const done = await post(`/api/calibrate/${c.id}`, {});
    expect(done.json()).toMatchObject({ status: 'COMPLETED', verdict: 'DRIFT' });

    const bad = await ctx.inject({
      method: 'POST',
      url: '/api/startCalibration',
      headers: { ...as(admin), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="calibration"\r\n\r\n{not json\r\n--${boundary}--\r\n`,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('body.calibration');
  });

  it('answers 400 naming the field for bad input', async () => {
    const cases: [unknown, string][] = [
      [{ ...twoPoint('ZERO'), deviceId: undefined }, 'deviceId'],
      [{ ...twoPoint('ZERO'), type: 'HALF' }, 'type'],
      [{ ...twoPoint('ZERO'), params: [{ name: 'hg', points: [{ kind: 'ZERO', expected: 0 }] }] }, 'params'],
      [{ ...twoPoint('ZERO'), params: [] }, 'params'],
      [{ ...twoPoint('ZERO'), startedAt: new Date(Date.now() + 86_400_000).toISOString() }, 'startedAt'],
      [{ ...twoPoint('ZERO'), file: { fileName: 'a/b.pdf', contentType: 'application/pdf', content: 'AAAA' } }, 'file.fileName'],
    ];
    for (const [body, field] of cases) {
      const res = await post('/api/startCalibration', body);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().field, JSON.stringify(res.json())).toBe(`body.${field}`);
    }
  });

  it("refuses another tenant's user (404), an industry user (403) and no session (401)", async () => {
    expect((await post('/api/startCalibration', twoPoint('ZERO'), outsider)).statusCode).toBe(404);
    expect((await post('/api/startCalibration', twoPoint('ZERO'), reader)).statusCode).toBe(403);
    expect((await ctx.inject({ method: 'POST', url: '/api/startCalibration', headers: XHR, payload: twoPoint('ZERO') })).statusCode).toBe(401);
  });
});

describe('abort', () => {
  it('aborts a calibration in progress and closes its window; site operations may', async () => {
    const c = (await post('/api/startCalibration', { ...twoPoint('MULTIPOINT'), deviceId: device2.id, params: [{ name: 'nox', points: [{ kind: 'ZERO', expected: 0 }] }] }, site)).json();
    expect(c.status).toBe('IN_PROGRESS');
    expect((await post(`/api/abortCalibration/${c.id}`, { reason: 'cylinder empty' }, reader)).statusCode).toBe(403);
    expect((await post(`/api/abortCalibration/${c.id}`, {}, outsider)).statusCode).toBe(404);
    const res = await post(`/api/abortCalibration/${c.id}`, { reason: 'cylinder empty' }, site);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ABORTED', abortReason: 'cylinder empty' });
    const windows = await windowsOf(device2.id, new Date(Date.now() - 3_600_000), new Date(Date.now() + 3_600_000));
    expect(windows[0]!.endsAt).not.toBeNull();
    expect((await post(`/api/abortCalibration/${c.id}`, {}, site)).statusCode).toBe(409);
  });
});

describe('history and figures', () => {
  it('lists calibrations newest first and pages them', async () => {
    const res = await get(`/api/calibrateList?deviceId=${device.id}&pageSize=1`, reader);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ total: 2, page: 0, pageSize: 1 });
    expect(res.json().items[0].type).toBe('SPAN');
    expect((await get(`/api/calibrateList?status=ABORTED`)).json().items.map((c: { deviceId: number }) => c.deviceId)).toEqual([device2.id]);
    expect((await get(`/api/calibrateList`, outsider)).json().total).toBe(0);
    expect((await get(`/api/calibrateList?tenantId=${tenantId}`, outsider)).statusCode).toBe(404);
    expect((await get(`/api/calibrateList?status=DONE`)).json().field).toBe('querystring.status');
    expect((await get(`/api/calibrateList`, null)).statusCode).toBe(401);
  });

  it('answers the figures with SPEC 7 spelling', async () => {
    const times = (await get(`/api/CalibartionsTime/${device.id}`)).json();
    expect(times.map((t: { type: string }) => t.type)).toEqual(['ZERO', 'SPAN']);
    const zero = (await get(`/api/ZeroCalibartionDuration/${device.id}`)).json();
    expect(zero).toMatchObject({ type: 'ZERO' });
    expect(zero.items).toHaveLength(1);
    expect((await get(`/api/SpanCalibartionDuration/${device.id}`)).json().items).toHaveLength(1);
    const zeroDev = (await get(`/api/PercentageOfDeviationOfZeroCalibartion/${device.id}`)).json();
    // The zero point of the ZERO calibration (0.4 %) and of the SPAN one (0 read at zero).
    expect(zeroDev.params[0].data.map((d: { deviationPercent: number }) => d.deviationPercent)).toEqual([0.4]);
    const spanDev = (await get(`/api/PercentageOfDeviationOfSpanCalibartion/${device.id}`)).json();
    expect(spanDev.params[0]).toMatchObject({ name: 'so2', tolerance: 5, toleranceUnit: 'PERCENT' });
    expect(spanDev.params[0].data.map((d: { deviationPercent: number }) => d.deviationPercent)).toEqual([-15]);
    expect((await get(`/api/CalibartionsTime/${device.id}`, outsider)).statusCode).toBe(404);
    expect((await get(`/api/CalibartionsTime/${device.id}?startDate=2025-01-02T00:00:00Z&endDate=2025-01-01T00:00:00Z`)).json().field).toBe('querystring.startDate');
    expect((await get(`/api/ZeroCalibartionDuration/abc`)).json().field).toBe('params.id');
  });
});

describe('schedules and what is due', () => {
  it('lists every check by the protocol: the two-point done, multipoint never; drift carried', async () => {
    const due = (await get(`/api/calibrationData?deviceId=${device.id}`, reader)).json();
    const so2 = due.filter((d: { param: string }) => d.param === 'so2');
    expect(so2.map((d: { check: string; state: string }) => [d.check, d.state])).toEqual([['TWO_POINT', 'OK'], ['MULTIPOINT', 'NEVER']]);
    expect(so2[0]).toMatchObject({ everyDays: 15, lastVerdict: 'DRIFT', entityId: stationId });
    // PM was never checked; its quarterly check fell due 10 days ago.
    expect(due.find((d: { param: string }) => d.param === 'pm')).toMatchObject({ check: 'TWO_POINT', everyDays: 90, state: 'NEVER' });

    const tasks = (await get(`/api/actionable-task/device-maintenance`, reader)).json();
    expect(tasks.every((t: { state: string }) => t.state !== 'OK')).toBe(true);
    expect(tasks.map((t: { deviceId: number; param: string }) => `${t.deviceId}/${t.param}`)).toContain(`${device2.id}/nox`);

    const stats = (await get(`/api/calibrationStats`, reader)).json();
    expect(stats).toEqual({ devices: 2, inProgress: 0, due: 0, overdue: tasks.length, completedLast30Days: 2, abortedLast30Days: 1, drifted: 1 });
    expect((await get(`/api/calibrationStats?tenantId=${tenantId}`, outsider)).statusCode).toBe(404);
    expect((await get(`/api/calibrationData?deviceId=${device.id}`, outsider)).statusCode).toBe(404);
  });

  it("lets the tenant's administrator set a rule per parameter (audited), and an industry user only read", async () => {
    const rules = [{ param: 'so2', check: 'TWO_POINT', everyDays: 7, tolerance: 20, toleranceUnit: 'PERCENT' }, { param: 'pm', check: 'TWO_POINT', everyDays: 0, tolerance: 10, toleranceUnit: 'PERCENT' }];
    expect((await ctx.inject({ method: 'PUT', url: '/api/calibrationSchedules', headers: as(reader), payload: { tenantId, rules } })).statusCode).toBe(403);
    expect((await ctx.inject({ method: 'PUT', url: '/api/calibrationSchedules', headers: as(outsider), payload: { tenantId, rules } })).statusCode).toBe(404);
    const bad = await ctx.inject({ method: 'PUT', url: '/api/calibrationSchedules', headers: as(admin), payload: { tenantId, rules: [{ ...rules[0], toleranceUnit: 'PPM' }] } });
    expect(bad.json().field).toBe('body.rules.0.toleranceUnit');
    const res = await ctx.inject({ method: 'PUT', url: '/api/calibrationSchedules', headers: as(admin), payload: { tenantId, rules } });
    expect(res.statusCode).toBe(200);
    const so2 = res.json().rules.filter((r: { param: string }) => r.param === 'so2');
    expect(so2).toEqual([
      { param: 'so2', check: 'TWO_POINT', everyDays: 7, tolerance: 20, toleranceUnit: 'PERCENT', own: true },
      { param: 'so2', check: 'MULTIPOINT', everyDays: 90, tolerance: 5, toleranceUnit: 'PERCENT', own: false },
    ]);
    const audit = await ctx.db.selectFrom('audit_log').select('action').where('tenant_id', '=', tenantId).execute();
    expect(audit.map((a) => a.action)).toContain('calibration schedules changed');
    // The span that drifted 15 % passes a 20 % tolerance; PM's check is off.
    const due = (await get(`/api/calibrationData?deviceId=${device.id}`)).json();
    expect(due.find((d: { param: string; check: string }) => d.param === 'so2' && d.check === 'TWO_POINT')).toMatchObject({ everyDays: 7, lastVerdict: 'PASS' });
    expect(due.some((d: { param: string }) => d.param === 'pm')).toBe(false);
    expect((await get(`/api/calibrationSchedules?tenantId=${tenantId}`, reader)).json().tenantId).toBe(tenantId);
  });
});

describe('trends beside calibration', () => {
  it("marks the periods a series' device was calibrated, and only that device's series", async () => {
    const startDate = new Date(Date.now() - 6 * 3_600_000).toISOString();
    const endDate = new Date(Date.now() + 3_600_000).toISOString();
    const res = await post('/api/data/metric', { request: { entityIds: [stationId], params: [{ name: 'so2' }, { name: 'nox' }], startDate, endDate, interval: 'hour_1' } });
    expect(res.statusCode).toBe(200);
    const byParam = new Map(res.json().map((r: { paramName: string }) => [r.paramName, r]));
    const so2 = byParam.get('so2') as { suppressed: { kind: string; deviceId: number; to: string | null }[] };
    // The zero and the span calibration of device 1 today, both finished.
    expect(so2.suppressed.map((w) => [w.kind, w.deviceId])).toEqual([['CALIBRATION', device.id], ['CALIBRATION', device.id]]);
    expect(so2.suppressed.every((w) => w.to !== null)).toBe(true);
    const nox = byParam.get('nox') as { suppressed: { deviceId: number }[] };
    expect(nox.suppressed.map((w) => w.deviceId)).toEqual([device2.id]);
    // Before any calibration there is nothing to mark, and no field.
    const old = await post('/api/data/metric', { request: { entityIds: [stationId], params: [{ name: 'so2' }], startDate: '2024-01-01T00:00:00Z', endDate: '2024-01-02T00:00:00Z', interval: 'hour_1' } });
    expect(old.json()[0]).not.toHaveProperty('suppressed');
  });
});

describe('a user limited to some stations', () => {
  it("sees only their stations' devices and calibrations", async () => {
    const otherStation = (await ctx.b.newEntity({ tenantId, type: 'cems', name: 'Kiln Stack' })).id;
    const kilnDevice = await ctx.b.newDevice({ tenantId, entityId: otherStation, params: [{ name: 'so2' }] });
    const limited = await ctx.signedIn({ tenantId, userType: 'tenant', role: 'user' });
    const granted = await ctx.inject({ method: 'PUT', url: `/api/entityaccesforuser/${limited.id}`, headers: as(admin), payload: { entityIds: [otherStation] } });
    expect(granted.statusCode).toBe(200);
    const first = (await get(`/api/calibrateList?deviceId=${device.id}`)).json().items[0];
    expect((await get(`/api/calibrate/${first.id}`, limited)).statusCode).toBe(404);
    expect((await get(`/api/checkOnGoingCalibration/${device.id}`, limited)).statusCode).toBe(404);
    expect((await get(`/api/CalibartionsTime/${device.id}`, limited)).statusCode).toBe(404);
    expect((await get(`/api/calibrateList`, limited)).json().total).toBe(0);
    const due = (await get(`/api/calibrationData`, limited)).json();
    expect(new Set(due.map((d: { deviceId: number }) => d.deviceId))).toEqual(new Set([kilnDevice.id]));
  });
});
