import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { DatabaseHandle } from './database.ts';
import { startTableUpkeepWorker } from './table-upkeep.ts';

declare module 'fastify' {
  interface FastifyInstance {
    database: DatabaseHandle;
  }
}

/** The app's database, opened by the caller (server.ts, tests), which also closes it; reported by /healthz. */
export const databasePlugin = fp(
  async function database(app: FastifyInstance, opts: { database: DatabaseHandle }) {
    app.decorate('database', opts.database);
    // The closed-slot feed and the rollup marks churn a row per slot: kept small (table-upkeep.ts).
    app.workers.add('table-upkeep', ({ log }) => startTableUpkeepWorker(opts.database.db, log));
    app.healthChecks.set('database', async () => {
      await opts.database.pool.query('SELECT 1');
      return { ok: true };
    });
  },
  { name: 'database', dependencies: ['health', 'workers'] },
);
