import { HealthResponse } from '@enviro/contracts/health';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { HealthCheck } from './health.plugin.ts';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/healthz',
    {
      config: { access: 'none' },
      schema: { tags: ['health'], summary: 'Database and broker status', response: { 200: HealthResponse, 503: HealthResponse } },
    },
    async (_request, reply) => {
      const checks: Record<string, HealthCheck> = {};
      await Promise.all(
        [...app.healthChecks].map(async ([name, check]) => {
          checks[name] = await check().catch((e: Error) => ({ ok: false, detail: e.message }));
        }),
      );
      const ok = Object.values(checks).every((c) => c.ok);
      return reply.code(ok ? 200 : 503).send({ status: ok ? 'ok' : 'unavailable', checks });
    },
  );
};
