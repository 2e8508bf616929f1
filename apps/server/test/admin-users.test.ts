import type { AdminUser } from '@enviro/contracts/users';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { PASSWORD } from './accounts.ts';
import { DocumentRepository } from '../src/modules/documents/documents.repository.ts';
import { insertReadings } from './data-fixture.ts';
import { useTestApp } from './test-app.ts';

const XHR = { 'x-requested-with': 'XMLHttpRequest' };
const T = Date.parse('2024-03-10T00:00:00Z');
const WINDOW = { startDate: '2024-03-10T00:00:00Z', endDate: '2024-03-10T01:00:00Z', timezone: 'UTC' };

const ctx = useTestApp();
/** Tenants: the platform operator (site), two industries, a statutory body. */
const t = { site: 0, a: 0, b: 0, statutory: 0 };
let corporate = 0;
/** Users: id and the Cookie header of a session. */
const u = {} as Record<'siteAdmin' | 'siteSupport' | 'adminA' | 'userA' | 'adminB' | 'userB' | 'statAdmin', { id: number; cookie: string }>;

async function as(who: keyof typeof u, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: unknown, headers: Record<string, string> = {}) {
  return ctx.inject({ method, url, headers: { cookie: u[who].cookie, ...XHR, ...headers }, ...(payload === undefined ? {} : { payload: payload as object }) });
}

async function auditRows(entity: string) {
  const { rows } = await ctx.database.pool.query('SELECT tenant_id, actor, action, before, after FROM audit_log WHERE entity = $1 ORDER BY id', [entity]);
  return rows as { tenant_id: number; actor: string; action: string; before: AdminUser | null; after: AdminUser | null }[];
}

let counter = 0;
const email = (name: string) => `${name}.${++counter}.${Date.now()}@example.in`;

beforeAll(async () => {
  corporate = (await ctx.database.pool.query("INSERT INTO corporate (name) VALUES ('Shree Group') RETURNING id")).rows[0].id;
  t.site = (await ctx.b.newTenant({ type: 'site', name: 'Platform' })).id;
  t.a = (await ctx.b.newTenant({ name: 'Industry A', corporateId: corporate })).id;
  t.b = (await ctx.b.newTenant({ name: 'Industry B' })).id;
  t.statutory = (await ctx.b.newTenant({ type: 'statutory', name: 'Board' })).id;
  const make = async (key: keyof typeof u, tenantId: number, userType: AdminUser['userType'], role: AdminUser['role'], name: string) => {
    u[key] = await ctx.signedIn({ tenantId, userType, role, name, userName: email(key) });
  };
  await make('siteAdmin', t.site, 'site', 'admin', 'Site Admin');
  await make('siteSupport', t.site, 'site', 'support', 'Site Support');
  await make('adminA', t.a, 'tenant', 'admin', 'Asha Admin');
  await make('userA', t.a, 'tenant', 'user', 'Arun User');
  await make('adminB', t.b, 'tenant', 'admin', 'Bela Admin');
  await make('userB', t.b, 'tenant', 'user', 'Bhanu User');
  await make('statAdmin', t.statutory, 'statutory', 'admin', 'Board Admin');
});

