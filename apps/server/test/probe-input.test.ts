import { describe, expect, it } from 'vitest';
import { exampleOf, fieldsOf, operationsOf, withField, type Json, type Operation } from './openapi-walk.ts';
import { useTestApp } from './test-app.ts';

/**
 * Every route of the OpenAPI document (so a new route is probed without touching this file), called
 * by a site administrator with well-formed requests spoiled in one place each: a body field, a query
 * or path parameter, the whole body, the scoping headers. The spoilers are those that once answered
 * 500 or megabytes: text PostgreSQL cannot store (NUL), ids past the 32-bit keys of tenants and
 * corporates, a 10 kB string, year 0, a body of 10,000 keys. Each answer must be below 500, a 400
 * must name its field, and an error answer stays a few kB whatever was sent.
 */

const ctx = useTestApp();
await ctx.start();

const doc = (await ctx.inject('/api/docs/json')).json();
const XHR = { 'x-requested-with': 'XMLHttpRequest' };
const site = (await ctx.b.newTenant({ type: 'site' })).id;
const admin = await ctx.signedIn({ tenantId: site, userType: 'site', role: 'site' });
const caller = { cookie: admin.cookie, ...XHR };
const industry = await ctx.b.newStationDevice();
/** What the writes name, so that no probe that gets through changes the caller or the industry. */
const victim = {
  tenant: (await ctx.b.newTenant()).id,
  user: (await ctx.newUser({ tenantId: industry.tenantId, password: undefined })).id,
  corporate: (await ctx.db.insertInto('corporate').values({ name: 'Probe Holdings' }).returning('id').executeTakeFirstOrThrow()).id,
  partner: (await ctx.b.newTenant({ type: 'partner' })).id,
};

const WINDOW = { startDate: '2024-03-10T00:00:00Z', endDate: '2024-03-10T01:00:00Z', timezone: 'UTC' };
const trend = { request: { entityIds: [industry.entityId], ...WINDOW, params: [{ name: 'pm' }], interval: 'minute_15' } };
/** Bodies the schema alone cannot make well-formed: ids that exist, dates in order. */
const BODIES: Record<string, Json> = {
  'POST /api/data/metric': trend,
  'POST /api/data/entityMetric': trend,
  'POST /api/data/recent/metric': { request: { entityIds: [industry.entityId] } },
  'POST /api/data/recentTree/metric': { request: { entityIds: [industry.entityId] } },
  'POST /api/rawdata/metric': { request: { entityIds: [industry.entityId], ...WINDOW } },
  'POST /api/raw-data-report': { format: 'CSV', request: { entityIds: [industry.entityId], ...WINDOW } },
  'POST /api/public-parameter-report/{tenantId}': { format: 'CSV', request: { entityType: 'cems', paramName: 'pm', entityIds: [industry.entityId], timezone: 'UTC' } },
  'POST /api/tenants/{tenantId}/alertData': WINDOW,
  'POST /api/documentById': { pathName: `${industry.tenantId}/cto/probe.pdf` },
  'POST /api/alertlimit': { entityIds: [industry.entityId] },
  'POST /api/preferences': { theme: { value: 'dark' } },
  'POST /api/users': [{ tenantId: industry.tenantId, name: 'Probe', userName: 'probe.bulk@example.in', userType: 'tenant', role: 'user' }],
  'POST /api/user': { tenantId: industry.tenantId, name: 'Probe', userName: 'probe.one@example.in', userType: 'tenant', role: 'user' },
  'POST /api/userTenantStatus': { tenantId: victim.tenant, status: 'ENABLED' },
  'POST /api/login': { userName: 'nobody@example.in', password: 'not the password' },
};

