import type { CountedHits, Hits, OpenHitsRepository, PendingHits } from './open-data.repository.ts';

/** A caller's limits, as the counter needs them. */
interface Limits {
  perMinute: number;
  perHour: number;
}

/**
 * While both windows of a caller are known to have more than this share of their limit left, its
 * requests are counted in memory and written in the next batch; nearer a limit, each request is
 * counted in PostgreSQL at once, so the last requests of a window are exact across servers.
 */
const BATCH_WHILE_LEFT = 0.5;
/** Nor while fewer requests than this are left: small limits (the anonymous 10 a minute) are always counted at once. */
const BATCH_MARGIN = 10;

/** What this server knows of one caller's current windows. */
interface Known {
  minuteStart: number;
  hourStart: number;
  /** The shared counts as PostgreSQL last answered them (this server's batched requests included once written). */
  minute: number;
  hour: number;
  /** Requests of the windows counted here and not yet written. */
  pending: number;
}

/**
 * Every open API request counted against its caller's limits (`open_api_hits`, shared by every
 * server). An upsert per request cost a write transaction per request; far from a limit the counts
 * are kept in memory and written every second by the 'open-data-hits' worker, one statement for
 * every caller. Within reason across servers: while batching, a server sees other servers' requests
 * as of their last batch, so a caller spread over n servers may pass a limit by what the others
 * counted in their last second, and only while it is in the first half of its window, where the
 * counts are at once. A server that stops or crashes may forget its last second of counts.
 */
export class HitCounter {
  private readonly known = new Map<string, Known>();
  /** Batched requests of windows that ended before they were written. */
  private leftovers: PendingHits[] = [];
  private flushing: Promise<void> = Promise.resolve();

  constructor(private readonly repo: Pick<OpenHitsRepository, 'add' | 'prune'>) {}

  /** Counts one request of `caller` in the windows starting at these instants; answers both counts after it. */
  async count(caller: string, limits: Limits, minuteStart: number, hourStart: number): Promise<Hits> {
    let k = this.known.get(caller);
    if (k && k.minuteStart !== minuteStart) {
      // A new window: the requests batched in the last one are written with the next batch.
      if (k.pending > 0) this.leftovers.push(this.pendingOf(caller, k));
      k = k.hourStart === hourStart ? { minuteStart, hourStart, minute: 0, hour: k.hour + k.pending, pending: 0 } : undefined;
    }
    if (!k) k = { minuteStart, hourStart, minute: 0, hour: 0, pending: 0 };
    const minute = k.minute + k.pending + 1;
    const hour = k.hour + k.pending + 1;
    const roomy = (limit: number, used: number) => limit - used > Math.max(limit * BATCH_WHILE_LEFT, BATCH_MARGIN);
    if (roomy(limits.perMinute, minute) && roomy(limits.perHour, hour)) {
      this.known.set(caller, { ...k, pending: k.pending + 1 });
      return { minute, hour };
    }
    // Near a limit: this request and the ones batched before it, counted now.
    this.known.set(caller, { ...k, pending: 0 });
    const written = await this.write([this.pendingOf(caller, { ...k, pending: k.pending + 1 })]);
    return written[0]!;
  }

  /** Writes every batched request, in one statement. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      const due: PendingHits[] = this.leftovers;
      this.leftovers = [];
      for (const [caller, k] of this.known) {
        if (k.pending > 0) due.push(this.pendingOf(caller, k));
        this.known.set(caller, { ...k, pending: 0 });
      }
      try {
        await this.write(due);
      } catch (error) {
        // Not written: counted again with the next batch.
        this.leftovers.push(...due);
        throw error;
      }
    });
    return this.flushing;
  }

  prune(before: Date): Promise<number> {
    // Callers not seen in the last hour are forgotten here too.
    for (const [caller, k] of this.known) if (k.pending === 0 && k.hourStart < before.getTime()) this.known.delete(caller);
    return this.repo.prune(before);
  }

  private pendingOf(caller: string, k: Known): PendingHits {
    return { caller, minuteStart: new Date(k.minuteStart), hourStart: new Date(k.hourStart), hits: k.pending };
  }

  /** Adds requests to the shared counts and keeps what PostgreSQL answered. */
  private async write(pending: readonly PendingHits[]): Promise<CountedHits[]> {
    const counted = await this.repo.add(pending);
    for (const c of counted) {
      const k = this.known.get(c.caller);
      if (k && k.hourStart === c.hourStart) {
        // The shared counts hold what was written, not what this server batched since.
        this.known.set(c.caller, { ...k, hour: Math.max(k.hour, c.hour), ...(k.minuteStart === c.minuteStart ? { minute: Math.max(k.minute, c.minute) } : {}) });
      }
    }
    return counted;
  }
}
