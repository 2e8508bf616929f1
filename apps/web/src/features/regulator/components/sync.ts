import type { SyncStatus } from '@enviro/contracts/regulator';
import { sortByNameNatural } from '@enviro/domain/natural-sort';

/** Mantine colour of each SPEC 4 sync state; an industry with no working connection is grey. */
export const SYNC_COLOURS: Record<SyncStatus | 'Not connected', string> = {
  'In Sync': 'green',
  'Out of Sync': 'orange',
  Delayed: 'red',
  'Not connected': 'gray',
};

/** Worst first: nothing reaches the regulator, then delayed data (not LIVE), then lagging pushes, then in sync. */
const RANK: Record<SyncStatus | 'Not connected', number> = { 'Not connected': 0, Delayed: 1, 'Out of Sync': 2, 'In Sync': 3 };

/** The word shown for an industry's or station's sync; null (no connection) is 'Not connected'. */
export const syncWord = (sync: SyncStatus | null): SyncStatus | 'Not connected' => sync ?? 'Not connected';

export interface SyncRow {
  tenantName: string;
  sync: SyncStatus | null;
  connected: boolean;
  pending: number;
}

/** A board's industries, worst first; among equals the longest queue first, then by name. */
export function worstFirst<T extends SyncRow>(rows: readonly T[]): T[] {
  const rank = (r: T) => RANK[r.connected ? syncWord(r.sync) : 'Not connected'];
  return sortByNameNatural(rows, (r) => r.tenantName).sort((a, b) => rank(a) - rank(b) || b.pending - a.pending);
}

/** A time difference in minutes as people say it: '45 min', '3 h 20 min', '2 d 4 h'. */
export function formatMinutes(minutes: number | null): string {
  if (minutes === null) return '-';
  const m = Math.max(0, Math.round(minutes));
  if (m < 60) return `${m} min`;
  const days = Math.floor(m / 1440);
  const hours = Math.floor((m % 1440) / 60);
  if (days > 0) return hours > 0 ? `${days} d ${hours} h` : `${days} d`;
  const rest = m % 60;
  return rest > 0 ? `${hours} h ${rest} min` : `${hours} h`;
}