/** The id a path parameter gets: the victim's for writes, the industry's for reads. */
function idFor(op: Operation, name: string): string {
  const write = op.method !== 'GET';
  if (name === 'accessToken') return industry.accessToken;
  if (name === 'email') return 'probe@example.in';
  if (name === 'token') return 'x'.repeat(43);
  if (/^\/api\/partners\//.test(op.path) && name === 'id') return String(victim.partner);
  if (/^\/api\/corporates\/\{id\}/.test(op.path)) return String(victim.corporate);
  if (/tenant/i.test(name) || /\/(tenants|tenant-by-id|licenseCount|statutory|getCorporateForTenant|industyList)\/\{id\}/.test(op.path)) {
    return String(write ? victim.tenant : industry.tenantId);
  }
  // The caller's own account routes take no other user's id.
  if (/\/users\/\{id\}\/(verify|password|\{email\})/.test(op.path) || name === 'userId') return String(admin.id);
  if (/\/(users|entityaccesforuser)\/\{id\}/.test(op.path)) return String(victim.user);
  return String(industry.entityId);
}

const urlOf = (op: Operation, over: Record<string, string> = {}, query = '') =>
  op.path.replace(/\{(\w+)\}/g, (_, name: string) => over[name] ?? idFor(op, name)) +
  (op.path === '/api/corporateTenants' ? `?corporateId=${victim.corporate}${query ? `&${query}` : ''}` : query ? `?${query}` : '');

const LONG = 'x'.repeat(10_000);
const BODY_VALUES: Record<string, Json> = { NUL: 'a\u0000b', '2^31': 2 ** 31, '10 kB': LONG, 'year 0': '0000-01-01T00:00:00Z' };
const QUERY_VALUES: Record<string, string> = { NUL: '\u0000', '2^31': String(2 ** 31), '10 kB': LONG, '2^53 + 1': '9007199254740993' };
const PATH_VALUES: Record<string, string> = { NUL: '%00', '2^31': String(2 ** 31), '2^53 + 1': '9007199254740993', 'not a number': 'abc' };
const WHOLE_BODIES: Record<string, Json> = {
  '10,000 keys': Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`k${i}`, i])),
  '1,000 numbers': Array.from({ length: 1000 }, (_, i) => i),
  'a __proto__ key': JSON.parse('{"__proto__": {"admin": true}}'),
};
/** An error answer stays this small whatever the request held. */
const MAX_ERROR_BYTES = 4096;

interface Probe {
  what: string;
  url: string;
  body?: Json;
  headers?: Record<string, string>;
}

function probesOf(op: Operation): Probe[] {
  const route = `${op.method} ${op.path}`;
  const base = BODIES[route] ?? (op.body ? exampleOf(doc, op.body) : undefined);
  const probes: Probe[] = [];
  for (const name of op.pathParams) {
    for (const [what, v] of Object.entries(PATH_VALUES)) probes.push({ what: `params.${name} = ${what}`, url: urlOf(op, { [name]: v }), body: base });
  }
  for (const name of op.queryParams) {
    for (const [what, v] of Object.entries(QUERY_VALUES)) probes.push({ what: `querystring.${name} = ${what}`, url: urlOf(op, {}, `${name}=${encodeURIComponent(v)}`), body: base });
  }
  if (op.body) {
    for (const path of fieldsOf(doc, op.body, 3)) {
      for (const [what, v] of Object.entries(BODY_VALUES)) probes.push({ what: `body.${path.join('.')} = ${what}`, url: urlOf(op), body: withField(base, path, v) });
    }
    for (const [what, body] of Object.entries(WHOLE_BODIES)) probes.push({ what: `body = ${what}`, url: urlOf(op), body });
    probes.push({ what: 'body = not JSON', url: urlOf(op), body: '{"name": ', headers: { 'content-type': 'application/json' } });
  }
  for (const header of ['tenant-id', 'corporate-id']) probes.push({ what: `${header} = 2^31`, url: urlOf(op), body: base, headers: { [header]: String(2 ** 31) } });
  return probes;
}

async function failuresOf(op: Operation, probes: readonly Probe[]): Promise<string[]> {
  const failures: string[] = [];
  for (let i = 0; i < probes.length; i += 8) {
    await Promise.all(
      probes.slice(i, i + 8).map(async (p) => {
        const res = await ctx.inject({
          method: op.method as 'GET',
          url: p.url,
          headers: { ...caller, ...p.headers },
          ...(p.body !== undefined && op.method !== 'GET' ? { payload: p.body } : {}),
        });
        const problem =
          res.statusCode >= 500 ? `answered ${res.statusCode}`
          : res.statusCode === 400 && !res.json().field ? 'a 400 naming no field'
          : res.statusCode >= 400 && res.body.length > MAX_ERROR_BYTES ? `an error of ${res.body.length} bytes`
          : undefined;
        if (problem) failures.push(`${p.what}: ${problem}: ${res.body.slice(0, 160)}`);
      }),
    );
  }
  return failures;
}

const operations = operationsOf(doc).filter((op) => !op.path.startsWith('/api/docs') && op.path !== '/api/logout');

describe('bad input on every route', () => {
  it('walks the routes of the OpenAPI document', () => {
    expect(operations.length).toBeGreaterThan(60);
  });

  it.each(operations.map((op) => [`${op.method} ${op.path}`, op] as const))('%s: 4xx naming the field, a few kB at most', async (_, op) => {
    expect(await failuresOf(op, probesOf(op))).toEqual([]);
  });

  it('refuses a public-tenant-id past the 32-bit tenant ids as any other bad one', async () => {
    const res = await ctx.inject({ method: 'GET', url: '/api/tenantinfo', headers: { portal: 'PUBLIC', 'public-tenant-id': String(2 ** 31) } });
    expect(res.statusCode).toBe(401);
  });
});
