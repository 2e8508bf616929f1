import { RawDataResponse } from '@enviro/contracts/data/raw';
import { beforeAll, describe, expect, it } from 'vitest';
import { conforming, post, seedPlant, STORAGES, type Plant } from './data-fixture.ts';
import { useTestApp } from './test-app.ts';

const at = (iso: string) => Date.parse(iso);

describe.each(STORAGES)('POST /api/rawdata/metric over %s history', (storage) => {
  const ctx = useTestApp();
  let p: Plant;
  const table = async (request: unknown): Promise<RawDataResponse> => {
    const res = await post(ctx.app, '/api/rawdata/metric', p.key, request);
    expect(res.statusCode, res.body).toBe(200);
    return conforming(RawDataResponse, res.json());
  };
  const window = () => ({ entityIds: [p.plant], includeDescendants: true, startDate: '2024-03-10T02:08:00Z', endDate: '2024-03-10T02:12:00Z' });

  beforeAll(async () => {
    p = await seedPlant(ctx.database, storage);
  });

  it('answers raw rows by time then device, one column per parameter with its unit', async () => {
    const page = await table({ ...window(), params: [{ name: 'pm' }, { metric: 'flow' }] });
    expect(page.columns).toEqual([
      { name: 'pm', label: 'PM', unit: 'mg/Nm3' },
      { name: 'flow', label: 'Flow', unit: 'm3/hr' },
    ]);
    // D1 stops at its gap (02:10); minute i has pm 10 + i % 60, flow i % 10 every third minute.
    expect(page.rows.map((r) => [new Date(r.time).toISOString().slice(11, 16), r.entityName, r.values])).toEqual([
      ['02:08', 'Stack 1', { pm: 18, flow: null }],
      ['02:08', 'Stack 2', { pm: 50.75, flow: 5 }],
      ['02:09', 'Stack 1', { pm: 19, flow: 9 }],
      ['02:09', 'Stack 2', { pm: 51, flow: 5 }],
      ['02:10', 'Stack 2', { pm: 51.25, flow: 5 }],
      ['02:11', 'Stack 2', { pm: 51.5, flow: 5 }],
    ]);
    expect(page.rows[0]).toMatchObject({ time: at('2024-03-10T02:08:00Z'), entityId: p.stack1, deviceId: p.d1 });
    expect(page.nextCursor).toBeNull();
    expect(page.range).toEqual({
      from: at('2024-03-10T02:08:00Z'),
      to: at('2024-03-10T02:12:00Z'),
      raw: { startDate: '2024-03-10T02:08:00Z', endDate: '2024-03-10T02:12:00Z', timezone: 'Asia/Kolkata' },
      timezone: 'Asia/Kolkata',
    });
  });

  it('pages by cursor and by offset to the same rows', async () => {
    const all = (await table({ ...window(), limit: 100 })).rows;
    const byCursor: RawDataResponse['rows'] = [];
    let cursor: string | null | undefined;
    let pages = 0;
    do {
      const page = await table({ ...window(), limit: 4, ...(cursor ? { cursor } : {}) });
      byCursor.push(...page.rows);
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(2);
    expect(byCursor).toEqual(all);
    const second = await table({ ...window(), limit: 4, offset: 4 });
    expect(second.rows).toEqual(all.slice(4));
    expect(all).toHaveLength(6);
  });

  it('leaves out rows holding none of the parameters', async () => {
    const page = await table({ ...window(), entityIds: [p.stack1], params: [{ name: 'flow' }] });
    expect(page.rows.map((r) => r.values)).toEqual([{ flow: 9 }]);
  });

  it('gives a column no unit when devices report it in different units', async () => {
    await ctx.b.newDevice({ tenantId: p.tenantId, entityId: p.stack1, params: [{ name: 'so2' }] });
    const page = await table({ ...window(), params: [{ name: 'so2' }] });
    expect(page.columns).toEqual([{ name: 'so2', label: 'SO2', unit: null }]);
  });
});
