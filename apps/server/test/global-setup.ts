import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../src/platform/database/embedded.ts';
import { migrate } from '../src/platform/database/migrate.ts';
import { withDatabase } from './database-url.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** URL of a database on the test server from which test databases are created. */
    pgAdminUrl: string;
    /** Name of the migrated template database each test file clones. */
    pgTemplate: string;
    /** Whether the server is an embedded cluster this run deletes at its end (test databases need no drop). */
    pgThrowaway: boolean;
  }
}

/**
 * Migrates a template database once per run, on the server of DATABASE_URL when set (CI runs
 * against the machine's PostgreSQL 15) or else on a throwaway embedded PostgreSQL.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let embedded: EmbeddedDatabase | undefined;
  let dir: string | undefined;
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    dir = await mkdtemp(path.join(tmpdir(), 'enviro-test-pg-'));
    const { chmod } = await import('node:fs/promises');
    await chmod(dir, 0o777);
    embedded = await startEmbeddedPostgres(path.join(dir, 'pg'), undefined, { throwaway: true });
    adminUrl = embedded.url;
  }
  const template = `enviro_tpl_${process.pid}`;
  await withClient(adminUrl, async (c) => {
    await c.query(`DROP DATABASE IF EXISTS ${template}`);
    await c.query(`CREATE DATABASE ${template}`);
  });
  const pool = new pg.Pool({ connectionString: withDatabase(adminUrl, template), max: 1 });
  await migrate(pool);
  await pool.end();

  project.provide('pgAdminUrl', adminUrl);
  project.provide('pgTemplate', template);
  project.provide('pgThrowaway', embedded !== undefined);

  return async () => {
    if (embedded) {
      // The cluster goes whole: dropping its ~50 databases one by one first took ~5 s.
      await embedded.stop();
      await rm(dir!, { recursive: true, force: true });
      return;
    }
    await withClient(adminUrl, async (c) => {
      const dbs = await c.query<{ datname: string }>(
        `SELECT datname FROM pg_database WHERE datname LIKE $1 OR datname = $2`,
        [`enviro_t_${process.pid}_%`, template],
      );
      for (const { datname } of dbs.rows) await c.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    }).catch(() => undefined);
  };
}

async function withClient(url: string, fn: (c: pg.Client) => Promise<void>): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await fn(client);
  } finally {
    await client.end();
  }
}
