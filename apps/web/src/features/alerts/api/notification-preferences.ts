import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { NotificationPreferences } from '@enviro/contracts/alerts';
import { api } from '@/lib/api-client';
import { notificationPreferenceKeys } from './query-keys';

/** GET /api/notificationPreferences: the caller's channels per severity. */
export const getNotificationPreferences = (signal?: AbortSignal): Promise<NotificationPreferences> =>
  api.get('/notificationPreferences', { schema: NotificationPreferences, ...(signal ? { signal } : {}) });

export const getNotificationPreferencesQueryOptions = () =>
  queryOptions({ queryKey: notificationPreferenceKeys.all, queryFn: ({ signal }) => getNotificationPreferences(signal) });

export const useNotificationPreferences = () => useQuery(getNotificationPreferencesQueryOptions());

/** PUT /api/notificationPreferences. */
export const saveNotificationPreferences = (body: NotificationPreferences): Promise<NotificationPreferences> =>
  api.put('/notificationPreferences', { body, schema: NotificationPreferences });

export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveNotificationPreferences, onSuccess: (saved) => queryClient.setQueryData(notificationPreferenceKeys.all, saved) });
}
