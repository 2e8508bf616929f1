import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { WarrantyPage, WarrantyRequest, type WarrantyCommentInput, type WarrantyPatch, type WarrantyRequestInput } from '@enviro/contracts/warranty-requests';
import { api, withSignal } from '@/lib/api-client';
import { refetchAfterWrite } from '@/lib/query-client';
import { warrantyKeys, type WarrantyListQuery } from './query-keys';

/** GET /api/warrantRequests: overdue first, then by due time. */
export const useWarrantyRequests = (query: WarrantyListQuery) =>
  useQuery({
    queryKey: warrantyKeys.list(query),
    queryFn: ({ signal }) => api.get('/warrantRequests', { params: { ...query }, schema: WarrantyPage, ...withSignal(signal) }),
    placeholderData: keepPreviousData,
    // The SLA clock runs: show the current time left on each visit.
    staleTime: 0,
  });

export const getWarrantyRequestQueryOptions = (id: number) =>
  queryOptions({ queryKey: warrantyKeys.detail(id), queryFn: ({ signal }) => api.get(`/warrantRequests/${id}`, { schema: WarrantyRequest, ...withSignal(signal) }), staleTime: 0 });

function useWarrantyWrite<I>(send: (input: I) => Promise<WarrantyRequest>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: () => refetchAfterWrite(queryClient, { queryKey: warrantyKeys.all }) });
}

/** POST /api/warrantRequests. */
export const useRaiseWarranty = () => useWarrantyWrite((body: WarrantyRequestInput) => api.post('/warrantRequests', { body, schema: WarrantyRequest }));

/** POST /api/addComment/warrantRequests/{id}. */
export const useAddWarrantyComment = (id: number) => useWarrantyWrite((body: WarrantyCommentInput) => api.post(`/addComment/warrantRequests/${id}`, { body, schema: WarrantyRequest }));

/** PATCH /api/warrantRequests/{id}: a move with a comment. */
export const useMoveWarranty = (id: number) => useWarrantyWrite((body: WarrantyPatch) => api.patch(`/warrantRequests/${id}`, { body, schema: WarrantyRequest }));
