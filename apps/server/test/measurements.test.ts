import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './test-app.ts';

const HOUR = 3_600_000;

describe('measure templates and manual measurements', () => {
  const ctx = useTestApp();
  let tenantId: number;
  let station: number;
  let templateId: number;
  let admin: Record<string, string>;
  let reader: Record<string, string>;
  let stranger: Record<string, string>;
  // A whole 15-minute bucket two hours back, so the sampling hour lies on bucket edges.
  const sampledAt = Math.floor((Date.now() - 3 * HOUR) / (15 * 60_000)) * 15 * 60_000;

  beforeAll(async () => {
    const d = await ctx.b.newStationDevice({ params: [{ name: 'pm', unit: 'mg/Nm3' }] });
    ({ tenantId, entityId: station } = d);
    // The analyser read 40 mg/Nm3 every minute of the sampling hour.
    const readings = Array.from({ length: 60 }, (_, i) => ({ ts: sampledAt + i * 60_000, values: { pm: 40 } }));
    const res = await ctx.inject({ method: 'POST', url: `/api/v1/${d.accessToken}/telemetry`, payload: readings });
    expect(res.statusCode, res.body).toBe(200);
    const headers = (cookie: string) => ({ cookie, 'x-requested-with': 'XMLHttpRequest' });
    admin = headers((await ctx.signedIn({ tenantId, userType: 'tenant', role: 'admin' })).cookie);
    reader = headers((await ctx.signedIn({ tenantId, userType: 'tenant', role: 'user' })).cookie);
    const other = (await ctx.b.newTenant()).id;
    stranger = headers((await ctx.signedIn({ tenantId: other, userType: 'tenant', role: 'admin' })).cookie);
    const template = await ctx.inject({
      method: 'POST',
      url: '/api/measure-templates',
      headers: admin,
      payload: { name: 'Quarterly stack monitoring', fields: [{ paramName: 'pm', unit: 'mg/Nm3', method: 'USEPA Method 17' }, { paramName: 'so2', unit: 'mg/Nm3', method: 'IS 11255-2' }] },
    });
    expect(template.statusCode, template.body).toBe(200);
    templateId = template.json().id;
  });

  const record = (body: object, headers = admin) => ctx.inject({ method: 'POST', url: '/api/measure-data', headers, payload: { templateId, entityId: station, sampledAt: new Date(sampledAt).toISOString(), lab: 'EnviroLabs Jaipur (NABL)', ...body } });

  it("records a lab's results and shows each beside the continuous average over the sampling hour, with the deviation", async () => {
    const res = await record({ values: [{ paramName: 'pm', value: 50 }, { paramName: 'so2', value: 80 }] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      templateName: 'Quarterly stack monitoring',
      durationMinutes: 60,
      values: [
        { paramName: 'pm', value: 50, unit: 'mg/Nm3', method: 'USEPA Method 17', continuousAverage: 40, continuousUnit: 'mg/Nm3', deviationPercent: -20 },
        // No analyser measures SO2 here: nothing to compare with.
        { paramName: 'so2', value: 80, continuousAverage: null, deviationPercent: null },
      ],
    });
    const list = await ctx.inject({ method: 'GET', url: `/api/measure-data?entityId=${station}`, headers: reader });
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((m: { id: number }) => m.id)).toEqual([res.json().id]);
    const audit = await ctx.database.pool.query('SELECT action FROM audit_log WHERE tenant_id = $1 AND entity = $2', [tenantId, `manual_measurement:${res.json().id}`]);
    expect(audit.rows).toEqual([{ action: 'measurement.add' }]);
  });

  it.each([
    ['a sampling time in the future', { sampledAt: new Date(Date.now() + HOUR).toISOString(), values: [{ paramName: 'pm', value: 1 }] }, 'body.sampledAt', 'body.sampledAt: a measurement cannot be sampled in the future'],
    ['a parameter the template lacks', { values: [{ paramName: 'nox', value: 1 }] }, 'body.values.0.paramName', "body.values.0.paramName: 'nox' is not a field of Quarterly stack monitoring"],
    ['no values', { values: [] }, 'body.values', undefined],
  ])('refuses %s, naming the field, and stores nothing', async (_case, body, field, message) => {
    const before = (await ctx.database.pool.query('SELECT count(*)::int AS n FROM manual_measurement')).rows[0].n;
    const res = await record(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe(field);
    if (message) expect(res.json().message).toBe(message);
    expect((await ctx.database.pool.query('SELECT count(*)::int AS n FROM manual_measurement')).rows[0].n).toBe(before);
  });

  it("answers 404 to another tenant for the station and the measurement, and 403 to a reader's writes", async () => {
    expect((await record({ values: [{ paramName: 'pm', value: 1 }] }, stranger)).statusCode).toBe(404);
    expect((await ctx.inject({ method: 'GET', url: `/api/measure-data?entityId=${station}`, headers: stranger })).statusCode).toBe(404);
    expect((await record({ values: [{ paramName: 'pm', value: 1 }] }, reader)).statusCode).toBe(403);
    const mine = (await record({ values: [{ paramName: 'pm', value: 42 }] })).json();
    expect((await ctx.inject({ method: 'POST', url: '/api/delete/measure-data', headers: stranger, payload: { id: mine.id } })).statusCode).toBe(404);
    const deleted = await ctx.inject({ method: 'POST', url: '/api/delete/measure-data', headers: admin, payload: { id: mine.id } });
    expect(deleted.statusCode).toBe(200);
    expect((await ctx.database.pool.query('SELECT count(*)::int AS n FROM manual_value WHERE measurement_id = $1', [mine.id])).rows[0].n).toBe(0);
  });
});
