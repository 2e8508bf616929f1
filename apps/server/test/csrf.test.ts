import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorsPlugin } from '../src/platform/http/errors.plugin.ts';
import { securityHeadersPlugin } from '../src/platform/http/security-headers.plugin.ts';
import { webPlugin } from '../src/platform/http/web.plugin.ts';
import { useTestApp } from './test-app.ts';

describe('CSRF protection of cookie-authenticated writes', () => {
  const ctx = useTestApp();
  let cookie: string;
  let apiKey: string;
  let station: number;

  beforeAll(async () => {
    const tenantId = (await ctx.b.newTenant()).id;
    station = (await ctx.b.newEntity({ tenantId })).id;
    apiKey = (await ctx.b.newApiKey(tenantId)).key;
    cookie = (await ctx.login((await ctx.newUser({ tenantId })).userName)).cookie;
  });

  const recent = (headers: Record<string, string>) =>
    ctx.inject({ method: 'POST', url: '/api/data/recent/metric', headers, payload: { request: { entityIds: [station] } } });

  it('refuses a cookie POST without the x-requested-with header with 403', async () => {
    const res = await recent({ cookie });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/x-requested-with/);
  });

  it('accepts the same POST with the header', async () => {
    expect((await recent({ cookie, 'x-requested-with': 'XMLHttpRequest' })).statusCode).toBe(200);
  });

  it('needs no header for reads', async () => {
    expect((await ctx.inject({ method: 'GET', url: '/api/tenantinfo', headers: { cookie } })).statusCode).toBe(200);
  });

  it('exempts API keys', async () => {
    expect((await recent({ authorization: `Bearer ${apiKey}` })).statusCode).toBe(200);
  });

  it.each(['/api/login', '/api/logout'])('guards %s too, since it sets cookies', async (url) => {
    const res = await ctx.inject({ method: 'POST', url, headers: { cookie }, payload: { userName: 'a@example.in', password: 'x' } });
    expect(res.statusCode).toBe(403);
    expect((await ctx.inject({ method: 'GET', url: '/api/tenantinfo', headers: { cookie } })).statusCode).toBe(200);
  });

  it('sends security headers on API answers', async () => {
    const res = await ctx.inject({ method: 'GET', url: '/api/tenantinfo', headers: { cookie } });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });
});

describe('security headers over the built web app', () => {
  let dir: string;
  let web: FastifyInstance;

  beforeAll(async () => {
    // Shaped like Vite's output: module script and stylesheet as files, nothing inline.
    dir = await mkdtemp(path.join(tmpdir(), 'enviro-csp-'));
    await mkdir(path.join(dir, 'assets'));
    await writeFile(
      path.join(dir, 'index.html'),
      '<!doctype html><html><head><title>Enviro</title><script type="module" crossorigin src="/assets/index-abc.js"></script>' +
        '<link rel="stylesheet" crossorigin href="/assets/index-abc.css"></head><body><div id="root"></div></body></html>',
    );
    await writeFile(path.join(dir, 'assets', 'index-abc.js'), 'document.title = "Enviro";');
    await writeFile(path.join(dir, 'assets', 'index-abc.css'), 'body { margin: 0 }');
    web = Fastify();
    await web.register(errorsPlugin);
    await web.register(securityHeadersPlugin);
    await web.register(webPlugin, { root: dir });
    await web.ready();
  });
  afterAll(async () => {
    await web.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('serves / with a CSP that allows its own scripts and styles only', async () => {
    const res = await web.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('/assets/index-abc.js');
    const csp = Object.fromEntries(
      String(res.headers['content-security-policy']).split(';').map((d) => {
        const [name, ...values] = d.trim().split(/\s+/);
        return [name, values];
      }),
    );
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:']);
    expect(csp['media-src']).toEqual(["'self'", 'blob:']);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
  });

  it.each([
    ['/assets/index-abc.js', /javascript/],
    ['/assets/index-abc.css', /text\/css/],
  ])('serves the asset %s', async (url, type) => {
    const res = await web.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(type);
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
  });
});
