import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_FAILED } from '../src/modules/accounts/accounts.service.ts';
import { login, newUser, PASSWORD } from './accounts.ts';
import { builders } from './builders.ts';
import { buildTestApp, createTestDatabase, type TestDatabase } from './helper.ts';

describe('POST /api/login', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let tenantId: number;

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await buildTestApp(database);
    tenantId = (await builders(database.db).newTenant({ name: 'Shree Cement' })).id;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('sets an httpOnly session cookie and a readable info cookie; the cookie alone then authenticates', async () => {
    const user = await newUser(database.db, { tenantId, name: 'Asha Rao', role: 'admin' });
    const { res, cookie } = await login(app, user.userName);
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
    const stored = await database.pool.query('SELECT id FROM user_session WHERE user_id = $1', [user.id]);
    expect(stored.rows).toHaveLength(1);
    expect(stored.rows[0].id).not.toBe(session.value);

    const tenant = await app.inject({ method: 'GET', url: '/api/tenantinfo', headers: { cookie } });
    expect(tenant.statusCode).toBe(200);
    expect(tenant.json()).toMatchObject({ id: tenantId, name: 'Shree Cement' });
    const me = await app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie } });
    expect(me.json()).toMatchObject({ id: user.id, userName: user.userName });
  });

  it('marks the cookies Secure behind a TLS proxy', async () => {
    const user = await newUser(database.db, { tenantId });
    const res = await app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'x-requested-with': 'XMLHttpRequest', 'x-forwarded-proto': 'https' },
      payload: { userName: user.userName, password: PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(res.cookies.map((c) => [c.name, c.secure])).toEqual([['session', true], ['info', true]]);
  });

  it('matches the user name regardless of case and surrounding spaces', async () => {
    const user = await newUser(database.db, { tenantId, userName: 'Plant.Head@Example.in' });
    expect((await login(app, '  PLANT.HEAD@example.IN ')).res.statusCode).toBe(200);
    await expect(newUser(database.db, { tenantId, userName: 'plant.head@example.in' })).rejects.toThrow(/already used/);
    expect(user.id).toBeGreaterThan(0);
  });

  it('answers a wrong password and an unknown user with the same message', async () => {
    const user = await newUser(database.db, { tenantId });
    const wrong = await login(app, user.userName, 'not the password', '10.0.1.1');
    const unknown = await login(app, 'nobody@example.in', PASSWORD, '10.0.1.1');
    expect(wrong.res.statusCode).toBe(401);
    expect(unknown.res.statusCode).toBe(401);
    expect(wrong.res.json()).toEqual({ statusCode: 401, error: 'Unauthorized', message: LOGIN_FAILED });
    expect(unknown.res.json()).toEqual(wrong.res.json());
    expect(wrong.res.cookies).toEqual([]);
  });

  it('refuses the sixth attempt on an account within 15 minutes, even with the right password', async () => {
    const user = await newUser(database.db, { tenantId });
    for (let i = 1; i <= 5; i++) {
      const { res } = await login(app, user.userName, `guess ${i}`, `10.0.2.${i}`);
      expect(res.statusCode).toBe(401);
    }
    const { res } = await login(app, user.userName, PASSWORD, '10.0.2.9');
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe('Too many attempts; try again in 15 minutes');
    // An unknown account is limited alike, so the limit does not tell which accounts exist.
    for (let i = 1; i <= 5; i++) await login(app, 'ghost@example.in', 'x', `10.0.3.${i}`);
    expect((await login(app, 'ghost@example.in', 'x', '10.0.3.9')).res.json().message).toBe('Too many attempts; try again in 15 minutes');
  });

  it('tells how long to wait from the oldest failure that still counts', async () => {
    const user = await newUser(database.db, { tenantId });
    for (let i = 1; i <= 5; i++) await login(app, user.userName, 'wrong', '10.0.4.1');
    await database.pool.query(`UPDATE login_attempt SET at = now() - interval '14 minutes 30 seconds' WHERE user_name = $1`, [user.userName]);
    expect((await login(app, user.userName, PASSWORD, '10.0.4.2')).res.json().message).toBe('Too many attempts; try again in 1 minute');
    await database.pool.query(`UPDATE login_attempt SET at = now() - interval '16 minutes' WHERE user_name = $1`, [user.userName]);
    expect((await login(app, user.userName, PASSWORD, '10.0.4.2')).res.statusCode).toBe(200);
  });

  it('limits one address to 20 failures across accounts', async () => {
    for (let i = 1; i <= 20; i++) expect((await login(app, `probe${i}@example.in`, 'x', '10.0.5.1')).res.statusCode).toBe(401);
    const user = await newUser(database.db, { tenantId });
    expect((await login(app, user.userName, PASSWORD, '10.0.5.1')).res.statusCode).toBe(429);
    expect((await login(app, user.userName, PASSWORD, '10.0.5.2')).res.statusCode).toBe(200);
  });

  it('lets a burst of concurrent guesses through no further than the limit', async () => {
    const user = await newUser(database.db, { tenantId });
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => login(app, user.userName, 'wrong', `10.0.6.${i}`)));
    const codes = results.map((r) => r.res.statusCode);
    expect(codes.filter((c) => c === 401).length).toBeLessThanOrEqual(5);
    expect(codes.filter((c) => c === 429).length).toBeGreaterThanOrEqual(3);
  });

  it('refuses a disabled user, and a user of a disabled tenant, with the same message', async () => {
    const user = await newUser(database.db, { tenantId });
    await database.pool.query(`UPDATE app_user SET status = 'DISABLED' WHERE id = $1`, [user.id]);
    const disabled = await login(app, user.userName, PASSWORD, '10.0.7.1');
    expect(disabled.res.statusCode).toBe(401);
    expect(disabled.res.json().message).toBe(LOGIN_FAILED);

    const closed = (await builders(database.db).newTenant({ status: 'DISABLED' })).id;
    const other = await newUser(database.db, { tenantId: closed });
    expect((await login(app, other.userName, PASSWORD, '10.0.7.2')).res.json().message).toBe(LOGIN_FAILED);
  });

  it.each([
    ['no body fields', {}, 'body.userName'],
    ['no password', { userName: 'a@example.in' }, 'body.password'],
    ['an empty user name', { userName: '', password: 'x' }, 'body.userName'],
    ['a numeric password', { userName: 'a@example.in', password: 12345 }, 'body.password'],
  ])('answers 400 naming the field for %s', async (_case, payload, field) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'x-requested-with': 'XMLHttpRequest' },
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe(field);
  });
});
