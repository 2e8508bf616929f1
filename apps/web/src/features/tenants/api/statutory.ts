import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { StatutoryAssociation, type StatutoryAssociationInput } from '@enviro/contracts/tenants';
import { api } from '@/lib/api-client';
import { refetchAfterWrite } from '@/lib/query-client';
import { tenantKeys } from './query-keys';

/** GET /api/statutory/{tenantId}: the statutory bodies the industry reports to. */
export const getStatutory = (tenantId: number, signal?: AbortSignal): Promise<StatutoryAssociation> =>
  api.get(`/statutory/${tenantId}`, { schema: StatutoryAssociation, ...(signal ? { signal } : {}) });

/** POST /api/statutory/{tenantId}: replaces the whole set. */
export const setStatutory = (tenantId: number, input: StatutoryAssociationInput): Promise<StatutoryAssociation> =>
  api.post(`/statutory/${tenantId}`, { body: input, schema: StatutoryAssociation });

export const getStatutoryQueryOptions = (tenantId: number) =>
  queryOptions({ queryKey: tenantKeys.statutory(tenantId), queryFn: ({ signal }) => getStatutory(tenantId, signal) });

export const useStatutory = (tenantId: number) => useQuery(getStatutoryQueryOptions(tenantId));

export function useSetStatutory(tenantId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StatutoryAssociationInput) => setStatutory(tenantId, input),
    onSuccess: () => refetchAfterWrite(queryClient, { queryKey: tenantKeys.statutory(tenantId) }),
  });
}
