import path from 'node:path';
import { loadConfig } from '../platform/config.ts';
import { openDatabase, type DatabaseHandle } from '../platform/database/database.ts';
import { startEmbeddedPostgres } from '../platform/database/embedded.ts';
import { migrate } from '../platform/database/migrate.ts';

export interface CliDatabase {
  database: DatabaseHandle;
  /** Migrations this call applied. */
  applied: string[];
  close(): Promise<void>;
}

/**
 * The database of `databaseUrl` (a test's) or DATABASE_URL, or the embedded one under DATA_DIR (reused when a server already
 * runs it), migrated. An embedded cluster this process started is stopped again on close.
 */
export async function openCliDatabase(databaseUrl?: string): Promise<CliDatabase> {
  const config = loadConfig();
  let url = databaseUrl ?? config.DATABASE_URL;
  let stopEmbedded = async (): Promise<void> => undefined;
  if (!url) {
    const embedded = await startEmbeddedPostgres(path.join(config.DATA_DIR, 'pg'));
    url = embedded.url;
    stopEmbedded = embedded.stop;
  }
  const database = openDatabase(url, { max: 4 });
  let applied: string[];
  try {
    ({ applied } = await migrate(database.pool));
  } catch (error) {
    await database.close();
    await stopEmbedded();
    throw error;
  }
  return {
    database,
    applied,
    close: async () => {
      await database.close();
      await stopEmbedded();
    },
  };
}
