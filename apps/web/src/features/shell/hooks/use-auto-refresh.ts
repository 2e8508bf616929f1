import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { createRefreshScheduler, REFRESH_EVENT, refreshIntervalMs } from '@/lib/auto-refresh';
import { entityMetricKeys } from '@/features/data';
import { alertLimitKeys, entityTreeKeys } from '@/features/entities';
import { usePreferences } from '@/features/preferences';
import { alertCountKeys } from '@/features/public-portal';
import { tenantInfoKeys, tenantKeys } from '@/features/tenants';

/** First query-key parts of what a dashboard shows: a refresh fetches these again (active ones only). */
const DASHBOARD_KEYS = new Set<string>([entityTreeKeys, entityMetricKeys, alertCountKeys, alertLimitKeys, tenantInfoKeys, tenantKeys].map((keys) => keys.all[0]));

/**
 * SPEC 4: for a tenant-type tenant, refresh the dashboard every REFRESH_INTERVAL minutes while
 * REFRESH_DASHBOARD is '1'. A refresh invalidates the dashboard's queries and broadcasts
 * REFRESH_EVENT for anything else that listens. Answers the interval in force (ms) or null.
 */
export function useAutoRefresh(tenantType: string | null): number | null {
  const queryClient = useQueryClient();
  const preferences = usePreferences(tenantType === 'tenant');
  const intervalMs = refreshIntervalMs(tenantType, preferences.data);
  const scheduler = useMemo(
    () =>
      createRefreshScheduler(() => {
        void queryClient.invalidateQueries({ predicate: (q) => DASHBOARD_KEYS.has(String(q.queryKey[0])) });
        window.dispatchEvent(new Event(REFRESH_EVENT));
      }),
    [queryClient],
  );

  useEffect(() => {
    scheduler.schedule(intervalMs);
  }, [scheduler, intervalMs]);
  useEffect(() => () => scheduler.stop(), [scheduler]);
  return intervalMs;
}
