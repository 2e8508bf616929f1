import { Gauge, type Registry } from 'prom-client';
import type { PooledHandle } from '../../platform/database/pooled-repository.ts';
import { RollupRepository } from './rollups.repository.ts';

/**
 * The rollup queue on GET /metrics, read when scraped: dirty 15-minute buckets waiting for the
 * worker (a backlog that keeps growing means it cannot keep up) and those whose recompute failed
 * (retried with backoff; their reason is in rollup_dirty.last_error).
 */
export function registerRollupMetrics(registry: Registry, database: PooledHandle): void {
  const rollups = new RollupRepository(database);
  let pending: Promise<{ dirty: number; failing: number }> | undefined;
  // Both gauges come from one read per scrape.
  const backlog = () => (pending ??= rollups.backlog().finally(() => (pending = undefined)));
  new Gauge({
    name: 'enviro_rollup_dirty_buckets',
    help: 'Dirty 15-minute buckets waiting for the rollup worker (queries read them from raw meanwhile)',
    registers: [registry],
    async collect() {
      this.set((await backlog()).dirty);
    },
  });
  new Gauge({
    name: 'enviro_rollup_failing_buckets',
    help: 'Dirty buckets whose last recompute failed, retried with backoff (see rollup_dirty.last_error)',
    registers: [registry],
    async collect() {
      this.set((await backlog()).failing);
    },
  });
}
