import { afterAll, describe, expect, it } from 'vitest';
import { CTO_DOCUMENT_PROPERTY } from '@enviro/contracts/documents';
import { DocumentRepository } from '../src/modules/documents/documents.repository.ts';
import { newUser } from './accounts.ts';
import { builders } from './builders.ts';
import { buildTestApp, createTestDatabase } from './helper.ts';
import { sessionCookie } from './sessions.ts';

/**
 * The users who look after other tenants' industries (a board, the CGWA, a corporate's admin, a
 * partner) open an industry they read in their own app, without acting for it (no TENANT-ID): every
 * call of the industry, station and trend pages answers them, and an industry they do not read
 * answers 404.
 */

const database = await createTestDatabase();
const app = await buildTestApp(database);
afterAll(async () => {
  await app.close();
  await database.close();
});

const XHR = { 'x-requested-with': 'XMLHttpRequest' };
const build = builders(database.db);
const board = (await build.newTenant({ name: 'State Board', type: 'statutory' })).id;
const cgwa = (await build.newTenant({ name: 'Central Ground Water Authority', type: 'cgwa' })).id;
const partner = (await build.newTenant({ name: 'Field Services', type: 'partner' })).id;
const corporateId = (await database.db.insertInto('corporate').values({ name: 'Godavari Group' }).returning('id').executeTakeFirstOrThrow()).id;
const headOffice = (await build.newTenant({ name: 'Godavari head office', type: 'corporate_admin', corporateId })).id;
const industry = (await build.newTenant({ name: 'Godavari Steel', statutoryIds: [board, cgwa], corporateId })).id;
const other = (await build.newTenant({ name: 'Tapti Textiles' })).id;
await database.db.insertInto('partner_tenant').values({ partner_id: partner, tenant_id: industry }).execute();

const PDF = Buffer.from('%PDF-1.4\n%%EOF\n');
async function stationOf(tenantId: number, name: string) {
  const pathName = `${tenantId}/cto/${name}.pdf`;
  const station = await build.newEntity({ tenantId, name, properties: [{ name: CTO_DOCUMENT_PROPERTY, value: pathName }] });
  await build.newDevice({ tenantId, entityId: station.id });
  await new DocumentRepository(database.db).save({ tenantId, entityId: station.id, type: 'CTO', pathName, fileName: `${name}.pdf`, contentType: 'application/pdf', content: PDF });
  return { id: station.id, pathName };
}
const station = await stationOf(industry, 'Godavari Stack');
const otherStation = await stationOf(other, 'Tapti Stack');

const readerOf = async (tenantId: number, userType: Parameters<typeof newUser>[1]['userType'], role: Parameters<typeof newUser>[1]['role'], extra = {}) => {
  const { id } = await newUser(database.db, { tenantId, userType, role, ...extra });
  return sessionCookie(database.db, tenantId, Number(id));
};
const readers = {
  statutory: await readerOf(board, 'statutory', 'user'),
  cgwa: await readerOf(cgwa, 'cgwa', 'user'),
  corporate_admin: await readerOf(headOffice, 'corporate_admin', 'admin', { corporateId }),
  partner: await readerOf(partner, 'partner', 'user'),
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
  app.inject({ method: c.method, url: c.url, headers: { cookie, ...XHR }, ...('payload' in c ? { payload: c.payload } : {}) });

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
