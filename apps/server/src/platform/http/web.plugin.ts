import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { REPO_ROOT } from '../config.ts';

/**
 * Where `npm run build -w @enviro/web` puts the app: a link to the current build's folder, which a
 * new build replaces in one rename (apps/web/publish-build.ts).
 */
export const WEB_DIST = path.join(REPO_ROOT, 'apps/web/dist');

/**
 * Serves the built web app, brotli or gzip when the browser accepts it. Hashed assets are cached for a year; index.html never, so a deploy is
 * picked up on the next navigation. Other browser navigations get index.html (history-mode
 * routing); /api paths and non-HTML requests keep the API's 404. Without a build (server tests,
 * `npm run dev` with Vite serving the app) the plugin adds nothing.
 *
 * Each request looks its file up under `root` as it is then, so a build published while the server
 * runs is served at once (its new index and chunks), and the previous build's chunks, which the new
 * build keeps, still answer the pages opened before it.
 */
export async function webPlugin(app: FastifyInstance, opts: { root?: string } = {}): Promise<void> {
  const root = opts.root ?? WEB_DIST;
  if (!existsSync(path.join(root, 'index.html'))) return;

  // The app's files are public; only the API behind them checks who is calling.
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, access: 'none' };
  });
  await app.register(fastifyStatic, {
    root,
    // No route per file found at start (a later build's files would have none): the route below
    // sends what the build holds when asked.
    serve: false,
    // The build writes .br and .gz beside its text files (apps/web/precompress.ts): compressing
    // once at build time at the highest level beats compressing every response.
    preCompressed: true,
    cacheControl: false,
    setHeaders: (res, file) => {
      // The answer depends on Accept-Encoding, which shared caches must know.
      res.setHeader('Vary', 'Accept-Encoding');
      res.setHeader('Cache-Control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.get('/*', { schema: { hide: true }, config: { access: 'none' } }, async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.url.startsWith('/api/')) return reply.callNotFound();
    const pathname = pathnameOf(request.url);
    const file = pathname === undefined ? undefined : await builtFile(root, pathname);
    if (file !== undefined) return reply.sendFile(file);
    const accept = request.headers.accept ?? '';
    if (pathname !== '/' && !accept.includes('text/html')) return reply.callNotFound();
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
}

function pathnameOf(url: string): string | undefined {
  try {
    return decodeURIComponent(new URL(url, 'http://x').pathname);
  } catch {
    return undefined;
  }
}

/** The path under `root` of the built file `pathname` names, if the build holds one (no folders, no dot files, no way out of root). */
async function builtFile(root: string, pathname: string): Promise<string | undefined> {
  const relative = pathname.replace(/^\/+/, '');
  if (relative === '' || relative.includes('\0') || relative.split('/').some((part) => part === '' || part.startsWith('.'))) return undefined;
  const info = await stat(path.join(root, relative)).catch(() => undefined);
  return info?.isFile() ? relative : undefined;
}
