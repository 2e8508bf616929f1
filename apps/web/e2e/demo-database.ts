import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../../server/src/app.ts';
import { DEMO_STATUTORY } from '../../server/src/demo/catalogue.ts';
import { seedDemo } from '../../server/src/demo/seed-demo.ts';
import { openDatabase, type Db } from '../../server/src/platform/database/database.ts';
import { PASSWORD } from '../../server/test/accounts.ts';
import { withDatabase } from '../../server/test/database-url.ts';
// The names global-setup.ts provides to inject().
import type {} from '../../server/test/global-setup.ts';
import { createTestDatabase, testDatabaseName, type TestDatabase } from '../../server/test/helper.ts';

/** Days of history a browser test file's demo has: one is enough for most, two where "yesterday" must be whole. */
export type DemoDays = 1 | 2;

/**
 * How long one seeded demo serves. Its history ends at the minute it was seeded, and the screens
 * read it against the clock (live within 15 minutes, the last hour, today), as they did when each
 * file seeded its own: then a file's last test saw data as old as the file's run (up to ~3 minutes).
 * Past this age the next file seeds a fresh one, so a test never sees the demo much older than that.
 */
const DEMO_MAX_AGE_MS = 4 * 60_000;

/**
 * A test database holding the demo (`seedDemo`, accounts signing in with PASSWORD), cloned from a
 * template seeded at most DEMO_MAX_AGE_MS ago: each browser test file seeded its own (~10 s of CPU
 * each, some twenty files). The test files of a run share templates through the test server, one
 * file seeding while those needing the same days wait for it.
 */
export async function createDemoDatabase(days: DemoDays): Promise<TestDatabase> {
  const prefix = testDatabaseName(`demo${days}`);
  return withAdmin(async (admin) => {
    await admin.query('SELECT pg_advisory_lock(hashtext($1))', [prefix]);
    try {
      const { rows } = await admin.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname ~ $1 ORDER BY datname DESC`, [`^${prefix}_\\d+$`]);
      const newest = rows[0]?.datname;
      let template = newest;
      if (!newest || Date.now() - Number(newest.split('_').pop()) * 1000 > DEMO_MAX_AGE_MS) {
        template = `${prefix}_${Math.floor(Date.now() / 1000)}`;
        await seedTemplate(admin, template, days);
        // Cloned only under the lock, so nothing reads the one it replaces.
        if (newest) await admin.query(`DROP DATABASE ${newest}`);
      }
      return createTestDatabase(template);
    } finally {
      await admin.query('SELECT pg_advisory_unlock(hashtext($1))', [prefix]);
    }
  });
}

/** The demo's pollution control board. */
export async function demoBoardId(db: Db): Promise<number> {
  return (await db.selectFrom('tenant').select('id').where('name', '=', DEMO_STATUTORY.name).where('type', '=', 'statutory').executeTakeFirstOrThrow()).id;
}

/** Seeds `name` under another name first, so a seed that fails halfway leaves no template behind. */
async function seedTemplate(admin: pg.Client, name: string, days: DemoDays): Promise<void> {
  const seeding = `${name}_seeding`;
  await admin.query(`CREATE DATABASE ${seeding} TEMPLATE ${inject('pgTemplate')}`);
  const database = openDatabase(withDatabase(inject('pgAdminUrl'), seeding), { max: 10 });
  // Through the server's services: an app over the database without a port.
  const app = await buildApp({ database }, { logger: false });
  try {
    await seedDemo(app, { days, demoPassword: PASSWORD });
    // Statistics and the visibility map go with the clones; a new database's activity counters
    // start at zero, so autovacuum would not analyze a clone: its queries would be planned without any.
    await database.pool.query('VACUUM (ANALYZE)');
  } finally {
    await app.close();
    await database.close();
  }
  await admin.query(`ALTER DATABASE ${seeding} RENAME TO ${name}`);
}

async function withAdmin<T>(fn: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: inject('pgAdminUrl') });
  await admin.connect();
  try {
    return await fn(admin);
  } finally {
    await admin.end();
  }
}
