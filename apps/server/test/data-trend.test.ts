import { TrendResponse, type TrendResult } from '@enviro/contracts/data/trend';
import { beforeAll, describe, expect, it } from 'vitest';
import { bucketBy, conforming, markDirty, oracle, post, rollUp, seedPlant, STORAGES, SLOT, T0, valuesOf, MINUTES, MINUTE, type Plant } from './data-fixture.ts';
import { useTestApp } from './test-app.ts';

const at = (iso: string) => Date.parse(iso);
const IST = 330;
const AGGS = ['avg', 'min', 'max', 'sum', 'count', 'first', 'last'] as const;

// Every answer is the same whether the plant's days are raw or compacted history (docs/STORAGE.md).
describe.each(STORAGES)('POST /api/data/metric and /api/data/entityMetric over %s history', (storage) => {
  const ctx = useTestApp();
  let p: Plant;
  const metric = (request: unknown) => post(ctx.app, '/api/data/metric', p.key, request);
  const entityMetric = (request: unknown) => post(ctx.app, '/api/data/entityMetric', p.key, request);
  const trends = async (url: 'metric' | 'entityMetric', request: unknown): Promise<TrendResult[]> => {
    const res = await (url === 'metric' ? metric(request) : entityMetric(request));
    expect(res.statusCode, res.body).toBe(200);
    return conforming(TrendResponse, res.json());
  };
  const pm = () => ({ d1: valuesOf(p.readings.d1, SLOT.pm), d2: valuesOf(p.readings.d2, SLOT.pm) });

  beforeAll(async () => {
    p = await seedPlant(ctx.database, storage);
  });

  it('aligns hour_1 to Asia/Kolkata hours (UTC :30) by default and to UTC hours when asked', async () => {
    const request = { entityIds: [p.stack1], params: [{ name: 'pm', dsAgg: 'first' }], interval: 'hour_1', startDate: '2024-03-10 00:00:00', endDate: '2024-03-10 03:00:00' };
    const [ist] = await trends('metric', request);
    // Each IST hour runs from UTC :30, where pm is 40; each UTC hour starts at pm 10.
    expect(ist!.data).toEqual([
      { time: at('2024-03-09T18:30:00Z'), value: 40 },
      { time: at('2024-03-09T19:30:00Z'), value: 40 },
      { time: at('2024-03-09T20:30:00Z'), value: 40 },
    ]);
    const [utc] = await trends('metric', { ...request, timezone: 'UTC' });
    expect(utc!.data).toEqual([
      { time: at('2024-03-10T00:00:00Z'), value: 10 },
      { time: at('2024-03-10T01:00:00Z'), value: 10 },
      { time: at('2024-03-10T02:00:00Z'), value: 10 },
    ]);
  });

  it('runs day_1 from local midnight to midnight', async () => {
    const request = { entityIds: [p.stack1], params: [{ name: 'pm', dsAgg: 'count' }], interval: 'day_1', startDate: '2024-03-09T00:00:00Z', endDate: '2024-03-12T00:00:00Z' };
    const [ist] = await trends('metric', request);
    // IST 9 March holds 12:00Z-18:30Z; 10 March loses the 90-minute gap; 11 March ends at 12:00Z.
    expect(ist!.data).toEqual([
      { time: at('2024-03-08T18:30:00Z'), value: 390 },
      { time: at('2024-03-09T18:30:00Z'), value: 1350 },
      { time: at('2024-03-10T18:30:00Z'), value: 1050 },
    ]);
    const [utc] = await trends('metric', { ...request, timezone: 'UTC' });
    expect(utc!.data).toEqual([
      { time: at('2024-03-09T00:00:00Z'), value: 720 },
      { time: at('2024-03-10T00:00:00Z'), value: 1350 },
      { time: at('2024-03-11T00:00:00Z'), value: 720 },
    ]);
  });

  it.each(AGGS)('downsamples with %s, edges off the 15-minute grid, exactly as the oracle', async (dsAgg) => {
    const from = at('2024-03-10T00:07:00Z');
    const to = at('2024-03-10T05:53:00Z');
    const results = await trends('metric', {
      entityIds: [p.plant],
      params: [{ name: 'pm', dsAgg }],
      interval: 'hour_1',
      startDate: new Date(from).toISOString(),
      endDate: new Date(to).toISOString(),
    });
    expect(results.map((r) => r.entityName)).toEqual(['Stack 1', 'Stack 2']);
    const bucket = bucketBy.hour(IST);
    expect(results[0]!.data).toEqual(oracle([pm().d1], { from, to, bucket, dsAgg }));
    expect(results[1]!.data).toEqual(oracle([pm().d2], { from, to, bucket, dsAgg }));
    expect(results[0]!.data[0]!.time).toBe(at('2024-03-09T23:30:00Z'));
    expect(results[0]).toMatchObject({ paramName: 'pm', paramLabel: 'PM', unit: 'mg/Nm3', dsAgg, agg: 'avg', entityId: p.stack1 });
  });

  it('leaves a gap a gap: no bucket, never 0', async () => {
    const [d1] = await trends('metric', { entityIds: [p.stack1], params: [{ name: 'pm' }], interval: 'hour_1', startDate: '2024-03-10', endDate: '2024-03-11' });
    const times = d1!.data.map((pt) => pt.time);
    expect(times).toHaveLength(23);
    expect(times).not.toContain(at('2024-03-10T02:30:00Z'));
    expect(d1!.data.every((pt) => pt.value === 39.5 || pt.time === at('2024-03-10T01:30:00Z') || pt.time === at('2024-03-10T03:30:00Z'))).toBe(true);
  });

  it('reports availability: the share of 15-minute slots holding data, and empty buckets as null', async () => {
    const request = { entityIds: [p.stack1], params: [{ name: 'pm', availability: true }], interval: 'hour_1', startDate: '2024-03-10 07:00:00', endDate: '2024-03-10 10:00:00' };
    const [d1] = await trends('metric', request);
    expect(d1!.data).toEqual([
      // 01:30Z-02:30Z: data until 02:10, so 3 of 4 slots; mean of 40..69 and 10..19.
      { time: at('2024-03-10T01:30:00Z'), value: 44.5, availability: 75 },
      { time: at('2024-03-10T02:30:00Z'), value: null, availability: 0 },
      // From 03:40Z: the 03:30 slot holds data too.
      { time: at('2024-03-10T03:30:00Z'), value: 38.5, availability: 100 },
    ]);
    const [both] = await trends('metric', { ...request, entityIds: [p.plant], groupAll: true });
    expect(both!.data.map((pt) => pt.availability)).toEqual([87.5, 50, 100]);
    expect(both!.data[1]!.value).toBe(oracle([pm().d2], { from: at('2024-03-10T02:30:00Z'), to: at('2024-03-10T03:30:00Z'), bucket: bucketBy.hour(IST), dsAgg: 'avg' })[0]!.value);
  });

  it('clips availability to the range', async () => {
    const [d1] = await trends('metric', {
      entityIds: [p.stack1],
      params: [{ name: 'pm', availability: true }],
      interval: 'day_1',
      startDate: '2024-03-10T02:00:00Z',
      endDate: '2024-03-10T04:00:00Z',
    });
    // 8 slots in the range; 02:00 and 03:30 and 03:45 hold data, 02:15..03:15 do not.
    expect(d1!.data).toEqual([{ time: at('2024-03-09T18:30:00Z'), value: expect.any(Number), availability: 37.5 }]);
  });

  it('combines series with agg when groupAll, keeping only the tags they share', async () => {
    const from = T0;
    const to = T0 + MINUTES * MINUTE;
    const [all, ...rest] = await trends('metric', {
      entityIds: [p.plant],
      params: [{ name: 'pm', agg: 'sum' }],
      interval: 'day_1',
      groupAll: true,
      startDate: new Date(from).toISOString(),
      endDate: new Date(to).toISOString(),
    });
    expect(rest).toEqual([]);
    expect(all!.data).toEqual(oracle([pm().d1, pm().d2], { from, to, bucket: bucketBy.day(IST), dsAgg: 'avg', agg: 'sum' }));
    expect(all).toMatchObject({ agg: 'sum', dsAgg: 'avg', entityId: null, entityName: null, tags: {} });
  });

  it('groups by tags, and leaves out series lacking the key', async () => {
    const request = { entityIds: [p.plant], params: [{ name: 'so2' }], interval: 'day_1', startDate: '2024-03-10', endDate: '2024-03-11' };
    const byStack = await trends('metric', { ...request, groupByTags: ['stack'] });
    expect(byStack.map((r) => r.tags.stack)).toEqual(['Boiler 1', 'Kiln']);
    expect(byStack.map((r) => r.unit)).toEqual(['ppm', 'ppm']);
    expect(await trends('metric', { ...request, groupByTags: ['zone'] })).toEqual([]);
  });

  it('answers entityMetric per entity, descendants only when asked', async () => {
    const request = { entityIds: [p.plant], params: [{ name: 'pm' }], interval: 'day_1', startDate: '2024-03-10', endDate: '2024-03-11' };
    expect(await trends('entityMetric', request)).toEqual([]);
    const perEntity = await trends('entityMetric', { ...request, includeDescendants: true });
    expect(perEntity.map((r) => [r.entityId, r.entityName, r.tags.entityType])).toEqual([
      [p.stack1, 'Stack 1', 'cems'],
      [p.stack2, 'Stack 2', 'eqms'],
    ]);
    const [s1] = await trends('metric', { ...request, entityIds: [p.stack1] });
    expect(perEntity[0]!.data).toEqual(s1!.data);
  });

  it('reads descendants for metric by default, filtered by entity type and tags', async () => {
    const request = { entityIds: [p.plant], params: [{ name: 'pm' }], interval: 'day_1', startDate: '2024-03-10', endDate: '2024-03-11' };
    expect((await trends('metric', request)).map((r) => r.entityName)).toEqual(['Stack 1', 'Stack 2']);
    expect((await trends('metric', { ...request, includeDescendants: false }))).toEqual([]);
    expect((await trends('metric', { ...request, entityTypeFilter: 'eqms' })).map((r) => r.entityName)).toEqual(['Stack 2']);
    expect((await trends('metric', { ...request, entityTypeFilter: ['eqms', 'cems'] })).map((r) => r.entityName)).toEqual(['Stack 1', 'Stack 2']);
    expect((await trends('metric', { ...request, considerTags: { stack: 'BOILER 1' } })).map((r) => r.entityName)).toEqual(['Stack 1']);
    expect((await trends('metric', { ...request, considerTags: { stack: ['kiln', 'nope'] } })).map((r) => r.entityName)).toEqual(['Stack 2']);
    const [tagged] = await trends('metric', { ...request, entityIds: [p.stack1] });
    expect(tagged!.tags).toEqual({ stack: 'Boiler 1', entityId: String(p.stack1), entityName: 'Stack 1', entityType: 'cems', deviceId: String(p.d1) });
  });

  it('accepts the metric spelling of params and answers one series per request param', async () => {
    const results = await trends('metric', {
      entityIds: [p.stack1],
      params: [{ metric: 'pm', dsagg: 'max' }, { name: 'pm', dsAgg: 'min' }, { name: 'flow', dsAgg: 'count' }],
      interval: 'hour_1',
      startDate: '2024-03-10 00:00:00',
      endDate: '2024-03-10 01:00:00',
    });
    expect(results.map((r) => [r.paramName, r.dsAgg, r.data])).toEqual([
      ['pm', 'max', [{ time: at('2024-03-09T18:30:00Z'), value: 69 }]],
      ['pm', 'min', [{ time: at('2024-03-09T18:30:00Z'), value: 10 }]],
      ['flow', 'count', [{ time: at('2024-03-09T18:30:00Z'), value: 20 }]],
    ]);
  });

  it('answers raw points for instances, joined at equal instants when combined', async () => {
    const request = { entityIds: [p.stack1], params: [{ name: 'pm' }], interval: 'instances', startDate: '2024-03-10T02:05:00Z', endDate: '2024-03-10T02:15:00Z' };
    const [d1] = await trends('metric', request);
    expect(d1!.dsAgg).toBeNull();
    expect(d1!.data).toEqual([15, 16, 17, 18, 19].map((value, k) => ({ time: at('2024-03-10T02:05:00Z') + k * MINUTE, value })));
    const [sum] = await trends('metric', { ...request, entityIds: [p.plant], groupAll: true, params: [{ name: 'pm', agg: 'sum' }] });
    const d2 = valuesOf(p.readings.d2, SLOT.pm).filter((r) => r.ts >= at('2024-03-10T02:05:00Z') && r.ts < at('2024-03-10T02:15:00Z'));
    expect(sum!.data).toEqual(d2.map((r, k) => ({ time: r.ts, value: r.value + (k < 5 ? 15 + k : 0) })));
  });

  it('picks the default downsampling from the range length (SPEC 7)', async () => {
    const request = { entityIds: [p.stack2], params: [{ name: 'pm' }] };
    const day = (await trends('metric', { ...request, startDate: '2024-03-10', endDate: '2024-03-11' }))[0]!.data;
    expect(day).toHaveLength(24);
    expect(day[1]!.time - day[0]!.time).toBe(3_600_000);
    const week = (await trends('metric', { ...request, startDate: '2024-03-05', endDate: '2024-03-12' }))[0]!.data;
    expect(week.map((pt) => pt.time)).toEqual([at('2024-03-08T18:30:00Z'), at('2024-03-09T18:30:00Z'), at('2024-03-10T18:30:00Z')]);
  });

  it('resolves a period of the reference day in the request zone', async () => {
    const [d1] = await trends('metric', { entityIds: [p.stack1], params: [{ name: 'pm' }], period: 'day', range: 0, durationRefDate: '2024-03-10' });
    expect(d1!.data).toHaveLength(23);
    expect(d1!.data[0]!.time).toBe(at('2024-03-09T18:30:00Z'));
    const [previous] = await trends('metric', { entityIds: [p.stack1], params: [{ name: 'pm' }], period: 'day', range: 1, durationRefDate: '2024-03-11' });
    expect(previous!.data).toEqual(d1!.data);
    // Each answer says what it resolved, in the request's zone and words.
    const day = { from: '2024-03-10T00:00:00.000+05:30', to: '2024-03-11T00:00:00.000+05:30', zone: 'Asia/Kolkata' };
    expect(d1!.range).toEqual({ ...day, raw: { from: 'day', to: 'day', durationRefDate: '2024-03-10' } });
    expect(previous!.range).toEqual({ ...day, raw: { from: 'day-1', to: 'day-1', durationRefDate: '2024-03-11' } });
  });

  it('gives every series the range it resolved: dates as sent, a duration to now', async () => {
    const request = { entityIds: [p.stack1, p.stack2], params: [{ name: 'pm' }, { name: 'flow' }] };
    const dated = await trends('entityMetric', { ...request, startDate: '2024-03-10', endDate: '2024-03-10T06:00:00Z', timezone: 'UTC' });
    expect(dated.length).toBeGreaterThan(1);
    for (const series of dated) {
      expect(series.range).toEqual({
        from: '2024-03-10T00:00:00.000+00:00',
        to: '2024-03-10T06:00:00.000+00:00',
        zone: 'UTC',
        raw: { from: '2024-03-10', to: '2024-03-10T06:00:00Z' },
      });
    }
    const [recent] = await trends('metric', { ...request, duration: '4h-ago', interval: 'instances' });
    const { from, to, zone, raw } = recent!.range;
    expect([zone, raw, to.slice(-6), Date.parse(to) - Date.parse(from)]).toEqual(['Asia/Kolkata', { from: '4h-ago', to: 'now' }, '+05:30', 4 * 3_600_000]);
    expect(Math.abs(Date.parse(to) - Date.now())).toBeLessThan(60_000);
  });

  describe('storage paths', () => {
    const battery = () => [
      { entityIds: [p.plant], params: AGGS.map((dsAgg) => ({ name: 'pm', dsAgg })), interval: 'hour_1', startDate: '2024-03-10T00:07:00Z', endDate: '2024-03-10T21:53:00Z' },
      { entityIds: [p.plant], params: [{ name: 'so2', availability: true }, { name: 'flow', dsAgg: 'sum' }], interval: 'minute_15', startDate: '2024-03-10T01:00:00Z', endDate: '2024-03-10T06:00:00Z' },
      { entityIds: [p.plant], params: [{ name: 'pm', agg: 'max', dsAgg: 'last' }], groupAll: true, interval: 'day_1', startDate: '2024-03-09T00:00:00Z', endDate: '2024-03-12T00:00:00Z' },
      { entityIds: [p.plant], params: [{ name: 'pm', dsAgg: 'first' }], interval: 'minute_30', timezone: 'UTC', startDate: '2024-03-10T04:10:00Z', endDate: '2024-03-10T06:20:00Z' },
      // Whole India days (reading_1d where clean), and a month made of them.
      { entityIds: [p.plant], params: [{ name: 'pm', dsAgg: 'min' }, { name: 'so2', availability: true }], interval: 'day_1', startDate: '2024-03-08T18:30:00Z', endDate: '2024-03-11T18:30:00Z' },
      { entityIds: [p.plant], params: [{ name: 'pm', dsAgg: 'last' }, { name: 'flow', dsAgg: 'sum' }], interval: 'month_1', startDate: '2024-02-29T18:30:00Z', endDate: '2024-03-31T18:30:00Z' },
    ];
    const answers = async () => Promise.all(battery().map((r) => trends('metric', r)));

    /**
     * Plants a marker (max 9999) in the rollup row of D1's pm at `bucket`, which shows which grain
     * serves a request; `whilePlanted` checks the requests. Then marks `quarter` stale: `request` must
     * answer as before, its stale bucket read by a finer grain. The row is rebuilt at the end.
     */
    async function withMarker(
      table: 'reading_1h' | 'reading_1d',
      bucket: string,
      quarter: number,
      request: Record<string, unknown>,
      whilePlanted: (before: TrendResult[]) => Promise<void>,
    ) {
      const before = await trends('metric', request);
      await ctx.database.pool.query(`UPDATE ${table} SET max = 9999 WHERE device_id = $1 AND slot = $2 AND bucket = $3`, [p.d1, SLOT.pm, bucket]);
      try {
        await whilePlanted(before);
        await markDirty(ctx.database, p.d1, quarter, quarter + 15 * MINUTE);
        expect(await trends('metric', request)).toEqual(before);
      } finally {
        await rollUp(ctx.database, [{ deviceId: p.d1, bucket: quarter }]);
      }
      expect(await trends('metric', request)).toEqual(before);
    }

    it('reads whole Asia/Kolkata hours from reading_1h and UTC hours from reading_15m, and a stale hour by quarters', async () => {
      const hour = '2024-03-10T06:30:00Z';
      const request = { entityIds: [p.stack1], params: [{ name: 'pm', dsAgg: 'max' }], interval: 'hour_1', startDate: hour, endDate: '2024-03-10T08:30:00Z' };
      await withMarker('reading_1h', hour, at('2024-03-10T06:45:00Z'), request, async ([before]) => {
        const [ist] = await trends('metric', request);
        expect(ist!.data[0]).toEqual({ time: at(hour), value: 9999 });
        expect(ist!.data[1]).toEqual(before!.data[1]);
        // That India day holds stale quarters (the fixture's), so it is read by hours.
        const [day] = await trends('metric', { ...request, interval: 'day_1', startDate: '2024-03-09T18:30:00Z', endDate: '2024-03-10T18:30:00Z' });
        expect(day!.data[0]!.value).toBe(9999);
        const [utc] = await trends('metric', { ...request, timezone: 'UTC', startDate: '2024-03-10T06:00:00Z', endDate: '2024-03-10T09:00:00Z' });
        expect(utc!.data.map((d) => d.value)).not.toContain(9999);
      });
    });

    it('reads whole Asia/Kolkata days from reading_1d, and a stale day by hours', async () => {
      // The first India day of the fixture holds clean quarters of D1 only (12:00 to 18:30 UTC).
      const day = '2024-03-08T18:30:00Z';
      const request = { entityIds: [p.stack1], params: [{ name: 'pm', dsAgg: 'max' }], interval: 'day_1', startDate: day, endDate: '2024-03-10T18:30:00Z' };
      await withMarker('reading_1d', day, at('2024-03-09T13:00:00Z'), request, async ([before]) => {
        expect(before!.data[0]).toEqual(oracle([pm().d1], { from: at(day), to: at('2024-03-09T18:30:00Z'), bucket: bucketBy.day(IST), dsAgg: 'max' })[0]);
        const [ist] = await trends('metric', request);
        expect(ist!.data[0]).toEqual({ time: at(day), value: 9999 });
        expect(ist!.data[1]).toEqual(before!.data[1]);
        // Hourly buckets, and days of another zone, are not made of these days.
        const [hourly] = await trends('metric', { ...request, interval: 'hour_1', endDate: '2024-03-09T18:30:00Z' });
        expect(hourly!.data.map((d) => d.value)).not.toContain(9999);
        const [utc] = await trends('metric', { ...request, timezone: 'UTC', startDate: '2024-03-09T00:00:00Z', endDate: '2024-03-10T00:00:00Z' });
        expect(utc!.data.map((d) => d.value)).not.toContain(9999);
      });
    });

    it('gives identical answers whether buckets come from rollups, raw dirty buckets, or a mix', async () => {
      const mixed = await answers();
      expect(mixed[2]![0]!.data).toEqual(oracle([pm().d1, pm().d2], { from: at('2024-03-09T00:00:00Z'), to: at('2024-03-12T00:00:00Z'), bucket: bucketBy.day(IST), dsAgg: 'last', agg: 'max' }));

      await ctx.database.pool.query('DELETE FROM reading_15m; DELETE FROM reading_15m_archive; DELETE FROM reading_1h; DELETE FROM reading_1d');
      for (const d of [p.d1, p.d2]) await markDirty(ctx.database, d, T0, T0 + MINUTES * MINUTE);
      const raw = await answers();

      await rollUp(ctx.database, 'all');
      const { rows } = await ctx.database.pool.query('SELECT count(*)::int AS n FROM rollup_dirty');
      expect(rows[0].n).toBe(0);
      const rolled = await answers();

      expect(raw).toEqual(mixed);
      expect(rolled).toEqual(mixed);
      const from = at('2024-03-10T00:07:00Z');
      const to = at('2024-03-10T21:53:00Z');
      for (const [i, dsAgg] of AGGS.entries()) {
        expect(rolled[0]![2 * i]!.data).toEqual(oracle([pm().d1], { from, to, bucket: bucketBy.hour(IST), dsAgg }));
        expect(rolled[0]![2 * i + 1]!.data).toEqual(oracle([pm().d2], { from, to, bucket: bucketBy.hour(IST), dsAgg }));
      }
    });
  });
});
