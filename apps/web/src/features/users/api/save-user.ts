import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AdminUser, type NewUser, type UserUpdate } from '@enviro/contracts/users';
import { api } from '@/lib/api-client';
import { refetchAfterWrite } from '@/lib/query-client';
import { userKeys } from './query-keys';

/** POST /api/user: without a password the user is sent an invite. */
export const createUser = (input: NewUser): Promise<AdminUser> => api.post('/user', { body: input, schema: AdminUser });

/** PUT /api/users/{id}. */
export const updateUser = (id: number, input: UserUpdate): Promise<AdminUser> =>
  api.put(`/users/${id}`, { body: input, schema: AdminUser });

export type SaveUser = { id: null; input: NewUser } | { id: number; input: UserUpdate };

export function useSaveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: SaveUser) => (save.id === null ? createUser(save.input) : updateUser(save.id, save.input)),
    onSuccess: () => refetchAfterWrite(queryClient, { queryKey: userKeys.all }),
  });
}
