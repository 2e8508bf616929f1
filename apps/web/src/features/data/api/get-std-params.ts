import { queryOptions, useQuery } from '@tanstack/react-query';
import { StdParamList } from '@enviro/contracts/data/std-params';
import { api } from '@/lib/api-client';
import { stdParamKeys } from './query-keys';

/** The standard parameter catalogue (GET /api/allMetaStdParams), shared by every tenant. */
export const getStdParams = (signal?: AbortSignal): Promise<StdParamList> =>
  api.get('/allMetaStdParams', { schema: StdParamList, ...(signal ? { signal } : {}) });

export const getStdParamsQueryOptions = () =>
  queryOptions({
    queryKey: stdParamKeys.all,
    queryFn: ({ signal }) => getStdParams(signal),
    // The catalogue changes with a release, not while a page is open.
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useStdParams = () => useQuery(getStdParamsQueryOptions());
