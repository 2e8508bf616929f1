import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './test-app.ts';

const XHR = { 'x-requested-with': 'XMLHttpRequest' };

describe('tenant administration', () => {
  const ctx = useTestApp();
  let corporateId: number;
  const t = { site: 0, board: 0, a: 0, b: 0, off: 0 };
  const as = { siteAdmin: '', siteUser: '', board: '', tenantAdminA: '' };
  const userIds = { siteAdmin: 0 };

  beforeAll(async () => {
    corporateId = (await ctx.db.insertInto('corporate').values({ name: 'Kaveri Group' }).returning('id').executeTakeFirstOrThrow()).id;
    t.site = (await ctx.b.newTenant({ name: 'Zeta Operations', type: 'site' })).id;
    t.board = (await ctx.b.newTenant({ name: 'Zeta Board', type: 'statutory' })).id;
    t.a = (await ctx.b.newTenant({ name: 'Alpha Paper', city: 'Salem', state: 'Tamil Nadu', corporateId, statutoryIds: [t.board] })).id;
    t.b = (await ctx.b.newTenant({ name: 'Beta Sugar', city: 'Mandya', state: 'Karnataka' })).id;
    t.off = (await ctx.b.newTenant({ name: 'Gamma Distillery', status: 'DISABLED', statutoryIds: [t.board] })).id;
    const siteAdmin = await ctx.newUser({ tenantId: t.site, userType: 'site', role: 'admin' });
    userIds.siteAdmin = siteAdmin.id;
    const siteUser = await ctx.newUser({ tenantId: t.site, userType: 'site', role: 'user' });
    const board = await ctx.newUser({ tenantId: t.board, userType: 'statutory', role: 'admin' });
    const tenantAdminA = await ctx.newUser({ tenantId: t.a, role: 'admin' });
    as.siteAdmin = (await ctx.login(siteAdmin.userName)).cookie;
    as.siteUser = (await ctx.login(siteUser.userName)).cookie;
    as.board = (await ctx.login(board.userName)).cookie;
    as.tenantAdminA = (await ctx.login(tenantAdminA.userName)).cookie;
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, cookie: string, payload?: unknown) =>
    ctx.inject({ method, url, headers: { cookie, ...XHR }, ...(payload === undefined ? {} : { payload: payload as object }) });
  const names = (res: { json: () => { items: { name: string }[] } }) => res.json().items.map((i) => i.name);
  const auditOf = async (tenantId: number) =>
    (
      await ctx.database.pool.query(
        `SELECT actor, actor_user_id::int AS "actorUserId", action, entity, before, after FROM audit_log WHERE tenant_id = $1 AND entity = 'tenant:' || $1 ORDER BY id`,
        [tenantId],
      )
    ).rows;
  const info = (id: number, o: Record<string, unknown>) => ({
    id,
    status: 'ENABLED',
    type: 'tenant',
    monitoredUnits: 0,
    corporate: null,
    corporateId: null,
    displayId: `T-${String(id).padStart(6, '0')}`,
    state: null,
    city: null,
    industryCategory: null,
    ...o,
  });

  describe('GET /api/tenants', () => {
    it('pages, sorts and searches for a site admin, leaving out DISABLED by default', async () => {
      const all = await call('GET', '/api/tenants?sort=name&order=asc', as.siteAdmin);
      expect(all.statusCode).toBe(200);
      expect(names(all)).toEqual(['Alpha Paper', 'Beta Sugar', 'Zeta Board', 'Zeta Operations']);
      const page = await call('GET', '/api/tenants?size=2&page=1&sort=id&order=desc', as.siteAdmin);
      expect(page.json()).toMatchObject({ total: 4, page: 1, size: 2 });
      expect(names(page)).toEqual(['Zeta Board', 'Zeta Operations']);
      const found = await call('GET', '/api/tenants?searchString=salem', as.siteAdmin);
      expect(found.json()).toEqual({
        items: [
          info(t.a, {
            name: 'Alpha Paper',
            city: 'Salem',
            state: 'Tamil Nadu',
            corporate: { id: corporateId, name: 'Kaveri Group' },
            corporateId,
          }),
        ],
        total: 1,
        page: 0,
        size: 20,
      });
      const disabled = await call('GET', '/api/tenants?status=DISABLED', as.siteAdmin);
      expect(names(disabled)).toEqual(['Gamma Distillery']);
      const byType = await call('GET', '/api/tenants?type=statutory', as.siteAdmin);
      expect(names(byType)).toEqual(['Zeta Board']);
    });

    it('gives a statutory body its own and associated industries, DISABLED included', async () => {
      const res = await call('GET', '/api/tenants', as.board);
      expect(names(res)).toEqual(['Alpha Paper', 'Gamma Distillery', 'Zeta Board']);
    });

    it("gives a tenant user its own tenant only, never another's", async () => {
      expect(names(await call('GET', '/api/tenants', as.tenantAdminA))).toEqual(['Alpha Paper']);
      const other = await call('GET', '/api/tenants?searchString=Beta', as.tenantAdminA);
      expect(other.json()).toEqual({ items: [], total: 0, page: 0, size: 20 });
    });

    it('lists the industries to act for with manage=true, for site and partner users only', async () => {
      expect(names(await call('GET', '/api/tenants?manage=true', as.siteUser))).toEqual(['Alpha Paper', 'Beta Sugar']);
      expect((await call('GET', '/api/tenants?manage=true', as.tenantAdminA)).statusCode).toBe(403);
    });

    it.each([
      ['status=FOO', 'querystring.status'],
      ['size=0', 'querystring.size'],
      ['sort=password', 'querystring.sort'],
      ['type=planet', 'querystring.type'],
    ])('answers 400 naming the field for %s', async (query, field) => {
      const res = await call('GET', `/api/tenants?${query}`, as.siteAdmin);
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe(field);
    });

    it('refuses the public portal and callers without a session', async () => {
      const portal = await ctx.inject({ method: 'GET', url: '/api/tenants', headers: { portal: 'PUBLIC', 'public-tenant-id': String(t.a) } });
      expect(portal.statusCode).toBe(401);
      expect(portal.json().message).not.toContain('Alpha');
      expect((await ctx.inject({ method: 'GET', url: '/api/tenants' })).statusCode).toBe(401);
    });
  });

  describe('changes', () => {
    it('creates a tenant and audits it', async () => {
      const res = await call('POST', '/api/tenants', as.siteAdmin, {
        name: 'Delta Steel',
        monitoredUnits: 3,
        corporateId,
        industryCategory: 'Steel',
        state: 'Odisha',
        city: 'Angul',
        status: 'TRIAL',
      });
      expect(res.statusCode).toBe(201);
      const id = res.json().id as number;
      const expected = info(id, {
        name: 'Delta Steel',
        status: 'TRIAL',
        monitoredUnits: 3,
        corporate: { id: corporateId, name: 'Kaveri Group' },
        corporateId,
        industryCategory: 'Steel',
        state: 'Odisha',
        city: 'Angul',
      });
      expect(res.json()).toEqual(expected);
      expect(await auditOf(id)).toEqual([
        { actor: `user:${userIds.siteAdmin}`, actorUserId: userIds.siteAdmin, action: 'create', entity: `tenant:${id}`, before: null, after: expected },
      ]);
    });

    it.each([
      [{ name: '' }, 'body.name'],
      [{ name: 'X', monitoredUnits: -1 }, 'body.monitoredUnits'],
      [{ name: 'X', type: 'planet' }, 'body.type'],
      [{ name: 'X', status: 'DELETED' }, 'body.status'],
      [{ name: 'X', corporateId: 999_999 }, 'corporateId'],
    ])('refuses to create %j with 400 naming %s', async (body, field) => {
      const res = await call('POST', '/api/tenants', as.siteAdmin, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe(field);
    });

    it('refuses writes from anyone but a site admin, changing nothing', async () => {
      const before = await ctx.database.pool.query('SELECT count(*)::int AS n FROM tenant');
      for (const cookie of [as.tenantAdminA, as.board, as.siteUser]) {
        expect((await call('POST', '/api/tenants', cookie, { name: 'Intruder' })).statusCode).toBe(403);
        expect((await call('PUT', `/api/tenants/${t.b}`, cookie, { name: 'Taken' })).statusCode).toBe(403);
        expect((await call('POST', `/api/tenants/${t.b}`, cookie, { name: 'Taken' })).statusCode).toBe(403);
        expect((await call('PATCH', `/api/tenants/${t.b}`, cookie, [{ op: 'SET', att: 'status', value: 'GRACE' }])).statusCode).toBe(403);
        expect((await call('DELETE', `/api/tenants/${t.b}`, cookie)).statusCode).toBe(403);
      }
      expect((await ctx.database.pool.query('SELECT count(*)::int AS n FROM tenant')).rows[0].n).toBe(before.rows[0].n);
      const b = await ctx.database.pool.query('SELECT name, status FROM tenant WHERE id = $1', [t.b]);
      expect(b.rows[0]).toEqual({ name: 'Beta Sugar', status: 'ENABLED' });
      expect(await auditOf(t.b)).toEqual([]);
    });

    it('updates a tenant, recording before and after', async () => {
      const id = (await call('POST', '/api/tenants', as.siteAdmin, { name: 'Epsilon Pharma' })).json().id as number;
      const res = await call('PUT', `/api/tenants/${id}`, as.siteAdmin, { name: 'Epsilon Pharma Ltd', city: 'Baddi', corporateId });
      expect(res.statusCode).toBe(200);
      const after = info(id, { name: 'Epsilon Pharma Ltd', city: 'Baddi', corporate: { id: corporateId, name: 'Kaveri Group' }, corporateId });
      expect(res.json()).toEqual(after);
      const [, update] = await auditOf(id);
      expect(update).toEqual({
        actor: `user:${userIds.siteAdmin}`,
        actorUserId: userIds.siteAdmin,
        action: 'update',
        entity: `tenant:${id}`,
        before: info(id, { name: 'Epsilon Pharma' }),
        after,
      });
      const bad = await call('PUT', `/api/tenants/${id}`, as.siteAdmin, { city: 'Baddi' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().field).toBe('body.name');
      expect((await call('PUT', '/api/tenants/999999', as.siteAdmin, { name: 'Nobody' })).statusCode).toBe(404);
    });

    it('changes only the fields given by POST /api/tenants/{id}, keeping the others, and audits it', async () => {
      const id = (await call('POST', '/api/tenants', as.siteAdmin, { name: 'Theta Fertilisers', city: 'Kota', state: 'Rajasthan', monitoredUnits: 4, corporateId })).json().id as number;
      const before = info(id, { name: 'Theta Fertilisers', city: 'Kota', state: 'Rajasthan', monitoredUnits: 4, corporate: { id: corporateId, name: 'Kaveri Group' }, corporateId });
      const res = await call('POST', `/api/tenants/${id}`, as.siteAdmin, { monitoredUnits: 6, industryCategory: 'Fertiliser' });
      expect(res.statusCode, res.body).toBe(200);
      const after = { ...before, monitoredUnits: 6, industryCategory: 'Fertiliser' };
      expect(res.json()).toEqual(after);
      const [, update] = await auditOf(id);
      expect(update).toMatchObject({ actorUserId: userIds.siteAdmin, action: 'update', before, after });
      // null clears a field; the corporate is checked as by PUT.
      const cleared = await call('POST', `/api/tenants/${id}`, as.siteAdmin, { corporateId: null, city: null });
      expect(cleared.json()).toEqual({ ...after, corporate: null, corporateId: null, city: null });
      expect((await call('POST', '/api/tenants/999999', as.siteAdmin, { name: 'Nobody' })).statusCode).toBe(404);
    });

    it.each([
      [{}, 'body', 'give at least one field'],
      [{ name: '' }, 'body.name', 'name'],
      [{ monitoredUnits: 'many' }, 'body.monitoredUnits', 'monitoredUnits'],
      // The status changes by PATCH only.
      [{ status: 'GRACE' }, 'body', 'Unrecognized key: "status"'],
      [{ corporateId: 999_999 }, 'corporateId', 'no corporate 999999'],
    ])('refuses the change %j with 400 naming %s, changing nothing', async (body, field, message) => {
      const res = await call('POST', `/api/tenants/${t.b}`, as.siteAdmin, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ field, message: expect.stringContaining(message) });
      expect((await ctx.database.pool.query('SELECT name, status FROM tenant WHERE id = $1', [t.b])).rows[0]).toEqual({ name: 'Beta Sugar', status: 'ENABLED' });
    });

    it('changes the status by PATCH and audits it', async () => {
      const id = (await call('POST', '/api/tenants', as.siteAdmin, { name: 'Zeta Textiles' })).json().id as number;
      const res = await call('PATCH', `/api/tenants/${id}`, as.siteAdmin, [{ op: 'SET', att: 'status', value: 'GRACE' }]);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(info(id, { name: 'Zeta Textiles', status: 'GRACE' }));
      const [, patch] = await auditOf(id);
      expect(patch).toMatchObject({ action: 'status', before: { status: 'ENABLED' }, after: { status: 'GRACE' } });
    });

    it.each([
      [[{ op: 'ADD', att: 'status', value: 'GRACE' }], 'body.0.op'],
      [[{ op: 'SET', att: 'name', value: 'GRACE' }], 'body.0.att'],
      [[{ op: 'SET', att: 'status', value: 'PAUSED' }], 'body.0.value'],
      [[{ op: 'SET', att: 'status', value: 'DELETED' }], 'body.0.value'],
      [[], 'body'],
    ])('refuses the patch %j with 400 naming %s', async (body, field) => {
      const res = await call('PATCH', `/api/tenants/${t.b}`, as.siteAdmin, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe(field);
    });

    it('soft-deletes as DELETED: gone from lists, its users signed out, further changes 404', async () => {
      const id = (await call('POST', '/api/tenants', as.siteAdmin, { name: 'Eta Chemicals' })).json().id as number;
      const user = await ctx.newUser({ tenantId: id });
      const { cookie } = await ctx.login(user.userName);
      const res = await call('DELETE', `/api/tenants/${id}`, as.siteAdmin);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(info(id, { name: 'Eta Chemicals', status: 'DELETED' }));
      expect((await ctx.database.pool.query('SELECT status FROM tenant WHERE id = $1', [id])).rows[0].status).toBe('DELETED');
      expect((await auditOf(id)).map((r) => r.action)).toEqual(['create', 'delete']);
      expect(names(await call('GET', '/api/tenants?searchString=Chemicals', as.siteAdmin))).toEqual([]);
      expect((await call('GET', '/api/tenantinfo', cookie)).statusCode).toBe(401);
      expect((await call('PATCH', `/api/tenants/${id}`, as.siteAdmin, [{ op: 'SET', att: 'status', value: 'ENABLED' }])).statusCode).toBe(404);
    });

    it("refuses to delete the admin's own tenant", async () => {
      const res = await call('DELETE', `/api/tenants/${t.site}`, as.siteAdmin);
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe('id');
    });
  });

  it('describes the administration routes in the OpenAPI document', async () => {
    const { paths } = (await ctx.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(paths['/api/tenants/{id}']).sort()).toEqual(['delete', 'patch', 'post', 'put']);
    expect(paths['/api/tenants'].get.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['searchString', 'manage', 'type', 'status', 'page', 'size', 'sort', 'order']),
    );
    for (const path of ['/api/getTenantsLiveStatus', '/api/corporates', '/api/statutory/{tenantId}', '/api/licenseCount/{tenantId}', '/api/preferences', '/api/auditLogs']) {
      expect(paths[path]?.get, path).toBeDefined();
    }
  });

  describe('GET /api/getTenantsLiveStatus', () => {
    it("counts each of the caller's tenants' stations by live status", async () => {
      const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
      const stations = [
        { tenantId: t.a, at: minutesAgo(2) },
        { tenantId: t.a, at: minutesAgo(60) },
        { tenantId: t.a, at: minutesAgo(600) },
        { tenantId: t.a, at: null },
        { tenantId: t.b, at: minutesAgo(1) },
      ];
      for (const s of stations) {
        const { id } = await ctx.b.newEntity({ tenantId: s.tenantId });
        await ctx.db.updateTable('entity').set({ last_data_at: s.at }).where('tenant_id', '=', s.tenantId).where('id', '=', String(id)).execute();
      }
      await ctx.b.newEntity({ tenantId: t.a, type: 'group' });
      const own = await call('GET', '/api/getTenantsLiveStatus', as.tenantAdminA);
      expect(own.statusCode).toBe(200);
      expect(own.json()).toEqual([{ tenantId: t.a, name: 'Alpha Paper', LIVE: 1, DELAYED: 1, OFFLINE: 1, UNKNOWN: 1 }]);
      // A board looks after its industries, not its own tenant (the board itself has no stations).
      const board = await call('GET', '/api/getTenantsLiveStatus', as.board);
      expect(board.json()).toEqual([
        { tenantId: t.a, name: 'Alpha Paper', LIVE: 1, DELAYED: 1, OFFLINE: 1, UNKNOWN: 1 },
        { tenantId: t.off, name: 'Gamma Distillery', LIVE: 0, DELAYED: 0, OFFLINE: 0, UNKNOWN: 0 },
      ]);
    });

    it('lists the tenants Statistics counts: both answer from one query, so the site dashboard and Statistics agree', async () => {
      for (const who of [as.board, as.tenantAdminA]) {
        const listed = (await call('GET', '/api/getTenantsLiveStatus', who)).json() as unknown[];
        const counted = (await call('GET', '/api/stats', who)).json() as { tenants: number };
        expect(counted.tenants).toBe(listed.length);
        // Statistics' breakdown of tenants by status and type adds up to the same count.
        expect(((await call('GET', '/api/tenantStats', who)).json() as { total: number }).total).toBe(listed.length);
      }
      expect(((await call('GET', '/api/stats', as.board)).json() as { tenants: number }).tenants).toBe(2);
    });
  });
});
