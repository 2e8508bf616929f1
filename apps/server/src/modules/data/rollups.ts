import type { PooledHandle } from '../../platform/database/pooled-repository.ts';
import { RollupRepository, type RefreshOptions } from './rollups.repository.ts';

export type { RefreshOptions } from './rollups.repository.ts';

/**
 * One rollup pass: recomputes up to `options.limit` dirty 15-minute buckets, their hours and days, and
 * clears their marks; returns how many buckets were refreshed (failing ones stay marked for a later try).
 */
export async function refreshRollups(database: PooledHandle, options: RefreshOptions = {}): Promise<number> {
  return (await new RollupRepository(database).refresh(options)).refreshed;
}

/**
 * Refreshes until no dirty bucket (before `options.before`) is due, leaving failing ones for their
 * next try; returns how many were refreshed.
 */
export async function drainRollups(database: PooledHandle, options: RefreshOptions = {}): Promise<number> {
  const rollups = new RollupRepository(database);
  let total = 0;
  for (;;) {
    const { refreshed, failed } = await rollups.refresh(options);
    if (refreshed + failed.length === 0) return total;
    total += refreshed;
  }
}
