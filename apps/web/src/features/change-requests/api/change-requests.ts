import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ChangeRequest,
  ChangeRequestHistory,
  ChangeRequestPage,
  type ChangeRequestPatch,
  type CorrectionRequestInput,
  type MaintenanceRequestInput,
} from '@enviro/contracts/change-requests';
import { api, withSignal } from '@/lib/api-client';
import { refetchAfterWrite } from '@/lib/query-client';
import { changeRequestKeys, type ChangeRequestListQuery } from './query-keys';

/** GET /api/changeRequest: filtered, sorted, paged. */
export const useChangeRequests = (query: ChangeRequestListQuery) =>
  useQuery({
    queryKey: changeRequestKeys.list(query),
    queryFn: ({ signal }) => api.get('/changeRequest', { params: { ...query }, schema: ChangeRequestPage, ...withSignal(signal) }),
    placeholderData: keepPreviousData,
  });

export const getChangeRequestQueryOptions = (id: number) =>
  queryOptions({ queryKey: changeRequestKeys.detail(id), queryFn: ({ signal }) => api.get(`/changeRequest/${id}`, { schema: ChangeRequest, ...withSignal(signal) }) });

/** GET /api/changeRequest/{id}/history: every status with actor, time and comment. */
export const useChangeRequestHistory = (id: number) =>
  useQuery({ queryKey: changeRequestKeys.history(id), queryFn: ({ signal }) => api.get(`/changeRequest/${id}/history`, { schema: ChangeRequestHistory, ...withSignal(signal) }) });

/** POST /api/changeRequest/maintenance: the industry announces planned maintenance. */
export function useRaiseMaintenance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MaintenanceRequestInput) => api.post('/changeRequest/maintenance', { body, schema: ChangeRequest }),
    onSuccess: () => refetchAfterWrite(queryClient, { queryKey: changeRequestKeys.all }),
  });
}

/** POST /api/cr/correction: the industry asks to correct one parameter's past data. */
export function useRaiseCorrection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CorrectionRequestInput) => api.post('/cr/correction', { body, schema: ChangeRequest }),
    onSuccess: () => refetchAfterWrite(queryClient, { queryKey: changeRequestKeys.all }),
  });
}

/** PATCH /api/changeRequest/{id}: a move with a comment. */
export function useMoveChangeRequest(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangeRequestPatch) => api.patch(`/changeRequest/${id}`, { body, schema: ChangeRequest }),
    onSuccess: () => refetchAfterWrite(queryClient, { queryKey: changeRequestKeys.all }),
  });
}
