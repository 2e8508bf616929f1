import { ComplianceData } from '@enviro/contracts/compliance';
import { formatInZone } from '@enviro/domain/format-date';
import { beforeAll, describe, expect, it } from 'vitest';
import { AlertEvaluator } from '../src/modules/alerts/alert-evaluation.ts';
import { ChangeRequestService, changeRequestDeps } from '../src/modules/change-requests/change-requests.service.ts';
import { drainComplianceDays } from '../src/modules/compliance/compliance-days-worker.ts';
import { drainRollups } from '../src/modules/data/rollups.ts';
import { insertReadings, type Reading } from './data-fixture.ts';
import { useTestApp } from './test-app.ts';
import { userAuth } from './user-auth.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const QUARTER = 15 * MINUTE;

/**
 * An approved maintenance window is maintenance in every figure, exactly as a maintenance window
 * recorded the existing way (docs/DEFINITIONS.md): three stations read pm at 95 (limit 50) every
 * 5 minutes for three hours. A's middle hour is a window its board approved beforehand; B's middle
 * hour is a station maintenance window opened directly; C sent nothing in its middle hour and its
 * request for that hour was rejected: unannounced downtime stays downtime.
 */
describe('approved maintenance windows in the figures', () => {
  const ctx = useTestApp();
  const T = Math.floor((Date.now() - 8 * HOUR) / QUARTER) * QUARTER;
  const W = { from: T + HOUR, to: T + 2 * HOUR };
  let tenantId = 0;
  const station = { a: 0, b: 0, c: 0 };
  const device = { a: 0, b: 0, c: 0 };
  let cookie = '';

  const readings = (gap: boolean): Reading[] => {
    const out: Reading[] = [];
    for (let ts = T; ts < T + 3 * HOUR; ts += 5 * MINUTE) if (!gap || ts < W.from || ts >= W.to) out.push({ ts, vals: [95] });
    return out;
  };

  beforeAll(async () => {
    tenantId = (await ctx.b.newTenant({ name: 'Kota Cement' })).id;
    const board = (await ctx.b.newTenant({ name: 'Rajasthan SPCB', type: 'statutory' })).id;
    await ctx.database.pool.query(`INSERT INTO statutory_association (tenant_id, statutory_id) VALUES ($1, $2)`, [tenantId, board]);
    for (const k of ['a', 'b', 'c'] as const) {
      station[k] = (await ctx.b.newEntity({ tenantId, name: `Stack ${k.toUpperCase()}` })).id;
      device[k] = (await ctx.b.newDevice({ tenantId, entityId: station[k], params: [{ name: 'pm', max: 50 }] })).id;
    }
    const industryUser = await ctx.signedIn({ tenantId, userType: 'tenant', role: 'user' });
    cookie = industryUser.cookie;
    const boardUser = await ctx.newUser({ tenantId: board, userType: 'statutory', role: 'user' });

    // Raised and decided an hour before T, as the board would have.
    const service = new ChangeRequestService(changeRequestDeps(ctx.app), () => T - HOUR);
    const industry = userAuth(industryUser.id, tenantId, 'tenant', 'user', [tenantId]);
    const decider = userAuth(boardUser.id, board, 'statutory', 'user', [board, tenantId]);
    const period = { from: new Date(W.from).toISOString(), to: new Date(W.to).toISOString() };
    const a = await service.raise(industry, 'MAINTENANCE', { stationId: station.a, ...period, reason: 'Probe replacement' });
    await service.move(decider, a.id, { status: 'APPROVED', comment: 'Agreed' });
    const c = await service.raise(industry, 'MAINTENANCE', { stationId: station.c, ...period, reason: 'Fan repair' });
    await service.move(decider, c.id, { status: 'REJECTED', comment: 'Announce it a week ahead' });
    await ctx.app.devices.windows.open({ tenantId, entityId: String(station.b), kind: 'MAINTENANCE', startsAt: new Date(W.from), endsAt: new Date(W.to), source: 'test', reason: 'Maintenance' });

    await insertReadings(ctx.database, tenantId, device.a, readings(false));
    await insertReadings(ctx.database, tenantId, device.b, readings(false));
    await insertReadings(ctx.database, tenantId, device.c, readings(true));
    await drainRollups(ctx.database);
    const evaluator = new AlertEvaluator(ctx.db, ctx.app.devices.windows);
    await evaluator.ensureDefaults();
    await evaluator.drain();
    await drainComplianceDays(ctx.db);
  });

  it('leaves the approved window out of availability and compliance exactly as a maintenance window', async () => {
    const day = (at: number) => formatInZone(at, 'YYYY-MM-DD');
    const res = await ctx.inject({ method: 'GET', url: `/api/getComplianceData?from=${day(T)}&to=${day(Date.now())}&tenantId=${tenantId}`, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const stations = ComplianceData.parse(res.json()).stations;
    const of = (id: number) => stations.find((s) => s.stationId === id)!;
    const [a, b, c] = [of(station.a), of(station.b), of(station.c)];

    expect(a.uptime.suppressedSlots).toBe(4);
    expect(a.uptime).toEqual(b.uptime);
    const figures = (s: typeof a) => s.parameters.map(({ deviceId: _id, deviceName: _name, ...rest }) => rest);
    expect(figures(a)).toEqual(figures(b));
    expect(a.parameters[0]).toMatchObject({ suppressedSlots: 4, slotsWithData: 8, exceedances: 8 });

    // The rejected request changed nothing: its hour without data is expected and missing.
    expect(c.uptime.suppressedSlots).toBe(0);
    expect(c.uptime.slots).toBe(a.uptime.slots);
    expect(c.uptime.slotsWithData).toBe(8);
    expect(a.uptime.availability).not.toBeNull();
    expect(c.uptime.availability ?? 100).toBeLessThan(a.uptime.availability ?? 0);
  });

  it('raises no exceedance in the approved window, as in a maintenance window', async () => {
    const slots = async (deviceId: number) =>
      (await ctx.database.pool.query<{ bucket: Date; breach: boolean; suppressed: boolean }>(
        `SELECT s.bucket, s.breach, s.suppressed FROM alert_slot s JOIN alert_rule r ON r.tenant_id = s.tenant_id AND r.id = s.rule_id
         WHERE s.tenant_id = $1 AND s.device_id = $2 AND r.condition = 'AVG_15M' ORDER BY s.bucket`,
        [tenantId, deviceId],
      )).rows.map((r) => [r.bucket.getTime(), r.breach, r.suppressed]);
    const a = await slots(device.a);
    expect(a).toHaveLength(12);
    for (const [bucket, breach, suppressed] of a) {
      const inside = (bucket as number) >= W.from && (bucket as number) < W.to;
      expect([breach, suppressed]).toEqual(inside ? [false, true] : [true, false]);
    }
    expect(a).toEqual(await slots(device.b));

    const episodes = async (deviceId: number) =>
      (await ctx.database.pool.query(`SELECT started_at, last_breach_at FROM alert_episode WHERE tenant_id = $1 AND device_id = $2 AND type = 'AVG_15M' ORDER BY started_at`, [tenantId, deviceId])).rows;
    const ofA = await episodes(device.a);
    expect(ofA.length).toBeGreaterThan(0);
    expect(ofA).toEqual(await episodes(device.b));
    for (const e of ofA) expect((e.last_breach_at as Date).getTime() < W.from || (e.started_at as Date).getTime() >= W.to || (e.last_breach_at as Date).getTime() >= W.to).toBe(true);
  });

  it('hands the regulator push the window as maintenance (the flag every protocol sends as M)', async () => {
    const found = await ctx.app.devices.windows.covering(tenantId, [{ deviceId: String(device.a), entityId: String(station.a) }], new Date(T), new Date(T + 3 * HOUR));
    expect(found.map((w) => [w.kind, w.startsAt.getTime(), w.endsAt?.getTime()])).toEqual([['MAINTENANCE', W.from, W.to]]);
    expect(found[0]!.source).toMatch(/^change-request:\d+$/);
  });
});
