import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './test-app.ts';

interface Node {
  name: string;
  type: string;
  children: Node[];
}

const names = (nodes: readonly Node[]): string[] => nodes.flatMap((n) => [n.name, ...names(n.children)]);

/**
 * GET /api/tenants/{id}/entities (SPEC 7 Tenants): one tenant's entity tree, with the options of
 * GET /api/entities, for those who read the tenant; another tenant's id is 404.
 */
describe('GET /api/tenants/{id}/entities', () => {
  const ctx = useTestApp();
  let industry: number;
  let sister: number;
  let board: number;
  let stranger: number;
  const cookies: Record<'admin' | 'board' | 'stranger', string> = { admin: '', board: '', stranger: '' };

  beforeAll(async () => {
    board = (await ctx.b.newTenant({ name: 'RSPCB', type: 'statutory' })).id;
    industry = (await ctx.b.newTenant({ name: 'Shree Cement', statutoryIds: [board] })).id;
    sister = (await ctx.b.newTenant({ name: 'Sister Mill', statutoryIds: [board] })).id;
    stranger = (await ctx.b.newTenant({ name: 'Elsewhere Ltd' })).id;
    const plant = await ctx.b.newEntity({ tenantId: industry, name: 'Plant', type: 'group' });
    const stack = await ctx.b.newEntity({ tenantId: industry, name: 'Kiln Stack', type: 'cems', parentId: plant.id });
    await ctx.b.newEntity({ tenantId: industry, name: 'ETP Outlet', type: 'eqms', parentId: plant.id });
    await ctx.b.newDevice({ tenantId: industry, entityId: stack.id, name: 'Kiln Analyser', params: [{ name: 'pm' }] });
    await ctx.b.newEntity({ tenantId: sister, name: 'Mill Stack', type: 'cems' });
    await ctx.b.newEntity({ tenantId: stranger, name: 'Secret Stack', type: 'cems' });
    cookies.admin = (await ctx.signedIn({ tenantId: industry, role: 'admin' })).cookie;
    cookies.board = (await ctx.signedIn({ tenantId: board, userType: 'statutory', role: 'admin' })).cookie;
    cookies.stranger = (await ctx.signedIn({ tenantId: stranger, role: 'admin' })).cookie;
  });

  const get = (url: string, as: keyof typeof cookies) => ctx.inject({ method: 'GET', url, headers: { cookie: cookies[as] } });

  it("answers the tenant's tree, and only that tenant's, to its own users and to its board", async () => {
    for (const as of ['admin', 'board'] as const) {
      const res = await get(`/api/tenants/${industry}/entities`, as);
      expect(res.statusCode, `${as}: ${res.body}`).toBe(200);
      const tree = res.json() as Node[];
      expect(tree.map((n) => n.name)).toEqual(['Plant']);
      expect(names(tree)).toEqual(['Plant', 'ETP Outlet', 'Kiln Stack']);
    }
    // The board reads both of its industries, each by its own id.
    expect(names((await get(`/api/tenants/${sister}/entities`, 'board')).json())).toEqual(['Mill Stack']);
  });

  it('takes the options of GET /api/entities', async () => {
    const short = (await get(`/api/tenants/${industry}/entities?short=true&type=cems`, 'admin')).json() as Node[];
    expect(short).toEqual([expect.objectContaining({ name: 'Kiln Stack', type: 'cems', children: [] })]);
    expect(Object.keys(short[0]!)).not.toContain('devices');
    const withDevices = (await get(`/api/tenants/${industry}/entities?getDevices=true&type=cems`, 'admin')).json() as { devices: { name: string }[] }[];
    expect(withDevices[0]!.devices.map((d) => d.name)).toEqual(['Kiln Analyser']);
  });

  it('answers 400 naming the field for a bad id or option', async () => {
    for (const [url, field] of [
      ['/api/tenants/abc/entities', 'params.id'],
      ['/api/tenants/0/entities', 'params.id'],
      [`/api/tenants/${industry}/entities?type=rocket`, 'querystring.type'],
      [`/api/tenants/${industry}/entities?short=yes`, 'querystring.short'],
    ] as const) {
      const res = await get(url, 'admin');
      expect(res.statusCode, url).toBe(400);
      expect(res.json().field, url).toBe(field);
    }
  });

  it("answers 404 for a tenant the caller does not read, naming none of its entities, and 401 without credentials", async () => {
    for (const [id, as] of [
      [stranger, 'admin'],
      [industry, 'stranger'],
      [stranger, 'board'],
    ] as const) {
      const res = await get(`/api/tenants/${id}/entities`, as);
      expect(res.statusCode, `${as} reading ${id}`).toBe(404);
      expect(res.body).not.toMatch(/Secret|Kiln|Plant/);
    }
    expect((await ctx.inject({ method: 'GET', url: `/api/tenants/${industry}/entities` })).statusCode).toBe(401);
  });
});
