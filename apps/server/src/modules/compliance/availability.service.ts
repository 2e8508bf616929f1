import { dayOf, DEFAULT_TIME_ZONE, startOfDay } from '@enviro/domain/time-zone';
import type { Db } from '../../platform/database/database.ts';
import { AvailabilityRepository, type SlotDayCount, type TenantDayCount } from './compliance-days.repository.ts';

export type { SlotDayCount, TenantDayCount } from './compliance-days.repository.ts';

/** The compliance days are India's. */
const ZONE = DEFAULT_TIME_ZONE;

/**
 * [from, to) cut at today's IST midnight: closed days (fromDay..toDay) come from the compliance
 * tables, the day still open from the rollups.
 */
function cut(from: Date, to: Date, now: number) {
  const today = startOfDay(now, ZONE);
  const closedTo = Math.min(to.getTime(), today);
  const liveFrom = Math.max(from.getTime(), today);
  return {
    stored: from.getTime() < closedTo ? { fromDay: dayOf(from.getTime(), ZONE), toDay: dayOf(closedTo - 1, ZONE) } : undefined,
    live: to.getTime() > liveFrom ? { from: new Date(liveFrom), to } : undefined,
  };
}

/**
 * Data availability for the reports module (SPEC 5: reports 35 and 36): slots with data per IST
 * day from the compliance days the closed-slot feed keeps, a few rows per device and day instead of
 * every 15-minute rollup. `from` and `to` are IST midnights.
 */
export class AvailabilityService {
  private readonly repo: AvailabilityRepository;

  constructor(db: Db) {
    this.repo = new AvailabilityRepository(db);
  }

  /** Slots holding data per device parameter and IST day (report 35). */
  async slotsWithData(tenantId: number, deviceIds: readonly number[], from: Date, to: Date, now = Date.now()): Promise<SlotDayCount[]> {
    if (deviceIds.length === 0) return [];
    const { stored, live } = cut(from, to, now);
    const [closed, open] = await Promise.all([
      stored ? this.repo.storedSlots(tenantId, deviceIds, stored.fromDay, stored.toDay) : [],
      live ? this.repo.rolledUpSlots(tenantId, deviceIds, live.from, live.to) : [],
    ]);
    return [...closed, ...open];
  }

  /** Quarters holding data of any parameter, summed over each tenant's devices, per IST day (report 36). */
  async tenantQuarters(tenantIds: readonly number[], from: Date, to: Date, now = Date.now()): Promise<TenantDayCount[]> {
    if (tenantIds.length === 0) return [];
    const { stored, live } = cut(from, to, now);
    const [closed, open] = await Promise.all([
      stored ? this.repo.storedQuarters(tenantIds, stored.fromDay, stored.toDay) : [],
      live ? this.repo.rolledUpQuarters(tenantIds, live.from, live.to) : [],
    ]);
    return [...closed, ...open];
  }
}
