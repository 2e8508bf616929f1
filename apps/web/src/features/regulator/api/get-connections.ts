import { queryOptions, useQuery } from '@tanstack/react-query';
import { RegulatorConnectionList, type RegulatorConnection } from '@enviro/contracts/regulator';
import { api, withSignal } from '@/lib/api-client';
import { regulatorKeys } from './query-keys';

/** GET /api/regulatorConnections: every regulator endpoint (site administrators). Credentials are never answered, only which are set. */
export const getConnections = (signal?: AbortSignal): Promise<RegulatorConnection[]> =>
  api.get('/regulatorConnections', { schema: RegulatorConnectionList, ...withSignal(signal) });

export const getConnectionsQueryOptions = () =>
  queryOptions({ queryKey: regulatorKeys.connections(), queryFn: ({ signal }) => getConnections(signal) });

export const useConnections = (enabled = true) => useQuery({ ...getConnectionsQueryOptions(), enabled });
