import { ACCESS_RULES, ROLES, USER_TYPES, type Role, type UserType, type View } from '@enviro/domain/access-model';
import { describe, expect, it } from 'vitest';
import type { Audience, RouteAccess } from '../src/platform/access/route-access.ts';
import { buildApp } from '../src/app.ts';
import { useTestApp } from './test-app.ts';

/**
 * Walks every route the app registered (read back from the app, so a new route is covered without
 * touching this file) with every caller that can exist: each user type with each role, a site
 * user acting as a tenant, the public portal, an API key and nobody. The expected answer is worked
 * out here from the rules' lists of views, types and roles, not by the access module.
 * The access check runs before validation, so a refused caller gets 401/403 whatever the body,
 * and an admitted one anything else (a 400 for a body this walk does not fill in still proves
 * it got past the check).
 */

const ctx = useTestApp();
await ctx.start();

/** Routes that never consult the caller; a new one must be added here on purpose. */
const OPEN_ROUTES = new Set([
  'GET /healthz',
  'POST /api/login',
  'POST /api/logout',
  'POST /api/v1/:accessToken/telemetry',
  // An invited user has only the link: no session yet.
  'GET /api/invite/:token',
  'POST /api/invite/accept',
  // The public home page lists the boards before any board is picked (no portal header yet).
  'GET /api/boards',
  // Checks its own caller: a bearer token (METRICS_TOKEN) or this machine (metrics.test.ts).
  'GET /metrics',
  // The open data API (docs/OPEN-DATA.md): anyone, with or without X-API-Key, limited per key or
  // address; it serves only what publishing boards publish (open-data.test.ts tries every route
  // with every kind of unpublished id).
  'OPTIONS /api/open/v1/*',
  'GET /api/open/v1/openapi.json',
  'GET /api/open/v1/boards',
  'GET /api/open/v1/stations',
  'GET /api/open/v1/stations/:stationId',
  'GET /api/open/v1/stations/:stationId/series',
  'GET /api/open/v1/stations/:stationId/exceedances',
  'GET /api/open/v1/stations/:stationId/uptime',
  'GET /api/open/v1/stations/:stationId/naqi',
  'GET /api/open/v1/stations/:stationId/calibrations',
  'POST /api/open/v1/keys',
  'POST /api/open/v1/keys/confirm',
  'GET /api/open/v1/files',
  'GET /api/open/v1/files/changes',
  'GET /api/open/v1/files/:stationId/:month',
  // The payment gateway's webhook: it proves itself by the HMAC-SHA256 signature of the body
  // (subscriptions.test.ts sends forged, replayed and reordered events).
  'POST /api/payment/webhook',
]);
/** The OpenAPI page and the web app's files (served when a build exists), all open by design. */
const isDocsOrWeb = (url: string) => url.startsWith('/api/docs') || url.startsWith('/api/open/v1/docs') || (url !== '/healthz' && url !== '/metrics' && !url.startsWith('/api/'));

interface Caller {
  name: string;
  headers: Record<string, string>;
  /** The ids the caller's requests use: its own (or, in manage mode, its acting) tenant's. */
  ids: { tenant: number; entity: number; user: number };
  /** What the rules judge: type, role and view, or the non-user kinds. */
  judgedAs: { kind: 'user'; userType: UserType; role: Role; view: View } | { kind: 'public' | 'apiKey' | 'anonymous' };
}

const XHR = { 'x-requested-with': 'XMLHttpRequest' };
const tenants = {} as Record<UserType, { tenant: number; entity: number }>;
for (const type of USER_TYPES) {
  const { id: tenant } = await ctx.b.newTenant({ type });
  const { id: entity } = await ctx.b.newEntity({ tenantId: tenant });
  await ctx.b.newDevice({ tenantId: tenant, entityId: entity });
  tenants[type] = { tenant, entity };
}
const industry = tenants.tenant;

