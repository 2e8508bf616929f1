import { queryOptions, useQuery } from '@tanstack/react-query';
import { NotConnectedTenants } from '@enviro/contracts/regulator';
import { api } from '@/lib/api-client';
import { REGULATOR_KEY, withSignal } from './keys';

/** GET /api/actionable-task/tenant-not-connected-to-regulator: industries that should report and have no working connection. */
export const getNotConnected = (signal?: AbortSignal) =>
  api.get('/actionable-task/tenant-not-connected-to-regulator', { schema: NotConnectedTenants, ...withSignal(signal) });

export const getNotConnectedQueryOptions = () =>
  queryOptions({ queryKey: [...REGULATOR_KEY, 'not-connected'], queryFn: ({ signal }) => getNotConnected(signal) });

export const useNotConnected = () => useQuery(getNotConnectedQueryOptions());
