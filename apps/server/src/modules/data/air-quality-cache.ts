import type { AqiPollutant } from '@enviro/domain/aqi';

/** A station's valid concentrations of one period, by pollutant (in the breakpoint table's unit). */
export type Concentrations = Partial<Record<AqiPollutant, number>>;

/** What the cache holds of a station, and whether it is due to be computed again. */
export interface HeldDays {
  days: ReadonlyMap<string, Concentrations>;
  /** Older than the freshness span: answer with it, and have it computed again. */
  stale: boolean;
}

/**
 * The 30 closed days of each station's strip, held in memory: they change only with late or
 * back-filled readings and calibration records, while every board user who opens the view asks for
 * all of them. Keyed by station and first day, so each day's strip is an entry of its own. An entry is fresh for
 * `freshMs`; after that it is still answered (a late reading shows within `freshMs` and the time it
 * takes to compute) while the service computes it again. When the day turns, the service carries
 * the previous key's newest 29 days into the new key and computes only the day just closed, so only
 * a station's first request after a restart waits for its 30 days. The index now is never held.
 */
export class AqiDayCache {
  private readonly entries = new Map<string, { fresh: number; days: ReadonlyMap<string, Concentrations> }>();
  /** Stations being computed again, so concurrent requests start one computation each. */
  private readonly refreshing = new Set<string>();

  constructor(
    private readonly freshMs = 10 * 60_000,
    private readonly capacity = 20_000,
  ) {}

  get(stationId: string, firstDay: string, now: number): HeldDays | undefined {
    const entry = this.entries.get(`${stationId}:${firstDay}`);
    return entry && { days: entry.days, stale: entry.fresh <= now };
  }

  set(stationId: string, firstDay: string, days: ReadonlyMap<string, Concentrations>, now: number): void {
    const key = `${stationId}:${firstDay}`;
    this.entries.delete(key);
    // The oldest entries go first (a Map keeps insertion order): yesterday's keys among them.
    while (this.entries.size >= this.capacity) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { fresh: now + this.freshMs, days });
  }

  /** Claims the stations not already being computed again; `release` them when done. */
  claim(stationIds: readonly string[]): string[] {
    const claimed = stationIds.filter((id) => !this.refreshing.has(id));
    for (const id of claimed) this.refreshing.add(id);
    return claimed;
  }

  release(stationIds: readonly string[]): void {
    for (const id of stationIds) this.refreshing.delete(id);
  }
}
