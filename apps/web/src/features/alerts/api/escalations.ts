import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Escalation, EscalationList, type EscalationInput } from '@enviro/contracts/alerts';
import { api } from '@/lib/api-client';
import { refetchAfterWrite } from '@/lib/query-client';
import { escalationKeys } from './query-keys';

/** GET /api/escalations: the policies of one tenant, or of every tenant the caller reads. */
export const getEscalations = (tenantId: number | undefined, signal?: AbortSignal): Promise<EscalationList> =>
  api.get('/escalations', { params: { tenantId }, schema: EscalationList, ...(signal ? { signal } : {}) });

export const getEscalationsQueryOptions = (tenantId: number | undefined) =>
  queryOptions({ queryKey: escalationKeys.tenant(tenantId), queryFn: ({ signal }) => getEscalations(tenantId, signal) });

export const useEscalations = (tenantId: number | undefined) => useQuery(getEscalationsQueryOptions(tenantId));

/** POST /api/escalations or PUT /api/escalations/{id}. */
export const saveEscalation = (id: number | null, input: EscalationInput): Promise<Escalation> =>
  id === null ? api.post('/escalations', { body: input, schema: Escalation }) : api.put(`/escalations/${id}`, { body: input, schema: Escalation });

/** DELETE /api/escalations/{id}. */
export const deleteEscalation = (id: number): Promise<unknown> => api.delete(`/escalations/${id}`);

export function useSaveEscalation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: EscalationInput }) => saveEscalation(id, input),
    onSuccess: () => refetchAfterWrite(queryClient, { queryKey: escalationKeys.all }),
  });
}

export function useDeleteEscalation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteEscalation, onSuccess: () => refetchAfterWrite(queryClient, { queryKey: escalationKeys.all }) });
}
