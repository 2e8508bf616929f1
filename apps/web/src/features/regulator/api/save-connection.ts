import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RegulatorConnection, type RegulatorConnectionInput } from '@enviro/contracts/regulator';
import { api } from '@/lib/api-client';
import { refetchAfterWrite } from '@/lib/query-client';
import { regulatorKeys } from './query-keys';

/** POST /api/regulatorConnections (id null) or PUT /api/regulatorConnections/{id}. */
export const saveConnection = (id: number | null, input: RegulatorConnectionInput): Promise<RegulatorConnection> =>
  id === null
    ? api.post('/regulatorConnections', { body: input, schema: RegulatorConnection })
    : api.put(`/regulatorConnections/${id}`, { body: input, schema: RegulatorConnection });

/** DELETE /api/regulatorConnections/{id}. */
export const deleteConnection = (id: number): Promise<unknown> => api.delete(`/regulatorConnections/${id}`);

export function useSaveConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: RegulatorConnectionInput }) => saveConnection(id, input),
    // Names and states of connections show in every regulator view.
    onSuccess: () => refetchAfterWrite(queryClient, { queryKey: regulatorKeys.all }),
  });
}

export function useDeleteConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteConnection(id),
    onSuccess: () => refetchAfterWrite(queryClient, { queryKey: regulatorKeys.all }),
  });
}
