import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Preferences, type PreferencesInput } from '@enviro/contracts/admin';
import { api } from '@/lib/api-client';

/**
 * The key the shell's auto-refresh reads the preferences under too: a save here invalidates it,
 * so auto-refresh reschedules at once.
 */
export const PREFERENCES_KEY = ['preferences'] as const;

/** GET /api/preferences: the signed-in user's preferences for the tenant acted for, by key. */
export const getPreferences = (signal?: AbortSignal): Promise<Preferences> =>
  api.get('/preferences', { schema: Preferences, ...(signal ? { signal } : {}) });

/** POST /api/preferences: sets the keys given; the others keep their values. */
export const savePreferences = (input: PreferencesInput): Promise<Preferences> =>
  api.post('/preferences', { body: input, schema: Preferences });

export const getPreferencesQueryOptions = () => queryOptions({ queryKey: PREFERENCES_KEY, queryFn: ({ signal }) => getPreferences(signal) });

export const usePreferences = () => useQuery(getPreferencesQueryOptions());

export function useSavePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePreferences,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PREFERENCES_KEY }),
  });
}
