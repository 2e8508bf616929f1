import { queryOptions, useQuery } from '@tanstack/react-query';
import { EntityPropList } from '@enviro/contracts/entities';
import { api } from '@/lib/api-client';
import { entityPropKeys } from './query-keys';

/** GET /api/entityProps: the properties the station editor offers and what each value looks like. */
export const getEntityProps = (signal?: AbortSignal) => api.get('/entityProps', { schema: EntityPropList, ...(signal ? { signal } : {}) });

export const useEntityProps = () => useQuery(queryOptions({ queryKey: entityPropKeys.all, queryFn: ({ signal }) => getEntityProps(signal), staleTime: Infinity }));
