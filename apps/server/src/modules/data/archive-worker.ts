import type { FastifyBaseLogger } from 'fastify';
import type { PooledHandle } from '../../platform/database/pooled-repository.ts';
import { startPollingWorker, type PollingWorker } from '../../platform/jobs/polling-worker.ts';
import { ArchiveRepository } from './archive.repository.ts';

export interface ArchiveWorkerOptions {
  /** Days of raw readings kept before they are archived (ARCHIVE_AFTER_DAYS). */
  afterDays: number;
  /** Pause between passes once nothing past the window is left raw (or after a failure). */
  idleMs?: number;
}

/**
 * Background job of the server: archives raw readings older than the back-fill window into
 * reading_archive and drops the monthly partitions of `reading` it empties (docs/STORAGE.md,
 * "Compacted history"). Every server runs it; devices are shared out by their archive lock.
 */
export function startArchiveWorker(database: PooledHandle, log: Pick<FastifyBaseLogger, 'error' | 'info' | 'debug'>, options: ArchiveWorkerOptions): PollingWorker {
  const archive = new ArchiveRepository(database);
  return startPollingWorker(
    async () => {
      const { ranges, values } = await archive.compact({ afterDays: options.afterDays });
      if (ranges > 0) {
        log.debug({ ranges, values }, 'readings archived');
        return true;
      }
      const dropped = await archive.dropEmptyMonths(options.afterDays);
      if (dropped.length > 0) log.info({ partitions: dropped }, 'archived months dropped from reading');
      return false;
    },
    { idleMs: options.idleMs ?? 60_000, onError: (error) => log.error({ err: error }, 'archiving readings failed; retrying') },
  );
}
