import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './test-app.ts';

const portal = (id: number) => ({ portal: 'PUBLIC', 'public-tenant-id': String(id) });

describe('GET /api/stateDashboard/industyList/{id}', () => {
  const ctx = useTestApp();
  let board: number;
  let otherBoard: number;
  let cement: number;
  let trial: number;
  let disabled: number;
  let elsewhere: number;
  const now = Date.now();
  const ago = (minutes: number) => new Date(now - minutes * 60_000).toISOString();

  beforeAll(async () => {
    board = (await ctx.b.newTenant({ name: 'Rajasthan SPCB', type: 'statutory' })).id;
    otherBoard = (await ctx.b.newTenant({ name: 'Gujarat PCB', type: 'statutory' })).id;
    cement = (await ctx.b.newTenant({ name: 'Shree Cement', statutoryIds: [board], industryCategory: 'Cement', city: 'Beawar' })).id;
    trial = (await ctx.b.newTenant({ name: 'Ambuja Works 10', status: 'TRIAL', statutoryIds: [board] })).id;
    disabled = (await ctx.b.newTenant({ name: 'Closed Mill', status: 'DISABLED', statutoryIds: [board] })).id;
    elsewhere = (await ctx.b.newTenant({ name: 'Gujarat Alkali', statutoryIds: [otherBoard] })).id;

    const plant = await ctx.b.newEntity({ tenantId: cement, type: 'facility', name: 'Plant' });
    const stations = [
      { type: 'cems', name: 'Stack 1', at: ago(5) },
      { type: 'cems', name: 'Stack 2', at: ago(120) },
      { type: 'eqms', name: 'ETP', at: ago(60 * 24 * 3) },
      { type: 'caaqms', name: 'AAQ', at: null },
    ] as const;
    for (const s of stations) {
      const { id } = await ctx.b.newEntity({ tenantId: cement, parentId: plant.id, type: s.type, name: s.name });
      await ctx.db.updateTable('entity').set({ last_data_at: s.at }).where('tenant_id', '=', cement).where('id', '=', String(id)).execute();
    }
    const gone = await ctx.b.newEntity({ tenantId: cement, parentId: plant.id, type: 'cems', name: 'Retired' });
    await ctx.db.updateTable('entity').set({ status: 'DELETED' }).where('tenant_id', '=', cement).where('id', '=', String(gone.id)).execute();
  });

  const list = (id: number, caller = id) =>
    ctx.inject({ method: 'GET', url: `/api/stateDashboard/industyList/${id}`, headers: portal(caller) });

  it("lists the board's public industries in natural name order with station counts and live status", async () => {
    const res = await list(board);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        id: trial,
        name: 'Ambuja Works 10',
        displayId: `T-${String(trial).padStart(6, '0')}`,
        status: 'TRIAL',
        industryCategory: null,
        city: null,
        state: null,
        stationCount: 0,
        stationTypes: [],
        liveStatus: { LIVE: 0, DELAYED: 0, OFFLINE: 0, UNKNOWN: 0 },
        lastDataAt: null,
      },
      {
        id: cement,
        name: 'Shree Cement',
        displayId: `T-${String(cement).padStart(6, '0')}`,
        status: 'ENABLED',
        industryCategory: 'Cement',
        city: 'Beawar',
        state: null,
        stationCount: 4,
        stationTypes: [
          { type: 'eqms', count: 1 },
          { type: 'cems', count: 2 },
          { type: 'caaqms', count: 1 },
        ],
        liveStatus: { LIVE: 1, DELAYED: 1, OFFLINE: 1, UNKNOWN: 1 },
        lastDataAt: ago(5),
      },
    ]);
  });

  it('lists an industry alone when asked through its own public id', async () => {
    const res = await list(cement);
    expect(res.statusCode).toBe(200);
    expect(res.json().map((i: { id: number }) => i.id)).toEqual([cement]);
  });

  it.each([
    ["another board's list", () => otherBoard, () => board],
    ['an industry of another board', () => elsewhere, () => board],
    ['a disabled industry, which is not public', () => disabled, () => disabled],
  ])('answers 404 for %s', async (_case, id, caller) => {
    const res = await list(id(), caller());
    expect(res.statusCode).toBe(404);
  });

  it('answers 401 without the portal headers', async () => {
    const res = await ctx.inject({ method: 'GET', url: `/api/stateDashboard/industyList/${board}` });
    expect(res.statusCode).toBe(401);
  });

  it('names the field of a bad id', async () => {
    const res = await list(0, board);
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('params.id');
  });
});
