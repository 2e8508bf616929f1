import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { OpenPublication } from '@enviro/contracts/open-data';
import { api, withSignal } from '@/lib/api-client';
import { refetchAfterWrite } from '@/lib/query-client';
import { publicationKeys } from './query-keys';


/** GET /api/open-data/publication/{boardId}: whether the board publishes open data. */
export const getPublicationQueryOptions = (boardId: number) =>
  queryOptions({
    queryKey: publicationKeys.of(boardId),
    queryFn: ({ signal }) => api.get(`/open-data/publication/${boardId}`, { schema: OpenPublication, ...withSignal(signal) }),
  });

export const usePublication = (boardId: number) => useQuery(getPublicationQueryOptions(boardId));

/** PUT /api/open-data/publication/{boardId}: turns publishing on or off. */
export function useSetPublication(boardId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (published: boolean) => api.put(`/open-data/publication/${boardId}`, { body: { published }, schema: OpenPublication }),
    onSuccess: () => refetchAfterWrite(queryClient, { queryKey: publicationKeys.all }),
  });
}
