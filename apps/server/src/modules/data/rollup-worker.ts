import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { refreshRollups } from './rollups.ts';

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
 * Background job of the server: keeps reading_15m in step with raw readings. It refreshes closed
 * buckets only; the bucket still filling is read from raw by queries anyway, and recomputing it on
 * every pass would redo the same work while devices keep writing into it.
 */
export function startRollupWorker(pool: pg.Pool, log: Pick<FastifyBaseLogger, 'error' | 'debug'>, options: RollupWorkerOptions = {}): RollupWorker {
  const idleMs = options.idleMs ?? 2_000;
  const limit = options.limit ?? 500;
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
        const n = await refreshRollups(pool, { limit, before });
        if (n > 0) log.debug({ buckets: n }, 'rollups refreshed');
        if (n < limit) await sleep(idleMs);
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
