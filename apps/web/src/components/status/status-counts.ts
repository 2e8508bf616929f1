import { formatIndian } from '@enviro/domain/format-number';

/** One status and how many are in it, e.g. Live 3. */
export interface StatusCount {
  label: string;
  count: number;
  /** Mantine colour of the status, used only when the count is above zero. */
  colour: string;
  /** Shown even at zero: the statuses a reader expects to see counted (Live, Delayed, Offline). */
  always?: boolean;
}

/** The counts worth showing: every `always` status, and the others only when some are in them. */
export const shownCounts = (counts: readonly StatusCount[]): StatusCount[] => counts.filter((c) => c.always || c.count > 0);

/** The counts in words, as they read on screen: 'Live 3 · Delayed 1 · Offline 0'. */
export const statusCountsText = (counts: readonly StatusCount[]): string =>
  shownCounts(counts)
    .map((c) => `${c.label} ${formatIndian(c.count, 0)}`)
    .join(' · ');
