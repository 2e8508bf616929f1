import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CorporateDetail, type CorporateInput } from '@enviro/contracts/corporates';
import { api } from '@/lib/api-client';
import { refetchAfterWrite } from '@/lib/query-client';
import { corporateKeys } from './query-keys';

/** POST /api/corporates. */
export const createCorporate = (input: CorporateInput): Promise<CorporateDetail> =>
  api.post('/corporates', { body: input, schema: CorporateDetail });

/** PUT /api/corporates/{id}. */
export const updateCorporate = (id: number, input: CorporateInput): Promise<CorporateDetail> =>
  api.put(`/corporates/${id}`, { body: input, schema: CorporateDetail });

/** Creates a corporate (no id) or replaces an existing one's fields; every corporate query refetches. */
export function useSaveCorporate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: CorporateInput }) =>
      id === null ? createCorporate(input) : updateCorporate(id, input),
    onSuccess: () => refetchAfterWrite(queryClient, { queryKey: corporateKeys.all }),
  });
}
