import { OversightOverview, type OversightRow } from '@enviro/contracts/oversight';
import { beforeAll, describe, expect, it } from 'vitest';
import { markClosedSlots, rebuildDayQuarters } from '../src/modules/dashboards/oversight-worker.ts';
import { OversightService } from '../src/modules/dashboards/oversight.service.ts';
import { drainRollups } from '../src/modules/data/rollups.ts';
import type { UserAuth } from '../src/platform/access/auth.ts';
import { useTestApp } from './test-app.ts';

const MINUTE = 60_000;
const QUARTER = 15 * MINUTE;

/**
 * A state board over three industries (and a fourth it is not associated with):
 * - Alpha: station A1 reads pm 80 over its limit of 50 now; station A2 never reported;
 * - Bravo: station B1 reported within limits in each of the last 4 closed quarters; 3 exceedance
 *   alerts this month, one 40 days ago and a data-loss alert;
 * - Charlie: one station without a device;
 * - Delta: not the board's.
 */
describe('GET /api/oversight', () => {
  const ctx = useTestApp();
  let board: number;
  const t: Record<'alpha' | 'bravo' | 'charlie' | 'delta', number> = {} as never;
  let boardCookie: string;
  let bravoCookie: string;
  let bravoKey: string;
  let b1: number;

  async function send(token: string, entries: { ts: number; values: Record<string, number> }[]) {
    const res = await ctx.inject({ method: 'POST', url: `/api/v1/${token}/telemetry`, payload: entries });
    expect(res.statusCode).toBe(200);
  }

  beforeAll(async () => {
    board = (await ctx.b.newTenant({ name: 'State Board', type: 'statutory' })).id;
    for (const [key, name] of [['alpha', 'Alpha Cement'], ['bravo', 'Bravo Steel'], ['charlie', 'Charlie Paper'], ['delta', 'Delta Sugar']] as const) {
      t[key] = (await ctx.b.newTenant({ name, statutoryIds: key === 'delta' ? [] : [board], state: 'Rajasthan', city: key === 'charlie' ? 'Kota' : 'Jaipur' })).id;
    }
    const now = Date.now();
    const a1 = await ctx.b.newEntity({ tenantId: t.alpha, name: 'A1' });
    const alphaDevice = await ctx.b.newDevice({ tenantId: t.alpha, entityId: a1.id, params: [{ name: 'pm', max: 50 }] });
    const a2 = await ctx.b.newEntity({ tenantId: t.alpha, name: 'A2' });
    await ctx.b.newDevice({ tenantId: t.alpha, entityId: a2.id, params: [{ name: 'pm', max: 50 }] });
    await send(alphaDevice.accessToken, [{ ts: now - 2 * MINUTE, values: { pm: 80 } }]);

    b1 = (await ctx.b.newEntity({ tenantId: t.bravo, name: 'B1' })).id;
    const bravoDevice = await ctx.b.newDevice({ tenantId: t.bravo, entityId: b1, params: [{ name: 'pm', max: 50 }] });
    const current = Math.floor(now / QUARTER) * QUARTER;
    await send(
      bravoDevice.accessToken,
      [4, 3, 2, 1].map((q) => ({ ts: current - q * QUARTER + MINUTE, values: { pm: 10 } })),
    );
    // Exceedance alerts as the alerts module keeps them (episodes), and an INSTANT (a reading outside a limit)
    // and a data-loss alert that are no exceedances (docs/DEFINITIONS.md).
    const rule = await ctx.database.pool.query<{ id: string }>(`INSERT INTO alert_rule (tenant_id, name, condition) VALUES ($1, 'pm 15-minute average', 'AVG_15M') RETURNING id`, [t.bravo]);
    for (const [type, ts] of [['AVG_15M', now - MINUTE], ['SUSTAINED', now - MINUTE], ['INSTANT', now - MINUTE], ['AVG_15M', now - 40 * 86_400_000], ['DATA_LOSS', now - MINUTE]] as const) {
      await ctx.database.pool.query(
        `INSERT INTO alert_episode (tenant_id, rule_id, device_id, entity_id, slot, type, severity, status, started_at, last_breach_at, message)
         VALUES ($1, $2, $3, $4, 1, $5, 'MAJOR', 'RESOLVED', $6, $6, 'test')`,
        [t.bravo, rule.rows[0]!.id, bravoDevice.id, b1, type, new Date(ts)],
      );
    }
    await ctx.b.newEntity({ tenantId: t.charlie, name: 'C1' });
    const d1 = await ctx.b.newEntity({ tenantId: t.delta, name: 'D1' });
    await ctx.b.newDevice({ tenantId: t.delta, entityId: d1.id });

    await drainRollups(ctx.database);
    while ((await markClosedSlots(ctx.db)) > 0);

    boardCookie = (await ctx.signedIn({ tenantId: board, userType: 'statutory', role: 'user' })).cookie;
    bravoCookie = (await ctx.signedIn({ tenantId: t.bravo, userType: 'tenant', role: 'user' })).cookie;
    bravoKey = (await ctx.b.newApiKey(t.bravo)).key;
  });

  const get = (query: string, cookie = boardCookie) => ctx.inject({ method: 'GET', url: `/api/oversight${query}`, headers: { cookie } });

  it("lists the board's industries worst first with their figures", async () => {
    const res = await get('');
    expect(res.statusCode).toBe(200);
    const body = OversightOverview.parse(res.json());
    expect(body.items.map((r) => r.name)).toEqual(['Alpha Cement', 'Charlie Paper', 'Bravo Steel']);
    const [alpha, charlie, bravo] = body.items as [OversightRow, OversightRow, OversightRow];

    // pm 80 over 50, 2 minutes ago: in exceedance now, but its slot has not closed, so no exceedance alert yet
    expect(alpha).toMatchObject({ tenantId: t.alpha, stations: 2, exceedingNow: 1, exceedancesThisMonth: 0, regulatorSync: null });
    expect(alpha.live).toEqual({ LIVE: 1, DELAYED: 0, OFFLINE: 0, UNKNOWN: 1 });
    expect(charlie).toMatchObject({ stations: 1, exceedingNow: 0, exceedancesThisMonth: 0, availability: null, live: { LIVE: 0, DELAYED: 0, OFFLINE: 0, UNKNOWN: 1 } });
    // 4 quarters of 96 held data; 3 exceedance alerts this month, the one 40 days ago and the data loss left out
    expect(bravo).toMatchObject({ stations: 1, exceedingNow: 0, exceedancesThisMonth: 2, availability: Math.round(4000 / 96) / 10 });
    expect(bravo.live.LIVE + bravo.live.DELAYED).toBe(1);

    expect(body.total).toBe(3);
    expect(body.totals).toMatchObject({ industries: 3, stations: 4, exceedingNow: 1, industriesExceedingNow: 1, exceedancesThisMonth: 2 });
    expect(body.totals.live.UNKNOWN).toBe(2);
  });

  it('searches name, city and state, and pages', async () => {
    const kota = OversightOverview.parse((await get('?search=kota')).json());
    expect(kota.items.map((r) => r.name)).toEqual(['Charlie Paper']);
    expect(kota.totals.industries).toBe(1);
    const second = OversightOverview.parse((await get('?page=1&size=2')).json());
    expect(second).toMatchObject({ total: 3, page: 1, size: 2 });
    expect(second.items.map((r) => r.name)).toEqual(['Bravo Steel']);
  });

  it('shows an industry user only their own industry', async () => {
    const body = OversightOverview.parse((await get('', bravoCookie)).json());
    expect(body.items.map((r) => r.tenantId)).toEqual([t.bravo]);
  });

  it('counts only the stations a user limited to some may see', async () => {
    const limited = await ctx.signedIn({ tenantId: t.alpha, userType: 'tenant', role: 'user' });
    const a2 = await ctx.database.pool.query<{ id: string }>(`SELECT id FROM entity WHERE tenant_id = $1 AND name = 'A2'`, [t.alpha]);
    await ctx.database.pool.query('INSERT INTO user_entity_access (tenant_id, user_id, entity_id) VALUES ($1, $2, $3)', [t.alpha, limited.id, a2.rows[0]!.id]);
    const [alpha] = OversightOverview.parse((await get('', limited.cookie)).json()).items;
    expect(alpha).toMatchObject({ stations: 1, exceedingNow: 0, exceedancesThisMonth: 0, live: { LIVE: 0, DELAYED: 0, OFFLINE: 0, UNKNOWN: 1 } });
  });

  it('takes regulator sync from the regulator module when one is present', async () => {
    const service = new OversightService(ctx.db, ctx.app.alerts.episodes, ctx.app.entities.entities, {
      counts: async (tenantIds, visible) => new Map(tenantIds.filter((id) => id === t.bravo).map((id) => [id, { inSync: visible({ tenant_id: id, id: String(b1) }) ? 1 : 0, outOfSync: 0, delayed: 0 }])),
    });
    const apiKey = { kind: 'apiKey', tenantId: t.bravo, tenantIds: [t.bravo] } as const;
    await expect(service.overview(apiKey, { page: 0, size: 10 })).rejects.toMatchObject({ statusCode: 401 });
    const boardUser = { kind: 'user', userId: 0, tenantId: board, homeTenantId: board, userType: 'statutory', role: 'user', tenantIds: [board, t.alpha, t.bravo, t.charlie], corporateId: null, manage: false, sessionId: '' } as unknown as UserAuth;
    const rows = (await service.overview(boardUser, { page: 0, size: 10 })).items;
    expect(rows.find((r) => r.tenantId === t.bravo)!.regulatorSync).toEqual({ inSync: 1, outOfSync: 0, delayed: 0 });
    expect(rows.find((r) => r.tenantId === t.alpha)!.regulatorSync).toBeNull();
    // without the regulator module (today's app) every row says so with null
    const res = await get('');
    expect(res.json().items.every((r: OversightRow) => r.regulatorSync === null)).toBe(true);
  });

  it('rebuilds the day maps from the rollups to the same bits the closed-slot feed set', async () => {
    const maps = async () =>
      (await ctx.database.pool.query(`SELECT device_id, day::text, quarters::text FROM device_day_quarters WHERE tenant_id = $1 ORDER BY 1, 2`, [t.bravo])).rows;
    const fed = await maps();
    expect(fed.map((r) => (r.quarters as string).split('').filter((b) => b === '1').length).reduce((a, b) => a + b, 0)).toBe(4);
    await ctx.database.pool.query('DELETE FROM device_day_quarters WHERE tenant_id = $1', [t.bravo]);
    await rebuildDayQuarters(ctx.db, [t.bravo], new Date(Date.now() - 2 * 86_400_000));
    expect(await maps()).toEqual(fed);
  });

  it.each([
    ['?size=0', 'querystring.size'],
    ['?page=-1', 'querystring.page'],
    ['?sort=name', 'querystring'],
  ])('answers 400 naming the field for %s', async (query, field) => {
    const res = await get(query);
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe(field);
  });

  it('answers 401 without a session and 403 to an API key', async () => {
    expect((await ctx.inject({ method: 'GET', url: '/api/oversight' })).statusCode).toBe(401);
    expect((await ctx.inject({ method: 'GET', url: '/api/oversight', headers: { authorization: `Bearer ${bravoKey}` } })).statusCode).toBe(403);
  });
});
