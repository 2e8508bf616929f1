import type { AqiPollutant } from '@enviro/domain/aqi';

/** A station's valid concentrations of one period, by pollutant (in the breakpoint table's unit). */
export type Concentrations = Partial<Record<AqiPollutant, number>>;

/**
 * The 30 closed days of each station's strip, held for a few minutes: they change only with late
 * or back-filled readings and calibration records, while every board user who opens the view asks
 * for all of them. Keyed by station and first day, so a new day starts afresh; a late reading or
 * a window recorded afterwards shows within `ttlMs`. The `now` index is never held.
 */
export class AqiDayCache {
  private readonly entries = new Map<string, { until: number; days: ReadonlyMap<string, Concentrations> }>();

  constructor(
    private readonly ttlMs = 10 * 60_000,
    private readonly capacity = 20_000,
  ) {}

  get(stationId: string, firstDay: string, now: number): ReadonlyMap<string, Concentrations> | undefined {
    const key = `${stationId}:${firstDay}`;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.days;
  }

  set(stationId: string, firstDay: string, days: ReadonlyMap<string, Concentrations>, now: number): void {
    const key = `${stationId}:${firstDay}`;
    this.entries.delete(key);
    // The oldest entries go first (a Map keeps insertion order).
    while (this.entries.size >= this.capacity) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { until: now + this.ttlMs, days });
  }
}
