import { queryOptions, useQuery } from '@tanstack/react-query';
import { NotificationList } from '@enviro/contracts/alerts';
import { api } from '@/lib/api-client';
import { notificationKeys } from './query-keys';

/** How often the bell asks for new notifications while the app is open. */
export const NOTIFICATIONS_POLL_MS = 30_000;

/** GET /api/notifications: the newest in-app notifications and the unread count. */
export const getNotifications = (limit: number, signal?: AbortSignal): Promise<NotificationList> =>
  api.get('/notifications', { params: { limit }, schema: NotificationList, ...(signal ? { signal } : {}) });

export const getNotificationsQueryOptions = (limit = 20) =>
  queryOptions({
    queryKey: notificationKeys.list(limit),
    queryFn: ({ signal }) => getNotifications(limit, signal),
    refetchInterval: NOTIFICATIONS_POLL_MS,
    staleTime: 0,
  });

export const useNotifications = (limit = 20) => useQuery(getNotificationsQueryOptions(limit));