describe('creating users', () => {
  it("creates a user of the caller's tenant with its type, audited", async () => {
    const userName = email('new');
    const res = await as('adminA', 'POST', '/api/user', { name: 'Neha New', userName, role: 'user', phone: '+91 98290 12345', password: PASSWORD });
    expect(res.statusCode).toBe(201);
    const user: AdminUser = res.json();
    expect(user).toMatchObject({
      name: 'Neha New', userName, userType: 'tenant', role: 'user', status: 'ENABLED', invitePending: false,
      tenant: { id: t.a, name: 'Industry A', type: 'tenant' }, corporate: null, entityIds: [], lastLoginAt: null,
    });
    expect(user.displayId).toBe(`U-${String(user.id).padStart(6, '0')}`);
    const [audit] = await auditRows(`app_user:${user.id}`);
    expect(audit).toMatchObject({ tenant_id: t.a, actor: `user:${u.adminA.id}`, action: 'create', before: null, after: { userName } });
    expect(JSON.stringify(audit)).not.toContain(PASSWORD);
    // The password works.
    expect((await ctx.login(userName)).res.statusCode).toBe(200);
  });

  it('sends an invite to a user created without a password, after commit', async () => {
    const spy = vi.spyOn(ctx.app.accounts.verification, 'sendInvite');
    const res = await as('siteAdmin', 'POST', '/api/user', { tenantId: t.b, name: 'Invited', userName: email('invited'), role: 'admin' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ invitePending: true, tenant: { id: t.b } });
    expect(spy).toHaveBeenCalledWith(t.b, res.json().id);
    // A mail server that refuses leaves the user created, to be sent another invite.
    spy.mockRejectedValueOnce(new Error('SMTP down'));
    const down = await as('siteAdmin', 'POST', '/api/user', { tenantId: t.b, name: 'Invited Later', userName: email('later'), role: 'user' });
    expect(down.statusCode).toBe(201);
    expect(down.json().invitePending).toBe(true);
    spy.mockRestore();
  });

  it.each([
    ['a bad email', { name: 'X', userName: 'not-an-email', role: 'user' }, 'body.userName'],
    ['no name', { userName: 'x@example.in', role: 'user' }, 'body.name'],
    ['an unknown role', { name: 'X', userName: 'x@example.in', role: 'boss' }, 'body.role'],
    ['a short password', { name: 'X', userName: 'x@example.in', role: 'user', password: 'short' }, 'body.password'],
    ['a role the type does not have', { name: 'X', userName: 'x@example.in', role: 'support' }, 'role'],
    ['a user type other than the tenant’s', { name: 'X', userName: 'x@example.in', role: 'user', userType: 'statutory' }, 'userType'],
    ['an unknown corporate', { name: 'X', userName: 'x@example.in', role: 'user', corporateId: 999999 }, 'corporateId'],
    ['a primary user without corporate', { name: 'X', userName: 'x@example.in', role: 'user', primaryUser: true }, 'primaryUser'],
  ])('refuses %s, naming the field', async (_, body, field) => {
    const res = await as('adminA', 'POST', '/api/user', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe(field);
  });

  it('refuses an email already used, whatever its case', async () => {
    const userName = email('twice');
    expect((await as('adminA', 'POST', '/api/user', { name: 'One', userName, role: 'user' })).statusCode).toBe(201);
    const res = await as('adminA', 'POST', '/api/user', { name: 'Two', userName: userName.toUpperCase(), role: 'user' });
    expect(res.statusCode).toBe(409);
    expect(res.json().field).toBe('userName');
  });

  it('refuses a role above the granter’s own', async () => {
    const res = await as('statAdmin', 'POST', '/api/user', { name: 'Chair', userName: email('chair'), role: 'statutory' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ field: 'role', message: expect.stringContaining('above your own') });
    // A site admin grants a body's own role in another tenant, but not the site role at home.
    expect((await as('siteAdmin', 'POST', '/api/user', { tenantId: t.statutory, name: 'Chair', userName: email('chair'), role: 'statutory' })).statusCode).toBe(201);
    expect((await as('siteAdmin', 'POST', '/api/user', { name: 'Owner', userName: email('owner'), role: 'site' })).statusCode).toBe(403);
  });

  it('keeps an admin to their own tenant and refuses non-administrators', async () => {
    const body = { tenantId: t.b, name: 'Intruder', userName: email('intruder'), role: 'admin' };
    expect((await as('adminA', 'POST', '/api/user', body)).statusCode).toBe(404);
    expect((await as('userA', 'POST', '/api/user', { ...body, tenantId: t.a })).statusCode).toBe(403);
    expect((await as('siteSupport', 'POST', '/api/user', body)).statusCode).toBe(403);
    const { rows } = await ctx.database.pool.query('SELECT 1 FROM app_user WHERE name = $1', ['Intruder']);
    expect(rows).toEqual([]);
  });

  it('creates the good rows of a bulk request and reports the bad ones with field and reason', async () => {
    const dup = email('dup');
    const res = await as('adminA', 'POST', '/api/users', [
      { name: 'Bulk One', userName: email('bulk'), role: 'user' },
      { name: 'Bulk Two', userName: 'broken', role: 'user' },
      { name: 'Bulk Three', userName: dup, role: 'admin' },
      { name: 'Bulk Four', userName: dup, role: 'user' },
      { name: 'Bulk Five', userName: email('bulk'), role: 'user', tenantId: t.b },
      'not an object',
    ]);
    expect(res.statusCode).toBe(200);
    const { created, refused } = res.json();
    expect(created.map((c: AdminUser) => c.name)).toEqual(['Bulk One', 'Bulk Three']);
    expect(refused).toEqual([
      { index: 1, field: 'userName', reason: 'must be an email address' },
      { index: 3, field: 'userName', reason: 'already used by another account' },
      { index: 4, field: 'row', reason: `No tenant with id= ${t.b} exists` },
      { index: 5, field: 'row', reason: expect.any(String) },
    ]);
  });
});

describe('listing users', () => {
  it('pages, sorts and searches on the server', async () => {
    const { id: tenantId } = await ctx.b.newTenant({ name: 'Paging Works' });
    for (const name of ['Zoya', 'Yash', 'Xavier', 'Waman', 'Vikas']) {
      await ctx.newUser({ tenantId, name, password: undefined, phone: name === 'Waman' ? '+91 99887 76655' : undefined });
    }
    const page = async (query: string) => (await as('siteAdmin', 'GET', `/api/users?tenantId=${tenantId}&${query}`)).json();
    const first = await page('size=2&sort=name&order=asc');
    expect(first).toMatchObject({ total: 5, page: 0, size: 2 });
    expect(first.items.map((x: AdminUser) => x.name)).toEqual(['Vikas', 'Waman']);
    expect((await page('size=2&page=2&sort=name&order=asc')).items.map((x: AdminUser) => x.name)).toEqual(['Zoya']);
    expect((await page('size=3&sort=name&order=desc')).items.map((x: AdminUser) => x.name)).toEqual(['Zoya', 'Yash', 'Xavier']);
    expect((await page('searchString=ASH')).items.map((x: AdminUser) => x.name)).toEqual(['Yash']);
    expect((await page('searchString=99887')).items.map((x: AdminUser) => x.name)).toEqual(['Waman']);
    expect((await page('searchString=nobody')).total).toBe(0);
    const bad = await as('siteAdmin', 'GET', '/api/users?sort=password');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('querystring.sort');
  });

  it("never lists, reads or changes another tenant's users", async () => {
    const listed = (await as('adminA', 'GET', '/api/users?size=200')).json();
    expect(listed.items.length).toBeGreaterThan(1);
    expect(listed.items.every((x: AdminUser) => x.tenant.id === t.a)).toBe(true);
    expect((await as('adminA', 'GET', `/api/users?id=${u.userB.id}`)).statusCode).toBe(404);
    expect((await as('adminA', 'GET', `/api/users?tenantId=${t.b}`)).statusCode).toBe(404);
    const put = await as('adminA', 'PUT', `/api/users/${u.userB.id}`, { name: 'Hacked', phone: null, role: 'admin', corporateId: null });
    expect(put.statusCode).toBe(404);
    expect((await as('adminA', 'PATCH', `/api/users/${u.userB.id}`, [{ op: 'SET', att: 'status', value: 'DISABLED' }])).statusCode).toBe(404);
    expect((await as('adminA', 'PUT', `/api/entityaccesforuser/${u.userB.id}`, { entityIds: [] })).statusCode).toBe(404);
    const { rows } = await ctx.database.pool.query('SELECT name, status FROM app_user WHERE id = $1', [u.userB.id]);
    expect(rows).toEqual([{ name: 'Bhanu User', status: 'ENABLED' }]);
  });

  it('shows a plain user only themself', async () => {
    const own = (await as('userA', 'GET', '/api/users')).json();
    expect(own.items.map((x: AdminUser) => x.id)).toEqual([u.userA.id]);
    expect((await as('userA', 'GET', `/api/users?id=${u.userA.id}`)).json()).toMatchObject({ id: u.userA.id, name: 'Arun User' });
    expect((await as('userA', 'GET', `/api/users?id=${u.adminA.id}`)).statusCode).toBe(404);
  });

  it('lets site support staff read every tenant’s users', async () => {
    const res = await as('siteSupport', 'GET', `/api/users?tenantId=${t.b}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().items.map((x: AdminUser) => x.id)).toEqual(expect.arrayContaining([u.adminB.id, u.userB.id]));
  });

  it('filters by corporate for site users only (SPEC 6)', async () => {
    const res = await as('siteAdmin', 'GET', `/api/users?corporateId=${corporate}&size=200`);
    expect(res.statusCode).toBe(200);
    const tenants = new Set(res.json().items.map((x: AdminUser) => x.tenant.id));
    expect([...tenants]).toEqual([t.a]);
    const refused = await as('adminA', 'GET', `/api/users?corporateId=${corporate}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().field).toBe('corporateId');
  });

  it("lists a corporate's primary users", async () => {
    const res = await as('adminA', 'POST', '/api/user', { name: 'Primary Person', userName: email('primary'), role: 'admin', corporateId: corporate, primaryUser: true });
    expect(res.statusCode).toBe(201);
    const primary = await as('siteAdmin', 'GET', `/api/corporates/${corporate}/users/primary`);
    expect(primary.json().map((x: AdminUser) => [x.id, x.primaryUser, x.corporate?.id])).toEqual([[res.json().id, true, corporate]]);
    expect((await as('adminB', 'GET', `/api/corporates/${corporate}/users/primary`)).statusCode).toBe(404);
  });
});

describe('changing users', () => {
  it('edits name, phone and role, audited with before and after; the email is refused here', async () => {
    const { id } = (await as('adminA', 'POST', '/api/user', { name: 'Old Name', userName: email('edit'), role: 'user' })).json();
    const res = await as('adminA', 'PUT', `/api/users/${id}`, { name: 'New Name', phone: '+91 90000 11111', role: 'admin', corporateId: corporate });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'New Name', phone: '+91 90000 11111', role: 'admin', corporate: { id: corporate, name: 'Shree Group' } });
    const audit = (await auditRows(`app_user:${id}`)).at(-1)!;
    expect(audit).toMatchObject({ action: 'update', before: { name: 'Old Name', role: 'user' }, after: { name: 'New Name', role: 'admin' } });

    const email2 = await as('adminA', 'PUT', `/api/users/${id}`, { name: 'New Name', phone: null, role: 'admin', corporateId: null, userName: 'other@example.in' });
    expect(email2.statusCode).toBe(400);
    expect(email2.json()).toMatchObject({ field: 'userName', message: expect.stringContaining('/{email}') });
    const escalate = await as('adminA', 'PUT', `/api/users/${id}`, { name: 'New Name', phone: null, role: 'site', corporateId: null });
    expect(escalate.statusCode).toBe(400);
    expect(escalate.json().field).toBe('role');
    const self = await as('adminA', 'PUT', `/api/users/${u.adminA.id}`, { name: 'Asha Admin', phone: null, role: 'user', corporateId: null });
    expect(self.statusCode).toBe(403);
  });

  it('takes a changed phone number as unconfirmed, and keeps an unchanged one confirmed', async () => {
    const { id } = (await as('adminA', 'POST', '/api/user', { name: 'Phone Owner', userName: email('phone'), phone: '+91 90000 22222', role: 'user' })).json();
    await ctx.db.updateTable('app_user').set({ phone_verified: true }).where('id', '=', String(id)).execute();
    const same = await as('adminA', 'PUT', `/api/users/${id}`, { name: 'Renamed Owner', phone: '+91 90000 22222', role: 'user', corporateId: null });
    expect(same.json()).toMatchObject({ name: 'Renamed Owner', phoneVerified: true });
    const changed = await as('adminA', 'PUT', `/api/users/${id}`, { name: 'Renamed Owner', phone: '+91 90000 33333', role: 'user', corporateId: null });
    expect(changed.json()).toMatchObject({ phone: '+91 90000 33333', phoneVerified: false });
  });

  it("disables a user at once: sessions end, sign-in refused; nobody disables themself", async () => {
    const userName = email('disable');
    const { id } = await ctx.newUser({ tenantId: t.a, userName });
    const { cookie } = await ctx.login(userName);
    expect((await ctx.inject({ method: 'GET', url: '/api/users/me', headers: { cookie } })).statusCode).toBe(200);
    const res = await as('adminA', 'PATCH', `/api/users/${id}`, [{ op: 'SET', att: 'status', value: 'DISABLED' }]);
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('DISABLED');
    expect((await ctx.database.pool.query('SELECT count(*)::int AS n FROM user_session WHERE user_id = $1', [id])).rows[0].n).toBe(0);
    expect((await ctx.inject({ method: 'GET', url: '/api/users/me', headers: { cookie } })).statusCode).toBe(401);
    expect((await ctx.login(userName)).res.statusCode).toBe(401);
    expect((await auditRows(`app_user:${id}`)).at(-1)).toMatchObject({ action: 'status', before: { status: 'ENABLED' }, after: { status: 'DISABLED' } });

    const enabled = await as('adminA', 'PATCH', `/api/users/${id}`, [{ op: 'SET', att: 'status', value: 'ENABLED' }]);
    expect(enabled.json().status).toBe('ENABLED');
    expect((await ctx.login(userName)).res.statusCode).toBe(200);

    const self = await as('adminA', 'PATCH', `/api/users/${u.adminA.id}`, [{ op: 'SET', att: 'status', value: 'DISABLED' }]);
    expect(self.statusCode).toBe(400);
    expect(self.json().field).toBe('status');
    const bad = await as('adminA', 'PATCH', `/api/users/${id}`, [{ op: 'SET', att: 'role', value: 'admin' }]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('body.0.att');
  });

  it("enables or disables a whole tenant's users (site administrators), audited per user", async () => {
    const { id: tenantId } = await ctx.b.newTenant({ name: 'Closing Down' });
    const one = await ctx.newUser({ tenantId, password: undefined });
    const two = await ctx.newUser({ tenantId, password: undefined });
    const cookie = await ctx.sessionCookie(tenantId, one.id);
    expect((await as('adminA', 'POST', '/api/userTenantStatus', { tenantId, status: 'DISABLED' })).statusCode).toBe(403);
    const res = await as('siteAdmin', 'POST', '/api/userTenantStatus', { tenantId, status: 'DISABLED' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ tenantId, status: 'DISABLED', changedUserIds: [one.id, two.id] });
    expect((await ctx.inject({ method: 'GET', url: '/api/users/me', headers: { cookie } })).statusCode).toBe(401);
    expect((await auditRows(`app_user:${two.id}`)).at(-1)).toMatchObject({ tenant_id: tenantId, action: 'status', after: { status: 'DISABLED' } });
    const again = await as('siteAdmin', 'POST', '/api/userTenantStatus', { tenantId, status: 'DISABLED' });
    expect(again.json().changedUserIds).toEqual([]);
    const own = await as('siteAdmin', 'POST', '/api/userTenantStatus', { tenantId: t.site, status: 'DISABLED' });
    expect(own.statusCode).toBe(400);
    expect(own.json().field).toBe('tenantId');
  });
});

