import { describe, expect, it } from 'vitest';
import { CTO_DOCUMENT_PROPERTY } from '@enviro/contracts/documents';
import { DocumentRepository } from '../src/modules/documents/documents.repository.ts';
import { OperatorProvisioning } from '../src/operator-provisioning.ts';
import { useTestApp, type TestApp } from './test-app.ts';

/**
 * The users who look after other tenants' industries (a board, the CGWA, a corporate's admin, a
 * partner, an investor, a quasi-regulator) open an industry they read in their own app, without acting for it (no TENANT-ID): every
 * call of the industry, station and trend pages answers them, and an industry they do not read
 * answers 404.
 */

const ctx = useTestApp();
await ctx.start();

const XHR = { 'x-requested-with': 'XMLHttpRequest' };
const board = (await ctx.b.newTenant({ name: 'State Board', type: 'statutory' })).id;
const cgwa = (await ctx.b.newTenant({ name: 'Central Ground Water Authority', type: 'cgwa' })).id;
const partner = (await ctx.b.newTenant({ name: 'Field Services', type: 'partner' })).id;
const corporateId = (await ctx.db.insertInto('corporate').values({ name: 'Godavari Group' }).returning('id').executeTakeFirstOrThrow()).id;
const headOffice = (await ctx.b.newTenant({ name: 'Godavari head office', type: 'corporate_admin', corporateId })).id;
const industry = (await ctx.b.newTenant({ name: 'Godavari Steel', statutoryIds: [board, cgwa], corporateId })).id;
const other = (await ctx.b.newTenant({ name: 'Tapti Textiles' })).id;
await ctx.db.insertInto('partner_tenant').values({ partner_id: partner, tenant_id: industry }).execute();
// Investors and quasi-regulators follow industries on their watch lists.
const investor = (await ctx.b.newTenant({ name: 'Deccan Capital', type: 'investor' })).id;
const committee = (await ctx.b.newTenant({ name: 'Monitoring Committee', type: 'quasi_regulator' })).id;
for (const watcher of [investor, committee]) await OperatorProvisioning.over(ctx.db).setWatched(watcher, [industry]);

const PDF = Buffer.from('%PDF-1.4\n%%EOF\n');
async function stationOf(tenantId: number, name: string) {
  const pathName = `${tenantId}/cto/${name}.pdf`;
  const station = await ctx.b.newEntity({ tenantId, name, properties: [{ name: CTO_DOCUMENT_PROPERTY, value: pathName }] });
  await ctx.b.newDevice({ tenantId, entityId: station.id });
  await new DocumentRepository(ctx.db).save({ tenantId, entityId: station.id, type: 'CTO', pathName, fileName: `${name}.pdf`, contentType: 'application/pdf', content: PDF });
  return { id: station.id, pathName };
}
const station = await stationOf(industry, 'Godavari Stack');
const otherStation = await stationOf(other, 'Tapti Stack');

const cookieOf = async (user: Parameters<TestApp['signedIn']>[0]) => (await ctx.signedIn(user)).cookie;
const readers = {
  statutory: await cookieOf({ tenantId: board, userType: 'statutory', role: 'user' }),
  cgwa: await cookieOf({ tenantId: cgwa, userType: 'cgwa', role: 'user' }),
  corporate_admin: await cookieOf({ tenantId: headOffice, userType: 'corporate_admin', role: 'admin', corporateId }),
  partner: await cookieOf({ tenantId: partner, userType: 'partner', role: 'user' }),
  investor: await cookieOf({ tenantId: investor, userType: 'investor', role: 'investor' }),
  quasi_regulator: await cookieOf({ tenantId: committee, userType: 'quasi_regulator', role: 'user' }),
};

const DAY = 86_400_000;
const now = Date.now();
const range = { startDate: new Date(now - DAY).toISOString(), endDate: new Date(now).toISOString() };