const callers: Caller[] = [];
for (const userType of USER_TYPES) {
  for (const role of ROLES) {
    const { tenant, entity } = tenants[userType];
    const { id, cookie } = await ctx.signedIn({ tenantId: tenant, userType, role });
    callers.push({
      name: `${userType}/${role}`,
      headers: { cookie, ...XHR },
      ids: { tenant, entity, user: Number(id) },
      judgedAs: { kind: 'user', userType, role, view: userType },
    });
    // SPEC 6 manage mode: the original tenant's type gives both masks, in the tenant view.
    if (userType === 'site') {
      callers.push({
        name: `site/${role} managing an industry`,
        headers: { cookie, ...XHR, 'tenant-id': String(industry.tenant) },
        ids: { tenant: industry.tenant, entity: industry.entity, user: Number(id) },
        judgedAs: { kind: 'user', userType: 'site', role: 'site', view: 'tenant' },
      });
    }
  }
}
const { key } = await ctx.b.newApiKey(industry.tenant);
const outsideIds = { ...industry, user: 0 };
callers.push(
  { name: 'public portal', headers: { portal: 'PUBLIC', 'public-tenant-id': String(industry.tenant) }, ids: outsideIds, judgedAs: { kind: 'public' } },
  { name: 'API key', headers: { authorization: `Bearer ${key}` }, ids: outsideIds, judgedAs: { kind: 'apiKey' } },
  { name: 'anonymous', headers: {}, ids: outsideIds, judgedAs: { kind: 'anonymous' } },
);

/** The expected verdict, from the rule data of SPEC 6. */
function expected(caller: Caller, access: RouteAccess): 'allowed' | 401 | 403 {
  const who = caller.judgedAs;
  if (who.kind === 'anonymous') return 401;
  if (access === 'signedIn') return who.kind === 'user' ? 'allowed' : 401;
  const audiences: readonly Audience[] = typeof access === 'string' ? [access as Audience] : (access as readonly Audience[]);
  if (who.kind === 'apiKey') return audiences.includes('apiKey') ? 'allowed' : 403;
  // The public portal is judged as a tenant user in the public view.
  const judged: { userType: string; role: string; view: string } = who.kind === 'user' ? who : { userType: 'tenant', role: 'user', view: 'public' };
  const admitted = audiences.some((a) => {
    if (a === 'apiKey') return false;
    const rule: { views: readonly string[]; userTypes: readonly string[]; roles: readonly string[] } = ACCESS_RULES[a];
    return rule.views.includes(judged.view) && rule.userTypes.includes(judged.userType) && rule.roles.includes(judged.role);
  });
  return admitted ? 'allowed' : 403;
}

const NO_SUCH = { tenant: 2_000_000_000, entity: 2_000_000_000, user: 2_000_000_000 };
const WINDOW = { startDate: '2024-03-10T00:00:00Z', endDate: '2024-03-10T01:00:00Z', timezone: 'UTC' };

/** A plausible body for the routes that have one; others get `{}` and so a 400 once admitted. */
function bodyFor(url: string, ids: Caller['ids']): unknown {
  if (url.includes('/recent')) return { request: { entityIds: [ids.entity] } };
  if (url === '/api/rawdata/metric') return { request: { entityIds: [ids.entity], ...WINDOW } };
  if (url.startsWith('/api/data/')) return { request: { entityIds: [ids.entity], ...WINDOW, params: [{ name: 'pm' }], interval: 'hour_1' } };
  return {};
}

/** The URL with its parameters filled from the caller's own ids, by the parameter's name. */
function fillParams(url: string, ids: Caller['ids']): string {
  return url.replace(/:(\w+)/g, (_, name: string) => {
    if (/tenant/i.test(name)) return String(ids.tenant);
    if (/user/i.test(name)) return String(ids.user);
    if (name === 'id' && /\/(tenants?|tenant-by-id|licenseCount|statutory)\//i.test(url)) return String(ids.tenant);
    if (name === 'id' && /\/users?\//i.test(url)) return String(ids.user);
    return String(ids.entity);
  });
}

/** Runs `fn` over `items` a few at a time (the pool has 10 connections), keeping their order. */
async function inBatches<T, R>(items: readonly T[], fn: (item: T) => Promise<R>, size = 6): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size) out.push(...(await Promise.all(items.slice(i, i + size).map(fn))));
  return out;
}

