import { describe, expect, it } from 'vitest';
import { DEMO_INDUSTRIES } from '../src/demo/catalogue.ts';
import { seedDemoWhenEmpty } from '../src/demo/seed-on-start.ts';
import { useTestApp } from './test-app.ts';

const NOW = Date.UTC(2025, 2, 1, 6, 0);
/** An hour of history: what is seeded matters here, not how much. */
const SEED = { days: 1 / 24, now: NOW };

describe('seedDemoWhenEmpty (SEED_DEMO=auto)', () => {
  const ctx = useTestApp();

  it('seeds once when two servers start together on one empty database', async () => {
    const results = await Promise.all([seedDemoWhenEmpty(ctx.app, SEED), seedDemoWhenEmpty(ctx.app, SEED)]);
    expect(results.filter((r) => r !== undefined)).toHaveLength(1);
    const tenants = await ctx.db.selectFrom('tenant').select('type').execute();
    expect(tenants.filter((t) => t.type === 'statutory')).toHaveLength(1);
    expect(tenants.filter((t) => t.type === 'tenant')).toHaveLength(DEMO_INDUSTRIES.length);
  });

  it('leaves a database that holds tenants as it is', async () => {
    expect(await seedDemoWhenEmpty(ctx.app, SEED)).toBeUndefined();
  });
});
