import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Gateway, GatewayList } from '@enviro/contracts/gateways';
import { api } from '@/lib/api-client';
import { refetchAfterWrite } from '@/lib/query-client';
import { gatewayKeys } from './query-keys';

/** GET /api/gateways. */
export const getGateways = (signal?: AbortSignal) => api.get('/gateways', { schema: GatewayList, ...(signal ? { signal } : {}) });

export const useGateways = () => useQuery(queryOptions({ queryKey: gatewayKeys.all, queryFn: ({ signal }) => getGateways(signal) }));

/** POST /api/gateways (add), POST /api/gateways/{id}/token (rotate) or DELETE /api/gateways/{id} (remove). */
export function useGatewayAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (a: { kind: 'add'; name: string } | { kind: 'rotate' | 'remove'; id: number }) =>
      a.kind === 'add'
        ? api.post('/gateways', { body: { name: a.name }, schema: Gateway })
        : a.kind === 'rotate'
          ? api.post(`/gateways/${a.id}/token`, { schema: Gateway })
          : api.delete(`/gateways/${a.id}`),
    onSuccess: () => refetchAfterWrite(queryClient, { queryKey: gatewayKeys.all }),
  });
}
