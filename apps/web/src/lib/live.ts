import { useEffect, useState } from 'react';
import { liveStatus, type LiveStatus } from '@enviro/domain/live-status';

/** A reading time as the API gives it (ISO text) or as the live stream pushes it (epoch ms). */
type ReadingTime = string | number | null | undefined;

const epoch = (at: ReadingTime): number | null => {
  if (at === null || at === undefined || at === '') return null;
  const ms = typeof at === 'number' ? at : Date.parse(at);
  return Number.isNaN(ms) ? null : ms;
};

/** The newest of the reading times known (the station's last data, the stream's newest push), or null. */
export function newestReading(...times: ReadingTime[]): number | null {
  return times.reduce<number | null>((max, at) => {
    const ms = epoch(at);
    return ms !== null && (max === null || ms > max) ? ms : max;
  }, null);
}

/**
 * The one place the web app decides whether a station is live, delayed or offline: from the newest
 * reading known (what the API said, or what the live stream pushed since), by the rule the server
 * uses (@enviro/domain live-status: 15 minutes live, 4 hours delayed). Every badge, note and dot of a
 * station reads it, so a "Live" note never stands beside a DELAYED badge.
 */
export function currentLiveStatus(now: number, ...times: ReadingTime[]): LiveStatus {
  return liveStatus(newestReading(...times), now);
}

/** The time now, moving every `everyMs` (half a minute by default), so a status turns when its reading ages. */
export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
