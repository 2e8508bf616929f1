import { RawDataResponse } from '@enviro/contracts/data/raw';
import { TrendResponse, type TrendResult } from '@enviro/contracts/data/trend';
import { beforeAll, describe, expect, it } from 'vitest';
import { conforming, insertReadings, post, seedPlant, type Plant } from './data-fixture.ts';
import { useTestApp } from './test-app.ts';

/**
 * The fields SPEC 3 defines on data requests: each is accepted, the ones with a meaning here change
 * the answer as docs/DATA.md ("Request fields") says, and a field the spec does not define is
 * still refused by name.
 */
describe('data requests: the fields SPEC 3 defines', () => {
  const ctx = useTestApp();
  let p: Plant;
  const other = { tenantId: 0, station: 0, key: '' };
  const corporates = { plant: 0, other: 0, none: 0 };
  let site: Record<string, string>;

  const window = { startDate: '2024-03-10T00:00:00Z', endDate: '2024-03-10T06:00:00Z', timezone: 'UTC', interval: 'hour_1' } as const;
  const trend = () => ({ entityIds: [p.plant], includeDescendants: true, params: [{ name: 'pm' }], ...window });
  const recent = () => ({ entityIds: [p.plant], includeDescendants: true });
  const raw = () => ({ entityIds: [p.plant], includeDescendants: true, startDate: window.startDate, endDate: '2024-03-10T00:05:00Z' });
  const bodyFor = (url: string) => (url.includes('recent') ? recent() : url.includes('rawdata') ? raw() : trend());

  const trends = async (url: string, request: unknown, headers?: Record<string, string>): Promise<TrendResult[]> => {
    const res = headers
      ? await ctx.inject({ method: 'POST', url, headers, payload: { request } })
      : await post(ctx.app, url, p.key, request);
    expect(res.statusCode, res.body).toBe(200);
    return conforming(TrendResponse, res.json());
  };

  beforeAll(async () => {
    p = await seedPlant(ctx.database);
    const corporate = async (name: string) => (await ctx.db.insertInto('corporate').values({ name }).returning('id').executeTakeFirstOrThrow()).id;
    corporates.plant = await corporate('Plant Holdings');
    corporates.other = await corporate('Other Holdings');
    corporates.none = await corporate('Empty Holdings');
    await ctx.db.updateTable('tenant').set({ corporate_id: corporates.plant }).where('id', '=', p.tenantId).execute();
    other.tenantId = (await ctx.b.newTenant({ corporateId: corporates.other })).id;
    other.station = (await ctx.b.newEntity({ tenantId: other.tenantId, name: 'Other Stack' })).id;
    // A unit that no conversion reaches pm's mg/Nm3.
    const device = await ctx.b.newDevice({ tenantId: other.tenantId, entityId: other.station, params: [{ name: 'pm', unit: 'ppm' }] });
    await insertReadings(ctx.database, other.tenantId, device.id, [{ ts: Date.parse('2024-03-10T00:10:00Z'), vals: [7] }]);
    other.key = (await ctx.b.newApiKey(other.tenantId)).key;
    const siteTenant = (await ctx.b.newTenant({ type: 'site' })).id;
    site = { cookie: (await ctx.signedIn({ tenantId: siteTenant, userType: 'site', role: 'admin' })).cookie, 'x-requested-with': 'XMLHttpRequest' };
  });

  const dataRequestFields = (): [string, object][] => [
    ['sourceLoadCategory', { sourceLoadCategory: 'Grid' }],
    ['sourceLoadType', { sourceLoadType: ['Solar', 'DG'] }],
    ['period and range', { startDate: undefined, endDate: undefined, period: 'day', range: 1 }],
    ['shiftInterval', { shiftInterval: '1d-ago' }],
    ['rollupAdditionalTags', { rollupAdditionalTags: { stack: 'Kiln' } }],
    ['aggLevel', { aggLevel: 'entity' }],
    ['corporateId', { corporateId: corporates.plant }],
    ['viewUserType', { viewUserType: 'TENANT' }],
    ['isRawDataReport', { isRawDataReport: false }],
  ];

  it.each(['/api/data/metric', '/api/data/entityMetric', '/api/rawdata/metric'])('%s accepts every field of the data request', async (url) => {
    for (const [field, patch] of dataRequestFields()) {
      const res = await post(ctx.app, url, p.key, { ...bodyFor(url), ...patch });
      expect(res.statusCode, `${field}: ${res.body}`).toBe(200);
    }
  });

  it('accepts the fields of the metric request and the param conversion', async () => {
    for (const patch of [{ equipmentType: 'chiller' }, { placeHolder: 'Select a station' }, { entityFilter: 'stack' }, { availInterval: 'minute_15' }]) {
      const res = await post(ctx.app, '/api/data/metric', p.key, { ...trend(), ...patch });
      expect(res.statusCode, res.body).toBe(200);
    }
    for (const url of ['/api/data/metric', '/api/data/entityMetric']) {
      const res = await post(ctx.app, url, p.key, { ...trend(), params: [{ name: 'pm', conversion: true }] });
      expect(res.statusCode, res.body).toBe(200);
    }
  });

  it.each(['/api/data/recent/metric', '/api/data/recentTree/metric'])('%s accepts corporateId and viewUserType', async (url) => {
    const res = await post(ctx.app, url, p.key, { ...recent(), corporateId: corporates.plant, viewUserType: 'USER' });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('GET /api/entities accepts params=all, meaning every parameter of each device', async () => {
    const get = (params: string) =>
      ctx.inject({ method: 'GET', url: `/api/entities?getDevices=true&params=${params}`, headers: { authorization: `Bearer ${p.key}` } });
    const all = await get('all');
    expect(all.statusCode, all.body).toBe(200);
    expect(all.body).toEqual((await get('true')).body);
    expect(all.body).not.toEqual((await get('false')).body);
    expect((await get('some')).statusCode).toBe(400);
  });

  it.each(['/api/data/metric', '/api/data/entityMetric', '/api/data/recent/metric', '/api/data/recentTree/metric', '/api/rawdata/metric'])(
    '%s still refuses a field the spec does not define, naming it',
    async (url) => {
      const res = await post(ctx.app, url, p.key, { ...bodyFor(url), shiftIntervals: '1d-ago' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ field: 'body.request' });
      expect(res.json().message).toContain('shiftIntervals');
    },
  );

  it('refuses the metric-only fields on entityMetric', async () => {
    for (const field of ['entityFilter', 'equipmentType', 'placeHolder']) {
      const res = await post(ctx.app, '/api/data/entityMetric', p.key, { ...trend(), [field]: 'x' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(field);
    }
  });

  describe('corporateId', () => {
    const tenantVariant = { params: [{ name: 'pm' }], ...window };
    const entitiesOf = (results: TrendResult[]) => [...new Set(results.map((r) => r.entityId))].sort((a, b) => a! - b!);

    it("narrows the caller's tenants to the corporate's", async () => {
      const all = await trends('/api/data/metric', tenantVariant, site);
      expect(entitiesOf(all)).toEqual([p.stack1, p.stack2, other.station].sort((a, b) => a - b));
      expect(entitiesOf(await trends('/api/data/metric', { ...tenantVariant, corporateId: corporates.plant }, site))).toEqual([p.stack1, p.stack2]);
      expect(entitiesOf(await trends('/api/data/metric', { ...tenantVariant, corporateId: corporates.other }, site))).toEqual([other.station]);
    });

    it('answers 404 for a corporate owning none of the tenants read, on every data route', async () => {
      for (const url of ['/api/data/metric', '/api/data/entityMetric', '/api/data/recent/metric', '/api/data/recentTree/metric', '/api/rawdata/metric']) {
        const request = { ...bodyFor(url), entityIds: undefined, includeDescendants: undefined };
        const none = await ctx.inject({ method: 'POST', url, headers: site, payload: { request: { ...request, corporateId: corporates.none } } });
        expect(none.statusCode, url).toBe(404);
        expect(none.json().message).toBe(`No corporate with id= ${corporates.none} exists`);
        // Another tenant's corporate is not the plant's to read.
        const foreign = await post(ctx.app, url, p.key, { ...request, corporateId: corporates.other });
        expect(foreign.statusCode, url).toBe(404);
      }
    });
  });

  describe('entityFilter', () => {
    const filtered = async (entityFilter: string) =>
      (await trends('/api/data/metric', { ...trend(), entityFilter })).map((r) => r.entityName);

    it('keeps entities whose name contains the text or whose type it is, ignoring case', async () => {
      expect(await filtered('STACK 1')).toEqual(['Stack 1']);
      expect(await filtered('eqms')).toEqual(['Stack 2']);
      expect(await filtered('stack')).toEqual(['Stack 1', 'Stack 2']);
      expect(await filtered('')).toEqual(['Stack 1', 'Stack 2']);
      expect(await filtered('chimney')).toEqual([]);
    });
  });

  describe('shiftInterval', () => {
    it('reads the window moved back, for trends and raw rows alike', async () => {
      const later = { ...trend(), startDate: '2024-03-11T00:00:00Z', endDate: '2024-03-11T06:00:00Z' };
      const shifted = await trends('/api/data/metric', { ...later, shiftInterval: '1d-ago' });
      const unranged = (answer: TrendResult[]) => answer.map(({ range: _range, ...series }) => series);
      expect(unranged(shifted)).toEqual(unranged(await trends('/api/data/metric', trend())));
      expect(shifted[0]!.data[0]!.time).toBe(Date.parse('2024-03-10T00:00:00Z'));
      // The range read, in the words that asked for it.
      expect(shifted[0]!.range).toEqual({
        from: '2024-03-10T00:00:00.000+00:00',
        to: '2024-03-10T06:00:00.000+00:00',
        zone: 'UTC',
        raw: { from: '2024-03-11T00:00:00Z', to: '2024-03-11T06:00:00Z', shiftInterval: '1d-ago' },
      });

      const res = await post(ctx.app, '/api/rawdata/metric', p.key, { ...raw(), startDate: '2024-03-11T00:00:00Z', endDate: '2024-03-11T00:05:00Z', shiftInterval: '1d-ago' });
      expect(res.statusCode, res.body).toBe(200);
      const table = conforming(RawDataResponse, res.json());
      expect([table.range.from, table.range.to]).toEqual([Date.parse('2024-03-10T00:00:00Z'), Date.parse('2024-03-10T00:05:00Z')]);
      expect(table.range.raw).toMatchObject({ shiftInterval: '1d-ago' });
      const plain = await post(ctx.app, '/api/rawdata/metric', p.key, raw());
      expect(table.rows).toEqual(plain.json().rows);
    });
  });

  describe('conversion', () => {
    it("converts each device's values to the standard unit: SO2 from ppm to mg/Nm3", async () => {
      const params = (conversion: boolean) => [
        { name: 'so2', conversion },
        { name: 'so2', dsAgg: 'sum', conversion },
        { name: 'pm', conversion },
      ];
      const plain = await trends('/api/data/metric', { ...trend(), params: params(false) });
      const converted = await trends('/api/data/metric', { ...trend(), params: params(true) });
      expect(plain.map((r) => r.unit)).toEqual(['ppm', 'ppm', 'ppm', 'ppm', 'mg/Nm3', 'mg/Nm3']);
      expect(converted.map((r) => r.unit)).toEqual(Array(6).fill('mg/Nm3'));
      const perPpm = 64.066 / 22.414;
      for (let i = 0; i < 4; i++) {
        expect(converted[i]!.data.map((d) => d.time)).toEqual(plain[i]!.data.map((d) => d.time));
        converted[i]!.data.forEach((d, j) => expect(d.value).toBeCloseTo(plain[i]!.data[j]!.value! * perPpm, 9));
      }
      expect(converted.slice(4)).toEqual(plain.slice(4));
    });

    it('answers 400 naming the param when a unit has no conversion to the standard unit', async () => {
      const res = await post(ctx.app, '/api/data/metric', other.key, { entityIds: [other.station], params: [{ name: 'pm', conversion: true }], ...window });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ field: 'body.request.params.0.conversion' });
      expect(res.json().message).toContain("'ppm'");
    });
  });

  describe('aggLevel', () => {
    it("'device' and 'entity' answer as metric and entityMetric do, 'all' as groupAll", async () => {
      const metric = await trends('/api/data/metric', trend());
      const entityMetric = await trends('/api/data/entityMetric', trend());
      expect(await trends('/api/data/entityMetric', { ...trend(), aggLevel: 'device' })).toEqual(metric);
      expect(await trends('/api/data/metric', { ...trend(), aggLevel: 'entity' })).toEqual(entityMetric);
      const all = await trends('/api/data/metric', { ...trend(), aggLevel: 'all' });
      expect(all).toEqual(await trends('/api/data/metric', { ...trend(), groupAll: true }));
      expect(all).toHaveLength(1);
    });

    it("'tenant' answers one series per tenant, tagged with its id", async () => {
      const request = { params: [{ name: 'pm', agg: 'max' }], ...window, tenantIds: [p.tenantId, other.tenantId], aggLevel: 'tenant' };
      const perTenant = await trends('/api/data/entityMetric', request, site);
      expect(perTenant.map((r) => [r.tags.tenantId, r.entityId])).toEqual([
        [String(other.tenantId), other.station],
        [String(p.tenantId), null],
      ]);
      const plant = await trends('/api/data/metric', { ...trend(), params: [{ name: 'pm', agg: 'max' }], groupAll: true });
      expect(perTenant[1]!.data).toEqual(plant[0]!.data);
    });
  });
});