const walked = ctx.app.declaredRoutes.filter((r) => r.method !== 'HEAD' && !isDocsOrWeb(r.url) && !OPEN_ROUTES.has(`${r.method} ${r.url}`));

describe('route access', () => {
  it('knows every route: each declares its access, and the ones open to all are the expected few', () => {
    expect(walked.map((r) => r.url)).toEqual(expect.arrayContaining(['/api/entities', '/api/data/metric', '/api/users/me']));
    const open = ctx.app.declaredRoutes.filter((r) => r.access === 'none' || r.access === 'device').filter((r) => r.method !== 'HEAD' && !isDocsOrWeb(r.url));
    expect(open.map((r) => `${r.method} ${r.url}`).sort()).toEqual([...OPEN_ROUTES].sort());
    // HEAD routes are Fastify's copies of GET routes and carry the same declaration.
    // (Swagger UI's pages are left out: its GET of the page itself reaches onRoute without its HEAD's URL.)
    for (const head of ctx.app.declaredRoutes.filter((r) => r.method === 'HEAD' && !isDocsOrWeb(r.url))) {
      expect(ctx.app.declaredRoutes.find((r) => r.method === 'GET' && r.url === head.url)?.access).toEqual(head.access);
    }
  });

  it.each([
    ['no declaration', {}],
    ['an unknown rule', { access: 'everyone' }],
    ['an empty list', { access: [] }],
  ])('refuses to start with a route that has %s', async (_, config) => {
    const unstarted = await buildApp({ database: ctx.database }, { logger: false });
    unstarted.get('/api/undeclared', { config: config as object }, async () => 'reachable');
    await expect(unstarted.ready()).rejects.toThrow('routes without a valid config.access declaration: GET /api/undeclared');
    await unstarted.close();
  });

  it('answers anonymous requests to the open routes without asking who calls', async () => {
    expect((await ctx.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect((await ctx.inject({ method: 'POST', url: '/api/logout', headers: XHR })).statusCode).toBe(200);
    const telemetry = await ctx.inject({ method: 'POST', url: '/api/v1/no-such-token/telemetry', payload: {} });
    expect(telemetry.statusCode).toBe(401);
    expect(telemetry.json().message).not.toMatch(/may not use this route|authentication required/);
  });

  it.each(walked.map((r) => [`${r.method} ${r.url}`, r] as const))('%s admits exactly the callers its rule names', async (_, route) => {
    const verdicts = await inBatches(callers, async (caller) => {
      const res = await ctx.inject({
        method: route.method as 'GET',
        // Writes that need no body name ids that do not exist, so an admitted caller changes nothing.
        url: fillParams(route.url, ['PUT', 'PATCH', 'DELETE'].includes(route.method) ? NO_SUCH : caller.ids),
        headers: caller.headers,
        ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: bodyFor(route.url, caller.ids) as object }),
      });
      const want = expected(caller, route.access);
      const got = res.statusCode === 401 || res.statusCode === 403 ? res.statusCode : 'allowed';
      return { got, wrong: got === want ? null : `${caller.name}: expected ${want}, got ${res.statusCode} ${res.body.slice(0, 160)}` };
    });
    const wrong = verdicts.flatMap((v) => (v.wrong ? [v.wrong] : []));
    const admitted = verdicts.filter((v) => v.got === 'allowed').length;
    expect(wrong).toEqual([]);
    // A route no caller can reach is a declaration mistake.
    expect(admitted).toBeGreaterThan(0);
  }, 60_000);
});
