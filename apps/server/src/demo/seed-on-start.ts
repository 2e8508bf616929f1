import type { DatabaseHandle } from '../platform/database/database.ts';
import { DemoRepository } from './demo.repository.ts';
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
  if (await new DemoRepository(database.db).hasTenants()) return undefined;
  return seedDemo(database, { log, demoPassword });
}
