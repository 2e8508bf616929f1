import { queryOptions, useQuery } from '@tanstack/react-query';
import { NotConnectedTenants } from '@enviro/contracts/regulator';
import { api, withSignal } from '@/lib/api-client';
import { regulatorKeys } from './query-keys';

/** GET /api/actionable-task/tenant-not-connected-to-regulator: industries that should report and have no working connection. */
export const getNotConnected = (signal?: AbortSignal) =>
  api.get('/actionable-task/tenant-not-connected-to-regulator', { schema: NotConnectedTenants, ...withSignal(signal) });

export const getNotConnectedQueryOptions = () =>
  queryOptions({ queryKey: regulatorKeys.notConnected(), queryFn: ({ signal }) => getNotConnected(signal) });

export const useNotConnected = () => useQuery(getNotConnectedQueryOptions());
