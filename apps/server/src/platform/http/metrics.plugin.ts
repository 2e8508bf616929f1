import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import { headerOf } from '../access/request-header.ts';
import { unauthorized } from '../errors.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The app's Prometheus registry, served by GET /metrics. Modules register their own counters
     * and gauges on it (one registry per app, so tests building several apps never share one).
     */
    metrics: Registry;
  }
}

export interface MetricsOptions {
  /** A scraper sends it as `Authorization: Bearer …`; unset, only loopback callers may scrape. */
  token?: string | undefined;
}

/** Route-level latency buckets, in seconds: API answers are expected between 5 ms and a second. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * GET /metrics in Prometheus's text format: the process (memory, CPU, event-loop delay), HTTP
 * latency per route, and whatever the modules register (ingestion, rollups, MQTT clients). Metrics
 * name routes and volumes, so they are not public: a bearer token (METRICS_TOKEN) or a scraper on
 * the same machine.
 */
export const metricsPlugin = fp(
  async function metrics(app: FastifyInstance, opts: MetricsOptions) {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    app.decorate('metrics', registry);

    const latency = new Histogram({
      name: 'enviro_http_request_duration_seconds',
      help: 'HTTP answers by route pattern, method and status, from request to response sent',
      labelNames: ['method', 'route', 'status_code'],
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    });
    app.addHook('onResponse', async (request, reply) => {
      // The pattern, not the URL: ids and tokens in paths would make a series per request.
      const route = request.routeOptions.url ?? 'unmatched';
      if (route === '/metrics') return;
      latency.observe({ method: request.method, route, status_code: reply.statusCode }, reply.elapsedTime / 1000);
    });

    app.get(
      '/metrics',
      { schema: { hide: true }, config: { access: 'none' } },
      async (request: FastifyRequest, reply: FastifyReply) => {
        assertMayScrape(request, opts.token);
        return reply.header('Cache-Control', 'no-store').type(registry.contentType).send(await registry.metrics());
      },
    );
  },
  { name: 'metrics' },
);

function assertMayScrape(request: FastifyRequest, token: string | undefined): void {
  // request.ip is the client's address, behind a trusted proxy too (TRUST_PROXY), so a scraper
  // cannot pass as local through the proxy.
  if (token === undefined) {
    if (!isLoopback(request.ip)) throw unauthorized('set METRICS_TOKEN to scrape /metrics from another machine');
    return;
  }
  const sent = /^Bearer (.+)$/.exec(headerOf(request, 'authorization') ?? '')?.[1] ?? '';
  const a = Buffer.from(sent);
  const b = Buffer.from(token);
  if (a.length !== b.length || !timingSafeEqual(a, b)) throw unauthorized('send the METRICS_TOKEN as a bearer token');
}

function isLoopback(address: string | undefined): boolean {
  return address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';
}
