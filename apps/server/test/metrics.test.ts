import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from './helper.ts';
import { useTestApp } from './test-app.ts';

const TOKEN = 'scrape-me-0123456789';

describe('GET /metrics', () => {
  const ctx = useTestApp();
  let tokened: FastifyInstance;

  beforeAll(async () => {
    tokened = await buildTestApp(ctx.database, { metrics: { token: TOKEN } });
  });
  afterAll(async () => {
    await tokened.close();
  });

  it('answers a scraper on this machine in the Prometheus text format, not to be cached', async () => {
    const res = await ctx.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toMatch(/^# HELP process_resident_memory_bytes /m);
    expect(res.body).toMatch(/^nodejs_eventloop_lag_seconds /m);
  });

  it('counts HTTP answers by route pattern, not by URL', async () => {
    await ctx.inject({ method: 'GET', url: '/api/tenant-by-id/987654' });
    await ctx.inject({ method: 'GET', url: '/healthz' });
    const body = (await ctx.inject({ method: 'GET', url: '/metrics' })).body;
    expect(body).toMatch(/^enviro_http_request_duration_seconds_count\{method="GET",route="\/api\/tenant-by-id\/:tenantId",status_code="401"\} 1$/m);
    expect(body).toMatch(/^enviro_http_request_duration_seconds_count\{method="GET",route="\/healthz",status_code="200"\} 1$/m);
    expect(body).not.toContain('987654');
  });

  it('refuses another machine unless it sends the token, and a wrong token', async () => {
    const far = await ctx.inject({ method: 'GET', url: '/metrics', remoteAddress: '10.1.2.3' });
    expect(far.statusCode).toBe(401);
    expect(far.json().message).toMatch(/METRICS_TOKEN/);
    const none = await tokened.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(none.statusCode).toBe(401);
    const wrong = await tokened.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.statusCode).toBe(401);
    const right = await tokened.inject({ method: 'GET', url: '/metrics', remoteAddress: '10.1.2.3', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(right.statusCode).toBe(200);
    expect(right.body).toContain('enviro_http_request_duration_seconds');
  });
});

describe('GET /metrics: ingestion', () => {
  const ctx = useTestApp();

  it('counts readings accepted and refused, commits and the queue', async () => {
    const { accessToken } = await ctx.b.newStationDevice();
    const ts = Date.now() - 60_000;
    const res = await ctx.inject({
      method: 'POST',
      url: `/api/v1/${accessToken}/telemetry`,
      payload: [
        { ts, values: { pm: 12.5, so2: 3 } },
        { ts: ts + 1000, values: { pm: 'not a number', so2: 4 } },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ accepted: 3, refused: [expect.anything()] });
    const body = (await ctx.inject({ method: 'GET', url: '/metrics' })).body;
    expect(body).toMatch(/^enviro_ingest_readings_total\{outcome="accepted"\} 3$/m);
    expect(body).toMatch(/^enviro_ingest_readings_total\{outcome="refused"\} 1$/m);
    expect(body).toMatch(/^enviro_ingest_commit_seconds_count 1$/m);
    expect(body).toMatch(/^enviro_ingest_commit_rows_sum 2$/m);
    expect(body).toMatch(/^enviro_ingest_queued_rows 0$/m);
  });
});

describe('GET /metrics: rollups', () => {
  const ctx = useTestApp();

  it('reports the dirty buckets waiting for the rollup worker and the failing ones', async () => {
    const { accessToken } = await ctx.b.newStationDevice();
    const ts = Date.now() - 3 * 3_600_000;
    // Two readings in two 15-minute buckets (the second starts after ts): two marks; a test app runs no rollup worker.
    const res = await ctx.inject({
      method: 'POST',
      url: `/api/v1/${accessToken}/telemetry`,
      payload: [
        { ts, values: { pm: 1 } },
        { ts: ts + 20 * 60_000, values: { pm: 2 } },
      ],
    });
    expect(res.statusCode).toBe(200);
    await ctx.db.updateTable('rollup_dirty').set({ attempts: 1, last_error: 'test', next_try: new Date(Date.now() + 60_000) }).where('bucket', '<=', new Date(ts)).execute();
    const body = (await ctx.inject({ method: 'GET', url: '/metrics' })).body;
    expect(body).toMatch(/^enviro_rollup_dirty_buckets 2$/m);
    expect(body).toMatch(/^enviro_rollup_failing_buckets 1$/m);
  });
});
