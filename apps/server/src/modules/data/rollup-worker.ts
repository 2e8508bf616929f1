import type { FastifyBaseLogger } from 'fastify';
import type { PooledHandle } from '../../platform/database/pooled-repository.ts';
import { startPollingWorker, type PollingWorker } from '../../platform/jobs/polling-worker.ts';
import { RollupRepository } from './rollups.repository.ts';

export interface RollupWorkerOptions {
  /** Pause between passes once no closed dirty bucket is left (or after a failure). */
  idleMs?: number;
  /** Buckets per transaction. */
  limit?: number;
  /** While true, a pass that left more work pauses as long as it took (PollingOptions.yieldTo). */
  yieldTo?: (() => boolean) | undefined;
}

const BUCKET_MS = 15 * 60 * 1000;

/**
 * Background job of the server: keeps the rollups (reading_15m, reading_1h, reading_1d) in step with raw
 * readings. It refreshes closed buckets only; the bucket still filling is read from raw by queries
 * anyway, and recomputing it on every pass would redo the same work while devices keep writing into it.
 * A bucket that fails is logged and left marked for a later try; the pass goes on with the others.
 */
export function startRollupWorker(database: PooledHandle, log: Pick<FastifyBaseLogger, 'error' | 'debug'>, options: RollupWorkerOptions = {}): PollingWorker {
  const idleMs = options.idleMs ?? 2_000;
  const limit = options.limit ?? 500;
  const rollups = new RollupRepository(database);
  return startPollingWorker(
    async () => {
      const before = new Date(Math.floor(Date.now() / BUCKET_MS) * BUCKET_MS);
      const { refreshed, failed } = await rollups.refresh({ limit, before });
      if (refreshed > 0) log.debug({ buckets: refreshed }, 'rollups refreshed');
      for (const f of failed) {
        log.error(
          { tenantId: f.tenantId, deviceId: f.deviceId, bucket: f.bucket.toISOString(), attempts: f.attempts, nextTry: f.nextTry.toISOString(), err: f.error },
          'rollup of a bucket failed; the others went on, it is tried again later (rollup_dirty.attempts > 0)',
        );
      }
      return refreshed + failed.length >= limit;
    },
    { idleMs, yieldTo: options.yieldTo, onError: (error) => log.error({ err: error }, 'rollup refresh failed; retrying') },
  );
}
