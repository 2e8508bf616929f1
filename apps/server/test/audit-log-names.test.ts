import { describe, expect, it } from 'vitest';
import { recordAudit } from '../src/platform/audit/audit-trail.ts';
import { PASSWORD } from './accounts.ts';
import { useTestApp } from './test-app.ts';

/**
 * The audit log names who made each change, the changed user, tenant or corporate, and the tenant
 * whose log it is, instead of raw ids; names come only from the tenants the reader reads.
 */

const ctx = useTestApp();
await ctx.start();

const XHR = { 'x-requested-with': 'XMLHttpRequest' };
const site = (await ctx.b.newTenant({ name: 'Operations', type: 'site' })).id;
const corporate = async (name: string) => (await ctx.db.insertInto('corporate').values({ name }).returning('id').executeTakeFirstOrThrow()).id;
const alphaGroup = await corporate('Alpha Group');
const bravoGroup = await corporate('Bravo Group');
const a = (await ctx.b.newTenant({ name: 'Alpha Paper', corporateId: alphaGroup })).id;
const b = (await ctx.b.newTenant({ name: 'Bravo Steel', corporateId: bravoGroup })).id;

const user = (tenantId: number, name: string, o: Partial<Parameters<typeof ctx.signedIn>[0]> = {}) => ctx.signedIn({ tenantId, name, ...o });
const siteAdmin = await user(site, 'Sita Site', { userType: 'site', role: 'admin' });
const adminA = await user(a, 'Asha Admin', { role: 'admin' });
const bravoUser = await user(b, 'Bravo Person', { role: 'admin' });

type Entry = { action: string; entity: string; tenantName: string; actorName: string | null; entityName: string | null };
const log = async (cookie: string, query = '') => {
  const res = await ctx.inject({ method: 'GET', url: `/api/auditLogs?size=200${query}`, headers: { cookie, ...XHR } });
  expect(res.statusCode, res.body).toBe(200);
  return { body: res.body, items: res.json().items as Entry[] };
};

describe('names in the audit log', () => {
  it('names the actor, the changed user or tenant, and the log’s tenant for a site administrator', async () => {
    const created = await ctx.inject({
      method: 'POST',
      url: '/api/user',
      headers: { cookie: siteAdmin.cookie, ...XHR },
      payload: { tenantId: a, name: 'Neel New', userName: `neel.${Date.now()}@example.in`, userType: 'tenant', role: 'user', password: PASSWORD },
    });
    expect(created.statusCode, created.body).toBe(201);
    await ctx.inject({ method: 'PATCH', url: `/api/tenants/${a}`, headers: { cookie: siteAdmin.cookie, ...XHR }, payload: [{ op: 'SET', att: 'status', value: 'GRACE' }] });
    const { items } = await log(siteAdmin.cookie, `&tenantId=${a}`);
    expect(items.find((e) => e.action === 'create' && e.entity === `app_user:${created.json().id}`)).toMatchObject({
      tenantName: 'Alpha Paper',
      actorName: 'Sita Site',
      entityName: 'Neel New',
    });
    expect(items.find((e) => e.action === 'status')).toMatchObject({ tenantName: 'Alpha Paper', actorName: 'Sita Site', entityName: 'Alpha Paper' });
  });

  it('names a corporate whose tenant the reader reads', async () => {
    await recordAudit(ctx.db, { tenantId: site, actor: `user:${siteAdmin.id}`, actorUserId: siteAdmin.id, action: 'update', entity: `corporate:${alphaGroup}`, before: null, after: {} });
    const { items } = await log(siteAdmin.cookie, `&entity=corporate:${alphaGroup}`);
    expect(items).toEqual([expect.objectContaining({ tenantName: 'Operations', actorName: 'Sita Site', entityName: 'Alpha Group' })]);
  });

  it("leaves unnamed, for a tenant's admin, what lies outside the tenants they read", async () => {
    // Entries of A's log that point at B's user, B itself and B's corporate (as no change does today).
    for (const entity of [`app_user:${bravoUser.id}`, `tenant:${b}`, `corporate:${bravoGroup}`, 'weird:entity']) {
      await recordAudit(ctx.db, { tenantId: a, actor: `user:${bravoUser.id}`, actorUserId: bravoUser.id, action: 'probe', entity, before: null, after: {} });
    }
    const { items, body } = await log(adminA.cookie);
    const probes = items.filter((e) => e.action === 'probe');
    expect(probes).toHaveLength(4);
    for (const probe of probes) expect(probe).toMatchObject({ tenantName: 'Alpha Paper', actorName: null, entityName: null });
    expect(body).not.toMatch(/Bravo|Sita/);
    // The users and the tenant of A are named for A's admin, the site staff who changed them are not.
    expect(items.find((e) => e.action === 'status')).toMatchObject({ actorName: null, entityName: 'Alpha Paper' });
    expect(items.find((e) => e.action === 'create' && e.entity === `app_user:${adminA.id}`)).toMatchObject({ entityName: 'Asha Admin' });
  });
});
