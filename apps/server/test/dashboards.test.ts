import { Dashboard, DashboardList } from '@enviro/contracts/dashboards';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedTemplateDashboards } from '../src/modules/dashboards/dashboards.service.ts';
import { useTestApp } from './test-app.ts';

const XHR = { 'x-requested-with': 'XMLHttpRequest' };

describe('dashboards', () => {
  const ctx = useTestApp();
  const t = { site: 0, a: 0, b: 0 };
  const as = { site: '', adminA: '', userA: '', user2A: '', adminB: '' };
  const station = { a: 0, b: 0 };

  beforeAll(async () => {
    t.site = (await ctx.b.newTenant({ name: 'Operations', type: 'site' })).id;
    t.a = (await ctx.b.newTenant({ name: 'Alpha Paper' })).id;
    t.b = (await ctx.b.newTenant({ name: 'Beta Sugar' })).id;
    station.a = (await ctx.b.newEntity({ tenantId: t.a, type: 'cems' })).id;
    await ctx.b.newDevice({ tenantId: t.a, entityId: station.a });
    const caaqms = (await ctx.b.newEntity({ tenantId: t.a, type: 'caaqms' })).id;
    await ctx.b.newDevice({ tenantId: t.a, entityId: caaqms, params: [{ name: 'pm10' }, { name: 'pm2_5' }] });
    station.b = (await ctx.b.newEntity({ tenantId: t.b, type: 'cems' })).id;
    const login = async (tenantId: number, role: 'admin' | 'user', userType?: 'site') =>
      (await ctx.login((await ctx.newUser({ tenantId, role, ...(userType ? { userType } : {}) })).userName)).cookie;
    as.site = await login(t.site, 'admin', 'site');
    as.adminA = await login(t.a, 'admin');
    as.userA = await login(t.a, 'user');
    as.user2A = await login(t.a, 'user');
    as.adminB = await login(t.b, 'admin');
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie: string, payload?: unknown, headers: Record<string, string> = {}) =>
    ctx.inject({ method, url, headers: { cookie, ...XHR, ...headers }, ...(payload === undefined ? {} : { payload: payload as object }) });

  const widget = (over: Record<string, unknown> = {}) => ({
    id: 'w1',
    kind: 'line',
    name: 'PM trend',
    layout: { x: 0, y: 0, w: 6, h: 4 },
    entityIds: [station.a],
    params: ['pm'],
    interval: 'hour_1',
    duration: '7d-ago',
    attributes: { showmax: true, decimalplaces: 1 },
    ...over,
  });

  it('creates a user dashboard with its widgets, seen by its owner only until shared', async () => {
    const created = await call('POST', '/api/dashboards', as.userA, { name: 'My stack', entityType: 'cems', widgets: [widget()] });
    expect(created.statusCode).toBe(200);
    const board = Dashboard.parse(created.json());
    expect(board).toMatchObject({ name: 'My stack', entityType: 'cems', owner: 'user', editable: true, widgetCount: 1, template: false });
    expect(board.widgets[0]).toMatchObject({ id: 'w1', kind: 'line', entityIds: [station.a], attributes: { showmax: true, decimalplaces: 1 } });

    const names = async (cookie: string) => DashboardList.parse((await call('GET', '/api/dashboards', cookie)).json()).map((d) => d.name);
    expect(await names(as.userA)).toContain('My stack');
    expect(await names(as.user2A)).not.toContain('My stack');
    expect((await call('GET', `/api/dashboards/${board.id}`, as.user2A)).statusCode).toBe(404);

    const shared = await call('PUT', `/api/dashboards/${board.id}`, as.userA, { name: 'My stack', entityType: 'cems', sharedRoles: ['user'], widgets: board.widgets });
    expect(shared.statusCode).toBe(200);
    expect(await names(as.user2A)).toContain('My stack');
    const seen = Dashboard.parse((await call('GET', `/api/dashboards/${board.id}`, as.user2A)).json());
    expect(seen.editable).toBe(false);
    const refused = await call('PUT', `/api/dashboards/${board.id}`, as.user2A, { name: 'Taken', widgets: [] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().field).toBe('id');
  });

  it('moves and resizes widgets by replacing the grid, and records the change in the audit log', async () => {
    const board = Dashboard.parse((await call('POST', '/api/dashboards', as.adminA, { name: 'Plant', owner: 'tenant', sharedRoles: ['user'], widgets: [widget(), widget({ id: 'w2', kind: 'bar', layout: { x: 6, y: 0, w: 6, h: 4 } })] })).json());
    expect(board.owner).toBe('tenant');
    const moved = board.widgets.map((w) => (w.id === 'w2' ? { ...w, layout: { x: 0, y: 4, w: 12, h: 6 } } : w));
    const saved = Dashboard.parse((await call('PUT', `/api/dashboards/${board.id}`, as.adminA, { name: 'Plant', owner: 'tenant', sharedRoles: ['user'], widgets: moved })).json());
    expect(saved.widgets.find((w) => w.id === 'w2')!.layout).toEqual({ x: 0, y: 4, w: 12, h: 6 });
    const log = (await call('GET', `/api/auditLogs?tenantId=${t.a}`, as.adminA)).json() as { items: { action: string; entity: string }[] };
    expect(log.items.filter((e) => e.entity === `dashboard:${board.id}`).map((e) => e.action)).toEqual(['dashboard changed', 'dashboard created']);
    // A plain user sees the tenant dashboard shared with them but may not change it.
    expect((await call('PUT', `/api/dashboards/${board.id}`, as.userA, { name: 'X', owner: 'tenant' })).statusCode).toBe(403);
  });

  it('duplicates a dashboard as the caller\'s own and deletes it', async () => {
    const board = Dashboard.parse((await call('POST', '/api/dashboards', as.adminA, { name: 'Original', owner: 'tenant', sharedRoles: ['user'], widgets: [widget()] })).json());
    const copy = Dashboard.parse((await call('POST', `/api/dashboards/${board.id}/duplicate`, as.userA, {})).json());
    expect(copy).toMatchObject({ name: 'Original (copy)', owner: 'user', editable: true, sharedRoles: [] });
    expect(copy.widgets).toEqual(board.widgets);
    const named = Dashboard.parse((await call('POST', `/api/dashboards/${board.id}/duplicate`, as.adminA, { name: 'Second' })).json());
    expect(named).toMatchObject({ name: 'Second', owner: 'tenant' });
    const deleted = await call('DELETE', `/api/dashboards/${copy.id}`, as.userA);
    expect(deleted.json()).toEqual({ id: copy.id, deleted: true });
    expect((await call('GET', `/api/dashboards/${copy.id}`, as.userA)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/dashboards/${board.id}`, as.userA)).statusCode).toBe(403);
  });

  it.each([
    [{ name: '' }, 'name'],
    [{ name: 'x', widgets: [{ id: 'w', kind: 'sparkline' }] }, 'widgets.0.kind'],
    [{ name: 'x', widgets: [{ ...baseWidget(), layout: { x: 8, y: 0, w: 6, h: 4 } }] }, 'widgets.0.layout.w'],
    [{ name: 'x', widgets: [{ ...baseWidget(), duration: 'forever' }] }, 'widgets.0.duration'],
    [{ name: 'x', widgets: [{ ...baseWidget(), attributes: { numberofyears: 4 } }] }, 'widgets.0.attributes.numberofyears'],
    [{ name: 'x', widgets: [{ ...baseWidget(), attributes: { barcolor: 'green' } }] }, 'widgets.0.attributes.barcolor'],
    [{ name: 'x', widgets: [baseWidget(), baseWidget()] }, 'widgets.1.id'],
    [{ name: 'x', sharedRoles: ['boss'] }, 'sharedRoles.0'],
    [{ name: 'x', colour: 'red' }, ''],
  ])('400 naming the field for %j', async (body, field) => {
    const res = await call('POST', '/api/dashboards', as.userA, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().field ?? '').toContain(field);
  });

  it('400 naming the widget field the service checks: stations of another tenant, no stations, a dual axis of one parameter', async () => {
    const other = await call('POST', '/api/dashboards', as.userA, { name: 'x', widgets: [widget({ entityIds: [station.b] })] });
    expect([other.statusCode, other.json().field]).toEqual([400, 'widgets.0.entityIds']);
    const none = await call('POST', '/api/dashboards', as.userA, { name: 'x', widgets: [widget({ entityIds: [] })] });
    expect([none.statusCode, none.json().field]).toEqual([400, 'widgets.0.entityType']);
    const dual = await call('POST', '/api/dashboards', as.userA, { name: 'x', widgets: [widget({ kind: 'dualAxis' })] });
    expect([dual.statusCode, dual.json().field]).toEqual([400, 'widgets.0.params']);
    const tenantOwned = await call('POST', '/api/dashboards', as.userA, { name: 'x', owner: 'tenant' });
    expect([tenantOwned.statusCode, tenantOwned.json().field]).toEqual([403, 'owner']);
  });

  it("another tenant's dashboard answers 404 to every route; no session answers 401", async () => {
    const board = Dashboard.parse((await call('POST', '/api/dashboards', as.adminA, { name: 'Alpha only', owner: 'tenant', sharedRoles: ['user', 'admin'] })).json());
    for (const [method, url, body] of [
      ['GET', `/api/dashboards/${board.id}`, undefined],
      ['PUT', `/api/dashboards/${board.id}`, { name: 'mine' }],
      ['POST', `/api/dashboards/${board.id}/duplicate`, {}],
      ['DELETE', `/api/dashboards/${board.id}`, undefined],
    ] as const) {
      expect((await call(method, url, as.adminB, body)).statusCode).toBe(404);
      expect((await ctx.inject({ method, url, headers: XHR, ...(body ? { payload: body } : {}) })).statusCode).toBe(401);
    }
    expect(DashboardList.parse((await call('GET', '/api/dashboards', as.adminB)).json()).map((d) => d.name)).not.toContain('Alpha only');
    expect((await ctx.inject({ method: 'GET', url: '/api/dashboards' })).statusCode).toBe(401);
    // A site administrator acting for the industry sees and edits its dashboards.
    const asSite = { 'tenant-id': String(t.a) };
    const seen = Dashboard.parse((await call('GET', `/api/dashboards/${board.id}`, as.site, undefined, asSite)).json());
    expect(seen.editable).toBe(true);
  });

  it('seeds one template dashboard per station type, once, shared with the industry\'s users', async () => {
    const { id: c } = await ctx.b.newTenant({ name: 'Gamma Cement' });
    await ctx.b.newDevice({ tenantId: c, entityId: (await ctx.b.newEntity({ tenantId: c, type: 'eqms' })).id });
    expect(await seedTemplateDashboards(ctx.db, c)).toBe(1);
    expect(await seedTemplateDashboards(ctx.db, c)).toBe(0);
    // An industry's own list seeded its templates already (both of its station types).
    expect(await seedTemplateDashboards(ctx.db, t.a)).toBe(0);
    const list = DashboardList.parse((await call('GET', '/api/dashboards?entityType=caaqms', as.userA)).json());
    expect(list.map((d) => [d.name, d.template, d.owner, d.editable])).toEqual([['CAAQMS overview', true, 'tenant', false]]);
    const board = Dashboard.parse((await call('GET', `/api/dashboards/${list[0]!.id}`, as.userA)).json());
    expect(board.widgets.map((w) => w.kind)).toEqual(['line', 'airQuality', 'candlestick', 'facilityHeatmap', 'calendarHeatmap', 'dualAxis']);
    expect(board.widgets.find((w) => w.kind === 'airQuality')!.params).toEqual(['pm2_5']);
    expect(board.widgets.every((w) => w.entityType === 'caaqms' && w.layout.x + w.layout.w <= 12)).toBe(true);
  });

  it('gives a new industry its templates as devices bring parameters to stations of a new type, without the list being opened', async () => {
    const created = await call('POST', '/api/tenants', as.site, { name: 'Delta Steel' });
    expect(created.statusCode).toBe(201);
    const d = created.json().id as number;
    const templates = async () =>
      (await ctx.db.selectFrom('dashboard').select(['template', 'name']).where('tenant_id', '=', d).where('template', 'is not', null).orderBy('template').execute()).map((r) => [r.template, r.name]);
    // Created through the tenants module: no station yet, so no station type to have a template of.
    expect(await templates()).toEqual([]);
    const asSite = { 'tenant-id': String(d) };
    const stack = (await ctx.b.newEntity({ tenantId: d, type: 'cems' })).id;
    const device = await call('POST', '/api/devices', as.site, { tenantId: d, entityId: stack, name: 'Stack analyser', params: [{ name: 'pm' }, { name: 'so2' }] }, asSite);
    expect(device.statusCode).toBe(201);
    expect(await templates()).toEqual([['cems', 'CEMS overview']]);
    // A device mounted on a station of another type brings that type's template; the first stays one.
    const ambient = (await ctx.b.newEntity({ tenantId: d, type: 'caaqms' })).id;
    const inStock = await call('POST', '/api/devices', as.site, { tenantId: d, name: 'Ambient analyser', params: [{ name: 'pm2_5' }] }, asSite);
    expect(await templates()).toEqual([['cems', 'CEMS overview']]);
    expect((await call('POST', `/api/entity/${ambient}/mount/device/${inStock.json().id}`, as.site, undefined, asSite)).statusCode).toBe(200);
    expect(await templates()).toEqual([['caaqms', 'CAAQMS overview'], ['cems', 'CEMS overview']]);
  });
});

function baseWidget() {
  return { id: 'w', kind: 'line', name: 'n', layout: { x: 0, y: 0, w: 4, h: 4 }, entityType: 'cems', params: ['pm'] };
}
