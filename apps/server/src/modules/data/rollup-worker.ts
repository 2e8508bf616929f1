import type { FastifyBaseLogger } from 'fastify';
import type { PooledHandle } from '../../platform/database/pooled-repository.ts';
import { RollupRepository } from './rollups.repository.ts';

export interface RollupWorkerOptions {
  /** Pause between passes once no closed dirty bucket is left (or after a failure). */
  idleMs?: number;
  /** Buckets per transaction. */
  limit?: number;
}

const BUCKET_MS = 15 * 60 * 1000;

export interface RollupWorker {
  /** Finishes the pass in progress and stops. */
  stop(): Promise<void>;
}

/**
 * Background job of the server: keeps the rollups (reading_15m, reading_1h) in step with raw
 * readings. It refreshes closed buckets only; the bucket still filling is read from raw by queries
 * anyway, and recomputing it on every pass would redo the same work while devices keep writing into it.
 * A bucket that fails is logged and left marked for a later try; the pass goes on with the others.
 */
export function startRollupWorker(database: PooledHandle, log: Pick<FastifyBaseLogger, 'error' | 'debug'>, options: RollupWorkerOptions = {}): RollupWorker {
  const idleMs = options.idleMs ?? 2_000;
  const limit = options.limit ?? 500;
  const rollups = new RollupRepository(database);
  let stopped = false;
  let wake: (() => void) | undefined;
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  const loop = (async () => {
    while (!stopped) {
      try {
        const before = new Date(Math.floor(Date.now() / BUCKET_MS) * BUCKET_MS);
        const { refreshed, failed } = await rollups.refresh({ limit, before });
        if (refreshed > 0) log.debug({ buckets: refreshed }, 'rollups refreshed');
        for (const f of failed) {
          log.error(
            { tenantId: f.tenantId, deviceId: f.deviceId, bucket: f.bucket.toISOString(), attempts: f.attempts, nextTry: f.nextTry.toISOString(), err: f.error },
            'rollup of a bucket failed; the others went on, it is tried again later (rollup_dirty.attempts > 0)',
          );
        }
        if (refreshed + failed.length < limit) await sleep(idleMs);
      } catch (error) {
        log.error({ err: error }, 'rollup refresh failed; retrying');
        await sleep(idleMs);
      }
    }
  })();

  return {
    async stop() {
      stopped = true;
      wake?.();
      await loop;
    },
  };
}
