import { buildApp } from '@enviro/server/app';
import type { DatabaseHandle } from '@enviro/server/platform/database/database';
import type { FastifyInstance } from 'fastify';

let app: FastifyInstance | undefined;

/**
 * The server's modules over the bench database, built once in this process without a port or a
 * worker: the bench provisions fixtures and calls services through them, as the CLI does. The
 * server whose figures are measured runs as a process of its own (server-process.ts).
 */
export async function openServices(database: DatabaseHandle): Promise<FastifyInstance> {
  app = await buildApp({ database }, { logger: false });
  return app;
}

export function services(): FastifyInstance {
  if (!app) throw new Error('openServices() first');
  return app;
}

export async function closeServices(): Promise<void> {
  await app?.close();
  app = undefined;
}
