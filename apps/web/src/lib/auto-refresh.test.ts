import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRefreshScheduler, refreshIntervalMs } from './auto-refresh';

const prefs = (dashboard?: string, interval?: string) => ({
  ...(dashboard === undefined ? {} : { REFRESH_DASHBOARD: { value: dashboard } }),
  ...(interval === undefined ? {} : { REFRESH_INTERVAL: { value: interval } }),
});

describe('refreshIntervalMs: SPEC 4', () => {
  it.each<[string, string | undefined, ReturnType<typeof prefs> | undefined, number | null]>([
    ['on, 5 minutes', 'tenant', prefs('1', '5'), 300_000],
    ['on, no interval: 1 minute', 'tenant', prefs('1'), 60_000],
    ['on, unusable interval: 1 minute', 'tenant', prefs('1', 'abc'), 60_000],
    ['on, zero interval: 1 minute', 'tenant', prefs('1', '0'), 60_000],
    ['off', 'tenant', prefs('0', '5'), null],
    ['not set', 'tenant', prefs(), null],
    ['preferences not loaded', 'tenant', undefined, null],
    ['a statutory body never refreshes', 'statutory', prefs('1', '5'), null],
    ['a site tenant never refreshes', 'site', prefs('1', '1'), null],
    ['unknown tenant type', undefined, prefs('1', '1'), null],
  ])('%s', (_case, type, preferences, expected) => {
    expect(refreshIntervalMs(type, preferences)).toBe(expected);
  });
});

describe('createRefreshScheduler', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('refreshes every interval', () => {
    const onRefresh = vi.fn();
    const scheduler = createRefreshScheduler(onRefresh);
    scheduler.schedule(60_000);
    vi.advanceTimersByTime(59_999);
    expect(onRefresh).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onRefresh).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(120_000);
    expect(onRefresh).toHaveBeenCalledTimes(3);
    scheduler.stop();
  });

  it('rescheduling cancels the old timer', () => {
    const onRefresh = vi.fn();
    const scheduler = createRefreshScheduler(onRefresh);
    scheduler.schedule(60_000);
    vi.advanceTimersByTime(30_000);
    scheduler.schedule(300_000);
    expect(scheduler.intervalMs).toBe(300_000);
    vi.advanceTimersByTime(299_999);
    expect(onRefresh).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onRefresh).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(1);
    scheduler.stop();
  });

  it('null stops refreshing', () => {
    const onRefresh = vi.fn();
    const scheduler = createRefreshScheduler(onRefresh);
    scheduler.schedule(60_000);
    scheduler.schedule(null);
    vi.advanceTimersByTime(600_000);
    expect(onRefresh).not.toHaveBeenCalled();
    expect(scheduler.intervalMs).toBeNull();
    expect(vi.getTimerCount()).toBe(0);
  });
});
