import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AdminUser, type EntityAccessInput } from '@enviro/contracts/users';
import { api } from '@/lib/api-client';
import { refetchAfterWrite } from '@/lib/query-client';
import { userKeys } from './query-keys';

/** PUT /api/entityaccesforuser/{id}: the complete set of entities the user may see; empty lifts the limit. */
export const setEntityAccess = (id: number, input: EntityAccessInput): Promise<AdminUser> =>
  api.put(`/entityaccesforuser/${id}`, { body: input, schema: AdminUser });

export function useSetEntityAccess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: EntityAccessInput }) => setEntityAccess(id, input),
    onSuccess: () => refetchAfterWrite(queryClient, { queryKey: userKeys.all }),
  });
}