/** The calls of the industry page, its station and a trend (apps/web's api files), for an industry and its station. */
const pageCalls = (tenantId: number, s: { id: number; pathName: string }) => [
  { method: 'GET', url: `/api/tenant-by-id/${tenantId}` },
  { method: 'GET', url: `/api/entities?tenantId=${tenantId}&getDevices=true&params=true&status=ENABLED` },
  { method: 'POST', url: '/api/data/entityMetric', payload: { request: { entityIds: [s.id], params: [{ name: 'pm' }], duration: '4h-ago', interval: 'minute_15' } } },
  { method: 'POST', url: '/api/alertlimit', payload: { entityIds: [s.id], params: ['pm'] } },
  { method: 'POST', url: `/api/tenants/${tenantId}/alertData?isGroupByParameter=true`, payload: { ...range, types: ['SYSTEM'], nodeId: s.id } },
  { method: 'POST', url: '/api/documentById', payload: { pathName: s.pathName } },
  { method: 'POST', url: '/api/raw-data-report', payload: { format: 'CSV', request: { entityIds: [s.id], ...range, interval: 'instances_1', isRawDataReport: true } } },
  {
    method: 'POST',
    url: `/api/public-parameter-report/${tenantId}`,
    payload: { format: 'CSV', request: { entityType: 'cems', paramName: 'pm', entityIds: [s.id], duration: '7d-ago', interval: 'hour_1' } },
  },
] as const;

const call = (cookie: string, c: ReturnType<typeof pageCalls>[number]) =>
  ctx.inject({ method: c.method, url: c.url, headers: { cookie, ...XHR }, ...('payload' in c ? { payload: c.payload } : {}) });

describe('reading an industry in one\'s own app', () => {
  it.each(Object.entries(readers))('a %s user reads every call of the industry, station and trend pages without TENANT-ID', async (_, cookie) => {
    for (const c of pageCalls(industry, station)) {
      const res = await call(cookie, c);
      expect({ url: c.url, status: res.statusCode, body: res.statusCode === 200 ? '' : res.body }).toEqual({ url: c.url, status: 200, body: '' });
    }
    const tenant = (await call(cookie, pageCalls(industry, station)[0])).json();
    expect(tenant).toMatchObject({ id: industry, name: 'Godavari Steel' });
    const tree = (await call(cookie, pageCalls(industry, station)[1])).json();
    expect(JSON.stringify(tree)).toContain('Godavari Stack');
    expect(JSON.stringify(tree)).not.toContain('Tapti');
  });

  it.each(Object.entries(readers))('a %s user gets 404 and none of its names for an industry they do not read', async (_, cookie) => {
    for (const c of pageCalls(other, otherStation)) {
      const res = await call(cookie, c);
      expect({ url: c.url, status: res.statusCode }).toEqual({ url: c.url, status: 404 });
      expect(res.body).not.toContain('Tapti Textiles');
    }
  });
});

describe('watch lists', () => {
  it('open the oversight of the watched industries to an investor and a quasi-regulator (its alerts: alerts-routes.test.ts)', async () => {
    for (const cookie of [readers.investor, readers.quasi_regulator]) {
      const overview = await ctx.inject({ method: 'GET', url: '/api/oversight', headers: { cookie } });
      expect(overview.statusCode).toBe(200);
      expect(overview.json().items.map((r: { name: string }) => r.name)).toEqual(['Godavari Steel']);
    }
  });

  it('takes industries, not other watchers or boards, and lets go of them', async () => {
    const provisioning = OperatorProvisioning.over(ctx.db);
    await expect(provisioning.setWatched(investor, [board])).rejects.toThrow(`tenant ${board} is not an industry`);
    await expect(provisioning.setWatched(board, [industry])).rejects.toThrow(`tenant ${board} is not an investor or a quasi-regulator`);
    const other2 = (await ctx.b.newTenant({ name: 'Narmada Paper' })).id;
    await provisioning.setWatched(investor, [other2]);
    const names = async () => (await ctx.inject({ method: 'GET', url: '/api/oversight', headers: { cookie: readers.investor } })).json().items.map((r: { name: string }) => r.name);
    expect(await names()).toEqual(['Godavari Steel', 'Narmada Paper']);
    await provisioning.setWatched(investor, [other2], false);
    expect(await names()).toEqual(['Godavari Steel']);
  });
});
