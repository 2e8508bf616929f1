import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './test-app.ts';

/** Request bodies cost their parsing only to callers allowed to send them, and within bounds. */
describe('request bodies', () => {
  const ctx = useTestApp();
  let cookie: string;
  let station: number;

  beforeAll(async () => {
    const tenantId = (await ctx.b.newTenant()).id;
    station = (await ctx.b.newEntity({ tenantId })).id;
    cookie = (await ctx.signedIn({ tenantId })).cookie;
  });

  const json = { 'content-type': 'application/json' };
  const signedIn = () => ({ ...json, cookie, 'x-requested-with': 'XMLHttpRequest' });
  const setPreferences = (headers: InjectOptions['headers'], payload: string) =>
    ctx.inject({ method: 'POST', url: '/api/preferences', headers, payload });
  /** `{"REFRESH_DASHBOARD": {"value": [[[…]]]}}`, the array `depth` levels deep. */
  const nested = (depth: number) => `{"REFRESH_DASHBOARD": {"value": ${'['.repeat(depth)}${']'.repeat(depth)}}}`;

  it.each([
    ['malformed JSON', '{"REFRESH_DASHBOARD": '],
    ['a body over every limit', `"${'x'.repeat(9 * 1024 * 1024)}"`],
  ])('answers 401 without reading it to a caller without a session sending %s', async (_what, payload) => {
    const res = await setPreferences(json, payload);
    expect(res.statusCode).toBe(401);
  });

  it('answers 401 to a caller without a session sending a body nested a million levels deep, without parsing it', async () => {
    // Parsing it took seconds, holding every other request; a parsed body would answer 400 (too deep).
    const res = await setPreferences(json, nested(1_000_000));
    expect(res.statusCode).toBe(401);
  });

  it('answers 401 to a data read without credentials before reading its body', async () => {
    const res = await ctx.inject({ method: 'POST', url: '/api/data/recent/metric', headers: json, payload: '{"request": ' });
    expect(res.statusCode).toBe(401);
  });

  it('answers a signed-in write without the CSRF header 403 before reading its body', async () => {
    const res = await setPreferences({ ...json, cookie }, '{"REFRESH_DASHBOARD": ');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/x-requested-with/);
  });

  it('refuses a body nested deeper than 32 levels with 400 before parsing it', async () => {
    const res = await setPreferences(signedIn(), nested(400_000));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'body', message: 'body: nested deeper than 32 levels' });
  });

  it('reads a body nested within the limit as before', async () => {
    const res = await setPreferences(signedIn(), nested(30));
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('body.REFRESH_DASHBOARD.value');
    expect((await setPreferences(signedIn(), '{"REFRESH_DASHBOARD": {"value": "1"}}')).statusCode).toBe(200);
  });

  it('limits a route that declares no body limit to 1 MiB', async () => {
    const res = await setPreferences(signedIn(), `{"REFRESH_DASHBOARD": {"value": "${'1'.repeat(1024 * 1024)}"}}`);
    expect(res.statusCode).toBe(413);
  });

  it('still reads a data request', async () => {
    const res = await ctx.inject({
      method: 'POST',
      url: '/api/data/recent/metric',
      headers: signedIn(),
      payload: { request: { entityIds: [station] } },
    });
    expect(res.statusCode).toBe(200);
  });
});
