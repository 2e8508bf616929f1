import { RecentResponse } from '@enviro/contracts/data/recent';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/platform/database/database.ts';
import { buildTestApp } from './helper.ts';
import { useTestApp } from './test-app.ts';

const MINUTE = 60_000;

/** An event of a text/event-stream, read with a real HTTP client (fetch) from a listening server. */
interface StreamEvent {
  event: string;
  data: string;
}

/** Opens the stream and hands out its events one at a time. */
async function openStream(url: string, headers: Record<string, string>) {
  const controller = new AbortController();
  const res = await fetch(url, { headers, signal: controller.signal });
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const next = async (): Promise<StreamEvent> => {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const lines = block.split('\n').filter((l) => !l.startsWith(':') && !l.startsWith('retry:'));
        if (lines.length === 0) continue;
        const field = (name: string) => lines.find((l) => l.startsWith(`${name}: `))?.slice(name.length + 2) ?? '';
        return { event: field('event'), data: field('data') };
      }
      const { value, done } = await reader.read();
      if (done) throw new Error('stream ended');
      buffer += decoder.decode(value, { stream: true });
    }
  };
  return { res, next, close: () => controller.abort() };
}

describe('GET /api/data/live', () => {
  const ctx = useTestApp();
  /** A second server on the same database: readings ingested by ctx.app must reach its streams. */
  let second: { database: DatabaseHandle; app: FastifyInstance; url: string };
  let tenantId: number;
  let station: number;
  let token: string;
  let key: string;
  let otherKey: string;
  let cookie: string;

  beforeAll(async () => {
    const d = await ctx.b.newStationDevice({ params: [{ name: 'pm', max: 50 }, { name: 'so2' }] });
    ({ tenantId, entityId: station, accessToken: token } = d);
    key = (await ctx.b.newApiKey(tenantId)).key;
    otherKey = (await ctx.b.newApiKey((await ctx.b.newTenant()).id)).key;
    cookie = (await ctx.signedIn({ tenantId, userType: 'tenant', role: 'user' })).cookie;
    const database = openDatabase(ctx.database.url, { max: 4 });
    const app = await buildTestApp(database);
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    second = { database, app, url };
  });

  afterAll(async () => {
    await second?.app.close();
    await second?.database.close();
  });

  async function ingest(ts: number, values: Record<string, number>) {
    const res = await ctx.inject({ method: 'POST', url: `/api/v1/${token}/telemetry`, payload: [{ ts, values }] });
    expect(res.statusCode).toBe(200);
  }

  it('streams readings committed by another server to a real HTTP client', async () => {
    const t0 = Date.now() - 10 * MINUTE;
    await ingest(t0, { pm: 10, so2: 20 });
    const stream = await openStream(`${second.url}/api/data/live?entityIds=${station}`, { authorization: `Bearer ${key}` });
    try {
      expect(stream.res.status).toBe(200);
      expect(stream.res.headers.get('content-type')).toContain('text/event-stream');
      expect(stream.res.headers.get('cache-control')).toBe('no-store');

      const first = await stream.next();
      expect(first.event).toBe('values');
      const values = RecentResponse.parse(JSON.parse(first.data));
      expect(values.map((v) => [v.entityId, v.paramName, v.time, v.value])).toEqual([
        [station, 'pm', t0, 10],
        [station, 'so2', t0, 20],
      ]);

      // Ingested through the first server: its commit notifies, the second server's stream hears it.
      await ingest(t0 + MINUTE, { pm: 60 });
      const pushed = await stream.next();
      expect(pushed.event).toBe('values');
      // Only what changed: pm, not so2.
      expect(RecentResponse.parse(JSON.parse(pushed.data)).map((v) => [v.paramName, v.time, v.value])).toEqual([['pm', t0 + MINUTE, 60]]);

      // An older reading arriving late changes no latest value and sends nothing; the next new one does.
      await ingest(t0 - MINUTE, { so2: 1 });
      await ingest(t0 + 2 * MINUTE, { so2: 25 });
      const next = await stream.next();
      expect(RecentResponse.parse(JSON.parse(next.data)).map((v) => [v.paramName, v.time, v.value])).toEqual([['so2', t0 + 2 * MINUTE, 25]]);
    } finally {
      stream.close();
    }
  });

  it('listens again after its LISTEN connection is cut, and sends what was committed meanwhile', async () => {
    // Newer than the first test's readings, still in the past.
    const t0 = Date.now() - 4 * MINUTE;
    const stream = await openStream(`${second.url}/api/data/live?entityIds=${station}&params=pm`, { authorization: `Bearer ${key}` });
    try {
      await stream.next();
      // The database drops the second server's LISTEN connection (a restart, a failover).
      const cut = await ctx.database.pool.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN %'`,
      );
      expect(cut.rowCount).toBeGreaterThan(0);
      // Committed while nobody listens: the reconnect reads every stream again.
      await ingest(t0 + MINUTE, { pm: 33 });
      const caught = await stream.next();
      expect(RecentResponse.parse(JSON.parse(caught.data)).map((v) => [v.paramName, v.time, v.value])).toEqual([['pm', t0 + MINUTE, 33]]);
      await ingest(t0 + 2 * MINUTE, { pm: 34 });
      const next = await stream.next();
      expect(RecentResponse.parse(JSON.parse(next.data)).map((v) => [v.paramName, v.time, v.value])).toEqual([['pm', t0 + 2 * MINUTE, 34]]);
    } finally {
      stream.close();
    }
  });

  it('streams to a signed-in user of the tenant, and ends the stream when the client goes', async () => {
    const stream = await openStream(`${second.url}/api/data/live?entityIds=${station}&params=pm`, { cookie });
    const first = await stream.next();
    expect(RecentResponse.parse(JSON.parse(first.data)).map((v) => v.paramName)).toEqual(['pm']);
    stream.close();
    // The server forgets the stream once the connection closes.
    await expect.poll(() => second.app.data.live.streams).toBe(0);
  });

  it("answers 404 for another tenant's station, 400 naming the field, 401 without credentials", async () => {
    const other = await fetch(`${second.url}/api/data/live?entityIds=${station}`, { headers: { authorization: `Bearer ${otherKey}` } });
    expect(other.status).toBe(404);
    expect(await other.text()).not.toContain('"value"');
    for (const [query, field] of [
      ['', 'querystring.entityIds'],
      ['?entityIds=abc', 'querystring.entityIds.0'],
      [`?entityIds=${station}&backscan=0`, 'querystring.backscan'],
      [`?entityIds=${station}&includeDescendants=maybe`, 'querystring.includeDescendants'],
    ]) {
      const res = await ctx.inject({ method: 'GET', url: `/api/data/live${query}`, headers: { authorization: `Bearer ${key}` } });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().field, query).toBe(field);
    }
    const unknownParam = await ctx.inject({ method: 'GET', url: `/api/data/live?entityIds=${station}&params=unobtainium`, headers: { authorization: `Bearer ${key}` } });
    expect(unknownParam.statusCode).toBe(400);
    expect((await fetch(`${second.url}/api/data/live?entityIds=${station}`)).status).toBe(401);
  });

  it('is not open to the public portal, which keeps polling', async () => {
    const res = await ctx.inject({ method: 'GET', url: `/api/data/live?entityIds=${station}`, headers: { portal: 'PUBLIC', 'public-tenant-id': String(tenantId) } });
    expect(res.statusCode).toBe(403);
  });
});
