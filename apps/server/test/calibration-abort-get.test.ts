import { describe, expect, it } from 'vitest';
import { useTestApp } from './test-app.ts';

/**
 * GET /api/abortCalibration/{id}, the call SPEC 7's clients make beside POST: it changes data, so a
 * signed-in browser's GET passes only with proof it comes from our own pages (the CSRF header,
 * Fetch Metadata same-origin, or an Origin of this host); a link on another site aborts nothing.
 */
const ctx = useTestApp();
await ctx.start();

const XHR = { 'x-requested-with': 'XMLHttpRequest' };
const tenantId = (await ctx.b.newTenant()).id;
const stationId = (await ctx.b.newEntity({ tenantId, type: 'cems' })).id;
const device = await ctx.b.newDevice({ tenantId, entityId: stationId, params: [{ name: 'so2', unit: 'ppm' }] });
const admin = await ctx.signedIn({ tenantId, userType: 'tenant', role: 'admin' });
const reader = await ctx.signedIn({ tenantId, userType: 'tenant', role: 'user' });
const outsider = await ctx.signedIn({ tenantId: (await ctx.b.newTenant()).id, userType: 'tenant', role: 'admin' });

/** Starts a calibration of the device (POST, from our pages). */
async function started(): Promise<number> {
  const res = await ctx.inject({
    method: 'POST',
    url: '/api/startCalibration',
    headers: { cookie: admin.cookie, ...XHR },
    payload: { deviceId: device.id, type: 'ZERO', params: [{ name: 'so2', range: 500, points: [{ kind: 'ZERO', expected: 0 }] }] },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as number;
}

const abort = (id: number | string, headers: Record<string, string>, user: { cookie: string } = admin, query = '') =>
  ctx.inject({ method: 'GET', url: `/api/abortCalibration/${id}${query}`, headers: { cookie: user.cookie, ...headers } });
const statusOf = async (id: number) => (await ctx.inject({ method: 'GET', url: `/api/calibrate/${id}`, headers: { cookie: admin.cookie } })).json().status as string;

describe('GET /api/abortCalibration/{id}', () => {
  it('aborts a calibration in progress with its reason, as POST does; twice is 409', async () => {
    const id = await started();
    const res = await abort(id, XHR, admin, '?reason=cylinder%20empty');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id, status: 'ABORTED', abortReason: 'cylinder empty' });
    expect((await ctx.inject({ method: 'GET', url: `/api/checkOnGoingCalibration/${device.id}`, headers: { cookie: admin.cookie } })).json().ongoing).toBe(false);
    const again = await abort(id, XHR);
    expect(again.statusCode).toBe(409);
  });

  it("passes from this site's pages without the header: Fetch Metadata same-origin, or an Origin of this host", async () => {
    const byFetchMetadata = await started();
    expect((await abort(byFetchMetadata, { 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
    const byOrigin = await started();
    expect((await abort(byOrigin, { host: 'enviro.example', origin: 'https://enviro.example' })).statusCode).toBe(200);
  });

  it("refuses another site's link or script, and a GET with no proof, aborting nothing", async () => {
    const id = await started();
    const foreign: Record<string, string>[] = [
      // A link clicked on another site: the browser sends the Lax cookie with Fetch Metadata.
      { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' },
      { 'sec-fetch-site': 'same-site' },
      // Another site's script cannot set the header without a preflight; were it set, the metadata still says where it came from.
      { 'sec-fetch-site': 'cross-site', ...XHR },
      // A browser without Fetch Metadata: another site's Origin, or nothing at all.
      { host: 'enviro.example', origin: 'https://evil.example' },
      { origin: 'null' },
      {},
      // Typed into the address bar or bookmarked: not our page's call either.
      { 'sec-fetch-site': 'none' },
    ];
    for (const headers of foreign) {
      const res = await abort(id, headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
    }
    expect(await statusOf(id)).toBe('IN_PROGRESS');
    // No HEAD route runs the abort a second way.
    expect((await ctx.inject({ method: 'HEAD', url: `/api/abortCalibration/${id}`, headers: { cookie: admin.cookie, ...XHR } })).statusCode).toBe(404);
    expect(await statusOf(id)).toBe('IN_PROGRESS');
    expect((await abort(id, XHR)).statusCode).toBe(200);
  });

  it('answers 400 naming the field for a bad id or reason', async () => {
    for (const [id, query, field] of [
      ['abc', '', 'params.id'],
      ['0', '', 'params.id'],
      ['1', `?reason=${'x'.repeat(501)}`, 'querystring.reason'],
    ] as const) {
      const res = await abort(id, XHR, admin, query);
      expect(res.statusCode, `${id}${query.slice(0, 20)}`).toBe(400);
      expect(res.json().field).toBe(field);
    }
  });

  it("refuses another tenant's admin (404), an industry user (403) and no session (401)", async () => {
    const id = await started();
    expect((await abort(id, XHR, outsider)).statusCode).toBe(404);
    expect((await abort(id, XHR, reader)).statusCode).toBe(403);
    expect((await ctx.inject({ method: 'GET', url: `/api/abortCalibration/${id}`, headers: XHR })).statusCode).toBe(401);
    expect(await statusOf(id)).toBe('IN_PROGRESS');
    expect((await abort(id, XHR)).statusCode).toBe(200);
  });
});
