import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './test-app.ts';

describe('POST /api/alertlimit', () => {
  const ctx = useTestApp();
  let keyA: string;
  const id: Record<string, number> = {};
  let board: number;

  beforeAll(async () => {
    const entity = (tenantId: number, name: string, type: 'group' | 'cems' | 'eqms', parentId?: number) =>
      ctx.b.newEntity({ tenantId, name, type, parentId }).then((e) => e.id);
    const device = (tenantId: number, entityId: number, params: Parameters<typeof ctx.b.newDevice>[0]['params']) =>
      ctx.b.newDevice({ tenantId, entityId, params }).then((d) => d.id);

    const a = (await ctx.b.newTenant()).id;
    keyA = (await ctx.b.newApiKey(a)).key;
    id.plant = await entity(a, 'Plant', 'group');
    id.stack1 = await entity(a, 'Stack 1', 'cems', id.plant);
    id.stack2 = await entity(a, 'Stack 2', 'cems', id.plant);
    id.old = await entity(a, 'Old Unit', 'group', id.plant);
    id.stack3 = await entity(a, 'Stack 3', 'cems', id.old);
    id.etp = await entity(a, 'ETP', 'eqms', id.plant);
    id.empty = await entity(a, 'Empty Stack', 'cems', id.plant);
    await device(a, id.stack1, [{ name: 'pm', min: 0, max: 50 }, { name: 'so2', unit: 'ppm', max: 200 }, { name: 'co' }]);
    await device(a, id.stack1, [{ name: 'pm', unit: 'ppm', max: 100 }]);
    await device(a, id.stack2, [{ name: 'pm', min: 5, max: 40 }, { name: 'nox', unit: 'ppm', max: 100 }]);
    const retired = await device(a, id.stack2, [{ name: 'pm', max: 10 }]);
    const withRetiredParam = await device(a, id.stack2, [{ name: 'pm', max: 1 }, { name: 'co' }]);
    await device(a, id.stack3, [{ name: 'pm', min: 7, max: 45 }]);
    await device(a, id.old, [{ name: 'pm', max: 5 }]);
    await device(a, id.etp, [{ name: 'ph', min: 6.5, max: 8.5 }]);
    const db = ctx.db;
    await db.updateTable('entity').set({ status: 'DELETED' }).where('id', '=', String(id.old)).execute();
    await db.updateTable('device').set({ deleted_date: '2024-01-01T00:00:00Z' }).where('id', '=', String(retired)).execute();
    await db
      .updateTable('device_param')
      .set({ deleted_date: '2024-01-01T00:00:00Z' })
      .where('device_id', '=', String(withRetiredParam))
      .where('slot', '=', 1)
      .execute();

    const other = (await ctx.b.newTenant()).id;
    id.secret = await entity(other, 'Secret Stack', 'cems');
    await device(other, id.secret, [{ name: 'pm', max: 999 }]);

    board = (await ctx.b.newTenant({ name: 'RSPCB', type: 'statutory' })).id;
    const trial = (await ctx.b.newTenant({ status: 'TRIAL', statutoryIds: [board] })).id;
    const expired = (await ctx.b.newTenant({ status: 'EXPIRED', statutoryIds: [board] })).id;
    id.trialStack = await entity(trial, 'Mill Stack', 'cems');
    id.expiredStack = await entity(expired, 'Expired Stack', 'cems');
    await device(trial, id.trialStack, [{ name: 'so2', max: 80 }]);
    await device(expired, id.expiredStack, [{ name: 'so2', max: 80 }]);
  });

  const post = (payload: unknown, headers: Record<string, string> = { authorization: `Bearer ${keyA}` }) =>
    ctx.inject({ method: 'POST', url: '/api/alertlimit', headers, payload: payload as object });
  const limit = (entity: string, entityName: string, paramName: string, paramLabel: string, unit: string, min: number | null, max: number | null) => ({
    entityId: id[entity],
    entityName,
    paramName,
    paramLabel,
    unit,
    min,
    max,
  });

  it("answers a station's limits by parameter and unit; unlimited parameters are absent", async () => {
    const res = await post({ entityIds: [id.stack1] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      limit('stack1', 'Stack 1', 'pm', 'PM', 'mg/Nm3', 0, 50),
      limit('stack1', 'Stack 1', 'pm', 'PM', 'ppm', null, 100),
      limit('stack1', 'Stack 1', 'so2', 'SO2', 'ppm', null, 200),
    ]);
  });

  it("includes descendants' devices (also below a deleted group) with the strictest band, skipping retired devices and parameters and a deleted node's own devices", async () => {
    const res = await post({ entityIds: [id.plant] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      limit('plant', 'Plant', 'nox', 'NOx', 'ppm', null, 100),
      limit('plant', 'Plant', 'ph', 'pH', '', 6.5, 8.5),
      limit('plant', 'Plant', 'pm', 'PM', 'mg/Nm3', 7, 40),
      limit('plant', 'Plant', 'pm', 'PM', 'ppm', null, 100),
      limit('plant', 'Plant', 'so2', 'SO2', 'ppm', null, 200),
    ]);
  });

  it('keeps only the asked parameters, entities in request order, each once', async () => {
    const res = await post({ entityIds: [id.stack2, id.stack1, id.stack2], params: ['pm', 'nox', 'hg'] });
    expect(res.json()).toEqual([
      limit('stack2', 'Stack 2', 'nox', 'NOx', 'ppm', null, 100),
      limit('stack2', 'Stack 2', 'pm', 'PM', 'mg/Nm3', 5, 40),
      limit('stack1', 'Stack 1', 'pm', 'PM', 'mg/Nm3', 0, 50),
      limit('stack1', 'Stack 1', 'pm', 'PM', 'ppm', null, 100),
    ]);
  });

  it('answers an empty list for an entity without limits', async () => {
    const res = await post({ entityIds: [id.empty], params: [] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it.each([
    ['another tenant', () => [id.stack1!, id.secret!], () => id.secret],
    ['a deleted entity', () => [id.old!], () => id.old],
    ['an unknown entity', () => [123_456_789], () => 123_456_789],
  ])("answers 404 for %s, giving no limits at all", async (_what, ids, missing) => {
    const res = await post({ entityIds: ids() });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ statusCode: 404, error: 'Not Found', message: `No Node with id= ${missing()} exists` });
  });

  it.each([
    [{ entityIds: [] }, 'body.entityIds'],
    [{ entityIds: ['x'] }, 'body.entityIds.0'],
    [{ entityIds: [-1] }, 'body.entityIds.0'],
    [{}, 'body.entityIds'],
    [{ entityIds: [1], params: 'pm' }, 'body.params'],
    [{ entityIds: [1], params: [''] }, 'body.params.0'],
  ])('answers 400 for %j, naming the field', async (payload, field) => {
    const res = await post(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, field });
  });

  it("serves a statutory public id its visible industries' limits only", async () => {
    const publicHeaders = { portal: 'PUBLIC', 'public-tenant-id': String(board) };
    const res = await post({ entityIds: [id.trialStack] }, publicHeaders);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([limit('trialStack', 'Mill Stack', 'so2', 'SO2', 'mg/Nm3', null, 80)]);
    expect((await post({ entityIds: [id.expiredStack] }, publicHeaders)).statusCode).toBe(404);
    expect((await post({ entityIds: [id.stack1] }, publicHeaders)).statusCode).toBe(404);
  });

  it('refuses callers without credentials', async () => {
    expect((await post({ entityIds: [id.stack1] }, {})).statusCode).toBe(401);
  });
});
