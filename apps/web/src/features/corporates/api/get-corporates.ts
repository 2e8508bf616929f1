import { queryOptions, useQuery } from '@tanstack/react-query';
import { Corporate } from '@enviro/contracts/corporates';
import { z } from 'zod';
import { api } from '@/lib/api-client';

/** Root of every corporate query key: corporate writes invalidate it. */
export const CORPORATES_KEY = ['corporates'] as const;

const Corporates = z.array(Corporate);

/** Every corporate the caller may see (for pickers and filters). */
export const getCorporates = (signal?: AbortSignal): Promise<Corporate[]> =>
  api.get('/corporates', { schema: Corporates, ...(signal ? { signal } : {}) });

export const getCorporatesQueryOptions = () =>
  queryOptions({ queryKey: [...CORPORATES_KEY, 'all'], queryFn: ({ signal }) => getCorporates(signal) });

export const useCorporates = () => useQuery(getCorporatesQueryOptions());
