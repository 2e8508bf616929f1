import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { brotliDecompressSync, brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorsPlugin } from '../src/platform/http/errors.plugin.ts';
import { webPlugin } from '../src/platform/http/web.plugin.ts';

const HTML = { accept: 'text/html,application/xhtml+xml' };
const BIG_JS = `export const series = [${Array.from({ length: 2000 }, (_, i) => i).join(', ')}];`;

describe('web plugin: the built app and its history-mode fallback', () => {
  let dir: string;
  let app: FastifyInstance;
  let bare: FastifyInstance;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'enviro-web-'));
    await mkdir(path.join(dir, 'assets'));
    await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>Enviro</title>');
    await writeFile(path.join(dir, 'assets', 'index-abc.js'), 'console.log(1)');
    // What the web build writes beside its text files (apps/web/precompress.ts).
    await writeFile(path.join(dir, 'assets', 'chart-abc.js'), BIG_JS);
    await writeFile(path.join(dir, 'assets', 'chart-abc.js.br'), brotliCompressSync(BIG_JS));
    await writeFile(path.join(dir, 'assets', 'chart-abc.js.gz'), gzipSync(BIG_JS));
    app = Fastify();
    await app.register(errorsPlugin);
    await app.register(webPlugin, { root: dir });
    await app.ready();
    bare = Fastify();
    await bare.register(errorsPlugin);
    await bare.register(webPlugin, { root: path.join(dir, 'absent') });
    await bare.ready();
  });
  afterAll(async () => {
    await app.close();
    await bare.close();
    await rm(dir, { recursive: true, force: true });
  });

  it.each([
    ['/', 'no-cache'],
    ['/public/dashboard/industry/12?back=3', 'no-cache'],
    ['/public/dashboard/details/12', 'no-cache'],
  ])('navigating to %s answers index.html', async (url, cache) => {
    const res = await app.inject({ method: 'GET', url, headers: HTML });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe(cache);
    expect(res.body).toContain('<title>Enviro</title>');
  });

  it('serves hashed assets with a year of caching', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/index-abc.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body).toBe('console.log(1)');
  });

  it.each([
    ['br', 'gzip, deflate, br', brotliDecompressSync],
    ['gzip', 'gzip, deflate', gunzipSync],
  ] as const)('sends the build\'s %s copy of an asset to a browser that accepts it, cached a year', async (encoding, accept, decode) => {
    const res = await app.inject({ method: 'GET', url: '/assets/chart-abc.js', headers: { 'accept-encoding': accept } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(decode(res.rawPayload).toString()).toBe(BIG_JS);
  });

  it('sends the plain asset to a client that accepts no compression', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/chart-abc.js', headers: { 'accept-encoding': 'identity' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(BIG_JS);
  });

  it.each([
    ['an unknown API path, even from a browser', '/api/nope', HTML],
    ['a missing asset fetched by a script', '/assets/missing.js', { accept: '*/*' }],
    ['a request that does not want HTML', '/nope', {}],
  ])('keeps the API 404 for %s', async (_case, url, headers) => {
    const res = await app.inject({ method: 'GET', url, headers });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
  });

  it('adds nothing when the app is not built', async () => {
    const res = await bare.inject({ method: 'GET', url: '/', headers: HTML });
    expect(res.statusCode).toBe(404);
  });
});
