import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Preferences, type PreferencesInput } from '@enviro/contracts/preferences';
import { api } from '@/lib/api-client';
import { refetchAfterWrite } from '@/lib/query-client';
import { preferenceKeys } from './query-keys';

/** POST /api/preferences: sets the keys given; the others keep their values. */
export const savePreferences = (input: PreferencesInput): Promise<Preferences> =>
  api.post('/preferences', { body: input, schema: Preferences });

/** Saves, then invalidates the shared preferences key, so the shell's auto-refresh reschedules at once. */
export function useSavePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePreferences,
    onSuccess: () => refetchAfterWrite(queryClient, { queryKey: preferenceKeys.all }),
  });
}
