import { lstat, mkdir, mkdtemp, readdir, readlink, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorsPlugin } from '../../server/src/platform/http/errors.plugin.ts';
import { webPlugin } from '../../server/src/platform/http/web.plugin.ts';
import { BUILDS_DIR, LINK_NAME, publish, publishBuild } from '../publish-build.ts';

const HTML = { accept: 'text/html' };
const DAY_MS = 86_400_000;

/** A small app with one lazy chunk, built by Vite with the web app's publishing plugin. */
async function buildApp(root: string, lazyText: string): Promise<void> {
  await mkdir(path.join(root, 'src'), { recursive: true });
  await writeFile(path.join(root, 'index.html'), '<!doctype html><title>Enviro</title><script type="module" src="/src/main.js"></script>');
  await writeFile(path.join(root, 'src', 'main.js'), "document.title = 'loading'; import('./lazy.js').then((m) => m.show());");
  await writeFile(path.join(root, 'src', 'lazy.js'), `export function show() { document.body.textContent = ${JSON.stringify(lazyText)}; }`);
  await build({ root, configFile: false, logLevel: 'silent', plugins: [publishBuild()] });
}

/** The hashed files under /assets/ the served index.html and its entry chunk name. */
async function servedAssets(app: FastifyInstance): Promise<{ index: string; entry: string }> {
  const index = (await app.inject({ method: 'GET', url: '/', headers: HTML })).body;
  const entry = /src="(\/assets\/[^"]+\.js)"/.exec(index)![1]!;
  return { index, entry };
}

describe('web builds while a server serves them', () => {
  let root: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'enviro-web-builds-'));
    await buildApp(root, 'first build');
    app = Fastify();
    await app.register(errorsPlugin);
    await app.register(webPlugin, { root: path.join(root, LINK_NAME) });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await rm(root, { recursive: true, force: true });
  });

  it('builds into a folder of its own, which dist names', async () => {
    expect((await lstat(path.join(root, LINK_NAME))).isSymbolicLink()).toBe(true);
    expect(await readlink(path.join(root, LINK_NAME))).toMatch(new RegExp(`^${BUILDS_DIR}/`));
    expect((await readdir(path.join(root, LINK_NAME, 'assets'))).some((f) => f.endsWith('.js.br'))).toBe(true);
  });

  it('a second build never empties what is served: old chunks still answer, then the new index is served with its chunks', async () => {
    const before = await servedAssets(app);
    const chunks = (await readdir(path.join(root, LINK_NAME, 'assets'))).filter((f) => f.endsWith('.js')).map((f) => `/assets/${f}`);
    expect(chunks.length).toBe(2);

    // Requests all through the rebuild, as open pages and new visitors make them.
    const failures: string[] = [];
    let requests = 0;
    let building = true;
    const load = (async () => {
      while (building) {
        for (const url of ['/', '/app/dashboard', ...chunks]) {
          const res = await app.inject({ method: 'GET', url, headers: url.startsWith('/assets/') ? {} : HTML });
          requests++;
          if (res.statusCode !== 200) failures.push(`${url} ${res.statusCode}`);
        }
      }
    })();
    await buildApp(root, 'second build');
    building = false;
    await load;
    expect(requests).toBeGreaterThan(10);
    expect(failures).toEqual([]);

    const after = await servedAssets(app);
    expect(after.entry).not.toBe(before.entry);
    // The new build's files, written after the server started, are served.
    const entry = await app.inject({ method: 'GET', url: after.entry });
    expect(entry.statusCode).toBe(200);
    const lazy = /(lazy-[\w-]+\.js)/.exec(entry.body)?.[1];
    expect((await app.inject({ method: 'GET', url: `/assets/${lazy}` })).body).toContain('second build');
    // A page opened before it still loads its lazy chunk, compressed too.
    for (const url of chunks) {
      const res = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });
});

describe('publish', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'enviro-publish-'));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  const newBuild = async (name: string, assets: string[]) => {
    const dir = path.join(root, BUILDS_DIR, name);
    await mkdir(path.join(dir, 'assets'), { recursive: true });
    await writeFile(path.join(dir, 'index.html'), name);
    for (const a of assets) await writeFile(path.join(dir, 'assets', a), a);
    return dir;
  };
  const served = (file: string) => stat(path.join(root, LINK_NAME, file)).then(() => true, () => false);

  it('replaces a dist folder of an earlier layout, keeping its assets', async () => {
    await mkdir(path.join(root, LINK_NAME, 'assets'), { recursive: true });
    await writeFile(path.join(root, LINK_NAME, 'assets', 'legacy-1.js'), 'x');
    await publish(root, await newBuild('b1', ['app-1.js']));
    expect((await lstat(path.join(root, LINK_NAME))).isSymbolicLink()).toBe(true);
    expect(await served('assets/legacy-1.js')).toBe(true);
    expect(await served('assets/app-1.js')).toBe(true);
  });

  it('drops assets a week old and build folders older than the previous one', async () => {
    const week = new Date(Date.now() - 8 * DAY_MS);
    await utimes(path.join(root, LINK_NAME, 'assets', 'legacy-1.js'), week, week);
    await publish(root, await newBuild('b2', ['app-2.js']));
    expect(await served('assets/app-1.js')).toBe(true);
    expect(await served('assets/legacy-1.js')).toBe(false);
    // An hour on, a third build: the first build's folder goes, the second's (the previous) stays.
    await publish(root, await newBuild('b3', ['app-3.js']), Date.now() + 3_600_000);
    const folders = await readdir(path.join(root, BUILDS_DIR));
    expect(folders).not.toContain('b1');
    expect(folders).toEqual(expect.arrayContaining(['b2', 'b3']));
    expect(await Promise.all(['app-1.js', 'app-2.js', 'app-3.js'].map((a) => served(`assets/${a}`)))).toEqual([true, true, true]);
  });
});
