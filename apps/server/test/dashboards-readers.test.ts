import { Dashboard, DashboardList } from '@enviro/contracts/dashboards';
import { describe, expect, it } from 'vitest';
import { useTestApp, type TestApp } from './test-app.ts';

/**
 * Boards, partners and corporates read an industry's dashboards without acting for it
 * (`?tenantId=`): the dashboards the industry shares with all its users (its templates among
 * them), read-only; an industry outside their jurisdiction answers 404, and its users' own
 * dashboards never show.
 */

const ctx = useTestApp();
await ctx.start();

const XHR = { 'x-requested-with': 'XMLHttpRequest' };
const board = (await ctx.b.newTenant({ name: 'State Board', type: 'statutory' })).id;
const partner = (await ctx.b.newTenant({ name: 'Field Services', type: 'partner' })).id;
const corporateId = (await ctx.db.insertInto('corporate').values({ name: 'Godavari Group' }).returning('id').executeTakeFirstOrThrow()).id;
const headOffice = (await ctx.b.newTenant({ name: 'Godavari head office', type: 'corporate_admin', corporateId })).id;
const industry = (await ctx.b.newTenant({ name: 'Godavari Steel', statutoryIds: [board], corporateId })).id;
const outside = (await ctx.b.newTenant({ name: 'Tapti Textiles' })).id;
await ctx.db.insertInto('partner_tenant').values({ partner_id: partner, tenant_id: industry }).execute();
for (const [tenantId, type] of [[industry, 'cems'], [industry, 'caaqms'], [industry, 'eqms'], [outside, 'cems']] as const) {
  const station = await ctx.b.newEntity({ tenantId, type });
  await ctx.b.newDevice({ tenantId, entityId: station.id, ...(type === 'caaqms' ? { params: [{ name: 'pm10' }, { name: 'pm2_5' }] } : {}) });
}

const cookieOf = async (user: Parameters<TestApp['signedIn']>[0]) => (await ctx.signedIn(user)).cookie;
const readers = {
  board: await cookieOf({ tenantId: board, userType: 'statutory', role: 'admin' }),
  partner: await cookieOf({ tenantId: partner, userType: 'partner', role: 'user' }),
  corporate: await cookieOf({ tenantId: headOffice, userType: 'corporate_admin', role: 'admin', corporateId }),
};
const industryAdmin = await cookieOf({ tenantId: industry, role: 'admin' });

const get = (url: string, cookie: string) => ctx.inject({ method: 'GET', url, headers: { cookie, ...XHR } });

describe("an industry's dashboards, read by its board, partner and corporate", () => {
  it('lists its three templates to each reader, read-only, where their own tenant has none', async () => {
    for (const [who, cookie] of Object.entries(readers)) {
      const own = await get('/api/dashboards', cookie);
      expect(own.statusCode, who).toBe(200);
      expect(DashboardList.parse(own.json()), who).toEqual([]);

      const res = await get(`/api/dashboards?tenantId=${industry}`, cookie);
      expect(res.statusCode, who).toBe(200);
      const list = DashboardList.parse(res.json());
      expect(list.map((d) => d.name).sort(), who).toEqual(['CAAQMS overview', 'CEMS overview', 'EQMS overview']);
      expect(list.every((d) => d.tenantId === industry && d.template && !d.editable), who).toBe(true);

      const one = await get(`/api/dashboards/${list[0]!.id}?tenantId=${industry}`, cookie);
      expect(one.statusCode, who).toBe(200);
      const board = Dashboard.parse(one.json());
      expect(board.editable, who).toBe(false);
      expect(board.widgets.length, who).toBeGreaterThan(0);
    }
  });

  it('narrows to a station type', async () => {
    const list = DashboardList.parse((await get(`/api/dashboards?tenantId=${industry}&entityType=caaqms`, readers.board)).json());
    expect(list.map((d) => d.name)).toEqual(['CAAQMS overview']);
  });

  it("answers 404 for an industry outside the board's jurisdiction and for its dashboards", async () => {
    const theirs = DashboardList.parse((await ctx.inject({ method: 'GET', url: '/api/dashboards', headers: { cookie: await cookieOf({ tenantId: outside, role: 'admin' }), ...XHR } })).json());
    expect(theirs.length).toBeGreaterThan(0);
    for (const [who, cookie] of Object.entries(readers)) {
      const list = await get(`/api/dashboards?tenantId=${outside}`, cookie);
      expect(list.statusCode, who).toBe(404);
      // Its dashboard's id, asked under the reader's industry or the outside one, is not there either.
      expect((await get(`/api/dashboards/${theirs[0]!.id}?tenantId=${outside}`, cookie)).statusCode, who).toBe(404);
      expect((await get(`/api/dashboards/${theirs[0]!.id}?tenantId=${industry}`, cookie)).statusCode, who).toBe(404);
    }
  });

  it("shows none of the industry's users' own dashboards nor those kept for its administrators, and lets no reader change one", async () => {
    const widgets: unknown[] = [];
    const post = (payload: object) => ctx.inject({ method: 'POST', url: '/api/dashboards', headers: { cookie: industryAdmin, ...XHR }, payload });
    const mine = Dashboard.parse((await post({ name: 'Admin notes', owner: 'user', sharedRoles: ['user'], widgets })).json());
    const adminsOnly = Dashboard.parse((await post({ name: 'For admins', owner: 'tenant', sharedRoles: ['admin'], widgets })).json());
    const forAll = Dashboard.parse((await post({ name: 'Plant floor', owner: 'tenant', sharedRoles: ['user', 'admin'], widgets })).json());

    const names = DashboardList.parse((await get(`/api/dashboards?tenantId=${industry}`, readers.board)).json()).map((d) => d.name);
    expect(names).toContain('Plant floor');
    expect(names).not.toContain('Admin notes');
    expect(names).not.toContain('For admins');
    expect((await get(`/api/dashboards/${mine.id}?tenantId=${industry}`, readers.board)).statusCode).toBe(404);
    expect((await get(`/api/dashboards/${adminsOnly.id}?tenantId=${industry}`, readers.board)).statusCode).toBe(404);

    // The board's administrator is no administrator of the industry: the dashboard is not theirs to change.
    const put = await ctx.inject({ method: 'PUT', url: `/api/dashboards/${forAll.id}`, headers: { cookie: readers.board, ...XHR }, payload: { name: 'Taken', owner: 'tenant', widgets } });
    expect(put.statusCode).toBe(404);
    const del = await ctx.inject({ method: 'DELETE', url: `/api/dashboards/${forAll.id}`, headers: { cookie: readers.board, ...XHR } });
    expect(del.statusCode).toBe(404);
    expect(Dashboard.parse((await get(`/api/dashboards/${forAll.id}`, industryAdmin)).json()).name).toBe('Plant floor');
  });

  it('names the field of a tenantId that is no id', async () => {
    const res = await get('/api/dashboards?tenantId=abc', readers.board);
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('tenantId');
  });
});
