import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { RepublishList, RepublishRequest, type CreateRepublishInput } from '@enviro/contracts/regulator';
import { api, withSignal } from '@/lib/api-client';
import { refetchAfterWrite } from '@/lib/query-client';
import { regulatorKeys } from './query-keys';

/** PUT /api/createRepublishData: re-send a station's slots in a range, with a reason. */
export const createRepublish = (input: CreateRepublishInput): Promise<RepublishRequest> =>
  api.put('/createRepublishData', { body: input, schema: RepublishRequest });

/** GET /api/getRepublishData: the industry's republish requests with their progress, newest first. */
export const getRepublish = (tenantId: number, signal?: AbortSignal): Promise<RepublishRequest[]> =>
  api.get('/getRepublishData', { params: { tenantId }, schema: RepublishList, ...withSignal(signal) });

/** Polls while a request is still being sent, so its progress moves on screen. */
export const useRepublish = (tenantId: number) =>
  useQuery({
    queryKey: regulatorKeys.republish(tenantId),
    queryFn: ({ signal }) => getRepublish(tenantId, signal),
    refetchInterval: (query) => (query.state.data?.some((r) => r.status === 'QUEUED' || r.status === 'IN_PROGRESS') ? 5_000 : false),
  });

export function useCreateRepublish(tenantId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRepublish,
    onSuccess: () => {
      void refetchAfterWrite(queryClient, { queryKey: regulatorKeys.republish(tenantId) });
      void refetchAfterWrite(queryClient, { queryKey: regulatorKeys.status(tenantId) });
    },
  });
}
