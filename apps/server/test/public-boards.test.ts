import { describe, expect, it } from 'vitest';
import { useTestApp } from './test-app.ts';

/**
 * The public home page lists the boards (statutory bodies in a public status) by state and name,
 * before anyone has picked one; an industry page finds the boards it reports to for its way back.
 */

const ctx = useTestApp();
await ctx.start();

const board = (o: Parameters<typeof ctx.b.newTenant>[0]) => ctx.b.newTenant({ type: 'statutory', ...o }).then((t) => t.id);
const rajasthan = await board({ name: 'Rajasthan SPCB', state: 'Rajasthan', city: 'Jaipur' });
const gujarat = await board({ name: 'Gujarat PCB', state: 'Gujarat', city: 'Gandhinagar', status: 'GRACE' });
const rajasthan2 = await board({ name: 'Rajasthan Board 10', state: 'Rajasthan', status: 'TRIAL' });
const rajasthan3 = await board({ name: 'Rajasthan Board 9', state: 'Rajasthan' });
const stateless = await board({ name: 'Anywhere Board' });
await board({ name: 'Disabled Board', state: 'Goa', status: 'DISABLED' });
const cgwa = (await ctx.b.newTenant({ name: 'CGWA', type: 'cgwa', state: 'Delhi' })).id;
const cement = (await ctx.b.newTenant({ name: 'Shree Cement', state: 'Rajasthan', statutoryIds: [rajasthan, gujarat, cgwa] })).id;
const closed = (await ctx.b.newTenant({ name: 'Closed Mill', status: 'DISABLED', statutoryIds: [rajasthan] })).id;
await ctx.b.newTenant({ name: 'Partner', type: 'partner', state: 'Rajasthan' });

const boards = (query = '', headers: Record<string, string> = {}) => ctx.inject({ method: 'GET', url: `/api/boards${query}`, headers });

describe('GET /api/boards', () => {
  it('answers anyone the boards in a public status, by state then name, with their state and city', async () => {
    const res = await boards();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { id: gujarat, name: 'Gujarat PCB', state: 'Gujarat', city: 'Gandhinagar' },
      { id: rajasthan3, name: 'Rajasthan Board 9', state: 'Rajasthan', city: null },
      { id: rajasthan2, name: 'Rajasthan Board 10', state: 'Rajasthan', city: null },
      { id: rajasthan, name: 'Rajasthan SPCB', state: 'Rajasthan', city: 'Jaipur' },
      { id: stateless, name: 'Anywhere Board', state: null, city: null },
    ]);
  });

  it('answers a signed-out browser and the public portal alike', async () => {
    const portal = await boards('', { portal: 'PUBLIC', 'public-tenant-id': String(cement) });
    expect(portal.statusCode).toBe(200);
    expect(portal.json()).toEqual((await boards()).json());
  });

  it("with industryId, answers the boards a public industry reports to, and none for a closed one's", async () => {
    expect((await boards(`?industryId=${cement}`)).json().map((b: { id: number }) => b.id)).toEqual([gujarat, rajasthan]);
    expect((await boards(`?industryId=${closed}`)).json()).toEqual([]);
    expect((await boards('?industryId=999999')).json()).toEqual([]);
  });

  it('refuses an industryId that is no id, naming it', async () => {
    const res = await boards('?industryId=abc');
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('industryId');
  });
});