describe('refusals name the field', () => {
  it('names role when an administrator changes their own, and tenantId for a tenant read but not administered', async () => {
    const own = await as('adminA', 'PUT', `/api/users/${u.adminA.id}`, { name: 'Asha Admin', phone: null, role: 'user', corporateId: null });
    expect(own.statusCode).toBe(403);
    expect(own.json().field).toBe('role');
    // A board reads its associated industries' data but administers only its own users.
    await ctx.database.pool.query('INSERT INTO statutory_association (tenant_id, statutory_id) VALUES ($1, $2)', [t.a, t.statutory]);
    try {
      const res = await as('statAdmin', 'POST', '/api/user', { tenantId: t.a, name: 'Sneha', userName: email('sneha'), role: 'user' });
      expect(res.statusCode).toBe(403);
      expect(res.json().field).toBe('tenantId');
      const bulk = await as('statAdmin', 'POST', '/api/users', [{ tenantId: t.a, name: 'Sneha', userName: email('sneha'), role: 'user' }]);
      expect(bulk.json().refused).toEqual([{ index: 0, field: 'tenantId', reason: `you do not administer the users of tenant ${t.a}` }]);
    } finally {
      await ctx.database.pool.query('DELETE FROM statutory_association WHERE tenant_id = $1 AND statutory_id = $2', [t.a, t.statutory]);
    }
  });
});

