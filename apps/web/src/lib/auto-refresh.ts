/** SPEC 4 auto-refresh of tenant dashboards, from the REFRESH_DASHBOARD and REFRESH_INTERVAL preferences. */

/** Minutes between refreshes when REFRESH_INTERVAL is missing or unusable. */
export const DEFAULT_REFRESH_MINUTES = 1;

/** Name of the window event a refresh broadcasts. */
export const REFRESH_EVENT = 'enviro:refresh-data';

type PreferenceMap = Readonly<Record<string, { value: string } | undefined>>;

/**
 * Milliseconds between refreshes, or null for none: only tenant-type tenants refresh, and only
 * when REFRESH_DASHBOARD is '1'; REFRESH_INTERVAL gives the minutes (default 1).
 */
export function refreshIntervalMs(tenantType: string | null | undefined, preferences: PreferenceMap | undefined): number | null {
  if (tenantType !== 'tenant' || preferences?.REFRESH_DASHBOARD?.value !== '1') return null;
  const minutes = Number(preferences.REFRESH_INTERVAL?.value);
  const usable = Number.isInteger(minutes) && minutes >= 1;
  return (usable ? minutes : DEFAULT_REFRESH_MINUTES) * 60_000;
}

export interface Timers {
  setInterval: (fn: () => void, ms: number) => unknown;
  clearInterval: (handle: unknown) => void;
}

const browserTimers: Timers = {
  setInterval: (fn, ms) => globalThis.setInterval(fn, ms),
  clearInterval: (handle) => globalThis.clearInterval(handle as ReturnType<typeof setInterval>),
};

/** One refresh timer: scheduling again cancels the one before, null stops it. */
export function createRefreshScheduler(onRefresh: () => void, timers: Timers = browserTimers) {
  let handle: unknown = null;
  let current: number | null = null;
  const stop = () => {
    if (handle !== null) timers.clearInterval(handle);
    handle = null;
    current = null;
  };
  return {
    schedule(intervalMs: number | null): void {
      stop();
      if (intervalMs === null) return;
      current = intervalMs;
      handle = timers.setInterval(onRefresh, intervalMs);
    },
    stop,
    /** The interval running now, or null. */
    get intervalMs(): number | null {
      return current;
    },
  };
}
