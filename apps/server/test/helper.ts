import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openDatabase, type DatabaseHandle } from '../src/db/database.ts';

export interface TestDatabase extends DatabaseHandle {
  url: string;
}

/** A fresh database cloned from the migrated template: one per test file, dropped at the end of the run. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = inject('pgAdminUrl');
  const name = `enviro_t_${inject('pgTemplate').split('_').pop()}_${randomBytes(4).toString('hex')}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplate')}`);
  } finally {
    await client.end();
  }
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  const url = u.toString();
  return { ...openDatabase(url, { max: 10 }), url };
}

/** The app over a test database, without a listening port: call it with `app.inject`. */
export async function buildTestApp(database: DatabaseHandle): Promise<FastifyInstance> {
  const app = await buildApp({ database }, { logger: false });
  await app.ready();
  return app;
}
