import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type AppDeps } from '../src/app.ts';
import { openDatabase, type DatabaseHandle } from '../src/platform/database/database.ts';
import { withDatabase } from './database-url.ts';

export interface TestDatabase extends DatabaseHandle {
  url: string;
}

/**
 * A fresh database cloned from the migrated template (or `template`): one per test file. On a shared
 * server (DATABASE_URL) closing it drops it, while other files run (one by one at the end of the run
 * they took ~90 ms each); the global teardown sweeps any left. A throwaway embedded cluster keeps them.
 */
export async function createTestDatabase(template = inject('pgTemplate')): Promise<TestDatabase> {
  const adminUrl = inject('pgAdminUrl');
  const name = testDatabaseName(randomBytes(4).toString('hex'));
  await adminQuery(adminUrl, `CREATE DATABASE ${name} TEMPLATE ${template}`);
  const url = withDatabase(adminUrl, name);
  const handle = openDatabase(url, { max: 10 });
  return {
    ...handle,
    url,
    async close() {
      await handle.close();
      if (!inject('pgThrowaway')) await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
    },
  };
}

/** A name for a database of this run ending in `suffix`: the global teardown drops what is left of them. */
export function testDatabaseName(suffix: string): string {
  return `enviro_t_${inject('pgTemplate').split('_').pop()}_${suffix}`;
}

async function adminQuery(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The app over a test database, without a listening port: call it with `app.inject`. */
export async function buildTestApp(database: DatabaseHandle, deps: Omit<AppDeps, 'database'> = {}): Promise<FastifyInstance> {
  const app = await buildApp({ database, ...deps }, { logger: false });
  await app.ready();
  return app;
}
