/** Live status of a station or device from the age of its last reading (SPEC 4). */
export type LiveStatus = 'LIVE' | 'DELAYED' | 'OFFLINE' | 'UNKNOWN';

/**
 * LIVE while the last reading is at most 15 minutes old: one availability slot (SPEC 9), so a
 * device reporting every minute that misses a slot is no longer live.
 */
export const LIVE_WITHIN_MS = 15 * 60_000;

/**
 * DELAYED up to 4 hours, the age the product still colours green (SPEC 9 data-age thresholds);
 * older is OFFLINE.
 */
export const DELAYED_WITHIN_MS = 4 * 3_600_000;

/**
 * LIVE, DELAYED or OFFLINE by age; UNKNOWN when the source never reported. A last reading stamped
 * after `now` (a device clock running ahead) counts as LIVE.
 */
export function liveStatus(lastDataAt: number | null | undefined, now: number): LiveStatus {
  if (lastDataAt === null || lastDataAt === undefined || Number.isNaN(lastDataAt)) return 'UNKNOWN';
  const age = now - lastDataAt;
  if (age <= LIVE_WITHIN_MS) return 'LIVE';
  if (age <= DELAYED_WITHIN_MS) return 'DELAYED';
  return 'OFFLINE';
}