describe("a user's corporate", () => {
  it("is their tenant's corporate unless a site administrator sets it (a corporate admin reads every tenant of theirs)", async () => {
    const other = (await ctx.database.pool.query("INSERT INTO corporate (name) VALUES ('Other Group') RETURNING id")).rows[0].id as number;
    const create = await as('adminA', 'POST', '/api/user', { name: 'Cora', userName: email('cora'), role: 'user', corporateId: other });
    expect(create.statusCode).toBe(403);
    expect(create.json().field).toBe('corporateId');
    const self = await as('adminA', 'PUT', `/api/users/${u.adminA.id}`, { name: 'Asha Admin', phone: null, role: 'admin', corporateId: other });
    expect(self.statusCode).toBe(403);
    expect(self.json().field).toBe('corporateId');
    expect((await as('adminA', 'PUT', `/api/users/${u.adminA.id}`, { name: 'Asha Admin', phone: null, role: 'admin', corporateId: corporate })).statusCode).toBe(200);
    const bySite = await as('siteAdmin', 'PUT', `/api/users/${u.userA.id}`, { name: 'Arun User', phone: null, role: 'user', corporateId: other });
    expect(bySite.statusCode).toBe(200);
    // The tenant's administrator may keep the corporate a site administrator gave, or clear it.
    expect((await as('adminA', 'PUT', `/api/users/${u.userA.id}`, { name: 'Arun User', phone: null, role: 'user', corporateId: other })).statusCode).toBe(200);
    expect((await as('adminA', 'PUT', `/api/users/${u.userA.id}`, { name: 'Arun User', phone: null, role: 'user', corporateId: null })).statusCode).toBe(200);
    expect((await as('adminA', 'PUT', `/api/users/${u.adminA.id}`, { name: 'Asha Admin', phone: null, role: 'admin', corporateId: null })).statusCode).toBe(200);
  });
});

