import type { PooledHandle } from '../../platform/database/pooled-repository.ts';
import { RollupRepository, type RefreshOptions } from './rollups.repository.ts';

export type { RefreshOptions } from './rollups.repository.ts';

/**
 * One rollup pass: recomputes up to `options.limit` dirty 15-minute buckets and their hours, and
 * clears their marks; returns how many buckets were refreshed.
 */
export function refreshRollups(database: PooledHandle, options: RefreshOptions = {}): Promise<number> {
  return new RollupRepository(database).refresh(options);
}

/** Refreshes until no dirty bucket (before `options.before`) is left; returns how many were refreshed. */
export async function drainRollups(database: PooledHandle, options: RefreshOptions = {}): Promise<number> {
  const rollups = new RollupRepository(database);
  let total = 0;
  for (;;) {
    const n = await rollups.refresh(options);
    if (n === 0) return total;
    total += n;
  }
}
