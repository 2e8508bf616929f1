import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RegulatorMapping, type RegulatorMappingInput } from '@enviro/contracts/regulator';
import { api } from '@/lib/api-client';
import { refetchAfterWrite } from '@/lib/query-client';
import { regulatorKeys } from './query-keys';

/** PUT /api/regulatorMappings/{tenantId}/{connectionId}: the whole mapping; answered with its issues. */
export const saveMapping = (tenantId: number, connectionId: number, input: RegulatorMappingInput): Promise<RegulatorMapping> =>
  api.put(`/regulatorMappings/${tenantId}/${connectionId}`, { body: input, schema: RegulatorMapping });

/** DELETE /api/regulatorMappings/{tenantId}/{connectionId}. */
export const deleteMapping = (tenantId: number, connectionId: number): Promise<unknown> =>
  api.delete(`/regulatorMappings/${tenantId}/${connectionId}`);

export function useSaveMapping(tenantId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ connectionId, input }: { connectionId: number; input: RegulatorMappingInput }) => saveMapping(tenantId, connectionId, input),
    // A mapping changes the industry's status and the connections' counts too.
    onSuccess: () => refetchAfterWrite(queryClient, { queryKey: regulatorKeys.all }),
  });
}

export function useDeleteMapping(tenantId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (connectionId: number) => deleteMapping(tenantId, connectionId),
    onSuccess: () => refetchAfterWrite(queryClient, { queryKey: regulatorKeys.all }),
  });
}
