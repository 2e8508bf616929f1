import { useMutation, useQueryClient } from '@tanstack/react-query';
import { EntityRecord, type EntityBody, type UpdateEntityBody } from '@enviro/contracts/entities';
import { api } from '@/lib/api-client';
import { refetchAfterWrite } from '@/lib/query-client';
import { entityTreeKeys, licenceUsageKeys } from './query-keys';

/** POST /api/entities, PUT or DELETE /api/entities/{id}, POST /api/changeStationStatus; the tree and licence use refetch. */
export function useEntityWrite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (w: { kind: 'create'; body: EntityBody } | { kind: 'update'; id: number; body: UpdateEntityBody } | { kind: 'delete'; id: number } | { kind: 'status'; id: number; workingStatus: string }) => {
      if (w.kind === 'create') return api.post('/entities', { body: w.body, schema: EntityRecord });
      if (w.kind === 'update') return api.put(`/entities/${w.id}`, { body: w.body, schema: EntityRecord });
      if (w.kind === 'delete') return api.delete(`/entities/${w.id}`, { schema: EntityRecord });
      return api.post('/changeStationStatus', { body: { entityId: w.id, workingStatus: w.workingStatus }, schema: EntityRecord });
    },
    onSuccess: async () => {
      await refetchAfterWrite(queryClient, { queryKey: entityTreeKeys.all });
      await refetchAfterWrite(queryClient, { queryKey: licenceUsageKeys.all });
    },
  });
}
