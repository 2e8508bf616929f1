import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { RecentResponse, type RecentValue } from '@enviro/contracts/data/recent';
import { isPublicPath } from '@/lib/api-client';
import { entityMetricKeys, recentValueKeys } from '../api/query-keys';

/** Pushed readings refresh the views' queries at most this often. */
const REFRESH_EVERY_MS = 5_000;

export interface LiveState {
  /** The stream is open (signed-in app only; the public portal keeps polling). */
  connected: boolean;
  /** The newest reading time pushed, epoch ms. */
  lastAt: number | null;
}

/** A station's trend and recent-value queries: what its view shows. */
const stationQueries = (entityId: number) => (key: readonly unknown[]) =>
  (key[0] === entityMetricKeys.all[0] || key[0] === recentValueKeys.all[0]) && JSON.stringify(key).includes(`"entityIds":[${entityId}]`);

/**
 * Live values of stations (GET /api/data/live, Server-Sent Events): as readings are committed on
 * any server, the queries `affects` picks (by default the station's trend and recent values)
 * refresh, at most every 5 s, instead of waiting for the next auto-refresh. No stations, no stream.
 * The public portal keeps polling. EventSource reconnects by itself when the server ends a stream
 * (every 15 minutes, or on restart).
 */
export function useLiveValues(
  entityIds: number | readonly number[],
  onValues?: (values: RecentValue[]) => void,
  affects?: (queryKey: readonly unknown[]) => boolean,
): LiveState {
  const client = useQueryClient();
  const [state, setState] = useState<LiveState>({ connected: false, lastAt: null });
  const callback = useRef(onValues);
  callback.current = onValues;
  const affected = useRef(affects);
  affected.current = affects;
  const ids = typeof entityIds === 'number' ? String(entityIds) : [...entityIds].sort((a, b) => a - b).join(',');

  useEffect(() => {
    if (ids === '' || isPublicPath(window.location.pathname) || typeof EventSource === 'undefined') return;
    const source = new EventSource(`/api/data/live?entityIds=${ids}`);
    let first = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      timer = undefined;
      const picks = affected.current ?? stationQueries(Number(ids));
      void client.invalidateQueries({ predicate: (q) => picks(q.queryKey) });
    };
    source.addEventListener('open', () => setState((s) => ({ ...s, connected: true })));
    source.addEventListener('error', () => setState((s) => ({ ...s, connected: false })));
    source.addEventListener('values', (event) => {
      const parsed = RecentResponse.safeParse(JSON.parse((event as MessageEvent<string>).data));
      if (!parsed.success) return;
      const values = parsed.data;
      const lastAt = values.reduce<number | null>((max, v) => (max === null || v.time > max ? v.time : max), null);
      setState((s) => ({ connected: true, lastAt: lastAt !== null && (s.lastAt === null || lastAt > s.lastAt) ? lastAt : s.lastAt }));
      callback.current?.(values);
      // The first event is what the views already show.
      if (first) {
        first = false;
        return;
      }
      timer ??= setTimeout(refresh, REFRESH_EVERY_MS);
    });
    return () => {
      source.close();
      if (timer) clearTimeout(timer);
    };
  }, [client, ids]);

  return state;
}