describe('user activity', () => {
  it("shows who signed in and who changed what, scoped to the caller's users and filterable", async () => {
    const userName = email('active');
    const { id } = await ctx.newUser({ tenantId: t.a, userName, role: 'admin' });
    const { cookie } = await ctx.login(userName, PASSWORD, '10.9.8.7');
    const made = await ctx.inject({
      method: 'POST', url: '/api/user', headers: { cookie, ...XHR }, payload: { name: 'Made By Active', userName: email('made'), role: 'user' },
    });
    expect(made.statusCode).toBe(201);

    const res = await as('adminA', 'GET', `/api/users/activity?userId=${id}`);
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page.total).toBe(2);
    expect(page.items.map((x: { kind: string; action: string }) => [x.kind, x.action])).toEqual([['change', 'create'], ['login', 'login']]);
    expect(page.items[1]).toMatchObject({ user: { id, userName, tenantId: t.a }, ip: '10.9.8.7', entity: null });
    expect(page.items[0]).toMatchObject({ entity: `app_user:${made.json().id}`, tenantId: t.a });
    expect((await as('adminA', 'GET', `/api/users/activity?userId=${id}&kind=login`)).json().total).toBe(1);
    expect((await as('adminA', 'GET', `/api/users/activity?userId=${id}&from=2999-01-01T00:00:00Z`)).json().total).toBe(0);
    const profile = (await as('adminA', 'GET', `/api/users?id=${id}`)).json();
    expect(profile.lastLoginAt).not.toBeNull();

    // Another tenant's admin sees none of it; a plain user only their own.
    expect((await as('adminB', 'GET', `/api/users/activity?userId=${id}`)).json().total).toBe(0);
    expect((await as('userA', 'GET', `/api/users/activity?userId=${id}`)).statusCode).toBe(404);
    // A change the user made in another tenant's log (a partner acting for it) stays with that tenant.
    await ctx.database.pool.query(
      "INSERT INTO audit_log (tenant_id, actor, actor_user_id, action, entity, after) VALUES ($1, $2, $3, 'update', 'entity:1', '{}')",
      [t.b, `user:${id}`, id],
    );
    expect((await as('adminA', 'GET', `/api/users/activity?userId=${id}&kind=change`)).json().total).toBe(1);
    const site = (await as('siteAdmin', 'GET', `/api/users/activity?userId=${id}&kind=change`)).json();
    expect(site.items.map((x: { tenantId: number }) => x.tenantId).sort()).toEqual([t.a, t.b].sort());
    const bad = await as('adminA', 'GET', '/api/users/activity?from=yesterday');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('querystring.from');
  });
});

