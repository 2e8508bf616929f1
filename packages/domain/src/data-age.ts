import type { Instant } from './format-date.ts';

const HOUR_MS = 3_600_000;

/** SPEC 4, 9 data-age thresholds in hours. */
export const DATA_AGE_HOURS = { fresh: 4, stale: 24 } as const;

export type DataAgeColour = 'green' | 'orange' | 'red' | 'darkgrey';

/**
 * Colour of a station's last-data time: up to 4 hours old green, up to 24 hours orange, older red,
 * never reported dark grey.
 */
export function dataAgeColour(lastDataAt: Instant | null | undefined, now: number = Date.now()): DataAgeColour {
  if (lastDataAt === null || lastDataAt === undefined || lastDataAt === '') return 'darkgrey';
  const at = new Date(lastDataAt).getTime();
  if (Number.isNaN(at)) return 'darkgrey';
  const age = now - at;
  if (age <= DATA_AGE_HOURS.fresh * HOUR_MS) return 'green';
  if (age <= DATA_AGE_HOURS.stale * HOUR_MS) return 'orange';
  return 'red';
}

/**
 * How long ago a reading was, in words beside its time ('12 min ago', '3 h ago', '5 days ago'); a
 * time ahead of `now` (a device clock running fast) reads 'just now'.
 */
export function ageText(at: Instant, now: number = Date.now()): string {
  const minutes = Math.floor((now - new Date(at).getTime()) / 60_000);
  if (Number.isNaN(minutes)) return '';
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.floor(hours / 24)} days ago`;
}
