import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SessionRepository } from '../src/modules/accounts/sessions.repository.ts';
import { TenantDirectoryRepository } from '../src/modules/tenants/tenant-directory.repository.ts';
import { databasePlugin } from '../src/platform/database/database.plugin.ts';
import { authPlugin } from '../src/platform/http/auth.plugin.ts';
import { errorsPlugin } from '../src/platform/http/errors.plugin.ts';
import { healthPlugin } from '../src/platform/http/health.plugin.ts';
import { webPlugin } from '../src/platform/http/web.plugin.ts';
import { workersPlugin } from '../src/platform/jobs/workers.plugin.ts';
import { useTestApp } from './test-app.ts';

/** What a signed-in user or an API key reads is kept by no cache; public answers keep their caching. */
describe('Cache-Control', () => {
  const ctx = useTestApp();
  let web: FastifyInstance;
  let dir: string;
  let tenantId: number;
  let station: number;
  let cookie: string;
  let apiKey: string;

  beforeAll(async () => {
    tenantId = (await ctx.b.newTenant()).id;
    station = (await ctx.b.newEntity({ tenantId })).id;
    cookie = (await ctx.signedIn({ tenantId })).cookie;
    apiKey = (await ctx.b.newApiKey(tenantId)).key;

    dir = await mkdtemp(path.join(tmpdir(), 'enviro-cache-'));
    await mkdir(path.join(dir, 'assets'));
    await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>Enviro</title>');
    await writeFile(path.join(dir, 'assets', 'index-abc.js'), 'console.log(1)');
    web = Fastify();
    await web.register(errorsPlugin);
    await web.register(healthPlugin);
    await web.register(workersPlugin);
    await web.register(databasePlugin, { database: ctx.database });
    await web.register(authPlugin);
    // The stores the tenants and accounts modules provide in the full app.
    web.accessStores.provideDirectory(new TenantDirectoryRepository(ctx.db));
    web.accessStores.provideSessions(new SessionRepository(ctx.db));
    await web.register(webPlugin, { root: dir });
    await web.ready();
  });
  afterAll(async () => {
    await web.close();
    await rm(dir, { recursive: true, force: true });
  });

  const recent = (headers: Record<string, string>) =>
    ctx.inject({ method: 'POST', url: '/api/data/recent/metric', headers, payload: { request: { entityIds: [station] } } });

  it('is no-store on a signed-in user’s answers', async () => {
    const read = await ctx.inject({ method: 'GET', url: '/api/preferences', headers: { cookie } });
    expect(read.statusCode).toBe(200);
    expect(read.headers['cache-control']).toBe('no-store');
    const data = await recent({ cookie, 'x-requested-with': 'XMLHttpRequest' });
    expect(data.statusCode).toBe(200);
    expect(data.headers['cache-control']).toBe('no-store');
  });

  it('is no-store on an API key’s answers', async () => {
    const res = await recent({ authorization: `Bearer ${apiKey}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('is not added to the public portal’s answers, nor to open routes', async () => {
    const portal = await recent({ portal: 'PUBLIC', 'public-tenant-id': String(tenantId) });
    expect(portal.statusCode).toBe(200);
    expect(portal.headers['cache-control']).toBeUndefined();
    const health = await ctx.inject({ method: 'GET', url: '/healthz', headers: { cookie } });
    expect(health.headers['cache-control']).toBeUndefined();
  });

  it('leaves the web app’s files as they were for a signed-in browser', async () => {
    const asset = await web.inject({ method: 'GET', url: '/assets/index-abc.js', headers: { cookie } });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const page = await web.inject({ method: 'GET', url: '/', headers: { cookie, accept: 'text/html' } });
    expect(page.headers['cache-control']).toBe('no-cache');
  });
});
