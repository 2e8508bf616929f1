import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './test-app.ts';

interface Row {
  id: number;
  tenantId: number;
  name: string;
  type: string;
}

describe('entity tree routes', () => {
  const ctx = useTestApp();
  let a: number;
  let keyA: string;
  const n: Record<string, Row> = {};
  let analyser: number;
  let backup: number;
  let other: number;
  let secret: Row;
  let board: number;
  let trial: number;
  let expired: number;
  let stdParams: Map<string, unknown>;
  const recent = new Date(Date.now() - 60_000).toISOString();

  async function entity(tenantId: number, name: string, type: string, parent?: Row, properties: { name: string; value: string }[] = []) {
    const { id } = await ctx.b.newEntity({ tenantId, name, type: type as 'cems', parentId: parent?.id, properties });
    return { id, tenantId, name, type };
  }
  const update = (row: Row, set: { status?: string; working_status?: string; last_data_at?: string }) =>
    ctx.db.updateTable('entity').set(set).where('tenant_id', '=', row.tenantId).where('id', '=', String(row.id)).execute();

  beforeAll(async () => {
    a = (await ctx.b.newTenant({ name: 'Shree Cement' })).id;
    keyA = (await ctx.b.newApiKey(a)).key;
    n.plant = await entity(a, 'Plant', 'group', undefined, [{ name: 'Capacity', value: '120 MW' }]);
    n.stack10 = await entity(a, 'Stack 10', 'cems', n.plant, [{ name: 'Operational', value: 'True' }]);
    n.stack2 = await entity(a, 'Stack 2', 'cems', n.plant);
    n.etp = await entity(a, 'ETP 1', 'eqms', n.plant);
    n.oldUnit = await entity(a, 'Old Unit', 'group', n.plant);
    n.stack1 = await entity(a, 'Stack 1', 'cems', n.oldUnit);
    n.aaqms = await entity(a, 'AAQMS 3', 'caaqms');
    await update(n.stack10, { working_status: 'Working', last_data_at: recent });
    await update(n.stack2, { last_data_at: '2020-01-01T00:00:00Z' });
    await update(n.oldUnit, { status: 'DELETED' });
    analyser = (
      await ctx.b.newDevice({
        tenantId: a,
        entityId: n.stack10.id,
        name: 'CEMS Analyser',
        make: 'Thermo',
        model: '5014i',
        serialNo: 'SN-1',
        sensorId: 'S-1',
        params: [{ name: 'pm', max: 50 }, { name: 'so2', unit: 'ppm' }],
      })
    ).id;
    backup = (await ctx.b.newDevice({ tenantId: a, entityId: n.stack10.id, name: 'Backup Analyser', params: [{ name: 'co' }] })).id;
    await ctx.db.updateTable('device').set({ deleted_date: '2024-03-01T00:00:00Z' }).where('id', '=', String(backup)).execute();
    await ctx.db.updateTable('device_param').set({ deleted_date: '2024-02-01T00:00:00Z' }).where('device_id', '=', String(backup)).execute();
    await ctx.b.newDevice({ tenantId: a, entityId: n.stack2.id, name: 'Flow Meter', params: [{ name: 'flow' }] });

    other = (await ctx.b.newTenant({ name: 'Other Industry' })).id;
    const secretPlant = await entity(other, 'Secret Plant', 'group');
    secret = await entity(other, 'Secret Stack', 'cems', secretPlant);
    await ctx.b.newDevice({ tenantId: other, entityId: secret.id, name: 'Secret Analyser' });

    board = (await ctx.b.newTenant({ name: 'RSPCB', type: 'statutory' })).id;
    trial = (await ctx.b.newTenant({ name: 'Trial Mill', status: 'TRIAL', statutoryIds: [board] })).id;
    expired = (await ctx.b.newTenant({ name: 'Expired Mill', status: 'EXPIRED', statutoryIds: [board] })).id;
    n.trialStack = await entity(trial, 'Mill Stack', 'cems');
    n.expiredStack = await entity(expired, 'Expired Stack', 'cems');

    const catalogue = await ctx.inject({ method: 'GET', url: '/api/allMetaStdParams', headers: { authorization: `Bearer ${keyA}` } });
    stdParams = new Map((catalogue.json() as { name: string }[]).map((p) => [p.name, p]));
  });

  const asKey = (url: string) => ctx.inject({ method: 'GET', url, headers: { authorization: `Bearer ${keyA}` } });
  const asPublic = (url: string, publicTenantId: number) =>
    ctx.inject({ method: 'GET', url, headers: { portal: 'PUBLIC', 'public-tenant-id': String(publicTenantId) } });

  /** A full node as the API answers it, with the defaults of a node that never reported. */
  const full = (row: Row, children: unknown[] = [], extra: Record<string, unknown> = {}) => ({
    id: row.id,
    tenantId: row.tenantId,
    name: row.name,
    type: row.type,
    status: 'ENABLED',
    properties: [],
    workingStatus: null,
    lastDataAt: null,
    liveStatus: 'UNKNOWN',
    children,
    ...extra,
  });
  const short = (row: Row, children: unknown[] = [], extra: Record<string, unknown> = {}) => ({
    id: row.id,
    name: row.name,
    type: row.type,
    lastDataAt: null,
    liveStatus: 'UNKNOWN',
    children,
    ...extra,
  });
  const stack10Extra = () => ({ properties: [{ name: 'Operational', value: 'True' }], workingStatus: 'Working', lastDataAt: recent, liveStatus: 'LIVE' });
  const stack2Extra = { lastDataAt: '2020-01-01T00:00:00.000Z', liveStatus: 'OFFLINE' };
  const plantExtra = { properties: [{ name: 'Capacity', value: '120 MW' }] };

  /** The default tree of tenant A: the deleted group is gone and its station takes its place. */
  const defaultTree = (nodeExtra: (row: Row) => Record<string, unknown> = () => ({})) => [
    full(n.aaqms!, [], nodeExtra(n.aaqms!)),
    full(
      n.plant!,
      [
        full(n.etp!, [], nodeExtra(n.etp!)),
        full(n.stack1!, [], nodeExtra(n.stack1!)),
        full(n.stack2!, [], { ...stack2Extra, ...nodeExtra(n.stack2!) }),
        full(n.stack10!, [], { ...stack10Extra(), ...nodeExtra(n.stack10!) }),
      ],
      { ...plantExtra, ...nodeExtra(n.plant!) },
    ),
  ];

  const devices = (withParams: boolean) => {
    const param = (name: string, unit: string, deletedDate: string | null = null) => ({
      stdParam: stdParams.get(name),
      unit,
      rawUnit: unit,
      isConversion: name === 'flow',
      deletedDate,
    });
    const profile = (params: unknown[]) => (withParams ? { profile: { params } } : {});
    return {
      [n.stack10!.id]: [
        {
          id: backup,
          name: 'Backup Analyser',
          displayId: `D-${String(backup).padStart(10, '0')}`,
          model: null,
          serialNo: null,
          sensorId: null,
          deletedDate: '2024-03-01T00:00:00.000Z',
          ...profile([param('co', 'mg/Nm3', '2024-02-01T00:00:00.000Z')]),
        },
        {
          id: analyser,
          name: 'CEMS Analyser',
          displayId: `D-${String(analyser).padStart(10, '0')}`,
          model: { name: '5014i', make: { name: 'Thermo' } },
          serialNo: 'SN-1',
          sensorId: 'S-1',
          deletedDate: null,
          ...profile([param('pm', 'mg/Nm3'), param('so2', 'ppm')]),
        },
      ],
      [n.stack2!.id]: [expect.objectContaining({ name: 'Flow Meter', ...profile([param('flow', 'm3/hr')]) })],
    } as Record<number, unknown[]>;
  };

  describe('GET /api/entities', () => {
    it('answers the enabled tree in natural order, a deleted group lifting its station to its place', async () => {
      const res = await asKey('/api/entities');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(defaultTree());
    });

    it('answers only the required fields with short=true', async () => {
      const res = await asKey('/api/entities?short=true&getDevices=true');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([
        short(n.aaqms!),
        short(n.plant!, [
          short(n.etp!),
          short(n.stack1!),
          short(n.stack2!, [], stack2Extra),
          short(n.stack10!, [], { lastDataAt: recent, liveStatus: 'LIVE' }),
        ]),
      ]);
    });

    it.each(['getDevices', 'getLocatedDevices'])('attaches devices with %s=true, removed ones with their deletedDate', async (option) => {
      const res = await asKey(`/api/entities?${option}=true`);
      expect(res.statusCode).toBe(200);
      const byNode = devices(false);
      // getLocatedDevices adds the devices of the energy meters measuring each node: none in this tenant (energy.test holds them).
      expect(res.json()).toEqual(defaultTree((row) => ({ devices: byNode[row.id] ?? [], ...(option === 'getLocatedDevices' ? { locatedDevices: [] } : {}) })));
    });

    it('adds each device profile with params=true', async () => {
      const res = await asKey('/api/entities?getDevices=true&params=true');
      expect(res.statusCode).toBe(200);
      const byNode = devices(true);
      expect(res.json()).toEqual(defaultTree((row) => ({ devices: byNode[row.id] ?? [] })));
    });

    it('ignores params without devices, accepts workingStatus without changing the answer, and keeps only nodes with cameras with camera=true', async () => {
      for (const query of ['params=true', 'workingStatus=true', 'camera=false&workingStatus=false']) {
        const res = await asKey(`/api/entities?${query}`);
        expect(res.statusCode, query).toBe(200);
        expect(res.json(), query).toEqual(defaultTree());
      }
      // No camera in this tenant: no node (cameras.test holds the filter with cameras).
      expect((await asKey('/api/entities?camera=true')).json()).toEqual([]);
    });

    it('keeps only the listed types with type=, lifting matches out of other nodes', async () => {
      const res = await asKey('/api/entities?type=cems');
      expect(res.json()).toEqual([full(n.stack1!), full(n.stack2!, [], stack2Extra), full(n.stack10!, [], stack10Extra())]);
      const two = await asKey('/api/entities?type=eqms,caaqms');
      expect(two.json()).toEqual([full(n.aaqms!), full(n.etp!)]);
    });

    it('leaves the listed types out with excludeType=', async () => {
      const res = await asKey('/api/entities?excludeType=group,cems');
      expect(res.json()).toEqual([full(n.aaqms!), full(n.etp!)]);
      const noGroups = await asKey('/api/entities?excludeType=group&short=true');
      expect((noGroups.json() as Row[]).map((r) => r.name)).toEqual(['AAQMS 3', 'ETP 1', 'Stack 1', 'Stack 2', 'Stack 10']);
    });

    it('combines type and excludeType', async () => {
      const res = await asKey('/api/entities?type=cems,eqms&excludeType=cems&short=true');
      expect(res.json()).toEqual([short(n.etp!)]);
    });

    it('shows deleted nodes only when the status filter asks', async () => {
      const deleted = await asKey('/api/entities?status=DELETED');
      expect(deleted.json()).toEqual([full(n.oldUnit!, [], { status: 'DELETED' })]);
      const both = await asKey('/api/entities?status=ENABLED,DELETED&short=true');
      expect(both.json()).toEqual([
        short(n.aaqms!),
        short(n.plant!, [
          short(n.etp!),
          short(n.oldUnit!, [short(n.stack1!)]),
          short(n.stack2!, [], stack2Extra),
          short(n.stack10!, [], { lastDataAt: recent, liveStatus: 'LIVE' }),
        ]),
      ]);
    });

    it("accepts the caller's own tenantId and refuses another's with 404", async () => {
      expect((await asKey(`/api/entities?tenantId=${a}`)).json()).toEqual(defaultTree());
      const res = await asKey(`/api/entities?tenantId=${other}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(`No tenant with id= ${other} exists`);
    });

    it("never shows another tenant's nodes or devices", async () => {
      const res = await asKey('/api/entities?getDevices=true&status=ENABLED,DELETED');
      const text = res.body;
      expect(text).not.toContain('Secret');
      expect(text).not.toContain(`"id":${secret.id},`);
    });

    it.each([
      ['type=cems,rocket', 'querystring.type', "unknown entity type 'rocket'"],
      ['excludeType=Pump', 'querystring.excludeType', "unknown entity type 'Pump'"],
      ['type=,', 'querystring.type', 'list at least one entity type'],
      ['status=GONE', 'querystring.status', "unknown status 'GONE'"],
      ['getDevices=yes', 'querystring.getDevices', "must be 'true' or 'false'"],
      ['short=1', 'querystring.short', "must be 'true' or 'false'"],
      ['camera=TRUE', 'querystring.camera', "must be 'true' or 'false'"],
      ['tenantId=abc', 'querystring.tenantId', ''],
    ])('answers 400 for %s, naming the field', async (query, field, message) => {
      const res = await asKey(`/api/entities?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, field });
      expect(res.json().message).toContain(message);
    });

    it("shows a public industry's own tree", async () => {
      const res = await asPublic('/api/entities?short=true', trial);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([short(n.trialStack!)]);
    });

    it('opens the visible industries of a statutory public id, and only those', async () => {
      const res = await asPublic('/api/entities', board);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([full(n.trialStack!)]);
      expect((await asPublic(`/api/entities?tenantId=${trial}&short=true`, board)).json()).toEqual([short(n.trialStack!)]);
      expect((await asPublic(`/api/entities?tenantId=${expired}`, board)).statusCode).toBe(404);
      expect((await asPublic(`/api/entities?tenantId=${a}`, board)).statusCode).toBe(404);
    });

    it('shows nothing to the public portal of an expired industry', async () => {
      const res = await asPublic('/api/entities', expired);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([]);
    });

    it('refuses callers without credentials', async () => {
      expect((await ctx.inject({ method: 'GET', url: '/api/entities' })).statusCode).toBe(401);
    });
  });

  describe('GET /api/entity/{id}', () => {
    it('answers the node with its enabled subtree', async () => {
      const res = await asKey(`/api/entity/${n.plant!.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(defaultTree()[1]);
    });

    it('attaches devices with withDevices and their params with withParams', async () => {
      const stack10 = (query: string) => asKey(`/api/entity/${n.stack10!.id}?${query}`);
      expect((await stack10('withDevices=true')).json()).toEqual(full(n.stack10!, [], { ...stack10Extra(), devices: devices(false)[n.stack10!.id] }));
      expect((await stack10('withDevices=true&withParams=true')).json()).toEqual(
        full(n.stack10!, [], { ...stack10Extra(), devices: devices(true)[n.stack10!.id] }),
      );
      expect((await stack10('withParams=true')).json()).toEqual(full(n.stack10!, [], stack10Extra()));
    });

    it.each([
      ['another tenant', () => secret.id],
      ['a deleted node', () => n.oldUnit!.id],
      ['a node that does not exist', () => 99_999_999],
    ])('answers 404 for %s', async (_what, id) => {
      const res = await asKey(`/api/entity/${id()}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ statusCode: 404, error: 'Not Found', message: `No Node with id= ${id()} exists` });
    });

    it.each([
      ['/api/entity/abc', 'params.id'],
      ['/api/entity/12abc', 'params.id'],
      ['/api/entity/0', 'params.id'],
      ['/api/entity/1?withDevices=maybe', 'querystring.withDevices'],
      ['/api/entity/1?withParams=', 'querystring.withParams'],
    ])('answers 400 for %s, naming the field', async (url, field) => {
      const res = await asKey(url);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ field });
    });

    it('serves public callers within their tenants only', async () => {
      expect((await asPublic(`/api/entity/${n.trialStack!.id}`, board)).json()).toEqual(full(n.trialStack!));
      expect((await asPublic(`/api/entity/${n.expiredStack!.id}`, board)).statusCode).toBe(404);
      expect((await asPublic(`/api/entity/${n.plant!.id}`, trial)).statusCode).toBe(404);
    });

    it('refuses callers without credentials', async () => {
      expect((await ctx.inject({ method: 'GET', url: `/api/entity/${n.plant!.id}` })).statusCode).toBe(401);
    });
  });

  describe('GET /api/entities/{id}/children', () => {
    it('answers the direct children in natural order', async () => {
      const res = await asKey(`/api/entities/${n.plant!.id}/children`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(defaultTree()[1]!.children);
    });

    it('answers an empty list for a leaf, and devices on request', async () => {
      expect((await asKey(`/api/entities/${n.etp!.id}/children`)).json()).toEqual([]);
      const res = await asKey(`/api/entities/${n.plant!.id}/children?withDevices=true`);
      const byNode = devices(false);
      expect(res.json()).toEqual(defaultTree((row) => ({ devices: byNode[row.id] ?? [] }))[1]!.children);
    });

    it("answers 404 for another tenant's node and 400 for a bad id", async () => {
      const res = await asKey(`/api/entities/${secret.id}/children`);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(`No Node with id= ${secret.id} exists`);
      const bad = await asKey('/api/entities/x/children');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().field).toBe('params.id');
    });

    it('refuses callers without credentials', async () => {
      expect((await ctx.inject({ method: 'GET', url: `/api/entities/${n.plant!.id}/children` })).statusCode).toBe(401);
    });
  });

  it('documents the routes in the OpenAPI page', async () => {
    const res = await ctx.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths as Record<string, unknown>;
    for (const path of ['/api/entities', '/api/entity/{id}', '/api/entities/{id}/children', '/api/alertlimit', '/api/tenantinfo', '/api/tenant-by-id/{tenantId}', '/api/allMetaStdParams']) {
      expect(paths[path], path).toBeDefined();
    }
    // The recursive node schemas are components, so the routes' $refs resolve.
    const refs = [...res.body.matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]!);
    expect(refs).toContain('EntityNode');
    for (const ref of refs) expect(res.json().components.schemas[ref], ref).toBeDefined();
  });
});
