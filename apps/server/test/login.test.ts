import { beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_FAILED } from '../src/modules/accounts/accounts.service.ts';
import { PASSWORD } from './accounts.ts';
import { useTestApp } from './test-app.ts';

describe('POST /api/login', () => {
  const ctx = useTestApp();
  let tenantId: number;

  beforeAll(async () => {
    tenantId = (await ctx.b.newTenant({ name: 'Shree Cement' })).id;
  });

  it('sets an httpOnly session cookie and a readable info cookie; the cookie alone then authenticates', async () => {
    const user = await ctx.newUser({ tenantId, name: 'Asha Rao', role: 'admin' });
    const { res, cookie } = await ctx.login(user.userName);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: user.id,
      name: 'Asha Rao',
      userType: 'tenant',
      role: 'admin',
      tenant: { id: tenantId, name: 'Shree Cement', type: 'tenant' },
      actingTenantId: tenantId,
      manage: false,
      view: 'tenant',
    });
    const session = res.cookies.find((c) => c.name === 'session')!;
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(session.secure).toBeUndefined();
    expect(session.value).toMatch(/^[\w-]{43}$/);
    const info = res.cookies.find((c) => c.name === 'info')!;
    expect(info.httpOnly).toBeUndefined();
    expect(JSON.parse(decodeURIComponent(info.value))).toEqual({ id: user.id, name: 'Asha Rao', userType: 'tenant', role: 'admin' });
    const stored = await ctx.database.pool.query('SELECT id FROM user_session WHERE user_id = $1', [user.id]);
    expect(stored.rows).toHaveLength(1);
    expect(stored.rows[0].id).not.toBe(session.value);

    const tenant = await ctx.inject({ method: 'GET', url: '/api/tenantinfo', headers: { cookie } });
    expect(tenant.statusCode).toBe(200);
    expect(tenant.json()).toMatchObject({ id: tenantId, name: 'Shree Cement' });
    const me = await ctx.inject({ method: 'GET', url: '/api/users/me', headers: { cookie } });
    expect(me.json()).toMatchObject({ id: user.id, userName: user.userName });
  });

  it('marks the cookies Secure behind a TLS proxy', async () => {
    const user = await ctx.newUser({ tenantId });
    const res = await ctx.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'x-requested-with': 'XMLHttpRequest', 'x-forwarded-proto': 'https' },
      payload: { userName: user.userName, password: PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(res.cookies.map((c) => [c.name, c.secure])).toEqual([['session', true], ['info', true]]);
  });

  it('matches the user name regardless of case and surrounding spaces', async () => {
    const user = await ctx.newUser({ tenantId, userName: 'Plant.Head@Example.in' });
    expect((await ctx.login('  PLANT.HEAD@example.IN ')).res.statusCode).toBe(200);
    await expect(ctx.newUser({ tenantId, userName: 'plant.head@example.in' })).rejects.toThrow(/already used/);
    expect(user.id).toBeGreaterThan(0);
  });

  it('answers a wrong password and an unknown user with the same message', async () => {
    const user = await ctx.newUser({ tenantId });
    const wrong = await ctx.login(user.userName, 'not the password', '10.0.1.1');
    const unknown = await ctx.login('nobody@example.in', PASSWORD, '10.0.1.1');
    expect(wrong.res.statusCode).toBe(401);
    expect(unknown.res.statusCode).toBe(401);
    expect(wrong.res.json()).toEqual({ statusCode: 401, error: 'Unauthorized', message: LOGIN_FAILED });
    expect(unknown.res.json()).toEqual(wrong.res.json());
    expect(wrong.res.cookies).toEqual([]);
  });

  it('refuses a disabled user, and a user of a disabled tenant, with the same message', async () => {
    const user = await ctx.newUser({ tenantId });
    await ctx.database.pool.query(`UPDATE app_user SET status = 'DISABLED' WHERE id = $1`, [user.id]);
    const disabled = await ctx.login(user.userName, PASSWORD, '10.0.7.1');
    expect(disabled.res.statusCode).toBe(401);
    expect(disabled.res.json().message).toBe(LOGIN_FAILED);

    const closed = (await ctx.b.newTenant({ status: 'DISABLED' })).id;
    const other = await ctx.newUser({ tenantId: closed });
    expect((await ctx.login(other.userName, PASSWORD, '10.0.7.2')).res.json().message).toBe(LOGIN_FAILED);
  });

  it.each([
    ['no body fields', {}, 'body.userName'],
    ['no password', { userName: 'a@example.in' }, 'body.password'],
    ['an empty user name', { userName: '', password: 'x' }, 'body.userName'],
    ['a numeric password', { userName: 'a@example.in', password: 12345 }, 'body.password'],
  ])('answers 400 naming the field for %s', async (_case, payload, field) => {
    const res = await ctx.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'x-requested-with': 'XMLHttpRequest' },
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe(field);
  });
});
