/** SPEC 9: a LIVE station whose regulator lags by more than this is out of sync. */
export const OUT_OF_SYNC_THRESHOLD = 120;

export type RegulatorSync = 'In Sync' | 'Out of Sync' | 'Delayed';

/**
 * SPEC 4: sync state of a station with its regulator's server, from the station's live status and
 * the time difference the regulator reports (in the regulator's unit).
 */
export function regulatorSync(liveStatus: string | null | undefined, difference: number): RegulatorSync {
  if (liveStatus !== 'LIVE') return 'Delayed';
  return difference <= OUT_OF_SYNC_THRESHOLD ? 'In Sync' : 'Out of Sync';
}
