import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface HealthCheck {
  ok: boolean;
  detail?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Named checks reported by GET /healthz; infrastructure plugins add theirs. */
    healthChecks: Map<string, () => Promise<HealthCheck>>;
  }
}

export const healthPlugin = fp(
  async function health(app: FastifyInstance) {
    app.decorate('healthChecks', new Map<string, () => Promise<HealthCheck>>());
  },
  { name: 'health' },
);
