import { ERROR_RESPONSES } from '@enviro/contracts/common';
import { LiveQuery, LiveStream } from '@enviro/contracts/data/live';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DataModule } from './data.module.ts';
import { TENANT_READ } from '../../platform/access/route-access.ts';

/** Comment lines keep proxies and browsers from closing a quiet stream. */
const KEEP_ALIVE_MS = 20_000;
/** Streams end after this long; EventSource reconnects, and the session and access are checked again. */
const MAX_STREAM_MS = 15 * 60_000;

/** Live values over Server-Sent Events (docs/DATA.md "Live values", live.ts). */
export const liveRoutes: FastifyPluginAsyncZod<DataModule> = async (app, { live }) => {
  app.get(
    '/api/data/live',
    {
      config: { access: TENANT_READ },
      schema: {
        tags: ['data'],
        summary: 'Server-Sent Events: the latest values of stations, pushed as readings are committed on any server',
        querystring: LiveQuery,
        response: { 200: LiveStream, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      let open = false;
      let ended = false;
      const queued: string[] = [];
      const raw = reply.raw;
      const write = (chunk: string) => {
        if (ended) return;
        if (open) raw.write(chunk);
        else queued.push(chunk);
      };
      const timers: NodeJS.Timeout[] = [];
      const end = () => {
        if (ended) return;
        ended = true;
        for (const t of timers) clearInterval(t);
        subscription?.close();
        if (open) raw.end();
      };
      let subscription: { close(): void } | undefined;
      // 400/404 answer as JSON before anything streams.
      const sub = await live.subscribe(request.auth, request.query, {
        send: (values) => write(`event: values\ndata: ${JSON.stringify(values)}\n\n`),
        end,
      });
      subscription = sub;
      reply.hijack();
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
        // nginx and friends would otherwise hold events back.
        'x-accel-buffering': 'no',
        connection: 'keep-alive',
      });
      open = true;
      raw.write(`retry: 2000\nevent: values\ndata: ${JSON.stringify(sub.first)}\n\n`);
      for (const chunk of queued.splice(0)) raw.write(chunk);
      timers.push(setInterval(() => write(': keep-alive\n\n'), KEEP_ALIVE_MS));
      timers.push(setTimeout(end, MAX_STREAM_MS));
      // The response closes when the client goes away (the request's own 'close' comes once it is read).
      raw.on('close', end);
      if (ended) raw.end();
    },
  );
};
