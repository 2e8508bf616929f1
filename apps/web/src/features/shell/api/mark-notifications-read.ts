import { useMutation, useQueryClient } from '@tanstack/react-query';
import { NotificationList, type NotificationRead } from '@enviro/contracts/alerts';
import { api } from '@/lib/api-client';
import { refetchAfterWrite } from '@/lib/query-client';
import { notificationKeys } from './query-keys';

/** POST /api/notifications/read: the given ids, or all; answers the unread count left. */
export const markNotificationsRead = (body: NotificationRead): Promise<NotificationList> =>
  api.post('/notifications/read', { body, schema: NotificationList });

export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: markNotificationsRead, onSuccess: () => refetchAfterWrite(queryClient, { queryKey: notificationKeys.all }) });
}
