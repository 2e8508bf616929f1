import { queryOptions, useQuery } from '@tanstack/react-query';
import { AlertNotificationDetails } from '@enviro/contracts/alerts';
import { api } from '@/lib/api-client';
import { alertKeys } from './query-keys';

/** GET /api/alertNotificationDetails/{id}: every notification sent for an alert, oldest first. */
export const getAlertNotifications = (id: number, signal?: AbortSignal): Promise<AlertNotificationDetails> =>
  api.get(`/alertNotificationDetails/${id}`, { schema: AlertNotificationDetails, ...(signal ? { signal } : {}) });

export const getAlertNotificationsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: alertKeys.notifications(id),
    queryFn: ({ signal }) => getAlertNotifications(id, signal),
    staleTime: 0,
  });

export const useAlertNotifications = (id: number) => useQuery(getAlertNotificationsQueryOptions(id));