describe('entity access', () => {
  const s = { plant: 0, stack1: 0, stack2: 0, other: 0 };

  beforeAll(async () => {
    s.plant = (await ctx.b.newEntity({ tenantId: t.a, type: 'group', name: 'Plant' })).id;
    s.stack1 = (await ctx.b.newEntity({ tenantId: t.a, parentId: s.plant, name: 'Stack 1' })).id;
    s.stack2 = (await ctx.b.newEntity({ tenantId: t.a, name: 'Stack 2' })).id;
    s.other = (await ctx.b.newEntity({ tenantId: t.b, name: 'B Stack' })).id;
    const docs = new DocumentRepository(ctx.db);
    for (const [entityId, name] of [[s.stack1, 'cto-1.pdf'], [s.stack2, 'cto-2.pdf']] as const) {
      await docs.save({ tenantId: t.a, entityId, type: 'CTO', pathName: `${t.a}/${name}`, fileName: name, contentType: 'application/pdf', content: Buffer.from('%PDF-1.4\n%%EOF\n') });
    }
    const pm = (await ctx.database.pool.query("SELECT id FROM std_param WHERE name = 'pm'")).rows[0].id;
    for (const entityId of [s.stack1, s.stack2]) {
      const device = await ctx.b.newDevice({ tenantId: t.a, entityId });
      await insertReadings(ctx.database, t.a, device.id, [{ ts: T, vals: [5, null] }]);
      await ctx.database.pool.query('INSERT INTO series_latest VALUES ($1, $2, 1, now(), 3)', [t.a, device.id]);
      await ctx.db
        .insertInto('alert')
        .values({ tenant_id: t.a, device_id: String(device.id), entity_id: String(entityId), slot: 1, std_param_id: pm, type: 'SYSTEM', ts: new Date(T), value: 99, limit_min: null, limit_max: 50 })
        .execute();
    }
  });

  const data = (url: string, entityIds: number[]) =>
    as('userA', 'POST', url, {
      request: url.includes('recent') ? { entityIds } : { entityIds, ...WINDOW, ...(url.includes('rawdata') ? {} : { params: [{ name: 'pm' }], interval: 'hour_1' }) },
    });
  const treeIds = async () => {
    const res = await as('userA', 'GET', '/api/entities?short=true');
    const ids: number[] = [];
    const walk = (nodes: { id: number; children: unknown[] }[]) => nodes.forEach((n) => (ids.push(n.id), walk(n.children as never)));
    walk(res.json());
    return ids.sort((x, y) => x - y);
  };

  it('limits a user to the granted entities and their descendants, everywhere they read', async () => {
    expect(await treeIds()).toEqual([s.plant, s.stack1, s.stack2]);
    const res = await as('adminA', 'PUT', `/api/entityaccesforuser/${u.userA.id}`, { entityIds: [s.plant] });
    expect(res.statusCode).toBe(200);
    expect(res.json().entityIds).toEqual([s.plant]);
    expect((await auditRows(`app_user:${u.userA.id}`)).at(-1)).toMatchObject({ action: 'entityAccess', before: { entityIds: [] }, after: { entityIds: [s.plant] } });

    expect(await treeIds()).toEqual([s.plant, s.stack1]);
    expect((await as('userA', 'GET', `/api/entity/${s.stack1}`)).statusCode).toBe(200);
    expect((await as('userA', 'GET', `/api/entity/${s.stack2}`)).statusCode).toBe(404);
    expect((await as('userA', 'POST', '/api/alertlimit', { entityIds: [s.stack2] })).statusCode).toBe(404);
    for (const url of ['/api/data/metric', '/api/data/entityMetric', '/api/data/recent/metric', '/api/data/recentTree/metric', '/api/rawdata/metric']) {
      expect([url, (await data(url, [s.stack2])).statusCode]).toEqual([url, 404]);
      expect([url, (await data(url, [s.stack1])).statusCode]).toEqual([url, 200]);
    }
    // The tenant variant (no entityIds) reads only the granted subtree.
    const all = await as('userA', 'POST', '/api/data/metric', { request: { ...WINDOW, params: [{ name: 'pm' }], interval: 'hour_1' } });
    expect(all.json().map((r: { entityId: number }) => r.entityId)).toEqual([s.stack1]);
    // Documents of other stations are not found.
    expect((await as('userA', 'POST', '/api/documentById', { pathName: `${t.a}/cto-1.pdf` })).statusCode).toBe(200);
    expect((await as('userA', 'POST', '/api/documentById', { pathName: `${t.a}/cto-2.pdf` })).statusCode).toBe(404);
    // Alert counts cover the granted subtree only.
    const alerts = (body: object) => as('userA', 'POST', `/api/tenants/${t.a}/alertData?isGroupByParameter=true`, { ...WINDOW, ...body });
    expect((await alerts({})).json().total).toBe(1);
    expect((await alerts({ nodeId: s.stack2 })).statusCode).toBe(404);
    expect((await as('adminA', 'POST', `/api/tenants/${t.a}/alertData?isGroupByParameter=true`, WINDOW)).json().total).toBe(2);
    // Live status counts the granted stations only.
    const live = async (who: 'userA' | 'adminA') =>
      (await as(who, 'GET', '/api/getTenantsLiveStatus')).json().find((r: { tenantId: number }) => r.tenantId === t.a);
    expect(await live('userA')).toMatchObject({ UNKNOWN: 1, LIVE: 0, DELAYED: 0, OFFLINE: 0 });
    expect(await live('adminA')).toMatchObject({ UNKNOWN: 2 });
    const industry = async (who: 'userA' | 'adminA') => (await as(who, 'GET', `/api/stateDashboard/industyList/${t.a}`)).json()[0];
    expect(await industry('userA')).toMatchObject({ stationCount: 1 });
    expect(await industry('adminA')).toMatchObject({ stationCount: 2 });
    // Their administrator still sees everything.
    expect((await as('adminA', 'GET', `/api/entity/${s.stack2}`)).statusCode).toBe(200);

    expect((await as('adminA', 'PUT', `/api/entityaccesforuser/${u.userA.id}`, { entityIds: [] })).json().entityIds).toEqual([]);
    expect(await treeIds()).toEqual([s.plant, s.stack1, s.stack2]);
    expect(await live('userA')).toMatchObject({ UNKNOWN: 2 });
  });

  it("refuses another tenant's entities and plain users", async () => {
    const res = await as('adminA', 'PUT', `/api/entityaccesforuser/${u.userA.id}`, { entityIds: [s.stack1, s.other] });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('entityIds.1');
    expect((await as('userA', 'PUT', `/api/entityaccesforuser/${u.userA.id}`, { entityIds: [] })).statusCode).toBe(403);
  });
});

