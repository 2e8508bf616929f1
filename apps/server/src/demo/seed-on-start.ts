import type { DatabaseHandle } from '../platform/database/database.ts';
import { seedDemo, type SeedResult } from './seed-demo.ts';

/**
 * Seeds the demo when the database holds no tenant at all, so a first start shows a working
 * product and later starts (or a database an operator already filled) are left as they are.
 */
export async function seedDemoWhenEmpty(
  database: DatabaseHandle,
  log: (message: string) => void,
  demoPassword?: string,
): Promise<SeedResult | undefined> {
  const anyTenant = await database.db.selectFrom('tenant').select('id').limit(1).executeTakeFirst();
  if (anyTenant) return undefined;
  return seedDemo(database, { log, demoPassword });
}
