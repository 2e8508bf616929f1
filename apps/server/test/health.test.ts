import { describe, expect, it } from 'vitest';
import { useTestApp } from './test-app.ts';

describe('GET /healthz', () => {
  const ctx = useTestApp();

  it('reports the database as up', async () => {
    const res = await ctx.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', checks: { database: { ok: true } } });
  });

  it('serves the OpenAPI document generated from the contracts', async () => {
    const res = await ctx.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().paths['/healthz']).toBeDefined();
  });

  it('answers a badly encoded URL with the common error body, without echoing it', async () => {
    const res = await ctx.inject({ method: 'GET', url: `/api/entity/%E0%A4%A${'x'.repeat(5000)}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ statusCode: 400, error: 'Bad Request', message: 'the URL is not validly percent-encoded' });
  });

  it('answers unknown routes with the common error body', async () => {
    const res = await ctx.inject({ method: 'GET', url: '/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'no route GET /nope' });
  });
});