describe('modules', () => {
  it('answers the modules of the user’s app, for themself and for their administrator', async () => {
    const keys = async (who: keyof typeof u, id: number) => {
      const res = await as(who, 'GET', `/api/users/${id}/modules`);
      expect(res.statusCode).toBe(200);
      return [res.json().view, res.json().modules.map((m: { key: string }) => m.key)];
    };
    const [view, own] = await keys('userA', u.userA.id);
    expect(view).toBe('tenant');
    expect(own).toContain('dashboard');
    expect(own).not.toContain('users');
    expect((await keys('adminA', u.adminA.id))[1]).toContain('users');
    expect(await keys('adminA', u.userA.id)).toEqual(['tenant', own]);
    const site = await keys('siteAdmin', u.siteAdmin.id);
    expect(site[0]).toBe('site');
    expect(site[1]).toEqual(expect.arrayContaining(['tenants', 'users']));
    // Nobody reads another tenant's user's modules, and a plain user only their own.
    expect((await as('adminA', 'GET', `/api/users/${u.userB.id}/modules`)).statusCode).toBe(404);
    expect((await as('userA', 'GET', `/api/users/${u.adminA.id}/modules`)).statusCode).toBe(404);
  });
});

describe('manage mode', () => {
  it('lets site administrators acting as an industry administer its users, and site support only read them', async () => {
    const acting = { 'tenant-id': String(t.b) };
    const res = await as('siteAdmin', 'POST', '/api/user', { name: 'Managed Hire', userName: email('managed'), role: 'user' }, acting);
    expect(res.statusCode).toBe(201);
    expect(res.json().tenant.id).toBe(t.b);
    const listed = (await as('siteAdmin', 'GET', '/api/users?size=200', undefined, acting)).json();
    expect(new Set(listed.items.map((x: AdminUser) => x.tenant.id))).toEqual(new Set([t.b]));
    expect((await as('siteSupport', 'GET', '/api/users', undefined, acting)).statusCode).toBe(200);
    const refused = await as('siteSupport', 'PATCH', `/api/users/${res.json().id}`, [{ op: 'SET', att: 'status', value: 'DISABLED' }], acting);
    expect(refused.statusCode).toBe(403);
  });

  it('refuses a bulk body that is not a list, naming it', async () => {
    const res = await as('adminA', 'POST', '/api/users', { name: 'Not a list' });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('body');
  });
});
