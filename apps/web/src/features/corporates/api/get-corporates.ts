import { queryOptions, useQuery } from '@tanstack/react-query';
import { Corporate } from '@enviro/contracts/corporates';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { corporateKeys } from './query-keys';

const Corporates = z.array(Corporate);

/** Every corporate the caller may see (for pickers and filters). */
export const getCorporates = (signal?: AbortSignal): Promise<Corporate[]> =>
  api.get('/corporates', { schema: Corporates, ...(signal ? { signal } : {}) });

export const getCorporatesQueryOptions = () =>
  queryOptions({ queryKey: corporateKeys.choices(), queryFn: ({ signal }) => getCorporates(signal) });

export const useCorporates = () => useQuery(getCorporatesQueryOptions());
