import { queryOptions, useQuery } from '@tanstack/react-query';
import { Preferences } from '@enviro/contracts/preferences';
import { api } from '@/lib/api-client';
import { preferenceKeys } from './query-keys';

/** GET /api/preferences: the caller's preferences for the tenant acted for, by key. */
export const getPreferences = (signal?: AbortSignal): Promise<Preferences> =>
  api.get('/preferences', { schema: Preferences, ...(signal ? { signal } : {}) });

export const getPreferencesQueryOptions = () =>
  queryOptions({ queryKey: preferenceKeys.all, queryFn: ({ signal }) => getPreferences(signal) });

export const usePreferences = (enabled: boolean) => useQuery({ ...getPreferencesQueryOptions(), enabled });
