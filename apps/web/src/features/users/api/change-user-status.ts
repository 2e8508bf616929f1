import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserStatus } from '@enviro/contracts/accounts';
import { AdminUser, type UserPatch } from '@enviro/contracts/users';
import { api } from '@/lib/api-client';
import { refetchAfterWrite } from '@/lib/query-client';
import { userKeys } from './query-keys';

/** PATCH /api/users/{id} with [{op: 'SET', att: 'status', value}]; disabling ends the user's sessions. */
export const changeUserStatus = (id: number, status: UserStatus): Promise<AdminUser> => {
  const body: UserPatch = [{ op: 'SET', att: 'status', value: status }];
  return api.patch(`/users/${id}`, { body, schema: AdminUser });
};

export function useChangeUserStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: UserStatus }) => changeUserStatus(id, status),
    onSuccess: () => refetchAfterWrite(queryClient, { queryKey: userKeys.all }),
  });
}
