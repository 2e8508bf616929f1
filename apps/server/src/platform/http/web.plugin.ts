import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { REPO_ROOT } from '../config.ts';

/** Where `npm run build -w @enviro/web` puts the app. */
export const WEB_DIST = path.join(REPO_ROOT, 'apps/web/dist');

/**
 * Serves the built web app, brotli or gzip when the browser accepts it. Hashed assets are cached for a year; index.html never, so a deploy is
 * picked up on the next navigation. Other browser navigations get index.html (history-mode
 * routing); /api paths and non-HTML requests keep the API's 404. Without a build (server tests,
 * `npm run dev` with Vite serving the app) the plugin adds nothing.
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
    // One route per built file: the history fallback below can then own GET /*.
    wildcard: false,
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
  app.get('/*', { schema: { hide: true }, config: { access: 'none' } }, (request: FastifyRequest, reply: FastifyReply) => {
    const accept = request.headers.accept ?? '';
    if (request.url.startsWith('/api/') || !accept.includes('text/html')) return reply.callNotFound();
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
}
