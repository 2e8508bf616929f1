import type { FastifyInstance } from 'fastify';
import { DemoRepository } from './demo.repository.ts';
import { seedDemo, type SeedOptions, type SeedResult } from './seed-demo.ts';

/**
 * Seeds the demo when the database holds no tenant at all, so a first start shows a working
 * product and later starts (or a database an operator already filled) are left as they are. Servers
 * starting together take turns: the first seeds, the others then find tenants and leave it.
 */
export async function seedDemoWhenEmpty(app: FastifyInstance, options: SeedOptions = {}): Promise<SeedResult | undefined> {
  const demo = new DemoRepository(app.database.db);
  return demo.whileLocked(async () => ((await demo.hasTenants()) ? undefined : seedDemo(app, options)));
}
