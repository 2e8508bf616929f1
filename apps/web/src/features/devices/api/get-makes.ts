import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CreatedId, DeviceMakeList } from '@enviro/contracts/devices';
import { api } from '@/lib/api-client';
import { refetchAfterWrite } from '@/lib/query-client';
import { makeKeys } from './query-keys';

/** GET /api/makes: makes with their models. */
export const getMakes = (signal?: AbortSignal) => api.get('/makes', { schema: DeviceMakeList, ...(signal ? { signal } : {}) });

export const useMakes = () => useQuery(queryOptions({ queryKey: makeKeys.all, queryFn: ({ signal }) => getMakes(signal) }));

/** POST /api/makes or /api/models: adds a make, or a model to a make. */
export function useAddMakeOrModel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; makeId?: number }) =>
      input.makeId === undefined ? api.post('/makes', { body: { name: input.name }, schema: CreatedId }) : api.post('/models', { body: input, schema: CreatedId }),
    onSuccess: () => refetchAfterWrite(queryClient, { queryKey: makeKeys.all }),
  });
}
