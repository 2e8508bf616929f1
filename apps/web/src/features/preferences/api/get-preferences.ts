import { queryOptions, useQuery } from '@tanstack/react-query';
import { Preferences } from '@enviro/contracts/preferences';
import { api } from '@/lib/api-client';

/** Root key of the preferences (shared by the shell's auto-refresh and the settings screen): a save invalidates it, so auto-refresh reschedules. */
export const PREFERENCES_KEY = ['preferences'] as const;

/** GET /api/preferences: the caller's preferences for the tenant acted for, by key. */
export const getPreferences = (signal?: AbortSignal): Promise<Preferences> =>
  api.get('/preferences', { schema: Preferences, ...(signal ? { signal } : {}) });

export const getPreferencesQueryOptions = () =>
  queryOptions({ queryKey: PREFERENCES_KEY, queryFn: ({ signal }) => getPreferences(signal) });

export const usePreferences = (enabled: boolean) => useQuery({ ...getPreferencesQueryOptions(), enabled });
